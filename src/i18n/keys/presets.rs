//! Catalogue keys of the `presets` area (`i18n/catalogue/<lang>/presets.json`).
//! The ready-made scenarios' words (`scenario::presets`): each preset's
//! title and description, each menu entry and section; the load tools'
//! names for the rate they print (`summary::rate_name`); and the units of
//! the schema's settings that are words (`workers`, `threads`).
//!
//! The English file is the one source of these English words: the command
//! line's `threadlab presets` prints the titles from it.

#[cfg(test)]
use super::Key;
use crate::i18n::Phrase;

/// Key prefixes of this area built from data (see [`super::FAMILIES`]),
/// each with its owner, whose tests check its keys both ways:
/// `preset.<name>.title|menu`, `preset.<text>.description` and
/// `preset-section.<id>.title|about` (`scenario::presets`);
/// `tool-rate.<tool>.name|counts` (`summary::rate_name`);
/// `field-unit.<unit>` (`app::basis::words::field_unit`).
#[cfg(test)]
pub(crate) const FAMILIES: &[&str] = &["preset.", "preset-section.", "tool-rate.", "field-unit."];

/// The phrase of a preset's `part` (`title`, `menu`, `description`), by the
/// id its texts are filed under.
pub(crate) fn preset(id: &str, part: &str) -> Phrase {
    Phrase::new(format!("preset.{id}.{part}"))
}

/// The phrase of a menu section's `part` (`title`, `about`).
pub(crate) fn section(id: &str, part: &str) -> Phrase {
    Phrase::new(format!("preset-section.{id}.{part}"))
}

/// The phrase of a load tool's rate's `part` (`name`, `counts`).
pub(crate) fn tool_rate(tool: &str, part: &str) -> Phrase {
    Phrase::new(format!("tool-rate.{tool}.{part}"))
}

/// The phrase of a setting's unit that is a word (`per worker` is filed
/// as `field-unit.per_worker`).
pub(crate) fn field_unit(unit: &str) -> Phrase {
    Phrase::new(format!("field-unit.{}", unit.replace(' ', "_")))
}

keys! {}
