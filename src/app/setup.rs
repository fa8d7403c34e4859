//! What the visitor set up: settings shared by both server modes, the
//! settings that differ per mode (a preset pair's), which modes run and the
//! preset it started from. Each layer of settings keeps the text of every
//! field as typed beside the draft it parses into, so input is never lost,
//! even when it does not parse. Plain data with serde: a permalink or a
//! lesson is a `Setup`.

pub mod effect;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::app::basis::format::field_text;
use crate::app::basis::modes::{Columns, MODES, Mode, Modes, PerMode};
use crate::app::basis::words::field_name_in;
use crate::app::setup::effect::Effects;
use crate::app::worker::protocol::{Job, ModeJob};
use crate::i18n::keys::ui as words;
use crate::i18n::{Arg, Locale};
use crate::scenario::{Draft, FieldError, Group, Preset, field, mode_word, preset, same_value};

/// One layer of settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Layer {
    /// The settings as parsed (keys left out are at their defaults).
    pub(crate) draft: Draft,
    /// The text of every field the visitor typed, by key, as typed.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) texts: BTreeMap<String, String>,
}

impl Default for Layer {
    /// No settings: every key at its default.
    fn default() -> Self {
        Layer::of(Draft::new())
    }
}

impl Layer {
    fn of(draft: Draft) -> Layer {
        Layer {
            draft,
            texts: BTreeMap::new(),
        }
    }

    /// The text a field shows: as typed, else the draft's value.
    pub(crate) fn text(&self, key: &str) -> Option<String> {
        match self.texts.get(key) {
            Some(t) => Some(t.clone()),
            None => self.draft.get(key).map(field_text),
        }
    }

    /// Takes the text of a field: an empty text puts the key back to its
    /// default (or `null` where that means "not set"); a text that does not
    /// parse is kept, and the draft keeps its last good value.
    fn edit(&mut self, key: &str, text: String) {
        if text.trim().is_empty() {
            if field(key).is_some_and(|f| f.nullable) {
                self.draft.set_value(key, Value::Null);
            } else {
                self.unset(key);
            }
        } else {
            // An error shows beside the field through `parse_errors`.
            let _ = self.draft.set(key, &text);
        }
        self.texts.insert(key.to_string(), text);
    }

    /// Back to the default: the key and its text go.
    fn unset(&mut self, key: &str) {
        self.draft.unset(key);
        self.texts.remove(key);
        // An emptied section would itself be an (invalid) setting.
        if let Some((section, _)) = key.rsplit_once('.')
            && self
                .draft
                .get(section)
                .and_then(Value::as_object)
                .is_some_and(|m| m.is_empty())
        {
            self.draft.unset(section);
        }
    }

    /// Problems with texts that never reached the draft.
    fn parse_errors(&self) -> impl Iterator<Item = FieldError> + '_ {
        self.texts
            .iter()
            .filter(|(_, text)| !text.trim().is_empty())
            .filter_map(|(key, text)| Draft::new().set(key, text).err())
    }
}

/// What a reset goes back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResetTo {
    /// The loaded preset as it was loaded (the defaults if none is).
    Preset,
    /// Every key at its default, no preset.
    Defaults,
}

/// Who made the scenario's differences from its preset: the reader, a
/// shared link the page opened, or a lesson's chapter (its start or a
/// "now try" change). The words for a change follow it: "You changed",
/// "This link changes", "This chapter sets".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Source {
    /// The reader, on the form.
    #[default]
    Visitor,
    /// The link the page opened with.
    Link,
    /// The open lesson's chapter.
    Chapter,
}

impl Source {
    /// The words before its changes: "You changed: ", "This link changes: ",
    /// "This chapter sets: ".
    pub(crate) fn lead(self, l: Locale) -> String {
        match self {
            Source::Visitor => words::ABOUT_CHANGED,
            Source::Link => words::ABOUT_LINK_CHANGES,
            Source::Chapter => words::ABOUT_CHAPTER_SETS,
        }
        .text(l, &[])
    }
}

/// The setup as a link or a chapter brought it, before the reader changed
/// anything: a change whose value is still the one it brought is the
/// link's or the chapter's, any other the reader's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Arrival {
    /// Who brought it.
    pub(crate) source: Source,
    /// What it brought.
    pub(crate) setup: Setup,
}

