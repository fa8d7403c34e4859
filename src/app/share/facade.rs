//! An embed's facade: the static HTML a blog author pastes, which the host
//! page shows until its reader presses Run — the scenario's title, what it
//! shows, the headline figures of each column and Run — so that a post
//! with embeds loads no WebAssembly until one is read.
//! `www/embed-host.js` fills the figures in from `www/embed-facts.js` and
//! turns Run into the embed's `<iframe>` (with `run=1`: it starts at once).
//!
//! The figures are the build's own: `embed-facts.js` is generated from the
//! model (`UPDATE_GOLDEN=1 cargo test` rewrites it, `app::share::tests`
//! checks it), one entry per preset, in each language's words, exactly as
//! the embed's summary cards write them after its run. A facade of an
//! edited scenario has no entry and shows its changes instead; a lesson's
//! chapter shows its question, never its answer.

use crate::app::basis::format::ms_in;
use crate::app::page::state::State;
use crate::app::run::digest::RunView;
use crate::i18n::Locale;
use serde::Serialize;
#[cfg(all(test, not(target_arch = "wasm32")))]
use {crate::app::basis::modes::Mode, crate::scenario::mode_word};

/// How an embed picks its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EmbedTheme {
    /// Light, whatever the page around it does.
    Light,
    /// Dark, whatever the page around it does.
    Dark,
    /// The page's: `embed-host.js` reads the page's colour scheme and
    /// tells the embed (its theme message), and follows it when it changes.
    Match,
}

impl EmbedTheme {
    /// The choices, in the dialog's order.
    pub(crate) const ALL: [EmbedTheme; 3] =
        [EmbedTheme::Light, EmbedTheme::Dark, EmbedTheme::Match];

    /// Its word in the snippet's `data-theme` and the dialog's options.
    pub(crate) fn word(self) -> &'static str {
        match self {
            EmbedTheme::Light => "light",
            EmbedTheme::Dark => "dark",
            EmbedTheme::Match => "match",
        }
    }

    /// The choice a word names.
    pub(crate) fn named(word: &str) -> Option<EmbedTheme> {
        Self::ALL.into_iter().find(|t| t.word() == word)
    }
}

/// One column's headline figures as the summary card writes them: the
/// successful requests per second and the p99 of their latency. Every
/// place that quotes a run in two numbers (a facade, a feed's image card)
/// takes them from here, so they cannot drift from the summary card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Figures {
    /// Successful requests per second.
    pub(crate) goodput: String,
    /// The 99th percentile of the successful requests' latency.
    pub(crate) p99: String,
}

impl Figures {
    /// `run`'s headline figures in `l`'s words.
    pub(crate) fn of(run: &RunView, l: Locale) -> Figures {
        Figures {
            goodput: l.number(run.goodput_rps, 0),
            p99: ms_in(l, run.latency.p99),
        }
    }
}

