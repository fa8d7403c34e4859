//! What happens to each request, step by step, in four small scenarios
//!: a model change shows here as the lines that moved. The
//! snapshots are rewritten with `UPDATE_EXPECT=1 cargo test traces`; read
//! the diff before committing it.

use threadlab::sim::trace::trace;

use crate::expect::expect;
use crate::helpers::config;

/// The trace of a run of `settings`, against `snapshot`.
#[track_caller]
fn check(settings: &[(&str, &str)], snapshot: &str) {
    let (_, text) = trace(&config(settings));
    expect(&text, snapshot);
}

/// JDK 21, one carrier: the first request sleeps inside `synchronized`,
/// pinning the carrier, so the second waits for it although nothing runs.
#[test]
fn a_pinned_request_holds_its_carrier() {
    check(
        &[
            ("server.mode", "virtual"),
            ("server.jdk", "21"),
            ("server.cores", "1"),
            ("load.concurrency", "2"),
            ("load.requests", "2"),
            ("program", "sync{io:10ms}"),
        ],
        r#"
             0.000 ms  r1   sent
             0.000 ms  r1   opens a connection
             0.000 ms  r2   sent
             0.000 ms  r2   opens a connection
             0.110 ms  r1   connected: waits in the accept queue
             0.120 ms  r2   connected: waits in the accept queue
             0.120 ms  r1   accepted by Tomcat's acceptor
             0.120 ms  r1   mounted on ForkJoinPool-1-worker-1
             0.120 ms  r1   blocks on I/O, keeping its carrier
             0.130 ms  r2   accepted by Tomcat's acceptor
             0.130 ms  r2   waits for a carrier
            10.120 ms  r1   wakes
            10.120 ms  r2   mounted on ForkJoinPool-1-worker-1
            10.120 ms  r1   response (ok) after 10.120 ms
            10.120 ms  r2   blocks on I/O, keeping its carrier
            20.120 ms  r2   wakes
            20.120 ms  r2   response (ok) after 20.120 ms
        "#,
    );
}

/// A pool of one HikariCP connection held 400 ms: the second request waits
/// 250 ms for it and fails with `SQLTransientConnectionException` (HTTP 500).
#[test]
fn a_hikaricp_timeout_fails_the_waiting_request() {
    check(
        &[
            ("load.concurrency", "2"),
            ("load.requests", "2"),
            ("db.pool_size", "1"),
            ("db.timeout_ms", "250"),
            ("program", "db:400ms"),
        ],
        r#"
              0.000 ms  r1   sent
              0.000 ms  r1   opens a connection
              0.000 ms  r2   sent
              0.000 ms  r2   opens a connection
              0.110 ms  r1   connected: waits in the accept queue
              0.110 ms  r2   connected: waits in the accept queue
              0.120 ms  r1   accepted by Tomcat's acceptor
              0.120 ms  r1   runs on http-nio-8080-exec-10
              0.120 ms  r1   gets a DB connection
              0.120 ms  r1   blocks on I/O
              0.130 ms  r2   accepted by Tomcat's acceptor
              0.130 ms  r2   runs on http-nio-8080-exec-9
              0.130 ms  r2   blocks on a DB connection
            250.130 ms  r2   DB connection timeout: SQLTransientConnectionException
            250.130 ms  r2   response (pool_timeout) after 250.130 ms
            400.120 ms  r1   wakes
            400.120 ms  r1   response (ok) after 400.120 ms
        "#,
    );
}

