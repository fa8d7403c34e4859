//! Which charts the page shows, in which order, with which data
//! ([`ChartSpec`]), each with a title and a line on what to look for; and
//! the source articles' measured figures drawn on them as markers. The
//! `chart` module draws a spec; `ui` puts it on a canvas.

use std::rc::Rc;

use super::bounds::Bounds;
use super::digest::{RunView, SweepPoint};
use super::format::{figure, thousands};
use super::modes::{Mode, PerMode, label};
use super::plan::SweepAxis;
use super::state::State;
use crate::fidelity::{Measured, Read, Stat, figures};
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

/// Which chart with which data.
#[derive(Clone, Debug, PartialEq)]
pub enum ChartSpec {
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

fn view(id: &str, title: &str, about: &str, spec: ChartSpec) -> ChartView {
    ChartView {
        id: id.to_string(),
        title: title.to_string(),
        about: about.to_string(),
        spec: Rc::new(spec),
    }
}

/// The measured figures of the loaded preset's runs as markers, in the
/// chart's units; `pick` chooses which reads belong on the chart.
pub fn markers(state: &State, pick: impl Fn(Read) -> bool) -> Vec<Marker> {
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
                    label: format!(
                        "{} measured, {}: {} {}",
                        f.experiment,
                        f.metric,
                        figure(v),
                        f.unit
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
    SweepChart {
        axis,
        axis_label: axis.label().to_string(),
        labels: PerMode {
            platform: columns.label(Mode::Platform).to_string(),
            virtual_threads: columns.label(Mode::Virtual).to_string(),
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
    let measured = !markers(state, |r| r == Read::ThroughputRps).is_empty();
    match axis {
        SweepAxis::Concurrency => (
            format!(
                "each point is a whole run (≥ 20,000 requests, no ramp-up); ringed red: some requests failed; dashed: theory min(N ÷ S, ceiling){}",
                if measured { "; ✕: measured" } else { "" }
            ),
            "p50 solid, p99 dashed; thin dashed: Little's law R = N ÷ X at the ceiling".into(),
        ),
        SweepAxis::Rate => {
            let note = if measured {
                "; the article's figures were measured with a fixed number of clients, so they are not points on a rate axis"
            } else {
                ""
            };
            (
                format!(
                    "each point is a whole run at that arrival rate; ringed red: some requests failed; dashed: theory min(λ, ceiling){note}"
                ),
                "p50 solid, p99 dashed; past a ceiling, arrivals queue and latency grows with the run".into(),
            )
        }
    }
}

/// The sweeps and the runs over time.
fn load_charts(state: &State, runs: &[Rc<RunView>]) -> Vec<ChartView> {
    let bounds = &state.results.bounds;
    let tput = sweep_chart(state, |r| r == Read::ThroughputRps);
    let lat = sweep_chart(state, |r| {
        matches!(r, Read::Latency(Stat::Mean | Stat::P50 | Stat::P99))
    });
    let axis = tput.axis;
    let x = match axis {
        SweepAxis::Concurrency => "concurrency",
        SweepAxis::Rate => "arrival rate",
    };
    let (tput_about, lat_about) = sweep_captions(state, axis);
    vec![
        view(
            "chart-sweep-throughput",
            &format!("Successful requests/s vs {x}"),
            &tput_about,
            ChartSpec::Sweep(Rc::new(tput), SweepMetric::Throughput),
        ),
        view(
            "chart-sweep-latency",
            &format!("Latency vs {x}"),
            &lat_about,
            ChartSpec::Sweep(Rc::new(lat), SweepMetric::Latency),
        ),
        view(
            "chart-throughput-time",
            "Successful requests/s over time (one run)",
            "the scenario as set, both columns on one clock; each value counts a window of at least two response times; dashed: lowest ceiling, dotted: measured; strips along the top: GC pauses, darker where more of the time was paused",
            ChartSpec::OverTime(
                runs.to_vec(),
                bounds.clone(),
                // A closed loop's measured throughput says nothing of arrivals
                // at another rate.
                match axis {
                    SweepAxis::Concurrency => markers(state, |r| r == Read::ThroughputRps),
                    SweepAxis::Rate => Vec::new(),
                },
                TimeMetric::Throughput,
            ),
        ),
        view(
            "chart-latency-time",
            "Latency over time (one run)",
            "mean solid, p99 dashed; strips along the top: GC pauses",
            ChartSpec::OverTime(
                runs.to_vec(),
                bounds.clone(),
                Vec::new(),
                TimeMetric::Latency,
            ),
        ),
    ]
}

/// How Java names a Tomcat thread and a carrier thread.
const TOMCAT_THREAD: &str = "http-nio";
const CARRIER_THREAD: &str = "ForkJoinPool";

/// Words that work for a mouse and a finger alike.
pub const POINT_OR_TAP: &str = "point at or tap the chart";

/// The timeline's caption: the window, and how many of the run's threads
/// it shows.
pub fn timeline_about(run: &RunView) -> String {
    let t = &run.timeline;
    let shown = t.lanes.len();
    let started = (t.threads as usize).max(shown);
    let lanes = if shown < started {
        format!("the first {shown} of the {started} threads the run started")
    } else {
        format!("all {started} threads the run started")
    };
    format!(
        "{} – {} ms of the run; {lanes}; {POINT_OR_TAP} for counts per state",
        thousands(t.start_ms, 0),
        thousands(t.end_ms, 0)
    )
}

/// The column a chart's "Replay" button replays: a timeline's run's.
pub fn replay_column(c: &ChartView) -> Option<Mode> {
    match c.spec.as_ref() {
        ChartSpec::Timeline(run) => Some(run.mode),
        _ => None,
    }
}

/// Each run's timeline and utilisation.
fn thread_charts(runs: &[Rc<RunView>]) -> Vec<ChartView> {
    let timelines = runs.iter().map(|run| {
        let names = &run.timeline.lanes;
        let has = |prefix: &str| names.iter().any(|n| n.starts_with(prefix));
        let who = match (has(TOMCAT_THREAD), has(CARRIER_THREAD)) {
            (true, true) => "Tomcat and carrier threads",
            (false, true) => "carrier threads",
            (true, false) => "Tomcat threads",
            (false, false) => "threads",
        };
        view(
            &format!("chart-timeline-{}", crate::scenario::mode_word(run.mode)),
            &format!("Timeline: {who} ({})", run_label(run)),
            &timeline_about(run),
            ChartSpec::Timeline(run.clone()),
        )
    });
    let gauges = runs.iter().map(|run| {
        view(
            &format!("chart-utilisation-{}", crate::scenario::mode_word(run.mode)),
            &format!("Utilisation over time ({})", run_label(run)),
            "top: threads, carriers and cores at work; below: what waits (queues, pool waiters), each on its own scale",
            ChartSpec::Utilisation(run.clone()),
        )
    });
    let memory = runs.iter().map(|run| {
        view(
            &format!("chart-memory-{}", crate::scenario::mode_word(run.mode)),
            &format!("Memory by kind ({})", run_label(run)),
            &format!(
                "native memory below, the heap above, -Xmx drawn above native memory and the container's limit against the whole; G1's pauses along the top. {}",
                run.gc.summary
            ),
            ChartSpec::Memory(run.clone()),
        )
    });
    timelines.chain(gauges).chain(memory).collect()
}

/// A run's column name (older digests carry none: the server mode's).
pub fn run_label(run: &RunView) -> &str {
    if run.label.is_empty() {
        label(run.mode)
    } else {
        &run.label
    }
}

/// The latency histogram and errors, all runs in each.
fn run_charts(runs: &[Rc<RunView>]) -> Vec<ChartView> {
    vec![
        view(
            "chart-histogram",
            "Latency histogram",
            "share of responses per latency bin (log scale)",
            ChartSpec::Histogram(runs.to_vec()),
        ),
        view(
            "chart-errors",
            "Errors by cause",
            "client timeouts, refused connections, resets, pool timeouts, rejected tasks, out of memory",
            ChartSpec::Errors(runs.to_vec()),
        ),
        view(
            "chart-connections",
            &format!("Connections over time ({})", tool_words(runs)),
            "open connections (solid: each holds a max-connections slot), idle ones (dotted), and those waiting in the accept queue (dashed); bars: reconnects per second (right axis)",
            ChartSpec::Connections(runs.to_vec()),
        ),
    ]
}

/// Every chart the page can show ([`CHART_IDS`](super::view::CHART_IDS)),
/// each with its heading for menus: the chart's own title where it has data
/// to draw, else its id.
pub fn chart_names(state: &State) -> Vec<(&'static str, String)> {
    let views = charts(state);
    super::view::CHART_IDS
        .iter()
        .map(|&id| {
            let title = views
                .iter()
                .find(|v| v.id.strip_prefix("chart-") == Some(id))
                .map_or_else(|| id.to_string(), |v| v.title.clone());
            (id, title)
        })
        .collect()
}

/// The load tool of the runs, with what it does with connections.
fn tool_words(runs: &[Rc<RunView>]) -> String {
    let tool = runs.first().map_or(Tool::Hey, |r| r.tool);
    let how = match tool {
        Tool::Hey => format!("workers share one pool of at most {HEY_MAX_IDLE} idle connections"),
        Tool::Wrk | Tool::Wrk2 => "one connection per -c, reopened only when closed".into(),
        Tool::Jmeter => "one connection per thread, renewed after 60 s".into(),
        Tool::K6 => "one connection per VU".into(),
    };
    format!("{tool}: {how}")
}

/// Every chart of the page, in order.
pub fn charts(state: &State) -> Vec<ChartView> {
    let runs = state.results.runs(state.setup.modes);
    let mut all = load_charts(state, &runs);
    all.extend(thread_charts(&runs));
    all.extend(run_charts(&runs));
    all
}
