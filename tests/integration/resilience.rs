//! A downstream that fails or slows, and what the caller does about it:
//! retries with each library's own semantics, a circuit breaker, the
//! client's response time-out, a fallback, and faults over time. Held to
//! their closed forms: a retry with failure probability p and k calls
//! makes 1 + p + … + p^(k−1) tries and fails p^k of the calls; a breaker
//! opens on exactly the call its rule names; a time-out of T on an
//! exponential service of mean m fails e^(−T/m) of the tries.

use crate::helpers::{assert_close, run_free};
use threadlab::scenario::{Draft, validate};
use threadlab::sim::Report;
use threadlab::sim::breaker::BreakerState;
use threadlab::sim::report::{GuardStats, ResponseCause};

/// Closed-loop requests of one call to `inv` (constant 10 ms, room for
/// every call), on virtual threads, with `extra` on top; no collector,
/// whose pauses would add to the latencies these tests hold exact.
fn guarded(extra: &[(&str, &str)]) -> Report {
    let mut s = vec![
        ("gc.collector", "none"),
        ("server.mode", "virtual"),
        ("load.concurrency", "20"),
        ("load.requests", "4000"),
        ("load.timeout_ms", "0"),
        ("server.context_switch_us", "0"),
        ("program", "call(inv)"),
        ("downstream.inv.p50_ms", "10"),
        ("downstream.inv.distribution", "constant"),
        ("downstream.inv.concurrency", "1000"),
        ("downstream.inv.max_connections", "1000"),
    ];
    s.extend_from_slice(extra);
    run_free(&s)
}

fn guard(r: &Report) -> &GuardStats {
    r.downstreams[0]
        .guard
        .as_ref()
        .expect("a guarded downstream")
}

fn failed(r: &Report, cause: ResponseCause) -> u64 {
    r.responses_by_cause[&cause]
}

#[test]
fn three_means_three_calls_or_four() {
    // Every try fails: the library's count is the number of tries.
    for (library, tries) in [("resilience4j", 3), ("spring-retry", 3), ("spring7", 4)] {
        let r = guarded(&[
            ("downstream.inv.error_rate", "1"),
            ("downstream.inv.retry", library),
            ("downstream.inv.retry_delay_ms", "1"),
        ]);
        let g = guard(&r);
        assert_eq!(r.completed, 4000, "{library}");
        assert_eq!(
            failed(&r, ResponseCause::DownstreamError),
            4000,
            "{library}"
        );
        assert_eq!(g.tries, tries * 4000, "{library}: tries");
        assert_eq!(g.retries, (tries - 1) * 4000, "{library}: retries");
        assert_eq!(g.sent, g.tries, "{library}: every try reaches it");
    }
}

#[test]
fn retries_make_the_geometric_number_of_tries() {
    // p = 0.3: 1 + p + … + p^(k−1) tries a call, p^k of the calls fail.
    for (library, k) in [("resilience4j", 3), ("spring7", 4)] {
        let r = guarded(&[
            ("load.requests", "40000"),
            ("downstream.inv.error_rate", "0.3"),
            ("downstream.inv.retry", library),
            ("downstream.inv.retry_delay_ms", "1"),
        ]);
        let p: f64 = 0.3;
        let expected = (1.0 - p.powi(k)) / (1.0 - p);
        let per_call = guard(&r).tries as f64 / r.completed as f64;
        assert_close(
            &format!("{library}: tries a call"),
            per_call,
            expected,
            0.01,
        );
        let share = failed(&r, ResponseCause::DownstreamError) as f64 / r.completed as f64;
        assert_close(&format!("{library}: failed"), share, p.powi(k), 0.12);
    }
}

/// The latency of a call that fails every try: its tries' 10 ms each plus
/// its sleeps.
fn all_failing(extra: &[(&str, &str)]) -> Report {
    let mut s = vec![("downstream.inv.error_rate", "1")];
    s.extend_from_slice(extra);
    guarded(&s)
}

