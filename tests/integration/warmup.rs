//! A cold JVM's first requests: the one-off initialisation the
//! others wait for, the JIT's CPU multiplier as it decays with the requests
//! served, the start of threads created on demand; and a warm run is the
//! model without any of it.

use threadlab::cli::json_report;
use threadlab::sim::Outcome;
use threadlab::sim::trace::trace;

use crate::helpers::{FREE_CONNECTS, assert_close, config, run, run_free};

/// The CPU multiplier after `n` handlers, as the schema's help documents
/// it with its defaults (interpreted 10×, C1 2×, over 200 and 5,000).
fn multiplier(n: f64) -> f64 {
    1.0 + (2.0 - 1.0) * (-n / 5000.0).exp() + (10.0 - 2.0) * (-n / 200.0).exp()
}

/// The latencies of the responses, in the order they came, ms, with
/// connections that cost nothing to open (the figures are the JVM's).
fn latencies(settings: &[(&str, &str)]) -> Vec<f64> {
    let mut all = settings.to_vec();
    all.extend(FREE_CONNECTS);
    let (_, text) = trace(&config(&all));
    text.lines()
        .filter_map(|l| l.split("response (ok) after ").nth(1))
        .map(|ms| ms.trim_end_matches(" ms").parse().unwrap())
        .collect()
}

/// One client, a new thread for the first request (no spare ones): it
/// pays the thread's start (100 µs), the DispatcherServlet's
/// initialisation (5 ms) and its 1 ms of CPU interpreted (10×); later ones
/// pay the multiplier the JIT has reached. Warm, every one takes 11 ms.
#[test]
fn a_cold_run_s_first_requests_are_slower_by_the_documented_amounts() {
    let base = [
        ("load.concurrency", "1"),
        ("load.requests", "3"),
        ("server.min_spare", "0"),
        ("server.context_switch_us", "0"),
        ("gc.collector", "none"),
        ("program", "cpu:1ms,io:10ms"),
    ];
    let cold: Vec<_> = base
        .iter()
        .copied()
        .chain([("jvm.start", "cold")])
        .collect();
    let got = latencies(&cold);
    let want = [
        0.1 + 5.0 + multiplier(0.0) + 10.0,
        multiplier(1.0) + 10.0,
        multiplier(2.0) + 10.0,
    ];
    for (g, w) in got.iter().zip(want) {
        assert_close("cold latency", *g, w, 1e-5);
    }
    assert_eq!(got.len(), 3);
    let warm = latencies(&base);
    assert_eq!(warm, vec![11.0, 11.0, 11.0]);
}

/// Ten requests at once on ten spare threads: the first initialises the
/// DispatcherServlet for 5 ms inside Tomcat's synchronized allocate, the
/// other nine wait for that monitor; all ten then sleep their 10 ms.
#[test]
fn requests_arriving_during_the_initialisation_wait_for_it() {
    let got = latencies(&[
        ("load.concurrency", "10"),
        ("load.requests", "10"),
        ("server.min_spare", "10"),
        ("server.context_switch_us", "0"),
        ("jvm.start", "cold"),
        ("program", "io:10ms"),
    ]);
    assert_eq!(got, vec![15.0; 10]);
}

/// A CPU-bound client on one core, cold: the run takes the sum of the
/// multiplier over its requests, plus the initialisation.
#[test]
fn the_jit_multiplier_decays_with_the_handlers_begun() {
    let n = 20_000;
    // Free connects: hey's one connection is closed after every 100
    // requests, and its 199 reconnects would add their handshakes.
    let r = run_free(&[
        ("load.concurrency", "1"),
        ("load.requests", "20000"),
        ("server.cores", "1"),
        ("server.min_spare", "1"),
        ("server.context_switch_us", "0"),
        ("gc.collector", "none"),
        ("jvm.start", "cold"),
        ("program", "cpu:1ms"),
    ]);
    let total_ms: f64 = 5.0 + (0..n).map(|i| multiplier(i as f64)).sum::<f64>();
    assert_close("run time", r.sim_time_s * 1000.0, total_ms, 1e-4);
    // Against 20 s warm: C1's 5,000-request tail costs ~5 s, the
    // interpreter's 200-request head ~1.6 s.
    assert!(
        r.sim_time_s > 26.0 && r.sim_time_s < 27.0,
        "{}",
        r.sim_time_s
    );
    assert_close(
        "multiplier at the end",
        r.warmup.jit_factor_at_end,
        multiplier((n - 1) as f64),
        1e-12,
    );
    assert_eq!(r.warmup.first_request_done_s, Some(0.005));
}

