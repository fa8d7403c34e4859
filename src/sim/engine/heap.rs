//! G1's committed heap: how big the heap is now, between `MinHeapSize`
//! (at most `-Xms`) and `-Xmx`.
//!
//! `-Xms` (by default 1/64 of the machine's or the container's memory,
//! `InitialRAMPercentage`) is what G1 commits as the JVM starts; the run
//! begins with what start-up left of it (below). From there the heap
//! changes in whole regions:
//! * **by GC time** (HotSpot's `G1HeapSizingPolicy`, applied after every
//!   young or mixed pause): each pause's share of the time since the end of
//!   the previous one is compared with the target `1/(1+GCTimeRatio)`,
//!   scaled down while the heap is at most half of `-Xmx` (in proportion to
//!   its size, to no less than 1 %: a small heap grows more readily). When
//!   4 pauses (`MinOverThresholdForGrowth`) within a window of 10
//!   (`G1Analytics`' history) passed it, or the 10 together did, the heap
//!   grows by the smaller of its own size and 20 % of what is still
//!   uncommitted (`G1ExpandByPercentOfAvailable`), scaled by how far the
//!   share was past the target; below a quarter of `-Xms` by half the way
//!   back to it;
//! * **on demand**: an allocation that finds no free region makes G1 commit
//!   one before it collects in full;
//! * **at a concurrent cycle's Remark and after a full collection**, both
//!   ways (`G1HeapSizingPolicy::full_collection_resize_amount`, called from
//!   `G1ConcurrentMark::remark` and after a full collection in JDK 21 and 25;
//!   sourced): the regions in use but not eden (eden does not count at a
//!   Remark) decide. The heap grows to keep `MinHeapFreeRatio` (40 %) of it
//!   free, or shrinks, down to `MinHeapSize` at least, so that no more than
//!   `MaxHeapFreeRatio` (70 %) is free: to the regions in use ÷ 0.3. A shrink
//!   gives back whole free regions only, so it stops at the region above
//!   that size.
//!
//! **Start-up** (measured here, 8 of 8 Tomcat JVMs on Temurin 21 and 25,
//! `reference/results/2026-12-03/*_gc.txt`): class loading passes
//! `MetaspaceSize` (21 MiB) 1.5–2.1 s after the start, and the young pause
//! it causes starts a concurrent cycle ("Metadata GC Threshold") whose
//! Remark shrank the heap from its 380 MiB `-Xms` to 40 MiB (JDK 21) and 28
//! MiB (JDK 25): 12 and 8 MiB of 4 MiB regions in use, ÷ 0.3. A Spring
//! service loads far more classes than that, so it passes the same
//! threshold before it serves. The run therefore starts with the heap that
//! Remark leaves of `-Xms`, the idle service's live heap (`memory.base_mb`)
//! in use: smaller when `-Xms` is the JVM's default, unchanged when `-Xms`
//! is set (`MinHeapSize` is then `-Xms`, so nothing below it is given back)
//! unless it is too small for that live heap. *Assumption*: the heap is at
//! `-Xms` when that Remark comes (the logs here grew it to 488–532 MiB
//! first in 3 of 8), and a warm JVM's growth while it served its warm-up is
//! not replayed: it starts where a cold one does and grows during the run
//! by the rules above.
//!
//! The heap's pages count as resident only once touched (`memory`); pages
//! of regions given back stay counted (the model keeps the peak).

use crate::sim::time::Nanos;

/// `G1Analytics`' history of pauses the ratio is averaged over.
const HISTORY: usize = 10;
/// `MinOverThresholdForGrowth`: pauses over the target that trigger growth.
const OVER_FOR_GROWTH: u32 = 4;
/// `G1ExpandByPercentOfAvailable`.
const EXPAND_PCT_OF_AVAILABLE: u64 = 20;
/// `MinHeapFreeRatio`: the least share of the heap a Remark or a full
/// collection leaves free, percent. HotSpot's default; measured here
/// (`reference/results/2026-12-04/g1_heap_flags.txt`).
const MIN_FREE_PCT: u64 = 40;
/// `MaxHeapFreeRatio`: the most of it they leave free, percent (the same sources).
const MAX_FREE_PCT: u64 = 70;
/// The least share of time the target is scaled down to (1 %).
const LEAST_TARGET: f64 = 0.01;
/// G1's region size: `-Xmx` ÷ 2,048, rounded up to a power of two between
/// 1 and 32 MiB (`G1HeapRegionBounds`).
const TARGET_REGIONS: u64 = 2048;
const MIN_REGION: u64 = 1 << 20;
const MAX_REGION: u64 = 32 << 20;

