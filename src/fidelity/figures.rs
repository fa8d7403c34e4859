//! Every measured figure of the source articles as data: its value in the
//! article's own units, the preset that reproduces it, how to read the
//! simulated value from a report, its tolerance and its basis.

use std::borrow::Cow;

use super::arith::Arith;
use crate::i18n::Phrase;

/// The phrase of catalogue key `family` + `id`, if there is an id.
fn said(family: &str, id: &str) -> Option<Phrase> {
    (!id.is_empty()).then(|| Phrase::new(format!("{family}{id}")))
}

/// How a figure relates to the simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// Not fitted: the simulation predicts it from stated and assumed values.
    Predicted,
    /// An assumed value was fitted to this figure (must match within 2 %).
    Calibrated,
    /// Words, not a number: checked by a stated rule.
    Qualitative,
    /// Follows from a calibrated figure by arithmetic (hey's total time is
    /// n ÷ its calibrated Requests/sec; a closed loop's mean is C ÷ X): it
    /// is checked, but it is not an independent prediction.
    Derived,
    /// Contradicts the article's other figures or queueing theory, or
    /// belongs to a set of figures that do: shown with the arithmetic, never
    /// fitted, neither a pass nor a fail of the model.
    Contradiction,
}

impl Basis {
    /// The basis in one word, as the JSON writes it.
    pub fn word(self) -> &'static str {
        match self {
            Basis::Predicted => "predicted",
            Basis::Calibrated => "calibrated",
            Basis::Qualitative => "qualitative",
            Basis::Derived => "derived",
            Basis::Contradiction => "contradiction",
        }
    }
}

/// How close a prediction must come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tolerance {
    /// Throughput or total time: ±10 %.
    Throughput,
    /// Mean latency: ±10 %.
    MeanLatency,
    /// Percentiles, fastest and slowest: ±15 %.
    Percentile,
    /// Error rates: ±15 %, or ±1 percentage point near zero.
    ErrorRate,
    /// Memory: ±15 %.
    Memory,
}

impl Tolerance {
    /// Allowed relative difference.
    pub fn relative(self) -> f64 {
        match self {
            Tolerance::Throughput | Tolerance::MeanLatency => 0.10,
            Tolerance::Percentile | Tolerance::ErrorRate | Tolerance::Memory => 0.15,
        }
    }

    /// Allowed absolute difference in the figure's unit, if any.
    pub fn absolute(self) -> Option<f64> {
        match self {
            Tolerance::ErrorRate => Some(1.0),
            _ => None,
        }
    }
}

/// A measured value as the article gives it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Measured {
    /// A number in the figure's unit.
    Number(f64),
    /// Words ("almost identical", "out of memory"): borrowed from the table
    /// of figures, owned once a row has crossed to the page as JSON.
    Text(Cow<'static, str>),
}

/// A latency statistic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    /// Mean.
    Mean,
    /// Median.
    P50,
    /// 99th percentile.
    P99,
    /// Fastest.
    Min,
    /// Slowest.
    Max,
}

/// Where the simulated value comes from in a [`Report`](crate::sim::Report).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Read {
    /// `throughput_rps` (hey's Requests/sec).
    ThroughputRps,
    /// `sim_time_s` (hey's Total).
    TotalTimeS,
    /// A response-latency statistic, ms.
    Latency(Stat),
    /// Client errors and non-200 responses, percent of all results.
    ErrorRatePct,
    /// `executors[name].throughput_per_s`.
    ExecutorPerS(&'static str),
    /// Throughput-weighted mean latency of the time-series buckets that start
    /// at or after `after_s` (a chart's plateau), ms.
    PlateauMeanMs {
        /// Start of the plateau, simulated seconds.
        after_s: f64,
    },
    /// Peak live heap minus the preset's idle heap, MB (what a graph of
    /// the heap after each collection shows).
    MemoryIncreaseMb,
    /// Peak resident memory, MB.
    PeakMemoryMb,
    /// Nothing the simulation can show for this figure.
    Nothing,
}

