//! Downstream services (`call(NAME)`, `downstream.<name>.*`): a service
//! serves so many calls at once and queues the rest, and the HTTP client's
//! pool in front of it lends so many connections, with its own defaults.

use crate::helpers::{assert_close, run_free};
use threadlab::scenario::{Draft, validate};
use threadlab::sim::Report;
use threadlab::sim::report::{Binding, Finding, Resource, ResponseCause, Stage};

/// 50 closed-loop clients, each request one call of a constant 100 ms.
fn calls(mode: &str, extra: &[(&str, &str)]) -> Report {
    let mut s = vec![
        ("server.mode", mode),
        ("server.threads_max", "200"),
        ("load.concurrency", "50"),
        ("load.requests", "5000"),
        ("load.timeout_ms", "0"),
        ("program", "call(inventory)"),
        ("downstream.inventory.p50_ms", "100"),
        ("downstream.inventory.p99_ms", "100"),
    ];
    s.extend_from_slice(extra);
    run_free(&s)
}

#[test]
fn httpclient5s_five_connections_per_route_cap_the_service_in_both_modes() {
    for mode in ["platform", "virtual"] {
        let r = calls(mode, &[]);
        // Five connections, each held 100 ms: 50 req/s, however many threads.
        assert_close(mode, r.throughput_rps, 5.0 / 0.1, 0.01);
        let d = &r.downstreams[0];
        assert_eq!(d.name, "inventory");
        assert_eq!(d.peak_lease_waiters, 45, "{mode}");
        assert_eq!(d.lease_timeouts, 0, "3 minutes is long enough");
        assert_close("lease wait", d.mean_lease_wait_ms, 900.0, 0.02);
        // The diagnosis names the pool, with its ceiling: 5 ÷ 100 ms.
        assert_eq!(r.bottleneck.resource, Resource::HttpClientPool, "{mode}");
        let ceiling = r.bottleneck.ceiling_rps.expect("a ceiling");
        assert_close("ceiling", ceiling, 50.0, 0.01);
    }
}

#[test]
fn a_client_without_a_cap_leaves_the_service_the_limit() {
    // The JDK's client opens what it needs: the downstream's 10 slots bind.
    let r = calls(
        "virtual",
        &[
            ("downstream.inventory.client", "jdk"),
            ("downstream.inventory.concurrency", "10"),
        ],
    );
    assert_close("throughput", r.throughput_rps, 10.0 / 0.1, 0.01);
    let d = &r.downstreams[0];
    assert_eq!(d.peak_queued, 40);
    assert_eq!(d.peak_lease_waiters, 0);
    assert_close("utilisation", d.utilisation, 1.0, 0.02);
    // Raised to the clients' number, the pool no longer binds: 500 req/s.
    let wide = calls("virtual", &[("downstream.inventory.max_connections", "50")]);
    assert_close("50 connections", wide.throughput_rps, 500.0, 0.01);
}

#[test]
fn a_lease_that_waits_too_long_fails_the_request() {
    // 45 calls wait for 5 connections that free every 100 ms: with 150 ms
    // to wait, most time out (HTTP 500).
    let r = calls(
        "virtual",
        &[("downstream.inventory.lease_timeout_ms", "150")],
    );
    let d = &r.downstreams[0];
    assert!(d.lease_timeouts > 0);
    assert_eq!(
        r.responses_by_cause[&ResponseCause::LeaseTimeout],
        d.lease_timeouts
    );
    assert_eq!(r.succeeded + d.lease_timeouts, r.sent);
}

#[test]
fn downstream_settings_are_checked_where_they_are_written() {
    let errors = |pairs: &[(&str, &str)]| {
        let mut d = Draft::new();
        for (k, v) in pairs {
            d.set(k, v).unwrap();
        }
        validate(&d).expect_err("should not validate")
    };
    let e = errors(&[
        ("program", "call(inventory)"),
        ("downstream.invetory.p50_ms", "5"),
    ]);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].field, "downstream.invetory");
    let e = errors(&[
        ("program", "call(inventory)"),
        ("downstream.inventory.p50_ms", "50"),
        ("downstream.inventory.p99_ms", "20"),
    ]);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].field, "downstream.inventory.p99_ms");
    assert_eq!(e[0].value, "20");
    let mut d = Draft::new();
    assert!(d.set("downstream.inventory.speed", "5").is_err() || validate(&d).is_err());
}

