//! The image card for feeds on a canvas (`app::share::card` lays it out):
//! paints its text, swatches, key chart (with the charts' own drawing) and
//! QR code into an offscreen canvas, then downloads it as PNG
//! (`canvas.toBlob` → an object URL → a link with `download`).

use std::cell::RefCell;
use std::rc::Rc;

use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Blob, CanvasRenderingContext2d, HtmlCanvasElement};

use super::backend::PageBackend;
use super::export::save_blob;
use crate::app::share::card::{Card, Ink, Qr, QrPlace, Rect};
use crate::chart::{self, Style, mode_color};
use crate::i18n::Locale;
use crate::i18n::keys::Key;
use crate::i18n::keys::ui as words;

/// The card's ink on white: text, secondary text, and the light and dark
/// of a QR code.
const TEXT: &str = "#1a1a1a";
const MUTED: &str = "#555555";
const LIGHT: &str = "#ffffff";
const DARK: &str = "#000000";

/// The card's font: the charts' (`chart::Style`), the system's sans-serif.
const FONT: &str = "sans-serif";

/// A CSS colour for `ink`.
fn css(ink: Ink) -> String {
    match ink {
        Ink::Text => TEXT.to_string(),
        Ink::Muted => MUTED.to_string(),
        Ink::Column(m) => {
            let RGBColor(r, g, b) = mode_color(m);
            format!("rgb({r}, {g}, {b})")
        }
    }
}

/// Paints `card` into a new canvas of its size.
pub(crate) fn paint(card: &Card, l: Locale) -> Result<HtmlCanvasElement, String> {
    let why = |k: Key| move |_| k.text(l, &[]);
    let canvas: HtmlCanvasElement = gloo::utils::document()
        .create_element("canvas")
        .map_err(why(words::EXPORT_NO_CANVAS))?
        .unchecked_into();
    canvas.set_width(card.size.0);
    canvas.set_height(card.size.1);
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .ok_or_else(|| words::EXPORT_NO_CONTEXT.text(l, &[]))?
        .unchecked_into();
    ctx.set_fill_style_str(LIGHT);
    ctx.fill_rect(0.0, 0.0, f64::from(card.size.0), f64::from(card.size.1));
    if let Some((view, at)) = &card.chart {
        draw_chart(&canvas, &view.spec, at, l)?;
    }
    for f in &card.figures {
        fill(&ctx, &f.swatch, &css(Ink::Column(f.mode)));
    }
    // The chart's drawing leaves its own alignment on the context.
    ctx.set_text_align("left");
    ctx.set_text_baseline("alphabetic");
    for t in &card.lines {
        let weight = if t.bold { 700 } else { 400 };
        ctx.set_font(&format!("{weight} {}px {FONT}", t.px));
        ctx.set_fill_style_str(&css(t.ink));
        let _ = ctx.fill_text_with_max_width(&t.text, t.x, t.y, t.max_w);
    }
    if let Some((qr, place)) = &card.qr {
        draw_qr(&ctx, qr, place);
    }
    Ok(canvas)
}

/// Fills `r` in `colour`.
fn fill(ctx: &CanvasRenderingContext2d, r: &Rect, colour: &str) {
    ctx.set_fill_style_str(colour);
    ctx.fill_rect(r.x, r.y, r.w, r.h);
}

/// The chart `spec` drawn by the charts' own code in `at`.
fn draw_chart(
    canvas: &HtmlCanvasElement,
    spec: &crate::app::ChartSpec,
    at: &Rect,
    l: Locale,
) -> Result<(), String> {
    let backend = PageBackend::Canvas(
        CanvasBackend::with_canvas_object(canvas.clone())
            .ok_or_else(|| words::EXPORT_NO_CONTEXT.text(l, &[]))?,
    );
    let area = backend.into_drawing_area();
    let inner = area
        .clone()
        .shrink((at.x as i32, at.y as i32), (at.w as u32, at.h as u32));
    let style = Style {
        font_px: 15.0,
        ..Style::default()
    };
    chart::draw(&inner, &style, spec).map_err(|e| e.to_string())?;
    area.present().map_err(|e| format!("{e:?}"))
}

/// The QR code's light box and its dark modules, each a filled square.
fn draw_qr(ctx: &CanvasRenderingContext2d, qr: &Qr, place: &QrPlace) {
    fill(ctx, &place.area, LIGHT);
    ctx.set_fill_style_str(DARK);
    let m = place.module;
    for y in 0..qr.width {
        for x in 0..qr.width {
            if qr.dark_at(x, y) {
                let (x0, y0) = place.origin;
                ctx.fill_rect(x0 + x as f64 * m, y0 + y as f64 * m, m, m);
            }
        }
    }
}

/// What hears how a download went.
type Done = Box<dyn FnOnce(Result<(), String>)>;

/// Downloads `canvas` as the PNG file `name`; `done` hears how it went
/// (the browser encodes the PNG in its own time).
pub(crate) fn download_png(
    canvas: &HtmlCanvasElement,
    name: String,
    l: Locale,
    done: impl FnOnce(Result<(), String>) + 'static,
) {
    let done: Rc<RefCell<Option<Done>>> = Rc::new(RefCell::new(Some(Box::new(done))));
    let later = done.clone();
    let on_blob = Closure::once(move |blob: JsValue| {
        let saved = blob
            .dyn_into::<Blob>()
            .map_err(|_| words::EXPORT_NO_PIXELS.text(l, &[]))
            .and_then(|b| save_blob(&b, &name, l));
        if let Some(done) = later.borrow_mut().take() {
            done(saved);
        }
    });
    match canvas.to_blob_with_type(on_blob.as_ref().unchecked_ref(), "image/png") {
        // The browser calls it once, later: it must outlive this call.
        Ok(()) => on_blob.forget(),
        Err(_) => {
            if let Some(done) = done.borrow_mut().take() {
                done(Err(words::EXPORT_NO_PIXELS.text(l, &[])));
            }
        }
    }
}
