//! What the scenario form shows: which keys in which group (from the
//! schema's entries and the program's executors), each control's DOM id,
//! the position of a slider, and what the loaded preset says about a value
//! (stated by the article, or assumed and why).

use crate::app::basis::modes::Mode;
use crate::app::page::state::State;
use crate::app::setup::Setup;
use crate::app::setup::effect::Effects;
use crate::i18n::keys::{Key, ui as words};
use crate::i18n::{Arg, Locale};
use crate::scenario::{FieldKind, Group, Parsed, Slider, field, preset, schema};

/// Example programs the form offers: (the key of its label, program).
pub(crate) const EXAMPLES: &[(Key, &str)] = &[
    (words::FORM_EXAMPLE_SLEEP, "cpu:0.1ms,io:50ms"),
    (
        words::FORM_EXAMPLE_QUERY,
        "cpu:0.2ms,db:50ms,io:50ms,cpu:0.2ms",
    ),
    (words::FORM_EXAMPLE_SYNC, "cpu:0.1ms,sync{io:50ms}"),
    (
        words::FORM_EXAMPLE_LOCK,
        "cpu:0.1ms,lock(cache){io:5ms},io:40ms",
    ),
    (
        words::FORM_EXAMPLE_MAIL,
        "cpu:0.2ms,db:5ms,async(mail){io:100ms}",
    ),
    (words::FORM_EXAMPLE_CPU, "cpu:20ms"),
];

/// The groups of the form, in order: each shows its first-layer keys at
/// the top of the form, and its advanced keys inside the "Advanced" group.
pub(crate) const GROUPS: &[Group] = &[
    Group::Load,
    Group::Server,
    Group::Program,
    Group::Endpoint,
    Group::Db,
    Group::Async,
    Group::Downstream,
    Group::Memory,
    Group::Jvm,
    Group::Limits,
    Group::Record,
    Group::Run,
];

/// The executors the programs name, once each and in order: from the
/// parser, or, while a program does not parse, the executors the settings
/// configure.
pub(crate) fn executors(setup: &Setup) -> Vec<String> {
    named(setup, "async", |p| p.executors)
}

/// The downstreams the programs call, once each and in order: from the
/// parser, or, while a program does not parse, those the settings
/// configure.
pub(crate) fn downstreams(setup: &Setup) -> Vec<String> {
    named(setup, "downstream", |p| p.downstreams)
}

/// The endpoints the `endpoints` list names, in its order.
pub(crate) fn endpoints(setup: &Setup) -> Vec<String> {
    crate::scenario::mix::listed(&setup.shared.draft)
}

/// What the scenario's programs name, by `pick`, or the names the settings
/// configure in `section` while a program does not parse.
fn named(setup: &Setup, section: &str, pick: fn(Parsed) -> Vec<String>) -> Vec<String> {
    let draft = &setup.shared.draft;
    match crate::scenario::mix::parse_draft(draft) {
        Some(parsed) => pick(parsed),
        None => (draft.get(section))
            .and_then(|v| v.as_object())
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default(),
    }
}

/// The keys the form shows in `group`, in schema order. The `@Async` group
/// has one set of keys per executor (`async.<name>.core`, …), the
/// downstream group one per service the program calls.
pub(crate) fn keys(setup: &Setup, group: Group) -> Vec<String> {
    let in_group = schema().iter().filter(|f| f.group == group);
    let names = match group {
        Group::Async => Some(executors(setup)),
        Group::Downstream => Some(downstreams(setup)),
        Group::Endpoint => Some(endpoints(setup)),
        _ => None,
    };
    if let Some(names) = names {
        let specs: Vec<_> = in_group.collect();
        return names
            .iter()
            .flat_map(|name| specs.iter().map(move |f| f.key.replace('*', name)))
            .collect();
    }
    let open_loop = setup.text(None, "load.kind").as_deref() == Some("open");
    in_group
        .filter(|f| f.shown.on_form(open_loop))
        .map(|f| f.key.to_string())
        .collect()
}

/// Whether the form shows `key` (a full key: `async.mail.max`) in its first
/// layer, not in the "Advanced" group (`scenario::FIRST_LAYER` decides).
/// An endpoint's share and program show whenever `endpoints` lists it:
/// they are what the list is written for.
pub(crate) fn first_layer(key: &str) -> bool {
    field(key).is_some_and(|f| f.first_layer() || f.group == Group::Endpoint)
}

/// The keys of `group` in the form's first layer, in [`keys`]' order.
pub(crate) fn first_keys(setup: &Setup, group: Group) -> Vec<String> {
    keys(setup, group)
        .into_iter()
        .filter(|k| first_layer(k))
        .collect()
}

