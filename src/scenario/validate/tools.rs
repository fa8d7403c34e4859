//! The load tool and the connections: which tool the client is, the
//! settings whose defaults are that tool's own, what the tool cannot do, and
//! Tomcat's keep-alive and acceptor.

use super::Reader;
use crate::sim::config::{Overflow, Tool};
use crate::sim::time::{Nanos, from_ms};

/// What the load section takes from the tool.
pub(super) struct ToolSettings {
    pub(super) tool: Tool,
    /// Open loop or closed, as the scenario says (checked against the tool).
    pub(super) open: bool,
    /// The duration: the scenario's, else the tool's own (wrk's 10 s).
    pub(super) duration: Option<Nanos>,
    pub(super) timeout: Option<Nanos>,
    pub(super) connect_timeout: Option<Nanos>,
    pub(super) keep_alive: bool,
    pub(super) rtt: Nanos,
    pub(super) connect_cpu: Nanos,
    /// The open loop's overflow: the tool's, or the scenario's if it agrees.
    pub(super) overflow: Overflow,
    /// The open loop's own limit when the scenario sets none (wrk2's `-c`).
    pub(super) default_limit: Option<u32>,
}

/// wrk2's `-c` when it is not given.
const WRK2_CONNECTIONS: u32 = 10;

/// The tool named by `load.tool`; unset, hey for a closed loop and k6 for
/// an open one.
fn tool(r: &mut Reader, open: bool) -> Tool {
    let word = r.choice("load.tool");
    let default = if open { Tool::K6 } else { Tool::Hey };
    Tool::ALL
        .into_iter()
        .find(|t| t.name() == word)
        .unwrap_or(default)
}

/// A duration in ms where -1 means "never" and 0 is not allowed (Tomcat's
/// timeouts); `None` = never.
fn tomcat_timeout(r: &mut Reader, key: &str, ms: f64) -> Option<Nanos> {
    if ms == -1.0 {
        return None;
    }
    if ms <= 0.0 {
        r.err(
            key,
            &ms.to_string(),
            "must be above 0, or -1 for no timeout (as Tomcat takes it)",
        );
        return None;
    }
    Some(from_ms(ms))
}

/// Reads the tool and what follows from it; `duration` is the scenario's own.
pub(super) fn read(r: &mut Reader, duration: Option<Nanos>, open: bool) -> ToolSettings {
    let tool = tool(r, open);
    if open && !tool.open_loop() {
        r.err(
            "load.kind",
            "open",
            &format!("{tool} runs a closed loop (a set of workers); for an arrival rate choose load.tool=wrk2 or k6"),
        );
    }
    if !open && !tool.closed_loop() {
        r.err(
            "load.kind",
            "closed",
            "wrk2 sends at a constant rate (-R): set load.kind=open",
        );
    }
    let set = |r: &Reader, key: &str| r.draft.get(key).is_some_and(|v| !v.is_null());
    if !tool.counts_requests()
        && duration.is_none()
        && (set(r, "load.requests") || set(r, "load.loops"))
    {
        r.err(
            "load.requests",
            &r.draft.get("load.requests").map_or("null".into(), |v| v.to_string()),
            &format!("{tool} runs for a duration, not a request count: set load.duration_s (-d), or load.requests=null for its default 10 s"),
        );
    }
    let timeout = match r.opt_float("load.timeout_ms") {
        None => tool.default_timeout(),
        Some(ms) if ms == 0.0 && !tool.abandons() => {
            r.err(
                "load.timeout_ms",
                "0",
                &format!("{tool}'s --timeout cannot be off: at 0 it would count every response as a timeout"),
            );
            None
        }
        Some(ms) => (ms > 0.0).then(|| from_ms(ms)),
    };
    let connect_timeout = r.opt_float("load.connect_timeout_ms");
    if connect_timeout.is_some() && tool != Tool::Jmeter {
        r.err(
            "load.connect_timeout_ms",
            &connect_timeout.unwrap_or_default().to_string(),
            &format!("only JMeter has a separate connect timeout; {tool} times the connect within load.timeout_ms or not at all"),
        );
    }
    let overflow = match (r.choice("load.overflow").as_str(), tool) {
        ("", Tool::Wrk2) | ("delay", Tool::Wrk2) => Overflow::Delay,
        ("delay", Tool::K6) => {
            r.err(
                "load.overflow",
                "delay",
                "k6's arrival-rate executors drop an iteration no VU can take (dropped_iterations); wrk2 sends it late",
            );
            Overflow::Drop
        }
        ("drop", Tool::Wrk2) => {
            r.err(
                "load.overflow",
                "drop",
                "wrk2 never drops a request: it sends it late and counts the wait in its latency; k6 drops",
            );
            Overflow::Delay
        }
        _ => Overflow::Drop,
    };
    ToolSettings {
        tool,
        open,
        duration: duration.or(tool.default_duration()),
        timeout,
        connect_timeout: connect_timeout.filter(|ms| *ms > 0.0).map(from_ms),
        keep_alive: r.choice("load.keep_alive") != "off",
        rtt: from_ms(r.float("load.rtt_ms")),
        connect_cpu: from_ms(r.float("load.connect_cpu_ms")),
        overflow,
        default_limit: (tool == Tool::Wrk2).then_some(WRK2_CONNECTIONS),
    }
}

impl ToolSettings {
    /// The client's OS threads when the scenario sets none: Go's GOMAXPROCS
    /// (the server's cores) for hey and k6, wrk's `-t 2`, one per JMeter user.
    pub(super) fn default_client_threads(&self, cores: u32, concurrency: u32) -> u32 {
        match self.tool {
            Tool::Hey | Tool::K6 => cores,
            Tool::Wrk | Tool::Wrk2 => 2,
            Tool::Jmeter => concurrency,
        }
    }
}

/// Tomcat's keep-alive and acceptor settings.
pub(super) struct ServerConnections {
    pub(super) max_keep_alive_requests: Option<u32>,
    pub(super) keep_alive_timeout: Option<Nanos>,
    pub(super) accept_cost: Nanos,
}

/// Reads `server.max_keep_alive_requests`, the keep-alive and connection
/// timeouts, and the acceptor's cost.
pub(super) fn read_server(r: &mut Reader) -> ServerConnections {
    let max = r.int("server.max_keep_alive_requests");
    let max_keep_alive_requests = match max {
        -1 => None,
        0 => {
            r.err(
                "server.max_keep_alive_requests",
                "0",
                "Tomcat takes -1 for no limit and 1 for no keep-alive; 0 is neither",
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
    ServerConnections {
        max_keep_alive_requests,
        keep_alive_timeout,
        accept_cost: from_ms(r.float("server.accept_us") / 1000.0),
    }
}
