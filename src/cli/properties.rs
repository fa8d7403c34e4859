//! `threadlab properties [--preset NAME] [--set KEY=VALUE]...`: the
//! scenario's service settings as `application.properties` lines (and its
//! JVM options), each with the scenario key it comes from.

use super::args::{Flags, unknown};
use super::output::{Output, bad};
use super::run::{pair, preset_draft};
use crate::scenario::{self, properties};

/// Runs `threadlab properties ARGS`.
pub(super) fn main(args: &[String]) -> Output {
    let mut preset = None;
    let mut sets = Vec::new();
    let mut errors = Vec::new();
    let mut flags = Flags::new(args);
    while let Some((flag, inline)) = flags.next_flag() {
        match flag {
            "--preset" => match flags.value(inline) {
                Some(v) => preset = Some(v.to_string()),
                None => errors.push("--preset needs a name (see `threadlab presets`)".into()),
            },
            "--set" => match pair(flag, flags.value(inline)) {
                Ok(kv) => sets.push(kv),
                Err(e) => errors.push(e),
            },
            other => errors.push(unknown("properties", other)),
        }
    }
    if !errors.is_empty() {
        return bad(errors);
    }
    let sets = sets.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    let draft = match preset_draft(preset.as_deref(), sets) {
        Ok(d) => d,
        Err(e) => return bad(e.iter().map(ToString::to_string).collect()),
    };
    if let Err(e) = scenario::validate(&draft) {
        return bad(e.iter().map(ToString::to_string).collect());
    }
    Output::ok(properties::application_properties(&draft))
}
