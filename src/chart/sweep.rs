//! Successful requests per second and latency against concurrency (or
//! arrival rate): one curve per column from the sweep, points where requests
//! failed ringed in red, the theory bound (min(N ÷ S, ceiling) for a closed
//! loop, min(λ, ceiling) for arrivals at a rate, and Little's law
//! R = N ÷ X), the measured figures as markers.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::data::{ChartData, Series, Unit};
use super::legend::{Dash, Entry, Swatch, with_legend};
use super::placement::{Obstacles, Rect, place_label};
use super::style::{
    FAILED, MEASURED, MUTED, Style, chart_builder, draw_guide, draw_mesh, mode_color,
};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::basis::format::ms_in;
use crate::app::{Bounds, Marker, Mode, SweepAxis, SweepChart, SweepMetric, SweepPoint, nearest};
use crate::i18n::keys::chart as k;
use crate::i18n::{Arg, Locale};

type LogChart<'a, DB> = ChartContext<'a, DB, Cartesian2d<LogCoord<f64>, RangedCoordf64>>;

/// A point's value(s): (main line, second line) — successes twice, or p50
/// and p99.
fn values(p: &SweepPoint, metric: SweepMetric) -> [f64; 2] {
    match metric {
        SweepMetric::Throughput => [p.goodput_rps, p.goodput_rps],
        SweepMetric::Latency => [p.p50_ms, p.p99_ms],
    }
}

/// The bound a column's theory draws at `x`, if the load model has one.
fn bound(data: &SweepChart, b: &Bounds, metric: SweepMetric, x: f64) -> Option<f64> {
    match metric {
        SweepMetric::Throughput => Some(data.throughput_bound(b, x)),
        SweepMetric::Latency => data.latency_bound_ms(b, x),
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
            if let Some(top) = bound(data, b, metric, x1)
                && top.is_finite()
                && top < ymax * 3.0
            {
                ymax = ymax.max(top);
            }
        }
    }
    if ymax > 0.0 { ymax * 1.12 } else { 1.0 }
}

/// Whether a point had failed requests (ringed in red).
fn failed(p: &SweepPoint) -> bool {
    p.error_pct > 0.0
}

/// The legend: each column's curve, the theory (in each column's colour,
/// dashed: one entry says so), the measured markers, and the red ring if
/// any point has one. The formulas are in the caption.
fn legend(l: Locale, data: &SweepChart, metric: SweepMetric) -> Vec<Entry> {
    let mut out = Vec::new();
    for (mode, _) in &data.curves {
        let c = mode_color(*mode).to_rgba();
        out.push(Entry::line(c, Dash::Solid, 2.5, data.label(*mode)));
    }
    let theory = match (metric, data.axis) {
        (SweepMetric::Latency, SweepAxis::Rate) => None,
        (SweepMetric::Latency, SweepAxis::Concurrency) => Some(k::LITTLES_LAW),
        (SweepMetric::Throughput, _) => Some(k::THEORY),
    };
    if let Some(t) = theory.filter(|_| !data.bounds.is_empty()) {
        out.push(Entry::line(
            MUTED.mix(0.8),
            Dash::Dashed,
            1.5,
            t.text(l, &[]),
        ));
    }
    if !data.markers.is_empty() {
        out.push(Entry {
            swatch: Swatch::Measured(MUTED),
            label: k::MEASURED.text(l, &[]),
        });
    }
    if metric == SweepMetric::Latency
        && (data.curves.iter()).any(|(_, pts)| pts.iter().any(SweepPoint::mostly_failed))
    {
        out.push(Entry {
            swatch: Swatch::Ring(MUTED),
            label: k::MOSTLY_FAILED.text(l, &[]),
        });
    }
    if data.curves.iter().any(|(_, pts)| pts.iter().any(failed)) {
        out.push(Entry {
            swatch: Swatch::Ring(FAILED),
            label: k::SOME_FAILED.text(l, &[]),
        });
    }
    out
}

