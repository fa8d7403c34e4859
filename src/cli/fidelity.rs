//! `threadlab fidelity [--format text|json]`: every measured figure of the
//! source articles beside its simulation.

use super::args::{Flags, json_format, unknown};
use super::output::{Output, bad};
use crate::fidelity;

/// Runs `threadlab fidelity ARGS`.
pub(super) fn main(args: &[String]) -> Output {
    let mut as_json = false;
    let mut flags = Flags::new(args);
    while let Some((flag, inline)) = flags.next_flag() {
        let chosen = match flag {
            "--format" => json_format(flags.value(inline)),
            other => Err(unknown("fidelity", other)),
        };
        match chosen {
            Ok(json) => as_json = json,
            Err(e) => return bad(vec![e]),
        }
    }
    let rows = fidelity::report();
    Output::ok(if as_json {
        fidelity::json(&rows)
    } else {
        fidelity::text(&rows)
    })
}
