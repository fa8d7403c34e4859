//! k6's end-of-test summary in the four shapes people paste:
//!
//! - the text summary before 1.0 (grafana/k6 `js/summary.js` up to v0.57,
//!   kept as `internal/js/summary-legacy.js` for `--summary-mode=legacy`):
//!   one metric a line, `✓`/`✗` before a metric that has thresholds;
//! - the text summary since 1.0 (`internal/js/summary.js`): `█ THRESHOLDS`,
//!   `█ TOTAL RESULTS` with its `HTTP`, `EXECUTION`, `NETWORK`, `CUSTOM`
//!   parts and, with `--summary-mode=full`, `█ GROUP: …` and
//!   `█ SCENARIO: …` sections;
//! - `--summary-export` JSON and the `handleSummary(data)` object
//!   (`internal/js/summary-wrapper.js` `oldJSONSummary`,
//!   `internal/js/summary.go` `summarizeMetricsToObject`);
//! - the machine-readable summary, schema 1.0.0 (k6 ≥ 1.5 with
//!   `--new-machine-readable-summary`: `internal/lib/summary/machine_readable.go`,
//!   `internal/lib/summary/machinereadable/types_gen.go`).
//!
//! k6's `http_req_duration` is over every request, failed ones included;
//! its `http_req_failed` is a Rate whose "true" values are the failures.

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::scenario::FieldError;

use super::lines::{self, bad_line, count, missing, number};
use super::{Counted, Latency, Measurement, Source};

/// What `text` says when it has no `http_reqs` line.
const WANT_REQS: &str = "`http_reqs…: <count> <rate>/s`";
/// A Trend line as `js/summary.js` prints one (`summaryTrendStats`).
const WANT_DURATION: &str =
    "`http_req_duration…: avg=<time> min=<time> med=<time> max=<time> p(<n>)=<time>`";
/// A Rate line before (`✓ <true> ✗ <false>`) and since k6 0.54 (`out of`).
const WANT_FAILED: &str =
    "`http_req_failed…: <percent>% <n> out of <total>` or `<percent>% ✓ <n> ✗ <n>`";
/// A Gauge line.
const WANT_VUS_MAX: &str = "`vus_max…: <n> min=<n> max=<n>`";
/// What a pasted JSON that does not parse should have been.
const WANT_JSON: &str = "a JSON object with `metrics`";
/// What a JSON object that is not k6's lacks.
const WANT_K6: &str = "`metrics` with `http_req_duration`";
/// What a machine-readable summary that does not parse should have been.
const WANT_MACHINE_JSON: &str = "a JSON object with `version`, `config` and `results`";

/// The metrics read here; every other metric (custom Trends, Counters, the
/// `http_req_*` phases, sub-metrics `{ tag:value }`) is passed over.
#[derive(Clone, Copy, PartialEq)]
enum Known {
    /// `http_reqs`, a Counter: requests and their rate.
    Reqs,
    /// `http_req_duration`, a Trend: the latency.
    Duration,
    /// `http_req_failed`, a Rate: the failed requests.
    Failed,
    /// `vus_max`, a Gauge: the VUs allocated.
    VusMax,
}

impl Known {
    /// Every metric read.
    const ALL: [Known; 4] = [Known::Reqs, Known::Duration, Known::Failed, Known::VusMax];

    /// Its name as k6 prints it.
    fn name(self) -> &'static str {
        match self {
            Known::Reqs => "http_reqs",
            Known::Duration => "http_req_duration",
            Known::Failed => "http_req_failed",
            Known::VusMax => "vus_max",
        }
    }

    /// Its text line's syntax, for errors.
    fn want(self) -> &'static str {
        match self {
            Known::Reqs => WANT_REQS,
            Known::Duration => WANT_DURATION,
            Known::Failed => WANT_FAILED,
            Known::VusMax => WANT_VUS_MAX,
        }
    }
}

/// Where a line of the text summary is.
#[derive(Clone, Copy, PartialEq)]
enum Section {
    /// Before 1.0 every metric line is the run's total.
    Legacy,
    /// Since 1.0, the banner and progress before the first `█` title.
    Header,
    /// `█ THRESHOLDS`: a `✗` line there is a threshold that failed.
    Thresholds,
    /// `█ TOTAL RESULTS`: the run's figures.
    Total,
    /// `█ GROUP: …` or `█ SCENARIO: …` (full mode): a part of the run.
    Part,
}

/// The section a title line (`█ TOTAL RESULTS `, `renderTitle` in
/// `internal/js/summary.js`) opens.
fn title(line: &str) -> Option<Section> {
    let rest = line.trim().strip_prefix('█')?;
    Some(match rest.trim() {
        "THRESHOLDS" => Section::Thresholds,
        "TOTAL RESULTS" => Section::Total,
        _ => Section::Part,
    })
}

/// `line` without ANSI escapes: `--no-color` is not the default on a
/// terminal, and a summary redirected with colours forced keeps them.
fn plain(line: &str) -> Cow<'_, str> {
    if !line.contains('\u{1b}') {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        // A CSI sequence (`ESC [ … final`) as `strWidth` in `js/summary.js`
        // skips it; any other escape is two characters.
        if chars.next() == Some('[') {
            for c in chars.by_ref() {
                if ('\u{40}'..='\u{7e}').contains(&c) {
                    break;
                }
            }
        }
    }
    Cow::Owned(out)
}

/// The mark `js/summary.js` puts before a threshold's metric (legacy), a
/// threshold's result (since 1.0) or a check: `Some(true)` for `✓`,
/// `Some(false)` for `✗`; and the rest of the line.
fn marked(line: &str) -> (Option<bool>, &str) {
    if let Some(rest) = line.strip_prefix('✓') {
        (Some(true), rest.trim_start())
    } else if let Some(rest) = line.strip_prefix('✗') {
        (Some(false), rest.trim_start())
    } else {
        (None, line)
    }
}

/// A known metric's line: its name, then the dots `js/summary.js` pads
/// with and a colon. `Some((metric, None))` when the name is followed by
/// dots but no colon; `None` for any other line (a bare name, as the
/// THRESHOLDS block prints it, is not a metric line).
fn known_line(line: &str) -> Option<(Known, Option<&str>)> {
    Known::ALL.into_iter().find_map(|k| {
        let rest = line.strip_prefix(k.name())?;
        if !(rest.starts_with('.') || rest.starts_with(':')) {
            return None;
        }
        Some((
            k,
            rest.trim_start_matches('.')
                .strip_prefix(':')
                .map(str::trim),
        ))
    })
}

