//! The arithmetic behind the measured figures: Little's law checks of each
//! article's own numbers, and the worked reasons why some figures contradict
//! each other or queueing theory (shown, never fitted).

use super::figures::{Measured, Read, Stat, figures};
use crate::scenario;
use crate::sim::config::LoadKind;

/// Little's law for a closed loop that keeps `n` requests in flight at
/// `x_rps` requests per second: the mean time per request, in seconds.
pub fn little_mean_s(n: f64, x_rps: f64) -> f64 {
    n / x_rps
}

/// One Little's-law check of an article's own figures.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LittleCheck {
    /// Experiment id.
    pub experiment: &'static str,
    /// Variant.
    pub variant: &'static str,
    /// Requests kept in flight (the load tool's concurrency).
    pub in_flight: f64,
    /// Measured throughput, req/s.
    pub throughput_rps: f64,
    /// N ÷ X, seconds.
    pub implied_mean_s: f64,
    /// The latency figure the article gives, seconds.
    pub measured_s: f64,
    /// Which latency figure that is (average, p50, …).
    pub measured_what: &'static str,
    /// Whether the two agree within 5 % (a run's start and end make them differ a little).
    pub consistent: bool,
    /// The check in one sentence.
    pub text: String,
}

fn check(
    experiment: &'static str,
    variant: &'static str,
    n: f64,
    x: f64,
    measured_s: f64,
    what: &'static str,
) -> LittleCheck {
    let implied = little_mean_s(n, x);
    let rel = (measured_s - implied).abs() / implied;
    let consistent = rel <= 0.05;
    let text = format!(
        "{experiment} {variant}: {n:.0} in flight ÷ {x} req/s = {implied:.4} s mean; the article's {what} is {measured_s} s ({:.1} % apart): {}",
        rel * 100.0,
        if consistent {
            "consistent"
        } else {
            "inconsistent"
        }
    );
    LittleCheck {
        experiment,
        variant,
        in_flight: n,
        throughput_rps: x,
        implied_mean_s: implied,
        measured_s,
        measured_what: what,
        consistent,
        text,
    }
}

/// Little's law applied to every experiment that states its concurrency (its
/// preset's closed loop), its throughput and its mean (or else median)
/// latency: the figures are read from [`figures`], the concurrency from the
/// preset.
pub fn little_checks() -> Vec<LittleCheck> {
    figures()
        .iter()
        .filter(|f| f.read == Read::ThroughputRps)
        .filter_map(|x| {
            let Measured::Number(rps) = x.measured else {
                return None;
            };
            let (latency_s, what) = latency_figure(x.experiment, x.variant)?;
            let n = closed_loop_concurrency(x.preset)?;
            Some(check(x.experiment, x.variant, n, rps, latency_s, what))
        })
        .collect()
}

/// The variant's mean latency, else its median, in seconds, with its name.
fn latency_figure(experiment: &str, variant: &str) -> Option<(f64, &'static str)> {
    let stated = |stat: Stat| {
        figures().iter().find_map(|f| match (f.read, &f.measured) {
            (Read::Latency(s), &Measured::Number(v))
                if s == stat && f.experiment == experiment && f.variant == variant =>
            {
                // Latencies are read in ms; this figure's value in seconds.
                Some(v * f.read_units_per_unit() / 1000.0)
            }
            _ => None,
        })
    };
    stated(Stat::Mean)
        .map(|s| (s, "average"))
        .or_else(|| stated(Stat::P50).map(|s| (s, "p50")))
}

/// The requests a preset's closed loop keeps in flight.
fn closed_loop_concurrency(preset: &str) -> Option<f64> {
    let cfg = scenario::validate(&scenario::preset(preset)?.draft()).ok()?;
    match cfg.load.kind {
        LoadKind::Closed { concurrency, .. } => Some(concurrency as f64),
        LoadKind::Open { .. } => None,
    }
}

/// A worked contradiction, with the numbers it is computed from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arith {
    /// A median far below the mean that Little's law forces: with half the
    /// requests at or under p50 and 99 % under p99, how slow must the rest be?
    LittleVsMedian {
        /// Requests kept in flight.
        n: f64,
        /// Throughput, req/s.
        x_rps: f64,
        /// Median, ms.
        p50_ms: f64,
        /// 99th percentile, ms.
        p99_ms: f64,
        /// Error rate, percent.
        error_pct: f64,
        /// Length of the run, s.
        run_s: f64,
    },
    /// Timeouts starting at `users` with a pool of `threads`, when the same
    /// endpoint answers in `service_ms` on virtual threads.
    PoolTimeouts {
        /// Users at which timeouts reportedly start.
        users: f64,
        /// Pool size.
        threads: f64,
        /// Upper bound on the time a request holds a thread, ms.
        service_ms: f64,
        /// Client timeout, s.
        timeout_s: f64,
    },
    /// A pool's mean response time vs the users it supports.
    PoolMean {
        /// Most users the pool supports.
        users: f64,
        /// Pool size.
        threads: f64,
        /// Upper bound on the time a request holds a thread, ms.
        service_ms: f64,
        /// The claimed mean, ms.
        mean_ms: f64,
    },
    /// A mean at a concurrency that needs more throughput than the cores give.
    CpuCeiling {
        /// Users.
        users: f64,
        /// Claimed mean, ms.
        mean_ms: f64,
        /// Cores.
        cores: f64,
        /// The best the same machine measured for a simpler endpoint, req/s.
        best_rps: f64,
    },
    /// Out of memory with a bounded pool of platform threads.
    BoundedPoolOom {
        /// Pool size.
        threads: f64,
        /// Stack per thread, MB.
        stack_mb: f64,
        /// Users.
        users: f64,
        /// Memory per waiting request and its connection, KB.
        per_request_kb: f64,
        /// JVM baseline, MB.
        base_mb: f64,
        /// Heap, MB.
        heap_mb: f64,
        /// Machine memory, MB.
        machine_mb: f64,
    },
}

