//! `threadlab properties [--preset NAME] [--set KEY=VALUE]...`: the
//! scenario's service settings as `application.properties` lines (and its
//! JVM options), each with the scenario key it comes from.

use super::args::{Flags, unknown};
use super::output::{Output, bad};
use super::run::pair;
use crate::scenario::{self, FieldError, properties};

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
    let mut draft = match preset.as_deref() {
        Some(name) => match scenario::preset(name) {
            Some(p) => p.draft(),
            None => {
                let e = FieldError::new("--preset", name, scenario::no_such_preset());
                return bad(vec![e.to_string()]);
            }
        },
        None => scenario::default_preset().draft(),
    };
    let problems: Vec<String> = (sets.iter())
        .filter_map(|(k, v)| draft.set(k, v).err())
        .map(|e| e.to_string())
        .collect();
    if !problems.is_empty() {
        return bad(problems);
    }
    if let Err(e) = scenario::validate(&draft) {
        return bad(e.iter().map(ToString::to_string).collect());
    }
    Output::ok(properties::application_properties(&draft))
}