#[test]
fn httpclient4s_lease_wait_pins_on_jdk_21_and_can_deadlock_the_carriers() {
    // Two connections per route; the other calls wait for one inside the
    // pool's monitor (`Condition.await` in `synchronized`: no compensation),
    // each keeping its carrier on JDK 21. With 4 carriers, 4 waiters pin
    // them all, and the 2 calls that hold the connections can never run
    // again to give them back: the service stops. JDK 25 unmounts them.
    let run = |jdk: &str, cores: &str| {
        calls(
            "virtual",
            &[
                ("server.cores", cores),
                ("server.jdk", jdk),
                ("downstream.inventory.client", "httpclient4"),
                ("limits.max_sim_s", "60"),
            ],
        )
    };
    let stuck = run("21", "4");
    assert_eq!(stuck.server.peak_pinned, 4);
    assert!(stuck.succeeded < 10, "{}", stuck.succeeded);
    assert!(
        matches!(
            stuck.ending,
            threadlab::sim::report::Ending::Deadlock { .. }
        ),
        "{:?}",
        stuck.ending
    );
    // More carriers than waiters: pinned, but the holders run on.
    let wide = run("21", "64");
    assert_eq!(wide.server.peak_pinned, 48);
    assert_close("JDK 21, 64 carriers", wide.throughput_rps, 20.0, 0.01);
    let new = run("25", "4");
    assert_eq!(new.server.peak_pinned, 0);
    assert_close("JDK 25", new.throughput_rps, 20.0, 0.01);
}

#[test]
fn a_downstream_of_c_slots_is_erlang_c_inside_the_request() {
    // Poisson arrivals, exponential service of mean 50 ms on 10 slots,
    // a client without a cap: the call's mean is M/M/10's response time.
    let (c, mean_s) = (10u32, 0.05);
    let p50 = (mean_s * 1000.0 * std::f64::consts::LN_2).to_string();
    for rho in [0.5, 0.8] {
        let lambda = rho * c as f64 / mean_s;
        let mut total = 0.0;
        for seed in 1..=3 {
            let r = run_free(&[
                ("server.mode", "virtual"),
                ("load.kind", "open"),
                ("load.arrivals", "poisson"),
                ("load.rate_rps", &lambda.to_string()),
                ("load.requests", "200000"),
                ("load.timeout_ms", "0"),
                ("seed", &seed.to_string()),
                ("record.timeline_lanes", "0"),
                ("limits.max_sim_s", "100000"),
                ("program", "call(inventory)"),
                ("downstream.inventory.client", "jdk"),
                ("downstream.inventory.concurrency", "10"),
                ("downstream.inventory.distribution", "exponential"),
                ("downstream.inventory.p50_ms", &p50),
            ]);
            assert_eq!(r.completed, 200_000);
            total += r.latency_ms.mean / 1000.0;
        }
        let expected = threadlab::theory::erlang_c_mean_response(lambda, mean_s, c);
        assert_close(&format!("M/M/10 at ρ={rho}"), total / 3.0, expected, 0.03);
    }
}

#[test]
fn reactor_nettys_pending_cap_refuses_the_call_beyond_it() {
    // Its default pool admits twice its connections as pending acquires
    // (1,000 for 500 connections); with 5 connections, 10 wait and each
    // further call fails at once (PoolAcquirePendingLimitException).
    let mut d = Draft::new();
    d.set("program", "call(inventory)").unwrap();
    d.set("downstream.inventory.client", "reactor-netty")
        .unwrap();
    let c = validate(&d).unwrap();
    assert_eq!(c.downstreams[0].max_connections, 500);
    assert_eq!(c.downstreams[0].max_pending, Some(1000));
    for (max_pending, waiting) in [(None, 10), (Some("0"), 0), (Some("30"), 30)] {
        let mut extra = vec![
            ("downstream.inventory.client", "reactor-netty"),
            ("downstream.inventory.max_connections", "5"),
        ];
        if let Some(m) = max_pending {
            extra.push(("downstream.inventory.max_pending", m));
        }
        let r = calls("virtual", &extra);
        let d = &r.downstreams[0];
        assert_eq!(d.peak_lease_waiters, waiting, "{max_pending:?}");
        assert!(d.pending_refused > 0, "{max_pending:?}");
        assert_eq!(
            r.responses_by_cause[&ResponseCause::PendingLimit],
            d.pending_refused
        );
        assert_eq!(r.succeeded + d.pending_refused, r.sent);
        // The five connections still serve 50 calls a second.
        assert_eq!(d.calls, r.succeeded);
        let span_s = r.sim_time_s;
        assert_close("served", d.calls as f64 / span_s, 50.0, 0.03);
    }
    // A cap above the callers refuses none.
    let r = calls(
        "virtual",
        &[
            ("downstream.inventory.client", "reactor-netty"),
            ("downstream.inventory.max_connections", "5"),
            ("downstream.inventory.max_pending", "45"),
        ],
    );
    assert_eq!(r.downstreams[0].pending_refused, 0);
    assert_eq!(r.downstreams[0].peak_lease_waiters, 45);
}

