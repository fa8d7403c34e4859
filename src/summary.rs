//! A run's report as text in its load tool's own output format, so that a
//! person can hold it next to their real output line by line, followed by
//! what threadlab knows beyond it (the outcome, the bottleneck, the
//! connections). Pure text from a [`Report`]: the command line prints it,
//! and the page can offer it as "copy as the tool's output".
//!
//! Each tool's file follows that tool's own print code (named there); the
//! numbers come from `Report::tool`, the run as the tool counts it, so a
//! test can parse the text back into the JSON's numbers. What the model
//! does not know (bytes transferred, DNS) prints as the tool prints a zero.

mod hey;
mod jmeter;
mod k6;
mod threadlab;
mod wrk;

use crate::sim::Report;
use crate::sim::report::Tool;

/// The report as the tool prints it, then threadlab's own section.
pub fn text(r: &Report) -> String {
    let mut o = tool_text(r);
    o.push_str(&threadlab::text(r));
    o
}

/// Only the tool's own output.
pub fn tool_text(r: &Report) -> String {
    match tool_of(r) {
        Tool::Hey => hey::text(r),
        Tool::Wrk => wrk::text(r, false),
        Tool::Wrk2 => wrk::text(r, true),
        Tool::Jmeter => jmeter::text(r),
        Tool::K6 => k6::text(r),
    }
}

/// The tool a report was counted for (hey for a report that names none).
pub fn tool_of(r: &Report) -> Tool {
    Tool::ALL
        .into_iter()
        .find(|t| t.name() == r.tool.tool)
        .unwrap_or(Tool::Hey)
}

/// How a tool names the request rate it prints, and what it counts in it:
/// the page shows it beside the successful requests per second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateName {
    /// The tool's own words for it (with the tool's name).
    pub name: &'static str,
    /// What it counts, in a few words.
    pub counts: &'static str,
}

/// The rate `tool` prints (`ToolSummary::rate`), as it names it.
pub fn rate_name(tool: Tool) -> RateName {
    let (name, counts) = match tool {
        Tool::Hey => (
            "hey's Requests/sec",
            "every response and client error, failed ones included",
        ),
        Tool::Wrk => (
            "wrk's Requests/sec",
            "every response read, failed and late (timeout) ones included; failed connects and what the duration cut off are not",
        ),
        Tool::Wrk2 => (
            "wrk2's Requests/sec",
            "every response read, failed and late (timeout) ones included; failed connects and what the duration cut off are not",
        ),
        Tool::Jmeter => ("JMeter's summary /s", "every sample, failed ones included"),
        Tool::K6 => ("k6's http_reqs /s", "every request, failed ones included"),
    };
    RateName { name, counts }
}

/// The URL the texts name: the model has none, so a placeholder.
pub const TARGET_URL: &str = "http://localhost:8080/";