/// The scenario as the visitor set it up.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// The preset it started from, by name.
    pub(crate) preset: Option<String>,
    /// Which modes run.
    pub modes: Modes,
    /// What the two columns compare: the server's threads (the default), or
    /// the `@Async` executors (E4).
    #[serde(default)]
    pub(crate) columns: Columns,
    /// Settings both modes share (never `server.mode`).
    pub(crate) shared: Layer,
    /// Settings that differ in one mode, applied over the shared ones.
    #[serde(default)]
    pub(crate) overrides: PerMode<Layer>,
}

impl Setup {
    /// The setup of a preset: a measured pair loads as one setup, the
    /// platform side's settings shared and the virtual side's differences as
    /// its override; `None` for an unknown name.
    pub(crate) fn of_preset(name: &str) -> Option<Setup> {
        let p = preset(name)?;
        let mut setup = Setup {
            preset: Some(name.to_string()),
            ..Setup::default()
        };
        match p.partner() {
            Some(q) => {
                let (platform, virtual_run) = if p.side() == Mode::Platform {
                    (p, q)
                } else {
                    (q, p)
                };
                // A pair whose sides are not its server modes compares
                // executors (E4: Tomcat keeps its platform threads).
                if p.mode() != p.side() || q.mode() != q.side() {
                    setup.columns = Columns::Executor;
                }
                let (pd, vd) = (shared_part(platform), shared_part(virtual_run));
                setup.overrides.virtual_threads = Layer::of(difference(&pd, &vd));
                setup.shared = Layer::of(pd);
            }
            None => setup.shared = Layer::of(shared_part(p)),
        }
        Some(setup)
    }

    /// The layer edits go to: the shared one, or `mode`'s override.
    pub(crate) fn layer(&self, mode: Option<Mode>) -> &Layer {
        match mode {
            Some(m) => self.overrides.get(m),
            None => &self.shared,
        }
    }

    fn layer_mut(&mut self, mode: Option<Mode>) -> &mut Layer {
        match mode {
            Some(m) => self.overrides.get_mut(m),
            None => &mut self.shared,
        }
    }

    /// The text a control shows for `key` in the shared settings or in
    /// `mode`'s override.
    pub(crate) fn text(&self, mode: Option<Mode>, key: &str) -> Option<String> {
        self.layer(mode).text(key)
    }

    /// The modes whose override sets `key`.
    pub(crate) fn overridden(&self, key: &str) -> Vec<Mode> {
        MODES
            .into_iter()
            .filter(|m| self.overrides.get(*m).draft.get(key).is_some())
            .collect()
    }

    /// Takes a control's text for `key`.
    pub fn edit(&mut self, mode: Option<Mode>, key: &str, text: String) {
        self.layer_mut(mode).edit(key, text);
    }

    /// Puts `key` back to its default in every layer.
    pub(crate) fn reset(&mut self, key: &str) {
        self.shared.unset(key);
        for m in MODES {
            self.overrides.get_mut(m).unset(key);
        }
    }

    /// Back to the loaded preset or to the defaults; which modes run stays.
    pub(crate) fn reset_to(&mut self, to: ResetTo) {
        let fresh = match (to, self.preset.as_deref()) {
            (ResetTo::Preset, Some(name)) => Setup::of_preset(name).unwrap_or_default(),
            _ => Setup::default(),
        };
        *self = Setup {
            modes: self.modes,
            ..fresh
        };
    }

    /// The draft that runs in column `mode`.
    pub fn draft_for(&self, mode: Mode) -> Draft {
        let mut d = self.shared.draft.clone();
        d.overlay(&self.overrides.get(mode).draft);
        let server = self.columns.server_mode(mode);
        d.set_value("server.mode", Value::from(mode_word(server)));
        drop_unused_executors(&mut d);
        d
    }

    /// The drafts to run, by mode.
    pub(crate) fn drafts(&self) -> Vec<(Mode, Draft)> {
        self.modes
            .list()
            .iter()
            .map(|&m| (m, self.draft_for(m)))
            .collect()
    }

    /// Problems with texts that did not parse, in any layer.
    pub(crate) fn parse_errors(&self) -> Vec<FieldError> {
        std::iter::once(&self.shared)
            .chain(MODES.iter().map(|&m| self.overrides.get(m)))
            .flat_map(Layer::parse_errors)
            .collect()
    }

