//! Bad input gets a clear error naming the field, the value and what is
//! allowed; every problem is reported, not just the first.

use threadlab::scenario::{Costs, Draft, FieldError, parse_program, presets, validate};

fn errors(settings: &[(&str, serde_json::Value)]) -> Vec<FieldError> {
    let mut d = Draft::new();
    for (k, v) in settings {
        d.set_value(k, v.clone());
    }
    validate(&d).expect_err("should not validate")
}

#[test]
fn every_preset_validates() {
    for p in presets() {
        if let Err(e) = validate(&p.draft()) {
            panic!("preset {} does not validate: {e:?}", p.name);
        }
    }
}

#[test]
fn out_of_range_names_field_value_and_range() {
    let e = errors(&[("load.concurrency", 0.into())]);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].field, "load.concurrency");
    assert_eq!(e[0].value, "0");
    assert!(e[0].message().contains("1 to 100000"), "{}", e[0].message());
}

#[test]
fn every_problem_is_reported() {
    let e = errors(&[
        ("load.concurrency", (-5).into()),
        ("server.cores", 2.5.into()),
        ("server.mode", "green".into()),
        ("db.pool_size", "ten".into()),
        ("program", "cpu:5parsecs".into()),
    ]);
    let fields: Vec<&str> = e.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(
        fields,
        // The form's order: load, then server.mode before server.cores, …
        [
            "load.concurrency",
            "server.mode",
            "server.cores",
            "program",
            "db.pool_size"
        ]
    );
    assert!(
        e[1].message().contains("platform, virtual"),
        "{}",
        e[1].message()
    );
}

#[test]
fn unknown_keys_are_errors() {
    let e = errors(&[
        ("load.concurency", 10.into()),
        ("async.mail.cores", 3.into()),
    ]);
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(e.iter().all(|e| e.message().contains("unknown")));
}

#[test]
fn wrong_format_version_is_an_error() {
    let e = errors(&[("schema", 2.into())]);
    assert_eq!(e[0].field, "schema");
}

#[test]
fn hey_needs_at_least_one_request_per_worker() {
    let e = errors(&[
        ("load.concurrency", 100.into()),
        ("load.requests", 50.into()),
    ]);
    assert_eq!(e[0].field, "load.requests");
    assert!(e[0].message().contains("100"));
}

#[test]
fn executor_max_below_core_is_an_error() {
    let e = errors(&[
        ("async.mail.core", 10.into()),
        ("async.mail.max", 5.into()),
        ("program", "cpu:0.1ms,async(mail){io:1ms}".into()),
    ]);
    assert_eq!(e[0].field, "async.mail.max");
}

#[test]
fn set_parses_by_the_schema_and_rejects_garbage() {
    let mut d = Draft::new();
    d.set("load.concurrency", "2_000").unwrap();
    d.set("load.requests", "1e5").unwrap();
    d.set("server.carriers", "null").unwrap();
    assert_eq!(d.get("load.concurrency"), Some(&2000.into()));
    assert_eq!(d.get("load.requests"), Some(&100000.into()));
    let e = d.set("load.concurrency", "lots").unwrap_err();
    assert_eq!(
        (e.field.as_str(), e.value.as_str()),
        ("load.concurrency", "lots")
    );
    assert!(d.set("load.timeout_ms", "NaN").is_err());
    assert!(d.set("load.timeout_ms", "inf").is_err());
    assert!(
        d.set("no.such.key", "1")
            .unwrap_err()
            .message()
            .contains("unknown")
    );
}

#[test]
fn program_errors_say_what_and_where() {
    for (text, needle) in [
        ("", "empty"),
        ("cpu:", "duration"),
        ("cpu:5", "unit"),
        ("sleep:5ms", "a step"),
        ("sync{io:5ms", "'}'"),
        ("io:5ms,,cpu:1ms", "a step"),
        ("uniform", "a step"),
        ("io:uniform(9ms,1ms)", "upper bound"),
        ("io:lognormal(p50=9ms,p99=1ms)", "p50 < p99"),
        (
            "io:lognormal(floor=9ms,p50=5ms,p99=20ms)",
            "below the median",
        ),
        ("io:lognormal(floor=1ms,p99=20ms)", "p50="),
        ("io:2h", "unit"),
        ("io:7200s", "longer than one hour"),
        ("async{io:1ms}", "'('"),
        ("async(9x){io:1ms}", "executor name"),
        ("wait:5ms", "inside sync"),
        ("lock{wait:5ms}", "inside sync"),
        ("sync{async(mail){wait:5ms}}", "inside sync"),
        // Only a shared ReentrantLock has a fair mode.
        ("lock(m,fiar){io:1ms}", "'fair'"),
        ("sync(m,fair){io:1ms}", "')'"),
        ("lock(m fair){io:1ms}", "')'"),
    ] {
        let err = parse_program(text)
            .err()
            .unwrap_or_else(|| panic!("{text:?} should not parse"));
        let err = err.english();
        assert!(err.contains(needle), "{text:?}: {err}");
    }
}