/// The rule of a qualitative figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// No client error and no error response.
    NoErrors,
    /// The run ends out of memory.
    OutOfMemory,
    /// The figure's `read` is within 10 % of the same read of `other`.
    Within10Pct {
        /// The other variant's preset.
        other: &'static str,
    },
}

/// One measured figure.
#[derive(Clone, Debug)]
pub struct Figure {
    /// Experiment id (`E1` … `E4`, `E2-repost`).
    pub experiment: &'static str,
    /// Variant, as the article names it.
    pub variant: &'static str,
    /// What was measured.
    pub metric: &'static str,
    /// Unit of `measured` (and of the simulated value).
    pub unit: &'static str,
    /// The article's value, in the article's units.
    pub measured: Measured,
    /// The preset that reproduces the run.
    pub preset: &'static str,
    /// How to read the simulated value (converted to `unit`).
    pub read: Read,
    /// How close a prediction must come.
    pub tolerance: Tolerance,
    /// Predicted, calibrated, qualitative or contradiction.
    pub basis: Basis,
    /// The rule of a qualitative figure.
    pub check: Option<Check>,
    /// The rule in words (qualitative figures): the id of its text in the
    /// catalogue, `figure.rule.<id>` (empty: none).
    pub rule: &'static str,
    /// The contradiction's arithmetic.
    pub arith: Option<Arith>,
    /// Context for people: where the number is read, what was calibrated;
    /// the id of its text in the catalogue, `figure.note.<id>` (empty: none).
    pub note: &'static str,
    /// A prediction the model cannot reach with honest assumptions: what it
    /// would need. Such a row is expected to fail (tested), as a finding.
    /// The id of its text in the catalogue, `figure.finding.<id>` (empty:
    /// none).
    pub finding: &'static str,
    /// The part of the figure the scenario states (a sleep, a query), in the
    /// figure's unit: the tolerance applies to what lies beyond it, the part
    /// the model predicts.
    pub stated: Option<f64>,
    /// An absolute tolerance on that predicted part, in the figure's unit,
    /// where a relative one means nothing (a part near zero).
    pub within: Option<f64>,
}

// One argument per column of the table below: a row reads like the article's.
#[allow(clippy::too_many_arguments)]
const fn fig(
    experiment: &'static str,
    variant: &'static str,
    metric: &'static str,
    unit: &'static str,
    measured: Measured,
    preset: &'static str,
    read: Read,
    tolerance: Tolerance,
    basis: Basis,
) -> Figure {
    Figure {
        experiment,
        variant,
        metric,
        unit,
        measured,
        preset,
        read,
        tolerance,
        basis,
        check: None,
        rule: "",
        arith: None,
        note: "",
        finding: "",
        stated: None,
        within: None,
    }
}

impl Figure {
    const fn note(mut self, note: &'static str) -> Self {
        self.note = note;
        self
    }
    const fn finding(mut self, finding: &'static str) -> Self {
        self.finding = finding;
        self
    }
    const fn rule(mut self, check: Check, rule: &'static str) -> Self {
        self.check = Some(check);
        self.rule = rule;
        self
    }
    const fn arith(mut self, arith: Arith) -> Self {
        self.arith = Some(arith);
        self
    }
    /// Compares only the part beyond `stated` (the figure's unit).
    const fn beyond(mut self, stated: f64) -> Self {
        self.stated = Some(stated);
        self
    }
    /// An absolute tolerance on the part beyond what is stated.
    const fn within(mut self, tolerance: f64) -> Self {
        self.within = Some(tolerance);
        self
    }

    /// How many of the read's units make one of the figure's: latencies are
    /// read in ms, so a figure in seconds (hey's) is 1,000 of them.
    pub fn read_units_per_unit(&self) -> f64 {
        match (self.read, self.unit) {
            (Read::Latency(_) | Read::PlateauMeanMs { .. }, "s") => 1000.0,
            _ => 1.0,
        }
    }