/// A `ThreadPoolTaskExecutor` of one thread and no queue: the second
/// submission is rejected (`TaskRejectedException`, HTTP 500).
#[test]
fn a_full_executor_rejects_the_task() {
    check(
        &[
            ("load.concurrency", "2"),
            ("load.requests", "2"),
            ("async.mail.kind", "pool"),
            ("async.mail.core", "1"),
            ("async.mail.max", "1"),
            ("async.mail.queue", "0"),
            ("program", "async(mail){io:50ms},io:10ms"),
        ],
        r#"
             0.000 ms  r1   sent
             0.000 ms  r1   opens a connection
             0.000 ms  r2   sent
             0.000 ms  r2   opens a connection
             0.110 ms  r1   connected: waits in the accept queue
             0.110 ms  r2   connected: waits in the accept queue
             0.120 ms  r1   accepted by Tomcat's acceptor
             0.120 ms  r1   runs on http-nio-8080-exec-10
             0.120 ms  r1   submits t1 to 'mail'
             0.120 ms  t1   runs on mail-1
             0.120 ms  r1   blocks on I/O
             0.120 ms  t1   blocks on I/O
             0.130 ms  r2   accepted by Tomcat's acceptor
             0.130 ms  r2   runs on http-nio-8080-exec-9
             0.130 ms  r2   submits t2 to 'mail'
             0.130 ms  r2   'mail' rejects the task: TaskRejectedException
             0.130 ms  r2   response (task_rejected) after 0.130 ms
            10.120 ms  r1   wakes
            10.120 ms  r1   response (ok) after 10.120 ms
            50.120 ms  t1   wakes
            50.120 ms  t1   ends
        "#,
    );
}

/// The client gives up on its first request after 100 ms and sends the
/// next; the server goes on with the first and answers at 150 ms, to
/// nobody. (The run ends when the client is done, as hey's does.)
#[test]
fn an_abandoned_request_runs_to_its_end() {
    check(
        &[
            ("load.concurrency", "1"),
            ("load.requests", "2"),
            ("load.timeout_ms", "100"),
            ("program", "io:150ms"),
        ],
        r#"
              0.000 ms  r1   sent
              0.000 ms  r1   opens a connection
              0.110 ms  r1   connected: waits in the accept queue
              0.120 ms  r1   accepted by Tomcat's acceptor
              0.120 ms  r1   runs on http-nio-8080-exec-10
              0.120 ms  r1   blocks on I/O
            100.000 ms  r1   client gives up: client_timeout
            100.000 ms  r2   sent
            100.000 ms  r2   opens a connection
            100.110 ms  r2   connected: waits in the accept queue
            100.120 ms  r2   accepted by Tomcat's acceptor
            100.120 ms  r2   runs on http-nio-8080-exec-9
            100.120 ms  r2   blocks on I/O
            150.120 ms  r1   wakes
            150.120 ms  r1   done, but its client has gone
            200.000 ms  r2   client gives up: client_timeout
        "#,
    );
}

/// Each tool's timeout: hey gives the request up at `-t` and
/// closes its connection (above, `an_abandoned_request_runs_to_its_end`);
/// wrk keeps waiting on its connection, counts the late response as a
/// "Socket errors: timeout" and sends its next request on the same
/// connection.
#[test]
fn wrk_waits_past_its_timeout_and_counts_the_late_response() {
    check(
        &[
            ("load.tool", "wrk"),
            ("load.concurrency", "1"),
            ("load.duration_s", "0.35"),
            ("load.timeout_ms", "100"),
            ("program", "io:150ms"),
        ],
        r#"
              0.000 ms  r1   sent
              0.000 ms  r1   opens a connection
              0.110 ms  r1   connected: waits in the accept queue
              0.120 ms  r1   accepted by Tomcat's acceptor
              0.120 ms  r1   runs on http-nio-8080-exec-10
              0.120 ms  r1   blocks on I/O
            150.120 ms  r1   wakes
            150.120 ms  r1   response (ok) after 150.010 ms
            150.120 ms  r1   late: the tool counts a timeout, not a latency
            150.120 ms  r2   sent
            150.120 ms  r2   runs on http-nio-8080-exec-10
            150.120 ms  r2   blocks on I/O
            300.120 ms  r2   wakes
            300.120 ms  r2   response (ok) after 150.000 ms
            300.120 ms  r2   late: the tool counts a timeout, not a latency
            300.120 ms  r3   sent
            300.120 ms  r3   runs on http-nio-8080-exec-10
            300.120 ms  r3   blocks on I/O
        "#,
    );
}

/// Three JMeter threads, one loop each, 20 ms away, with a 100 ms response
/// and a 500 ms connect timeout.
const JMETER_3: &[(&str, &str)] = &[
    ("load.tool", "jmeter"),
    ("load.concurrency", "3"),
    ("load.loops", "1"),
    ("load.rtt_ms", "20"),
    ("load.timeout_ms", "100"),
    ("load.connect_timeout_ms", "500"),
];

