//! The `load.*` section: the load tool's loop, its request count or duration,
//! its timeout and its own CPU and limits.

use super::reader::Reader;
use crate::sim::config::{Load, LoadKind, Overflow};
use crate::sim::time::{from_ms, from_s};

/// Reads the load; `cores` is the server's, which the client's threads
/// follow by default.
pub(super) fn read(r: &mut Reader, cores: u32) -> Load {
    let kind = r.choice("load.kind");
    let concurrency = r.int("load.concurrency") as u32;
    let requests = r.opt_int("load.requests").map(|n| n as u64);
    let duration = r.opt_float("load.duration_s").map(from_s);
    let timeout_ms = r.float("load.timeout_ms");
    let loops = r.opt_int("load.loops").map(|n| n as u64);
    let load_kind = if kind == "open" {
        LoadKind::Open {
            rate_rps: r.float("load.rate_rps"),
            poisson: r.choice("load.arrivals") == "poisson",
        }
    } else {
        LoadKind::Closed {
            concurrency,
            think: from_ms(r.float("load.think_ms")),
            ramp_up: from_s(r.float("load.ramp_up_s")),
            loops,
        }
    };
    if duration.is_none() {
        check_request_count(r, &load_kind, requests, loops, concurrency);
    }
    // Default: as many as the server has cores (Go's GOMAXPROCS on that machine).
    let client_threads = r
        .opt_int("load.client_threads")
        .map(|n| n as u32)
        .unwrap_or(cores);
    let overflow = if r.choice("load.overflow") == "delay" {
        Overflow::Delay
    } else {
        Overflow::Drop
    };
    let max_in_flight = r
        .opt_int("load.max_in_flight")
        .map(|m| (m as u32, overflow));
    Load {
        kind: load_kind,
        duration,
        requests,
        timeout: (timeout_ms > 0.0).then(|| from_ms(timeout_ms)),
        client_cpu: from_ms(r.float("load.client_cpu_ms")),
        client_threads,
        max_in_flight,
    }
}

/// Without a duration the run needs a request count (or JMeter's loops), and
/// hey refuses fewer requests than workers.
fn check_request_count(
    r: &mut Reader,
    kind: &LoadKind,
    requests: Option<u64>,
    loops: Option<u64>,
    concurrency: u32,
) {
    match (kind, requests, loops) {
        (LoadKind::Closed { .. }, _, Some(_)) => {}
        (_, None, _) => r.err(
            "load.requests",
            "null",
            "set a request count or load.duration_s (or load.loops for JMeter)",
        ),
        (LoadKind::Closed { .. }, Some(n), None) if n < concurrency as u64 => r.err_at(
            "load.requests",
            &format!("must be at least load.concurrency ({concurrency}), as hey requires"),
        ),
        _ => {}
    }
}
