//! A request program in plain words, for prose a Java developer reads
//! without learning the program syntax first: `cpu:0.1ms,io:50ms` reads
//! "0.1 ms of CPU, then Thread.sleep(50)", in the reader's language. The
//! syntax itself stays one click away (the lesson panel's "show as
//! program").
//!
//! The words come from the parsed program (`scenario::parse_program`), not
//! from its text: the compiled steps are read back into the program's
//! shape (`steps`), so what the words say is what the simulator runs.
//!
//! An `io` step of a constant whole number of milliseconds reads as
//! `Thread.sleep(n)`: the simulator models every `io` step as Thread.sleep
//! behaves (a platform thread stays blocked, a virtual thread unmounts),
//! whether the real code sleeps, reads a socket or calls a service; any
//! other `io` step reads as "a blocking wait".

use crate::i18n::keys::{self, Key};
use crate::i18n::{Arg, Locale};
use crate::scenario::{Parsed, parse_program};
use crate::sim::program::{Bulkhead, Dist, FIRST_THREAD_POOL, ForkOn, LockKind, MonitorRef, Op};

/// One step of a program, in the program's own shape (blocks nest).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Step {
    /// `cpu:d`: work on a core.
    Cpu(Dist),
    /// `io:d`: a blocking wait.
    Io(Dist),
    /// `db:d`: a query on one of HikariCP's connections.
    Db(Dist),
    /// `file:d`: blocking file I/O.
    File(Dist),
    /// `call(NAME)`: an HTTP call to a downstream service.
    Call(String),
    /// `fork{…}`: subtasks in parallel, then the join.
    Fork {
        /// Where they run.
        on: ForkOn,
        /// One step list per subtask.
        tasks: Vec<Vec<Step>>,
    },
    /// `wait:d`: `Object.wait` inside `synchronized`.
    Wait(Dist),
    /// `sync{…}` / `lock{…}`, on the request's own object or a shared one.
    Block {
        /// `synchronized` or a `ReentrantLock`.
        kind: LockKind,
        /// The shared object's name; `None` for the request's own.
        shared: Option<String>,
        /// What runs inside.
        body: Vec<Step>,
    },
    /// `pool(NAME, n[, WAIT]){…}`: inside a bulkhead's permit.
    Pool {
        /// The bulkhead.
        bulkhead: Bulkhead,
        /// What runs inside.
        body: Vec<Step>,
    },
    /// `threadpool(NAME…){…}`: on a thread-pool bulkhead's thread, joined.
    ThreadPool {
        /// The bulkhead's name.
        name: String,
        /// What runs on its thread.
        body: Vec<Step>,
    },
    /// `async(NAME){…}`: handed to an `@Async` executor.
    Async {
        /// The executor's name.
        executor: String,
        /// What the task runs.
        body: Vec<Step>,
    },
}

/// The steps of a parsed program, read back from its compiled operations.
pub(crate) fn steps(parsed: &Parsed) -> Vec<Step> {
    let mut pc = 0;
    read(parsed, &mut pc)
}

