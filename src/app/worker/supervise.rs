//! Keeping the simulation worker alive: the messages between the page and
//! its worker around the jobs themselves (ready, exports, a panic, the debug
//! faults), the watchdog that notices a worker stuck in one slice of work,
//! and when a crashed worker is replaced. The page's bridge (`ui::bridge`)
//! and the worker (`ui::worker`) only carry these over `postMessage`.

use serde::{Deserialize, Serialize};

use crate::app::basis::modes::{Mode, as_word};
use crate::app::replay::{ReplayReply, ReplayRequest};
use crate::app::study;
use crate::app::worker::protocol::{Job, Message};
use crate::scenario::Draft;
use crate::sim::Report;
use crate::summary::{self, json_report};

/// How long one slice of simulation may run without a word from the worker
/// before the page stops it and starts a new one. A slice is tens of
/// thousands of events (milliseconds of work; a few hundred on a slow
/// phone), and the worker reports every few slices: 5 s without a message
/// means it is stuck.
pub(crate) const SLICE_LIMIT_MS: f64 = 5000.0;

/// Restarts in a row, without the worker ever saying it is ready, before
/// the page gives up (a worker that cannot load would otherwise be
/// restarted for ever).
pub(crate) const MAX_FAILED_STARTS: u32 = 2;

/// A fault the worker causes on purpose, to test that the page survives it
/// (reached only through the debug fragment documented in the README).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Fault {
    /// Panic (a bug in the worker).
    Panic,
    /// Loop for ever inside one slice (a model that never ends its slice).
    Hang,
}

/// What the page sends its worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ToWorker {
    /// Simulate simulation `index` of `job` (`job::Plan::task`); whatever
    /// the worker was simulating is dropped.
    Run {
        /// The job (each worker lays out its plan, as the page does).
        job: Box<Job>,
        /// Which of the plan's simulations.
        index: u32,
    },
    /// Drop whatever the worker is simulating.
    Cancel,
    /// Send the full report of a mode's run of job `generation`, as the
    /// command line writes it.
    Export {
        /// The job whose run to export.
        generation: u64,
        /// Which mode's run.
        #[serde(with = "as_word")]
        mode: Mode,
    },
    /// Record a small run step by step, for the replay (answered at once,
    /// between two slices of the job running).
    Replay(Box<ReplayRequest>),
    /// Study a question (`app::study`), a step at a time between the
    /// slices of the job running; a newer study replaces it.
    Study(Box<study::Request>),
    /// Drop the study under way, if any.
    StopStudy,
    /// Cause a fault (debug only).
    Fault(Fault),
}

/// A run's full report as the command line writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Export {
    /// The job it belongs to.
    pub(crate) generation: u64,
    /// The mode it ran in.
    #[serde(with = "as_word")]
    pub mode: Mode,
    /// The draft that ran (a scenario file for `threadlab run --scenario`).
    pub(crate) draft: Draft,
    /// `threadlab run --format json`'s output for it.
    pub(crate) json: String,
    /// `threadlab run`'s text (like hey's summary).
    pub text: String,
}

impl Export {
    /// The export of `report`, the run of `draft` in `mode` for job
    /// `generation`: the JSON and text `threadlab run` prints for it.
    pub fn of(generation: u64, mode: Mode, draft: Draft, report: &Report) -> Export {
        Export {
            generation,
            mode,
            draft,
            json: json_report(report, false),
            text: summary::text(report),
        }
    }
}

