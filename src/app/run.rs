//! A run as the page plans and reads it: its bounded drafts, the ceilings
//! of its configuration, and its report reduced to what the page shows.
//!
//! * `plan` — the bounded drafts of the runs: one full run per mode and a
//!   sweep of the load;
//! * `bounds` — capacity ceilings and Little's-law bounds of a
//!   configuration, drawn over the simulated curves;
//! * `digest` — a `Report` reduced to what the page shows (`RunView`,
//!   `SweepPoint`): what the worker posts;
//! * `breakdown` — where successful requests' time went, stage by stage,
//!   as bars, a table and one sentence;
//! * `endpoints` — each endpoint of a mix: its rates, latency and own
//!   breakdown;
//! * `replicated` — each mode's seeds of its full run as the page shows
//!   them: medians, bands, intervals, the noise judgement, the warm-up;
//! * `over_time` — what the over-time charts plot: counts over windows of
//!   at least two response times, each bucket with its real span.

pub mod bounds;
pub mod breakdown;
pub mod digest;
pub mod endpoints;
pub mod over_time;
pub mod plan;
pub mod replicated;
