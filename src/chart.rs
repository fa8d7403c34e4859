//! Charts as pure functions over plotters' `DrawingBackend`: the browser draws
//! them on a canvas, native tests into an SVG string. What to draw comes
//! from the playground's logic ([`ChartSpec`] and the data it holds, in
//! `crate::app`); this module only draws it.
//!
//! * [`draw`] and [`tooltip`] — any [`ChartSpec`]; [`data`] — its numbers,
//!   for its data table and the keyboard's cursor (`data`: one table
//!   builder for every chart);
//! * one file per chart family (`sweep`, `over_time`, `timeline`, `gauges`,
//!   `memory`, `histogram`, `errors`, `connections`; `pauses` puts G1's
//!   pauses on the time charts), each returning a [`Frame`] so the page
//!   can map the pointer (or a tap) back to data for its tooltip;
//! * `legend` — legends as a strip above the plot, wrapping, never on it;
//! * `captioned` — a chart with lines naming its source under it (exports);
//! * `style` — colours, fonts and line widths shared by all (numbers are
//!   formatted by `crate::app::basis::format`).

mod calls;
mod captioned;
mod connections;
mod data;
mod errors;
mod gauges;
mod histogram;
mod legend;
mod memory;
mod over_time;
mod pauses;
mod placement;
mod style;
mod sweep;
mod timeline;

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::app::{ChartKind, ChartSpec, RunView};
use crate::i18n::Locale;
pub use calls::{calls_data, calls_tooltip, draw_calls};
pub use captioned::{caption_height, draw_captioned};
pub use connections::{connections_data, connections_tooltip, draw_connections};
pub use data::{ChartData, CursorMove, DataTable, Row, Series, Unit, step};
pub use errors::{draw_errors, errors_data, errors_tooltip};
pub use gauges::{draw_utilisation, utilisation_data, utilisation_tooltip};
pub use histogram::{draw_histogram, histogram_data, histogram_tooltip};
pub use legend::{Dash, Entry, Swatch, rows as legend_rows};
pub use memory::{draw_memory, memory_data, memory_tooltip};
pub use over_time::{draw_over_time, over_time_data, over_time_tooltip};
pub use style::{Style, mode_color};
pub use sweep::{draw_sweep, sweep_data, sweep_tooltip};
pub use timeline::{draw_timeline, timeline_data, timeline_tooltip};

/// Any drawing failure, already turned into words (backends' errors differ).
pub type ChartError = String;

/// Where a chart's plot area lies on the drawing area, for the tooltip:
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
    /// Data y at the plot's top edge (its bottom is 0); 0 where y is not a
    /// number (the timeline's lanes).
    pub y_max: f64,
}

/// The frame of a chart whose plot shows x from `x.0` to `x.1` and y from 0
/// to `y_top`.
pub(crate) fn plot_frame<DB, X, Y>(
    chart: &ChartContext<'_, DB, Cartesian2d<X, Y>>,
    x: (f64, f64),
    y_top: f64,
    log_x: bool,
) -> Frame
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    Frame {
        y_max: y_top,
        ..Frame::between(
            chart.backend_coord(&(x.0, y_top)),
            chart.backend_coord(&(x.1, 0.0)),
            x,
            log_x,
        )
    }
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
            y_max: 0.0,
        }
    }

    /// The pixel x of data `x` (the inverse of [`Frame::data_x`]).
    pub fn px_x(&self, x: f64) -> f64 {
        let f = if self.log_x && x > 0.0 && self.x_min > 0.0 && self.x_max > self.x_min {
            (x.ln() - self.x_min.ln()) / (self.x_max.ln() - self.x_min.ln())
        } else if self.x_max > self.x_min {
            (x - self.x_min) / (self.x_max - self.x_min)
        } else {
            0.0
        };
        self.px_left + f.clamp(0.0, 1.0) * (self.px_right - self.px_left)
    }

    /// The pixel y of data `y`, inside the plot; its middle where y is
    /// unknown or the plot's y is not a number.
    pub fn px_y(&self, y: Option<f64>) -> f64 {
        match y.filter(|y| y.is_finite() && self.y_max > 0.0) {
            Some(y) => {
                let f = (y / self.y_max).clamp(0.0, 1.0);
                self.px_bottom - f * (self.px_bottom - self.px_top)
            }
            None => (self.px_top + self.px_bottom) / 2.0,
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

/// What a chart of each [`Plot`](crate::app::basis::chart_registry::Plot) does,
/// declared together in its plot's file: draw itself, say what lies at
/// data x, and give its numbers (for its table and the keyboard's stops).
pub(crate) trait Drawn {
    /// Draws it on any backend, in `l`'s words.
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
        l: Locale,
    ) -> Result<Frame, ChartError>;
    /// Its tooltip at data x.
    fn tooltip(&self, l: Locale, x: f64) -> Option<Tooltip>;
    /// Its series.
    fn data(&self, l: Locale) -> ChartData;
}

/// The one place a spec's data meets its plot's drawing: binds `$p` to
/// the [`Drawn`] of `$kind` and evaluates `$body` with it.
macro_rules! with_plot {
    ($kind:expr, |$p:ident| $body:expr) => {
        match $kind {
            ChartKind::Sweep(d, m) => {
                let $p = sweep::SweepPlot(d, *m);
                $body
            }
            ChartKind::OverTime(r, b, mk, m) => {
                let $p = over_time::OverTimePlot(refs(r), b, mk, *m);
                $body
            }
            ChartKind::Timeline(r) => {
                let $p = timeline::TimelinePlot(r);
                $body
            }
            ChartKind::Utilisation(r) => {
                let $p = gauges::UtilisationPlot(r);
                $body
            }
            ChartKind::Memory(r) => {
                let $p = memory::MemoryPlot(r);
                $body
            }
            ChartKind::Histogram(r) => {
                let $p = histogram::HistogramPlot(refs(r));
                $body
            }
            ChartKind::Errors(r) => {
                let $p = errors::ErrorsPlot(refs(r));
                $body
            }
            ChartKind::Connections(r) => {
                let $p = connections::ConnectionsPlot(refs(r));
                $body
            }
            ChartKind::Calls(r) => {
                let $p = calls::CallsPlot(refs(r));
                $body
            }
        }
    };
}

/// Draws `spec` on any backend, in its language.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    spec: &ChartSpec,
) -> Result<Frame, ChartError> {
    with_plot!(&spec.kind, |p| p.draw(area, style, spec.locale))
}

/// The tooltip of `spec` at data x.
pub fn tooltip(spec: &ChartSpec, x: f64) -> Option<Tooltip> {
    with_plot!(&spec.kind, |p| p.tooltip(spec.locale, x))
}

/// The numbers of `spec`: its series, for its data table and the
/// keyboard's stops.
pub fn data(spec: &ChartSpec) -> ChartData {
    with_plot!(&spec.kind, |p| p.data(spec.locale))
}

fn refs(v: &[std::rc::Rc<RunView>]) -> Vec<&RunView> {
    v.iter().map(|r| r.as_ref()).collect()
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
            // Half the text's width: about 0.25 em a Latin character.
            (w as i32 / 2 - style.text_width(text, 1.0) * 5 / 12).max(4),
            h as i32 / 2,
        ),
        font,
    ))
    .map_err(err)?;
    Ok(Frame::default())
}

#[cfg(test)]
mod palette_tests;

// SVG needs plotters-svg, a native-only dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod language_tests;
