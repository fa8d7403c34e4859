//! Bad input gets a clear error naming the field, the value and what is
//! allowed; every problem is reported, not just the first.

use threadlab::scenario::{Draft, FieldError, parse_program, presets, validate};

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
    assert!(e[0].message.contains("1 to 100000"), "{}", e[0].message);
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
        e[1].message.contains("platform, virtual"),
        "{}",
        e[1].message
    );
}

#[test]
fn unknown_keys_are_errors() {
    let e = errors(&[
        ("load.concurency", 10.into()),
        ("async.mail.cores", 3.into()),
    ]);
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(e.iter().all(|e| e.message.contains("unknown")));
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
    assert!(e[0].message.contains("100"));
}

#[test]
fn executor_max_below_core_is_an_error() {
    let e = errors(&[
        ("async.mail.core", 10.into()),
        ("async.mail.max", 5.into()),
        ("program", "async(mail){io:1ms}".into()),
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
            .message
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
        ("io:2h", "unit"),
        ("io:7200s", "longer than one hour"),
        ("async{io:1ms}", "'('"),
        ("async(9x){io:1ms}", "executor name"),
        ("wait:5ms", "inside sync"),
        ("lock{wait:5ms}", "inside sync"),
        ("sync{async(mail){wait:5ms}}", "inside sync"),
    ] {
        let err = parse_program(text)
            .err()
            .unwrap_or_else(|| panic!("{text:?} should not parse"));
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
    assert!((p.program.mean_cpu_ns() - 1e6).abs() < 1.0);
    assert!((p.program.mean_db_hold_ns() - 2e6).abs() < 1.0);
}
