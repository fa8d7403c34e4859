//! Memory by kind and its three limits: heap and native memory
//! are counted apart, a thread stack is mostly reserved rather than
//! resident, and each limit fails the way the real one does, at the
//! moment the arithmetic says.

use crate::helpers::{Words, hit_words};
use threadlab::sim::Outcome;
use threadlab::sim::report::{ErrorCause, Gauge, MemoryLimit, Report, ResponseCause};

use crate::helpers::{assert_close, run, run_free};

fn hit(r: &Report, limit: MemoryLimit) -> &threadlab::sim::report::LimitHit {
    r.memory
        .hits
        .iter()
        .find(|h| h.limit == limit)
        .unwrap_or_else(|| panic!("{limit} was not hit: {}", r.outcome_detail()))
}

/// A command once ended "out of memory at 0.000 s" with no result:
/// every thread counted 1 MB against a 2 GB limit. Thread stacks are
/// native memory and mostly only reserved, so the run goes through.
#[test]
fn thousands_of_platform_threads_run_beside_a_2_gb_heap() {
    // `threadlab run` starts from E2's platform run.
    let mut d = threadlab::scenario::preset("e2-platform").unwrap().draft();
    for (k, v) in [
        ("load.concurrency", "2000"),
        ("program", "cpu:0.1ms,io:exp(50ms)"),
        ("server.threads_max", "1810"),
    ] {
        d.set(k, v).unwrap();
    }
    let r = threadlab::sim::run(&threadlab::scenario::validate(&d).unwrap());
    assert_eq!(r.outcome, Outcome::Completed, "{}", r.outcome_detail());
    assert!(r.memory.hits.is_empty());
    assert_eq!(r.succeeded, r.sent);
    let threads = r.server.peak_platform_threads as f64;
    assert_eq!(threads, 1810.0);
    // 1 MB of address space reserved per thread (-Xss), 64 KB resident.
    assert_eq!(r.memory.peak_stacks_reserved_mb, threads);
    assert_close(
        "native memory",
        r.memory.peak_native_mb,
        150.0 + threads * 64.0 / 1024.0,
        1e-9,
    );
    assert!(r.memory.peak_resident_mb < r.memory.container_limit_mb);
    assert_eq!(r.memory.heap_limit_mb, 2048.0, "25 % of 8 GB");
}

/// The OS allows 125 threads; the JVM's own 25 leave Tomcat 100 of its 200.
/// `unable to create native thread`: the pool stops growing at once, the
/// requests wait for its threads (none is lost), and throughput is what
/// 100 threads give: 100 ÷ 100 ms = 1,000 req/s, not 2,000.
#[test]
fn a_thread_limit_stops_the_pool_and_its_requests_wait() {
    let r = run_free(&[
        ("load.concurrency", "400"),
        ("load.requests", "8000"),
        ("server.threads_max", "200"),
        ("memory.max_threads", "125"),
        ("gc.collector", "none"),
        ("program", "io:100ms"),
    ]);
    assert_eq!(r.server.peak_platform_threads, 100);
    let h = hit(&r, MemoryLimit::Threads);
    assert_eq!(h.first_at_s, 0.0);
    assert_eq!(h.lost, 0);
    assert!(
        hit_words(&r, h).contains("unable to create native thread"),
        "{}",
        hit_words(&r, h)
    );
    assert_eq!(r.outcome, Outcome::OutOfMemory);
    assert_eq!(r.succeeded, 8000, "they waited, none failed");
    assert_close("throughput", r.throughput_rps, 1000.0, 0.01);
}

/// An executor that cannot grow rejects once its queue is full: those
/// requests are lost to the thread limit (HTTP 500).
#[test]
fn a_thread_limit_makes_a_full_executor_reject() {
    let r = run(&[
        ("load.concurrency", "50"),
        ("load.requests", "500"),
        ("server.threads_max", "60"),
        ("server.min_spare", "60"),
        ("memory.max_threads", "95"),
        ("gc.collector", "none"),
        ("program", "io:10ms,async(mail){io:50ms}"),
        ("async.mail.kind", "pool"),
        ("async.mail.core", "1"),
        ("async.mail.max", "40"),
        ("async.mail.queue", "5"),
    ]);
    // 95 − 25 own − 60 Tomcat = 10 executor threads at most.
    assert_eq!(r.executors[0].peak_threads, 10);
    let h = hit(&r, MemoryLimit::Threads);
    let rejected = r.responses_by_cause[&ResponseCause::TaskRejected];
    assert!(rejected > 0);
    assert_eq!(h.lost, rejected, "every rejection is the thread limit's");
}

