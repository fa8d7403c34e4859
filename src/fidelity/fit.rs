//! Calibration to a person's own measurement, labelled as such: the one
//! thing the output cannot say and the model needs — how long the request
//! waits beyond what its program already states (the "unexplained wait":
//! a database, a downstream, a lock the model was not told about) — fitted
//! so the simulated mean latency matches the measured one. The mean is the
//! figure used; every other figure (the rate, the percentiles, the slowest)
//! stays an independent check, shown with its residual.
//!
//! And the migration what-if on the fitted model: the same service with
//! `spring.threads.virtual.enabled=true` (or any change), where the
//! bottleneck moves, which settings stop applying, and what to watch.

use crate::i18n::Phrase;
use crate::measured::Measurement;
use crate::scenario::{self, Draft, FieldError, field};
use crate::sim::report::Bottleneck;
use crate::sim::{Config, Outcome, Report};

use super::yours::{self, Row};

/// Bisection steps of the fit: the wait is found to 1/4096 of the mean.
const FIT_STEPS: usize = 12;

/// Simulations a fit runs at most: the model bare, then each bisection step.
pub const MOST_RUNS: usize = 1 + FIT_STEPS;

/// The fitted wait and what it leaves.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Fit {
    /// The unexplained wait per request, ms (`io:` appended to the program).
    pub wait_ms: f64,
    /// The program as fitted.
    pub program: String,
    /// Measured vs simulated after the fit: the mean was fitted, the rest
    /// are independent checks.
    pub rows: Vec<Row>,
    /// Simulations the fit ran.
    pub runs: usize,
}

/// Why no wait fits.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FitFailure {
    /// The output has no mean latency to fit.
    NoMean,
    /// The scenario has several endpoints: which one waits is unknown.
    Endpoints,
    /// Without any extra wait the model is already slower: it has fewer
    /// threads, cores or connections than the service, or a longer program.
    ModelSlower {
        /// The simulated mean with no extra wait, ms.
        mean_ms: f64,
    },
    /// The scenario with the measurement's settings is not valid.
    Invalid {
        /// Why.
        error: FieldError,
    },
    /// A run stopped at its budget.
    Budget,
}

/// `draft`'s program with `wait_ms` more of blocking I/O.
fn with_wait(program: &str, wait_ms: f64) -> String {
    if wait_ms <= 0.0 {
        return program.to_string();
    }
    format!("{program}, io:{wait_ms:.4}ms")
}

fn run_with(
    draft: &Draft,
    program: &str,
    run: &mut dyn FnMut(&Config) -> Report,
) -> Result<Report, FitFailure> {
    let mut d = draft.clone();
    d.set("program", program)
        .map_err(|error| FitFailure::Invalid { error })?;
    let cfg = scenario::validate(&d).map_err(|mut e| FitFailure::Invalid { error: e.remove(0) })?;
    let r = run(&cfg);
    if r.outcome == Outcome::BudgetExceeded {
        return Err(FitFailure::Budget);
    }
    Ok(r)
}

/// The draft's program as text (the default preset's when unset).
fn program_of(draft: &Draft) -> Result<String, FitFailure> {
    if draft.get("endpoints").is_some_and(|v| !v.is_null()) {
        return Err(FitFailure::Endpoints);
    }
    Ok(draft
        .get("program")
        .and_then(|v| v.as_str())
        .unwrap_or_default()
        .to_string())
}

/// Fits the unexplained wait of `draft` (the measurement's settings
/// already applied) to `m`'s mean latency, running the model with `run`.
pub fn fit(
    draft: &Draft,
    m: &Measurement,
    run: &mut dyn FnMut(&Config) -> Report,
) -> Result<(Fit, Draft), FitFailure> {
    let target = m
        .latency
        .mean_ms
        .filter(|v| *v > 0.0)
        .ok_or(FitFailure::NoMean)?;
    let program = program_of(draft)?;
    let mut runs = 1;
    let bare = run_with(draft, &program, run)?;
    if bare.tool.latency.mean > target {
        return Err(FitFailure::ModelSlower {
            mean_ms: bare.tool.latency.mean,
        });
    }
    // The simulated mean grows with the wait: bisect [0, measured mean].
    let (mut lo, mut hi) = (0.0f64, target);
    let mut best = bare;
    for _ in 0..FIT_STEPS {
        let mid = 0.5 * (lo + hi);
        let r = run_with(draft, &with_wait(&program, mid), run)?;
        runs += 1;
        if r.tool.latency.mean > target {
            hi = mid;
        } else {
            lo = mid;
            best = r;
        }
    }
    let wait_ms = lo;
    let fitted_program = with_wait(&program, wait_ms);
    let mut fitted = draft.clone();
    fitted
        .set("program", &fitted_program)
        .map_err(|error| FitFailure::Invalid { error })?;
    let fit = Fit {
        wait_ms,
        program: fitted_program,
        rows: yours::compare(m, &best.tool),
        runs,
    };
    Ok((fit, fitted))
}

/// One run of the what-if, as figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Side {
    /// Successful requests per second.
    pub goodput_rps: f64,
    /// Mean latency, ms.
    pub mean_ms: f64,
    /// 99th percentile, ms.
    pub p99_ms: f64,
    /// Failed, %.
    pub error_pct: f64,
    /// What limits it.
    pub bottleneck: Bottleneck,
    /// What limits it in one sentence (the diagnosis's figures behind it
    /// are not serialised, so the sentence is made where the run is).
    pub bottleneck_said: Phrase,
    /// Most requests waiting for HikariCP at once.
    pub peak_db_waiters: u32,
    /// Most virtual threads pinned at once.
    pub peak_pinned: u32,
    /// Most threads alive at once (platform, or virtual).
    pub peak_threads: u32,
    /// Highest resident memory, MB.
    pub peak_memory_mb: f64,
}

