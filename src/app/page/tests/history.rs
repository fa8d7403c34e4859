//! The browser's history and the language a link opens in, natively:
//! which changes get an entry of their own, the
//! state an entry comes back to (as the page opens it), the browser's
//! language for a link that names none, and links without a version.

use crate::app::lesson::{LessonAction, LessonLink, lesson};
use crate::app::link::permalink::{decode, encode};
use crate::app::link::view::{Theme, browser_language};
use crate::app::page::history::{Entry, entry, reopen};
use crate::app::page::state::GuideAction;
use crate::app::*;
use crate::i18n::Locale;

const VT: &str = "virtual-threads";

/// The state the page opens `query` with, as `ui::playground` does: the
/// link read, then its lesson's chapter opened.
fn opened(query: &str) -> State {
    let mut s = State::of_link(decode(query).link);
    if let Some(l) = s.view.lesson {
        s.reduce(Action::Guide(GuideAction::Open {
            link: l,
            stored: None,
        }));
    }
    s
}

/// What the address bar does for `action` on `s`, and `s` after it.
fn step(s: &mut State, action: Action) -> Entry {
    let before = s.link();
    s.reduce(action);
    entry(&before, &s.link())
}

fn edit(key: &str, text: &str) -> Action {
    Action::Edit {
        mode: None,
        key: key.into(),
        text: text.into(),
    }
}

fn chapter_of(s: &State) -> Option<usize> {
    s.lesson.as_ref().map(|p| p.chapter)
}

#[test]
fn a_preset_a_lesson_and_a_chapter_get_entries_and_a_slider_rewrites_its_own() {
    let mut s = State::default();
    assert_eq!(
        step(&mut s, Action::LoadPreset("db-pool".into())),
        Entry::Push
    );
    // A slider's drag and a number typed send an edit per step.
    for n in ["300", "310", "320"] {
        assert_eq!(step(&mut s, edit("load.concurrency", n)), Entry::Replace);
    }
    let mut view = s.view.clone();
    view.theme = Theme::Dark;
    assert_eq!(step(&mut s, Action::SetView(view)), Entry::Replace);
    assert_eq!(
        step(&mut s, Action::SetLanguage(Locale::De)),
        Entry::Replace
    );
    assert_eq!(
        step(&mut s, Action::SetModes(Modes::Virtual)),
        Entry::Replace
    );
    // The same preset loaded again, its edits undone: no other preset.
    assert_eq!(
        step(&mut s, Action::LoadPreset("db-pool".into())),
        Entry::Replace
    );
    assert_eq!(
        step(&mut s, Action::LoadPreset("db-pool".into())),
        Entry::Keep
    );
    let open = Action::Guide(GuideAction::Open {
        link: LessonLink {
            lesson: VT,
            chapter: 0,
        },
        stored: None,
    });
    assert_eq!(step(&mut s, open), Entry::Push);
    // A step within the chapter (reading to predicting) changes no link.
    let next = Action::Guide(GuideAction::Step(LessonAction::Next));
    assert_eq!(step(&mut s, next), Entry::Keep);
    let goto = |n| Action::Guide(GuideAction::Step(LessonAction::GoTo(n)));
    assert_eq!(step(&mut s, goto(1)), Entry::Push);
    assert_eq!(step(&mut s, goto(0)), Entry::Push);
    assert_eq!(step(&mut s, Action::Guide(GuideAction::Close)), Entry::Push);
}

#[test]
fn an_embed_never_adds_an_entry_to_the_posts_history() {
    let mut s = opened("embed=1&v=1");
    assert_eq!(
        step(&mut s, Action::LoadPreset("db-pool".into())),
        Entry::Replace
    );
    assert_eq!(
        step(&mut s, edit("load.concurrency", "300")),
        Entry::Replace
    );
}

#[test]
fn back_to_an_entry_opens_its_link_as_the_page_opens_it() {
    let somewhere_else = || {
        let mut s = opened("preset=db-pool&load.concurrency=300&lesson=virtual-threads&chapter=3");
        s.reduce(edit("server.threads_max", "400"));
        s
    };
    for q in [
        "",
        "preset=e3-sleep-platform&load.concurrency=800&theme=dark&v=1",
        "preset=&modes=virtual&server.cores=8&v=1",
        "lesson=virtual-threads&chapter=2",
        "preset=pinning-jdk21&lang=zh&lesson=virtual-threads&chapter=5&v=1",
    ] {
        let want = opened(q);
        let mut s = somewhere_else();
        let generation = s.generation;
        s.reduce(reopen(decode(q).link, None));
        assert_eq!(s.setup, want.setup, "{q}");
        assert_eq!(s.view, want.view, "{q}");
        assert_eq!(s.errors, want.errors, "{q}");
        assert_eq!(chapter_of(&s), chapter_of(&want), "{q}");
        assert_eq!(encode(&s.link()), encode(&want.link()), "{q}");
        // A new scenario: the worker is asked for it.
        assert!(s.generation > generation, "{q}");
    }
}

#[test]
fn back_to_an_entry_of_the_same_link_changes_nothing() {
    // The skip link's `#results` is an entry of its own, of the same link.
    let mut s = opened("preset=db-pool&lesson=virtual-threads&chapter=2&v=1");
    let before = s.clone();
    s.reduce(reopen(decode(&encode(&s.link())).link, None));
    assert_eq!(s, before, "nothing runs again");
}

