//! The `async.<name>.*` sections: the `@Async` executors, those configured
//! and those the program names.

use std::collections::BTreeSet;

use serde_json::Value;

use super::reader::Reader;
use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::scenario::schema::{field, valid_executor_name};
use crate::sim::config::{Executor, ExecutorKind, Mode};

/// Executors: those configured under `async.*` plus those the program uses
/// (`used`), in name order.
pub(super) fn read(r: &mut Reader, used: &[String], mode: Mode) -> Vec<Executor> {
    let names: BTreeSet<String> = used.iter().cloned().collect();
    if let Some(map) = r.draft.get("async").and_then(Value::as_object) {
        // Unknown leaves are reported as such, not as a setting.
        let has_setting = |name: &str, v: &Value| {
            v.as_object().is_some_and(|m| {
                m.iter().any(|(leaf, x)| {
                    !x.is_null() && field(&format!("async.{name}.{leaf}")).is_some()
                })
            })
        };
        let configured = map
            .iter()
            .filter(|(n, v)| valid_executor_name(n) && has_setting(n, v));
        for (name, _) in configured.filter(|(n, _)| !used.contains(n)) {
            refuse_unused(r, name, used);
        }
    }
    names
        .into_iter()
        .map(|name| {
            let kind = kind(r, &name, mode);
            Executor { name, kind }
        })
        .collect()
}

/// An executor configured under `async.<name>` (with a setting: an empty
/// section says nothing) that no `async(<name>)` of the program uses: most often a misspelt name, whose settings would
/// otherwise do nothing without a word.
fn refuse_unused(r: &mut Reader, name: &str, used: &[String]) {
    let said = if used.is_empty() {
        words::EXECUTOR_NONE.said()
    } else {
        (words::EXECUTOR_UNUSED.said()).with("names", Part::text(used.join(", ")))
    };
    r.err_at(&format!("async.{name}"), said);
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
