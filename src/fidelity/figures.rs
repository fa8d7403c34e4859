//! Every measured figure of the source articles as data: its value in the
//! article's own units, the preset that reproduces it, how to read the
//! simulated value from a report, its tolerance and its basis.

use std::borrow::Cow;

use super::arith::Arith;

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
    /// The rule in words (qualitative figures).
    pub rule: &'static str,
    /// The contradiction's arithmetic.
    pub arith: Option<Arith>,
    /// Context for people: where the number is read, what was calibrated.
    pub note: &'static str,
    /// A prediction the model cannot reach with honest assumptions: what it
    /// would need. Such a row is expected to fail (tested), as a finding.
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

const E2_PLATFORM_FASTEST: &str = "After the stated restart every request of the first round waits for the DispatcherServlet's initialisation (jvm.first_request_ms, 5 ms assumed: single digits in most logs) and runs its 0.1 ms of CPU interpreted, so the model's fastest is ~6.8 ms beyond the sleep, twice the article's 3.2 ms. Warm it would be 0.9 ms beyond: the assumed extra wait is uniform from 0 ms and has no floor (Thread.sleep's overshoot, the poller's hand-off), so neither start reaches the article's value with the documented costs. ~3 ms fits an initialisation of under 3 ms on the article's machine, or a service that had served a request before the measured run (as the virtual run's fastest also suggests).";

/// E1's platform figures that Little's law shows cannot come from one run.
const E1_PLATFORM_SET: Arith = Arith::LittleVsMedian {
    n: 2000.0,
    x_rps: 1850.0,
    p50_ms: 108.0,
    p99_ms: 1240.0,
    error_pct: 2.3,
    run_s: 60.0,
};

const E1_SET_NOTE: &str = "It belongs to the set {2,000 connections, 1,850 req/s, p50 108 ms, p99 1,240 ms, 2.3 % errors} that row 2 shows to be inconsistent, so it is neither a pass nor a fail of the model.";

const E4_BY_CONSTRUCTION: &str = "Derived from the calibration, not an independent check: the calibrated 896 e-mails/s puts ~102 ms of waiting the article does not explain on the request path before the hand-off (neither an INSERT nor the e-mail; the article names no client, so its own round trip is a guess). With it, 25 and 50 concurrent requests hand e-mails over at 25 ÷ 107 ms ≈ 233/s and 50 ÷ 107 ms ≈ 467/s, below the pool's 50 ÷ 100 ms = 500/s, so both executors keep up and the rows agree by construction.";

const E2_PLATFORM_SLOWEST: &str = "Run as stated, on a freshly restarted JVM, and with hey's 2,000 connects going through the accept queue at the start. The slowest is a request of the first round: it waits its turn in the first-come first-served queue (~1.07 s), and the cold start adds ~20 ms (the DispatcherServlet's initialisation, code interpreted, 98 threads started on demand), so ~1.11 s. G1's two ~12 ms pauses lengthen later requests to ~1.08 s, below it. A slowest ~0.35 s above the average needs something that delays a few requests by ~0.3 s and not the others, such as non-FIFO dispatch (Tomcat's poller handing sockets to the pool out of order): the model does not have it. hey's connects are modelled and do not explain it: each worker's 50 requests fit in Tomcat's 100 per connection, so hey connects only at the start, and the connects' queue at the acceptor costs the first round ~8 ms on average.";

const E2_VIRTUAL_SLOWEST: &str = "Run as stated, on a freshly restarted JVM: the first 2,000 requests run interpreted (10×, the JIT has compiled nothing yet) on 4 cores shared with hey, so the first round takes ~0.3 s and the slowest rises from 0.21 s (warm) to ~0.31 s; G1's two ~11 ms pauses add little. 0.39 s needs ~0.08 s more for a few requests: a larger cost of the first requests (class loading, a slower interpreter) or non-FIFO dispatch. The documented costs do not reach it, and a larger first-request cost would move the fastest row further away (see it).";

