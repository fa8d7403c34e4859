//! The room's tally on the page, natively: its fields read as typed (a
//! field that does not read is one line naming it and its value), shown
//! only to a presenter while the question is asked, and its histogram
//! beside the run's answer with that bin marked (none without hands).

use super::guide::{opened, simulate};
use crate::app::lesson::{LessonAction, Prediction, Tally, lesson};
use crate::app::page::room::{TallyTexts, form, histogram};
use crate::app::page::state::GuideAction;
use crate::app::*;
use crate::i18n::Locale;

fn step(s: &mut State, a: LessonAction) {
    s.reduce(Action::Guide(GuideAction::Step(a)));
}

fn presenting(chapter: usize) -> State {
    let mut s = opened(chapter, None);
    s.view.presenter = true;
    s
}

#[test]
fn the_fields_show_to_a_presenter_while_the_question_is_asked() {
    let mut s = opened(0, None);
    assert_eq!(form(&s), None, "a learner alone has no room to count");
    s.view.presenter = true;
    let f = form(&s).expect("presenter mode");
    assert_eq!(f.bins.len(), f.edges.len() + 1);
    assert_eq!(f.unit.as_deref(), Some("req/s"));
    assert_eq!(f.bins[0], "under 50");
    assert_eq!(f.bins[1], "50 to under 100");
    assert!(f.bins.last().unwrap().ends_with("or more"));
    assert!(f.texts.counts.iter().all(|c| c == "0"));
    s.view.presenter = false;
    s.view.speaker = true;
    assert!(form(&s).is_some(), "the speaker view counts too");
    s.view.embed = true;
    assert_eq!(form(&s), None, "never in an embed");
}

#[test]
fn a_count_that_does_not_read_names_its_field_and_value() {
    let s = presenting(0);
    let q = &lesson("virtual-threads").unwrap().chapters[0].question;
    let f = form(&s).unwrap();
    let mut texts = f.texts.clone();
    texts.counts[1] = "-3".into();
    let e = texts.read(q, &f).unwrap_err();
    assert_eq!(
        e.line(Locale::ALL[0]),
        "50 to under 100: “-3” — expected a whole number from 0 to 10,000"
    );
    for bad in ["2.5", "abc", "1e3", "10001", "99999999999"] {
        texts.counts[1] = bad.into();
        let e = texts.read(q, &f).unwrap_err();
        assert_eq!(
            (e.field.as_str(), e.value.as_str()),
            ("50 to under 100", bad)
        );
    }
    // Empty counts nothing yet; spaces around a number are no matter.
    texts.counts[1] = String::new();
    texts.counts[2] = " 12 ".into();
    let t = texts.read(q, &f).unwrap();
    assert_eq!(t.counts()[1..3], [0, 12]);
}

#[test]
fn an_edge_must_rise_above_the_one_before_it() {
    let s = presenting(0);
    let q = &lesson("virtual-threads").unwrap().chapters[0].question;
    let f = form(&s).unwrap();
    let mut texts = f.texts.clone();
    texts.edges[2] = "40".into();
    let e = texts.read(q, &f).unwrap_err();
    assert_eq!(
        e.line(Locale::ALL[0]),
        "Edge 3: “40” — expected a number above 100, the edge before it"
    );
    texts.edges = vec!["-1".into(); texts.edges.len()];
    let e = texts.read(q, &f).unwrap_err();
    assert_eq!(e.field, "Edge 1");
    // German writes a decimal comma.
    let mut texts = f.texts.clone();
    texts.edges[0] = "12,5".into();
    let t = texts.read(q, &f).unwrap();
    assert_eq!(t.edges()[0], 12.5);
    let mut de = presenting(0);
    de.view.lang = "de".into();
    let e = TallyTexts {
        counts: vec!["x".into(); f.bins.len()],
        ..f.texts.clone()
    }
    .read(q, &form(&de).unwrap())
    .unwrap_err();
    let line = e.line(Locale::named("de").unwrap());
    assert!(line.starts_with("unter 50: "), "{line}");
    assert!(line.contains("ganze Zahl von 0 bis 10.000"), "{line}");
}

#[test]
fn after_the_run_the_histogram_marks_the_answers_bin() {
    let mut s = presenting(0);
    let q = lesson("virtual-threads").unwrap().chapters[0]
        .question
        .clone();
    let f = form(&s).unwrap();
    let mut texts = f.texts.clone();
    texts.counts = (1..=f.bins.len()).map(|n| n.to_string()).collect();
    step(&mut s, LessonAction::Tally(texts.read(&q, &f).unwrap()));
    step(&mut s, LessonAction::Predict(Prediction::Number(1900.0)));
    assert_eq!(histogram(&s), None, "not before the run");
    s.reduce(Action::Guide(GuideAction::Run));
    simulate(&mut s);
    assert_eq!(form(&s), None, "counted: the fields are gone");
    let h = histogram(&s).expect("graded");
    assert!(h.marked);
    let marked: Vec<_> = h.bars.iter().filter(|b| b.answer).collect();
    assert_eq!(marked.len(), 1);
    // The run's throughput falls in the marked range.
    let tally = s.lesson.as_ref().unwrap().tally().unwrap().clone();
    let Tally::Number { edges, .. } = &tally else {
        panic!("a number tally")
    };
    let actual = s
        .lesson
        .as_ref()
        .unwrap()
        .answer()
        .unwrap()
        .grade
        .clone()
        .unwrap();
    let crate::app::lesson::Actual::Number(x) = actual.actual else {
        panic!("a number")
    };
    let i = h.bars.iter().position(|b| b.answer).unwrap();
    assert!(i == 0 || x >= edges[i - 1], "{x} in bin {i}");
    assert!(i == edges.len() || x < edges[i], "{x} in bin {i}");
    // The longest bar is the fullest bin; each says its count and share.
    let n = f.bins.len();
    assert_eq!(h.bars[n - 1].width_pct, 100.0);
    let total: usize = (1..=n).sum();
    assert_eq!(h.total, format!("Answers: {total}"));
    let share = (n as f64 / total as f64 * 100.0).round();
    assert_eq!(h.bars[n - 1].value, format!("{n} ({share} %)"));
}

#[test]
fn no_hands_no_histogram() {
    let mut s = presenting(0);
    step(&mut s, LessonAction::Predict(Prediction::Number(1900.0)));
    s.reduce(Action::Guide(GuideAction::Run));
    simulate(&mut s);
    assert_eq!(histogram(&s), None, "no tally, no histogram");
}
