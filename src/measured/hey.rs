//! hey's output (rakyll/hey `requester/print.go`'s default template and
//! `report.go`): the summary in seconds, the histogram, the latency
//! distribution, the details, status codes and errors; and `-o csv`, one
//! row per response.
//!
//! hey's Requests/sec divides every result, errors included, by Total; its
//! latencies are over responses only (any status); it keeps at most
//! 1,000,000 results (`maxRes`).

use crate::scenario::FieldError;

use super::lines::{self, bad_line, count, missing, number};
use super::{Counted, Measurement, Source};

/// hey's `maxRes`: results beyond it are not counted.
const MAX_RESULTS: u64 = 1_000_000;

/// The percentiles hey prints (`report.go`'s `pctls`).
const PERCENTS: [f64; 7] = [10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0];

#[derive(Clone, Copy, PartialEq)]
enum Block {
    Before,
    Summary,
    Histogram,
    Latency,
    Details,
    Status,
    Errors,
}

fn block_of(line: &str) -> Option<Block> {
    Some(match line.trim() {
        "Summary:" => Block::Summary,
        "Response time histogram:" => Block::Histogram,
        "Latency distribution:" => Block::Latency,
        "Details (average, fastest, slowest):" => Block::Details,
        "Status code distribution:" => Block::Status,
        "Error distribution:" => Block::Errors,
        _ => return None,
    })
}

/// A `%4.4f secs` figure in ms; hey prints `NaN` for an average of nothing.
fn secs(v: &str) -> Option<Option<f64>> {
    let v = v.strip_suffix("secs").unwrap_or(v).trim();
    if v == "NaN" {
        return Some(None);
    }
    number(v).filter(|x| *x >= 0.0).map(|x| Some(x * 1000.0))
}

/// hey's text summary.
pub(super) fn summary(text: &str) -> Result<Measurement, FieldError> {
    let mut m = Measurement::new(Source::Hey);
    let mut block = Block::Before;
    let (mut total, mut rate) = (None, None);
    let mut pcts = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(b) = block_of(line) {
            block = b;
            continue;
        }
        if line.is_empty() || block == Block::Before {
            continue;
        }
        let bad = |expected: &str| bad_line(Source::Hey, i + 1, raw, expected);
        match block {
            Block::Before => {}
            Block::Summary => summary_line(line, &mut m, &mut total, &mut rate)
                .ok_or_else(|| bad("`Name:\t<seconds> secs` (Total, Slowest, Fastest, Average), `Requests/sec:\t<number>` or `Total data:\t<n> bytes`"))?,
            Block::Histogram => histogram_line(line)
                .ok_or_else(|| bad("`<seconds> [<count>]\t|■…`"))?,
            Block::Latency => {
                let (p, v) = percentile_line(line).ok_or_else(|| bad("`<percent>% in <seconds> secs`"))?;
                // With few results hey leaves a percentile unset and
                // prints its zero value: `0% in 0.0000 secs`.
                if p > 0.0 || v > 0.0 {
                    pcts.push((p, v));
                }
            }
            Block::Details => details_line(line)
                .ok_or_else(|| bad("`<phase>:\t<seconds> secs, <seconds> secs, <seconds> secs`"))?,
            Block::Status => m.status.push(
                status_line(line).ok_or_else(|| bad("`[<status>]\t<count> responses`"))?,
            ),
            Block::Errors => m.errors.push(
                error_line(line).ok_or_else(|| bad("`[<count>]\t<error>`"))?,
            ),
        }
    }
    let total = total.ok_or_else(|| missing(Source::Hey, text, "`Total:\t<seconds> secs`"))?;
    m.rate_per_s =
        Some(rate.ok_or_else(|| missing(Source::Hey, text, "`Requests/sec:\t<number>`"))?);
    m.elapsed_s = Some(total / 1000.0);
    let responses: u64 = m.status.iter().map(|s| s.1).sum();
    let errors: u64 = m.errors.iter().map(|e| e.1).sum();
    m.requests = Some(responses.saturating_add(errors));
    m.failed = Some(errors.saturating_add(statuses_failed(&m.status)));
    m.latency.count = Some(responses);
    if responses == 0 {
        // hey prints 0.0000 for the fastest and slowest of nothing.
        (m.latency.min_ms, m.latency.max_ms) = (None, None);
    }
    m.latency.percentiles = lines::sorted(pcts);
    m.counts = vec![Counted::RateIncludesErrors, Counted::LatencyWithoutErrors];
    if responses.saturating_add(errors) >= MAX_RESULTS {
        m.counts.push(Counted::HeyCapped);
    }
    Ok(m)
}

/// Responses hey's callers count as failed: a status of 400 or more.
fn statuses_failed(status: &[(u16, u64)]) -> u64 {
    status.iter().filter(|s| s.0 >= 400).map(|s| s.1).sum()
}

