//! The worker's results, natively: messages taken in (stale ones dropped,
//! sweep points sorted), their JSON, the digest of a report, a run's card,
//! and the sweep's point at the scenario's own concurrency.

use std::rc::Rc;

use super::{edit, feed, simulate, small_job};
use crate::app::page::state::Results;
use crate::app::worker::job::{Plan, RunKind, run_blocking};
use crate::app::*;
use crate::fidelity::Measured;
use crate::scenario::validate;

#[test]
fn worker_messages_fill_the_results_and_stale_ones_are_dropped() {
    let mut s = State::default();
    let job = small_job(&s);
    let messages = run_blocking(&job);
    // A message of an older job changes nothing.
    let mut stale = messages[1].clone();
    stale.generation -= 1;
    s.reduce(Action::Workers(vec![stale]));
    assert_eq!(s.results, Results::default());
    feed(&mut s, messages);
    let r = &s.results;
    assert!(r.done && r.failure.is_none());
    assert_eq!(r.progress.runs_done, 2);
    assert_eq!(r.progress.fraction(), 1.0);
    assert!(r.events > 0);
    assert_eq!(r.axis, Some(SweepAxis::Concurrency));
    assert_eq!(r.bounds.len(), 2);
    for m in MODES {
        let run = r.singles.get(m).as_ref().expect("each mode's run");
        assert_eq!(run.mode, m);
        assert!(!r.rows.get(m).is_empty(), "E2's figures beside {m:?}");
    }
    assert_eq!(r.runs(Modes::Both).len(), 2);
    // Running one mode drops the other's run when a new one arrives.
    s.reduce(Action::SetModes(Modes::Virtual));
    let job = small_job(&s);
    feed(&mut s, run_blocking(&job));
    assert!(s.results.singles.platform.is_none());
    assert!(s.results.singles.virtual_threads.is_some());
}

#[test]
fn a_new_job_keeps_the_old_runs_until_new_ones_arrive() {
    let mut s = State::default();
    simulate(&mut s);
    edit(&mut s, None, "server.threads_max", "150");
    let messages = run_blocking(&small_job(&s));
    s.reduce(Action::Workers(vec![messages[0].clone()]));
    let r = &s.results;
    assert!(!r.done, "a new job is under way");
    assert_eq!(r.progress.runs_done, 0);
    assert!(r.singles.platform.is_some(), "the old run stays on screen");
}

#[test]
fn sweep_points_arrive_sorted_per_mode_and_failures_are_worded() {
    let mut s = State::default();
    let g = s.generation;
    let point = |x: f64| {
        Box::new(Message {
            generation: g,
            output: Output::Point {
                mode: Mode::Virtual,
                point: SweepPoint {
                    x,
                    ..SweepPoint::default()
                },
            },
        })
    };
    for x in [100.0, 1.0, 10.0] {
        s.reduce(Action::Workers(vec![*point(x)]));
    }
    let xs: Vec<f64> = s
        .results
        .sweep
        .virtual_threads
        .iter()
        .map(|p| p.x)
        .collect();
    assert_eq!(xs, [1.0, 10.0, 100.0]);
    assert!(s.results.sweep.platform.is_empty());
    s.reduce(Action::Workers(vec![Message {
        generation: g,
        output: Output::Invalid {
            mode: Mode::Platform,
        },
    }]));
    assert_eq!(
        s.results.failure.map(|f| f.to_string()).as_deref(),
        Some("the platform scenario does not validate")
    );
}

