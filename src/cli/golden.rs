//! The determinism test's scenario and its report, shared by the native test
//! and the WebAssembly one (both compare it with `tests/golden/determinism.json`).

use crate::scenario::{self, Draft};
use crate::summary::json_report;

/// A scenario that exercises every distribution, the pool, pinning and
/// `@Async`: the determinism tests run it with several seeds.
pub const GOLDEN_SCENARIO: &[(&str, &str)] = &[
    ("load.concurrency", "200"),
    ("load.duration_s", "3"),
    ("load.timeout_ms", "400"),
    ("server.mode", "virtual"),
    ("server.cores", "2"),
    ("db.pool_size", "8"),
    ("db.timeout_ms", "250"),
    (
        "program",
        "cpu:exp(0.3ms),db:lognormal(p50=5ms,p99=40ms),io:uniform(1ms,30ms),sync{io:exp(1ms)},async(mail){io:exp(20ms)}",
    ),
];

/// [`GOLDEN_SCENARIO`] with seed 11 and small charts, started cold and
/// with a heap small enough for G1 to pause (so that the JVM's model is held
/// to the same bytes too), as JSON: native and WebAssembly tests both
/// compare it with `tests/golden/determinism.json`.
pub fn golden_report() -> String {
    let mut d = Draft::new();
    for (k, v) in GOLDEN_SCENARIO.iter().copied().chain([
        ("record.series_buckets", "20"),
        ("record.timeline_window_ms", "20"),
        ("seed", "11"),
        ("jvm.start", "cold"),
        ("memory.heap_mb", "512"),
        ("gc.alloc_kb", "256"),
    ]) {
        if let Err(e) = d.set(k, v) {
            return format!("invalid golden scenario: {e}");
        }
    }
    match scenario::validate(&d) {
        Ok(cfg) => json_report(&crate::sim::run(&cfg), true),
        Err(e) => format!("invalid golden scenario: {e:?}"),
    }
}
