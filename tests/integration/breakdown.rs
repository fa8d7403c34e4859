//! The time breakdown: where successful requests'
//! time went, stage by stage. The stages of each request add up to its
//! latency (the engine asserts it for every request in debug builds, which
//! these tests are); here the report's means are held to that, and to what
//! queueing theory says the stages should be.

use threadlab::scenario::{preset, validate};
use threadlab::sim::report::{Breakdown, Stage};
use threadlab::sim::{self, Report};

use super::helpers::{assert_close, run};

/// Runs preset `name` with `extra` settings on top.
fn run_preset(name: &str, extra: &[(&str, &str)]) -> Report {
    let mut d = preset(name).expect("preset exists").draft();
    for (k, v) in extra {
        d.set(k, v).expect("valid setting");
    }
    sim::run(&validate(&d).expect("validates"))
}

/// The sum of a set of stage means, ms.
fn total(ms: &std::collections::BTreeMap<Stage, f64>) -> f64 {
    ms.values().sum()
}

/// A stage's share of the set's total.
fn share(ms: &std::collections::BTreeMap<Stage, f64>, s: Stage) -> f64 {
    ms[&s] / total(ms)
}

/// The stage that holds the most time.
fn biggest(ms: &std::collections::BTreeMap<Stage, f64>) -> Stage {
    *ms.iter().max_by(|a, b| a.1.total_cmp(b.1)).unwrap().0
}

/// The means add up to the successes' mean latency; the p99 set is at
/// least a hundredth of them and at least as slow as p99.
#[track_caller]
fn assert_consistent(r: &Report) {
    let b: &Breakdown = &r.breakdown;
    assert_eq!(b.requests, r.succeeded);
    assert_eq!(b.mean_ms.len(), Stage::ALL.len(), "every stage listed");
    assert_close("stages' sum", total(&b.mean_ms), r.latency_ok_ms.mean, 1e-9);
    assert!(b.p99_requests * 100 >= b.requests, "{b:?}");
    // Every request of the set is in a histogram bucket at or above p99's
    // (3 significant digits: its lowest value is within 0.1 % below).
    let p99 = r.latency_ok_ms.p99;
    assert!(
        total(&b.p99_ms) >= p99 * 0.999,
        "{} < {p99}",
        total(&b.p99_ms)
    );
    assert!(total(&b.p99_ms) <= r.latency_ok_ms.max * 1.000_001);
}

/// E2's platform run: 2,000 hey clients, 100 threads, Thread.sleep(50). In
/// a closed loop with every thread busy, X = T ÷ S and R = N ÷ X, so a
/// request waits (N ÷ T − 1)·S for a thread: about 95 % of its time.
#[test]
fn e2_platform_requests_wait_for_a_tomcat_thread() {
    let r = run_preset("e2-platform", &[]);
    assert_consistent(&r);
    let b = &r.breakdown;
    let on_thread = b.mean_ms[&Stage::Io] + b.mean_ms[&Stage::Cpu];
    let (n, t) = (2000.0, 100.0);
    assert_close(
        "thread wait",
        b.mean_ms[&Stage::ThreadWait],
        (n / t - 1.0) * on_thread,
        0.05,
    );
    let s = share(&b.mean_ms, Stage::ThreadWait);
    assert!((0.93..0.97).contains(&s), "thread wait share {s}");
    assert_eq!(biggest(&b.p99_ms), Stage::ThreadWait);
    assert_eq!(b.mean_ms[&Stage::CarrierWait], 0.0);
    assert_eq!(b.capacity.tomcat_threads, 100);
}

/// The same with virtual threads, a client on its own machine (no CPU of
/// its own on the server's cores) and 200 clients (at 2,000 the 0.1 ms of
/// CPU a request needs 3.7 of the 4 cores, and virtual threads queue for
/// carriers): nothing to wait for, so a request is its sleep, 50 ms plus an
/// extra wait of mean 3.15 ms (E2's program), and a little CPU.
#[test]
fn e2_virtual_requests_are_their_sleep() {
    let r = run_preset(
        "e2-virtual",
        &[
            ("load.requests", "20000"),
            ("load.concurrency", "200"),
            ("load.client_cpu_ms", "0"),
        ],
    );
    assert_consistent(&r);
    let b = &r.breakdown;
    assert_close("io", b.mean_ms[&Stage::Io], 50.0 + 6.3 / 2.0, 0.01);
    assert!(share(&b.mean_ms, Stage::Io) > 0.95, "{b:?}");
    assert_eq!(b.mean_ms[&Stage::ThreadWait], 0.0);
}

/// E2's virtual preset as calibrated: hey runs on the server's own cores
/// (0.193 ms of CPU a request), and that is where its time goes.
#[test]
fn e2_virtual_as_calibrated_waits_for_its_own_client() {
    let r = run_preset("e2-virtual", &[("load.requests", "20000")]);
    assert_consistent(&r);
    assert_eq!(biggest(&r.breakdown.p99_ms), Stage::Client);
}

