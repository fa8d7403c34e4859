//! Replications: one scenario run with N seeds, each headline figure
//! summarised as a median with its band, the warm-up found in every run,
//! and two such summaries compared to say whether their difference is
//! within the noise. Pure like `sim`: facts and figures, no words, no
//! clock (the caller says how one run is run, e.g. with its wall budget).
//!
//! * Seeds ([`seeds`]): replication 1 runs the scenario's own seed, so its
//!   figures are those of a single `run`; replication k ≥ 2 runs the
//!   (k − 1)-th output of SplitMix64 (Steele, Lea & Flood, OOPSLA 2014)
//!   started from that seed, its top 53 bits (a seed a scenario can name:
//!   JSON integers are exact to 2⁵³ − 1), skipping any value already taken. Same
//!   scenario, seed and N → the same seeds and the same summary, natively
//!   and in WebAssembly (the statistics use only +, −, ×, ÷ and
//!   comparisons, which IEEE 754 makes exact-rounded everywhere).
//! * Bounds: N is checked once, by [`Count::new`] (1 to
//!   [`MAX_REPLICATIONS`]); every run is bounded by its own budgets.
//! * `band` — median, min–max and the order-statistic interval for the
//!   median; `warmup` — MSER-5 truncation of a run's time series;
//!   `compare` — the noise rule between two summaries.

mod band;
mod compare;
mod warmup;

#[cfg(test)]
mod tests;

pub use band::{Band, INTERVAL_TARGET, Interval};
pub use compare::{Difference, Noise, Rule, compare};
pub use warmup::{MSER_BATCH, MSER_MIN_BATCHES, Warmup, WarmupSummary};

use crate::sim::{Config, Outcome, Report};

/// Most replications of one scenario: held here only. 50 runs of the
/// default scenario take a few seconds natively; the interval for the
/// median at 50 runs is already within a few ranks of the middle.
pub const MAX_REPLICATIONS: u32 = 50;

/// Fewest replications with an interval for the median (below it only
/// the min–max band is given): at 5 runs the widest order-statistic
/// interval, min to max, covers the median with probability 1 − 2/2⁵ =
/// 93.75 %; at 6, 96.9 %.
pub const INTERVAL_FROM: u32 = 5;

/// The coverage of the widest interval for the median, min to max, over
/// `n` runs: 1 − 2/2ⁿ (93.75 % at 5).
pub fn coverage_at(n: u32) -> f64 {
    band::coverage(n, 1)
}

/// A number of replications that has been checked: 1 to [`MAX_REPLICATIONS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct Count(u32);

impl Count {
    /// `n` when it is 1 to [`MAX_REPLICATIONS`], else `None` (the edge says
    /// so in words).
    pub fn new(n: u64) -> Option<Count> {
        (1..=u64::from(MAX_REPLICATIONS))
            .contains(&n)
            .then_some(Count(n as u32))
    }

    /// How many.
    pub fn get(self) -> u32 {
        self.0
    }
}

impl TryFrom<u32> for Count {
    type Error = String;
    fn try_from(n: u32) -> Result<Count, String> {
        Count::new(u64::from(n)).ok_or_else(|| format!("{n} replications: 1 to {MAX_REPLICATIONS}"))
    }
}

impl From<Count> for u32 {
    fn from(c: Count) -> u32 {
        c.0
    }
}

/// SplitMix64's step: the state moves by the golden-ratio increment and
/// the output is the state mixed (constants from Steele, Lea & Flood).
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Bits of a derived seed: a scenario's `seed` is at most 2⁵³ − 1, so that
/// `--set seed=S` (and a permalink) can run any replication on its own.
pub const SEED_BITS: u32 = 53;

/// The seeds of `n` replications of a scenario whose seed is `base`: `base`
/// first, then the top [`SEED_BITS`] bits of SplitMix64's outputs from
/// `base`, each distinct.
pub fn seeds(base: u64, n: Count) -> Vec<u64> {
    let mut out = vec![base];
    let mut state = base;
    while out.len() < n.get() as usize {
        let s = splitmix64(&mut state) >> (64 - SEED_BITS);
        // Two of at most 50 values in 2⁵³ collide with odds below 10⁻¹²;
        // should they, the next output is taken.
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// `cfg` with `seed` in place of its own.
pub fn config_for(cfg: &Config, seed: u64) -> Config {
    Config {
        seed,
        ..cfg.clone()
    }
}

/// The figures summarised, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    /// Results (responses and errors) per second, as hey's Requests/sec.
    Throughput,
    /// Successful responses per second.
    Goodput,
    /// Median latency of the successful responses, ms.
    P50,
    /// Their 99th percentile, ms.
    P99,
    /// The slowest of them, ms.
    Max,
    /// Their mean, ms.
    Mean,
}

impl Figure {
    /// Every figure, in the order they are shown.
    pub const ALL: [Figure; 6] = [
        Figure::Throughput,
        Figure::Goodput,
        Figure::P50,
        Figure::P99,
        Figure::Max,
        Figure::Mean,
    ];

    /// Its name in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Figure::Throughput => "throughput",
            Figure::Goodput => "goodput",
            Figure::P50 => "p50",
            Figure::P99 => "p99",
            Figure::Max => "max",
            Figure::Mean => "mean",
        }
    }

    /// Whether higher is better (rates) or lower (latencies).
    pub fn higher_is_better(self) -> bool {
        matches!(self, Figure::Throughput | Figure::Goodput)
    }
}

