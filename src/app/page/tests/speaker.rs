//! The speaker view and the projector, natively: the message of each
//! lesson action, read back as sent and refused when malformed; the
//! projector following the speaker view through a chapter (its own run,
//! the same grade, the room's tally); what the next click does; the
//! clocks.

use super::guide::{opened, simulate};
use crate::app::lesson::{LessonAction, LessonLink, Prediction, Step, Tally, lesson};
use crate::app::page::speaker::{Clocks, Cue, Message, NextClick, VERSION, clock};
use crate::app::page::state::GuideAction;
use crate::app::*;
use crate::i18n::Locale;

const VT: &str = "virtual-threads";

/// What the projector does on `action` taken in the speaker view `speaker`
/// (which then takes it too): the message goes through its JSON.
fn send(speaker: &mut State, projector: &mut State, action: Action) {
    let m = Message::of(&action, speaker);
    speaker.reduce(action);
    let Some(m) = m else { return };
    let m = Message::read(&m.to_json()).expect("a message reads back");
    projector.reduce(m.action(None).expect("a lesson's"));
}

fn step(a: LessonAction) -> Action {
    Action::Guide(GuideAction::Step(a))
}

fn at(s: &State) -> (usize, Step) {
    let p = s.lesson.as_ref().expect("a lesson");
    (p.chapter, p.step)
}

#[test]
fn every_lesson_action_but_the_grade_is_a_message_that_reads_back() {
    let s = opened(0, None);
    let actions = [
        step(LessonAction::Next),
        step(LessonAction::Back),
        step(LessonAction::GoTo(3)),
        step(LessonAction::Predict(Prediction::Number(1234.5))),
        step(LessonAction::Predict(Prediction::Choice("same".into()))),
        step(LessonAction::Tried("more-threads".into())),
        step(LessonAction::Tally(Tally::Choice { counts: vec![1, 2] })),
        Action::Guide(GuideAction::Run),
        Action::Guide(GuideAction::Close),
        Action::Guide(GuideAction::Open {
            link: LessonLink {
                lesson: VT,
                chapter: 2,
            },
            stored: Some("{}".into()),
        }),
    ];
    for a in actions {
        let m = Message::of(&a, &s).unwrap_or_else(|| panic!("{a:?}"));
        assert_eq!(m.v, VERSION);
        assert_eq!(m.lesson, VT);
        assert_eq!(Message::read(&m.to_json()), Some(m.clone()), "{a:?}");
    }
    // Each window grades its own run; other actions are not the lesson's.
    assert_eq!(Message::of(&step(LessonAction::Ran), &s), None);
    assert_eq!(Message::of(&Action::PinBaseline, &s), None);
    // Without a lesson only an opening is a message.
    assert_eq!(
        Message::of(&step(LessonAction::Next), &State::default()),
        None
    );
}

