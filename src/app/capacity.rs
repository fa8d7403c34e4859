//! Capacity planning: the smallest configurations of a service that meet a
//! target (a rate, a latency percentile under a bound, an error budget),
//! searched with the simulator over a few knobs (threads or virtual
//! threads, HikariCP's pool, cores, a client's pool, an `@Async` pool).
//!
//! * `knobs` — what can be turned and the values tried, smallest first;
//! * `judge` — one configuration judged: by its ceilings (no run needed
//!   when one is below the target rate), by Erlang C when the service is
//!   one exponential wait on platform threads under Poisson arrivals (found
//!   exactly), else by a bounded simulation;
//! * `search` — the search, one judgement per step (so the worker can
//!   report progress and stop at a budget): configurations in order of
//!   size, skipping those a judged one decides (a larger one than a
//!   passing one is not smallest; a smaller one than one that failed fails
//!   too — assumed: more of a resource never makes the service slower),
//!   then each smallest one bisected down knob by knob.
//!
//! The target load is an open loop at the target rate (k6's
//! constant-arrival-rate, Poisson arrivals): what "5,000 req/s" means for a
//! service, whatever the clients do.

mod judge;
mod knobs;
mod search;
#[cfg(test)]
mod tests;

pub use judge::{Failure, How, Judgement, judge};
pub use knobs::{Knob, default_knobs};
pub use search::{Answer, Planner, Stopped};

/// What a configuration must do.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Target {
    /// Requests per second it must serve.
    pub rps: f64,
    /// The latency percentile the bound is on (50, 90, 95, 99 or 99.9).
    pub percentile: f64,
    /// That percentile's bound, ms.
    pub latency_ms: f64,
    /// The most failed requests allowed, % of all.
    pub error_pct: f64,
}

/// The percentiles a run reports, that a target may name.
pub const PERCENTILES: [f64; 5] = [50.0, 90.0, 95.0, 99.0, 99.9];

/// The default error budget, %: one request in a thousand.
pub const DEFAULT_ERROR_PCT: f64 = 0.1;

/// Simulations a plan may run unless told otherwise (the command line's
/// `--max-runs`; the page's plan always).
pub const DEFAULT_MAX_RUNS: usize = 200;
