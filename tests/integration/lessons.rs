//! The lessons are data the model backs. Every chapter's scenario
//! and every "now try" change is a valid scenario (through the form's and
//! the command line's own `--set` parsing and `scenario::validate`); each
//! chapter runs as the page runs it (`app::worker::job::Plan`, bounded), and its
//! question, theory and claims hold in what the model produces: a number
//! question's theory is within its stated distance of the run, a choice
//! has exactly one right option, every claim of a "notice" text holds.
//! Every text the lessons use exists in every language with the
//! parameters the chapter gives.

use std::rc::Rc;
use std::time::Instant;

use threadlab::app::lesson::{
    Changes, Chapter, Claim, Grade, Lesson, Part, Prediction, Question, Runs, Verdict, lessons,
    parse_errors,
};
use threadlab::app::worker::job::Plan;
use threadlab::app::{Message, Mode, Output, PerMode, RunView, Setup, State};
use threadlab::i18n::{self, Locale};
use threadlab::scenario::{Draft, mode_word, preset, validate};
use threadlab::sim::{self, Outcome};

fn the_lesson() -> &'static Lesson {
    assert!(parse_errors().is_empty(), "{:?}", parse_errors());
    threadlab::app::lesson::lesson("virtual-threads").expect("the lesson exists")
}

/// Each column's run of `setup`, as the page's worker makes it.
fn run(setup: &Setup) -> PerMode<Option<Rc<RunView>>> {
    let mut job = setup.job(1);
    job.sweep = false;
    let plan = Plan::of(&job);
    let mut views = PerMode::default();
    for r in &plan.runs {
        let cfg = r.config().expect("a chapter's run validates");
        let report = sim::run(&cfg);
        for m in plan.results(r, Some(&report)) {
            if let Message {
                output: Output::Single { run, .. },
                ..
            } = m
            {
                let mode = run.mode;
                *views.get_mut(mode) = Some(Rc::new(*run));
            }
        }
    }
    views
}

/// Asserts that a setup is valid as the page validates it.
#[track_caller]
fn assert_valid(what: &str, setup: &Setup) {
    let state = State::from(setup.clone());
    assert!(state.errors.is_empty(), "{what}: {:?}", state.errors);
}

/// Asserts that every run is complete: not stopped at a budget, no deadlock.
#[track_caller]
fn assert_complete(what: &str, setup: &Setup, views: &PerMode<Option<Rc<RunView>>>) {
    for &m in setup.modes.list() {
        let v = views
            .get(m)
            .as_ref()
            .unwrap_or_else(|| panic!("{what}: no {m:?} run"));
        assert!(!v.budget_hit, "{what} {m:?}: {}", v.outcome_said.english());
        assert_ne!(v.outcome, Outcome::Deadlock, "{what} {m:?}");
    }
}

#[track_caller]
fn assert_claims(what: &str, claims: &[Claim], runs: Runs<'_>) {
    for claim in claims {
        match claim {
            Claim::Range(c) => {
                let x = c.quantity().value(runs).expect("the run is in");
                eprintln!(
                    "{what}: {:?} {:?} = {x:.4} in [{:?}, {:?})",
                    c.metric, c.column, c.min, c.max
                );
                assert!(c.admits(x), "{what}: {c:?} does not hold: {x}");
            }
            Claim::Near { quantity, theory } => {
                let x = quantity.value(runs).expect("the run is in");
                let t = theory.theory.value(runs.setup).expect("theory applies");
                let off = (x - t).abs() / t.abs() * 100.0;
                eprintln!(
                    "{what}: {:?} {:?} = {x:.4}, theory {:?} = {t:.4}: {off:.1} %",
                    quantity.metric, quantity.column, theory.theory.formula
                );
                assert!(
                    off <= theory.within_pct,
                    "{what}: {quantity:?} = {x}, theory {:?} = {t}: {off:.1} % apart, more than {} %",
                    theory.theory.formula,
                    theory.within_pct
                );
            }
        }
    }
}

/// Runs chapter `n` (from 1) and every "now try" change, and holds each to
/// its question and claims.
fn check_chapter(n: usize, id: &str) {
    check_chapter_of(the_lesson(), n, id);
}

/// Runs chapter `n` of the lesson "your-service", as [`check_chapter`].
fn check_service_chapter(n: usize, id: &str) {
    let lesson = threadlab::app::lesson::lesson("your-service").expect("the lesson exists");
    check_chapter_of(lesson, n, id);
}