/// k6's end-of-test text summary, before or since 1.0.
pub(super) fn text(text: &str) -> Result<Measurement, FieldError> {
    // Since 1.0 the totals are under `█ TOTAL RESULTS`; before, there are no
    // such titles (a `█` line is a group's name over its checks).
    let since_1 = text
        .lines()
        .any(|l| matches!(title(&plain(l)), Some(Section::Thresholds | Section::Total)));
    let mut section = if since_1 {
        Section::Header
    } else {
        Section::Legacy
    };
    let mut m = Measurement::new(Source::K6Text);
    let mut reqs: Option<(u64, f64)> = None;
    let mut latency: Option<Latency> = None;
    let mut threshold_failed = false;
    for (i, raw) in text.lines().enumerate() {
        let line = plain(raw);
        let line = line.trim();
        if since_1 && let Some(s) = title(line) {
            section = s;
            continue;
        }
        let (mark, rest) = marked(line);
        // Before 1.0 a failed threshold is `✗` before its metric's dotted
        // name (`summarizeMetrics`), a failed check `✗` before the check's
        // name (`summarizeCheck`); since 1.0 thresholds have their block.
        let threshold_line = match section {
            Section::Legacy => rest.contains("...:"),
            Section::Thresholds => true,
            _ => false,
        };
        if mark == Some(false) && threshold_line {
            threshold_failed = true;
        }
        let Some((metric, data)) = known_line(rest) else {
            continue;
        };
        let bad = || bad_line(Source::K6Text, i + 1, line, metric.want());
        // Full mode repeats the metrics per group and scenario: only the
        // totals are the run's.
        let total = matches!(section, Section::Legacy | Section::Total);
        let data = data.ok_or_else(bad)?;
        match metric {
            Known::Reqs => {
                let r = counter_line(data).ok_or_else(bad)?;
                if total {
                    reqs = Some(r);
                }
            }
            Known::Duration => {
                let l = trend_line(data).ok_or_else(bad)?;
                if total {
                    latency = Some(l);
                }
            }
            Known::Failed => {
                let f = rate_line(data).ok_or_else(bad)?;
                if total {
                    m.failed = Some(f);
                }
            }
            Known::VusMax => {
                let v = gauge_line(data).ok_or_else(bad)?;
                if total {
                    m.load.concurrency = Some(v);
                }
            }
        }
    }
    let (n, rate) = reqs.ok_or_else(|| missing(Source::K6Text, text, WANT_REQS))?;
    finish(&mut m, n, Some(rate), latency, threshold_failed);
    // A counter's rate is its count over the test run's duration
    // (`metricValueGetter` in `internal/js/summary.go`).
    m.elapsed_s = (n > 0 && rate > 0.0).then(|| n as f64 / rate);
    Ok(m)
}

/// What every shape fills the same way.
fn finish(
    m: &mut Measurement,
    requests: u64,
    rate: Option<f64>,
    latency: Option<Latency>,
    threshold_failed: bool,
) {
    m.requests = Some(requests);
    m.rate_per_s = rate;
    if let Some(l) = latency {
        m.latency = l;
        // `http_req_duration` is emitted for every request, failed or not;
        // `{ expected_response:true }` is the sub-metric without failures.
        m.counts.push(Counted::LatencyWithFailures);
    }
    if threshold_failed {
        m.counts.push(Counted::ThresholdFailed);
    }
}

/// A duration as `humanizeGenericDuration` (`js/summary.js`) prints one —
/// `0s`, `123ns`, `1.5µs`, `12.34ms`, `1.23s`, `1m2.3s`, `1h2m3s` — or as
/// `--summary-time-unit` makes it (`1.23s`, `12.34ms`, `5.00µs`); `us` is
/// taken for `µs`. In ms.
fn duration_ms(s: &str) -> Option<f64> {
    let plain_unit = |n: &str, scale: f64| number(n).filter(|v| *v >= 0.0).map(|v| v * scale);
    for (unit, scale) in [("ns", 1e-6), ("µs", 1e-3), ("us", 1e-3), ("ms", 1.0)] {
        if let Some(n) = s.strip_suffix(unit) {
            return plain_unit(n, scale);
        }
    }
    let body = s.strip_suffix('s')?;
    let (hours, rest) = match body.split_once('h') {
        Some((h, rest)) => (count(h)?, rest),
        None => (0, body),
    };
    let (minutes, secs) = match rest.split_once('m') {
        Some((m, rest)) => (count(m)?, rest),
        None => (0, rest),
    };
    let secs = plain_unit(secs, 1.0)?;
    Some(((hours as f64 * 60.0 + minutes as f64) * 60.0 + secs) * 1000.0)
}

/// `p(99.9)` (a `summaryTrendStats` percentile, `metrics/sample.go`
/// `parsePercentile`): its percent, 0 to 100.
fn percentile_name(stat: &str) -> Option<f64> {
    let p = stat.strip_prefix("p(")?.strip_suffix(')')?;
    number(p).filter(|p| (0.0..=100.0).contains(p))
}

/// A Trend's `stat=value` columns: `avg`, `min`, `med`, `max`, `count`,
/// `p(N)`, the stats `metrics/sample.go` `GetResolversForTrendColumns`
/// knows.
fn trend_line(data: &str) -> Option<Latency> {
    let mut l = Latency::default();
    let mut pcts = Vec::new();
    let mut any = false;
    for column in data.split_whitespace() {
        let (stat, value) = column.split_once('=')?;
        if stat == "count" {
            l.count = Some(count(value)?);
        } else {
            let ms = duration_ms(value)?;
            match stat {
                "avg" => l.mean_ms = Some(ms),
                "min" => l.min_ms = Some(ms),
                "max" => l.max_ms = Some(ms),
                "med" => pcts.push((50.0, ms)),
                _ => pcts.push((percentile_name(stat)?, ms)),
            }
        }
        any = true;
    }
    l.percentiles = lines::sorted(pcts);
    any.then_some(l)
}

/// A Counter's `<count> <rate>/s` (`nonTrendMetricValueForSum`).
fn counter_line(data: &str) -> Option<(u64, f64)> {
    let mut t = data.split_whitespace();
    let n = count(t.next()?)?;
    let rate = number(t.next()?.strip_suffix("/s")?).filter(|r| *r >= 0.0)?;
    t.next().is_none().then_some((n, rate))
}

