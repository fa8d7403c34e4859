//! The closed forms a chapter sets beside its run, computed from the
//! chapter's own configuration (and, to read a benchmark, from an
//! article's measured figure): capacity ceilings and Little's law from
//! `app::run::bounds`, Erlang C from `crate::theory`, and a few sums a learner
//! can do by hand. Each formula says what it assumes.

use serde::{Deserialize, Serialize};

use super::grade::Column;
use crate::app::run::bounds::Bounds;
use crate::app::setup::Setup;
use crate::fidelity::{Measured, figures};
use crate::scenario::{Costs, validate};
use crate::sim::config::{Config, ExecutorKind, LoadKind, WaitsFor, to_mib};
use crate::sim::time::MS;
use crate::theory::erlang_c_wait_probability;

/// A closed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Formula {
    /// Requests per second a closed loop can get, or an open loop's rate if
    /// below the capacity: min(clients ÷ time per request, lowest ceiling).
    ThroughputBound,
    /// Little's law for a closed loop at that throughput: clients ÷ X, and
    /// never below the time a request needs, ms.
    LatencyBound,
    /// The time a request needs without any queueing (CPU and waits), ms.
    ServiceTime,
    /// CPU per request, the server's and a client's on the same cores, ms.
    CpuPerRequest,
    /// The lowest capacity ceiling (threads, cores, pool, pinned carriers), req/s.
    Capacity,
    /// Little's law with the article's throughput (`figure`), or else the
    /// throughput bound: clients ÷ X, ms.
    LittleLatency,
    /// `@Async` tasks per second: min(submissions per second, threads ÷
    /// task time) with the first executor's threads (its max when its queue
    /// is bounded and fills under overload, else its core; unbounded for
    /// virtual threads). A closed loop submits clients ÷ (the handler's
    /// time) tasks per second.
    ExecutorBound,
    /// One request at a time through a shared monitor: 1 ÷ the time a
    /// request holds the busiest one (on every path, its tasks' too), req/s.
    SerialBound,
    /// p99 of an exponential service time with no queueing: mean × ln 100, ms.
    ExpP99,
    /// p99 response time of M/M/c (Poisson arrivals, exponential service,
    /// c = Tomcat's threads), ms: waits from Erlang C plus the service.
    ErlangCP99,
    /// Load of an open loop on its capacity: rate ÷ lowest ceiling, %.
    Utilisation,
    /// Memory of a closed loop's clients on virtual threads: each holds a
    /// virtual thread, an unmounted stack chunk, a connection and its
    /// request's objects, MB.
    VirtualMemoryMb,
    /// The article's measured figure (`figure`) itself.
    Figure,
    /// Tries a call makes on average, its first downstream with a retry
    /// failing each independently at its error rate p, k tries allowed:
    /// (1 − p^k) ÷ (1 − p).
    RetryTries,
    /// The share of those calls that fail for good, p^k, %.
    RetryFailedPct,
}

/// A formula applied to one column's configuration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theory {
    /// The formula.
    pub formula: Formula,
    /// Whose configuration.
    pub column: Column,
    /// A measured figure it uses: [experiment, variant, metric] as in
    /// `fidelity::figures`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<[String; 3]>,
}

impl Theory {
    /// Its value for `setup`; `None` where it does not apply (a closed-loop
    /// formula on an open loop, a figure that is words, a column that does
    /// not validate).
    pub fn value(&self, setup: &Setup) -> Option<f64> {
        let cfg = validate(&setup.draft_for(self.column.mode())).ok()?;
        let figure = self.figure.as_ref().map(figure_value);
        let b = Bounds::of(&cfg);
        let x = match self.formula {
            Formula::ThroughputBound => throughput_bound(&cfg, &b),
            Formula::LatencyBound => b.latency_bound_ms(clients(&cfg)?),
            Formula::ServiceTime => b.service_ms,
            Formula::CpuPerRequest => {
                (Costs::of(&cfg.program).caller.cpu_ns + cfg.load.client_cpu as f64) / MS as f64
            }
            Formula::Capacity => b.max_rps(),
            Formula::LittleLatency => {
                let x = match figure {
                    Some(f) => f?,
                    None => throughput_bound(&cfg, &b),
                };
                clients(&cfg)? / x * 1000.0
            }
            Formula::ExecutorBound => executor_bound(&cfg, &b)?,
            Formula::SerialBound => 1000.0 / (shared_hold_ns(&cfg)? / MS as f64),
            Formula::ExpP99 => b.service_ms * 100f64.ln(),
            Formula::ErlangCP99 => erlang_c_p99_ms(&cfg, &b)?,
            Formula::Utilisation => rate(&cfg)? / b.max_rps() * 100.0,
            Formula::VirtualMemoryMb => {
                let m = &cfg.memory;
                let each = m.virtual_thread + m.stack_chunk + m.connection + m.request;
                clients(&cfg)? * to_mib(each as f64)
            }
            Formula::Figure => figure??,
            Formula::RetryTries => {
                let (p, k) = retried(&cfg)?;
                crate::theory::retry_tries(p, k)
            }
            Formula::RetryFailedPct => {
                let (p, k) = retried(&cfg)?;
                crate::theory::retry_failed(p, k) * 100.0
            }
        };
        x.is_finite().then_some(x)
    }
}