const E2_VIRTUAL_FASTEST: &str = "hey's fastest request took 53.8 ms: the 50 ms sleep and ~4 ms. All 2,000 clients start at once, so the fastest is in the first round, and after the stated restart the model runs that round interpreted (10×) on the cores hey shares: its fastest is ~81 ms (warm: ~51 ms). The model already spreads the first round (hey's own CPU on the 4 shared cores opens its 2,000 connections over ~0.24 s), and still the first requests meet cores busy with hey and with interpreted code. Either this trivial handler was far less slowed by the interpreter than the usual 10×, or the service had served a request before the measured run. On platform threads (53.2 ms measured, ~57 ms simulated) the 100 threads mostly wait, which hides the cost.";

const E1_VIRTUAL_P99: &str = "Two parts. Without a collector the model's p99 is ~152 ms: at the calibrated 14,200 req/s the 4 cores are all but saturated, and the queue for a core adds ~10 ms more at the 99th percentile than the article's 42 ms beyond the two calls (the real run had some CPU to spare: more cores, or less CPU per request than 4 ÷ 14,200 s, which the article does not state). G1 adds ~16 ms more: it collects every ~2.7 s (14,100 req/s × 34 KB into a young generation of 60 % of 2 GB), and each pause copies the live data of the ~2,000 requests in flight (their objects, their 8 KB stack chunks, their virtual threads: ~30 MB, a ~22 ms pause); the requests a pause catches wait it out, so p99 comes out at ~168 ms. The article's 142 ms leaves no room for either: CPU to spare and pauses of a few ms at most (a third of the assumed live data per request in flight, a faster collector), or figures from another run than the throughput's (the p50 row shows they are not from one run).";