/// What the worker sends the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum FromWorker {
    /// Loaded, and taking jobs.
    Ready,
    /// How far simulation `index` of job `generation` has come (0–1).
    Working {
        /// The job.
        generation: u64,
        /// The simulation.
        index: u32,
        /// Its fraction done.
        current: f64,
    },
    /// Simulation `index` of job `generation` finished: what it reports
    /// (`job::Plan::task_results`) and its events.
    Ran {
        /// The job.
        generation: u64,
        /// The simulation.
        index: u32,
        /// Events it simulated.
        events: u64,
        /// Its messages for the page, in order.
        messages: Vec<Message>,
    },
    /// A run's full report, or why there is none.
    Export(Result<Box<Export>, String>),
    /// A replay's recording, or why there is none.
    Replay(Box<ReplayReply>),
    /// How far study `id` has come (also the worker's sign of life).
    Studying {
        /// The study.
        id: u64,
        /// Its progress.
        progress: study::Progress,
    },
    /// What study `id` found.
    Studied {
        /// The study.
        id: u64,
        /// Its finding.
        finding: Box<study::Finding>,
    },
    /// The worker panicked (its last words; it traps right after).
    Panic(String),
}

/// Notices a worker that has gone quiet in the middle of a job.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Watchdog {
    /// The job on its way and when the worker was last heard of.
    busy: Option<(u64, f64)>,
}

impl Watchdog {
    /// A job was sent at `now` (ms).
    pub(crate) fn sent(&mut self, generation: u64, now: f64) {
        self.busy = Some((generation, now));
    }

    /// The worker said something about job `generation` at `now`.
    pub(crate) fn heard(&mut self, generation: u64, now: f64) {
        if let Some((g, t)) = &mut self.busy
            && *g == generation
        {
            *t = now;
        }
    }

    /// The worker said something at `now` (e.g. that it is ready): the
    /// silence of the job on its way counts from here.
    pub(crate) fn alive(&mut self, now: f64) {
        if let Some((_, t)) = &mut self.busy {
            *t = now;
        }
    }

    /// Job `generation` is over (done, or dropped for a newer one).
    pub(crate) fn finished(&mut self, generation: u64) {
        if self.busy.is_some_and(|(g, _)| g == generation) {
            self.busy = None;
        }
    }

    /// Nothing is running any more (the worker was replaced).
    pub(crate) fn reset(&mut self) {
        self.busy = None;
    }

    /// Whether the worker has been silent in a job for longer than `limit_ms`.
    pub(crate) fn overdue(&self, now: f64, limit_ms: f64) -> bool {
        self.busy.is_some_and(|(_, t)| now - t > limit_ms)
    }
}

/// What the page does when its worker dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AfterDeath {
    /// The worker died before it was ready (its script or WebAssembly did
    /// not load): a new one is started without a word, and the messages
    /// queued for the old one wait for the new one (none was delivered).
    Retry,
    /// The worker died in a job: a new one is started, the job is
    /// interrupted and the page says what happened.
    Replace,
    /// [`MAX_FAILED_STARTS`] workers in a row died before they were ready:
    /// the page says the simulator cannot start.
    GiveUp,
}

/// What follows the death of a worker that was `ready` (or not), the
/// `failed_starts`-th in a row to die before it was ready (this one counted).
/// A load failure is announced once, when the page gives up, not first as a
/// replaced worker and then again as the end.
pub(crate) fn after_death(ready: bool, failed_starts: u32) -> AfterDeath {
    if ready {
        AfterDeath::Replace
    } else if failed_starts < MAX_FAILED_STARTS {
        AfterDeath::Retry
    } else {
        AfterDeath::GiveUp
    }
}

/// The longest message the error panel shows (its details hold all of it).
pub(crate) const PANEL_MESSAGE_CHARS: usize = 300;

/// A panic's message for the error panel: its first three lines on one
/// (" / " between), control characters as spaces, at most
/// [`PANEL_MESSAGE_CHARS`] characters and "…" when cut.
pub(crate) fn one_line(message: &str) -> String {
    let joined = message.lines().take(3).collect::<Vec<_>>().join(" / ");
    let mut out: String = joined
        .chars()
        .take(PANEL_MESSAGE_CHARS)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if joined.chars().count() > PANEL_MESSAGE_CHARS {
        out.push('…');
    }
    out
}
