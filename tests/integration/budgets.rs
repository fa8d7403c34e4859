//! Every run stops at its budgets (events, simulated
//! time, the simulator's own memory) whatever the program, says so, and keeps
//! its partial results; nothing in a report is NaN, infinite or above 100 %.

use threadlab::bench::{STOP_ASYNC, STOP_OPEN, STOP_VIRTUAL};
use threadlab::cli::json_report;
use threadlab::scenario::parse_program;
use threadlab::sim::report::{Ending, OwnPart};
use threadlab::sim::{self, Config, Outcome, Report, Simulation};

use crate::helpers::{Words, config};

/// A config with `program` put in after validation, so that the engine is
/// tested on programs the scenario layer may refuse (a request path that
/// takes no time): the engine must stay bounded without that gate.
fn unchecked(settings: &[(&str, &str)], program: &str) -> Config {
    let parsed = parse_program(program).expect("the test program parses");
    // A stand-in that validates and names the same executors in the same order.
    // The settings' executors too: validation refuses one no step names.
    let configured = settings.iter().filter_map(|(k, _)| {
        let name = k.strip_prefix("async.")?.split('.').next()?;
        (!parsed.executors.iter().any(|e| e == name)).then(|| name.to_string())
    });
    let mut names: Vec<String> = parsed.executors.iter().cloned().chain(configured).collect();
    names.dedup();
    let stand_in: Vec<String> = std::iter::once("io:1ms".to_string())
        .chain(names.iter().map(|e| format!("async({e}){{io:1ms}}")))
        .collect();
    let stand_in = stand_in.join(",");
    let mut s = settings.to_vec();
    s.push(("program", &stand_in));
    let mut cfg = config(&s);
    cfg.program = parsed.program;
    cfg
}

/// The programs whose request path takes no simulated time.
const ZERO_TIME: [&str; 5] = [
    "cpu:0ms",
    "cpu:exp(0ms)",
    "cpu:0.4ns",
    "sync{cpu:0ms}",
    "async(e){io:1ms}",
];

fn one_worker(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut s = vec![
        // Requests that take no simulated time are the premise: a
        // collector's pauses would take some.
        ("gc.collector", "none"),
        ("load.concurrency", "1"),
        ("async.e.kind", "pool"),
        ("async.e.core", "1"),
    ];
    // A connect takes time: here nothing may.
    s.extend(crate::helpers::FREE_CONNECTS);
    s.extend_from_slice(extra);
    s
}

/// A defect once: `--set load.duration_s=0.5 --set program=cpu:0ms --set
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
            r.outcome_detail().contains("1000 events"),
            "{program}: {}",
            r.outcome_detail()
        );
        assert!(r.sent > 100, "{program}: partial results kept ({})", r.sent);
        assert_eq!(r.sim_time_s, 0.0, "{program}");
    }
}

/// A fixed request count of zero-time requests reported
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
        r.outcome_detail().contains("no simulated time"),
        "{}",
        r.outcome_detail()
    );
    assert!(r.series.throughput_rps.iter().all(|x| *x == 0.0));
    assert_finite(&r);
}

