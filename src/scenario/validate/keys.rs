//! The keys a draft holds: unknown keys, sections that are not objects and
//! a wrong format version are errors; an empty section is fine.

use super::super::draft::{SCHEMA_VERSION, render};
use super::super::schema::{field, schema, valid_executor_name};
use super::reader::Reader;

/// Unknown keys, misshapen sections and a wrong format version are errors.
pub(super) fn check(r: &mut Reader) {
    for (key, value) in r.draft.leaves() {
        if key == "schema" {
            if value.as_u64() != Some(SCHEMA_VERSION) {
                r.err(
                    "schema",
                    &render(value),
                    &format!("this threadlab reads format version {SCHEMA_VERSION}"),
                );
            }
            continue;
        }
        if field(&key).is_some() {
            continue;
        }
        let msg = if is_section(&key) {
            if value.as_object().is_some_and(|m| m.is_empty()) {
                continue;
            }
            format!("expected a section: a JSON object of {key}.* keys, or none at all")
        } else if key.starts_with("async.") {
            "unknown key: executors are async.<name>.kind|core|max|queue|limit, with a name of letters, digits, _ or -".into()
        } else {
            "unknown key; `threadlab schema` lists every key".into()
        };
        r.err(&key, &render(value), &msg);
    }
}

/// Whether `key` names a section: `load`, `server`, …, `async` or `async.<name>`.
fn is_section(key: &str) -> bool {
    if let Some(name) = key.strip_prefix("async.") {
        return valid_executor_name(name);
    }
    schema()
        .iter()
        .any(|s| s.key.strip_prefix(key).is_some_and(|r| r.starts_with('.')))
}
