//! A chapter's words: the catalogue keys of its parts, made from the
//! lesson's and the chapter's ids, and the values its texts name, drawn
//! from the chapter's own scenario, the schema's defaults, theory and the
//! articles' figures, so that a text never states a number its scenario
//! does not have.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::grade::Column;
use super::theory::Theory;
use super::{Chapter, Lesson, Question};
use crate::app::basis::program_words::program_in_words;
use crate::app::setup::Setup;
use crate::i18n::keys::{self, Key};
use crate::i18n::{self, Arg, Locale};
use crate::scenario::field;

/// The unit of a number question's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Unit {
    /// Requests per second.
    ReqPerS,
    /// Milliseconds.
    Ms,
    /// Percent.
    Pct,
    /// Megabytes (MiB).
    Mb,
    /// `@Async` tasks per second.
    TasksPerS,
    /// A ratio ("× as much").
    Times,
    /// Calls to a downstream per request (tries, retries included).
    CallsPerRequest,
}

impl Unit {
    /// Its catalogue key.
    pub(crate) fn key(self) -> Key {
        match self {
            Unit::ReqPerS => keys::UNIT_REQ_PER_S,
            Unit::Ms => keys::UNIT_MS,
            Unit::Pct => keys::UNIT_PCT,
            Unit::Mb => keys::UNIT_MB,
            Unit::TasksPerS => keys::UNIT_TASKS_PER_S,
            Unit::Times => keys::UNIT_TIMES,
            Unit::CallsPerRequest => keys::UNIT_CALLS_PER_REQUEST,
        }
    }
}

/// Where a text's parameter comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub(crate) enum Param {
    /// A scenario key's value in a column's draft (the first column that
    /// runs unless named), else the key's default.
    Key {
        /// The dotted key.
        key: String,
        /// Whose draft.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        column: Option<Column>,
    },
    /// A key's default in the schema (the real software's default).
    Default {
        /// The dotted key.
        default: String,
    },
    /// A value of theory for the chapter's scenario.
    Theory {
        /// The formula and column.
        theory: Theory,
    },
}

/// A parameter's value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ParamValue {
    /// A number (written per locale).
    Number(f64),
    /// Words or code, as they are.
    Text(String),
}

impl ParamValue {
    fn of_json(v: &Value) -> ParamValue {
        match v {
            Value::Number(n) => n
                .as_f64()
                .map_or_else(|| ParamValue::Text(n.to_string()), ParamValue::Number),
            Value::String(s) => s
                .parse::<f64>()
                .map_or_else(|_| ParamValue::Text(s.clone()), ParamValue::Number),
            other => ParamValue::Text(other.to_string()),
        }
    }

    fn arg(&self) -> Arg {
        match self {
            ParamValue::Number(x) => Arg::Number(*x),
            ParamValue::Text(t) => Arg::Text(t.clone()),
        }
    }
}

impl Param {
    /// Its value for `setup`; `None` for a key the schema does not know or a
    /// formula that does not apply.
    pub(crate) fn value(&self, setup: &Setup) -> Option<ParamValue> {
        match self {
            Param::Key { key, column } => {
                let mode = column.map_or_else(|| setup.modes.list()[0], |c| c.mode());
                let draft = setup.draft_for(mode);
                match draft.get(key) {
                    Some(v) => Some(ParamValue::of_json(v)),
                    None => Some(ParamValue::of_json(&Value::from(field(key)?.default))),
                }
            }
            Param::Default { default } => {
                Some(ParamValue::of_json(&Value::from(field(default)?.default)))
            }
            Param::Theory { theory } => theory.value(setup).map(ParamValue::Number),
        }
    }
}