#[test]
fn programs_compile_to_the_expected_ops() {
    use threadlab::sim::program::{LockKind, MonitorRef, Op};
    let p = parse_program("cpu:1ms, db:2ms, sync(a){io:3ms}, async(mail){io:4ms}, lock{io:5ms}")
        .unwrap();
    let ops = &p.program.ops;
    assert!(matches!(ops[0], Op::Cpu(_)));
    assert_eq!(&ops[1..4], &[Op::DbAcquire, ops[2], Op::DbRelease]);
    assert_eq!(ops[4], Op::Enter(MonitorRef::Shared(0), LockKind::Sync));
    assert_eq!(ops[6], Op::Exit(MonitorRef::Shared(0), LockKind::Sync));
    assert_eq!(
        ops[7],
        Op::Async {
            executor: 0,
            resume: 10
        }
    );
    assert_eq!(ops[9], Op::End);
    assert_eq!(ops[10], Op::Enter(MonitorRef::Own, LockKind::Lock));
    assert_eq!(*ops.last().unwrap(), Op::End);
    assert_eq!(p.executors, ["mail"]);
    // `lock(NAME, fair)`: a ReentrantLock(true), the same object as `lock(NAME)`.
    let fair = parse_program("lock(l){io:1ms},lock( l , fair ){io:1ms}").unwrap();
    let shared = MonitorRef::Shared(0);
    assert_eq!(fair.program.ops[0], Op::Enter(shared, LockKind::Lock));
    assert_eq!(fair.program.ops[3], Op::Enter(shared, LockKind::FairLock));
    assert_eq!(fair.program.ops[5], Op::Exit(shared, LockKind::FairLock));
    let costs = Costs::of(&p.program);
    assert!((costs.caller.cpu_ns - 1e6).abs() < 1.0);
    assert!((costs.caller.db_ns - 2e6).abs() < 1.0);
}

fn one_error(settings: &[(&str, serde_json::Value)], field: &str) -> FieldError {
    let e = errors(settings);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].field, field, "{e:?}");
    e.into_iter().next().unwrap()
}

#[test]
fn issue9_a_request_that_takes_no_simulated_time_is_refused() {
    for program in [
        "cpu:0ms",
        "cpu:exp(0ms)",
        "cpu:0.4ns",
        "sync{cpu:0ms}",
        "db:0ms,io:uniform(0ns,0.4ns)",
        "cpu:exp(0.3ns)",
        // The request itself does nothing: the e-mail is sent after the response.
        "async(e){io:5ms}",
    ] {
        let e = one_error(
            &[("program", program.into()), ("load.duration_s", 0.5.into())],
            "program",
        );
        assert!(e.message().contains("no simulated time"), "{program}: {e}");
        assert!(e.message().contains("0.5 ns rounds to 0"), "{program}: {e}");
    }
    for (program, client_cpu_ms) in [
        ("cpu:1ns", 0.0),
        ("cpu:0ms,io:1ms", 0.0),
        ("io:exp(1ns)", 0.0),
        ("async(e){io:5ms},cpu:0.1ms", 0.0),
        // The client's own CPU per request counts.
        ("cpu:0ms", 0.001),
    ] {
        let mut d = Draft::new();
        d.set_value("program", program.into());
        d.set_value("load.client_cpu_ms", client_cpu_ms.into());
        assert!(
            validate(&d).is_ok(),
            "{program} with client cpu {client_cpu_ms}"
        );
    }
}

#[test]
fn issue9_the_event_budget_is_capped_to_minutes() {
    let e = one_error(
        &[("limits.max_events", 100_000_000_000u64.into())],
        "limits.max_events",
    );
    assert!(e.message().contains("1 to 1000000000"), "{e}");
    let mut d = Draft::new();
    d.set_value("limits.max_events", 1_000_000_000u64.into());
    assert!(validate(&d).is_ok());
}

