//! The command line: exit codes, hey-like text, the JSON shape, bad input.

use threadlab::cli::{EXIT_BAD_INPUT, EXIT_BUDGET, Output, main};
use threadlab::i18n::keys::errors::FILE_OPEN;
use threadlab::i18n::{Part, Phrase};

use crate::helpers::assert_golden;

/// A file that is not there, as `read_scenario_file` says it.
pub(crate) fn no_file(_: &str, _: u64) -> Result<String, Phrase> {
    Err(FILE_OPEN.said().with("why", Part::text("no such file")))
}

fn cli(args: &[&str]) -> Output {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let files = |path: &str, _: u64| -> Result<String, Phrase> {
        match path {
            "good.json" => Ok(r#"{"schema": 1, "load": {"concurrency": 20, "requests": 200}, "program": "io:10ms"}"#.into()),
            "typo.json" => Ok(r#"{"load": {"concurrancy": 20}}"#.into()),
            "broken.json" => Ok("{ not json".into()),
            "empty-load.json" => Ok(r#"{"load": {}, "server": {"cores": 8}}"#.into()),
            "object.json" => Ok(r#"{"load": {"concurrency": {"a": 1}}}"#.into()),
            "half.json" => Ok(r#"{"load": {"concurrency": 1.5}}"#.into()),
            "typos.json" => Ok(serde_json::to_string(
                &(0..50_000)
                    .map(|i| (format!("k{i}"), serde_json::Value::from(1)))
                    .collect::<serde_json::Map<_, _>>(),
            )
            .unwrap()),
            _ => no_file(path, 0),
        }
    };
    main(&args, &files)
}

#[test]
fn the_issue_command_prints_a_hey_summary() {
    let out = cli(&[
        "run",
        "--set",
        "load.concurrency=2000",
        "--set",
        "load.requests=100000",
        "--set",
        "server.mode=platform",
        "--set",
        "server.threads_max=100",
        "--set",
        "server.cores=4",
        "--set",
        "program=io:50ms",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    for needle in [
        "Summary:",
        "Total:",
        "Slowest:",
        "Fastest:",
        "Average:",
        "Requests/sec:",
        "Response time histogram:",
        "Latency distribution:",
        "99% in",
        "Details (average, fastest, slowest):",
        "Status code distribution:",
        // threadlab's own section, after hey's (which prints its error
        // distribution only when there are errors).
        "client_timeout",
    ] {
        assert!(
            out.stdout.contains(needle),
            "missing {needle:?} in:\n{}",
            out.stdout
        );
    }
}

#[test]
fn json_has_the_documented_shape() {
    let out = cli(&[
        "run",
        "--preset",
        "e2-virtual",
        "--set",
        "load.requests=4000",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    for k in [
        "throughput_rps",
        "goodput_rps",
        "sent",
        "completed",
        "outcome",
        "sim_time_s",
        "events",
        "responses_by_cause",
    ] {
        assert!(v.get(k).is_some(), "missing {k}");
    }
    for k in ["mean", "p50", "p90", "p99", "p999", "max"] {
        assert!(v["latency_ms"][k].is_number(), "missing latency_ms.{k}");
    }
    assert!(v["errors"]["total"].is_number());
    for cause in ["client_timeout", "connect_failed"] {
        assert!(
            v["errors"]["by_cause"][cause].is_number(),
            "missing errors.by_cause.{cause}"
        );
    }
    for cause in ["ok", "pool_timeout", "task_rejected"] {
        assert!(
            v["responses_by_cause"][cause].is_number(),
            "missing responses_by_cause.{cause}"
        );
    }
    assert_eq!(v["outcome"], "completed");
    assert!(v.get("series").is_none(), "chart data only with --full");
    // The time breakdown: every stage, for the mean and the p99 set.
    let b = &v["breakdown"];
    assert_eq!(b["requests"], v["succeeded"]);
    for set in ["mean_ms", "p99_ms"] {
        for stage in threadlab::sim::report::Stage::ALL {
            assert!(
                b[set][stage.name()].is_number(),
                "missing breakdown.{set}.{stage}"
            );
        }
    }
    assert_eq!(b["capacity"]["carriers"], 4);
}

/// The text ends with where successful requests' time went: a row per
/// stage that took any, mean and p99 set side by side.
#[test]
fn the_text_report_has_the_time_breakdown() {
    let out = cli(&["run", "--set", "load.requests=4000"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let spent = out
        .stdout
        .split("  Time spent:")
        .nth(1)
        .expect("a time breakdown");
    assert!(spent.starts_with("\tms per successful request: mean of 4000 | mean of the "));
    let rows: Vec<&str> = spent
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .collect();
    let wait = rows
        .iter()
        .find(|r| r.trim_start().starts_with("thread_wait"))
        .expect("thread wait row");
    let cells: Vec<f64> = wait
        .split(['|', ' '])
        .filter_map(|c| c.parse().ok())
        .collect();
    assert_eq!(cells.len(), 2, "{wait}");
    // E2's platform run: most of a request is its wait for a thread.
    assert!(cells[0] > 500.0 && cells[1] >= cells[0], "{wait}");
    assert!(!rows.iter().any(|r| r.contains("carrier_wait")), "{rows:?}");
}

#[test]
fn the_default_scenario_is_e2_platform() {
    let out = cli(&["run", "--format", "json", "--set", "load.requests=10000"]);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    // 100 threads, ~50 ms each: ≈ 2,000 req/s.
    let x = v["throughput_rps"].as_f64().unwrap();
    assert!((1700.0..2000.0).contains(&x), "{x}");
}

#[test]
fn bad_input_exits_2_with_one_line_per_problem() {
    let out = cli(&[
        "run",
        "--set",
        "load.concurrency=0",
        "--set",
        "server.mode=green",
        "--set",
        "nope=1",
    ]);
    assert_eq!(out.code, EXIT_BAD_INPUT);
    assert!(out.stdout.is_empty());
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "the unknown key stops before validation: {lines:?}"
    );
    assert!(lines[0].contains("nope"));
    let out = cli(&[
        "run",
        "--set",
        "load.concurrency=0",
        "--set",
        "server.mode=green",
    ]);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].contains("load.concurrency") && lines[0].contains('0'));
    assert!(lines[1].contains("server.mode") && lines[1].contains("green"));
    for args in [
        &["run", "--preset", "nope"][..],
        &["run", "--scenario", "missing.json"],
        &["run", "--scenario", "broken.json"],
        &["run", "--scenario", "typo.json"],
        &["run", "--set", "novalue"],
        &["run", "--format", "xml"],
        &["run", "--bogus"],
        &["frobnicate"],
    ] {
        let out = cli(args);
        assert_eq!(out.code, EXIT_BAD_INPUT, "{args:?}");
        assert!(
            out.stderr.starts_with("error: "),
            "{args:?}: {}",
            out.stderr
        );
        assert!(!out.stderr.contains("panicked"));
    }
}

#[test]
fn a_scenario_file_is_read_and_overridden_by_set() {
    let out = cli(&[
        "run",
        "--scenario",
        "good.json",
        "--set",
        "load.requests=400",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["sent"], 400);
}

#[test]
fn a_budget_stop_exits_3_with_partial_results() {
    let out = cli(&["run", "--set", "limits.max_events=5000", "--format", "json"]);
    assert_eq!(out.code, EXIT_BUDGET);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "budget_exceeded");
    assert!(v["sent"].as_u64().unwrap() > 0);
    assert!(out.stderr.contains("partial"));
}

/// 5,000 requests holding 1 MB each in a 1 GB heap (thread
/// stacks are native memory, and mostly only reserved, so 5,000 platform
/// threads alone no longer exhaust it).
const OUT_OF_MEMORY: &[&str] = &[
    "run",
    "--set",
    "server.threads_max=5000",
    "--set",
    "load.concurrency=5000",
    "--set",
    "load.requests=10000",
    "--set",
    "memory.heap_mb=1024",
    "--set",
    "memory.request_kb=1024",
];

#[test]
fn out_of_memory_is_an_outcome_not_a_failure() {
    let out = cli(&[OUT_OF_MEMORY, &["--format", "json"]].concat());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "out_of_memory");
}

#[test]
fn schema_and_presets_list_everything() {
    let schema = cli(&["schema"]);
    assert_eq!(schema.code, 0);
    for f in threadlab::scenario::schema() {
        assert!(schema.stdout.contains(f.key), "schema misses {}", f.key);
    }
    assert!(schema.stdout.contains("server.tomcat.threads.max"));
    // The schema says which tool does what, one line each.
    for f in threadlab::scenario::schema() {
        for (word, help) in f.choices_with_help(threadlab::i18n::Locale::En) {
            let line = format!("    {word}: {help}\n");
            assert!(schema.stdout.contains(&line), "schema misses {line}");
        }
    }
    assert!(schema.stdout.contains("    wrk: -c connections"));
    let presets = cli(&["presets"]);
    for p in threadlab::scenario::presets() {
        assert!(presets.stdout.contains(p.name));
    }
}

/// The presets' titles moved into the catalogue, and the English
/// one is now their only source; `threadlab presets` still prints what it
/// printed before, byte for byte (the golden was written by the command
/// before the move; re-bless with UPDATE_GOLDEN=1 cargo test only for a
/// title changed on purpose).
#[test]
fn the_presets_listing_is_the_english_it_always_was() {
    const GOLDEN: &str = "tests/golden/presets.txt";
    let out = cli(&["presets"]);
    assert_eq!(out.code, 0);
    assert_golden(GOLDEN, &out.stdout, "the listing changed");
}

#[test]
fn issue9_full_without_json_and_arguments_to_listings_are_errors() {
    for args in [
        &["run", "--full"][..],
        &["run", "--full", "--format", "text"],
        &["presets", "extra"],
        &["schema", "--format", "json"],
    ] {
        let out = cli(args);
        assert_eq!(out.code, EXIT_BAD_INPUT, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
    }
    assert_eq!(cli(&["presets"]).code, 0);
}

#[test]
fn issue9_the_text_report_says_the_outcome_in_words() {
    let out = cli(OUT_OF_MEMORY);
    assert!(
        out.stdout.contains("Outcome:\tout of memory — "),
        "{}",
        out.stdout
    );
    // Java's own error names the heap's failure; the outcome's enum name never shows.
    assert!(
        !out.stdout
            .replace("OutOfMemoryError", "")
            .contains("OutOfMemory"),
        "{}",
        out.stdout
    );
}

#[test]
fn issue9_a_newline_in_a_value_cannot_forge_an_error_line() {
    let out = cli(&["run", "--set", "program=io:5ms\nerror: fake"]);
    assert_eq!(out.code, EXIT_BAD_INPUT);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("io:5ms\\nerror: fake"),
        "{}",
        out.stderr
    );
    let out = cli(&["run", "--bogus\u{1b}[2J\nerror: fake"]);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}

#[test]
fn issue9_a_huge_program_is_echoed_once_and_cut() {
    let huge = format!("{{\"program\": \"io:{}ms\"}}", "9".repeat(1_000_000));
    let out = main(
        &["run".into(), "--scenario".into(), "huge.json".into()],
        &|_, _| Ok(huge.clone()),
    );
    assert_eq!(out.code, EXIT_BAD_INPUT);
    assert_eq!(out.stderr.lines().count(), 1);
    assert!(out.stderr.len() < 600, "{} bytes", out.stderr.len());
    assert!(
        out.stderr.contains("… (1000007 characters)"),
        "{}",
        out.stderr
    );
}

#[test]
fn issue9_a_scenario_file_is_capped_at_one_mebibyte() {
    use threadlab::cli::{SCENARIO_FILE_MAX_BYTES, read_scenario_file};
    assert_eq!(SCENARIO_FILE_MAX_BYTES, 1 << 20);
    let e = read_scenario_file("/dev/zero").unwrap_err();
    assert!(e.english().contains("larger than 1 MiB"), "{e:?}");
    let dir = std::env::temp_dir().join(format!("threadlab-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let at_cap = dir.join("at-cap.json");
    let padded = format!("{{}}{}", " ".repeat(SCENARIO_FILE_MAX_BYTES as usize - 2));
    std::fs::write(&at_cap, &padded).unwrap();
    assert_eq!(
        read_scenario_file(at_cap.to_str().unwrap()).unwrap(),
        padded
    );
    std::fs::write(&at_cap, padded + " ").unwrap();
    assert!(read_scenario_file(at_cap.to_str().unwrap()).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A writer that fails every write with `kind`.
struct Failing(std::io::ErrorKind);

impl std::io::Write for Failing {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(self.0.into())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Err(self.0.into())
    }
}

#[test]
fn issue9_output_that_cannot_be_written_is_not_a_panic() {
    use threadlab::cli::{EXIT_INTERNAL, EXIT_PIPE_CLOSED, emit};
    let out = cli(&["presets"]);
    let mut err = Vec::new();
    let code = emit(&out, &mut Failing(std::io::ErrorKind::BrokenPipe), &mut err);
    assert_eq!(
        (code, err.len()),
        (EXIT_PIPE_CLOSED, 0),
        "a closed pipe ends quietly"
    );
    let code = emit(
        &out,
        &mut Failing(std::io::ErrorKind::StorageFull),
        &mut err,
    );
    assert_eq!(code, EXIT_INTERNAL);
    let err = String::from_utf8(err).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: cannot write the output"), "{err}");
    let (mut o, mut e) = (Vec::new(), Vec::new());
    assert_eq!(emit(&out, &mut o, &mut e), 0);
    assert_eq!(o, out.stdout.as_bytes());
}

#[test]
fn issue9_an_argument_that_is_not_utf8_is_bad_input() {
    use std::os::unix::ffi::OsStringExt;
    let args = vec![
        "run".into(),
        "--set".into(),
        std::ffi::OsString::from_vec(b"program=io:5ms\xff".to_vec()),
    ];
    let out = threadlab::cli::from_os(args).unwrap_err();
    assert_eq!(out.code, EXIT_BAD_INPUT);
    assert_eq!(out.stderr.lines().count(), 1);
    assert!(
        out.stderr.contains("argument 3 is not valid UTF-8"),
        "{}",
        out.stderr
    );
}

#[test]
fn an_empty_section_in_a_file_keeps_the_presets_settings() {
    let out = cli(&[
        "run",
        "--preset",
        "e2-virtual",
        "--scenario",
        "empty-load.json",
        "--set",
        "load.requests=4000",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    // E2's 2,000 workers, not the default 50: 4,000 requests end in two rounds.
    assert_eq!(v["sent"], 4000);
    assert!(
        v["server"]["peak_virtual_threads"].as_u64().unwrap() > 1000,
        "{}",
        v["server"]
    );
}

/// `threadlab bench --set` times the workloads with a setting changed (the
/// JVM's collector and warm-up on, say); a bad setting is refused before
/// anything runs.
#[test]
fn bench_set_changes_every_workload_s_scenario() {
    let out = cli(&[
        "bench",
        "--only",
        "m2-fifo",
        "--rounds",
        "1",
        "--set",
        "load.duration_s=1",
        "--set",
        "jvm.start=cold",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let result = out
        .stdout
        .lines()
        .find(|l| l.starts_with("RESULT"))
        .unwrap();
    assert!(result.contains(" sim_s=1.0 "), "{result}");
    let bad = cli(&["bench", "--only", "m1", "--set", "gc.collector=zgc"]);
    assert_eq!(bad.code, EXIT_BAD_INPUT);
    assert!(bad.stderr.contains("gc.collector"), "{}", bad.stderr);
    assert!(!bad.stdout.contains("RUN"));
}

/// The page's JSON export holds, for each run, the scenario that ran and
/// exactly what `threadlab run --scenario <that scenario>` prints (JSON and
/// text) for it.
#[test]
fn the_pages_exports_are_the_command_lines_reports_for_the_same_scenario() {
    use threadlab::app::link::permalink::decode;
    use threadlab::app::worker::supervise::Export;
    use threadlab::app::{State, run::plan, share::export};

    let state = State::of_link(decode("load.requests=300&load.concurrency=30&v=1").link);
    let job = state.job();
    let exports: Vec<Export> = job
        .modes
        .iter()
        .map(|m| {
            let draft = plan::single(&m.draft, m.mode);
            let report = threadlab::sim::run(&threadlab::scenario::validate(&draft).unwrap());
            Export::of(job.generation, m.mode, draft, &report)
        })
        .collect();
    let source = export::Source::of(
        &state,
        "http://127.0.0.1/?load.requests=300&v=1",
        threadlab::i18n::Locale::En,
    );
    let json: serde_json::Value =
        serde_json::from_str(&export::reports_json(&source, &exports)).unwrap();
    let runs = json["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    for run in runs {
        let file = run["scenario"].to_string();
        let read = |_: &str, _: u64| -> Result<String, Phrase> { Ok(file.clone()) };
        let args = |extra: &[&str]| -> Vec<String> {
            ["run", "--scenario", "s.json"]
                .iter()
                .chain(extra)
                .map(|s| s.to_string())
                .collect()
        };
        let out = main(&args(&["--format", "json"]), &read);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let cli: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(run["report"], cli, "{}", run["mode"]);
        let e = exports
            .iter()
            .find(|e| threadlab::scenario::mode_word(e.mode) == run["mode"])
            .unwrap();
        assert_eq!(e.text, main(&args(&[]), &read).stdout);
    }
}

/// The command line's messages: each line names the right
/// problem once, and the input's own name.
#[test]
fn each_bad_input_is_said_as_what_it_is() {
    let err = |args: &[&str]| {
        let out = cli(args);
        assert_eq!(out.code, EXIT_BAD_INPUT, "{args:?}: {}", out.stderr);
        out.stderr
    };
    // An object for a number is that key's wrong value, no bogus
    // "load.concurrency.a: unknown key" beside it.
    assert_eq!(
        err(&["run", "--scenario", "object.json"]),
        "error: load.concurrency: {\"a\":1} — expected a whole number from 1 to 100000\n"
    );
    // A fraction for a whole number is not "out of range".
    assert_eq!(
        err(&["run", "--scenario", "half.json"]),
        "error: load.concurrency: 1.5 — not a whole number: expected a whole number from 1 to 100000\n"
    );
    // 50,000 unknown keys: twenty named, the rest counted on one line.
    let typos = err(&["run", "--scenario", "typos.json"]);
    let lines: Vec<&str> = typos.lines().collect();
    assert_eq!(lines.len(), 21, "{}", lines.len());
    assert!(lines[..20].iter().all(|l| l.contains("unknown key")));
    assert!(
        lines[20].starts_with("error: scenario: 49980 — more unknown keys"),
        "{}",
        lines[20]
    );
    // A file that is not JSON is named by its path.
    assert!(
        err(&["run", "--scenario", "broken.json"])
            .starts_with("error: --scenario: broken.json — not valid JSON"),
    );
    // A choice given twice is not silently the last one.
    for flag in ["--preset", "--scenario", "--format"] {
        let value = if flag == "--format" {
            "json"
        } else {
            "good.json"
        };
        let value = if flag == "--preset" {
            "e1-platform"
        } else {
            value
        };
        let e = err(&["run", flag, value, flag, value]);
        assert_eq!(
            e,
            format!("error: {flag} is given more than once: give it once\n")
        );
    }
}

#[test]
fn the_version_is_a_command_and_a_flag() {
    for arg in ["version", "--version", "-V"] {
        let out = cli(&[arg]);
        assert_eq!(out.code, 0, "{arg}: {}", out.stderr);
        assert_eq!(
            out.stdout,
            format!("threadlab {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
    assert_eq!(cli(&["version", "x"]).code, EXIT_BAD_INPUT);
}
