//! Studies natively: bounded runs, two outputs against the model's noise,
//! the migration what-if, a plan, refusals, and their messages as JSON.

use super::*;

/// A hey run as pasted: its command line, then its output.
macro_rules! hey {
    ($name:literal) => {
        concat!(
            include_str!(concat!("../../../tests/samples/hey/", $name, ".cmd")),
            include_str!(concat!("../../../tests/samples/hey/", $name))
        )
    };
}

fn run(c: &Config) -> Report {
    crate::sim::run(c)
}

/// The default service with a program short enough for the hey samples'
/// 20 ms sleep to fit (as `import --set program=cpu:0.1ms`).
fn draft() -> Draft {
    let mut d = crate::scenario::default_preset().draft();
    d.set("program", "cpu:0.1ms").unwrap();
    d
}

#[test]
fn a_study_is_bounded_in_requests_events_and_time() {
    let mut d = draft();
    d.set("load.requests", "1000000").unwrap();
    let b = bounded(&d);
    let cfg = validate(&b).unwrap();
    assert_eq!(cfg.load.requests, Some(STUDY_REQUESTS));
    assert_eq!(cfg.limits.max_events, SWEEP_MAX_EVENTS);
    assert_eq!(cfg.limits.max_wall_s, STUDY_MAX_WALL_S);
    d.set("load.concurrency", "10").unwrap();
    d.set("load.requests", "300").unwrap();
    assert_eq!(validate(&bounded(&d)).unwrap().load.requests, Some(300));
}

#[test]
fn two_outputs_compare_figure_by_figure_beside_the_models_noise() {
    let q = Question::Versus {
        draft: draft(),
        first: hey!("sweep-slow-n800-c5.txt").into(),
        second: hey!("sweep-slow-n800-c40.txt").into(),
    };
    let mut study = Study::new(q);
    let mut steps = 0;
    while study.step(&mut run) {
        steps += 1;
        assert_eq!(study.progress().runs, steps, "one seed per step");
    }
    assert_eq!(study.progress().of, NOISE_SEEDS as usize);
    let Some(Finding::Versus {
        changes,
        noise_runs,
    }) = study.finding()
    else {
        panic!("{:?}", study.finding());
    };
    assert_eq!(*noise_runs, NOISE_SEEDS as usize);
    let rate = (changes.iter())
        .find(|c| c.figure == yours::Figure::Rate)
        .expect("both print a rate");
    assert!(rate.noise_pct.is_some() && rate.beyond_noise.is_some());
    assert!(rate.after > rate.before, "40 clients serve more than 5");
}

#[test]
fn the_migration_what_if_fits_the_pasted_run_then_switches() {
    let q = Question::Migrate {
        draft: draft(),
        text: hey!("sweep-slow-n800-c40.txt").into(),
        changes: vec![("server.mode".into(), "virtual".into())],
    };
    let mut runs = 0;
    let f = run_to_end(q, &mut |c| {
        runs += 1;
        run(c)
    });
    let Finding::Migrate {
        fit: Ok(fit),
        what_if: Some(w),
    } = f
    else {
        panic!("{f:?}");
    };
    // A 20 ms sleep behind Python's server, found as waiting.
    assert!((15.0..25.0).contains(&fit.wait_ms), "{}", fit.wait_ms);
    assert_eq!(runs, fit.runs + 2, "the fit's runs, then before and after");
    assert!(runs <= fit::MOST_RUNS + 2);
    assert_eq!(w.changes, vec![("server.mode".into(), "virtual".into())]);
    // The bottleneck's sentence is made here, where the run's figures are:
    // it crosses to the page whole.
    let nothing = crate::summary::said::bottleneck(&Default::default());
    assert_ne!(
        w.before.bottleneck_said, nothing,
        "{:?}",
        w.before.bottleneck
    );
    let back: fit::WhatIf = serde_json::from_str(&serde_json::to_string(&*w).unwrap()).unwrap();
    assert_eq!(back.before.bottleneck_said, w.before.bottleneck_said);
}