fn check_chapter_of(lesson: &Lesson, n: usize, id: &str) {
    let chapter = &lesson.chapters[n - 1];
    assert_eq!(chapter.id, id, "chapter {n}");
    let setup = chapter.setup().expect("the chapter's changes parse");
    assert_valid(id, &setup);
    let started = Instant::now();
    let views = run(&setup);
    let took = started.elapsed();
    assert_complete(id, &setup, &views);
    let runs = Runs {
        views: &views,
        setup: &setup,
    };
    check_question(id, chapter, runs);
    assert_claims(id, &chapter.claims, runs);
    eprintln!("{id}: ran in {took:?}");
    for t in &chapter.now_try {
        let what = format!("{id} / {}", t.id);
        let s = chapter.try_setup(&t.id).expect("the change parses");
        assert_valid(&what, &s);
        assert!(
            !s.changes_from(&setup).is_empty() || s.modes != setup.modes,
            "{what} changes nothing"
        );
        let started = Instant::now();
        let v = run(&s);
        eprintln!("{what}: ran in {:?}", started.elapsed());
        assert_complete(&what, &s, &v);
        assert_claims(
            &what,
            &t.claims,
            Runs {
                views: &v,
                setup: &s,
            },
        );
    }
}

fn check_question(id: &str, chapter: &Chapter, runs: Runs<'_>) {
    match &chapter.question {
        Question::Number(q) => {
            let actual = q.answer.value(runs).expect("the answer's run is in");
            assert!(actual.is_finite() && actual > 0.0, "{id}: {actual}");
            let theory = q
                .theory
                .as_ref()
                .expect("a number question states its theory");
            let t = theory.theory.value(runs.setup).expect("its theory applies");
            let off = (t - actual).abs() / actual * 100.0;
            eprintln!("{id}: run {actual:.4}, theory {t:.4}, {off:.2} % apart");
            assert!(
                off <= theory.within_pct,
                "{id}: theory {t} is {off:.1} % from the run's {actual}, more than {} %",
                theory.within_pct
            );
            // A learner who applies the theory is graded right; one who is
            // far off is not.
            let grade = |p: f64| {
                chapter
                    .question
                    .grade(&Prediction::Number(p), runs)
                    .unwrap()
            };
            assert_eq!(grade(t).verdict, Verdict::Right, "{id}");
            assert_eq!(grade(actual * 2.0).verdict, Verdict::Wrong, "{id}");
            assert_eq!(grade(actual / 2.0).verdict, Verdict::Wrong, "{id}");
        }
        Question::Choice(q) => {
            let holding = q.holding(runs).expect("the runs are in");
            assert_eq!(holding.len(), 1, "{id}: options that hold: {holding:?}");
            for o in &q.options {
                let Grade { verdict, .. } = chapter
                    .question
                    .grade(&Prediction::Choice(o.id.clone()), runs)
                    .unwrap();
                let right = o.id == holding[0];
                assert_eq!(verdict == Verdict::Right, right, "{id}: {}", o.id);
            }
            eprintln!("{id}: the run says {}", holding[0]);
        }
    }
}

#[test]
fn the_service_lesson_has_a_chapter_per_thing_that_breaks() {
    let lesson = threadlab::app::lesson::lesson("your-service").expect("the lesson exists");
    let ids: Vec<&str> = lesson.chapters.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "http-client-pool",
            "old-driver",
            "pinning-endpoint",
            "fan-out",
            "pod",
            "thread-locals",
            "jdk-client",
        ]
    );
}

#[test]
fn the_lesson_has_the_issues_nine_chapters_in_story_order() {
    let ids: Vec<&str> = the_lesson()
        .chapters
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(
        ids,
        [
            "pool-runs-out",
            "ceiling-lifts",
            "cpu-bound",
            "pinning",
            "connection-pool",
            "async-executors",
            "open-closed",
            "memory",
            "read-critically",
        ]
    );
    for l in lessons() {
        for c in &l.chapters {
            assert!(
                (1..=2).contains(&c.now_try.len()),
                "{}: one or two \"now try\" changes",
                c.id
            );
            if let Question::Number(q) = &c.question {
                let within = q.theory.as_ref().map_or(0.0, |t| t.within_pct);
                assert!(
                    within <= q.tolerance_pct,
                    "{}: the theory may be further from the run than a right answer",
                    c.id
                );
            }
        }
    }
}

