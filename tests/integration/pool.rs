//! HikariCP: throughput never exceeds pool size ÷ hold time; waiters past
//! `connectionTimeout` fail with HTTP 500 and are counted.

use crate::helpers::{Explained, assert_close, run};
use threadlab::sim::report::{Resource, ResponseCause};

#[test]
fn pool_caps_throughput_at_size_over_hold_time() {
    for (pool, hold_ms) in [(10u32, 20.0), (5, 50.0), (50, 10.0)] {
        let r = run(&[
            ("load.concurrency", "1000"),
            ("load.duration_s", "20"),
            ("load.timeout_ms", "0"),
            ("server.mode", "virtual"),
            ("db.pool_size", &pool.to_string()),
            ("db.timeout_ms", "3600000"),
            ("program", &format!("db:{hold_ms}ms")),
        ]);
        let cap = pool as f64 / (hold_ms / 1000.0);
        assert!(
            r.throughput_rps <= cap * 1.0001,
            "pool {pool}: {} > {cap}",
            r.throughput_rps
        );
        assert_close(
            &format!("pool {pool} saturated"),
            r.throughput_rps,
            cap,
            0.01,
        );
        assert_eq!(
            r.bottleneck.resource,
            Resource::DbPool,
            "{}",
            r.bottleneck.explanation()
        );
    }
}

#[test]
fn pool_timeouts_become_500s_with_a_latency() {
    // 200 clients, 2 connections held 100 ms: 20 req/s capacity; a waiter
    // gives up after 250 ms, so most requests get a 500.
    let r = run(&[
        ("load.concurrency", "200"),
        ("load.duration_s", "10"),
        ("server.mode", "virtual"),
        ("db.pool_size", "2"),
        ("db.timeout_ms", "250"),
        ("program", "db:100ms"),
    ]);
    let timeouts = r.responses_by_cause[&ResponseCause::PoolTimeout];
    let ok = r.responses_by_cause[&ResponseCause::Ok];
    assert!(
        timeouts > 10 * ok,
        "most fail: {timeouts} timeouts vs {ok} ok"
    );
    assert!(
        r.goodput_rps <= 20.0 * 1.0001,
        "goodput capped by the pool: {}",
        r.goodput_rps
    );
    assert_eq!(
        r.errors.total, 0,
        "a pool timeout is a response, not a client error"
    );
    // A timed-out request answered after 250 ms of waiting: latency at least that.
    assert!(
        r.latency_ms.p50 >= 250.0,
        "p50 {} includes the 250 ms wait",
        r.latency_ms.p50
    );
}

#[test]
fn platform_threads_cap_below_the_pool() {
    // 100 threads each waiting 50 ms: 2000 req/s even with a huge pool.
    let r = run(&[
        ("load.concurrency", "2000"),
        ("load.duration_s", "20"),
        ("server.threads_max", "100"),
        ("server.context_switch_us", "0"),
        ("db.pool_size", "1000"),
        ("program", "db:50ms"),
    ]);
    assert_close("thread-capped", r.throughput_rps, 2000.0, 0.01);
    assert_eq!(
        r.bottleneck.resource,
        Resource::TomcatThreads,
        "{}",
        r.bottleneck.explanation()
    );
}

/// The headline latency is of successful responses, the
/// failed ones are reported beside it. 200 clients on 2 connections held
/// 100 ms, a 250 ms `connectionTimeout`: most requests fail fast, at ~250
/// ms, which made the median of every response the time-out's, where a
/// success takes at least its 100 ms of query and usually a wait besides.
#[test]
fn the_headline_latency_is_of_successes_and_failures_are_said_beside_it() {
    let r = run(&[
        ("load.concurrency", "200"),
        ("load.duration_s", "10"),
        ("server.mode", "virtual"),
        ("db.pool_size", "2"),
        ("db.timeout_ms", "250"),
        ("program", "db:100ms"),
    ]);
    let (ok, f) = (&r.latency_ok_ms, &r.failed_responses);
    let timeouts = r.responses_by_cause[&ResponseCause::PoolTimeout];
    assert_eq!(f.count, timeouts);
    assert_eq!(f.cause, Some(ResponseCause::PoolTimeout));
    assert_eq!(f.count + r.succeeded, r.completed);
    assert!(
        ok.min >= 100.0,
        "a success holds a connection 100 ms: {ok:?}"
    );
    assert_close("failed at connectionTimeout", f.latency_ms.p50, 250.0, 0.01);
    assert!(
        f.latency_ms.p99 < ok.p50,
        "failures are the fast ones: {f:?} vs {ok:?}"
    );
    // The all-responses median is the failures' (most responses), the
    // headline is the successes'.
    assert_close(
        "all responses' median",
        r.latency_ms.p50,
        f.latency_ms.p50,
        0.01,
    );
    // Successes and failures make up every response: the means weigh up.
    let all = r.latency_ms.mean * r.completed as f64;
    let parts = ok.mean * r.succeeded as f64 + f.latency_ms.mean * f.count as f64;
    assert_close("means weigh up", parts, all, 1e-9);
    assert!(
        (f.pct - f.count as f64 * 100.0 / (r.completed + r.errors.total) as f64).abs() < 1e-9,
        "{}",
        f.pct
    );
}
