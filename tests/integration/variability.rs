//! Second-order spread measured on the reference machine
//! (`scenario::measured`): a blocking wait ends late by the wake-up latency,
//! so one run's latencies are not all equal and seeds differ; and G1's
//! pauses are not all alike.

use crate::helpers::{FREE_CONNECTS, assert_close, run};
use threadlab::scenario::measured::{GC_YOUNG_PAUSE_MS, WAKE_PLATFORM_US, WAKE_VIRTUAL_US};
use threadlab::sim::Report;
use threadlab::sim::report::GcKind;

/// One client, `io:1ms` in turn, nothing else costing time: each latency
/// is the millisecond plus one wake-up.
fn sleeps(mode: &str, extra: &[(&str, &str)]) -> Report {
    let mut s = vec![
        ("server.mode", mode),
        ("load.concurrency", "1"),
        ("load.requests", "4000"),
        ("server.context_switch_us", "0"),
        ("jvm.start", "warm"),
        ("gc.collector", "none"),
        ("program", "io:1ms"),
    ];
    s.extend(FREE_CONNECTS);
    s.extend_from_slice(extra);
    run(&s)
}

#[test]
fn a_blocking_wait_ends_late_by_the_wake_up_latency_measured_for_its_mode() {
    for (mode, (p50, p99)) in [("platform", WAKE_PLATFORM_US), ("virtual", WAKE_VIRTUAL_US)] {
        // Left empty, the keys take the measured values (the helper sets
        // none when a test names them).
        let r = sleeps(mode, &[("server.wake_p99_us", "null")]);
        let l = &r.latency_ms;
        assert_close(&format!("{mode} p50"), l.p50, 1.0 + p50 / 1000.0, 0.02);
        assert_close(&format!("{mode} p99"), l.p99, 1.0 + p99 / 1000.0, 0.05);
        assert!(l.max > l.p99 && l.p99 > l.p50, "{mode}: {l:?}");
    }
}

#[test]
fn a_wake_up_latency_of_zero_ends_every_wait_on_time() {
    let r = sleeps("platform", &[("server.wake_p50_us", "0")]);
    assert_close("slowest", r.latency_ms.max, 1.0, 1e-6);
    assert_close("fastest", r.latency_ms.min, 1.0, 1e-6);
}

#[test]
fn equal_percentiles_are_a_constant_delay_and_seeds_differ_otherwise() {
    let r = sleeps(
        "platform",
        &[("server.wake_p50_us", "500"), ("server.wake_p99_us", "500")],
    );
    assert_close("slowest", r.latency_ms.max, 1.5, 1e-6);
    assert_close("fastest", r.latency_ms.min, 1.5, 1e-6);
    let seeded = |seed| {
        sleeps(
            "platform",
            &[("server.wake_p99_us", "null"), ("seed", seed)],
        )
    };
    assert_ne!(seeded("1").latency_ms.max, seeded("2").latency_ms.max);
}

/// Young pauses of 8 clients allocating 2 MB per 1 ms request (200,000 of
/// them) on a fixed
/// 512 MB heap, with copying as good as free, so that a pause is its fixed
/// part alone: `gc.pause_base_ms` = 5, the spread `ratio` ("null" = the one
/// measured here). Returns the pauses' lengths in ms, sorted.
fn young_pauses(ratio: &str) -> Vec<f64> {
    let r = run(&[
        ("load.concurrency", "8"),
        ("load.requests", "200000"),
        ("server.cores", "4"),
        ("memory.heap_mb", "512"),
        ("memory.initial_heap_mb", "512"),
        ("gc.alloc_kb", "2048"),
        ("gc.pause_base_ms", "5"),
        ("gc.copy_mb_per_ms", "1000000"),
        ("gc.pause_p90_ratio", ratio),
        ("program", "cpu:1ms"),
    ]);
    let mut ms: Vec<f64> =
        r.gc.pauses
            .iter()
            .filter(|p| p.kind == GcKind::Young)
            .map(|p| p.ms)
            .collect();
    // ~1,300 pauses: the quantiles' own sampling error is ~3 %.
    assert!(ms.len() >= 1000, "too few pauses to measure: {}", ms.len());
    ms.sort_by(f64::total_cmp);
    ms
}

/// The nearest-rank quantile of sorted values.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((q * sorted.len() as f64).ceil() as usize).max(1) - 1]
}