/// A Rate's values: its true count. Before k6 0.54 `<pct>% ✓ <passes> ✗
/// <fails>`, since `<pct>% <passes> out of <total>` (commit 910eb0d); in
/// both `passes` counts the metric's true values (`internal/js/summary.go`
/// `metricValueGetter`: `sink.Trues`), which for `http_req_failed` are the
/// failed requests.
fn rate_line(data: &str) -> Option<u64> {
    let t: Vec<&str> = data.split_whitespace().collect();
    let pct = t.first()?.strip_suffix('%')?;
    number(pct).filter(|p| (0.0..=100.0).contains(p))?;
    match t.as_slice() {
        [_, "✓", yes, "✗", no] => {
            count(no)?;
            count(yes)
        }
        [_, yes, "out", "of", all] => {
            let (yes, all) = (count(yes)?, count(all)?);
            (yes <= all).then_some(yes)
        }
        _ => None,
    }
}

/// A Gauge's `<value> min=<n> max=<n>`: its value, whole (VUs).
fn gauge_line(data: &str) -> Option<u64> {
    let t: Vec<&str> = data.split_whitespace().collect();
    let (value, extras) = t.split_first()?;
    for e in extras {
        let (name, v) = e.split_once('=')?;
        if !matches!(name, "min" | "max") {
            return None;
        }
        number(v)?;
    }
    count(value)
}

/// `text` parsed as JSON; where it does not parse, the line serde_json
/// stops at (it also refuses more than 128 levels of nesting).
fn parse(text: &str, source: Source, expected: &str) -> Result<Value, FieldError> {
    serde_json::from_str(text).map_err(|e| {
        // At the end of the text serde_json counts the line after the last
        // newline: the last line there is is the one cut off.
        let line = e.line().clamp(1, text.lines().count().max(1));
        let found = text.lines().nth(line - 1).unwrap_or("");
        bad_line(source, line, found, expected)
    })
}

/// Whether a JSON object is the machine-readable summary: schema version
/// 1.x (`schema_version_const.go`) and its top-level blocks.
fn is_machine(o: &Map<String, Value>) -> bool {
    o.get("version")
        .and_then(Value::as_str)
        .is_some_and(|v| v.starts_with("1."))
        && ["results", "metadata", "config"]
            .iter()
            .any(|k| o.contains_key(*k))
}

/// Which k6 JSON `text` is: the machine-readable summary, or
/// `--summary-export` / `handleSummary` data (both a `metrics` object of
/// objects).
pub(super) fn which_json(text: &str) -> Result<Source, FieldError> {
    let v = parse(text, Source::K6Json, WANT_JSON)?;
    let Some(o) = v.as_object() else {
        return Err(missing(Source::K6Json, text, WANT_K6));
    };
    if is_machine(o) {
        return Ok(Source::K6Machine);
    }
    let k6s = o
        .get("metrics")
        .and_then(Value::as_object)
        .is_some_and(|ms| !ms.is_empty() && ms.values().all(Value::is_object));
    if k6s {
        Ok(Source::K6Json)
    } else {
        Err(missing(Source::K6Json, text, WANT_K6))
    }
}

/// A pasted JSON and whose it is, to name a field's line in errors.
struct Doc<'a> {
    /// The text as pasted.
    text: &'a str,
    /// Its format, for errors.
    source: Source,
}

impl Doc<'_> {
    /// The field at `path` (keys, or a metric's name, in order) is not what
    /// `expected` says: the error names the line of its last key found.
    fn bad(&self, path: &[&str], expected: &str) -> FieldError {
        let (line, found) = line_of(self.text, path);
        bad_line(self.source, line, found, expected)
    }
}

/// `path` and then `key`.
fn join<'a>(path: &[&'a str], key: &'a str) -> Vec<&'a str> {
    let mut p = path.to_vec();
    p.push(key);
    p
}

/// The line (1-based) and text where the keys of `path` are found one after
/// the other as `"key"`; line 1 when the first is not.
fn line_of<'a>(text: &'a str, path: &[&str]) -> (usize, &'a str) {
    let mut pos = 0;
    let mut from = 0;
    for key in path {
        let needle = format!("\"{key}\"");
        match text.get(from..).and_then(|t| t.find(&needle)) {
            Some(i) => {
                pos = from + i;
                from = pos + needle.len();
            }
            None => break,
        }
    }
    let before = text.get(..pos).unwrap_or("");
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let rest = text.get(start..).unwrap_or("");
    let line = rest.split('\n').next().unwrap_or("");
    (before.matches('\n').count() + 1, line)
}

/// A JSON number through [`lines::number`] (which refuses what is not a
/// plain decimal).
fn num(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => number(&n.to_string()),
        _ => None,
    }
}

/// A whole JSON number, not negative: k6's counts are float64 in Go, so
/// `180` and `180.0` are both counts.
fn whole(v: &Value) -> Option<u64> {
    let Value::Number(n) = v else {
        return None;
    };
    let s = n.to_string();
    count(&s).or_else(|| {
        number(&s)
            .filter(|x| *x >= 0.0 && x.fract() == 0.0 && *x < 9.0e15)
            .map(|x| x as u64)
    })
}

/// A percentile's key in JSON: `p(95)` (`--summary-export`,
/// `handleSummary`) or `p95` (the machine-readable summary's trend values,
/// named by sobek's field mapper in `js/common/bridge.go`). `None` for any
/// other key; `Some(None)` for a `p(…)` that is not a percent.
fn json_percentile(key: &str) -> Option<Option<f64>> {
    if key.starts_with("p(") {
        return Some(percentile_name(key));
    }
    let digits = key.strip_prefix('p')?;
    if !digits.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    Some(number(digits).filter(|p| (0.0..=100.0).contains(p)))
}

/// A Trend's values in ms: `avg`, `min`, `med`, `max`, `count`, and its
/// percentiles; a `null` (a stat the machine-readable summary left out) is
/// no value, other keys (`thresholds` in `--summary-export`) are passed over.
fn trend_json(
    doc: &Doc<'_>,
    path: &[&str],
    values: &Map<String, Value>,
    expected: &str,
) -> Result<Latency, FieldError> {
    let mut l = Latency::default();
    let mut pcts = Vec::new();
    for (key, v) in values {
        let at = |k: &str| doc.bad(&join(path, k), expected);
        let percent = match key.as_str() {
            "avg" | "min" | "max" | "med" | "count" => None,
            k => match json_percentile(k) {
                Some(Some(p)) => Some(p),
                Some(None) => return Err(at(k)),
                None => continue,
            },
        };
        if v.is_null() {
            continue;
        }
        if key == "count" {
            l.count = Some(whole(v).ok_or_else(|| at(key))?);
            continue;
        }
        let ms = num(v).filter(|x| *x >= 0.0).ok_or_else(|| at(key))?;
        match (key.as_str(), percent) {
            ("avg", _) => l.mean_ms = Some(ms),
            ("min", _) => l.min_ms = Some(ms),
            ("max", _) => l.max_ms = Some(ms),
            ("med", _) => pcts.push((50.0, ms)),
            (_, Some(p)) => pcts.push((p, ms)),
            _ => {}
        }
    }
    l.percentiles = lines::sorted(pcts);
    Ok(l)
}