/// A measured figure's number, `None` for words or an unknown figure.
fn figure_value([experiment, variant, metric]: &[String; 3]) -> Option<f64> {
    figures()
        .iter()
        .find(|f| f.experiment == experiment && f.variant == variant && f.metric == metric)
        .and_then(|f| match f.measured {
            Measured::Number(x) => Some(x),
            Measured::Text(_) => None,
        })
}

/// The first retried downstream's error rate and tries allowed.
fn retried(cfg: &Config) -> Option<(f64, u32)> {
    let d = cfg
        .downstreams
        .iter()
        .find(|d| d.resilience.retry.is_some())?;
    Some((d.resilience.error_rate, d.resilience.retry?.calls))
}

fn clients(cfg: &Config) -> Option<f64> {
    match cfg.load.kind {
        LoadKind::Closed { concurrency, .. } => Some(concurrency as f64),
        LoadKind::Open { .. } => None,
    }
}

fn rate(cfg: &Config) -> Option<f64> {
    match cfg.load.kind {
        LoadKind::Open { rate_rps, .. } => Some(rate_rps),
        LoadKind::Closed { .. } => None,
    }
}

fn throughput_bound(cfg: &Config, b: &Bounds) -> f64 {
    match (clients(cfg), rate(cfg)) {
        (Some(n), _) => b.throughput_bound(n),
        (None, Some(r)) => r.min(b.max_rps()),
        (None, None) => f64::NAN,
    }
}

fn executor_bound(cfg: &Config, b: &Bounds) -> Option<f64> {
    let exec = cfg.executors.first()?;
    let task_ms = Costs::of(&cfg.program).executor(0)?.task_ns()? / MS as f64;
    // A worker that waits for its task too (`load.waits_for = tasks`) goes
    // round once per request and task.
    let awaited_ms = if cfg.load.waits_for == WaitsFor::Tasks {
        task_ms
    } else {
        0.0
    };
    let submissions = clients(cfg)? / (b.service_ms + awaited_ms + b.think_ms) * 1000.0;
    let threads = match exec.kind {
        ExecutorKind::Pool { core, max, queue } if queue < u32::MAX => core.max(max),
        ExecutorKind::Pool { core, .. } => core,
        ExecutorKind::Virtual { limit } => limit.unwrap_or(u32::MAX),
    };
    Some(submissions.min(threads as f64 / task_ms * 1000.0))
}

/// Mean time (ns) a request holds its busiest shared monitor or lock.
fn shared_hold_ns(cfg: &Config) -> Option<f64> {
    let costs = Costs::of(&cfg.program);
    let most = (0..cfg.program.monitors.len() as u16)
        .map(|i| costs.shared_held_ns(i))
        .fold(0.0, f64::max);
    (most > 0.0).then_some(most)
}

/// p99 of wait + service in M/M/c: P(T > t) = (1 − C)·e^(−μt) +
/// C·(μ·e^(−θt) − θ·e^(−μt)) ÷ (μ − θ), θ = cμ − λ, solved by bisection.
fn erlang_c_p99_ms(cfg: &Config, b: &Bounds) -> Option<f64> {
    let lambda = rate(cfg)?;
    let mean_s = b.service_ms / 1000.0;
    let c = cfg.server.threads_max;
    let mu = 1.0 / mean_s;
    let theta = c as f64 * mu - lambda;
    if theta <= 0.0 || mean_s <= 0.0 {
        return None;
    }
    let wait_p = erlang_c_wait_probability(lambda, mean_s, c);
    let tail = |t: f64| {
        let both = if (mu - theta).abs() < 1e-9 * mu {
            (1.0 + mu * t) * (-mu * t).exp()
        } else {
            (mu * (-theta * t).exp() - theta * (-mu * t).exp()) / (mu - theta)
        };
        (1.0 - wait_p) * (-mu * t).exp() + wait_p * both
    };
    let (mut lo, mut hi) = (0.0, mean_s);
    while tail(hi) > 0.01 {
        hi *= 2.0;
    }
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if tail(mid) > 0.01 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(hi * 1000.0)
}
