//! One run's memory over time, stacked by kind (native memory below, the
//! Java heap's kinds above) with the limits drawn: `-Xmx` above native
//! memory (where the heap's top may reach), the container's limit against
//! the whole; and the garbage collector's pauses along the top.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::data::{ChartData, Series, Unit};
use super::legend::{Dash, Entry, Swatch, with_legend};
use super::pauses::draw_pause_strip;
use super::style::{GUIDE_DASH, MEASURED, Style, chart_builder, draw_mesh, outline, palette};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::RunView;
use crate::app::run::digest::MEMORY_KINDS;
use crate::app::run::over_time;
use crate::app::show::charts::run_label;
use crate::i18n::keys::Key;
use crate::i18n::keys::chart as k;
use crate::i18n::{Arg, Locale};
use crate::sim::report::MemoryKind;

/// The edge of a memory kind's band: its colour, darkened where a fill
/// that light would not have 3:1 on the background (tested).
pub(super) fn edge_color(kind: MemoryKind) -> RGBColor {
    outline(kind_color(kind))
}

/// The colour of a memory kind: greys for native memory, a distinct hue
/// for each of the heap's kinds (neighbours in the stack never share one,
/// and none can be confused with another, tested).
pub(super) fn kind_color(kind: MemoryKind) -> RGBColor {
    match kind {
        MemoryKind::HeapIdle => palette::SKY_BLUE,
        MemoryKind::HeapConnections => palette::INDIGO,
        MemoryKind::HeapRequests => palette::ORANGE,
        MemoryKind::HeapVirtualThreads => palette::GREEN,
        MemoryKind::HeapStackChunks => palette::PURPLE,
        MemoryKind::HeapThreadLocals => palette::REDDISH_PURPLE,
        MemoryKind::HeapGarbage => palette::VERMILLION,
        MemoryKind::NativeBase => palette::LIGHT_GREY,
        MemoryKind::NativeStacks => palette::DARK_GREY,
    }
}

fn kind_label(l: Locale, kind: MemoryKind) -> String {
    (MEMORY_KINDS.iter())
        .find(|(k, _)| *k == kind)
        .map_or_else(String::new, |(_, key)| key.text(l, &[]))
}

/// A text with a size in MB (`{$mb}`, whole).
fn with_mb(l: Locale, key: Key, mb: f64) -> String {
    key.text(l, &[("mb", Arg::Fixed(mb, 0))])
}

/// The colour of the pause strip on the memory chart (no memory kind's).
const PAUSE: RGBColor = palette::WINE;