/// Requests holding 8 MB each: a 2,048 MB heap with 40 MB idle fits 250 of
/// them (with their 16 KB of connection buffers). Without a collector the
/// 251st to 300th fail at once with `OutOfMemoryError: Java heap space`
/// (HTTP 500), and the JVM goes on serving the others.
#[test]
fn heap_exhausted_by_large_requests_fails_those_requests_and_the_jvm_lives() {
    let r = run_free(&[
        ("load.concurrency", "300"),
        ("load.loops", "4"),
        ("load.think_ms", "100"),
        ("server.threads_max", "300"),
        ("server.min_spare", "300"),
        ("memory.heap_mb", "2048"),
        ("memory.request_kb", "8192"),
        ("gc.collector", "none"),
        ("program", "io:200ms"),
    ]);
    let h = hit(&r, MemoryLimit::Heap);
    assert_eq!(h.first_at_s, 0.0);
    assert!(
        hit_words(&r, h).contains("Java heap space"),
        "{}",
        hit_words(&r, h)
    );
    let failed = r.responses_by_cause[&ResponseCause::OutOfMemory];
    assert_eq!(h.lost, failed);
    // 250 running and the one failing.
    assert_eq!(r.server.peak_tomcat_busy, 251);
    let fits = ((2048.0 - 40.0) / (8.0 + 16.0 / 1024.0)) as u64;
    assert_eq!(fits, 250);
    // At its peak: 250 running, the one failing, and their 251
    // connections: hey's workers share one Transport, so a worker whose
    // request failed at once leaves its connection idle there, and the
    // next worker's request takes it instead of opening one.
    assert_eq!(r.connections.peak_open, 251);
    let peak = 40.0 + 251.0 * 8.0 + 251.0 * 16.0 / 1024.0;
    // What was asked for passes -Xmx; what the heap held does not.
    assert_close("heap demand", r.memory.peak_heap_demand_mb, peak, 1e-9);
    assert_eq!(r.memory.peak_heap_live_mb, 2048.0);
    // The first round: 50 fail at once, and every request of every round
    // beyond the 250 that fit fails likewise; the JVM lives on.
    assert!(failed >= 50, "{failed}");
    assert!(r.succeeded >= 4 * 250, "{}", r.succeeded);
    assert_eq!(r.succeeded + failed, 1200);
    assert_eq!(r.outcome, Outcome::OutOfMemory);
}

/// With G1 the same heap thrashes first: a request that cannot allocate
/// causes a full collection of the whole heap (2 × 2,048 MB at 1.5 MB/ms
/// plus 2 ms = 2.733 s), and only then fails. Here the 250 that fit hold
/// their memory for 10 s: requests 251 to 254 each take a full collection
/// back to back and fail at 2.733, 5.467, 8.2 and 10.933 s; the 250's I/O
/// ended during the fourth pause, so after it the rest fit.
#[test]
fn with_g1_an_exhausted_heap_thrashes_before_each_failure() {
    let r = run_free(&[
        ("load.concurrency", "300"),
        ("load.loops", "1"),
        ("load.timeout_ms", "0"),
        ("server.threads_max", "300"),
        ("server.min_spare", "300"),
        ("memory.heap_mb", "2048"),
        ("memory.request_kb", "8192"),
        ("program", "io:10s"),
    ]);
    let full = 2.0 + 2.0 * 2048.0 / 1.5;
    assert_close("a full pause", r.gc.max_pause_ms, full, 1e-6);
    assert_eq!(r.gc.full, 4);
    assert_eq!(r.responses_by_cause[&ResponseCause::OutOfMemory], 4);
    assert_eq!(r.succeeded, 296);
    let h = hit(&r, MemoryLimit::Heap);
    assert_close("first OutOfMemoryError", h.first_at_s, full / 1000.0, 1e-9);
    assert_eq!(r.gc.thrashing_from_s, Some(0.0));
    assert_close("ends", r.sim_time_s, 4.0 * full / 1000.0 + 10.0, 1e-6);
}

