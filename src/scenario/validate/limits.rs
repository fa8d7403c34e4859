//! The `limits.*` section: the event and simulated-time budgets that stop a
//! run and report partial results.

use super::reader::Reader;
use crate::sim::config::{Limits, MIB};
use crate::sim::time::from_s;

// The schema bounds `limits.max_events` at 10⁹: natively the engine handles
// 4–20 million events a wall-clock second on ordinary scenarios (E2 on
// virtual threads, the slowest of them, 5.4 million), so a run ends within
// about three minutes.

pub(super) fn read(r: &mut Reader) -> Limits {
    Limits {
        max_events: r.int("limits.max_events") as u64,
        max_time: from_s(r.float("limits.max_sim_s")),
        max_sim_memory: r.int("limits.max_sim_memory_mb") as u64 * MIB,
        max_wall_s: r.float("limits.max_wall_s"),
    }
}