    /// The preset whose measured figures a mode's run is compared with: the
    /// loaded preset, or its partner, if it is on `mode`'s side.
    pub(crate) fn preset_for(&self, mode: Mode) -> Option<&'static Preset> {
        let p = preset(self.preset.as_deref()?)?;
        if p.side() == mode {
            Some(p)
        } else {
            p.partner().filter(|q| q.side() == mode)
        }
    }

    /// The setup as its preset loads it (the defaults without one).
    pub(crate) fn start(&self) -> Setup {
        self.preset
            .as_deref()
            .and_then(Setup::of_preset)
            .unwrap_or_default()
    }

    /// The keys (with the mode of an override) whose values differ from
    /// the preset's, or from the defaults when no preset is loaded.
    pub(crate) fn changes(&self) -> Vec<(Option<Mode>, String)> {
        self.changes_from(&self.start())
    }

    /// The keys (with the mode of an override) whose values differ from
    /// `before`'s.
    pub fn changes_from(&self, before: &Setup) -> Vec<(Option<Mode>, String)> {
        let mut out = differing_keys(&before.shared.draft, &self.shared.draft)
            .map(|k| (None, k))
            .collect::<Vec<_>>();
        for m in MODES {
            let (a, b) = (&before.overrides.get(m).draft, &self.overrides.get(m).draft);
            out.extend(differing_keys(a, b).map(|k| (Some(m), k)));
        }
        out
    }

    /// Each change from `before` in words: "Max threads: 100 → 400", an
    /// override's with its run ("virtual run: …").
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn change_lines(&self, before: &Setup) -> Vec<String> {
        self.change_lines_in(before, Locale::En)
    }

    /// [`Setup::change_lines`] in `l`'s words.
    pub(crate) fn change_lines_in(&self, before: &Setup, l: Locale) -> Vec<String> {
        self.changes_from(before)
            .into_iter()
            .map(|(mode, key)| {
                let run = mode.map_or(String::new(), |m| {
                    let mode = Arg::Text(mode_word(m).to_string());
                    words::SETTING_RUN.text(l, &[("mode", mode)])
                });
                format!(
                    "{run}{}: {} → {}",
                    field_name_in(&key, l),
                    before.value_words(mode, &key, l),
                    self.value_words(mode, &key, l)
                )
            })
            .collect()
    }

    /// [`Setup::change_lines_in`] from the preset, grouped by who made each
    /// change (`arrival`'s source for a value it brought and that still
    /// stands, else the reader), the arrival's group first; empty groups
    /// are left out.
    pub(crate) fn change_lines_by_source(
        &self,
        arrival: Option<&Arrival>,
        l: Locale,
    ) -> Vec<(Source, Vec<String>)> {
        let before = self.start();
        let arrival = arrival.filter(|a| a.setup.preset == self.preset);
        let lines = self.change_lines_in(&before, l);
        let mut brought = Vec::new();
        let mut own = Vec::new();
        for ((mode, key), line) in self.changes_from(&before).into_iter().zip(lines) {
            let kept = arrival.is_some_and(|a| {
                a.setup.layer(mode).draft.get(&key) == self.layer(mode).draft.get(&key)
            });
            if kept {
                brought.push(line)
            } else {
                own.push(line)
            }
        }
        let mut out = Vec::new();
        if let Some(a) = arrival.filter(|_| !brought.is_empty()) {
            out.push((a.source, brought));
        }
        if !own.is_empty() {
            out.push((Source::Visitor, own));
        }
        out
    }

    /// Who changed the scenario from its preset, for words that say so:
    /// the reader when any change is theirs, else the link or the chapter
    /// that brought every change; `None` when nothing differs.
    pub(crate) fn changed_by(&self, arrival: Option<&Arrival>) -> Option<Source> {
        let groups = self.change_lines_by_source(arrival, Locale::En);
        let sources = groups.iter().map(|(source, _)| *source);
        sources.fold(None, |seen, s| match seen {
            Some(Source::Visitor) => seen,
            _ => Some(s),
        })
    }

    /// The value of `key` in a layer in words (its default when unset).
    fn value_words(&self, mode: Option<Mode>, key: &str, l: Locale) -> String {
        match self.text(mode, key).filter(|t| !t.trim().is_empty()) {
            Some(t) => t,
            None if mode.is_some() => words::SETTING_AS_SHARED.text(l, &[]),
            None => match field(key).map(|f| f.default) {
                Some("null") | None => words::SETTING_NOT_SET.text(l, &[]),
                Some(d) => words::SETTING_WITH_DEFAULT.text(l, &[("value", Arg::Text(d.into()))]),
            },
        }
    }

    /// Whether the scenario differs from the preset it started from.
    pub(crate) fn edited(&self) -> bool {
        !self.changes().is_empty()
    }

    /// Whether the run of column `mode` is no longer the article's: a
    /// setting it runs with differs from the preset's (what is recorded,
    /// the seed and settings without effect in that column aside: they
    /// change no figure's meaning).
    pub(crate) fn differs_from_article(&self, mode: Mode) -> bool {
        let column = Setup {
            modes: match mode {
                Mode::Platform => Modes::Platform,
                Mode::Virtual => Modes::Virtual,
            },
            ..self.clone()
        };
        let effects = column.effects();
        self.changes().iter().any(|(m, key)| {
            m.is_none_or(|m| m == mode)
                && !field(key).is_some_and(|f| matches!(f.group, Group::Record | Group::Run))
                && effects.as_ref().is_none_or(|e| e.why(key).is_none())
        })
    }

    /// What has no effect in the running columns, if they all validate.
    pub(crate) fn effects(&self) -> Option<Effects> {
        Effects::of(self.drafts().iter().map(|(_, d)| d))
    }

    /// Why `key` has no effect on what runs (the catalogue's words), or
    /// `None` when it may have one (or the scenario does not validate, so
    /// nothing can be said).
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn no_effect(&self, key: &str) -> Option<crate::i18n::keys::Key> {
        self.effects()?.why(key)
    }

    /// The job that simulates this setup.
    pub fn job(&self, generation: u64) -> Job {
        Job {
            generation,
            columns: self.columns,
            modes: self
                .drafts()
                .into_iter()
                .map(|(mode, draft)| ModeJob {
                    mode,
                    draft,
                    preset: self.preset_for(mode).map(|p| p.name.to_string()),
                })
                .collect(),
            sweep: true,
        }
    }
}

