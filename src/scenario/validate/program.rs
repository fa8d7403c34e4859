//! The `program` key, or the mix of `endpoints` with their own programs:
//! compiled, bound to the configuration's executors, and refused when a
//! request would take no simulated time.

use super::reader::Reader;
use crate::i18n::keys::errors as words;
use crate::i18n::{Part, Phrase};
use crate::scenario::costs::Costs;
use crate::scenario::mix::{Given, MAX_ENDPOINTS, parse_mix, split_names};
use crate::scenario::program::{Parsed, parse_program, thread_pool_sizes};
use crate::scenario::schema::valid_executor_name;
use crate::sim::config::{Executor, ExecutorKind, FORK_EXECUTORS, Load, thread_pool_executor_name};
use crate::sim::program::{FIRST_THREAD_POOL, ForkOn, Op, Program};

/// The least mean time a request's own path may take, in ns: the clock's
/// tick. A path shorter than that would let the client send requests without
/// simulated time passing, so no amount of load could ever end a run by its
/// duration.
const MIN_PATH_NS: f64 = 1.0;

/// The compiled program (one, or a mix of endpoints) and the executor and
/// downstream names it uses, in order of appearance; an invalid program is
/// reported and compiles to nothing.
pub(super) fn read(r: &mut Reader, load: &Load) -> Parsed {
    let nothing = |source: String| Parsed {
        program: Program {
            ops: vec![Op::End],
            monitors: vec![],
            source,
            endpoints: vec![],
            bulkheads: vec![],
            thread_pools: vec![],
        },
        executors: vec![],
        downstreams: vec![],
        forks_on: [false; 2],
    };
    let names = endpoint_names(r);
    if !names.is_empty() {
        return read_mix(r, load, &names).unwrap_or_else(|| nothing(String::new()));
    }
    // A program that is not text has been reported already.
    let Some(text) = r.string("program") else {
        return nothing(String::new());
    };
    match parse_program(&text) {
        Ok(p) => {
            if let Some(why) = takes_no_time(&p.program, load.client_cpu) {
                r.err_at("program", why);
            }
            p
        }
        Err(e) => {
            r.err_at("program", e);
            nothing(text)
        }
    }
}

/// The endpoints `endpoints` lists, in its order; a bad list is reported
/// and lists none. A section `endpoint.<name>` the list does not name is
/// refused (most often a typo).
fn endpoint_names(r: &mut Reader) -> Vec<String> {
    let names = split_names(&r.string("endpoints").unwrap_or_default());
    let bad = names.iter().find(|n| !valid_executor_name(n)).cloned();
    let twice = (names.iter().enumerate())
        .find(|(i, n)| names[..*i].contains(n))
        .map(|(_, n)| n.clone());
    let said = if let Some(name) = bad {
        Some(
            words::ENDPOINT_BAD_NAME
                .said()
                .with("name", Part::text(name)),
        )
    } else if let Some(name) = twice {
        Some(words::ENDPOINT_TWICE.said().with("name", Part::text(name)))
    } else if names.len() > MAX_ENDPOINTS {
        Some((words::ENDPOINTS_TOO_MANY.said()).with("max", Part::Count(MAX_ENDPOINTS as u64)))
    } else {
        None
    };
    if let Some(said) = said {
        r.err_at("endpoints", said);
        return Vec::new();
    }
    let sections: Vec<String> = (r.draft.get("endpoint"))
        .and_then(serde_json::Value::as_object)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    for name in sections
        .iter()
        .filter(|n| valid_executor_name(n) && !names.contains(n))
    {
        let said = (words::ENDPOINT_UNLISTED.said()).with("names", Part::text(names.join(", ")));
        r.err_at(&format!("endpoint.{name}"), said);
    }
    names
}

/// The mix of `names`' programs, each checked on its own (errors name the
/// endpoint's own key); `None` when one is wrong.
fn read_mix(r: &mut Reader, load: &Load, names: &[String]) -> Option<Parsed> {
    let mut texts = Vec::new();
    let mut weights = Vec::new();
    let mut ok = true;
    for name in names {
        let key = format!("endpoint.{name}.program");
        weights.push(r.float(&format!("endpoint.{name}.share")));
        let Some(text) = r.string(&key) else {
            ok = false;
            texts.push(String::new());
            continue;
        };
        match parse_program(&text) {
            Ok(p) => {
                if let Some(why) = takes_no_time(&p.program, load.client_cpu) {
                    r.err_at(&key, why);
                    ok = false;
                }
            }
            Err(e) => {
                r.err_at(&key, e);
                ok = false;
            }
        }
        texts.push(text);
    }
    if !ok {
        return None;
    }
    let given: Vec<Given> = (names.iter().zip(&weights).zip(&texts))
        .map(|((name, &weight), program)| Given {
            name,
            weight,
            program,
        })
        .collect();
    match parse_mix(&given) {
        Ok(p) => Some(p),
        Err((i, e)) => {
            r.err_at(&format!("endpoint.{}.program", names[i]), e);
            None
        }
    }
}

