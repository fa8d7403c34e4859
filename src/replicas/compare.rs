//! Two summaries side by side (two modes, two settings): per figure, the
//! medians, their relative difference, and whether that difference is
//! within the noise.
//!
//! The rule: when both sides have an interval for the median (each from
//! [`super::INTERVAL_FROM`] runs), the difference is within the noise if
//! the two intervals overlap; else, if both sides have at least two runs,
//! if their min–max bands overlap; with a single run on either side there
//! is no spread to judge by. Two ~95 % intervals that do not overlap mean
//! a difference significant well beyond the 5 % level (the overlap test is
//! conservative: Schenker & Gentleman, The American Statistician 55(3),
//! 2001), so "apart" is a safe reading and "within the noise" may include
//! small real differences that more runs would show.

use super::{Figure, Summary};

/// Whether a difference stands out of the runs' spread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Noise {
    /// The two sides' ranges overlap.
    Within,
    /// They do not: the difference is larger than the runs' spread.
    Apart,
    /// A side has one run only: no spread to judge by.
    Unjudged,
}

/// Which ranges the judgement compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// The intervals for the median.
    Intervals,
    /// The min–max bands.
    Bands,
    /// None: a single run.
    OneRun,
}

/// One figure of two summaries compared.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Difference {
    /// Which figure.
    pub figure: Figure,
    /// The first side's median.
    pub a: f64,
    /// The second side's median.
    pub b: f64,
    /// (b − a) ÷ a; `None` when a is 0.
    pub relative: Option<f64>,
    /// The judgement.
    pub noise: Noise,
    /// What it compared.
    pub rule: Rule,
}

/// Every figure of `a` and `b` compared.
pub fn compare(a: &Summary, b: &Summary) -> Vec<Difference> {
    Figure::ALL
        .iter()
        .map(|&f| {
            let (x, y) = (a.figures.get(f), b.figures.get(f));
            let rule = if a.runs < 2 || b.runs < 2 {
                Rule::OneRun
            } else if x.interval.is_some() && y.interval.is_some() {
                Rule::Intervals
            } else {
                Rule::Bands
            };
            let noise = if rule == Rule::OneRun {
                Noise::Unjudged
            } else {
                let range = |band: &super::Band| match rule {
                    Rule::Intervals => band.range(),
                    _ => (band.min, band.max),
                };
                let ((lo_a, hi_a), (lo_b, hi_b)) = (range(x), range(y));
                if lo_a <= hi_b && lo_b <= hi_a {
                    Noise::Within
                } else {
                    Noise::Apart
                }
            };
            Difference {
                figure: f,
                a: x.median,
                b: y.median,
                relative: (x.median != 0.0).then(|| (y.median - x.median) / x.median),
                noise,
                rule,
            }
        })
        .collect()
}
