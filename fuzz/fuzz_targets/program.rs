//! The request-program parser: any text either compiles to a well-formed
//! program or gives a message; a compiled program's ops are consistent.
#![no_main]

use libfuzzer_sys::fuzz_target;
use threadlab::scenario::{Costs, parse_program};
use threadlab::sim::program::Op;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = match parse_program(text) {
        Ok(p) => p,
        Err(message) => {
            assert!(!message.is_empty());
            return;
        }
    };
    let ops = &parsed.program.ops;
    assert_eq!(ops.last(), Some(&Op::End), "a program ends in End");
    let mut depth: i64 = 0;
    for (i, op) in ops.iter().enumerate() {
        match *op {
            Op::Fork { resume, .. } => {
                let resume = resume as usize;
                assert!(resume > i + 1 && resume < ops.len(), "resume {resume} at {i}");
                assert_eq!(ops[resume - 1], Op::End, "a subtask ends in End");
            }
            Op::Async { executor, resume } => {
                assert!((executor as usize) < parsed.executors.len());
                let resume = resume as usize;
                assert!(
                    resume > i + 1 && resume < ops.len(),
                    "resume {resume} at {i}"
                );
                assert_eq!(ops[resume - 1], Op::End, "an async body ends in End");
            }
            Op::Enter(..) => depth += 1,
            // `wait:D` releases every entry of its monitor and as many
            // `Enter`s take them back.
            Op::Exit(..) => depth -= 1,
            Op::Wait(_, _, entries) => depth -= entries as i64,
            _ => {}
        }
        assert!(depth >= 0, "an exit before its enter at {i}");
    }
    assert_eq!(depth, 0, "every block is closed");
    let costs = Costs::of(&parsed.program);
    assert_eq!(
        costs.executors.iter().filter(|s| s.tasks > 0.0).count(),
        parsed.executors.len(),
        "every executor named gets its tasks"
    );
    let paths = std::iter::once(&costs.caller).chain(costs.executors.iter().map(|s| &s.work));
    for p in paths {
        let held = p.shared_held_ns.iter().chain([&p.own_held_ns]);
        for &mean in [
            p.cpu_ns,
            p.blocking_ns,
            p.db_ns,
            p.pinned_ns,
            p.wait_ns,
            p.file_ns,
        ]
        .iter()
        .chain(held)
        {
            assert!(mean.is_finite() && mean >= 0.0, "mean {mean}");
        }
        // Each part of the blocking is within it.
        for part in [p.db_ns, p.pinned_ns, p.wait_ns + p.file_ns] {
            assert!(part <= p.blocking_ns * (1.0 + 1e-9) + 1e-6, "{p:?}");
        }
    }
});