/// The key of a scenario's entry in `embed-facts.js`: a preset's name when
/// the scenario is that preset as it is (no setting changed, no lesson
/// open); `None` for anything else, whose figures the build cannot know.
pub(crate) fn facts_key(state: &State) -> Option<String> {
    if state.lesson.is_some() || state.view.lesson.is_some() {
        return None;
    }
    let name = state.setup.preset.as_deref()?;
    state.setup.changes().is_empty().then(|| name.to_string())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
/// Each column's figures of a finished run, in `l`'s words, with its mode;
/// columns not run yet are left out.
pub(crate) fn figures(state: &State, l: Locale) -> Vec<(Mode, Figures)> {
    (state.setup.modes.list().iter())
        .filter_map(|&mode: &Mode| {
            let r = state.results.singles.get(mode).as_ref()?;
            Some((mode, Figures::of(r, l)))
        })
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
/// The text of `www/embed-facts.js` for these finished states (one per
/// preset, keyed by [`facts_key`]): per language, per preset, per column,
/// the two figures.
pub(crate) fn facts_js(states: &[State]) -> String {
    let mut by_lang = serde_json::Map::new();
    for l in Locale::ALL {
        let mut presets = serde_json::Map::new();
        for s in states {
            let Some(key) = facts_key(s) else { continue };
            let columns: serde_json::Map<String, serde_json::Value> = figures(s, l)
                .into_iter()
                .map(|(m, f)| {
                    (
                        mode_word(m).to_string(),
                        serde_json::json!([f.goodput, f.p99]),
                    )
                })
                .collect();
            presets.insert(key, columns.into());
        }
        by_lang.insert(l.code().to_string(), presets.into());
    }
    format!(
        "// Generated from the model (UPDATE_GOLDEN=1 cargo test rewrites it; app::share::tests\n\
         // checks it): each preset's headline figures per column, successful requests/s and p99,\n\
         // as the embed's summary writes them after its run. www/embed-host.js shows them on an\n\
         // embed's facade before anything is loaded.\n\
         window.THREADLAB_FACTS = {};\n",
        serde_json::Value::Object(by_lang)
    )
}

/// The address, relative to the playground's folder, of the static page
/// that carries the Open Graph and Twitter card tags of what `state` shows,
/// if the build has one: a preset as it is, or a lesson's chapter
/// (`share/<lang>/<preset>.html`, `share/<lang>/<lesson>-<n>.html`; made
/// by `scripts/share-pages.mjs` from `www/share-pages.json`). A feed's
/// crawler reads its tags; a reader is sent on to the playground.
pub(crate) fn card_page(state: &State) -> Option<String> {
    let l = state.view.locale();
    if let Some(link) = state.view.lesson.filter(|_| state.lesson.is_some()) {
        return Some(chapter_page(l, link.lesson, link.chapter));
    }
    facts_key(state).map(|name| preset_page(l, &name))
}

/// Where the card page of preset `name` in `l` is.
fn preset_page(l: Locale, name: &str) -> String {
    format!("share/{}/{name}.html", l.code())
}

/// Where the card page of `lesson`'s chapter `index` (from 0) in `l` is.
fn chapter_page(l: Locale, lesson: &str, index: usize) -> String {
    format!("share/{}/{lesson}-{}.html", l.code(), index + 1)
}

/// One page of `www/share-pages.json`: where it is written, its language,
/// where it sends a reader (a link relative to the playground's folder),
/// and its card's title and description.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct CardPage {
    /// Its path under the build's folder.
    pub(crate) path: String,
    /// Its language's code.
    pub(crate) lang: &'static str,
    /// The playground's link it stands for.
    pub(crate) link: String,
    /// The card's title.
    pub(crate) title: String,
    /// The card's description.
    pub(crate) description: String,
}

/// The card of a finished preset's state in `l`'s words: its title, and its
/// description followed by each column's headline figures.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) fn preset_card(state: &State, l: Locale) -> Option<CardPage> {
    use crate::i18n::{Arg, keys::ui as words};
    let name = facts_key(state)?;
    let p = crate::scenario::preset(&name)?;
    let figures: Vec<String> = figures(state, l)
        .into_iter()
        .map(|(mode, f)| {
            words::SHARE_CARD_FIGURES.text(
                l,
                &[
                    ("column", Arg::Text(state.setup.columns.name(mode, l))),
                    ("goodput", Arg::Text(f.goodput)),
                    ("p99", Arg::Text(f.p99)),
                ],
            )
        })
        .collect();
    Some(CardPage {
        path: preset_page(l, &name),
        lang: l.code(),
        link: format!("?preset={name}&lang={}&v=1", l.code()),
        title: p.title(l),
        description: format!("{} {}", p.description(l), figures.join(" ")),
    })
}

/// The card of a lesson's chapter in `l`'s words: the chapter's title and
/// its question (never its answer).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) fn chapter_card(lesson: &crate::app::lesson::Lesson, n: usize, l: Locale) -> CardPage {
    use crate::app::lesson::Part;
    let c = &lesson.chapters[n];
    CardPage {
        path: chapter_page(l, &lesson.id, n),
        lang: l.code(),
        link: format!(
            "?lesson={}&chapter={}&lang={}&v=1",
            lesson.id,
            n + 1,
            l.code()
        ),
        title: c.text(&lesson.id, Part::Title, l),
        description: c.text(&lesson.id, Part::Question, l),
    }
}
