//! Which charts the page shows, in which order, with which data
//! ([`ChartSpec`]), each with a title and a line on what to look for; and
//! the source articles' measured figures drawn on them as markers. The
//! `chart` module draws a spec; `ui` puts it on a canvas.

use std::rc::Rc;

use super::bounds::Bounds;
use super::digest::{RunView, SweepPoint};
use super::format::figure_in;
use super::modes::{Mode, PerMode};
use super::plan::{SWEEP_REQUESTS, SweepAxis};
use super::state::State;
use crate::fidelity::{Measured, Read, Stat, figures};
use crate::i18n::keys::chart as k;
use crate::i18n::{Arg, Locale};
use crate::sim::tool::{HEY_MAX_IDLE, Tool};

/// Which sweep chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepMetric {
    /// Requests per second.
    Throughput,
    /// p50 and p99 latency.
    Latency,
}

/// Which quantity over time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeMetric {
    /// Requests per second.
    Throughput,
    /// Mean and p99 latency.
    Latency,
}

/// A measured figure drawn as a marker.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// The mode of the run it was measured in.
    pub mode: Mode,
    /// Concurrency (or rate) it was measured at.
    pub x: f64,
    /// The value in the chart's unit (req/s, or ms for latencies).
    pub y: f64,
    /// E.g. "E2 measured, Requests/sec: 1,877.21 req/s".
    pub label: String,
}

/// Everything a sweep chart shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SweepChart {
    /// What x is: clients in flight, or arrivals per second.
    pub axis: SweepAxis,
    /// The x axis description.
    pub axis_label: String,
    /// Each column's name.
    pub labels: PerMode<String>,
    /// Curves: (mode, points sorted by x).
    pub curves: Vec<(Mode, Vec<SweepPoint>)>,
    /// Bounds per mode.
    pub bounds: Vec<Bounds>,
    /// Measured figures.
    pub markers: Vec<Marker>,
    /// The scenario's own x (a vertical guide).
    pub here: Option<f64>,
}

impl SweepChart {
    /// The theory's throughput bound of `b` at x: min(N ÷ (S + Z), ceiling)
    /// for a closed loop, min(λ, ceiling) for arrivals at rate λ.
    pub fn throughput_bound(&self, b: &Bounds, x: f64) -> f64 {
        match self.axis {
            SweepAxis::Concurrency => b.throughput_bound(x),
            SweepAxis::Rate => x.min(b.max_rps()),
        }
    }

    /// Little's law's latency bound of `b` at x (closed loops only: with
    /// arrivals at a rate, no client count ties latency to throughput).
    pub fn latency_bound_ms(&self, b: &Bounds, x: f64) -> Option<f64> {
        (self.axis == SweepAxis::Concurrency).then(|| b.latency_bound_ms(x))
    }

    /// The name of column `mode`.
    pub fn label(&self, mode: Mode) -> &str {
        self.labels.get(mode)
    }

    /// Every swept x of any curve, sorted, once each.
    pub fn xs(&self) -> Vec<f64> {
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

/// Which chart with which data, in which language.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartSpec {
    /// The chart and its data.
    pub kind: ChartKind,
    /// The language its words and numbers are written in (a new language
    /// makes a new spec, so the chart is drawn again).
    pub locale: Locale,
}

impl ChartSpec {
    /// `kind` in `locale`'s words.
    pub fn new(kind: ChartKind, locale: Locale) -> ChartSpec {
        ChartSpec { kind, locale }
    }
}

/// Which chart with which data.
#[derive(Clone, Debug, PartialEq)]
pub enum ChartKind {
    /// Throughput or latency against concurrency (or arrival rate).
    Sweep(Rc<SweepChart>, SweepMetric),
    /// Throughput or latency over time, with ceilings and measured lines.
    OverTime(Vec<Rc<RunView>>, Rc<Vec<Bounds>>, Vec<Marker>, TimeMetric),
    /// One run's thread/carrier timeline.
    Timeline(Rc<RunView>),
    /// One run's utilisation gauges.
    Utilisation(Rc<RunView>),
    /// One run's memory by kind, stacked, with its limits (MB).
    Memory(Rc<RunView>),
    /// Latency histograms.
    Histogram(Vec<Rc<RunView>>),
    /// Errors by cause.
    Errors(Vec<Rc<RunView>>),
    /// Connections over time: open, idle, in the accept queue, reconnects.
    Connections(Vec<Rc<RunView>>),
}

/// One chart of the page.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartView {
    /// Its element id (tests find charts by it).
    pub id: String,
    /// Its heading.
    pub title: String,
    /// One line on what it shows and what to look for.
    pub about: String,
    /// What it draws.
    pub spec: Rc<ChartSpec>,
}