/// The command line's draft for one column of a chapter (or of one of its
/// changes): the column's preset (a pair's own side), then `--set` for each
/// change, as `threadlab run --preset … --set …` builds it.
fn cli_draft(c: &Chapter, changes: &[&Changes], column: Mode) -> Draft {
    let mut d = match c.scenario.preset.as_deref() {
        Some(name) => {
            let p = preset(name).unwrap_or_else(|| panic!("{}: no preset {name}", c.id));
            match p.partner() {
                Some(q) if q.side() == column => q.draft(),
                Some(_) => p.draft(),
                None => {
                    let mut d = p.draft();
                    d.set("server.mode", mode_word(column)).unwrap();
                    d
                }
            }
        }
        None => {
            let mut d = Draft::new();
            d.set("server.mode", mode_word(column)).unwrap();
            d
        }
    };
    for ch in changes {
        let own = match column {
            Mode::Platform => &ch.platform,
            Mode::Virtual => &ch.virtual_threads,
        };
        for kv in ch.set.iter().chain(own) {
            let (k, v) = kv.split_once('=').expect("KEY=VALUE");
            d.set(k, v).unwrap_or_else(|e| panic!("{}: {e}", c.id));
        }
    }
    d
}

/// Every change of the lessons, applied the command line's way to each
/// column it runs in, validates.
#[test]
fn every_change_is_valid_the_command_lines_way() {
    for l in lessons() {
        for c in &l.chapters {
            let tries = c.now_try.iter().map(|t| vec![&c.scenario, &t.changes]);
            for changes in std::iter::once(vec![&c.scenario]).chain(tries) {
                let modes = changes
                    .iter()
                    .rev()
                    .find_map(|ch| ch.modes)
                    .unwrap_or_default();
                for &m in modes.list() {
                    if let Err(e) = validate(&cli_draft(c, &changes, m)) {
                        panic!("{} ({m:?}): {e:?}", c.id);
                    }
                }
            }
        }
    }
}

#[test]
fn every_text_exists_in_every_language_with_the_chapters_parameters() {
    for l in lessons() {
        let keys = l.keys();
        for (key, params) in &keys {
            for locale in Locale::ALL {
                let text = i18n::lookup(locale, key)
                    .unwrap_or_else(|| panic!("{key} has no {} text", locale.code()));
                for p in i18n::placeholders(text) {
                    assert!(
                        params.iter().any(|q| q == p),
                        "{key} ({}) names {{${p}}}, which its chapter does not give",
                        locale.code()
                    );
                }
            }
        }
        // No text of this lesson is left over from a chapter or part it no
        // longer has.
        let prefix = format!("lesson.{}.", l.id);
        for locale in Locale::ALL {
            for k in i18n::keys_of(locale).filter(|k| k.starts_with(&prefix)) {
                assert!(
                    keys.iter().any(|(q, _)| q == k),
                    "{k} ({}) is used by nothing",
                    locale.code()
                );
            }
        }
        // Every parameter a text names has a value where that text is read.
        for c in &l.chapters {
            for part in c.parts() {
                for locale in Locale::ALL {
                    let text = c.text(&l.id, part, locale);
                    assert!(
                        !text.contains("{$"),
                        "{} {part:?} ({}): {text}",
                        c.id,
                        locale.code()
                    );
                }
            }
        }
    }
}

#[test]
fn chapter_1_pool_runs_out() {
    check_chapter(1, "pool-runs-out");
}

#[test]
fn chapter_2_ceiling_lifts() {
    check_chapter(2, "ceiling-lifts");
}

#[test]
fn chapter_3_cpu_bound() {
    check_chapter(3, "cpu-bound");
}

#[test]
fn chapter_4_pinning() {
    check_chapter(4, "pinning");
}

#[test]
fn chapter_5_connection_pool() {
    check_chapter(5, "connection-pool");
}

#[test]
fn chapter_6_async_executors() {
    check_chapter(6, "async-executors");
}

#[test]
fn chapter_7_open_closed() {
    check_chapter(7, "open-closed");
}

#[test]
fn chapter_8_memory() {
    check_chapter(8, "memory");
}

#[test]
fn chapter_9_read_critically() {
    check_chapter(9, "read-critically");
}

/// Runs chapter `n` of the lesson "downstream-slows", as [`check_chapter`].
fn check_downstream_chapter(n: usize, id: &str) {
    let lesson = threadlab::app::lesson::lesson("downstream-slows").expect("the lesson exists");
    check_chapter_of(lesson, n, id);
}

