//! `threadlab presets`: one line per preset, its name and title (in
//! English, from the catalogue).

use std::fmt::Write as _;

use super::output::Output;
use crate::i18n::Locale;
use crate::scenario;

/// Lists the presets.
pub(super) fn main() -> Output {
    let mut o = String::new();
    for p in scenario::presets() {
        let _ = writeln!(o, "{:<22} {}", p.name, p.title(Locale::En));
    }
    Output::ok(o)
}
