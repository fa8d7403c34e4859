//! The `program` key: the request program, compiled, bound to the
//! configuration's executors, and refused when a request would take no
//! simulated time.

use super::reader::Reader;
use crate::i18n::keys::errors as words;
use crate::i18n::{Part, Phrase};
use crate::scenario::costs::Costs;
use crate::scenario::program::parse_program;
use crate::sim::config::{Executor, Load};
use crate::sim::program::{Op, Program};

/// The least mean time a request's own path may take, in ns: the clock's
/// tick. A path shorter than that would let the client send requests without
/// simulated time passing, so no amount of load could ever end a run by its
/// duration.
const MIN_PATH_NS: f64 = 1.0;

/// The compiled program and the executor names it uses, in order of
/// appearance; an invalid program is reported and compiles to nothing.
pub(super) fn read(r: &mut Reader, load: &Load) -> (Program, Vec<String>, Vec<String>) {
    let nothing = |source: String| Program {
        ops: vec![Op::End],
        monitors: vec![],
        source,
    };
    // A program that is not text has been reported already.
    let Some(text) = r.string("program") else {
        return (nothing(String::new()), vec![], vec![]);
    };
    match parse_program(&text) {
        Ok(p) => {
            if let Some(why) = takes_no_time(&p.program, load.client_cpu) {
                r.err_at("program", why);
            }
            (p.program, p.executors, p.downstreams)
        }
        Err(e) => {
            r.err_at("program", e);
            (nothing(text), vec![], vec![])
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