/// The keys of `group` in the "Advanced" group, in [`keys`]' order.
pub(crate) fn advanced_keys(setup: &Setup, group: Group) -> Vec<String> {
    keys(setup, group)
        .into_iter()
        .filter(|k| !first_layer(k))
        .collect()
}

/// Why an advanced setting shows while the "Advanced" group is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reveal {
    /// Its value differs from the preset's (or the default): a shared
    /// link, a lesson's chapter or the visitor set it.
    Changed,
    /// Its value is wrong: nothing runs until it is fixed.
    Invalid,
    /// The open lesson's chapter names it in its text.
    Named,
    /// The visitor is editing it (it stays while being typed back to the
    /// preset's value).
    Edited,
}

/// The advanced settings the form shows even with the "Advanced" group
/// closed, each once with its first reason, in the order found: a setting
/// that differs from the preset, is wrong, is named by the lesson's chapter
/// or is being edited never hides (a teacher's link that sets
/// `gc.alloc_kb` shows it).
pub(crate) fn revealed(state: &State) -> Vec<(String, Reveal)> {
    let changed = state.setup.changes().into_iter().map(|(_, k)| k);
    let invalid = state.errors.iter().map(|e| e.field.clone());
    let named: Vec<String> = state
        .chapter()
        .map(|(_, c)| c.named_keys().into_iter().map(str::to_string).collect())
        .unwrap_or_default();
    let mut out: Vec<(String, Reveal)> = Vec::new();
    let reasons = (changed.map(|k| (k, Reveal::Changed)))
        .chain(invalid.map(|k| (k, Reveal::Invalid)))
        .chain(named.into_iter().map(|k| (k, Reveal::Named)))
        .chain(
            state
                .edited_keys
                .iter()
                .map(|k| (k.clone(), Reveal::Edited)),
        );
    for (key, why) in reasons {
        if field(&key).is_some() && !first_layer(&key) && !out.iter().any(|(k, _)| *k == key) {
            out.push((key, why));
        }
    }
    out
}

/// The advanced keys of `group` the form shows: all of them with the
/// "Advanced" group open, else only the [`revealed`] ones.
pub(crate) fn advanced_shown(
    state: &State,
    group: Group,
    revealed: &[(String, Reveal)],
) -> Vec<String> {
    let all = advanced_keys(&state.setup, group);
    if state.view.advanced {
        return all;
    }
    all.into_iter()
        .filter(|k| revealed.iter().any(|(r, _)| r == k))
        .collect()
}

/// How many advanced settings the form has for this scenario, and how many
/// of them show with the group closed.
pub(crate) fn advanced_count(state: &State, revealed: &[(String, Reveal)]) -> (usize, usize) {
    let mut total = 0;
    let mut shown = 0;
    for &g in GROUPS {
        let all = advanced_keys(&state.setup, g);
        shown += all
            .iter()
            .filter(|k| revealed.iter().any(|(r, _)| r == *k))
            .count();
        total += all.len();
    }
    (total, shown)
}

/// The DOM id of the text control for `key` (in `mode`'s override row).
pub(crate) fn control_id(key: &str, mode: Option<Mode>) -> String {
    let id = format!("f-{}", key.replace(['.', '*'], "-"));
    match mode {
        Some(m) => format!("{id}-{}", crate::scenario::mode_word(m)),
        None => id,
    }
}

/// The DOM id of the slider for `key`.
pub(crate) fn slider_id(key: &str) -> String {
    format!("slider-{}", key.replace('.', "-"))
}

/// The slider's scale: positions 0 to this.
pub(crate) const SLIDER_STEPS: f64 = 1000.0;

/// The smallest value a logarithmic slider's scale reaches.
const LOG_FLOOR: f64 = 1e-9;

/// Where the slider for `text` stands, 0–[`SLIDER_STEPS`] (a text that does
/// not parse stands at the left end).
pub(crate) fn slider_position(text: &str, s: Slider) -> f64 {
    let v: f64 = text.trim().replace('_', "").parse().unwrap_or(s.min);
    let v = v.clamp(s.min, s.max);
    let f = if s.log {
        let lo = s.min.max(LOG_FLOOR).ln();
        (v.max(LOG_FLOOR).ln() - lo) / (s.max.ln() - lo)
    } else {
        (v - s.min) / (s.max - s.min)
    };
    f * SLIDER_STEPS
}

