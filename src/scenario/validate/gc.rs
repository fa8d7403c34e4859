//! The `gc.*` section: G1's allocation and pause model.

use super::reader::Reader;
use crate::sim::config::{Gc, MIB};
use crate::sim::time::from_ms;

pub(super) fn read(r: &mut Reader) -> Gc {
    Gc {
        on: r.choice("gc.collector") == "g1",
        alloc_per_request: (r.float("gc.alloc_kb") * 1024.0) as u64,
        pause_base: from_ms(r.float("gc.pause_base_ms")),
        copy_bytes_per_ms: ((r.float("gc.copy_mb_per_ms") * MIB as f64) as u64).max(1),
        time_ratio: r.int("gc.time_ratio") as u32,
    }
}
