//! Throughput and latency against concurrency (or arrival rate): one curve
//! per server mode from the sweep, the theory bound (min(N ÷ S, ceiling) and
//! Little's law R = N ÷ X), the measured figures as markers.

use super::style::draw_guide;
use super::style::draw_legend;
use super::style::draw_mesh;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::format::{ms, thousands};
use super::style::{MEASURED, MUTED, Style, mode_color, mode_label};
use super::theory::Theory;
use super::view::SweepPoint;
use super::{ChartError, Frame, Tooltip, draw_message, err, nearest};

/// Which sweep chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SweepMetric {
    /// Requests per second.
    Throughput,
    /// p50 and p99 latency.
    Latency,
}

/// A measured figure drawn as a marker.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Marker {
    /// `platform` or `virtual`.
    pub mode: String,
    /// Concurrency (or rate) it was measured at.
    pub x: f64,
    /// The value (req/s or ms).
    pub y: f64,
    /// E.g. "E2 measured: 1,877.21 req/s".
    pub label: String,
}

/// Everything a sweep chart shows.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SweepChart {
    /// The x axis description.
    pub axis_label: String,
    /// Curves: (mode, points sorted by x).
    pub curves: Vec<(String, Vec<SweepPoint>)>,
    /// Theory per mode (closed loops only).
    pub theory: Vec<Theory>,
    /// Measured figures.
    pub markers: Vec<Marker>,
    /// The scenario's own x (a vertical guide).
    pub here: Option<f64>,
}

impl SweepChart {
    fn xs(&self) -> Vec<f64> {
        let mut xs: Vec<f64> = self
            .curves
            .iter()
            .flat_map(|(_, pts)| pts.iter().map(|p| p.x))
            .collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        xs
    }
}

fn values(p: &SweepPoint, metric: SweepMetric) -> [f64; 2] {
    match metric {
        SweepMetric::Throughput => [p.throughput_rps, p.throughput_rps],
        SweepMetric::Latency => [p.p50_ms, p.p99_ms],
    }
}

/// Draws a sweep chart.
pub fn draw_sweep<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    data: &SweepChart,
    metric: SweepMetric,
) -> Result<Frame, ChartError> {
    let xs = data.xs();
    if xs.is_empty() {
        return draw_message(area, style, "sweep running…");
    }
    area.fill(&WHITE).map_err(err)?;
    let x0 = xs[0].max(1e-9) * 0.9;
    let x1 = (xs[xs.len() - 1] * 1.1).max(x0 * 2.0);
    let theory_y = |t: &Theory, n: f64| match metric {
        SweepMetric::Throughput => t.throughput_bound(n),
        SweepMetric::Latency => t.latency_bound_ms(n),
    };
    let mut ymax = data
        .curves
        .iter()
        .flat_map(|(_, pts)| pts.iter().flat_map(|p| values(p, metric)))
        .chain(data.markers.iter().map(|m| m.y))
        .fold(0.0f64, f64::max);
    if metric == SweepMetric::Throughput {
        for t in &data.theory {
            let top = theory_y(t, x1);
            if top.is_finite() && top < ymax * 3.0 {
                ymax = ymax.max(top);
            }
        }
    }
    let ymax = if ymax > 0.0 { ymax * 1.12 } else { 1.0 };
    let (y_desc, unit) = match metric {
        SweepMetric::Throughput => ("throughput (req/s)", "req/s"),
        SweepMetric::Latency => ("latency (ms): p50 solid, p99 dashed", "ms"),
    };
    let mut chart = ChartBuilder::on(area)
        .margin(style.margin())
        .x_label_area_size(style.x_label_area())
        .y_label_area_size(style.y_label_area())
        .build_cartesian_2d((x0..x1).log_scale(), 0f64..ymax)
        .map_err(err)?;
    draw_mesh(&mut chart, style, data.axis_label.as_str(), y_desc)?;
    let w = style.line(2.5);
    if let Some(here) = data.here {
        chart
            .draw_series(DashedLineSeries::new(
                [(here, 0.0), (here, ymax)],
                style.px(3.0),
                style.px(5.0),
                MUTED.mix(0.5).stroke_width(style.line(1.0)),
            ))
            .map_err(err)?;
    }
    // Theory first, so the simulated curves sit on top.
    let grid: Vec<f64> = (0..=120)
        .map(|i| (x0.ln() + i as f64 / 120.0 * (x1.ln() - x0.ln())).exp())
        .collect();
    for t in &data.theory {
        let c = mode_color(&t.mode).mix(0.55);
        let pts: Vec<(f64, f64)> = grid
            .iter()
            .map(|&n| (n, theory_y(t, n).min(ymax * 2.0)))
            .filter(|(_, y)| y.is_finite())
            .collect();
        let label = match metric {
            SweepMetric::Throughput => format!("theory, {}: min(N ÷ S, ceiling)", t.mode),
            SweepMetric::Latency => format!("Little's law, {}: R = N ÷ X", t.mode),
        };
        draw_guide(&mut chart, style, pts, c, label)?;
    }
    if metric == SweepMetric::Throughput {
        // Labels end left of the scenario's own guide, clear of its markers.
        let at = data.here.map_or(x1 / 1.04, |h| (h / 1.5).min(x1 / 1.04));
        draw_ceiling_labels(&mut chart, style, data, at, ymax)?;
    }
    for (mode, pts) in &data.curves {
        let c = mode_color(mode);
        let main: Vec<(f64, f64)> = pts.iter().map(|p| (p.x, values(p, metric)[0])).collect();
        chart
            .draw_series(LineSeries::new(main.clone(), c.stroke_width(w)))
            .map_err(err)?
            .label(format!("{} (simulated)", mode_label(mode)))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(3)));
        chart
            .draw_series(
                main.iter()
                    .map(|&p| Circle::new(p, style.px(3.0), c.filled())),
            )
            .map_err(err)?;
        if metric == SweepMetric::Latency {
            let p99: Vec<(f64, f64)> = pts.iter().map(|p| (p.x, p.p99_ms)).collect();
            chart
                .draw_series(DashedLineSeries::new(
                    p99,
                    style.px(8.0),
                    style.px(4.0),
                    c.stroke_width(style.line(2.0)),
                ))
                .map_err(err)?;
        }
    }
    draw_markers(&mut chart, style, &data.markers, unit)?;
    draw_legend(&mut chart, style, SeriesLabelPosition::UpperLeft, 0.8)?;
    Ok(Frame::between(
        chart.backend_coord(&(x0, ymax)),
        chart.backend_coord(&(x1, 0.0)),
        (x0, x1),
        true,
    ))
}

