//! Property tests over random valid scenarios: no panic, ordered percentiles,
//! conservation, no negative or NaN numbers anywhere in the report, every
//! utilisation a fraction (also for runs cut short by their budget).

use proptest::prelude::*;
use threadlab::scenario::{Draft, validate};
use threadlab::sim;

fn duration() -> impl Strategy<Value = String> {
    prop_oneof![
        (1u32..200).prop_map(|ms| format!("{ms}ms")),
        (1u32..100).prop_map(|ms| format!("exp({ms}ms)")),
        (1u32..50, 1u32..50).prop_map(|(a, b)| format!("uniform({a}ms,{}ms)", a + b)),
        (1u32..20, 1u32..200).prop_map(|(a, b)| format!("lognormal(p50={a}ms,p99={}ms)", a + b)),
        (1u32..2000).prop_map(|us| format!("{us}us")),
    ]
}

fn step() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        duration().prop_map(|d| format!("cpu:{d}")),
        duration().prop_map(|d| format!("io:{d}")),
        duration().prop_map(|d| format!("db:{d}")),
        duration().prop_map(|d| format!("file:{d}")),
    ];
    leaf.prop_recursive(2, 6, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..3)
                .prop_map(|s| format!("sync{{{}}}", s.join(","))),
            prop::collection::vec(inner.clone(), 1..3)
                .prop_map(|s| format!("sync(m1){{{}}}", s.join(","))),
            prop::collection::vec(inner.clone(), 1..3)
                .prop_map(|s| format!("lock(m2){{{}}}", s.join(","))),
            prop::collection::vec(inner, 1..3)
                .prop_map(|s| format!("async(mail){{{}}}", s.join(","))),
        ]
    })
}

