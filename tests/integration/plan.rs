//! `threadlab plan`: the smallest configurations for a target, out of
//! reach said with why, and bad flags refused in one line each.

use threadlab::cli::{EXIT_BAD_INPUT, Output, main};

fn cli(args: &[&str]) -> Output {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    main(&args, &crate::cli::no_file)
}

#[test]
fn plan_finds_erlang_cs_thread_count_for_an_mmc_service() {
    let out = cli(&[
        "plan",
        "--target-rps",
        "400",
        "--p99-ms",
        "300",
        "--set",
        "program=io:exp(50ms)",
        "--set",
        "load.rtt_ms=0",
        "--set",
        "load.connect_cpu_ms=0",
        "--knobs",
        "server.threads_max",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let smallest = (1..1000u32)
        .find(|&c| threadlab::theory::erlang_c_response_quantile(400.0, 0.05, c, 0.99) <= 0.3)
        .unwrap();
    let a = &v["answers"][0];
    assert_eq!(a["judgement"]["how"], "formula");
    let threads = a["settings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p[0] == "server.threads_max")
        .unwrap();
    assert_eq!(threads[1], smallest.to_string());
    // Only the largest, virtual threads (no formula: no pool), is simulated.
    assert_eq!(v["runs"], 1);
    assert!(v["stopped"].is_null());
}

#[test]
fn plan_says_why_a_target_is_out_of_reach() {
    let out = cli(&[
        "plan",
        "--target-rps",
        "50000",
        "--p99-ms",
        "100",
        "--set",
        "program=cpu:5ms",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("out of reach"), "{}", out.stdout);
    assert!(out.stdout.contains("caps it at 12800/s"), "{}", out.stdout);
}

#[test]
fn plan_refuses_bad_flags() {
    for (args, says) in [
        (vec!["plan"], "needs --target-rps"),
        (
            vec!["plan", "--target-rps", "-5", "--p99-ms", "10"],
            "above 0",
        ),
        (
            vec![
                "plan",
                "--target-rps",
                "100",
                "--p99-ms",
                "10",
                "--knobs",
                "db.pool_size",
            ],
            "not a knob",
        ),
        (
            vec![
                "plan",
                "--target-rps",
                "100",
                "--percentile",
                "42",
                "--latency-ms",
                "10",
            ],
            "one of 50",
        ),
        (
            vec![
                "plan",
                "--target-rps",
                "100",
                "--p99-ms",
                "10",
                "--max-runs",
                "0",
            ],
            "from 1 to 1000",
        ),
        (
            vec![
                "plan",
                "--target-rps",
                "100",
                "--p99-ms",
                "10",
                "--wat",
                "1",
            ],
            "unknown option",
        ),
    ] {
        let out = cli(&args);
        assert_eq!(out.code, EXIT_BAD_INPUT, "{args:?}: {}", out.stdout);
        assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
    }
}

#[test]
fn properties_prints_the_services_settings_as_spring_binds_them() {
    let out = cli(&[
        "properties",
        "--preset",
        "e2-virtual",
        "--set",
        "db.timeout_ms=250",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("spring.threads.virtual.enabled=true  # server.mode"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("spring.datasource.hikari.connection-timeout=250ms"),
        "{}",
        out.stdout
    );
    assert!(
        !out.stdout.contains("load."),
        "the load tool is not the service: {}",
        out.stdout
    );
    let bad = cli(&["properties", "--set", "server.threads_max=0"]);
    assert_eq!(bad.code, EXIT_BAD_INPUT);
    assert!(bad.stderr.contains("server.threads_max"), "{}", bad.stderr);
}
