//! The messages between the page and its simulation worker. Both ends are
//! this crate; the messages cross as JSON text (`ui::bridge`), because a
//! draft is free-form JSON, which yew-agent's default (bincode) cannot
//! decode.

use serde::{Deserialize, Serialize};

use crate::app::basis::modes::{Columns, Mode, as_word};
use crate::app::run::bounds::Bounds;
use crate::app::run::digest::{RunView, SweepPoint};
use crate::app::run::plan::SweepAxis;
use crate::fidelity::Row;
use crate::replicas::Sample;
use crate::scenario::Draft;

/// One mode of a job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModeJob {
    /// The server mode it runs in.
    #[serde(with = "as_word")]
    pub mode: Mode,
    /// The draft to run.
    pub draft: Draft,
    /// The preset whose measured figures this run is compared with.
    pub(crate) preset: Option<String>,
}

/// A job: simulate these drafts (one per mode) and their sweeps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// Generation: outputs of older jobs are stale.
    pub generation: u64,
    /// What the columns compare (names the runs).
    #[serde(default)]
    pub(crate) columns: Columns,
    /// Every mode to run.
    pub modes: Vec<ModeJob>,
    /// Whether to sweep as well.
    pub sweep: bool,
}

/// How far a job has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Runs finished.
    pub(crate) runs_done: u32,
    /// Runs in the job.
    pub(crate) runs: u32,
    /// Fraction of the current run done, 0–1.
    pub(crate) current: f64,
}

impl Progress {
    /// The fraction of the whole job done, 0–1 (1 for an empty job).
    pub(crate) fn fraction(&self) -> f64 {
        if self.runs == 0 {
            1.0
        } else {
            ((self.runs_done as f64 + self.current) / self.runs as f64).min(1.0)
        }
    }
}

/// What the worker posts: one output of the job of `generation`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Message {
    /// The job it belongs to.
    pub(crate) generation: u64,
    /// What happened.
    pub output: Output,
}

/// One thing the worker reports about a job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Output {
    /// The job's plan: the sweep axis and its points, and each mode's bounds.
    Planned {
        /// What the sweep varies.
        axis: SweepAxis,
        /// The points.
        xs: Vec<f64>,
        /// Bounds per mode.
        bounds: Vec<Bounds>,
    },
    /// Work done so far.
    Progress(Progress),
    /// A mode's full run finished.
    Single {
        /// The run, digested.
        run: Box<RunView>,
        /// Its measured figures beside it.
        rows: Vec<Row>,
    },
    /// One sweep point finished.
    Point {
        /// The mode it ran in.
        #[serde(with = "as_word")]
        mode: Mode,
        /// The point.
        point: SweepPoint,
    },
    /// One seed of a mode's full run, reduced to what the replications'
    /// summary needs (the full run's own seed comes with it too). Sent
    /// after [`Output::Done`]: the replications fill in after the sweep.
    Sample {
        /// The mode it ran in.
        #[serde(with = "as_word")]
        mode: Mode,
        /// What it gives the summary.
        sample: Box<Sample>,
    },
    /// The whole job finished (its replications may still follow).
    Done {
        /// Events simulated in the job.
        events: u64,
    },
    /// A mode's draft did not validate (the page validates first, so this
    /// is rare).
    Invalid {
        /// The mode whose draft failed.
        #[serde(with = "as_word")]
        mode: Mode,
    },
}