#[test]
fn issue9_a_quoted_number_is_echoed_with_its_quotes() {
    let e = one_error(&[("load.concurrency", "10".into())], "load.concurrency");
    assert_eq!(e.value, "\"10\"");
    assert!(
        e.to_string()
            .starts_with("load.concurrency: \"10\" — expected"),
        "{e}"
    );
}

#[test]
fn issue9_sections_empty_or_null() {
    for empty in [
        r#"{"server": {}}"#,
        r#"{"load": {}, "db": {}}"#,
        r#"{"async": {"mail": {}}}"#,
    ] {
        let d = Draft::from_json(empty).unwrap();
        assert!(validate(&d).is_ok(), "an empty section is fine: {empty}");
    }
    for (json, key) in [
        (r#"{"load": null}"#, "load"),
        (r#"{"server": 5}"#, "server"),
        (r#"{"async": {"mail": []}}"#, "async.mail"),
    ] {
        let e = validate(&Draft::from_json(json).unwrap()).unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].field, key);
        assert!(e[0].message().contains("expected a section"), "{}", e[0]);
        assert!(!e[0].message().contains("unknown"), "{}", e[0]);
    }
}

#[test]
fn issue9_a_program_that_is_not_text_is_one_problem() {
    let e = one_error(&[("program", 5.into())], "program");
    assert!(e.message().contains("expected a request program"), "{e}");
}

#[test]
fn issue9_base_memory_names_the_heap_it_must_stay_below() {
    let e = one_error(
        &[
            ("memory.base_mb", 4096.into()),
            ("memory.heap_mb", 3000.into()),
        ],
        "memory.base_mb",
    );
    assert_eq!(e.value, "4096");
    assert!(e.message().contains("memory.heap_mb (3000 MB)"), "{e}");
}

#[test]
fn issue9_values_are_echoed_as_written() {
    // `--set` keeps a whole number whole, also for a fractional key.
    let mut d = Draft::new();
    d.set("load.duration_s", "0").unwrap();
    d.set("load.timeout_ms", "-5").unwrap();
    let e = validate(&d).unwrap_err();
    let values: Vec<&str> = e.iter().map(|e| e.value.as_str()).collect();
    assert_eq!(values, ["0", "-5"], "{e:?}");
}

#[test]
fn issue9_a_key_given_twice_in_a_file_is_an_error() {
    for (json, key) in [
        (
            r#"{"load": {"concurrency": 5}, "load": {"requests": 10}}"#,
            "load",
        ),
        (
            r#"{"load": {"concurrency": 5, "concurrency": 6}}"#,
            "load.concurrency",
        ),
        (r#"{"program": "io:1ms", "program": "io:2ms"}"#, "program"),
    ] {
        let e = Draft::from_json(json).unwrap_err();
        assert!(
            e.message().contains(&format!("second value for {key} ")),
            "{e}"
        );
        assert!(!e.message().contains("not valid JSON"), "{e}");
    }
}

#[test]
fn issue9_a_byte_order_mark_is_accepted() {
    let d = Draft::from_json("\u{feff}{\"load\": {\"concurrency\": 7}}").unwrap();
    assert_eq!(d.get("load.concurrency"), Some(&7.into()));
}

#[test]
fn issue9_every_error_is_one_short_line() {
    let huge = "io:5ms,".repeat(150_000);
    for program in [
        "io:5ms\nerror: fake".to_string(),
        "io:5ms\r\u{1b}[2Kerror: fake".to_string(),
        huge.clone(),
        format!("io:{}ms", "9".repeat(100_000)),
    ] {
        let e = one_error(&[("program", program.clone().into())], "program");
        let line = e.to_string();
        assert!(!line.contains(['\n', '\r', '\u{1b}']), "{line:?}");
        assert!(line.chars().count() < 600, "{} characters", line.len());
    }
    let e = one_error(&[("program", huge.clone().into())], "program");
    assert!(
        e.value
            .ends_with(&format!("… ({} characters)", huge.len() + 2)),
        "{}",
        e.value
    );
    // An unknown key is echoed shortened too.
    let e = errors(&[(&"k".repeat(10_000), 1.into())]);
    assert!(e[0].to_string().len() < 300, "{}", e[0]);
}

/// One current message per field. A request count out of range
/// is not also reported as missing ("load.requests: null — set a request
/// count…"), which would contradict the first message.
#[test]
fn a_field_gets_one_message() {
    let e = errors(&[("load.requests", 1e9.into())]);
    let about: Vec<&FieldError> = e.iter().filter(|e| e.field == "load.requests").collect();
    assert_eq!(about.len(), 1, "{e:?}");
    assert!(about[0].message().contains("out of range"), "{}", about[0]);
}

/// Every problem a person can cause, set through `--set` text,
/// a scenario file or the request program, is said from the `errors`
/// catalogue: its German and Chinese words are not its English ones, and
/// its English is the command line's message.
#[test]
fn every_problem_is_said_in_each_language() {
    use threadlab::i18n::Locale;
    let sets: &[&[(&str, &str)]] = &[
        &[("load.concurrency", "0")],
        &[("load.concurrency", "abc")],
        &[("load.tool", "foo")],
        &[("server.mode", "xyz")],
        &[("seed", "-1")],
        &[("memory.heap_mb", "-3")],
        &[
            ("program", "async(pool){io:1ms}"),
            ("async.pool.core", "10"),
            ("async.pool.max", "5"),
        ],
        &[("load.requests", "null")],
        &[("load.requests", "5"), ("load.concurrency", "10")],
        &[("memory.base_mb", "5000"), ("memory.heap_mb", "3000")],
        &[("memory.base_mb", "5000"), ("memory.container_mb", "1000")],
        &[("program", "cpu:0ns")],
        &[("server.carriers", "10"), ("server.max_pool_size", "5")],
        &[("server.max_keep_alive_requests", "0")],
        &[("server.connection_timeout_ms", "0")],
        &[("load.kind", "open"), ("load.tool", "hey")],
        &[("load.tool", "wrk2")],
        &[("load.tool", "wrk"), ("load.requests", "100")],
        &[
            ("load.tool", "wrk"),
            ("load.timeout_ms", "0"),
            ("load.duration_s", "5"),
        ],
        &[("load.connect_timeout_ms", "100")],
        &[
            ("load.tool", "k6"),
            ("load.kind", "open"),
            ("load.overflow", "delay"),
        ],
        &[
            ("load.tool", "wrk2"),
            ("load.kind", "open"),
            ("load.overflow", "drop"),
        ],
        &[("program", "sync{io:5ms")],
        &[("program", "io:uniform(9ms,1ms)")],
        &[("program", "io:lognormal(p50=9ms,p99=1ms)")],
        &[("program", "io:lognormal(floor=9ms,p50=5ms,p99=20ms)")],
        &[("program", "io:7200s")],
        &[("program", "wait:5ms")],
        &[("program", "")],
    ];
    let mut found = Vec::new();
    for set in sets {
        let mut d = Draft::new();
        let mut parse = Vec::new();
        for (k, v) in *set {
            if let Err(e) = d.set(k, v) {
                parse.push(e);
            }
        }
        let before = found.len();
        found.extend(parse);
        found.extend(validate(&d).err().unwrap_or_default());
        assert!(found.len() > before, "{set:?} is no problem");
    }
    for bad in [
        r#"{"schema": 2}"#,
        r#"{"load": 5}"#,
        r#"{"async": {"x": {"foo": 1}}}"#,
        r#"{"foo": 1}"#,
        r#"{"program": 5}"#,
    ] {
        found.extend(validate(&Draft::from_json(bad).unwrap()).unwrap_err());
    }
    for bad in [r#"{"a": 1, "a": 2}"#, "{ not json", "[1]"] {
        found.push(Draft::from_json(bad).unwrap_err());
    }
    let mut d = Draft::new();
    found.extend(
        [d.set("schema", "x"), d.set("no.such", "1")]
            .into_iter()
            .filter_map(Result::err),
    );
    assert!(found.len() >= 38, "{} problems", found.len());
    for e in &found {
        assert!(e.said.key.starts_with("errors."), "{e}: {:?}", e.said);
        assert_eq!(e.message(), e.said.english(), "{e}");
        assert_eq!(
            e.to_string(),
            format!("{}: {} — {}", e.field, e.value, e.message())
        );
        for l in Locale::TRANSLATED {
            let line = e.line(l);
            assert_ne!(e.message_in(l), e.message(), "{e}: not in {}", l.code());
            assert!(line.contains(&e.field) && line.contains(&e.value), "{line}");
            assert!(!line.contains('\n'), "{line}");
        }
    }
}

/// A JVM whose idle memory does not fit its container was killed at the
/// instant it started, restarted at the same instant, and so on: a million
/// restarts per million events, and a run that took half an hour.
#[test]
fn a_jvm_that_cannot_fit_its_container_is_refused() {
    let e = one_error(
        &[
            ("memory.container_mb", 64.into()),
            ("memory.base_mb", 1.into()),
            ("memory.native_base_mb", 1_048_576.into()),
        ],
        "memory.native_base_mb",
    );
    let m = e.message();
    // 1 MiB of base heap, and ten threads' 64 KB resident stacks round up.
    assert!(m.contains("1048578 MB") && m.contains("64 MB"), "{m}");
    // The threads it starts up front count too. Ten spare Tomcat
    // threads with 1 GiB resident stacks each do not fit 8 GiB (the run
    // before was killed at its start, and at every restart).
    let e = one_error(
        &[
            ("memory.stack_resident_kb", 1_048_576.into()),
            ("server.min_spare", 10.into()),
        ],
        "memory.native_base_mb",
    );
    assert!(e.message().contains("of the 10 threads"), "{}", e.message());
    let e = one_error(
        &[
            ("memory.stack_resident_kb", 1_048_576.into()),
            ("server.mode", "virtual".into()),
            ("server.carriers", 9.into()),
        ],
        "memory.native_base_mb",
    );
    assert!(e.message().contains("of the 9 threads"), "{}", e.message());
    // Just fitting is fine.
    let mut d = Draft::new();
    d.set("memory.container_mb", "200").unwrap();
    d.set("memory.native_base_mb", "150").unwrap();
    d.set("memory.heap_mb", "64").unwrap();
    assert!(validate(&d).is_ok());
}

/// A restart at no simulated time could repeat at one instant for ever.
#[test]
fn a_restart_takes_at_least_a_second() {
    let e = one_error(&[("jvm.restart_s", 0.into())], "jvm.restart_s");
    assert!(e.message().contains("1 to 86400"), "{}", e.message());
}

/// The open loop's settings are checked in a closed loop too, where they
/// do nothing: a file or link that keeps a bad value is still bad.
#[test]
fn open_loop_settings_are_checked_in_a_closed_loop() {
    for v in [
        (-5).into(),
        "abc".into(),
        serde_json::json!({}),
        (-1e308).into(),
    ] {
        one_error(&[("load.rate_rps", v)], "load.rate_rps");
    }
    one_error(&[("load.arrivals", "burst".into())], "load.arrivals");
}

/// A positive time-out below half a nanosecond rounded to 0, which means
/// "never": the opposite of what was asked.
#[test]
fn a_time_out_below_the_resolution_is_refused() {
    for key in [
        "load.timeout_ms",
        "server.connection_timeout_ms",
        "server.keep_alive_timeout_ms",
    ] {
        let e = one_error(&[(key, 1e-7.into())], key);
        assert!(e.message().contains("1 ns"), "{key}: {}", e.message());
    }
    let jmeter = [("load.tool", "jmeter".into())];
    let mut s = jmeter.to_vec();
    s.push(("load.connect_timeout_ms", 1e-7.into()));
    one_error(&s, "load.connect_timeout_ms");
    // One nanosecond is a time-out.
    let mut d = Draft::new();
    d.set("load.timeout_ms", "0.000001").unwrap();
    assert!(validate(&d).is_ok());
}

/// `async.emial.core=1` beside `async(email)` configured an executor no
/// step used, and the misspelt setting did nothing without a word.
#[test]
fn an_executor_no_step_names_is_refused() {
    let program = ("program", "io:1ms,async(email){io:5ms}".into());
    let e = one_error(
        &[program.clone(), ("async.emial.core", 1.into())],
        "async.emial",
    );
    assert!(e.message().contains("email"), "{}", e.message());
    let e = one_error(&[("async.mail.core", 1.into())], "async.mail");
    assert!(e.message().contains("no async step"), "{}", e.message());
    // The executor the program names is fine, and so is an empty section.
    let mut d = Draft::new();
    d.set_value("program", "io:1ms,async(email){io:5ms}".into());
    d.set_value("async.email.core", 1.into());
    d.set_value("async.other", serde_json::json!({}));
    assert!(validate(&d).is_ok(), "{:?}", validate(&d).err());
}

#[test]
fn a_wake_up_p99_below_its_median_is_refused_on_the_p99() {
    let e = one_error(
        &[
            ("server.wake_p50_us", 300.into()),
            ("server.wake_p99_us", 100.into()),
        ],
        "server.wake_p99_us",
    );
    assert!(e.to_string().contains("300"), "{e}");
}
