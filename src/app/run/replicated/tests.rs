//! The page's replications: what the plan adds after the sweep, and the
//! panel from the worker's messages, against the same seeds run as the
//! command line runs them.

use crate::app::run::plan::{PAGE_REPLICATIONS, single};
use crate::app::run::replicated::ReplicasView;
use crate::app::worker::job::{Plan, RunKind, replicas_blocking, run_blocking};
use crate::app::*;
use crate::i18n::Locale;
use crate::replicas::{self, Count, Figure, Noise};
use crate::scenario::validate;

/// The default page's job, small: a few hundred requests, no sweep.
fn small_job(s: &State) -> Job {
    let mut job = s.job();
    for m in &mut job.modes {
        m.draft.set("load.requests", "400").unwrap();
        m.draft.set("load.concurrency", "40").unwrap();
        m.draft.set("server.threads_max", "4").unwrap();
        m.draft.set("program", "io:exp(20ms)").unwrap();
    }
    job.sweep = false;
    job
}

#[test]
fn the_plan_adds_four_more_seeds_per_mode_after_its_runs() {
    // The page's default is at least five: the plan must hold four more.
    let job = State::default().job();
    let plan = Plan::of(&job);
    assert_eq!(plan.replicas.len(), 2 * (PAGE_REPLICATIONS as usize - 1));
    assert!(
        plan.runs
            .iter()
            .all(|r| !matches!(r.kind, RunKind::Replica { .. }))
    );
    let base = validate(&single(&job.modes[0].draft, Mode::Platform)).unwrap();
    let n = Count::new(u64::from(PAGE_REPLICATIONS)).unwrap();
    let seeds = replicas::seeds(base.seed, n);
    for (i, run) in plan.replicas.iter().enumerate() {
        let mode = if i % 2 == 0 {
            Mode::Platform
        } else {
            Mode::Virtual
        };
        let seed = seeds[1 + i / 2];
        assert_eq!(
            run.kind,
            RunKind::Replica { mode, seed },
            "modes take turns"
        );
        let cfg = run.config().expect("validates");
        assert_eq!(cfg.seed, seed);
        assert_eq!(cfg.record.timeline_lanes, 0, "no timeline for a replica");
    }
}

#[test]
fn the_panel_is_the_summary_of_the_seeds_the_command_line_would_run() {
    let mut s = State::default();
    let job = small_job(&s);
    let plan = Plan::of(&job);
    for m in run_blocking(&job)
        .into_iter()
        .chain(replicas_blocking(&plan))
    {
        s.reduce(Action::Workers(vec![m]));
    }
    let v = ReplicasView::of(
        &s.results.samples,
        s.setup.modes,
        s.setup.columns,
        Locale::En,
    )
    .expect("both modes in");
    assert!(v.complete);
    assert_eq!(v.heading, "Over 5 seeds");
    assert_eq!(v.rows.len(), Figure::ALL.len());
    // The same scenario through `replicas::run`, as `run --replications 5`.
    let cfg = validate(&single(&job.modes[0].draft, Mode::Platform)).unwrap();
    let n = Count::new(5).unwrap();
    let (_, cli) = replicas::run(&cfg, n, &mut |c| crate::sim::run(c));
    let page = s.results.samples.get(Mode::Platform);
    assert_eq!(page.iter().map(|x| x.seed).collect::<Vec<_>>(), cli.seeds);
    assert_eq!(replicas::Summary::of(page).figures, cli.figures);
    let p99 = &v.rows.iter().find(|r| r.figure == Figure::P99).unwrap();
    assert_eq!(p99.cells.len(), 2);
    // At 5 seeds the interval for the median is the band itself: one line.
    assert_eq!(p99.cells[0].interval, None);
    assert!(
        p99.cells[0]
            .band
            .contains("the interval for the median (93.75 % coverage)"),
        "{}",
        p99.cells[0].band
    );
    // Four platform threads for 40 clients against one virtual thread each.
    let t = v
        .rows
        .iter()
        .find(|r| r.figure == Figure::Throughput)
        .unwrap();
    let (noise, text) = t.noise.clone().expect("two modes");
    assert_eq!(noise, Noise::Apart, "{text}");
    assert!(text.ends_with("% apart, beyond the noise"), "{text}");
    assert_eq!(v.warmup.len(), 2);
    let de = ReplicasView::of(
        &s.results.samples,
        s.setup.modes,
        s.setup.columns,
        Locale::De,
    )
    .unwrap();
    assert_eq!(de.heading, "Über 5 Seeds");
}

#[test]
fn a_panel_with_some_seeds_in_says_how_many() {
    let mut s = State::default();
    let job = small_job(&s);
    for m in run_blocking(&job) {
        s.reduce(Action::Workers(vec![m]));
    }
    let v = ReplicasView::of(
        &s.results.samples,
        s.setup.modes,
        s.setup.columns,
        Locale::En,
    )
    .expect("the full runs are the first seeds");
    assert!(!v.complete);
    assert_eq!(v.heading, "Seeds: 1 of 5 so far…");
    let t = &v.rows[0];
    assert_eq!(t.noise.as_ref().map(|n| n.0), Some(Noise::Unjudged));
}

#[test]
fn an_interval_narrower_than_the_band_has_its_own_line() {
    let runs: Vec<f64> = (1..=11).map(f64::from).collect();
    let b = crate::replicas::Band::of(&runs);
    let i = b.interval.expect("an interval from 5 runs on");
    assert!(i.rank > 1, "{i:?}");
    let c = super::cell(Figure::P99, &b, Locale::En);
    assert!(!c.band.contains("interval"), "{}", c.band);
    let line = c.interval.expect("its own line");
    assert!(line.starts_with("interval for the median"), "{line}");
}
