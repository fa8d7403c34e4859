//! A load test's output as a person pastes it, read into figures: hey's
//! summary and `-o csv`, wrk's and wrk2's, JMeter's `.jtl`, Aggregate and
//! Summary Report CSVs and summariser line, k6's text summary,
//! `--summary-export` JSON and machine-readable summary, Gatling's global
//! statistics. Pure: text in, a [`Measurement`] (facts, no words) or one
//! [`FieldError`] naming the line, what was expected and what was found.
//!
//! Each parser follows its tool's own print code (named in its file) and
//! keeps the tool's own meaning of each figure: hey's Requests/sec counts
//! errors while its latencies do not, wrk's latencies leave out what timed
//! out, wrk2's leave out its calibration window. [`Measurement::counts`]
//! says which.

mod command;
mod gatling;
mod hey;
mod jmeter;
mod k6;
mod lines;
mod wrk;

#[cfg(test)]
mod samples;
#[cfg(test)]
mod tests;

use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::scenario::FieldError;
use crate::sim::tool::Tool;

pub use lines::MAX_BYTES;

/// The field every import problem names.
pub const FIELD: &str = "measurement";

/// The tool whose output a text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// hey's text summary.
    Hey,
    /// hey's `-o csv` rows.
    HeyCsv,
    /// wrk's summary.
    Wrk,
    /// wrk2's summary (HdrHistogram percentiles, calibration lines).
    Wrk2,
    /// A JMeter results file (`.jtl` as CSV).
    JmeterJtl,
    /// JMeter's Aggregate Report or Summary Report saved as CSV.
    JmeterReport,
    /// JMeter's non-GUI `summary =` line.
    JmeterSummariser,
    /// k6's end-of-test text summary (before or since 1.0).
    K6Text,
    /// k6's `--summary-export` JSON or a `handleSummary` data object.
    K6Json,
    /// k6's machine-readable summary (schema version 1.x).
    K6Machine,
    /// Gatling's console statistics.
    Gatling,
}

impl Source {
    /// The load tool threadlab simulates for it, if any (Gatling is not one).
    pub fn tool(self) -> Option<Tool> {
        Some(match self {
            Source::Hey | Source::HeyCsv => Tool::Hey,
            Source::Wrk => Tool::Wrk,
            Source::Wrk2 => Tool::Wrk2,
            Source::JmeterJtl | Source::JmeterReport | Source::JmeterSummariser => Tool::Jmeter,
            Source::K6Text | Source::K6Json | Source::K6Machine => Tool::K6,
            Source::Gatling => return None,
        })
    }

    /// The format's name, the same in every language: the tool's name and,
    /// where it has several, which of its outputs.
    pub fn label(self) -> &'static str {
        match self {
            Source::Hey => "hey",
            Source::HeyCsv => "hey -o csv",
            Source::Wrk => "wrk",
            Source::Wrk2 => "wrk2",
            Source::JmeterJtl => "JMeter .jtl",
            Source::JmeterReport => "JMeter report CSV",
            Source::JmeterSummariser => "JMeter summary =",
            Source::K6Text => "k6 summary",
            Source::K6Json => "k6 JSON summary",
            Source::K6Machine => "k6 machine-readable summary",
            Source::Gatling => "Gatling",
        }
    }

    /// The tool's name as it calls itself.
    pub fn tool_name(self) -> &'static str {
        match self.tool() {
            Some(t) => t.name(),
            None => "gatling",
        }
    }
}

/// Latency statistics as the tool printed them, in ms; what it left out is
/// `None`.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Latency {
    /// How many results the statistics are over, when the tool says.
    pub count: Option<u64>,
    /// Mean.
    pub mean_ms: Option<f64>,
    /// Standard deviation.
    pub stdev_ms: Option<f64>,
    /// Fastest.
    pub min_ms: Option<f64>,
    /// Slowest.
    pub max_ms: Option<f64>,
    /// (percent, ms), ascending by percent.
    pub percentiles: Vec<(f64, f64)>,
}