type LogChart<'a, DB> =
    ChartContext<'a, DB, Cartesian2d<LogCoord<f64>, plotters::coord::types::RangedCoordf64>>;

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
    for t in &data.theory {
        let Some(c) = t.ceilings.first() else {
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
            name(&c.resource),
            thousands(c.rps, 0)
        );
        chart
            .draw_series(std::iter::once(Text::new(
                text,
                (x1, c.rps),
                style.font(0.75).color(&mode_color(&t.mode)).pos(
                    plotters::style::text_anchor::Pos::new(
                        plotters::style::text_anchor::HPos::Right,
                        plotters::style::text_anchor::VPos::Bottom,
                    ),
                ),
            )))
            .map_err(err)?;
    }
    Ok(())
}

/// A ceiling's resource in words.
pub(crate) fn name(resource: &str) -> &'static str {
    match resource {
        "threads" => "Tomcat thread",
        "cpu" => "CPU",
        "db_pool" => "DB pool",
        "carriers" => "pinned-carrier",
        _ => "capacity",
    }
}

/// Draws measured markers (crosses) with one legend entry.
pub(crate) fn draw_markers<DB: DrawingBackend, X: Ranged<ValueType = f64>>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, plotters::coord::types::RangedCoordf64>>,
    style: &Style,
    markers: &[Marker],
    _unit: &str,
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
                    mode_color(&m.mode).stroke_width(style.line(2.0)),
                )
        }))
        .map_err(err)?
        .label("measured (source article)")
        .legend(move |(x, y)| Cross::new((x + 9, y), 5, MEASURED.stroke_width(2)));
    Ok(())
}

/// The tooltip at data x: each mode's values at the nearest swept point.
pub fn sweep_tooltip(data: &SweepChart, metric: SweepMetric, x: f64) -> Option<Tooltip> {
    let xs = data.xs();
    let at = xs[nearest(&xs, x, true)?];
    let mut lines = Vec::new();
    for (mode, pts) in &data.curves {
        if let Some(p) = pts.iter().find(|p| p.x == at) {
            lines.push(match metric {
                SweepMetric::Throughput => format!(
                    "{}: {} req/s{}",
                    mode_label(mode),
                    thousands(p.throughput_rps, 0),
                    if p.error_pct > 0.0 {
                        format!(" ({:.1} % errors)", p.error_pct)
                    } else {
                        String::new()
                    }
                ),
                SweepMetric::Latency => format!(
                    "{}: p50 {}, p99 {}",
                    mode_label(mode),
                    ms(p.p50_ms),
                    ms(p.p99_ms)
                ),
            });
        }
    }
    for t in &data.theory {
        lines.push(match metric {
            SweepMetric::Throughput => format!(
                "theory ({}): ≤ {} req/s",
                t.mode,
                thousands(t.throughput_bound(at), 0)
            ),
            SweepMetric::Latency => format!(
                "Little's law ({}): R ≥ {}",
                t.mode,
                ms(t.latency_bound_ms(at))
            ),
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
