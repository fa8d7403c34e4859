//! The `limits.*` section: the event and simulated-time budgets that stop a
//! run and report partial results.

use super::reader::Reader;
use crate::sim::config::Limits;
use crate::sim::time::from_s;

/// The largest event budget a run may be given: 10⁹. Natively the engine
/// handles 4–20 million events a wall-clock second on ordinary scenarios
/// (E2 on virtual threads, the slowest of them, 5.4 million), so a run ends
/// within about three minutes.
const MAX_EVENTS: u64 = 1_000_000_000;

pub(super) fn read(r: &mut Reader) -> Limits {
    let max_events = r.int("limits.max_events") as u64;
    // The schema's range still allows 10¹¹: checked here until it says MAX_EVENTS.
    if max_events > MAX_EVENTS {
        r.err_at(
            "limits.max_events",
            &format!(
                "out of range: expected a whole number from 1 to {MAX_EVENTS}, which keeps a run within minutes"
            ),
        );
    }
    Limits {
        max_events,
        max_time: from_s(r.float("limits.max_sim_s")),
    }
}