/// Whether any threshold of a metric failed. `--summary-export` writes
/// `"<expression>": <failed>` (`oldJSONSummary` in
/// `internal/js/summary-wrapper.js`: `!threshold.ok`, so `true` is a
/// failure); `handleSummary` data writes `"<expression>": {"ok": <passed>}`
/// (`summarizeMetricsToObject` in `internal/js/summary.go`).
fn threshold_failed(
    doc: &Doc<'_>,
    name: &str,
    metric: &Map<String, Value>,
) -> Result<bool, FieldError> {
    const WANT: &str = "`\"thresholds\": {\"<expression>\": true|false}` or `{\"<expression>\": {\"ok\": true|false}}`";
    let Some(th) = metric.get("thresholds") else {
        return Ok(false);
    };
    let th = th
        .as_object()
        .ok_or_else(|| doc.bad(&[name, "thresholds"], WANT))?;
    let mut failed = false;
    for (expr, v) in th {
        failed |= match v {
            Value::Bool(failed) => *failed,
            Value::Object(o) => match o.get("ok") {
                Some(Value::Bool(ok)) => !ok,
                _ => return Err(doc.bad(&[name, "thresholds", expr], WANT)),
            },
            _ => return Err(doc.bad(&[name, "thresholds", expr], WANT)),
        };
    }
    Ok(failed)
}

/// A metric's values in `--summary-export` or `handleSummary` data, and
/// the keys that lead to them (for errors).
type Values<'a> = (&'a Map<String, Value>, Vec<&'a str>);

/// Metric `k`'s values: `handleSummary` nests them under `values`, the
/// export flattens them (`oldJSONSummary`). `None` when k6 did not report
/// the metric.
fn metric_values<'a>(
    doc: &Doc<'_>,
    metrics: &'a Map<String, Value>,
    k: Known,
) -> Result<Option<Values<'a>>, FieldError> {
    let Some(metric) = metrics.get(k.name()).and_then(Value::as_object) else {
        return Ok(None);
    };
    match metric.get("values") {
        None => Ok(Some((metric, vec![k.name()]))),
        Some(Value::Object(v)) => Ok(Some((v, vec![k.name(), "values"]))),
        Some(_) => Err(doc.bad(&[k.name(), "values"], "`\"values\": {…}`")),
    }
}

/// `--summary-export` JSON (each metric's values flat, thresholds among
/// them) or `handleSummary`'s data (each metric `{type, contains, values,
/// thresholds}`); times in ms.
pub(super) fn json(text: &str) -> Result<Measurement, FieldError> {
    let doc = Doc {
        text,
        source: Source::K6Json,
    };
    let v = parse(text, Source::K6Json, WANT_JSON)?;
    let metrics = v
        .get("metrics")
        .and_then(Value::as_object)
        .ok_or_else(|| missing(Source::K6Json, text, "`metrics`"))?;
    let mut any_failed = false;
    for (name, metric) in metrics {
        let metric = metric
            .as_object()
            .ok_or_else(|| doc.bad(&["metrics", name], "`\"<metric>\": {…}`"))?;
        any_failed |= threshold_failed(&doc, name, metric)?;
    }
    let values = |k: Known| metric_values(&doc, metrics, k);
    let mut m = Measurement::new(Source::K6Json);

    const REQS: &str = "`\"http_reqs\"` with `\"count\": <n>` and `\"rate\": <per second>`";
    let (reqs, path) = values(Known::Reqs)?.ok_or_else(|| {
        missing(
            Source::K6Json,
            text,
            "`metrics.http_reqs` with `count` and `rate`",
        )
    })?;
    let n = reqs
        .get("count")
        .and_then(whole)
        .ok_or_else(|| doc.bad(&join(&path, "count"), REQS))?;
    let rate = reqs
        .get("rate")
        .and_then(num)
        .filter(|r| *r >= 0.0)
        .ok_or_else(|| doc.bad(&join(&path, "rate"), REQS))?;

    let latency = match values(Known::Duration)? {
        Some((vals, path)) => Some(trend_json(
            &doc,
            &path,
            vals,
            "`\"http_req_duration\"` with `\"avg\"`, `\"min\"`, `\"med\"`, `\"max\"`, `\"p(<n>)\"`: <ms>",
        )?),
        None => None,
    };

    // A Rate's `passes` are its true values (`metricValueGetter` in
    // `internal/js/summary.go`: `sink.Trues`), so for `http_req_failed`
    // the failed requests; `fails` are the requests that did not fail.
    if let Some((failed, path)) = values(Known::Failed)? {
        m.failed = Some(failed.get("passes").and_then(whole).ok_or_else(|| {
            doc.bad(
                &join(&path, "passes"),
                "`\"http_req_failed\"` with `\"passes\": <failed requests>`",
            )
        })?);
    }
    if let Some((vus, path)) = values(Known::VusMax)? {
        m.load.concurrency = Some(vus.get("value").and_then(whole).ok_or_else(|| {
            doc.bad(&join(&path, "value"), "`\"vus_max\"` with `\"value\": <n>`")
        })?);
    }
    finish(&mut m, n, Some(rate), latency, any_failed);
    // `handleSummary` data keeps the run's duration (`state`, deleted from
    // the export); otherwise the counter's rate gives it back.
    let run_ms = v
        .pointer("/state/testRunDurationMs")
        .and_then(num)
        .filter(|t| *t > 0.0);
    m.elapsed_s = match run_ms {
        Some(ms) => Some(ms / 1000.0),
        None => (n > 0 && rate > 0.0).then(|| n as f64 / rate),
    };
    Ok(m)
}

