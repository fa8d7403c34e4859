//! One run's memory over time, stacked by kind (the Java heap's kinds
//! below, native memory above) with the limits drawn: `-Xmx` against the
//! heap, the container's limit against the whole; and the garbage
//! collector's pauses as bands, here and on the other time charts.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use super::legend::{Dash, Entry, Swatch, with_legend};
use super::style::{
    GUIDE_DASH, MEASURED, MUTED, SERIES, Style, chart_builder, draw_guide, draw_mesh,
};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::charts::run_label;
use crate::app::digest::MEMORY_KINDS;
use crate::app::format::thousands;
use crate::app::over_time;
use crate::app::{RunView, nearest};
use crate::sim::report::{GcKind, MemoryKind};

/// The colour of a memory kind: blues and greens for the heap, greys for native.
fn kind_color(kind: MemoryKind) -> RGBColor {
    match kind {
        MemoryKind::HeapIdle => RGBColor(158, 202, 225),
        MemoryKind::HeapConnections => RGBColor(107, 174, 214),
        MemoryKind::HeapRequests => SERIES[0],
        MemoryKind::HeapVirtualThreads => RGBColor(116, 196, 118),
        MemoryKind::HeapStackChunks => SERIES[2],
        MemoryKind::HeapGarbage => RGBColor(222, 222, 190),
        MemoryKind::NativeBase => RGBColor(189, 189, 189),
        MemoryKind::NativeStacks => RGBColor(120, 120, 120),
    }
}

fn kind_label(kind: MemoryKind) -> &'static str {
    MEMORY_KINDS
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or("", |(_, l)| *l)
}

/// The colour of the pause bands on the memory chart.
fn pause_color() -> RGBAColor {
    MUTED.mix(0.35)
}

/// One kind's band: its time points, bottom and top (MB), stacked.
struct Band {
    kind: MemoryKind,
    t: Vec<f64>,
    low: Vec<f64>,
    top: Vec<f64>,
}

/// Each kind's band, bottom up, each kind averaged over the same window
/// as the other over-time gauges.
fn bands(run: &RunView) -> Vec<Band> {
    let mut out: Vec<Band> = Vec::new();
    for (kind, v) in &run.memory.kinds {
        let line = over_time::gauge(run, v);
        let t: Vec<f64> = line.iter().map(|p| p.0).collect();
        let low = out
            .last()
            .map_or_else(|| vec![0.0; t.len()], |b| b.top.clone());
        let top = low.iter().zip(&line).map(|(a, p)| a + p.1).collect();
        out.push(Band {
            kind: *kind,
            t,
            low,
            top,
        });
    }
    out
}