fn view(id: &str, title: String, about: String, spec: ChartSpec) -> ChartView {
    ChartView {
        id: id.to_string(),
        title,
        about,
        spec: Rc::new(spec),
    }
}

/// A value for a text's parameter.
fn text(s: impl Into<String>) -> Arg {
    Arg::Text(s.into())
}

/// The measured figures of the loaded preset's runs as markers, in the
/// chart's units; `pick` chooses which reads belong on the chart.
pub fn markers(state: &State, pick: impl Fn(Read) -> bool) -> Vec<Marker> {
    let locale = state.view.locale();
    let mut out = Vec::new();
    for &mode in state.setup.modes.list() {
        let Some(p) = state.setup.preset_for(mode) else {
            continue;
        };
        let x = p
            .draft()
            .get("load.concurrency")
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0);
        for f in figures()
            .iter()
            .filter(|f| f.preset == p.name && pick(f.read))
        {
            if let Measured::Number(v) = f.measured {
                out.push(Marker {
                    mode,
                    x,
                    y: v * f.read_units_per_unit(),
                    label: k::MARKER.text(
                        locale,
                        &[
                            ("experiment", text(f.experiment)),
                            ("metric", text(f.metric)),
                            ("value", text(figure_in(locale, v))),
                            ("unit", text(f.unit)),
                        ],
                    ),
                });
            }
        }
    }
    out
}

fn sweep_chart(state: &State, pick: fn(Read) -> bool) -> SweepChart {
    let r = &state.results;
    let axis = r.axis.unwrap_or_default();
    let columns = state.setup.columns;
    let locale = state.view.locale();
    SweepChart {
        axis,
        axis_label: axis.label(locale),
        labels: PerMode {
            platform: columns.name(Mode::Platform, locale),
            virtual_threads: columns.name(Mode::Virtual, locale),
        },
        curves: r
            .sweep
            .iter()
            .filter(|(_, pts)| !pts.is_empty())
            .map(|(m, pts)| (m, pts.clone()))
            .collect(),
        bounds: (*r.bounds).clone(),
        // The articles measured with clients in flight: their figures are
        // points on a concurrency axis, not on an arrival-rate one.
        markers: match axis {
            SweepAxis::Concurrency => markers(state, pick),
            SweepAxis::Rate => Vec::new(),
        },
        here: state
            .setup
            .text(None, axis.key())
            .and_then(|t| t.parse().ok()),
    }
}

/// What the sweep charts' captions say of the x axis and the markers.
fn sweep_captions(state: &State, axis: SweepAxis) -> (String, String) {
    let l = state.view.locale();
    let measured = !markers(state, |r| r == Read::ThroughputRps).is_empty();
    let (about, note, latency) = match axis {
        SweepAxis::Concurrency => (
            k::ABOUT_SWEEP_CLOSED,
            k::ABOUT_SWEEP_CLOSED_MEASURED,
            k::ABOUT_SWEEP_LATENCY_CLOSED,
        ),
        SweepAxis::Rate => (
            k::ABOUT_SWEEP_RATE,
            k::ABOUT_SWEEP_RATE_MEASURED,
            k::ABOUT_SWEEP_LATENCY_RATE,
        ),
    };
    // A cold start is repeated by every short run, where it weighs more.
    let cold =
        (state.results.singles.iter()).any(|(_, r)| r.as_ref().is_some_and(|r| r.warmup.is_some()));
    let cold = if cold {
        k::ABOUT_SWEEP_COLD.text(l, &[])
    } else {
        String::new()
    };
    let mut about = about.text(
        l,
        &[
            ("requests", Arg::Number(SWEEP_REQUESTS as f64)),
            ("cold", Arg::Text(cold)),
        ],
    );
    if measured {
        about.push_str(&note.text(l, &[]));
    }
    (about, latency.text(l, &[]))
}