/// A preset's draft without its server mode (the page sets that per run).
fn shared_part(p: &Preset) -> Draft {
    let mut d = p.draft();
    d.unset("server.mode");
    d
}

/// What `to` sets differently from `from`, as a draft to lay over `from`: its
/// own values, and the defaults of keys only `from` sets.
fn difference(from: &Draft, to: &Draft) -> Draft {
    let mut o = Draft::new();
    for (k, v) in to.leaves() {
        if from.get(&k) != Some(v) {
            o.set_value(&k, v.clone());
        }
    }
    for (k, _) in from.leaves() {
        if to.get(&k).is_none()
            && let Some(f) = field(&k)
        {
            // Schema defaults always parse (tested with the schema).
            let _ = o.set(&k, f.default);
        }
    }
    o
}

/// Keys set in either draft whose values differ (a key left out is at its
/// default).
fn differing_keys<'a>(a: &'a Draft, b: &'a Draft) -> impl Iterator<Item = String> + 'a {
    let mut keys: Vec<String> = a
        .leaves()
        .into_iter()
        .chain(b.leaves())
        .map(|(k, _)| k)
        .collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(move |k| !same_value(a.get(k), b.get(k)))
}

/// Leaves out the `async.<name>` settings of executors the draft's programs
/// no longer name, the `downstream.<name>` ones of services no step calls
/// and the `endpoint.<name>` ones of endpoints no longer listed: the form
/// keeps them while the text is edited (and hides them), but validation
/// refuses them, as they are most often a misspelt name. A program that
/// does not parse keeps them all.
fn drop_unused_executors(d: &mut Draft) {
    let Some(parsed) = crate::scenario::mix::parse_draft(d) else {
        return;
    };
    let listed = crate::scenario::mix::listed(d);
    for (section, used) in [
        ("async", &parsed.executors),
        ("downstream", &parsed.downstreams),
        ("endpoint", &listed),
    ] {
        let configured: Vec<String> = (d.get(section).and_then(Value::as_object))
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default();
        for name in configured.iter().filter(|n| !used.contains(n)) {
            d.unset(&format!("{section}.{name}"));
        }
    }
}
