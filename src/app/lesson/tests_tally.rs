//! The room's tally, natively: its bins, the bin an answer falls in, the
//! default ranges (from the unit alone), what a tally of a question must
//! be, and the tally in a learner's progress (taken while the question is
//! asked, kept through a reload, locked with the grade). Also: every
//! chapter has speaker notes in every language.

use std::rc::Rc;

use super::grade::Actual;
use super::tally::{bin_of, edges_ascend};
use super::*;
use crate::app::basis::modes::{Mode, PerMode};
use crate::app::run::digest::RunView;
use crate::i18n::{self, Locale};
use crate::scenario::Draft;

fn chapter(lesson_id: &str, id: &str) -> &'static Chapter {
    let l = lesson(lesson_id).unwrap();
    &l.chapters[l.chapter_index(id).unwrap()]
}

fn number(edges: &[f64], counts: &[u32]) -> Tally {
    Tally::Number {
        edges: edges.to_vec(),
        counts: counts.to_vec(),
    }
}

#[test]
fn an_edge_belongs_to_the_bin_above_it() {
    let edges = [10.0, 100.0, 1000.0];
    assert_eq!(bin_of(&edges, 0.0), 0);
    assert_eq!(bin_of(&edges, 9.99), 0);
    assert_eq!(bin_of(&edges, 10.0), 1);
    assert_eq!(bin_of(&edges, 999.0), 2);
    assert_eq!(bin_of(&edges, 1000.0), 3);
    assert_eq!(bin_of(&edges, 1e9), 3);
}

#[test]
fn a_number_tally_has_one_bin_more_than_edges() {
    let q = &chapter("virtual-threads", "pool-runs-out").question;
    let t = number(&[10.0, 100.0], &[1, 2, 3]);
    assert_eq!(
        t.bins(q),
        [
            Bin::Below(10.0),
            Bin::Between(10.0, 100.0),
            Bin::From(100.0)
        ]
    );
    assert!(t.fits(q));
    assert_eq!(t.total(), 6);
    // Wrong shapes: a count missing, edges not ascending, none at all, a
    // negative or infinite edge, too many hands, the other kind.
    assert!(!number(&[10.0, 100.0], &[1, 2]).fits(q));
    assert!(!number(&[100.0, 10.0], &[1, 2, 3]).fits(q));
    assert!(!number(&[10.0, 10.0], &[1, 2, 3]).fits(q));
    assert!(!number(&[], &[1]).fits(q));
    assert!(!number(&[-1.0, 10.0], &[1, 2, 3]).fits(q));
    assert!(!number(&[10.0, f64::INFINITY], &[1, 2, 3]).fits(q));
    assert!(!number(&[10.0], &[MAX_COUNT + 1, 0]).fits(q));
    assert!(number(&[10.0], &[MAX_COUNT, 0]).fits(q));
    let too_many: Vec<f64> = (0..=MAX_EDGES).map(|e| e as f64).collect();
    assert!(!edges_ascend(&too_many));
    assert!(!Tally::Choice { counts: vec![1, 2] }.fits(q));
}

#[test]
fn a_choice_tally_counts_each_option_in_order() {
    let q = &chapter("virtual-threads", "memory").question;
    let Question::Choice(c) = q else {
        panic!("a choice")
    };
    let t = Tally::Choice { counts: vec![7, 3] };
    assert!(t.fits(q));
    let ids: Vec<Bin> = c
        .options
        .iter()
        .map(|o| Bin::Option(o.id.clone()))
        .collect();
    assert_eq!(t.bins(q), ids);
    assert!(!Tally::Choice { counts: vec![7] }.fits(q));
    assert!(!number(&[1.0], &[1, 2]).fits(q));
}

#[test]
fn the_answer_falls_in_the_bin_of_the_runs_value_or_its_one_option() {
    let nq = &chapter("virtual-threads", "pool-runs-out").question;
    let t = number(&[100.0, 1000.0], &[1, 5, 2]);
    assert_eq!(t.answer_bin(nq, &Actual::Number(50.0)), Some(0));
    assert_eq!(t.answer_bin(nq, &Actual::Number(1905.0)), Some(2));
    assert_eq!(t.answer_bin(nq, &Actual::Number(f64::NAN)), None);
    assert_eq!(t.answer_bin(nq, &Actual::Choice(vec!["x".into()])), None);
    let cq = &chapter("virtual-threads", "memory").question;
    let Question::Choice(c) = cq else {
        panic!("a choice")
    };
    let t = Tally::Choice { counts: vec![7, 3] };
    let second = c.options[1].id.clone();
    assert_eq!(t.answer_bin(cq, &Actual::Choice(vec![second])), Some(1));
    // The run cannot decide: no bin is the answer's.
    assert_eq!(t.answer_bin(cq, &Actual::Choice(vec![])), None);
    let both = c.options.iter().map(|o| o.id.clone()).collect();
    assert_eq!(t.answer_bin(cq, &Actual::Choice(both)), None);
}