/// The sweeps and the runs over time.
fn load_charts(state: &State, runs: &[Rc<RunView>]) -> Vec<ChartView> {
    let l = state.view.locale();
    let spec = |kind| ChartSpec::new(kind, l);
    let bounds = &state.results.bounds;
    let tput = sweep_chart(state, |r| r == Read::ThroughputRps);
    let lat = sweep_chart(state, |r| {
        matches!(r, Read::Latency(Stat::Mean | Stat::P50 | Stat::P99))
    });
    let axis = tput.axis;
    let x = [("x", text(axis.short(l)))];
    let (tput_about, lat_about) = sweep_captions(state, axis);
    vec![
        view(
            "chart-sweep-throughput",
            k::TITLE_SWEEP_THROUGHPUT.text(l, &x),
            tput_about,
            spec(ChartKind::Sweep(Rc::new(tput), SweepMetric::Throughput)),
        ),
        view(
            "chart-sweep-latency",
            k::TITLE_SWEEP_LATENCY.text(l, &x),
            lat_about,
            spec(ChartKind::Sweep(Rc::new(lat), SweepMetric::Latency)),
        ),
        view(
            "chart-throughput-time",
            k::TITLE_THROUGHPUT_TIME.text(l, &[]),
            k::ABOUT_THROUGHPUT_TIME.text(l, &[]),
            spec(ChartKind::OverTime(
                runs.to_vec(),
                bounds.clone(),
                // A closed loop's measured throughput says nothing of arrivals
                // at another rate.
                match axis {
                    SweepAxis::Concurrency => markers(state, |r| r == Read::ThroughputRps),
                    SweepAxis::Rate => Vec::new(),
                },
                TimeMetric::Throughput,
            )),
        ),
        view(
            "chart-latency-time",
            k::TITLE_LATENCY_TIME.text(l, &[]),
            k::ABOUT_LATENCY_TIME.text(l, &[]),
            spec(ChartKind::OverTime(
                runs.to_vec(),
                bounds.clone(),
                Vec::new(),
                TimeMetric::Latency,
            )),
        ),
    ]
}

/// How Java names a Tomcat thread and a carrier thread.
const TOMCAT_THREAD: &str = "http-nio";
const CARRIER_THREAD: &str = "ForkJoinPool";

/// The timeline's caption in `l`'s words: the window, and how many of the
/// run's threads it shows.
pub fn timeline_about(run: &RunView, l: Locale) -> String {
    let t = &run.timeline;
    let shown = t.lanes.len();
    let started = (t.threads as usize).max(shown);
    let count = |n: usize| Arg::Number(n as f64);
    let lanes = if shown < started {
        k::TIMELINE_SOME_LANES.text(l, &[("shown", count(shown)), ("started", count(started))])
    } else {
        k::TIMELINE_ALL_LANES.text(l, &[("started", count(started))])
    };
    k::ABOUT_TIMELINE.text(
        l,
        &[
            ("from", Arg::Fixed(t.start_ms, 0)),
            ("to", Arg::Fixed(t.end_ms, 0)),
            ("lanes", text(lanes)),
        ],
    )
}

/// The column a chart's "Replay" button replays: a timeline's run's.
pub fn replay_column(c: &ChartView) -> Option<Mode> {
    match &c.spec.kind {
        ChartKind::Timeline(run) => Some(run.mode),
        _ => None,
    }
}

/// Each run's timeline and utilisation.
fn thread_charts(runs: &[Rc<RunView>], l: Locale) -> Vec<ChartView> {
    let spec = |kind| ChartSpec::new(kind, l);
    let column = |run: &RunView| [("column", text(run_label(run, l)))];
    let id = |chart: &str, run: &RunView| {
        format!("chart-{chart}-{}", crate::scenario::mode_word(run.mode))
    };
    let timelines = runs.iter().map(|run| {
        let names = &run.timeline.lanes;
        let has = |prefix: &str| names.iter().any(|n| n.starts_with(prefix));
        let who = match (has(TOMCAT_THREAD), has(CARRIER_THREAD)) {
            (true, true) => k::TIMELINE_WHO_BOTH,
            (false, true) => k::TIMELINE_WHO_CARRIERS,
            (true, false) => k::TIMELINE_WHO_TOMCAT,
            (false, false) => k::TIMELINE_WHO_THREADS,
        };
        let [c] = column(run);
        view(
            &id("timeline", run),
            k::TITLE_TIMELINE.text(l, &[("who", text(who.text(l, &[]))), c]),
            timeline_about(run, l),
            spec(ChartKind::Timeline(run.clone())),
        )
    });
    let gauges = runs.iter().map(|run| {
        view(
            &id("utilisation", run),
            k::TITLE_UTILISATION.text(l, &column(run)),
            k::ABOUT_UTILISATION.text(l, &[]),
            spec(ChartKind::Utilisation(run.clone())),
        )
    });
    let memory = runs.iter().map(|run| {
        view(
            &id("memory", run),
            k::TITLE_MEMORY.text(l, &column(run)),
            k::ABOUT_MEMORY.text(l, &[("gc", text(run.gc.summary(l)))]),
            spec(ChartKind::Memory(run.clone())),
        )
    });
    timelines.chain(gauges).chain(memory).collect()
}

