//! Settings that change nothing in the scenario as set, and why: the form
//! says so beside the field instead of letting a change do nothing in
//! silence. Each rule reads the validated configuration of every column
//! that runs, and holds only when it holds for all of them.

use super::setup::Setup;
use crate::i18n::keys::{Key, ui as words};
use crate::scenario::validate;
use crate::sim::config::{Config, ExecutorKind, LoadKind, Mode};
use crate::sim::program::{LockKind, Op};

/// Why `key` has no effect on what runs (the catalogue's words), or `None` when it may have one
/// (or the scenario does not validate, so nothing can be said).
pub fn no_effect(setup: &Setup, key: &str) -> Option<Key> {
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
    pub fn why(&self, key: &str) -> Option<Key> {
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
        let (holds, why): (&dyn Fn(&Config) -> bool, Key) = match key {
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

const NO_DB: Key = words::EFFECT_NO_DB;
const NO_SYNC: Key = words::EFFECT_NO_SYNC;
const NO_POOL: Key = words::EFFECT_NO_POOL;
const NO_VIRTUAL: Key = words::EFFECT_NO_VIRTUAL;
const NO_CLIENT_CPU: Key = words::EFFECT_NO_CLIENT_CPU;
const LENGTH_ELSEWHERE: Key = words::EFFECT_LENGTH_ELSEWHERE;
const NO_GC: Key = words::EFFECT_NO_GC;
const POOL_ONLY: Key = words::EFFECT_POOL_ONLY;
const VIRTUAL_ONLY: Key = words::EFFECT_VIRTUAL_ONLY;

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