/// The machine-readable summary, schema 1.0.0 as k6 ≥ 1.5 writes it
/// (`ToMachineReadable` in `internal/lib/summary/machine_readable.go`):
/// `config` (`duration` in seconds), `metadata`, `results.metrics` a list
/// of `{name, type, contains, values}`, `version`. k6 hands the Go structs
/// to JavaScript, whose field mapper (`js/common/bridge.go`) snake-cases
/// them, so the file says `generated_at`, `p90`, `matches`; the
/// k6-summary schema's own spellings (`generatedAt`, `p(90)`, and its
/// drafts' `passes`/`fails` and counter `rate`) are read too.
///
/// Schema 1.0.0 has no thresholds (k6's `types_gen.go`), so a failed
/// threshold cannot be seen in it; its counters have no rate, so the rate
/// is the count over `config.duration`.
pub(super) fn machine(text: &str) -> Result<Measurement, FieldError> {
    let doc = Doc {
        text,
        source: Source::K6Machine,
    };
    let v = parse(text, Source::K6Machine, WANT_MACHINE_JSON)?;
    let is_1 = v
        .get("version")
        .and_then(Value::as_str)
        .is_some_and(|s| s.starts_with("1."));
    if !is_1 {
        return Err(missing(
            Source::K6Machine,
            text,
            "`\"version\": \"1.<minor>.<patch>\"`",
        ));
    }
    let list = v
        .pointer("/results/metrics")
        .and_then(Value::as_array)
        .ok_or_else(|| missing(Source::K6Machine, text, "`results.metrics`"))?;
    let find = |k: Known| -> Result<Option<&Map<String, Value>>, FieldError> {
        let Some(entry) = list
            .iter()
            .find(|e| e.get("name").and_then(Value::as_str) == Some(k.name()))
        else {
            return Ok(None);
        };
        match entry.get("values") {
            Some(Value::Object(values)) => Ok(Some(values)),
            _ => Err(doc.bad(&[k.name(), "values"], "`\"values\": {…}`")),
        }
    };
    let duration = v.pointer("/config/duration");
    let duration_s = match duration {
        None => None,
        Some(d) => Some(
            num(d)
                .filter(|d| *d >= 0.0)
                .ok_or_else(|| doc.bad(&["config", "duration"], "`\"duration\": <seconds>`"))?,
        ),
    };

    const REQS: &str = "`{\"name\": \"http_reqs\", \"values\": {\"count\": <n>}}`";
    let reqs = find(Known::Reqs)?.ok_or_else(|| {
        missing(
            Source::K6Machine,
            text,
            "`results.metrics` entry `\"name\": \"http_reqs\"`",
        )
    })?;
    let n = reqs
        .get("count")
        .and_then(whole)
        .ok_or_else(|| doc.bad(&["http_reqs", "count"], REQS))?;
    let rate = match reqs.get("rate") {
        Some(r) => Some(
            num(r)
                .filter(|r| *r >= 0.0)
                .ok_or_else(|| doc.bad(&["http_reqs", "rate"], REQS))?,
        ),
        None => duration_s.filter(|d| *d > 0.0).map(|d| n as f64 / d),
    };
    if duration_s.is_none() && rate.is_none() {
        return Err(missing(Source::K6Machine, text, "`config.duration`"));
    }

    let latency = match find(Known::Duration)? {
        Some(values) => Some(trend_json(
            &doc,
            &["http_req_duration", "values"],
            values,
            "`{\"name\": \"http_req_duration\", \"values\": {\"avg\", \"min\", \"med\", \"max\", \"p90\": <ms>}}`",
        )?),
        None => None,
    };
    let mut m = Measurement::new(Source::K6Machine);
    // `matches` is the Rate's true values (`machineReadableMetricValues`:
    // `Matches: passes`), i.e. the failed requests.
    if let Some(failed) = find(Known::Failed)? {
        const WANT: &str = "`{\"name\": \"http_req_failed\", \"values\": {\"matches\": <failed>, \"total\": <n>}}`";
        let key = if failed.contains_key("matches") {
            "matches"
        } else {
            "passes"
        };
        m.failed = Some(
            failed
                .get(key)
                .and_then(whole)
                .ok_or_else(|| doc.bad(&["http_req_failed", key], WANT))?,
        );
    }
    if let Some(vus) = find(Known::VusMax)? {
        m.load.concurrency = Some(vus.get("value").and_then(whole).ok_or_else(|| {
            doc.bad(
                &["vus_max", "value"],
                "`{\"name\": \"vus_max\", \"values\": {\"value\": <n>}}`",
            )
        })?);
    }
    finish(&mut m, n, rate, latency, false);
    m.elapsed_s = duration_s
        .filter(|d| *d > 0.0)
        .or_else(|| rate.filter(|r| *r > 0.0 && n > 0).map(|r| n as f64 / r));
    Ok(m)
}

#[cfg(test)]
mod tests {
    //! The four shapes on samples built from k6's own print code
    //! (`tests/samples/k6/SOURCES.md` says which version's), and on cut,
    //! broken and hostile input.

    use super::*;

    /// A sample file of `tests/samples/k6/`.
    macro_rules! sample {
        ($file:literal) => {
            super::super::samples::sample(concat!("k6/", $file))
        };
    }

    /// k6 v0.49's text summary.
    fn legacy() -> String {
        sample!("v0.49-legacy-vus10-d10s.txt")
    }
    /// k6 v1.0's compact text summary.
    fn compact() -> String {
        sample!("v1.0-compact-vus5-d6s.txt")
    }
    /// k6 v1.2's full-mode text summary.
    fn full() -> String {
        sample!("v1.2-full-two-scenarios.txt")
    }
    /// k6 v0.49's `--summary-export`.
    fn export() -> String {
        sample!("v0.49-summary-export.json")
    }
    /// k6 v1.0's `handleSummary` data.
    fn handle() -> String {
        sample!("v1.0-handle-summary-data.json")
    }
    /// k6 v1.5's machine-readable summary.
    fn machine_json() -> String {
        sample!("v1.5-machine-readable.json")
    }

    /// `a` is `b` to the last bits a decimal printed and parsed back keeps.
    fn close(a: Option<f64>, b: f64) -> bool {
        a.is_some_and(|a| (a - b).abs() <= 1e-9 * b.abs().max(1.0))
    }

    /// Every error is one line: no newline in what it says or quotes.
    fn one_line(e: &FieldError) {
        let s = e.to_string();
        assert!(!s.contains('\n') && !s.contains('\r'), "{s}");
    }

    /// `text` with `from` (which must be there) replaced once by `to`.
    fn edit(text: &str, from: &str, to: &str) -> String {
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    }

    /// The first half of `text`'s lines.
    fn first_half(text: &str) -> String {
        let n = text.lines().count() / 2;
        text.lines().take(n).map(|l| format!("{l}\n")).collect()
    }