impl Latency {
    /// The value at `pct` percent, if the tool printed that percentile.
    pub fn at(&self, pct: f64) -> Option<f64> {
        self.percentiles
            .iter()
            .find(|(p, _)| (p - pct).abs() < 1e-9)
            .map(|(_, v)| *v)
    }
}

/// What the tool's command line or header says about the load it made.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LoadSeen {
    /// Workers, connections, threads or virtual users.
    pub concurrency: Option<u64>,
    /// wrk's `-t`.
    pub threads: Option<u64>,
    /// Requests asked for (hey's `-n`).
    pub requests: Option<u64>,
    /// Duration asked for, s.
    pub duration_s: Option<f64>,
    /// Rate asked for, per second in all (wrk2's `-R`; hey's `-q` × `-c`).
    pub rate_per_s: Option<f64>,
    /// Client time-out, s.
    pub timeout_s: Option<f64>,
    /// hey's `-disable-keepalive`.
    pub keep_alive_off: bool,
}

/// A fact about what a tool's figures count, for the words at the edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counted {
    /// The rate counts errors with responses (hey).
    RateIncludesErrors,
    /// The latencies leave out errors (hey, wrk: time-outs).
    LatencyWithoutErrors,
    /// The latencies include failed results (JMeter, k6's http_req_duration).
    LatencyWithFailures,
    /// hey kept at most 1,000,000 results: counts stop there.
    HeyCapped,
    /// wrk2 leaves its calibration window out of the percentiles.
    Wrk2Calibration,
    /// Latencies in whole milliseconds (JMeter, Gatling).
    WholeMilliseconds,
    /// Percentiles computed here from the raw rows, nearest rank.
    PercentilesComputedHere,
    /// A k6 threshold failed.
    ThresholdFailed,
}

/// One load test's output, read.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Measurement {
    /// Whose output it is.
    pub source: Source,
    /// Results the tool counted (responses and errors as it counts them).
    pub requests: Option<u64>,
    /// Results it counted as failed (errors, and statuses as it judges).
    pub failed: Option<u64>,
    /// The time its rate divides by, s.
    pub elapsed_s: Option<f64>,
    /// The rate it printed, per second.
    pub rate_per_s: Option<f64>,
    /// Its latency statistics.
    pub latency: Latency,
    /// Responses by status.
    pub status: Vec<(u16, u64)>,
    /// Errors by the tool's own name for them.
    pub errors: Vec<(String, u64)>,
    /// What it says about the load it made.
    pub load: LoadSeen,
    /// What its figures count.
    pub counts: Vec<Counted>,
    /// The label or name of what was tested, when the tool prints one.
    pub label: Option<String>,
}

impl Measurement {
    fn new(source: Source) -> Measurement {
        Measurement {
            source,
            requests: None,
            failed: None,
            elapsed_s: None,
            rate_per_s: None,
            latency: Latency::default(),
            status: Vec::new(),
            errors: Vec::new(),
            load: LoadSeen::default(),
            counts: Vec::new(),
            label: None,
        }
    }

    /// Successful results per second: requests less failed, over the
    /// elapsed time, when the tool gave those.
    pub fn ok_per_s(&self) -> Option<f64> {
        let (n, f, t) = (self.requests?, self.failed.unwrap_or(0), self.elapsed_s?);
        (t > 0.0).then(|| n.saturating_sub(f) as f64 / t)
    }
}

/// Reads a pasted load test's output: the tool is recognised from the text
/// (a command line pasted above it is read too).
pub fn read(text: &str) -> Result<Measurement, FieldError> {
    let text = lines::admit(text)?;
    // A command line above a JSON summary: the JSON is read, then the line.
    if let Some((command, json)) = json_after_command(text) {
        let mut m = parse(k6::which_json(json)?, json)?;
        command::read_into(command, &mut m);
        return Ok(m);
    }
    let source = detect(text)?;
    parse(source, text)
}

/// `text` split into the lines above a JSON object and the object, when
/// it opens with such lines (a pasted `k6 run --summary-export …`).
fn json_after_command(text: &str) -> Option<(&str, &str)> {
    let at = text.find("\n{")? + 1;
    let (above, json) = text.split_at(at);
    let above_ok = !above.trim().is_empty() && !above.trim_start().starts_with('{');
    (above_ok && above.lines().count() <= 3).then_some((above, json))
}