/// A part of a chapter that has words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part<'a> {
    /// Its title.
    Title,
    /// What to read before predicting.
    Intro,
    /// The question.
    Question,
    /// What to notice in the run.
    Notice,
    /// A choice's option, by id.
    Option(&'a str),
    /// A "now try" change: what to change and why, by id.
    Try(&'a str),
    /// What a "now try" change shows, by id.
    TryNotice(&'a str),
    /// The button that opens the chapter's replay.
    Replay,
    /// The presenter's notes: what to say, what a room usually guesses,
    /// what to point at (the speaker view's, never the room's).
    Notes,
}

impl Part<'_> {
    /// Its catalogue key: `lesson.<lesson>.<chapter>.<part>`.
    pub(crate) fn key(self, lesson: &str, chapter: &str) -> String {
        let base = format!("lesson.{lesson}.{chapter}");
        match self {
            Part::Title => format!("{base}.title"),
            Part::Intro => format!("{base}.intro"),
            Part::Question => format!("{base}.question"),
            Part::Notice => format!("{base}.notice"),
            Part::Option(id) => format!("{base}.option.{id}"),
            Part::Try(id) => format!("{base}.try.{id}"),
            Part::TryNotice(id) => format!("{base}.try.{id}.notice"),
            Part::Replay => format!("{base}.replay"),
            Part::Notes => format!("{base}.notes"),
        }
    }
}

impl Lesson {
    /// Its title's key.
    pub(crate) fn title_key(&self) -> String {
        format!("lesson.{}.title", self.id)
    }

    /// Its one-line description's key.
    pub(crate) fn about_key(&self) -> String {
        format!("lesson.{}.about", self.id)
    }

    /// Every key its texts use, each with the parameters its chapter gives
    /// (an option's also `min` and `max`).
    pub fn keys(&self) -> Vec<(String, Vec<String>)> {
        let mut out = vec![
            (self.title_key(), Vec::new()),
            (self.about_key(), Vec::new()),
        ];
        for c in &self.chapters {
            for part in c.parts() {
                out.push((part.key(&self.id, &c.id), c.param_names(part)));
            }
        }
        out
    }

    /// Its title in `locale`.
    pub(crate) fn title(&self, locale: Locale) -> String {
        i18n::text(locale, &self.title_key(), &[])
    }
}

impl Chapter {
    /// Every part that has words.
    pub fn parts(&self) -> Vec<Part<'_>> {
        let mut parts = vec![
            Part::Title,
            Part::Intro,
            Part::Question,
            Part::Notice,
            Part::Notes,
        ];
        if let Question::Choice(q) = &self.question {
            parts.extend(q.options.iter().map(|o| Part::Option(&o.id)));
        }
        for t in &self.now_try {
            parts.push(Part::Try(&t.id));
            parts.push(Part::TryNotice(&t.id));
        }
        if self.replay.is_some() {
            parts.push(Part::Replay);
        }
        parts
    }

    /// The scenario keys its texts name (a value's or a default's), each
    /// once: the form shows them even with its "Advanced" group closed.
    pub(crate) fn named_keys(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for p in self.params.values() {
            let key = match p {
                Param::Key { key, .. } => key.as_str(),
                Param::Default { default } => default.as_str(),
                Param::Theory { .. } => continue,
            };
            if !out.contains(&key) {
                out.push(key);
            }
        }
        out
    }

    fn param_names(&self, part: Part<'_>) -> Vec<String> {
        let mut names: Vec<String> = self.params.keys().cloned().collect();
        if let Part::Option(_) = part {
            names.extend(["min".to_string(), "max".to_string()]);
        }
        names
    }

    /// Every parameter's value where `part` is read: a "now try" part's on
    /// the setup that change makes, any other on the chapter's start. A
    /// parameter without a value there is left out (its placeholder then
    /// shows as written).
    pub(crate) fn param_values(&self, part: Part<'_>) -> Vec<(String, ParamValue)> {
        let setup = match part {
            Part::Try(id) | Part::TryNotice(id) => self.try_setup(id),
            _ => self.setup(),
        };
        let Ok(setup) = setup else {
            return Vec::new();
        };
        self.params
            .iter()
            .filter_map(|(name, p)| Some((name.clone(), p.value(&setup)?)))
            .collect()
    }

    /// Whether the parameter `name` is a request program (its text reads in
    /// plain words).
    fn is_program(&self, name: &str) -> bool {
        matches!(self.params.get(name), Some(Param::Key { key, .. })
            if crate::scenario::field(key).is_some_and(|f| matches!(f.kind, crate::scenario::FieldKind::Program)))
    }

    /// The request programs `part`'s words name in `locale`, as the
    /// program syntax writes them (the panel's "show as program"), each
    /// once.
    pub(crate) fn programs(&self, lesson: &str, part: Part<'_>, locale: Locale) -> Vec<String> {
        let text = i18n::lookup(locale, &part.key(lesson, &self.id)).unwrap_or_default();
        let mut out = Vec::new();
        for (name, value) in self.param_values(part) {
            if let ParamValue::Text(p) = value
                && self.is_program(&name)
                && text.contains(&format!("{{${name}}}"))
                && !out.contains(&p)
            {
                out.push(p);
            }
        }
        out
    }

    /// The words of `part` in `locale`, its parameters filled in.
    pub fn text(&self, lesson: &str, part: Part<'_>, locale: Locale) -> String {
        let values = self.param_values(part);
        let mut args: Vec<(&str, Arg)> = (values.iter())
            .map(|(n, v)| match v {
                // A program reads in plain words; its syntax is one click
                // away (`Chapter::programs`).
                ParamValue::Text(p) if self.is_program(n) => {
                    let words = program_in_words(p, locale).unwrap_or_else(|| p.clone());
                    (n.as_str(), Arg::Text(words))
                }
                _ => (n.as_str(), v.arg()),
            })
            .collect();
        if let (Part::Option(id), Question::Choice(q)) = (part, &self.question)
            && let Some([c]) = q
                .options
                .iter()
                .find(|o| o.id == id)
                .map(|o| o.when.as_slice())
        {
            args.extend(c.min.map(|m| ("min", Arg::Number(m))));
            args.extend(c.max.map(|m| ("max", Arg::Number(m))));
        }
        i18n::text(locale, &part.key(lesson, &self.id), &args)
    }
}
