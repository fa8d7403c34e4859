//! Issue 9, "Hardening": every run stops at its budgets (events, simulated
//! time, the simulator's own memory) whatever the program, says so, and keeps
//! its partial results; nothing in a report is NaN, infinite or above 100 %.

use threadlab::cli::json_report;
use threadlab::scenario::parse_program;
use threadlab::sim::{self, Config, Outcome, Report, Simulation};

use crate::helpers::config;

/// A config with `program` put in after validation, so that the engine is
/// tested on programs the scenario layer may refuse (a request path that
/// takes no time): the engine must stay bounded without that gate.
fn unchecked(settings: &[(&str, &str)], program: &str) -> Config {
    let parsed = parse_program(program).expect("the test program parses");
    // A stand-in that validates and names the same executors in the same order.
    let stand_in: Vec<String> = std::iter::once("io:1ms".to_string())
        .chain(
            parsed
                .executors
                .iter()
                .map(|e| format!("async({e}){{io:1ms}}")),
        )
        .collect();
    let stand_in = stand_in.join(",");
    let mut s = settings.to_vec();
    s.push(("program", &stand_in));
    let mut cfg = config(&s);
    cfg.program = parsed.program;
    cfg
}

/// The programs of issue 9 whose request path takes no simulated time.
const ZERO_TIME: [&str; 5] = [
    "cpu:0ms",
    "cpu:exp(0ms)",
    "cpu:0.4ns",
    "sync{cpu:0ms}",
    "async(e){io:1ms}",
];

fn one_worker(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut s = vec![
        ("load.concurrency", "1"),
        ("async.e.kind", "pool"),
        ("async.e.core", "1"),
    ];
    s.extend_from_slice(extra);
    s
}

/// Issue 9 defect 1: `--set load.duration_s=0.5 --set program=cpu:0ms --set
/// limits.max_events=1000` never ended (the ready list grew by a gigabyte a
/// second within one event).
#[test]
fn zero_time_requests_stop_at_the_event_budget() {
    for program in ZERO_TIME {
        let cfg = unchecked(
            &one_worker(&[("load.duration_s", "0.5"), ("limits.max_events", "1000")]),
            program,
        );
        let r = sim::run(&cfg);
        assert_eq!(r.outcome, Outcome::BudgetExceeded, "{program}");
        assert_eq!(r.events, 1000, "{program}: stops exactly at its budget");
        assert!(
            r.outcome_detail.contains("1000 events"),
            "{program}: {}",
            r.outcome_detail
        );
        assert!(r.sent > 100, "{program}: partial results kept ({})", r.sent);
        assert_eq!(r.sim_time_s, 0.0, "{program}");
    }
}

/// Issue 9 defect 1: a fixed request count of zero-time requests reported
/// "1 events" for 10⁶ requests, and 10¹⁵ req/s.
#[test]
fn zero_time_requests_count_as_work_and_report_no_rate() {
    let cfg = unchecked(&one_worker(&[("load.requests", "100000")]), "cpu:0ms");
    let r = sim::run(&cfg);
    assert_eq!(r.outcome, Outcome::Completed);
    assert_eq!(r.completed, 100_000);
    assert!(r.events >= 100_000, "every request is work: {}", r.events);
    assert_eq!(r.sim_time_s, 0.0);
    // No simulated time passed: a rate is not defined, and is reported as 0.
    assert_eq!(r.throughput_rps, 0.0);
    assert_eq!(r.goodput_rps, 0.0);
    assert_eq!(r.little.throughput_rps, 0.0);
    assert!(
        r.outcome_detail.contains("no simulated time"),
        "{}",
        r.outcome_detail
    );
    assert!(r.series.throughput_rps.iter().all(|x| *x == 0.0));
}

/// The budget holds across slices: a run advanced a few units at a time is
/// the run done in one call, also when a slice ends in the middle of the
/// fibers one event made ready.
#[test]
fn slicing_a_zero_time_run_does_not_change_it() {
    for program in ZERO_TIME {
        let cfg = unchecked(
            &one_worker(&[("load.duration_s", "0.5"), ("limits.max_events", "5000")]),
            program,
        );
        let whole = json_report(&sim::run(&cfg), true);
        let mut sliced = Simulation::new(cfg);
        let mut calls = 0;
        while !sliced.advance(7) {
            calls += 1;
        }
        assert!(calls > 500, "{program}: {calls} slices");
        assert_eq!(json_report(&sliced.finish(), true), whole, "{program}");
    }
}

/// A short random program that takes a little time: `io:exp(1ns)` is often
/// 0 ns, and the run must still end at its budget.
#[test]
fn nearly_zero_time_requests_stop_at_the_event_budget() {
    let cfg = unchecked(
        &one_worker(&[("load.duration_s", "0.5"), ("limits.max_events", "100000")]),
        "io:exp(1ns)",
    );
    let r = sim::run(&cfg);
    assert_eq!(r.outcome, Outcome::BudgetExceeded);
    assert_eq!(r.events, 100_000);
    assert_finite(&r);
}

/// Every number in the report is finite.
#[track_caller]
fn assert_finite(r: &Report) {
    let json = json_report(r, true);
    assert!(!json.contains("null"), "a NaN or infinity in {json}");
}
