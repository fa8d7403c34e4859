//! Queueing theory as ground truth: Little's law, conservation, Erlang C and
//! the closed-loop formulas.

use threadlab::sim::Report;
use threadlab::sim::report::{ErrorCause, Resource, ResponseCause, Stage};
use threadlab::theory;

use crate::helpers::{Explained, assert_close, run};

#[test]
fn littles_law_holds_in_a_steady_closed_run() {
    // 300 clients on 100 threads, 20 ms exponential waits: steady queueing.
    let r = run(&[
        ("load.concurrency", "300"),
        ("load.duration_s", "30"),
        ("server.threads_max", "100"),
        ("server.context_switch_us", "0"),
        ("program", "cpu:0.1ms,io:exp(20ms)"),
    ]);
    let l = &r.little;
    assert_close("Little's law L vs λW", l.lambda_w, l.mean_in_flight, 0.01);
    // In a closed loop with no think time every client always has one in flight.
    assert_close("mean in flight", l.mean_in_flight, 300.0, 0.01);
}

#[test]
fn littles_law_holds_in_a_steady_open_run() {
    let r = run(&[
        ("load.kind", "open"),
        ("load.rate_rps", "400"),
        ("load.duration_s", "60"),
        ("server.threads_max", "20"),
        ("server.context_switch_us", "0"),
        ("program", "io:exp(40ms)"),
    ]);
    assert_close(
        "Little's law L vs λW",
        r.little.lambda_w,
        r.little.mean_in_flight,
        0.01,
    );
}

#[test]
fn requests_are_conserved() {
    // Timeouts, a small backlog and a pool: every kind of ending at once.
    let r = run(&[
        ("load.concurrency", "500"),
        ("load.duration_s", "20"),
        ("load.timeout_ms", "800"),
        ("server.threads_max", "50"),
        ("server.max_connections", "300"),
        ("server.accept_count", "50"),
        ("db.pool_size", "2"),
        ("db.timeout_ms", "300"),
        ("program", "cpu:0.2ms,db:exp(20ms),io:exp(30ms)"),
    ]);
    assert_eq!(
        r.sent,
        r.completed + r.errors.total + r.in_flight,
        "sent = responses + errors + in flight"
    );
    let by_cause: u64 = r.errors.by_cause.values().sum();
    assert_eq!(by_cause, r.errors.total);
    let responses: u64 = r.responses_by_cause.values().sum();
    assert_eq!(responses, r.completed);
    assert!(
        r.errors.by_cause[&ErrorCause::ClientTimeout] > 0,
        "the scenario should produce client timeouts: {:?}",
        r.errors
    );
    assert!(
        r.errors.by_cause[&ErrorCause::ConnectFailed] > 0,
        "the scenario should produce connect failures: {:?}",
        r.errors
    );
    assert!(
        r.responses_by_cause[&ResponseCause::PoolTimeout] > 0,
        "the scenario should produce pool timeouts"
    );
}

/// One M/M/c run: Poisson arrivals at `lambda`, exponential service of
/// mean `mean_s` on `c` threads, every request completed.
fn mmc_run(lambda: f64, mean_s: f64, c: u32, requests: u64, seed: u64) -> Report {
    let r = run(&[
        ("load.kind", "open"),
        ("load.arrivals", "poisson"),
        ("load.rate_rps", &lambda.to_string()),
        ("load.requests", &requests.to_string()),
        ("load.timeout_ms", "0"),
        ("server.threads_max", &c.to_string()),
        ("server.min_spare", &c.to_string()),
        ("server.context_switch_us", "0"),
        ("program", &format!("io:exp({}ms)", mean_s * 1000.0)),
        ("seed", &seed.to_string()),
        ("record.timeline_lanes", "0"),
        ("limits.max_sim_s", "10000000"),
    ]);
    assert_eq!(r.completed, requests);
    r
}

/// Mean response time of M/M/c from the simulator, averaged over seeds.
fn mmc_mean_response_s(lambda: f64, mean_s: f64, c: u32, requests: u64, seeds: u64) -> f64 {
    let total: f64 = (1..=seeds)
        .map(|seed| mmc_run(lambda, mean_s, c, requests, seed).latency_ms.mean / 1000.0)
        .sum();
    total / seeds as f64
}

