//! One run's memory over time, stacked by kind (the Java heap's kinds
//! below, native memory above) with the limits drawn: `-Xmx` against the
//! heap, the container's limit against the whole; and the garbage
//! collector's pauses as bands, here and on the other time charts.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use super::gauges::end_t;
use super::style::{
    MEASURED, MUTED, SERIES, Style, chart_builder, draw_guide, draw_legend, draw_mesh,
};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::digest::MEMORY_KINDS;
use crate::app::format::thousands;
use crate::app::modes::label;
use crate::app::{RunView, nearest};
use crate::sim::report::MemoryKind;

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

/// Draws one run's memory by kind, stacked, with `-Xmx` and the container's limit.
pub fn draw_memory<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    run: &RunView,
) -> Result<Frame, ChartError> {
    let t1 = end_t(run);
    let m = &run.memory;
    if t1 <= 0.0 || m.kinds.is_empty() {
        return draw_message(area, style, "running…");
    }
    area.fill(&WHITE).map_err(err)?;
    let t = &run.series.t_s;
    let w = super::smoothing_window(t.len());
    // Cumulative tops, bottom up.
    let mut tops: Vec<(MemoryKind, Vec<f64>, Vec<f64>)> = Vec::new();
    let mut below = vec![0.0; t.len()];
    for (kind, v) in &m.kinds {
        let v = super::smooth(v, w);
        let top: Vec<f64> = below.iter().zip(&v).map(|(a, b)| a + b).collect();
        tops.push((*kind, below.clone(), top.clone()));
        below = top;
    }
    let peak = below.iter().copied().fold(0.0, f64::max);
    let limits = [
        (m.heap_limit_mb, "-Xmx (heap)"),
        (m.container_limit_mb, "container limit (resident)"),
    ];
    let shown: Vec<(f64, &str)> = limits
        .into_iter()
        .filter(|(l, _)| *l > 0.0 && *l < peak.max(1.0) * 4.0)
        .collect();
    let ymax = shown.iter().map(|l| l.0).fold(peak, f64::max).max(1.0) * 1.12;
    let mut chart = chart_builder(area, style)
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?;
    draw_mesh(
        &mut chart,
        style,
        "simulated time (s)",
        "memory (MB): heap below, native above",
    )?;
    draw_gc_pauses(&mut chart, run, ymax, MUTED.mix(0.35))?;
    for (kind, low, top) in &tops {
        let c = kind_color(*kind);
        let outline: Vec<(f64, f64)> = t
            .iter()
            .copied()
            .zip(top.iter().copied())
            .chain(t.iter().copied().zip(low.iter().copied()).rev())
            .collect();
        chart
            .draw_series(std::iter::once(Polygon::new(outline, c.filled())))
            .map_err(err)?
            .label(kind_label(*kind))
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], c.filled()));
    }
    for (limit, name) in shown {
        draw_guide(
            &mut chart,
            style,
            vec![(0.0, limit), (t1, limit)],
            MEASURED.to_rgba(),
            format!("{name}: {} MB", thousands(limit, 0)),
        )?;
    }
    draw_legend(&mut chart, style, SeriesLabelPosition::UpperLeft, 0.75)?;
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
        title: format!("{}, t = {:.2} s", label(run.mode), run.series.t_s[i]),
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
    draw_pause_bands(chart, &run.gc.pauses, 0.0, ymax, 1.0, color, None)
}

/// Pauses as bands between `y0` and `y1`; times in the chart's x unit,
/// `per_s` of them to a second; labelled once in the legend if `label`.
pub(crate) fn draw_pause_bands<DB: DrawingBackend>(
    chart: &mut TimeChart<'_, DB>,
    pauses: &[(f64, f64, crate::sim::report::GcKind)],
    y0: f64,
    y1: f64,
    per_s: f64,
    color: RGBAColor,
    label: Option<String>,
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
    let anno = chart
        .draw_series(pauses.iter().map(|&(at, ms, _)| {
            let (from, len) = (at * per_s, ms / 1000.0 * per_s);
            Rectangle::new(
                [(from, y0), ((from + len).max(from + per_px), y1)],
                color.filled(),
            )
        }))
        .map_err(err)?;
    if let Some(label) = label {
        anno.label(label)
            .legend(move |(x, y)| Rectangle::new([(x + 6, y - 6), (x + 9, y + 6)], color.filled()));
    }
    Ok(())
}
