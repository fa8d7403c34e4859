//! How the page shows the scenario, beside what the scenario is: the colour
//! theme, the language, which charts are open, and the embed mode's options
//! (compact chrome for an `<iframe>`, which controls show or are locked).
//! Plain data with serde and defaults for every field: a permalink holds the
//! fields that differ from [`View::default`] (`app::link::permalink`), so a field
//! added here joins the links without more code.

use serde::{Deserialize, Serialize};

use crate::app::basis::chart_registry::{chart_id, embed_charts, ids};
use crate::app::basis::said::Said;
use crate::app::lesson::LessonLink;
use crate::i18n::{Arg, Locale};
use crate::measured::{self, SOURCES};
use crate::scenario::field;

/// The load tools whose output the page reads, each once.
fn tool_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = SOURCES.iter().map(|s| s.tool_name()).collect();
    names.dedup();
    names
}

/// The colour theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Theme {
    /// The system's (`prefers-color-scheme`).
    #[default]
    Auto,
    /// Dark text on light.
    Light,
    /// Light text on dark.
    Dark,
}

impl Theme {
    /// Every theme, in menu order.
    pub(crate) const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    /// Its word (the URL's and the `data-theme` attribute's).
    pub(crate) fn word(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// Its label in menus, in `l`'s words.
    pub(crate) fn label(self, l: Locale) -> String {
        use crate::i18n::keys::ui as words;
        match self {
            Theme::Auto => words::THEME_AUTO,
            Theme::Light => words::THEME_LIGHT,
            Theme::Dark => words::THEME_DARK,
        }
        .text(l, &[])
    }

    /// The theme called `word`.
    pub(crate) fn named(word: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.word() == word)
    }
}

/// Languages the page is written in: the catalogues' locales, by code,
/// the default first.
pub(crate) const LANGUAGES: [&str; Locale::ALL.len()] = {
    let mut codes = [""; Locale::ALL.len()];
    let mut i = 0;
    while i < codes.len() {
        codes[i] = Locale::ALL[i].code();
        i += 1;
    }
    codes
};

/// The language a browser that prefers `languages` (as
/// `navigator.languages` lists them, most preferred first) gets: the first
/// the page is written in, by primary subtag (`de-AT` → German, `zh-Hans`
/// and `zh-TW` → Chinese, the page's only Chinese); `None` when it is
/// written in none of them.
pub(crate) fn browser_language<S: AsRef<str>>(languages: &[S]) -> Option<Locale> {
    languages
        .iter()
        .find_map(|l| Locale::named(l.as_ref().trim()))
}

/// Chart ids that a link of this version may still hold, and what each now
/// names: the memory chart became one per mode after `v=1` links were made.
const RENAMED_CHARTS: &[(&str, &[&str])] = &[("memory", &["memory-platform", "memory-virtual"])];

/// How the page shows the scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct View {
    /// The colour theme.
    pub(crate) theme: Theme,
    /// The language the link or the visitor chose (one of [`LANGUAGES`];
    /// a link may name a region, `de-AT`, which reads as its language).
    /// Empty when none was chosen: the page then speaks the browser's
    /// ([`View::browser`]), and its links name no language either, so a
    /// shared link opens in each reader's own.
    pub(crate) lang: String,
    /// The charts shown, by id (see [`chart_ids`](crate::app::basis::chart_registry::chart_ids)); empty: the default set
    /// (all of them, or [`embed_charts`] in an embed).
    pub(crate) charts: Vec<String>,
    /// Compact chrome for an `<iframe>`, and click-to-run.
    pub(crate) embed: bool,
    /// An embed that runs at once: its reader pressed Run on the static
    /// facade the host page showed (`www/embed-host.js`), which then
    /// loaded this embed. Without it an embed loads no WebAssembly until
    /// its own Run is pressed.
    pub(crate) run: bool,
    /// The scenario keys an embed shows as controls.
    pub(crate) controls: Vec<String>,
    /// The scenario keys an embed shows but does not let change.
    pub(crate) locked: Vec<String>,
    /// Presenter mode: large type for the back of a room, the settings
    /// and the share bar tucked away (the page's own, not an embed's).
    pub(crate) presenter: bool,
    /// The presenter's second window (`speaker=1`): the chapter's speaker
    /// notes, what the next click does, a timer and the controls; the
    /// presenter-mode window it was opened from follows its steps
    /// (`app::page::speaker`). Only in a link that opens it: the page's
    /// own link keeps it, so a reload stays the speaker view.
    pub(crate) speaker: bool,
    /// Whether the form's "Advanced" group is open: all of its settings
    /// shown, not only those changed, wrong or named by the lesson
    /// (`app::show::form::revealed`). Part of the view, so that a link opens the
    /// form as its writer saw it and a language switch or Back keeps it.
    pub(crate) advanced: bool,
    /// A pasted load test's output that the visitor chose to keep in the
    /// link (`app::page::yours`), read again when the link opens; empty
    /// otherwise. Only when it fits: a link holds `MAX_LINK_CHARS`.
    pub(crate) measurement: String,
    /// The tool whose pasted output the page was compared with but the
    /// link does not carry (an output can be large): the page it opens
    /// asks for it again. Empty when there was none, or it is carried.
    pub(crate) needs: String,
    /// The lesson's chapter the page guides through, if any. A link holds
    /// it in the lesson's own format (`lesson=<id>&chapter=<n>`, see
    /// `app::lesson::link`), not as a serde field.
    #[serde(skip)]
    pub(crate) lesson: Option<LessonLink>,
    /// The first of the browser's languages the page is written in
    /// ([`browser_language`] of `navigator.languages`), which it speaks
    /// when [`View::lang`] is empty. Not part of a link: it is the
    /// reader's, not the link's.
    #[serde(skip)]
    pub(crate) browser: Option<Locale>,
}

