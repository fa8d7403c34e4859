//! The one seeded random source of a run, and the distributions drawn from it.
//!
//! Determinism across native and WebAssembly builds rests on two choices made
//! here: a portable generator (xoshiro256++, seeded explicitly, never from the
//! OS) and transcendental functions from `libm` rather than the platform's
//! math library, whose last bit differs between targets.
//!
//! Speed: exponential draws are the hot path of every Poisson arrival and
//! `exp(...)` step, so they use Marsaglia and Tsang's ziggurat (one 64-bit
//! draw, a multiply and a compare in 98.9 % of cases) instead of `-ln U`,
//! whose `log` alone cost more than the rest of an M/M/c event. The
//! generator is 64-bit only: a 128-bit multiply (PCG) is a library call in
//! WebAssembly.

use std::sync::OnceLock;

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::time::Nanos;

/// 2^-53: turns 53 random bits into a float in [0, 1).
const UNIT: f64 = 1.0 / (1u64 << 53) as f64;

/// The top 53 bits of a draw as a float (0 to 2^53 − 1, exactly). Through
/// `i64`: the value fits, and a signed conversion is one instruction where
/// an unsigned one is several.
#[inline(always)]
fn top53(bits: u64) -> f64 {
    ((bits >> 11) as i64) as f64
}

/// A seeded generator with the few draws the simulator needs.
pub struct Rng {
    inner: Xoshiro256PlusPlus,
    zig: &'static ExpZiggurat,
}

impl Rng {
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Rng {
            inner: Xoshiro256PlusPlus::seed_from_u64(seed),
            zig: ExpZiggurat::get(),
        }
    }

    /// A uniform draw in the open interval (0, 1): never 0, so `ln` is finite.
    #[inline]
    pub fn open01(&mut self) -> f64 {
        // 53 random bits, shifted half a step off zero.
        (top53(self.inner.next_u64()) + 0.5) * UNIT
    }

    /// A standard normal draw (Box–Muller, one value of the pair).
    pub fn std_normal(&mut self) -> f64 {
        let u1 = self.open01();
        let u2 = self.open01();
        // `sqrt` is correctly rounded by IEEE 754 on every target (one
        // instruction, where libm's portable version is slow in WebAssembly).
        (-2.0 * libm::log(u1)).sqrt() * libm::cos(2.0 * core::f64::consts::PI * u2)
    }

    /// An exponential draw with the given mean.
    #[inline]
    pub fn exp(&mut self, mean: f64) -> f64 {
        mean * self.std_exp()
    }

    /// An exponential draw with mean 1 (ziggurat).
    #[inline]
    pub fn std_exp(&mut self) -> f64 {
        loop {
            let bits = self.inner.next_u64();
            // The low 8 bits pick a layer, the top 53 place the point in it.
            let i = (bits & 0xff) as usize;
            let x = top53(bits) * UNIT * self.zig.x[i];
            if x < self.zig.x[i + 1] {
                return x;
            }
            if let Some(x) = self.std_exp_edge(i, x) {
                return x;
            }
        }
    }

    /// The rare cases of the ziggurat: the tail beyond R, or a point in a
    /// layer's wedge that must be tested against the density.
    #[inline(never)]
    fn std_exp_edge(&mut self, i: usize, x: f64) -> Option<f64> {
        if i == 0 {
            // The exponential is memoryless: the tail is R plus a fresh draw.
            return Some(ZIG_R - libm::log(self.open01()));
        }
        let z = self.zig;
        let y = z.f[i + 1] + (z.f[i] - z.f[i + 1]) * self.open01();
        (y < libm::exp(-x)).then_some(x)
    }
}

/// Layers of the exponential ziggurat.
const ZIG_LAYERS: usize = 256;
/// Where the base layer's tail starts (Marsaglia & Tsang, 256 layers).
const ZIG_R: f64 = 7.697_117_470_131_487;
/// Area of every layer.
const ZIG_V: f64 = 3.949_659_822_581_572e-3;

/// The ziggurat's layer edges `x` (decreasing from the base layer's pseudo
/// width to 0) and the density at them, `f = e^-x`.
struct ExpZiggurat {
    x: [f64; ZIG_LAYERS + 1],
    f: [f64; ZIG_LAYERS + 1],
}

