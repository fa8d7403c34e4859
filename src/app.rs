//! The playground's logic, compiled natively and tested there: everything the
//! page decides that is not binding to the DOM. `ui` (wasm32 only) renders
//! this state with Yew, draws `chart`s on canvases and carries messages to
//! and from the simulation worker; it decides nothing of its own.
//!
//! Its parts, each a folder, each using only those above it in this list
//! (checked by `tests/integration/tidy.rs`):
//!
//! * `basis` — the columns, the chart registry, numbers and words;
//! * `run` — a run's plan, its configuration's bounds, its digest;
//! * `capacity` — capacity planning: the smallest configurations that meet
//!   a target, searched with the ceilings, Erlang C and the simulator;
//! * `replay` — a small run step by step: frames, stepping, a request's
//!   journey across threads, carriers, the pool and executors;
//! * `worker` — the messages between page and worker, the job the worker
//!   runs, the watchdog;
//! * `setup` — what the visitor set up: the shared settings, per-mode
//!   overrides (typed text kept beside the parsed draft), which modes run,
//!   what the two columns compare and the preset it started from; and the
//!   settings that change nothing in the scenario as set (`setup::effect`);
//! * `lesson` — guided lessons as data: chapters, questions graded against
//!   the run, a learner's progress, and a lesson's place in a link;
//! * `link` — the view (theme, language, charts, embed options) and the
//!   permalink: what a link holds, as a URL query and back;
//! * `page` — the page's state and its reducer, a lesson on the page, the
//!   browser's history;
//! * `show` — what the page shows of the state: charts, the compare table,
//!   the form;
//! * `share` — embeds and exports.
//!
//! The state that a visitor chooses is plain data with serde (permalinks,
//! lessons and baselines build on it); results from the worker sit beside
//! it and are not serialised: the same scenario and seed give them again.

// Natively the ui is not compiled, and much of this is used only by it:
// the wasm32 build is the judge of dead code here.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code, unused_imports))]

pub mod basis;
pub mod capacity;
pub mod lesson;
pub mod link;
pub mod page;
pub mod replay;
pub mod run;
pub mod setup;
pub mod share;
pub mod show;
pub mod study;
pub mod worker;

pub(crate) use basis::modes::{Columns, MODES, Modes};
pub use basis::modes::{Mode, PerMode};
pub(crate) use link::permalink::{Decoded, Link};
pub(crate) use page::state::Action;
pub use page::state::State;
pub use run::bounds::Bounds;
pub use run::digest::RunView;
pub(crate) use run::digest::SweepPoint;
pub(crate) use run::plan::{SweepAxis, nearest};
pub use setup::Setup;
pub(crate) use setup::{ResetTo, Source};
pub use show::charts::{ChartKind, ChartSpec};
pub(crate) use show::charts::{ChartView, Marker, SweepChart, SweepMetric, TimeMetric};
pub(crate) use worker::protocol::{Job, Progress};
pub use worker::protocol::{Message, Output};

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
