//! The timeline: what each Tomcat thread (platform) or carrier thread
//! (virtual) does over a short window — running, blocked, waiting, mounted,
//! pinned or idle — one lane per thread.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::data::{ChartData, Series, Unit};
use super::legend::{Entry, Swatch, with_legend};
use super::style::{MUTED, Style, chart_builder, house_mesh, palette};
use super::{ChartError, Frame, Tooltip, draw_message, err};
use crate::app::RunView;
use crate::app::basis::format::tick_in;
use crate::app::run::digest::lane_state_words;
use crate::i18n::keys::chart as k;
use crate::i18n::{Arg, Locale};
use crate::sim::report::GcKind;
use crate::sim::timeline::LaneState;

/// The colour of a lane state: Okabe and Ito's hues, none confusable with
/// another (tested).
pub(super) fn state_color(state: LaneState) -> RGBColor {
    match state {
        LaneState::Idle => RGBColor(236, 236, 236),
        LaneState::Cpu => palette::NEAR_BLACK,
        LaneState::Blocked => palette::VERMILLION,
        LaneState::Waiting => palette::SAND,
        LaneState::Mounted => palette::BLUE,
        LaneState::Pinned => palette::REDDISH_PURPLE,
    }
}

/// Lane states, each counted or marked by its place in [`LaneState::ALL`].
const STATES: usize = LaneState::ALL.len();

type LaneChart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Draws one run's timeline: a legend of the states it uses above, one lane
/// per thread below.
pub fn draw_timeline<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    run: &RunView,
) -> Result<Frame, ChartError> {
    let tl = &run.timeline;
    let lanes = tl.lanes.len();
    if lanes == 0 || tl.end_ms <= tl.start_ms {
        return draw_message(area, style, &k::NO_LANES.text(l, &[]));
    }
    area.fill(&WHITE).map_err(err)?;
    let body = with_legend(area, style, &state_legend(l, run))?;
    // The body's own coordinates start below the legend.
    let legend_h = area.dim_in_pixel().1 - body.dim_in_pixel().1;
    let mut chart = chart_builder(&body, style)
        .y_label_area_size((style.font_px * 9.0) as u32)
        .build_cartesian_2d(tl.start_ms..tl.end_ms, 0f64..lanes as f64)
        .map_err(err)?;
    draw_lane_mesh(&mut chart, style, l, tl.carriers)?;
    chart
        .draw_series(tl.segments.iter().map(|&(lane, state, from, to)| {
            let y = lane as f64;
            Rectangle::new(
                [(from, y + 0.1), (to, y + 0.9)],
                state_color(state).filled(),
            )
        }))
        .map_err(err)?;
    // Stop-the-world pauses across every lane: no thread runs.
    super::pauses::draw_pause_bands(
        &mut chart,
        &pauses_in_window(run),
        (0.0, lanes as f64),
        1000.0,
        PAUSE,
    )?;
    draw_lane_names(&chart, &body, style, run, legend_h as i32)?;
    if tl.truncated {
        chart
            .draw_series(std::iter::once(Text::new(
                k::SEGMENTS_CAPPED.text(l, &[]),
                (tl.end_ms, lanes as f64),
                style
                    .font(0.7)
                    .color(&MUTED)
                    .pos(Pos::new(HPos::Right, VPos::Top)),
            )))
            .map_err(err)?;
    }
    let (l, t) = chart.backend_coord(&(tl.start_ms, lanes as f64));
    let (r, b) = chart.backend_coord(&(tl.end_ms, 0.0));
    // Backend coordinates are the whole canvas's already.
    Ok(Frame {
        px_left: l as f64,
        px_right: r as f64,
        px_top: t as f64,
        px_bottom: b as f64,
        x_min: tl.start_ms,
        x_max: tl.end_ms,
        log_x: false,
        y_max: 0.0,
    })
}

/// Stop-the-world pauses: a dark veil over every lane.
const PAUSE: RGBAColor = RGBAColor(60, 60, 60, 0.35);

/// The run's pauses that overlap the timeline's window.
fn pauses_in_window(run: &RunView) -> Vec<(f64, f64, GcKind)> {
    let tl = &run.timeline;
    (run.gc.pauses.iter())
        .filter(|p| p.0 * 1000.0 < tl.end_ms && p.0 * 1000.0 + p.1 > tl.start_ms)
        .copied()
        .collect()
}

/// A coloured box and a name for each state the timeline uses, and the
/// pauses if any fall in its window.
fn state_legend(l: Locale, run: &RunView) -> Vec<Entry> {
    let mut used = [false; STATES];
    for s in &run.timeline.segments {
        used[s.1 as usize] = true;
    }
    let fill = |color: RGBAColor, label: crate::i18n::keys::Key| Entry {
        swatch: Swatch::Fill(color),
        label: label.text(l, &[]),
    };
    let mut out: Vec<Entry> = (LaneState::ALL.into_iter())
        .filter(|s| used[*s as usize])
        .map(|s| fill(state_color(s).to_rgba(), lane_state_words(s).0))
        .collect();
    if !pauses_in_window(run).is_empty() {
        out.push(fill(PAUSE, k::GC_PAUSE_ALL));
    }
    out
}

