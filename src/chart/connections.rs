//! Connections over time for each run: open, idle and waiting in the accept
//! queue (left axis), and reconnects per second (right axis).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::data::{ChartData, Series, Unit};
use super::legend::{Dash, Entry, Swatch, with_legend};
use super::style::{Style, chart_builder, draw_mesh, mode_color};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::RunView;
use crate::app::charts::run_label;
use crate::app::format::{sig, thousands, tick};
use crate::app::over_time::{self, Line};

/// Dash patterns (on, off, width in CSS px): idle connections dotted, the
/// accept queue dashed.
const IDLE_DOTS: (f64, f64, f64) = (2.0, 3.0, 2.0);
const QUEUE_DASH: (f64, f64, f64) = (7.0, 3.0, 2.0);

/// How light the reconnect bars are.
const BAR_ALPHA: f64 = 0.25;

fn peak(v: &[f64]) -> f64 {
    v.iter().fold(0.0, |a, b| a.max(*b))
}

/// One run's lines as drawn: open, idle and in the accept queue, each a
/// time-averaged gauge smoothed as the utilisation chart's are.
struct Lines {
    open: Line,
    idle: Line,
    queue: Line,
}

fn lines(r: &RunView) -> Lines {
    let c = &r.series.connections;
    Lines {
        open: over_time::gauge(r, &c.open),
        idle: over_time::gauge(r, &c.idle),
        queue: over_time::gauge(r, &c.accept_queue),
    }
}

fn legend(runs: &[&RunView]) -> Vec<Entry> {
    let mut out = Vec::new();
    for r in runs {
        let colour = mode_color(r.mode);
        let name = run_label(r);
        out.push(Entry::line(
            colour.to_rgba(),
            Dash::Solid,
            2.5,
            format!("{name}: open"),
        ));
        out.push(Entry::line(
            colour.to_rgba(),
            Dash::Dotted,
            IDLE_DOTS.2,
            format!("{name}: idle"),
        ));
        out.push(Entry::line(
            colour.to_rgba(),
            Dash::Dashed,
            QUEUE_DASH.2,
            format!(
                "{name}: in the accept queue (peak {})",
                thousands(r.connections.peak_accept_queue as f64, 0)
            ),
        ));
        out.push(Entry {
            swatch: Swatch::Fill(colour.mix(BAR_ALPHA)),
            label: format!(
                "{name}: reconnects/s ({} in all)",
                thousands(r.connections.reconnects as f64, 0)
            ),
        });
    }
    out
}

/// Draws the connections of each run.
pub fn draw_connections<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    runs: &[&RunView],
) -> Result<Frame, ChartError> {
    let t1 = runs.iter().map(|r| over_time::end_s(r)).fold(0.0, f64::max);
    if t1 <= 0.0 {
        return draw_message(area, style, "running…");
    }
    area.fill(&WHITE).map_err(err)?;
    let all: Vec<(&RunView, Lines)> = runs.iter().map(|r| (*r, lines(r))).collect();
    let ys = |l: &Line| peak(&l.iter().map(|p| p.1).collect::<Vec<_>>());
    let ymax = (all.iter())
        .map(|(_, l)| ys(&l.open).max(ys(&l.queue)))
        .fold(0.0, f64::max)
        .max(1.0)
        * 1.12;
    let rmax = (runs.iter())
        .map(|r| peak(&r.series.connections.reconnects_per_s))
        .fold(0.0, f64::max)
        .max(1.0)
        * 1.12;
    let plot = with_legend(area, style, &legend(runs))?;
    let mut chart = chart_builder(&plot, style)
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
    // The first run is drawn widest: where both give the same value, the
    // one beneath still shows around the other.
    let n = all.len();
    for (k, (r, l)) in all.into_iter().enumerate() {
        let colour = mode_color(r.mode);
        let t = &r.series.t_s;
        let width = match t.as_slice() {
            [a, b, ..] => b - a,
            _ => t1,
        };
        // Reconnects per bucket, as counted: a storm shows as the burst it is.
        let bars = (t.iter().zip(&r.series.connections.reconnects_per_s))
            .filter(|(_, v)| **v > 0.0)
            .map(|(&x, &v)| {
                Rectangle::new(
                    [(x, 0.0), (x + width * 0.8, v)],
                    colour.mix(BAR_ALPHA).filled(),
                )
            });
        chart.draw_secondary_series(bars).map_err(err)?;
        let w = 2.5 + 2.0 * (n - 1 - k) as f64;
        chart
            .draw_series(LineSeries::new(l.open, colour.stroke_width(style.line(w))))
            .map_err(err)?;
        chart
            .draw_series(style.dashed(l.idle, &colour, IDLE_DOTS))
            .map_err(err)?;
        chart
            .draw_series(style.dashed(l.queue, &colour, QUEUE_DASH))
            .map_err(err)?;
    }
    Ok(plot_frame(&chart, (0.0, t1), ymax, false))
}

/// The connections' numbers: each run's open, idle and queued connections
/// as drawn (means over a short window) and its reconnects per second (a
/// bar per bucket, put at the bucket's middle like the lines' points).
pub fn connections_data(runs: &[&RunView]) -> ChartData {
    let mut series = Vec::new();
    for r in runs {
        let name = run_label(r);
        let l = lines(r);
        let mids = l.open.iter().map(|p| p.0);
        let reconnects = mids.zip(&r.series.connections.reconnects_per_s);
        let reconnects = reconnects.map(|(t, v)| (t, *v)).collect();
        for (what, line) in [
            ("open", l.open),
            ("idle", l.idle),
            ("in the accept queue", l.queue),
        ] {
            series.push(Series::new(format!("{name}: {what}"), Unit::Count, line));
        }
        series.push(Series::new(
            format!("{name}: reconnects/s"),
            Unit::Count,
            reconnects,
        ));
    }
    ChartData::over_time(series, Vec::new())
}

/// Each run's connections as drawn at its point nearest to time `t` (s).
pub fn connections_tooltip(runs: &[&RunView], t: f64) -> Option<Tooltip> {
    let lines: Vec<String> = (runs.iter())
        .filter_map(|r| {
            let data = connections_data(&[r]);
            let (at, _) = data.nearest(t)?;
            let v = |i: usize| data.series[i].at(at).map_or_else(|| "–".to_string(), sig);
            Some(format!(
                "{}: {} open, {} idle, {} in the accept queue, {} reconnects/s",
                run_label(r),
                v(0),
                v(1),
                v(2),
                v(3)
            ))
        })
        .collect();
    (!lines.is_empty()).then(|| Tooltip {
        title: format!("t = {t:.2} s"),
        lines,
    })
}