/// The steps from `pc` up to the end of the enclosing block or body (an
/// `Exit` or `End`, which it consumes), or of the program.
fn read(parsed: &Parsed, pc: &mut usize) -> Vec<Step> {
    let ops = &parsed.program.ops;
    let mut out = Vec::new();
    while let Some(&op) = ops.get(*pc) {
        *pc += 1;
        match op {
            Op::Cpu(d) => out.push(Step::Cpu(d)),
            Op::Io(d) => out.push(Step::Io(d)),
            Op::File(d) => out.push(Step::File(d)),
            // The parser writes `db:d` as acquire, the query, release.
            Op::DbAcquire => {
                if let Some(Op::Query(d)) = ops.get(*pc) {
                    out.push(Step::Db(*d));
                }
                *pc += 2;
            }
            Op::DbRelease | Op::Begin | Op::Query(_) => {}
            // …and `call(NAME)` as lease, call, release.
            Op::CallAcquire(d) => {
                let name = parsed
                    .downstreams
                    .get(d as usize)
                    .cloned()
                    .unwrap_or_default();
                out.push(Step::Call(name));
                *pc += 2;
            }
            Op::Call(_) | Op::CallRelease(_) => {}
            Op::Fork { executor, .. } if executor >= FIRST_THREAD_POOL => {
                let body = read(parsed, pc);
                *pc += 1; // the Join
                let k = (executor - FIRST_THREAD_POOL) as usize;
                let name = (parsed.program.thread_pools.get(k))
                    .map(|b| b.name.clone())
                    .unwrap_or_default();
                out.push(Step::ThreadPool { name, body });
            }
            Op::Fork { executor, .. } => {
                let on = if executor == ForkOn::Virtual as u16 {
                    ForkOn::Virtual
                } else {
                    ForkOn::CommonPool
                };
                // Subtasks follow one another up to the `Join`.
                let mut tasks = vec![read(parsed, pc)];
                while let Some(Op::Fork { .. }) = ops.get(*pc) {
                    *pc += 1;
                    tasks.push(read(parsed, pc));
                }
                *pc += 1; // the Join
                out.push(Step::Fork { on, tasks });
            }
            Op::Join => {}
            // …and `wait:d` as the wait, then taking the monitor back.
            Op::Wait(d, _, entries) => {
                out.push(Step::Wait(d));
                // The `Enter`s after it take the monitor back, once per
                // enclosing block that holds it: part of the wait, not said.
                *pc += entries.max(1) as usize;
            }
            Op::Enter(monitor, kind) => {
                let shared = match monitor {
                    MonitorRef::Own => None,
                    MonitorRef::Shared(i) => parsed.program.monitors.get(i as usize).cloned(),
                };
                let body = read(parsed, pc);
                out.push(Step::Block { kind, shared, body });
            }
            Op::PermitAcquire(b) => {
                let body = read(parsed, pc);
                if let Some(bulkhead) = parsed.program.bulkheads.get(b as usize).cloned() {
                    out.push(Step::Pool { bulkhead, body });
                }
            }
            Op::Async { executor, resume } => {
                let body = read(parsed, pc);
                let executor = (parsed.executors.get(executor as usize))
                    .cloned()
                    .unwrap_or_default();
                out.push(Step::Async { executor, body });
                *pc = resume as usize;
            }
            Op::Exit(..) | Op::PermitRelease(_) | Op::End => return out,
        }
    }
    out
}

/// `text`, a request program, in plain words in `l`'s language; `None`
/// for a text that does not parse.
pub(crate) fn program_in_words(text: &str, l: Locale) -> Option<String> {
    parse_program(text).ok().map(|p| in_words(&p, l))
}

/// A parsed program in plain words in `l`'s language.
pub(crate) fn in_words(parsed: &Parsed, l: Locale) -> String {
    list(&steps(parsed), l)
}

/// Steps in order: "a, b, then c".
fn list(steps: &[Step], l: Locale) -> String {
    let said: Vec<String> = steps.iter().map(|s| step(s, l)).collect();
    match said.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => {
            let sep = keys::PLAIN_LIST_SEP.text(l, &[]);
            let rest = Arg::Text(rest.join(&sep));
            keys::PLAIN_LIST_LAST.text(l, &[("rest", rest), ("last", Arg::Text(last.clone()))])
        }
    }
}

/// A block's body: one step as it is, several in brackets so that the
/// block's words do not run into the steps after it.
fn body(steps: &[Step], l: Locale) -> Arg {
    let inner = list(steps, l);
    Arg::Text(if steps.len() > 1 {
        keys::PLAIN_GROUP.text(l, &[("steps", Arg::Text(inner))])
    } else {
        inner
    })
}

