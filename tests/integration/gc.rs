//! G1 in its simple form: pauses as often as allocation fills
//! the young generation, as long as what survives takes to copy; every
//! thread stops, so throughput falls by the pause share and the slowest
//! requests wait a pause longer; virtual threads' stack chunks are live
//! data the collector copies; old-generation pressure brings mixed and
//! full collections.

use threadlab::sim::report::GcKind;

use crate::helpers::{assert_close, run};

/// 1 MB per request into a young generation of 60 % of 1,024 MB: a
/// collection every ⌈614.4 ÷ 1⌉ = 615 requests, so 20,000 requests make
/// ⌊20,000 ÷ 615⌋ = 32 of them: total allocation ÷ young size.
#[test]
fn pause_count_is_total_allocation_over_young_size() {
    let r = run(&[
        ("load.concurrency", "20"),
        ("load.requests", "20000"),
        ("memory.heap_mb", "1024"),
        ("memory.initial_heap_mb", "1024"),
        ("gc.alloc_kb", "1024"),
        ("program", "cpu:0.05ms,io:1ms"),
    ]);
    let young_mb = 1024.0 * 0.6;
    assert_close("young generation", r.gc.young_mb, young_mb, 1e-6);
    assert_close("allocated", r.gc.allocated_mb, 20_000.0, 1e-9);
    let per_collection = (young_mb / 1.0f64).ceil();
    assert_eq!(r.gc.young, (20_000.0 / per_collection).floor() as u64);
    assert_eq!(r.gc.mixed + r.gc.full, 0);
    assert_eq!(r.gc.pauses.len() as u64, r.gc.young);
    assert!(r.gc.pauses.iter().all(|p| p.kind == GcKind::Young));
}

/// Eight closed-loop clients of 1 ms CPU requests that allocate 2 MB each,
/// on a 512 MB heap, under `collector`: pauses often enough to measure.
pub(crate) fn eight_allocating(collector: &str) -> threadlab::sim::Report {
    run(&[
        ("load.concurrency", "8"),
        ("load.requests", "40000"),
        ("server.cores", "4"),
        ("memory.heap_mb", "512"),
        ("gc.alloc_kb", "2048"),
        ("gc.collector", collector),
        ("program", "cpu:1ms"),
    ])
}

/// CPU-bound on 4 cores, 2 MB allocated per 1 ms request: with G1 every
/// thread stops for each pause, so throughput is the no-collector
/// throughput times (1 − the pause share).
#[test]
fn throughput_falls_by_the_pause_share() {
    let (off, on) = (eight_allocating("none"), eight_allocating("g1"));
    assert!(on.gc.pause_share > 0.03, "{}", on.gc.pause_share);
    assert_close(
        "throughput",
        on.throughput_rps,
        off.throughput_rps * (1.0 - on.gc.pause_share),
        0.002,
    );
}

/// A pause is the base plus the live data copied: 2,000 requests blocked
/// on virtual threads each hold 8 KB of their own and an 8 KB stack chunk
/// and a 1 KB virtual thread. The report shows the chunks' share, and
/// without them each pause is shorter by what they take to copy. The
/// accept queue holds the 2,000 clients' first connects (at Tomcat's 100
/// most would wait for a SYN retry, and fewer would be in the server when
/// a pause comes).
#[test]
fn virtual_threads_stack_chunks_are_live_data_a_collection_copies() {
    let scenario = |chunk_kb: &'static str| {
        run(&[
            ("server.mode", "virtual"),
            ("load.concurrency", "2000"),
            ("load.requests", "40000"),
            ("memory.heap_mb", "512"),
            ("memory.initial_heap_mb", "512"),
            ("memory.stack_chunk_kb", chunk_kb),
            ("gc.alloc_kb", "256"),
            ("server.accept_count", "2000"),
            ("program", "cpu:0.01ms,io:200ms"),
        ])
    };
    let with = scenario("8");
    let without = scenario("0");
    assert_eq!(
        with.connections.syn_drops + without.connections.syn_drops,
        0
    );
    let chunks = with.gc.peak_copied_stack_chunks_mb;
    assert_close("chunks copied", chunks, 2000.0 * 8.0 / 1024.0, 0.01);
    assert!(with.gc.peak_copied_mb > chunks + 2000.0 * 9.0 / 1024.0 * 0.99);
    assert_eq!(without.gc.peak_copied_stack_chunks_mb, 0.0);
    assert_close(
        "longest pause, the chunks' copy apart",
        with.gc.max_pause_ms - without.gc.max_pause_ms,
        chunks / 1.5,
        0.02,
    );
}

