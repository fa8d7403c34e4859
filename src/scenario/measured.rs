//! Parameters measured on this project's reference machine by the real-JVM
//! reference suite (`reference/`, `bash reference/run.sh`), each with the
//! results file it comes from. A figure of the source articles is never one
//! of these: those stay predictions the model is checked against.

/// `Thread.sleep(1 ms)`'s overshoot on Temurin 21.0.8, platform threads:
/// (median, 99th percentile) in µs over 500 sleeps.
/// Source: `reference/results/2026-12-03/sleep_jdk21.json`.
pub const WAKE_PLATFORM_US: (f64, f64) = (111.5, 269.7);

/// The same on virtual threads (the timer, then the unparked virtual
/// thread's wait for a carrier): (median, p99) in µs over 500 sleeps.
/// Source: `reference/results/2026-12-03/sleep_jdk21.json`.
pub const WAKE_VIRTUAL_US: (f64, f64) = (148.9, 464.2);

/// G1's young pauses on Temurin 21 and 25, platform and virtual threads,
/// under the GC item's load (`/alloc?kb=64`, c=200, default heap): (median,
/// 90th percentile by nearest rank) in ms over the 93 young pauses of the
/// four logs pooled. The pauses did not grow with the heap left after them,
/// so their spread is the fixed part's: the model takes p90 ÷ median as
/// `gc.pause_p90_ratio`'s default.
/// Source: `reference/results/2026-12-03/gc_jdk*_*_gc.txt`, pooled by
/// `reference/lib/report.py` (`young_pauses`).
pub const GC_YOUNG_PAUSE_MS: (f64, f64) = (4.98, 11.58);

/// A connect refused with a reset on loopback, as the client pays it:
/// `socket`, `connect` (failing with ECONNREFUSED) and `close`, µs each: the
/// median of four runs of 200,000 in a row (15.60, 17.22, 17.50 and 17.57
/// µs means). The model takes it as the least time from a client's dial to
/// a refused connect's failure while the service is down
/// (`jvm.down_connect` refused).
/// Source: `reference/results/2026-12-04/refused_connect.txt`, made by
/// `reference/failures/run.sh`.
pub const REFUSED_CONNECT_US: f64 = 17.36;
