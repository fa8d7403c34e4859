//! One configuration judged against a target: by its ceilings first (a
//! resource that cannot serve the rate fails it without a run), by Erlang C
//! when the service is one exponential wait on platform threads (exact),
//! else by a bounded simulation at the target rate.

use crate::app::run::bounds::{Bounds, Limit};
use crate::scenario::{self, Draft, FieldError};
use crate::sim::{self, Config, Outcome, Report};
use crate::theory::erlang_c_response_quantile;

use super::Target;

/// How a judgement was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum How {
    /// A ceiling (N ÷ hold time) below the target rate: no run needed.
    Ceiling,
    /// Erlang C's closed form (M/M/c): exact.
    Formula,
    /// A simulation at the target rate.
    Simulated,
    /// The configuration is not one the scenario takes.
    Invalid,
}

/// Why a configuration does not meet the target.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Failure {
    /// A resource's ceiling is at or below the target rate.
    Ceiling {
        /// The resource.
        resource: Limit,
        /// Its ceiling, req/s.
        rps: f64,
    },
    /// The percentile is above its bound.
    Latency,
    /// More failed than the budget allows.
    Errors,
    /// The run did not keep up with the arrivals.
    Rate,
    /// The run stopped at its event or time budget.
    Budget,
    /// The scenario refuses the configuration.
    Invalid {
        /// Why, as the scenario says it.
        error: FieldError,
    },
}

/// A configuration's judgement.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Judgement {
    /// How it was reached.
    pub how: How,
    /// Why it fails, `None` when it meets the target.
    pub failure: Option<Failure>,
    /// The target percentile's latency, ms (NaN when not known).
    #[serde(with = "crate::i18n::nan_as_null")]
    pub latency_ms: f64,
    /// Requests per second served (the target rate for a formula).
    pub rps: f64,
    /// Failed requests, %.
    #[serde(with = "crate::i18n::nan_as_null")]
    pub error_pct: f64,
    /// The lowest ceiling over the target rate, less one: the share of
    /// headroom before a resource saturates.
    #[serde(with = "crate::i18n::nan_as_null")]
    pub headroom: f64,
}

impl Judgement {
    /// Whether it meets the target.
    pub fn meets(&self) -> bool {
        self.failure.is_none()
    }

    /// The latency's margin under the bound: (bound − latency) ÷ bound.
    pub fn latency_margin(&self, target: &Target) -> f64 {
        (target.latency_ms - self.latency_ms) / target.latency_ms
    }
}

/// The simulated time a judgement runs for: 20,000 arrivals, within 2–10 s.
fn duration_s(rps: f64) -> f64 {
    (20_000.0 / rps).clamp(2.0, 10.0)
}

