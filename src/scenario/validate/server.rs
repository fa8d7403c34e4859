//! The `server.*` section: Tomcat's pool and connections (keep-alive and the
//! acceptor included), the JDK's carriers, the cores and the OS scheduler.

use super::super::measured;
use super::reader::Reader;
use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::sim::config::{CpuModel, Mode, Server};
use crate::sim::program::Dist;
use crate::sim::time::{Nanos, from_ms};

pub(super) fn read(r: &mut Reader) -> Server {
    let cores = r.int("server.cores") as u32;
    let cpu_limit = read_cpu_limit(r);
    let available_processors = available_processors(r, cores, cpu_limit);
    let carriers = r
        .opt_int("server.carriers")
        .map(|c| c as u32)
        .unwrap_or(available_processors);
    let max_pool_size = r
        .opt_int("server.max_pool_size")
        .map(|c| c as u32)
        .unwrap_or(carriers.max(256));
    if max_pool_size < carriers {
        let said = words::SERVER_POOL_BELOW_CARRIERS.said();
        r.err_at(
            "server.max_pool_size",
            said.with("carriers", Part::Count(carriers.into())),
        );
    }
    let mode = if r.choice("server.mode") == "virtual" {
        Mode::Virtual
    } else {
        Mode::Platform
    };
    let conns = read_connections(r);
    Server {
        mode,
        threads_max: r.int("server.threads_max") as u32,
        min_spare: r.int("server.min_spare") as u32,
        max_queue: r
            .opt_int("server.max_queue_capacity")
            .map_or(u32::MAX, |q| q as u32),
        cpu_limit,
        cpu_period: from_ms(r.float("server.cpu_period_ms")),
        available_processors,
        cores,
        carriers,
        max_pool_size,
        max_connections: r.int("server.max_connections") as u32,
        // The kernel caps any listen backlog at somaxconn.
        backlog: (r.int("server.accept_count").min(r.int("server.somaxconn"))) as u32,
        max_keep_alive_requests: conns.max_keep_alive_requests,
        keep_alive_timeout: conns.keep_alive_timeout,
        accept_cost: conns.accept_cost,
        jdk: r.int("server.jdk") as u32,
        cpu_model: if r.choice("server.cpu_model") == "rr" {
            CpuModel::RoundRobin
        } else {
            CpuModel::ProcessorSharing
        },
        quantum: from_ms(r.float("server.quantum_ms")).max(1),
        context_switch: from_ms(r.float("server.context_switch_us") / 1000.0),
        wake: read_wake(r, mode),
        handoff: read_handoff(r),
        read_ahead: read_read_ahead(r, cpu_limit.is_some()),
    }
}

/// `server.cpu_limit`: a container's CPU limit. The client then runs
/// outside the container, on its own machine (`load.client_cpu_ms` is moot:
/// a client beside the container on the same cores is not modelled).
fn read_cpu_limit(r: &mut Reader) -> Option<f64> {
    r.opt_float("server.cpu_limit")
}

/// What `Runtime.availableProcessors()` returns: `-XX:ActiveProcessorCount`
/// as set (the JVM takes it over everything else), else the machine's
/// cores, at most ⌈quota ÷ period⌉ = ⌈limit⌉ under a CPU limit (HotSpot's
/// `CgroupSubsystem::active_processor_count`).
fn available_processors(r: &mut Reader, cores: u32, limit: Option<f64>) -> u32 {
    if let Some(n) = r.opt_int("server.active_processor_count") {
        return n as u32;
    }
    match limit {
        Some(l) => (l.ceil() as u32).clamp(1, cores),
        None => cores,
    }
}

