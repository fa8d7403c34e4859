//! The raw, editable form of a scenario: nested JSON objects keyed like the
//! dotted names (`{"load": {"concurrency": 2000}}` is `load.concurrency`).
//! A draft may hold anything; `validate` decides what it means.

use serde_json::{Map, Value};

use super::error::FieldError;
use super::json;
use super::schema::{FieldKind, field};
use crate::i18n::keys::errors as words;
use crate::i18n::{Part, Phrase};

/// Version of the scenario format; a file may say `"schema": 1`.
pub const SCHEMA_VERSION: u64 = 1;

/// A scenario as typed by a person, not yet validated.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Draft(pub Value);

impl Draft {
    /// An empty draft: every key at its default.
    pub fn new() -> Self {
        Draft(Value::Object(Map::new()))
    }

    /// Parses a scenario file's JSON text (a leading byte-order mark is
    /// skipped; a key given twice in one object is an error).
    pub fn from_json(text: &str) -> Result<Self, FieldError> {
        Self::from_json_of(text, "scenario", "(file)")
    }

    /// [`Draft::from_json`] for text read from `source` (a path), which an
    /// error names as the value of `field` (the flag that named it).
    pub fn from_json_of(text: &str, field: &str, source: &str) -> Result<Self, FieldError> {
        let value = json::parse(text).map_err(|e| FieldError::new(field, source, not_json(&e)))?;
        if !value.is_object() {
            let said = words::JSON_NOT_OBJECT.said();
            return Err(FieldError::new(field, render(&value), said));
        }
        Ok(Draft(value))
    }

    /// The draft as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.0).unwrap_or_else(|_| "{}".into())
    }

    /// Sets `key` from its command-line text, typed by the schema.
    pub fn set(&mut self, key: &str, raw: &str) -> Result<(), FieldError> {
        let value = parse_value(key, raw)?;
        self.set_value(key, value);
        Ok(())
    }

    /// Sets `key` to a JSON value as is (validation comes later).
    pub fn set_value(&mut self, key: &str, value: Value) {
        if key == "schema" {
            self.object_mut().insert(key.into(), value);
            return;
        }
        let mut node = &mut self.0;
        let parts: Vec<&str> = key.split('.').collect();
        for (i, part) in parts.iter().enumerate() {
            if !node.is_object() {
                *node = Value::Object(Map::new());
            }
            let map = node.as_object_mut().expect("made an object just above");
            if i + 1 == parts.len() {
                map.insert(part.to_string(), value);
                return;
            }
            node = map
                .entry(part.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
        }
    }

    /// The value at a dotted key, if present.
    pub fn get(&self, key: &str) -> Option<&Value> {
        let mut node = &self.0;
        for part in key.split('.') {
            node = node.as_object()?.get(part)?;
        }
        Some(node)
    }

    /// Removes a key (back to its default).
    pub fn unset(&mut self, key: &str) {
        let parts: Vec<&str> = key.split('.').collect();
        let mut node = &mut self.0;
        for part in &parts[..parts.len() - 1] {
            match node.as_object_mut().and_then(|m| m.get_mut(*part)) {
                Some(n) => node = n,
                None => return,
            }
        }
        if let Some(m) = node.as_object_mut() {
            m.remove(parts[parts.len() - 1]);
        }
    }

    /// Every leaf as (dotted key, value), in key order.
    pub fn leaves(&self) -> Vec<(String, &Value)> {
        let mut out = Vec::new();
        collect(&self.0, String::new(), &mut out);
        out
    }

    /// Applies every leaf of `other` on top of this draft. An empty section
    /// sets nothing, so it keeps a section this draft already has.
    pub fn overlay(&mut self, other: &Draft) {
        for (key, value) in other.leaves() {
            let empty = value.as_object().is_some_and(Map::is_empty);
            if empty && self.get(&key).is_some_and(Value::is_object) {
                continue;
            }
            self.set_value(&key, value.clone());
        }
    }

    fn object_mut(&mut self) -> &mut Map<String, Value> {
        if !self.0.is_object() {
            self.0 = Value::Object(Map::new());
        }
        self.0.as_object_mut().expect("made an object just above")
    }
}

