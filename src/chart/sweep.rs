//! Throughput and latency against concurrency (or arrival rate): one curve
//! per server mode from the sweep, the theory bound (min(N ÷ S, ceiling) and
//! Little's law R = N ÷ X), the measured figures as markers.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::style::{
    MEASURED, MUTED, Style, chart_builder, draw_guide, draw_legend, draw_mesh, mode_color,
};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::format::{ms, thousands};
use crate::app::modes::label;
use crate::app::{Bounds, Marker, SweepChart, SweepMetric, SweepPoint, nearest};
use crate::scenario::mode_word;

type LogChart<'a, DB> = ChartContext<'a, DB, Cartesian2d<LogCoord<f64>, RangedCoordf64>>;

/// A point's value(s): (main line, second line) — throughput twice, or p50
/// and p99.
fn values(p: &SweepPoint, metric: SweepMetric) -> [f64; 2] {
    match metric {
        SweepMetric::Throughput => [p.throughput_rps, p.throughput_rps],
        SweepMetric::Latency => [p.p50_ms, p.p99_ms],
    }
}

/// The bound a mode's theory draws at `n`.
fn bound(b: &Bounds, metric: SweepMetric, n: f64) -> f64 {
    match metric {
        SweepMetric::Throughput => b.throughput_bound(n),
        SweepMetric::Latency => b.latency_bound_ms(n),
    }
}

/// The top of the y axis: the data and markers, and a throughput bound
/// unless it lies far above them.
fn y_top(data: &SweepChart, metric: SweepMetric, x1: f64) -> f64 {
    let mut ymax = data
        .curves
        .iter()
        .flat_map(|(_, pts)| pts.iter().flat_map(|p| values(p, metric)))
        .chain(data.markers.iter().map(|m| m.y))
        .fold(0.0f64, f64::max);
    if metric == SweepMetric::Throughput {
        for b in &data.bounds {
            let top = bound(b, metric, x1);
            if top.is_finite() && top < ymax * 3.0 {
                ymax = ymax.max(top);
            }
        }
    }
    if ymax > 0.0 { ymax * 1.12 } else { 1.0 }
}

/// Draws a sweep chart.
pub fn draw_sweep<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    data: &SweepChart,
    metric: SweepMetric,
) -> Result<Frame, ChartError> {
    let xs = data.xs();
    let (Some(&first), Some(&last)) = (xs.first(), xs.last()) else {
        return draw_message(area, style, "sweep running…");
    };
    area.fill(&WHITE).map_err(err)?;
    let x0 = first.max(1e-9) * 0.9;
    let x1 = (last * 1.1).max(x0 * 2.0);
    let ymax = y_top(data, metric, x1);
    let y_desc = match metric {
        SweepMetric::Throughput => "throughput (req/s)",
        SweepMetric::Latency => "latency (ms): p50 solid, p99 dashed",
    };
    let mut chart = chart_builder(area, style)
        .build_cartesian_2d((x0..x1).log_scale(), 0f64..ymax)
        .map_err(err)?;
    draw_mesh(&mut chart, style, data.axis_label.as_str(), y_desc)?;
    if let Some(here) = data.here {
        draw_here(&mut chart, style, here, ymax)?;
    }
    // Theory first, so the simulated curves sit on top.
    draw_bounds(&mut chart, style, data, metric, (x0, x1), ymax)?;
    if metric == SweepMetric::Throughput {
        // Labels end left of the scenario's own guide, clear of its markers.
        let at = data.here.map_or(x1 / 1.04, |h| (h / 1.5).min(x1 / 1.04));
        draw_ceiling_labels(&mut chart, style, data, at, ymax)?;
    }
    for (mode, pts) in &data.curves {
        draw_curve(&mut chart, style, *mode, pts, metric)?;
    }
    draw_markers(&mut chart, style, &data.markers)?;
    draw_legend(&mut chart, style, SeriesLabelPosition::UpperLeft, 0.8)?;
    Ok(plot_frame(&chart, (x0, x1), ymax, true))
}

/// A faint vertical line at the scenario's own x.
fn draw_here<DB: DrawingBackend>(
    chart: &mut LogChart<'_, DB>,
    style: &Style,
    here: f64,
    ymax: f64,
) -> Result<(), ChartError> {
    chart
        .draw_series(style.dashed(
            [(here, 0.0), (here, ymax)],
            &MUTED.mix(0.5),
            (3.0, 5.0, 1.0),
        ))
        .map_err(err)?;
    Ok(())
}

/// Each mode's theory bound as a dashed curve over the x range.
fn draw_bounds<'a, DB: DrawingBackend + 'a>(
    chart: &mut LogChart<'a, DB>,
    style: &Style,
    data: &SweepChart,
    metric: SweepMetric,
    (x0, x1): (f64, f64),
    ymax: f64,
) -> Result<(), ChartError> {
    let grid: Vec<f64> = (0..=120)
        .map(|i| (x0.ln() + i as f64 / 120.0 * (x1.ln() - x0.ln())).exp())
        .collect();
    for b in &data.bounds {
        let pts: Vec<(f64, f64)> = grid
            .iter()
            .map(|&n| (n, bound(b, metric, n).min(ymax * 2.0)))
            .filter(|(_, y)| y.is_finite())
            .collect();
        let mode = mode_word(b.mode);
        let text = match metric {
            SweepMetric::Throughput => format!("theory, {mode}: min(N ÷ S, ceiling)"),
            SweepMetric::Latency => format!("Little's law, {mode}: R = N ÷ X"),
        };
        draw_guide(chart, style, pts, mode_color(b.mode).mix(0.55), text)?;
    }
    Ok(())
}