#[test]
fn each_library_sleeps_as_its_back_off_says() {
    // Resilience4j's defaults: 3 tries, a fixed 500 ms.
    let r = all_failing(&[("downstream.inv.retry", "resilience4j")]);
    assert_close("r4j", r.latency_ms.mean, 3.0 * 10.0 + 2.0 * 500.0, 0.001);
    // Spring 7's: 4 tries, a fixed 1,000 ms.
    let r = all_failing(&[("downstream.inv.retry", "spring7")]);
    assert_close(
        "spring7",
        r.latency_ms.mean,
        4.0 * 10.0 + 3.0 * 1000.0,
        0.001,
    );
    // Exponential: 100 ms × 2 → 100 + 200 + 400 for Spring 7 (4 tries).
    let r = all_failing(&[
        ("downstream.inv.retry", "spring7"),
        ("downstream.inv.retry_delay_ms", "100"),
        ("downstream.inv.retry_multiplier", "2"),
    ]);
    assert_close("exponential", r.latency_ms.mean, 40.0 + 700.0, 0.001);
    // …capped by the maximum delay: 100 + 150 + 150.
    let r = all_failing(&[
        ("downstream.inv.retry", "spring7"),
        ("downstream.inv.retry_delay_ms", "100"),
        ("downstream.inv.retry_multiplier", "2"),
        ("downstream.inv.retry_max_delay_ms", "150"),
    ]);
    assert_close("capped", r.latency_ms.mean, 40.0 + 400.0, 0.001);
    // Spring Retry with a multiplier and no maxDelay stops growing at 30 s:
    // 20 s, then 30 s (not 40 s).
    let r = all_failing(&[
        ("load.requests", "40"),
        ("downstream.inv.retry", "spring-retry"),
        ("downstream.inv.retry_delay_ms", "20000"),
        ("downstream.inv.retry_multiplier", "2"),
    ]);
    assert_close(
        "spring-retry's cap",
        r.latency_ms.mean,
        30.0 + 50_000.0,
        0.001,
    );
}

#[test]
fn jitter_spreads_the_sleeps_as_each_library_draws_them() {
    // Resilience4j, factor 0.5 on 1,000 ms: uniform in [500, 1,500].
    let r = all_failing(&[
        ("downstream.inv.retry", "resilience4j"),
        ("downstream.inv.retry_max", "2"),
        ("downstream.inv.retry_delay_ms", "1000"),
        ("downstream.inv.retry_jitter", "0.5"),
    ]);
    let l = &r.latency_ms;
    assert!(l.min >= 519.0 && l.max <= 1521.0, "{l:?}");
    assert!(
        l.min < 560.0 && l.max > 1480.0,
        "spread over the range: {l:?}"
    );
    assert_close("mean", l.mean, 1020.0, 0.02);
    // Spring 7, jitter 200 ms on a fixed 1,000 ms: only adds, [1,000, 1,200].
    let r = all_failing(&[
        ("downstream.inv.retry", "spring7"),
        ("downstream.inv.retry_max", "1"),
        ("downstream.inv.retry_jitter", "200"),
    ]);
    let l = &r.latency_ms;
    assert!(l.min >= 1019.0 && l.max <= 1221.0, "{l:?}");
    assert_close("mean", l.mean, 1120.0, 0.02);
}

#[test]
fn retry_on_io_leaves_a_5xx_alone_and_retries_a_time_out() {
    let r = all_failing(&[
        ("downstream.inv.retry", "resilience4j"),
        ("downstream.inv.retry_on", "io"),
    ]);
    assert_eq!(guard(&r).retries, 0, "a 5xx is not an I/O failure");
    let r = guarded(&[
        ("downstream.inv.retry", "resilience4j"),
        ("downstream.inv.retry_on", "io"),
        ("downstream.inv.retry_delay_ms", "1"),
        ("downstream.inv.response_timeout_ms", "5"),
    ]);
    assert_eq!(guard(&r).retries, 2 * 4000);
    assert_eq!(failed(&r, ResponseCause::ResponseTimeout), 4000);
}

