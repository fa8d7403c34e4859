//! Speed benchmarks: the workloads threadlab is measured on, a timing-free
//! runner that native code and WebAssembly share, and (natively) the
//! wall-clock timing that `threadlab bench` prints.
//!
//! The workloads are ordinary scenarios, built as [`Draft`]s and validated
//! like any other, so they run through the general engine with every feature
//! compiled in (series, timeline, histogram, memory and budget checks):
//!
//! * **m1** — M/M/10: open-loop Poisson arrivals at 8 req/s, a platform pool
//!   of 10 threads, one exponential I/O step of mean 1 s, 10⁶ requests, CPU
//!   not involved (no `cpu` step, no context-switch cost).
//! * **m2** — closed loop: 2,000 clients, no think time, 60 simulated seconds,
//!   200 Tomcat threads, `io:50ms,cpu:0.1ms` on 4 cores under processor
//!   sharing (set explicitly: it was the default CPU model when these
//!   benchmarks were first measured).
//! * **m2-fifo** — the same on round-robin cores with a 4 ms quantum (now the
//!   default): a 0.1 ms step never gets preempted, so this is the FIFO cores
//!   of the peers.
//! * **m2-virtual** — m2 with `server.mode=virtual`.
//! * **single** — what the playground runs first after a slider move: the
//!   default scenario's full run in both modes (`app::run::plan::single`).
//! * **sweep** — the playground's default sweep: the default scenario at its
//!   25 log-spaced concurrency points (24 distinct ones for the default
//!   scenario), platform and virtual, each run to 20,000 requests
//!   (`app::run::plan::sweep_points` and `sweep_point`, exactly as the page asks).
//! * **replicas** — what the playground runs after the sweep: the default
//!   scenario's full run with the four more seeds of `plan::PAGE_REPLICATIONS`
//!   in both modes (`app::worker::job::Plan::replicas`), without a timeline.
//! * **mem** — 10⁷ requests at 10⁴ concurrency, for the memory measurement
//!   (`mem-1e6` is the same with 10⁶ requests, to show memory does not grow
//!   with the number of requests).
//!
//! * **stop-open**, **stop-async**, **stop-virtual** — the runaway
//!   scenarios, which grow the simulator's own memory with work in progress
//!   until its budget stops them (at the page's budget,
//!   `app::run::plan::PAGE_MAX_SIM_MEMORY_MB`): open load at 10⁷ req/s with a
//!   20 s client timeout (stale timeouts pile up), 100,000 clients feeding a
//!   one-thread `@Async` pool with an unbounded queue, and open load at
//!   10⁶ req/s on virtual threads without a client timeout. They show the
//!   wall time and peak memory of a run that has to be stopped.
//!
//! Wall-clock timing is deliberately absent from everything but `timed`
//! (native only, printed by `threadlab bench`): WebAssembly callers time the
//! same [`Run`] from JavaScript
//! with `performance.now()`, one [`Run::advance`] chunk per call, so V8 can
//! optimise the loop between calls.

use crate::app::{MODES, run::plan};
use crate::scenario::{self, Draft, FieldError};
use crate::sim::{Config, Outcome, Report, Simulation};

/// Events per [`Run::advance`] call that the harnesses use by default: about
/// 5–15 ms of work, small enough for a browser frame budget and large enough
/// that the per-call overhead does not show.
pub const DEFAULT_CHUNK: u64 = 100_000;

/// A named benchmark workload: one scenario, or several run back to back.
#[derive(Clone, Copy, Debug)]
pub struct Workload {
    /// Short name (`m1`, `m2`, …).
    pub name: &'static str,
    /// What it is, in one line.
    pub title: &'static str,
    /// The same model's name in the peers' benchmark (`../shared/peers`), if any.
    pub peer: Option<&'static str>,
    /// Part of the default `threadlab bench` set (the memory runs are not).
    pub default: bool,
}

const M1: &[(&str, &str)] = &[
    // An arrival rate: k6's constant-arrival-rate executor (hey runs no open loop).
    ("load.tool", "k6"),
    ("load.kind", "open"),
    ("load.rate_rps", "8"),
    ("load.arrivals", "poisson"),
    ("load.requests", "1000000"),
    ("load.timeout_ms", "0"),
    ("server.mode", "platform"),
    ("server.threads_max", "10"),
    ("server.min_spare", "10"),
    ("server.cores", "10"),
    ("server.context_switch_us", "0"),
    ("program", "io:exp(1s)"),
    // The peer models no connections: no handshake, accept cost or
    // keep-alive limit (`single` and `sweep`, the playground's default
    // scenario, run with all three).
    ("server.max_keep_alive_requests", "-1"),
    ("server.accept_us", "0"),
    ("load.rtt_ms", "0"),
    ("load.connect_cpu_ms", "0"),
    // 10⁶ arrivals at 8/s take about 125,000 s: beyond the default one-day budget.
    ("limits.max_sim_s", "1000000"),
    // The peer models have no garbage collector and no wake-up delay after
    // a sleep or a read (measured here, on by default): model against model.
    ("gc.collector", "none"),
    ("server.wake_p50_us", "0"),
];