/// One connection at a time, an accept queue holding one, 150 ms per request.
const JMETER_SMALL_SERVER: &[(&str, &str)] = &[
    ("server.max_connections", "1"),
    ("server.accept_count", "0"),
    ("program", "io:150ms"),
];

/// JMeter's response timeout starts once the connection is open (here a
/// 20 ms round trip late), also for a request that waits in the accept
/// queue (r2: established, its bytes sent) and for one whose handshake's
/// last step found that queue full (r3: its SYN was answered while the
/// queue of `accept-count` 0, which holds one as Linux's does, had room;
/// connected on its side, it has written its request, retransmitted after
/// 200 ms).
#[test]
fn jmeter_times_its_response_from_the_connect_even_when_the_ack_overflows() {
    check(
        &[JMETER_3, JMETER_SMALL_SERVER].concat(),
        r#"
              0.000 ms  r1   sent
              0.000 ms  r1   opens a connection
              0.000 ms  r2   sent
              0.000 ms  r2   opens a connection
              0.000 ms  r3   sent
              0.000 ms  r3   opens a connection
             20.010 ms  r1   connected: waits in the accept queue
             20.010 ms  r2   connected: waits in the accept queue
             20.020 ms  r1   accepted by Tomcat's acceptor
             20.020 ms  r1   runs on http-nio-8080-exec-10
             20.020 ms  r1   blocks on I/O
             20.030 ms  r3   handshake's ACK and request ignored (accept queue full), retransmitted in 200.000 ms
            120.010 ms  r1   client gives up: client_timeout
            120.010 ms  r2   client gives up: client_timeout
            120.010 ms  r3   client gives up: client_timeout
        "#,
    );
}

/// JMeter's connect timeout ends a connect whose SYN the full accept queue
/// drops: r3, started 30 ms after r1, sends its SYN when the queue (of
/// `accept-count` 0, holding one) has r2 in it, while r1 holds the only
/// max-connections slot; its retry is due after 1 s, past the 500 ms.
#[test]
fn jmeter_fails_a_connect_whose_syn_is_dropped_at_its_connect_timeout() {
    check(
        &[
            JMETER_3,
            &[("load.ramp_up_s", "0.045")],
            JMETER_SMALL_SERVER,
        ]
        .concat(),
        r#"
              0.000 ms  r1   sent
              0.000 ms  r1   opens a connection
             15.000 ms  r2   sent
             15.000 ms  r2   opens a connection
             20.010 ms  r1   connected: waits in the accept queue
             20.020 ms  r1   accepted by Tomcat's acceptor
             20.020 ms  r1   runs on http-nio-8080-exec-10
             20.020 ms  r1   blocks on I/O
             30.000 ms  r3   sent
             30.000 ms  r3   opens a connection
             35.010 ms  r2   connected: waits in the accept queue
             40.010 ms  r3   SYN dropped (accept queue full), retried in 1000.000 ms
            120.010 ms  r1   client gives up: client_timeout
            135.010 ms  r2   client gives up: client_timeout
            170.020 ms  r1   wakes
            170.020 ms  r1   done, but its client has gone
            530.000 ms  r3   client gives up: connect_failed
        "#,
    );
}

/// k6 times a response from when it is written: the connect's 15 ms round
/// trip is in neither response's latency (hey's would count it in the
/// first). At its timeout it gives a request up as hey does.
#[test]
fn k6_times_a_response_from_its_write() {
    check(
        &[
            ("load.tool", "k6"),
            ("load.concurrency", "1"),
            ("load.requests", "2"),
            ("load.rtt_ms", "15"),
            ("program", "io:50ms"),
        ],
        r#"
              0.000 ms  r1   sent
              0.000 ms  r1   opens a connection
             15.010 ms  r1   connected: waits in the accept queue
             15.020 ms  r1   accepted by Tomcat's acceptor
             15.020 ms  r1   runs on http-nio-8080-exec-10
             15.020 ms  r1   blocks on I/O
             65.020 ms  r1   wakes
             65.020 ms  r1   response (ok) after 50.010 ms
             65.020 ms  r2   sent
             65.020 ms  r2   runs on http-nio-8080-exec-10
             65.020 ms  r2   blocks on I/O
            115.020 ms  r2   wakes
            115.020 ms  r2   response (ok) after 50.000 ms
        "#,
    );
}

