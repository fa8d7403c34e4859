//! Exports in the browser: files to download (CSV, JSON, a chart as PNG or
//! SVG, each made by `crate::app::share::export` and `crate::chart`) and text to
//! the clipboard ("copy as hey output", "copy link").

use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use plotters_svg::SVGBackend;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlCanvasElement, Url};

use super::backend::PageBackend;
use crate::app::ChartView;
use crate::app::share::export::{Source, caption_lines, png_with_text, svg_with_source};
use crate::chart::{Style, caption_height, draw_captioned};
use crate::i18n::Locale;
use crate::i18n::keys::ui as words;

/// The size of an exported chart without its caption, CSS px.
const CHART_SIZE: (u32, u32) = (1200, 750);

/// Device pixels per CSS pixel of an exported PNG (sharp on HiDPI screens).
const PNG_SCALE: f64 = 2.0;

/// Downloads `bytes` as a file called `name` (or says why not in `l`'s
/// words).
pub(crate) fn download(name: &str, mime: &str, bytes: &[u8], l: Locale) -> Result<(), String> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let blob = Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|_| words::EXPORT_NO_FILE.text(l, &[]))?;
    save_blob(&blob, name, l)
}

/// Downloads `blob` as a file called `name`: an object URL, and a link to
/// it with `download` clicked (or says why not in `l`'s words).
pub(crate) fn save_blob(blob: &Blob, name: &str, l: Locale) -> Result<(), String> {
    let why = |k: crate::i18n::keys::Key| move |_| k.text(l, &[]);
    let url = Url::create_object_url_with_blob(blob).map_err(why(words::EXPORT_NO_URL))?;
    let a: HtmlAnchorElement = gloo::utils::document()
        .create_element("a")
        .map_err(why(words::EXPORT_NO_LINK))?
        .unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    // The download has started; the URL may go once this task is over.
    gloo::timers::callback::Timeout::new(10_000, move || {
        let _ = Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}

/// Puts `text` on the clipboard.
pub(crate) async fn copy(text: &str, l: Locale) -> Result<(), String> {
    let clipboard = gloo::utils::window().navigator().clipboard();
    JsFuture::from(clipboard.write_text(text))
        .await
        .map(|_| ())
        .map_err(|_| words::EXPORT_NO_COPY.text(l, &[]))
}

/// The chart `view` as a PNG with `source` under it and in its metadata.
pub(crate) fn chart_png(view: &ChartView, source: &Source, l: Locale) -> Result<Vec<u8>, String> {
    let why = |k: crate::i18n::keys::Key| move |_| k.text(l, &[]);
    let lines = caption_lines(source, &view.title, l);
    let style = Style {
        font_px: 15.0 * PNG_SCALE,
        scale: PNG_SCALE,
        ..Style::default()
    };
    let canvas: HtmlCanvasElement = gloo::utils::document()
        .create_element("canvas")
        .map_err(why(words::EXPORT_NO_CANVAS))?
        .unchecked_into();
    let w = (CHART_SIZE.0 as f64 * PNG_SCALE) as u32;
    let h = (CHART_SIZE.1 as f64 * PNG_SCALE) as u32 + caption_height(&style, lines.len());
    canvas.set_width(w);
    canvas.set_height(h);
    let backend = PageBackend::Canvas(
        CanvasBackend::with_canvas_object(canvas.clone())
            .ok_or_else(|| words::EXPORT_NO_CONTEXT.text(l, &[]))?,
    );
    let area = backend.into_drawing_area();
    draw_captioned(&area, &style, &view.spec, &lines)?;
    area.present().map_err(|e| format!("{e:?}"))?;
    let url = canvas
        .to_data_url_with_type("image/png")
        .map_err(why(words::EXPORT_NO_PIXELS))?;
    let bytes = base64_bytes(url.split_once(',').map_or("", |(_, b)| b), l)?;
    png_with_text(
        &bytes,
        &[
            ("Title", &format!("threadlab · {}", view.title)),
            (
                "Description",
                &format!("{}; seed {}", source.scenario, source.seed),
            ),
            ("Source", &source.permalink),
        ],
    )
    .ok_or_else(|| words::EXPORT_NO_PNG.text(l, &[]))
}

/// The chart `view` as SVG with `source` under it and in its metadata.
pub(crate) fn chart_svg(view: &ChartView, source: &Source, l: Locale) -> Result<String, String> {
    let lines = caption_lines(source, &view.title, l);
    let style = Style {
        font_px: 15.0,
        scale: 1.0,
        ..Style::default()
    };
    let size = (
        CHART_SIZE.0,
        CHART_SIZE.1 + caption_height(&style, lines.len()),
    );
    let mut out = String::new();
    {
        let area = PageBackend::Svg(SVGBackend::with_string(&mut out, size)).into_drawing_area();
        draw_captioned(&area, &style, &view.spec, &lines)?;
        area.present().map_err(|e| format!("{e:?}"))?;
    }
    Ok(svg_with_source(&out, source, &view.title))
}

/// Decodes base64 through the browser (`atob`).
fn base64_bytes(b64: &str, l: Locale) -> Result<Vec<u8>, String> {
    let binary = gloo::utils::window()
        .atob(b64)
        .map_err(|_| words::EXPORT_NOT_BASE64.text(l, &[]))?;
    Ok(binary.chars().map(|c| c as u32 as u8).collect())
}
