//! What happens to each request, step by step, in four small scenarios
//! (issue 10): a model change shows here as the lines that moved. The
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
             0.000 ms  r1   mounted on ForkJoinPool-1-worker-1
             0.000 ms  r1   blocks on I/O, keeping its carrier
             0.000 ms  r2   sent
             0.000 ms  r2   waits for a carrier
            10.000 ms  r1   wakes
            10.000 ms  r2   mounted on ForkJoinPool-1-worker-1
            10.000 ms  r1   response (ok) after 10.000 ms
            10.000 ms  r2   blocks on I/O, keeping its carrier
            20.000 ms  r2   wakes
            20.000 ms  r2   response (ok) after 20.000 ms
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
              0.000 ms  r1   runs on http-nio-8080-exec-10
              0.000 ms  r1   gets a DB connection
              0.000 ms  r1   blocks on I/O
              0.000 ms  r2   sent
              0.000 ms  r2   runs on http-nio-8080-exec-9
              0.000 ms  r2   blocks on a DB connection
            250.000 ms  r2   DB connection timeout: SQLTransientConnectionException
            250.000 ms  r2   response (pool_timeout) after 250.000 ms
            400.000 ms  r1   wakes
            400.000 ms  r1   response (ok) after 400.000 ms
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
             0.000 ms  r1   runs on http-nio-8080-exec-10
             0.000 ms  r1   submits t1 to 'mail'
             0.000 ms  t1   runs on mail-1
             0.000 ms  r1   blocks on I/O
             0.000 ms  t1   blocks on I/O
             0.000 ms  r2   sent
             0.000 ms  r2   runs on http-nio-8080-exec-9
             0.000 ms  r2   submits t2 to 'mail'
             0.000 ms  r2   'mail' rejects the task: TaskRejectedException
             0.000 ms  r2   response (task_rejected) after 0.000 ms
            10.000 ms  r1   wakes
            10.000 ms  r1   response (ok) after 10.000 ms
            50.000 ms  t1   wakes
            50.000 ms  t1   ends
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
              0.000 ms  r1   runs on http-nio-8080-exec-10
              0.000 ms  r1   blocks on I/O
            100.000 ms  r1   client gives up: client_timeout
            100.000 ms  r2   sent
            100.000 ms  r2   runs on http-nio-8080-exec-9
            100.000 ms  r2   blocks on I/O
            150.000 ms  r1   wakes
            150.000 ms  r1   done, but its client has gone
            200.000 ms  r2   client gives up: client_timeout
        "#,
    );
}
