//! An embed of a lesson's chapter, natively: its link (what the Embed
//! dialog writes, what the embed reads, where "Open in the playground"
//! goes), the chapter it keeps to, what it keeps in local storage (nothing
//! until its reader answers), and a reader who predicts, runs, compares and
//! tries a change in it.

use crate::app::lesson::{LessonAction, LessonLink, Prediction, Step, Verdict, lesson};
use crate::app::link::permalink::{decode, encode};
use crate::app::link::view::Theme;
use crate::app::page::guide::{
    GuideView, chapter_embed, chapter_page, progress_to_keep, storage_key,
};
use crate::app::page::state::GuideAction;
use crate::app::worker::job::Plan;
use crate::app::*;
use crate::i18n::Locale;

const VT: &str = "virtual-threads";
/// Chapter 4, pinning (0-based).
const PINNING: usize = 3;

/// The state an embed's link opens, with its lesson opened as the page
/// opens it (nothing stored).
fn embed_of(query: &str) -> State {
    let d = decode(query);
    assert!(d.ignored.is_empty(), "{:?}", d.ignored);
    let mut s = State::of_link(d.link);
    let link = s.view.lesson.expect("the link names a chapter");
    s.reduce(Action::Guide(GuideAction::Open { link, stored: None }));
    s
}

/// The full page at `chapter` of the lesson.
fn page_at(chapter: usize) -> State {
    let mut s = State::default();
    s.reduce(Action::Guide(GuideAction::Open {
        link: LessonLink {
            lesson: VT,
            chapter,
        },
        stored: None,
    }));
    s
}

/// Runs the state's job as the worker does (full runs only).
fn simulate(s: &mut State) {
    let mut job = s.job();
    job.sweep = false;
    let plan = Plan::of(&job);
    s.reduce(Action::Workers(vec![plan.planned()]));
    for r in &plan.runs {
        let report = r.config().map(|c| crate::sim::run(&c));
        for m in plan.results(r, report.as_ref()) {
            s.reduce(Action::Workers(vec![m]));
        }
    }
    s.reduce(Action::Workers(vec![plan.done(0)]));
}

fn step(s: &mut State, a: LessonAction) {
    s.reduce(Action::Guide(GuideAction::Step(a)));
}

fn at(s: &State) -> (usize, Step) {
    let p = s.lesson.as_ref().expect("a lesson is open");
    (p.chapter, p.step)
}

#[test]
fn the_dialog_writes_a_chapters_embed_link_and_the_embed_reads_it_back() {
    let mut page = page_at(PINNING);
    page.view.lang = "de".into();
    // The form was edited meanwhile: the embed still loads the chapter.
    page.reduce(Action::Edit {
        mode: None,
        key: "load.concurrency".into(),
        text: "7".into(),
    });
    let (link, title) = chapter_embed(&page, Theme::Dark, Vec::new()).expect("a lesson is open");
    assert_eq!(
        encode(&link),
        "embed=1&lang=de&theme=dark&lesson=virtual-threads&chapter=4&v=1"
    );
    assert_eq!(title, "Pinning: synchronized auf JDK 21");
    assert!(chapter_embed(&State::default(), Theme::Auto, Vec::new()).is_none());

    let s = embed_of(&encode(&link));
    assert!(s.view.embed);
    assert_eq!(at(&s), (PINNING, Step::Read));
    let chapter = &lesson(VT).unwrap().chapters[PINNING];
    assert_eq!(s.setup, chapter.setup().unwrap(), "the chapter's scenario");
    assert!(
        s.awaiting_prediction(),
        "nothing runs before the prediction"
    );
    let v = GuideView::of(&s).unwrap();
    assert!(v.embedded && !v.can_back);
    assert_eq!(v.locale, Locale::De);
    // "Open in the playground": the lesson at this chapter, in German.
    let full = encode(&chapter_page(&s).unwrap());
    assert_eq!(
        full,
        "lang=de&theme=dark&lesson=virtual-threads&chapter=4&v=1"
    );
    assert!(chapter_page(&State::default()).is_none());
}

#[test]
fn an_embed_keeps_to_its_chapter() {
    let mut s = embed_of("embed=1&lesson=virtual-threads&chapter=4&v=1");
    step(&mut s, LessonAction::Back);
    assert_eq!(at(&s), (PINNING, Step::Read), "no way back to chapter 3");
    step(&mut s, LessonAction::GoTo(0));
    assert_eq!(at(&s), (PINNING, Step::Read));
    step(&mut s, LessonAction::Predict(Prediction::Number(80.0)));
    s.reduce(Action::Guide(GuideAction::Run));
    simulate(&mut s);
    assert_eq!(at(&s), (PINNING, Step::Compare));
    step(&mut s, LessonAction::Tried("jdk-24".into()));
    assert_eq!(at(&s), (PINNING, Step::NowTry));
    step(&mut s, LessonAction::Next);
    assert_eq!(at(&s), (PINNING, Step::NowTry), "no way on to chapter 5");
    assert!(!GuideView::of(&s).unwrap().can_next);
    // The full page goes on, as before.
    let mut full = page_at(PINNING);
    step(&mut full, LessonAction::Back);
    assert_eq!(at(&full), (PINNING - 1, Step::NowTry));
}

#[test]
fn an_embed_keeps_nothing_in_storage_until_its_reader_answers() {
    let mut s = embed_of("embed=1&lesson=virtual-threads&chapter=4&v=1");
    assert_eq!(progress_to_keep(&s), None, "a reader who only reads");
    step(&mut s, LessonAction::Next);
    assert_eq!(progress_to_keep(&s), None, "nor one who only steps");
    step(&mut s, LessonAction::Predict(Prediction::Number(80.0)));
    let (key, json) = progress_to_keep(&s).expect("an answer is kept");
    assert_eq!(key, storage_key(VT));
    assert!(json.contains("\"pinning\""), "{json}");
    // The full page keeps the progress from its first step.
    let full = page_at(PINNING);
    assert!(progress_to_keep(&full).is_some());
    assert_eq!(progress_to_keep(&State::default()), None);
}

#[test]
fn a_reader_predicts_runs_and_sees_the_grade_and_the_changes_in_the_embed() {
    let mut s = embed_of("embed=1&lang=zh&lesson=virtual-threads&chapter=pinning&v=1");
    let v = GuideView::of(&s).unwrap();
    assert!(
        v.replay.as_deref().is_some_and(|r| r.contains("JDK 21")),
        "{:?}",
        v.replay
    );
    step(&mut s, LessonAction::Predict(Prediction::Number(80.0)));
    s.reduce(Action::Guide(GuideAction::Run));
    assert!(!s.awaiting_prediction());
    simulate(&mut s);
    let v = GuideView::of(&s).unwrap();
    let c = v.compare.expect("the prediction beside the run");
    assert_eq!(c.verdict, Verdict::Right, "{c:?}");
    assert!(c.prediction.starts_with("80"), "{c:?}");
    assert!(v.notice.is_some());
    let ids: Vec<&str> = v.tries.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["jdk-24", "shared-lock"]);
}