#[test]
fn erlang_c_matches_at_several_utilisations() {
    // M/M/10 with mean service 1 s: ρ = 0.5, 0.7, 0.8; 5 seeds × 10^6 requests.
    for rho in [0.5, 0.7, 0.8] {
        let (c, mean_s) = (10u32, 1.0);
        let lambda = rho * c as f64 / mean_s;
        let expected = theory::erlang_c_mean_response(lambda, mean_s, c);
        let simulated = mmc_mean_response_s(lambda, mean_s, c, 1_000_000, 5);
        assert_close(
            &format!("M/M/10 mean response at ρ={rho}"),
            simulated,
            expected,
            0.03,
        );
    }
}

#[test]
fn erlang_c_wait_probability_is_reproduced() {
    // The share of requests that wait for a thread at all. In M/M/c (FIFO)
    // a request that waits, waits 1 / (cμ − λ) on average, so the mean wait
    // for a thread over all requests is P(wait) / (cμ − λ): P(wait) is read
    // off the simulated time breakdown's mean thread wait.
    let (c, mean_s, lambda) = (4u32, 0.1, 32.0);
    let pw = theory::erlang_c_wait_probability(lambda, mean_s, c);
    assert!(
        pw > 0.5 && pw < 0.7,
        "P(wait) for ρ=0.8 on 4 servers is about 0.6, got {pw}"
    );
    let seeds = 3;
    let mut simulated = 0.0;
    for seed in 1..=seeds {
        let r = mmc_run(lambda, mean_s, c, 400_000, seed);
        let wait_ms = r.breakdown.mean_ms.get(&Stage::ThreadWait).copied();
        let wait_s = wait_ms.unwrap_or(0.0) / 1000.0;
        simulated += wait_s * (f64::from(c) / mean_s - lambda) / seeds as f64;
    }
    assert_close("M/M/4 P(wait)", simulated, pw, 0.02);
}

#[test]
fn closed_loop_on_a_fixed_pool_follows_x_equals_min_c_t_over_s() {
    // C clients, T threads, service S (constant wait), no think time.
    for (clients, threads) in [(400u32, 100u32), (80, 100), (2000, 200)] {
        let s = 0.05;
        let r = run(&[
            ("load.concurrency", &clients.to_string()),
            ("load.duration_s", "40"),
            ("server.threads_max", &threads.to_string()),
            ("server.min_spare", &threads.to_string()),
            ("server.context_switch_us", "0"),
            ("program", "io:50ms"),
        ]);
        let (x, resp) = theory::closed_loop(clients, threads, s, 0.0);
        assert_close(
            &format!("X for C={clients}, T={threads}"),
            r.throughput_rps,
            x,
            0.01,
        );
        assert_close(
            &format!("R for C={clients}, T={threads}"),
            r.latency_ms.mean / 1000.0,
            resp,
            0.01,
        );
    }
}

#[test]
fn closed_loop_with_think_time_follows_the_interactive_law() {
    // Below saturation X = C / (S + Z); above it X = T / S.
    for (clients, think_ms) in [(50u32, 200.0), (500, 100.0)] {
        let r = run(&[
            ("load.concurrency", &clients.to_string()),
            ("load.duration_s", "40"),
            ("load.think_ms", &think_ms.to_string()),
            ("server.threads_max", "100"),
            ("server.min_spare", "100"),
            ("server.context_switch_us", "0"),
            ("program", "io:50ms"),
        ]);
        let (x, _) = theory::closed_loop(clients, 100, 0.05, think_ms / 1000.0);
        assert_close(
            &format!("X for C={clients}, Z={think_ms} ms"),
            r.throughput_rps,
            x,
            0.01,
        );
    }
}

#[test]
fn cpu_bound_work_is_capped_by_cores_in_both_modes() {
    // 20 ms of CPU on 4 cores: at most 200 req/s whatever the thread model.
    // (Under processor sharing the 100 requests finish together every 0.5 s;
    // the duration ends just after a batch so that edge does not bias it.)
    for mode in ["platform", "virtual"] {
        let r = run(&[
            ("load.concurrency", "100"),
            ("load.duration_s", "20.1"),
            ("server.mode", mode),
            ("server.cores", "4"),
            ("server.context_switch_us", "0"),
            ("program", "cpu:20ms"),
        ]);
        assert_close(
            &format!("{mode} CPU ceiling"),
            r.throughput_rps,
            200.0,
            0.01,
        );
        assert!(
            r.server.cpu_utilisation > 0.98,
            "{mode}: cores should be saturated"
        );
        assert_eq!(
            r.bottleneck.resource,
            Resource::Cpu,
            "{mode}: {}",
            r.bottleneck.explanation()
        );
    }
}
