//! The `jvm.*` section: a cold start's warm-up, what an `OutOfMemoryError`
//! does, and the restart after the process died.

use super::reader::Reader;
use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::sim::config::{Backoff, DownConnect, Jvm, OnOom};
use crate::sim::time::{from_ms, from_s};

pub(super) fn read(r: &mut Reader) -> Jvm {
    let interpreted = r.float("jvm.jit_interpreted");
    let c1 = r.float("jvm.jit_c1");
    if c1 > interpreted {
        let said = words::JVM_C1_SLOWER.said();
        r.err_at(
            "jvm.jit_c1",
            said.with("interpreted", Part::Shortest(interpreted)),
        );
    }
    Jvm {
        cold: r.choice("jvm.start") == "cold",
        first_request: from_ms(r.float("jvm.first_request_ms")),
        interpreted,
        c1,
        c1_after: r.float("jvm.jit_c1_requests"),
        c2_after: r.float("jvm.jit_c2_requests"),
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