/// Draws one run's memory by kind, stacked, with `-Xmx` and the container's limit.
pub fn draw_memory<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    run: &RunView,
) -> Result<Frame, ChartError> {
    let t1 = over_time::end_s(run);
    let m = &run.memory;
    if t1 <= 0.0 || m.kinds.is_empty() {
        return draw_message(area, style, "running…");
    }
    area.fill(&WHITE).map_err(err)?;
    let bands = bands(run);
    let peak = bands
        .last()
        .map_or(0.0, |b| b.top.iter().copied().fold(0.0, f64::max));
    let limits = [
        (m.heap_limit_mb, "-Xmx (heap)"),
        (m.container_limit_mb, "container limit (resident)"),
    ];
    let shown: Vec<(f64, &str)> = limits
        .into_iter()
        .filter(|(l, _)| *l > 0.0 && *l < peak.max(1.0) * 4.0)
        .collect();
    let ymax = shown.iter().map(|l| l.0).fold(peak, f64::max).max(1.0) * 1.12;
    let mut entries: Vec<Entry> = bands
        .iter()
        .map(|b| Entry {
            swatch: Swatch::Fill(kind_color(b.kind).to_rgba()),
            label: kind_label(b.kind).to_string(),
        })
        .collect();
    let dashes = [Dash::Dashed, Dash::Dotted];
    for ((limit, name), dash) in shown.iter().zip(dashes) {
        entries.push(Entry::line(
            MEASURED.to_rgba(),
            dash,
            GUIDE_DASH.2,
            format!("{name}: {} MB", thousands(*limit, 0)),
        ));
    }
    if !run.gc.pauses.is_empty() {
        entries.push(Entry {
            swatch: Swatch::Fill(pause_color()),
            label: "GC pauses".into(),
        });
    }
    let plot = with_legend(area, style, &entries)?;
    let mut chart = chart_builder(&plot, style)
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?;
    draw_mesh(
        &mut chart,
        style,
        "simulated time (s)",
        "memory (MB): heap below, native above",
    )?;
    draw_gc_pauses(&mut chart, run, ymax, pause_color())?;
    for b in &bands {
        let outline: Vec<(f64, f64)> = (b.t.iter().copied().zip(b.top.iter().copied()))
            .chain(b.t.iter().copied().zip(b.low.iter().copied()).rev())
            .collect();
        chart
            .draw_series(std::iter::once(Polygon::new(
                outline,
                kind_color(b.kind).filled(),
            )))
            .map_err(err)?;
    }
    for ((limit, _), dash) in shown.iter().zip(dashes) {
        let pts = vec![(0.0, *limit), (t1, *limit)];
        match dash {
            Dash::Dashed => draw_guide(&mut chart, style, pts, MEASURED.to_rgba())?,
            _ => {
                chart
                    .draw_series(style.dashed(pts, &MEASURED, (2.0, 3.0, GUIDE_DASH.2)))
                    .map_err(err)?;
            }
        }
    }
    Ok(plot_frame(&chart, (0.0, t1), ymax, false))
}

/// Each kind's memory at time `t` (s), and the limits.
pub fn memory_tooltip(run: &RunView, t: f64) -> Option<Tooltip> {
    let i = nearest(&run.series.t_s, t, false)?;
    let m = &run.memory;
    let mut lines: Vec<String> = m
        .kinds
        .iter()
        .filter_map(|(k, v)| {
            Some(format!(
                "{}: {} MB",
                kind_label(*k),
                thousands(*v.get(i)?, 1)
            ))
        })
        .collect();
    lines.push(format!(
        "stacks reserved (not resident): up to {} MB",
        thousands(m.peak_stacks_reserved_mb, 0)
    ));
    lines.extend(m.limits_hit.iter().cloned());
    Some(Tooltip {
        title: format!("{}, t = {:.2} s", run_label(run), run.series.t_s[i]),
        lines,
    })
}

type TimeChart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The run's stop-the-world pauses as bands from 0 to `ymax`, at least a
/// pixel wide (a 10 ms pause in a 60 s run would vanish otherwise).
pub(crate) fn draw_gc_pauses<DB: DrawingBackend>(
    chart: &mut TimeChart<'_, DB>,
    run: &RunView,
    ymax: f64,
    color: RGBAColor,
) -> Result<(), ChartError> {
    draw_pause_bands(chart, &run.gc.pauses, (0.0, ymax), 1.0, color)
}

/// Pauses as bands between `y0` and `y1`; times in the chart's x unit,
/// `per_s` of them to a second.
pub(crate) fn draw_pause_bands<DB: DrawingBackend>(
    chart: &mut TimeChart<'_, DB>,
    pauses: &[(f64, f64, GcKind)],
    (y0, y1): (f64, f64),
    per_s: f64,
    color: RGBAColor,
) -> Result<(), ChartError> {
    if pauses.is_empty() {
        return Ok(());
    }
    let (x0, _) = chart.backend_coord(&(0.0, 0.0));
    let (x1, _) = chart.backend_coord(&(per_s, 0.0));
    let per_px = if x1 > x0 {
        per_s / (x1 - x0) as f64
    } else {
        0.0
    };
    chart
        .draw_series(pauses.iter().map(|&(at, ms, _)| {
            let (from, len) = (at * per_s, ms / 1000.0 * per_s);
            Rectangle::new(
                [(from, y0), ((from + len).max(from + per_px), y1)],
                color.filled(),
            )
        }))
        .map_err(err)?;
    Ok(())
}
