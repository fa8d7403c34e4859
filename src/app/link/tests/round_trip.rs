//! A link and back, natively: only what differs, a pinned v=1 link, the
//! length budget, empty values, what a link may hold.

use super::{assert_golden, link_of, meaning};
use crate::app::link::permalink::{TYPICAL_LINK_BUDGET, decode, encode};
use crate::app::link::view::Theme;
use crate::app::*;
use crate::scenario::{schema, validate};

#[test]
fn the_default_state_is_an_empty_link_and_back() {
    let link = State::default().link();
    assert_eq!(encode(&link), "");
    let d = decode("");
    assert!(d.ignored.is_empty());
    assert_eq!(d.link, Link::default());
    assert_eq!(decode("?").link, Link::default());
}

#[test]
fn a_link_holds_only_what_differs_and_ends_with_its_version() {
    let mut s = State::default();
    s.reduce(Action::Edit {
        mode: None,
        key: "load.concurrency".into(),
        text: "400".into(),
    });
    s.reduce(Action::Edit {
        mode: Some(Mode::Virtual),
        key: "server.threads_max".into(),
        text: "50".into(),
    });
    let mut view = s.view.clone();
    view.theme = Theme::Dark;
    s.reduce(Action::SetView(view));
    let q = encode(&s.link());
    assert_eq!(
        q,
        "theme=dark&load.concurrency=400&virtual.server.threads_max=50&v=1"
    );
    assert_eq!(meaning(&link_of(&q)), meaning(&s.link()));
}

/// A v=1 link's meaning, pinned: if a preset's values or a default change,
/// this link would open a different scenario, and this test says so (then
/// the link format needs a new version or a translation of v=1).
#[test]
fn a_v1_link_keeps_its_meaning() {
    let q = "preset=e2-platform&modes=both&load.concurrency=400\
             &program=cpu:0.2ms,db:exp(5ms),io:50ms&db.pool_size=20\
             &virtual.server.carriers=8&seed=7&charts=sweep-throughput,memory&v=1";
    let d = decode(q);
    assert!(d.ignored.is_empty(), "{:?}", d.ignored);
    let s = State::of_link(d.link);
    assert!(s.runnable(), "{:?}", s.errors);
    let mut got = String::new();
    for (mode, draft) in s.setup.drafts() {
        got.push_str(&format!("{mode:?} draft: {}\n", draft.to_json()));
        got.push_str(&format!(
            "{mode:?} config: {:#?}\n",
            validate(&draft).unwrap()
        ));
    }
    got.push_str(&format!("view: {:?}\n", s.view));
    assert_golden(
        "tests/golden/permalink-v1.txt",
        &got,
        "the v=1 link now means something else; re-bless with UPDATE_GOLDEN=1 only if old links may change meaning",
    );
}

#[test]
fn a_typical_edited_scenario_fits_the_length_budget() {
    let link = link_of(
        "preset=e3-sleep-platform&theme=dark&load.concurrency=800&server.threads_max=400\
         &db.pool_size=50&program=cpu:0.2ms,db:50ms,io:50ms,cpu:0.2ms&v=1",
    );
    let q = encode(&link);
    assert!(
        q.len() <= TYPICAL_LINK_BUDGET,
        "{} > {TYPICAL_LINK_BUDGET}: {q}",
        q.len()
    );
}

#[test]
fn an_empty_preset_is_your_own_scenario_and_an_empty_value_the_default() {
    let s = State::of_link(link_of("preset=&v=1"));
    assert_eq!(s.setup.preset, None);
    assert!(s.setup.shared.draft.leaves().is_empty());
    assert_eq!(encode(&s.link()), "preset=&v=1");
    // E2 sets the pool; an empty value takes it back to the default.
    let s = State::of_link(link_of("server.threads_max=&v=1"));
    assert_eq!(s.setup.shared.draft.get("server.threads_max"), None);
    assert_eq!(meaning(&link_of(&encode(&s.link()))), meaning(&s.link()));
}

#[test]
fn the_link_holds_only_scalars_and_lists_and_no_name_is_a_setting() {
    let link = Link::default();
    let setup = serde_json::to_value(&link.setup).unwrap();
    let view = serde_json::to_value(&link.view).unwrap();
    let mut names = Vec::new();
    for (k, v) in setup
        .as_object()
        .unwrap()
        .iter()
        .chain(view.as_object().unwrap())
    {
        if k == "shared" || k == "overrides" {
            continue;
        }
        assert!(!v.is_object(), "{k} is an object: a link cannot hold it");
        names.push(k.clone());
    }
    for n in &names {
        assert!(crate::scenario::field(n).is_none(), "{n} is also a setting");
        assert!(!schema().iter().any(|f| f.key.starts_with(&format!("{n}."))));
    }
    assert!(names.len() >= 8, "{names:?}");
}