/// Why a request would take no simulated time, if it would: the mean of the
/// handler's own steps (not its `async` bodies, which run after the
/// response) plus the client's CPU per request, below one tick.
fn takes_no_time(program: &Program, client_cpu_ns: u64) -> Option<Phrase> {
    // A downstream's latency is at least a nanosecond (`downstream.*`).
    if (program.ops.iter()).any(|op| matches!(op, Op::Call(_))) {
        return None;
    }
    let path_ns = Costs::of(program).caller.service_ns() + client_cpu_ns as f64;
    if path_ns >= MIN_PATH_NS {
        return None;
    }
    // To three decimals, written as short as it reads (0.25, 0).
    let mean = format!("{path_ns:.3}").parse().unwrap_or(path_ns);
    Some((words::PROGRAM_NO_TIME.said()).with("mean", Part::Shortest(mean)))
}

/// Re-maps the program's executor indices (order of appearance in `used`) to
/// the configuration's order.
pub(super) fn bind_executors(
    mut program: Program,
    used: &[String],
    executors: &[Executor],
) -> Program {
    for op in program.ops.iter_mut() {
        if let Op::Async { executor, .. } = op {
            let name = &used[*executor as usize];
            *executor = executors.iter().position(|e| &e.name == name).unwrap_or(0) as u16;
        }
    }
    program
}

/// The executors `fork{…}` runs subtasks on, after the `@Async` ones:
/// `CompletableFuture.supplyAsync` without an executor uses the common
/// `ForkJoinPool`, of `availableProcessors() − 1` threads (at least 1); at
/// a parallelism of 1 or less `CompletableFuture` starts a new thread per
/// task instead (its `ThreadPerTaskExecutor`). A blocking subtask holds its
/// pool thread: the common pool does not compensate for it (only a
/// `ManagedBlocker` would). `fork(virtual)` starts a virtual thread per
/// subtask. The ops' [`ForkOn`] indices are bound to these executors.
pub(super) fn add_fork_executors(
    mut program: Program,
    forks_on: [bool; 2],
    available_processors: u32,
    executors: &mut Vec<Executor>,
) -> Program {
    let mut index = [0u16; 2];
    if forks_on[ForkOn::CommonPool as usize] {
        let parallelism = available_processors.saturating_sub(1).max(1);
        let (name, kind) = if parallelism > 1 {
            let queue = u32::MAX;
            let kind = ExecutorKind::Pool {
                core: parallelism,
                max: parallelism,
                queue,
            };
            (FORK_EXECUTORS[0], kind)
        } else {
            let kind = ExecutorKind::Pool {
                core: 0,
                max: u32::MAX,
                queue: 0,
            };
            (FORK_EXECUTORS[1], kind)
        };
        index[0] = executors.len() as u16;
        executors.push(Executor {
            name: name.into(),
            kind,
        });
    }
    if forks_on[ForkOn::Virtual as usize] {
        index[1] = executors.len() as u16;
        let kind = ExecutorKind::Virtual { limit: None };
        executors.push(Executor {
            name: FORK_EXECUTORS[2].into(),
            kind,
        });
    }
    for op in program.ops.iter_mut() {
        if let Op::Fork { executor, .. } = op
            && *executor < FIRST_THREAD_POOL
        {
            *executor = index[*executor as usize];
        }
    }
    program
}

/// An executor for each thread-pool bulkhead `threadpool(NAME…){…}`, its
/// sizes filled in for `available_processors` ([`ThreadPoolBulkhead::sizes`]),
/// and the ops' indices bound to them. A core above the maximum is
/// refused as Resilience4j's `build()` refuses it.
pub(super) fn add_thread_pool_executors(
    r: &mut Reader,
    mut program: Program,
    available_processors: u32,
    executors: &mut Vec<Executor>,
) -> Program {
    let first = executors.len() as u16;
    for b in &program.thread_pools {
        let (core, max) = b.sizes(available_processors);
        if core > max {
            let key = (program.endpoints.iter())
                .find(|e| e.source.contains(&format!("threadpool({}", b.name)))
                .map_or("program".to_string(), |e| {
                    format!("endpoint.{}.program", e.name)
                });
            r.err_at(&key, thread_pool_sizes(&b.name, core, max));
        }
        executors.push(Executor {
            name: thread_pool_executor_name(&b.name),
            kind: ExecutorKind::Pool {
                core,
                max: max.max(core),
                queue: b.queue,
            },
        });
    }
    for op in program.ops.iter_mut() {
        if let Op::Fork { executor, .. } = op
            && *executor >= FIRST_THREAD_POOL
        {
            *executor = first + (*executor - FIRST_THREAD_POOL);
        }
    }
    program
}
