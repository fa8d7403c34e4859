//! Second-order spread measured on the reference machine: a blocking wait
//! ends late by the wake-up latency (`scenario::measured`), so one run's
//! latencies are not all equal and seeds differ.

use crate::helpers::{FREE_CONNECTS, assert_close, run};
use threadlab::scenario::measured::{WAKE_PLATFORM_US, WAKE_VIRTUAL_US};
use threadlab::sim::Report;

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