/// A run's column name in `l`'s words.
pub fn run_label(run: &RunView, l: Locale) -> String {
    run.columns.name(run.mode, l)
}

/// The latency histogram and errors, all runs in each.
fn run_charts(runs: &[Rc<RunView>], l: Locale) -> Vec<ChartView> {
    let spec = |kind| ChartSpec::new(kind, l);
    vec![
        view(
            "chart-histogram",
            k::TITLE_HISTOGRAM.text(l, &[]),
            k::ABOUT_HISTOGRAM.text(l, &[]),
            spec(ChartKind::Histogram(runs.to_vec())),
        ),
        view(
            "chart-errors",
            k::TITLE_ERRORS.text(l, &[]),
            k::ABOUT_ERRORS.text(l, &[]),
            spec(ChartKind::Errors(runs.to_vec())),
        ),
        view(
            "chart-connections",
            k::TITLE_CONNECTIONS.text(l, &[("tool", text(tool_words(runs, l)))]),
            k::ABOUT_CONNECTIONS.text(l, &[]),
            spec(ChartKind::Connections(runs.to_vec())),
        ),
    ]
}

/// Every chart the page can show ([`CHART_IDS`](super::view::CHART_IDS)),
/// each with its heading for menus: the chart's own title where it has data
/// to draw, else the title it will have (a column's timeline, gauges and
/// memory before that column has run), never its bare id.
pub fn chart_names(state: &State) -> Vec<(&'static str, String)> {
    let views = charts(state);
    super::view::CHART_IDS
        .iter()
        .map(|&id| {
            let title = views
                .iter()
                .find(|v| v.id.strip_prefix("chart-") == Some(id))
                .map(|v| v.title.clone())
                .or_else(|| title_before_a_run(state, id))
                .unwrap_or_else(|| id.to_string());
            (id, title)
        })
        .collect()
}

/// The charts an embed of `state` can show, with their names: those of
/// [`chart_names`] that its columns draw (not a column it does not run).
pub fn embed_chart_names(state: &State) -> Vec<(&'static str, String)> {
    let runs = |mode: Mode| state.setup.modes.list().contains(&mode);
    chart_names(state)
        .into_iter()
        .filter(|(id, _)| column_of(id).is_none_or(runs))
        .collect()
}

/// The column a chart of one column draws (`timeline-virtual`: virtual).
pub fn column_of(id: &str) -> Option<Mode> {
    let (_, suffix) = id.rsplit_once('-')?;
    crate::scenario::mode_named(suffix)
}

/// The title of a chart of one column that has no run yet to draw.
fn title_before_a_run(state: &State, id: &str) -> Option<String> {
    let l = state.view.locale();
    let mode = column_of(id)?;
    let column = ("column", text(state.setup.columns.name(mode, l)));
    let title = match id.rsplit_once('-')?.0 {
        "timeline" => k::TITLE_TIMELINE.text(
            l,
            &[("who", text(k::TIMELINE_WHO_THREADS.text(l, &[]))), column],
        ),
        "utilisation" => k::TITLE_UTILISATION.text(l, &[column]),
        "memory" => k::TITLE_MEMORY.text(l, &[column]),
        _ => return None,
    };
    Some(title)
}

/// The load tool of the runs, with what it does with connections.
fn tool_words(runs: &[Rc<RunView>], l: Locale) -> String {
    let tool = runs.first().map_or(Tool::Hey, |r| r.tool);
    let how = match tool {
        Tool::Hey => k::TOOL_HEY.text(l, &[("idle", Arg::Number(HEY_MAX_IDLE as f64))]),
        Tool::Wrk | Tool::Wrk2 => k::TOOL_WRK.text(l, &[]),
        Tool::Jmeter => k::TOOL_JMETER.text(l, &[]),
        Tool::K6 => k::TOOL_K6.text(l, &[]),
    };
    k::TOOL_HOW.text(l, &[("tool", text(tool.to_string())), ("how", text(how))])
}

/// Every chart of the page, in order, in the page's language.
pub fn charts(state: &State) -> Vec<ChartView> {
    let l = state.view.locale();
    let runs = state.results.runs(state.setup.modes);
    let mut all = load_charts(state, &runs);
    all.extend(thread_charts(&runs, l));
    all.extend(run_charts(&runs, l));
    all
}