/// One client, one request at a time, each one call that fails, through a
/// breaker of a window of 10 (all counted), open for 5 s.
fn broken(requests: &str) -> Report {
    guarded(&[
        ("load.concurrency", "1"),
        ("load.requests", requests),
        ("program", "cpu:1ms,call(inv)"),
        ("downstream.inv.error_rate", "1"),
        ("downstream.inv.breaker", "resilience4j"),
        ("downstream.inv.breaker_window", "10"),
        ("downstream.inv.breaker_minimum_calls", "10"),
        ("downstream.inv.breaker_open_s", "5"),
    ])
}

#[test]
fn the_breaker_opens_on_the_call_its_rule_names() {
    let r = broken("9");
    assert_eq!(guard(&r).breaker_state, Some(BreakerState::Closed));
    let r = broken("10");
    let g = guard(&r);
    assert_eq!(
        g.breaker_state,
        Some(BreakerState::Open),
        "on the 10th failure"
    );
    assert_eq!(g.breaker_opened, 1);
    // Open, it refuses at once: the next five never reach the downstream.
    let r = broken("15");
    let g = guard(&r);
    assert_eq!(failed(&r, ResponseCause::DownstreamError), 10);
    assert_eq!(failed(&r, ResponseCause::CircuitOpen), 5);
    assert_eq!((g.sent, g.circuit_refused), (10, 5));
}

#[test]
fn a_half_open_breaker_lets_its_trials_through_and_closes_on_success() {
    // Every try fails from 0 to 2 s, none after: it opens, waits 5 s, lets 10
    // trials through (the default), which succeed, and closes.
    let r = guarded(&[
        ("load.concurrency", "1"),
        ("load.kind", "closed"),
        ("load.requests", "8000"),
        ("program", "cpu:1ms,call(inv)"),
        ("downstream.inv.fault_from_s", "0"),
        ("downstream.inv.fault_until_s", "2"),
        ("downstream.inv.fault_error_rate", "1"),
        ("downstream.inv.breaker", "resilience4j"),
        ("downstream.inv.breaker_window", "10"),
        ("downstream.inv.breaker_minimum_calls", "10"),
        ("downstream.inv.breaker_open_s", "5"),
    ]);
    let g = guard(&r);
    assert_eq!(g.breaker_opened, 1);
    assert_eq!(g.breaker_state, Some(BreakerState::Closed));
    // Open 5 s and a hair (until the first call after), half-open for
    // its ten 11 ms trials.
    assert!(g.breaker_open_s >= 5.0 && g.breaker_open_s < 5.002, "{g:?}");
    assert_close("half-open", g.breaker_half_open_s, 10.0 * 0.011, 0.02);
}

#[test]
fn a_fallback_answers_when_every_try_failed() {
    let r = all_failing(&[
        ("downstream.inv.retry", "resilience4j"),
        ("downstream.inv.retry_delay_ms", "1"),
        ("downstream.inv.fallback", "on"),
    ]);
    assert_eq!(r.succeeded, 4000);
    assert_eq!(guard(&r).fallbacks, 4000);
}

#[test]
fn a_response_time_out_fails_the_tail_and_leaves_the_work_behind() {
    // Exponential service of mean m = 20 ms ÷ ln 2; T = 50 ms: e^(−T/m)
    // of the tries time out, at T, and the downstream finishes them.
    let r = guarded(&[
        ("load.requests", "40000"),
        ("downstream.inv.distribution", "exponential"),
        ("downstream.inv.p50_ms", "20"),
        ("downstream.inv.response_timeout_ms", "50"),
    ]);
    let g = guard(&r);
    let mean = 20.0 / std::f64::consts::LN_2;
    let expected = (-50.0 / mean).exp();
    let share = failed(&r, ResponseCause::ResponseTimeout) as f64 / r.completed as f64;
    assert_close("timed out", share, expected, 0.03);
    assert_eq!(
        g.response_timeouts,
        failed(&r, ResponseCause::ResponseTimeout)
    );
    assert!(r.latency_ms.max <= 50.01, "{:?}", r.latency_ms);
    // Every timed-out call is answered to nobody (bar those still in
    // service at the end), and the downstream's busy time counts them.
    assert!(g.orphans + 20 >= g.response_timeouts && g.orphans <= g.response_timeouts);
}