#[test]
fn default_ranges_come_from_the_unit_alone_never_the_chapter() {
    // Every number question's empty tally fits it, and two chapters whose
    // answers differ but share a unit get the same ranges: nothing of the
    // chapter's scenario or theory shows in the bins before the run.
    let mut by_unit: Vec<(Unit, Vec<f64>)> = Vec::new();
    let mut questions = 0;
    for l in lessons() {
        for c in &l.chapters {
            let t = Tally::empty(&c.question);
            assert!(t.fits(&c.question), "{}", c.id);
            assert_eq!(t.total(), 0);
            if let Question::Number(q) = &c.question {
                questions += 1;
                match by_unit.iter().find(|(u, _)| *u == q.unit) {
                    Some((_, edges)) => assert_eq!(edges, t.edges(), "{}", c.id),
                    None => by_unit.push((q.unit, t.edges().to_vec())),
                }
            }
        }
    }
    assert!(questions > by_unit.len(), "some unit is shared");
    for u in [
        Unit::ReqPerS,
        Unit::Ms,
        Unit::Pct,
        Unit::Mb,
        Unit::TasksPerS,
        Unit::Times,
        Unit::CallsPerRequest,
    ] {
        assert!(edges_ascend(u.default_edges()), "{u:?}");
    }
}

fn runs_of(rps: f64) -> PerMode<Option<Rc<RunView>>> {
    let mut d = Draft::new();
    d.set("load.requests", "10").unwrap();
    d.set("load.concurrency", "5").unwrap();
    let cfg = crate::scenario::validate(&d).unwrap();
    let mut v = RunView::from_report(Mode::Platform, &crate::sim::run(&cfg));
    v.throughput_rps = rps;
    PerMode {
        platform: Some(Rc::new(v)),
        virtual_threads: None,
    }
}

#[test]
fn the_tally_is_taken_while_the_question_is_asked_and_locked_with_the_grade() {
    let l = lesson("virtual-threads").unwrap();
    let q = &l.chapters[0].question;
    let mut p = LessonProgress::start(&l.id).unwrap();
    let mut t = Tally::empty(q);
    if let Tally::Number { counts, .. } = &mut t {
        counts[3] = 12;
    }
    // While reading, the presenter may count already.
    p.reduce(LessonAction::Tally(t.clone()), None);
    assert_eq!(p.tally(), Some(&t));
    // A tally of another question's shape is refused.
    p.reduce(LessonAction::Tally(Tally::Choice { counts: vec![1] }), None);
    assert_eq!(p.tally(), Some(&t));
    // It survives a reload; one that no longer fits its chapter does not.
    let back = LessonProgress::from_json(&p.to_json()).unwrap();
    assert_eq!(back.tally(), Some(&t));
    let broken = p
        .to_json()
        .replace("\"counts\":[0,0,0,12", "\"counts\":[0,0,12");
    assert_ne!(broken, p.to_json());
    assert_eq!(LessonProgress::from_json(&broken).unwrap().tally(), None);
    // Graded: the counts stay as they were.
    p.reduce(LessonAction::Next, None);
    p.reduce(LessonAction::Predict(Prediction::Number(1000.0)), None);
    p.reduce(LessonAction::Next, None);
    let setup = l.chapters[0].setup().unwrap();
    let v = runs_of(1000.0);
    let runs = Runs {
        views: &v,
        setup: &setup,
    };
    p.reduce(LessonAction::Ran, Some(runs));
    assert_eq!(p.step, Step::Compare);
    p.reduce(LessonAction::Back, None);
    assert_eq!(p.step, Step::Predict);
    p.reduce(LessonAction::Tally(Tally::empty(q)), None);
    assert_eq!(p.tally(), Some(&t), "locked once graded");
    // A chapter without a tally has none.
    p.reduce(LessonAction::GoTo(1), None);
    assert_eq!(p.tally(), None);
}

#[test]
fn every_chapter_has_speaker_notes_in_every_language() {
    for l in lessons() {
        for c in &l.chapters {
            let key = Part::Notes.key(&l.id, &c.id);
            let english = i18n::lookup(Locale::ALL[0], &key).unwrap_or_default();
            for locale in Locale::ALL {
                let notes = i18n::lookup(locale, &key)
                    .unwrap_or_else(|| panic!("{key}: no {} notes", locale.code()));
                // Notes a presenter can use: what to say, what the room
                // guesses, what to point at — more than a line.
                assert!(notes.chars().count() > 150, "{key} ({})", locale.code());
                if locale != Locale::ALL[0] {
                    assert_ne!(notes, english, "{key}: {} is English", locale.code());
                }
                let rendered = c.text(&l.id, Part::Notes, locale);
                assert!(
                    !rendered.contains("{$"),
                    "{key} ({}): {rendered}",
                    locale.code()
                );
            }
        }
    }
}
