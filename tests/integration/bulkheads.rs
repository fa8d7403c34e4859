//! Bulkheads, `pool(NAME, n[, WAIT]){…}`: a semaphore of n permits around
//! a block. Held to queueing theory: with no wait it is Erlang's loss
//! system (M/M/n/n), with a bounded wait M/M/n with deterministic
//! patience, and without a bound M/M/n (Erlang C).

use crate::helpers::{assert_close, run_free};
use threadlab::sim::Report;
use threadlab::sim::report::{Binding, Finding, Resource, ResponseCause, Stage};
use threadlab::theory;

/// Poisson arrivals at `rate` a second for `seconds`, each request the
/// block `pool(gate, …){io:exp(100ms)}` on a virtual thread (no thread
/// limit, so the bulkhead is the only queue).
fn gated(mode: &str, pool: &str, rate: &str, seconds: &str) -> Report {
    let program = format!("{pool}{{io:exp(100ms)}}");
    run_free(&[
        ("server.mode", mode),
        ("server.threads_max", "1000"),
        ("server.context_switch_us", "0"),
        ("load.kind", "open"),
        ("load.rate_rps", rate),
        ("load.duration_s", seconds),
        ("load.timeout_ms", "0"),
        ("program", &program),
    ])
}

fn refused_share(r: &Report) -> f64 {
    r.responses_by_cause[&ResponseCause::BulkheadFull] as f64 / r.completed as f64
}

#[test]
fn without_a_wait_it_is_erlangs_loss_system() {
    // Offered 4 Erlangs to 5 permits: Erlang B(5, 4) ≈ 19.9 % refused.
    let r = gated("virtual", "pool(gate, 5, 0ms)", "40", "3000");
    let b = &r.bulkheads[0];
    let expected = theory::mmck_blocking_probability(40.0, 0.1, 5, 5);
    assert_close("refused", refused_share(&r), expected, 0.04);
    assert_eq!(b.full, r.responses_by_cause[&ResponseCause::BulkheadFull]);
    assert_eq!((b.timeouts, b.peak_waiting), (0, 0), "nobody waits");
    assert_eq!(b.entered + b.full, r.completed);
    // Carried load ÷ permits: a(1 − B) / n.
    assert_close(
        "utilisation",
        b.utilisation,
        4.0 * (1.0 - expected) / 5.0,
        0.04,
    );
    assert_close("hold", b.hold_ms, 100.0, 0.03);
}

#[test]
fn a_bounded_wait_is_mmn_with_deterministic_patience() {
    // Overloaded (60/s on 5 permits of 100 ms = 50/s): the wait's bound
    // keeps the queue finite, and theory says how many give up.
    for (rate, wait) in [(60.0, 50.0), (40.0, 100.0)] {
        let pool = format!("pool(gate, 5, {wait}ms)");
        let r = gated("virtual", &pool, &rate.to_string(), "3000");
        let b = &r.bulkheads[0];
        let (gave_up, mean_wait) = theory::mmc_patience(rate, 0.1, 5, wait / 1e3);
        assert_close("gave up", refused_share(&r), gave_up, 0.05);
        assert_eq!(b.full, 0, "a call may wait");
        assert_eq!(
            b.timeouts,
            r.responses_by_cause[&ResponseCause::BulkheadFull]
        );
        assert_close("mean wait", b.mean_wait_ms, mean_wait * 1e3, 0.05);
    }
}

#[test]
fn without_a_bound_it_is_erlang_c_and_the_wait_has_its_own_stage() {
    // 30/s on 5 permits of 100 ms: M/M/5 at ρ = 0.6.
    let r = gated("virtual", "pool(gate, 5)", "30", "3000");
    let b = &r.bulkheads[0];
    assert_eq!(b.full + b.timeouts, 0, "acquire() waits for ever");
    // A wait for ever is left out of the JSON report, which has no null.
    let json = serde_json::to_value(b).expect("serialises");
    assert_eq!(json.get("max_wait_ms"), None, "{json}");
    let wait_s = theory::erlang_c_mean_wait(30.0, 0.1, 5);
    assert_close("mean wait", b.mean_wait_ms, wait_s * 1e3, 0.06);
    // The wait shows as its own stage of the requests' time.
    let waited = r.breakdown.mean_ms[&Stage::BulkheadWait];
    assert_close("stage", waited, wait_s * 1e3, 0.06);
}