/// Draws a sweep chart. A throughput chart labels each ceiling beside its
/// line where the label covers no data (`placement`); if one has no such
/// place, the chart is drawn again with every ceiling named in its legend.
pub fn draw_sweep<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    data: &SweepChart,
    metric: SweepMetric,
) -> Result<Frame, ChartError> {
    match draw_sweep_once(area, style, l, data, metric, false)? {
        (frame, true) => Ok(frame),
        (_, false) => Ok(draw_sweep_once(area, style, l, data, metric, true)?.0),
    }
}

/// The ceilings a throughput chart names: each column's first, below the
/// top, once each (two columns may share one), with its words.
fn ceiling_labels(l: Locale, data: &SweepChart, ymax: f64) -> Vec<(Mode, f64, String)> {
    let mut out: Vec<(Mode, f64, String)> = Vec::new();
    for b in &data.bounds {
        let Some(c) = b.ceilings.first() else {
            continue;
        };
        if c.rps.is_nan() || c.rps >= ymax {
            continue;
        }
        let text = k::CEILING_OF.text(
            l,
            &[
                ("resource", Arg::Text(c.resource.name(l))),
                ("rps", Arg::Fixed(c.rps, 0)),
            ],
        );
        if !out.iter().any(|(_, _, t)| *t == text) {
            out.push((b.mode, c.rps, text));
        }
    }
    out
}

/// One drawing of a sweep chart, its ceilings beside their lines or (with
/// `ceilings_in_legend`) in the legend. Also says whether every ceiling
/// label found a place.
fn draw_sweep_once<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    data: &SweepChart,
    metric: SweepMetric,
    ceilings_in_legend: bool,
) -> Result<(Frame, bool), ChartError> {
    let xs = data.xs();
    let (Some(&first), Some(&last)) = (xs.first(), xs.last()) else {
        return Ok((
            draw_message(area, style, &k::SWEEP_RUNNING.text(l, &[]))?,
            true,
        ));
    };
    area.fill(&WHITE).map_err(err)?;
    let x0 = first.max(1e-9) * 0.9;
    let x1 = (last * 1.1).max(x0 * 2.0);
    let ymax = y_top(data, metric, x1);
    let ceilings = match metric {
        SweepMetric::Throughput => ceiling_labels(l, data, ymax),
        SweepMetric::Latency => Vec::new(),
    };
    let mut entries = legend(l, data, metric);
    if ceilings_in_legend {
        entries.extend(ceilings.iter().map(|(mode, _, text)| {
            Entry::line(mode_color(*mode).mix(0.55), Dash::Dashed, 1.5, text.clone())
        }));
    }
    let plot = with_legend(area, style, &entries)?;
    let y_desc = match metric {
        SweepMetric::Throughput => k::AXIS_SUCCESSFUL,
        SweepMetric::Latency => k::AXIS_LATENCY_P50_P99,
    };
    let mut chart = chart_builder(&plot, style)
        .build_cartesian_2d((x0..x1).log_scale(), 0f64..ymax)
        .map_err(err)?;
    draw_mesh(
        &mut chart,
        style,
        l,
        data.axis_label.as_str(),
        &y_desc.text(l, &[]),
    )?;
    if let Some(here) = data.here {
        draw_here(&mut chart, style, here, ymax)?;
    }
    // Theory first, so the simulated curves sit on top.
    let grid = log_grid(x0, x1);
    draw_bounds(&mut chart, style, data, metric, &grid, ymax)?;
    // The first curve is drawn widest: where both columns give the same
    // value, the one beneath still shows around the other.
    let n = data.curves.len();
    for (i, (mode, pts)) in data.curves.iter().enumerate() {
        let width = 2.5 + 2.0 * (n - 1 - i) as f64;
        draw_curve(&mut chart, style, *mode, pts, metric, width)?;
    }
    draw_markers(&mut chart, style, &data.markers)?;
    let mut placed = true;
    if !ceilings_in_legend && !ceilings.is_empty() {
        let drawn = obstacles(&chart, style, data, metric, &grid, ymax);
        placed = draw_ceiling_labels(&mut chart, style, &ceilings, &drawn, x0)?;
    }
    Ok((plot_frame(&chart, (x0, x1), ymax, true), placed))
}

