//! ThreadLocals and per-thread caches (`memory.thread_local_kb`): held once
//! per pooled platform thread, but by every virtual thread in flight, and
//! allocated anew by every request on a virtual thread. Both source
//! articles end on this question ("10,000 virtual threads, 10,000
//! ThreadLocals: does memory explode?").

use crate::helpers::{assert_close, run};
use threadlab::sim::report::{MemoryKind, Report};

const KB: f64 = 100.0;

/// Runs without and with 100 KB per thread; `gc` names the collector
/// (`none` keeps the timing of both the same; G1 counts what is allocated).
fn pair(mode: &str, gc: &str) -> (Report, Report) {
    let (clients, threads) = ("1000", "200");
    let go = |kb: &str| {
        run(&[
            ("server.mode", mode),
            ("server.threads_max", threads),
            ("server.min_spare", threads),
            ("load.concurrency", clients),
            ("load.requests", "20000"),
            ("gc.collector", gc),
            ("program", "io:100ms"),
            ("memory.thread_local_kb", kb),
        ])
    };
    (go("0"), go(&KB.to_string()))
}

fn peak_live_gap_mb(without: &Report, with: &Report) -> f64 {
    with.memory.peak_heap_live_mb - without.memory.peak_heap_live_mb
}

#[test]
fn a_pooled_platform_thread_holds_its_thread_locals_once() {
    // 1,000 clients on 200 threads: the pool's threads hold them, however
    // many requests wait in Tomcat's queue.
    let (without, with) = pair("platform", "none");
    let threads = with.server.peak_platform_threads as f64;
    assert_eq!(threads, 200.0);
    assert_close(
        "live heap added",
        peak_live_gap_mb(&without, &with),
        threads * KB / 1024.0,
        1e-9,
    );
    // Filled once by each thread: no request allocates them again.
    let (without, with) = pair("platform", "g1");
    assert!(without.gc.allocated_mb > 0.0);
    assert_close(
        "allocated",
        with.gc.allocated_mb,
        without.gc.allocated_mb,
        1e-12,
    );
}

#[test]
fn every_virtual_thread_in_flight_holds_its_own_and_allocates_them_anew() {
    let (without, with) = pair("virtual", "none");
    // All 1,000 requests wait on I/O at once, each on its own thread.
    assert_close(
        "live heap added",
        peak_live_gap_mb(&without, &with),
        1000.0 * KB / 1024.0,
        1e-9,
    );
    let (without, with) = pair("virtual", "g1");
    let requests = with.completed as f64;
    assert_close(
        "allocated per request",
        (with.gc.allocated_mb - without.gc.allocated_mb) / requests,
        KB / 1024.0,
        1e-9,
    );
    assert_eq!(with.completed, without.completed);
}

#[test]
fn the_memory_chart_shows_them_as_their_own_kind() {
    let (_, platform) = pair("platform", "none");
    let (_, virtual_) = pair("virtual", "none");
    let top = |r: &Report| {
        (r.series.memory_by_kind.get(&MemoryKind::HeapThreadLocals))
            .map_or(0.0, |v| v.iter().copied().fold(0.0, f64::max))
    };
    assert_close("platform", top(&platform), 200.0 * KB / 1024.0, 0.01);
    assert_close("virtual", top(&virtual_), 1000.0 * KB / 1024.0, 0.01);
}