impl Side {
    fn of(r: &Report) -> Side {
        let s = &r.server;
        Side {
            goodput_rps: r.goodput_rps,
            mean_ms: r.latency_ms.mean,
            p99_ms: r.latency_ms.p99,
            error_pct: r.tool.error_pct,
            bottleneck: r.bottleneck.clone(),
            bottleneck_said: crate::summary::said::bottleneck(&r.bottleneck),
            peak_db_waiters: s.peak_db_waiters,
            peak_pinned: s.peak_pinned,
            peak_threads: s.peak_platform_threads.max(s.peak_virtual_threads),
            peak_memory_mb: s.peak_memory_mb,
        }
    }
}

/// The fitted model before and after a change.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WhatIf {
    /// The change, as `--set` pairs.
    pub changes: Vec<(String, String)>,
    /// The fitted model as measured.
    pub before: Side,
    /// With the change.
    pub after: Side,
    /// Settings set in the scenario that change nothing after the change
    /// (and did before): e.g. `server.threads_max` once threads are virtual.
    pub stop_applying: Vec<String>,
}

/// The fitted draft before and after `changes`.
pub fn what_if(
    fitted: &Draft,
    changes: &[(String, String)],
    run: &mut dyn FnMut(&Config) -> Report,
) -> Result<WhatIf, FieldError> {
    let before_cfg = scenario::validate(fitted).map_err(|mut e| e.remove(0))?;
    let mut after = fitted.clone();
    for (k, v) in changes {
        after.set(k, v)?;
    }
    let after_cfg = scenario::validate(&after).map_err(|mut e| e.remove(0))?;
    let stop_applying = fitted
        .leaves()
        .into_iter()
        .map(|(k, _)| k)
        .filter(|k| {
            field(k)
                .and_then(|f| f.moot)
                .is_some_and(|m| m.holds(&after_cfg, k) && !m.holds(&before_cfg, k))
        })
        .collect();
    Ok(WhatIf {
        changes: changes.to_vec(),
        before: Side::of(&run(&before_cfg)),
        after: Side::of(&run(&after_cfg)),
        stop_applying,
    })
}

/// Golden-section steps of a joint fit: the wait to 0.2 % of its range.
const JOINT_STEPS: usize = 14;

/// One wait fitted to several measurements of one service at once (a sweep
/// of concurrency, say): the wait that makes the simulated means closest
/// to the measured ones in relative terms, and each point's figures beside
/// their simulation — every figure but the means an independent check,
/// and how well one wait explains every point the test of the model.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JointFit {
    /// The unexplained wait per request, ms.
    pub wait_ms: f64,
    /// The program as fitted.
    pub program: String,
    /// Per measurement, in the order given: measured vs simulated.
    pub points: Vec<Vec<Row>>,
    /// Simulations the fit ran.
    pub runs: usize,
}

/// Fits one unexplained wait to every `(draft, measurement)` pair (each
/// draft the service with that measurement's load settings applied).
pub fn fit_joint(
    points: &[(Draft, &Measurement)],
    run: &mut dyn FnMut(&Config) -> Report,
) -> Result<JointFit, FitFailure> {
    let (first, _) = points.first().ok_or(FitFailure::NoMean)?;
    let program = program_of(first)?;
    let means: Vec<f64> = points
        .iter()
        .map(|(_, m)| {
            m.latency
                .mean_ms
                .filter(|v| *v > 0.0)
                .ok_or(FitFailure::NoMean)
        })
        .collect::<Result<_, _>>()?;
    let mut runs = 0;
    // The relative squared error of every point's mean at a wait.
    let mut error = |wait: f64, runs: &mut usize| -> Result<(f64, Vec<Report>), FitFailure> {
        let mut sum = 0.0;
        let mut reports = Vec::new();
        for ((d, _), target) in points.iter().zip(&means) {
            let r = run_with(d, &with_wait(&program, wait), run)?;
            *runs += 1;
            sum += ((r.tool.latency.mean - target) / target).powi(2);
            reports.push(r);
        }
        Ok((sum, reports))
    };
    let bare = error(0.0, &mut runs)?;
    let slower = bare
        .1
        .iter()
        .zip(&means)
        .find(|(r, m)| r.tool.latency.mean > **m);
    if let Some((r, _)) = slower {
        return Err(FitFailure::ModelSlower {
            mean_ms: r.tool.latency.mean,
        });
    }
    let hi = means.iter().copied().fold(0.0, f64::max);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.0f64, hi);
    let (mut c, mut d) = (b - ratio * (b - a), a + ratio * (b - a));
    let (mut fc, mut fd) = (error(c, &mut runs)?.0, error(d, &mut runs)?.0);
    for _ in 0..JOINT_STEPS {
        if fc <= fd {
            (b, d, fd) = (d, c, fc);
            c = b - ratio * (b - a);
            fc = error(c, &mut runs)?.0;
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + ratio * (b - a);
            fd = error(d, &mut runs)?.0;
        }
    }
    let wait_ms = 0.5 * (a + b);
    let (_, reports) = error(wait_ms, &mut runs)?;
    Ok(JointFit {
        wait_ms,
        program: with_wait(&program, wait_ms),
        points: points
            .iter()
            .zip(&reports)
            .map(|((_, m), r)| yours::compare(m, &r.tool))
            .collect(),
        runs,
    })
}
