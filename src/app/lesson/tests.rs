//! The lessons' logic on made-up runs: grading numbers and choices, the
//! learner's steps, the stored progress, the link's two parameters.
//! (`tests/integration/lessons.rs` runs the real chapters.)

use std::rc::Rc;

use super::progress::Answer;
use super::*;
use crate::app::basis::modes::{Mode, PerMode};
use crate::app::run::digest::RunView;
use crate::scenario::Draft;

/// A run of a tiny scenario, whose numbers the tests then set.
fn view(mode: Mode) -> RunView {
    let mut d = Draft::new();
    d.set("load.requests", "10").unwrap();
    d.set("load.concurrency", "5").unwrap();
    let cfg = crate::scenario::validate(&d).unwrap();
    RunView::from_report(mode, &crate::sim::run(&cfg))
}

fn views(platform_rps: f64, virtual_rps: f64) -> PerMode<Option<Rc<RunView>>> {
    let mut p = view(Mode::Platform);
    p.throughput_rps = platform_rps;
    p.error_pct = 0.0;
    let mut v = view(Mode::Virtual);
    v.throughput_rps = virtual_rps;
    v.error_pct = 5.0;
    PerMode {
        platform: Some(Rc::new(p)),
        virtual_threads: Some(Rc::new(v)),
    }
}

fn chapter(id: &str) -> &'static Chapter {
    let l = lesson("virtual-threads").unwrap();
    &l.chapters[l.chapter_index(id).unwrap()]
}

#[test]
fn the_lesson_files_parse() {
    assert!(parse_errors().is_empty(), "{:?}", parse_errors());
    assert_eq!(lessons().len(), 3);
}

#[test]
fn a_number_is_right_within_the_tolerance_of_the_run() {
    let c = chapter("pool-runs-out");
    let setup = c.setup().unwrap();
    let v = views(2000.0, 0.0);
    let runs = Runs {
        views: &v,
        setup: &setup,
    };
    let grade = |x: f64| c.question.grade(&Prediction::Number(x), runs).unwrap();
    assert_eq!(grade(2000.0).verdict, Verdict::Right);
    assert_eq!(grade(2199.0).verdict, Verdict::Right);
    assert_eq!(grade(1801.0).verdict, Verdict::Right);
    let off = grade(2400.0);
    assert_eq!(off.verdict, Verdict::Wrong);
    assert_eq!(off.actual, Actual::Number(2000.0));
    assert!((off.off_pct.unwrap() - 20.0).abs() < 1e-9, "{off:?}");
    assert_eq!(grade(1700.0).verdict, Verdict::Wrong);
    // A choice where a number is asked cannot be graded.
    let wrong_kind = c
        .question
        .grade(&Prediction::Choice("x".into()), runs)
        .unwrap();
    assert_eq!(wrong_kind.verdict, Verdict::Ungraded);
    assert!(!c.question.accepts(&Prediction::Number(f64::NAN)));
}

#[test]
fn a_choice_is_right_when_its_condition_holds_in_the_run() {
    let c = chapter("ceiling-lifts");
    let setup = c.setup().unwrap();
    let grade = |platform: f64, virtual_rps: f64, id: &str| {
        let v = views(platform, virtual_rps);
        let runs = Runs {
            views: &v,
            setup: &setup,
        };
        c.question
            .grade(&Prediction::Choice(id.into()), runs)
            .unwrap()
    };
    assert_eq!(grade(1000.0, 7000.0, "many-times").verdict, Verdict::Right);
    assert_eq!(grade(1000.0, 7000.0, "same").verdict, Verdict::Wrong);
    assert_eq!(grade(1000.0, 1100.0, "same").verdict, Verdict::Right);
    assert_eq!(grade(1000.0, 4000.0, "many-times").verdict, Verdict::Right);
    assert_eq!(grade(1000.0, 3999.0, "a-few-times").verdict, Verdict::Right);
    let g = grade(1000.0, 20000.0, "same");
    assert_eq!(
        g.actual,
        Actual::Choice(vec!["as-the-clients-allow".into()])
    );
    // Without both runs there is nothing to grade yet.
    let mut v = views(1.0, 1.0);
    v.virtual_threads = None;
    let runs = Runs {
        views: &v,
        setup: &setup,
    };
    assert!(
        c.question
            .grade(&Prediction::Choice("same".into()), runs)
            .is_none()
    );
}

