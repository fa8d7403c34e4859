//! Which charts the page shows, in which order, with which data
//! ([`ChartSpec`]), each with a title and a line on what to look for; and
//! the source articles' measured figures, and the visitor's pasted output,
//! drawn on them as markers. The
//! `chart` module draws a spec; `ui` puts it on a canvas.

use std::rc::Rc;

pub(crate) use crate::app::basis::chart_registry::{SweepMetric, TimeMetric};

use crate::app::basis::chart_registry::{ChartId, Plot, chart_ids, column_of};
use crate::app::basis::modes::{Mode, PerMode};
use crate::app::page::state::State;
use crate::app::run::bounds::Bounds;
use crate::app::run::digest::{RunView, SweepPoint};
use crate::app::run::plan::{SWEEP_REQUESTS, SweepAxis};
use crate::fidelity::words::figure_in;
use crate::fidelity::{Measured, Read, Stat, figures};
use crate::i18n::keys::Key;
use crate::i18n::keys::chart as k;
use crate::i18n::keys::ui as uw;
use crate::i18n::{Arg, Locale, Part, Phrase};
use crate::measured::Measurement;
use crate::sim::tool::{HEY_MAX_IDLE, Tool};

/// A measured figure drawn as a marker.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// The mode of the run it was measured in.
    pub(crate) mode: Mode,
    /// Concurrency (or rate) it was measured at.
    pub(crate) x: f64,
    /// The value in the chart's unit (req/s, or ms for latencies).
    pub(crate) y: f64,
    /// E.g. "E2 measured, Requests/sec: 1,877.21 req/s".
    pub(crate) label: String,
}

/// Everything a sweep chart shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SweepChart {
    /// What x is: clients in flight, or arrivals per second.
    pub(crate) axis: SweepAxis,
    /// The x axis description.
    pub(crate) axis_label: String,
    /// Each column's name.
    pub(crate) labels: PerMode<String>,
    /// Curves: (mode, points sorted by x).
    pub(crate) curves: Vec<(Mode, Vec<SweepPoint>)>,
    /// Bounds per mode.
    pub(crate) bounds: Vec<Bounds>,
    /// Measured figures.
    pub(crate) markers: Vec<Marker>,
    /// The scenario's own x (a vertical guide).
    pub(crate) here: Option<f64>,
}

impl SweepChart {
    /// The theory's throughput bound of `b` at x: min(N ÷ (S + Z), ceiling)
    /// for a closed loop, min(λ, ceiling) for arrivals at rate λ.
    pub(crate) fn throughput_bound(&self, b: &Bounds, x: f64) -> f64 {
        match self.axis {
            SweepAxis::Concurrency => b.throughput_bound(x),
            SweepAxis::Rate => x.min(b.max_rps()),
        }
    }

    /// Little's law's latency bound of `b` at x (closed loops only: with
    /// arrivals at a rate, no client count ties latency to throughput).
    pub(crate) fn latency_bound_ms(&self, b: &Bounds, x: f64) -> Option<f64> {
        (self.axis == SweepAxis::Concurrency).then(|| b.latency_bound_ms(x))
    }

    /// The name of column `mode`.
    pub(crate) fn label(&self, mode: Mode) -> &str {
        self.labels.get(mode)
    }

    /// Every swept x of any curve, sorted, once each.
    pub(crate) fn xs(&self) -> Vec<f64> {
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
    pub(crate) kind: ChartKind,
    /// The language its words and numbers are written in (a new language
    /// makes a new spec, so the chart is drawn again).
    pub(crate) locale: Locale,
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
    /// Calls to downstreams over time: tries sent and failed, breakers.
    Calls(Vec<Rc<RunView>>),
}

/// One chart of the page.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartView {
    /// Its element id (tests find charts by it).
    pub(crate) id: String,
    /// Its entry in the registry, for its column.
    pub(crate) chart: &'static ChartId,
    /// Its heading.
    pub(crate) title: String,
    /// One line on what it shows and what to look for.
    pub(crate) about: String,
    /// What it draws.
    pub(crate) spec: Rc<ChartSpec>,
}

/// A value for a text's parameter.
fn text(s: impl Into<String>) -> Arg {
    Arg::Text(s.into())
}