impl Default for View {
    fn default() -> Self {
        View {
            theme: Theme::Auto,
            lang: String::new(),
            charts: Vec::new(),
            embed: false,
            run: false,
            controls: Vec::new(),
            locked: Vec::new(),
            presenter: false,
            speaker: false,
            advanced: false,
            measurement: String::new(),
            needs: String::new(),
            lesson: None,
            browser: None,
        }
    }
}

impl View {
    /// The page's locale: the chosen language, else the browser's, else
    /// English.
    pub(crate) fn locale(&self) -> Locale {
        Locale::named(&self.lang)
            .or(self.browser)
            .unwrap_or(Locale::ALL[0])
    }

    /// Whether the chart `id` (without its `chart-` prefix) is shown.
    pub(crate) fn shows_chart(&self, id: &str) -> bool {
        let id = id.strip_prefix("chart-").unwrap_or(id);
        if !self.charts.is_empty() {
            self.charts.iter().any(|c| c == id)
        } else if self.embed {
            embed_charts().any(|c| c == id)
        } else {
            true
        }
    }

    /// This view with renamed chart ids replaced by what they now name, so
    /// an older link keeps showing the same charts.
    pub(crate) fn with_current_chart_ids(mut self) -> View {
        let mut charts = Vec::with_capacity(self.charts.len());
        for c in self.charts {
            match RENAMED_CHARTS.iter().find(|(old, _)| *old == c) {
                Some((_, new)) => charts.extend(new.iter().map(|n| n.to_string())),
                None => charts.push(c),
            }
        }
        charts.dedup();
        self.charts = charts;
        self
    }

    /// What in this view cannot be shown, as (field, item, why); the page
    /// drops those items and says so.
    pub(crate) fn problems(&self) -> Vec<(&'static str, String, Said)> {
        use crate::i18n::keys::ui as words;
        let mut out = Vec::new();
        if !self.lang.is_empty() && Locale::named(&self.lang).is_none() {
            let languages = Arg::Text(LANGUAGES.join(", "));
            out.push((
                "lang",
                self.lang.clone(),
                Said::Key(words::LINK_LANGUAGE, vec![("languages", languages)]),
            ));
        }
        for c in self.charts.iter().filter(|c| chart_id(c).is_none()) {
            let charts = ("charts", Arg::Text(ids().collect::<Vec<_>>().join(", ")));
            out.push((
                "charts",
                c.clone(),
                Said::Key(words::LINK_CHART, vec![charts]),
            ));
        }
        let tools: Vec<&str> = tool_names();
        if !self.needs.is_empty() && !tools.contains(&self.needs.as_str()) {
            let tools = ("tools", Arg::Text(tools.join(", ")));
            out.push((
                "needs",
                self.needs.clone(),
                Said::Key(words::LINK_NEEDS, vec![tools]),
            ));
        }
        if let Some(Err(e)) =
            (!self.measurement.is_empty()).then(|| measured::read(&self.measurement))
        {
            out.push(("measurement", String::new(), Said::Problem(e)));
        }
        for (name, keys) in [("controls", &self.controls), ("locked", &self.locked)] {
            for k in keys.iter().filter(|k| field(k).is_none()) {
                out.push((name, k.clone(), Said::key(words::LINK_CONTROL_KEY)));
            }
        }
        out
    }

    /// This view without the items [`View::problems`] names.
    pub(crate) fn without_problems(mut self) -> View {
        // A region reads as its language; a language the page has not got
        // is no choice (the browser's applies).
        self.lang = Locale::named(&self.lang)
            .map(|l| l.code().to_string())
            .unwrap_or_default();
        self.charts.retain(|c| chart_id(c).is_some());
        self.controls.retain(|k| field(k).is_some());
        self.locked.retain(|k| field(k).is_some());
        if !tool_names().contains(&self.needs.as_str()) {
            self.needs.clear();
        }
        if measured::read(&self.measurement).is_err() {
            self.measurement.clear();
        }
        self
    }

    /// The keys an embed shows as controls: the editable ones first, then
    /// the locked ones, each once.
    pub(crate) fn embed_controls(&self) -> Vec<(String, bool)> {
        let mut out: Vec<(String, bool)> = Vec::new();
        for (keys, locked) in [(&self.controls, false), (&self.locked, true)] {
            for k in keys {
                if let Some(e) = out.iter_mut().find(|(x, _)| x == k) {
                    e.1 |= locked;
                } else {
                    out.push((k.clone(), locked));
                }
            }
        }
        out
    }
}
