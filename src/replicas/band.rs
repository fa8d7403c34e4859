//! A figure over N runs: its median, the band from the lowest run to the
//! highest, and from [`super::INTERVAL_FROM`] runs on, the distribution-free
//! interval for the median from order statistics.
//!
//! The interval [x₍ₖ₎, x₍ₙ₊₁₋ₖ₎] of the sorted runs covers the true median
//! with probability 1 − 2·P(B ≤ k − 1), B ~ Binomial(n, ½) (e.g. Conover,
//! *Practical Nonparametric Statistics*, 3rd ed., §3.2), whatever the
//! figure's distribution, if it is continuous (ties only widen it). The
//! rank k is the largest whose coverage reaches [`INTERVAL_TARGET`]; at 5
//! runs none does, and min to max (93.75 %) is given with that coverage.

/// The coverage the interval aims for.
pub const INTERVAL_TARGET: f64 = 0.95;

/// The interval for the median.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Interval {
    /// Lower end: the k-th smallest run.
    pub lo: f64,
    /// Upper end: the k-th largest run.
    pub hi: f64,
    /// The rank k (1 is min to max).
    pub rank: u32,
    /// The probability that it covers the median (0–1), exact.
    pub coverage: f64,
}

/// A figure's median and spread over the runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Band {
    /// The median run (the mean of the middle two for an even count).
    pub median: f64,
    /// The lowest run.
    pub min: f64,
    /// The highest run.
    pub max: f64,
    /// The interval for the median, from [`super::INTERVAL_FROM`] runs on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<Interval>,
}

impl Band {
    /// The band of `values` (at least one; an empty slice gives zeros).
    pub fn of(values: &[f64]) -> Band {
        let mut v: Vec<f64> = values.to_vec();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        if n == 0 {
            return Band::default();
        }
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        let interval = (n as u32 >= super::INTERVAL_FROM).then(|| {
            let k = rank_for(n as u32);
            Interval {
                lo: v[k as usize - 1],
                hi: v[n - k as usize],
                rank: k,
                coverage: coverage(n as u32, k),
            }
        });
        Band {
            median,
            min: v[0],
            max: v[n - 1],
            interval,
        }
    }

    /// What the noise rule compares: the interval when there is one, else
    /// min to max.
    pub fn range(&self) -> (f64, f64) {
        self.interval.map_or((self.min, self.max), |i| (i.lo, i.hi))
    }

    /// The band's width relative to its median (0 when the median is 0).
    pub fn spread(&self) -> f64 {
        if self.median == 0.0 {
            0.0
        } else {
            (self.max - self.min) / self.median.abs()
        }
    }
}

/// P(B ≤ j) for B ~ Binomial(n, ½), exact for n ≤ 50: the binomial
/// coefficients stay below 2⁵³, so every step is an exact integer.
fn binomial_cdf_half(n: u32, j: u32) -> f64 {
    let mut c = 1.0_f64;
    let mut sum = 1.0_f64;
    for i in 0..j {
        c = c * f64::from(n - i) / f64::from(i + 1);
        sum += c;
    }
    // 2ⁿ is exact in f64 for n < 1,024; n ≤ 50 here.
    sum / (1u64 << n) as f64
}

/// The coverage of the interval of rank `k` over `n` runs.
pub(super) fn coverage(n: u32, k: u32) -> f64 {
    1.0 - 2.0 * binomial_cdf_half(n, k - 1)
}

/// The largest rank whose coverage reaches [`INTERVAL_TARGET`], else 1.
pub(super) fn rank_for(n: u32) -> u32 {
    let mut k = 1;
    while k < n.div_ceil(2) && coverage(n, k + 1) >= INTERVAL_TARGET {
        k += 1;
    }
    k
}
