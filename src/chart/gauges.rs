//! Utilisation over time (busy threads, carriers, pinned carriers, pool
//! waiters, queues, cores) for one run.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::data::{ChartData, Series, Unit};
use super::legend::{Dash, Entry, with_legend};
use super::style::{Style, chart_builder, draw_mesh, palette};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::RunView;
use crate::app::run::digest::UTILISATION_GAUGES;
use crate::app::run::over_time::{self, Line};
use crate::app::show::charts::run_label;
use crate::i18n::Locale;
use crate::i18n::keys::chart as k;
use crate::sim::report::Gauge;

fn end_t(r: &RunView) -> f64 {
    over_time::end_s(r)
}

/// Gauges that count waiting work (drawn in the lower panel).
pub(super) const QUEUES: &[Gauge] = &[
    Gauge::TomcatQueue,
    Gauge::RunnableVthreads,
    Gauge::VthreadsUnmounted,
    Gauge::DbWaiters,
    Gauge::LockWaiters,
    Gauge::ExecutorQueue,
];

/// One gauge as drawn: its label, colour, whether it counts waiting work,
/// and its smoothed values.
struct Drawn {
    label: String,
    color: RGBColor,
    waiting: bool,
    line: Line,
}

/// The colour of a gauge. At work (solid) and waiting (dashed) are told
/// apart by their stroke; within each, no two hues can be confused, even
/// with a colour-vision deficiency, on the light page or the dark, and
/// each line has 3:1 on the background (tested).
pub(super) fn gauge_color(g: Gauge) -> RGBColor {
    match g {
        Gauge::TomcatBusy => palette::VERMILLION,
        Gauge::CarriersBusy => palette::BLUE,
        Gauge::CarriersPinned => palette::CYAN,
        Gauge::DbActive => palette::GREY,
        Gauge::CpuBusy => palette::NEAR_BLACK,
        Gauge::TomcatQueue => palette::AMBER,
        Gauge::RunnableVthreads => palette::TEAL,
        Gauge::VthreadsUnmounted => palette::INDIGO,
        Gauge::DbWaiters => palette::GREEN,
        Gauge::LockWaiters => palette::PURPLE,
        Gauge::ExecutorQueue => palette::DARK_GREY,
        // Not on this chart (`UTILISATION_GAUGES`).
        _ => palette::NEAR_BLACK,
    }
}

/// The run's gauges that are ever non-zero, in legend order.
fn gauges(l: Locale, run: &RunView) -> Vec<Drawn> {
    (UTILISATION_GAUGES.iter())
        .filter_map(|(g, label)| {
            Some(Drawn {
                label: label.text(l, &[]),
                color: gauge_color(*g),
                waiting: QUEUES.contains(g),
                line: over_time::gauge(run, run.series.gauges.get(g)?),
            })
        })
        .collect()
}

/// Line widths for `n` series drawn in order: the first widest, so a
/// series that lies on another still shows around it.
fn widths(n: usize) -> impl Iterator<Item = f64> {
    (0..n).map(move |k| 2.0 + 1.6 * (n - 1 - k) as f64)
}

/// Draws one panel of gauges (at work, or waiting) with its own y axis.
fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    t1: f64,
    gs: &[&Drawn],
    (x_desc, y_desc): (&str, &str),
) -> Result<Frame, ChartError> {
    let peak = gs
        .iter()
        .flat_map(|g| g.line.iter().map(|p| p.1))
        .fold(0.0f64, f64::max);
    let ymax = (peak * 1.12).max(1.0);
    let mut chart = chart_builder(area, style)
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?;
    draw_mesh(&mut chart, style, l, x_desc, y_desc)?;
    for (g, w) in gs.iter().zip(widths(gs.len())) {
        let pts = g.line.clone();
        if g.waiting {
            chart
                .draw_series(style.dashed(pts, &g.color, (7.0, 3.0, w)))
                .map_err(err)?;
        } else {
            chart
                .draw_series(LineSeries::new(pts, g.color.stroke_width(style.line(w))))
                .map_err(err)?;
        }
    }
    Ok(plot_frame(&chart, (0.0, t1), ymax, false))
}

/// Draws the gauges of one run: what is at work (threads, carriers, cores)
/// above, what waits (queues, pool waiters) below, each panel on its own
/// scale so that neither hides the other.
pub fn draw_utilisation<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    run: &RunView,
) -> Result<Frame, ChartError> {
    let t1 = end_t(run);
    let all = gauges(l, run);
    if t1 <= 0.0 || all.is_empty() {
        return draw_message(area, style, &k::RUNNING.text(l, &[]));
    }
    area.fill(&WHITE).map_err(err)?;
    let entries: Vec<Entry> = all
        .iter()
        .map(|g| {
            let dash = if g.waiting { Dash::Dashed } else { Dash::Solid };
            Entry::line(g.color.to_rgba(), dash, 2.5, g.label.clone())
        })
        .collect();
    let plot = with_legend(area, style, &entries)?;
    let busy: Vec<&Drawn> = all.iter().filter(|g| !g.waiting).collect();
    let waiting: Vec<&Drawn> = all.iter().filter(|g| g.waiting).collect();
    let time = k::AXIS_TIME_S.text(l, &[]);
    let at_work = k::AXIS_AT_WORK.text(l, &[]);
    let waits = k::AXIS_WAITING.text(l, &[]);
    match (busy.is_empty(), waiting.is_empty()) {
        (false, false) => {
            let h = plot.dim_in_pixel().1;
            let (top, bottom) = plot.split_vertically(h / 2);
            draw_panel(&top, style, l, t1, &busy, ("", &at_work))?;
            draw_panel(&bottom, style, l, t1, &waiting, (&time, &waits))
        }
        (false, true) => draw_panel(&plot, style, l, t1, &busy, (&time, &at_work)),
        _ => draw_panel(&plot, style, l, t1, &waiting, (&time, &waits)),
    }
}

/// The gauges' numbers: each gauge as drawn (a mean over a short window).
pub fn utilisation_data(l: Locale, run: &RunView) -> ChartData {
    let series = (gauges(l, run).into_iter())
        .map(|g| Series::new(g.label, Unit::Count, g.line))
        .collect();
    ChartData::over_time(l, series, Vec::new())
}

/// The gauges at the drawn point nearest to time `t` (s), as drawn.
pub fn utilisation_tooltip(l: Locale, run: &RunView, t: f64) -> Option<Tooltip> {
    let data = utilisation_data(l, run);
    let (at, lines) = data.nearest(t)?;
    Some(Tooltip {
        title: format!("{}, t = {} s", run_label(run, l), l.number(at, 2)),
        lines,
    })
}

/// One run's utilisation gauges (`Plot::Utilisation`), as [`super::draw`], [`super::tooltip`] and
/// [`super::data`] show it.
pub(crate) struct UtilisationPlot<'a>(pub &'a RunView);

impl super::Drawn for UtilisationPlot<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
        l: Locale,
    ) -> Result<Frame, ChartError> {
        draw_utilisation(area, style, l, self.0)
    }

    fn tooltip(&self, l: Locale, x: f64) -> Option<Tooltip> {
        utilisation_tooltip(l, self.0, x)
    }

    fn data(&self, l: Locale) -> ChartData {
        utilisation_data(l, self.0)
    }
}
