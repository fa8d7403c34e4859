//! Errors by cause, each mode side by side: client timeouts, refused
//! connections, pool timeouts (HTTP 500), rejected @Async tasks.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::data::{ChartData, Series, Unit};
use super::legend::{Entry, Swatch, with_legend};
use super::style::{Style, chart_builder, house_mesh, mode_color};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::RunView;
use crate::app::basis::format::tick_in;
use crate::app::show::charts::run_label;
use crate::i18n::keys::chart as k;
use crate::i18n::{Arg, Locale};

/// A cause's name in `l`'s words (the report's name for a cause this
/// chart does not know, its underscores as spaces).
pub(super) fn cause_label(l: Locale, cause: &str) -> String {
    let key = match cause {
        "client_timeout" => k::CAUSE_CLIENT_TIMEOUT,
        "connect_failed" => k::CAUSE_CONNECT_FAILED,
        "connection_reset" => k::CAUSE_CONNECTION_RESET,
        "server_closed" => k::CAUSE_SERVER_CLOSED,
        "connection_refused" => k::CAUSE_CONNECTION_REFUSED,
        "pool_timeout" => k::CAUSE_POOL_TIMEOUT,
        "task_rejected" => k::CAUSE_TASK_REJECTED,
        "lease_timeout" => k::CAUSE_LEASE_TIMEOUT,
        "pending_limit" => k::CAUSE_PENDING_LIMIT,
        "bulkhead_full" => k::CAUSE_BULKHEAD_FULL,
        "response_timeout" => k::CAUSE_RESPONSE_TIMEOUT,
        "downstream_error" => k::CAUSE_DOWNSTREAM_ERROR,
        "circuit_open" => k::CAUSE_CIRCUIT_OPEN,
        "request_not_permitted" => k::CAUSE_REQUEST_NOT_PERMITTED,
        "rate_limited" => k::CAUSE_RATE_LIMITED,
        "out_of_memory" => k::CAUSE_OUT_OF_MEMORY,
        other => return other.replace('_', " "),
    };
    key.text(l, &[])
}

/// A number of requests, whole.
fn whole(n: u64) -> Arg {
    Arg::Fixed(n as f64, 0)
}

fn causes(runs: &[&RunView]) -> Vec<String> {
    let mut c: Vec<String> = runs
        .iter()
        .flat_map(|r| r.failures.iter().map(|(k, _)| k.clone()))
        .collect();
    c.sort();
    c.dedup();
    c
}

fn count(r: &RunView, cause: &str) -> u64 {
    r.failures
        .iter()
        .find(|(k, _)| k == cause)
        .map_or(0, |(_, n)| *n)
}

