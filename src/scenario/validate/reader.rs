//! Reading typed values out of a draft: each read checks the value against
//! its schema entry and records a [`FieldError`] instead of failing, so that
//! every problem of a scenario is reported at once.

use serde_json::Value;

use crate::i18n::keys::errors as words;
use crate::i18n::{Part, Phrase};
use crate::scenario::draft::{Draft, render};
use crate::scenario::error::FieldError;
use crate::scenario::schema::{FieldKind, FieldSpec, field, schema};
use crate::sim::Config;
use crate::sim::time::{Nanos, from_ms};

/// A draft being read, with the problems found so far.
pub(super) struct Reader<'a> {
    pub(super) draft: &'a Draft,
    errors: Vec<FieldError>,
}

impl<'a> Reader<'a> {
    pub(super) fn new(draft: &'a Draft) -> Self {
        Reader {
            draft,
            errors: Vec::new(),
        }
    }

    /// Records a problem with `key`, whose value reads `value`, unless the
    /// key already has one: the first (the value's own check) is the one to
    /// fix, and a later rule about the same key would only contradict it.
    pub(super) fn err(&mut self, key: &str, value: &str, said: Phrase) {
        let error = FieldError::new(key, value, said);
        if !self.errors.iter().any(|e| e.field == error.field) {
            self.errors.push(error);
        }
    }

    /// Records a problem with `key`, echoing its value as written.
    pub(super) fn err_at(&mut self, key: &str, said: Phrase) {
        let value = self.written(key);
        self.err(key, &value, said);
    }

    /// The value of `key` as the person wrote it (or its default), for messages.
    pub(super) fn written(&self, key: &str) -> String {
        match (self.draft.get(key), field(key)) {
            (Some(v), _) => render(v),
            (None, Some(spec)) => spec.default.to_string(),
            (None, None) => "null".into(),
        }
    }

    /// The configuration if no problem was found, else every problem in the
    /// form's order (whatever order they were found in).
    pub(super) fn finish(mut self, config: Config) -> Result<Config, Vec<FieldError>> {
        let position = |key: &str| {
            let spec = field(key).map(|s| s.key);
            schema()
                .iter()
                .position(|s| Some(s.key) == spec)
                .unwrap_or(usize::MAX)
        };
        self.errors.sort_by_key(|e| position(&e.field));
        if self.errors.is_empty() {
            Ok(config)
        } else {
            Err(self.errors)
        }
    }

    /// The value at `key` or its default, with its spec.
    fn raw(&self, key: &str) -> (Value, &'static FieldSpec) {
        let spec = field(key).expect("validate only reads keys of the schema");
        match self.draft.get(key) {
            Some(v) => (v.clone(), spec),
            None => (default_value(spec), spec),
        }
    }

    fn number(&mut self, key: &str) -> Option<f64> {
        let (v, spec) = self.raw(key);
        if v.is_null() {
            if !spec.nullable {
                self.err(key, "null", spec.kind.expected(false));
            }
            return None;
        }
        let Some(x) = v.as_f64() else {
            self.err(key, &render(&v), spec.kind.expected(spec.nullable));
            return None;
        };
        let (lo, hi, whole) = match spec.kind {
            FieldKind::Int { min, max } => (min as f64, max as f64, true),
            FieldKind::Float { min, max } => (min, max, false),
            _ => unreachable!("number() is only called for numeric keys"),
        };
        let fractional = whole && x.fract() != 0.0;
        if fractional || !(lo..=hi).contains(&x) {
            let why = if fractional {
                words::NOT_WHOLE
            } else {
                words::OUT_OF_RANGE
            };
            self.err(
                key,
                &render(&v),
                why.said().with(
                    "allowed",
                    Part::Phrase(spec.kind.allowed_said(spec.nullable)),
                ),
            );
            return None;
        }
        Some(x)
    }

    /// A stand-in for an invalid value, so reading can go on.
    fn fallback(key: &str) -> f64 {
        let spec = field(key).expect("schema key");
        default_value(spec).as_f64().unwrap_or(match spec.kind {
            FieldKind::Int { min, .. } => min as f64,
            FieldKind::Float { min, .. } => min,
            _ => 0.0,
        })
    }

    pub(super) fn int(&mut self, key: &str) -> i64 {
        self.number(key).unwrap_or_else(|| Self::fallback(key)) as i64
    }

    pub(super) fn float(&mut self, key: &str) -> f64 {
        self.number(key).unwrap_or_else(|| Self::fallback(key))
    }

    pub(super) fn opt_int(&mut self, key: &str) -> Option<i64> {
        self.number(key).map(|x| x as i64)
    }

    pub(super) fn opt_float(&mut self, key: &str) -> Option<f64> {
        self.number(key)
    }

    /// `ms` of `key` in nanoseconds; a positive value that rounds to none
    /// (below 0.5 ns) is an error, so that it cannot silently mean "never".
    pub(super) fn nanos_of_ms(&mut self, key: &str, ms: f64) -> Nanos {
        let ns = from_ms(ms);
        if ms > 0.0 && ns == 0 {
            self.err_at(key, words::DURATION_BELOW_RESOLUTION.said());
        }
        ns
    }

    /// One of the key's words (lower case), its first word if invalid, or
    /// "" for an unset nullable key.
    pub(super) fn choice(&mut self, key: &str) -> String {
        let (v, spec) = self.raw(key);
        let FieldKind::Choice(options) = spec.kind else {
            unreachable!("choice() is only called for choice keys")
        };
        match v.as_str() {
            Some(s) if options.contains(&s) => s.to_string(),
            Some(s) if options.contains(&s.to_ascii_lowercase().as_str()) => s.to_ascii_lowercase(),
            _ if v.is_null() && spec.nullable => String::new(),
            _ => {
                self.err(key, &render(&v), spec.kind.expected(spec.nullable));
                options[0].to_string()
            }
        }
    }

    /// The text at `key`, or `None` (and an error) if it is not a string.
    pub(super) fn string(&mut self, key: &str) -> Option<String> {
        let (v, spec) = self.raw(key);
        match v {
            Value::String(s) => Some(s),
            other => {
                self.err(key, &render(&other), spec.kind.expected(false));
                None
            }
        }
    }
}

/// A spec's default as a JSON value.
fn default_value(spec: &FieldSpec) -> Value {
    if spec.default == "null" {
        return Value::Null;
    }
    match spec.kind {
        FieldKind::Int { .. } => spec
            .default
            .parse::<i64>()
            .map(Value::from)
            .unwrap_or(Value::Null),
        FieldKind::Float { .. } => spec
            .default
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map(Value::Number)
            .unwrap_or(Value::Null),
        FieldKind::Choice(_) | FieldKind::Program | FieldKind::Names => {
            Value::String(spec.default.into())
        }
    }
}