/// The db case: HikariCP's 10 connections held 10 ms each cap the
/// run at 1,000 req/s, so each of the 100 busy threads holds a request for
/// T ÷ X = 100 ms, of which the program is 50.2 ms: the rest is the wait
/// for a connection.
#[test]
fn a_db_pool_bound_run_waits_on_hikaricp() {
    let r = run_preset(
        "e2-platform",
        &[
            ("load.requests", "20000"),
            ("program", "cpu:0.2ms,db:10ms,io:40ms"),
            ("db.pool_size", "10"),
        ],
    );
    assert_consistent(&r);
    let b = &r.breakdown;
    let held = 100.0 / r.goodput_rps * 1000.0;
    let program = b.mean_ms[&Stage::Cpu] + b.mean_ms[&Stage::Io];
    assert_close(
        "pool wait",
        b.mean_ms[&Stage::DbPoolWait],
        held - program,
        0.05,
    );
    assert_eq!(b.capacity.db_connections, 10);
    // The db-pool lesson (virtual threads, no thread pool in the way): the
    // pool is what its successes wait for.
    let lesson = run_preset("db-pool", &[]);
    assert_consistent(&lesson);
    let waits = |ms: &std::collections::BTreeMap<Stage, f64>| {
        *(ms.iter().filter(|(s, _)| s.is_wait()))
            .max_by(|a, b| a.1.total_cmp(b.1))
            .unwrap()
            .0
    };
    assert_eq!(waits(&lesson.breakdown.mean_ms), Stage::DbPoolWait);
    assert_eq!(waits(&lesson.breakdown.p99_ms), Stage::DbPoolWait);
}

/// Eight clients always in flight: every pause stops eight requests, so
/// the successes' mean time in pauses is 8 × the pauses' total ÷ the
/// successes; without a collector it is none.
#[test]
fn pauses_are_charged_to_every_request_in_flight_through_them() {
    let scenario = super::gc::eight_allocating;
    let (off, on) = (scenario("none"), scenario("g1"));
    assert_consistent(&on);
    assert_consistent(&off);
    assert_eq!(off.breakdown.mean_ms[&Stage::Gc], 0.0);
    assert_close(
        "gc",
        on.breakdown.mean_ms[&Stage::Gc],
        8.0 * on.gc.total_pause_ms / on.succeeded as f64,
        0.01,
    );
}

/// JDK 21 pins a virtual thread that sleeps inside `synchronized`; JDK 24
/// does not (JEP 491): the pinned stage is there, then gone.
#[test]
fn pinning_shows_as_pinned_time_on_jdk_21_only() {
    let r21 = run_preset("pinning-jdk21", &[]);
    let r24 = run_preset("pinning-jdk24", &[]);
    assert_consistent(&r21);
    assert_consistent(&r24);
    assert!(
        r21.breakdown.mean_ms[&Stage::Pinned] > 1.0,
        "{:?}",
        r21.breakdown
    );
    assert_eq!(r24.breakdown.mean_ms[&Stage::Pinned], 0.0);
    assert!(
        r21.breakdown.mean_ms[&Stage::CarrierWait] > r24.breakdown.mean_ms[&Stage::CarrierWait]
    );
}

/// wrk and k6 start the clock once the connection is open: a connection's
/// first request does not count its connect, in its latency or its stages.
#[test]
fn tools_that_time_from_the_write_leave_the_connect_out() {
    let scenario = |tool: &'static str| {
        run(&[
            ("load.tool", tool),
            ("load.concurrency", "50"),
            ("load.requests", "2000"),
            ("load.duration_s", "2"),
            ("load.rtt_ms", "5"),
            ("program", "cpu:0.1ms,io:10ms"),
        ])
    };
    let wrk = scenario("wrk");
    assert_consistent(&wrk);
    assert_eq!(wrk.breakdown.mean_ms[&Stage::Connect], 0.0);
    let hey = scenario("hey");
    assert_consistent(&hey);
    assert!(hey.breakdown.mean_ms[&Stage::Connect] > 0.0);
}

/// Open-loop arrivals, executors with a permit limit, monitors, a cold
/// start: the stages still add up.
#[test]
fn the_stages_add_up_in_every_preset_that_runs_quickly() {
    for name in [
        "e4-platform-25",
        "e4-virtual-25",
        "e3-cpu-virtual",
        "cpu-bound",
        "e2-repost-platform",
    ] {
        let r = run_preset(name, &[]);
        assert_consistent(&r);
    }
}

/// Every stage has its colour on the page in both themes: the light
/// theme's custom property and class in www/style.css, the dark theme's in
/// www/share.css (a stage without one drew an empty legend swatch).
#[test]
fn every_stage_has_its_colour_in_both_themes() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let light = std::fs::read_to_string(root.join("www/style.css")).unwrap();
    let dark = std::fs::read_to_string(root.join("www/share.css")).unwrap();
    for stage in threadlab::sim::report::Stage::ALL {
        let name = stage.name();
        let property = format!("--stage-{name}:");
        assert!(light.contains(&property), "www/style.css lacks {property}");
        assert!(dark.contains(&property), "www/share.css lacks {property}");
        let class = format!(".stage-{name} {{ background: var(--stage-{name}); }}");
        assert!(light.contains(&class), "www/style.css lacks {class}");
    }
}
