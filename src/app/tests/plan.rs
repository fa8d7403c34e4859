//! The job plan, natively: its order (full runs, then the sweep coarse
//! first), its bounds on events and memory, and a run that does not
//! validate.

use super::small_job;
use crate::app::run::plan::{
    PAGE_MAX_SIM_MEMORY_MB, SINGLE_MAX_EVENTS, SWEEP_MAX_EVENTS, fill_order, single, sweep_point,
    sweep_points,
};
use crate::app::worker::job::{Plan, RunKind, run_blocking};
use crate::app::*;
use crate::scenario::{preset, validate};

#[test]
fn a_plan_runs_each_mode_fully_then_the_sweep_coarse_first() {
    let mut job = State::default().job();
    let plan = Plan::of(&job);
    let n = plan.xs.len();
    // Each mode's point at the scenario's own concurrency is its full run.
    assert_eq!(plan.full_points.len(), 2);
    assert_eq!(plan.runs.len(), 2 + 2 * n - 2);
    assert!(matches!(
        plan.runs[0].kind,
        RunKind::Single {
            mode: Mode::Platform,
            ..
        }
    ));
    assert!(matches!(
        plan.runs[1].kind,
        RunKind::Single {
            mode: Mode::Virtual,
            ..
        }
    ));
    let first = plan.xs[fill_order(n)[0]];
    let last = plan.xs[fill_order(n)[1]];
    assert_eq!(
        plan.runs[2].kind,
        RunKind::Point {
            mode: Mode::Platform,
            x: first
        }
    );
    assert_eq!(
        plan.runs[3].kind,
        RunKind::Point {
            mode: Mode::Virtual,
            x: first
        }
    );
    assert_eq!(
        plan.runs[4].kind,
        RunKind::Point {
            mode: Mode::Platform,
            x: last
        }
    );
    assert!(plan.runs.iter().all(|r| r.config().is_some()));
    assert_eq!(plan.bounds.len(), 2);
    let Output::Progress(p) = plan.progress(3, 0.5).output else {
        panic!("progress")
    };
    assert_eq!((p.runs_done, p.runs), (3, plan.runs.len() as u32));
    job.sweep = false;
    assert_eq!(Plan::of(&job).runs.len(), 2);
    job.modes.clear();
    let empty = Plan::of(&job);
    assert!(empty.runs.is_empty() && empty.xs.is_empty());
}

#[test]
fn a_run_that_does_not_validate_says_so() {
    let mut job = small_job(&State::default());
    job.modes[0].draft.set("server.cores", "0").unwrap();
    let messages = run_blocking(&job);
    assert!(messages.iter().any(|m| m.output
        == Output::Invalid {
            mode: Mode::Platform
        }));
    assert!(matches!(
        messages.last().unwrap().output,
        Output::Done { .. }
    ));
}

#[test]
fn plans_are_bounded_and_include_the_scenario() {
    let d = preset("e2-platform").unwrap().draft();
    let (axis, xs) = sweep_points(&d);
    assert_eq!(axis, SweepAxis::Concurrency);
    assert!(xs.len() >= 20 && xs.contains(&2000.0) && xs[0] == 1.0);
    let p = sweep_point(&d, Mode::Virtual, axis, 2000.0);
    let cfg = validate(&p).unwrap();
    assert_eq!(cfg.limits.max_events, SWEEP_MAX_EVENTS);
    assert_eq!(
        cfg.limits.max_sim_memory,
        PAGE_MAX_SIM_MEMORY_MB * crate::sim::config::MIB
    );
    assert_eq!(cfg.server.mode, Mode::Virtual);
    let s = validate(&single(&d, Mode::Platform)).unwrap();
    assert_eq!(s.limits.max_events, SINGLE_MAX_EVENTS);
    let mut o = fill_order(25);
    assert_eq!(o[..2], [0, 24]);
    o.sort();
    assert_eq!(o, (0..25).collect::<Vec<_>>());
    assert_eq!(nearest(&[1.0, 10.0, 100.0], 40.0, true), Some(2));
    assert_eq!(nearest(&[1.0, 10.0, 100.0], 40.0, false), Some(1));
}
