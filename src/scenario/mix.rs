//! A mix of endpoints compiled into one program: each endpoint's handler
//! parsed on its own, then laid end to end, with what they name (shared
//! monitors, `@Async` executors, downstreams, bulkheads) merged by name. One object
//! `sync(cache)` names in two endpoints is one monitor, as one Spring bean's
//! lock would be; one `call(inventory)` is one downstream and one client pool.

use serde_json::Value;

use super::draft::Draft;
use super::program::{Parsed, parse_program, same_bulkhead, same_thread_pool};
use super::schema::{field, valid_executor_name};
use crate::i18n::Part;
use crate::i18n::Phrase;
use crate::i18n::keys::errors as words;
use crate::sim::program::{Endpoint, FIRST_THREAD_POOL, MonitorRef, Op, Program};

/// Most endpoints in a mix: each keeps its own latency histogram (about
/// 180 kB) and breakdown in a run.
pub const MAX_ENDPOINTS: usize = 8;

/// Most shared monitors a mix names (the engine keeps them in a 64-bit set).
const MAX_MONITORS: usize = 64;

/// The endpoints `draft` lists (`endpoints`), in order; empty without a
/// mix (or while the list is not all names: validation says why).
pub fn listed(draft: &Draft) -> Vec<String> {
    let text = draft.get("endpoints").and_then(Value::as_str).unwrap_or("");
    let names = split_names(text);
    if names.iter().all(|n| valid_executor_name(n)) {
        names
    } else {
        Vec::new()
    }
}

/// The names of a list as `endpoints` writes it (`orders, search`), in
/// order, empty items left out; whether each is a name is the caller's.
pub(crate) fn split_names(text: &str) -> Vec<String> {
    (text.split(','))
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

/// What `draft`'s program, or its mix of endpoints' programs, compiles to;
/// `None` while one does not parse.
pub fn parse_draft(draft: &Draft) -> Option<Parsed> {
    let text = |key: &str| {
        let default = field(key).map_or("", |spec| spec.default);
        draft
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or(default)
            .to_string()
    };
    let names = listed(draft);
    if names.is_empty() {
        return parse_program(&text("program")).ok();
    }
    let texts: Vec<String> = (names.iter())
        .map(|n| text(&format!("endpoint.{n}.program")))
        .collect();
    let given: Vec<Given> = (names.iter().zip(&texts))
        .map(|(name, program)| Given {
            name,
            weight: 1.0,
            program,
        })
        .collect();
    parse_mix(&given).ok()
}

/// One endpoint as the scenario gives it.
pub struct Given<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its weight; the shares are these over their sum.
    pub weight: f64,
    /// Its program's text.
    pub program: &'a str,
}

/// The mix compiled: the endpoints' programs in order. An error names the
/// endpoint (its index in `given`) whose program it is in.
pub fn parse_mix(given: &[Given]) -> Result<Parsed, (usize, Phrase)> {
    let total: f64 = given.iter().map(|g| g.weight).sum();
    let mut out = Parsed {
        program: Program {
            ops: Vec::new(),
            monitors: Vec::new(),
            source: String::new(),
            endpoints: Vec::new(),
            bulkheads: Vec::new(),
            thread_pools: Vec::new(),
        },
        executors: Vec::new(),
        downstreams: Vec::new(),
        forks_on: [false; 2],
    };
    for (i, g) in given.iter().enumerate() {
        let one = parse_program(g.program).map_err(|e| (i, e))?;
        let start = out.program.ops.len() as u32;
        append(&mut out, one).map_err(|e| (i, e))?;
        out.program.endpoints.push(Endpoint {
            name: g.name.to_string(),
            share: if total > 0.0 { g.weight / total } else { 0.0 },
            start,
            source: g.program.trim().to_string(),
        });
    }
    out.program.source = (out.program.endpoints.iter())
        .map(|e| format!("{}: {}", e.name, e.source))
        .collect::<Vec<_>>()
        .join(" | ");
    Ok(out)
}

