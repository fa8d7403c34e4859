//! The browser's history: which changes of the page get an entry of their
//! own, so that Back undoes them and Forward redoes them, and which only
//! rewrite the entry the visitor is on.
//!
//! A step a visitor takes on purpose and may want to take back gets an
//! entry: another preset, a lesson opened or closed, another chapter.
//! Everything else rewrites the current entry: a slider dragged or a
//! number typed changes the link dozens of times a second, and an entry for
//! each would bury the steps under hundreds of Backs. The page reads an
//! entry it comes back to through the same link reading it opens with
//! (`permalink::decode`, then `State::reopen`).

use crate::app::link::permalink::{Link, encode};
use crate::app::page::state::{Action, GuideAction, State};

/// What the address bar does when the state's link changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// Nothing: the address already holds this link.
    Keep,
    /// A new entry after the current one (`history.pushState`).
    Push,
    /// The current entry rewritten (`history.replaceState`).
    Replace,
}

/// What the address, which holds `shown`, does for the state's new link
/// `next`: a new entry when the preset or the lesson's chapter (or whether
/// a lesson is open at all) changed, else the current entry rewritten. An
/// embed never adds one: its frame shares the history of the post around
/// it, whose reader's Back must leave the post, not step inside the frame.
pub(crate) fn entry(shown: &Link, next: &Link) -> Entry {
    let moved = shown.setup.preset != next.setup.preset || shown.view.lesson != next.view.lesson;
    if encode(shown) == encode(next) {
        Entry::Keep
    } else if moved && !next.view.embed {
        Entry::Push
    } else {
        Entry::Replace
    }
}

/// The action that brings the page to the entry the visitor came back to
/// (Back or Forward), whose address reads as `link`; `stored` is the
/// progress the page keeps for the lesson `link` names, if any, as for a
/// link the page opens with.
pub(crate) fn reopen(link: Link, stored: Option<String>) -> Action {
    Action::Reopen {
        link: Box::new(link),
        stored,
    }
}

impl State {
    /// The state a link opens: its setup and view, its lesson's chapter
    /// with the learner's progress (the state's own when it is that
    /// lesson's, else `stored`), or no lesson. The reader's browser
    /// language, which no link holds, stays; so does a pinned baseline.
    /// An entry whose link is the state's own (Back from a fragment the
    /// page's skip link added) changes nothing: nothing runs again.
    pub(super) fn reopen(&mut self, link: Link, stored: Option<String>) {
        if encode(&link) == encode(&self.link()) {
            return;
        }
        let browser = self.view.browser;
        let lesson = link.view.lesson;
        self.view = link.view;
        self.view.browser = browser;
        self.reduce(Action::LoadSetup(Box::new(link.setup)));
        match lesson {
            None => self.reduce_guide(GuideAction::Close),
            Some(l) => self.reopen_lesson(l, stored),
        }
    }
}
