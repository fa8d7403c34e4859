//! A pasted load test read back: threadlab's own text of each tool (which
//! `tools.rs` holds to the tool's print code) parses into the run's figures
//! at the precision it prints; `threadlab import` says what it read, what
//! it implies and, with `--run`, each figure measured vs simulated.

use threadlab::cli::{EXIT_BAD_INPUT, Output, main};
use threadlab::i18n::Phrase;
use threadlab::measured::{self, Source};
use threadlab::sim::Report;
use threadlab::summary::tool_text;

use crate::helpers::run;

/// Within `rel` of `want` (or `abs`, for values near zero).
#[track_caller]
fn near(what: &str, got: Option<f64>, want: f64, rel: f64, abs: f64) {
    let got = got.unwrap_or_else(|| panic!("{what}: not read"));
    assert!(
        (got - want).abs() <= (want.abs() * rel).max(abs),
        "{what}: read {got}, run {want}"
    );
}

/// The run's text read back: the tool, its counts, rate and latencies.
fn reads_back(r: &Report, source: Source, rel: f64, abs_ms: f64) -> measured::Measurement {
    let text = tool_text(r);
    let m = measured::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let t = &r.tool;
    assert_eq!(m.source, source);
    assert_eq!(m.requests, Some(t.requests), "{text}");
    near("rate", m.rate_per_s, t.rate, 1e-3, 0.01);
    near("mean", m.latency.mean_ms, t.latency.mean, rel, abs_ms);
    near("max", m.latency.max_ms, t.latency.max, rel, abs_ms);
    for (p, v) in &m.latency.percentiles {
        let want = t
            .latency
            .percentiles
            .iter()
            .find(|q| q.0 == *p)
            .expect("printed");
        near(&format!("p{p}"), Some(*v), want.1, rel, abs_ms);
    }
    assert!(!m.latency.percentiles.is_empty() || source == Source::JmeterSummariser);
    m
}

#[test]
fn hey_wrk_wrk2_and_jmeter_text_read_back_as_the_run() {
    let hey = run(&[
        ("load.concurrency", "40"),
        ("load.requests", "2000"),
        ("load.timeout_ms", "300"),
        ("server.threads_max", "40"),
        ("program", "db:exp(20ms)"),
        ("db.pool_size", "2"),
        ("db.timeout_ms", "250"),
    ]);
    // hey prints seconds to four decimals: 0.05 ms.
    let m = reads_back(&hey, Source::Hey, 0.0, 0.051);
    let errors: u64 = hey.tool.errors.iter().map(|e| e.1).sum();
    assert!(errors > 0, "the run has hey's errors");
    assert_eq!(m.errors.iter().map(|e| e.1).sum::<u64>(), errors);
    let wrk = run(&[
        ("load.tool", "wrk"),
        ("load.concurrency", "100"),
        ("load.duration_s", "5"),
        ("load.timeout_ms", "150"),
        ("server.threads_max", "20"),
        ("program", "io:exp(25ms)"),
    ]);
    // wrk prints two decimals of the unit it picks: 0.5 % at most.
    let m = reads_back(&wrk, Source::Wrk, 0.005, 0.006);
    assert_eq!(m.load.concurrency, Some(100));
    let wrk2 = run(&[
        ("load.tool", "wrk2"),
        ("load.kind", "open"),
        ("load.rate_rps", "2000"),
        ("load.duration_s", "5"),
        ("load.max_in_flight", "50"),
        ("program", "io:exp(20ms)"),
    ]);
    reads_back(&wrk2, Source::Wrk2, 0.005, 0.006);
    let jmeter = run(&[
        ("load.tool", "jmeter"),
        ("load.concurrency", "50"),
        ("load.loops", "20"),
        ("load.timeout_ms", "400"),
        ("server.threads_max", "10"),
        ("program", "io:exp(60ms)"),
    ]);
    // The summariser prints whole milliseconds, floored.
    let m = reads_back(&jmeter, Source::JmeterSummariser, 0.0, 1.0);
    let err: u64 = jmeter.tool.errors.iter().map(|e| e.1).sum();
    assert_eq!(m.failed, Some(err));
}