const M2: &[(&str, &str)] = &[
    // The peer stops at its 60 s horizon and counts what finished before,
    // as wrk -d does (its 2 s timeout is never reached here).
    ("load.tool", "wrk"),
    ("load.kind", "closed"),
    ("load.concurrency", "2000"),
    ("load.duration_s", "60"),
    ("load.think_ms", "0"),
    // The peer models no connections (see M1).
    ("server.max_keep_alive_requests", "-1"),
    ("server.accept_us", "0"),
    ("load.rtt_ms", "0"),
    ("load.connect_cpu_ms", "0"),
    ("server.mode", "platform"),
    ("server.threads_max", "200"),
    ("server.min_spare", "200"),
    ("server.cores", "4"),
    ("server.cpu_model", "ps"),
    ("server.context_switch_us", "0"),
    ("program", "io:50ms,cpu:0.1ms"),
    // The peer models have no garbage collector and no wake-up delay after
    // a sleep or a read (measured here, on by default): model against model.
    ("gc.collector", "none"),
    ("server.wake_p50_us", "0"),
];

/// Every workload, in the order `threadlab bench` runs them.
pub const WORKLOADS: &[Workload] = &[
    Workload {
        name: "m1",
        title: "M/M/10, open Poisson 8 req/s, io:exp(1s), 10^6 requests",
        peer: Some("m1"),
        default: true,
    },
    Workload {
        name: "m2",
        title: "closed 2,000 clients, 200 threads, io:50ms,cpu:0.1ms, 4 PS cores, 60 s",
        peer: Some("m2-pool"),
        default: true,
    },
    Workload {
        name: "m2-fifo",
        title: "m2 on round-robin cores (4 ms quantum, so FIFO for 0.1 ms steps)",
        peer: Some("m2-pool"),
        default: true,
    },
    Workload {
        name: "m2-virtual",
        title: "m2 with server.mode=virtual",
        peer: Some("m2-virtual"),
        default: true,
    },
    Workload {
        name: "single",
        title: "playground: the default scenario's full run, platform and virtual",
        peer: None,
        default: true,
    },
    Workload {
        name: "sweep",
        title: "playground sweep: default scenario, 25 concurrency points x platform/virtual, 20,000 requests each",
        peer: None,
        default: true,
    },
    Workload {
        name: "replicas",
        title: "playground replications: the default scenario's full run with 4 more seeds, platform and virtual",
        peer: None,
        default: false,
    },
    Workload {
        name: "mem-1e6",
        title: "10^6 requests at 10^4 concurrency (memory baseline)",
        peer: None,
        default: false,
    },
    Workload {
        name: "mem-1e7",
        title: "10^7 requests at 10^4 concurrency (memory)",
        peer: None,
        default: false,
    },
    Workload {
        name: "stop-open",
        title: "runaway: open 10^7 req/s, io:1ms, 20 s timeout, stopped by the memory budget",
        peer: None,
        default: false,
    },
    Workload {
        name: "stop-async",
        title: "runaway: 100,000 clients into a one-thread @Async pool, stopped by the memory budget",
        peer: None,
        default: false,
    },
    Workload {
        name: "stop-virtual",
        title: "runaway: open 10^6 req/s on virtual threads, no timeout, stopped by the memory budget",
        peer: None,
        default: false,
    },
    Workload {
        name: "cores-1024",
        title: "2,000 threads on 1,024 round-robin cores, cpu:1ms,io:10ms, 3x10^6 events",
        peer: None,
        default: false,
    },
];

/// Many cores under round robin, where a scan of every core on
/// each event once made events cost in proportion to the cores.
pub const CORES_1024: &[(&str, &str)] = &[
    ("server.cores", "1024"),
    ("server.cpu_model", "rr"),
    ("server.threads_max", "2000"),
    ("program", "cpu:1ms,io:10ms"),
    ("load.duration_s", "60"),
    ("load.requests", "null"),
    ("load.concurrency", "2000"),
    ("limits.max_events", "3000000"),
];

