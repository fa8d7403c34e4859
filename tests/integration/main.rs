//! threadlab's integration tests: one binary, one module per concern.

mod cli;
mod determinism;
mod executors;
mod helpers;
mod ingress;
mod pinning;
mod pool;
mod properties;
mod queueing;
mod tidy;
mod validation;