#[test]
fn a_wait_parks_a_virtual_thread_but_holds_a_platform_one() {
    // 20 threads, 50 closed-loop clients, a bulkhead of 2: on platform
    // threads the waiters hold Tomcat's 20; virtual threads unmount.
    let run = |mode: &str| {
        run_free(&[
            ("server.mode", mode),
            ("server.threads_max", "20"),
            ("load.concurrency", "50"),
            ("load.requests", "2000"),
            ("load.timeout_ms", "0"),
            ("program", "pool(gate, 2){io:100ms}"),
        ])
    };
    for mode in ["platform", "virtual"] {
        let r = run(mode);
        // Two permits held 100 ms each: 20 req/s in both modes.
        assert_close(mode, r.throughput_rps, 20.0, 0.02);
        assert_eq!(r.bottleneck.resource, Resource::Bulkhead, "{mode}");
        assert_eq!(r.bottleneck.binding, Binding::Saturated, "{mode}");
        let ceiling = r.bottleneck.ceiling_rps.expect("a ceiling");
        assert_close("ceiling", ceiling, 20.0, 0.02);
    }
    assert!(run("platform").server.peak_platform_threads >= 20);
    assert_eq!(run("virtual").server.peak_pinned, 0, "Semaphore parks");
}

#[test]
fn a_failure_inside_the_block_gives_its_permit_back() {
    // A HikariCP time-out inside the block fails the request there: its
    // permit must go back, or the bulkhead would lose one per failure.
    let r = run_free(&[
        ("server.mode", "virtual"),
        ("load.concurrency", "20"),
        ("load.requests", "3000"),
        ("load.timeout_ms", "0"),
        ("db.pool_size", "1"),
        ("db.timeout_ms", "250"),
        ("program", "pool(gate, 4){db:300ms}"),
    ]);
    let failed = r.responses_by_cause[&ResponseCause::PoolTimeout];
    assert!(failed > 100, "time-outs inside the block: {failed}");
    assert_eq!(r.completed, 3000, "every request ends: no permit leaked");
    // Four permits: one request holds the connection, three wait for it
    // and time out after 250 ms, whatever happens, so the permits turn
    // over and the connection stays busy: 1 ÷ 300 ms succeed a second.
    assert_close("goodput", r.goodput_rps, 1.0 / 0.3, 0.05);
}

#[test]
fn refusals_are_the_diagnosis_when_nothing_queues() {
    let r = gated("virtual", "pool(gate, 5, 0ms)", "80", "60");
    assert_eq!(r.bottleneck.binding, Binding::Refused);
    assert_eq!(r.bottleneck.resource, Resource::Bulkhead);
    let Finding::BulkheadFull {
        name,
        permits,
        refused,
        share,
    } = &r.bottleneck.finding
    else {
        panic!("{:?}", r.bottleneck.finding);
    };
    assert_eq!((name.as_str(), *permits), ("gate", 5));
    assert_eq!(*refused, r.bulkheads[0].full);
    assert_close("share", *share, refused_share(&r), 1e-9);
}

#[test]
fn one_name_is_one_semaphore_across_endpoints() {
    // Two endpoints share the bulkhead `gate` of 1 permit held 100 ms:
    // together they get 10 req/s, not 10 each.
    let r = run_free(&[
        ("server.mode", "virtual"),
        ("load.concurrency", "20"),
        ("load.requests", "1000"),
        ("load.timeout_ms", "0"),
        ("endpoints", "a, b"),
        ("endpoint.a.program", "pool(gate, 1){io:100ms}"),
        ("endpoint.b.program", "cpu:0.1ms,pool(gate, 1){io:100ms}"),
    ]);
    assert_eq!(r.bulkheads.len(), 1);
    assert_close("throughput", r.throughput_rps, 10.0, 0.02);
}

