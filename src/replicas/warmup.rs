//! The warm-up of one run, found by MSER-5 (White, "An effective truncation
//! heuristic for bias reduction in simulation output", Simulation 69(6),
//! 1997; White, Cobb & Spratt, WSC 2000): the run's per-bucket series is
//! averaged in batches of five, and the truncation d (in batches) chosen is
//! the one that minimises the squared standard error of the mean of what
//! is left, Σⱼ₌d..b₋₁ (Zⱼ − Z̄_d)² / (b − d)², over d from 0 to b/2.
//!
//! It is applied to two series, the throughput and the mean latency per
//! bucket, and the later cut of the two is taken: a cold JVM shows its
//! warm-up in latency, a ramp-up in throughput. The last bucket is left out
//! (it covers only the end of the run, and a closed loop's clients finishing
//! together would read as a transient of its own). The figures over the
//! whole run are left as the load tool counts them (a real tool does not
//! cut); what the warm-up took is reported beside them, with the
//! throughput after it.

use super::Band;
use crate::sim::Report;

/// Buckets per MSER batch.
pub const MSER_BATCH: usize = 5;
/// Fewest batches to look for a warm-up in (30 buckets): with fewer, the
/// half of the run the rule may cut is a handful of points.
pub const MSER_MIN_BATCHES: usize = 6;

/// The warm-up found in one run.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Warmup {
    /// Whether the run had enough buckets to look ([`MSER_MIN_BATCHES`]).
    pub analysed: bool,
    /// Buckets looked at (all but the last).
    pub buckets: u32,
    /// Buckets cut from the start (a multiple of [`MSER_BATCH`]).
    pub cut_buckets: u32,
    /// Simulated seconds cut from the start.
    pub cut_s: f64,
    /// Share of the run's results (responses and errors) that fell in the
    /// cut, 0–1.
    pub share: f64,
    /// Results per second after the cut.
    pub steady_throughput_rps: f64,
    /// The cut is the deepest the rule considers (half the run): the
    /// transient may be longer than the run can show.
    pub at_limit: bool,
}

/// The batch means of `ys`, leftover buckets at the end dropped.
fn batches(ys: &[f64]) -> Vec<f64> {
    ys.chunks_exact(MSER_BATCH)
        .map(|c| c.iter().sum::<f64>() / MSER_BATCH as f64)
        .collect()
}

/// MSER's truncation of batch means `z`, in batches: the first minimum.
pub(super) fn mser(z: &[f64]) -> usize {
    let b = z.len();
    let mut best = (0, f64::INFINITY);
    for d in 0..=b / 2 {
        let rest = &z[d..];
        let n = rest.len() as f64;
        let mean = rest.iter().sum::<f64>() / n;
        let ss: f64 = rest.iter().map(|x| (x - mean) * (x - mean)).sum();
        let stat = ss / (n * n);
        if stat < best.1 {
            best = (d, stat);
        }
    }
    best.0
}

impl Warmup {
    /// The warm-up of the run `r` reports.
    pub fn of(r: &Report) -> Warmup {
        let s = &r.series;
        let m = s.throughput_rps.len().saturating_sub(1);
        let mut out = Warmup {
            buckets: m as u32,
            steady_throughput_rps: r.throughput_rps,
            ..Warmup::default()
        };
        let b = m / MSER_BATCH;
        if b < MSER_MIN_BATCHES || s.latency_mean_ms.len() < m || s.bucket_s <= 0.0 {
            return out;
        }
        let d = mser(&batches(&s.throughput_rps[..m])).max(mser(&batches(&s.latency_mean_ms[..m])));
        let cut = d * MSER_BATCH;
        let cut_s = cut as f64 * s.bucket_s;
        let total = r.throughput_rps * r.sim_time_s;
        let before: f64 = s.throughput_rps[..cut].iter().sum::<f64>() * s.bucket_s;
        let left_s = r.sim_time_s - cut_s;
        out.analysed = true;
        out.cut_buckets = cut as u32;
        out.cut_s = cut_s;
        out.share = if total > 0.0 {
            (before / total).clamp(0.0, 1.0)
        } else {
            0.0
        };
        out.steady_throughput_rps = if left_s > 0.0 {
            ((total - before) / left_s).max(0.0)
        } else {
            0.0
        };
        out.at_limit = d == b / 2 && d > 0;
        out
    }
}

/// The warm-up over N runs.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WarmupSummary {
    /// Runs long enough to look.
    pub analysed: u32,
    /// Of those, runs with a cut (a warm-up found).
    pub cut: u32,
    /// Of those, runs cut as deep as the rule goes.
    pub at_limit: u32,
    /// Seconds cut, over the runs looked at.
    pub cut_s: Band,
    /// Share of results in the cut, over the runs looked at.
    pub share: Band,
    /// Results per second after the cut, over the runs looked at.
    pub steady_throughput_rps: Band,
}

impl WarmupSummary {
    /// The summary of the runs' warm-ups.
    pub fn of<'a>(runs: impl Iterator<Item = &'a Warmup>) -> WarmupSummary {
        let looked: Vec<&Warmup> = runs.filter(|w| w.analysed).collect();
        let band =
            |f: fn(&Warmup) -> f64| Band::of(&looked.iter().map(|w| f(w)).collect::<Vec<_>>());
        WarmupSummary {
            analysed: looked.len() as u32,
            cut: looked.iter().filter(|w| w.cut_buckets > 0).count() as u32,
            at_limit: looked.iter().filter(|w| w.at_limit).count() as u32,
            cut_s: band(|w| w.cut_s),
            share: band(|w| w.share),
            steady_throughput_rps: band(|w| w.steady_throughput_rps),
        }
    }
}