/// The time axis and the lanes' description (no horizontal grid).
fn draw_lane_mesh<DB: DrawingBackend>(
    chart: &mut LaneChart<'_, DB>,
    style: &Style,
    l: Locale,
    carriers: bool,
) -> Result<(), ChartError> {
    let lanes = if carriers {
        k::TIMELINE_WHO_CARRIERS
    } else {
        k::TIMELINE_WHO_TOMCAT
    };
    house_mesh(chart, style, 0.75)
        .x_desc(k::AXIS_TIME_MS.text(l, &[]))
        .y_desc(lanes.text(l, &[]))
        .x_label_formatter(&|x| tick_in(l, *x))
        .y_labels(0)
        .disable_y_mesh()
        .draw()
        .map_err(err)
}

/// Lane names at the middle of their lanes, left of the plot: about a dozen,
/// evenly spread.
fn draw_lane_names<DB: DrawingBackend>(
    chart: &LaneChart<'_, DB>,
    body: &DrawingArea<DB, Shift>,
    style: &Style,
    run: &RunView,
    legend_h: i32,
) -> Result<(), ChartError> {
    let tl = &run.timeline;
    let step = (tl.lanes.len() as f64 / 12.0).ceil().max(1.0) as usize;
    for (i, name) in tl.lanes.iter().enumerate().step_by(step) {
        let (px, py) = chart.backend_coord(&(tl.start_ms, i as f64 + 0.5));
        body.draw(&Text::new(
            short_name(name),
            (px - style.px(6.0), py - legend_h),
            style.font(0.75).pos(Pos::new(HPos::Right, VPos::Center)),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// `http-nio-8080-exec-12` → `exec-12`; `ForkJoinPool-1-worker-3` → `worker-3`.
fn short_name(name: &str) -> String {
    let parts: Vec<&str> = name.rsplitn(3, '-').collect();
    if parts.len() >= 2 {
        format!("{}-{}", parts[1], parts[0])
    } else {
        name.to_string()
    }
}

/// How many lanes are in each state at time `t` (ms).
fn counts_at(run: &RunView, t: f64) -> [usize; STATES] {
    let mut counts = [0usize; STATES];
    for &(_, state, from, to) in &run.timeline.segments {
        if from <= t && t < to {
            counts[state as usize] += 1;
        }
    }
    counts
}

/// How many moments of the window the table and the keyboard show: the
/// lanes change at every segment's edge, far too often to list each.
const SAMPLES: usize = 60;

/// The timeline's numbers: how many threads are in each state at
/// `SAMPLES` moments spread evenly over the window (the middle of each
/// slice), one column per state the timeline uses.
pub fn timeline_data(l: Locale, run: &RunView) -> ChartData {
    let tl = &run.timeline;
    let span = tl.end_ms - tl.start_ms;
    let ts: Vec<f64> = if tl.lanes.is_empty() || span <= 0.0 {
        Vec::new()
    } else {
        (0..SAMPLES)
            .map(|k| tl.start_ms + (k as f64 + 0.5) * span / SAMPLES as f64)
            .collect()
    };
    let counts: Vec<_> = ts.iter().map(|&t| counts_at(run, t)).collect();
    let used = |state: LaneState| tl.segments.iter().any(|s| s.1 == state);
    let series = (LaneState::ALL.into_iter())
        .filter(|s| used(*s))
        .map(|s| {
            let pts = ts
                .iter()
                .zip(&counts)
                .map(|(t, c)| (*t, c[s as usize] as f64));
            Series::new(
                lane_state_words(s).0.text(l, &[]),
                Unit::Whole,
                pts.collect(),
            )
        })
        .collect();
    ChartData {
        locale: l,
        x_header: k::AXIS_TIME_MS.text(l, &[]),
        x_names: ts.iter().map(|t| (*t, l.number(*t, 1))).collect(),
        series,
        ..Default::default()
    }
}

/// How many lanes are in each state at time `t` (ms).
pub fn timeline_tooltip(l: Locale, run: &RunView, t: f64) -> Option<Tooltip> {
    let tl = &run.timeline;
    if tl.lanes.is_empty() {
        return None;
    }
    let counts = counts_at(run, t);
    let lines = (LaneState::ALL.into_iter())
        .zip(counts)
        .filter(|(_, n)| *n > 0)
        .map(|(state, n)| {
            let meaning = lane_state_words(state).1;
            let args = [
                ("n", Arg::Number(n as f64)),
                ("state", Arg::Text(meaning.text(l, &[]))),
            ];
            k::TIP_STATE_COUNT.text(l, &args)
        })
        .collect();
    let args = [
        ("t", Arg::Fixed(t, 1)),
        ("n", Arg::Number(tl.lanes.len() as f64)),
    ];
    Some(Tooltip {
        title: k::TIP_TIMELINE_TITLE.text(l, &args),
        lines,
    })
}

/// One run's timeline (`Plot::Timeline`), as [`super::draw`], [`super::tooltip`] and
/// [`super::data`] show it.
pub(crate) struct TimelinePlot<'a>(pub &'a RunView);

impl super::Drawn for TimelinePlot<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
        l: Locale,
    ) -> Result<Frame, ChartError> {
        draw_timeline(area, style, l, self.0)
    }

    fn tooltip(&self, l: Locale, x: f64) -> Option<Tooltip> {
        timeline_tooltip(l, self.0, x)
    }

    fn data(&self, l: Locale) -> ChartData {
        timeline_data(l, self.0)
    }
}