/// The region size G1 chooses for a heap of at most `max` bytes.
pub(super) fn region_size(max: u64) -> u64 {
    (max / TARGET_REGIONS)
        .clamp(MIN_REGION, MAX_REGION)
        .next_power_of_two()
}

/// The committed heap and what decides its growth.
#[derive(Clone, Debug, Default)]
pub(super) struct HeapSize {
    /// Bytes committed now.
    pub(super) committed: u64,
    /// `-Xms`, bytes (rounded up to regions, at most `max`).
    initial: u64,
    /// `MinHeapSize`, bytes: the least a shrink leaves.
    min: u64,
    /// `-Xmx`, bytes.
    max: u64,
    region: u64,
    /// `GCTimeRatio`.
    time_ratio: u32,
    /// Ends of the last pauses, the JVM's start first, at most `HISTORY`.
    ends: Vec<Nanos>,
    /// Lengths of the last pauses, at most `HISTORY`.
    lengths: Vec<Nanos>,
    /// Pauses over the target in the current window, and their ratios' sum.
    over: (u32, f64),
    /// Pauses looked at since the window opened (the first one over).
    window: u32,
    /// Committed when the run (or the process, restarted) began.
    pub(super) start: u64,
    /// Most committed.
    pub(super) peak: u64,
    /// Times the heap grew.
    pub(super) expansions: u64,
    /// Times the heap shrank.
    pub(super) shrinks: u64,
}

impl HeapSize {
    /// A heap of `initial` bytes (`-Xms`) that may shrink to `min`
    /// (`MinHeapSize`) and grow to `max` (`-Xmx`), for a JVM started at `start`.
    pub(super) fn new(initial: u64, min: u64, max: u64, time_ratio: u32, start: Nanos) -> Self {
        let region = region_size(max);
        let max = max.max(region);
        let initial = initial.div_ceil(region).saturating_mul(region).min(max);
        HeapSize {
            committed: initial,
            initial,
            min: min.min(initial),
            max,
            region,
            time_ratio: time_ratio.max(1),
            ends: vec![start],
            lengths: Vec::new(),
            over: (0, 0.0),
            window: 0,
            start: initial,
            peak: initial,
            expansions: 0,
            shrinks: 0,
        }
    }

    /// The heap start-up's concurrent cycle leaves, `live` bytes of the
    /// idle service in use at its Remark: where the run starts (not counted
    /// as growth or shrinking, nor as the peak of -Xms before it).
    pub(super) fn start_after_remark(&mut self, live: u64) {
        self.committed = self.resized(live);
        self.start = self.committed;
        self.peak = self.committed;
    }

    /// `-Xmx`, bytes.
    pub(super) fn max(&self) -> u64 {
        self.max
    }

    /// Commits enough regions for `bytes` in use (at most `-Xmx`): G1
    /// takes a free region before it gives up on an allocation.
    pub(super) fn cover(&mut self, bytes: u64) {
        if bytes > self.committed {
            let want = bytes.div_ceil(self.region).saturating_mul(self.region);
            self.grow_to(want);
        }
    }

    /// A concurrent cycle's Remark, or the end of a full collection, with
    /// `used` bytes in regions other than eden's: the heap as the free
    /// ratios want it.
    pub(super) fn after_remark(&mut self, used: u64) {
        let to = self.resized(used);
        if to < self.committed {
            self.committed = to;
            self.shrinks += 1;
        } else {
            self.grow_to(to);
        }
    }

    /// The committed heap G1 resizes the current one to with `used` bytes
    /// in use, counted in whole regions: at least `used` ÷ (1 −
    /// `MinHeapFreeRatio`) (at most -Xmx), at most `used` ÷ (1 −
    /// `MaxHeapFreeRatio`) (at least `MinHeapSize`), else unchanged. Growth
    /// commits whole regions up to that size; a shrink gives back the whole
    /// regions that lie beyond it.
    pub(super) fn resized(&self, used: u64) -> u64 {
        let used = used.div_ceil(self.region).saturating_mul(self.region) as f64;
        let wanted = |free_pct: u64| used / (1.0 - free_pct as f64 / 100.0);
        let least = wanted(MIN_FREE_PCT).min(self.max as f64) as u64;
        let most = (wanted(MAX_FREE_PCT).min(self.max as f64) as u64).max(self.min);
        if self.committed < least {
            let by = (least - self.committed).div_ceil(self.region);
            (self.committed + by.saturating_mul(self.region)).min(self.max)
        } else if self.committed > most {
            let regions = (self.committed - most) / self.region;
            self.committed - regions * self.region
        } else {
            self.committed
        }
    }

