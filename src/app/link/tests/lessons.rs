//! A lesson in a link, natively: its two parameters and back, its place in
//! an edited state, a lesson or chapter that names nothing, presenter mode.

use super::{ignored_of, link_of};
use crate::app::lesson::LessonLink;
use crate::app::link::permalink::encode;
use crate::app::link::view::Theme;
use crate::app::*;
use crate::i18n::Locale;

const VT: &str = "virtual-threads";

fn chapter_of(link: &Link) -> Option<(&'static str, usize)> {
    link.view.lesson.map(|l| (l.lesson, l.chapter))
}

#[test]
fn a_lessons_link_is_its_two_parameters_and_back() {
    let mut s = State::default();
    s.view.lesson = Some(LessonLink {
        lesson: VT,
        chapter: 0,
    });
    let q = encode(&s.link());
    assert_eq!(q, "lesson=virtual-threads&chapter=1");
    for q in [q.as_str(), "?lesson=virtual-threads&chapter=1"] {
        let link = link_of(q);
        assert_eq!(chapter_of(&link), Some((VT, 0)), "{q}");
        assert_eq!(link.setup, Link::default().setup, "{q}");
    }
    // Without a chapter it opens the first; a chapter's id reads as its
    // place and is written as its number.
    assert_eq!(
        chapter_of(&link_of("lesson=virtual-threads")),
        Some((VT, 0))
    );
    let by_id = link_of("chapter=pinning&lesson=virtual-threads");
    assert_eq!(chapter_of(&by_id), Some((VT, 3)));
    assert_eq!(encode(&by_id), "lesson=virtual-threads&chapter=4");
}

#[test]
fn a_lesson_in_an_edited_state_goes_last_before_the_version() {
    let mut s = State::with_preset("db-pool");
    s.reduce(Action::Edit {
        mode: None,
        key: "load.concurrency".into(),
        text: "300".into(),
    });
    let mut view = s.view.clone();
    view.lang = "zh".into();
    view.lesson = Some(LessonLink {
        lesson: VT,
        chapter: 4,
    });
    s.reduce(Action::SetView(view));
    let q = encode(&s.link());
    assert_eq!(
        q,
        "preset=db-pool&lang=zh&load.concurrency=300&lesson=virtual-threads&chapter=5&v=1"
    );
    let back = link_of(&q);
    assert_eq!(back, s.link());
    assert_eq!(back.view.locale(), Locale::Zh);
    // Cut right after the lesson, the link has lost only its version: read
    // as this version, whole and without a notice.
    let cut = &q[..q.len() - "&v=1".len()];
    let (link, lines) = ignored_of(cut);
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(link, s.link(), "{cut}");
}

#[test]
fn a_lesson_or_chapter_that_names_nothing_is_ignored_with_its_reason() {
    for (q, reason) in [
        (
            "lesson=threads&chapter=1",
            "lesson=threads&chapter=1 — lesson: threads — unknown; one of virtual-threads",
        ),
        (
            "lesson=virtual-threads&chapter=10",
            "chapter: 10 — no such chapter in virtual-threads; 1–9 or one of pool-runs-out",
        ),
        ("chapter=2", "chapter=2 — chapter: 2 — needs a lesson=…"),
        (
            "theme=dark&lesson=virtual-threads&chapter=0&v=1",
            "chapter: 0 — no such chapter",
        ),
    ] {
        let (link, lines) = ignored_of(q);
        assert_eq!(lines.len(), 1, "{q}: {lines:?}");
        assert!(lines[0].contains(reason), "{q}: {lines:?}");
        assert!(!lines[0].contains('\n'), "{q}: {lines:?}");
        assert_eq!(link.view.lesson, None, "{q}");
    }
    // What else the link held is read.
    let (link, _) = ignored_of("theme=dark&lesson=virtual-threads&chapter=0&v=1");
    assert_eq!(link.view.theme, Theme::Dark);
}

#[test]
fn presenter_mode_is_a_flag_of_the_view_in_the_link() {
    let link = link_of("presenter=1&lesson=virtual-threads&chapter=3&v=1");
    assert!(link.view.presenter);
    assert_eq!(chapter_of(&link), Some((VT, 2)));
    assert_eq!(
        encode(&link),
        "presenter=1&lesson=virtual-threads&chapter=3&v=1"
    );
    let (link, lines) = ignored_of("presenter=yes&v=1");
    assert!(!link.view.presenter);
    assert_eq!(lines, ["presenter=yes — expected 1 or 0"]);
}

#[test]
fn the_speaker_view_is_a_flag_of_the_view_in_the_link() {
    let link = link_of("presenter=1&speaker=1&lesson=virtual-threads&chapter=2&v=1");
    assert!(link.view.presenter && link.view.speaker);
    assert_eq!(chapter_of(&link), Some((VT, 1)));
    assert_eq!(
        encode(&link),
        "presenter=1&speaker=1&lesson=virtual-threads&chapter=2&v=1"
    );
    // Off is the default: a link without it names nothing.
    let mut off = link.clone();
    off.view.speaker = false;
    assert_eq!(
        encode(&off),
        "presenter=1&lesson=virtual-threads&chapter=2&v=1"
    );
    let (link, lines) = ignored_of("speaker=2&v=1");
    assert!(!link.view.speaker);
    assert_eq!(lines, ["speaker=2 — expected 1 or 0"]);
}
