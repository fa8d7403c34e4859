//! k6's text summary, before 1.0 (`js/summary.js`, one metric a line,
//! `✓`/`✗` before a metric with thresholds) and since (`internal/js/summary.js`:
//! `█ THRESHOLDS`, `█ TOTAL RESULTS` and, in full mode, groups and scenarios).

use std::borrow::Cow;

use crate::scenario::FieldError;

use super::super::lines::{self, bad_line, count, missing, number};
use super::super::{Latency, Measurement, Source};
use super::{Known, WANT_REQS, finish, percentile_name};

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
pub(in crate::measured) fn text(text: &str) -> Result<Measurement, FieldError> {
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

/// A duration as `humanizeGenericDuration` (`js/summary.js`) prints one —
/// `0s`, `123ns`, `1.5µs`, `12.34ms`, `1.23s`, `1m2.3s`, `1h2m3s` — or as
/// `--summary-time-unit` makes it (`1.23s`, `12.34ms`, `5.00µs`); `us` is
/// taken for `µs`. In ms.
pub(super) fn duration_ms(s: &str) -> Option<f64> {
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

/// A Trend's `stat=value` columns: `avg`, `min`, `med`, `max`, `count`,
/// `p(N)`, the stats `metrics/sample.go` `GetResolversForTrendColumns`
/// knows.
pub(super) fn trend_line(data: &str) -> Option<Latency> {
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
