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
use crate::app::charts::run_label;
use crate::app::format::{thousands, tick};

/// A cause's name in words.
pub(super) fn cause_label(cause: &str) -> String {
    match cause {
        "client_timeout" => "client timeout".into(),
        "connect_failed" => "connection never accepted".into(),
        "pool_timeout" => "DB pool timeout (500)".into(),
        "task_rejected" => "@Async task rejected (500)".into(),
        "out_of_memory" => "out of memory".into(),
        other => other.replace('_', " "),
    }
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
    runs: &[&RunView],
) -> Result<Frame, ChartError> {
    let causes = causes(runs);
    if runs.is_empty() {
        return draw_message(area, style, "running…");
    }
    if causes.is_empty() {
        return draw_message(area, style, "no errors: every request got an HTTP 200");
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
            label: run_label(r).to_string(),
        })
        .collect();
    let plot = with_legend(area, style, &entries)?;
    let mut chart = chart_builder(&plot, style)
        .build_cartesian_2d(0f64..n, 0f64..ymax.max(1.0))
        .map_err(err)?;
    let labels = causes.clone();
    house_mesh(&mut chart, style, 0.8)
        .x_desc("cause")
        .y_desc("failed requests")
        .x_labels(causes.len() * 2 + 1)
        .x_label_formatter(&|x| {
            let i = x.floor() as usize;
            if (x.fract() - 0.5).abs() < 0.01 && i < labels.len() {
                cause_label(&labels[i])
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| tick(*y))
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
                    thousands(y, 0),
                    (x + width * 0.47, y),
                    style.font(0.75).pos(Pos::new(HPos::Center, VPos::Bottom)),
                )
            }))
            .map_err(err)?;
    }
    Ok(plot_frame(&chart, (0.0, n), ymax, false))
}

/// The counts of the cause under `x`.
pub fn errors_tooltip(runs: &[&RunView], x: f64) -> Option<Tooltip> {
    let causes = causes(runs);
    let cause = causes.get(x.max(0.0).floor() as usize)?;
    Some(Tooltip {
        title: cause_label(cause),
        lines: runs
            .iter()
            .map(|r| {
                format!(
                    "{}: {} of {} requests",
                    run_label(r),
                    thousands(count(r, cause) as f64, 0),
                    thousands(r.finished as f64, 0)
                )
            })
            .collect(),
    })
}

/// The errors' numbers: a row per cause (at the middle of its bars, where
/// the tooltip reads it), each run's failed requests.
pub fn errors_data(runs: &[&RunView]) -> ChartData {
    let causes = causes(runs);
    let at = |i: usize| i as f64 + 0.5;
    ChartData {
        x_header: "cause".into(),
        x_names: (causes.iter().enumerate())
            .map(|(i, c)| (at(i), cause_label(c)))
            .collect(),
        series: (runs.iter())
            .map(|r| {
                let pts = (causes.iter().enumerate())
                    .map(|(i, c)| (at(i), count(r, c) as f64))
                    .collect();
                Series::new(
                    format!("{}: failed requests", run_label(r)),
                    Unit::Whole,
                    pts,
                )
            })
            .collect(),
        notes: (runs.iter())
            .map(|r| {
                format!(
                    "{}: {} requests in all",
                    run_label(r),
                    thousands(r.finished as f64, 0)
                )
            })
            .collect(),
        ..Default::default()
    }
}