/// Four requests contend for one monitor on JDK 21: the three that wait
/// are pushed on HotSpot's cxq, which the first release turns into the
/// EntryList newest first, so r4 goes before r3 and r2 (once served in
/// arrival order).
#[test]
fn a_contended_monitor_on_jdk_21_serves_its_waiters_newest_first() {
    check(
        &[
            ("server.jdk", "21"),
            ("load.concurrency", "4"),
            ("load.requests", "4"),
            ("program", "sync(m){io:10ms}"),
        ],
        r#"
             0.000 ms  r1   sent
             0.000 ms  r1   opens a connection
             0.000 ms  r2   sent
             0.000 ms  r2   opens a connection
             0.000 ms  r3   sent
             0.000 ms  r3   opens a connection
             0.000 ms  r4   sent
             0.000 ms  r4   opens a connection
             0.110 ms  r1   connected: waits in the accept queue
             0.110 ms  r2   connected: waits in the accept queue
             0.110 ms  r3   connected: waits in the accept queue
             0.110 ms  r4   connected: waits in the accept queue
             0.120 ms  r1   accepted by Tomcat's acceptor
             0.120 ms  r1   runs on http-nio-8080-exec-10
             0.120 ms  r1   blocks on I/O
             0.130 ms  r2   accepted by Tomcat's acceptor
             0.130 ms  r2   runs on http-nio-8080-exec-9
             0.130 ms  r2   blocks on a monitor
             0.140 ms  r3   accepted by Tomcat's acceptor
             0.140 ms  r3   runs on http-nio-8080-exec-8
             0.140 ms  r3   blocks on a monitor
             0.150 ms  r4   accepted by Tomcat's acceptor
             0.150 ms  r4   runs on http-nio-8080-exec-7
             0.150 ms  r4   blocks on a monitor
            10.120 ms  r1   wakes
            10.120 ms  r1   response (ok) after 10.120 ms
            10.120 ms  r4   wakes
            10.120 ms  r4   blocks on I/O
            20.120 ms  r4   wakes
            20.120 ms  r4   response (ok) after 20.120 ms
            20.120 ms  r3   wakes
            20.120 ms  r3   blocks on I/O
            30.120 ms  r3   wakes
            30.120 ms  r3   response (ok) after 30.120 ms
            30.120 ms  r2   wakes
            30.120 ms  r2   blocks on I/O
            40.120 ms  r2   wakes
            40.120 ms  r2   response (ok) after 40.120 ms
        "#,
    );
}

/// The same on JDK 25, whose one entry list serves the oldest first.
#[test]
fn a_contended_monitor_on_jdk_25_serves_its_oldest_waiter_first() {
    check(
        &[
            ("server.jdk", "25"),
            ("load.concurrency", "4"),
            ("load.requests", "4"),
            ("program", "sync(m){io:10ms}"),
        ],
        r#"
             0.000 ms  r1   sent
             0.000 ms  r1   opens a connection
             0.000 ms  r2   sent
             0.000 ms  r2   opens a connection
             0.000 ms  r3   sent
             0.000 ms  r3   opens a connection
             0.000 ms  r4   sent
             0.000 ms  r4   opens a connection
             0.110 ms  r1   connected: waits in the accept queue
             0.110 ms  r2   connected: waits in the accept queue
             0.110 ms  r3   connected: waits in the accept queue
             0.110 ms  r4   connected: waits in the accept queue
             0.120 ms  r1   accepted by Tomcat's acceptor
             0.120 ms  r1   runs on http-nio-8080-exec-10
             0.120 ms  r1   blocks on I/O
             0.130 ms  r2   accepted by Tomcat's acceptor
             0.130 ms  r2   runs on http-nio-8080-exec-9
             0.130 ms  r2   blocks on a monitor
             0.140 ms  r3   accepted by Tomcat's acceptor
             0.140 ms  r3   runs on http-nio-8080-exec-8
             0.140 ms  r3   blocks on a monitor
             0.150 ms  r4   accepted by Tomcat's acceptor
             0.150 ms  r4   runs on http-nio-8080-exec-7
             0.150 ms  r4   blocks on a monitor
            10.120 ms  r1   wakes
            10.120 ms  r1   response (ok) after 10.120 ms
            10.120 ms  r2   wakes
            10.120 ms  r2   blocks on I/O
            20.120 ms  r2   wakes
            20.120 ms  r2   response (ok) after 20.120 ms
            20.120 ms  r3   wakes
            20.120 ms  r3   blocks on I/O
            30.120 ms  r3   wakes
            30.120 ms  r3   response (ok) after 30.120 ms
            30.120 ms  r4   wakes
            30.120 ms  r4   blocks on I/O
            40.120 ms  r4   wakes
            40.120 ms  r4   response (ok) after 40.120 ms
        "#,
    );
}

