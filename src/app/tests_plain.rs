//! The plain first layer, natively: which settings the form shows first and
//! which wait in its "Advanced" group, and which advanced settings never
//! hide (changed, wrong, named by the lesson, being edited).

use super::form::{self, Reveal, advanced_count, advanced_shown, revealed};
use super::guide::GuideAction;
use super::lesson::LessonLink;
use super::permalink::{decode, encode};
use super::*;
use crate::scenario::Group;

fn of_link(query: &str) -> State {
    let d = decode(query);
    assert!(d.ignored.is_empty(), "{query}: {:?}", d.ignored);
    State::of_link(d.link)
}

fn edit(s: &mut State, key: &str, text: &str) {
    s.reduce(Action::Edit {
        mode: None,
        key: key.into(),
        text: text.into(),
    });
}

fn shown(s: &State, g: Group) -> Vec<String> {
    advanced_shown(s, g, &revealed(s))
}

fn reason(s: &State, key: &str) -> Option<Reveal> {
    revealed(s)
        .into_iter()
        .find(|(k, _)| k == key)
        .map(|(_, r)| r)
}

/// Every key of a group is in exactly one of the two layers, and the first
/// layer is what a Java developer reaches for.
#[test]
fn every_key_is_in_the_first_layer_or_in_advanced() {
    let s = of_link("preset=e4-platform-25&v=1");
    let mut first = Vec::new();
    for &g in form::GROUPS {
        let (f, a) = (
            form::first_keys(&s.setup, g),
            form::advanced_keys(&s.setup, g),
        );
        let mut both: Vec<String> = f.iter().chain(a.iter()).cloned().collect();
        both.sort();
        let mut all = form::keys(&s.setup, g);
        all.sort();
        assert_eq!(both, all, "{g:?}");
        first.extend(f);
    }
    for k in [
        "load.tool",
        "load.concurrency",
        "server.threads_max",
        "server.cores",
        "server.jdk",
        "program",
        "db.pool_size",
        "memory.heap_mb",
        "async.email.max",
    ] {
        assert!(
            first.contains(&k.to_string()),
            "{k} is not first: {first:?}"
        );
    }
    for k in ["load.timeout_ms", "server.min_spare", "gc.alloc_kb", "seed"] {
        assert!(!first.contains(&k.to_string()), "{k} is first");
    }
    let (total, _) = advanced_count(&s, &revealed(&s));
    assert!(total >= 50, "{total} advanced settings");
}

/// A preset as loaded shows no advanced setting with the group closed;
/// opening it shows them all.
#[test]
fn the_advanced_group_opens_on_the_view_flag() {
    let mut s = of_link("preset=e2-platform&v=1");
    assert_eq!(revealed(&s), Vec::new());
    assert!(shown(&s, Group::Jvm).is_empty());
    assert!(shown(&s, Group::Limits).is_empty());
    let mut v = s.view.clone();
    v.advanced = true;
    s.reduce(Action::SetView(v));
    assert!(shown(&s, Group::Jvm).contains(&"gc.alloc_kb".to_string()));
    assert_eq!(
        shown(&s, Group::Limits),
        form::advanced_keys(&s.setup, Group::Limits)
    );
    // The link holds the open group, and opens it again.
    let q = encode(&s.link());
    assert!(q.contains("advanced=1"), "{q}");
    assert!(of_link(&q).view.advanced);
}

/// A teacher's link that sets an advanced setting shows it with the group
/// closed, and only it.
#[test]
fn a_link_that_sets_an_advanced_setting_shows_it() {
    let s = of_link("preset=e2-platform&gc.alloc_kb=64&v=1");
    assert!(!s.view.advanced);
    assert_eq!(reason(&s, "gc.alloc_kb"), Some(Reveal::Changed));
    assert_eq!(shown(&s, Group::Jvm), vec!["gc.alloc_kb".to_string()]);
    assert_eq!(advanced_count(&s, &revealed(&s)).1, 1);
    // A per-mode override counts too.
    let s = of_link("preset=e2-platform&virtual.server.carriers=2&v=1");
    assert_eq!(
        shown(&s, Group::Server),
        vec!["server.carriers".to_string()]
    );
}

/// A wrong value shows, and a setting being typed stays while it is typed
/// back to the preset's value; another preset starts afresh.
#[test]
fn wrong_and_edited_settings_stay_on_the_form() {
    let mut s = of_link("preset=e2-platform&v=1");
    edit(&mut s, "memory.xss_kb", "abc");
    assert_eq!(reason(&s, "memory.xss_kb"), Some(Reveal::Invalid));
    edit(&mut s, "memory.xss_kb", "");
    assert_eq!(reason(&s, "memory.xss_kb"), Some(Reveal::Edited));
    assert!(shown(&s, Group::Memory).contains(&"memory.xss_kb".to_string()));
    s.reduce(Action::LoadPreset("e1-platform".into()));
    assert_eq!(reason(&s, "memory.xss_kb"), None);
    // A first-layer setting is never "revealed": it always shows.
    edit(&mut s, "server.threads_max", "400");
    assert_eq!(reason(&s, "server.threads_max"), None);
}

/// The lesson's chapter shows the advanced settings its text names
/// (ceiling-lifts names hey's own CPU per request).
#[test]
fn the_settings_a_chapter_names_show() {
    let mut s = State::default();
    let chapter = super::lesson::lesson("virtual-threads")
        .and_then(|l| l.chapter_index("ceiling-lifts"))
        .unwrap();
    s.reduce(Action::Guide(GuideAction::Open {
        link: LessonLink {
            lesson: "virtual-threads",
            chapter,
        },
        stored: None,
    }));
    assert_eq!(reason(&s, "load.client_cpu_ms"), Some(Reveal::Named));
    assert!(shown(&s, Group::Load).contains(&"load.client_cpu_ms".to_string()));
    s.reduce(Action::Guide(GuideAction::Close));
    assert_eq!(reason(&s, "load.client_cpu_ms"), None);
}
