//! The load tool: which tool the client is, the settings whose defaults are
//! that tool's own, and what the tool cannot do.

use super::reader::Reader;
use crate::i18n::keys::{Key, errors as words};
use crate::i18n::{Part, Phrase};
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

/// Reads the tool and what follows from it; `duration` is the scenario's own.
pub(super) fn read(r: &mut Reader, duration: Option<Nanos>, open: bool) -> ToolSettings {
    let tool = tool(r, open);
    if open && !tool.open_loop() {
        r.err_at("load.kind", said(words::TOOL_CLOSED_ONLY, tool));
    }
    if !open && !tool.closed_loop() {
        r.err_at("load.kind", words::TOOL_WRK2_OPEN.said());
    }
    let set = |r: &Reader, key: &str| r.draft.get(key).is_some_and(|v| !v.is_null());
    if !tool.counts_requests()
        && duration.is_none()
        && (set(r, "load.requests") || set(r, "load.loops"))
    {
        r.err_at("load.requests", said(words::TOOL_DURATION_ONLY, tool));
    }
    let timeout = match r.opt_float("load.timeout_ms") {
        None => tool.default_timeout(),
        Some(ms) if ms == 0.0 && !tool.abandons() => {
            r.err_at("load.timeout_ms", said(words::TOOL_TIMEOUT_ON, tool));
            None
        }
        Some(ms) => (ms > 0.0).then(|| r.nanos_of_ms("load.timeout_ms", ms)),
    };
    let connect_timeout = r.opt_float("load.connect_timeout_ms");
    if connect_timeout.is_some() && tool != Tool::Jmeter {
        let why = said(words::TOOL_CONNECT_TIMEOUT, tool);
        r.err_at("load.connect_timeout_ms", why);
    }
    let connect_timeout = (connect_timeout.filter(|ms| *ms > 0.0))
        .map(|ms| r.nanos_of_ms("load.connect_timeout_ms", ms));
    let overflow = match (r.choice("load.overflow").as_str(), tool) {
        ("", Tool::Wrk2) | ("delay", Tool::Wrk2) => Overflow::Delay,
        ("delay", Tool::K6) => {
            r.err_at("load.overflow", words::TOOL_K6_DELAY.said());
            Overflow::Drop
        }
        ("drop", Tool::Wrk2) => {
            r.err_at("load.overflow", words::TOOL_WRK2_DROP.said());
            Overflow::Delay
        }
        _ => Overflow::Drop,
    };
    ToolSettings {
        tool,
        open,
        duration: duration.or(tool.default_duration()),
        timeout,
        connect_timeout,
        keep_alive: r.choice("load.keep_alive") != "off",
        rtt: from_ms(r.float("load.rtt_ms")),
        connect_cpu: from_ms(r.float("load.connect_cpu_ms")),
        overflow,
        default_limit: (tool == Tool::Wrk2).then_some(WRK2_CONNECTIONS),
    }
}

/// A message about what `tool` does, naming it.
fn said(key: Key, tool: Tool) -> Phrase {
    key.said().with("tool", Part::text(tool.name()))
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