/// A run stopped before any simulated time passed, with CPU
/// bursts in service at t = 0, reported the CPU as busy (25 % here, up to
/// 100 %) over the 1 ns stand-in for its length: a utilisation over no time
/// is not defined, and is reported as 0, as the rates.
#[test]
fn a_run_stopped_at_zero_time_reports_no_utilisation() {
    let r = crate::helpers::run(&[
        ("limits.max_events", "20"),
        ("load.rtt_ms", "0"),
        ("load.connect_cpu_ms", "0"),
        ("server.accept_us", "0"),
        ("server.context_switch_us", "0"),
        ("jvm.thread_start_us", "0"),
        ("program", "cpu:1ms"),
        ("load.concurrency", "20"),
    ]);
    assert_eq!(r.sim_time_s, 0.0, "{}", r.outcome_detail());
    let s = &r.server;
    for (name, u) in [
        ("cpu", s.cpu_utilisation),
        ("tomcat", s.tomcat_utilisation),
        ("carriers", s.carrier_utilisation),
        ("db", s.db_utilisation),
        ("bottleneck", r.bottleneck.utilisation),
    ] {
        assert_eq!(u, 0.0, "{name}: {u}");
    }
    assert!(
        r.outcome_detail().contains("utilisations are not defined"),
        "{}",
        r.outcome_detail()
    );
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

/// A validated config with the simulator's own memory budget set to `mib`.
/// A runaway scenario of the benchmarks (a defect once), cut at
/// 4·10⁶ events so a test that fails does not run for minutes.
fn runaway(settings: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut s = settings.to_vec();
    s.push(("limits.max_events", "4000000"));
    s
}

fn with_memory_budget(settings: &[(&str, &str)], mib: u64) -> Config {
    // What grows here is the simulator's own structures, named part by
    // part; a collector's pauses would hold requests in a part of their own.
    let mut settings = settings.to_vec();
    settings.push(("gc.collector", "none"));
    let mut cfg = config(&settings);
    cfg.limits.max_sim_memory = mib << 20;
    cfg
}

#[track_caller]
fn assert_memory_stop(r: &Report, mib: u64, most: OwnPart) {
    assert_eq!(r.outcome, Outcome::BudgetExceeded, "{}", r.outcome_detail());
    let Ending::OwnMemory {
        budget_mib,
        held_mib,
        most: named,
        ..
    } = r.ending
    else {
        panic!("not the simulator's memory budget: {}", r.outcome_detail());
    };
    assert_eq!(
        (budget_mib, named),
        (mib as f64, most),
        "{}",
        r.outcome_detail()
    );
    let said = r.outcome_detail();
    assert!(
        said.contains(&format!("own memory budget of {mib} MiB")),
        "{said}"
    );
    assert!(r.sent > 0, "partial results kept");
    assert_finite(r);
    // Capacities double between checks, so what the stop reports can be
    // past the budget: it says "about", and by how much at most.
    assert!(
        held_mib <= 2.0 * mib as f64 + 1.0,
        "{held_mib} MiB for {mib}"
    );
}

/// Open load at 10⁷ req/s once reached 21 GB. What grows now is the
/// requests in progress: each time-out keeps at most one event per request
/// slot (`timers`), so the pending events no longer lead.
#[test]
fn an_open_load_far_beyond_capacity_stops_at_the_memory_budget() {
    let cfg = with_memory_budget(&runaway(STOP_OPEN), 16);
    let r = sim::run(&cfg);
    assert_memory_stop(&r, 16, OwnPart::Fibers);
    assert!(r.completed > 100_000, "{}", r.completed);
}

/// 100,000 workers feeding a one-thread `@Async` pool
/// with an unbounded queue passed 6 GB.
#[test]
fn an_unbounded_executor_queue_stops_at_the_memory_budget() {
    let cfg = with_memory_budget(&runaway(STOP_ASYNC), 16);
    let r = sim::run(&cfg);
    assert_memory_stop(&r, 16, OwnPart::Fibers);
}

/// Open load at 10⁶ req/s on virtual threads with no
/// client timeout passed 6 GB: every request stays in progress.
#[test]
fn open_load_without_a_timeout_stops_at_the_memory_budget() {
    let cfg = with_memory_budget(&runaway(STOP_VIRTUAL), 16);
    let r = sim::run(&cfg);
    assert_memory_stop(&r, 16, OwnPart::Fibers);
    assert!(r.in_flight > 10_000, "{}", r.in_flight);
}

/// The memory budget stops a run at the same event whether it is advanced
/// in one call or in slices.
#[test]
fn a_memory_stop_is_the_same_in_slices() {
    let cfg = with_memory_budget(
        &[
            ("load.kind", "open"),
            ("load.rate_rps", "1000000"),
            ("load.timeout_ms", "0"),
            ("load.duration_s", "100"),
            ("program", "io:1s"),
            ("limits.max_events", "1000000"),
        ],
        4,
    );
    let whole = sim::run(&cfg);
    assert_eq!(whole.outcome, Outcome::BudgetExceeded);
    let mut sliced = Simulation::new(cfg);
    while !sliced.advance(1000) {}
    assert_eq!(
        json_report(&sliced.finish(), true),
        json_report(&whole, true)
    );
}

#[test]
fn the_default_memory_budget_is_512_mib() {
    assert_eq!(config(&[]).limits.max_sim_memory, 512 << 20);
}

/// Events can be costly (every client reset at once, a scan of 1,024
/// cores): an event budget does not bound the real time a run takes, so the
/// driver keeps a wall-clock budget. Here the clock is a counter: each look
/// at it is a second, so the run stops at its third look, deterministically.
#[test]
fn a_run_stops_at_its_wall_clock_budget_with_partial_results() {
    let mut cfg = config(&[
        ("load.concurrency", "200"),
        ("load.requests", "null"),
        ("load.duration_s", "600"),
        ("program", "io:1ms"),
        ("server.threads_max", "200"),
        ("limits.max_wall_s", "3"),
    ]);
    let mut looks = 0.0;
    let r = sim::run_timed(&cfg, &mut || {
        looks += 1.0;
        looks
    });
    assert_eq!(r.outcome, Outcome::BudgetExceeded);
    assert!(
        r.outcome_detail().contains("wall-clock budget of 3 s")
            && r.outcome_detail().contains("events per simulated second"),
        "{}",
        r.outcome_detail()
    );
    assert_eq!(looks, 3.0);
    assert!(
        r.completed > 0 && r.sim_time_s < 600.0,
        "partial results kept"
    );
    assert_finite(&r);
    // A clock that stands still changes nothing.
    cfg.load.duration = Some(2_000_000_000);
    let timed = sim::run_timed(&cfg, &mut || 0.0);
    assert_eq!(
        json_report(&timed, true),
        json_report(&sim::run(&cfg), true)
    );
}

/// A run whose events all happen at one simulated instant says so when the
/// wall clock stops it.
#[test]
fn a_run_spinning_at_one_instant_says_so() {
    let mut sim = Simulation::new(config(&[]));
    sim.stop_at_wall_budget(1.0);
    let r = sim.finish();
    assert_eq!(r.outcome, Outcome::BudgetExceeded);
    assert!(
        r.outcome_detail().contains("at one simulated instant"),
        "{}",
        r.outcome_detail()
    );
}
