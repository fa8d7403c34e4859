//! Durations the client records on every result: their exact sum and
//! extremes, and their counts in HdrHistogram's buckets.
//!
//! The counts are kept in a plain array laid out as `hdrhistogram` lays out
//! its own (1 µs to one hour at 3 significant digits), and turned into a
//! [`Histogram`] only when the report asks. Recording is then an index and
//! an increment, inlined into the response path; `Histogram::record` is a
//! call there (LLVM keeps it out of line once it has several callers) and
//! cost about 40 more instructions per response. The histogram built is
//! the one `record` would have built: the same count in every bucket, and
//! the same extremes as the histogram reports them (both are read through
//! the bucket, as `min` and `max` do).

use hdrhistogram::Histogram;

use crate::sim::time::{Nanos, ns_f64};

/// Largest latency the histogram records, µs (one hour).
pub(super) const LATENCY_MAX_US: u64 = 3_600_000_000;

/// 3 significant digits need 2,000 distinct values per bucket: 2¹¹
/// sub-buckets, of which every bucket but the first uses the upper half.
const HALF_MAGNITUDE: u32 = 10;
/// `hdrhistogram`'s `sub_bucket_mask`: the values bucket 0 holds.
const SUB_BUCKET_MASK: u64 = (1 << (HALF_MAGNITUDE + 1)) - 1;
/// `hdrhistogram`'s `leading_zero_count_base`: 64 less the bits of the
/// largest value in bucket 0 (the unit, 1 µs, takes none).
const LEADING_ZERO_BASE: u32 = 64 - (HALF_MAGNITUDE + 1);

/// The bucket index of `us` (1 ≤ `us` ≤ [`LATENCY_MAX_US`]), as
/// `hdrhistogram`'s `index_for` computes it.
#[inline(always)]
const fn index(us: u64) -> usize {
    let bucket = LEADING_ZERO_BASE - (us | SUB_BUCKET_MASK).leading_zeros();
    let sub_bucket = (us >> bucket) as usize;
    ((bucket as usize + 1) << HALF_MAGNITUDE) + sub_bucket - (1 << HALF_MAGNITUDE)
}

/// The lowest value of bucket index `i` (`hdrhistogram`'s `value_for`).
fn value_at(i: usize) -> u64 {
    let half = 1 << HALF_MAGNITUDE;
    let (bucket, sub_bucket) = match (i >> HALF_MAGNITUDE).checked_sub(1) {
        Some(b) => (b, (i & (half - 1)) + half),
        None => (0, i),
    };
    (sub_bucket as u64) << bucket
}

/// Buckets up to the one holding [`LATENCY_MAX_US`].
pub(super) const BUCKETS: usize = index(LATENCY_MAX_US) + 1;

/// An empty histogram with the bounds every duration here is recorded in.
pub(super) fn histogram() -> Histogram<u64> {
    // The bounds are constants, so construction cannot fail.
    Histogram::new_with_bounds(1, LATENCY_MAX_US, 3).expect("constant histogram bounds are valid")
}

/// A duration in the histograms' unit, within their bounds.
#[inline]
pub(super) fn micros(ns: Nanos) -> u64 {
    (ns / 1000).clamp(1, LATENCY_MAX_US)
}

/// The bucket index a duration of `ns` is counted in.
#[inline(always)]
pub(super) fn bucket(ns: Nanos) -> usize {
    index(micros(ns))
}

/// Durations: counts for percentiles, exact extremes and sum.
#[derive(Debug)]
pub(super) struct Latencies {
    /// Counts in µs, indexed as [`histogram`]'s buckets are.
    counts: Box<[u64]>,
    pub(super) sum_ns: f64,
    pub(super) min_ns: u64,
    pub(super) max_ns: u64,
}

impl Latencies {
    pub(super) fn new() -> Self {
        Latencies {
            counts: vec![0; BUCKETS].into_boxed_slice(),
            sum_ns: 0.0,
            min_ns: u64::MAX,
            max_ns: 0,
        }
    }

    /// Records one duration (on every response, so inlined).
    #[inline(always)]
    pub(super) fn record(&mut self, ns: Nanos) {
        self.sum_ns += ns_f64(ns);
        self.min_ns = self.min_ns.min(ns);
        self.max_ns = self.max_ns.max(ns);
        // Recorded in µs; the bounds are 1 µs to 1 h, clamp to them.
        if let Some(c) = self.counts.get_mut(index(micros(ns))) {
            *c += 1;
        }
    }

    /// The durations recorded, as a histogram in µs.
    pub(super) fn histogram(&self) -> Histogram<u64> {
        let mut h = histogram();
        for (i, &n) in self.counts.iter().enumerate() {
            if n > 0 {
                let _ = h.record_n(value_at(i), n);
            }
        }
        h
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Records `values` (µs) both ways; the histograms must agree in every
    /// bucket and in everything the report reads from them.
    fn same_as_hdrhistogram(values: &[u64]) {
        let mut ours = Latencies::new();
        let mut theirs = histogram();
        for &us in values {
            ours.record(us * 1000);
            theirs
                .record(us.clamp(1, LATENCY_MAX_US))
                .expect("in bounds");
        }
        let ours = ours.histogram();
        let buckets = |h: &Histogram<u64>| -> Vec<(u64, u64)> {
            (h.iter_recorded())
                .map(|v| (v.value_iterated_to(), v.count_at_value()))
                .collect()
        };
        assert_eq!(buckets(&ours), buckets(&theirs), "{values:?}");
        assert_eq!(ours.len(), theirs.len());
        assert_eq!((ours.min(), ours.max()), (theirs.min(), theirs.max()));
        assert_eq!(ours.mean().to_bits(), theirs.mean().to_bits());
        assert_eq!(ours.stdev().to_bits(), theirs.stdev().to_bits());
        for q in [0.0, 0.1, 0.5, 0.9, 0.99, 0.999, 1.0] {
            assert_eq!(ours.value_at_quantile(q), theirs.value_at_quantile(q));
        }
    }

    #[test]
    fn every_bucket_is_hdrhistograms_own() {
        let h = histogram();
        for i in 0..BUCKETS {
            let v = value_at(i);
            assert_eq!(index(v), i, "value {v}");
            assert_eq!(h.lowest_equivalent(v), v, "index {i}");
            // The bucket's last value still maps to it; the next one does not.
            let last = h.highest_equivalent(v).min(LATENCY_MAX_US);
            assert_eq!(index(last), i, "value {last}");
        }
        assert_eq!(
            h.distinct_values(),
            BUCKETS.next_multiple_of(1 << HALF_MAGNITUDE)
        );
    }

    #[test]
    fn edges_and_out_of_bounds_values_record_as_hdrhistogram_clamps_them() {
        same_as_hdrhistogram(&[0, 1, 2, 2047, 2048, 2049, 4095, 4096, 1_000_000]);
        same_as_hdrhistogram(&[LATENCY_MAX_US - 1, LATENCY_MAX_US, LATENCY_MAX_US + 5]);
        same_as_hdrhistogram(&[]);
    }

    proptest::proptest! {
        #[test]
        fn any_durations_give_hdrhistograms_histogram(
            values in proptest::collection::vec(0u64..4_000_000_000, 1..200),
            small in proptest::collection::vec(0u64..5_000, 0..50),
        ) {
            let all: Vec<u64> = values.into_iter().chain(small).collect();
            same_as_hdrhistogram(&all);
        }
    }
}
