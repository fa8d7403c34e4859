//! The playground's state and its reducer. Everything a visitor chose is
//! serialisable (for permalinks later); results from the worker are kept
//! beside it, skipped by serde.

use std::collections::BTreeMap;
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use yew::Reducible;

use super::preset_pairs;
use super::protocol::{Job, MeasuredRow, ModeJob, Output};
use crate::chart::plan::SweepAxis;
use crate::chart::theory::Theory;
use crate::chart::view::{RunView, SweepPoint};
use crate::scenario::{Draft, FieldError, field, validate};

/// Which server modes run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Modes {
    /// Platform and virtual side by side (the default).
    #[default]
    Both,
    /// `spring.threads.virtual.enabled=false` only.
    Platform,
    /// `spring.threads.virtual.enabled=true` only.
    Virtual,
}

impl Modes {
    /// The modes to run.
    pub fn list(self) -> &'static [&'static str] {
        match self {
            Modes::Both => &["platform", "virtual"],
            Modes::Platform => &["platform"],
            Modes::Virtual => &["virtual"],
        }
    }
}

/// What the visitor set up.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// Settings shared by both modes.
    pub base: Draft,
    /// Settings that differ per mode (a preset's variants), by mode.
    pub overrides: BTreeMap<String, Draft>,
    /// Which modes run.
    pub modes: Modes,
    /// The preset loaded last, if any.
    pub preset: Option<String>,
    /// Whether anything changed since the preset was loaded.
    pub edited: bool,
}

impl Scenario {
    /// The draft that runs in `mode`.
    pub fn draft_for(&self, mode: &str) -> Draft {
        let mut d = self.base.clone();
        if let Some(o) = self.overrides.get(mode) {
            d.overlay(o);
        }
        d.set_value("server.mode", Value::from(mode));
        d
    }
}

/// Results of the current (or last) job.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    /// Generation the results belong to.
    pub generation: u64,
    /// Full runs by mode.
    pub singles: BTreeMap<String, Rc<RunView>>,
    /// Theory per mode.
    pub theory: Rc<Vec<Theory>>,
    /// Sweep axis.
    pub axis: Option<SweepAxis>,
    /// Sweep curves: (mode, points sorted by x).
    pub sweep: Rc<Vec<(String, Vec<SweepPoint>)>>,
    /// Runs done and total, and the fraction of the current one.
    pub progress: (u32, u32, f64),
    /// Whether the job finished.
    pub done: bool,
    /// Events simulated.
    pub events: u64,
    /// Measured figures beside each mode's run, by mode.
    pub rows: BTreeMap<String, Vec<MeasuredRow>>,
    /// A failure message from the worker.
    pub failure: Option<String>,
}

/// The whole state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UiState {
    /// The scenario.
    pub scenario: Scenario,
    /// Raw text of every field the visitor touched, by `mode:key` or `key`,
    /// kept even when invalid so input is never lost.
    pub texts: BTreeMap<String, String>,
    /// Problems to show next to their fields.
    pub errors: Vec<FieldError>,
    /// Increases whenever the scenario to simulate changes.
    pub generation: u64,
    /// Worker results.
    #[serde(skip)]
    pub results: Results,
}

/// Everything that changes the state.
#[derive(Clone, Debug)]
pub enum Action {
    /// A control's text: the key, an optional mode (for a per-mode
    /// override) and the text as typed.
    Edit {
        /// Mode of an override, or `None` for the shared setting.
        mode: Option<String>,
        /// Dotted key.
        key: String,
        /// The text.
        text: String,
    },
    /// Back to the default (removes the key).
    Reset(String),
    /// Which modes run.
    SetModes(Modes),
    /// Loads a preset (and its sibling variants).
    LoadPreset(String),
    /// A worker message.
    Worker(Box<Output>),
}

fn text_key(mode: Option<&str>, key: &str) -> String {
    match mode {
        Some(m) => format!("{m}:{key}"),
        None => key.to_string(),
    }
}

