//! The page's one drawing backend: a canvas on screen (and for PNG files)
//! or an SVG string (for SVG files). One type, so every chart's drawing code
//! is compiled once for both, not once per backend (it is most of the
//! charts' size in the page's module). It measures text with a canvas
//! (`measureText`): plotters' own way in the browser adds a `<span>` with a
//! `style` attribute to the page for every label and reads its size, which
//! forces a layout of the page each time.

use std::cell::RefCell;

use plotters::prelude::*;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;
use plotters_svg::SVGBackend;
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

/// A canvas or an SVG string.
pub(crate) enum PageBackend<'a> {
    /// A canvas element.
    Canvas(CanvasBackend),
    /// SVG text.
    Svg(SVGBackend<'a>),
}

/// A drawing error of either backend, in words.
#[derive(Debug)]
pub(crate) struct DrawError(String);

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DrawError {}

type Result<T = ()> = std::result::Result<T, DrawingErrorKind<DrawError>>;

fn conv<E: std::error::Error + Send + Sync>(e: DrawingErrorKind<E>) -> DrawingErrorKind<DrawError> {
    match e {
        DrawingErrorKind::DrawingError(e) => {
            DrawingErrorKind::DrawingError(DrawError(e.to_string()))
        }
        DrawingErrorKind::FontError(f) => DrawingErrorKind::FontError(f),
    }
}

/// Calls `$method` on whichever backend this is.
macro_rules! each {
    ($self:ident, $b:ident => $call:expr) => {
        match $self {
            PageBackend::Canvas($b) => $call.map_err(conv),
            PageBackend::Svg($b) => $call.map_err(conv),
        }
    };
}

impl DrawingBackend for PageBackend<'_> {
    type ErrorType = DrawError;

    fn get_size(&self) -> (u32, u32) {
        match self {
            PageBackend::Canvas(b) => b.get_size(),
            PageBackend::Svg(b) => b.get_size(),
        }
    }

    fn ensure_prepared(&mut self) -> Result {
        each!(self, b => b.ensure_prepared())
    }

    fn present(&mut self) -> Result {
        each!(self, b => b.present())
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result {
        each!(self, b => b.draw_pixel(point, color))
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result {
        each!(self, b => b.draw_line(from, to, style))
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result {
        each!(self, b => b.draw_rect(upper_left, bottom_right, style, fill))
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result {
        each!(self, b => b.draw_path(path, style))
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result {
        each!(self, b => b.draw_circle(center, radius, style, fill))
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result {
        each!(self, b => b.fill_polygon(vert, style))
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result {
        each!(self, b => b.draw_text(text, style, pos))
    }

    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32)> {
        match measure(text, style) {
            Some(size) => Ok(size),
            None => each!(self, b => b.estimate_text_size(text, style)),
        }
    }

    fn blit_bitmap(&mut self, pos: BackendCoord, size: (u32, u32), src: &[u8]) -> Result {
        each!(self, b => b.blit_bitmap(pos, size, src))
    }
}