#[test]
fn httpclient5_times_out_after_three_minutes_by_default() {
    let r = guarded(&[("load.requests", "20"), ("downstream.inv.p50_ms", "200000")]);
    assert_eq!(failed(&r, ResponseCause::ResponseTimeout), 20);
    assert_close("at 3 min", r.latency_ms.mean, 180_000.0, 0.0001);
    let r = guarded(&[
        ("load.requests", "20"),
        ("downstream.inv.client", "jdk"),
        ("downstream.inv.p50_ms", "200000"),
    ]);
    assert_eq!(r.succeeded, 20, "the JDK client waits for ever");
}

/// Poisson arrivals at 50/s for 60 s; `inv` takes 10 ms, and 2 s from 20 s
/// to 40 s.
fn slowed(extra: &[(&str, &str)]) -> Report {
    let mut s = vec![
        ("load.kind", "open"),
        ("load.rate_rps", "50"),
        ("load.duration_s", "60"),
        ("record.series_buckets", "60"),
        ("downstream.inv.fault_from_s", "20"),
        ("downstream.inv.fault_until_s", "40"),
        ("downstream.inv.fault_p50_ms", "2000"),
    ];
    s.extend_from_slice(extra);
    guarded(&s)
}

#[test]
fn latency_follows_a_fault_within_a_bucket() {
    let r = slowed(&[]);
    let ts = &r.series;
    let w = ts.bucket_s;
    for (i, &t) in ts.t_s.iter().enumerate() {
        let mean = ts.latency_mean_ms[i];
        if t + w <= 20.0 {
            assert_close(&format!("before, at {t} s"), mean, 10.0, 0.001);
        } else if t >= 22.0 && t + w <= 40.0 {
            assert_close(&format!("during, at {t} s"), mean, 2000.0, 0.001);
        } else if t >= 42.0 && t + w <= 60.0 {
            assert_close(&format!("after, at {t} s"), mean, 10.0, 0.001);
        }
    }
}

#[test]
fn an_error_fault_shows_in_the_downstreams_series() {
    let r = slowed(&[
        ("downstream.inv.fault_p50_ms", "null"),
        ("downstream.inv.fault_error_rate", "1"),
    ]);
    let ts = &r.series;
    let d = &ts.downstreams[0];
    assert_eq!(d.name, "inv");
    let w = ts.bucket_s;
    // A try fails when its answer comes, 10 ms after it was sent: over the
    // fault's buckets the two counts differ by its edges' tries alone.
    let (mut sent, mut failed) = (0.0, 0.0);
    for (i, &t) in ts.t_s.iter().enumerate() {
        if t >= 20.0 && t + w <= 40.0 {
            sent += d.sent_per_s[i] * w;
            failed += d.failed_per_s[i] * w;
            assert!(d.failed_per_s[i] > 20.0, "at {t}: {}", d.failed_per_s[i]);
        } else if t + w <= 20.0 || (t >= 40.1 && t + w <= 60.0) {
            assert_eq!(d.failed_per_s[i], 0.0, "at {t}");
            assert!(d.sent_per_s[i] > 20.0, "at {t}");
        }
    }
    assert!((sent - failed).abs() <= 3.0, "{sent} sent, {failed} failed");
}

#[test]
fn a_capacity_fault_queues_calls_and_its_end_drains_them() {
    // One slot of 10 ms from 20 to 40 s: 100 calls a second at most,
    // offered 50 — no queue; at 200/s offered it queues, and drains after.
    let r = slowed(&[
        ("load.rate_rps", "150"),
        ("downstream.inv.fault_p50_ms", "null"),
        ("downstream.inv.fault_concurrency", "1"),
    ]);
    let ts = &r.series;
    let at = |t: f64| ts.t_s.iter().position(|&x| x >= t).unwrap();
    assert!(ts.latency_mean_ms[at(10.0)] < 11.0);
    assert!(ts.latency_mean_ms[at(35.0)] > 1000.0, "a growing queue");
    assert!(ts.latency_mean_ms[at(55.0)] < 11.0, "drained after its end");
    assert_eq!(r.in_flight, 0);
}

