//! A lesson on the page, natively: a learner opens a lesson's link,
//! predicts, runs (the worker's messages made here as the worker makes
//! them), sees the grade beside the result, tries a change and moves on;
//! the progress survives a reload; results are held back until the
//! prediction; the keys that step; the panel's words per language.

use crate::app::lesson::{
    LessonAction, LessonLink, LessonProgress, Prediction, Step, Verdict, lesson,
};
use crate::app::link::permalink::{decode, encode};
use crate::app::page::guide::{GuideView, Input, key_action};
use crate::app::page::state::GuideAction;
use crate::app::worker::job::Plan;
use crate::app::*;
use crate::i18n::Locale;

const VT: &str = "virtual-threads";

fn link(chapter: usize) -> LessonLink {
    LessonLink {
        lesson: VT,
        chapter,
    }
}

pub(super) fn opened(chapter: usize, stored: Option<String>) -> State {
    let mut s = State::default();
    s.reduce(Action::Guide(GuideAction::Open {
        link: link(chapter),
        stored,
    }));
    s
}

/// Runs the state's job as the worker does (its full runs only: the sweep
/// changes nothing here) and hands every message to the state.
pub(super) fn simulate(s: &mut State) {
    let mut job = s.job();
    job.sweep = false;
    let plan = Plan::of(&job);
    s.reduce(Action::Workers(vec![plan.planned()]));
    let mut events = 0;
    for r in &plan.runs {
        let report = r.config().map(|c| crate::sim::run(&c));
        events += report.as_ref().map_or(0, |r| r.events);
        for m in plan.results(r, report.as_ref()) {
            s.reduce(Action::Workers(vec![m]));
        }
    }
    s.reduce(Action::Workers(vec![plan.done(events)]));
}

fn step(s: &mut State, a: LessonAction) {
    s.reduce(Action::Guide(GuideAction::Step(a)));
}

fn progress(s: &State) -> &LessonProgress {
    s.lesson.as_ref().expect("a lesson is open")
}

#[test]
fn a_learner_predicts_runs_compares_tries_and_moves_on() {
    let chapters = &lesson(VT).unwrap().chapters;
    let mut s = opened(0, None);
    // The chapter's scenario is on the form, and nothing runs before the
    // prediction: its results would give the answer away.
    assert_eq!(s.setup, chapters[0].setup().unwrap());
    assert!(s.awaiting_prediction());
    assert_eq!(s.view.lesson, Some(link(0)));
    let v = GuideView::of(&s).unwrap();
    assert!(!v.can_run && v.compare.is_none() && v.tries.is_empty());
    assert!(matches!(v.input, Input::Number { value: None, .. }));
    // Run without an answer does nothing.
    s.reduce(Action::Guide(GuideAction::Run));
    assert_eq!(progress(&s).step, Step::Read);
    // → at the question without an answer stays, and says what to do.
    step(&mut s, LessonAction::Next);
    assert_eq!(progress(&s).step, Step::Predict);
    assert_eq!(GuideView::of(&s).unwrap().hint, None, "not at the first →");
    step(&mut s, LessonAction::Next);
    assert_eq!(progress(&s).step, Step::Predict);
    let v = GuideView::of(&s).unwrap();
    assert!(v.can_next, "→ is never a dead key at the question");
    assert_eq!(
        v.hint.as_deref(),
        Some("Enter your prediction first — type a number or choose an answer — then run it.")
    );
    assert!(v.proof.is_empty(), "no chart before the grade");

    step(&mut s, LessonAction::Predict(Prediction::Number(1900.0)));
    assert_eq!(progress(&s).step, Step::Predict, "answering while reading");
    // The learner edits the form meanwhile; Run puts the chapter back.
    s.reduce(Action::Edit {
        mode: None,
        key: "load.concurrency".into(),
        text: "10".into(),
    });
    s.reduce(Action::Guide(GuideAction::Run));
    assert_eq!(progress(&s).step, Step::Run);
    assert_eq!(s.setup, chapters[0].setup().unwrap());
    assert!(!s.awaiting_prediction());
    simulate(&mut s);
    assert_eq!(progress(&s).step, Step::Compare);

    let v = GuideView::of(&s).unwrap();
    let c = v.compare.expect("the prediction beside the run");
    assert_eq!(c.verdict, Verdict::Right, "{c:?}");
    assert_eq!(c.prediction, "1,900 req/s");
    assert!(c.actual.ends_with(" req/s"), "{c:?}");
    assert!(c.theory.is_some(), "{c:?}");
    assert!(c.verdict_text.starts_with("Right ("), "{c:?}");
    assert!(v.notice.is_some() && v.locked);
    assert_eq!(v.hint, None, "the answer put the hint away");
    assert_eq!(
        v.proof,
        ["sweep-throughput"],
        "the chart beside the verdict"
    );
    assert_eq!(v.tries.len(), 2);
    assert!(v.tries.iter().all(|t| t.notice.is_none()));

    // A change tried from the comparison: its scenario loads and runs.
    step(&mut s, LessonAction::Tried("more-threads".into()));
    assert_eq!(progress(&s).step, Step::NowTry);
    assert_eq!(s.setup, chapters[0].try_setup("more-threads").unwrap());
    assert!(!s.awaiting_prediction());
    let v = GuideView::of(&s).unwrap();
    assert!(v.tries[0].notice.is_some() && v.tries[1].notice.is_none());
    // Its run does not grade the chapter again.
    let graded = progress(&s).answer().cloned();
    simulate(&mut s);
    assert_eq!(progress(&s).answer().cloned(), graded);

    // → goes on to chapter 2: its scenario on the form, the link names it.
    step(&mut s, LessonAction::Next);
    assert_eq!((progress(&s).chapter, progress(&s).step), (1, Step::Read));
    assert_eq!(s.view.lesson, Some(link(1)));
    assert_eq!(s.setup, chapters[1].setup().unwrap());
    assert!(s.awaiting_prediction());
    assert!(encode(&s.link()).ends_with("&lesson=virtual-threads&chapter=2&v=1"));
    // ← back to chapter 1's last step: graded, its results not held back.
    step(&mut s, LessonAction::Back);
    assert_eq!((progress(&s).chapter, progress(&s).step), (0, Step::NowTry));
    assert!(!s.awaiting_prediction());
}

