//! The keys a draft holds: unknown keys, sections that are not objects and
//! a wrong format version are errors; an empty section is fine.

use super::reader::Reader;
use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::scenario::draft::{SCHEMA_VERSION, render};
use crate::scenario::schema::{field, schema, valid_executor_name};

/// The most unknown keys named one by one; the rest are counted on one
/// line, so that a file of 50,000 typos reads as a screenful.
const UNKNOWN_KEYS_NAMED: usize = 20;

/// Unknown keys, misshapen sections and a wrong format version are errors.
pub(super) fn check(r: &mut Reader) {
    let mut unknown = 0;
    for (key, value) in r.draft.leaves() {
        if key == "schema" {
            if value.as_u64() != Some(SCHEMA_VERSION) {
                let said = words::SCHEMA_VERSION.said();
                let version = Part::Count(SCHEMA_VERSION);
                r.err("schema", &render(value), said.with("version", version));
            }
            continue;
        }
        if field(&key).is_some() {
            continue;
        }
        let said = if is_section(&key) {
            if value.as_object().is_some_and(|m| m.is_empty()) {
                continue;
            }
            words::SECTION.said().with("key", Part::text(key.clone()))
        } else if key.starts_with("async.") {
            words::UNKNOWN_EXECUTOR_KEY.said()
        } else {
            words::UNKNOWN_KEY.said()
        };
        unknown += 1;
        if unknown <= UNKNOWN_KEYS_NAMED {
            r.err(&key, &render(value), said);
        }
    }
    if let Some(more) = unknown.checked_sub(UNKNOWN_KEYS_NAMED).filter(|n| *n > 0) {
        r.err("scenario", &more.to_string(), words::UNKNOWN_MORE.said());
    }
}

/// Whether `key` names a section: `load`, `server`, …, `async` or
/// `async.<name>` (and so for every named section).
fn is_section(key: &str) -> bool {
    if let Some((_, name, "")) = crate::scenario::schema::named_parts(key) {
        return valid_executor_name(name);
    }
    schema()
        .iter()
        .any(|s| s.key.strip_prefix(key).is_some_and(|r| r.starts_with('.')))
}
