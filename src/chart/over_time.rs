//! Successful requests per second and latency over the time of one run,
//! both columns on one time axis, with the lowest capacity ceiling and
//! measured figures as lines. The values are `app::over_time`'s: counts over
//! a window of whole request cycles, not bursts within one.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::data::{ChartData, Series, Unit};
use super::legend::{Dash, Entry, Swatch, with_legend};
use super::pauses::draw_pause_strip;
use super::style::{
    GUIDE_DASH, MEASURED_DOTS, Style, chart_builder, draw_guide, draw_mesh, mode_color,
};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::charts::run_label;
use crate::app::format::{ms, thousands};
use crate::app::over_time::{self, Line};
use crate::app::{Bounds, Marker, RunView, TimeMetric};

fn max_t(runs: &[&RunView]) -> f64 {
    runs.iter().map(|r| over_time::end_s(r)).fold(0.0, f64::max)
}

/// The lines of one run: successes (and every finished request), or the
/// mean and p99 latency.
fn lines(r: &RunView, metric: TimeMetric) -> [Line; 2] {
    match metric {
        TimeMetric::Throughput => [over_time::successes(r), over_time::finished(r)],
        TimeMetric::Latency => [
            over_time::latency(r, &r.series.latency_mean_ms),
            over_time::latency(r, &r.series.latency_p99_ms),
        ],
    }
}

/// The ceilings drawn: each column's lowest one below the top.
fn ceilings(bounds: &[Bounds], ymax: f64) -> impl Iterator<Item = &Bounds> {
    bounds.iter().filter(move |t| t.max_rps() < ymax)
}

fn legend(
    runs: &[&RunView],
    bounds: &[Bounds],
    measured: &[Marker],
    metric: TimeMetric,
    ymax: f64,
) -> Vec<Entry> {
    let mut out: Vec<Entry> = runs
        .iter()
        .map(|r| Entry::line(mode_color(r.mode).to_rgba(), Dash::Solid, 2.5, run_label(r)))
        .collect();
    for r in runs.iter().filter(|r| !r.gc.pauses.is_empty()) {
        out.push(Entry {
            swatch: Swatch::Fill(mode_color(r.mode).to_rgba()),
            label: format!("GC pauses, {} (along the top)", run_label(r)),
        });
    }
    if metric == TimeMetric::Throughput {
        for t in ceilings(bounds, ymax) {
            out.push(Entry::line(
                mode_color(t.mode).mix(0.55),
                Dash::Dashed,
                GUIDE_DASH.2,
                format!("ceiling {} req/s", thousands(t.max_rps(), 0)),
            ));
        }
        // Dotted in its run's colour: beside that run's dashed ceiling, and
        // apart from another run's figure.
        for m in measured {
            out.push(Entry::line(
                mode_color(m.mode).to_rgba(),
                Dash::Dotted,
                MEASURED_DOTS.2,
                m.label.clone(),
            ));
        }
    }
    out
}