/// Open load (k6), 2,000 req/s, each request holding a platform thread
/// for 2 s: threads pile up. Resident memory is the native baseline
/// (150 MB), the idle heap (40 MB) and per request 64 KB of stack, 8 KB of
/// heap and its connection's 16 KB (every arrival takes a VU of its own,
/// and with it a connection): it passes the container's 512 MB with
/// request 3,747 (190 + 3,747 × 88 KB > 512 MB), at (3,747 − 1) ÷ 2,000 s.
/// The kernel kills the JVM: the 3,747 requests in the server are reset
/// with their connections. The service is down for 40 s; the client keeps
/// sending, every SYN unanswered and retried after 1, 2, 4, 8, 16 s, until
/// k6's 30 s graceful stop after its 4 s ends the run.
#[test]
fn the_oom_killer_resets_every_request_in_the_server() {
    let r = run_free(&[
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "2000"),
        ("load.duration_s", "4"),
        ("server.threads_max", "10000"),
        ("memory.container_mb", "512"),
        ("memory.heap_mb", "256"),
        ("memory.max_threads", "20000"),
        ("jvm.restart_s", "40"),
        ("gc.collector", "none"),
        ("program", "io:2s"),
    ]);
    let h = hit(&r, MemoryLimit::Container);
    // The first request that takes resident memory past 512 MB.
    let n = (1..10_000u64)
        .find(|&n| 190.0 + n as f64 * 88.0 / 1024.0 > 512.0)
        .unwrap();
    assert_eq!(n, 3747);
    assert_close("killed at", h.first_at_s, (n - 1) as f64 / 2000.0, 1e-9);
    assert_eq!(h.times, 1);
    assert_eq!(h.lost, n);
    assert_eq!(r.errors.by_cause[&ErrorCause::ConnectionReset], n);
    assert_eq!(r.succeeded, 0, "the first would have ended at 2 s");
    let c = &r.connections;
    assert_eq!(c.opened, n);
    assert_eq!(c.reset_by_oom_kill, n, "every connection with its request");
    // Nothing listens: no connection is established, none dropped by a
    // full accept queue; each later request's SYN is sent five or six
    // times by the end (at 0, 1, 3, 7, 15 and 31 s).
    assert_eq!(c.syn_drops, 0);
    let unanswered = 8000 - n;
    assert!(
        (5 * unanswered..=6 * unanswered).contains(&c.syns_while_down),
        "{c:?}"
    );
    assert_eq!(r.sent, 8000);
    assert_eq!(r.in_flight, unanswered, "unanswered, still retried");
    assert_eq!(r.errors.by_cause[&ErrorCause::ConnectFailed], 0);
    assert_close("k6's graceful stop", r.sim_time_s, 34.0, 1e-12);
    assert_eq!(r.memory.restarts, 0);
    assert!(
        hit_words(&r, h).contains("OOM killer"),
        "{}",
        hit_words(&r, h)
    );
    // The server holds nothing while it is down.
    let g = &r.series.gauges;
    let down = h.first_at_s + 0.1;
    for gauge in [
        Gauge::InServer,
        Gauge::Connections,
        Gauge::ConnsIdle,
        Gauge::Backlog,
    ] {
        let v = &g[&gauge];
        let after = (r.series.t_s.iter().zip(v)).filter(|(t, _)| **t >= down);
        assert!(after.clone().count() > 100);
        assert!(after.clone().all(|(_, x)| *x == 0.0), "{gauge:?}: {v:?}");
    }
}

