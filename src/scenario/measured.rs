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