/// The runaway scenarios, each stopped by the simulator's own memory
/// budget at the page's value (the event budget is left at its default);
/// the budget tests run the same scenarios at smaller budgets.
/// Open load at 10⁷ req/s on virtual threads: hey's client timeouts pile up.
pub const STOP_OPEN: &[(&str, &str)] = &[
    ("server.mode", "virtual"),
    ("server.cores", "64"),
    ("load.kind", "open"),
    ("load.rate_rps", "10000000"),
    ("load.duration_s", "86400"),
    ("program", "io:1ms"),
    // Connects cost nothing: 10⁷ connects a second would otherwise fill the
    // accept queue before any client timeout goes stale.
    ("load.rtt_ms", "0"),
    ("load.connect_cpu_ms", "0"),
    ("server.accept_us", "0"),
];
/// 100,000 workers feeding a one-thread `@Async` pool with an unbounded queue.
pub const STOP_ASYNC: &[(&str, &str)] = &[
    ("load.concurrency", "100000"),
    ("load.duration_s", "600"),
    ("program", "io:1ms,async(e){io:10ms}"),
    ("async.e.kind", "pool"),
    ("async.e.core", "1"),
    ("async.e.max", "1"),
];
/// Open load at 10⁶ req/s on virtual threads with no client timeout.
pub const STOP_VIRTUAL: &[(&str, &str)] = &[
    ("load.kind", "open"),
    ("load.rate_rps", "1000000"),
    ("load.duration_s", "86400"),
    ("load.timeout_ms", "0"),
    ("server.mode", "virtual"),
    ("program", "io:1s"),
];

/// Looks a workload up by name.
pub fn workload(name: &str) -> Option<&'static Workload> {
    WORKLOADS.iter().find(|w| w.name == name)
}

fn draft_of(settings: &[(&str, &str)], base: Option<Draft>) -> Draft {
    let mut d = base.unwrap_or_default();
    for (k, v) in settings {
        // Every value here is tested to be accepted (see the tests below).
        d.set(k, v).expect("benchmark settings are valid");
    }
    d
}

impl Workload {
    /// The scenarios this workload runs, in order (one, or 50 for the sweep).
    pub fn drafts(&self) -> Vec<Draft> {
        match self.name {
            "m1" => vec![draft_of(M1, None)],
            "m2" => vec![draft_of(M2, None)],
            "m2-fifo" => {
                let mut d = draft_of(M2, None);
                d.set("server.cpu_model", "rr").expect("valid");
                d.set("server.quantum_ms", "4").expect("valid");
                vec![d]
            }
            "m2-virtual" => {
                let mut d = draft_of(M2, None);
                d.set("server.mode", "virtual").expect("valid");
                vec![d]
            }
            "single" => {
                let base = scenario::default_preset().draft();
                MODES.iter().map(|&m| plan::single(&base, m)).collect()
            }
            "replicas" => {
                let job = crate::app::State::default().job();
                let plan = crate::app::worker::job::Plan::of(&job);
                plan.replicas.into_iter().map(|r| r.draft).collect()
            }
            "sweep" => {
                let base = scenario::default_preset().draft();
                let (axis, xs) = plan::sweep_points(&base);
                MODES
                    .iter()
                    .flat_map(|&m| xs.iter().map(move |&x| (m, x)))
                    .map(|(m, x)| plan::sweep_point(&base, m, axis, x))
                    .collect()
            }
            "mem-1e6" | "mem-1e7" => {
                let n = if self.name == "mem-1e6" {
                    "1000000"
                } else {
                    "10000000"
                };
                let base = scenario::preset("e2-virtual").map(|p| p.draft());
                vec![draft_of(
                    &[
                        ("load.concurrency", "10000"),
                        ("load.requests", n),
                        ("server.max_connections", "20000"),
                    ],
                    base,
                )]
            }
            "cores-1024" => vec![draft_of(CORES_1024, None)],
            "stop-open" | "stop-async" | "stop-virtual" => {
                let settings = match self.name {
                    "stop-open" => STOP_OPEN,
                    "stop-async" => STOP_ASYNC,
                    _ => STOP_VIRTUAL,
                };
                let mut d = draft_of(settings, None);
                let mb = plan::PAGE_MAX_SIM_MEMORY_MB.to_string();
                d.set("limits.max_sim_memory_mb", &mb).expect("valid");
                vec![d]
            }
            _ => Vec::new(),
        }
    }

    /// The validated configurations of [`Workload::drafts`].
    pub fn configs(&self) -> Vec<Config> {
        self.configs_with(&[])
            .expect("benchmark workloads validate")
    }

    /// The validated configurations of [`Workload::drafts`] with `sets`
    /// (`key`, `value` as `--set` takes them) applied to each, e.g. to time
    /// a workload with the collector on; the first problem as an error.
    pub fn configs_with(&self, sets: &[(String, String)]) -> Result<Vec<Config>, FieldError> {
        self.drafts()
            .into_iter()
            .map(|mut d| {
                for (k, v) in sets {
                    d.set(k, v)?;
                }
                scenario::validate(&d).map_err(|mut e| e.remove(0))
            })
            .collect()
    }
}

