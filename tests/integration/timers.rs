//! Time-outs that almost never fire: a client's and HikariCP's are armed for
//! every request, and the simulator keeps at most one event for each slot,
//! so its memory follows the requests in flight, not throughput × time-out.

use crate::helpers::Words;
use threadlab::sim::{self, Outcome};

use crate::helpers::config;

/// 1,000 clients on `io:1ms` send about a million requests a second, each
/// with hey's 20 s time-out armed. One queue entry per arm would hold 20
/// million stale entries (480 MB) by the time the first one expired; here
/// the run must end on its own within a 16 MiB budget.
#[test]
fn a_client_time_out_armed_per_request_does_not_fill_the_simulator() {
    let cfg = config(&[
        ("load.concurrency", "1000"),
        ("load.requests", "null"),
        ("load.duration_s", "2"),
        ("program", "io:1ms"),
        ("server.threads_max", "1000"),
        ("load.timeout_ms", "20000"),
        ("limits.max_sim_memory_mb", "16"),
    ]);
    let report = sim::run(&cfg);
    assert_eq!(
        report.outcome,
        Outcome::Completed,
        "{}",
        report.outcome_detail()
    );
    assert!(report.succeeded > 800_000, "{}", report.succeeded);
}

/// HikariCP's 30 s `connectionTimeout` is armed for every wait for a
/// connection: 400 clients on a pool of 10 make about 50,000 waits a
/// second, each over in milliseconds, a million in 20 s (24 MB of events
/// if each left its entry behind until it expired).
#[test]
fn a_pool_time_out_armed_per_wait_does_not_fill_the_simulator() {
    let cfg = config(&[
        ("load.concurrency", "400"),
        ("load.requests", "null"),
        ("load.duration_s", "20"),
        ("program", "db:0.2ms"),
        ("db.pool_size", "10"),
        ("db.timeout_ms", "30000"),
        ("server.threads_max", "400"),
        ("load.timeout_ms", "0"),
        ("limits.max_sim_memory_mb", "16"),
    ]);
    let report = sim::run(&cfg);
    assert_eq!(
        report.outcome,
        Outcome::Completed,
        "{}",
        report.outcome_detail()
    );
    assert!(report.succeeded > 800_000, "{}", report.succeeded);
}