    /// The words of its note, rule and finding, each a phrase of the
    /// catalogue (`None` for one it does not have).
    pub fn note_said(&self) -> Option<Phrase> {
        said("figure.note.", self.note)
    }

    /// See [`Figure::note_said`].
    pub fn rule_said(&self) -> Option<Phrase> {
        said("figure.rule.", self.rule)
    }

    /// See [`Figure::note_said`].
    pub fn finding_said(&self) -> Option<Phrase> {
        said("figure.finding.", self.finding)
    }

    /// Every preset the figure needs (its own, and a comparison's).
    pub fn presets(&self) -> Vec<&'static str> {
        let mut v = vec![self.preset];
        if let Some(Check::Within10Pct { other }) = self.check {
            v.push(other);
        }
        v
    }
}

use Basis::*;
use Measured::Number as N;

/// The article's words for a figure without a number.
const fn words(text: &'static str) -> Measured {
    Measured::Text(Cow::Borrowed(text))
}
use Read::*;
use Stat::*;
use Tolerance as Tol;

/// E1's platform figures that Little's law shows cannot come from one run.
const E1_PLATFORM_SET: Arith = Arith::LittleVsMedian {
    n: 2000.0,
    x_rps: 1850.0,
    p50_ms: 108.0,
    p99_ms: 1240.0,
    error_pct: 2.3,
    run_s: 60.0,
};