/// Appends `one`'s ops to `out`'s, its names merged into `out`'s and its
/// jumps moved to where its ops now stand.
fn append(out: &mut Parsed, one: Parsed) -> Result<(), Phrase> {
    let base = out.program.ops.len() as u32;
    let monitors = merged(&mut out.program.monitors, &one.program.monitors);
    if out.program.monitors.len() > MAX_MONITORS {
        let said = words::PROGRAM_TOO_MANY_MONITORS.said();
        return Err(said.with("max", Part::Count(MAX_MONITORS as u64)));
    }
    let executors = merged(&mut out.executors, &one.executors);
    let downstreams = merged(&mut out.downstreams, &one.downstreams);
    // One name is one semaphore in every endpoint, as one bean's would be.
    let bulkheads = (one.program.bulkheads.into_iter())
        .map(|b| same_bulkhead(&mut out.program.bulkheads, b))
        .collect::<Result<Vec<u16>, Phrase>>()?;
    let thread_pools = (one.program.thread_pools.into_iter())
        .map(|b| same_thread_pool(&mut out.program.thread_pools, b))
        .collect::<Result<Vec<u16>, Phrase>>()?;
    let fork_on = |e: u16| match e.checked_sub(FIRST_THREAD_POOL) {
        Some(k) => FIRST_THREAD_POOL + thread_pools[k as usize],
        None => e,
    };
    let monitor = |m: MonitorRef| match m {
        MonitorRef::Shared(i) => MonitorRef::Shared(monitors[i as usize]),
        MonitorRef::Own => MonitorRef::Own,
    };
    for op in one.program.ops {
        out.program.ops.push(match op {
            Op::Enter(m, k) => Op::Enter(monitor(m), k),
            Op::Exit(m, k) => Op::Exit(monitor(m), k),
            Op::Wait(d, m, n) => Op::Wait(d, monitor(m), n),
            Op::Async { executor, resume } => Op::Async {
                executor: executors[executor as usize],
                resume: resume + base,
            },
            Op::Fork { executor, resume } => Op::Fork {
                executor: fork_on(executor),
                resume: resume + base,
            },
            Op::CallAcquire(d) => Op::CallAcquire(downstreams[d as usize]),
            Op::Call(d) => Op::Call(downstreams[d as usize]),
            Op::CallRelease(d) => Op::CallRelease(downstreams[d as usize]),
            Op::PermitAcquire(b) => Op::PermitAcquire(bulkheads[b as usize]),
            Op::PermitRelease(b) => Op::PermitRelease(bulkheads[b as usize]),
            other => other,
        });
    }
    for (all, this) in out.forks_on.iter_mut().zip(one.forks_on) {
        *all |= this;
    }
    Ok(())
}

/// Adds the names of `these` not yet in `all`, and says where each of
/// `these` now stands in `all`.
fn merged(all: &mut Vec<String>, these: &[String]) -> Vec<u16> {
    these
        .iter()
        .map(|name| match all.iter().position(|n| n == name) {
            Some(i) => i as u16,
            None => {
                all.push(name.clone());
                (all.len() - 1) as u16
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mix(parts: &[(&str, f64, &str)]) -> Parsed {
        let given: Vec<Given> = (parts.iter())
            .map(|&(name, weight, program)| Given {
                name,
                weight,
                program,
            })
            .collect();
        parse_mix(&given).unwrap_or_else(|(i, e)| panic!("endpoint {i}: {e:?}"))
    }

    #[test]
    fn names_are_merged_and_jumps_moved() {
        let p = mix(&[
            ("a", 3.0, "sync(x){io:1ms},call(inv),async(mail){io:1ms}"),
            (
                "b",
                1.0,
                "async(mail){cpu:1ms},sync(y){io:1ms},sync(x){io:2ms},call(inv)",
            ),
        ]);
        assert_eq!(p.program.monitors, ["x", "y"]);
        assert_eq!(p.executors, ["mail"]);
        assert_eq!(p.downstreams, ["inv"]);
        let e = &p.program.endpoints;
        assert_eq!((e[0].share, e[1].share), (0.75, 0.25));
        assert_eq!(e[0].start, 0);
        let b = e[1].start as usize;
        assert_eq!(
            p.program.ops[b - 1],
            Op::End,
            "each handler ends before the next"
        );
        // b's own `async` jumps past its body, within b.
        match p.program.ops[b] {
            Op::Async { executor, resume } => {
                assert_eq!(executor, 0);
                assert!(resume as usize > b + 1 && p.program.ops[resume as usize - 1] == Op::End);
            }
            ref other => panic!("{other:?}"),
        }
        // b's `sync(x)` is a's monitor 0; its `sync(y)` the new 1.
        let entered: Vec<MonitorRef> = (p.program.ops[b..].iter())
            .filter_map(|op| match op {
                Op::Enter(m, _) => Some(*m),
                _ => None,
            })
            .collect();
        assert_eq!(entered, [MonitorRef::Shared(1), MonitorRef::Shared(0)]);
    }

    #[test]
    fn with_begin_puts_one_before_each_handler() {
        let p = mix(&[("a", 1.0, "async(m){io:1ms},io:1ms"), ("b", 1.0, "io:2ms")]);
        let p = p.program.with_begin();
        let starts = p.starts();
        assert_eq!(starts.len(), 2);
        for s in &starts {
            assert_eq!(p.ops[*s as usize], Op::Begin);
        }
        match p.ops[1] {
            Op::Async { resume, .. } => assert!(matches!(p.ops[resume as usize], Op::Io(_))),
            ref other => panic!("{other:?}"),
        }
        assert!(matches!(p.ops[starts[1] as usize + 1], Op::Io(_)));
    }

    #[test]
    fn an_error_names_its_endpoint() {
        let given = [
            Given {
                name: "a",
                weight: 1.0,
                program: "io:1ms",
            },
            Given {
                name: "b",
                weight: 1.0,
                program: "io:",
            },
        ];
        assert_eq!(parse_mix(&given).err().map(|(i, _)| i), Some(1));
    }
}