/// What a finished workload simulated (no wall time: callers measure that).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Totals {
    /// Scenarios run.
    pub runs: u32,
    /// Events processed.
    pub events: u64,
    /// Requests the client finished (responses and errors).
    pub requests: u64,
    /// Simulated seconds, summed over runs.
    pub sim_s: f64,
    /// Throughput of the last run (req/s), a cross-check against theory.
    pub throughput_rps: f64,
    /// Mean latency of the last run (ms).
    pub mean_latency_ms: f64,
    /// Runs that stopped at a budget (events, simulated time or memory).
    pub budget_stops: u32,
}

impl Totals {
    /// Adds one finished run's report.
    pub fn add(&mut self, r: &Report) {
        self.runs += 1;
        self.events += r.events;
        self.requests += r.completed + r.errors.total;
        self.sim_s += r.sim_time_s;
        self.throughput_rps = r.throughput_rps;
        self.mean_latency_ms = r.latency_ms.mean;
        self.budget_stops += u32::from(r.outcome == Outcome::BudgetExceeded);
    }
}

/// A workload in progress, advanced in chunks of events.
pub struct Run {
    configs: Vec<Config>,
    next: usize,
    sim: Option<Simulation>,
    totals: Totals,
}

impl Run {
    /// Prepares a workload's runs (validation happens here, not while timed).
    pub fn new(w: &Workload) -> Self {
        Run::from_configs(w.configs())
    }

    /// Prepares arbitrary configurations, run one after another.
    pub fn from_configs(configs: Vec<Config>) -> Self {
        Run {
            configs,
            next: 0,
            sim: None,
            totals: Totals::default(),
        }
    }

    /// Processes up to about `chunk` events; returns true when every run is over.
    /// Starting a run and building its report happen inside this call, so a
    /// timer around the calls measures everything the playground would wait for.
    pub fn advance(&mut self, chunk: u64) -> bool {
        let mut left = chunk.max(1);
        loop {
            let sim = match self.sim.as_mut() {
                Some(s) => s,
                None => {
                    let Some(cfg) = self.configs.get(self.next) else {
                        return true;
                    };
                    self.next += 1;
                    self.sim.insert(Simulation::new(cfg.clone()))
                }
            };
            let before = sim.events();
            let done = sim.advance(left);
            left = left.saturating_sub(sim.events() - before);
            if done {
                let report = self.sim.take().expect("a run is in progress").finish();
                self.totals.add(&report);
            }
            if left == 0 {
                return self.next >= self.configs.len() && self.sim.is_none();
            }
        }
    }

    /// What has been simulated so far.
    pub fn totals(&self) -> Totals {
        self.totals
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod timed;
#[cfg(not(target_arch = "wasm32"))]
pub use timed::{median, peak_rss_mb, time_once};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_workload_validates() {
        for w in WORKLOADS {
            let n = w.configs().len();
            let want = match w.name {
                // 25 log-spaced points per mode, fewer where small ones round alike.
                "sweep" => {
                    let (_, xs) = plan::sweep_points(&scenario::default_preset().draft());
                    assert!(xs.len() > 20 && xs.len() <= plan::SWEEP_POINTS);
                    2 * xs.len()
                }
                "single" => 2,
                // Each mode's full run with the seeds past its own.
                "replicas" => 2 * (plan::PAGE_REPLICATIONS as usize - 1),
                _ => 1,
            };
            assert_eq!(n, want, "{}", w.name);
        }
    }

    #[test]
    fn a_tiny_version_of_each_model_runs_like_theory() {
        // M2 for 5 simulated seconds: 200 threads / 50.1 ms ≈ 3,990 req/s on
        // FIFO cores, less the first 50 ms in which nothing can finish.
        let mut d = workload("m2-fifo").unwrap().drafts().remove(0);
        d.set("load.duration_s", "5").unwrap();
        let cfg = scenario::validate(&d).unwrap();
        let mut run = Run::from_configs(vec![cfg.clone(), cfg]);
        while !run.advance(777) {}
        let t = run.totals();
        assert_eq!(t.runs, 2);
        assert!((t.throughput_rps - 3990.0).abs() < 60.0, "{t:?}");

        // M1 with 2,000 customers: chunked and unchunked runs agree exactly.
        let mut d = workload("m1").unwrap().drafts().remove(0);
        d.set("load.requests", "2000").unwrap();
        let cfg = scenario::validate(&d).unwrap();
        let mut chunked = Run::from_configs(vec![cfg.clone()]);
        while !chunked.advance(1) {}
        let whole = crate::sim::run(&cfg);
        assert_eq!(chunked.totals().events, whole.events);
        assert_eq!(chunked.totals().requests, 2000);
    }
}