    fn grow_to(&mut self, bytes: u64) {
        let to = bytes.min(self.max);
        if to > self.committed {
            self.committed = to;
            self.expansions += 1;
            self.peak = self.peak.max(to);
        }
    }

    /// The share of time GC may take: `1/(1+GCTimeRatio)`.
    pub(super) fn target(&self) -> f64 {
        1.0 / (1.0 + f64::from(self.time_ratio))
    }

    /// The target as G1 applies it to the heap's size now: scaled down in
    /// proportion while the heap is at most half of `-Xmx`, to 1 % at least.
    pub(super) fn threshold(&self) -> f64 {
        let half = self.max / 2;
        let t = self.target();
        if self.committed <= half && half > 0 {
            (t * self.committed as f64 / half as f64).max(LEAST_TARGET)
        } else {
            t
        }
    }

    /// A young or mixed pause of `length` ends at `end`: grows the heap if GC
    /// took more than its share of the time. Returns the bytes it grew by.
    pub(super) fn after_young(&mut self, end: Nanos, length: Nanos) -> u64 {
        let (short, long) = self.ratios(end, length);
        self.record(end, length);
        if self.committed >= self.max {
            self.clear();
            return 0;
        }
        let threshold = self.threshold();
        if short > threshold {
            self.over.0 += 1;
            self.over.1 += short;
        }
        let filled = self.window as usize == HISTORY;
        if self.over.0 == OVER_FOR_GROWTH || (filled && long > threshold) {
            let by = self.expansion(if filled {
                long
            } else {
                self.over.1 / f64::from(self.over.0)
            });
            self.clear();
            let before = self.committed;
            self.grow_to(before.saturating_add(by));
            return self.committed - before;
        }
        if self.over.0 > 0 {
            self.window += 1;
            if self.window as usize > HISTORY {
                self.clear();
            }
        }
        0
    }

    /// This pause's share of the time since the previous one ended, and the
    /// share of the history's pauses in the time they span.
    fn ratios(&self, end: Nanos, length: Nanos) -> (f64, f64) {
        let share = |pause: f64, span: Nanos| (pause / span.max(1) as f64).clamp(0.0, 1.0);
        let last = *self.ends.last().expect("the start is always there");
        let oldest_end = self.ends[0];
        // The span starts at the oldest end, so the oldest pause is not in it.
        let oldest = self.lengths.first().copied().unwrap_or(0);
        let sum: Nanos = self.lengths.iter().sum();
        let long = share(
            (sum - oldest + length) as f64,
            end.saturating_sub(oldest_end),
        );
        (share(length as f64, end.saturating_sub(last)), long)
    }

    fn record(&mut self, end: Nanos, length: Nanos) {
        if self.ends.len() == HISTORY {
            self.ends.remove(0);
        }
        self.ends.push(end);
        if self.lengths.len() == HISTORY {
            self.lengths.remove(0);
        }
        self.lengths.push(length);
    }

    fn clear(&mut self) {
        self.over = (0, 0.0);
        self.window = 0;
    }

    /// Bytes to grow by when GC took `ratio` of the time.
    fn expansion(&self, ratio: f64) -> u64 {
        let uncommitted = self.max - self.committed;
        let by = if self.committed < self.initial / 4 {
            // Far below -Xms: half the way back at once.
            (self.initial - self.committed) / 2
        } else {
            let base = (uncommitted / 100 * EXPAND_PCT_OF_AVAILABLE).min(self.committed);
            (base as f64 * self.scale(ratio - self.threshold())) as u64
        };
        // Committed in whole regions, up to -Xmx (which need not be a
        // whole number of them: what is left may be less than one).
        by.div_ceil(self.region)
            .saturating_mul(self.region)
            .clamp(self.region.min(uncommitted), uncommitted)
    }

