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
mod json;
mod k6;
pub mod said;
mod threadlab;
mod wrk;

pub use json::json_report;

use crate::i18n::keys::presets as words;
use crate::i18n::{Locale, Phrase};
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

/// The tool a report was counted for.
pub fn tool_of(r: &Report) -> Tool {
    r.tool.tool
}

/// How a tool names the request rate it prints, and what it counts in it,
/// in the page's language: the page shows it beside the successful
/// requests per second.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RateName {
    /// The tool's own words for it (with the tool's name).
    pub name: String,
    /// What it counts, in a few words.
    pub counts: String,
}

/// The rate `tool` prints (`ToolSummary::rate`), as it names it, in
/// `locale`'s words.
pub fn rate_name(tool: Tool, locale: Locale) -> RateName {
    let [name, counts] = rate_said(tool);
    RateName {
        name: name.text(locale),
        counts: counts.text(locale),
    }
}

/// [`rate_name`]'s two phrases, the name and what it counts, as the
/// catalogue files them (`tool-rate.<tool>.name|counts`): wrk2 counts as
/// wrk does, whose code it is.
pub fn rate_said(tool: Tool) -> [Phrase; 2] {
    let counted_as = match tool {
        Tool::Wrk2 => Tool::Wrk,
        t => t,
    };
    [
        words::tool_rate(tool.name(), "name"),
        words::tool_rate(counted_as.name(), "counts"),
    ]
}

/// The URL the texts name: the model has none, so a placeholder.
pub const TARGET_URL: &str = "http://localhost:8080/";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{keys_of, lookup};

    /// Every tool's rate has its words in every language, the
    /// German and Chinese their own; no catalogue names a tool's rate that
    /// no tool prints.
    #[test]
    fn every_tools_rate_has_its_words_in_every_language() {
        let mut keys: Vec<String> = Tool::ALL
            .into_iter()
            .flat_map(rate_said)
            .map(|p| p.key.into_owned())
            .collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), 9, "five names, four ways of counting");
        for k in &keys {
            let en = lookup(Locale::En, k).unwrap_or_default();
            assert!(!en.is_empty(), "{k} has no English");
            for l in Locale::TRANSLATED {
                let text = lookup(l, k).unwrap_or_default();
                assert!(!text.is_empty() && text != en, "{k} ({}): {text}", l.code());
            }
        }
        for l in Locale::ALL {
            for k in keys_of(l).filter(|k| k.starts_with("tool-rate.")) {
                assert!(keys.iter().any(|q| q == k), "{k} ({}): no tool", l.code());
            }
        }
        let hey = rate_name(Tool::Hey, Locale::De);
        assert_eq!(hey.name, "Requests/sec von hey");
        assert_eq!(rate_name(Tool::K6, Locale::Zh).name, "k6 的 http_reqs /s");
        assert_eq!(
            rate_name(Tool::Wrk2, Locale::En).counts,
            rate_name(Tool::Wrk, Locale::En).counts
        );
    }
}
