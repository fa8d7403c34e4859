//! The one seeded random source of a run, and the distributions drawn from it.
//!
//! Determinism across native and WebAssembly builds rests on two choices made
//! here: a portable generator (PCG, seeded explicitly, never from the OS) and
//! transcendental functions from `libm` rather than the platform's math
//! library, whose last bit differs between targets.

use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::time::Nanos;

/// A seeded generator with the few draws the simulator needs.
pub struct Rng {
    inner: Pcg64Mcg,
}

impl Rng {
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Rng {
            inner: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// A uniform draw in the open interval (0, 1): never 0, so `ln` is finite.
    #[inline]
    pub fn open01(&mut self) -> f64 {
        // 53 random bits, shifted half a step off zero.
        ((self.inner.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64)
    }

    /// A standard normal draw (Box–Muller, one value of the pair).
    pub fn std_normal(&mut self) -> f64 {
        let u1 = self.open01();
        let u2 = self.open01();
        libm::sqrt(-2.0 * libm::log(u1)) * libm::cos(2.0 * core::f64::consts::PI * u2)
    }

    /// An exponential draw with the given mean.
    #[inline]
    pub fn exp(&mut self, mean: f64) -> f64 {
        -mean * libm::log(self.open01())
    }
}

/// A duration distribution, in nanoseconds, as written in a request program.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Dist {
    /// Always the same value.
    Const {
        /// The value in ns.
        ns: Nanos,
    },
    /// Exponential with this mean.
    Exp {
        /// Mean in ns.
        mean_ns: f64,
    },
    /// Uniform between two bounds.
    Uniform {
        /// Lower bound in ns.
        lo_ns: f64,
        /// Upper bound in ns.
        hi_ns: f64,
    },
    /// Log-normal fixed by its median and 99th percentile.
    LogNormal {
        /// ln of the median (ns).
        mu: f64,
        /// Shape: (ln p99 − ln p50) / z(0.99).
        sigma: f64,
    },
}

/// The standard normal quantile at 0.99, used to turn (p50, p99) into σ.
pub const Z99: f64 = 2.326_347_874_040_841;

impl Dist {
    /// A log-normal distribution with the given median and 99th percentile (ns).
    pub fn lognormal(p50_ns: f64, p99_ns: f64) -> Dist {
        let mu = libm::log(p50_ns);
        Dist::LogNormal {
            mu,
            sigma: (libm::log(p99_ns) - mu) / Z99,
        }
    }

    /// The mean of the distribution in ns (for theory overlays and checks).
    pub fn mean_ns(&self) -> f64 {
        match *self {
            Dist::Const { ns } => ns as f64,
            Dist::Exp { mean_ns } => mean_ns,
            Dist::Uniform { lo_ns, hi_ns } => (lo_ns + hi_ns) / 2.0,
            Dist::LogNormal { mu, sigma } => libm::exp(mu + sigma * sigma / 2.0),
        }
    }

    /// Whether every draw is the same value.
    pub fn is_const(&self) -> bool {
        matches!(self, Dist::Const { .. })
    }

    /// One draw, rounded to whole nanoseconds.
    #[inline]
    pub fn sample(&self, rng: &mut Rng) -> Nanos {
        let x = match *self {
            Dist::Const { ns } => return ns,
            Dist::Exp { mean_ns } => rng.exp(mean_ns),
            Dist::Uniform { lo_ns, hi_ns } => lo_ns + (hi_ns - lo_ns) * rng.open01(),
            Dist::LogNormal { mu, sigma } => libm::exp(mu + sigma * rng.std_normal()),
        };
        // Cap at ~11.6 days so a wild log-normal tail cannot overflow time.
        libm::round(x.clamp(0.0, 1e15)) as Nanos
    }
}
