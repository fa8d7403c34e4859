//! The `async.<name>.*` sections: the `@Async` executors, those configured
//! and those the program names.

use std::collections::BTreeSet;

use serde_json::Value;

use super::super::schema::valid_executor_name;
use super::reader::Reader;
use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::sim::config::{Executor, ExecutorKind, Mode};

/// Executors: those configured under `async.*` plus those the program uses
/// (`used`), in name order.
pub(super) fn read(r: &mut Reader, used: &[String], mode: Mode) -> Vec<Executor> {
    let mut names: BTreeSet<String> = used.iter().cloned().collect();
    if let Some(map) = r.draft.get("async").and_then(Value::as_object) {
        names.extend(map.keys().filter(|n| valid_executor_name(n)).cloned());
    }
    names
        .into_iter()
        .map(|name| {
            let kind = kind(r, &name, mode);
            Executor { name, kind }
        })
        .collect()
}

fn kind(r: &mut Reader, name: &str, mode: Mode) -> ExecutorKind {
    let k = |leaf: &str| format!("async.{name}.{leaf}");
    let kind_word = r.choice(&k("kind"));
    let set = |r: &Reader, leaf: &str| r.draft.get(&k(leaf)).is_some_and(|v| !v.is_null());
    // Unset: Spring Boot's auto-configured executor, virtual when
    // spring.threads.virtual.enabled=true; pool settings imply a pool.
    let virtual_kind = match kind_word.as_str() {
        "virtual" => true,
        "pool" => false,
        _ if set(r, "core") || set(r, "max") || set(r, "queue") => false,
        _ if set(r, "limit") => true,
        _ => mode == Mode::Virtual,
    };
    if virtual_kind {
        return ExecutorKind::Virtual {
            limit: r.opt_int(&k("limit")).map(|l| l as u32),
        };
    }
    let core = r.int(&k("core")) as u32;
    // Unset: unbounded (Spring's default is Integer.MAX_VALUE).
    let max = r.opt_int(&k("max")).map_or(u32::MAX, |m| m as u32);
    let queue = r.opt_int(&k("queue")).map_or(u32::MAX, |q| q as u32);
    if max < core.max(1) {
        let said = words::EXECUTOR_MAX_BELOW_CORE.said();
        r.err_at(&k("max"), said.with("core", Part::Count(core.into())));
    }
    ExecutorKind::Pool { core, max, queue }
}