/// A request takes a non-fair lock twice in a row. At its first release it
/// wakes r2, but takes the lock back itself before r2 has run (50 µs of
/// hand-off): r2 finds it taken and parks again, first in line.
#[test]
fn a_releasing_thread_barges_past_the_woken_waiter() {
    check(
        &[
            ("server.handoff_us", "50"),
            ("load.concurrency", "2"),
            ("load.requests", "2"),
            ("program", "lock(m){io:10ms},lock(m){io:10ms}"),
        ],
        r#"
             0.000 ms  r1   sent
             0.000 ms  r1   opens a connection
             0.000 ms  r2   sent
             0.000 ms  r2   opens a connection
             0.110 ms  r1   connected: waits in the accept queue
             0.110 ms  r2   connected: waits in the accept queue
             0.120 ms  r1   accepted by Tomcat's acceptor
             0.120 ms  r1   runs on http-nio-8080-exec-10
             0.120 ms  r1   blocks on I/O
             0.130 ms  r2   accepted by Tomcat's acceptor
             0.130 ms  r2   runs on http-nio-8080-exec-9
             0.130 ms  r2   blocks on a lock
            10.120 ms  r1   wakes
            10.120 ms  r1   blocks on I/O
            10.170 ms  r2   wakes
            10.170 ms  r2   blocks on a lock
            20.120 ms  r1   wakes
            20.120 ms  r1   response (ok) after 20.120 ms
            20.170 ms  r2   wakes
            20.170 ms  r2   blocks on I/O
            30.170 ms  r2   wakes
            30.170 ms  r2   blocks on I/O
            40.170 ms  r2   wakes
            40.170 ms  r2   response (ok) after 40.170 ms
        "#,
    );
}

/// The same with a fair lock: the releasing thread queues behind r2, which
/// takes the lock 50 µs after its release.
#[test]
fn a_fair_lock_makes_the_releasing_thread_queue() {
    check(
        &[
            ("server.handoff_us", "50"),
            ("load.concurrency", "2"),
            ("load.requests", "2"),
            ("program", "lock(m,fair){io:10ms},lock(m,fair){io:10ms}"),
        ],
        r#"
             0.000 ms  r1   sent
             0.000 ms  r1   opens a connection
             0.000 ms  r2   sent
             0.000 ms  r2   opens a connection
             0.110 ms  r1   connected: waits in the accept queue
             0.110 ms  r2   connected: waits in the accept queue
             0.120 ms  r1   accepted by Tomcat's acceptor
             0.120 ms  r1   runs on http-nio-8080-exec-10
             0.120 ms  r1   blocks on I/O
             0.130 ms  r2   accepted by Tomcat's acceptor
             0.130 ms  r2   runs on http-nio-8080-exec-9
             0.130 ms  r2   blocks on a lock
            10.120 ms  r1   wakes
            10.120 ms  r1   blocks on a lock
            10.170 ms  r2   wakes
            10.170 ms  r2   blocks on I/O
            20.170 ms  r2   wakes
            20.170 ms  r2   blocks on a lock
            20.220 ms  r1   wakes
            20.220 ms  r1   blocks on I/O
            30.220 ms  r1   wakes
            30.220 ms  r1   response (ok) after 30.220 ms
            30.270 ms  r2   wakes
            30.270 ms  r2   blocks on I/O
            40.270 ms  r2   wakes
            40.270 ms  r2   response (ok) after 40.270 ms
        "#,
    );
}