/// One value per [`Figure`].
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Figures<T> {
    /// Results per second.
    pub throughput: T,
    /// Successful responses per second.
    pub goodput: T,
    /// Successful responses' p50, ms.
    pub p50: T,
    /// Their p99, ms.
    pub p99: T,
    /// Their maximum, ms.
    pub max: T,
    /// Their mean, ms.
    pub mean: T,
}

impl<T> Figures<T> {
    /// The value of `f`.
    pub fn get(&self, f: Figure) -> &T {
        match f {
            Figure::Throughput => &self.throughput,
            Figure::Goodput => &self.goodput,
            Figure::P50 => &self.p50,
            Figure::P99 => &self.p99,
            Figure::Max => &self.max,
            Figure::Mean => &self.mean,
        }
    }

    /// Each figure's value made from its name.
    pub fn from_fn(mut make: impl FnMut(Figure) -> T) -> Figures<T> {
        Figures {
            throughput: make(Figure::Throughput),
            goodput: make(Figure::Goodput),
            p50: make(Figure::P50),
            p99: make(Figure::P99),
            max: make(Figure::Max),
            mean: make(Figure::Mean),
        }
    }
}

/// What one replication keeps of its report: small, so N of them are.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Sample {
    /// Its seed.
    pub seed: u64,
    /// How it ended.
    pub outcome: Outcome,
    /// Its figures over the whole run, as the load tool counts them.
    pub figures: Figures<f64>,
    /// The warm-up MSER-5 found in its time series.
    pub warmup: Warmup,
}

impl Sample {
    /// What a run's report gives the summary.
    pub fn of(r: &Report) -> Sample {
        let ok = &r.latency_ok_ms;
        Sample {
            seed: r.seed,
            outcome: r.outcome,
            figures: Figures {
                throughput: r.throughput_rps,
                goodput: r.goodput_rps,
                p50: ok.p50,
                p99: ok.p99,
                max: ok.max,
                mean: ok.mean,
            },
            warmup: Warmup::of(r),
        }
    }
}

/// N replications summarised.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    /// How many runs.
    pub runs: u32,
    /// Their seeds, in order.
    pub seeds: Vec<u64>,
    /// Runs stopped by a budget (their figures are partial).
    pub partial: u32,
    /// Runs that hit a memory or thread limit.
    pub out_of_memory: u32,
    /// Runs that deadlocked.
    pub deadlocked: u32,
    /// Each figure's median and band over the runs.
    pub figures: Figures<Band>,
    /// The warm-up over the runs.
    pub warmup: WarmupSummary,
}

impl Summary {
    /// The summary of `samples` (at least one).
    pub fn of(samples: &[Sample]) -> Summary {
        let count = |o: Outcome| samples.iter().filter(|s| s.outcome == o).count() as u32;
        Summary {
            runs: samples.len() as u32,
            seeds: samples.iter().map(|s| s.seed).collect(),
            partial: count(Outcome::BudgetExceeded),
            out_of_memory: count(Outcome::OutOfMemory),
            deadlocked: count(Outcome::Deadlock),
            figures: Figures::from_fn(|f| {
                Band::of(
                    &samples
                        .iter()
                        .map(|s| *s.figures.get(f))
                        .collect::<Vec<_>>(),
                )
            }),
            warmup: WarmupSummary::of(samples.iter().map(|s| &s.warmup)),
        }
    }
}

/// Runs `cfg` `n` times, one seed each ([`seeds`]), with `run_one` (which
/// applies the caller's budgets), and summarises them. Returns the first
/// run's report too: it is the scenario's own seed, a single run's report.
pub fn run(
    cfg: &Config,
    n: Count,
    run_one: &mut dyn FnMut(&Config) -> Report,
) -> (Report, Summary) {
    let mut first = None;
    let mut samples = Vec::with_capacity(n.get() as usize);
    for seed in seeds(cfg.seed, n) {
        let report = run_one(&config_for(cfg, seed));
        samples.push(Sample::of(&report));
        first.get_or_insert(report);
    }
    let first = first.expect("a count is at least 1");
    (first, Summary::of(&samples))
}
