//! A job as a list of runs: what the worker simulates for one scenario, in
//! which order, and the message each run produces. The worker
//! (`ui/worker.rs`) adds only what needs a browser: it runs each
//! simulation in slices and drops the job when a newer one arrives.
//! `run_blocking` (the tests') runs a job natively, to the same messages.

use crate::app::basis::modes::Columns;
use crate::app::basis::modes::Mode;
use crate::app::run::bounds::Bounds;
use crate::app::run::digest::{RunView, SweepPoint};
use crate::app::run::plan::{
    PAGE_REPLICATIONS, SweepAxis, fill_order, replica, server_mode, single, sweep_point,
    sweep_points_past,
};
use crate::app::worker::protocol::{Job, Message, ModeJob, Output, Progress};
use crate::replicas::{Count, Sample, seeds};
use crate::scenario::{Draft, validate};
use crate::sim::config::LoadKind;
use crate::sim::{Config, Report};

/// What one run is for.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum RunKind {
    /// A mode's full run, compared with the preset's measured figures.
    Single {
        /// Its server mode.
        mode: Mode,
        /// The preset whose figures it is compared with.
        preset: Option<String>,
    },
    /// Another seed of a mode's full run (`plan::replica`).
    Replica {
        /// Its server mode.
        mode: Mode,
        /// Its seed.
        seed: u64,
    },
    /// One point of a mode's sweep.
    Point {
        /// Its server mode.
        mode: Mode,
        /// The swept value.
        x: f64,
    },
}

/// One simulation of a job.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// What it is for.
    pub(crate) kind: RunKind,
    /// The bounded draft to simulate.
    pub(crate) draft: Draft,
}

impl Run {
    /// The configuration to simulate, if the draft validates.
    pub fn config(&self) -> Option<Config> {
        validate(&self.draft).ok()
    }
}

/// A job laid out: full runs first (one per mode), then the sweep points,
/// coarse first so a curve's shape shows early.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The job's generation.
    pub(crate) generation: u64,
    /// What the sweep varies.
    pub(crate) axis: SweepAxis,
    /// The swept values, sorted.
    pub(crate) xs: Vec<f64>,
    /// Each mode's bounds.
    pub(crate) bounds: Vec<Bounds>,
    /// Every run, in order.
    pub runs: Vec<Run>,
    /// The other seeds of each mode's full run, run after `runs` (and
    /// after the job's `Done`), the modes taking turns seed by seed.
    pub(crate) replicas: Vec<Run>,
    /// What the columns compare (names the runs).
    pub(crate) columns: Columns,
    /// The sweep points that are a mode's full run, not a short run of
    /// their own: (column, x) where a column's scenario sits on the axis.
    /// Its curve then passes through the cards' figures.
    pub(crate) full_points: Vec<(Mode, f64)>,
}

/// Where `draft` sits on `axis`: its concurrency, or its arrival rate.
fn own_x(draft: &Draft, axis: SweepAxis) -> Option<f64> {
    match (axis, validate(draft).ok()?.load.kind) {
        (SweepAxis::Concurrency, LoadKind::Closed { concurrency, .. }) => Some(concurrency as f64),
        (SweepAxis::Rate, LoadKind::Open { rate_rps, .. }) => Some(rate_rps),
        _ => None,
    }
}

/// The replications of each mode's full run past its own seed.
fn replicas_of(job: &Job) -> Vec<Run> {
    let n = Count::new(u64::from(PAGE_REPLICATIONS)).expect("a count in range");
    let per_mode: Vec<Vec<Run>> = (job.modes.iter())
        .map(|m| {
            let mode = server_mode(&m.draft, m.mode);
            let Ok(cfg) = validate(&single(&m.draft, mode)) else {
                return Vec::new();
            };
            (seeds(cfg.seed, n).into_iter().skip(1))
                .map(|seed| Run {
                    kind: RunKind::Replica { mode: m.mode, seed },
                    draft: replica(&m.draft, mode, seed),
                })
                .collect()
        })
        .collect();
    let longest = per_mode.iter().map(Vec::len).max().unwrap_or(0);
    (0..longest)
        .flat_map(|k| per_mode.iter().filter_map(move |runs| runs.get(k).cloned()))
        .collect()
}

impl Plan {
    /// The plan of `job`.
    pub fn of(job: &Job) -> Plan {
        // A column runs in the server mode its draft names (both columns
        // run platform threads when they compare executors).
        let server = |m: &ModeJob| server_mode(&m.draft, m.mode);
        let bounds: Vec<Bounds> = job
            .modes
            .iter()
            .filter_map(|m| {
                let cfg = validate(&single(&m.draft, server(m))).ok()?;
                Some(Bounds {
                    mode: m.mode,
                    ..Bounds::of(&cfg)
                })
            })
            .collect();
        let reach = bounds
            .iter()
            .map(Bounds::max_rps)
            .filter(|r| r.is_finite())
            .fold(0.0, f64::max);
        let first = job.modes.first().map(|m| m.draft.clone());
        let (axis, xs) = match first {
            Some(d) if job.sweep => sweep_points_past(&d, reach),
            _ => (SweepAxis::default(), Vec::new()),
        };
        let full_points: Vec<(Mode, f64)> = (job.modes.iter())
            .filter_map(|m| {
                let x = own_x(&m.draft, axis)?;
                xs.contains(&x).then_some((m.mode, x))
            })
            .collect();
        let singles = job.modes.iter().map(|m| Run {
            kind: RunKind::Single {
                mode: m.mode,
                preset: m.preset.clone(),
            },
            draft: single(&m.draft, server(m)),
        });
        let full = &full_points;
        let points = fill_order(xs.len()).into_iter().flat_map(|i| {
            let x = xs[i];
            (job.modes.iter())
                .filter(move |m| !full.contains(&(m.mode, x)))
                .map(move |m| Run {
                    kind: RunKind::Point { mode: m.mode, x },
                    draft: sweep_point(&m.draft, server(m), axis, x),
                })
        });
        let runs = singles.chain(points).collect();
        Plan {
            generation: job.generation,
            axis,
            xs,
            bounds,
            runs,
            replicas: replicas_of(job),
            columns: job.columns,
            full_points,
        }
    }