/// Whether a kind is native memory (stacked first).
fn native(kind: MemoryKind) -> bool {
    matches!(kind, MemoryKind::NativeBase | MemoryKind::NativeStacks)
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

/// A limit as drawn: its points, dash and legend words.
struct Limit {
    pts: Vec<(f64, f64)>,
    dash: Dash,
    label: String,
}

/// `-Xmx` above native memory (the heap's top may reach it), and the
/// container's limit against the whole; each only if near enough to the
/// peak to be read beside it.
fn limits(l: Locale, run: &RunView, bands: &[Band], t1: f64, peak: f64) -> Vec<Limit> {
    let m = &run.memory;
    let mut out = Vec::new();
    let t: &[f64] = bands.first().map_or(&[], |b| &b.t);
    let native_top = |i: usize| {
        (bands.iter().rev())
            .find(|b| native(b.kind))
            .map_or(0.0, |b| b.top[i])
    };
    let near = |mb: f64| mb > 0.0 && mb < peak.max(1.0) * 4.0;
    let heap_line: Vec<(f64, f64)> = (0..t.len())
        .map(|i| (t[i], native_top(i) + m.heap_limit_mb))
        .collect();
    if heap_line.iter().any(|p| near(p.1)) {
        out.push(Limit {
            pts: heap_line,
            dash: Dash::Dashed,
            label: with_mb(l, k::XMX_ABOVE_NATIVE, m.heap_limit_mb),
        });
    }
    if near(m.container_limit_mb) {
        let c = m.container_limit_mb;
        out.push(Limit {
            pts: vec![(0.0, c), (t1, c)],
            dash: Dash::Dotted,
            label: with_mb(l, k::CONTAINER_RESIDENT, c),
        });
    }
    out
}

/// Draws one run's memory by kind, stacked (native below, the heap above),
/// with `-Xmx` above native memory, the container's limit, and the
/// collector's pauses along the top.
pub fn draw_memory<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    run: &RunView,
) -> Result<Frame, ChartError> {
    let t1 = over_time::end_s(run);
    if t1 <= 0.0 || run.memory.kinds.is_empty() {
        return draw_message(area, style, &k::RUNNING.text(l, &[]));
    }
    area.fill(&WHITE).map_err(err)?;
    let bands = bands(run);
    let peak = bands
        .last()
        .map_or(0.0, |b| b.top.iter().copied().fold(0.0, f64::max));
    let limits = limits(l, run, &bands, t1, peak);
    let top = (limits.iter())
        .flat_map(|l| l.pts.iter().map(|p| p.1))
        .fold(peak, f64::max);
    let ymax = top.max(1.0) * 1.12;
    let mut entries: Vec<Entry> = bands
        .iter()
        .map(|b| Entry {
            swatch: Swatch::Fill(kind_color(b.kind).to_rgba()),
            label: kind_label(l, b.kind),
        })
        .collect();
    for l in &limits {
        entries.push(Entry::line(
            MEASURED.to_rgba(),
            l.dash,
            GUIDE_DASH.2,
            l.label.clone(),
        ));
    }
    if !run.gc.pauses.is_empty() {
        entries.push(Entry {
            swatch: Swatch::Fill(PAUSE.to_rgba()),
            label: k::GC_PAUSES.text(l, &[]),
        });
    }
    let plot = with_legend(area, style, &entries)?;
    let mut chart = chart_builder(&plot, style)
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?;
    draw_mesh(
        &mut chart,
        style,
        l,
        &k::AXIS_TIME_S.text(l, &[]),
        &k::AXIS_MEMORY.text(l, &[]),
    )?;
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
        // Its top edge, dark enough to stand out where the fill is light.
        let top = b.t.iter().copied().zip(b.top.iter().copied());
        chart
            .draw_series(LineSeries::new(
                top,
                edge_color(b.kind).stroke_width(style.line(1.0)),
            ))
            .map_err(err)?;
    }
    for l in limits {
        let gaps = match l.dash {
            Dash::Dotted => (2.0, 3.0, GUIDE_DASH.2),
            _ => GUIDE_DASH,
        };
        chart
            .draw_series(style.dashed(l.pts, &MEASURED, gaps))
            .map_err(err)?;
    }
    draw_pause_strip(&mut chart, style, &run.gc.pauses, (t1, ymax), 0, PAUSE)?;
    Ok(plot_frame(&chart, (0.0, t1), ymax, false))
}

/// The memory's numbers: each kind as drawn (a mean over a short window,
/// MB, unstacked), the limits and the reserved stacks as notes.
pub fn memory_data(l: Locale, run: &RunView) -> ChartData {
    let m = &run.memory;
    let series = (m.kinds.iter())
        .map(|(k, v)| Series::new(kind_label(l, *k), Unit::Mb, over_time::gauge(run, v)))
        .collect();
    let mut notes = vec![
        with_mb(l, k::XMX, m.heap_limit_mb),
        with_mb(l, k::CONTAINER_LIMIT, m.container_limit_mb),
        stacks_reserved(l, run),
    ];
    notes.extend(m.limits_hit(l));
    ChartData::over_time(l, series, notes)
}

fn stacks_reserved(l: Locale, run: &RunView) -> String {
    with_mb(l, k::STACKS_RESERVED, run.memory.peak_stacks_reserved_mb)
}

/// Each kind's memory as drawn at the point nearest to time `t` (s), and
/// the limits hit.
pub fn memory_tooltip(l: Locale, run: &RunView, t: f64) -> Option<Tooltip> {
    let (at, mut lines) = memory_data(l, run).nearest(t)?;
    lines.push(stacks_reserved(l, run));
    lines.extend(run.memory.limits_hit(l));
    Some(Tooltip {
        title: format!("{}, t = {} s", run_label(run, l), l.number(at, 2)),
        lines,
    })
}

/// One run's memory by kind (`Plot::Memory`), as [`super::draw`], [`super::tooltip`] and
/// [`super::data`] show it.
pub(crate) struct MemoryPlot<'a>(pub &'a RunView);

impl super::Drawn for MemoryPlot<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
        l: Locale,
    ) -> Result<Frame, ChartError> {
        draw_memory(area, style, l, self.0)
    }

    fn tooltip(&self, l: Locale, x: f64) -> Option<Tooltip> {
        memory_tooltip(l, self.0, x)
    }

    fn data(&self, l: Locale) -> ChartData {
        memory_data(l, self.0)
    }
}
