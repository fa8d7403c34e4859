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
//! * Bounded: memory grows with concurrency, pool sizes and chart resolution,
//!   never with the number of requests; a run stops at its event or time budget.

pub mod config;
pub mod cpu;
mod engine;
pub mod program;
pub mod queue;
pub mod report;
pub mod rng;
pub mod series;
pub mod time;
pub mod timeline;

pub use config::Config;
pub use engine::{Engine as Simulation, run};
pub use report::{Outcome, Report};
