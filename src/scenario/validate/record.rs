//! The `record.*` section: the resolution of what a run records for charts.

use super::reader::Reader;
use crate::sim::config::Record;
use crate::sim::time::from_ms;

pub(super) fn read(r: &mut Reader) -> Record {
    Record {
        series_buckets: r.int("record.series_buckets") as u32,
        timeline_start: from_ms(r.float("record.timeline_start_ms")),
        // At least one tick, so the window is never empty.
        timeline_window: from_ms(r.float("record.timeline_window_ms")).max(1),
        timeline_lanes: r.int("record.timeline_lanes") as u32,
    }
}
