//! The numbers a chapter reads from its runs, conditions on them, and the
//! grading of a learner's prediction against what the run produced.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::{ChoiceQuestion, NumberQuestion, Question};
use crate::app::basis::modes::{Mode, PerMode};
use crate::app::run::digest::RunView;
use crate::app::setup::Setup;
use crate::scenario::validate;
use crate::sim::Outcome;
use crate::sim::config::to_mib;

/// A column of the page (a server mode, or E4's executor kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Column {
    /// The platform-thread column.
    Platform,
    /// The virtual-thread column.
    Virtual,
}

impl Column {
    /// The page's mode for the column.
    pub fn mode(self) -> Mode {
        match self {
            Column::Platform => Mode::Platform,
            Column::Virtual => Mode::Virtual,
        }
    }
}

/// A number a run gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// Finished requests per second (hey's Requests/sec).
    ThroughputRps,
    /// Successful responses per second.
    GoodputRps,
    /// Mean latency, ms.
    MeanMs,
    /// Median latency, ms.
    P50Ms,
    /// 99th percentile, ms.
    P99Ms,
    /// Failed requests, % of finished.
    ErrorPct,
    /// Mean CPU utilisation, %.
    CpuPct,
    /// Peak memory, MB.
    PeakMemoryMb,
    /// The live heap's growth over the idle service's heap
    /// (`memory.base_mb`), MB: what fidelity's E2-repost figure reads.
    MemoryIncreaseMb,
    /// Most platform threads alive at once (all pools).
    PeakPlatformThreads,
    /// Most carriers pinned at once.
    PeakPinned,
    /// Periods a container's CPU limit throttled the JVM in.
    CpuThrottles,
    /// `@Async` tasks finished per second, all executors.
    TasksPerS,
    /// `@Async` tasks rejected, all executors.
    TasksRejected,
    /// 1 when the run ended out of memory, else 0.
    OutOfMemory,
    /// Tries sent a second to the first downstream with a fault, while
    /// the fault lasted: the load it was offered then.
    FaultTriesPerS,
    /// Tries of guarded downstream calls begun per finished request.
    TriesPerRequest,
    /// Times the circuit breakers opened, all downstreams.
    BreakerOpened,
    /// Calls downstreams answered after their caller had given up (a
    /// time-out): work done for nobody.
    WastedCalls,
    /// The share of the fault's buckets, %, in which the first downstream
    /// with a fault got under a tenth of its mean tries a second then:
    /// near 0 for a steady load, high when the tries come in waves.
    FaultQuietPct,
    /// Seconds from the end of the first downstream's fault until the
    /// responses' p99 is back within twice its level before the fault
    /// (to the run's end if it never is).
    RecoveryS,
}

/// A run's number, or the ratio of two columns' numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quantity {
    /// What is read.
    pub metric: Metric,
    /// From which column's run.
    pub column: Column,
    /// Divided by the same metric of this column's run, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) over: Option<Column>,
    /// Read from this endpoint of a mix (its index in `endpoints`), not
    /// the whole run; only the metrics an endpoint has
    /// ([`Metric::of_endpoint`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) endpoint: Option<u8>,
}

/// A quantity within a range: at least `min`, below `max`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    /// What is read.
    pub metric: Metric,
    /// From which column's run.
    pub column: Column,
    /// Divided by the same metric of this column's run, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) over: Option<Column>,
    /// Read from this endpoint of a mix, as [`Quantity::endpoint`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) endpoint: Option<u8>,
    /// Lowest value that holds (inclusive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    /// Value from which it no longer holds (exclusive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

/// The runs of one scenario as the page holds them, with the setup they
/// ran (some numbers need its configuration).
#[derive(Clone, Copy, Debug)]
pub struct Runs<'a> {
    /// Each column's full run, if it has arrived.
    pub views: &'a PerMode<Option<Rc<RunView>>>,
    /// The setup that produced them.
    pub setup: &'a Setup,
}

impl Runs<'_> {
    fn view(&self, column: Column) -> Option<&RunView> {
        self.views.get(column.mode()).as_deref()
    }
}

impl Metric {
    /// The metric's value for endpoint `i` of a mix in run `v`: `None`
    /// for a metric an endpoint does not have, or an endpoint the run lacks.
    fn of_endpoint(self, v: &RunView, i: u8) -> Option<f64> {
        let e = v.endpoints.get(i as usize)?;
        match self {
            Metric::GoodputRps => Some(e.goodput_rps),
            Metric::P50Ms => Some(e.p50_ms),
            Metric::P99Ms => Some(e.p99_ms),
            Metric::ErrorPct => Some(e.error_pct),
            _ => None,
        }
    }