/// Draws grouped bars, or says that nothing failed.
pub fn draw_errors<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    runs: &[&RunView],
) -> Result<Frame, ChartError> {
    let causes = causes(runs);
    if runs.is_empty() {
        return draw_message(area, style, &k::RUNNING.text(l, &[]));
    }
    if causes.is_empty() {
        return draw_message(area, style, &k::NO_ERRORS.text(l, &[]));
    }
    area.fill(&WHITE).map_err(err)?;
    let ymax = runs
        .iter()
        .flat_map(|r| causes.iter().map(move |c| count(r, c)))
        .max()
        .unwrap_or(1) as f64
        * 1.15;
    let n = causes.len() as f64;
    let entries: Vec<Entry> = runs
        .iter()
        .map(|r| Entry {
            swatch: Swatch::Fill(mode_color(r.mode).to_rgba()),
            label: run_label(r, l),
        })
        .collect();
    let plot = with_legend(area, style, &entries)?;
    let mut chart = chart_builder(&plot, style)
        .build_cartesian_2d(0f64..n, 0f64..ymax.max(1.0))
        .map_err(err)?;
    let labels = causes.clone();
    house_mesh(&mut chart, style, 0.8)
        .x_desc(k::AXIS_CAUSE.text(l, &[]))
        .y_desc(k::AXIS_FAILED.text(l, &[]))
        .x_labels(causes.len() * 2 + 1)
        .x_label_formatter(&|x| {
            let i = x.floor() as usize;
            if (x.fract() - 0.5).abs() < 0.01 && i < labels.len() {
                cause_label(l, &labels[i])
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| tick_in(l, *y))
        .disable_x_mesh()
        .draw()
        .map_err(err)?;
    let width = 0.8 / runs.len() as f64;
    for (j, r) in runs.iter().enumerate() {
        let c = mode_color(r.mode);
        let bars: Vec<(f64, f64)> = causes
            .iter()
            .enumerate()
            .map(|(i, cause)| (i as f64 + 0.1 + j as f64 * width, count(r, cause) as f64))
            .collect();
        chart
            .draw_series(
                bars.iter()
                    .map(|&(x, y)| Rectangle::new([(x, 0.0), (x + width * 0.95, y)], c.filled())),
            )
            .map_err(err)?;
        chart
            .draw_series(bars.iter().filter(|b| b.1 > 0.0).map(|&(x, y)| {
                Text::new(
                    l.number(y, 0),
                    (x + width * 0.47, y),
                    style.font(0.75).pos(Pos::new(HPos::Center, VPos::Bottom)),
                )
            }))
            .map_err(err)?;
    }
    Ok(plot_frame(&chart, (0.0, n), ymax, false))
}

/// The counts of the cause under `x`.
pub fn errors_tooltip(l: Locale, runs: &[&RunView], x: f64) -> Option<Tooltip> {
    let causes = causes(runs);
    let cause = causes.get(x.max(0.0).floor() as usize)?;
    Some(Tooltip {
        title: cause_label(l, cause),
        lines: runs
            .iter()
            .map(|r| {
                let args = [
                    ("name", Arg::Text(run_label(r, l))),
                    ("n", whole(count(r, cause))),
                    ("all", whole(r.finished)),
                ];
                k::TIP_FAILED_OF.text(l, &args)
            })
            .collect(),
    })
}

/// The errors' numbers: a row per cause (at the middle of its bars, where
/// the tooltip reads it), each run's failed requests.
pub fn errors_data(l: Locale, runs: &[&RunView]) -> ChartData {
    let causes = causes(runs);
    let at = |i: usize| i as f64 + 0.5;
    let name = |r: &RunView| ("name", Arg::Text(run_label(r, l)));
    ChartData {
        locale: l,
        x_header: k::AXIS_CAUSE.text(l, &[]),
        x_names: (causes.iter().enumerate())
            .map(|(i, c)| (at(i), cause_label(l, c)))
            .collect(),
        series: (runs.iter())
            .map(|r| {
                let pts = (causes.iter().enumerate())
                    .map(|(i, c)| (at(i), count(r, c) as f64))
                    .collect();
                Series::new(
                    k::SERIES_FAILED_REQUESTS.text(l, &[name(r)]),
                    Unit::Whole,
                    pts,
                )
            })
            .collect(),
        notes: (runs.iter())
            .map(|r| k::NOTE_REQUESTS_IN_ALL.text(l, &[name(r), ("all", whole(r.finished))]))
            .collect(),
        ..Default::default()
    }
}

/// The runs' errors by cause (`Plot::Errors`), as [`super::draw`], [`super::tooltip`] and
/// [`super::data`] show it.
pub(crate) struct ErrorsPlot<'a>(pub Vec<&'a RunView>);

impl super::Drawn for ErrorsPlot<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
        l: Locale,
    ) -> Result<Frame, ChartError> {
        draw_errors(area, style, l, &self.0)
    }

    fn tooltip(&self, l: Locale, x: f64) -> Option<Tooltip> {
        errors_tooltip(l, &self.0, x)
    }

    fn data(&self, l: Locale) -> ChartData {
        errors_data(l, &self.0)
    }
}