#[test]
fn the_program_says_what_is_wrong_with_a_pool() {
    for (text, needle) in [
        ("pool{io:1ms}", "'('"),
        ("pool(9x, 5){io:1ms}", "bulkhead name"),
        ("pool(gate){io:1ms}", "','"),
        ("pool(gate, 0){io:1ms}", "from 1 to 1000000"),
        ("pool(gate, 2.5){io:1ms}", "whole number"),
        ("pool(gate, 5, 10){io:1ms}", "unit"),
        ("pool(gate, 5, 10ms, 3){io:1ms}", "')'"),
        ("pool(gate, 5){pool(gate, 5){io:1ms}}", "not reentrant"),
        (
            "pool(gate, 5){io:1ms},pool(gate, 6){io:1ms}",
            "pool(gate, 6)",
        ),
        (
            "pool(gate, 5, 1ms){io:1ms},pool(gate, 5){io:1ms}",
            "one wait",
        ),
    ] {
        let err = threadlab::scenario::parse_program(text)
            .err()
            .unwrap_or_else(|| panic!("{text:?} should not parse"));
        let err = err.english();
        assert!(err.contains(needle), "{text:?}: {err}");
    }
    // A task runs on another thread: the same bulkhead inside its body is
    // a second holder's permit, not a nested one.
    let p = threadlab::scenario::parse_program("pool(g, 1){async(mail){pool(g, 1){io:1ms}}}");
    assert!(p.is_ok());
}

#[test]
fn a_pool_compiles_to_a_permit_taken_and_given_back() {
    use threadlab::sim::program::{Bulkhead, Op};
    let p = threadlab::scenario::parse_program("pool(gate, 25, 0ms){io:1ms},pool(api, 3){cpu:1ms}")
        .expect("parses");
    let ops = &p.program.ops;
    assert_eq!(ops[0], Op::PermitAcquire(0));
    assert_eq!(ops[2], Op::PermitRelease(0));
    assert_eq!(
        (ops[3], ops[5]),
        (Op::PermitAcquire(1), Op::PermitRelease(1))
    );
    let gate = Bulkhead {
        name: "gate".into(),
        permits: 25,
        max_wait: Some(0),
    };
    let api = Bulkhead {
        name: "api".into(),
        permits: 3,
        max_wait: None,
    };
    assert_eq!(p.program.bulkheads, [gate, api]);
}

#[test]
fn endpoints_that_size_one_bulkhead_differently_are_an_error() {
    use threadlab::scenario::{Draft, validate};
    let mut d = Draft::new();
    for (k, v) in [
        ("endpoints", "a, b"),
        ("endpoint.a.program", "pool(gate, 1){io:1ms}"),
        ("endpoint.b.program", "pool(gate, 2){io:1ms}"),
    ] {
        d.set(k, v).expect("a known key");
    }
    let errors = validate(&d).expect_err("two sizes of one bulkhead");
    let said = format!("{errors:?}");
    assert!(said.contains("endpoint.b.program"), "{said}");
    assert!(said.contains("pool_differs"), "{said}");
}

/// Resilience4j's thread-pool bulkhead, `threadpool(NAME…){…}`: the block
/// runs on the bulkhead's own pool, which the request joins.
mod thread_pool {
    use super::*;
    use threadlab::scenario::{Draft, validate};
    use threadlab::sim::config::ExecutorKind;
    use threadlab::sim::program::Op;

    #[test]
    fn with_core_equal_to_max_it_is_mmck() {
        // 5 threads and a queue of 3: M/M/5/8, offered 4 Erlangs.
        let r = gated("virtual", "threadpool(gate, 5, 5, 3)", "40", "3000");
        let expected = theory::mmck_blocking_probability(40.0, 0.1, 5, 8);
        assert_close("refused", refused_share(&r), expected, 0.05);
        let e = (r.executors.iter())
            .find(|e| e.name == "ThreadPoolBulkhead(gate)")
            .expect("the bulkhead's executor is reported");
        assert_eq!(
            e.rejected,
            r.responses_by_cause[&ResponseCause::BulkheadFull]
        );
        assert_eq!(e.peak_threads, 5);
    }