    /// The metric's value in a run of `setup`'s `column`.
    fn of(self, v: &RunView, setup: &Setup, column: Column) -> Option<f64> {
        Some(match self {
            Metric::ThroughputRps => v.throughput_rps,
            Metric::GoodputRps => v.goodput_rps,
            Metric::MeanMs => v.latency.mean,
            Metric::P50Ms => v.latency.p50,
            Metric::P99Ms => v.latency.p99,
            Metric::ErrorPct => v.error_pct,
            Metric::CpuPct => v.cpu_utilisation * 100.0,
            Metric::PeakMemoryMb => v.peak_memory_mb,
            Metric::MemoryIncreaseMb => {
                let cfg = validate(&setup.draft_for(column.mode())).ok()?;
                v.memory.peak_heap_live_mb - to_mib(cfg.memory.heap_base as f64)
            }
            Metric::PeakPlatformThreads => f64::from(v.peak_platform_threads),
            Metric::PeakPinned => f64::from(v.peak_pinned),
            Metric::CpuThrottles => v.cpu_throttles as f64,
            Metric::TasksPerS => v.executors.iter().map(|e| e.1).sum(),
            Metric::TasksRejected => v.executors.iter().map(|e| e.2 as f64).sum(),
            Metric::OutOfMemory => f64::from(u8::from(v.outcome == Outcome::OutOfMemory)),
            Metric::FaultTriesPerS => fault_tries_per_s(v)?,
            Metric::TriesPerRequest => {
                let tries: u64 = v.guards.iter().map(|g| g.1.tries).sum();
                tries as f64 / (v.completed.max(1) as f64)
            }
            Metric::BreakerOpened => v.guards.iter().map(|g| f64::from(g.1.breaker_opened)).sum(),
            Metric::WastedCalls => v.guards.iter().map(|g| g.1.orphans as f64).sum(),
            Metric::FaultQuietPct => fault_quiet_pct(v)?,
            Metric::RecoveryS => recovery_s(v)?,
        })
    }
}

/// The first downstream with a fault: its tries a second, the fault's
/// start and end, s, and the buckets' width, s.
fn faulted(v: &RunView) -> Option<(&[f64], [f64; 2], f64)> {
    let calls = v.series.calls.iter().find(|c| c.fault_s.is_some())?;
    let width = match v.series.t_s.as_slice() {
        [a, b, ..] => b - a,
        _ => return None,
    };
    Some((&calls.sent_per_s, calls.fault_s?, width))
}

/// The tries a second of the buckets wholly inside the fault.
fn tries_in_fault(v: &RunView) -> Option<Vec<f64>> {
    let (sent, [from, until], width) = faulted(v)?;
    let inside: Vec<f64> = (v.series.t_s.iter().zip(sent))
        .filter(|(start, _)| **start >= from && **start + width <= until)
        .map(|(_, v)| *v)
        .collect();
    (!inside.is_empty()).then_some(inside)
}

/// The mean tries a second sent to the first downstream with a fault,
/// over the buckets wholly inside it.
fn fault_tries_per_s(v: &RunView) -> Option<f64> {
    let inside = tries_in_fault(v)?;
    Some(inside.iter().sum::<f64>() / inside.len() as f64)
}

/// The share of those buckets, %, with under a tenth of their mean.
fn fault_quiet_pct(v: &RunView) -> Option<f64> {
    let inside = tries_in_fault(v)?;
    let quiet = inside.iter().sum::<f64>() / inside.len() as f64 / 10.0;
    let n = inside.iter().filter(|x| **x < quiet).count();
    Some(n as f64 / inside.len() as f64 * 100.0)
}

/// How long the responses' p99 stays above twice its level before the
/// fault (the median of the buckets wholly before it that have
/// responses) once the fault is over.
fn recovery_s(v: &RunView) -> Option<f64> {
    let (_, [from, until], width) = faulted(v)?;
    let t = &v.series.t_s;
    let p99 = &v.series.latency_p99_ms;
    let mut before: Vec<f64> = (t.iter().zip(p99))
        .filter(|(start, p)| **start + width <= from && **p > 0.0)
        .map(|(_, p)| *p)
        .collect();
    if before.is_empty() {
        return None;
    }
    before.sort_by(f64::total_cmp);
    let normal = 2.0 * before[before.len() / 2];
    let end = t.last().map_or(until, |last| last + width);
    let back = (t.iter().zip(p99))
        .find(|(start, p)| **start >= until && **p > 0.0 && **p <= normal)
        .map_or(end, |(start, _)| *start);
    Some((back - until).max(0.0))
}

impl Quantity {
    /// Its value in `runs`; `None` while a run it needs is missing.
    pub fn value(&self, runs: Runs<'_>) -> Option<f64> {
        let read = |c: Column| match self.endpoint {
            Some(i) => self.metric.of_endpoint(runs.view(c)?, i),
            None => self.metric.of(runs.view(c)?, runs.setup, c),
        };
        let x = read(self.column)?;
        match self.over {
            None => Some(x),
            Some(o) => {
                let y = read(o)?;
                (y != 0.0).then(|| x / y)
            }
        }
    }
}

