//! The messages between the page and the simulation worker, and the codec
//! that carries them (JSON text: drafts are free-form JSON, which bincode,
//! yew-agent's default, cannot decode).

use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;
use yew_agent::Codec;

use crate::chart::plan::SweepAxis;
use crate::chart::theory::Theory;
use crate::chart::view::{RunView, SweepPoint};
use crate::scenario::Draft;

/// A job: simulate these drafts (one per mode) and their sweeps.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Job {
    /// Generation: outputs of older jobs are stale.
    pub generation: u64,
    /// (mode, draft) for every mode to run.
    pub modes: Vec<(String, Draft)>,
    /// Whether to sweep as well.
    pub sweep: bool,
}

/// What the worker reports.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Output {
    /// The job's plan: the sweep axis and its points, and each mode's theory.
    Planned {
        /// Generation.
        generation: u64,
        /// What the sweep varies.
        axis: SweepAxis,
        /// The points.
        xs: Vec<f64>,
        /// Theory per mode.
        theory: Vec<Theory>,
    },
    /// Work done so far.
    Progress {
        /// Generation.
        generation: u64,
        /// Runs finished.
        done: u32,
        /// Runs in the job.
        total: u32,
        /// Fraction of the current run done.
        current: f64,
    },
    /// A mode's full run finished.
    Single {
        /// Generation.
        generation: u64,
        /// The run, digested.
        run: Box<RunView>,
    },
    /// One sweep point finished.
    Point {
        /// Generation.
        generation: u64,
        /// `platform` or `virtual`.
        mode: String,
        /// The point.
        point: SweepPoint,
    },
    /// The whole job finished.
    Done {
        /// Generation.
        generation: u64,
        /// Events simulated in the job.
        events: u64,
    },
    /// A draft did not validate (the page validates first, so this is rare).
    Failed {
        /// Generation.
        generation: u64,
        /// What went wrong.
        message: String,
    },
}

impl Output {
    /// The job generation this output belongs to.
    pub fn generation(&self) -> u64 {
        match self {
            Output::Planned { generation, .. }
            | Output::Progress { generation, .. }
            | Output::Single { generation, .. }
            | Output::Point { generation, .. }
            | Output::Done { generation, .. }
            | Output::Failed { generation, .. } => *generation,
        }
    }
}

/// Messages as JSON text.
#[derive(Debug)]
pub struct JsonCodec;

impl Codec for JsonCodec {
    fn encode<I: Serialize>(input: I) -> JsValue {
        JsValue::from_str(&serde_json::to_string(&input).unwrap_or_default())
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
        let text = input.as_string().unwrap_or_default();
        serde_json::from_str(&text).expect("worker messages are JSON written by the same build")
    }
}
