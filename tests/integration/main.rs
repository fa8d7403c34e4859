//! threadlab's integration tests: one binary, one module per concern.
//! Native only: the browser tests are `tests/web.rs` and `tests/wasm_determinism.rs`.
#![cfg(not(target_arch = "wasm32"))]

mod breakdown;
mod budgets;
mod bulkheads;
mod cli;
mod cli_process;
mod connections;
mod containers;
mod determinism;
mod diagnosis;
mod downstreams;
mod drain;
mod drivers;
mod endpoints;
mod executors;
mod expect;
mod extremes;
mod fanout;
mod fidelity;
mod gc;
mod heap;
mod helpers;
mod ingress;
mod lessons;
mod memory;
mod monitors;
mod outcomes;
mod pinning;
mod pool;
mod properties;
mod queue_limit;
mod queueing;
mod readahead;
mod replications;
mod thread_locals;
mod tidy;
mod tidy_app;
mod timers;
mod tools;
mod traces;
mod utilisation;
mod validation;
mod variability;
mod warmup;
mod words;