/// 20,000 calls arriving evenly at 2,000 a second to a downstream whose
/// token bucket holds `burst` and refills at `rate`.
fn rate_limited(rate: &str, burst: Option<&str>) -> Report {
    let mut s = vec![
        ("server.mode", "virtual"),
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "2000"),
        ("load.requests", "20000"),
        ("load.timeout_ms", "0"),
        ("program", "call(inventory)"),
        ("downstream.inventory.client", "jdk"),
        ("downstream.inventory.concurrency", "100000"),
        ("downstream.inventory.distribution", "constant"),
        ("downstream.inventory.p50_ms", "10"),
        ("downstream.inventory.rate_limit_rps", rate),
    ];
    if let Some(b) = burst {
        s.push(("downstream.inventory.rate_burst", b));
    }
    run_free(&s)
}

#[test]
fn a_downstreams_rate_limit_admits_its_burst_then_its_rate() {
    // Arrivals over 9.9995 s: the bucket admits its 100 tokens, then 500 a
    // second, and answers the rest 429 (the request fails with HTTP 500).
    let r = rate_limited("500", Some("100"));
    let d = &r.downstreams[0];
    let admitted = 100.0 + 500.0 * 19_999.0 / 2_000.0;
    assert!(
        (d.calls as f64 - admitted).abs() <= 1.0,
        "admitted {} of {admitted}",
        d.calls
    );
    assert_eq!(d.rate_limited, 20_000 - d.calls);
    assert_eq!(
        r.responses_by_cause[&ResponseCause::RateLimited],
        d.rate_limited
    );
    assert_eq!(r.succeeded, d.calls);
    // Without a burst given, it holds one second's worth: 500.
    let r = rate_limited("500", None);
    let admitted = 500.0 + 500.0 * 19_999.0 / 2_000.0;
    assert!((r.downstreams[0].calls as f64 - admitted).abs() <= 1.0);
    // A limit above the arrival rate refuses nothing, given a burst for
    // the jitter the server adds to the calls' spacing: with a bucket of
    // one token, two calls closer than 0.4 ms meet a 429.
    let r = rate_limited("2500", Some("20"));
    assert_eq!(r.downstreams[0].rate_limited, 0);
    assert_eq!(r.succeeded, 20_000);
    let r = rate_limited("2500", Some("1"));
    assert!(r.downstreams[0].rate_limited > 0);
}

#[test]
fn refusals_that_fail_a_hundredth_of_the_results_bind_the_diagnosis() {
    // One token a second after the burst: over the 10 s run, 20,000 calls
    // meet burst + ~10 tokens, the rest a 429.
    let r = rate_limited("1", Some("19500"));
    let refused = r.downstreams[0].rate_limited;
    assert!(refused > 200, "{refused} refused");
    assert_eq!(r.bottleneck.resource, Resource::Downstream);
    assert_eq!(r.bottleneck.binding, Binding::Refused);
    let Finding::Refused {
        name,
        rate_limited: limited,
        pending_refused,
        share,
        rate_per_s,
        ..
    } = &r.bottleneck.finding
    else {
        panic!("{:?}", r.bottleneck.finding);
    };
    assert_eq!(
        (name.as_str(), *limited, *pending_refused),
        ("inventory", refused, 0)
    );
    // Every request got a response (no client time-out): results are those.
    assert_eq!(r.completed, 20_000);
    assert_eq!(*share, refused as f64 / 20_000.0);
    assert_eq!(*rate_per_s, Some(1.0));
    // Under a hundredth refused, the refusals do not bind.
    let r = rate_limited("1", Some("19900"));
    let refused = r.downstreams[0].rate_limited;
    assert!(refused > 0 && (refused as f64) < 0.01 * r.completed as f64);
    assert_ne!(r.bottleneck.binding, Binding::Refused);
}

#[test]
fn pending_and_rate_settings_are_checked_where_they_are_written() {
    for (key, value) in [
        ("downstream.inventory.max_pending", "-1"),
        ("downstream.inventory.rate_limit_rps", "0"),
        ("downstream.inventory.rate_burst", "0"),
    ] {
        let mut d = Draft::new();
        d.set("program", "call(inventory)").unwrap();
        let e = match d.set(key, value) {
            Err(e) => vec![e],
            Ok(()) => validate(&d).expect_err(key),
        };
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].field, key);
        assert_eq!(e[0].value, value);
    }
    // A burst without a rate changes nothing, and the page says so.
    let mut d = Draft::new();
    d.set("program", "call(inventory)").unwrap();
    d.set("downstream.inventory.rate_burst", "50").unwrap();
    let c = validate(&d).unwrap();
    assert_eq!(c.downstreams[0].rate_limit, None);
    let moot = threadlab::scenario::Moot::NoRateLimit;
    assert!(moot.holds(&c, "downstream.inventory.rate_burst"));
}