    #[test]
    fn legacy_text_reads_as_k6_0_49_printed_it() {
        let m = crate::measured::read(&legacy()).unwrap();
        assert_eq!(m.source, Source::K6Text);
        assert_eq!(m.requests, Some(180));
        assert!(close(m.rate_per_s, 17.815764), "{:?}", m.rate_per_s);
        assert!(close(m.elapsed_s, 180.0 / 17.815764));
        let l = &m.latency;
        assert!(close(l.mean_ms, 125.43));
        assert!(close(l.min_ms, 101.2));
        assert!(close(l.max_ms, 412.55));
        assert_eq!(l.count, None);
        assert_eq!(
            l.percentiles,
            vec![(50.0, 119.87), (90.0, 158.3), (95.0, 201.77)]
        );
        assert_eq!(m.failed, Some(9));
        assert_eq!(m.load.concurrency, Some(10));
        assert_eq!(
            m.counts,
            vec![Counted::LatencyWithFailures, Counted::ThresholdFailed]
        );
        assert_eq!(text(&legacy()).unwrap(), m, "read and text agree");
    }

    #[test]
    fn legacy_rate_tick_counts_the_true_values_that_is_failures() {
        // `✓ 9 ✗ 171`: nine requests failed (`passes` = `sink.Trues`).
        let m = text(&legacy()).unwrap();
        assert_eq!(m.failed, Some(9));
        let none = edit(
            &legacy(),
            "5.00%  ✓ 9         ✗ 171",
            "0.00%  ✓ 0         ✗ 180",
        );
        assert_eq!(text(&none).unwrap().failed, Some(0));
        let all = edit(
            &legacy(),
            "5.00%  ✓ 9         ✗ 171",
            "100.00% ✓ 180      ✗ 0",
        );
        assert_eq!(text(&all).unwrap().failed, Some(180));
        // The 0.54+ legacy layout says the same with `out of`.
        let out_of = edit(&legacy(), "5.00%  ✓ 9         ✗ 171", "5.00%  9 out of 180");
        assert_eq!(text(&out_of).unwrap().failed, Some(9));
    }

    #[test]
    fn legacy_threshold_marks_and_check_marks_are_told_apart() {
        // The sample's only failed threshold is `✗ http_req_failed…`.
        let passed = edit(&legacy(), "   ✗ http_req_failed", "   ✓ http_req_failed");
        let m = text(&passed).unwrap();
        assert!(
            !m.counts.contains(&Counted::ThresholdFailed),
            "a failed check is no threshold"
        );
        assert!(passed.contains("     ✗ status is 200"));
        // A failed threshold on the latency, its line starting with `✗`.
        let on_duration = edit(
            &passed,
            "     http_req_duration......",
            "   ✗ http_req_duration......",
        );
        let m = text(&on_duration).unwrap();
        assert!(m.counts.contains(&Counted::ThresholdFailed));
        assert!(
            close(m.latency.mean_ms, 125.43),
            "the marked line is still read"
        );
    }

    #[test]
    fn compact_text_reads_as_k6_1_0_printed_it() {
        let m = crate::measured::read(&compact()).unwrap();
        assert_eq!(m.source, Source::K6Text);
        assert_eq!(m.requests, Some(45));
        assert!(close(m.rate_per_s, 6.561227));
        assert!(close(m.elapsed_s, 45.0 / 6.561227));
        assert_eq!(m.failed, Some(0));
        assert_eq!(m.load.concurrency, Some(5));
        let l = &m.latency;
        assert!(close(l.mean_ms, 135.72));
        assert!(close(l.min_ms, 120.04));
        assert!(close(l.max_ms, 210.49));
        assert_eq!(
            l.percentiles,
            vec![(50.0, 131.3), (90.0, 152.1), (95.0, 160.87)]
        );
        // Its failed check (`✗ body mentions QuickPizza`) is under TOTAL
        // RESULTS, not THRESHOLDS.
        assert!(compact().contains("✗ body mentions QuickPizza"));
        assert_eq!(m.counts, vec![Counted::LatencyWithFailures]);
    }

    #[test]
    fn full_mode_takes_the_totals_not_a_group_or_scenario() {
        let m = crate::measured::read(&full()).unwrap();
        assert_eq!(m.requests, Some(1200), "not the last scenario's 400");
        assert!(close(m.rate_per_s, 39.868816));
        assert_eq!(m.failed, Some(18));
        assert_eq!(m.load.concurrency, Some(22));
        let l = &m.latency;
        assert!(close(l.mean_ms, 187.33));
        assert!(close(l.min_ms, 41.22));
        assert!(close(l.max_ms, 1200.0), "`1.2s`");
        assert_eq!(
            l.percentiles,
            vec![(50.0, 163.0), (90.0, 298.77), (95.0, 341.2)]
        );
        assert!(
            m.counts.contains(&Counted::ThresholdFailed),
            "`✗ 'p(95)<300'`"
        );
        let passed = edit(&full(), "✗ 'p(95)<300'", "✓ 'p(95)<300'");
        assert!(
            !text(&passed)
                .unwrap()
                .counts
                .contains(&Counted::ThresholdFailed)
        );
    }

    #[test]
    fn durations_read_as_k6_humanises_them() {
        for (s, ms) in [
            ("0s", 0.0),
            ("123ns", 0.000123),
            ("1.5µs", 0.0015),
            ("1.5us", 0.0015),
            ("12.34ms", 12.34),
            ("1.23s", 1230.0),
            ("1m2.3s", 62_300.0),
            ("1m0s", 60_000.0),
            ("1h2m3s", 3_723_000.0),
            ("5.00µs", 0.005),
        ] {
            assert!(close(duration_ms(s), ms), "{s}: {:?}", duration_ms(s));
        }
        for bad in [
            "", "1x", "-1ms", "NaNms", "infs", "1h", "m1s", "1.5m2s", "ms", "1e999s",
        ] {
            assert_eq!(duration_ms(bad), None, "{bad}");
        }
        let l = trend_line("avg=1m2.3s p(99.9)=2s count=12 med=1.5us").unwrap();
        assert_eq!(l.percentiles, vec![(50.0, 0.0015), (99.9, 2000.0)]);
        assert_eq!((l.count, l.mean_ms), (Some(12), Some(62_300.0)));
        assert!(trend_line("avg=1ms p(101)=2ms").is_none());
        assert!(trend_line("stdev=1ms").is_none());
    }

    #[test]
    fn coloured_output_reads_the_same() {
        let coloured = edit(
            &compact(),
            "0.00%  0 out of 45",
            "\u{1b}[36m0.00%\u{1b}[0m  \u{1b}[36;2m0 out of 45\u{1b}[0m",
        );
        let coloured = edit(
            &coloured,
            "  █ TOTAL RESULTS",
            "  █ \u{1b}[1mTOTAL RESULTS\u{1b}[0m",
        );
        assert_eq!(text(&coloured).unwrap(), text(&compact()).unwrap());
    }