#[test]
fn a_choice_is_graded_from_the_runs_of_its_own_job_only() {
    let mut s = opened(1, None);
    // Runs of an earlier job are on the page: they must not grade.
    simulate(&mut s);
    step(
        &mut s,
        LessonAction::Predict(Prediction::Choice("many-times".into())),
    );
    s.reduce(Action::Guide(GuideAction::Run));
    let job = s.generation;
    assert!(s.results.runs_of(job, s.setup.modes).is_none());
    s.reduce(Action::Workers(vec![Message {
        generation: job,
        output: Output::Progress(Progress::default()),
    }]));
    assert_eq!(progress(&s).step, Step::Run, "not graded from old runs");
    simulate(&mut s);
    let v = GuideView::of(&s).unwrap();
    let c = v.compare.expect("graded");
    assert_eq!(c.verdict, Verdict::Right, "{c:?}");
    let Input::Choice(options) = &v.input else {
        panic!("a choice")
    };
    assert_eq!(options.iter().filter(|o| o.2).count(), 1);
    assert_eq!(c.actual, c.prediction);
}

#[test]
fn progress_survives_a_reload_and_the_link_names_the_chapter() {
    let mut s = opened(0, None);
    step(&mut s, LessonAction::Predict(Prediction::Number(500.0)));
    s.reduce(Action::Guide(GuideAction::Run));
    simulate(&mut s);
    let stored = progress(&s).to_json();
    assert!(stored.contains("\"grade\""), "{stored}");

    // Reopened at the same chapter: the grade is back, nothing held back.
    let again = opened(0, Some(stored.clone()));
    assert_eq!(progress(&again), progress(&s));
    assert!(!again.awaiting_prediction());
    let c = GuideView::of(&again).unwrap().compare.unwrap();
    assert_eq!(c.verdict, Verdict::Wrong);
    assert!(c.verdict_text.contains("% off"), "{c:?}");

    // A link to another chapter wins over where the learner was; the
    // answers stay.
    let other = opened(3, Some(stored));
    assert_eq!(
        (progress(&other).chapter, progress(&other).step),
        (3, Step::Read)
    );
    assert_eq!(progress(&other).answers.len(), 1);

    // What no longer reads starts the lesson afresh.
    for junk in ["{", "{\"lesson\":\"gone\",\"chapter\":0,\"step\":\"read\"}"] {
        let fresh = opened(2, Some(junk.to_string()));
        assert_eq!(progress(&fresh).chapter, 2);
        assert!(progress(&fresh).answers.is_empty());
    }

    // Opened from its link, the page is at the lesson; closing keeps the
    // scenario and drops the lesson from the link.
    let d = decode("?lesson=virtual-threads&chapter=4");
    let mut s = State::of_link(d.link);
    let l = s.view.lesson.unwrap();
    s.reduce(Action::Guide(GuideAction::Open {
        link: l,
        stored: None,
    }));
    assert_eq!(progress(&s).chapter, 3);
    let setup = s.setup.clone();
    s.reduce(Action::Guide(GuideAction::Close));
    assert!(s.lesson.is_none() && s.view.lesson.is_none() && !s.awaiting_prediction());
    assert_eq!(s.setup, setup);
    assert!(!encode(&s.link()).contains("lesson="));
}