static FIGURES: &[Figure] = &[
    // ---- E1 -----------------------------------------------------------------
    fig("E1", "platform", "throughput", "req/s", N(1850.0), "e1-platform", ThroughputRps, Tol::Throughput, Calibrated)
        .note("Calibrated: the ~8 ms of waiting beyond the two 50 ms calls (200 threads ÷ 1,850 req/s = 108 ms held per request)."),
    fig("E1", "platform", "p50 latency", "ms", N(108.0), "e1-platform", Latency(P50), Tol::Percentile, Contradiction)
        .arith(E1_PLATFORM_SET)
        .note("108 ms is what one request holds a thread (200 ÷ 1,850 req/s), not what a client waits while 1,800 others queue."),
    fig("E1", "platform", "p99 latency", "ms", N(1240.0), "e1-platform", Latency(P99), Tol::Percentile, Contradiction)
        .arith(E1_PLATFORM_SET)
        .note(E1_SET_NOTE),
    fig("E1", "platform", "error rate", "%", N(2.3), "e1-platform", ErrorRatePct, Tol::ErrorRate, Contradiction)
        .arith(E1_PLATFORM_SET)
        .note("It belongs to the set {2,000 connections, 1,850 req/s, p50 108 ms, p99 1,240 ms, 2.3 % errors} that row 2 shows to be inconsistent, so it is neither a pass nor a fail of the model. Beside it: under wrk (assumed) an error is a connect error or a response past its 2 s --timeout, and with a first-come first-served queue every request waits about the same ~1.08 s, so the model counts none."),
    fig("E1", "virtual", "throughput", "req/s", N(14200.0), "e1-virtual", ThroughputRps, Tol::Throughput, Calibrated)
        .note("Calibrated: the CPU per request (4 cores ÷ 14,200 req/s = 0.28 ms). Finding: 14,200 req/s × 50 ms per query = 710 database connections held at once, so the unstated pool must have been that large."),
    fig("E1", "virtual", "p50 latency", "ms", N(105.0), "e1-virtual", Latency(P50), Tol::Percentile, Contradiction)
        .arith(Arith::LittleVsMedian { n: 2000.0, x_rps: 14200.0, p50_ms: 105.0, p99_ms: 142.0, error_pct: 0.0, run_s: 60.0 }),
    fig("E1", "virtual", "p99 latency", "ms", N(142.0), "e1-virtual", Latency(P99), Tol::Percentile, Predicted)
        .beyond(100.0)
        .note("Compared beyond the two stated ~50 ms calls, the part the model predicts: the extra wait, the queue for a core and G1's pauses. Sensitive to the assumed shape of the extra wait: uniform gives the value without pauses; an exponential one of the same mean gives a p99 ~20 % higher.")
        .finding(E1_VIRTUAL_P99),
    fig("E1", "virtual", "error rate", "%", N(0.0), "e1-virtual", ErrorRatePct, Tol::ErrorRate, Predicted),
    // ---- E2 -----------------------------------------------------------------
    fig("E2", "platform", "Requests/sec", "req/s", N(1877.2105), "e2-platform", ThroughputRps, Tol::Throughput, Calibrated)
        .note("Calibrated: the ~3 ms of waiting beyond the 50 ms sleep (100 threads ÷ 1877.21 req/s = 53.27 ms held per request)."),
    fig("E2", "platform", "total time", "s", N(53.2705), "e2-platform", TotalTimeS, Tol::Throughput, Derived)
        .note("Derived: hey's Total is 100,000 requests ÷ Requests/sec, the calibrated row."),
    fig("E2", "platform", "average", "s", N(1.0508), "e2-platform", Latency(Mean), Tol::MeanLatency, Derived)
        .note("Derived: a closed loop's mean is C ÷ X (Little's law), 2,000 ÷ the calibrated 1877.21 req/s = 1.065 s; the article's own numbers agree (1.4 %, the run's start and end)."),
    fig("E2", "platform", "slowest", "s", N(1.3969), "e2-platform", Latency(Max), Tol::Percentile, Predicted)
        .beyond(0.050)
        .note("Compared beyond the stated 50 ms sleep.")
        .finding(E2_PLATFORM_SLOWEST),
    fig("E2", "platform", "fastest", "s", N(0.0532), "e2-platform", Latency(Min), Tol::Percentile, Predicted)
        .beyond(0.050)
        .note("Compared beyond the stated 50 ms sleep, the part the model predicts (the sleep makes up 94 % of the figure, so ±15 % of it could not fail). The first requests: the sleep, the extra wait, 100 threads' CPU starting at once, and, after the stated restart, the DispatcherServlet's initialisation (5 ms) that they all wait for.")
        .finding(E2_PLATFORM_FASTEST),
    fig("E2", "virtual", "Requests/sec", "req/s", N(12773.137), "e2-virtual", ThroughputRps, Tol::Throughput, Calibrated)
        .note("Calibrated: hey's CPU on the shared cores (4 cores ÷ 12,773 req/s = 0.31 ms per request: 0.1 ms the server's, ~0.01 ms switching between hey's threads and the carriers, ~0.19 ms hey's, with the cold start and G1's pauses taking ~2 % of the run). The article's prose says 12733; hey's output says 12773.1370."),
    fig("E2", "virtual", "total time", "s", N(7.8289), "e2-virtual", TotalTimeS, Tol::Throughput, Derived)
        .note("Derived: hey's Total is 100,000 requests ÷ Requests/sec, the calibrated row."),
    fig("E2", "virtual", "average", "s", N(0.1520), "e2-virtual", Latency(Mean), Tol::MeanLatency, Derived)
        .note("Derived: C ÷ X, 2,000 ÷ the calibrated 12,773 req/s = 0.157 s; the article's own numbers agree (3 %)."),
    fig("E2", "virtual", "slowest", "s", N(0.3913), "e2-virtual", Latency(Max), Tol::Percentile, Predicted)
        .beyond(0.050)
        .note("Compared beyond the stated 50 ms sleep.")
        .finding(E2_VIRTUAL_SLOWEST),
    fig("E2", "virtual", "fastest", "s", N(0.0538), "e2-virtual", Latency(Min), Tol::Percentile, Predicted)
        .beyond(0.050)
        .note("Compared beyond the stated 50 ms sleep, the part the model predicts.")
        .finding(E2_VIRTUAL_FASTEST),
    // ---- E2's reposted table -------------------------------------------------
    fig("E2-repost", "platform", "max concurrency supported", "users", N(400.0), "e2-repost-platform", Nothing, Tol::Throughput, Contradiction)
        .arith(Arith::PoolTimeouts { users: 400.0, threads: 200.0, service_ms: 150.0, timeout_s: 20.0 })
        .note("\"400 (timeouts start)\"."),
    fig("E2-repost", "virtual", "max concurrency supported", "% errors", words("10,000+ (stable)"), "e2-repost-virtual", ErrorRatePct, Tol::ErrorRate, Qualitative)
        .rule(Check::NoErrors, "stable = no client error and no error response at 10,000 users"),
    fig("E2-repost", "platform", "mean response time", "ms", N(3200.0), "e2-repost-platform", Latency(Mean), Tol::MeanLatency, Contradiction)
        .arith(Arith::PoolMean { users: 400.0, threads: 200.0, service_ms: 150.0, mean_ms: 3200.0 })
        .note("The table gives no concurrency for this row. Simulated: the mean at 10,000 users."),
    fig("E2-repost", "virtual", "mean response time", "ms", N(150.0), "e2-repost-virtual", Latency(Mean), Tol::MeanLatency, Contradiction)
        .arith(Arith::CpuCeiling { users: 10000.0, mean_ms: 150.0, cores: 4.0, best_rps: 12773.137 })
        .note("Simulated: the mean at 10,000 users, where HikariCP's 10 connections limit the CRUD API."),
    fig("E2-repost", "platform", "memory at 10,000 concurrency", "MB", words("out of memory"), "e2-repost-platform", PeakMemoryMb, Tol::Memory, Contradiction)
        .rule(Check::OutOfMemory, "out of memory = the run ends out of memory")
        .arith(Arith::BoundedPoolOom { threads: 200.0, stack_mb: 1.0, resident_kb: 64.0, users: 10000.0, per_request_kb: 21.7, base_mb: 40.0, heap_mb: 2048.0, machine_mb: 8192.0, tasks_max: 4915.0 })
        .note("Simulated: peak resident memory, MB (heap and native by kind: the run's memory section)."),
    fig("E2-repost", "virtual", "memory at 10,000 concurrency", "MB", N(300.0), "e2-repost-virtual", MemoryIncreaseMb, Tol::Memory, Calibrated)
        .note("\"+300 MB only\". Calibrated: memory.request_kb. Simulated: the live heap's growth over the idle heap (connections' buffers, requests, virtual threads and their stack chunks); resident memory grows more, as G1 lets garbage fill the young generation before it collects."),
    fig("E2", "platform", "memory, threads.max 200 → 1,000", "MB", words("~2 GB → ~4 GB"), "e2-platform", Nothing, Tol::Memory, Contradiction)
        .arith(Arith::StackGrowth { from_threads: 200.0, to_threads: 1000.0, stack_mb: 1.0, resident_kb: 64.0, claimed_mb: 2048.0 })
        .note("The article's text, not a measured run: \"each thread 1 MB of stack\"."),
    // ---- E3 -----------------------------------------------------------------
    fig("E3", "sleep platform", "response time plateau", "ms", N(5000.0), "e3-sleep-platform", PlateauMeanMs { after_s: 110.0 }, Tol::MeanLatency, Predicted)
        .beyond(1000.0)
        .note("\"Climbs quickly to ~5,000 ms\", read off a chart. Simulated: mean response time once all 1,000 users run (t ≥ 110 s), compared beyond the stated 1 s sleep: the 4 s of queueing the model predicts. Closed loop: R = 1000 ÷ (200 ÷ 1 s) = 5 s."),
    fig("E3", "sleep virtual", "response time plateau", "ms", N(1000.0), "e3-sleep-virtual", PlateauMeanMs { after_s: 110.0 }, Tol::MeanLatency, Predicted)
        .beyond(1000.0)
        .within(50.0)
        .note("\"Stays at ~1,000 ms\", read off a chart. Simulated: mean response time once all 1,000 users run (t ≥ 110 s). The stated 1 s sleep is all of the figure, so what the model predicts is that nothing waits beyond it: compared beyond the sleep, within ±50 ms (\"~1,000\" read to 5 %)."),
    fig("E3", "cpu platform", "response time vs virtual", "ms", words("about the same as virtual"), "e3-cpu-platform", Latency(Mean), Tol::MeanLatency, Qualitative)
        .rule(Check::Within10Pct { other: "e3-cpu-virtual" }, "about the same = mean response time within 10 % of the virtual run's"),
    fig("E3", "cpu virtual", "throughput vs platform", "req/s", words("about the same (\"a little smoother\")"), "e3-cpu-virtual", ThroughputRps, Tol::Throughput, Qualitative)
        .rule(Check::Within10Pct { other: "e3-cpu-platform" }, "about the same = throughput within 10 % of the platform run's")
        .note("\"A little smoother\" describes a chart the article shows without numbers; not checked."),
    // ---- E4 -----------------------------------------------------------------
    fig("E4", "platform executor 25", "e-mails/s", "e-mails/s", words("almost identical"), "e4-platform-25", ExecutorPerS("email"), Tol::Throughput, Derived)
        .rule(Check::Within10Pct { other: "e4-virtual-25" }, "almost identical = within 10 % of the virtual executor's e-mails/s")
        .note(E4_BY_CONSTRUCTION),
    fig("E4", "virtual executor 25", "e-mails/s", "e-mails/s", words("almost identical"), "e4-virtual-25", ExecutorPerS("email"), Tol::Throughput, Derived)
        .rule(Check::Within10Pct { other: "e4-platform-25" }, "almost identical = within 10 % of the platform executor's e-mails/s")
        .note(E4_BY_CONSTRUCTION),
    fig("E4", "platform executor 50", "e-mails/s", "e-mails/s", words("almost identical"), "e4-platform-50", ExecutorPerS("email"), Tol::Throughput, Derived)
        .rule(Check::Within10Pct { other: "e4-virtual-50" }, "almost identical = within 10 % of the virtual executor's e-mails/s")
        .note(E4_BY_CONSTRUCTION),
    fig("E4", "virtual executor 50", "e-mails/s", "e-mails/s", words("almost identical"), "e4-virtual-50", ExecutorPerS("email"), Tol::Throughput, Derived)
        .rule(Check::Within10Pct { other: "e4-platform-50" }, "almost identical = within 10 % of the platform executor's e-mails/s")
        .note(E4_BY_CONSTRUCTION),
    fig("E4", "platform executor 100", "e-mails/s", "e-mails/s", N(480.0), "e4-platform-100", ExecutorPerS("email"), Tol::Throughput, Predicted)
        .note("\"Plateaus around 480\": 50 threads ÷ 100 ms = 500/s at most; the first and last e-mails of the 1,000 stretch the span."),
    fig("E4", "virtual executor 100", "e-mails/s", "e-mails/s", N(896.0), "e4-virtual-100", ExecutorPerS("email"), Tol::Throughput, Calibrated)
        .note("Calibrated: the request-side time before the hand-off (~102 ms). E-mails/s = tasks finished ÷ (last finish − first submission). The ~102 ms is a wait the article does not explain (not the INSERT, not the e-mail): the 25- and 50-request rows follow from it."),
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