#[test]
fn option_texts_name_their_range() {
    let c = chapter("ceiling-lifts");
    let text = c.text(
        "virtual-threads",
        Part::Option("a-few-times"),
        crate::i18n::Locale::En,
    );
    assert_eq!(text, "1.5× to 4×");
    let de = c.text(
        "virtual-threads",
        Part::Option("a-few-times"),
        crate::i18n::Locale::De,
    );
    assert_eq!(de, "Das 1,5- bis 4-Fache");
}

#[test]
fn a_learner_steps_through_and_back() {
    let l = lesson("virtual-threads").unwrap();
    let mut p = LessonProgress::start(&l.id).unwrap();
    let next = |p: &mut LessonProgress| p.reduce(LessonAction::Next, None);
    next(&mut p);
    assert_eq!(p.step, Step::Predict);
    // A choice is no answer to a number question.
    p.reduce(
        LessonAction::Predict(Prediction::Choice("same".into())),
        None,
    );
    assert!(p.answer().is_none());
    p.reduce(LessonAction::Predict(Prediction::Number(1000.0)), None);
    next(&mut p);
    assert_eq!(p.step, Step::Run);
    // The run is not in yet: next waits.
    next(&mut p);
    assert_eq!(p.step, Step::Run);
    let setup = l.chapters[0].setup().unwrap();
    let v = views(1000.0, 0.0);
    let runs = Runs {
        views: &v,
        setup: &setup,
    };
    p.reduce(LessonAction::Ran, Some(runs));
    assert_eq!(p.step, Step::Compare);
    assert_eq!(
        p.answer().unwrap().grade.as_ref().unwrap().verdict,
        Verdict::Right
    );
    // Locked: going back and predicting again changes nothing.
    p.reduce(LessonAction::Back, None);
    assert_eq!(p.step, Step::Predict, "back from compare skips the run");
    p.reduce(LessonAction::Predict(Prediction::Number(5.0)), None);
    assert_eq!(p.answer().unwrap().prediction, Prediction::Number(1000.0));
    next(&mut p);
    p.reduce(LessonAction::Ran, Some(runs));
    next(&mut p);
    assert_eq!(p.step, Step::NowTry);
    p.reduce(LessonAction::Tried("more-threads".into()), None);
    p.reduce(LessonAction::Tried("no-such-change".into()), None);
    assert_eq!(p.tried["pool-runs-out"], ["more-threads"]);
    next(&mut p);
    assert_eq!((p.chapter, p.step), (1, Step::Read));
    p.reduce(LessonAction::Back, None);
    assert_eq!((p.chapter, p.step), (0, Step::NowTry));
    p.reduce(LessonAction::GoTo(8), None);
    assert_eq!((p.chapter, p.step), (8, Step::Read));
    p.reduce(LessonAction::GoTo(9), None);
    assert_eq!(p.chapter, 8, "no tenth chapter");
    for _ in 0..3 {
        p.reduce(LessonAction::Back, None);
    }
    assert_eq!(
        (p.chapter, p.step),
        (7, Step::Predict),
        "back from compare skips the run"
    );
    assert!(!p.finished());
}

#[test]
fn arrows_and_space_step_through_a_lesson() {
    assert_eq!(LessonAction::of_key("ArrowRight"), Some(LessonAction::Next));
    assert_eq!(LessonAction::of_key(" "), Some(LessonAction::Next));
    assert_eq!(LessonAction::of_key("ArrowLeft"), Some(LessonAction::Back));
    // A presentation clicker's two buttons.
    assert_eq!(LessonAction::of_key("PageDown"), Some(LessonAction::Next));
    assert_eq!(LessonAction::of_key("PageUp"), Some(LessonAction::Back));
    assert_eq!(LessonAction::of_key("a"), None);
}

/// Every chapter names the chart that shows its answer, a chart the page
/// has and its run draws (not a column the chapter does not run).
#[test]
fn every_chapter_names_a_chart_its_run_draws() {
    use crate::app::basis::chart_registry::chart_id;
    for c in &lesson("virtual-threads").unwrap().chapters {
        assert!(!c.charts.is_empty(), "{}: no chart", c.id);
        for id in &c.charts {
            assert!(chart_id(id).is_some(), "{}: {id}", c.id);
        }
        let modes = c.setup().unwrap().modes;
        assert_eq!(c.proof_charts(modes), c.charts, "{}", c.id);
    }
    let pinning = chapter("pinning");
    assert_eq!(pinning.proof_charts(Modes::Virtual), ["timeline-virtual"]);
    assert!(
        pinning.proof_charts(Modes::Platform).is_empty(),
        "not a column that does not run"
    );
}