#[test]
fn worker_messages_round_trip_through_json() {
    let s = State::with_preset("e3-cpu-platform");
    let messages = run_blocking(&small_job(&s));
    let rows_with_words = messages.iter().any(|m| match &m.output {
        Output::Single { rows, .. } => rows.iter().any(|r| matches!(r.measured, Measured::Text(_))),
        _ => false,
    });
    assert!(rows_with_words, "E3 has a figure in words");
    for mut m in messages.clone() {
        let json = serde_json::to_string(&m).unwrap();
        let back: Message = serde_json::from_str(&json).unwrap();
        // A row's preset and finding stay out of the JSON (and the page).
        if let Output::Single { rows, .. } = &mut m.output {
            for r in rows {
                (r.preset, r.finding) = ("", "");
            }
        }
        // Every number arrives exactly (serde_json's `float_roundtrip`).
        assert!(back == m, "{json}");
    }
    let json = serde_json::to_string(&messages[1]).unwrap();
    assert!(
        json.contains(r#""mode":"platform""#),
        "modes as words: {json}"
    );
}

#[test]
fn a_digest_is_what_the_page_needs_of_a_report() {
    let mut s = State::default();
    simulate(&mut s);
    let run: Rc<RunView> = s.results.singles.platform.clone().unwrap();
    assert_eq!(run.finished, 400);
    assert_eq!(run.error_pct, 0.0);
    assert!(!run.series.t_s.is_empty() && !run.timeline.lanes.is_empty());
    assert!(!run.timeline.carriers);
    assert!(
        s.results
            .singles
            .virtual_threads
            .as_ref()
            .unwrap()
            .timeline
            .carriers
    );
}

/// Each run's card says what the JVM did beside the requests:
/// G1's pauses when a collector ran, a cold start's costs when it started
/// cold; a warm run without a collector says nothing of either.
#[test]
fn a_run_says_what_its_collector_and_its_cold_start_did() {
    let view = |settings: &[(&str, &str)]| {
        let mut d = crate::scenario::Draft::new();
        for (k, v) in [("load.requests", "2000"), ("program", "cpu:0.2ms,io:5ms")]
            .iter()
            .chain(settings)
        {
            d.set(k, v).unwrap();
        }
        let cfg = validate(&d).unwrap();
        RunView::from_report(Mode::Platform, &crate::sim::run(&cfg))
    };
    let cold = view(&[
        ("jvm.start", "cold"),
        ("memory.heap_mb", "128"),
        ("gc.alloc_kb", "1024"),
    ]);
    let lines = cold.jvm_lines(crate::i18n::Locale::En);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("G1: ") && lines[0].contains("young"),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("cold start: DispatcherServlet initialised"),
        "{lines:?}"
    );
    let quiet = view(&[("jvm.start", "warm"), ("gc.collector", "none")]);
    let lines = quiet.jvm_lines(crate::i18n::Locale::En);
    assert!(lines.is_empty(), "{lines:?}");
}

/// The sweep's point at the scenario's own concurrency
/// is the mode's full run, so the curve passes through the cards' figures;
/// it is not run again as a short sweep run (a 20,000-request run on a
/// cold JVM showed 11,492 req/s where the card said 12,781). The chart's
/// caption says what the other points are.
#[test]
fn the_sweeps_point_at_the_scenarios_concurrency_is_the_cards_run() {
    let mut s = State::with_preset("pinning-jdk24");
    let job = s.job();
    let plan = Plan::of(&job);
    let here = 200.0;
    assert!(plan.xs.contains(&here), "{:?}", plan.xs);
    for mode in [Mode::Platform, Mode::Virtual] {
        assert!(
            plan.full_points.contains(&(mode, here)),
            "{:?}",
            plan.full_points
        );
        let short = (plan.runs.iter())
            .filter(|r| r.kind == RunKind::Point { mode, x: here })
            .count();
        assert_eq!(short, 0, "{mode:?}: the own point is not run twice");
    }
    feed(&mut s, run_blocking(&job));
    for mode in [Mode::Platform, Mode::Virtual] {
        let card = s.results.singles.get(mode).clone().expect("the full run");
        let pts = s.results.sweep.get(mode);
        assert_eq!(pts.len(), plan.xs.len(), "{mode:?}: every x has its point");
        let own: Vec<&SweepPoint> = pts.iter().filter(|p| p.full_run).collect();
        assert_eq!(own.len(), 1, "{mode:?}");
        let p = own[0];
        assert_eq!(p.x, here);
        assert_eq!(p.goodput_rps, card.goodput_rps, "{mode:?}");
        assert_eq!(p.throughput_rps, card.throughput_rps, "{mode:?}");
        assert_eq!(p.p50_ms, card.latency.p50, "{mode:?}");
        assert_eq!(p.p99_ms, card.latency.p99, "{mode:?}");
        assert_eq!(p.error_pct, card.error_pct, "{mode:?}");
    }
    let views = crate::app::show::charts::charts(&s);
    let sweep = views
        .iter()
        .find(|c| c.id == "chart-sweep-throughput")
        .unwrap();
    assert!(
        sweep.about.contains("full run, the cards' figures")
            && sweep.about.contains("short run of ≥ 20,000 requests"),
        "{}",
        sweep.about
    );
}