#[test]
fn g1_pauses_spread_as_measured_and_alike_at_a_ratio_of_one() {
    let (p50, p90) = GC_YOUNG_PAUSE_MS;
    let spread = young_pauses("null");
    assert_close("median pause", quantile(&spread, 0.5), 5.0, 0.10);
    assert_close(
        "p90 over median",
        quantile(&spread, 0.9) / quantile(&spread, 0.5),
        p90 / p50,
        0.10,
    );
    let alike = young_pauses("1");
    assert_close("shortest", alike[0], 5.0, 0.01);
    assert_close("longest", alike[alike.len() - 1], 5.0, 0.01);
}

/// When the first young pause of the allocating load above begins, with
/// eden `fill` full at the start ("null" = drawn from `seed`).
fn first_pause_s(fill: &str, seed: &str) -> f64 {
    let r = run(&[
        ("load.concurrency", "8"),
        ("load.requests", "4000"),
        ("server.cores", "4"),
        ("memory.heap_mb", "512"),
        ("memory.initial_heap_mb", "512"),
        ("gc.alloc_kb", "2048"),
        ("gc.warm_eden_fill", fill),
        ("seed", seed),
        ("program", "cpu:1ms"),
    ]);
    r.gc.pauses.first().expect("a pause").at_s
}

/// A warm JVM's run begins part-way into its young cycle: half full, the
/// first pause comes after half the allocation; left empty, each seed
/// starts elsewhere in the cycle, never later than from an empty eden.
#[test]
fn a_warm_run_begins_where_its_eden_fill_says_and_seeds_differ() {
    let empty = first_pause_s("0", "1");
    let half = first_pause_s("0.5", "1");
    assert_close("half full", half, empty / 2.0, 0.05);
    let drawn: Vec<f64> = ["1", "2", "3", "4", "5"]
        .iter()
        .map(|s| first_pause_s("null", s))
        .collect();
    assert!(
        drawn.iter().all(|&t| t <= empty * 1.01),
        "{drawn:?} vs {empty}"
    );
    let distinct = drawn
        .iter()
        .filter(|&&t| (t - drawn[0]).abs() > empty * 0.01);
    assert!(distinct.count() >= 3, "{drawn:?}");
}

/// E2's extra wait beyond its sleep has a floor, shaped as measured here
/// (`measured::SLEEP_10MS_PLATFORM_US`: the smallest overshoot over the
/// mean), and no request waits less: warm, with as many threads as
/// clients, none finishes before the sleep, its CPU and the floor.
#[test]
fn no_e2_request_waits_less_than_the_extra_wait_s_floor() {
    use threadlab::scenario::measured::SLEEP_10MS_PLATFORM_US;
    use threadlab::scenario::{parse_program, preset};
    use threadlab::sim::program::{Dist, Op};
    let e2 = preset("e2-platform").unwrap().settings();
    let program = e2.iter().find(|(k, _)| *k == "program").unwrap().1;
    let parsed = parse_program(program).unwrap();
    let Some(Op::Io(extra)) = parsed
        .program
        .ops
        .iter()
        .rfind(|op| matches!(op, Op::Io(_)))
    else {
        panic!("{program}: no extra wait");
    };
    let floor_ms = match *extra {
        Dist::Uniform { lo_ns, .. } => lo_ns,
        Dist::LogNormal { floor_ns, .. } => floor_ns,
        _ => 0.0,
    } / 1e6;
    let (min, _, _, mean) = SLEEP_10MS_PLATFORM_US;
    assert_close(
        "floor ÷ mean",
        floor_ms * 1e6 / extra.mean_ns(),
        min / mean,
        0.01,
    );
    let r = run(&[
        ("program", program),
        ("load.concurrency", "100"),
        ("load.requests", "20000"),
        ("server.threads_max", "100"),
        ("server.min_spare", "100"),
        ("server.cores", "4"),
        ("jvm.start", "warm"),
        ("gc.collector", "none"),
        ("server.wake_p99_us", "null"),
        FREE_CONNECTS[0],
        FREE_CONNECTS[1],
        FREE_CONNECTS[2],
    ]);
    let least = 50.0 + 0.1 + floor_ms;
    let fastest = r.latency_ms.min;
    assert!(
        fastest >= least,
        "fastest {fastest} ms, floor at {least} ms"
    );
    // 20,000 draws come close to it: the log-normal part's smallest is
    // tens of µs, a wake-up's smallest a few more.
    assert!(
        fastest < least + 0.5,
        "fastest {fastest} ms, floor at {least} ms"
    );
}