/// The slowest requests are those a pause caught: with pauses of ~200 ms
/// (300 MB of live data at 1.5 MB/ms) p99.9 and the slowest grow by about
/// a pause over the same run without a collector. The accept queue holds
/// the 1,000 clients' first connects: SYN retries (1 s, 3 s, …) would
/// otherwise set the slowest, and differently in the two runs, as a pause
/// stops the acceptor while the kernel fills its queue.
#[test]
fn pauses_lengthen_the_slowest_requests_and_p999() {
    let scenario = |collector: &'static str| {
        run(&[
            ("load.concurrency", "1000"),
            ("load.requests", "30000"),
            ("server.threads_max", "1000"),
            ("memory.heap_mb", "4096"),
            ("memory.initial_heap_mb", "4096"),
            ("memory.request_kb", "300"),
            ("gc.alloc_kb", "1024"),
            ("gc.collector", collector),
            ("server.accept_count", "1000"),
            ("program", "cpu:0.02ms,io:100ms"),
        ])
    };
    let (off, on) = (scenario("none"), scenario("g1"));
    assert_eq!(off.connections.syn_drops + on.connections.syn_drops, 0);
    assert!(on.gc.young >= 5, "{}", on.gc.young);
    let pause = on.gc.max_pause_ms;
    assert!(pause > 150.0, "{pause}");
    assert_close(
        "slowest",
        on.latency_ms.max - off.latency_ms.max,
        pause,
        0.1,
    );
    assert!(on.latency_ms.p999 > off.latency_ms.p999 + pause * 0.5);
    // Most requests never meet a pause.
    assert_close("median", on.latency_ms.p50, off.latency_ms.p50, 0.05);
}

/// Live data near the heap's limit: survivors overflow the survivor space
/// and are promoted, the old generation passes 45 % and mixed collections
/// follow; then the young generation cannot get its 5 % and a full
/// collection comes.
#[test]
fn old_generation_pressure_leads_to_mixed_then_full_collections() {
    let r = run(&[
        ("load.concurrency", "400"),
        ("load.requests", "20000"),
        ("server.threads_max", "400"),
        ("memory.heap_mb", "512"),
        ("memory.initial_heap_mb", "512"),
        ("memory.request_kb", "1000"),
        ("gc.alloc_kb", "1024"),
        ("program", "cpu:0.02ms,io:uniform(50ms,150ms)"),
    ]);
    assert!(r.gc.young > 0, "{:?}", r.gc);
    assert!(r.gc.mixed > 0, "{:?}", r.gc);
    assert!(r.gc.full > 0, "{:?}", r.gc);
    let first = |k: GcKind| r.gc.pauses.iter().position(|p| p.kind == k).unwrap();
    assert!(first(GcKind::Young) < first(GcKind::Mixed));
    assert!(first(GcKind::Mixed) < first(GcKind::Full));
}

/// No collector: no pauses, no garbage, and the heap holds live objects only.
#[test]
fn without_a_collector_nothing_pauses() {
    let r = run(&[
        ("load.concurrency", "50"),
        ("load.requests", "5000"),
        ("gc.collector", "none"),
        ("gc.alloc_kb", "100000"),
        ("program", "io:1ms"),
    ]);
    assert!(!r.gc.on);
    assert_eq!(r.gc.young + r.gc.mixed + r.gc.full, 0);
    assert_eq!(r.memory.peak_heap_used_mb, r.memory.peak_heap_live_mb);
}

/// Tomcat's acceptor is a Java thread, the kernel is not: during a pause
/// new connections complete their handshake into the accept queue and wait
/// there, and the acceptor takes them when the pause ends. k6 at 1,000
/// arrivals a second without keep-alive (a connection per request), 1 MB
/// each into a young generation of 60 % of 512 MB: a collection every 308
/// requests, six in 2,000, each of 50 ms (the base; almost nothing is
/// live). Each pause queues the ~50 connects that arrive during it, which
/// wait 25 ms on average: 6 × 50 × 25 ms ÷ 2,000 accepts ≈ 3.75 ms.
#[test]
fn a_pause_stops_the_acceptor_while_the_kernel_fills_its_queue() {
    let r = run(&[
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "1000"),
        ("load.requests", "2000"),
        ("load.keep_alive", "off"),
        ("memory.heap_mb", "512"),
        ("memory.initial_heap_mb", "512"),
        ("gc.alloc_kb", "1024"),
        ("gc.pause_base_ms", "50"),
        ("program", "io:1ms"),
    ]);
    assert_eq!(r.gc.young, 6, "{:?}", r.gc);
    assert_close("pause", r.gc.max_pause_ms, 50.0, 1e-3);
    let c = &r.connections;
    assert_eq!(c.opened, 2000);
    assert_eq!(c.syn_drops, 0);
    assert!((49..=51).contains(&c.peak_accept_queue), "{c:?}");
    assert_close("mean accept wait", c.mean_accept_wait_ms, 3.75, 0.02);
    assert_eq!(r.succeeded, 2000);
}
