//! Utilisation over time (busy threads, carriers, pinned carriers, pool
//! waiters, queues, cores) for one run.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{SERIES, Style, chart_builder, draw_legend, draw_mesh};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::digest::UTILISATION_GAUGES;
use crate::app::format::{sig, tick};
use crate::app::modes::label;
use crate::app::{RunView, nearest};
use crate::sim::report::Gauge;

pub(crate) fn end_t(r: &RunView) -> f64 {
    let t = &r.series.t_s;
    match t.as_slice() {
        [.., a, b] => b + (b - a),
        [a] => *a,
        [] => 0.0,
    }
}

/// Draws the gauges of one run.
pub fn draw_utilisation<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    run: &RunView,
) -> Result<Frame, ChartError> {
    let t1 = end_t(run);
    let s = &run.series;
    if t1 <= 0.0 || s.gauges.is_empty() {
        return draw_message(area, style, "running…");
    }
    area.fill(&WHITE).map_err(err)?;
    // Threads and cores on the left axis, queues (often 100× larger) on the right.
    let w = super::smoothing_window(s.t_s.len());
    let is_queue = |g: &Gauge| QUEUES.contains(g);
    let peak = |queue: bool| {
        s.gauges
            .iter()
            .filter(|(k, _)| is_queue(k) == queue)
            .flat_map(|(_, v)| v.iter())
            .fold(0.0f64, |a, b| a.max(*b))
            * 1.12
    };
    let (ymax, qmax) = (peak(false).max(1.0), peak(true).max(1.0));
    let mut chart = chart_builder(area, style)
        .right_y_label_area_size(style.y_label_area())
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?
        .set_secondary_coord(0f64..t1, 0f64..qmax);
    draw_mesh(
        &mut chart,
        style,
        "simulated time (s)",
        "threads, carriers, cores busy (solid)",
    )?;
    chart
        .configure_secondary_axes()
        .y_desc("waiting, queue length (dashed)")
        .y_label_formatter(&|y| tick(*y))
        .label_style(style.font(0.85))
        .axis_desc_style(style.font(0.9))
        .draw()
        .map_err(err)?;
    for (i, (name, label)) in UTILISATION_GAUGES.iter().enumerate() {
        let Some(v) = s.gauges.get(name) else {
            continue;
        };
        let c = SERIES[i % SERIES.len()];
        let pts: Vec<(f64, f64)> = s.t_s.iter().copied().zip(super::smooth(v, w)).collect();
        if is_queue(name) {
            chart
                .draw_secondary_series(style.dashed(pts, &c, (7.0, 3.0, 2.0)))
                .map_err(err)?
                .label(format!("{label} (right)"))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(3))
                });
        } else {
            chart
                .draw_series(LineSeries::new(pts, c.stroke_width(style.line(2.5))))
                .map_err(err)?
                .label(*label)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(3))
                });
        }
    }
    draw_legend(&mut chart, style, SeriesLabelPosition::UpperRight, 0.75)?;
    Ok(plot_frame(chart.borrow_secondary(), (0.0, t1), qmax, false))
}

/// Gauges that count waiting work (drawn on the right axis).
const QUEUES: &[Gauge] = &[
    Gauge::TomcatQueue,
    Gauge::RunnableVthreads,
    Gauge::VthreadsUnmounted,
    Gauge::DbWaiters,
    Gauge::LockWaiters,
    Gauge::ExecutorQueue,
];

/// The gauges at time `t` (s).
pub fn utilisation_tooltip(run: &RunView, t: f64) -> Option<Tooltip> {
    let s = &run.series;
    let i = nearest(&s.t_s, t, false)?;
    let lines = UTILISATION_GAUGES
        .iter()
        .filter_map(|(name, label)| {
            let v = s.gauges.get(name)?.get(i)?;
            Some(format!("{label}: {}", sig(*v)))
        })
        .collect();
    Some(Tooltip {
        title: format!("{}, t = {:.2} s", label(run.mode), s.t_s[i]),
        lines,
    })
}
