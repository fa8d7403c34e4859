//! A drawing backend that measures text with a canvas (`measureText`)
//! around any plotters backend. plotters measures text in the browser by
//! adding a `<span>` with a `style` attribute to the page and reading its
//! size: that forces a layout of the page for every label, and the page's
//! Content-Security-Policy (no inline styles) refuses the attribute, so the
//! sizes came out wrong. Everything but measuring goes to the wrapped
//! backend unchanged.

use std::cell::RefCell;

use plotters::prelude::*;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

thread_local! {
    /// One off-screen 2D context for every measurement.
    static CONTEXT: RefCell<Option<CanvasRenderingContext2d>> = const { RefCell::new(None) };
}

fn context() -> Option<CanvasRenderingContext2d> {
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            let canvas: HtmlCanvasElement = gloo::utils::document()
                .create_element("canvas")
                .ok()?
                .unchecked_into();
            *c = canvas.get_context("2d").ok()??.dyn_into().ok();
        }
        c.clone()
    })
}

/// The width and height of `text` in `style`, in the backend's pixels: the
/// advance width, and the font's ascent plus descent.
fn measure<S: BackendTextStyle>(text: &str, style: &S) -> Option<(u32, u32)> {
    let ctx = context()?;
    ctx.set_font(&format!(
        "{} {}px {}",
        style.style().as_str(),
        style.size(),
        style.family().as_str()
    ));
    let m = ctx.measure_text(text).ok()?;
    let height = m.font_bounding_box_ascent() + m.font_bounding_box_descent();
    let height = if height > 0.0 {
        height
    } else {
        style.size() * 1.2
    };
    Some((m.width().ceil() as u32, height.ceil() as u32))
}

/// `B`, measuring text with a canvas.
pub struct Measured<B>(pub B);

impl<B: DrawingBackend> DrawingBackend for Measured<B> {
    type ErrorType = B::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.0.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.0.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.0.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.0.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.0.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.0.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.0.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.0.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.0.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.0.draw_text(text, style, pos)
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<B::ErrorType>> {
        match measure(text, style) {
            Some(size) => Ok(size),
            None => self.0.estimate_text_size(text, style),
        }
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<B::ErrorType>> {
        self.0.blit_bitmap(pos, size, src)
    }
}