/// The load a target means: k6's constant-arrival-rate at the target rate,
/// Poisson arrivals, with VUs enough never to drop one.
fn target_load(target: &Target) -> [(&'static str, String); 7] {
    [
        ("load.tool", "k6".into()),
        ("load.kind", "open".into()),
        ("load.rate_rps", target.rps.to_string()),
        ("load.arrivals", "poisson".into()),
        ("load.duration_s", duration_s(target.rps).to_string()),
        ("load.requests", "null".into()),
        ("load.max_in_flight", "null".into()),
    ]
}

/// `base` with the target's load and `settings` on top, validated.
pub(super) fn config(
    base: &Draft,
    target: &Target,
    settings: &[(String, String)],
) -> Result<Config, FieldError> {
    let mut d = base.clone();
    for (k, v) in target_load(target) {
        d.set(k, &v)?;
    }
    for (k, v) in settings {
        d.set(k, v)?;
    }
    scenario::validate(&d).map_err(|mut e| e.remove(0))
}

/// Judges `base` with `settings` against `target`.
pub fn judge(base: &Draft, target: &Target, settings: &[(String, String)]) -> Judgement {
    let cfg = match config(base, target, settings) {
        Ok(c) => c,
        Err(error) => return invalid(error),
    };
    let bounds = Bounds::of(&cfg);
    let headroom = bounds.max_rps() / target.rps - 1.0;
    // At its ceiling a resource is busy all the time: an open loop's queue
    // then grows without end, so a ceiling at the target fails it too.
    if let Some(c) = bounds.ceilings.first().filter(|c| c.rps <= target.rps) {
        return Judgement {
            how: How::Ceiling,
            failure: Some(Failure::Ceiling {
                resource: c.resource,
                rps: c.rps,
            }),
            latency_ms: f64::NAN,
            rps: c.rps,
            error_pct: f64::NAN,
            headroom,
        };
    }
    if let Some(j) = formula(base, &cfg, target, headroom) {
        return j;
    }
    simulated(&sim::run(&cfg), target, headroom)
}

fn invalid(error: FieldError) -> Judgement {
    Judgement {
        how: How::Invalid,
        failure: Some(Failure::Invalid { error }),
        latency_ms: f64::NAN,
        rps: 0.0,
        error_pct: f64::NAN,
        headroom: f64::NAN,
    }
}

/// The mean of a program that is exactly one exponential wait, `io:exp(D)`,
/// in seconds.
fn exponential_wait_s(base: &Draft) -> Option<f64> {
    let program = base.get("program")?.as_str()?.trim();
    let inner = program.strip_prefix("io:exp(")?.strip_suffix(')')?;
    let ms: f64 = inner.trim().strip_suffix("ms")?.trim().parse().ok()?;
    (ms > 0.0 && ms.is_finite()).then_some(ms / 1000.0)
}

/// Erlang C, when the service is M/M/c: one exponential wait on Tomcat's
/// platform threads under Poisson arrivals, nothing else in the request,
/// and connections that cost nothing to open (the formula has no client).
fn formula(base: &Draft, cfg: &Config, target: &Target, headroom: f64) -> Option<Judgement> {
    let mean_s = exponential_wait_s(base)?;
    let free_connects = cfg.load.rtt == 0 && cfg.load.connect_cpu == 0;
    if cfg.server.mode != sim::config::Mode::Platform || !free_connects {
        return None;
    }
    let c = cfg.server.threads_max;
    let t = erlang_c_response_quantile(target.rps, mean_s, c, target.percentile / 100.0);
    let latency_ms = t * 1000.0;
    Some(Judgement {
        how: How::Formula,
        failure: (latency_ms > target.latency_ms).then_some(Failure::Latency),
        latency_ms,
        rps: target.rps,
        error_pct: 0.0,
        headroom,
    })
}

/// The target percentile of a run's latencies (all responses), ms.
fn percentile_ms(r: &Report, p: f64) -> f64 {
    let l = &r.latency_ms;
    match p {
        50.0 => l.p50,
        90.0 => l.p90,
        95.0 => l.p95,
        99.0 => l.p99,
        _ => l.p999,
    }
}

fn simulated(r: &Report, target: &Target, headroom: f64) -> Judgement {
    let latency_ms = percentile_ms(r, target.percentile);
    let error_pct = r.tool.error_pct;
    // A run that keeps up ends with what Little's law allows in flight
    // (the rate times the latency bound, twice over for the run's end);
    // one that does not has a queue that grew all along.
    let allowed = target.rps * target.latency_ms / 1000.0 * 2.0 + 10.0;
    let kept_up = (r.in_flight as f64) <= allowed;
    let failure = if r.outcome == Outcome::BudgetExceeded {
        Some(Failure::Budget)
    } else if !kept_up {
        Some(Failure::Rate)
    } else if error_pct > target.error_pct {
        Some(Failure::Errors)
    } else if latency_ms.is_nan() || latency_ms > target.latency_ms {
        Some(Failure::Latency)
    } else {
        None
    };
    Judgement {
        how: How::Simulated,
        failure,
        latency_ms,
        rps: r.tool.rate,
        error_pct,
        headroom,
    }
}
