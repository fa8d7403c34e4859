//! Throughput and latency over the time of one run, both server modes on one
//! time axis, with the lowest capacity ceiling and measured figures as lines.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{
    MEASURED, Style, chart_builder, draw_guide, draw_legend, draw_mesh, mode_color,
};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::format::{ms, thousands};
use crate::app::modes::label;
use crate::app::{Bounds, Marker, RunView, TimeMetric, nearest};
use crate::scenario::mode_word;

fn max_t(runs: &[&RunView]) -> f64 {
    runs.iter()
        .filter_map(|r| r.series.t_s.last().map(|t| t + bucket(r)))
        .fold(0.0, f64::max)
}

fn bucket(r: &RunView) -> f64 {
    match r.series.t_s.as_slice() {
        [a, b, ..] => b - a,
        _ => 0.0,
    }
}

/// Draws throughput or latency over time for each run.
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
    let series = |r: &RunView| -> Vec<Vec<f64>> {
        let w = super::smoothing_window(r.series.t_s.len());
        match metric {
            TimeMetric::Throughput => vec![super::smooth(&r.series.throughput_rps, w)],
            TimeMetric::Latency => vec![
                super::smooth(&r.series.latency_mean_ms, w),
                super::smooth(&r.series.latency_p99_ms, w),
            ],
        }
    };
    let mut ymax = runs
        .iter()
        .flat_map(|r| series(r).into_iter().flatten())
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
        TimeMetric::Throughput => "throughput (req/s)",
        TimeMetric::Latency => "latency (ms): mean solid, p99 dashed",
    };
    let mut chart = chart_builder(area, style)
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?;
    draw_mesh(&mut chart, style, "simulated time (s)", y_desc)?;
    // Stop-the-world pauses first, under the lines that run through them.
    for r in runs {
        let label = format!("GC pauses, {}", label(r.mode));
        let c = mode_color(r.mode).mix(0.22);
        super::memory::draw_pause_bands(&mut chart, &r.gc.pauses, 0.0, ymax, 1.0, c, Some(label))?;
    }
    if metric == TimeMetric::Throughput {
        for t in bounds.iter().filter(|t| t.max_rps() < ymax) {
            let y = t.max_rps();
            draw_guide(
                &mut chart,
                style,
                vec![(0.0, y), (t1, y)],
                mode_color(t.mode).mix(0.55),
                format!("ceiling, {}: {} req/s", mode_word(t.mode), thousands(y, 0)),
            )?;
        }
    }
    for m in measured {
        let c = mode_color(m.mode);
        chart
            .draw_series(style.dashed([(0.0, m.y), (t1, m.y)], &MEASURED, (2.0, 3.0, 2.0)))
            .map_err(err)?
            .label(m.label.clone())
            .legend(move |(x, y)| {
                EmptyElement::at((x + 9, y))
                    + Cross::new((0, 0), 5, MEASURED.stroke_width(2))
                    + Circle::new((0, 0), 7, c.stroke_width(2))
            });
    }
    for r in runs {
        let c = mode_color(r.mode);
        for (i, ys) in series(r).into_iter().enumerate() {
            let pts: Vec<(f64, f64)> = r.series.t_s.iter().copied().zip(ys).collect();
            if i == 0 {
                chart
                    .draw_series(LineSeries::new(pts, c.stroke_width(style.line(2.5))))
                    .map_err(err)?
                    .label(label(r.mode))
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(3))
                    });
            } else {
                chart
                    .draw_series(style.dashed(pts, &c, (8.0, 4.0, 1.5)))
                    .map_err(err)?;
            }
        }
    }
    draw_legend(&mut chart, style, SeriesLabelPosition::UpperRight, 0.8)?;
    Ok(plot_frame(&chart, (0.0, t1), ymax, false))
}

/// Each run's values in the bucket nearest to time `t` (s).
pub fn over_time_tooltip(runs: &[&RunView], metric: TimeMetric, t: f64) -> Option<Tooltip> {
    let mut lines = Vec::new();
    for r in runs {
        let s = &r.series;
        let Some(i) = nearest(&s.t_s, t, false) else {
            continue;
        };
        if t > s.t_s[i] + bucket(r) * 1.5 {
            lines.push(format!("{}: run over", label(r.mode)));
            continue;
        }
        lines.push(match metric {
            TimeMetric::Throughput => format!(
                "{}: {} req/s",
                label(r.mode),
                thousands(s.throughput_rps[i], 0)
            ),
            TimeMetric::Latency => format!(
                "{}: mean {}, p99 {}",
                label(r.mode),
                ms(s.latency_mean_ms[i]),
                ms(s.latency_p99_ms[i])
            ),
        });
    }
    (!lines.is_empty()).then(|| Tooltip {
        title: format!("t = {:.2} s", t),
        lines,
    })
}