    fn message(&self, output: Output) -> Message {
        Message {
            generation: self.generation,
            output,
        }
    }

    /// The first message: the sweep's axis and points, the bounds.
    pub(crate) fn planned(&self) -> Message {
        self.message(Output::Planned {
            axis: self.axis,
            xs: self.xs.clone(),
            bounds: self.bounds.clone(),
        })
    }

    /// Progress with `runs_done` runs finished and `current` of the next.
    pub(crate) fn progress(&self, runs_done: usize, current: f64) -> Message {
        self.message(Output::Progress(Progress {
            runs_done: runs_done as u32,
            runs: self.runs.len() as u32,
            current,
        }))
    }

    /// What a finished run reports: its digest (and measured figures) or its
    /// sweep point; a mode's full run is also its sweep's point at the
    /// scenario's own x (see `Plan::full_points`). `report` is `None` when
    /// its draft did not validate.
    pub fn results(&self, run: &Run, report: Option<&Report>) -> Vec<Message> {
        let mut out: Vec<Message> = self.result(run, report).into_iter().collect();
        if matches!(run.kind, RunKind::Single { .. }) {
            out.extend(self.sample(run, report));
        }
        if let (RunKind::Single { mode, .. }, Some(r)) = (&run.kind, report)
            && let Some(&(_, x)) = self.full_points.iter().find(|(m, _)| m == mode)
        {
            let point = SweepPoint {
                full_run: true,
                ..SweepPoint::from_report(x, r)
            };
            out.push(self.message(Output::Point { mode: *mode, point }));
        }
        out
    }

    /// The sample a full run or a replica gives the replications' summary
    /// (`None` for a sweep point or a run that did not validate).
    pub(crate) fn sample(&self, run: &Run, report: Option<&Report>) -> Option<Message> {
        let mode = match run.kind {
            RunKind::Single { mode, .. } | RunKind::Replica { mode, .. } => mode,
            RunKind::Point { .. } => return None,
        };
        let sample = Box::new(Sample::of(report?));
        Some(self.message(Output::Sample { mode, sample }))
    }

    fn result(&self, run: &Run, report: Option<&Report>) -> Option<Message> {
        let output = match (&run.kind, report) {
            (RunKind::Single { mode, preset }, Some(r)) => Output::Single {
                run: Box::new(RunView {
                    columns: self.columns,
                    ..RunView::from_report(*mode, r)
                }),
                rows: preset
                    .as_deref()
                    .map(|p| crate::fidelity::rows_for(p, r))
                    .unwrap_or_default(),
            },
            (RunKind::Single { mode, .. }, None) => Output::Invalid { mode: *mode },
            (RunKind::Point { mode, x }, Some(r)) => Output::Point {
                mode: *mode,
                point: SweepPoint::from_report(*x, r),
            },
            // A sweep point outside the valid range is left out of its curve.
            (RunKind::Point { .. }, None) => return None,
            (RunKind::Replica { .. }, _) => return self.sample(run, report),
        };
        Some(self.message(output))
    }

    /// How many simulations the job holds: its runs, then its replicas.
    pub(crate) fn tasks(&self) -> usize {
        self.runs.len() + self.replicas.len()
    }

    /// Simulation `index` of the job: a run, or past the runs a replica.
    pub(crate) fn task(&self, index: usize) -> Option<&Run> {
        match index.checked_sub(self.runs.len()) {
            None => self.runs.get(index),
            Some(k) => self.replicas.get(k),
        }
    }

    /// What simulation `index` reports once it ran (`report` is `None` when
    /// its draft did not validate): a run's results, or a replica's sample.
    pub(crate) fn task_results(&self, index: usize, report: Option<&Report>) -> Vec<Message> {
        match (self.runs.get(index), self.task(index)) {
            (Some(run), _) => self.results(run, report),
            (None, Some(replica)) => self.sample(replica, report).into_iter().collect(),
            (None, None) => Vec::new(),
        }
    }

    /// The last message: the job is done after `events` events.
    pub(crate) fn done(&self, events: u64) -> Message {
        self.message(Output::Done { events })
    }
}

/// Runs a job's replications on this thread: the sample messages the
/// worker posts after the job's `Done`, in order.
#[cfg(test)]
pub(crate) fn replicas_blocking(plan: &Plan) -> Vec<Message> {
    (plan.replicas.iter())
        .filter_map(|run| plan.sample(run, run.config().map(|c| crate::sim::run(&c)).as_ref()))
        .collect()
}

/// Runs a whole job on this thread and returns every message the worker
/// would post up to its `Done`, in order (without the progress posted
/// during a run; its replications: [`replicas_blocking`]).
#[cfg(test)]
pub(crate) fn run_blocking(job: &Job) -> Vec<Message> {
    let plan = Plan::of(job);
    let mut out = vec![plan.planned()];
    let mut events = 0;
    for (i, run) in plan.runs.iter().enumerate() {
        let report = run.config().map(|c| crate::sim::run(&c));
        events += report.as_ref().map_or(0, |r| r.events);
        out.extend(plan.results(run, report.as_ref()));
        out.push(plan.progress(i + 1, 0.0));
    }
    out.push(plan.done(events));
    out
}
