//! A chart for a file: the chart above, and under it a few lines naming
//! where it came from (scenario, seed, permalink), so an exported PNG or
//! SVG still says what it shows when it travels without the page.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{MUTED, Style};
use super::{ChartError, Frame, draw, err};
use crate::app::ChartSpec;

/// The height the caption's `lines` take, in device pixels.
pub fn caption_height(style: &Style, lines: usize) -> u32 {
    (style.font_px * (0.6 + 1.4 * lines as f64)).ceil() as u32
}

/// Draws `spec` with `lines` of caption under it.
pub fn draw_captioned<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    spec: &ChartSpec,
    lines: &[String],
) -> Result<Frame, ChartError> {
    area.fill(&WHITE).map_err(err)?;
    let (_, h) = area.dim_in_pixel();
    let (top, bottom) = area.split_vertically(h.saturating_sub(caption_height(style, lines.len())));
    let frame = draw(&top, style, spec)?;
    let font = style.font(0.8).color(&MUTED);
    let left = style.px(10.0);
    for (i, line) in lines.iter().enumerate() {
        let y = (style.font_px * (0.3 + 1.4 * i as f64)) as i32;
        bottom
            .draw(&Text::new(line.clone(), (left, y), font.clone()))
            .map_err(err)?;
    }
    Ok(frame)
}