/// The measured figures of the loaded preset's runs as markers, in the
/// chart's units; `pick` chooses which reads belong on the chart.
pub(crate) fn markers(state: &State, pick: impl Fn(Read) -> bool) -> Vec<Marker> {
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

/// The value of `read` in the visitor's pasted output, if it prints it.
fn pasted_value(m: &Measurement, read: Read) -> Option<(f64, Phrase)> {
    let lat = &m.latency;
    let pct = |p: f64| {
        let name = (uw::YOURS_FIG_PERCENTILE.said()).with("pct", Part::Shortest(p));
        Some((lat.at(p)?, name))
    };
    match read {
        Read::ThroughputRps => Some((m.rate_per_s?, uw::YOURS_FIG_RATE.said())),
        Read::Latency(Stat::Mean) => Some((lat.mean_ms?, uw::YOURS_FIG_MEAN.said())),
        Read::Latency(Stat::P50) => pct(50.0),
        Read::Latency(Stat::P99) => pct(99.0),
        _ => None,
    }
}

/// The visitor's pasted output as markers, at the concurrency it ran with
/// (a closed loop's clients: only on a concurrency axis), in the first
/// column's colour: which thread model it ran is not in the output.
pub(crate) fn pasted_markers(state: &State, pick: impl Fn(Read) -> bool) -> Vec<Marker> {
    let Some(m) = state.yours.measurement() else {
        return Vec::new();
    };
    let Some(x) = m.load.concurrency.map(|c| c as f64) else {
        return Vec::new();
    };
    let l = state.view.locale();
    let mode = state
        .setup
        .modes
        .list()
        .first()
        .copied()
        .unwrap_or(Mode::Platform);
    let reads = [
        Read::ThroughputRps,
        Read::Latency(Stat::Mean),
        Read::Latency(Stat::P50),
        Read::Latency(Stat::P99),
    ];
    (reads.into_iter().filter(|r| pick(*r)))
        .filter_map(|r| {
            let (y, metric) = pasted_value(m, r)?;
            let unit = if r == Read::ThroughputRps {
                "req/s"
            } else {
                "ms"
            };
            let label = k::MARKER_YOURS.text(
                l,
                &[
                    ("tool", text(m.source.tool_name())),
                    ("metric", text(metric.text(l))),
                    ("value", text(figure_in(l, y))),
                    ("unit", text(unit)),
                ],
            );
            Some(Marker { mode, x, y, label })
        })
        .collect()
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
            SweepAxis::Concurrency => (markers(state, pick).into_iter())
                .chain(pasted_markers(state, pick))
                .collect(),
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
    let throughput = |r| r == Read::ThroughputRps;
    let measured = !markers(state, throughput).is_empty()
        || (axis == SweepAxis::Concurrency && !pasted_markers(state, throughput).is_empty());
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

/// What the builders of one page's charts share: the state, its language
/// and the runs that have arrived (in column order).
struct Made<'a> {
    state: &'a State,
    l: Locale,
    runs: Vec<Rc<RunView>>,
}

impl Made<'_> {
    /// The chart `c` with its data, title and caption; `None` when it has
    /// nothing to draw yet (a column that has not run).
    fn view(&self, c: &'static ChartId) -> Option<ChartView> {
        let run = match c.column {
            Some(mode) => Some(self.runs.iter().find(|r| r.mode == mode)?),
            None => None,
        };
        let (args, built, kind) = self.plot(c.chart.plot, run)?;
        let about = match c.chart.caption {
            Some(caption) => caption.text(self.l, &args),
            None => built,
        };
        Some(ChartView {
            id: c.element_id(),
            chart: c,
            title: c.chart.title.text(self.l, &args),
            about,
            spec: Rc::new(ChartSpec::new(kind, self.l)),
        })
    }

    /// The data of `plot` (of `run`, for a chart per column), with its
    /// title's parameters and its caption: one builder per plot.
    fn plot(&self, plot: Plot, run: Option<&Rc<RunView>>) -> Option<Built> {
        let (state, l) = (self.state, self.l);
        let column = |run: &RunView| vec![("column", text(run_label(run, l)))];
        let all = || self.runs.clone();
        let bounds = || state.results.bounds.clone();
        Some(match plot {
            Plot::Sweep(metric) => {
                let data = match metric {
                    SweepMetric::Throughput => sweep_chart(state, |r| r == Read::ThroughputRps),
                    SweepMetric::Latency => sweep_chart(state, |r| {
                        matches!(r, Read::Latency(Stat::Mean | Stat::P50 | Stat::P99))
                    }),
                };
                let (tput_about, lat_about) = sweep_captions(state, data.axis);
                let about = match metric {
                    SweepMetric::Throughput => tput_about,
                    SweepMetric::Latency => lat_about,
                };
                let x = vec![("x", text(data.axis.short(l)))];
                (x, about, ChartKind::Sweep(Rc::new(data), metric))
            }
            Plot::OverTime(metric) => {
                // The articles' measured throughput, over a closed loop's
                // time; it says nothing of arrivals at another rate.
                let closed = matches!(
                    state.results.axis.unwrap_or_default(),
                    SweepAxis::Concurrency
                );
                let markers = if metric == TimeMetric::Throughput && closed {
                    markers(state, |r| r == Read::ThroughputRps)
                } else {
                    Vec::new()
                };
                let kind = ChartKind::OverTime(all(), bounds(), markers, metric);
                // Its caption is the registry's.
                (Vec::new(), String::new(), kind)
            }
            Plot::Timeline => {
                let run = run?;
                let mut args = column(run);
                args.push(("who", text(timeline_who(run).text(l, &[]))));
                let kind = ChartKind::Timeline(run.clone());
                (args, timeline_about(run, l), kind)
            }
            Plot::Utilisation => {
                let run = run?;
                let about = k::ABOUT_UTILISATION.text(l, &[]);
                (column(run), about, ChartKind::Utilisation(run.clone()))
            }
            Plot::Memory => {
                let run = run?;
                let about = k::ABOUT_MEMORY.text(l, &[("gc", text(run.gc.summary(l)))]);
                (column(run), about, ChartKind::Memory(run.clone()))
            }
            Plot::Histogram => {
                let about = k::ABOUT_HISTOGRAM.text(l, &[]);
                (Vec::new(), about, ChartKind::Histogram(all()))
            }
            Plot::Errors => {
                let about = k::ABOUT_ERRORS.text(l, &[]);
                (Vec::new(), about, ChartKind::Errors(all()))
            }
            Plot::Connections => {
                let tool = vec![("tool", text(tool_words(&self.runs, l)))];
                let about = k::ABOUT_CONNECTIONS.text(l, &[]);
                (tool, about, ChartKind::Connections(all()))
            }
            Plot::Calls => {
                let about = k::ABOUT_CALLS.text(l, &[]);
                (Vec::new(), about, ChartKind::Calls(all()))
            }
        })
    }
}

