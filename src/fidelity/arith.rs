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
        /// Stack reserved per thread (`-Xss`), MB.
        stack_mb: f64,
        /// Stack resident per thread, KB.
        resident_kb: f64,
        /// Users.
        users: f64,
        /// Heap per waiting request and its connection, KB.
        per_request_kb: f64,
        /// Idle heap, MB.
        base_mb: f64,
        /// Heap, MB.
        heap_mb: f64,
        /// Machine memory, MB.
        machine_mb: f64,
        /// systemd's default task limit for a service with the classic pid_max.
        tasks_max: f64,
    },
    /// Memory claimed for more platform threads, against what stacks cost.
    StackGrowth {
        /// Pool size before.
        from_threads: f64,
        /// Pool size after.
        to_threads: f64,
        /// Stack reserved per thread (`-Xss`), MB.
        stack_mb: f64,
        /// Stack resident per thread, KB.
        resident_kb: f64,
        /// The claimed growth, MB.
        claimed_mb: f64,
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
                resident_kb,
                users,
                per_request_kb,
                base_mb,
                heap_mb,
                machine_mb,
                tasks_max,
            } => {
                let reserved = threads * stack_mb;
                let resident = threads * resident_kb / 1024.0;
                let reqs = users * per_request_kb / 1024.0;
                let live = base_mb + reqs;
                let per_thread_resident = users * resident_kb / 1024.0;
                format!(
                    "A pool capped at {threads:.0} threads reserves {threads:.0} × {stack_mb:.0} MB = {reserved:.0} MB of address space for stacks (the article's 1 MB each), \
                     of which ~{resident:.0} MB is resident ({resident_kb:.0} KB touched per thread); {users:.0} waiting requests with their connections hold \
                     {users:.0} × {per_request_kb:.0} KB ≈ {reqs:.0} MB of heap: with the {base_mb:.0} MB idle heap ~{live:.0} MB live of a {heap_mb:.0} MB heap, \
                     and the process stays far below the machine's {machine_mb:.0} MB. No memory limit is near. Thread-per-request would need {users:.0} threads: \
                     {:.0} MB reserved (address space, no limit on 64-bit Linux) but ~{per_thread_resident:.0} MB resident, still no exhausted memory. What fails first is a \
                     thread limit: systemd caps a service at 15 % of pid_max ({tasks_max:.0} tasks with the classic 32,768), and the JVM reports that as \
                     OutOfMemoryError: unable to create native thread, \"out of memory\" by name only.",
                    users * stack_mb
                )
            }
            Arith::StackGrowth {
                from_threads,
                to_threads,
                stack_mb,
                resident_kb,
                claimed_mb,
            } => {
                let added = to_threads - from_threads;
                format!(
                    "{added:.0} more threads reserve {added:.0} × {stack_mb:.0} MB = {:.0} MB of address space, not memory in use; resident they add \
                     ~{added:.0} × {resident_kb:.0} KB = {:.0} MB. +{claimed_mb:.0} MB is {:.1} MB per added thread, more than even its reserved stack: \
                     stacks cannot explain it. More threads run more requests at once, and the JVM commits heap as it is used, up to -Xmx: a heap \
                     growing by ~2 GB fits the figure, the stacks do not.",
                    added * stack_mb,
                    added * resident_kb / 1024.0,
                    claimed_mb / added
                )
            }
        }
    }
}