impl ExpZiggurat {
    /// The tables, built once per process with `libm` (so bit-identical on
    /// every target).
    fn get() -> &'static ExpZiggurat {
        static TABLES: OnceLock<ExpZiggurat> = OnceLock::new();
        TABLES.get_or_init(ExpZiggurat::build)
    }

    fn build() -> ExpZiggurat {
        let mut x = [0.0; ZIG_LAYERS + 1];
        // Base layer: the rectangle under f(R) plus the tail, area V, drawn
        // as a rectangle of the same area.
        x[0] = ZIG_V / libm::exp(-ZIG_R);
        x[1] = ZIG_R;
        // Each layer above has area V: x_{i+1} = f^-1(f(x_i) + V / x_i).
        for i in 1..ZIG_LAYERS - 1 {
            x[i + 1] = -libm::log(libm::exp(-x[i]) + ZIG_V / x[i]);
        }
        x[ZIG_LAYERS] = 0.0;
        let f = x.map(|v| libm::exp(-v));
        ExpZiggurat { x, f }
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
    /// Log-normal fixed by its median and 99th percentile, shifted by a
    /// floor no draw goes below (0: the plain two-parameter log-normal).
    LogNormal {
        /// ln of the median (ns) of the part above the floor.
        mu: f64,
        /// Shape: (ln p99 − ln p50) / z(0.99), of the part above the floor.
        sigma: f64,
        /// The floor, ns: every draw is at least this.
        #[serde(default)]
        floor_ns: f64,
    },
}

/// The standard normal quantile at 0.99, used to turn (p50, p99) into σ.
pub(crate) const Z99: f64 = 2.326_347_874_040_841;

/// The standard normal quantile at 0.90, used to turn (p50, p90) into σ.
pub(crate) const Z90: f64 = 1.281_551_565_544_600_4;

impl Dist {
    /// A log-normal distribution with the given median and 99th percentile (ns).
    pub fn lognormal(p50_ns: f64, p99_ns: f64) -> Dist {
        Dist::lognormal_above(0.0, p50_ns, p99_ns)
    }

    /// A log-normal shifted by `floor_ns`, with the given median and 99th
    /// percentile of the whole draw (floor included): a floor no draw goes
    /// below, and a skewed part above it. Needs `floor < p50 < p99`.
    pub fn lognormal_above(floor_ns: f64, p50_ns: f64, p99_ns: f64) -> Dist {
        let mu = libm::log(p50_ns - floor_ns);
        Dist::LogNormal {
            mu,
            sigma: (libm::log(p99_ns - floor_ns) - mu) / Z99,
            floor_ns,
        }
    }

    /// A log-normal distribution with the given median (ns) whose 90th
    /// percentile is `p90_over_p50` times it; a ratio of 1 (or a median of
    /// 0) is that constant, with no draw.
    pub fn lognormal_p90(p50_ns: f64, p90_over_p50: f64) -> Dist {
        if p90_over_p50 <= 1.0 || p50_ns <= 0.0 {
            return Dist::Const {
                ns: round_ns(p50_ns),
            };
        }
        Dist::LogNormal {
            mu: libm::log(p50_ns),
            sigma: libm::log(p90_over_p50) / Z90,
            floor_ns: 0.0,
        }
    }

    /// The mean of the distribution in ns (for theory overlays and checks).
    pub fn mean_ns(&self) -> f64 {
        match *self {
            Dist::Const { ns } => ns as f64,
            Dist::Exp { mean_ns } => mean_ns,
            Dist::Uniform { lo_ns, hi_ns } => (lo_ns + hi_ns) / 2.0,
            Dist::LogNormal {
                mu,
                sigma,
                floor_ns,
            } => floor_ns + libm::exp(mu + sigma * sigma / 2.0),
        }
    }

    /// A log-normal's floor, median and 99th percentile in ns, as
    /// `lognormal(floor=…,p50=…,p99=…)` named them (`None` for another kind).
    pub fn lognormal_floor_p50_p99_ns(&self) -> Option<(f64, f64, f64)> {
        match *self {
            Dist::LogNormal {
                mu,
                sigma,
                floor_ns,
            } => Some((
                floor_ns,
                floor_ns + libm::exp(mu),
                floor_ns + libm::exp(mu + sigma * Z99),
            )),
            _ => None,
        }
    }

    /// Whether every draw is the same value.
    pub fn is_const(&self) -> bool {
        matches!(self, Dist::Const { .. })
    }

    /// One draw, rounded to whole nanoseconds.
    #[inline(always)]
    pub fn sample(&self, rng: &mut Rng) -> Nanos {
        let x = match *self {
            Dist::Const { ns } => return ns,
            Dist::Exp { mean_ns } => rng.exp(mean_ns),
            Dist::Uniform { lo_ns, hi_ns } => lo_ns + (hi_ns - lo_ns) * rng.open01(),
            Dist::LogNormal {
                mu,
                sigma,
                floor_ns,
            } => floor_ns + libm::exp(mu + sigma * rng.std_normal()),
        };
        round_ns(x)
    }
}