/// A chart's title parameters, its caption and its data.
type Built = (Vec<(&'static str, Arg)>, String, ChartKind);

/// How Java names a Tomcat thread and a carrier thread.
const TOMCAT_THREAD: &str = "http-nio";
const CARRIER_THREAD: &str = "ForkJoinPool";

/// Whose threads a run's timeline shows, by the names of its lanes.
fn timeline_who(run: &RunView) -> Key {
    let names = &run.timeline.lanes;
    let has = |prefix: &str| names.iter().any(|n| n.starts_with(prefix));
    match (has(TOMCAT_THREAD), has(CARRIER_THREAD)) {
        (true, true) => k::TIMELINE_WHO_BOTH,
        (false, true) => k::TIMELINE_WHO_CARRIERS,
        (true, false) => k::TIMELINE_WHO_TOMCAT,
        (false, false) => k::TIMELINE_WHO_THREADS,
    }
}

/// The timeline's caption in `l`'s words: the window, and how many of the
/// run's threads it shows.
pub(crate) fn timeline_about(run: &RunView, l: Locale) -> String {
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
pub(crate) fn replay_column(c: &ChartView) -> Option<Mode> {
    match &c.spec.kind {
        ChartKind::Timeline(run) => Some(run.mode),
        _ => None,
    }
}

/// A run's column name in `l`'s words.
pub(crate) fn run_label(run: &RunView, l: Locale) -> String {
    run.columns.name(run.mode, l)
}

/// Every chart the page can show ([`chart_ids`]), each with its heading
/// for menus: the chart's own title where it has data to draw, else the
/// title it will have (a column's timeline, gauges and memory before that
/// column has run).
pub(crate) fn chart_names(state: &State) -> Vec<(&'static str, String)> {
    let views = charts(state);
    chart_ids()
        .iter()
        .map(|c| {
            let title = views
                .iter()
                .find(|v| v.chart == c)
                .map(|v| v.title.clone())
                .unwrap_or_else(|| title_before_a_run(state, c));
            (c.id(), title)
        })
        .collect()
}

/// The charts an embed of `state` can show, with their names: those of
/// [`chart_names`] that its columns draw (not a column it does not run).
pub(crate) fn embed_chart_names(state: &State) -> Vec<(&'static str, String)> {
    let runs = |mode: Mode| state.setup.modes.list().contains(&mode);
    chart_names(state)
        .into_iter()
        .filter(|(id, _)| column_of(id).is_none_or(runs))
        .collect()
}

/// The title of a chart that has nothing to draw yet (a chart of a column
/// that has not run): its column's name, and for a timeline, threads.
fn title_before_a_run(state: &State, c: &ChartId) -> String {
    let l = state.view.locale();
    let mut args = vec![("who", text(k::TIMELINE_WHO_THREADS.text(l, &[])))];
    if let Some(mode) = c.column {
        args.push(("column", text(state.setup.columns.name(mode, l))));
    }
    c.chart.title.text(l, &args)
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

/// Every chart of the page that has data to draw, in the registry's
/// order, in the page's language.
pub fn charts(state: &State) -> Vec<ChartView> {
    let made = Made {
        state,
        l: state.view.locale(),
        runs: state.results.runs(state.setup.modes),
    };
    chart_ids().iter().filter_map(|c| made.view(c)).collect()
}

/// The key chart of `state`: the first chart it draws that its view
/// shows (the sweep's throughput, unless the link chose other charts).
/// An image card and a handout's page without proving charts show it.
pub(crate) fn key_chart(state: &State) -> Option<ChartView> {
    (charts(state).into_iter()).find(|c| state.view.shows_chart(c.chart.id()))
}

/// The charts of `state` that prove a chapter's answer (`proof`: ids
/// without `chart-`, in the page's order), or its key chart when the
/// chapter names none.
pub(crate) fn proving(state: &State, proof: &[&str]) -> Vec<ChartView> {
    if proof.is_empty() {
        return key_chart(state).into_iter().collect();
    }
    (charts(state).into_iter())
        .filter(|c| proof.contains(&c.chart.id()))
        .collect()
}
