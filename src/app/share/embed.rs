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

use crate::app::lesson::Part;
use crate::app::link::permalink::Link;
use crate::app::link::view::{Theme, View};
use crate::app::page::state::State;
use crate::app::setup::Setup;
use crate::app::share::export::xml_text;
use crate::app::share::facade::{EmbedTheme, facts_key};
use crate::i18n::keys::{Key, ui as words};
use crate::i18n::{Arg, Locale};
use crate::scenario::{mode_word, preset};

/// The version of the message shapes, in every message's `threadlab` field.
pub(crate) const MESSAGE_VERSION: u64 = 1;

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

/// What an embed's snippet holds besides its addresses.
pub(crate) struct Snippet<'a> {
    /// The playground's address without its query (…/threadlab/).
    pub(crate) base: &'a str,
    /// The embed's link.
    pub(crate) embed_query: &'a str,
    /// The full page's link ("Open … in the playground").
    pub(crate) full_query: &'a str,
    /// What the facade says before Run.
    pub(crate) summary: &'a Summary,
    /// The scenario's entry in `embed-facts.js`, if the build has one.
    pub(crate) facts: Option<String>,
    /// The columns the embed runs: (mode's word, the column's name).
    pub(crate) columns: Vec<(&'static str, String)>,
    /// Its colours.
    pub(crate) theme: EmbedTheme,
    /// Whether it runs as soon as it scrolls into view, without a click.
    pub(crate) autorun: bool,
    /// Whether it is a lesson's chapter (its reader predicts before it
    /// runs: its button opens the chapter).
    pub(crate) chapter: bool,
}

/// The HTML a blog author pastes: the facade (static HTML until Run, see
/// `app::share::facade`), the script that turns it into the embed and
/// sizes it, and a link to the full playground, which is all a reader
/// whose feed drops scripts gets.
pub(crate) fn snippet(s: &Snippet, l: Locale) -> String {
    let w = |k: Key| xml_text(&k.text(l, &[]));
    let title = &s.summary.title;
    let src = xml_text(&format!("{}?{}", s.base, s.embed_query));
    let full = if s.full_query.is_empty() {
        xml_text(s.base)
    } else {
        xml_text(&format!("{}?{}", s.base, s.full_query))
    };
    let named = |k: Key| xml_text(&k.text(l, &[("title", Arg::Text(title.to_string()))]));
    let theme = theme_label(s.theme).text(l, &[]);
    // A comment may not hold "--".
    let said = words::EMBED_SNIPPET_THEME
        .text(l, &[("theme", Arg::Text(theme))])
        .replace("--", "\u{2013}");
    let facts =
        (s.facts.as_ref()).map_or_else(String::new, |k| format!(" data-facts=\"{}\"", xml_text(k)));
    let autorun = if s.autorun { " data-autorun" } else { "" };
    let mut out = format!(
        "<!-- {said} -->\n\
         <div class=\"threadlab-facade\" data-threadlab-facade data-src=\"{src}\" data-title=\"{frame}\" \
         data-run=\"{run}\" data-theme=\"{theme}\"{facts}{autorun} lang=\"{lang}\">\n\
         <p class=\"threadlab-facade-brand\">threadlab</p>\n\
         <p class=\"threadlab-facade-title\">{title}</p>\n",
        frame = named(words::EMBED_IFRAME_TITLE),
        run = w(if s.chapter {
            words::EMBED_START_CHAPTER
        } else {
            words::EMBED_RUN
        }),
        theme = s.theme.word(),
        lang = l.code(),
        title = xml_text(title),
    );
    if !s.summary.about.is_empty() {
        out += &format!(
            "<p class=\"threadlab-facade-about\">{}</p>\n",
            xml_text(&s.summary.about)
        );
    }
    if !s.summary.changes.is_empty() {
        out += "<ul class=\"threadlab-facade-changes\">";
        for (k, v) in &s.summary.changes {
            out += &format!(
                "<li><code>{}</code> = <code>{}</code></li>",
                xml_text(k),
                xml_text(v)
            );
        }
        out += "</ul>\n";
    }
    if s.facts.is_some() {
        out += "<dl class=\"threadlab-facade-figures\" hidden>";
        for (mode, name) in &s.columns {
            out += &format!(
                "<div data-mode=\"{mode}\"><dt>{}</dt><dd><span data-figure=\"goodput\"></span> {}</dd>\
                 <dd>{} <span data-figure=\"p99\"></span></dd></div>",
                xml_text(name),
                w(words::SUMMARY_HEADLINE),
                w(words::SUMMARY_P99),
            );
        }
        out += "</dl>\n";
    }
    let host = xml_text(&format!("{}embed-host.js", s.base));
    out += &format!(
        "<p class=\"threadlab-facade-note\">{note}</p>\n\
         <p class=\"threadlab-facade-open\"><a href=\"{full}\">{open}</a></p>\n\
         </div>\n\
         <script src=\"{host}\" async></script>\n",
        note = w(words::EMBED_FACADE_NOTE),
        open = named(words::EMBED_OPEN_FULL),
    );
    out
}

/// What a facade shows of `state` (its chapter's title and question when
/// `chapter`, else the scenario's summary), the build's entry for it, and
/// the columns it runs.
pub(crate) fn facade_content(
    state: &State,
    chapter: bool,
    l: Locale,
) -> (Summary, Option<String>, Vec<(&'static str, String)>) {
    if let Some((lesson, c)) = state.chapter().filter(|_| chapter) {
        let summary = Summary {
            title: c.text(&lesson.id, Part::Title, l),
            about: c.text(&lesson.id, Part::Question, l),
            changes: Vec::new(),
        };
        return (summary, None, Vec::new());
    }
    let columns = (state.setup.modes.list().iter())
        .map(|&m| (mode_word(m), state.setup.columns.name(m, l)))
        .collect();
    (Summary::of(&state.setup, l), facts_key(state), columns)
}

/// A theme choice's words, in the dialog and the snippet's comment.
pub(crate) fn theme_label(t: EmbedTheme) -> Key {
    match t {
        EmbedTheme::Light => words::EMBED_THEME_LIGHT,
        EmbedTheme::Dark => words::EMBED_THEME_DARK,
        EmbedTheme::Match => words::EMBED_THEME_MATCH,
    }
}

/// The theme an embed's link names for a choice: a fixed one as it is;
/// matching the page starts from the reader's own scheme (`auto`) until
/// `embed-host.js` tells it the page's.
pub(crate) fn link_theme(t: EmbedTheme) -> Theme {
    match t {
        EmbedTheme::Light => Theme::Light,
        EmbedTheme::Dark => Theme::Dark,
        EmbedTheme::Match => Theme::Auto,
    }
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