fn step(s: &Step, l: Locale) -> String {
    let d = |k: Key, dist: &Dist| k.text(l, &[("d", Arg::Text(duration(dist, l)))]);
    match s {
        Step::Cpu(x) => d(keys::PLAIN_CPU, x),
        Step::Io(x) => match sleep_ms(x) {
            Some(ms) => keys::PLAIN_SLEEP.text(l, &[("ms", Arg::Text(ms.to_string()))]),
            None => d(keys::PLAIN_IO, x),
        },
        Step::Db(x) => d(keys::PLAIN_DB, x),
        Step::File(x) => d(keys::PLAIN_FILE, x),
        Step::Call(name) => keys::PLAIN_CALL.text(l, &[("name", Arg::Text(name.clone()))]),
        Step::Fork { on, tasks } => {
            let said: Vec<String> = tasks.iter().map(|t| list(t, l)).collect();
            let sep = keys::PLAIN_LIST_SEP.text(l, &[]);
            let key = match on {
                ForkOn::CommonPool => keys::PLAIN_FORK_COMMON,
                ForkOn::Virtual => keys::PLAIN_FORK_VIRTUAL,
            };
            key.text(l, &[("tasks", Arg::Text(said.join(&sep)))])
        }
        Step::Wait(x) => d(keys::PLAIN_WAIT, x),
        Step::Block {
            kind,
            shared,
            body: b,
        } => {
            let key = match (kind, shared) {
                (LockKind::Sync, None) => keys::PLAIN_SYNC_OWN,
                (LockKind::Sync, Some(_)) => keys::PLAIN_SYNC_SHARED,
                (LockKind::Lock, None) => keys::PLAIN_LOCK_OWN,
                (LockKind::Lock, Some(_)) => keys::PLAIN_LOCK_SHARED,
                (LockKind::FairLock, _) => keys::PLAIN_FAIR_LOCK_SHARED,
            };
            let name = Arg::Text(shared.clone().unwrap_or_default());
            key.text(l, &[("body", body(b, l)), ("name", name)])
        }
        Step::ThreadPool { name, body: b } => keys::PLAIN_THREAD_POOL.text(
            l,
            &[("body", body(b, l)), ("name", Arg::Text(name.clone()))],
        ),
        Step::Pool { bulkhead, body: b } => {
            let key = match bulkhead.max_wait {
                None => keys::PLAIN_POOL_FOREVER,
                Some(0) => keys::PLAIN_POOL_NO_WAIT,
                Some(_) => keys::PLAIN_POOL_WAIT,
            };
            let wait = bulkhead.max_wait.unwrap_or(0) as f64;
            key.text(
                l,
                &[
                    ("body", body(b, l)),
                    ("name", Arg::Text(bulkhead.name.clone())),
                    ("permits", Arg::Text(bulkhead.permits.to_string())),
                    ("wait", Arg::Text(time(wait, l))),
                ],
            )
        }
        Step::Async { executor, body: b } => {
            let name = Arg::Text(executor.clone());
            keys::PLAIN_ASYNC.text(l, &[("body", body(b, l)), ("name", name)])
        }
    }
}

/// The milliseconds of `Thread.sleep(n)` for a constant whole number of
/// them (at least one).
fn sleep_ms(d: &Dist) -> Option<u64> {
    match *d {
        Dist::Const { ns } if ns >= 1_000_000 && ns % 1_000_000 == 0 => Some(ns / 1_000_000),
        _ => None,
    }
}

/// A step's time in words: "50 ms", "about 50 ms (exponential)", …
fn duration(d: &Dist, l: Locale) -> String {
    let t = |ns: f64| Arg::Text(time(ns, l));
    match *d {
        Dist::Const { ns } => time(ns as f64, l),
        Dist::Exp { mean_ns } => keys::PLAIN_EXP.text(l, &[("mean", t(mean_ns))]),
        Dist::Uniform { lo_ns: 0.0, hi_ns } => keys::PLAIN_UP_TO.text(l, &[("hi", t(hi_ns))]),
        Dist::Uniform { lo_ns, hi_ns } => {
            keys::PLAIN_UNIFORM.text(l, &[("lo", t(lo_ns)), ("hi", t(hi_ns))])
        }
        Dist::LogNormal { .. } => {
            let (floor, p50, p99) = d.lognormal_floor_p50_p99_ns().unwrap_or_default();
            let (p50, p99) = (("p50", t(p50)), ("p99", t(p99)));
            if floor > 0.0 {
                keys::PLAIN_LOGNORMAL_FLOOR.text(l, &[("floor", t(floor)), p50, p99])
            } else {
                keys::PLAIN_LOGNORMAL.text(l, &[p50, p99])
            }
        }
    }
}

/// A time in the unit programs write it in: seconds from one up,
/// milliseconds from 0.01 ("0.1 ms", as `cpu:0.1ms`), then µs and ns.
fn time(ns: f64, l: Locale) -> String {
    let (key, scale) = if ns >= 1e9 {
        (keys::PLAIN_S, 1e9)
    } else if ns >= 1e4 || ns == 0.0 {
        (keys::PLAIN_MS, 1e6)
    } else if ns >= 1e3 {
        (keys::PLAIN_US, 1e3)
    } else {
        (keys::PLAIN_NS, 1.0)
    };
    key.text(l, &[("n", Arg::Number(ns / scale))])
}
