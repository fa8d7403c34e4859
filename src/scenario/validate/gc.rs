//! The `gc.*` section: G1's allocation and pause model.

use super::reader::Reader;
use crate::scenario::measured;
use crate::sim::config::{Gc, MIB};
use crate::sim::rng::Dist;
use crate::sim::time::from_ms;

pub(super) fn read(r: &mut Reader) -> Gc {
    Gc {
        on: r.choice("gc.collector") == "g1",
        alloc_per_request: (r.float("gc.alloc_kb") * 1024.0) as u64,
        pause_base: pause_base(r),
        copy_bytes_per_ms: ((r.float("gc.copy_mb_per_ms") * MIB as f64) as u64).max(1),
        time_ratio: r.int("gc.time_ratio") as u32,
        warm_eden_fill: r.opt_float("gc.warm_eden_fill"),
    }
}

/// `gc.pause_base_ms` as the median of a log-normal whose p90 is
/// `gc.pause_p90_ratio` times it; left empty, the ratio is the one measured
/// on this project's reference machine (`measured::GC_YOUNG_PAUSE_MS`).
fn pause_base(r: &mut Reader) -> Dist {
    let (p50, p90) = measured::GC_YOUNG_PAUSE_MS;
    let ratio = r.opt_float("gc.pause_p90_ratio").unwrap_or(p90 / p50);
    Dist::lognormal_p90(from_ms(r.float("gc.pause_base_ms")) as f64, ratio)
}
