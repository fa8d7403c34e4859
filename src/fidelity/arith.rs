//! The arithmetic behind the measured figures: Little's law checks of each
//! article's own numbers, and the worked reasons why some figures contradict
//! each other or queueing theory (shown, never fitted).

use super::figures::{Measured, Read, Stat, figures};
use super::words;
use crate::i18n::keys::report as k;
use crate::i18n::{Part, Phrase};
use crate::scenario;
use crate::sim::config::LoadKind;

/// How far a measured mean may be from Little's law's N ÷ X and still be
/// consistent with it: 5 % (a run's start and end make the two differ a
/// little). The articles' figures and a pasted measurement are held to it.
pub const LITTLE_TOLERANCE: f64 = 0.05;

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
    /// The check in one sentence, in English (the command line's).
    pub text: String,
    /// The sentence for the page to say in its language.
    #[serde(skip)]
    pub said: Phrase,
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
    let consistent = rel <= LITTLE_TOLERANCE;
    let said = k::LITTLE_CHECK
        .said()
        .with("experiment", Part::text(experiment))
        .with("variant", Part::Phrase(words::variant(variant)))
        .with("n", Part::Fixed(n, 0))
        .with("x", Part::Shortest(x))
        .with("implied", Part::Fixed(implied, 4))
        .with(
            "what",
            Part::Phrase(match what {
                "average" => k::LITTLE_AVERAGE.said(),
                _ => k::LITTLE_P50.said(),
            }),
        )
        .with("measured", Part::Shortest(measured_s))
        .with("apart", Part::Fixed(rel * 100.0, 1))
        .with(
            "verdict",
            Part::Phrase(if consistent {
                k::LITTLE_CONSISTENT.said()
            } else {
                k::LITTLE_INCONSISTENT.said()
            }),
        );
    let text = said.english();
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
        said,
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
    /// The arithmetic in English words, with every number (the command
    /// line's).
    pub fn explain(&self) -> String {
        self.said().english()
    }

    /// The arithmetic as a phrase of the catalogue, with every number.
    pub fn said(&self) -> Phrase {
        let f = Part::Fixed;
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
                let errors = if error_pct > 0.0 {
                    // Or the errors carry the excess: e·T ≥ mean − (0.5·p50 + 0.5·p99).
                    let excess = mean_ms - 0.5 * p50_ms - 0.5 * p99_ms;
                    Part::Phrase(
                        k::ARITH_LITTLE_ERRORS
                            .said()
                            .with("pct", Part::Shortest(error_pct))
                            .with("hang", f(excess / (error_pct / 100.0) / 1000.0, 1)),
                    )
                } else {
                    Part::text("")
                };
                k::ARITH_LITTLE_VS_MEDIAN
                    .said()
                    .with("n", f(n, 0))
                    .with("x", f(x_rps, 0))
                    .with("mean", f(mean_ms, 0))
                    .with("p50", f(p50_ms, 0))
                    .with("p99", f(p99_ms, 0))
                    .with("tail", f(tail_ms / 1000.0, 1))
                    .with("errors", errors)
                    .with("run", f(run_s, 0))
            }
            Arith::PoolTimeouts {
                users,
                threads,
                service_ms,
                timeout_s,
            } => {
                let wait_s = users * service_ms / 1000.0 / threads;
                let onset = timeout_s * threads / (service_ms / 1000.0);
                k::ARITH_POOL_TIMEOUTS
                    .said()
                    .with("service", f(service_ms, 0))
                    .with("threads", f(threads, 0))
                    .with("users", f(users, 0))
                    .with("service_s", f(service_ms / 1000.0, 2))
                    .with("wait", f(wait_s, 2))
                    .with("timeout", f(timeout_s, 0))
                    .with("onset", f(onset, 0))
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
                k::ARITH_POOL_MEAN
                    .said()
                    .with("users", f(users, 0))
                    .with("threads", f(threads, 0))
                    .with("at_users", f(at_users, 0))
                    .with("service", f(service_ms, 0))
                    .with("mean", f(mean_ms, 0))
                    .with("needed", f(needed, 0))
                    .with("times", f(needed / service_ms, 1))
                    .with("users_needed", f(users_needed, 0))
            }
            Arith::CpuCeiling {
                users,
                mean_ms,
                cores,
                best_rps,
            } => {
                let x = users / (mean_ms / 1000.0);
                k::ARITH_CPU_CEILING
                    .said()
                    .with("users", f(users, 0))
                    .with("mean_s", f(mean_ms / 1000.0, 2))
                    .with("x", f(x, 0))
                    .with("cpu", f(cores / x * 1000.0, 3))
                    .with("cores", f(cores, 0))
                    .with("best", f(best_rps, 0))
                    .with("best_cpu", f(cores / best_rps * 1000.0, 2))
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
            } => k::ARITH_BOUNDED_POOL_OOM
                .said()
                .with("threads", f(threads, 0))
                .with("stack", f(stack_mb, 0))
                .with("reserved", f(threads * stack_mb, 0))
                .with("resident", f(threads * resident_kb / 1024.0, 0))
                .with("resident_kb", f(resident_kb, 0))
                .with("users", f(users, 0))
                .with("per_request", f(per_request_kb, 0))
                .with("requests", f(users * per_request_kb / 1024.0, 0))
                .with("base", f(base_mb, 0))
                .with("live", f(base_mb + users * per_request_kb / 1024.0, 0))
                .with("heap", f(heap_mb, 0))
                .with("machine", f(machine_mb, 0))
                .with("all_reserved", f(users * stack_mb, 0))
                .with("all_resident", f(users * resident_kb / 1024.0, 0))
                .with("tasks_max", f(tasks_max, 0)),
            Arith::StackGrowth {
                from_threads,
                to_threads,
                stack_mb,
                resident_kb,
                claimed_mb,
            } => {
                let added = to_threads - from_threads;
                k::ARITH_STACK_GROWTH
                    .said()
                    .with("added", f(added, 0))
                    .with("stack", f(stack_mb, 0))
                    .with("reserved", f(added * stack_mb, 0))
                    .with("resident_kb", f(resident_kb, 0))
                    .with("resident", f(added * resident_kb / 1024.0, 0))
                    .with("claimed", f(claimed_mb, 0))
                    .with("per_thread", f(claimed_mb / added, 1))
            }
        }
    }
}
