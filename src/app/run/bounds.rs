//! What queueing theory says a configuration can do, drawn over the
//! simulated curves: the capacity ceilings (threads ÷ time per request,
//! cores ÷ CPU per request, pool ÷ hold time, carriers ÷ pinned time) and
//! Little's law (N = X·R) for a closed loop. The closed forms themselves are
//! in [`crate::theory`]; this module reads a configuration into them and
//! says each bound in words.

use crate::app::basis::format::ms_in;
use crate::app::basis::modes::{Mode, as_word};
use crate::i18n::keys::chart as keys;
use crate::i18n::{Arg, Locale};
use crate::scenario::Costs;
use crate::sim::config::{Config, LoadKind};
use crate::sim::time::{MS, to_ms};
use crate::theory::ceiling;

/// The resource behind a capacity ceiling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    /// Tomcat's pool of platform threads.
    Threads,
    /// The server's cores.
    Cpu,
    /// HikariCP's connections.
    DbPool,
    /// Carrier threads pinned by virtual threads blocked in `synchronized`.
    Carriers,
    /// A container's CPU limit (CFS bandwidth control's quota).
    CpuQuota,
    /// An HTTP client's pool of connections to a downstream.
    HttpPool,
}

impl Limit {
    /// The resource in `locale`'s words, as a ceiling's label names it.
    pub fn name(self, locale: Locale) -> String {
        let key = match self {
            Limit::Threads => keys::LIMIT_THREADS,
            Limit::Cpu => keys::LIMIT_CPU,
            Limit::DbPool => keys::LIMIT_DB_POOL,
            Limit::Carriers => keys::LIMIT_CARRIERS,
            Limit::CpuQuota => keys::LIMIT_CPU_LIMIT,
            Limit::HttpPool => keys::LIMIT_HTTP_POOL,
        };
        key.text(locale, &[])
    }
}

/// One capacity ceiling: at most `rps` requests per second, and why.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Ceiling {
    /// What runs out.
    pub(crate) resource: Limit,
    /// The bound, requests per second.
    pub(crate) rps: f64,
    /// How many of the resource there are (threads, cores, connections,
    /// carriers; a CPU limit's cores may be a fraction).
    pub(crate) count: f64,
    /// How long a request holds one, ms.
    pub(crate) hold_ms: f64,
    /// The JDK (it decides whether `synchronized` pins).
    pub(crate) jdk: u32,
}

impl Ceiling {
    /// The formula with numbers in `locale`'s words, e.g. "threads.max ÷
    /// time per request = 100 ÷ 50.1 ms".
    pub(crate) fn formula(&self, locale: Locale) -> String {
        let key = match self.resource {
            Limit::Threads => keys::FORMULA_THREADS,
            Limit::Cpu => keys::FORMULA_CPU,
            Limit::DbPool => keys::FORMULA_DB_POOL,
            Limit::Carriers => keys::FORMULA_CARRIERS,
            Limit::CpuQuota => keys::FORMULA_CPU_LIMIT,
            Limit::HttpPool => keys::FORMULA_HTTP_POOL,
        };
        key.text(
            locale,
            &[
                // A setting's value, as the scenario writes it.
                ("n", Arg::Text(self.count.to_string())),
                ("time", Arg::Text(ms_in(locale, self.hold_ms))),
                ("jdk", Arg::Text(self.jdk.to_string())),
            ],
        )
    }
}

/// The bounds of one configuration.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Bounds {
    /// The server mode they hold for.
    #[serde(with = "as_word")]
    pub(crate) mode: Mode,
    /// Mean time a request needs without any queueing, ms (CPU + blocking).
    pub(crate) service_ms: f64,
    /// Think time between requests, ms (closed loop).
    pub(crate) think_ms: f64,
    /// Every ceiling that applies, lowest first.
    pub(crate) ceilings: Vec<Ceiling>,
}

/// A mean in nanoseconds (as a program reports it) in ms.
fn ns_to_ms(ns: f64) -> f64 {
    ns / MS as f64
}

impl Bounds {
    /// The bounds of a validated configuration.
    pub fn of(cfg: &Config) -> Self {
        let costs = Costs::of_config(cfg);
        let s = &cfg.server;
        let cpu_ms = ns_to_ms(costs.caller.cpu_ns);
        let service_ms = ns_to_ms(costs.caller.service_ns());
        let mut ceilings = Vec::new();
        let mut add = |resource: Limit, count: f64, hold_ms: f64| {
            ceilings.push(Ceiling {
                resource,
                rps: ceiling(count, hold_ms / 1000.0),
                count,
                hold_ms,
                jdk: s.jdk,
            })
        };
        if s.mode == Mode::Platform && service_ms > 0.0 {
            add(Limit::Threads, s.threads_max.into(), service_ms);
        }
        let cpu_per_req = cpu_ms + to_ms(cfg.load.client_cpu);
        if cpu_per_req > 0.0 {
            add(Limit::Cpu, s.cores.into(), cpu_per_req);
        }
        // Under a limit the client runs outside the container: the quota
        // is the server's own CPU's.
        if let Some(limit) = s.cpu_limit.filter(|_| cpu_ms > 0.0) {
            add(Limit::CpuQuota, limit, cpu_ms);
        }
        // A pool of connections to a downstream, each held for the call's
        // mean latency (no queueing at the service counted).
        for (d, calls) in cfg.downstreams.iter().zip(&costs.calls) {
            let held_ms = calls * ns_to_ms(d.latency.mean_ns());
            if d.max_connections < u32::MAX && held_ms > 0.0 {
                add(Limit::HttpPool, d.max_connections.into(), held_ms);
            }
        }
        let hold_ms = ns_to_ms(costs.caller.db_ns);
        if hold_ms > 0.0 {
            add(Limit::DbPool, cfg.db.pool_size.into(), hold_ms);
        }
        let pinned_ms = ns_to_ms(costs.caller.pinned_ns);
        if s.mode == Mode::Virtual && s.pins_in_sync() && pinned_ms > 0.0 {
            add(Limit::Carriers, s.carriers.into(), pinned_ms + cpu_ms);
        }
        ceilings.sort_by(|a, b| a.rps.total_cmp(&b.rps));
        let think_ms = match cfg.load.kind {
            LoadKind::Closed { think, .. } => to_ms(think),
            LoadKind::Open { .. } => 0.0,
        };
        Bounds {
            mode: s.mode,
            service_ms,
            think_ms,
            ceilings,
        }
    }

    /// The lowest ceiling, req/s (infinite when nothing bounds it).
    pub(crate) fn max_rps(&self) -> f64 {
        self.ceilings.first().map_or(f64::INFINITY, |c| c.rps)
    }

    /// Closed-loop throughput bound at `n` clients: min(N ÷ (S + Z), X_max).
    pub fn throughput_bound(&self, n: f64) -> f64 {
        let per_client = self.service_ms + self.think_ms;
        let free = if per_client > 0.0 {
            n / per_client * 1000.0
        } else {
            f64::INFINITY
        };
        free.min(self.max_rps())
    }

    /// Little's law for a closed loop at `n` clients: R = N ÷ X − Z, never
    /// below the service time (ms).
    pub(crate) fn latency_bound_ms(&self, n: f64) -> f64 {
        let x = self.throughput_bound(n);
        if x.is_finite() && x > 0.0 {
            (n / x * 1000.0 - self.think_ms).max(self.service_ms)
        } else {
            self.service_ms
        }
    }
}