    #[test]
    fn summary_export_reads_its_flat_metrics() {
        let m = crate::measured::read(&export()).unwrap();
        assert_eq!(m.source, Source::K6Json);
        assert_eq!(m.requests, Some(180));
        assert!(close(m.rate_per_s, 17.81576362519909));
        assert!(close(m.elapsed_s, 10.103412));
        assert_eq!(m.failed, Some(9), "`passes` are the failed requests");
        assert_eq!(m.load.concurrency, Some(10));
        let l = &m.latency;
        assert!(close(l.mean_ms, 125.43181));
        assert!(close(l.min_ms, 101.2047));
        assert!(close(l.max_ms, 412.5533));
        assert_eq!(
            l.percentiles,
            vec![(50.0, 119.8712), (90.0, 158.3021), (95.0, 201.7741)]
        );
        assert_eq!(
            m.counts,
            vec![Counted::LatencyWithFailures, Counted::ThresholdFailed]
        );
    }

    #[test]
    fn in_the_export_a_threshold_true_is_one_that_failed() {
        let failed = json(&export()).unwrap();
        assert!(failed.counts.contains(&Counted::ThresholdFailed));
        let passed = edit(&export(), "\"rate<0.01\": true", "\"rate<0.01\": false");
        assert!(
            !json(&passed)
                .unwrap()
                .counts
                .contains(&Counted::ThresholdFailed)
        );
        let odd = edit(&export(), "\"rate<0.01\": true", "\"rate<0.01\": \"yes\"");
        let e = json(&odd).unwrap_err();
        assert!(e.message().contains("thresholds"), "{e}");
        assert!(e.value.contains("rate<0.01"), "{e}");
    }

    #[test]
    fn handle_summary_data_reads_its_nested_values() {
        let m = crate::measured::read(&handle()).unwrap();
        assert_eq!(m.source, Source::K6Json);
        assert_eq!(m.requests, Some(1200));
        assert!(close(m.rate_per_s, 1200.0 / 30.098712));
        assert!(close(m.elapsed_s, 30.098712), "`state.testRunDurationMs`");
        assert_eq!(m.failed, Some(18));
        assert_eq!(m.load.concurrency, Some(22));
        let l = &m.latency;
        assert!(close(l.mean_ms, 187.3312), "not a sub-metric's");
        assert_eq!(
            l.percentiles,
            vec![(50.0, 163.0045), (90.0, 298.7724), (95.0, 341.2093)]
        );
        assert!(m.counts.contains(&Counted::ThresholdFailed));
    }

    #[test]
    fn in_handle_summary_data_ok_false_is_a_failed_threshold() {
        let passed = edit(
            &handle(),
            "\"p(95)<300\": {\n          \"ok\": false",
            "\"p(95)<300\": {\n          \"ok\": true",
        );
        assert!(
            !json(&passed)
                .unwrap()
                .counts
                .contains(&Counted::ThresholdFailed)
        );
        let other = edit(
            &passed,
            "\"rate<0.05\": {\n          \"ok\": true",
            "\"rate<0.05\": {\n          \"ok\": false",
        );
        assert!(
            json(&other)
                .unwrap()
                .counts
                .contains(&Counted::ThresholdFailed)
        );
    }

    #[test]
    fn machine_readable_summary_reads_schema_1_0_0() {
        let m = crate::measured::read(&machine_json()).unwrap();
        assert_eq!(m.source, Source::K6Machine);
        assert_eq!(m.requests, Some(45));
        assert!(close(m.elapsed_s, 6.858473));
        assert!(close(m.rate_per_s, 45.0 / 6.858473));
        assert_eq!(m.failed, Some(0));
        assert_eq!(m.load.concurrency, Some(5));
        let l = &m.latency;
        assert!(close(l.mean_ms, 135.7241));
        assert!(close(l.min_ms, 120.0418));
        assert!(close(l.max_ms, 210.4911));
        assert_eq!(
            l.percentiles,
            vec![(50.0, 131.3093), (90.0, 152.1034), (95.0, 160.8761)]
        );
        assert_eq!(m.counts, vec![Counted::LatencyWithFailures]);
        // `matches` are the failed requests.
        let failed = edit(
            &machine_json(),
            "\"matches\": 0,\n                    \"rate\": 0,",
            "\"matches\": 3,\n                    \"rate\": 0.0667,",
        );
        assert_eq!(machine(&failed).unwrap().failed, Some(3));
        // The schema's own spellings read the same.
        let camel = edit(&machine_json(), "\"p90\": 152.1034", "\"p(90)\": 152.1034");
        assert_eq!(machine(&camel).unwrap().latency, m.latency);
    }

    #[test]
    fn which_json_tells_the_shapes_apart() {
        assert_eq!(which_json(&export()), Ok(Source::K6Json));
        assert_eq!(which_json(&handle()), Ok(Source::K6Json));
        assert_eq!(which_json(&machine_json()), Ok(Source::K6Machine));
        let e = which_json("{\"name\": \"not k6\"}").unwrap_err();
        assert!(
            e.message().contains("`metrics` with `http_req_duration`"),
            "{e}"
        );
        let future = edit(
            &machine_json(),
            "\"version\": \"1.0.0\"",
            "\"version\": \"2.0.0\"",
        );
        assert!(which_json(&future).is_err());
        let e =
            which_json("{\n  \"metrics\": {\n    \"http_reqs\": {\"count\": 1,,}\n").unwrap_err();
        assert!(e.message().contains("line 3"), "{e}");
        assert!(e.message().contains("JSON object"), "{e}");
        assert_eq!(e.value, "\"http_reqs\": {\"count\": 1,,}");
        one_line(&e);
    }

    #[test]
    fn a_cut_summary_says_what_is_missing_or_reads_what_it_kept() {
        // The legacy and compact halves end before `http_reqs`.
        for (name, full_text) in [("legacy", legacy()), ("compact", compact())] {
            let e = text(&first_half(&full_text)).unwrap_err();
            assert!(
                e.message().contains("http_reqs…: <count> <rate>/s"),
                "{name}: {e}"
            );
            assert!(e.message().contains("cut off"), "{name}: {e}");
            one_line(&e);
        }
        // Full mode's half keeps THRESHOLDS and TOTAL RESULTS whole.
        let half = first_half(&full());
        assert!(half.contains("█ GROUP: login") && !half.contains("█ SCENARIO"));
        assert_eq!(text(&half).unwrap(), text(&full()).unwrap());
        // A cut JSON is not JSON: the error names the last line.
        for (name, j) in [
            ("export", export()),
            ("handle", handle()),
            ("machine", machine_json()),
        ] {
            let half = first_half(&j);
            let e = crate::measured::read(&half).unwrap_err();
            let last = half.lines().count();
            assert!(
                e.message().contains(&format!("line {last} ")),
                "{name}: {e}"
            );
            one_line(&e);
        }
    }