/// Draws successes per second or latency over time for each run.
pub fn draw_over_time<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    runs: &[&RunView],
    bounds: &[Bounds],
    measured: &[Marker],
    metric: TimeMetric,
) -> Result<Frame, ChartError> {
    let t1 = max_t(runs);
    if t1 <= 0.0 {
        return draw_message(area, style, "running…");
    }
    area.fill(&WHITE).map_err(err)?;
    let all: Vec<(&RunView, [Line; 2])> = runs.iter().map(|r| (*r, lines(r, metric))).collect();
    let shown = |ls: &[Line; 2]| match metric {
        // The second throughput line is only for the tooltip.
        TimeMetric::Throughput => ls[..1].to_vec(),
        TimeMetric::Latency => ls.to_vec(),
    };
    let mut ymax = all
        .iter()
        .flat_map(|(_, ls)| shown(ls).into_iter().flatten().map(|(_, y)| y))
        .chain(measured.iter().map(|m| m.y))
        .fold(0.0f64, f64::max);
    if metric == TimeMetric::Throughput {
        for t in bounds {
            if t.max_rps() < ymax * 1.6 {
                ymax = ymax.max(t.max_rps());
            }
        }
    }
    let ymax = if ymax > 0.0 { ymax * 1.12 } else { 1.0 };
    let y_desc = match metric {
        TimeMetric::Throughput => "successful requests/s",
        TimeMetric::Latency => "latency (ms): mean solid, p99 dashed",
    };
    let plot = with_legend(area, style, &legend(runs, bounds, measured, metric, ymax))?;
    let mut chart = chart_builder(&plot, style)
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?;
    draw_mesh(&mut chart, style, "simulated time (s)", y_desc)?;
    // Stop-the-world pauses along the top, a strip for each run.
    for (row, r) in runs.iter().enumerate() {
        draw_pause_strip(
            &mut chart,
            style,
            &r.gc.pauses,
            (t1, ymax),
            row,
            mode_color(r.mode),
        )?;
    }
    if metric == TimeMetric::Throughput {
        for t in ceilings(bounds, ymax) {
            let y = t.max_rps();
            draw_guide(
                &mut chart,
                style,
                vec![(0.0, y), (t1, y)],
                mode_color(t.mode).mix(0.55),
            )?;
        }
        for m in measured {
            chart
                .draw_series(style.dashed(
                    [(0.0, m.y), (t1, m.y)],
                    &mode_color(m.mode),
                    MEASURED_DOTS,
                ))
                .map_err(err)?;
        }
    }
    // The first run is drawn widest: where both give the same value, the
    // one beneath still shows around the other.
    let n = all.len();
    for (k, (r, ls)) in all.iter().enumerate() {
        let c = mode_color(r.mode);
        let width = 2.5 + 2.0 * (n - 1 - k) as f64;
        for (i, pts) in shown(ls).into_iter().enumerate() {
            if i == 0 {
                chart
                    .draw_series(LineSeries::new(pts, c.stroke_width(style.line(width))))
                    .map_err(err)?;
            } else {
                chart
                    .draw_series(style.dashed(pts, &c, (8.0, 4.0, 1.5)))
                    .map_err(err)?;
            }
        }
    }
    Ok(plot_frame(&chart, (0.0, t1), ymax, false))
}

/// The value of `line` nearest to time `t`, unless the run was over by then.
fn at(line: &Line, t: f64, end: f64) -> Option<f64> {
    if t > end {
        return None;
    }
    line.iter()
        .min_by(|a, b| (a.0 - t).abs().total_cmp(&(b.0 - t).abs()))
        .map(|p| p.1)
}

/// Each run's values nearest to time `t` (s).
pub fn over_time_tooltip(runs: &[&RunView], metric: TimeMetric, t: f64) -> Option<Tooltip> {
    let mut out = Vec::new();
    for r in runs {
        let name = run_label(r);
        let [a, b] = lines(r, metric);
        let end = over_time::end_s(r);
        out.push(match (metric, at(&a, t, end), at(&b, t, end)) {
            (_, None, _) | (_, _, None) => format!("{name}: run over"),
            (TimeMetric::Throughput, Some(ok), Some(all)) if all - ok >= 0.5 => format!(
                "{name}: {} successful req/s (all responses: {})",
                thousands(ok, 0),
                thousands(all, 0)
            ),
            (TimeMetric::Throughput, Some(ok), _) => {
                format!("{name}: {} successful req/s", thousands(ok, 0))
            }
            (TimeMetric::Latency, Some(mean), Some(p99)) => {
                format!("{name}: mean {}, p99 {}", ms(mean), ms(p99))
            }
        });
    }
    (!out.is_empty()).then(|| Tooltip {
        title: format!("t = {:.2} s", t),
        lines: out,
    })
}

/// The numbers of the time charts: each run's lines (successes and every
/// response, or mean and p99 latency), with the ceilings and measured
/// figures as notes.
pub fn over_time_data(
    runs: &[&RunView],
    bounds: &[Bounds],
    measured: &[Marker],
    metric: TimeMetric,
) -> ChartData {
    let (names, unit) = match metric {
        TimeMetric::Throughput => (["successful", "all responses"], Unit::ReqPerS),
        TimeMetric::Latency => (["mean", "p99"], Unit::Ms),
    };
    let mut series = Vec::new();
    for r in runs {
        for (line, what) in lines(r, metric).into_iter().zip(names) {
            series.push(Series::new(format!("{}: {what}", run_label(r)), unit, line));
        }
    }
    let mut notes = Vec::new();
    if metric == TimeMetric::Throughput {
        for t in bounds {
            notes.push(format!("ceiling {} req/s", thousands(t.max_rps(), 0)));
        }
        notes.extend(measured.iter().map(|m| m.label.clone()));
    }
    ChartData::over_time(series, notes)
}