impl Condition {
    /// The quantity it bounds.
    pub fn quantity(&self) -> Quantity {
        Quantity {
            metric: self.metric,
            column: self.column,
            over: self.over,
            endpoint: self.endpoint,
        }
    }

    /// Whether `x` is in its range.
    pub fn admits(&self, x: f64) -> bool {
        self.min.is_none_or(|m| x >= m) && self.max.is_none_or(|m| x < m)
    }

    /// Whether it holds in `runs`; `None` while a run it needs is missing.
    pub(crate) fn holds(&self, runs: Runs<'_>) -> Option<bool> {
        self.quantity().value(runs).map(|x| self.admits(x))
    }
}

/// What a learner predicted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prediction {
    /// A number, in the question's unit.
    Number(f64),
    /// An option's id.
    Choice(String),
}

/// What the run gave.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Actual {
    /// The run's value.
    Number(f64),
    /// The options whose conditions hold (one, for a well-posed question).
    Choice(Vec<String>),
}

/// How a prediction fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Within the tolerance, or the option that holds.
    Right,
    /// Not.
    Wrong,
    /// The run cannot decide (no option holds, or several do, or the
    /// prediction is of the wrong kind).
    Ungraded,
}

/// A prediction beside the run's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Grade {
    /// Right or wrong.
    pub verdict: Verdict,
    /// What the run gave.
    pub(crate) actual: Actual,
    /// For a number: how far the prediction was from the run, percent
    /// (positive: too high).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) off_pct: Option<f64>,
}

impl Question {
    /// Grades `prediction` against `runs`; `None` while a run it needs is
    /// missing.
    pub fn grade(&self, prediction: &Prediction, runs: Runs<'_>) -> Option<Grade> {
        match self {
            Question::Number(q) => q.grade(prediction, runs),
            Question::Choice(q) => q.grade(prediction, runs),
        }
    }

    /// What `runs` give for the question, with no prediction to grade:
    /// the number, or the options that hold; `None` while a run it needs
    /// is missing.
    pub(crate) fn actual(&self, runs: Runs<'_>) -> Option<Actual> {
        match self {
            Question::Number(q) => q.answer.value(runs).map(Actual::Number),
            Question::Choice(q) => q.holding(runs).map(Actual::Choice),
        }
    }

    /// Whether `prediction` is an answer of the right kind: a finite number
    /// for a number question, one of the options for a choice.
    pub(crate) fn accepts(&self, prediction: &Prediction) -> bool {
        match (self, prediction) {
            (Question::Number(_), Prediction::Number(x)) => x.is_finite(),
            (Question::Choice(q), Prediction::Choice(id)) => q.options.iter().any(|o| &o.id == id),
            _ => false,
        }
    }
}

impl NumberQuestion {
    fn grade(&self, prediction: &Prediction, runs: Runs<'_>) -> Option<Grade> {
        let actual = self.answer.value(runs)?;
        let Prediction::Number(p) = prediction else {
            return Some(Grade {
                verdict: Verdict::Ungraded,
                actual: Actual::Number(actual),
                off_pct: None,
            });
        };
        let off_pct = if actual != 0.0 {
            (p - actual) / actual.abs() * 100.0
        } else if *p == 0.0 {
            0.0
        } else {
            f64::INFINITY
        };
        let verdict = if off_pct.abs() <= self.tolerance_pct {
            Verdict::Right
        } else {
            Verdict::Wrong
        };
        Some(Grade {
            verdict,
            actual: Actual::Number(actual),
            off_pct: off_pct.is_finite().then_some(off_pct),
        })
    }
}

impl ChoiceQuestion {
    /// The options whose conditions all hold in `runs`.
    pub fn holding(&self, runs: Runs<'_>) -> Option<Vec<String>> {
        let mut out = Vec::new();
        for o in &self.options {
            let mut all = true;
            for c in &o.when {
                all &= c.holds(runs)?;
            }
            if all {
                out.push(o.id.clone());
            }
        }
        Some(out)
    }

    fn grade(&self, prediction: &Prediction, runs: Runs<'_>) -> Option<Grade> {
        let holding = self.holding(runs)?;
        let verdict = match prediction {
            Prediction::Choice(id) if holding.len() == 1 => {
                if holding[0] == *id {
                    Verdict::Right
                } else {
                    Verdict::Wrong
                }
            }
            _ => Verdict::Ungraded,
        };
        Some(Grade {
            verdict,
            actual: Actual::Choice(holding),
            off_pct: None,
        })
    }
}