/// 200 closed-loop clients on one core, each request `cpu:0.2ms` and a
/// constant 20 ms call through the JDK's HttpClient with `executor`.
fn jdk_calls(mode: &str, executor: &str) -> Report {
    run_free(&[
        ("server.mode", mode),
        ("server.cores", "1"),
        ("server.threads_max", "200"),
        ("load.concurrency", "200"),
        ("load.requests", "4000"),
        ("load.timeout_ms", "0"),
        ("program", "cpu:0.2ms,call(inventory)"),
        ("downstream.inventory.client", "jdk"),
        ("downstream.inventory.executor", executor),
        ("downstream.inventory.distribution", "constant"),
        ("downstream.inventory.p50_ms", "20"),
    ])
}

#[test]
fn the_jdk_clients_own_executor_stays_platform_when_virtual_threads_are_on() {
    // Every response goes through the client's executor, one task a call.
    for mode in ["platform", "virtual"] {
        for executor in ["default", "virtual"] {
            let r = jdk_calls(mode, executor);
            let e = (r.executors.iter())
                .find(|e| e.name == "HttpClient(inventory)")
                .expect("the client's executor");
            assert_eq!(e.completed, r.downstreams[0].calls, "{mode} {executor}");
            assert_eq!(e.rejected, 0);
        }
    }
    // With spring.threads.virtual.enabled the requests run on virtual
    // threads, but the client's cached pool starts a platform thread
    // whenever no worker is idle: on a saturated core its tasks wait
    // their turn, and the pool grows.
    let hidden = jdk_calls("virtual", "default");
    let workers = hidden.executors[0].peak_threads;
    assert!(workers >= 5, "{workers} HttpClient workers");
    assert_eq!(hidden.server.peak_platform_threads, workers);
    // HttpClient.Builder.executor(newVirtualThreadPerTaskExecutor()):
    // no platform thread at all.
    let own = jdk_calls("virtual", "virtual");
    assert_eq!(own.server.peak_platform_threads, 0);
}

#[test]
fn the_call_before_the_hand_off_is_io_in_the_breakdown() {
    // Each request: 0.2 ms of CPU, a 20 ms call, then the client's task.
    // The call's 20 ms are a wait on the socket, not the task's CPU.
    for executor in ["default", "virtual"] {
        let r = jdk_calls("virtual", executor);
        let mean = &r.breakdown.mean_ms;
        assert_close("io", mean[&Stage::Io], 20.0, 0.01);
        assert!(
            mean[&Stage::Cpu] < 1.0,
            "{executor}: cpu {}",
            mean[&Stage::Cpu]
        );
    }
}

#[test]
fn the_hand_off_is_cpu_on_the_clients_executor_in_the_ceiling() {
    use threadlab::scenario::measured::JDK_CLIENT_TASK_CPU_US;
    // CPU-bound on one core: each request's 0.2 ms plus the hand-off task.
    let r = jdk_calls("virtual", "virtual");
    assert_eq!(r.bottleneck.resource, Resource::Cpu);
    let ceiling = r.bottleneck.ceiling_rps.expect("a ceiling");
    let per_request_ms = 0.2 + JDK_CLIENT_TASK_CPU_US.1 / 1_000.0;
    assert_close("ceiling", ceiling, 1_000.0 / per_request_ms, 0.01);
    // On the default executor's platform workers the task costs more; the
    // measured figure's wake-up switch gives way to the CPU model's own
    // (server.context_switch_us, 5 µs), two a task in this run.
    let r = jdk_calls("virtual", "default");
    let ceiling = r.bottleneck.ceiling_rps.expect("a ceiling");
    let per_request_ms = 0.2 + (JDK_CLIENT_TASK_CPU_US.0 + 5.0) / 1_000.0;
    assert_close("default ceiling", ceiling, 1_000.0 / per_request_ms, 0.01);
    // The other clients complete the call on the caller's side.
    let mut d = Draft::new();
    d.set("program", "call(inventory)").unwrap();
    d.set("downstream.inventory.executor", "virtual").unwrap();
    let c = validate(&d).unwrap();
    assert_eq!(c.downstreams[0].handoff, None);
    assert!(c.executors.is_empty());
    let moot = threadlab::scenario::Moot::NotJdkClient;
    assert!(moot.holds(&c, "downstream.inventory.executor"));
}
