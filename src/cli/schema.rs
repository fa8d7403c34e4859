//! `threadlab schema`: every key with its default, unit, range, property and
//! help, straight from the schema.

use std::fmt::Write as _;

use crate::i18n::Locale;
use crate::scenario::{self, FieldKind};

/// `threadlab schema`: every key with default, unit, range, property and help.
pub fn schema_text() -> String {
    let mut o = String::new();
    for f in scenario::schema() {
        let range = match f.kind {
            FieldKind::Program => "program".to_string(),
            FieldKind::Names => "names, separated by commas".to_string(),
            k => k.allowed(f.nullable),
        };
        let unit = if f.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", f.unit)
        };
        let _ = writeln!(o, "{}  (default {}{unit}; {range})", f.key, f.default);
        if let Some(property) = f.property(Locale::En) {
            let _ = writeln!(o, "    property: {property}");
        }
        let _ = writeln!(o, "    {}", f.help(Locale::En));
        for (word, help) in f.choices_with_help(Locale::En) {
            let _ = writeln!(o, "    {word}: {help}");
        }
    }
    o
}
