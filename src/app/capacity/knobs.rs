//! The knobs a plan turns: each a scenario key (or, for threads, the
//! server's mode too) with the values tried, smallest first.

use crate::scenario::Costs;
use crate::sim::Config;
use crate::sim::config::{ExecutorKind, ExecutorRole, executor_role};

/// One knob and the values it is tried at, smallest (cheapest) first.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Knob {
    /// Its name: the scenario key it sets (`server.threads_max`, …).
    pub key: String,
    /// The values tried, as `--set` takes them, smallest first; for
    /// `server.threads_max` the last may be `virtual` (virtual threads:
    /// no pool of threads at all, the biggest step).
    pub values: Vec<String>,
}

/// The value that stands for virtual threads on the threads knob.
pub(super) const VIRTUAL: &str = "virtual";

impl Knob {
    /// A knob over `key` with these values.
    pub fn new(key: &str, values: &[u32]) -> Knob {
        Knob {
            key: key.to_string(),
            values: values.iter().map(u32::to_string).collect(),
        }
    }

    /// The `--set` pairs of its `i`th value.
    pub fn settings(&self, i: usize) -> Vec<(String, String)> {
        self.settings_of(&self.values[i])
    }

    /// The `--set` pairs of the value `v` (one of its values or a whole
    /// number between them).
    pub fn settings_of(&self, v: &str) -> Vec<(String, String)> {
        let v = &v.to_string();
        if self.key == "server.threads_max" {
            if v == VIRTUAL {
                return vec![("server.mode".into(), "virtual".into())];
            }
            return vec![
                ("server.mode".into(), "platform".into()),
                (self.key.clone(), v.clone()),
            ];
        }
        vec![(self.key.clone(), v.clone())]
    }

    /// The whole number of its `i`th value (`None` for `virtual`).
    pub fn number(&self, i: usize) -> Option<u32> {
        self.values.get(i)?.parse().ok()
    }
}

/// The ladders: doubling from a small start (a plan refines the smallest
/// passing value by bisection afterwards, so coarse steps lose nothing).
const THREADS: [u32; 9] = [8, 16, 32, 64, 128, 256, 512, 1024, 2048];
const POOL: [u32; 8] = [2, 4, 8, 16, 32, 64, 128, 256];
const CORES: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];
const CONNECTIONS: [u32; 9] = [5, 10, 20, 50, 100, 200, 500, 1000, 2000];

/// The knobs that matter to `cfg`'s request: threads (then virtual
/// threads) always; cores when it uses CPU; HikariCP's pool when it queries
/// the database; each downstream's connections it calls; each `@Async`
/// pool's maximum.
pub fn default_knobs(cfg: &Config) -> Vec<Knob> {
    let costs = Costs::of_config(cfg);
    let mut threads = Knob::new("server.threads_max", &THREADS);
    threads.values.push(VIRTUAL.into());
    let mut knobs = vec![threads];
    if costs.caller.cpu_ns > 0.0 {
        knobs.push(Knob::new("server.cores", &CORES));
    }
    if costs.caller.db_ns > 0.0 {
        knobs.push(Knob::new("db.pool_size", &POOL));
    }
    for (d, calls) in cfg.downstreams.iter().zip(&costs.calls) {
        if *calls > 0.0 {
            let key = format!("downstream.{}.max_connections", d.name);
            knobs.push(Knob::new(&key, &CONNECTIONS));
        }
    }
    for e in &cfg.executors {
        let pooled = matches!(e.kind, ExecutorKind::Pool { .. });
        if pooled && executor_role(&e.name) == ExecutorRole::Async {
            knobs.push(Knob::new(&format!("async.{}.max", e.name), &POOL));
        }
    }
    knobs
}