/// Cold with every cost set to nothing is the warm model, event for event.
#[test]
fn a_cold_start_that_costs_nothing_is_the_warm_model() {
    let base = [
        ("load.concurrency", "300"),
        ("load.requests", "6000"),
        ("server.threads_max", "100"),
        ("server.min_spare", "2"),
        ("program", "cpu:exp(0.2ms),db:5ms,io:uniform(1ms,30ms)"),
    ];
    let warm = run(&base);
    let free: Vec<_> = base
        .iter()
        .copied()
        .chain([
            ("jvm.start", "cold"),
            ("jvm.first_request_ms", "0"),
            ("jvm.jit_interpreted", "1"),
            ("jvm.jit_c1", "1"),
            ("jvm.thread_start_us", "0"),
        ])
        .collect();
    let mut cold = run(&free);
    assert!(cold.warmup.cold && !warm.warmup.cold);
    cold.warmup.cold = false;
    assert_eq!(json_report(&cold, true), json_report(&warm, true));
    assert_eq!(warm.outcome, Outcome::Completed);
}

/// A warm run without a collector is the model before the cold start and
/// G1 were modelled: every figure of the golden report before the JVM was modelled
/// (`before-jvm-model.json`: the `determinism.json` of the connections
/// model, which this model was merged with) but memory (now
/// counted by kind) comes out the same.
#[test]
fn a_warm_run_equals_the_model_before_the_jvm_was_modelled() {
    let before: serde_json::Value =
        serde_json::from_str(include_str!("../golden/before-jvm-model.json")).unwrap();
    let mut d = threadlab::scenario::Draft::new();
    for (k, v) in threadlab::cli::GOLDEN_SCENARIO.iter().copied().chain([
        ("record.series_buckets", "20"),
        ("record.timeline_window_ms", "20"),
        ("seed", "11"),
        ("gc.collector", "none"),
        // That model's waits ended on time.
        ("server.wake_p50_us", "0"),
    ]) {
        d.set(k, v).unwrap();
    }
    let now = threadlab::sim::run(&threadlab::scenario::validate(&d).unwrap());
    let mut now: serde_json::Value = serde_json::from_str(&json_report(&now, true)).unwrap();
    let mut before = before;
    for v in [&mut before, &mut now] {
        let o = v.as_object_mut().unwrap();
        // `events` too: time-outs that never fire left an event each in
        // that model and leave none now (the same run, fewer stale events).
        // The successes' latency and the failed responses are newer, and
        // so is the time breakdown (where each request's time
        // went, a new field; `determinism.json` holds it).
        for key in [
            "memory",
            "gc",
            "warmup",
            "events",
            "latency_ok_ms",
            "failed_responses",
            "breakdown",
        ] {
            o.remove(key);
        }
        // Causes that did not exist, and never happen here.
        let errors = o["errors"]["by_cause"].as_object_mut().unwrap();
        assert_eq!(errors.remove("connection_reset").unwrap_or(0.into()), 0);
        assert_eq!(errors.remove("connection_refused").unwrap_or(0.into()), 0);
        let responses = o["responses_by_cause"].as_object_mut().unwrap();
        assert_eq!(responses.remove("out_of_memory").unwrap_or(0.into()), 0);
        let connections = o["connections"].as_object_mut().unwrap();
        for key in [
            "reset_by_oom_kill",
            "syns_while_down",
            "refused_while_down",
            "ack_overflows",
        ] {
            assert_eq!(connections.remove(key).unwrap_or(0.into()), 0);
        }
        o["server"]
            .as_object_mut()
            .unwrap()
            .remove("peak_memory_mb");
        // The diagnosis's typed facts and its sentence (which now names the
        // ceiling) are newer than that model; the resource named
        // is still compared.
        let bottleneck = o["bottleneck"].as_object_mut().unwrap();
        for key in [
            "binding",
            "utilisation",
            "ceiling_rps",
            "limit",
            "held",
            "explanation",
        ] {
            bottleneck.remove(key);
        }
        // The executors' drain after the client is newer than that model.
        o.remove("drain");
        // Little's L is now the mean over the client's span, not the run's.
        let little = o["little"].as_object_mut().unwrap();
        little.remove("mean_in_flight");
        little.remove("rel_error");
        let series = o["series"].as_object_mut().unwrap();
        series.remove("memory_mb");
        series.remove("memory_by_kind");
        let gauges = series["gauges"].as_object_mut().unwrap();
        gauges.remove("heap_garbage_kb");
        gauges.remove("gc_paused");
    }
    if now != before {
        panic!("{}", first_difference("report", &now, &before));
    }
}

/// Where two JSON values first differ.
fn first_difference(path: &str, a: &serde_json::Value, b: &serde_json::Value) -> String {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                match y.get(k) {
                    Some(w) if w == v => {}
                    Some(w) => return first_difference(&format!("{path}.{k}"), v, w),
                    None => return format!("{path}.{k} is new"),
                }
            }
            format!(
                "{path}: keys {:?} are gone",
                y.keys().filter(|k| !x.contains_key(*k)).collect::<Vec<_>>()
            )
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            let i = x.iter().zip(y).position(|(v, w)| v != w).unwrap_or(0);
            first_difference(&format!("{path}[{i}]"), &x[i], &y[i])
        }
        _ => format!("{path}: {a} now, {b} before"),
    }
}
