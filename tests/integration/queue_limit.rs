//! Spring Boot's `server.tomcat.threads.max-queue-capacity`: beyond it
//! Tomcat closes the connection unread, and the client reads EOF.

use crate::helpers::{FREE_CONNECTS, assert_close, run};
use threadlab::sim::report::ErrorCause;
use threadlab::theory;

#[test]
fn a_full_queue_closes_the_connection_as_measured_on_a_real_tomcat() {
    // reference/results/2026-12-05-maxqueue: Tomcat 10.1.60 with 2 threads
    // and a queue of 2, 20 hey clients, 40 requests of a 500 ms sleep: 8
    // responses and 32 times "EOF".
    let r = run(&[
        ("server.mode", "platform"),
        ("server.threads_max", "2"),
        ("server.min_spare", "2"),
        ("server.max_queue_capacity", "2"),
        ("load.tool", "hey"),
        ("load.concurrency", "20"),
        ("load.requests", "40"),
        ("program", "io:500ms"),
    ]);
    assert_eq!(r.succeeded, 8);
    assert_eq!(r.errors.by_cause[&ErrorCause::ServerClosed], 32);
    assert_eq!(r.connections.closed_queue_full, 32);
    let eof = (r.tool.errors.iter()).find(|(line, _)| line.ends_with(": EOF"));
    assert_eq!(eof.map(|(_, n)| *n), Some(32), "{:?}", r.tool.errors);
    // Unbounded (Spring Boot's default): every request waits its turn.
    let unbounded = run(&[
        ("server.threads_max", "2"),
        ("load.concurrency", "20"),
        ("load.requests", "40"),
        ("program", "io:500ms"),
    ]);
    assert_eq!(unbounded.succeeded, 40);
}

#[test]
fn the_share_turned_away_is_the_m_m_c_k_blocking_probability() {
    // Poisson arrivals, exponential holds, c threads and a queue of q: an
    // arrival that finds c + q requests in Tomcat is turned away.
    for (lambda, q) in [(200.0, 10u32), (300.0, 5)] {
        let (c, mean_s) = (10u32, 0.05);
        let mut s = vec![
            ("load.kind", "open"),
            ("load.arrivals", "poisson"),
            ("load.timeout_ms", "0"),
            ("server.threads_max", "10"),
            ("server.min_spare", "10"),
            ("server.context_switch_us", "0"),
            ("program", "io:exp(50ms)"),
            ("record.timeline_lanes", "0"),
            ("limits.max_sim_s", "100000"),
        ];
        let rate = lambda.to_string();
        let cap = q.to_string();
        s.extend([
            ("load.rate_rps", rate.as_str()),
            ("load.requests", "400000"),
            ("server.max_queue_capacity", cap.as_str()),
        ]);
        s.extend(FREE_CONNECTS);
        let r = run(&s);
        let turned_away = r.errors.by_cause[&ErrorCause::ServerClosed] as f64;
        let share = turned_away / (r.completed + r.errors.total) as f64;
        let expected = theory::mmck_blocking_probability(lambda, mean_s, c, c + q);
        assert_close(
            &format!("blocking at λ={lambda}, queue {q}"),
            share,
            expected,
            0.05,
        );
    }
}

#[test]
fn the_queue_limit_is_moot_on_virtual_threads() {
    let a = run(&[
        ("server.mode", "virtual"),
        ("load.concurrency", "20"),
        ("load.requests", "40"),
        ("program", "io:500ms"),
    ]);
    let b = run(&[
        ("server.mode", "virtual"),
        ("server.max_queue_capacity", "1"),
        ("load.concurrency", "20"),
        ("load.requests", "40"),
        ("program", "io:500ms"),
    ]);
    assert_eq!(a.succeeded, 40);
    assert_eq!(b.succeeded, 40);
}