#[test]
fn a_malformed_message_is_ignored() {
    let good = r#"{"v":1,"lesson":"virtual-threads","chapter":0,"cue":"next"}"#;
    assert!(Message::read(good).is_some());
    let long = format!(
        r#"{{"v":1,"lesson":"virtual-threads","chapter":0,"cue":{{"tried":{{"id":"{}"}}}}}}"#,
        "x".repeat(5000)
    );
    for bad in [
        "",
        "next",
        "null",
        "[]",
        "{}",
        &good.replace(r#""v":1"#, r#""v":2"#),
        &good.replace(r#""v":1,"#, ""),
        &good.replace("virtual-threads", "no-such-lesson"),
        &good.replace(r#""chapter":0"#, r#""chapter":9"#),
        &good.replace(r#""chapter":0"#, r#""chapter":-1"#),
        &good.replace(r#""chapter":0"#, r#""chapter":"0""#),
        &good.replace("next", "jump"),
        &good.replace(r#""next""#, r#"{"go_to":{"chapter":42}}"#),
        &good.replace(r#""next""#, r#"{"open":{"chapter":9}}"#),
        &good.replace(r#""next""#, r#"{"next":null,"back":null}"#),
        &good.replace(r#""next""#, r#"{"tried":{"id":"x","extra":1}}"#),
        &good.replace(r#""next""#, r#"{"predict":{"prediction":{"number":"x"}}}"#),
        &good.replace(
            r#""next""#,
            r#"{"tally":{"tally":{"choice":{"counts":[-1]}}}}"#,
        ),
        &good.replace(r#""next"}"#, r#""next","more":true}"#),
        &long,
    ] {
        assert_eq!(Message::read(bad), None, "{bad}");
    }
}

#[test]
fn the_projector_follows_the_speaker_view_through_a_chapter() {
    let (mut speaker, mut projector) = (opened(0, None), opened(0, None));
    speaker.view.speaker = true;
    projector.view.presenter = true;
    send(&mut speaker, &mut projector, step(LessonAction::Next));
    assert_eq!(at(&projector), (0, Step::Predict));
    // The room's answers, counted in the speaker view.
    let mut tally = Tally::empty(&lesson(VT).unwrap().chapters[0].question);
    if let Tally::Number { counts, .. } = &mut tally {
        counts[0] = 2;
        counts[4] = 9;
    }
    send(
        &mut speaker,
        &mut projector,
        step(LessonAction::Tally(tally.clone())),
    );
    let predict = LessonAction::Predict(Prediction::Number(1900.0));
    send(&mut speaker, &mut projector, step(predict));
    // Run: each window loads the chapter's scenario and runs it.
    send(
        &mut speaker,
        &mut projector,
        Action::Guide(GuideAction::Run),
    );
    assert_eq!(at(&speaker), (0, Step::Run));
    assert_eq!(at(&projector), (0, Step::Run));
    assert_eq!(projector.setup, speaker.setup);
    simulate(&mut speaker);
    simulate(&mut projector);
    assert_eq!(at(&projector), (0, Step::Compare));
    let (a, b) = (speaker.lesson.as_ref(), projector.lesson.as_ref());
    assert_eq!(a.and_then(|p| p.answer()), b.and_then(|p| p.answer()));
    assert_eq!(b.and_then(|p| p.tally()), Some(&tally));
    send(&mut speaker, &mut projector, step(LessonAction::Next));
    let tried = LessonAction::Tried("more-threads".into());
    send(&mut speaker, &mut projector, step(tried));
    assert_eq!(projector.setup, speaker.setup, "the change is loaded");
    send(&mut speaker, &mut projector, step(LessonAction::Next));
    assert_eq!(at(&projector), (1, Step::Read));
    assert_eq!(at(&speaker), (1, Step::Read));
}

#[test]
fn a_projector_elsewhere_comes_to_the_speaker_views_chapter_first() {
    let speaker = opened(3, None);
    let mut projector = opened(0, None);
    projector.reduce(step(LessonAction::Next));
    let m = Message::of(&step(LessonAction::Next), &speaker).unwrap();
    projector.reduce(m.clone().action(None).unwrap());
    assert_eq!(
        at(&projector),
        (3, Step::Predict),
        "to chapter 4, then next"
    );
    // Again at the same chapter: no second trip to its start.
    let back = Message::of(&step(LessonAction::Back), &speaker).unwrap();
    projector.reduce(back.action(None).unwrap());
    assert_eq!(at(&projector), (3, Step::Read));
    // No lesson open: the speaker view's lesson opens at its chapter, with
    // the progress stored for it.
    let mut empty = State::default();
    let mut stored = opened(3, None);
    stored.reduce(step(LessonAction::Predict(Prediction::Number(42.0))));
    let json = stored.lesson.as_ref().unwrap().to_json();
    empty.reduce(m.action(Some(json)).unwrap());
    // Stored: at the question with an answer, so the speaker's next runs.
    assert_eq!(at(&empty), (3, Step::Run));
    let answer = empty.lesson.as_ref().unwrap().answer().unwrap();
    assert_eq!(answer.grade, None);
    // An opening opens the chapter it names, and nothing more.
    let open = Message {
        v: VERSION,
        lesson: VT.into(),
        chapter: 0,
        cue: Cue::Open { chapter: 5 },
    };
    projector.reduce(open.action(None).unwrap());
    assert_eq!(at(&projector), (5, Step::Read));
    let link = projector.view.lesson.unwrap();
    assert_eq!(
        link,
        LessonLink {
            lesson: VT,
            chapter: 5
        }
    );
}

#[test]
fn the_next_click_is_said_for_every_step() {
    let mut s = opened(0, None);
    let next = |s: &State| NextClick::of(s.lesson.as_ref().unwrap());
    assert_eq!(next(&s), NextClick::Question);
    s.reduce(step(LessonAction::Next));
    assert_eq!(next(&s), NextClick::NeedsAnswer);
    s.reduce(step(LessonAction::Predict(Prediction::Number(1.0))));
    assert_eq!(next(&s), NextClick::Runs);
    s.reduce(step(LessonAction::Next));
    assert_eq!(next(&s), NextClick::Running);
    simulate(&mut s);
    assert_eq!(next(&s), NextClick::NowTry);
    s.reduce(step(LessonAction::Next));
    assert_eq!(next(&s), NextClick::Chapter(1));
    let last = lesson(VT).unwrap().chapters.len() - 1;
    s.reduce(step(LessonAction::GoTo(last)));
    let p = s.lesson.as_mut().unwrap();
    p.step = Step::NowTry;
    assert_eq!(next(&s), NextClick::End);
    // In words, per language: the next chapter by number and title.
    let mut s = opened(0, None);
    s.lesson.as_mut().unwrap().step = Step::NowTry;
    for (lang, words) in [
        ("en", "Opens chapter 2"),
        ("de", "Kapitel 2"),
        ("zh", "第 2 章"),
    ] {
        s.view.lang = lang.into();
        let v = crate::app::page::speaker::SpeakerView::of(&s).unwrap();
        assert!(v.next.contains(words), "{lang}: {}", v.next);
        let title = lesson(VT).unwrap().chapters[1].text(
            VT,
            crate::app::lesson::Part::Title,
            s.view.locale(),
        );
        assert!(v.next.contains(&title), "{lang}: {}", v.next);
        assert!(
            v.notes.len() > 100 && !v.notes.contains("{$"),
            "{lang}: {}",
            v.notes
        );
    }
    assert_eq!(Locale::named("de").map(|l| l.code()), Some("de"));
}

#[test]
fn the_clocks_start_pause_reset_and_follow_the_chapter() {
    let mut c = Clocks::started(1_000.0, Some(0));
    assert!(c.running());
    assert_eq!(c.talk.elapsed(61_000.0), 60_000.0);
    c.pause(61_000.0);
    assert!(!c.running());
    assert_eq!(c.talk.elapsed(500_000.0), 60_000.0, "paused");
    c.start(100_000.0);
    assert_eq!(c.talk.elapsed(110_000.0), 70_000.0);
    // A new chapter's clock starts from zero; the talk's goes on.
    c.at_chapter(Some(1), 110_000.0);
    assert_eq!(c.chapter.elapsed(115_000.0), 5_000.0);
    assert_eq!(c.talk.elapsed(115_000.0), 75_000.0);
    c.at_chapter(Some(1), 200_000.0);
    assert_eq!(c.chapter.elapsed(200_000.0), 90_000.0, "the same chapter");
    c.reset(200_000.0);
    assert_eq!(c.talk.elapsed(200_000.0), 0.0);
    assert!(c.running(), "reset keeps a running clock running");
    c.pause(203_000.0);
    c.reset(204_000.0);
    assert_eq!(c.talk.elapsed(300_000.0), 0.0, "and a paused one paused");
    // A clock set back counts nothing.
    let c = Clocks::started(10_000.0, None);
    assert_eq!(c.talk.elapsed(5_000.0), 0.0);
    assert_eq!(clock(0.0), "0:00");
    assert_eq!(clock(59_999.0), "0:59");
    assert_eq!(clock(61_000.0), "1:01");
    assert_eq!(clock(3_725_000.0), "1:02:05");
    assert_eq!(clock(-5.0), "0:00");
}
