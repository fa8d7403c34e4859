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

/// One mode of a job.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ModeJob {
    /// `platform` or `virtual`.
    pub mode: String,
    /// The draft to run.
    pub draft: Draft,
    /// The preset whose measured figures this run is compared with.
    pub preset: Option<String>,
}

/// One measured figure beside its simulation (from `crate::fidelity`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasuredRow {
    /// Experiment id.
    pub experiment: String,
    /// Variant as the article names it.
    pub variant: String,
    /// What was measured.
    pub metric: String,
    /// Unit.
    pub unit: String,
    /// The article's number, if it gives one.
    pub measured: Option<f64>,
    /// The article's words, if it gives no number.
    pub measured_text: String,
    /// The simulation's value.
    pub simulated: Option<f64>,
    /// Difference in percent.
    pub diff_pct: Option<f64>,
    /// Predicted, calibrated, qualitative or contradiction.
    pub basis: String,
    /// Pass, fail or shown.
    pub verdict: String,
    /// The rule, arithmetic or calibration in words.
    pub note: String,
}

impl MeasuredRow {
    /// Converts a fidelity row.
    pub fn from_row(r: &crate::fidelity::Row) -> Self {
        let (measured, measured_text) = match r.measured {
            crate::fidelity::Measured::Number(x) => (Some(x), String::new()),
            crate::fidelity::Measured::Text(t) => (None, t.to_string()),
        };
        let word = |d: String| d.to_lowercase();
        MeasuredRow {
            experiment: r.experiment.into(),
            variant: r.variant.into(),
            metric: r.metric.into(),
            unit: r.unit.into(),
            measured,
            measured_text,
            simulated: r.simulated.filter(|x| x.is_finite()),
            diff_pct: r.diff_pct.filter(|x| x.is_finite()),
            basis: word(format!("{:?}", r.basis)),
            verdict: word(format!("{:?}", r.verdict)),
            note: r.note.clone(),
        }
    }
}

/// A job: simulate these drafts (one per mode) and their sweeps.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Job {
    /// Generation: outputs of older jobs are stale.
    pub generation: u64,
    /// Every mode to run.
    pub modes: Vec<ModeJob>,
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
        /// Its measured figures beside it.
        rows: Vec<MeasuredRow>,
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
