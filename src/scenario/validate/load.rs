//! The `load.*` section: the load tool and its loop, its request count or
//! duration, its timeout and its own CPU and limits (the tool's own defaults
//! and rules are in `tools`).

use super::reader::Reader;
use super::tools;
use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::scenario::measured;
use crate::sim::config::{Load, LoadKind, WaitsFor};
use crate::sim::time::{from_ms, from_s};

/// Reads the load; `cores` is the server's, which the client's threads
/// follow by default for hey and k6.
/// Under a container's CPU limit (`cpu_limited`) the client runs outside the
/// container, on its own machine: its CPU per request is not the server's.
pub(super) fn read(r: &mut Reader, cores: u32, cpu_limited: bool) -> Load {
    let kind = r.choice("load.kind");
    let concurrency = r.int("load.concurrency") as u32;
    let requests = r.opt_int("load.requests").map(|n| n as u64);
    let duration = r.opt_float("load.duration_s").map(from_s);
    let loops = r.opt_int("load.loops").map(|n| n as u64);
    let tool = tools::read(r, duration, kind == "open");
    let duration = tool.duration;
    // Read (so checked) in a closed loop too, where they do nothing: a
    // scenario file or link keeps them, and a bad value is bad either way.
    let rate_rps = r.float("load.rate_rps");
    let poisson = r.choice("load.arrivals") == "poisson";
    let load_kind = if tool.open {
        LoadKind::Open { rate_rps, poisson }
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
    let client_threads = r
        .opt_int("load.client_threads")
        .map(|n| n as u32)
        .unwrap_or_else(|| tool.default_client_threads(cores, concurrency));
    let max_in_flight = r
        .opt_int("load.max_in_flight")
        .map(|m| m as u32)
        .or(tool.default_limit)
        .map(|m| (m, tool.overflow));
    Load {
        kind: load_kind,
        duration,
        requests,
        tool: tool.tool,
        timeout: tool.timeout,
        connect_timeout: tool.connect_timeout,
        keep_alive: tool.keep_alive,
        rtt: tool.rtt,
        connect_cpu: tool.connect_cpu,
        client_cpu: if cpu_limited {
            0
        } else {
            from_ms(r.float("load.client_cpu_ms"))
        },
        refused_connect: from_ms(measured::REFUSED_CONNECT_US / 1000.0),
        client_threads,
        max_in_flight,
        waits_for: match r.choice("load.waits_for").as_str() {
            "tasks" => WaitsFor::Tasks,
            _ => WaitsFor::Response,
        },
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
        (_, None, _) => r.err("load.requests", "null", words::LOAD_NO_COUNT.said()),
        (LoadKind::Closed { .. }, Some(n), None) if n < concurrency as u64 => r.err_at(
            "load.requests",
            (words::LOAD_FEWER_THAN_WORKERS.said())
                .with("concurrency", Part::Count(concurrency.into())),
        ),
        _ => {}
    }
}