/// One mode's simulated curve: a line with dots (and p99 dashed for latency).
fn draw_curve<DB: DrawingBackend>(
    chart: &mut LogChart<'_, DB>,
    style: &Style,
    mode: crate::app::Mode,
    pts: &[SweepPoint],
    metric: SweepMetric,
) -> Result<(), ChartError> {
    let c = mode_color(mode);
    let main: Vec<(f64, f64)> = pts.iter().map(|p| (p.x, values(p, metric)[0])).collect();
    chart
        .draw_series(LineSeries::new(
            main.clone(),
            c.stroke_width(style.line(2.5)),
        ))
        .map_err(err)?
        .label(format!("{} (simulated)", label(mode)))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(3)));
    chart
        .draw_series(
            main.iter()
                .map(|&p| Circle::new(p, style.px(3.0), c.filled())),
        )
        .map_err(err)?;
    if metric == SweepMetric::Latency {
        let p99: Vec<(f64, f64)> = pts.iter().map(|p| (p.x, values(p, metric)[1])).collect();
        chart
            .draw_series(style.dashed(p99, &c, (8.0, 4.0, 2.0)))
            .map_err(err)?;
    }
    Ok(())
}

/// Labels each distinct ceiling at the right edge, skipping ones that would
/// overlap a label already drawn.
fn draw_ceiling_labels<DB: DrawingBackend>(
    chart: &mut LogChart<'_, DB>,
    style: &Style,
    data: &SweepChart,
    x1: f64,
    ymax: f64,
) -> Result<(), ChartError> {
    let mut used: Vec<i32> = Vec::new();
    for b in &data.bounds {
        let Some(c) = b.ceilings.first() else {
            continue;
        };
        if c.rps.is_nan() || c.rps >= ymax {
            continue;
        }
        let (_, py) = chart.backend_coord(&(x1, c.rps));
        if used
            .iter()
            .any(|u| (u - py).abs() < (style.font_px * 1.1) as i32)
        {
            continue;
        }
        used.push(py);
        let text = format!(
            "{} ceiling {} req/s",
            c.resource.name(),
            thousands(c.rps, 0)
        );
        let color = mode_color(b.mode);
        let font = style
            .font(0.75)
            .color(&color)
            .pos(Pos::new(HPos::Right, VPos::Bottom));
        chart
            .draw_series(std::iter::once(Text::new(text, (x1, c.rps), font)))
            .map_err(err)?;
    }
    Ok(())
}

/// Draws measured markers (crosses) with one legend entry.
fn draw_markers<DB: DrawingBackend>(
    chart: &mut LogChart<'_, DB>,
    style: &Style,
    markers: &[Marker],
) -> Result<(), ChartError> {
    if markers.is_empty() {
        return Ok(());
    }
    let size = style.px(7.0);
    let sw = style.line(3.0);
    chart
        .draw_series(markers.iter().map(|m| {
            EmptyElement::at((m.x, m.y))
                + Cross::new((0, 0), size, MEASURED.stroke_width(sw))
                + Circle::new(
                    (0, 0),
                    size + 2,
                    mode_color(m.mode).stroke_width(style.line(2.0)),
                )
        }))
        .map_err(err)?
        .label("measured (source article)")
        .legend(move |(x, y)| Cross::new((x + 9, y), 5, MEASURED.stroke_width(2)));
    Ok(())
}

/// One mode's values at a swept point, in words.
fn point_line(mode: crate::app::Mode, p: &SweepPoint, metric: SweepMetric) -> String {
    match metric {
        SweepMetric::Throughput => format!(
            "{}: {} req/s{}",
            label(mode),
            thousands(p.throughput_rps, 0),
            if p.error_pct > 0.0 {
                format!(" ({:.1} % errors)", p.error_pct)
            } else {
                String::new()
            }
        ),
        SweepMetric::Latency => format!(
            "{}: p50 {}, p99 {}",
            label(mode),
            ms(p.p50_ms),
            ms(p.p99_ms)
        ),
    }
}

/// The tooltip at data x: each mode's values at the nearest swept point.
pub fn sweep_tooltip(data: &SweepChart, metric: SweepMetric, x: f64) -> Option<Tooltip> {
    let xs = data.xs();
    let at = xs[nearest(&xs, x, true)?];
    let mut lines = Vec::new();
    for (mode, pts) in &data.curves {
        if let Some(p) = pts.iter().find(|p| p.x == at) {
            lines.push(point_line(*mode, p, metric));
        }
    }
    for b in &data.bounds {
        let mode = mode_word(b.mode);
        lines.push(match metric {
            SweepMetric::Throughput => format!(
                "theory ({mode}): ≤ {} req/s",
                thousands(b.throughput_bound(at), 0)
            ),
            SweepMetric::Latency => {
                format!("Little's law ({mode}): R ≥ {}", ms(b.latency_bound_ms(at)))
            }
        });
    }
    for m in data
        .markers
        .iter()
        .filter(|m| (m.x / at - 1.0).abs() < 0.15)
    {
        lines.push(m.label.clone());
    }
    Some(Tooltip {
        title: format!("{} = {}", short_axis(&data.axis_label), thousands(at, 0)),
        lines,
    })
}

fn short_axis(label: &str) -> &str {
    label.split(" (").next().unwrap_or(label)
}
