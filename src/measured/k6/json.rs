//! k6's JSON summaries: `--summary-export` and `handleSummary(data)`
//! (`internal/js/summary-wrapper.js`, `internal/js/summary.go`) and the
//! machine-readable summary (`internal/lib/summary/machine_readable.go`).

use serde_json::{Map, Value};

use crate::scenario::FieldError;

use super::super::lines::{self, bad_line, count, missing, number};
use super::super::{Latency, Measurement, Source};
use super::{Known, finish, percentile_name};

/// What a pasted JSON that does not parse should have been.
const WANT_JSON: &str = "a JSON object with `metrics`";
/// What a JSON object that is not k6's lacks.
const WANT_K6: &str = "`metrics` with `http_req_duration`";
/// What a machine-readable summary that does not parse should have been.
const WANT_MACHINE_JSON: &str = "a JSON object with `version`, `config` and `results`";

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
pub(in crate::measured) fn which_json(text: &str) -> Result<Source, FieldError> {
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
pub(in crate::measured) fn json(text: &str) -> Result<Measurement, FieldError> {
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
pub(in crate::measured) fn machine(text: &str) -> Result<Measurement, FieldError> {
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
