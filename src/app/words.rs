//! The form's words in the page's language: each scenario key's label and
//! help, each group's title and line, from the catalogues (`crate::i18n`,
//! keys `field.<key>.label|help` and `group.<group>.title|about`). The
//! schema keeps its English words for the command line; the English
//! catalogue holds the same words (tested), so the page and the CLI say
//! the same thing.

use crate::i18n::{self, Locale};
use crate::scenario::{FieldSpec, Group, field};

/// The catalogue key of a field's label.
pub fn label_key(spec: &FieldSpec) -> String {
    format!("field.{}.label", spec.key)
}

/// The catalogue key of a field's help.
pub fn help_key(spec: &FieldSpec) -> String {
    format!("field.{}.help", spec.key)
}

/// A group's name in keys: its serde name (`load`, `db`, …).
pub fn group_word(group: Group) -> String {
    serde_json::to_value(group)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The label of `key` (`async.mail.core` reads as `async.*.core`), else the
/// key itself.
pub fn field_label(locale: Locale, key: &str) -> String {
    match field(key) {
        Some(spec) => i18n::lookup(locale, &label_key(spec))
            .unwrap_or(spec.label)
            .to_string(),
        None => key.to_string(),
    }
}

/// The help of `key`, else nothing.
pub fn field_help(locale: Locale, key: &str) -> String {
    field(key).map_or_else(String::new, |spec| {
        i18n::lookup(locale, &help_key(spec))
            .unwrap_or(spec.help)
            .to_string()
    })
}

/// A group's heading.
pub fn group_title(locale: Locale, group: Group) -> String {
    i18n::lookup(locale, &format!("group.{}.title", group_word(group)))
        .map_or_else(|| group.title().to_string(), str::to_string)
}

/// A group's line under its heading.
pub fn group_about(locale: Locale, group: Group) -> String {
    i18n::lookup(locale, &format!("group.{}.about", group_word(group)))
        .map_or_else(|| group.about().to_string(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::schema;

    fn groups() -> Vec<Group> {
        let mut g: Vec<Group> = schema().iter().map(|f| f.group).collect();
        g.dedup();
        g.sort_by_key(|g| group_word(*g));
        g.dedup();
        g
    }

    /// Every key of the schema and every group has its words in every
    /// language, the English ones the schema's own; no catalogue holds
    /// words for a key or group the schema no longer has.
    #[test]
    fn every_field_and_group_has_its_words_in_every_language() {
        let mut keys = Vec::new();
        for spec in schema() {
            for (key, english) in [(label_key(spec), spec.label), (help_key(spec), spec.help)] {
                for l in Locale::ALL {
                    assert!(
                        i18n::lookup(l, &key).is_some(),
                        "{key} has no {} text",
                        l.code()
                    );
                }
                assert_eq!(i18n::lookup(Locale::En, &key), Some(english), "{key}");
                keys.push(key);
            }
        }
        for g in groups() {
            for (part, english) in [("title", g.title()), ("about", g.about())] {
                let key = format!("group.{}.{part}", group_word(g));
                assert_eq!(i18n::lookup(Locale::En, &key), Some(english), "{key}");
                keys.push(key);
            }
        }
        for l in Locale::ALL {
            for k in i18n::keys_of(l).filter(|k| k.starts_with("field.") || k.starts_with("group."))
            {
                assert!(
                    keys.iter().any(|q| q == k),
                    "{k} ({}) names no field or group",
                    l.code()
                );
            }
        }
    }

    #[test]
    fn words_follow_the_language() {
        assert_eq!(
            field_label(Locale::De, "server.threads_max"),
            "Max. Threads"
        );
        assert_eq!(field_label(Locale::Zh, "async.mail.core"), "核心线程数");
        assert_eq!(field_label(Locale::En, "no.such"), "no.such");
        assert_eq!(group_title(Locale::De, Group::Db), "HikariCP-Pool");
        assert!(field_help(Locale::Zh, "server.jdk").contains("JEP 491"));
        assert_eq!(group_word(Group::Limits), "limits");
    }
}