    /// Less growth for a ratio just past the threshold, more (up to 2×) for
    /// one far past it.
    fn scale(&self, delta: f64) -> f64 {
        let t = self.target();
        let (down_below, up_above, up_range) = (t, 1.5 * t, 2.0 * t);
        if delta < down_below {
            (delta / down_below).max(0.2)
        } else if delta > up_above {
            (1.0 + (delta - up_above) / up_range).min(2.0)
        } else {
            1.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::time::MS;

    const MIB: u64 = 1 << 20;
    /// `MinHeapSize` without -Xms, measured here on Temurin 21 and 25.
    const MIN_HEAP: u64 = 8 * MIB;

    #[test]
    fn regions_follow_the_maximum_heap() {
        assert_eq!(region_size(2048 * MIB), MIB);
        // Measured here: the 6,028 MiB default heap grew in 4 MiB steps.
        assert_eq!(region_size(6028 * MIB), 4 * MIB);
        assert_eq!(region_size(256 * MIB), MIB);
        assert_eq!(region_size(1 << 40), 32 * MIB);
    }

    /// Pauses of `pause_ms` every `every_ms` on a heap of `committed` MiB of
    /// at most `max` MiB: the committed heap after `n` of them.
    fn after(committed: u64, max: u64, pause_ms: u64, every_ms: u64, n: u64) -> HeapSize {
        let mut h = HeapSize::new(committed * MIB, MIN_HEAP, max * MIB, 12, 0);
        for k in 1..=n {
            h.after_young(k * every_ms * MS, pause_ms * MS);
        }
        h
    }

    /// -Xmx half a region above the committed heap: growth stops at -Xmx
    /// (a proptest of `extremes` found the bound below the least step).
    #[test]
    fn growth_stops_at_a_maximum_less_than_a_region_away() {
        let mut h = HeapSize::new(10 * MIB, MIN_HEAP, 10 * MIB + MIB / 2, 12, 0);
        for k in 1..=4 {
            h.after_young(k * 100 * MS, 90 * MS);
        }
        assert_eq!(h.committed, 10 * MIB + MIB / 2);
    }

    #[test]
    fn the_heap_grows_only_when_gc_takes_more_than_its_share() {
        // A heap above half of -Xmx: the target is 1/13 ≈ 7.7 % as it is.
        let h = after(1200, 2048, 70, 1000, 40);
        assert_eq!(h.committed, 1200 * MIB, "7 % of the time stays");
        let h = after(1200, 2048, 90, 1000, 3);
        assert_eq!(
            h.committed,
            1200 * MIB,
            "three pauses over it are not enough"
        );
        let h = after(1200, 2048, 90, 1000, 4);
        assert!(
            h.committed > 1200 * MIB,
            "the fourth pause over 7.7 % grows it"
        );
        assert_eq!(h.expansions, 1);
        // Never past -Xmx.
        let h = after(1200, 2048, 500, 1000, 400);
        assert_eq!(h.committed, 2048 * MIB);
        assert_eq!(h.peak, 2048 * MIB);
    }

    #[test]
    fn a_small_heap_grows_sooner_and_in_steps_scaled_by_the_excess() {
        // 128 of 2,048 MiB: the target scales to 7.7 % × 128/1024 ≈ 0.96 %,
        // so 1 % applies: 0.9 % of the time keeps it, 2 % grows it.
        let h = HeapSize::new(128 * MIB, MIN_HEAP, 2048 * MIB, 12, 0);
        assert!((h.threshold() - 0.01).abs() < 1e-12);
        assert_eq!(after(128, 2048, 9, 1000, 40).committed, 128 * MIB);
        // 2 % is 1 % past the target: 1/7.7 of the base, so the least
        // scale, 0.2, of its own 128 MiB (less than 20 % of the 1,920 left).
        assert_eq!(after(128, 2048, 20, 1000, 4).committed, (128 + 26) * MIB);
        // 4 % is 3 % past it: 0.39 × 128 MiB ≈ 49.9, rounded up to a region.
        let h = after(128, 2048, 40, 1000, 4);
        let by: f64 = 128.0 * (0.04 - 0.01) / (1.0 / 13.0);
        assert_eq!(h.committed, (128 + by.ceil() as u64) * MIB, "{by}");
    }

    #[test]
    fn demand_and_full_collections_commit_whole_regions() {
        let mut h = HeapSize::new(100 * MIB + 1, MIN_HEAP, 2048 * MIB, 12, 0);
        assert_eq!(h.committed, 101 * MIB);
        h.cover(150 * MIB + 5);
        assert_eq!(h.committed, 151 * MIB);
        h.after_remark(120 * MIB);
        assert_eq!(h.committed, 200 * MIB, "120 MiB live leave 40 % free");
        assert_eq!((h.expansions, h.shrinks), (2, 0));
        h.cover(4096 * MIB);
        assert_eq!(h.committed, 2048 * MIB);
    }

    /// The default heap of the reference machine (Temurin 21 and 25 on 24
    /// GiB): -Xms 380 MiB, -Xmx 6,028 MiB, so 4 MiB regions, and
    /// MinHeapSize 8 MiB (reference/results/2026-12-04/g1_heap_flags.txt).
    fn reference_heap(committed: u64) -> HeapSize {
        let mut h = HeapSize::new(380 * MIB, MIN_HEAP, 6028 * MIB, 12, 0);
        h.committed = committed * MIB;
        h
    }

    /// The three Remarks of the logs here that resized the heap
    /// (reference/results/2026-12-03/): start-up's on JDK 21, "Pause Remark
    /// 9M->9M(40M)" with 3 regions (12 MiB) not eden; on JDK 25, "10M->10M(28M)"
    /// with 2 (8 MiB); and later on JDK 21 (spread_jdk21_platform_gc.txt),
    /// "38M->38M(136M)" after a pause had grown the heap to 216 MiB, with 10
    /// regions (40 MiB). Each is the regions in use ÷ 0.3, rounded up to a
    /// region: 40, 26.7 → 28 and 133.3 → 136 MiB.
    #[test]
    fn a_remark_shrinks_the_heap_to_what_is_in_use_over_0_3() {
        for (committed, used, after) in [(380, 12, 40), (380, 8, 28), (216, 40, 136)] {
            let mut h = reference_heap(committed);
            h.after_remark(used * MIB);
            assert_eq!(h.committed, after * MIB, "{used} MiB used in {committed}");
            assert_eq!((h.shrinks, h.expansions), (1, 0));
        }
        // In use counts whole regions: 9 MiB takes 3 of them, as 12 does.
        let mut h = reference_heap(380);
        h.after_remark(9 * MIB);
        assert_eq!(h.committed, 40 * MIB);
        // Between 40 % and 70 % free it stays: 136 MiB with 48 in use is 65 % free.
        let mut h = reference_heap(136);
        h.after_remark(48 * MIB);
        assert_eq!((h.committed, h.shrinks, h.expansions), (136 * MIB, 0, 0));
        // Below 40 % free it grows: 60 MiB with 48 in use, to 48 ÷ 0.6 = 80.
        let mut h = reference_heap(60);
        h.after_remark(48 * MIB);
        assert_eq!((h.committed, h.expansions), (80 * MIB, 1));
    }

    /// MinHeapSize bounds the shrink: -Xms set is MinHeapSize too, so a
    /// heap set to -Xms = -Xmx stays full whatever is in use.
    #[test]
    fn no_remark_shrinks_the_heap_below_min_heap_size() {
        let mut h = HeapSize::new(380 * MIB, 380 * MIB, 6028 * MIB, 12, 0);
        h.after_remark(12 * MIB);
        assert_eq!(h.committed, 380 * MIB);
        let mut h = HeapSize::new(2048 * MIB, 2048 * MIB, 2048 * MIB, 12, 0);
        h.start_after_remark(40 * MIB);
        assert_eq!(h.committed, 2048 * MIB);
        // The default MinHeapSize: 1 MiB regions, 2 MiB in use, 6.7 → 8 MiB.
        let mut h = HeapSize::new(128 * MIB, MIN_HEAP, 2048 * MIB, 12, 0);
        h.after_remark(2 * MIB);
        assert_eq!(h.committed, 8 * MIB);
    }

    /// Start-up's Remark sets where the run starts, and the growth by GC
    /// time afterwards still goes half the way back to -Xms while the heap
    /// is below a quarter of it: as the JDK 25 log here did, from 36 to 208
    /// MiB ((380 − 36) ÷ 2 = 172).
    #[test]
    fn the_run_starts_with_what_start_up_left_and_grows_back_towards_xms() {
        let mut h = HeapSize::new(380 * MIB, MIN_HEAP, 6028 * MIB, 12, 0);
        h.start_after_remark(40 * MIB);
        assert_eq!((h.committed, h.peak, h.shrinks), (136 * MIB, 136 * MIB, 0));
        let mut h = reference_heap(36);
        for k in 1..=4 {
            h.after_young(k * 100 * MS, 30 * MS);
        }
        assert_eq!(h.committed, 208 * MIB);
    }
}
