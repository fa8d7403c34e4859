//! Sharing, natively, by subject: permalinks (round trip over random valid
//! states, a pinned v=1 link, the length budget), every kind of malformed
//! or hostile link, lessons and languages in a link, the view's chart ids,
//! and the worker's interruptions. Exports and embeds are in `app::share`'s
//! tests, which use the helpers here.

mod charts;
mod ignored;
mod language;
mod lessons;
mod properties;
mod round_trip;
mod worker;

use crate::app::link::permalink::decode;
use crate::app::worker::job;
use crate::app::*;
use crate::scenario::{schema, validate};

pub(crate) fn link_of(query: &str) -> Link {
    let d = decode(query);
    assert!(d.ignored.is_empty(), "{query}: {:?}", d.ignored);
    d.link
}

/// What a state means: the validated configuration of each mode it runs,
/// the text every field shows, the preset, the modes and the view.
fn meaning(link: &Link) -> String {
    let s = State::of_link(link.clone());
    let mut out = format!("{:?} {:?} {:?}\n", s.setup.preset, s.setup.modes, s.view);
    for (mode, draft) in s.setup.drafts() {
        out.push_str(&format!("{mode:?}: {:?}\n", validate(&draft)));
    }
    for f in schema() {
        for m in [None, Some(Mode::Platform), Some(Mode::Virtual)] {
            out.push_str(&format!(
                "{} {:?}\n",
                f.key,
                s.setup.text(m, f.key).unwrap_or_default()
            ));
        }
    }
    out
}

/// Holds `actual` to the file at `rel` (from the crate's root), which
/// `UPDATE_GOLDEN=1 cargo test` rewrites first; `why` says what a
/// difference means.
pub(crate) fn assert_golden(rel: &str, actual: &str, why: &str) {
    let path = format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(expected == actual, "{rel} differs: {why}");
}

fn ignored_of(query: &str) -> (Link, Vec<String>) {
    let d = decode(query);
    let lines = d
        .ignored
        .iter()
        .map(|i| format!("{} — {}", i.what, i.why))
        .collect();
    (d.link, lines)
}

/// E2 cut to 300 requests at 30 clients, simulated (with its sweep or
/// without), its outputs taken in as the page takes the worker's.
pub(crate) fn small_state(sweep: bool) -> State {
    let mut s = State::of_link(link_of("load.requests=300&load.concurrency=30&v=1"));
    let mut job = s.job();
    job.sweep = sweep;
    for m in job::run_blocking(&job) {
        s.reduce(Action::Workers(vec![m]));
    }
    s
}