impl Arith {
    /// The arithmetic in words, with every number.
    pub fn explain(&self) -> String {
        match *self {
            Arith::LittleVsMedian {
                n,
                x_rps,
                p50_ms,
                p99_ms,
                error_pct,
                run_s,
            } => {
                let mean_ms = little_mean_s(n, x_rps) * 1000.0;
                // Mean ≤ 0.5·p50 + 0.49·p99 + 0.01·(slowest 1 %).
                let tail_ms = (mean_ms - 0.5 * p50_ms - 0.49 * p99_ms) / 0.01;
                let mut s = format!(
                    "Little's law: {n:.0} requests in flight ÷ {x_rps:.0} req/s = {mean_ms:.0} ms mean time per request. \
                     With half the requests at or under {p50_ms:.0} ms and 99 % under {p99_ms:.0} ms, that mean needs the slowest 1 % to average ≥ {:.1} s",
                    tail_ms / 1000.0
                );
                if error_pct > 0.0 {
                    // Or the errors carry the excess: e·T ≥ mean − (0.5·p50 + 0.5·p99).
                    let excess = mean_ms - 0.5 * p50_ms - 0.5 * p99_ms;
                    let _ = std::fmt::Write::write_fmt(
                        &mut s,
                        format_args!(
                            ", or the {error_pct} % errors to hang ≥ {:.1} s each",
                            excess / (error_pct / 100.0) / 1000.0
                        ),
                    );
                }
                s.push_str(&format!(
                    ", in a {run_s:.0} s run. So fewer than {n:.0} requests were in flight, or the figures do not come from one run."
                ));
                s
            }
            Arith::PoolTimeouts {
                users,
                threads,
                service_ms,
                timeout_s,
            } => {
                let wait_s = users * service_ms / 1000.0 / threads;
                let onset = timeout_s * threads / (service_ms / 1000.0);
                format!(
                    "A request takes at most ~{service_ms:.0} ms (the same API's mean on virtual threads). With {threads:.0} threads, \
                     {users:.0} users wait {users:.0} × {:.2} s ÷ {threads:.0} = {wait_s:.2} s each; a {timeout_s:.0} s client timeout \
                     is reached only beyond {timeout_s:.0} s × {threads:.0} ÷ {:.2} s ≈ {onset:.0} users.",
                    service_ms / 1000.0,
                    service_ms / 1000.0
                )
            }
            Arith::PoolMean {
                users,
                threads,
                service_ms,
                mean_ms,
            } => {
                let at_users = users * service_ms / threads;
                let needed = mean_ms * threads / users;
                let users_needed = mean_ms * threads / service_ms;
                format!(
                    "At the {users:.0} users the pool supports, R = {users:.0} × S ÷ {threads:.0} ≤ {at_users:.0} ms for S ≤ {service_ms:.0} ms \
                     (the virtual column's mean). {mean_ms:.0} ms needs S = {needed:.0} ms ({:.1} × that), or {users_needed:.0} users, \
                     beyond the {users:.0} the same table says it supports.",
                    needed / service_ms
                )
            }
            Arith::CpuCeiling {
                users,
                mean_ms,
                cores,
                best_rps,
            } => {
                let x = users / (mean_ms / 1000.0);
                format!(
                    "At {users:.0} users, Little's law gives {users:.0} ÷ {:.2} s = {x:.0} req/s: {:.3} ms of CPU per request on {cores:.0} cores. \
                     The same 4-core server managed {best_rps:.0} req/s ({:.2} ms per request) for an endpoint that only sleeps (E2's virtual run). \
                     At a lower concurrency the figure may hold, but the table does not say which.",
                    mean_ms / 1000.0,
                    cores / x * 1000.0,
                    cores / best_rps * 1000.0
                )
            }
            Arith::BoundedPoolOom {
                threads,
                stack_mb,
                users,
                per_request_kb,
                base_mb,
                heap_mb,
                machine_mb,
            } => {
                let stacks = threads * stack_mb;
                let reqs = users * per_request_kb / 1024.0;
                let total = base_mb + stacks + reqs;
                let per_thread = users * stack_mb;
                format!(
                    "A pool capped at {threads:.0} threads commits at most {threads:.0} × {stack_mb:.0} MB = {stacks:.0} MB of stacks (the article's own 1 MB per thread); \
                     {users:.0} waiting requests with their connections add {users:.0} × {per_request_kb:.0} KB ≈ {reqs:.0} MB; with a {base_mb:.0} MB baseline \
                     that is ~{total:.0} MB of a {heap_mb:.0} MB heap. Running out needs the threads to grow with the load ({users:.0} × {stack_mb:.0} MB = \
                     {per_thread:.0} MB, more than the machine's {machine_mb:.0} MB): thread-per-request, not the {threads:.0}-thread pool the table names."
                )
            }
        }
    }
}