#[test]
fn back_undoes_a_preset_change_and_forward_redoes_it() {
    let mut s = State::default();
    let before = s.link();
    s.reduce(Action::LoadPreset("db-pool".into()));
    let after = s.link();
    assert_eq!(entry(&before, &after), Entry::Push);
    s.reduce(reopen(decode(&encode(&before)).link, None));
    assert_eq!(s.setup, State::default().setup);
    assert_eq!(
        entry(&before, &s.link()),
        Entry::Keep,
        "the address holds it"
    );
    s.reduce(reopen(decode(&encode(&after)).link, None));
    assert_eq!(s.setup.preset.as_deref(), Some("db-pool"));
}

#[test]
fn back_undoes_a_chapter_step_and_keeps_the_learners_answers() {
    let mut s = opened("lesson=virtual-threads&chapter=1");
    let first = s.link();
    let chapters = &lesson(VT).unwrap().chapters;
    assert_eq!(s.setup, chapters[0].setup().unwrap());
    s.reduce(Action::Guide(GuideAction::Step(LessonAction::Predict(
        crate::app::lesson::Prediction::Number(1900.0),
    ))));
    let answered = s.lesson.clone().unwrap().answers;
    assert!(!answered.is_empty());
    s.reduce(Action::Guide(GuideAction::Step(LessonAction::GoTo(1))));
    assert_eq!(entry(&first, &s.link()), Entry::Push);
    assert_eq!(s.setup, chapters[1].setup().unwrap());
    // Back: chapter 1 again, its scenario on the form, the answer kept
    // (the open lesson's own progress, not a fresh one).
    s.reduce(reopen(decode(&encode(&first)).link, None));
    assert_eq!(chapter_of(&s), Some(0));
    assert_eq!(s.setup, chapters[0].setup().unwrap());
    assert_eq!(s.lesson.as_ref().unwrap().answers, answered);
    assert_eq!(entry(&first, &s.link()), Entry::Keep);
    // Back again, out of the lesson: closed.
    s.reduce(reopen(decode("").link, None));
    assert_eq!(s.lesson, None);
    assert_eq!(s.view.lesson, None);
}

#[test]
fn the_browsers_language_is_its_first_the_page_speaks_by_primary_subtag() {
    let of = |l: &[&str]| browser_language(l);
    assert_eq!(of(&["fr-FR", "de-AT"]), Some(Locale::De));
    assert_eq!(of(&["de-DE", "en-US"]), Some(Locale::De));
    assert_eq!(of(&["zh-TW"]), Some(Locale::Zh));
    assert_eq!(of(&["zh-Hans-CN", "en"]), Some(Locale::Zh));
    assert_eq!(of(&["zh_CN"]), Some(Locale::Zh));
    assert_eq!(of(&["en-GB", "de"]), Some(Locale::En));
    assert_eq!(of(&["fr-FR", "pt-BR"]), None);
    assert_eq!(of(&["", "*"]), None);
    assert_eq!(of(&[]), None);
    // Not "d" for German, nor a language whose code starts like one.
    assert_eq!(of(&["d", "dz-BT", "enm"]), None);
}

#[test]
fn a_link_without_a_language_speaks_the_browsers_and_its_link_names_none() {
    let mut s = opened("preset=db-pool&v=1");
    s.view.browser = Some(Locale::De);
    assert_eq!(s.view.locale(), Locale::De);
    assert_eq!(
        encode(&s.link()),
        "preset=db-pool&v=1",
        "the reader's, not the link's"
    );
    // Chosen on the page (English too), the language is the link's.
    s.reduce(Action::SetLanguage(Locale::En));
    assert_eq!(s.view.locale(), Locale::En);
    assert_eq!(encode(&s.link()), "preset=db-pool&lang=en&v=1");
    // A link's language wins over the browser's; one the page has not got
    // is no choice.
    let mut view = decode("lang=zh").link.view;
    view.browser = Some(Locale::De);
    assert_eq!(view.locale(), Locale::Zh);
    let mut view = decode("lang=fr&v=1").link.view;
    view.browser = Some(Locale::De);
    assert_eq!(view.locale(), Locale::De);
    // Back or Forward keeps the reader's language.
    s.reduce(reopen(decode("preset=e2-platform").link, None));
    assert_eq!(s.view.browser, Some(Locale::De));
    assert_eq!(s.view.lang, "");
}

#[test]
fn a_link_without_a_version_reads_as_this_version_quietly() {
    for (q, check) in [
        (
            "lang=de",
            (|l: &Link| l.view.locale() == Locale::De) as fn(&Link) -> bool,
        ),
        ("lang=zh", |l| l.view.locale() == Locale::Zh),
        ("theme=dark", |l| l.view.theme == Theme::Dark),
        ("preset=db-pool&load.concurrency=300", |l| {
            l.setup.preset.as_deref() == Some("db-pool")
                && l.setup.text(None, "load.concurrency").as_deref() == Some("300")
        }),
    ] {
        let d = decode(q);
        assert!(d.ignored.is_empty(), "{q}: {:?}", d.ignored);
        assert!(check(&d.link), "{q}: {:?}", d.link);
        // Written back with its version.
        assert_eq!(encode(&d.link), format!("{q}&v=1"));
    }
    // Something ignored: named, and the notice adds that the version was
    // missing (the link may have been cut there).
    let d = decode("lang=de&nosuch=1");
    assert_eq!(d.link.view.locale(), Locale::De);
    let lines: Vec<String> = d.ignored.iter().map(|i| i.what.to_string()).collect();
    assert_eq!(lines, ["nosuch=1", "v=1"]);
    // A lesson's link has no version of its own to miss.
    let d = decode("lesson=threads&chapter=1");
    assert_eq!(d.ignored.len(), 1, "{:?}", d.ignored);
    // An unknown version is still not read.
    let d = decode("lang=de&v=7");
    assert_eq!(d.link, Link::default());
}
