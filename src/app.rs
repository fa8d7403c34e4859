//! The playground's logic, compiled natively and tested there: everything the
//! page decides that is not binding to the DOM. `ui` (wasm32 only) renders
//! this state with Yew, draws `chart`s on canvases and carries messages to
//! and from the simulation worker; it decides nothing of its own.
//!
//! * `state` — the page's state and its reducer: `State::reduce(Action)`;
//! * `setup` — what the visitor set up: the shared settings, per-mode
//!   overrides (typed text kept beside the parsed draft), which modes run,
//!   what the two columns compare and the preset it started from; edit,
//!   reset, and what differs from the preset;
//! * `modes` — the two columns: which run, a value per column, what they
//!   compare (server modes, or E4's executors) and their labels;
//! * `form` — which fields the form shows, their DOM ids, sliders, the
//!   stated/assumed badge, the example programs;
//! * `protocol` — the messages between page and worker (`Job`, `Message`);
//! * `job` — a job as a list of runs and the message each run produces (the
//!   worker adds only slicing and cancelling; `run_blocking` runs it natively);
//! * `plan` — the bounded drafts of those runs: one full run per mode and a
//!   sweep of the load;
//! * `digest` — a `Report` reduced to what the page shows (`RunView`,
//!   `SweepPoint`): what the worker posts;
//! * `breakdown` — where successful requests' time went, stage by stage,
//!   as bars, a table and one sentence;
//! * `bounds` — capacity ceilings and Little's-law bounds of a configuration,
//!   drawn over the simulated curves;
//! * `chart_registry` — every chart the page can show, declared once (id,
//!   title, per column or not, in an embed by default, what it plots); the
//!   id lists, menus, builders and drawings derive from it;
//! * `charts` — which charts the page shows, with which data (`ChartSpec`),
//!   titles, captions and the measured figures as markers;
//! * `over_time` — what the over-time charts plot: counts over windows of
//!   at least two response times, each bucket with its real span;
//! * `effect` — settings that change nothing in the scenario as set, and why;
//! * `compare` — the pinned baseline beside the current runs;
//! * `format` — numbers for labels, tooltips and tables, error severity;
//! * `words` — the form's labels, help and group headings in the page's
//!   language;
//! * `replay` — a small run step by step: frames, stepping, a request's
//!   journey across threads, carriers, the pool and executors;
//! * `lesson` — guided lessons as data: chapters, questions graded against
//!   the run, a learner's progress, and a lesson's place in a link;
//! * `guide` — a lesson on the page: the progress in the state, what each
//!   step does to the scenario, the lesson panel's words;
//! * `view` — how the page shows the scenario: theme, language, open
//!   charts, embed options;
//! * `supervise` — the worker's messages besides jobs (ready, exports, a
//!   panic) and the watchdog that replaces a stuck or crashed worker;
//! * `embed` — the iframe snippet, the messages between an embed and its
//!   page, the summary an embed shows before it runs;
//! * `export` — CSV, JSON, text and chart files to take away, each naming
//!   its scenario, seed and permalink;
//! * `history` — which changes get an entry of the browser's history
//!   (Back undoes a preset, a lesson opened or closed, a chapter) and which
//!   rewrite the current one (a slider, a number typed), and the state an
//!   entry comes back to;
//! * `permalink` — the state as a URL query (versioned, only what differs
//!   from the defaults) and back, naming whatever it had to ignore.
//!
//! The state that a visitor chooses is plain data with serde (permalinks,
//! lessons and baselines build on it); results from the worker sit beside
//! it and are not serialised: the same scenario and seed give them again.

pub mod bounds;
pub mod breakdown;
pub mod chart_registry;
pub mod charts;
pub mod compare;
pub mod digest;
pub mod effect;
pub mod embed;
pub mod export;
pub mod form;
pub mod format;
pub mod guide;
pub mod history;
pub mod job;
pub mod lesson;
pub mod modes;
pub mod over_time;
pub mod permalink;
pub mod plan;
pub mod program_words;
pub mod protocol;
pub mod replay;
pub mod said;
pub mod setup;
pub mod state;
pub mod supervise;
pub mod view;
pub mod words;

pub use bounds::{Bounds, Ceiling, Limit};
pub use charts::{ChartKind, ChartSpec, ChartView, Marker, SweepChart, SweepMetric, TimeMetric};
pub use digest::{RunView, SweepPoint};
pub use modes::{Columns, MODES, Mode, Modes, PerMode};
pub use permalink::{Decoded, Link};
pub use plan::{SweepAxis, nearest};
pub use protocol::{Job, Message, ModeJob, Output, Progress};
pub use setup::{Arrival, Layer, ResetTo, Setup, Source};
pub use state::{Action, Baseline, Results, State};
pub use view::{Theme, View};

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests_chapter_embed;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests_export_embed;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests_guide;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests_history;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests_plain;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests_share;