fn scenario() -> impl Strategy<Value = Vec<(String, String)>> {
    (
        prop::collection::vec(step(), 1..4),
        prop_oneof![Just("platform"), Just("virtual")],
        prop_oneof![Just("closed"), Just("open")],
        1u32..120,
        1u32..40,
        1u32..8,
        21u32..26,
        prop_oneof![Just("ps"), Just("rr")],
        (1u32..20, 0u32..3000, 0u32..2),
        (1u64..1000, prop_oneof![Just("pool"), Just("virtual")]),
        // Mostly whole runs, some cut short anywhere.
        prop_oneof![3 => Just(2_000_000u64), 1 => 50u64..5000],
        // The JVM: start, collector, heap, live data per request, the
        // container's memory and the thread limit (small ones hit every
        // limit); then the load tool (its connections, timeout and
        // counting), keep-alive, and Tomcat's keep-alive limits (short ones
        // close connections often).
        (
            (
                prop_oneof![Just("warm"), Just("cold")],
                prop_oneof![3 => Just("g1"), 1 => Just("none")],
                prop_oneof![Just("null"), Just("256"), Just("48")],
                prop_oneof![Just("8"), Just("600")],
                prop_oneof![3 => Just("8192"), 1 => Just("400"), 1 => Just("200")],
                // Room for the 25 own, 10 spare and 8 carriers at most, and
                // below what 40 threads' growth needs.
                prop_oneof![3 => Just("null"), 1 => Just("45"), 1 => Just("60")],
                prop_oneof![2 => Just("throw"), 1 => Just("exit"), 1 => Just("kill")],
                prop_oneof![Just("refused"), Just("unanswered")],
                prop_oneof![Just("kubernetes"), Just("docker")],
            ),
            (
                0usize..4,
                prop_oneof![3 => Just("on"), 1 => Just("off")],
                prop_oneof![2 => Just("null"), 1 => Just("5"), 1 => Just("200")],
                prop_oneof![2 => Just("100"), 1 => Just("2"), 1 => Just("-1")],
            ),
        ),
    )
        .prop_map(
            |(
                steps,
                mode,
                kind,
                conc,
                threads,
                cores,
                jdk,
                cpu,
                (pool, timeout, think),
                (seed, exec),
                budget,
                (
                    (
                        start,
                        collector,
                        heap,
                        request_kb,
                        container,
                        max_threads,
                        on_oom,
                        down_connect,
                        backoff,
                    ),
                    (tool, keep_alive, idle_ms, per_connection),
                ),
            )| {
                let tools: &[&str] = if kind == "closed" {
                    &["hey", "wrk", "jmeter", "k6"]
                } else {
                    &["k6", "wrk2"]
                };
                let tool = tools[tool % tools.len()];
                // wrk runs for a duration, and its timeout cannot be off.
                let wrk = tool.starts_with("wrk");
                let (requests, duration) = if wrk {
                    ("null".to_string(), "1")
                } else {
                    ((conc * 3).to_string(), "null")
                };
                let timeout = if wrk && timeout == 0 { 2000 } else { timeout };
                let program = steps.join(",");
                // An executor is configured only where the program uses it
                // (validation refuses one that no step names).
                let mail = program.contains("async(mail)");
                let settings: Vec<(String, String)> = vec![
                    ("load.tool".into(), tool.into()),
                    ("load.duration_s".into(), duration.into()),
                    ("load.keep_alive".into(), keep_alive.into()),
                    ("server.keep_alive_timeout_ms".into(), idle_ms.into()),
                    (
                        "server.max_keep_alive_requests".into(),
                        per_connection.into(),
                    ),
                    ("program".into(), program.clone()),
                    ("server.mode".into(), mode.into()),
                    ("load.kind".into(), kind.into()),
                    ("load.concurrency".into(), conc.to_string()),
                    ("load.requests".into(), requests),
                    ("load.rate_rps".into(), (conc * 20).to_string()),
                    ("load.timeout_ms".into(), timeout.to_string()),
                    ("load.think_ms".into(), think.to_string()),
                    ("server.threads_max".into(), threads.to_string()),
                    ("server.cores".into(), cores.to_string()),
                    ("server.jdk".into(), jdk.to_string()),
                    ("server.cpu_model".into(), cpu.into()),
                    ("server.max_connections".into(), (conc / 2 + 1).to_string()),
                    ("server.accept_count".into(), (conc / 4).to_string()),
                    ("db.pool_size".into(), pool.to_string()),
                    ("db.timeout_ms".into(), "300".into()),
                    ("async.mail.kind".into(), exec.into()),
                    ("async.mail.queue".into(), "5".into()),
                    ("async.mail.max".into(), "12".into()),
                    ("limits.max_events".into(), budget.to_string()),
                    ("seed".into(), seed.to_string()),
                    ("jvm.start".into(), start.into()),
                    ("jvm.restart_s".into(), "1".into()),
                    ("gc.collector".into(), collector.into()),
                    ("memory.heap_mb".into(), heap.into()),
                    ("memory.request_kb".into(), request_kb.into()),
                    ("memory.container_mb".into(), container.into()),
                    ("memory.max_threads".into(), max_threads.into()),
                    ("jvm.on_out_of_memory".into(), on_oom.into()),
                    ("jvm.down_connect".into(), down_connect.into()),
                    ("jvm.restart_backoff".into(), backoff.into()),
                ];
                settings
                    .into_iter()
                    .filter(|(k, _)| mail || !k.starts_with("async.mail."))
                    .collect()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]
    #[test]
    fn any_valid_scenario_runs_cleanly(settings in scenario()) {
        let mut d = Draft::new();
        for (k, v) in &settings {
            d.set(k, v).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        let cfg = match validate(&d) {
            Ok(cfg) => cfg,
            // A program of async blocks only: the request itself takes no time.
            Err(e) if e.iter().all(|e| e.message().contains("no simulated time")) => {
                return Err(TestCaseError::reject("the request takes no time"));
            }
            Err(e) => return Err(TestCaseError::fail(format!("{e:?}"))),
        };
        let r = sim::run(&cfg);
        let l = &r.latency_ms;
        if r.completed > 0 {
            prop_assert!(l.min <= l.p50 && l.p50 <= l.p90 && l.p90 <= l.p95 && l.p95 <= l.p99
                && l.p99 <= l.p999 && l.p999 <= l.max * 1.001, "percentiles out of order: {l:?}");
            prop_assert!(l.mean <= l.max * 1.001 && l.mean >= l.min * 0.999 - 1e-9, "mean outside [min, max]: {l:?}");
        }
        prop_assert_eq!(r.sent, r.completed + r.errors.total + r.in_flight);
        for (name, u) in crate::utilisation::utilisations(&r.server) {
            prop_assert!((0.0..=1.0).contains(&u), "{} utilisation {}", name, u);
        }
        let json = serde_json::to_value(&r).expect("reports serialise");
        threadlab::extremes::check_numbers("report", &json).map_err(TestCaseError::fail)?;
    }
}