#[test]
fn downstream_chapter_1_retry_storm() {
    check_downstream_chapter(1, "retry-storm");
}

#[test]
fn downstream_chapter_2_breaker_outlasts() {
    check_downstream_chapter(2, "breaker-outlasts");
}

#[test]
fn downstream_chapter_3_three_retries() {
    check_downstream_chapter(3, "three-retries");
}

#[test]
fn downstream_chapter_4_bulkhead() {
    check_downstream_chapter(4, "bulkhead");
}

#[test]
fn downstream_chapter_5_jitter() {
    check_downstream_chapter(5, "jitter");
}

#[test]
fn downstream_chapter_6_load_shedding() {
    check_downstream_chapter(6, "load-shedding");
}

#[test]
fn service_chapter_1_http_client_pool() {
    check_service_chapter(1, "http-client-pool");
}

#[test]
fn service_chapter_2_old_driver() {
    check_service_chapter(2, "old-driver");
}

#[test]
fn service_chapter_3_pinning_endpoint() {
    check_service_chapter(3, "pinning-endpoint");
}

#[test]
fn service_chapter_4_fan_out() {
    check_service_chapter(4, "fan-out");
}

#[test]
fn service_chapter_5_pod() {
    check_service_chapter(5, "pod");
}

#[test]
fn service_chapter_6_thread_locals() {
    check_service_chapter(6, "thread-locals");
}

/// A learner goes through a chapter: the text in each language, a
/// prediction, the run, the grade, a change.
#[test]
fn a_learner_goes_through_the_first_chapter() {
    use threadlab::app::lesson::{LessonAction, LessonProgress, Step};
    let lesson = the_lesson();
    let chapter = &lesson.chapters[0];
    let intro = chapter.text(&lesson.id, Part::Intro, Locale::De);
    assert!(intro.contains("2.000"), "German numbers: {intro}");
    let mut p = LessonProgress::start(&lesson.id).unwrap();
    p.reduce(LessonAction::Next, None);
    assert_eq!(p.step, Step::Predict);
    p.reduce(LessonAction::Next, None);
    assert_eq!(p.step, Step::Predict, "no run without a prediction");
    p.reduce(LessonAction::Predict(Prediction::Number(1900.0)), None);
    p.reduce(LessonAction::Next, None);
    assert_eq!(p.step, Step::Run);
    let setup = chapter.setup().unwrap();
    let views = run(&setup);
    p.reduce(
        LessonAction::Ran,
        Some(Runs {
            views: &views,
            setup: &setup,
        }),
    );
    assert_eq!(p.step, Step::Compare);
    let grade = p.answer().and_then(|a| a.grade.clone()).expect("graded");
    assert_eq!(grade.verdict, Verdict::Right, "{grade:?}");
    let stored = LessonProgress::from_json(&p.to_json()).unwrap();
    assert_eq!(stored, p);
}

/// A chapter's replay is data too: it replays a column the chapter runs,
/// its small run records whole (not cut at the replay's step limit), and
/// it shows what the chapter says it shows (chapter 4: a virtual thread
/// pinned to its carrier, where the text explains pinning).
#[test]
fn every_chapter_replay_shows_what_it_says() {
    let l = the_lesson();
    let mut offered = Vec::new();
    for c in &l.chapters {
        let Some(r) = &c.replay else { continue };
        offered.push(c.id.as_str());
        let setup = c.setup().expect("the chapter's scenario");
        let mode = r.column.mode();
        assert!(
            setup.modes.list().contains(&mode),
            "{}: its replay's column {mode:?} does not run in the chapter",
            c.id
        );
        let request = c.replay_request(1).expect("a replay request");
        assert_eq!(request.mode, mode);
        let replay = match request.record().replay {
            Ok(r) => r,
            Err(why) => panic!("{}: the replay does not record: {why}", c.id),
        };
        assert!(!replay.truncated, "{}: the replay was cut short", c.id);
        let shown = replay
            .spans
            .iter()
            .filter(|s| r.shows.in_state(&s.state))
            .count();
        assert!(
            shown > 0,
            "{}: no actor is ever {:?} in its replay",
            c.id,
            r.shows
        );
    }
    assert_eq!(offered, ["pinning"], "the chapters that offer a replay");
}

#[test]
fn service_chapter_7_jdk_client() {
    check_service_chapter(7, "jdk-client");
}