    #[test]
    fn a_bad_known_line_names_its_line_and_k6s_syntax() {
        let line = legacy()
            .lines()
            .position(|l| l.contains("http_req_duration...."))
            .unwrap()
            + 1;
        let broken = edit(&legacy(), "avg=125.43ms", "avg=125.43xs");
        let e = text(&broken).unwrap_err();
        assert!(
            e.message()
                .contains(&format!("line {line} of the k6 summary output")),
            "{e}"
        );
        assert!(
            e.message().contains("http_req_duration…: avg=<time>"),
            "{e}"
        );
        assert!(e.value.starts_with("http_req_duration...."), "{e}");
        // An unknown metric's odd line is passed over.
        let custom = edit(
            &legacy(),
            "     iterations.....",
            "     my_trend.......: avg=?? \n     iterations.....",
        );
        assert!(text(&custom).is_ok());
    }

    #[test]
    fn hostile_text_numbers_are_refused_with_their_line() {
        let reqs = "http_reqs......................: 180    17.815764/s";
        for (from, to) in [
            (reqs, "http_reqs......................: inf    17.815764/s"),
            (reqs, "http_reqs......................: -180   17.815764/s"),
            (reqs, "http_reqs......................: NaN    17.815764/s"),
            (reqs, "http_reqs......................: 180    inf/s"),
            (reqs, "http_reqs......................: 180    -17.8/s"),
            (
                reqs,
                "http_reqs......................: 99999999999999999999999 1/s",
            ),
            (reqs, "http_reqs: inf"),
            (reqs, "http_reqs......................"),
            ("avg=125.43ms", "avg=NaNms"),
            ("avg=125.43ms", "avg=-125.43ms"),
            ("p(95)=201.77ms", "p(195)=201.77ms"),
            ("5.00%  ✓ 9 ", "5.00%  ✓ -9"),
            ("5.00%  ✓ 9 ", "NaN%  ✓ 9 "),
            (
                "vus_max........................: 10 ",
                "vus_max........................: -1 ",
            ),
        ] {
            let e = text(&edit(&legacy(), from, to)).unwrap_err();
            assert!(
                e.message().contains("of the k6 summary output: expected"),
                "{to}: {e}"
            );
            one_line(&e);
        }
        // `out of` with more failures than requests is no k6 output.
        let e = text(&edit(&compact(), "0 out of 45", "46 out of 45")).unwrap_err();
        assert!(e.message().contains("http_req_failed…"), "{e}");
    }

    #[test]
    fn hostile_json_is_refused_not_trusted() {
        for (from, to) in [
            ("\"count\": 180", "\"count\": -180"),
            ("\"count\": 180", "\"count\": \"180\""),
            ("\"count\": 180", "\"count\": 180.5"),
            ("\"count\": 180", "\"count\": NaN"),
            ("\"count\": 180", "\"count\": 1e999"),
            ("\"count\": 180", "\"count\": Infinity"),
            ("\"avg\": 125.43181", "\"avg\": -1"),
            ("\"p(95)\": 201.7741", "\"p(195)\": 201.7741"),
            ("\"passes\": 9", "\"passes\": -9"),
        ] {
            let e = json(&edit(&export(), from, to)).unwrap_err();
            assert!(
                e.message()
                    .contains("of the k6 JSON summary output: expected"),
                "{to}: {e}"
            );
            one_line(&e);
        }
        let e = machine(&edit(&machine_json(), "\"count\": 45", "\"count\": -45")).unwrap_err();
        assert!(e.message().contains("http_reqs"), "{e}");
        let e = machine(&edit(
            &machine_json(),
            "\"duration\": 6.858473",
            "\"duration\": \"6s\"",
        ))
        .unwrap_err();
        assert!(e.message().contains("duration"), "{e}");
    }

    #[test]
    fn deep_nesting_is_an_error_not_an_overflow() {
        let deep = format!("{{\"metrics\": {}", "[".repeat(100_000));
        for e in [
            which_json(&deep).unwrap_err(),
            json(&deep).unwrap_err(),
            machine(&deep).unwrap_err(),
            crate::measured::read(&deep).unwrap_err(),
            crate::measured::read(&"[".repeat(100_000)).unwrap_err(),
        ] {
            one_line(&e);
        }
        let objects = "{\"a\":".repeat(100_000);
        assert!(which_json(&objects).is_err());
    }

    #[test]
    fn a_five_megabyte_line_is_passed_over_or_refused_in_one_line() {
        let junk = "x".repeat(5 * 1024 * 1024);
        let padded = format!("{junk}\n{}", legacy());
        assert_eq!(crate::measured::read(&padded).unwrap().requests, Some(180));
        let huge = edit(
            &legacy(),
            "180    17.815764/s",
            &format!("{}    17.8/s", "9".repeat(5 * 1024 * 1024)),
        );
        let e = text(&huge).unwrap_err();
        assert!(e.value.chars().count() < 200, "the echo is shortened");
        one_line(&e);
        let huge_json = format!("{{\"metrics\": {{\"http_reqs\": {{\"count\": \"{junk}\"}}}}}}");
        let e = crate::measured::read(&huge_json).unwrap_err();
        assert!(e.message().contains("http_reqs"), "{e}");
        one_line(&e);
    }

    #[test]
    fn missing_metrics_are_named() {
        let no_reqs: String = legacy()
            .lines()
            .filter(|l| !l.contains("http_reqs"))
            .map(|l| format!("{l}\n"))
            .collect();
        let e = text(&no_reqs).unwrap_err();
        assert!(
            e.message().contains("`http_reqs…: <count> <rate>/s`"),
            "{e}"
        );
        let e = json("{\"metrics\": {\"vus\": {\"value\": 1}}}").unwrap_err();
        assert!(e.message().contains("`metrics.http_reqs`"), "{e}");
        let e = json("{\"metrics\": {\"http_reqs\": {\"count\": 3}}}").unwrap_err();
        assert!(e.message().contains("\"rate\""), "{e}");
        let e = machine("{\"version\": \"1.0.0\", \"results\": {\"metrics\": []}}").unwrap_err();
        assert!(e.message().contains("http_reqs"), "{e}");
        let e = machine("{\"version\": \"1.0.0\", \"results\": {\"metrics\": [{\"name\": \"http_reqs\", \"values\": {\"count\": 3}}]}}").unwrap_err();
        assert!(e.message().contains("config.duration"), "{e}");
        for e in [e, text("").unwrap_err()] {
            one_line(&e);
        }
    }
}
