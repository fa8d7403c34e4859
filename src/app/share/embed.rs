//! Embedding the playground in a blog post: the `<iframe>` snippet for the
//! current view, the messages between an embed and the page around it, and
//! the static summary an embed shows before it runs.
//!
//! Messages (`postMessage`, plain objects):
//! * embed → parent: `{"threadlab": 1, "type": "height", "height": <CSS px>}`
//!   whenever the embed's content changes height (`www/embed-host.js` sizes
//!   the iframe from it);
//! * parent → embed: only `{"threadlab": 1, "type": "theme", "theme":
//!   "light" | "dark" | "auto"}` (a blog switching to its dark mode); any
//!   other message is ignored.

use serde_json::json;

use crate::app::link::permalink::Link;
use crate::app::link::view::{Theme, View};
use crate::app::page::state::State;
use crate::app::setup::Setup;
use crate::app::share::export::xml_text;
use crate::i18n::keys::{Key, ui as words};
use crate::i18n::{Arg, Locale};
use crate::scenario::{mode_word, preset};

/// The version of the message shapes, in every message's `threadlab` field.
pub(crate) const MESSAGE_VERSION: u64 = 1;

/// The iframe's height before the embed reports its own, CSS px.
pub(crate) const INITIAL_HEIGHT: u32 = 560;

/// The one message an embed takes from its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ParentMessage {
    /// Use this theme.
    Theme(Theme),
}

/// The longest `type` or `theme` text the page reads out of a message: the
/// longest word the theme message holds, with room to spare. A longer
/// string is not copied out of the browser's message at all.
pub(crate) const MESSAGE_WORD_MAX: usize = 16;

/// What the page reads out of a message from its parent, cheaply and
/// without copying it (`ui::embed`): its own keys when it has at most three,
/// `threadlab` when a number, `type` and `theme` when strings of at most
/// [`MESSAGE_WORD_MAX`] characters. A message that is not a plain object,
/// or has more keys, is never read this far.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct MessageShape {
    /// The object's own keys.
    pub(crate) keys: Vec<String>,
    /// `threadlab`, if a number.
    pub(crate) threadlab: Option<f64>,
    /// `type`, if a short string.
    pub(crate) kind: Option<String>,
    /// `theme`, if a short string.
    pub(crate) theme: Option<String>,
}

/// The keys of the one message an embed takes, in any order.
const THEME_KEYS: [&str; 3] = ["threadlab", "type", "theme"];

/// Reads a message from the parent page: the documented shape exactly
/// (those three keys and no other, `threadlab` 1, `type` "theme", a known
/// theme), or why not.
pub(crate) fn parent_message(m: &MessageShape) -> Result<ParentMessage, String> {
    if m.threadlab != Some(MESSAGE_VERSION as f64) {
        return Err(format!("no \"threadlab\": {MESSAGE_VERSION}"));
    }
    if m.kind.as_deref() != Some("theme") {
        return Err("unknown type; an embed takes only \"theme\"".into());
    }
    let exact = m.keys.len() == THEME_KEYS.len()
        && THEME_KEYS.iter().all(|k| m.keys.iter().any(|x| x == k));
    if !exact {
        return Err("a theme message has threadlab, type and theme only".into());
    }
    m.theme
        .as_deref()
        .and_then(Theme::named)
        .map(ParentMessage::Theme)
        .ok_or_else(|| "theme: one of auto, light, dark".into())
}

/// The message that tells the parent the embed's height (CSS px).
pub(crate) fn height_message(height: f64) -> String {
    json!({ "threadlab": MESSAGE_VERSION, "type": "height", "height": height.max(0.0).ceil() })
        .to_string()
}

/// The HTML a blog author pastes: the iframe, the script that sizes it, and
/// a link to the full playground for readers whose feed drops iframes.
/// `base` is the playground's address without its query (…/threadlab/),
/// `embed_query` and `full_query` the embed's and the full page's links.
pub(crate) fn snippet(
    base: &str,
    embed_query: &str,
    full_query: &str,
    title: &str,
    l: Locale,
) -> String {
    let src = xml_text(&format!("{base}?{embed_query}"));
    let full = if full_query.is_empty() {
        xml_text(base)
    } else {
        xml_text(&format!("{base}?{full_query}"))
    };
    let named = |k: Key| xml_text(&k.text(l, &[("title", Arg::Text(title.to_string()))]));
    let (frame_title, open) = (
        named(words::EMBED_IFRAME_TITLE),
        named(words::EMBED_OPEN_FULL),
    );
    let host = xml_text(&format!("{base}embed-host.js"));
    format!(
        "<iframe src=\"{src}\" title=\"{frame_title}\" width=\"100%\" height=\"{INITIAL_HEIGHT}\" \
         style=\"border:0;max-width:800px\" data-threadlab-embed loading=\"lazy\" allow=\"clipboard-write\"></iframe>\n\
         <script src=\"{host}\" async></script>\n\
         <p><a href=\"{full}\">{open}</a></p>\n"
    )
}

/// Where a scenario's embed links back to (the snippet's "Open … in the
/// playground", the embed's own "Open in the playground"): the full page
/// with the scenario, in the page's language and theme (a reader of a
/// German embed lands on the German playground), as a lesson's chapter
/// does (`guide::chapter_page`).
pub(crate) fn scenario_page(state: &State) -> Link {
    Link {
        setup: state.setup.clone(),
        view: View {
            theme: state.view.theme,
            lang: state.view.lang.clone(),
            ..View::default()
        },
    }
}

/// What an embed says about its scenario before it runs: the preset's title
/// and description, and each setting that differs from the preset as
/// (key as a link writes it, value) — as the boot script shows it from the
/// link before the app arrives (`www/boot.js`).
pub(crate) struct Summary {
    /// The preset's title, or "your own scenario".
    pub(crate) title: String,
    /// What the preset shows.
    pub(crate) about: String,
    /// The changed settings: (the key as a link writes it, the text).
    pub(crate) changes: Vec<(String, String)>,
}

impl Summary {
    /// The summary of `setup`, in `l`'s words.
    pub(crate) fn of(setup: &Setup, l: Locale) -> Summary {
        let p = setup.preset.as_deref().and_then(preset);
        let changes = setup
            .changes()
            .into_iter()
            .map(|(mode, key)| {
                let name = match mode {
                    Some(m) => format!("{}.{key}", mode_word(m)),
                    None => key.clone(),
                };
                (name, setup.text(mode, &key).unwrap_or_default())
            })
            .collect();
        Summary {
            title: p.map_or_else(|| words::PICKER_OWN.text(l, &[]), |p| p.title(l)),
            about: p.map_or_else(String::new, |p| p.description(l)),
            changes,
        }
    }
}