fn collect<'a>(v: &'a Value, prefix: String, out: &mut Vec<(String, &'a Value)>) {
    // A schema key's value is one leaf whatever its shape: an object given
    // for a number is that key's wrong value, not a section of unknown keys.
    let is_field = !prefix.is_empty() && super::schema::field(&prefix).is_some();
    if let Some(map) = v.as_object().filter(|_| !is_field) {
        // An empty section below the top is kept as a leaf so validation sees it.
        if !map.is_empty() || prefix.is_empty() {
            for (k, child) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                collect(child, key, out);
            }
            return;
        }
    }
    out.push((prefix, v));
}

/// Why a scenario file's text is not a scenario's JSON: a key given twice
/// (named with its place), or serde_json's own words.
fn not_json(e: &serde_json::Error) -> Phrase {
    let msg = e.to_string();
    let place = format!(" at line {} column {}", e.line(), e.column());
    let key = (msg.strip_prefix(json::DUPLICATE))
        .and_then(|m| m.strip_suffix(&place))
        .and_then(|m| m.strip_prefix(' '));
    match key {
        Some(key) => (words::JSON_DUPLICATE.said())
            .with("key", Part::text(key.to_string()))
            .with("line", Part::Count(e.line() as u64))
            .with("column", Part::Count(e.column() as u64)),
        None => words::JSON_INVALID.said().with("why", Part::text(msg)),
    }
}

/// A value as JSON writes it, for messages: a string keeps its quotes, so
/// `"10"` where a number belongs does not read as the valid `10`
/// ([`FieldError::new`] shortens and escapes it).
pub(crate) fn render(v: &Value) -> String {
    v.to_string()
}

/// Parses command-line text for `key` into a JSON value of the right type.
pub(super) fn parse_value(key: &str, raw: &str) -> Result<Value, FieldError> {
    let raw_trim = raw.trim();
    if key == "schema" {
        return raw_trim.parse::<u64>().map(Value::from).map_err(|_| {
            let version = Part::Count(SCHEMA_VERSION);
            let said = words::SCHEMA_MUST_BE.said().with("version", version);
            FieldError::new("schema", raw, said)
        });
    }
    let Some(spec) = field(key) else {
        return Err(FieldError::new(key, raw, words::UNKNOWN_KEY.said()));
    };
    if spec.nullable
        && (raw_trim.eq_ignore_ascii_case("null") || raw_trim.eq_ignore_ascii_case("none"))
    {
        return Ok(Value::Null);
    }
    let bad = || FieldError::new(key, raw, spec.kind.expected(spec.nullable));
    let cleaned = raw_trim.replace('_', "");
    // A whole number stays one, even for a fractional key, so that a message
    // echoes `0` as typed rather than `0.0`.
    if matches!(spec.kind, FieldKind::Int { .. } | FieldKind::Float { .. })
        && let Ok(i) = cleaned.parse::<i64>()
    {
        return Ok(Value::from(i));
    }
    match spec.kind {
        FieldKind::Int { .. } => {
            // Accept 1e5 and 100000.0, but only if whole.
            match cleaned.parse::<f64>() {
                Ok(x) if x.is_finite() && x.fract() == 0.0 && x.abs() < 9.2e18 => {
                    Ok(Value::from(x as i64))
                }
                _ => Err(bad()),
            }
        }
        FieldKind::Float { .. } => match cleaned.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(serde_json::Number::from_f64(x)
                .map(Value::Number)
                .ok_or_else(bad)?),
            _ => Err(bad()),
        },
        FieldKind::Choice(_) => Ok(Value::String(raw_trim.to_ascii_lowercase())),
        FieldKind::Program | FieldKind::Names => Ok(Value::String(raw_trim.to_string())),
    }
}

/// Whether two draft values mean the same: numbers by value (`--set` keeps
/// whole numbers whole, so `0` from a form and `0.0` from a file are one
/// value), anything else as JSON.
pub fn same_value(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (Some(Value::Number(x)), Some(Value::Number(y))) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}