/// The text for a slider at `position`: whole numbers for whole-number keys
/// and above 100, else three significant digits or so.
pub(crate) fn slider_text(position: f64, s: Slider, whole: bool) -> String {
    let f = (position / SLIDER_STEPS).clamp(0.0, 1.0);
    let v = if s.log {
        let lo = s.min.max(LOG_FLOOR).ln();
        (lo + f * (s.max.ln() - lo)).exp()
    } else {
        s.min + f * (s.max - s.min)
    };
    if whole || v >= 100.0 {
        format!("{}", v.round())
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// Whether `key` takes whole numbers.
pub(crate) fn whole(key: &str) -> bool {
    field(key).is_some_and(|f| matches!(f.kind, FieldKind::Int { .. }))
}

/// What the loaded preset says about a key's value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Provenance {
    /// The article states it.
    Stated,
    /// Assumed, with the reason (in the catalogue: say it in the page's
    /// language).
    Assumed(crate::i18n::Phrase),
    /// The preset states or assumes a value, and the visitor changed it:
    /// what the article says no longer applies (the preset's value, in words).
    Changed(String),
}

/// What the loaded preset says about `key`, as long as the value is still
/// the preset's.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) fn provenance(setup: &Setup, key: &str) -> Option<Provenance> {
    Notes::of(setup).provenance(key, Locale::En)
}

/// What the form says beside its fields, worked out once per setup: the
/// preset's word on each value, and which settings have no effect.
pub(crate) struct Notes {
    preset: Option<&'static crate::scenario::Preset>,
    start: Setup,
    changed: Vec<String>,
    effects: Option<Effects>,
}

impl Notes {
    /// The notes for `setup`.
    pub(crate) fn of(setup: &Setup) -> Notes {
        Notes {
            preset: setup.preset.as_deref().and_then(preset),
            start: setup.start(),
            changed: setup.changes().into_iter().map(|(_, k)| k).collect(),
            effects: setup.effects(),
        }
    }

    /// What the loaded preset says about `key`, as long as the value is
    /// still the preset's (a changed value's former one in `l`'s words).
    pub(crate) fn provenance(&self, key: &str, l: Locale) -> Option<Provenance> {
        let p = self.preset?;
        let assumed = p.assumptions.iter().find(|a| a.key == key);
        if assumed.is_none() && !p.stated.contains(&key) {
            return None;
        }
        if self.changed.iter().any(|k| k == key) {
            return Some(Provenance::Changed(value_in_words_in(&self.start, key, l)));
        }
        Some(match assumed {
            Some(a) => Provenance::Assumed(a.reason_said()),
            None => Provenance::Stated,
        })
    }

    /// Why `key` has no effect, if it has none.
    pub(crate) fn no_effect(&self, key: &str) -> Option<Key> {
        self.effects.as_ref()?.why(key)
    }
}

/// The value of `key` in words, for the list of stated and assumed
/// settings: the shared value, the virtual run's where it differs, or the
/// default (in English; [`value_in_words_in`] in a page's language).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) fn value_in_words(setup: &Setup, key: &str) -> String {
    value_in_words_in(setup, key, Locale::En)
}

/// [`value_in_words`] in `l`'s words.
pub(crate) fn value_in_words_in(setup: &Setup, key: &str, l: Locale) -> String {
    let shown = |mode| setup.text(mode, key).filter(|t| !t.is_empty());
    let text = |s: String| Arg::Text(s);
    match (shown(None), shown(Some(Mode::Virtual))) {
        (Some(b), Some(v)) if b != v => {
            words::SETTING_VIRTUAL_RUN.text(l, &[("value", text(b)), ("virtual", text(v))])
        }
        (Some(b), _) => b,
        (None, Some(v)) => words::SETTING_DEFAULT_VIRTUAL_RUN.text(l, &[("virtual", text(v))]),
        (None, None) => field(key).map_or_else(
            || words::SETTING_DEFAULT_CHOICE.text(l, &[]),
            |f| words::SETTING_WITH_DEFAULT.text(l, &[("value", text(f.default.to_string()))]),
        ),
    }
}

/// What `value`, a choice of the setting `key`, means, in `l`'s words.
pub(crate) fn choice_help(l: Locale, key: &str, value: &str) -> Option<String> {
    Some(field(key)?.help_for(l, value)?.to_string())
}

#[cfg(test)]
mod words_tests {
    use super::*;
    use crate::i18n;

    /// Every choice that has help in English has it in every language
    /// under `choice.<key>.<value>`; no catalogue holds a choice the schema
    /// no longer has.
    #[test]
    fn every_choice_with_help_has_its_words_in_every_language() {
        let mut keys = Vec::new();
        for spec in schema() {
            for (value, _) in spec.choices_with_help(Locale::En) {
                keys.push((spec.choice_key(value), None));
            }
        }
        assert!(
            !keys.is_empty(),
            "no choice has help: the test reads nothing"
        );
        i18n::assert_family_owned(&["choice."], &keys, "choice");
        assert!(
            choice_help(Locale::De, "load.tool", "k6")
                .unwrap()
                .contains("Verbindung")
        );
        assert_eq!(choice_help(Locale::Zh, "load.kind", "open"), None);
    }
}
