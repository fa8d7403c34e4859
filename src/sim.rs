//! The simulation core: a deterministic discrete-event model of a Spring Boot
//! service under load.
//!
//! # Contract
//! * [`run`] takes a validated [`Config`] and returns a [`Report`]; [`Simulation`]
//!   does the same in slices (`advance(events)`, `progress()`, `finish()`).
//! * Pure: no I/O, no wall clock, no DOM, no OS randomness. It compiles for
//!   `wasm32-unknown-unknown` unchanged.
//! * Deterministic: events are ordered by (time in integer ns, sequence number),
//!   FIFO on ties; the only randomness is the seeded generator in `rng`; `libm`
//!   supplies ln/exp/cos (the platform only what IEEE 754 makes exact: sqrt,
//!   ceil). Same config and seed → identical report, natively and in
//!   WebAssembly.
//! * Bounded: memory grows with the work in progress and chart resolution,
//!   never with the number of requests; a run stops at its event budget
//!   (every event does a bounded amount of work), its simulated-time budget,
//!   or when its own structures pass `limits.max_sim_memory`, and says so.

pub mod breaker;
pub mod config;
mod cpu;
mod engine;
mod named;
pub mod program;
mod queue;
pub mod rate_limiter;
pub mod report;
pub(crate) mod rng;
mod series;
pub mod time;
pub(crate) mod timeline;
pub mod tool;
pub mod trace;

pub use config::Config;
/// The prefix of Tomcat's thread names (`http-nio-8080-exec-N`).
pub(crate) use engine::TOMCAT_THREAD_NAME;
pub use engine::{Engine as Simulation, run, run_timed};
pub use report::{Outcome, Report};
