//! JDBC drivers that pin (`db.driver`): a driver that reads the socket
//! inside its own monitor pins a virtual thread for the query on JDK 21–23,
//! but not while it waits for HikariCP's connection (that wait parks in
//! `SynchronousQueue.poll` and unmounts). Measured here: `/db?ms=50` with
//! HikariCP's pool of 10 and pgjdbc 42.5.5 on 2 carriers, 50 hey clients:
//! 37 req/s on JDK 21, 154 req/s on JDK 25
//! (`reference/results/2026-12-03-quick/pinning_*.json`).

use crate::helpers::{assert_close, run_free};
use threadlab::app::Bounds;
use threadlab::sim::Report;

fn db_run(driver: &str, jdk: &str, program: &str) -> Report {
    run_free(&[
        ("server.mode", "virtual"),
        ("server.cores", "2"),
        ("server.jdk", jdk),
        ("db.driver", driver),
        ("db.pool_size", "10"),
        ("load.concurrency", "50"),
        ("load.requests", "4000"),
        ("load.timeout_ms", "0"),
        ("program", program),
    ])
}

#[test]
fn an_old_pgjdbc_pins_both_carriers_for_its_queries_on_jdk_21() {
    let r = db_run("pgjdbc-42.5", "21", "db:50ms");
    // Two carriers, each held for a 50 ms query: 40 req/s (37 measured).
    assert_close("throughput", r.throughput_rps, 2.0 / 0.05, 0.02);
    assert_eq!(r.server.peak_pinned, 2);
    // The page's capacity bound names the carriers.
    let cfg = crate::helpers::config(&[
        ("server.mode", "virtual"),
        ("server.cores", "2"),
        ("db.driver", "pgjdbc-42.5"),
        ("program", "db:50ms"),
    ]);
    let bound = Bounds::of(&cfg).throughput_bound(50.0);
    assert_close("throughput bound", bound, 40.0, 1e-9);
}

#[test]
fn a_driver_with_a_reentrant_lock_or_jdk_25_leaves_the_pool_as_the_limit() {
    for (driver, jdk) in [
        ("pgjdbc-42.6", "21"),
        ("mysql-9", "21"),
        ("pgjdbc-42.5", "25"),
        ("mysql-8", "24"),
    ] {
        let r = db_run(driver, jdk, "db:50ms");
        // Ten connections for 50 ms each: 200 req/s (154 measured for the
        // old pgjdbc on JDK 25).
        assert_close(
            &format!("{driver} on JDK {jdk}"),
            r.throughput_rps,
            10.0 / 0.05,
            0.02,
        );
        assert_eq!(r.server.peak_pinned, 0, "{driver} on JDK {jdk}");
    }
    let old_mysql = db_run("mysql-8", "21", "db:50ms");
    assert_close("mysql 8 on JDK 21", old_mysql.throughput_rps, 40.0, 0.02);
}

#[test]
fn the_wait_for_a_connection_does_not_pin_but_synchronized_around_it_does() {
    // Pool of 1 and a 100 ms query: 50 requests queue for the connection.
    // In the driver's monitor only the query pins (one carrier at a time);
    // a `synchronized` block around the whole `db` step pins the waiters
    // too. Both serve one query at a time.
    let pool = |driver: &str, program: &str| {
        run_free(&[
            ("server.mode", "virtual"),
            ("server.cores", "2"),
            ("server.jdk", "21"),
            ("db.driver", driver),
            ("db.pool_size", "1"),
            ("db.timeout_ms", "600000"),
            ("load.concurrency", "50"),
            ("load.requests", "500"),
            ("load.timeout_ms", "0"),
            ("program", program),
        ])
    };
    let driver = pool("pgjdbc-42.5", "db:100ms");
    assert_eq!(driver.server.peak_pinned, 1, "only the query's carrier");
    let own_sync = pool("pgjdbc-42.6", "sync{db:100ms}");
    assert_eq!(own_sync.server.peak_pinned, 2, "the waiters pin as well");
    for r in [&driver, &own_sync] {
        assert_eq!(r.succeeded, 500);
        assert_close("one query at a time", r.sim_time_s, 50.0, 0.01);
    }
}
