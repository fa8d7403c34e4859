//! Closed forms drawn over the simulated curves: the capacity ceilings
//! (threads ÷ time per request, cores ÷ CPU per request, pool ÷ hold time,
//! carriers ÷ pinned time) and Little's law (N = X·R) for a closed loop.

use crate::sim::config::{Config, LoadKind, Mode};
use crate::sim::program::{LockKind, Op};
use crate::theory::ceiling;

/// One capacity ceiling: at most `rps` requests per second, and why.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Ceiling {
    /// Short name: `threads`, `cpu`, `db_pool`, `carriers`.
    pub resource: String,
    /// The bound, requests per second.
    pub rps: f64,
    /// The formula with numbers, e.g. "threads.max ÷ time per request = 100 ÷ 50.1 ms".
    pub formula: String,
}

/// The theory for one configuration.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Theory {
    /// `platform` or `virtual`.
    pub mode: String,
    /// Mean time a request needs without any queueing, ms (CPU + blocking).
    pub service_ms: f64,
    /// Think time between requests, ms (closed loop).
    pub think_ms: f64,
    /// Every ceiling that applies, lowest first.
    pub ceilings: Vec<Ceiling>,
}

impl Theory {
    /// The theory of a validated configuration.
    pub fn of(cfg: &Config) -> Self {
        let p = &cfg.program;
        let s = &cfg.server;
        let cpu_ms = p.mean_cpu_ns() / 1e6;
        let client_cpu_ms = cfg.load.client_cpu as f64 / 1e6;
        let service_ms = cpu_ms + p.mean_blocking_ns() / 1e6;
        let mode = if s.mode == Mode::Virtual {
            "virtual"
        } else {
            "platform"
        };
        let mut ceilings = Vec::new();
        if s.mode == Mode::Platform && service_ms > 0.0 {
            ceilings.push(Ceiling {
                resource: "threads".into(),
                rps: ceiling(s.threads_max as f64, service_ms / 1000.0),
                formula: format!(
                    "threads.max ÷ time per request = {} ÷ {}",
                    s.threads_max,
                    super::format::ms(service_ms)
                ),
            });
        }
        let cpu_per_req = cpu_ms + client_cpu_ms;
        if cpu_per_req > 0.0 {
            ceilings.push(Ceiling {
                resource: "cpu".into(),
                rps: ceiling(s.cores as f64, cpu_per_req / 1000.0),
                formula: format!(
                    "cores ÷ CPU per request = {} ÷ {}",
                    s.cores,
                    super::format::ms(cpu_per_req)
                ),
            });
        }
        let hold_ms = p.mean_db_hold_ns() / 1e6;
        if p.uses_db() && hold_ms > 0.0 {
            ceilings.push(Ceiling {
                resource: "db_pool".into(),
                rps: ceiling(cfg.db.pool_size as f64, hold_ms / 1000.0),
                formula: format!(
                    "maximum-pool-size ÷ hold time = {} ÷ {}",
                    cfg.db.pool_size,
                    super::format::ms(hold_ms)
                ),
            });
        }
        let pinned_ms = pinned_ns(&p.ops) / 1e6;
        if s.mode == Mode::Virtual && s.pins_in_sync() && pinned_ms > 0.0 {
            let held = pinned_ms + cpu_ms;
            ceilings.push(Ceiling {
                resource: "carriers".into(),
                rps: ceiling(s.carriers as f64, held / 1000.0),
                formula: format!(
                    "carriers ÷ time pinned = {} ÷ {} (JDK {} pins in synchronized)",
                    s.carriers,
                    super::format::ms(held),
                    s.jdk
                ),
            });
        }
        ceilings.sort_by(|a, b| a.rps.total_cmp(&b.rps));
        let think_ms = match cfg.load.kind {
            LoadKind::Closed { think, .. } => think as f64 / 1e6,
            LoadKind::Open { .. } => 0.0,
        };
        Theory {
            mode: mode.into(),
            service_ms,
            think_ms,
            ceilings,
        }
    }

    /// The lowest ceiling, req/s (infinite when nothing bounds it).
    pub fn max_rps(&self) -> f64 {
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
    pub fn latency_bound_ms(&self, n: f64) -> f64 {
        let x = self.throughput_bound(n);
        if x.is_finite() && x > 0.0 {
            (n / x * 1000.0 - self.think_ms).max(self.service_ms)
        } else {
            self.service_ms
        }
    }
}

/// Mean blocking time (ns) spent inside `synchronized` blocks in the handler.
fn pinned_ns(ops: &[Op]) -> f64 {
    let mut depth = 0u32;
    let mut total = 0.0;
    let mut pc = 0usize;
    while let Some(op) = ops.get(pc) {
        pc += 1;
        match op {
            Op::Enter(_, LockKind::Sync) => depth += 1,
            Op::Exit(_, LockKind::Sync) => depth = depth.saturating_sub(1),
            Op::Io(d) if depth > 0 => total += d.mean_ns(),
            Op::Async { resume, .. } => pc = *resume as usize,
            Op::End => break,
            _ => {}
        }
    }
    total
}
