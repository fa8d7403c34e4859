//! What the scenario form shows: which keys in which group (from the
//! schema's entries and the program's executors), each control's DOM id,
//! the position of a slider, and what the loaded preset says about a value
//! (stated by the article, or assumed and why).

use super::effect::Effects;
use super::modes::Mode;
use super::setup::Setup;
use crate::scenario::{FieldKind, Group, Slider, field, parse_program, preset, schema};

/// Example programs the form offers: (label, program).
pub const EXAMPLES: &[(&str, &str)] = &[
    ("sleep 50 ms", "cpu:0.1ms,io:50ms"),
    ("query + HTTP call", "cpu:0.2ms,db:50ms,io:50ms,cpu:0.2ms"),
    ("sleep in synchronized", "cpu:0.1ms,sync{io:50ms}"),
    ("shared lock", "cpu:0.1ms,lock(cache){io:5ms},io:40ms"),
    ("@Async e-mail", "cpu:0.2ms,db:5ms,async(mail){io:100ms}"),
    ("CPU-bound", "cpu:20ms"),
];

/// The groups of the form, in order, and whether each starts open.
pub const GROUPS: &[(Group, bool)] = &[
    (Group::Load, true),
    (Group::Server, true),
    (Group::Program, true),
    (Group::Db, true),
    (Group::Async, true),
    (Group::Memory, false),
    (Group::Jvm, true),
    (Group::Limits, false),
    (Group::Record, false),
    (Group::Run, false),
];

/// The executors the program names, once each and in order: from the
/// program's parser, or, while the program does not parse, the executors
/// the settings configure.
pub fn executors(setup: &Setup) -> Vec<String> {
    let program = setup.text(None, "program").unwrap_or_default();
    match parse_program(&program) {
        Ok(parsed) => parsed.executors,
        Err(_) => setup
            .shared
            .draft
            .get("async")
            .and_then(|v| v.as_object())
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default(),
    }
}

/// The keys the form shows in `group`, in schema order. The `@Async` group
/// has one set of keys per executor (`async.<name>.core`, …).
pub fn keys(setup: &Setup, group: Group) -> Vec<String> {
    let in_group = schema().iter().filter(|f| f.group == group);
    if group == Group::Async {
        let specs: Vec<_> = in_group.collect();
        return executors(setup)
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

/// The DOM id of the text control for `key` (in `mode`'s override row).
pub fn control_id(key: &str, mode: Option<Mode>) -> String {
    let id = format!("f-{}", key.replace(['.', '*'], "-"));
    match mode {
        Some(m) => format!("{id}-{}", crate::scenario::mode_word(m)),
        None => id,
    }
}

/// The DOM id of the slider for `key`.
pub fn slider_id(key: &str) -> String {
    format!("slider-{}", key.replace('.', "-"))
}

/// The slider's scale: positions 0 to this.
pub const SLIDER_STEPS: f64 = 1000.0;

/// The smallest value a logarithmic slider's scale reaches.
const LOG_FLOOR: f64 = 1e-9;

/// Where the slider for `text` stands, 0–[`SLIDER_STEPS`] (a text that does
/// not parse stands at the left end).
pub fn slider_position(text: &str, s: Slider) -> f64 {
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
pub fn slider_text(position: f64, s: Slider, whole: bool) -> String {
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

/// A key's name in words: its label, with the executor's name for an
/// `@Async` key ("@Async email: Max").
pub fn field_name(key: &str) -> String {
    let label = field(key).map_or(key, |f| f.label);
    match key.strip_prefix("async.").and_then(|r| r.split_once('.')) {
        Some((name, _)) => format!("@Async {name}: {label}"),
        None => label.to_string(),
    }
}

/// Whether `key` takes whole numbers.
pub fn whole(key: &str) -> bool {
    field(key).is_some_and(|f| matches!(f.kind, FieldKind::Int { .. }))
}

/// What the loaded preset says about a key's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Provenance {
    /// The article states it.
    Stated,
    /// Assumed, with the reason.
    Assumed(String),
    /// The preset states or assumes a value, and the visitor changed it:
    /// what the article says no longer applies (the preset's value, in words).
    Changed(String),
}

/// What the loaded preset says about `key`, as long as the value is still
/// the preset's.
pub fn provenance(setup: &Setup, key: &str) -> Option<Provenance> {
    Notes::of(setup).provenance(key)
}

/// What the form says beside its fields, worked out once per setup: the
/// preset's word on each value, and which settings have no effect.
pub struct Notes {
    preset: Option<&'static crate::scenario::Preset>,
    start: Setup,
    changed: Vec<String>,
    effects: Option<Effects>,
}

impl Notes {
    /// The notes for `setup`.
    pub fn of(setup: &Setup) -> Notes {
        Notes {
            preset: setup.preset.as_deref().and_then(preset),
            start: setup.start(),
            changed: setup.changes().into_iter().map(|(_, k)| k).collect(),
            effects: Effects::of(setup),
        }
    }

    /// What the loaded preset says about `key`, as long as the value is
    /// still the preset's.
    pub fn provenance(&self, key: &str) -> Option<Provenance> {
        let p = self.preset?;
        let assumed = p.assumptions.iter().find(|a| a.key == key);
        if assumed.is_none() && !p.stated.contains(&key) {
            return None;
        }
        if self.changed.iter().any(|k| k == key) {
            return Some(Provenance::Changed(value_in_words(&self.start, key)));
        }
        Some(match assumed {
            Some(a) => Provenance::Assumed(a.reason.to_string()),
            None => Provenance::Stated,
        })
    }

    /// Why `key` has no effect, if it has none.
    pub fn no_effect(&self, key: &str) -> Option<&'static str> {
        self.effects.as_ref()?.why(key)
    }
}

/// The value of `key` in words, for the list of stated and assumed
/// settings: the shared value, the virtual run's where it differs, or the
/// default.
pub fn value_in_words(setup: &Setup, key: &str) -> String {
    let shown = |mode| setup.text(mode, key).filter(|t| !t.is_empty());
    match (shown(None), shown(Some(Mode::Virtual))) {
        (Some(b), Some(v)) if b != v => format!("{b} (virtual run: {v})"),
        (Some(b), _) => b,
        (None, Some(v)) => format!("default (virtual run: {v})"),
        (None, None) => field(key).map_or("default".into(), |f| format!("{} (default)", f.default)),
    }
}