#[test]
fn arrows_and_space_step_unless_the_focus_takes_them() {
    assert_eq!(
        key_action("ArrowRight", "BODY", false, false),
        Some(LessonAction::Next)
    );
    assert_eq!(
        key_action(" ", "div", false, false),
        Some(LessonAction::Next)
    );
    assert_eq!(
        key_action("ArrowLeft", "section", false, false),
        Some(LessonAction::Back)
    );
    assert_eq!(
        key_action("ArrowLeft", "button", false, false),
        Some(LessonAction::Back)
    );
    for (key, tag) in [
        ("ArrowRight", "INPUT"),
        ("ArrowLeft", "select"),
        (" ", "textarea"),
        (" ", "BUTTON"),
        (" ", "a"),
    ] {
        assert_eq!(key_action(key, tag, false, false), None, "{key:?} on {tag}");
    }
    // A clicker's Page Down goes on from the answer just typed; a slider,
    // a select or a text area keeps its Page keys.
    assert_eq!(
        key_action("PageDown", "INPUT", false, false),
        Some(LessonAction::Next)
    );
    assert_eq!(
        key_action("PageUp", "body", false, false),
        Some(LessonAction::Back)
    );
    for tag in ["range", "select", "textarea"] {
        assert_eq!(key_action("PageDown", tag, false, false), None, "{tag}");
    }
    assert_eq!(key_action("PageDown", "body", false, true), None);
    assert_eq!(key_action("ArrowRight", "body", true, false), None);
    assert_eq!(key_action("Enter", "body", false, false), None);
    // A replay's button (or its panel), or a chart that took the key: the
    // keys are that control's, the lesson stays where it is.
    for key in ["ArrowRight", "ArrowLeft", " "] {
        for tag in ["button", "section", "canvas"] {
            assert_eq!(key_action(key, tag, false, true), None, "{key:?} on {tag}");
        }
    }
}

#[test]
fn arrows_on_a_replays_controls_step_the_replay() {
    use crate::app::replay::PlayerAction;
    assert_eq!(
        PlayerAction::of_key("ArrowRight", "BUTTON"),
        Some(PlayerAction::StepForward)
    );
    assert_eq!(
        PlayerAction::of_key("ArrowLeft", "section"),
        Some(PlayerAction::StepBack)
    );
    // The slider and the follow menu move by their own arrows.
    for tag in ["INPUT", "select"] {
        assert_eq!(PlayerAction::of_key("ArrowRight", tag), None, "{tag}");
    }
    assert_eq!(PlayerAction::of_key(" ", "button"), None);
}

#[test]
fn the_panel_speaks_the_views_language() {
    let mut s = opened(0, None);
    let mut view = s.view.clone();
    view.lang = "de".into();
    s.reduce(Action::SetView(view));
    step(&mut s, LessonAction::Predict(Prediction::Number(1900.5)));
    s.reduce(Action::Guide(GuideAction::Run));
    simulate(&mut s);
    let de = GuideView::of(&s).unwrap();
    assert_eq!(de.locale, Locale::De);
    assert_eq!(de.chapter_of, "Kapitel 1 von 9");
    assert_eq!(de.compare.as_ref().unwrap().prediction, "1.900 Req/s");
    assert!(de.intro.contains("2.000"), "{}", de.intro);
    let mut view = s.view.clone();
    view.lang = "zh".into();
    s.reduce(Action::SetView(view));
    let zh = GuideView::of(&s).unwrap();
    assert_ne!(zh.title, de.title);
    assert!(
        zh.steps.iter().all(|(w, _)| !w.is_ascii()),
        "{:?}",
        zh.steps
    );
}