#[test]
fn stored_progress_reads_back_and_drops_what_the_lesson_no_longer_has() {
    let mut p = LessonProgress::start("virtual-threads").unwrap();
    p.chapter = 3;
    p.step = Step::Run;
    p.answers.insert(
        "pinning".into(),
        Answer {
            prediction: Prediction::Number(80.0),
            grade: None,
        },
    );
    p.answers.insert(
        "gone".into(),
        Answer {
            prediction: Prediction::Number(1.0),
            grade: None,
        },
    );
    p.tried
        .insert("pinning".into(), vec!["jdk-24".into(), "jdk-99".into()]);
    let back = LessonProgress::from_json(&p.to_json()).unwrap();
    assert_eq!(back.step, Step::Predict, "a run does not survive a reload");
    assert_eq!(back.answers.keys().collect::<Vec<_>>(), ["pinning"]);
    assert_eq!(back.tried["pinning"], ["jdk-24"]);
    let e =
        LessonProgress::from_json(r#"{"lesson":"nope","chapter":0,"step":"read"}"#).unwrap_err();
    assert_eq!(
        e,
        "lesson: nope — unknown; one of virtual-threads, your-service, downstream-slows"
    );
    let e = LessonProgress::from_json(r#"{"lesson":"virtual-threads","chapter":9,"step":"read"}"#)
        .unwrap_err();
    assert_eq!(e, "chapter: 10 — no such chapter in virtual-threads; 1–9");
    assert!(LessonProgress::from_json("{").is_err());
}

#[test]
fn a_lesson_link_has_two_parameters() {
    let link = LessonLink {
        lesson: "virtual-threads",
        chapter: 3,
    };
    assert_eq!(format_link(link), "lesson=virtual-threads&chapter=4");
    assert_eq!(
        parse_link(Some("virtual-threads"), Some("pinning")),
        Ok(Some(link))
    );
    assert_eq!(
        parse_link(Some("virtual-threads"), None)
            .unwrap()
            .unwrap()
            .chapter,
        0
    );
    assert_eq!(parse_link(None, None), Ok(None));
    assert_eq!(
        parse_link(Some("threads"), Some("1")).map_err(|e| e.to_string()),
        Err(
            "lesson: threads — unknown; one of virtual-threads, your-service, downstream-slows"
                .into()
        )
    );
    let e = parse_link(Some("virtual-threads"), Some("10"))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with(
            "chapter: 10 — no such chapter in virtual-threads; 1–9 or one of pool-runs-out, "
        ),
        "{e}"
    );
    assert!(!e.contains('\n'));
    let e = parse_link(None, Some("2")).unwrap_err().to_string();
    assert!(e.starts_with("chapter: 2 — needs a lesson=…"), "{e}");
    let e = parse_link(Some("virtual-threads"), Some("0"))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("chapter: 0 —"), "{e}");
}

#[test]
fn a_now_try_may_not_name_a_preset_and_bad_changes_are_named() {
    let c = chapter("pool-runs-out");
    let bad = Changes {
        preset: Some("e2-virtual".into()),
        set: vec![
            "load.concurrency".into(),
            "server.mode=virtual".into(),
            "load.concurrency=many".into(),
        ],
        ..Changes::default()
    };
    let errors = bad.apply_to(Some(c.setup().unwrap())).unwrap_err();
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["preset", "set", "server.mode", "load.concurrency"]);
    let e = c.try_setup("nope").unwrap_err();
    assert_eq!(
        e[0].to_string(),
        "now_try: nope — no such change in chapter pool-runs-out; one of more-threads, fewer-clients"
    );
}

/// Every text of every chapter, in every language, renders whole: not
/// empty, no placeholder left unfilled, no key shown in its place. (Run with
/// `--nocapture` to read them all.)
#[test]
fn every_text_renders_whole_in_every_language() {
    let l = lesson("virtual-threads").unwrap();
    for locale in crate::i18n::Locale::ALL {
        for c in &l.chapters {
            for part in c.parts() {
                let text = c.text(&l.id, part, locale);
                println!("[{} {} {part:?}] {text}", locale.code(), c.id);
                let key = part.key(&l.id, &c.id);
                let at = format!("{} {} {part:?}", locale.code(), c.id);
                assert!(!text.trim().is_empty(), "{at}: empty");
                assert!(!text.contains("{$"), "{at}: a placeholder left: {text}");
                assert_ne!(text, key, "{at}: the key, not a text");
            }
        }
    }
}