/// The JDK's HttpClient, called from a virtual thread: the response is
/// handed to the client's own executor, a platform thread of its cached
/// pool, which completes the call before the caller wakes.
#[test]
fn the_jdk_clients_executor_completes_the_call() {
    check(
        &[
            ("server.mode", "virtual"),
            ("server.cores", "1"),
            ("load.concurrency", "1"),
            ("load.requests", "1"),
            ("program", "call(inventory)"),
            ("downstream.inventory.client", "jdk"),
            ("downstream.inventory.distribution", "constant"),
            ("downstream.inventory.p50_ms", "10"),
        ],
        r#"
             0.000 ms  r1   sent
             0.000 ms  r1   opens a connection
             0.110 ms  r1   connected: waits in the accept queue
             0.120 ms  r1   accepted by Tomcat's acceptor
             0.120 ms  r1   mounted on ForkJoinPool-1-worker-1
             0.120 ms  r1   blocks on I/O
            10.120 ms  r1   submits t1 to 'HttpClient(inventory)'
            10.120 ms  t1   runs on HttpClient(inventory)-1
            10.120 ms  t1   cpu 0.069 ms
            10.194 ms  t1   ends
            10.194 ms  r1   wakes
            10.194 ms  r1   mounted on ForkJoinPool-1-worker-1
            10.194 ms  r1   response (ok) after 10.194 ms
        "#,
    );
}

/// Every call fails at once (5xx). Resilience4j's Retry (2 calls, 10 ms
/// apart) around its breaker (a window of 2, opening at 50 % from 2
/// calls), around a rate limiter of one permission per 15 ms: the first
/// request's two tries fail, the second of them opens the breaker, and
/// the next request's tries are refused at once, each retried; the rate
/// limiter parks the second try until the next cycle.
#[test]
fn a_breaker_opens_on_the_call_its_rule_names() {
    check(
        &[
            ("server.mode", "virtual"),
            ("server.cores", "1"),
            ("load.concurrency", "1"),
            ("load.requests", "2"),
            ("program", "call(inv)"),
            ("downstream.inv.distribution", "constant"),
            ("downstream.inv.p50_ms", "2"),
            ("downstream.inv.error_rate", "1"),
            ("downstream.inv.retry", "resilience4j"),
            ("downstream.inv.retry_max", "2"),
            ("downstream.inv.retry_delay_ms", "10"),
            ("downstream.inv.breaker", "resilience4j"),
            ("downstream.inv.breaker_window", "2"),
            ("downstream.inv.breaker_minimum_calls", "2"),
            ("downstream.inv.rate_limiter", "resilience4j"),
            ("downstream.inv.rate_limiter_limit", "1"),
            ("downstream.inv.rate_limiter_period_ms", "15"),
        ],
        r#"
             0.000 ms  r1   sent
             0.000 ms  r1   opens a connection
             0.110 ms  r1   connected: waits in the accept queue
             0.120 ms  r1   accepted by Tomcat's acceptor
             0.120 ms  r1   mounted on ForkJoinPool-1-worker-1
             0.120 ms  r1   blocks on I/O
             2.120 ms  r1   the downstream answered 5xx
             2.120 ms  r1   wakes
             2.120 ms  r1   mounted on ForkJoinPool-1-worker-1
             2.120 ms  r1   retry: try 2 after 10000000 ns
             2.120 ms  r1   blocks on a retry's back-off
            12.120 ms  r1   wakes
            12.120 ms  r1   mounted on ForkJoinPool-1-worker-1
            12.120 ms  r1   rate limiter: parked 2880000 ns, then its permission
            12.120 ms  r1   blocks on a rate limiter's permission
            15.000 ms  r1   wakes
            15.000 ms  r1   mounted on ForkJoinPool-1-worker-1
            15.000 ms  r1   blocks on I/O
            17.000 ms  r1   the downstream answered 5xx
            17.000 ms  r1   wakes
            17.000 ms  r1   mounted on ForkJoinPool-1-worker-1
            17.000 ms  r1   response (downstream_error) after 17.000 ms
            17.000 ms  r2   sent
            17.000 ms  r2   mounted on ForkJoinPool-1-worker-1
            17.000 ms  r2   circuit open: CallNotPermittedException
            17.000 ms  r2   retry: try 2 after 10000000 ns
            17.000 ms  r2   blocks on a retry's back-off
            27.000 ms  r2   wakes
            27.000 ms  r2   mounted on ForkJoinPool-1-worker-1
            27.000 ms  r2   circuit open: CallNotPermittedException
            27.000 ms  r2   response (circuit_open) after 10.000 ms
        "#,
    );
}