/// Rounds a duration in ns to whole ns (half up), capped at ~11.6 days so a
/// wild log-normal tail cannot overflow time; negative or NaN gives 0.
/// `x + 0.5` truncated is rounding half up without a call to `round`, and
/// the float-to-signed conversion is one instruction (it saturates).
#[inline(always)]
pub(crate) fn round_ns(x: f64) -> Nanos {
    ((x + 0.5) as i64).clamp(0, ROUND_CAP) as Nanos
}

/// The longest duration a draw may give (ns).
const ROUND_CAP: i64 = 1_000_000_000_000_000;

#[cfg(test)]
mod tests {
    use super::*;

    /// The ziggurat's top layer must close at 0 with area V, else the tables
    /// (and every exponential draw) are off.
    #[test]
    fn ziggurat_layers_have_equal_area() {
        let z = ExpZiggurat::build();
        for i in 1..ZIG_LAYERS {
            let area = z.x[i] * (z.f[i + 1] - z.f[i]);
            assert!((area - ZIG_V).abs() < 1e-12, "layer {i}: area {area}");
        }
        let base = z.x[0] * z.f[1];
        assert!((base - ZIG_V).abs() < 1e-15, "base layer: {base}");
    }

    /// Draws follow Exp(1): moments, the Kolmogorov–Smirnov distance, and
    /// the tail beyond R, which only the rare path produces.
    #[test]
    fn exponential_draws_follow_the_distribution() {
        let mut rng = Rng::new(7);
        let n = 400_000;
        let mut xs: Vec<f64> = (0..n).map(|_| rng.std_exp()).collect();
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64;
        assert!((mean - 1.0).abs() < 0.01, "mean {mean}");
        assert!((var - 1.0).abs() < 0.02, "variance {var}");
        let tail = xs.iter().filter(|&&x| x > ZIG_R).count() as f64 / n as f64;
        let want = libm::exp(-ZIG_R);
        assert!((tail - want).abs() < 0.5 * want, "tail {tail} vs {want}");
        xs.sort_by(f64::total_cmp);
        let ks = xs
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                let cdf = 1.0 - libm::exp(-x);
                (cdf - i as f64 / n as f64)
                    .abs()
                    .max((cdf - (i + 1) as f64 / n as f64).abs())
            })
            .fold(0.0, f64::max);
        // The 0.1 % critical value is 1.95 / sqrt(n).
        assert!(ks < 1.95 / (n as f64).sqrt(), "KS distance {ks}");
    }

    /// Each layer is hit as often as its share: a wrong layer pick would
    /// pass the moments above yet bend the shape.
    #[test]
    fn exponential_deciles_match() {
        let mut rng = Rng::new(11);
        let n = 200_000;
        let mut counts = [0u32; 10];
        for _ in 0..n {
            let u = 1.0 - libm::exp(-rng.std_exp());
            counts[((u * 10.0) as usize).min(9)] += 1;
        }
        // Chi-square with 9 degrees of freedom, 0.1 % critical value 27.9.
        let e = n as f64 / 10.0;
        let chi: f64 = counts.iter().map(|&c| (c as f64 - e).powi(2) / e).sum();
        assert!(chi < 27.9, "chi-square {chi}: {counts:?}");
    }

    /// A log-normal above a floor: no draw below the floor, and the stated
    /// median and 99th percentile (of the whole draw) and the mean hold.
    #[test]
    fn a_floored_lognormal_never_draws_below_its_floor() {
        let d = Dist::lognormal_above(2e6, 3e6, 9e6);
        let mut rng = Rng::new(5);
        let n = 200_000;
        let mut xs: Vec<f64> = (0..n).map(|_| d.sample(&mut rng) as f64).collect();
        xs.sort_by(f64::total_cmp);
        assert!(xs[0] >= 2e6, "smallest {}", xs[0]);
        assert!(xs[0] < 2.05e6, "smallest {}", xs[0]);
        let at = |q: f64| xs[(q * n as f64) as usize];
        assert!((at(0.5) / 3e6 - 1.0).abs() < 0.01, "p50 {}", at(0.5));
        assert!((at(0.99) / 9e6 - 1.0).abs() < 0.03, "p99 {}", at(0.99));
        let mean = xs.iter().sum::<f64>() / n as f64;
        assert!((mean / d.mean_ns() - 1.0).abs() < 0.01, "mean {mean}");
        assert_eq!(d.lognormal_floor_p50_p99_ns().map(|q| q.0), Some(2e6));
    }

    #[test]
    fn rounding_is_half_up_and_capped() {
        assert_eq!(round_ns(0.49), 0);
        assert_eq!(round_ns(0.5), 1);
        assert_eq!(round_ns(2.5), 3);
        assert_eq!(round_ns(-3.0), 0);
        assert_eq!(round_ns(f64::INFINITY), 1_000_000_000_000_000);
        assert_eq!(round_ns(f64::NAN), 0);
        assert_eq!(round_ns(-0.4), 0);
    }
}
