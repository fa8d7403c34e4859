//! Presets as the playground uses them: the core's list, and each measured
//! variant's partner in the other server mode (`sleep platform` ↔
//! `sleep virtual`), so loading either shows both side by side.

use crate::scenario::{Preset, presets};

/// Every preset, in the core's order.
pub fn all_presets() -> Vec<&'static Preset> {
    presets().iter().collect()
}

/// The preset called `name`.
pub fn find(name: &str) -> Option<&'static Preset> {
    presets().iter().find(|p| p.name == name)
}

/// The same experiment's variant in the other mode, if there is one:
/// returns (platform preset, virtual preset).
pub fn pair(p: &'static Preset) -> Option<(&'static Preset, &'static Preset)> {
    if p.experiment == "lesson" {
        return None;
    }
    let other = if p.variant.contains("platform") {
        p.variant.replace("platform", "virtual")
    } else if p.variant.contains("virtual") {
        p.variant.replace("virtual", "platform")
    } else {
        return None;
    };
    let q = presets()
        .iter()
        .find(|q| q.experiment == p.experiment && q.variant == other)?;
    Some(if p.variant.contains("platform") {
        (p, q)
    } else {
        (q, p)
    })
}