    #[test]
    fn threads_beyond_the_core_start_only_when_the_queue_is_full() {
        // One core thread and a queue of 3: the 5th concurrent block starts
        // the second thread, the 6th is refused.
        for (clients, threads, refused) in [("4", 1, false), ("5", 2, false), ("6", 2, true)] {
            let r = run_free(&[
                ("server.mode", "virtual"),
                ("load.concurrency", clients),
                ("load.requests", "400"),
                ("program", "threadpool(gate, 2, 1, 3){io:100ms}"),
            ]);
            let e = &r.executors[0];
            assert_eq!(e.peak_threads, threads, "{clients} clients");
            let full = r.responses_by_cause[&ResponseCause::BulkheadFull];
            assert_eq!(full > 0, refused, "{clients} clients: {full} refused");
        }
    }

    #[test]
    fn its_defaults_follow_the_processors() {
        let mut d = Draft::new();
        d.set("server.cores", "4").expect("a known key");
        d.set("program", "threadpool(gate){io:1ms}")
            .expect("a known key");
        let cfg = validate(&d).expect("valid");
        let e = cfg.executors.last().expect("the bulkhead's executor");
        assert_eq!(e.name, "ThreadPoolBulkhead(gate)");
        assert!(
            matches!(
                e.kind,
                ExecutorKind::Pool {
                    core: 3,
                    max: 4,
                    queue: 100
                }
            ),
            "{:?}",
            e.kind
        );
        // The block is one subtask, joined.
        assert!(
            matches!(cfg.program.ops[0], Op::Fork { .. }),
            "{:?}",
            cfg.program.ops
        );
        // A maximum under the default core is refused, as `build()` does.
        d.set("program", "threadpool(gate, 2){io:1ms}")
            .expect("a known key");
        let said = format!("{:?}", validate(&d).expect_err("core 3 > max 2"));
        assert!(said.contains("threadpool_sizes"), "{said}");
        d.set("program", "threadpool(gate, 2, 3){io:1ms}")
            .expect("a known key");
        let said = format!("{:?}", validate(&d).expect_err("core 3 > max 2"));
        assert!(said.contains("threadpool_sizes"), "{said}");
    }

    #[test]
    fn endpoints_share_one_by_name_and_must_size_it_alike() {
        let mut d = Draft::new();
        for (k, v) in [
            ("endpoints", "a, b"),
            ("endpoint.a.program", "threadpool(gate, 4){io:1ms}"),
            ("endpoint.b.program", "cpu:1ms,threadpool(gate, 4){io:2ms}"),
        ] {
            d.set(k, v).expect("a known key");
        }
        let cfg = validate(&d).expect("one bulkhead");
        let forks: Vec<u16> = (cfg.program.ops.iter())
            .filter_map(|op| match op {
                Op::Fork { executor, .. } => Some(*executor),
                _ => None,
            })
            .collect();
        assert_eq!(forks.len(), 2);
        assert_eq!(forks[0], forks[1], "one executor for both");
        d.set("endpoint.b.program", "threadpool(gate, 5){io:2ms}")
            .expect("a known key");
        let said = format!("{:?}", validate(&d).expect_err("two sizes"));
        assert!(
            said.contains("endpoint.b.program") && said.contains("threadpool_differs"),
            "{said}"
        );
    }

    #[test]
    fn a_failure_inside_fails_the_request_as_join_throws() {
        // What follows the join never runs: the request fails at the join.
        for program in [
            "threadpool(gate){call(inv)},io:1s",
            "fork{call(inv), io:1ms},io:1s",
        ] {
            let r = run_free(&[
                ("server.mode", "virtual"),
                ("load.concurrency", "4"),
                ("load.requests", "200"),
                ("program", program),
                ("downstream.inv.error_rate", "1"),
            ]);
            assert_eq!(
                r.responses_by_cause[&ResponseCause::DownstreamError],
                r.completed,
                "{program}: every request fails with its subtask"
            );
            assert!(r.latency_ms.max < 1000.0, "{program}: {:?}", r.latency_ms);
        }
    }
}