/// JMeter, 100 threads each keeping its connection between requests and
/// thinking 50 ms between them, so that most connections are idle at any
/// moment; 256 KB of garbage per request and -Xmx above the container's
/// memory get the JVM killed once. Every connection is reset, busy or
/// idle: the requests in the server are lost, and the threads whose
/// connection was idle learn it is gone and connect again at their next
/// request. Nothing listens for 3 s: each thread's SYN goes unanswered at
/// once and at its first retry (1 s), and its second (3 s) reaches the
/// restarted service, where every thread opens a new connection and is
/// served again.
#[test]
fn the_oom_killer_resets_kept_connections_and_clients_reconnect_after_the_restart() {
    let r = run(&[
        ("load.tool", "jmeter"),
        ("load.concurrency", "100"),
        ("load.think_ms", "50"),
        ("load.duration_s", "6"),
        ("memory.container_mb", "1024"),
        ("memory.heap_mb", "1600"),
        ("memory.initial_heap_mb", "1600"),
        ("gc.alloc_kb", "256"),
        ("jvm.restart_s", "3"),
        ("program", "cpu:0.1ms,io:10ms"),
    ]);
    let h = hit(&r, MemoryLimit::Container);
    assert_eq!(h.times, 1, "{}", hit_words(&r, h));
    assert_eq!(r.memory.restarts, 1);
    let resets = r.errors.by_cause[&ErrorCause::ConnectionReset];
    assert_eq!(h.lost, resets);
    assert!(
        resets > 0 && resets < 50,
        "only those in the server: {resets}"
    );
    let c = &r.connections;
    assert_eq!(c.reset_by_oom_kill, 100, "busy and idle: {c:?}");
    assert_eq!(c.syns_while_down, 2 * 100, "{c:?}");
    assert_eq!(c.reconnects, 100, "each thread once, after the restart");
    assert_eq!(c.opened, 200);
    assert_eq!(c.syn_drops, 0);
    assert_eq!(r.errors.by_cause[&ErrorCause::ConnectFailed], 0);
    assert_eq!(
        r.errors.total, resets,
        "no request went out on a reset connection"
    );
    // Down from the kill to the restart: nothing open, idle, queued or
    // answered; afterwards every thread is served again.
    let (s, kill) = (&r.series, h.first_at_s);
    let within = |from: f64, to: f64, v: &Vec<f64>| {
        (s.t_s.iter().zip(v))
            .filter(|(t, _)| **t >= from && **t < to)
            .map(|(_, x)| *x)
            .collect::<Vec<_>>()
    };
    for gauge in [
        Gauge::InServer,
        Gauge::Connections,
        Gauge::ConnsIdle,
        Gauge::Backlog,
    ] {
        let down = within(kill + 0.05, kill + 2.95, &s.gauges[&gauge]);
        assert!(
            !down.is_empty() && down.iter().all(|x| *x == 0.0),
            "{gauge:?}"
        );
    }
    let answered = within(kill + 0.05, kill + 2.95, &s.throughput_rps);
    assert!(answered.iter().all(|x| *x == 0.0), "down: {answered:?}");
    let open = within(kill + 3.2, 6.0, &s.gauges[&Gauge::Connections]);
    assert!(
        open.iter().all(|x| *x == 100.0),
        "every thread back: {open:?}"
    );
    assert!(
        within(kill + 3.2, 6.0, &s.throughput_rps)
            .iter()
            .all(|x| *x > 0.0)
    );
    assert_eq!(c.starved_clients, 0);
}

/// -Xmx above the container's memory (a classic misconfiguration): G1
/// lets garbage fill a young generation of 60 % of 1,600 MB, and the
/// heap's touched pages with the native baseline pass 1,024 MB before any
/// collection. The kernel kills the JVM; it restarts after 3 s, cold (its
/// first request initialises the DispatcherServlet again), answers again,
/// and is killed again as its heap fills.
#[test]
fn after_the_oom_killer_the_service_restarts_cold_and_answers_again() {
    let r = run(&[
        ("load.concurrency", "100"),
        ("load.duration_s", "12"),
        ("memory.container_mb", "1024"),
        ("memory.heap_mb", "1600"),
        ("memory.initial_heap_mb", "1600"),
        ("jvm.restart_s", "3"),
        ("program", "cpu:0.1ms,io:10ms"),
    ]);
    let h = hit(&r, MemoryLimit::Container);
    assert!(
        h.times >= 2,
        "killed again after the restart: {}",
        hit_words(&r, h)
    );
    assert!(r.memory.restarts >= 1);
    assert_eq!(
        r.gc.young, 0,
        "killed before the first collection each time"
    );
    let resets = r.errors.by_cause[&ErrorCause::ConnectionReset];
    assert_eq!(h.lost, resets);
    assert!(resets > 0 && resets <= 100 * h.times, "{resets}");
    // Answers before the kill and again after the restart.
    let s = &r.series;
    let answered = |from: f64, to: f64| {
        (s.t_s.iter().zip(&s.throughput_rps)).any(|(t, x)| *t >= from && *t < to && *x > 0.0)
    };
    let down = h.first_at_s;
    assert!(answered(0.0, down));
    assert!(!answered(down + 0.1, down + 2.9), "down for its restart");
    assert!(answered(down + 3.0, 12.0), "answers again");
    let init = r
        .warmup
        .first_request_done_s
        .expect("the restarted JVM is cold");
    assert!(init > down + 3.0, "{init}");
}