#[test]
fn what_cannot_be_studied_is_refused_naming_the_field() {
    let q = Question::Migrate {
        draft: draft(),
        text: "hello".into(),
        changes: Vec::new(),
    };
    assert!(matches!(run_to_end(q, &mut run), Finding::Refused(_)));
    let q = Question::Migrate {
        draft: draft(),
        text: hey!("slow-n400-c20.txt").into(),
        changes: vec![("server.mode".into(), "sideways".into())],
    };
    let Finding::Refused(e) = run_to_end(q, &mut run) else {
        panic!("a change that does not validate");
    };
    assert!(e.to_string().contains("server.mode"), "{e}");
}

#[test]
fn a_plan_steps_until_it_has_its_answer_and_says_its_knobs() {
    let mut d = draft();
    d.set("program", "io:exp(20ms)").unwrap();
    d.set("load.rtt_ms", "0").unwrap();
    let target = Target {
        rps: 500.0,
        percentile: 99.0,
        latency_ms: 200.0,
        error_pct: crate::app::capacity::DEFAULT_ERROR_PCT,
    };
    let mut study = Study::new(Question::Plan { draft: d, target });
    let mut first_answer = None;
    let mut steps = 0;
    while study.step(&mut run) {
        steps += 1;
        if study.progress().answered && first_answer.is_none() {
            first_answer = Some(steps);
        }
    }
    assert!(study.progress().answered, "said once it has one");
    assert!(
        first_answer.is_some_and(|s| s <= steps),
        "{first_answer:?} of {steps}"
    );
    let Some(Finding::Plan(p)) = study.finding() else {
        panic!("{:?}", study.finding());
    };
    assert_eq!(
        p.knobs.first().map(String::as_str),
        Some("server.threads_max")
    );
    assert!(!p.answers.is_empty() && p.out_of_reach.is_none());
}

#[test]
fn a_finding_crosses_to_the_page_as_json_and_back() {
    let q = Question::Versus {
        draft: draft(),
        first: hey!("slow-n400-c20.txt").into(),
        second: hey!("sweep-slow-n800-c20.txt").into(),
    };
    let f = run_to_end(q.clone(), &mut run);
    let text = serde_json::to_string(&f).unwrap();
    assert_eq!(serde_json::from_str::<Finding>(&text).unwrap(), f);
    let r = Request { id: 3, question: q };
    let text = serde_json::to_string(&r).unwrap();
    assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), r);
}

#[test]
fn the_workers_study_messages_cross_as_json() {
    use crate::app::worker::supervise::{FromWorker, ToWorker};
    let q = Question::Plan {
        draft: draft(),
        target: Target {
            rps: 100.0,
            percentile: 99.0,
            latency_ms: 50.0,
            error_pct: 0.1,
        },
    };
    let to = ToWorker::Study(Box::new(Request { id: 9, question: q }));
    let text = serde_json::to_string(&to).unwrap();
    assert_eq!(serde_json::from_str::<ToWorker>(&text).unwrap(), to);
    let from = FromWorker::Studying {
        id: 9,
        progress: Progress {
            runs: 1,
            of: 200,
            answered: true,
        },
    };
    let text = serde_json::to_string(&from).unwrap();
    assert_eq!(serde_json::from_str::<FromWorker>(&text).unwrap(), from);
    // A ceiling's judgement has no latency (NaN): it must still read back.
    let f = run_to_end(
        Question::Plan {
            draft: draft(),
            target: Target {
                rps: 1e6,
                percentile: 99.0,
                latency_ms: 50.0,
                error_pct: 0.1,
            },
        },
        &mut run,
    );
    let from = FromWorker::Studied {
        id: 9,
        finding: Box::new(f),
    };
    let text = serde_json::to_string(&from).unwrap();
    let back: FromWorker = serde_json::from_str(&text).unwrap();
    let (FromWorker::Studied { finding: a, .. }, FromWorker::Studied { finding: b, .. }) =
        (&back, &from)
    else {
        panic!("{back:?}");
    };
    let (Finding::Plan(a), Finding::Plan(b)) = (&**a, &**b) else {
        panic!("{a:?}");
    };
    let reach = |p: &PlanAnswer| {
        p.out_of_reach
            .clone()
            .map(|a| a.judgement.latency_ms.is_nan())
    };
    assert_eq!(
        reach(a),
        Some(true),
        "a million req/s is out of reach by a ceiling"
    );
    assert_eq!(reach(a), reach(b));
}