fn summary_line(
    line: &str,
    m: &mut Measurement,
    total: &mut Option<f64>,
    rate: &mut Option<f64>,
) -> Option<()> {
    let (name, value) = line.split_once(':')?;
    let l = &mut m.latency;
    match name.trim() {
        "Total" => *total = Some(secs(value)??),
        "Slowest" => l.max_ms = secs(value)?,
        "Fastest" => l.min_ms = secs(value)?,
        "Average" => l.mean_ms = secs(value)?,
        "Requests/sec" => *rate = Some(number(value).filter(|r| *r >= 0.0)?),
        "Total data" | "Size/request" => {
            count(value.trim().strip_suffix("bytes")?)?;
        }
        _ => return None,
    }
    Some(())
}

fn histogram_line(line: &str) -> Option<()> {
    let (mark, rest) = line.split_once('[')?;
    number(mark)?;
    let (n, bar) = rest.split_once(']')?;
    count(n)?;
    bar.trim().strip_prefix('|')?;
    Some(())
}

fn percentile_line(line: &str) -> Option<(f64, f64)> {
    let (p, v) = line.split_once("% in ")?;
    let p = number(p).filter(|p| (0.0..=100.0).contains(p))?;
    Some((p, secs(v.trim())??))
}

fn details_line(line: &str) -> Option<()> {
    let (_, values) = line.split_once(':')?;
    let parts: Vec<&str> = values.split(',').collect();
    if parts.len() != 3 {
        return None;
    }
    for p in parts {
        secs(p.trim())?;
    }
    Some(())
}

fn status_line(line: &str) -> Option<(u16, u64)> {
    let rest = line.strip_prefix('[')?;
    let (code, n) = rest.split_once(']')?;
    let code: u16 = count(code)?.try_into().ok()?;
    Some((code, count(n.trim().strip_suffix("responses")?)?))
}

fn error_line(line: &str) -> Option<(String, u64)> {
    let rest = line.strip_prefix('[')?;
    let (n, text) = rest.split_once(']')?;
    Some((text.trim().to_string(), count(n)?))
}

/// The CSV header hey writes before its rows.
pub(super) const CSV_HEADER: &str =
    "response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status-code,offset";

/// hey's `-o csv`: one row per response (errors are not written), times
/// in seconds, `offset` the start since the run began. The run's figures
/// are computed here as hey computes them.
pub(super) fn csv(text: &str) -> Result<Measurement, FieldError> {
    let mut m = Measurement::new(Source::HeyCsv);
    let mut lats: Vec<f64> = Vec::new();
    let mut statuses: Vec<(u16, u64)> = Vec::new();
    let mut end = 0.0f64;
    let mut header = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if !header {
            if line == CSV_HEADER {
                header = true;
            }
            continue;
        }
        if lats.len() >= lines::MAX_ROWS {
            return Err(too_many(i + 1, raw));
        }
        let (lat, status, offset) = csv_row(line).ok_or_else(|| {
            bad_line(
                Source::HeyCsv,
                i + 1,
                raw,
                "8 fields: 6 times in seconds, a status code and an offset in seconds",
            )
        })?;
        lats.push(lat);
        match statuses.iter_mut().find(|s| s.0 == status) {
            Some(s) => s.1 += 1,
            None => statuses.push((status, 1)),
        }
        end = end.max(offset + lat / 1000.0);
    }
    if lats.is_empty() {
        return Err(missing(Source::HeyCsv, text, "a row after the header"));
    }
    statuses.sort_unstable();
    let n = lats.len() as u64;
    m.requests = Some(n);
    m.failed = Some(statuses_failed(&statuses));
    m.status = statuses;
    m.elapsed_s = (end > 0.0).then_some(end);
    m.rate_per_s = m.elapsed_s.map(|t| n as f64 / t);
    let l = &mut m.latency;
    l.count = Some(n);
    l.mean_ms = Some(lats.iter().sum::<f64>() / n as f64);
    lats.sort_by(f64::total_cmp);
    l.min_ms = lats.first().copied();
    l.max_ms = lats.last().copied();
    l.percentiles = hey_percentiles(&lats);
    m.counts = vec![
        Counted::LatencyWithoutErrors,
        Counted::PercentilesComputedHere,
    ];
    Ok(m)
}

fn too_many(line: usize, raw: &str) -> FieldError {
    bad_line(
        Source::HeyCsv,
        line,
        raw,
        "at most 1000000 rows (hey keeps no more)",
    )
}

fn csv_row(line: &str) -> Option<(f64, u16, f64)> {
    let f: Vec<&str> = line.split(',').collect();
    if f.len() != 8 {
        return None;
    }
    let secs = |s: &str| number(s).filter(|x| *x >= 0.0);
    for t in &f[1..6] {
        secs(t)?;
    }
    let status: u16 = count(f[6])?.try_into().ok()?;
    Some((secs(f[0])? * 1000.0, status, secs(f[7])?))
}

/// `report.go`'s percentiles over sorted latencies: the first result whose
/// index × 100 ÷ n (integer division) reaches the percent.
fn hey_percentiles(sorted: &[f64]) -> Vec<(f64, f64)> {
    let n = sorted.len();
    let mut out = Vec::new();
    let mut j = 0;
    for (i, v) in sorted.iter().enumerate() {
        if j >= PERCENTS.len() {
            break;
        }
        if (i * 100 / n) as f64 >= PERCENTS[j] {
            out.push((PERCENTS[j], *v));
            j += 1;
        }
    }
    out
}
