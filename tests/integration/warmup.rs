//! A cold JVM's first requests: the one-off initialisation the
//! others wait for, the JIT's extra CPU per request as it falls with the
//! requests served, the start of threads created on demand; and a warm run
//! is the model without any of it.

use threadlab::cli::json_report;
use threadlab::scenario::measured;
use threadlab::sim::Outcome;
use threadlab::sim::trace::trace;

use crate::helpers::{FREE_CONNECTS, assert_close, config, run, run_free};

/// The JIT's warm-up curve: (A ms, τ1 requests, B ms, τ2 requests).
type Curve = (f64, f64, f64, f64);

/// The JIT's extra CPU of request `n` (from 0), ms, by the closed form the
/// schema documents: `A·e^(−n/τ1) + B·e^(−n/τ2)`.
fn extra_ms((a, tau1, b, tau2): Curve, n: f64) -> f64 {
    a * (-n / tau1).exp() + b * (-n / tau2).exp()
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

/// One client after another on one core, nothing else: request n's latency
/// is its program plus the JIT's extra for n (the first also pays the
/// DispatcherServlet's initialisation).
const ONE_BY_ONE: [(&str, &str); 7] = [
    ("load.concurrency", "1"),
    ("server.cores", "1"),
    ("server.min_spare", "1"),
    ("server.context_switch_us", "0"),
    ("gc.collector", "none"),
    ("jvm.start", "cold"),
    ("program", "cpu:1ms,io:10ms"),
];

/// `ONE_BY_ONE` for `requests` requests, with `more` on top.
fn one_by_one(requests: &str, more: &[(&'static str, &'static str)]) -> Vec<f64> {
    let mut s = ONE_BY_ONE.to_vec();
    s.push(("load.requests", requests));
    s.extend_from_slice(more);
    latencies(&s)
}

/// One client, a new thread for the first request (no spare ones): it
/// pays the thread's start (100 µs), the DispatcherServlet's
/// initialisation (5 ms) and the JIT's extra for request 0, then its
/// program; later ones pay the extra the JIT has come down to. Warm, every
/// one takes 11 ms.
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
    let jit = measured::JIT_JDK21;
    let want = [
        0.1 + 5.0 + extra_ms(jit, 0.0) + 11.0,
        extra_ms(jit, 1.0) + 11.0,
        extra_ms(jit, 2.0) + 11.0,
    ];
    assert_eq!(got.len(), 3);
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 0.0015, "cold latency {g}, expected {w}");
    }
    let warm = latencies(&base);
    assert_eq!(warm, vec![11.0, 11.0, 11.0]);
}

/// Request n pays `A·e^(−n/τ1) + B·e^(−n/τ2)` of CPU more than warm, at
/// every n checked, with the figures measured here for the JDK when the
/// keys are empty and with the keys' values when set.
#[test]
fn the_jit_extra_cpu_per_request_follows_the_closed_form() {
    let checks = [1usize, 10, 68, 300, 925, 1999];
    let cases: [(&[(&str, &str)], Curve); 4] = [
        (&[], measured::JIT_JDK21),
        (&[("server.jdk", "24")], measured::JIT_JDK21),
        (&[("server.jdk", "25")], measured::JIT_JDK25),
        (
            &[
                ("jvm.jit_interpreted_ms", "2"),
                ("jvm.jit_c1_requests", "10"),
                ("jvm.jit_c1_ms", "1"),
                ("jvm.jit_c2_requests", "400"),
            ],
            (2.0, 10.0, 1.0, 400.0),
        ),
    ];
    for (more, jit) in cases {
        let got = one_by_one("2000", more);
        assert_eq!(got.len(), 2000);
        for n in checks {
            let want = 11.0 + extra_ms(jit, n as f64);
            assert!(
                (got[n] - want).abs() < 0.0015,
                "{more:?}, request {n}: {} ms, expected {want}",
                got[n]
            );
        }
    }
}

/// The extra is the framework's code, paid per request: a handler with ten
/// times the CPU pays the same extra (a multiplier of the handler's CPU,
/// as before, would make it ten times larger).
#[test]
fn the_jit_extra_does_not_grow_with_the_handler_s_cpu() {
    let extra = |program: &'static str| -> Vec<f64> {
        let cold = one_by_one("50", &[("program", program)]);
        let warm = one_by_one("50", &[("program", program), ("jvm.start", "warm")]);
        cold.iter().zip(&warm).skip(1).map(|(c, w)| c - w).collect()
    };
    let small = extra("cpu:0.2ms,io:10ms");
    let large = extra("cpu:2ms,io:10ms");
    assert_eq!(small.len(), 49);
    assert!(small[0] > 0.5, "request 1 paid {} ms extra", small[0]);
    for (n, (s, l)) in small.iter().zip(&large).enumerate() {
        assert!((s - l).abs() < 0.0015, "request {}: {s} vs {l} ms", n + 1);
    }
}

/// A CPU-bound client on one core, cold: the run takes its requests' CPU
/// plus the JIT's extra summed over them, plus the initialisation.
#[test]
fn the_jit_extra_falls_with_the_handlers_begun() {
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
    let jit = measured::JIT_JDK21;
    let total_ms: f64 = 5.0 + (0..n).map(|i| 1.0 + extra_ms(jit, i as f64)).sum::<f64>();
    assert_close("run time", r.sim_time_s * 1000.0, total_ms, 1e-6);
    // Against 20 s warm: about A·τ1 + B·τ2 = 0.54 s more.
    let sum = jit.0 * jit.1 + jit.2 * jit.3;
    assert_close("the warm-up's CPU", total_ms - 5.0 - 20_000.0, sum, 0.01);
    // B·e^(−n/τ2) falls below 1 ns after ~12,000 requests: over.
    assert_eq!(r.warmup.jit_extra_ms_at_end, 0.0);
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
            ("jvm.jit_interpreted_ms", "0"),
            ("jvm.jit_c1_ms", "0"),
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
        assert_eq!(errors.remove("server_closed").unwrap_or(0.into()), 0);
        let responses = o["responses_by_cause"].as_object_mut().unwrap();
        assert_eq!(responses.remove("out_of_memory").unwrap_or(0.into()), 0);
        for cause in [
            "lease_timeout",
            "pending_limit",
            "rate_limited",
            "bulkhead_full",
            "response_timeout",
            "downstream_error",
            "circuit_open",
            "request_not_permitted",
        ] {
            assert_eq!(responses.remove(cause).unwrap_or(0.into()), 0);
        }
        let connections = o["connections"].as_object_mut().unwrap();
        for key in [
            "reset_by_oom_kill",
            "syns_while_down",
            "refused_while_down",
            "ack_overflows",
            "closed_queue_full",
        ] {
            assert_eq!(connections.remove(key).unwrap_or(0.into()), 0);
        }
        let server = o["server"].as_object_mut().unwrap();
        server.remove("peak_memory_mb");
        // No CPU limit then or here: nothing throttled; the processors the
        // JVM saw are newer than that model.
        assert_eq!(server.remove("cpu_throttles").unwrap_or(0.into()), 0);
        assert_eq!(server.remove("cpu_throttled_s").unwrap_or(0.0.into()), 0.0);
        server.remove("available_processors");
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