#[test]
fn resilience_settings_are_checked_where_they_are_written() {
    let errors = |pairs: &[(&str, &str)]| {
        let mut d = Draft::new();
        d.set("program", "call(inv)").unwrap();
        for (k, v) in pairs {
            d.set(k, v).unwrap();
        }
        validate(&d).expect_err("should not validate")
    };
    let e = errors(&[
        ("downstream.inv.retry", "resilience4j"),
        ("downstream.inv.retry_max", "0"),
    ]);
    assert_eq!(
        (e.len(), e[0].field.as_str()),
        (1, "downstream.inv.retry_max")
    );
    let e = errors(&[
        ("downstream.inv.retry", "resilience4j"),
        ("downstream.inv.retry_jitter", "2"),
    ]);
    assert_eq!(
        (e.len(), e[0].field.as_str()),
        (1, "downstream.inv.retry_jitter")
    );
    let e = errors(&[
        ("downstream.inv.fault_from_s", "20"),
        ("downstream.inv.fault_until_s", "10"),
    ]);
    assert_eq!(
        (e.len(), e[0].field.as_str()),
        (1, "downstream.inv.fault_until_s")
    );
    let e = errors(&[("downstream.inv.error_rate", "1.5")]);
    assert_eq!(
        (e.len(), e[0].field.as_str()),
        (1, "downstream.inv.error_rate")
    );
    // Spring 7's maxRetries may be 0: one call, no retry.
    let mut d = Draft::new();
    d.set("program", "call(inv)").unwrap();
    d.set("downstream.inv.retry", "spring7").unwrap();
    d.set("downstream.inv.retry_max", "0").unwrap();
    assert!(validate(&d).is_ok());
}

#[test]
fn a_fallback_answers_a_refusal_at_once_too() {
    // The downstream's own rate limit answers 429 beyond 100 calls a
    // second: those calls fail as the thread makes them, and the fallback
    // answers each.
    let r = guarded(&[
        ("downstream.inv.rate_limit_rps", "100"),
        ("downstream.inv.fallback", "on"),
    ]);
    let limited = r.downstreams[0].rate_limited;
    assert!(limited > 1000, "{limited}");
    assert_eq!(r.succeeded, r.completed);
    assert_eq!(guard(&r).fallbacks, limited);
}

#[test]
fn failed_calls_are_the_diagnosis_when_they_fail_the_requests() {
    use threadlab::sim::report::{Binding, Finding, Resource};
    // Every try fails from the start and the breaker opens at once.
    let r = broken("300");
    let b = &r.bottleneck;
    assert_eq!(
        (b.resource, b.binding),
        (Resource::Downstream, Binding::Refused)
    );
    let Finding::CallsFailed {
        name,
        errors,
        refused,
        share,
        ..
    } = &b.finding
    else {
        panic!("{:?}", b.finding)
    };
    assert_eq!((name.as_str(), *errors, *refused), ("inv", 10, 290));
    assert_eq!(*share, 1.0);
    // A few failures among many successes do not bind.
    let r = guarded(&[("downstream.inv.error_rate", "0.001")]);
    assert!(!matches!(r.bottleneck.finding, Finding::CallsFailed { .. }));
}

#[test]
fn an_answer_due_at_the_time_out_itself_comes_too_late() {
    // Constant 10 ms against a 10 ms time-out: the timer, armed first,
    // fires first; every try times out and its answer goes nowhere.
    let r = guarded(&[
        ("load.requests", "2000"),
        ("downstream.inv.response_timeout_ms", "10"),
    ]);
    let g = guard(&r);
    assert_eq!(failed(&r, ResponseCause::ResponseTimeout), 2000);
    assert_eq!(g.response_timeouts, 2000);
    // Every answer went nowhere (bar those still due when the run ended).
    assert!(g.orphans + 20 >= 2000, "{}", g.orphans);
    assert_eq!(r.downstreams[0].calls, g.orphans);
}