/// 121 x values evenly spaced on the log axis from `x0` to `x1`.
fn log_grid(x0: f64, x1: f64) -> Vec<f64> {
    (0..=120)
        .map(|i| (x0.ln() + i as f64 / 120.0 * (x1.ln() - x0.ln())).exp())
        .collect()
}

/// What is drawn on the plot, in device pixels: the curves, their dots,
/// the theory's lines and the measured markers (a label must cover none).
fn obstacles<DB: DrawingBackend>(
    chart: &LogChart<'_, DB>,
    style: &Style,
    data: &SweepChart,
    metric: SweepMetric,
    grid: &[f64],
    ymax: f64,
) -> Obstacles {
    let px = |x: f64, y: f64| chart.backend_coord(&(x, y.min(ymax * 2.0)));
    let mut lines: Vec<Vec<(i32, i32)>> = data
        .curves
        .iter()
        .map(|(_, pts)| pts.iter().map(|p| px(p.x, values(p, metric)[0])).collect())
        .collect();
    lines.extend(data.bounds.iter().map(|b| {
        grid.iter()
            .filter_map(|&x| {
                bound(data, b, metric, x)
                    .filter(|y| y.is_finite())
                    .map(|y| px(x, y))
            })
            .collect()
    }));
    // Each point's dot, the full run's larger ringed one, the markers.
    let dots = (data.curves.iter()).flat_map(|(_, pts)| {
        pts.iter().map(|p| {
            let r = match (p.full_run, failed(p)) {
                (true, _) => 8.0,
                (false, true) => 5.5,
                (false, false) => 3.5,
            };
            (px(p.x, values(p, metric)[0]), style.px(r))
        })
    });
    let markers = (data.markers.iter()).map(|m| (px(m.x, m.y), style.px(8.0)));
    Obstacles {
        lines,
        points: dots.chain(markers).collect(),
    }
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

/// Each column's theory bound as a dashed curve over the x range.
fn draw_bounds<'a, DB: DrawingBackend + 'a>(
    chart: &mut LogChart<'a, DB>,
    style: &Style,
    data: &SweepChart,
    metric: SweepMetric,
    grid: &[f64],
    ymax: f64,
) -> Result<(), ChartError> {
    for b in &data.bounds {
        let pts: Vec<(f64, f64)> = grid
            .iter()
            .filter_map(|&x| Some((x, bound(data, b, metric, x)?.min(ymax * 2.0))))
            .filter(|(_, y)| y.is_finite())
            .collect();
        if !pts.is_empty() {
            draw_guide(chart, style, pts, mode_color(b.mode).mix(0.55))?;
        }
    }
    Ok(())
}

/// One column's simulated curve: a line with dots, a red ring where
/// requests failed (and p99 dashed for latency).
fn draw_curve<DB: DrawingBackend>(
    chart: &mut LogChart<'_, DB>,
    style: &Style,
    mode: Mode,
    pts: &[SweepPoint],
    metric: SweepMetric,
    width: f64,
) -> Result<(), ChartError> {
    let c = mode_color(mode);
    let main: Vec<(f64, f64)> = pts.iter().map(|p| (p.x, values(p, metric)[0])).collect();
    chart
        .draw_series(LineSeries::new(
            main.clone(),
            c.stroke_width(style.line(width)),
        ))
        .map_err(err)?;
    // A latency point where most requests failed is the latency of the few
    // that succeeded: drawn hollow and grey, not as the mode's own.
    let greyed = |p: &SweepPoint| metric == SweepMetric::Latency && p.mostly_failed();
    chart
        .draw_series(pts.iter().zip(&main).map(|(p, &xy)| {
            if greyed(p) {
                Circle::new(xy, style.px(3.5), MUTED.stroke_width(style.line(1.5)))
            } else {
                Circle::new(xy, style.px(3.0), c.filled())
            }
        }))
        .map_err(err)?;
    // The mode's full run, whose figures the cards show: a larger dot in a
    // ring of its colour, so the curve visibly passes through the cards.
    chart
        .draw_series(
            pts.iter()
                .zip(&main)
                .filter(|(p, _)| p.full_run)
                .flat_map(|(_, &xy)| {
                    [
                        Circle::new(xy, style.px(8.0), c.stroke_width(style.line(2.0))),
                        Circle::new(xy, style.px(5.0), c.filled()),
                    ]
                }),
        )
        .map_err(err)?;
    chart
        .draw_series(
            pts.iter()
                .zip(&main)
                // A greyed point says "most failed" already.
                .filter(|(p, _)| failed(p) && !greyed(p))
                .map(|(_, &xy)| {
                    Circle::new(xy, style.px(5.5), FAILED.stroke_width(style.line(2.0)))
                }),
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

/// Labels each ceiling beside its line, in its column's colour on a white
/// ground, where it covers nothing `drawn` and no other label
/// (`placement::place_label`). Says whether every label found a place; the
/// ones that did not are not drawn.
fn draw_ceiling_labels<DB: DrawingBackend>(
    chart: &mut LogChart<'_, DB>,
    style: &Style,
    ceilings: &[(Mode, f64, String)],
    drawn: &Obstacles,
    x0: f64,
) -> Result<bool, ChartError> {
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    let plot = Rect {
        x0: xr.start,
        y0: yr.start,
        x1: xr.end,
        y1: yr.end,
    };
    let h = (style.font_size(0.75) * 1.2).ceil() as i32;
    let (gap, pad) = (style.px(5.0), style.px(6.0));
    let mut taken: Vec<Rect> = Vec::new();
    let mut all = true;
    for (mode, rps, text) in ceilings {
        let (ax, ay) = chart.backend_coord(&(x0, *rps));
        let w = style.text_width(text, 0.75) + style.px(4.0);
        let Some(r) = place_label(ay, (w, h), plot, (gap, pad), drawn, &taken) else {
            all = false;
            continue;
        };
        taken.push(r);
        let color = mode_color(*mode);
        let font = style
            .font(0.75)
            .color(&color)
            .pos(Pos::new(HPos::Right, VPos::Center));
        // Offsets from the line's left end, where the element is anchored.
        let ground = Rectangle::new(
            [(r.x0 - ax, r.y0 - ay), (r.x1 - ax, r.y1 - ay)],
            WHITE.mix(0.85).filled(),
        );
        let words = Text::new(
            text.clone(),
            (r.x1 - ax - style.px(2.0), (r.y0 + r.y1) / 2 - ay),
            font,
        );
        chart
            .draw_series(std::iter::once(
                EmptyElement::at((x0, *rps)) + ground + words,
            ))
            .map_err(err)?;
    }
    Ok(all)
}

/// Draws measured markers: a cross in a ring of the column's colour.
fn draw_markers<DB: DrawingBackend>(
    chart: &mut LogChart<'_, DB>,
    style: &Style,
    markers: &[Marker],
) -> Result<(), ChartError> {
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
        .map_err(err)?;
    Ok(())
}

/// One column's values at a swept point, in `l`'s words.
fn point_line(
    l: Locale,
    data: &SweepChart,
    mode: Mode,
    p: &SweepPoint,
    metric: SweepMetric,
) -> String {
    let name = ("name", Arg::Text(data.label(mode).to_string()));
    let ok = ("ok", Arg::Fixed(p.goodput_rps, 0));
    match metric {
        SweepMetric::Throughput if failed(p) => k::TIP_SUCCESSFUL_FAILED.text(
            l,
            &[
                name,
                ok,
                ("failed", Arg::Text(l.sig(p.error_pct))),
                ("all", Arg::Fixed(p.throughput_rps, 0)),
            ],
        ),
        SweepMetric::Throughput => k::TIP_SUCCESSFUL.text(l, &[name, ok]),
        SweepMetric::Latency => k::TIP_P50_P99.text(
            l,
            &[
                name,
                ("p50", Arg::Text(ms_in(l, p.p50_ms))),
                ("p99", Arg::Text(ms_in(l, p.p99_ms))),
            ],
        ),
    }
}

/// The tooltip at data x: each column's values at the nearest swept point.
pub fn sweep_tooltip(l: Locale, data: &SweepChart, metric: SweepMetric, x: f64) -> Option<Tooltip> {
    let xs = data.xs();
    let at = xs[nearest(&xs, x, true)?];
    let mut lines = Vec::new();
    for (mode, pts) in &data.curves {
        if let Some(p) = pts.iter().find(|p| p.x == at) {
            lines.push(point_line(l, data, *mode, p, metric));
        }
    }
    for b in &data.bounds {
        let name = ("name", Arg::Text(data.label(b.mode).to_string()));
        match (metric, bound(data, b, metric, at)) {
            (SweepMetric::Throughput, Some(y)) => {
                lines.push(k::TIP_THEORY.text(l, &[name, ("rps", Arg::Fixed(y, 0))]))
            }
            (SweepMetric::Latency, Some(y)) => {
                lines.push(k::TIP_LITTLE.text(l, &[name, ("r", Arg::Text(ms_in(l, y)))]))
            }
            _ => {}
        }
    }
    for m in data
        .markers
        .iter()
        .filter(|m| (m.x / at - 1.0).abs() < 0.15)
    {
        lines.push(m.label.clone());
    }
    Some(Tooltip {
        title: format!("{} = {}", data.axis.short(l), l.number(at, 0)),
        lines,
    })
}

/// The sweep's numbers: each column's values at each swept x (and the share
/// that failed, where any did), each column's theory bound there, and the
/// measured figures as notes.
pub fn sweep_data(l: Locale, data: &SweepChart, metric: SweepMetric) -> ChartData {
    let xs = data.xs();
    let mut series = Vec::new();
    for (mode, pts) in &data.curves {
        let name = data.label(*mode);
        let named = |key: crate::i18n::keys::Key| key.text(l, &[("name", Arg::Text(name.into()))]);
        let of = |f: fn(&SweepPoint) -> f64| pts.iter().map(|p| (p.x, f(p))).collect();
        match metric {
            SweepMetric::Throughput => {
                series.push(Series::new(
                    named(k::SERIES_SUCCESSFUL),
                    Unit::ReqPerS,
                    of(|p| p.goodput_rps),
                ));
                if pts.iter().any(failed) {
                    series.push(Series::new(
                        named(k::SERIES_FAILED),
                        Unit::Pct,
                        of(|p| p.error_pct),
                    ));
                }
            }
            SweepMetric::Latency => {
                series.push(Series::new(
                    named(k::SERIES_P50),
                    Unit::Ms,
                    of(|p| p.p50_ms),
                ));
                series.push(Series::new(
                    named(k::SERIES_P99),
                    Unit::Ms,
                    of(|p| p.p99_ms),
                ));
            }
        }
    }
    for b in &data.bounds {
        let pts: Vec<(f64, f64)> = (xs.iter())
            .filter_map(|&x| Some((x, bound(data, b, metric, x)?)))
            .filter(|p| p.1.is_finite())
            .collect();
        let (what, unit) = match metric {
            SweepMetric::Throughput => (k::SERIES_THEORY, Unit::ReqPerS),
            SweepMetric::Latency => (k::SERIES_LITTLE, Unit::Ms),
        };
        if !pts.is_empty() {
            let name = what.text(l, &[("name", Arg::Text(data.label(b.mode).into()))]);
            series.push(Series::new(name, unit, pts));
        }
    }
    ChartData {
        locale: l,
        x_header: data.axis_label.clone(),
        x_unit: Some(Unit::Whole),
        series,
        notes: data.markers.iter().map(|m| m.label.clone()).collect(),
        ..Default::default()
    }
}

/// The sweeps of `Plot::Sweep`: one metric of the load swept, as [`super::draw`], [`super::tooltip`] and
/// [`super::data`] show it.
pub(crate) struct SweepPlot<'a>(pub &'a SweepChart, pub SweepMetric);

impl super::Drawn for SweepPlot<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
        l: Locale,
    ) -> Result<Frame, ChartError> {
        draw_sweep(area, style, l, self.0, self.1)
    }

    fn tooltip(&self, l: Locale, x: f64) -> Option<Tooltip> {
        sweep_tooltip(l, self.0, self.1, x)
    }

    fn data(&self, l: Locale) -> ChartData {
        sweep_data(l, self.0, self.1)
    }
}
