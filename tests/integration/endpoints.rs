//! A mix of endpoints: each request calls one, drawn by share; each
//! endpoint's counts add up to the run's, and its own latency and time
//! breakdown say what limits it. Pinning's outage: one endpoint blocking
//! inside `synchronized` on JDK 21 holds the carriers every endpoint needs.

use crate::helpers::{assert_close, run_free};
use threadlab::scenario::{Draft, validate};
use threadlab::sim::Report;
use threadlab::sim::report::Stage;

/// A closed loop of `concurrency` over `endpoints` (name, share, program).
fn mix(extra: &[(&str, &str)], endpoints: &[(&str, &str, &str)]) -> Report {
    let names: Vec<&str> = endpoints.iter().map(|e| e.0).collect();
    let list = names.join(", ");
    let keys: Vec<(String, String)> = (endpoints.iter())
        .flat_map(|(name, share, program)| {
            [
                (format!("endpoint.{name}.share"), share.to_string()),
                (format!("endpoint.{name}.program"), program.to_string()),
            ]
        })
        .collect();
    let mut settings: Vec<(&str, &str)> = vec![
        ("jvm.start", "warm"),
        ("gc.collector", "none"),
        ("endpoints", &list),
    ];
    settings.extend(keys.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    settings.extend_from_slice(extra);
    run_free(&settings)
}

#[test]
fn each_endpoints_counts_add_up_to_the_runs() {
    // hey's 20 s time-out cuts the slowest: errors too are counted by
    // endpoint.
    let r = mix(
        &[
            ("load.concurrency", "300"),
            ("load.requests", "6000"),
            ("load.timeout_ms", "400"),
            ("server.threads_max", "20"),
        ],
        &[
            ("fast", "3", "cpu:0.2ms,io:10ms"),
            ("slow", "1", "cpu:0.2ms,db:exp(20ms),io:30ms"),
        ],
    );
    let e = &r.endpoints;
    assert_eq!(e.len(), 2);
    let sum = |f: fn(&threadlab::sim::report::EndpointStats) -> u64| e.iter().map(f).sum::<u64>();
    assert_eq!(sum(|e| e.sent), r.sent);
    assert_eq!(sum(|e| e.completed), r.completed);
    assert_eq!(sum(|e| e.succeeded), r.succeeded);
    assert_eq!(sum(|e| e.errors), r.errors.total);
    assert!(r.errors.total > 0, "the time-out cut some: {:?}", r.errors);
    assert_eq!(sum(|e| e.breakdown.requests), r.breakdown.requests);
    // The whole's mean is the endpoints' means weighted by their successes.
    let weighted: f64 = (e.iter())
        .map(|e| e.latency_ok_ms.mean * e.succeeded as f64)
        .sum::<f64>()
        / r.succeeded as f64;
    assert_close("mean", weighted, r.latency_ok_ms.mean, 1e-9);
    // So is each stage's mean.
    for stage in Stage::ALL {
        let weighted: f64 = (e.iter())
            .map(|e| e.breakdown.mean_ms[&stage] * e.breakdown.requests as f64)
            .sum::<f64>()
            / r.breakdown.requests as f64;
        let whole = r.breakdown.mean_ms[&stage];
        assert!(
            (weighted - whole).abs() <= 1e-9 * whole.max(1.0),
            "{stage:?}: {weighted} vs {whole}"
        );
    }
    let max = e.iter().map(|e| e.latency_ok_ms.max).fold(0.0, f64::max);
    assert_eq!(max, r.latency_ok_ms.max);
}

#[test]
fn requests_are_drawn_by_share() {
    let r = mix(
        &[("load.concurrency", "50"), ("load.requests", "20000")],
        &[
            ("a", "60", "io:1ms"),
            ("b", "30", "io:1ms"),
            ("c", "10", "io:1ms"),
        ],
    );
    for (e, share) in r.endpoints.iter().zip([0.6, 0.3, 0.1]) {
        assert_eq!(e.share, share);
        // Binomial: within four standard deviations.
        let n = r.sent as f64;
        let sd = (n * share * (1.0 - share)).sqrt();
        let off = (e.sent as f64 - n * share).abs();
        assert!(off <= 4.0 * sd, "{}: {} of {n}", e.name, e.sent);
    }
}

#[test]
fn a_mix_of_one_runs_as_its_program_alone() {
    let program = "cpu:0.3ms,db:exp(5ms),sync(x){io:2ms},io:exp(20ms)";
    let base = [
        ("load.concurrency", "100"),
        ("load.requests", "3000"),
        ("server.mode", "virtual"),
    ];
    let one = mix(&base, &[("only", "1", program)]);
    let alone = [
        ("program", program),
        ("jvm.start", "warm"),
        ("gc.collector", "none"),
    ];
    let alone_free = run_free(&[&base[..], &alone[..]].concat());
    assert_ne!(alone_free.events, 0);
    assert_eq!(one.events, alone_free.events);
    assert_eq!(one.latency_ok_ms.p99, alone_free.latency_ok_ms.p99);
    assert_eq!(one.endpoints[0].succeeded, alone_free.succeeded);
    assert_eq!(
        one.endpoints[0].latency_ok_ms.p99,
        alone_free.latency_ok_ms.p99
    );
}

/// `fast` alone, or with a tenth of requests to `report`, which blocks
/// 500 ms inside `synchronized`, on 4 carriers.
fn beside_a_pinning_endpoint(jdk: &str, with_report: bool) -> Report {
    let mut endpoints = vec![("fast", "9", "cpu:0.1ms,io:10ms")];
    if with_report {
        endpoints.push(("report", "1", "cpu:0.1ms,sync{io:500ms}"));
    }
    mix(
        &[
            ("server.mode", "virtual"),
            ("server.cores", "4"),
            ("server.jdk", jdk),
            ("load.concurrency", "100"),
            ("load.requests", "4000"),
            ("load.timeout_ms", "0"),
        ],
        &endpoints,
    )
}

#[test]
fn one_pinning_endpoint_starves_every_endpoint_of_carriers_on_jdk_21() {
    let alone = beside_a_pinning_endpoint("21", false);
    let fast_alone = alone.endpoints[0].latency_ok_ms.p50;
    assert_close("fast alone", fast_alone, 10.1, 0.05);
    let jdk21 = beside_a_pinning_endpoint("21", true);
    let fast = &jdk21.endpoints[0];
    assert!(
        fast.latency_ok_ms.p50 > 10.0 * fast_alone,
        "fast's p50 beside report on JDK 21: {} ms",
        fast.latency_ok_ms.p50
    );
    assert_eq!(fast.waits_most_for().map(|w| w.0), Some(Stage::CarrierWait));
    let report = &jdk21.endpoints[1];
    assert!(
        report.breakdown.mean_ms[&Stage::Pinned] > 400.0,
        "{:?}",
        report.breakdown.mean_ms
    );
    // JEP 491: on JDK 24+ the monitor no longer pins, and fast does not notice report.
    let jdk25 = beside_a_pinning_endpoint("25", true);
    assert_close(
        "fast on 25",
        jdk25.endpoints[0].latency_ok_ms.p50,
        fast_alone,
        0.05,
    );
    assert_eq!(jdk25.endpoints[0].waits_most_for(), None);
}

fn errors_of(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut d = Draft::new();
    for (k, v) in pairs {
        d.set(k, v).unwrap_or_else(|e| panic!("{k}: {e}"));
    }
    match validate(&d) {
        Ok(_) => Vec::new(),
        Err(errors) => errors
            .iter()
            .map(|e| (e.field.clone(), e.message()))
            .collect(),
    }
}

/// Settings as `--set` pairs.
type Pairs<'a> = &'a [(&'a str, &'a str)];

#[test]
fn a_bad_mix_is_refused_naming_the_field() {
    let cases: [(Pairs, &str, &str); 5] = [
        (&[("endpoints", "a, 9b")], "endpoints", "'9b' is no name"),
        (
            &[("endpoints", "a, b, a")],
            "endpoints",
            "'a' is listed twice",
        ),
        (
            &[("endpoints", "a,b,c,d,e,f,g,h,i")],
            "endpoints",
            "more than 8 endpoints",
        ),
        (
            &[("endpoints", "a"), ("endpoint.b.share", "2")],
            "endpoint.b",
            "it lists: a",
        ),
        (
            &[("endpoints", "a, b"), ("endpoint.b.program", "io:5parsecs")],
            "endpoint.b.program",
            "",
        ),
    ];
    for (pairs, field, says) in cases {
        let errors = errors_of(pairs);
        assert_eq!(errors.len(), 1, "{pairs:?}: {errors:?}");
        assert_eq!(errors[0].0, field, "{pairs:?}");
        assert!(errors[0].1.contains(says), "{pairs:?}: {}", errors[0].1);
    }
    let share = errors_of(&[("endpoints", "a"), ("endpoint.a.share", "0")]);
    assert_eq!(share[0].0, "endpoint.a.share");
}

#[test]
fn the_mix_names_its_downstreams_and_executors_once() {
    let mut d = Draft::new();
    for (k, v) in [
        ("endpoints", "a, b"),
        ("endpoint.a.program", "call(inventory),async(mail){io:1ms}"),
        (
            "endpoint.b.program",
            "sync(cache){io:1ms},call(inventory),async(mail){io:2ms}",
        ),
        ("downstream.inventory.concurrency", "5"),
        ("async.mail.core", "2"),
    ] {
        d.set(k, v).unwrap();
    }
    let c = validate(&d).expect("the mix validates");
    assert_eq!(c.downstreams.len(), 1);
    assert_eq!(c.downstreams[0].concurrency, 5);
    assert_eq!(c.executors.len(), 1);
    assert_eq!(c.program.endpoints.len(), 2);
    // `program` no longer runs: it is moot.
    assert!(threadlab::scenario::Moot::EndpointsGiven.holds(&c, "program"));
}

/// The service, from a scenario file through the command line: three
/// endpoints, HikariCP, a downstream through HttpClient 5's defaults, a
/// fan-out of three calls and a 2-CPU container; in both modes each
/// endpoint says where its time goes and what it waits for.
#[test]
fn a_service_of_three_endpoints_runs_from_a_scenario_file_in_both_modes() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/your-service.json"
    );
    let read = |p: &str, _: u64| {
        std::fs::read_to_string(p).map_err(|e| {
            threadlab::i18n::keys::errors::FILE_OPEN
                .said()
                .with("why", threadlab::i18n::Part::text(e.to_string()))
        })
    };
    let mut waits = Vec::new();
    for mode in ["platform", "virtual"] {
        let args: Vec<String> = [
            "run",
            "--scenario",
            path,
            "--set",
            &format!("server.mode={mode}"),
            "--format",
            "json",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let out = threadlab::cli::main(&args, &read);
        assert_eq!(out.code, 0, "{mode}: {}", out.stderr);
        let r: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let endpoints = r["endpoints"].as_array().expect("endpoints in the JSON");
        let names: Vec<&str> = endpoints
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["orders", "catalog", "report"], "{mode}");
        assert_eq!(r["downstreams"][0]["name"], "inventory");
        assert_eq!(r["server"]["available_processors"], 2);
        for e in endpoints {
            assert!(e["succeeded"].as_u64().unwrap() > 0, "{mode}: {e}");
            let stages: f64 = (e["breakdown"]["mean_ms"].as_object().unwrap().values())
                .map(|v| v.as_f64().unwrap())
                .sum();
            assert_close(
                mode,
                stages,
                e["latency_ok_ms"]["mean"].as_f64().unwrap(),
                1e-6,
            );
        }
        // The text names every endpoint and what it waits for.
        let text_args: Vec<String> = [
            "run",
            "--scenario",
            path,
            "--set",
            &format!("server.mode={mode}"),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let text = threadlab::cli::main(&text_args, &read).stdout;
        for name in ["orders", "catalog", "report"] {
            let line = (text.lines())
                .find(|l| l.contains(&format!("Endpoint {name}:")))
                .unwrap_or_else(|| panic!("{mode}: no line for {name}\n{text}"));
            assert!(
                line.contains("waits most for") || line.contains("its own work"),
                "{line}"
            );
            waits.push((mode, name, line.to_string()));
        }
    }
    // Platform threads: Tomcat's 200 threads and the 10 connections hold
    // the 200 clients; the fan-out's calls queue for HttpClient 5's five
    // connections per route in both modes.
    let catalog: Vec<&String> = waits
        .iter()
        .filter(|w| w.1 == "catalog")
        .map(|w| &w.2)
        .collect();
    for line in catalog {
        assert!(line.contains("lease_wait"), "{line}");
    }
}