#[test]
fn k6_text_reads_back_as_the_run() {
    let k6 = run(&[
        ("load.tool", "k6"),
        ("load.kind", "open"),
        ("load.rate_rps", "500"),
        ("load.duration_s", "5"),
        ("load.max_in_flight", "10"),
        ("load.timeout_ms", "80"),
        ("program", "io:exp(25ms)"),
    ]);
    // k6 truncates to two decimals of the unit it picks.
    reads_back(&k6, Source::K6Text, 0.005, 0.011);
}

/// The files `import` is given in these tests.
fn files(path: &str, _: u64) -> Result<String, Phrase> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples/");
    match path {
        "hey-with-command.txt" => Ok(format!(
            "$ {}{}",
            std::fs::read_to_string(format!("{dir}hey/slow-n400-c20.txt.cmd")).unwrap(),
            std::fs::read_to_string(format!("{dir}hey/slow-n400-c20.txt")).unwrap()
        )),
        "notes.txt" => Ok("my load test went fine\n".into()),
        other => std::fs::read_to_string(format!("{dir}{other}"))
            .map_err(|_| crate::cli::no_file(other, 0).unwrap_err()),
    }
}

fn cli(args: &[&str]) -> Output {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    main(&args, &files)
}

#[test]
fn import_says_what_it_read_and_what_it_implies() {
    let out = cli(&["import", "hey-with-command.txt"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let t = &out.stdout;
    assert!(t.contains("read: hey output"), "{t}");
    assert!(t.contains("requests 400, failed 0"), "{t}");
    assert!(t.contains("load.concurrency=20"), "{t}");
    assert!(t.contains("Little's law: 20 in flight"), "{t}");
    assert!(t.contains("add --run"), "{t}");
    let json = cli(&["import", "wrk/slow-t2-c10-d3s.txt", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(v["measurement"]["source"], "wrk");
    assert_eq!(v["measurement"]["requests"], 1215);
    assert_eq!(v["settings"]["load.duration_s"], "3");
    assert!(v["compared"].is_null());
}

#[test]
fn import_with_settings_compares_figure_by_figure() {
    let out = cli(&[
        "import",
        "hey-with-command.txt",
        "--set",
        "program=io:20ms",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let rows = v["compared"].as_array().expect("rows");
    let rate = rows.iter().find(|r| r["figure"] == "rate").unwrap();
    assert_eq!(rate["measured"], 864.8602);
    // 20 workers on a 20 ms answer: close to 1,000/s less the connects.
    let sim = rate["simulated"].as_f64().unwrap();
    assert!((800.0..1000.0).contains(&sim), "{sim}");
    let p99 = rows.iter().find(|r| r["percent"] == 99.0).unwrap();
    assert!(p99["difference_pct"].is_number());
}

#[test]
fn import_refuses_bad_input_in_one_line() {
    for (args, says) in [
        (vec!["import"], "needs a file"),
        (vec!["import", "notes.txt"], "not the output of a load tool"),
        (vec!["import", "missing.txt"], "no such file"),
        (vec!["import", "a.txt", "b.txt"], "a second"),
        (
            vec!["import", "wrk/slow-t2-c10-d3s.txt", "--bogus"],
            "unknown option",
        ),
        (
            vec![
                "import",
                "wrk/slow-t2-c10-d3s.txt",
                "--set",
                "load.concurrency=0",
            ],
            "load.concurrency",
        ),
    ] {
        let out = cli(&args);
        assert_eq!(out.code, EXIT_BAD_INPUT, "{args:?}");
        assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn import_fits_the_unexplained_wait_and_predicts_the_switch() {
    let out = cli(&[
        "import",
        "hey-with-command.txt",
        "--set",
        "program=cpu:0.1ms",
        "--what-if",
        "server.mode=virtual",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let f = &v["calibration"]["fitted"];
    // hey measured a mean of 22.2 ms for a 20 ms sleep behind Python's
    // server: the fit finds the rest of it as waiting, not CPU.
    let wait = f["wait_ms"].as_f64().unwrap();
    assert!((18.0..22.2).contains(&wait), "{wait}");
    let mean = f["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["figure"] == "mean")
        .unwrap();
    assert!(
        mean["difference_pct"].as_f64().unwrap().abs() < 1.0,
        "{mean}"
    );
    let w = &v["what_if"];
    let stop: Vec<&str> = w["stop_applying"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s.as_str())
        .collect();
    assert!(stop.contains(&"server.threads_max"), "{stop:?}");
    assert!(w["after"]["goodput_rps"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_model_slower_than_the_service_is_said_not_fitted() {
    let out = cli(&[
        "import",
        "hey-with-command.txt",
        "--set",
        "program=io:100ms",
        "--fit",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("no fit: with no extra wait the model is already slower"),
        "{}",
        out.stdout
    );
}

#[test]
fn two_outputs_compare_figure_by_figure_against_the_models_noise() {
    let args = [
        "import",
        "hey/fast-n2000-c50.txt",
        "--versus",
        "hey/slow-n400-c20.txt",
    ];
    let alone = cli(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(alone.code, 0, "{}", alone.stderr);
    let v: serde_json::Value = serde_json::from_str(&alone.stdout).unwrap();
    let changes = v["versus"]["changes"].as_array().unwrap();
    let rate = changes.iter().find(|c| c["figure"] == "rate").unwrap();
    assert_eq!(
        (rate["before"].as_f64(), rate["after"].as_f64()),
        (Some(4572.8492), Some(864.8602))
    );
    assert!(rate["beyond_noise"].is_null(), "no model, no noise: {rate}");
    let modelled = cli(&[
        &args[..],
        &[
            "--set",
            "load.concurrency=50",
            "--set",
            "program=io:exp(10ms)",
            "--replications",
            "4",
            "--format",
            "json",
        ],
    ]
    .concat());
    let v: serde_json::Value = serde_json::from_str(&modelled.stdout).unwrap();
    assert_eq!(v["versus"]["noise_runs"], 4);
    let p99 = v["versus"]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["percent"] == 99.0)
        .unwrap();
    // Exponential service over 2,000 requests: its p99 moves by a few
    // percent between seeds; 38.9 → 66.0 ms is well beyond that.
    let noise = p99["noise_pct"].as_f64().unwrap();
    assert!(noise > 0.0 && noise < 30.0, "{noise}");
    assert_eq!(p99["beyond_noise"], true);
}

/// hey's sweep of one service (a 20 ms answer behind Python's threaded
/// server) at 5, 10, 20 and 40 clients, captured here: one wait fitted to
/// the four means explains every rate within 10 %.
#[test]
fn a_sweep_of_measurements_is_fitted_together() {
    let sweep: Vec<String> = [5, 10, 20, 40]
        .iter()
        .map(|c| format!("hey/sweep-slow-n800-c{c}.txt"))
        .collect();
    let with_commands = |p: &str, _: u64| -> Result<String, Phrase> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples/");
        let read = |f: String| {
            std::fs::read_to_string(f).map_err(|_| crate::cli::no_file(p, 0).unwrap_err())
        };
        Ok(read(format!("{dir}{p}.cmd"))? + &read(format!("{dir}{p}"))?)
    };
    let mut args: Vec<String> = vec!["import".into()];
    args.extend(sweep.iter().cloned());
    for a in [
        "--fit",
        "--set",
        "program=cpu:0.1ms",
        "--set",
        "server.cores=2",
        "--format",
        "json",
    ] {
        args.push(a.into());
    }
    let out = main(&args, &with_commands);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let j = &v["joint_calibration"]["fitted"];
    let wait = j["wait_ms"].as_f64().unwrap();
    assert!((19.0..22.0).contains(&wait), "{wait}");
    let points = j["points"].as_array().unwrap();
    assert_eq!(points.len(), 4);
    for rows in points {
        let rate = rows
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["figure"] == "rate")
            .unwrap();
        let d = rate["difference_pct"].as_f64().unwrap();
        assert!(d.abs() < 10.0, "{rate}");
    }
    let without_fit = cli(&[
        "import",
        "hey/sweep-slow-n800-c5.txt",
        "hey/sweep-slow-n800-c10.txt",
    ]);
    assert_eq!(without_fit.code, EXIT_BAD_INPUT);
    assert!(
        without_fit.stderr.contains("only to fit them together"),
        "{}",
        without_fit.stderr
    );
}
