//! The form's words in the page's language: each scenario key's label,
//! help and property, each group's title and line, from the catalogues
//! (`crate::i18n`, keys `field.<key>.label|help|property` and
//! `group.<group>.title|about`), the one source of these words (the command
//! line reads the English).

use crate::i18n::Locale;
use crate::i18n::keys::presets;
use crate::scenario::{FieldSpec, field};

/// The label of `key` (`async.mail.core` reads as `async.*.core`), else the
/// key itself.
pub(crate) fn field_label(locale: Locale, key: &str) -> String {
    match field(key) {
        Some(spec) => spec.label(locale).to_string(),
        None => key.to_string(),
    }
}

/// The help of `key`, else nothing.
pub(crate) fn field_help(locale: Locale, key: &str) -> String {
    field(key).map_or_else(String::new, |spec| spec.help(locale).to_string())
}

/// The real-world setting `key` stands for in `locale`'s words (a property
/// name stays itself; words such as "(assumption)" are translated), else
/// nothing.
pub(crate) fn field_property(locale: Locale, key: &str) -> String {
    (field(key).and_then(|spec| spec.property(locale)))
        .unwrap_or_default()
        .to_string()
}

/// A setting's unit in `locale`'s words: a unit that is a word
/// (`workers`, `per worker`) from the catalogue (`field-unit.<unit>`), a
/// symbol (`ms`, `MB`, `req/s`) as it is.
pub(crate) fn field_unit(locale: Locale, spec: &FieldSpec) -> String {
    if unit_is_a_word(spec.unit) {
        presets::field_unit(spec.unit).text(locale)
    } else {
        spec.unit.to_string()
    }
}

/// Whether a unit is a word rather than a symbol: lower-case letters and
/// spaces, longer than `ms`.
fn unit_is_a_word(unit: &str) -> bool {
    unit.len() > 2 && unit.chars().all(|c| c.is_ascii_lowercase() || c == ' ')
}

/// A key's name in `l`'s words: its label, with the executor's name for
/// an `@Async` key ("@Async email: Max").
pub(crate) fn field_name_in(key: &str, l: Locale) -> String {
    let label = field_label(l, key);
    match key
        .split_once('.')
        .and_then(|(s, r)| Some((s, r.split_once('.')?.0)))
    {
        Some(("async", name)) => format!("@Async {name}: {label}"),
        Some(("downstream", name)) => format!("{name}: {label}"),
        _ => label,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n;
    use crate::scenario::{Group, schema};

    fn groups() -> Vec<Group> {
        let mut g: Vec<Group> = schema().iter().map(|f| f.group).collect();
        g.dedup();
        g.sort_by_key(|g| g.word());
        g.dedup();
        g
    }

    /// The form's help says what an empty field means in
    /// words ("empty = the tool's default"), not JSON's `null`, which a
    /// reader of the page never types.
    #[test]
    fn help_says_empty_not_null() {
        let mut empties = 0;
        for l in Locale::ALL {
            for k in i18n::keys_of(l).filter(|k| k.starts_with("field.") && k.ends_with(".help")) {
                let help = i18n::lookup(l, k).unwrap_or_default();
                assert!(!help.contains("null ="), "{k} ({}): {help}", l.code());
                empties += usize::from(
                    ["empty =", "leer =", "留空 ="]
                        .iter()
                        .any(|e| help.contains(e)),
                );
            }
        }
        // 18 fields' help says what their empty field means.
        assert_eq!(empties, 3 * 18);
    }

    /// Every key of the schema and every group has its words in every
    /// language (a property where the English names one); no catalogue
    /// holds words for a key or group the schema no longer has.
    #[test]
    fn every_field_and_group_has_its_words_in_every_language() {
        let mut keys = Vec::new();
        for spec in schema() {
            keys.push((spec.label_key(), None));
            keys.push((spec.help_key(), None));
            if spec.property(Locale::En).is_some() {
                keys.push((spec.property_key(), None));
            }
        }
        for g in groups() {
            for part in ["title", "about"] {
                keys.push((format!("group.{}.{part}", g.word()), None));
            }
        }
        i18n::assert_family_owned(&["field.", "group."], &keys, "field or group");
    }

    /// Every unit of the schema that is a word has its words in
    /// every language, the English the schema's own and the others their
    /// own; no catalogue holds a unit the schema no longer has.
    #[test]
    fn every_unit_that_is_a_word_has_its_words_in_every_language() {
        let mut keys = Vec::new();
        for spec in schema().iter().filter(|s| unit_is_a_word(s.unit)) {
            let key = presets::field_unit(spec.unit).key.into_owned();
            assert_eq!(i18n::lookup(Locale::En, &key), Some(spec.unit), "{key}");
            for l in Locale::TRANSLATED {
                let text = i18n::lookup(l, &key).unwrap_or(spec.unit);
                assert_ne!(text, spec.unit, "{key} has no {} text", l.code());
            }
            keys.push(key);
        }
        assert!(keys.len() >= 10, "{keys:?}");
        for l in Locale::ALL {
            for k in i18n::keys_of(l).filter(|k| k.starts_with("field-unit.")) {
                assert!(
                    keys.iter().any(|q| q == k),
                    "{k} ({}) names no unit",
                    l.code()
                );
            }
        }
        let concurrency = field("load.concurrency").unwrap();
        assert_eq!(field_unit(Locale::De, concurrency), "Worker");
        assert_eq!(field_unit(Locale::Zh, concurrency), "工作者");
        assert_eq!(
            field_unit(Locale::De, field("server.cores").unwrap()),
            "Kerne"
        );
        assert_eq!(
            field_unit(Locale::De, field("load.rate_rps").unwrap()),
            "req/s"
        );
    }

    #[test]
    fn words_follow_the_language() {
        assert_eq!(
            field_label(Locale::De, "server.threads_max"),
            "Max. Threads"
        );
        assert_eq!(field_label(Locale::Zh, "async.mail.core"), "核心线程数");
        assert_eq!(field_label(Locale::En, "no.such"), "no.such");
        assert_eq!(Group::Db.title(Locale::De), "HikariCP-Pool");
        assert!(field_help(Locale::Zh, "server.jdk").contains("JEP 491"));
        assert_eq!(Group::Limits.word(), "limits");
    }
}
