//! A lesson's handout, natively: it runs every chapter, one job after
//! another (each job's messages go back to its chapter), then has a page
//! per chapter with its question, what the run gave beside the learner's
//! prediction (graded as on the page, or now), its proving charts and what
//! to notice, in each language; a page before its run says so.

use crate::app::lesson::{LessonAction, LessonLink, Prediction, Verdict, lesson};
use crate::app::page::handout::Handout;
use crate::app::page::state::GuideAction;
use crate::app::worker::job::run_blocking;
use crate::app::*;
use crate::i18n::Locale;

const LESSON: &str = "downstream-slows";

/// The lesson opened at chapter 1 in `lang`, the learner having predicted
/// `answer` there (not run).
fn opened(lang: &str, answer: Option<Prediction>) -> State {
    let mut s = State::default();
    s.view.lang = lang.to_string();
    s.reduce(Action::Guide(GuideAction::Open {
        link: LessonLink {
            lesson: LESSON,
            chapter: 0,
        },
        stored: None,
    }));
    if let Some(p) = answer {
        s.reduce(Action::Guide(GuideAction::Step(LessonAction::Next)));
        s.reduce(Action::Guide(GuideAction::Step(LessonAction::Predict(p))));
    }
    s
}

/// Runs the handout's jobs as the worker would (without their sweeps:
/// nothing here reads them) until none is left; returns the generations
/// of the jobs in the order they ran.
fn run_all(h: &mut Handout) -> Vec<u64> {
    let mut ran = Vec::new();
    while let Some(mut job) = h.next_job() {
        assert!(!ran.contains(&job.generation), "a job twice: {ran:?}");
        ran.push(job.generation);
        job.sweep = false;
        h.take_in(run_blocking(&job));
    }
    ran
}

#[test]
fn the_handout_runs_every_chapter_in_turn_then_is_ready() {
    let s = opened("en", None);
    let mut h = Handout::of(&s).expect("a lesson is open");
    let chapters = lesson(LESSON).unwrap().chapters.len();
    let v = h.view(Locale::En);
    assert!(!v.ready && v.done == 0 && v.total == chapters);
    assert_eq!(
        v.status,
        format!("Running chapter 1 of {chapters} for the handout…")
    );
    assert!(
        v.pages.iter().all(|p| p.answer.is_none()),
        "nothing has run"
    );
    // The first job is chapter 1's, and runs only its scenario.
    let first = h.next_job().unwrap();
    let expected = lesson(LESSON).unwrap().chapters[0].setup().unwrap();
    assert_eq!(first.modes.len(), expected.modes.list().len());
    // A message of another generation than a chapter's is dropped.
    h.take_in(vec![Message {
        generation: 99,
        output: Output::Done { events: 1 },
    }]);
    assert_eq!(h.next_job(), Some(first));
    let ran = run_all(&mut h);
    assert_eq!(ran, (1..=chapters as u64).collect::<Vec<_>>());
    let v = h.view(Locale::En);
    assert!(v.ready && v.done == chapters);
    assert_eq!(
        v.status,
        format!("All {chapters} chapters have run: the handout is ready to print.")
    );
    assert_eq!(v.heading, "Handout: When a downstream slows down");
    for (i, p) in v.pages.iter().enumerate() {
        assert_eq!(p.index, i);
        assert_eq!(p.chapter_of, format!("Chapter {} of {chapters}", i + 1));
        let a = p
            .answer
            .as_ref()
            .unwrap_or_else(|| panic!("chapter {i} ran"));
        assert!(!a.actual.trim().is_empty(), "{p:?}");
        assert!(
            a.prediction.is_none() && a.verdict.is_none(),
            "no prediction made"
        );
        assert!(!p.question.is_empty() && !p.notice.is_empty());
    }
    // The chapter's own proving charts ("calls"), where it names them.
    assert_eq!(v.pages[0].proof, vec!["calls"]);
    // Each chapter's state holds its own runs, for the charts.
    let c0 = h.chapter_state(0).unwrap();
    assert!(c0.complete() && !c0.results.runs(c0.setup.modes).is_empty());
}

#[test]
fn a_prediction_is_graded_beside_the_run_on_its_page() {
    let l = lesson(LESSON).unwrap();
    let crate::app::lesson::Question::Choice(q) = &l.chapters[0].question else {
        panic!("chapter 1 asks for a choice");
    };
    let pick = q.options[0].id.clone();
    let s = opened("en", Some(Prediction::Choice(pick.clone())));
    let mut h = Handout::of(&s).unwrap();
    // Before its run, the page has the question and what to notice only.
    assert!(h.view(Locale::En).pages[0].answer.is_none());
    run_all(&mut h);
    let p = &h.view(Locale::En).pages[0];
    let a = p.answer.as_ref().unwrap();
    let said = l.chapters[0].text(LESSON, crate::app::lesson::Part::Option(&pick), Locale::En);
    assert_eq!(a.prediction.as_deref(), Some(said.as_str()));
    let (verdict, words) = a.verdict.as_ref().expect("graded now");
    assert!(
        matches!(verdict, Verdict::Right | Verdict::Wrong),
        "{verdict:?}"
    );
    assert!(["Right", "Not quite"].contains(&words.as_str()), "{words}");
    assert!(
        p.options.contains(&said),
        "the options are listed: {:?}",
        p.options
    );
    // The other chapters were not answered: no prediction on their pages.
    assert!(
        h.view(Locale::En).pages[1..].iter().all(|p| p
            .answer
            .as_ref()
            .unwrap()
            .prediction
            .is_none())
    );
}

#[test]
fn the_handout_speaks_the_pages_language_and_says_when_it_cannot_run() {
    for (lang, locale, running) in [
        ("de", Locale::De, "Kapitel 1 von"),
        ("zh", Locale::Zh, "第 1 章"),
    ] {
        let s = opened(lang, None);
        let mut h = Handout::of(&s).unwrap();
        let v = h.view(locale);
        assert!(v.status.contains(running), "{}", v.status);
        let title_en = h.view(Locale::En).pages[0].title.clone();
        assert_ne!(
            v.pages[0].title, title_en,
            "{lang}: the chapter's own words"
        );
        h.unavailable("no worker".into());
        assert!(h.ready() && h.next_job().is_none());
        let v = h.view(locale);
        assert!(v.ready && v.status.contains("no worker"), "{}", v.status);
        assert!(v.pages.iter().all(|p| p.answer.is_none()));
    }
}

#[test]
fn no_handout_without_a_lesson() {
    assert!(Handout::of(&State::default()).is_none());
}