/// The page's runner as `ui::runner` is: each time the generation changes
/// it sends the state's job, unless the scenario is blocked or held back
/// for a prediction. Returns the generations it sent.
fn runner_sends(s: &mut State, actions: Vec<Action>) -> Vec<u64> {
    let mut seen = s.generation;
    let mut sent = Vec::new();
    for a in actions {
        s.reduce(a);
        if s.generation != seen {
            seen = s.generation;
            if s.runnable() && !s.awaiting_prediction() {
                sent.push(s.generation);
            }
        }
    }
    sent
}

#[test]
fn closing_a_lesson_before_its_run_sends_the_scenario_on_the_form() {
    // The chapter's scenario was loaded while its job was held
    // back; closing left the page on the previous scenario's numbers
    // ("simulating: 50 of 50") because no new generation followed.
    let close = Action::Guide(GuideAction::Close);
    let open = |chapter| {
        Action::Guide(GuideAction::Open {
            link: link(chapter),
            stored: None,
        })
    };
    let ways = [
        ("at the prediction step", vec![open(0), close.clone()]),
        (
            "after switching chapters",
            vec![
                open(0),
                Action::Guide(GuideAction::Step(LessonAction::GoTo(2))),
                close.clone(),
            ],
        ),
        (
            "after a language switch",
            vec![open(1), Action::SetLanguage(Locale::De), close.clone()],
        ),
    ];
    for (how, actions) in ways {
        let mut s = State::default();
        simulate(&mut s);
        let sent = runner_sends(&mut s, actions);
        assert!(!s.awaiting_prediction(), "{how}");
        assert_eq!(
            sent.last(),
            Some(&s.generation),
            "{how}: the scenario on the form never went to the worker"
        );
        // Its results then replace the old ones: the page is not stuck.
        simulate(&mut s);
        assert!(s.complete(), "{how}");
    }
}

#[test]
fn entering_a_graded_chapter_from_a_held_one_sends_the_form() {
    // Chapter 1 answered and graded, kept in storage; chapter 2 opened
    // (held back), then back to the graded chapter 1: nothing holds the
    // form back any more, so it runs.
    let mut s = opened(0, None);
    step(&mut s, LessonAction::Predict(Prediction::Number(1000.0)));
    s.reduce(Action::Guide(GuideAction::Run));
    simulate(&mut s);
    assert!(progress(&s).answer().is_some_and(|a| a.grade.is_some()));
    let sent = runner_sends(
        &mut s,
        vec![
            Action::Guide(GuideAction::Step(LessonAction::GoTo(1))),
            Action::Guide(GuideAction::Step(LessonAction::GoTo(0))),
        ],
    );
    assert!(!s.awaiting_prediction());
    assert_eq!(sent.last(), Some(&s.generation));
    // What runs is chapter 1's scenario, not chapter 2's left on the form:
    // the verdict's proving charts show the page's run.
    assert_eq!(Some(&s.setup), chapter_setup(&s).as_ref());
}

/// The current chapter's own scenario.
fn chapter_setup(s: &State) -> Option<crate::app::setup::Setup> {
    s.chapter().and_then(|(_, c)| c.setup().ok())
}

#[test]
fn a_chapter_graded_on_an_earlier_visit_shows_its_own_run() {
    let mut s = opened(0, None);
    step(&mut s, LessonAction::Predict(Prediction::Number(500.0)));
    s.reduce(Action::Guide(GuideAction::Run));
    simulate(&mut s);
    let stored = progress(&s).to_json();
    // A later visit starts from another scenario on the form.
    let mut later = State::default();
    later.reduce(Action::LoadPreset("db-pool".into()));
    later.reduce(Action::Guide(GuideAction::Open {
        link: link(0),
        stored: Some(stored),
    }));
    assert!(!GuideView::of(&later).unwrap().proof.is_empty());
    assert_eq!(Some(&later.setup), chapter_setup(&later).as_ref());
}