/// `server.read_ahead_pct` as the range a run draws its share from; left
/// empty, the range measured on this project's reference machine
/// (`measured::READ_AHEAD_SHARES`: the share moved between runs on one JVM
/// as much as between the JDKs, and a run's tail with it) when the client
/// shares the server's cores (`load.client_cpu_ms` above 0), and none for a
/// client on its own machine. *Assumptions*: uniform within the measured
/// range; a network round trip (tens of µs on a LAN and more) outlasts
/// Tomcat's few µs from writing a response to reading the socket again, so
/// a remote client's next request is not there yet.
fn read_read_ahead(r: &mut Reader, cpu_limited: bool) -> (f64, f64) {
    match r.opt_float("server.read_ahead_pct") {
        Some(pct) => (pct / 100.0, pct / 100.0),
        None if r.float("load.client_cpu_ms") > 0.0 && !cpu_limited => {
            // Measured over every response; the model draws only while a
            // core is free (`sim::engine::readahead`).
            let (lo, hi) = measured::READ_AHEAD_SHARES;
            let free = measured::READ_AHEAD_FREE_CORE;
            (lo / free, hi / free)
        }
        None => (0.0, 0.0),
    }
}

/// `server.handoff_us`; left empty, the hand-off measured on this project's
/// reference machine (`measured::LOCK_HANDOFF_US`) less the context switch
/// it includes, which the CPU model charges on its own
/// (`server.context_switch_us`).
fn read_handoff(r: &mut Reader) -> Nanos {
    let us = r.opt_float("server.handoff_us").unwrap_or_else(|| {
        (measured::LOCK_HANDOFF_US - r.float("server.context_switch_us")).max(0.0)
    });
    (us * 1000.0).round() as Nanos
}

/// `server.wake_p50_us` and `server.wake_p99_us` as a log-normal; either
/// left empty takes the value measured on this project's reference machine
/// for the mode (`measured::WAKE_*`). A median of 0 means no wake-up delay.
fn read_wake(r: &mut Reader, mode: Mode) -> Option<Dist> {
    let (p50, p99) = match mode {
        Mode::Platform => measured::WAKE_PLATFORM_US,
        Mode::Virtual => measured::WAKE_VIRTUAL_US,
    };
    let p50 = r.opt_float("server.wake_p50_us").unwrap_or(p50);
    let p99 = r.opt_float("server.wake_p99_us").unwrap_or(p99);
    if p50 == 0.0 {
        return None;
    }
    if p99 < p50 {
        let said = words::SERVER_WAKE_ORDER.said();
        r.err_at(
            "server.wake_p99_us",
            said.with("p50", Part::text(fmt_us(p50))),
        );
        return None;
    }
    // Equal percentiles: no spread, a constant delay.
    Some(if p99 == p50 {
        Dist::Const {
            ns: (p50 * 1000.0).round() as Nanos,
        }
    } else {
        Dist::lognormal(p50 * 1000.0, p99 * 1000.0)
    })
}

fn fmt_us(us: f64) -> String {
    format!("{us}")
}

/// Tomcat's keep-alive and acceptor settings.
struct Connections {
    max_keep_alive_requests: Option<u32>,
    keep_alive_timeout: Option<Nanos>,
    accept_cost: Nanos,
}

/// Reads `server.max_keep_alive_requests`, the keep-alive and connection
/// timeouts, and the acceptor's cost.
fn read_connections(r: &mut Reader) -> Connections {
    let max = r.int("server.max_keep_alive_requests");
    let max_keep_alive_requests = match max {
        -1 => None,
        0 => {
            r.err_at(
                "server.max_keep_alive_requests",
                words::SERVER_KEEP_ALIVE_ZERO.said(),
            );
            None
        }
        n => Some(n as u32),
    };
    let connection = r.float("server.connection_timeout_ms");
    let connection = tomcat_timeout(r, "server.connection_timeout_ms", connection);
    let keep_alive_timeout = match r.opt_float("server.keep_alive_timeout_ms") {
        None => connection,
        Some(ms) => tomcat_timeout(r, "server.keep_alive_timeout_ms", ms),
    };
    Connections {
        max_keep_alive_requests,
        keep_alive_timeout,
        accept_cost: from_ms(r.float("server.accept_us") / 1000.0),
    }
}

/// A duration in ms where -1 means "never" and 0 is not allowed (Tomcat's
/// timeouts); `None` = never.
fn tomcat_timeout(r: &mut Reader, key: &str, ms: f64) -> Option<Nanos> {
    if ms == -1.0 {
        return None;
    }
    if ms <= 0.0 {
        r.err_at(key, words::SERVER_TIMEOUT.said());
        return None;
    }
    Some(r.nanos_of_ms(key, ms))
}
