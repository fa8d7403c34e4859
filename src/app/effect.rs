//! Settings that change nothing in the scenario as set, and why: the form
//! says so beside the field instead of letting a change do nothing in
//! silence. Each rule reads the validated configuration of every column
//! that runs, and holds only when it holds for all of them.

use super::setup::Setup;
use crate::scenario::validate;
use crate::sim::config::{Config, ExecutorKind, LoadKind, Mode};
use crate::sim::program::{LockKind, Op};

/// Why `key` has no effect on what runs, or `None` when it may have one
/// (or the scenario does not validate, so nothing can be said).
pub fn no_effect(setup: &Setup, key: &str) -> Option<&'static str> {
    Effects::of(setup)?.why(key)
}

/// The running columns' configurations, validated once for every key's
/// question.
pub struct Effects {
    configs: Vec<Config>,
}

impl Effects {
    /// The setup's running columns, if every one of them validates.
    pub fn of(setup: &Setup) -> Option<Effects> {
        let configs: Vec<Config> = setup
            .drafts()
            .iter()
            .map(|(_, d)| validate(d).ok())
            .collect::<Option<_>>()?;
        (!configs.is_empty()).then_some(Effects { configs })
    }

    /// Why `key` has no effect, or `None` when it may have one.
    pub fn why(&self, key: &str) -> Option<&'static str> {
        let all = |rule: &dyn Fn(&Config) -> bool| self.configs.iter().all(rule);
        let executor = |virtual_kind: bool| {
            let name = executor_name(key);
            move |c: &Config| {
                c.executors.iter().any(|e| {
                    Some(e.name.as_str()) == name
                        && matches!(e.kind, ExecutorKind::Virtual { .. }) == virtual_kind
                })
            }
        };
        let leaf = key.rsplit('.').next().unwrap_or(key);
        let (holds, why): (&dyn Fn(&Config) -> bool, &'static str) = match key {
            "db.pool_size" | "db.timeout_ms" => (&no_db_step, NO_DB),
            "server.jdk" => (&no_sync_block, NO_SYNC),
            "server.threads_max" | "server.min_spare" => (&no_tomcat_pool, NO_POOL),
            "server.carriers" | "server.max_pool_size" => (&nothing_virtual, NO_VIRTUAL),
            "load.client_threads" => (&no_client_cpu, NO_CLIENT_CPU),
            "load.requests" => (&length_set_otherwise, LENGTH_ELSEWHERE),
            "gc.alloc_kb" | "gc.pause_base_ms" | "gc.copy_mb_per_ms" => (&no_collector, NO_GC),
            _ if key.starts_with("async.") && matches!(leaf, "core" | "max" | "queue") => {
                (&executor(true), POOL_ONLY)
            }
            _ if key.starts_with("async.") && leaf == "limit" => (&executor(false), VIRTUAL_ONLY),
            _ => return None,
        };
        all(holds).then_some(why)
    }
}

const NO_DB: &str = "no effect: the program has no db: step";
const NO_SYNC: &str = "no effect: the program has no sync{…} block, and JDK 21–23 differ from 24+ only in pinning inside synchronized (JEP 491)";
const NO_POOL: &str =
    "no effect: with virtual threads Tomcat runs each request on a virtual thread, not on its pool";
const NO_VIRTUAL: &str =
    "no effect: nothing runs on virtual threads (platform threads, no virtual-thread executor)";
const NO_CLIENT_CPU: &str =
    "no effect: the client spends no CPU on the server (Client CPU on the server is 0)";
const LENGTH_ELSEWHERE: &str =
    "no effect: the duration (or, for a closed loop, the loops per user) sets the run's length";
const NO_GC: &str =
    "no effect: no garbage collector runs (Garbage collector is none), so nothing pauses";
const POOL_ONLY: &str = "no effect: this executor runs on virtual threads, not on a pool";
const VIRTUAL_ONLY: &str =
    "no effect: this executor is a thread pool; the limit is for a virtual-thread executor";

fn no_db_step(c: &Config) -> bool {
    !c.program.uses_db()
}

fn no_sync_block(c: &Config) -> bool {
    !c.program
        .ops
        .iter()
        .any(|op| matches!(op, Op::Enter(_, LockKind::Sync) | Op::Wait(..)))
}

fn no_tomcat_pool(c: &Config) -> bool {
    c.server.mode == Mode::Virtual
}

fn nothing_virtual(c: &Config) -> bool {
    c.server.mode == Mode::Platform
        && !c
            .executors
            .iter()
            .any(|e| matches!(e.kind, ExecutorKind::Virtual { .. }))
}

fn no_client_cpu(c: &Config) -> bool {
    c.load.client_cpu == 0
}

fn length_set_otherwise(c: &Config) -> bool {
    let loops = matches!(c.load.kind, LoadKind::Closed { loops: Some(_), .. });
    c.load.duration.is_some() || loops
}

fn no_collector(c: &Config) -> bool {
    !c.gc.on
}

fn executor_name(key: &str) -> Option<&str> {
    key.strip_prefix("async.")?.split_once('.').map(|(n, _)| n)
}