impl UiState {
    /// The state with `preset` loaded.
    pub fn with_preset(name: &str) -> Self {
        let mut s = UiState {
            scenario: Scenario::default(),
            texts: BTreeMap::new(),
            errors: Vec::new(),
            generation: 1,
            results: Results::default(),
        };
        s.load(name);
        s
    }

    /// The drafts to run, by mode.
    pub fn drafts(&self) -> Vec<(String, Draft)> {
        self.scenario
            .modes
            .list()
            .iter()
            .map(|m| (m.to_string(), self.scenario.draft_for(m)))
            .collect()
    }

    /// The preset whose measurements a mode's run is compared with: the
    /// loaded preset's variant in that mode.
    pub fn preset_for(&self, mode: &str) -> Option<&'static crate::scenario::Preset> {
        let p = preset_pairs::find(self.scenario.preset.as_deref()?)?;
        match preset_pairs::pair(p) {
            Some((pp, vp)) => Some(if mode == "virtual" { vp } else { pp }),
            None => p
                .settings()
                .iter()
                .any(|(k, v)| *k == "server.mode" && *v == mode)
                .then_some(p),
        }
    }

    /// The job for the current scenario.
    pub fn job(&self) -> Job {
        Job {
            generation: self.generation,
            modes: self
                .drafts()
                .into_iter()
                .map(|(mode, draft)| ModeJob {
                    preset: self.preset_for(&mode).map(|p| p.name.to_string()),
                    mode,
                    draft,
                })
                .collect(),
            sweep: true,
        }
    }

    /// The text a control shows for `key` (in `mode`'s override, if given).
    pub fn text(&self, mode: Option<&str>, key: &str) -> Option<String> {
        if let Some(t) = self.texts.get(&text_key(mode, key)) {
            return Some(t.clone());
        }
        let draft = match mode {
            Some(m) => self.scenario.overrides.get(m)?,
            None => &self.scenario.base,
        };
        draft.get(key).map(|v| match v {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            // 20000.0 reads as 20000 in a form.
            Value::Number(n) => match n.as_f64() {
                Some(x) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{}", x as i64),
                _ => n.to_string(),
            },
            other => other.to_string(),
        })
    }

    /// Errors about `key`.
    pub fn errors_for(&self, key: &str) -> Vec<&FieldError> {
        self.errors.iter().filter(|e| e.field == key).collect()
    }

    fn load(&mut self, name: &str) {
        let Some(p) = preset_pairs::find(name) else {
            return;
        };
        let mut sc = Scenario {
            preset: Some(name.to_string()),
            ..Default::default()
        };
        match preset_pairs::pair(p) {
            Some((pp, vp)) => {
                let (pd, vd) = (pp.draft(), vp.draft());
                sc.base = pd.clone();
                sc.base.unset("server.mode");
                let mut o = Draft::new();
                for (k, v) in vd.leaves() {
                    if k != "server.mode" && pd.get(&k) != Some(v) {
                        o.set_value(&k, v.clone());
                    }
                }
                for (k, _) in pd.leaves() {
                    if k != "server.mode" && vd.get(&k).is_none() {
                        // Back to the default for the virtual run.
                        if let Some(f) = field(&k) {
                            let _ = o.set(&k, f.default);
                        }
                    }
                }
                if !o.leaves().is_empty() {
                    sc.overrides.insert("virtual".into(), o);
                }
            }
            _ => {
                sc.base = p.draft();
                sc.base.unset("server.mode");
            }
        }
        self.scenario = sc;
        self.texts.clear();
        self.revalidate();
    }

    fn revalidate(&mut self) {
        let mut errors: Vec<FieldError> = Vec::new();
        // Parse errors for text that never reached the draft stay shown.
        for (tk, text) in &self.texts {
            let key = tk.split_once(':').map_or(tk.as_str(), |(_, k)| k);
            if text.trim().is_empty() {
                continue;
            }
            if let Err(e) = Draft::new().set(key, text) {
                errors.push(e);
            }
        }
        for (_, d) in self.drafts() {
            if let Err(es) = validate(&d) {
                for e in es {
                    if !errors.contains(&e) {
                        errors.push(e);
                    }
                }
            }
        }
        self.errors = errors;
        self.generation += 1;
    }

    /// Whether the scenario is valid and can run.
    pub fn runnable(&self) -> bool {
        self.errors.is_empty()
    }

    fn edit(&mut self, mode: Option<String>, key: &str, text: String) {
        let tk = text_key(mode.as_deref(), key);
        let draft = match &mode {
            Some(m) => self.scenario.overrides.entry(m.clone()).or_default(),
            None => &mut self.scenario.base,
        };
        if text.trim().is_empty() {
            let nullable = field(key).is_some_and(|f| f.nullable);
            if nullable && key != "program" {
                draft.set_value(key, Value::Null);
            } else {
                draft.unset(key);
                // An emptied section would itself be an (invalid) setting.
                if let Some((section, _)) = key.rsplit_once('.')
                    && draft
                        .get(section)
                        .and_then(Value::as_object)
                        .is_some_and(|m| m.is_empty())
                {
                    draft.unset(section);
                }
            }
        } else if draft.set(key, &text).is_err() {
            // Keep the text; revalidate shows the parse error next to it.
        }
        self.texts.insert(tk, text);
        self.scenario.edited = true;
        self.revalidate();
    }

    fn worker(&mut self, out: Output) {
        let g = out.generation();
        if g != self.generation {
            return;
        }
        let r = &mut self.results;
        if r.generation != g {
            // A new job: keep showing the old curves until new data arrives.
            r.generation = g;
            r.done = false;
            r.failure = None;
            r.progress = (0, 1, 0.0);
            r.sweep = Rc::new(Vec::new());
        }
        match out {
            Output::Planned { axis, theory, .. } => {
                r.axis = Some(axis);
                r.theory = Rc::new(theory);
            }
            Output::Progress {
                done,
                total,
                current,
                ..
            } => r.progress = (done, total, current),
            Output::Single { run, rows, .. } => {
                r.rows.insert(run.mode.clone(), rows);
                r.singles.insert(run.mode.clone(), Rc::new(*run));
                let modes = self.scenario.modes.list();
                r.singles.retain(|m, _| modes.contains(&m.as_str()));
            }
            Output::Point { mode, point, .. } => {
                let mut sweep = (*r.sweep).clone();
                match sweep.iter_mut().find(|(m, _)| *m == mode) {
                    Some((_, pts)) => {
                        pts.push(point);
                        pts.sort_by(|a, b| a.x.total_cmp(&b.x));
                    }
                    None => {
                        sweep.push((mode, vec![point]));
                        sweep.sort_by(|a, b| a.0.cmp(&b.0));
                    }
                }
                r.sweep = Rc::new(sweep);
            }
            Output::Done { events, .. } => {
                r.done = true;
                r.events = events;
                r.progress.0 = r.progress.1;
            }
            Output::Failed { message, .. } => r.failure = Some(message),
        }
    }
}

impl Default for UiState {
    fn default() -> Self {
        UiState::with_preset(crate::scenario::default_preset().name)
    }
}

impl Reducible for UiState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Action::Edit { mode, key, text } => s.edit(mode, &key, text),
            Action::Reset(key) => {
                s.scenario.base.unset(&key);
                for o in s.scenario.overrides.values_mut() {
                    o.unset(&key);
                }
                if let Some((section, _)) = key.rsplit_once('.') {
                    for d in std::iter::once(&mut s.scenario.base)
                        .chain(s.scenario.overrides.values_mut())
                    {
                        if d.get(section)
                            .and_then(Value::as_object)
                            .is_some_and(|m| m.is_empty())
                        {
                            d.unset(section);
                        }
                    }
                }
                s.texts
                    .retain(|k, _| k != &key && !k.ends_with(&format!(":{key}")));
                s.scenario.edited = true;
                s.revalidate();
            }
            Action::SetModes(m) => {
                s.scenario.modes = m;
                s.revalidate();
            }
            Action::LoadPreset(name) => s.load(&name),
            Action::Worker(out) => s.worker(*out),
        }
        Rc::new(s)
    }
}