/// Reads `text` as `source`'s output, whatever its marks say: for a person
/// who names the format, and for the fuzzer, which reaches each parser so.
pub fn read_as(source: Source, text: &str) -> Result<Measurement, FieldError> {
    parse(source, lines::admit(text)?)
}

/// Every format, in the order [`Source`] lists them.
pub const SOURCES: [Source; 11] = [
    Source::Hey,
    Source::HeyCsv,
    Source::Wrk,
    Source::Wrk2,
    Source::JmeterJtl,
    Source::JmeterReport,
    Source::JmeterSummariser,
    Source::K6Text,
    Source::K6Json,
    Source::K6Machine,
    Source::Gatling,
];

fn parse(source: Source, text: &str) -> Result<Measurement, FieldError> {
    let mut m = match source {
        Source::Hey => hey::summary(text),
        Source::HeyCsv => hey::csv(text),
        Source::Wrk | Source::Wrk2 => wrk::read(text),
        Source::JmeterJtl => jmeter::jtl(text),
        Source::JmeterReport => jmeter::report(text),
        Source::JmeterSummariser => jmeter::summariser(text),
        Source::K6Text => k6::text(text),
        Source::K6Json => k6::json(text),
        Source::K6Machine => k6::machine(text),
        Source::Gatling => gatling::read(text),
    }?;
    command::read_into(text, &mut m);
    Ok(m)
}

/// Each format's mark: a line (trimmed) that starts so is that tool's.
const MARKS: &[(Source, &str)] = &[
    (Source::Hey, "Summary:"),
    (Source::Hey, "Slowest:"),
    (Source::Hey, "Response time histogram:"),
    (Source::Hey, "Status code distribution:"),
    (Source::Hey, "Details (average, fastest, slowest):"),
    (
        Source::HeyCsv,
        "response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read",
    ),
    (Source::Wrk, "Thread Stats"),
    (Source::Wrk, "unable to connect to"),
    (Source::Wrk2, "Latency Distribution (HdrHistogram"),
    (Source::Wrk2, "Thread calibration:"),
    (Source::Wrk2, "Detailed Percentile spectrum:"),
    (Source::JmeterSummariser, "summary ="),
    (Source::JmeterSummariser, "summary +"),
    (Source::K6Text, "http_req_duration"),
    (Source::K6Text, "http_reqs"),
    // k6 before 1.0 marks a metric with thresholds ✓ or ✗.
    (Source::K6Text, "✓ http_req_duration"),
    (Source::K6Text, "✗ http_req_duration"),
    (Source::K6Text, "█ TOTAL RESULTS"),
    (Source::Gatling, "---- Global Information"),
    (Source::Gatling, "> request count"),
    // Its progress blocks: a log cut before its final statistics is
    // Gatling's, and its parser says what is missing.
    (Source::Gatling, "---- Requests"),
];

/// Which tool's output `text` is: by its marks; a JSON object or a CSV
/// header by their keys. Marks of two tools are refused, naming both.
pub fn detect(text: &str) -> Result<Source, FieldError> {
    let start = text.trim_start();
    if start.starts_with('{') {
        return k6::which_json(start);
    }
    if let Some(s) = jmeter::which_csv(start) {
        return Ok(s);
    }
    let mut found: Vec<Source> = Vec::new();
    for line in text.lines().map(str::trim) {
        for &(s, mark) in MARKS {
            if line.starts_with(mark) && !found.contains(&s) {
                found.push(s);
            }
        }
    }
    // wrk2 prints wrk's table too; k6's JSON-looking lines are k6's.
    if found.contains(&Source::Wrk2) {
        found.retain(|s| *s != Source::Wrk);
    }
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(FieldError::new(
            FIELD,
            lines::first_line(text),
            words::IMPORT_UNKNOWN.said(),
        )),
        [a, b, ..] => Err(FieldError::new(
            FIELD,
            lines::first_line(text),
            words::IMPORT_MIXED
                .said()
                .with("first", Part::text(a.label()))
                .with("second", Part::text(b.label())),
        )),
    }
}
