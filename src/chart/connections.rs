//! Connections over time for each run: open, idle and waiting in the accept
//! queue (left axis), and reconnects per second (right axis).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{Style, chart_builder, draw_legend, draw_mesh, mode_color};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::format::{sig, thousands, tick};
use crate::app::modes::label;
use crate::app::{RunView, nearest};

fn end_t(r: &RunView) -> f64 {
    match r.series.t_s.as_slice() {
        [.., a, b] => b + (b - a),
        [a] => *a,
        [] => 0.0,
    }
}

fn peak(v: &[f64]) -> f64 {
    v.iter().fold(0.0, |a, b| a.max(*b))
}

/// Draws the connections of each run.
pub fn draw_connections<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    runs: &[&RunView],
) -> Result<Frame, ChartError> {
    let t1 = runs.iter().map(|r| end_t(r)).fold(0.0, f64::max);
    if t1 <= 0.0 {
        return draw_message(area, style, "running…");
    }
    area.fill(&WHITE).map_err(err)?;
    let c = |r: &RunView| r.series.connections.clone();
    let ymax = (runs.iter())
        .map(|r| {
            let s = c(r);
            peak(&s.open).max(peak(&s.accept_queue))
        })
        .fold(0.0, f64::max)
        .max(1.0)
        * 1.12;
    let rmax = (runs.iter())
        .map(|r| peak(&c(r).reconnects_per_s))
        .fold(0.0, f64::max)
        .max(1.0)
        * 1.12;
    let mut chart = chart_builder(area, style)
        .right_y_label_area_size(style.y_label_area())
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?
        .set_secondary_coord(0f64..t1, 0f64..rmax);
    draw_mesh(&mut chart, style, "simulated time (s)", "connections")?;
    chart
        .configure_secondary_axes()
        .y_desc("reconnects per second (bars)")
        .y_label_formatter(&|y| tick(*y))
        .label_style(style.font(0.85))
        .axis_desc_style(style.font(0.9))
        .draw()
        .map_err(err)?;
    for r in runs {
        let colour = mode_color(r.mode);
        let s = c(r);
        let t = &r.series.t_s;
        let width = match t.as_slice() {
            [a, b, ..] => b - a,
            _ => t1,
        };
        let bars = (t.iter().zip(&s.reconnects_per_s))
            .filter(|(_, v)| **v > 0.0)
            .map(|(&x, &v)| {
                Rectangle::new([(x, 0.0), (x + width * 0.8, v)], colour.mix(0.25).filled())
            });
        chart
            .draw_secondary_series(bars)
            .map_err(err)?
            .label(format!(
                "{}: reconnects ({} in all)",
                label(r.mode),
                thousands(r.connections.reconnects as f64, 0)
            ))
            .legend(move |(x, y)| {
                Rectangle::new([(x, y - 4), (x + 18, y + 4)], colour.mix(0.25).filled())
            });
        let line =
            |v: &[f64]| -> Vec<(f64, f64)> { t.iter().copied().zip(v.iter().copied()).collect() };
        chart
            .draw_series(LineSeries::new(
                line(&s.open),
                colour.stroke_width(style.line(2.5)),
            ))
            .map_err(err)?
            .label(format!("{}: open", label(r.mode)))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(3))
            });
        let short = move |(x, y): (i32, i32)| {
            PathElement::new(vec![(x, y), (x + 6, y)], colour.stroke_width(2))
        };
        chart
            .draw_series(style.dashed(line(&s.idle), &colour, (2.0, 3.0, 2.0)))
            .map_err(err)?
            .label(format!("{}: idle (dotted)", label(r.mode)))
            .legend(short);
        chart
            .draw_series(style.dashed(line(&s.accept_queue), &colour, (7.0, 3.0, 2.0)))
            .map_err(err)?
            .label(format!(
                "{}: in the accept queue (dashed; peak {})",
                label(r.mode),
                thousands(r.connections.peak_accept_queue as f64, 0)
            ))
            .legend(short);
    }
    draw_legend(&mut chart, style, SeriesLabelPosition::UpperRight, 0.75)?;
    Ok(plot_frame(&chart, (0.0, t1), ymax, false))
}

/// Each run's connections at time `t` (s).
pub fn connections_tooltip(runs: &[&RunView], t: f64) -> Option<Tooltip> {
    let mut lines = Vec::new();
    for r in runs {
        let Some(i) = nearest(&r.series.t_s, t, false) else {
            continue;
        };
        let s = &r.series.connections;
        let at = |v: &[f64]| v.get(i).copied().unwrap_or(0.0);
        lines.push(format!(
            "{}: {} open, {} idle, {} in the accept queue, {} reconnects/s",
            label(r.mode),
            sig(at(&s.open)),
            sig(at(&s.idle)),
            sig(at(&s.accept_queue)),
            sig(at(&s.reconnects_per_s))
        ));
    }
    (!lines.is_empty()).then(|| Tooltip {
        title: format!("t = {t:.2} s"),
        lines,
    })
}
