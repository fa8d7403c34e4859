//! The `jvm.*` section: a cold start's warm-up, what an `OutOfMemoryError`
//! does, and the restart after the process died.

use super::super::measured;
use super::reader::Reader;
use crate::sim::config::{Backoff, DownConnect, Jit, Jvm, OnOom};
use crate::sim::time::{from_ms, from_s};

pub(super) fn read(r: &mut Reader, jdk: u32) -> Jvm {
    Jvm {
        cold: r.choice("jvm.start") == "cold",
        first_request: from_ms(r.float("jvm.first_request_ms")),
        jit: read_jit(r, jdk),
        thread_start: from_ms(r.float("jvm.thread_start_us") / 1000.0),
        restart: from_s(r.float("jvm.restart_s")),
        on_oom: match r.choice("jvm.on_out_of_memory").as_str() {
            "exit" => OnOom::Exit,
            "kill" => OnOom::Kill,
            _ => OnOom::Throw,
        },
        backoff: match r.choice("jvm.restart_backoff").as_str() {
            "docker" => Backoff::Docker,
            _ => Backoff::Kubernetes,
        },
        down_connect: match r.choice("jvm.down_connect").as_str() {
            "unanswered" => DownConnect::Unanswered,
            _ => DownConnect::Refused,
        },
    }
}

/// The JIT's warm-up curve; each key left empty takes the figure measured
/// on this project's reference machine for the JDK: JDK 25's from 25 on,
/// JDK 21's before (the nearest measured release at or below; 22–24 were
/// not measured).
fn read_jit(r: &mut Reader, jdk: u32) -> Jit {
    let (a, tau1, b, tau2) = if jdk >= 25 {
        measured::JIT_JDK25
    } else {
        measured::JIT_JDK21
    };
    let ns = |ms: f64| ms * 1e6;
    Jit {
        interpreted_ns: ns(r.opt_float("jvm.jit_interpreted_ms").unwrap_or(a)),
        c1_after: r.opt_float("jvm.jit_c1_requests").unwrap_or(tau1),
        c1_ns: ns(r.opt_float("jvm.jit_c1_ms").unwrap_or(b)),
        c2_after: r.opt_float("jvm.jit_c2_requests").unwrap_or(tau2),
    }
}
