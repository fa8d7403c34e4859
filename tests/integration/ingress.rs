//! Tomcat's ingress: max-connections, the accept backlog (capped by
//! somaxconn), dropped SYNs retried after 1 s, 3 s, 7 s …, and client timeouts.

use crate::helpers::{assert_close, run};
use threadlab::sim::report::ErrorCause;

fn ten_clients(extra: &[(&str, &str)]) -> threadlab::sim::Report {
    let mut s = vec![
        ("load.concurrency", "10"),
        ("load.requests", "10"),
        ("server.max_connections", "2"),
        ("server.accept_count", "3"),
        ("server.context_switch_us", "0"),
        ("program", "io:100ms"),
    ];
    s.extend_from_slice(extra);
    run(&s)
}

#[test]
fn connections_beyond_the_backlog_are_dropped_and_retried_after_a_second() {
    // 2 connections open, 3 wait in the backlog, 5 SYNs dropped and retried at 1 s.
    let r = ten_clients(&[]);
    assert_eq!(r.server.syn_drops, 5);
    assert_eq!(r.server.peak_backlog, 3);
    assert_eq!(r.completed, 10);
    assert_close("makespan", r.sim_time_s, 1.3, 1e-6);
    assert_close("slowest", r.latency_ms.max, 1300.0, 0.001);
    assert_close("fastest", r.latency_ms.min, 100.0, 0.001);
}

#[test]
fn somaxconn_caps_the_backlog_and_retries_back_off() {
    // Backlog of 1: 7 SYNs dropped at 0 s; at 1 s 2 connect, 1 waits, 4 are
    // dropped again; at 3 s 2 connect, 1 waits, 1 is dropped; at 7 s the last
    // connects (SYN retries at 1, 3, 7 s).
    let r = ten_clients(&[("server.somaxconn", "1")]);
    assert_eq!(r.server.peak_backlog, 1);
    assert_eq!(r.server.syn_drops, 7 + 4 + 1);
    assert_close("makespan", r.sim_time_s, 7.1, 1e-6);
}

#[test]
fn a_client_timeout_while_connecting_is_a_connect_failure() {
    let r = ten_clients(&[("load.timeout_ms", "500")]);
    assert_eq!(
        r.errors.by_cause[&ErrorCause::ConnectFailed],
        5,
        "{:?}",
        r.errors
    );
    assert_eq!(r.completed, 5);
    assert_eq!(r.sent, r.completed + r.errors.total);
}

#[test]
fn a_request_the_client_gave_up_on_keeps_running_on_the_server() {
    // One thread, requests of 1 s, a 1.5 s timeout: the second client gives up
    // while its request still waits; the server runs it anyway.
    let r = run(&[
        ("load.concurrency", "2"),
        ("load.requests", "2"),
        ("load.timeout_ms", "1500"),
        ("server.threads_max", "1"),
        ("server.min_spare", "1"),
        ("program", "io:1s"),
    ]);
    assert_eq!(r.errors.by_cause[&ErrorCause::ClientTimeout], 1);
    assert_eq!(r.completed, 1);
    assert_eq!(r.server.abandoned, 1);
    assert_eq!(r.server.peak_tomcat_queue, 1);
}

#[test]
fn jmeter_ramp_up_starts_users_evenly() {
    // 10 users over 10 s, one 100 ms request each: the last starts at 9 s.
    let r = run(&[
        ("load.concurrency", "10"),
        ("load.loops", "1"),
        ("load.ramp_up_s", "10"),
        ("program", "io:100ms"),
    ]);
    assert_eq!(r.sent, 10);
    assert_close("makespan", r.sim_time_s, 9.1, 1e-3);
}

#[test]
fn duration_wins_over_request_count() {
    let r = run(&[
        ("load.concurrency", "10"),
        ("load.requests", "20"),
        ("load.duration_s", "5"),
        ("server.context_switch_us", "0"),
        ("program", "io:100ms"),
    ]);
    assert_close("duration", r.sim_time_s, 5.0, 1e-9);
    assert!(r.sent > 20, "the duration decides, not -n: sent {}", r.sent);
}

fn open_at_the_tools_limit(overflow: &str) -> threadlab::sim::Report {
    // 1,000 arrivals 1 ms apart, a tool limit of 10 in flight, 100 ms each:
    // the tool can carry 10 ÷ 100 ms = 100 req/s of the 1,000 req/s offered.
    run(&[
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "1000"),
        ("load.requests", "1000"),
        ("load.max_in_flight", "10"),
        ("load.overflow", overflow),
        ("server.context_switch_us", "0"),
        ("program", "io:100ms"),
    ])
}

#[test]
fn k6_drops_arrivals_beyond_its_vus() {
    let r = open_at_the_tools_limit("drop");
    assert_eq!(r.sent + r.dropped, 1000);
    assert!(r.dropped > 850, "most arrivals are dropped: {}", r.dropped);
    // What is sent is served at once: the tool hides the overload.
    assert_close("latency of what was sent", r.latency_ms.max, 100.0, 1e-6);
    assert_eq!(r.sent, r.completed + r.errors.total);
}

#[test]
fn wrk2_sends_late_and_counts_the_wait() {
    // Request k is due at k ms but a slot frees only every 10 ms: the last one
    // is due at 0.999 s, sent at 9.9 s, answered at 10.0 s: 9.001 s of latency,
    // although the server never took more than 100 ms.
    let r = open_at_the_tools_limit("delay");
    assert_eq!((r.sent, r.dropped, r.completed), (1000, 0, 1000));
    assert_close("slowest, waiting included", r.latency_ms.max, 9001.0, 0.001);
    assert_close(
        "throughput at the tool's limit",
        r.throughput_rps,
        100.0,
        0.001,
    );
    // Little's law holds when the held-back arrivals count as in flight.
    assert_close(
        "Little's law",
        r.little.lambda_w,
        r.little.mean_in_flight,
        0.01,
    );
}
