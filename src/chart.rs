//! Charts as pure functions over plotters' `DrawingBackend`: the browser draws
//! them on a canvas, native tests into an SVG string.
//!
//! * `view` — a compact, serialisable digest of a [`Report`](crate::sim::Report)
//!   (what the Web Worker sends to the page), and sweep points;
//! * `plan` — which runs the charts need (two single runs and a sweep), as drafts;
//! * `theory` — capacity ceilings and Little's-law bounds drawn over the data;
//! * one file per chart family (`sweep`, `over_time`, `timeline`, `gauges`,
//!   `histogram`, `errors`), each returning a [`Frame`] so the page can map
//!   the pointer back to data for its hover tooltip;
//! * `style`, `format` — colours, fonts and number formatting shared by all.

mod errors;
pub mod format;
mod gauges;
mod histogram;
mod over_time;
pub mod plan;
mod style;
mod sweep;
pub mod theory;
mod timeline;
pub mod view;

use plotters::coord::Shift;
use plotters::prelude::*;

pub use errors::{draw_errors, errors_tooltip};
pub use gauges::{draw_memory, draw_utilisation, memory_tooltip, utilisation_tooltip};
pub use histogram::{draw_histogram, histogram_tooltip};
pub use over_time::{TimeMetric, draw_over_time, over_time_tooltip};
pub use style::{Style, mode_color, mode_label};
pub use sweep::{Marker, SweepChart, SweepMetric, draw_sweep, sweep_tooltip};
pub use timeline::{draw_timeline, timeline_tooltip};

/// Any drawing failure, already turned into words (backends' errors differ).
pub type ChartError = String;

/// Where a chart's plot area lies on the drawing area, for the hover tooltip:
/// pixel x of the data range's ends, and that data range.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Frame {
    /// Pixel x of `x_min`.
    pub px_left: f64,
    /// Pixel x of `x_max`.
    pub px_right: f64,
    /// Pixel y of the plot's top edge.
    pub px_top: f64,
    /// Pixel y of the plot's bottom edge.
    pub px_bottom: f64,
    /// Data x at the left edge.
    pub x_min: f64,
    /// Data x at the right edge.
    pub x_max: f64,
    /// Whether x is on a log scale.
    pub log_x: bool,
}

impl Frame {
    /// The frame between the plot's top-left and bottom-right pixels, which
    /// show data x from `x.0` to `x.1`.
    pub fn between(
        top_left: (i32, i32),
        bottom_right: (i32, i32),
        x: (f64, f64),
        log_x: bool,
    ) -> Self {
        Frame {
            px_left: top_left.0 as f64,
            px_right: bottom_right.0 as f64,
            px_top: top_left.1 as f64,
            px_bottom: bottom_right.1 as f64,
            x_min: x.0,
            x_max: x.1,
            log_x,
        }
    }

    /// The data x under pixel `px`, if it lies inside the plot.
    pub fn data_x(&self, px: f64) -> Option<f64> {
        let w = self.px_right - self.px_left;
        if w <= 0.0 || px < self.px_left - 2.0 || px > self.px_right + 2.0 {
            return None;
        }
        let f = ((px - self.px_left) / w).clamp(0.0, 1.0);
        Some(if self.log_x && self.x_min > 0.0 && self.x_max > 0.0 {
            (self.x_min.ln() + f * (self.x_max.ln() - self.x_min.ln())).exp()
        } else {
            self.x_min + f * (self.x_max - self.x_min)
        })
    }
}

/// What a tooltip shows: a heading and one line per series.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tooltip {
    /// E.g. "concurrency 2,000".
    pub title: String,
    /// E.g. "virtual: 12,800 req/s".
    pub lines: Vec<String>,
}

/// Index of the value in sorted `xs` nearest to `x` (on a log scale if `log`).
pub fn nearest(xs: &[f64], x: f64, log: bool) -> Option<usize> {
    let key = |v: f64| if log && v > 0.0 { v.ln() } else { v };
    let kx = key(x);
    xs.iter()
        .enumerate()
        .filter(|(_, v)| v.is_finite())
        .min_by(|(_, a), (_, b)| {
            (key(**a) - kx)
                .abs()
                .partial_cmp(&(key(**b) - kx).abs())
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .map(|(i, _)| i)
}

/// A centred rolling mean over `w` values (w odd or even; 1 = unchanged),
/// so bursty per-bucket series read as trends.
pub fn smooth(v: &[f64], w: usize) -> Vec<f64> {
    if w <= 1 || v.len() < 3 {
        return v.to_vec();
    }
    let h = w / 2;
    (0..v.len())
        .map(|i| {
            let lo = i.saturating_sub(h);
            let hi = (i + h + 1).min(v.len());
            v[lo..hi].iter().sum::<f64>() / (hi - lo) as f64
        })
        .collect()
}

/// The smoothing window for a series of `n` buckets: about 1/30 of the run.
pub fn smoothing_window(n: usize) -> usize {
    (n / 30).max(1) | 1
}

/// Converts any backend error into words.
pub(crate) fn err<E: std::fmt::Debug>(e: E) -> ChartError {
    format!("{e:?}")
}

/// Fills the area and writes a centred message (no data yet, a run failed).
pub fn draw_message<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    text: &str,
) -> Result<Frame, ChartError> {
    area.fill(&WHITE).map_err(err)?;
    let (w, h) = area.dim_in_pixel();
    let font = style.font(1.0).color(&style::MUTED);
    area.draw(&Text::new(
        text.to_string(),
        (
            (w as i32 / 2 - (text.chars().count() as f64 * style.font_px * 0.25) as i32).max(4),
            h as i32 / 2,
        ),
        font,
    ))
    .map_err(err)?;
    Ok(Frame::default())
}

// SVG needs plotters-svg, a native-only dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
