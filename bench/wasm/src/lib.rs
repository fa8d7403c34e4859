//! threadlab's benchmark workloads as WebAssembly: JavaScript creates a
//! [`BenchRun`] per workload and calls [`BenchRun::advance`] in chunks, timing
//! each call with `performance.now()` (V8 optimises a function between calls,
//! not during a long one). No clock lives here.

use threadlab::bench::{Run, WORKLOADS, workload};
use wasm_bindgen::prelude::*;

/// Names of every workload, comma-separated.
#[wasm_bindgen]
pub fn workloads() -> String {
    WORKLOADS.iter().map(|w| w.name).collect::<Vec<_>>().join(",")
}

/// Names of the workloads `threadlab bench` runs by default, comma-separated.
#[wasm_bindgen]
pub fn default_workloads() -> String {
    WORKLOADS
        .iter()
        .filter(|w| w.default)
        .map(|w| w.name)
        .collect::<Vec<_>>()
        .join(",")
}

/// One workload in progress.
#[wasm_bindgen]
pub struct BenchRun {
    run: Run,
}

#[wasm_bindgen]
impl BenchRun {
    /// Prepares workload `name` (validation is done here, outside the timing).
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str) -> Result<BenchRun, JsError> {
        let w = workload(name).ok_or_else(|| JsError::new(&format!("no workload {name}")))?;
        Ok(BenchRun { run: Run::new(w) })
    }

    /// Processes about `chunk` events; true when the workload is done.
    pub fn advance(&mut self, chunk: f64) -> bool {
        self.run.advance(chunk as u64)
    }

    /// Events simulated so far.
    pub fn events(&self) -> f64 {
        self.run.totals().events as f64
    }

    /// Requests finished so far (responses and errors).
    pub fn requests(&self) -> f64 {
        self.run.totals().requests as f64
    }

    /// Scenarios finished so far.
    pub fn runs(&self) -> u32 {
        self.run.totals().runs
    }

    /// Runs that stopped at a budget (events, simulated time or memory).
    pub fn budget_stops(&self) -> u32 {
        self.run.totals().budget_stops
    }

    /// Throughput of the last finished scenario (req/s).
    pub fn throughput(&self) -> f64 {
        self.run.totals().throughput_rps
    }
}