#[test]
fn a_client_rate_limiter_paces_the_tries_to_its_limit() {
    // 10 permissions every 100 ms: 100 calls a second for 20 clients that
    // could make 2,000; each waits, parked, for its cycle.
    let r = guarded(&[
        ("load.requests", "1000"),
        ("downstream.inv.rate_limiter", "resilience4j"),
        ("downstream.inv.rate_limiter_limit", "10"),
        ("downstream.inv.rate_limiter_period_ms", "100"),
    ]);
    assert_close("calls/s", r.throughput_rps, 100.0, 0.03);
    let g = guard(&r);
    assert_eq!(g.rate_limiter_refused, 0, "5 s is time enough");
    assert!(g.rate_limiter_waits > 900, "{g:?}");
    // 20 in turn at 100 a second: each waits about 200 ms − 10 ms.
    let waited = r.breakdown.mean_ms[&threadlab::sim::report::Stage::BulkheadWait];
    assert_close("parked", waited, 190.0, 0.06);
}

#[test]
fn a_wait_beyond_its_time_out_parks_the_time_out_then_fails() {
    // One permission a second, a time-out of 300 ms: the other callers
    // park 300 ms each and fail with RequestNotPermitted.
    let r = guarded(&[
        ("load.requests", "2000"),
        ("downstream.inv.rate_limiter", "resilience4j"),
        ("downstream.inv.rate_limiter_limit", "1"),
        ("downstream.inv.rate_limiter_period_ms", "1000"),
        ("downstream.inv.rate_limiter_timeout_ms", "300"),
    ]);
    let refused = failed(&r, ResponseCause::RequestNotPermitted);
    assert_eq!(refused, guard(&r).rate_limiter_refused);
    assert!(refused > 300, "{refused} refused");
    let l = &r.failed_responses.latency_ms;
    assert_close("refused after", l.p50, 300.0, 0.01);
    // A refusal reserves nothing: a caller that could wait for the next
    // cycle within 300 ms gets it, so no cycle's permission goes unused.
    // One at 0 s, then one a second: ⌊T⌋ + 1 in a run of T seconds.
    let ok = failed(&r, ResponseCause::Ok) as f64;
    let cycles = r.sim_time_s.floor() + 1.0;
    assert!((ok - cycles).abs() <= 1.0, "{ok} ok in {} s", r.sim_time_s);
}

#[test]
fn resilience4js_default_rate_limiter_changes_nothing_measurable() {
    // 50 every 500 ns: 10^8 a second.
    let plain = guarded(&[("downstream.inv.error_rate", "0")]);
    let limited = guarded(&[("downstream.inv.rate_limiter", "resilience4j")]);
    assert_eq!(guard(&limited).rate_limiter_waits, 0);
    assert_close(
        "throughput",
        limited.throughput_rps,
        plain.throughput_rps,
        1e-9,
    );
}

#[test]
fn a_time_based_window_opens_on_the_calls_of_its_seconds() {
    // 20 clients of 10 ms calls make 2,000 a second: a 1-second window
    // holds far more than the minimum of 100, and every one fails.
    let r = guarded(&[
        ("downstream.inv.error_rate", "1"),
        ("downstream.inv.breaker", "resilience4j"),
        ("downstream.inv.breaker_window_type", "time_based"),
        ("downstream.inv.breaker_window", "1"),
        ("downstream.inv.breaker_open_s", "0.5"),
    ]);
    let g = guard(&r);
    assert!(g.breaker_opened >= 1, "{g:?}");
    // It opens on the 100th failure: the first 100 tries reach the service.
    assert!(g.sent >= 100, "{g:?}");
    assert!(g.circuit_refused > 0, "{g:?}");
    let count = guarded(&[
        ("downstream.inv.error_rate", "1"),
        ("downstream.inv.breaker", "resilience4j"),
        ("downstream.inv.breaker_window", "1"),
        ("downstream.inv.breaker_open_s", "0.5"),
    ]);
    // A count window of 1 opens on the first failure (the minimum is
    // clamped to the window); the time window waits for 100.
    assert!(guard(&count).sent < g.sent, "{:?} vs {g:?}", guard(&count));
}