// One figure a line (or a few), as the article gives them: rustfmt would
// spread each over ten.
#[rustfmt::skip]
static FIGURES: &[Figure] = &[
    // ---- E1 -----------------------------------------------------------------
    fig("E1", "platform", "throughput", "req/s", N(1850.0), "e1-platform", ThroughputRps, Tol::Throughput, Calibrated)
        .note("e1-platform.throughput"),
    fig("E1", "platform", "p50 latency", "ms", N(108.0), "e1-platform", Latency(P50), Tol::Percentile, Contradiction)
        .arith(E1_PLATFORM_SET)
        .note("e1-platform.p50"),
    fig("E1", "platform", "p99 latency", "ms", N(1240.0), "e1-platform", Latency(P99), Tol::Percentile, Contradiction)
        .arith(E1_PLATFORM_SET)
        .note("e1-platform.set"),
    fig("E1", "platform", "error rate", "%", N(2.3), "e1-platform", ErrorRatePct, Tol::ErrorRate, Contradiction)
        .arith(E1_PLATFORM_SET)
        .note("e1-platform.error_rate"),
    fig("E1", "virtual", "throughput", "req/s", N(14200.0), "e1-virtual", ThroughputRps, Tol::Throughput, Calibrated)
        .note("e1-virtual.throughput"),
    fig("E1", "virtual", "p50 latency", "ms", N(105.0), "e1-virtual", Latency(P50), Tol::Percentile, Contradiction)
        .arith(Arith::LittleVsMedian { n: 2000.0, x_rps: 14200.0, p50_ms: 105.0, p99_ms: 142.0, error_pct: 0.0, run_s: 60.0 }),
    fig("E1", "virtual", "p99 latency", "ms", N(142.0), "e1-virtual", Latency(P99), Tol::Percentile, Predicted)
        .beyond(100.0)
        .note("e1-virtual.p99")
        .finding("e1-virtual.p99"),
    fig("E1", "virtual", "error rate", "%", N(0.0), "e1-virtual", ErrorRatePct, Tol::ErrorRate, Predicted),
    // ---- E2 -----------------------------------------------------------------
    fig("E2", "platform", "Requests/sec", "req/s", N(1877.2105), "e2-platform", ThroughputRps, Tol::Throughput, Calibrated)
        .note("e2-platform.throughput"),
    fig("E2", "platform", "total time", "s", N(53.2705), "e2-platform", TotalTimeS, Tol::Throughput, Derived)
        .note("e2.total_time"),
    fig("E2", "platform", "average", "s", N(1.0508), "e2-platform", Latency(Mean), Tol::MeanLatency, Derived)
        .note("e2-platform.average"),
    fig("E2", "platform", "slowest", "s", N(1.3969), "e2-platform", Latency(Max), Tol::Percentile, Predicted)
        .beyond(0.050)
        .note("e2.beyond_sleep")
        .finding("e2-platform.slowest"),
    fig("E2", "platform", "fastest", "s", N(0.0532), "e2-platform", Latency(Min), Tol::Percentile, Predicted)
        .beyond(0.050)
        .note("e2-platform.fastest")
        .finding("e2-platform.fastest"),
    fig("E2", "virtual", "Requests/sec", "req/s", N(12773.137), "e2-virtual", ThroughputRps, Tol::Throughput, Calibrated)
        .note("e2-virtual.throughput"),
    fig("E2", "virtual", "total time", "s", N(7.8289), "e2-virtual", TotalTimeS, Tol::Throughput, Derived)
        .note("e2.total_time"),
    fig("E2", "virtual", "average", "s", N(0.1520), "e2-virtual", Latency(Mean), Tol::MeanLatency, Derived)
        .note("e2-virtual.average"),
    fig("E2", "virtual", "slowest", "s", N(0.3913), "e2-virtual", Latency(Max), Tol::Percentile, Predicted)
        .beyond(0.050)
        .note("e2-virtual.slowest"),
    fig("E2", "virtual", "fastest", "s", N(0.0538), "e2-virtual", Latency(Min), Tol::Percentile, Predicted)
        .beyond(0.050)
        .note("e2-virtual.fastest")
        .finding("e2-virtual.fastest"),
    // ---- E2's reposted table -------------------------------------------------
    fig("E2-repost", "platform", "max concurrency supported", "users", N(400.0), "e2-repost-platform", Nothing, Tol::Throughput, Contradiction)
        .arith(Arith::PoolTimeouts { users: 400.0, threads: 200.0, service_ms: 150.0, timeout_s: 20.0 })
        .note("e2-repost-platform.timeouts"),
    fig("E2-repost", "virtual", "max concurrency supported", "% errors", words("10,000+ (stable)"), "e2-repost-virtual", ErrorRatePct, Tol::ErrorRate, Qualitative)
        .rule(Check::NoErrors, "e2-repost-virtual.stable"),
    fig("E2-repost", "platform", "mean response time", "ms", N(3200.0), "e2-repost-platform", Latency(Mean), Tol::MeanLatency, Contradiction)
        .arith(Arith::PoolMean { users: 400.0, threads: 200.0, service_ms: 150.0, mean_ms: 3200.0 })
        .note("e2-repost-platform.mean"),
    fig("E2-repost", "virtual", "mean response time", "ms", N(150.0), "e2-repost-virtual", Latency(Mean), Tol::MeanLatency, Contradiction)
        .arith(Arith::CpuCeiling { users: 10000.0, mean_ms: 150.0, cores: 4.0, best_rps: 12773.137 })
        .note("e2-repost-virtual.mean"),
    fig("E2-repost", "platform", "memory at 10,000 concurrency", "MB", words("out of memory"), "e2-repost-platform", PeakMemoryMb, Tol::Memory, Contradiction)
        .rule(Check::OutOfMemory, "e2-repost-platform.out_of_memory")
        .arith(Arith::BoundedPoolOom { threads: 200.0, stack_mb: 1.0, resident_kb: 64.0, users: 10000.0, per_request_kb: 21.7, base_mb: 40.0, heap_mb: 2048.0, machine_mb: 8192.0, tasks_max: 4915.0 })
        .note("e2-repost-platform.memory"),
    fig("E2-repost", "virtual", "memory at 10,000 concurrency", "MB", N(300.0), "e2-repost-virtual", MemoryIncreaseMb, Tol::Memory, Calibrated)
        .note("e2-repost-virtual.memory"),
    fig("E2", "platform", "memory, threads.max 200 → 1,000", "MB", words("~2 GB → ~4 GB"), "e2-platform", Nothing, Tol::Memory, Contradiction)
        .arith(Arith::StackGrowth { from_threads: 200.0, to_threads: 1000.0, stack_mb: 1.0, resident_kb: 64.0, claimed_mb: 2048.0 })
        .note("e2-platform.memory"),
    // ---- E3 -----------------------------------------------------------------
    fig("E3", "sleep platform", "response time plateau", "ms", N(5000.0), "e3-sleep-platform", PlateauMeanMs { after_s: 110.0 }, Tol::MeanLatency, Predicted)
        .beyond(1000.0)
        .note("e3-sleep-platform.plateau"),
    fig("E3", "sleep virtual", "response time plateau", "ms", N(1000.0), "e3-sleep-virtual", PlateauMeanMs { after_s: 110.0 }, Tol::MeanLatency, Predicted)
        .beyond(1000.0)
        .within(50.0)
        .note("e3-sleep-virtual.plateau"),
    fig("E3", "cpu platform", "response time vs virtual", "ms", words("about the same as virtual"), "e3-cpu-platform", Latency(Mean), Tol::MeanLatency, Qualitative)
        .rule(Check::Within10Pct { other: "e3-cpu-virtual" }, "e3-cpu-platform.about_the_same"),
    fig("E3", "cpu virtual", "throughput vs platform", "req/s", words("about the same (\"a little smoother\")"), "e3-cpu-virtual", ThroughputRps, Tol::Throughput, Qualitative)
        .rule(Check::Within10Pct { other: "e3-cpu-platform" }, "e3-cpu-virtual.about_the_same")
        .note("e3-cpu-virtual.smoother"),
    // ---- E4 -----------------------------------------------------------------
    fig("E4", "platform executor 25", "e-mails/s", "e-mails/s", words("almost identical"), "e4-platform-25", ExecutorPerS("email"), Tol::Throughput, Qualitative)
        .rule(Check::Within10Pct { other: "e4-virtual-25" }, "e4.vs_virtual")
        .note("e4.keeps_up"),
    fig("E4", "virtual executor 25", "e-mails/s", "e-mails/s", words("almost identical"), "e4-virtual-25", ExecutorPerS("email"), Tol::Throughput, Qualitative)
        .rule(Check::Within10Pct { other: "e4-platform-25" }, "e4.vs_platform")
        .note("e4.keeps_up"),
    fig("E4", "platform executor 50", "e-mails/s", "e-mails/s", words("almost identical"), "e4-platform-50", ExecutorPerS("email"), Tol::Throughput, Qualitative)
        .rule(Check::Within10Pct { other: "e4-virtual-50" }, "e4.vs_virtual")
        .note("e4.keeps_up"),
    fig("E4", "virtual executor 50", "e-mails/s", "e-mails/s", words("almost identical"), "e4-virtual-50", ExecutorPerS("email"), Tol::Throughput, Qualitative)
        .rule(Check::Within10Pct { other: "e4-platform-50" }, "e4.vs_platform")
        .note("e4.keeps_up"),
    fig("E4", "platform executor 100", "e-mails/s", "e-mails/s", N(480.0), "e4-platform-100", ExecutorPerS("email"), Tol::Throughput, Predicted)
        .note("e4-platform-100.plateau"),
    fig("E4", "virtual executor 100", "e-mails/s", "e-mails/s", N(896.0), "e4-virtual-100", ExecutorPerS("email"), Tol::Throughput, Predicted)
        .note("e4-virtual-100.predicted"),
];

/// Every measured figure, experiment by experiment.
pub fn figures() -> &'static [Figure] {
    FIGURES
}

/// The figures a preset's run is compared with (its own, and comparisons that need it).
pub fn figures_for_preset(name: &str) -> Vec<&'static Figure> {
    FIGURES
        .iter()
        .filter(|f| f.presets().contains(&name))
        .collect()
}
