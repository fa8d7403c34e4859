//! wrk's and wrk2's output (wg/wrk `src/wrk.c` `main`, `print_stats`,
//! `print_stats_latency`, `src/units.c`; giltene/wrk2 `print_hdr_latency`):
//! the run's header, the thread statistics, the latency distribution,
//! "N requests in T", socket errors, non-2xx responses and the rates.
//!
//! wrk's latencies leave out requests past `--timeout` (counted as
//! `timeout` errors); wrk2's leave out its calibration window (the first
//! ~10 s) and, corrected, measure from when each request was due. With
//! `-U` wrk2 prints a second, uncorrected distribution: the first is read.

use crate::scenario::FieldError;

use super::lines::{
    self, WRK_BINARY, WRK_METRIC, WRK_TIME_MS, after, bad_line, count, missing, number, with_unit,
};
use super::{Counted, Measurement, Source};

#[derive(Clone, Copy, PartialEq)]
enum Block {
    Header,
    Distribution,
    Spectrum,
    /// wrk2's `-U` block, or a Lua script's output after the rates.
    Ignored,
}

/// wrk's or wrk2's summary (wrk2 when it prints its HdrHistogram marks).
pub(super) fn read(text: &str) -> Result<Measurement, FieldError> {
    let wrk2 = text.lines().any(|l| {
        let l = l.trim();
        l.starts_with("Latency Distribution (HdrHistogram")
            || l.starts_with("Thread calibration:")
            || l.starts_with("Detailed Percentile spectrum:")
    });
    let source = if wrk2 { Source::Wrk2 } else { Source::Wrk };
    let mut m = Measurement::new(source);
    let mut block = Block::Header;
    let mut pcts = Vec::new();
    let mut distributions = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let bad = |expected: &str| bad_line(source, i + 1, raw, expected);
        if line.starts_with("Latency Distribution") {
            distributions += 1;
            block = if distributions == 1 {
                Block::Distribution
            } else {
                Block::Ignored
            };
            continue;
        }
        if line.starts_with("Detailed Percentile spectrum:") {
            block = if distributions <= 1 {
                Block::Spectrum
            } else {
                Block::Ignored
            };
            continue;
        }
        if line.is_empty() || line.starts_with("----") {
            continue;
        }
        if let Some(done) = common_line(line, &mut m).map_err(bad)? {
            if done {
                block = Block::Ignored;
            } else if block != Block::Header && block != Block::Ignored {
                block = Block::Header;
            }
            continue;
        }
        match block {
            Block::Distribution => pcts.push(
                percentile_line(line)
                    .ok_or_else(|| bad("`<percent>% <time>` (time in us, ms, s or m)"))?,
            ),
            Block::Spectrum => spectrum_line(line, &mut m).ok_or_else(|| {
                bad("`<ms> <fraction> <count> <1/(1-fraction)>` or `#[Name = <number>, …]`")
            })?,
            Block::Header | Block::Ignored => {}
        }
    }
    if m.requests.is_none() {
        return Err(missing(
            source,
            text,
            "`<n> requests in <time>, <bytes> read`",
        ));
    }
    if m.rate_per_s.is_none() {
        return Err(missing(source, text, "`Requests/sec: <number>`"));
    }
    m.latency.percentiles = lines::sorted(pcts);
    let socket: u64 = m.errors.iter().map(|e| e.1).sum();
    m.failed = Some(m.failed.unwrap_or(0).saturating_add(socket));
    m.counts = vec![Counted::LatencyWithoutErrors];
    if wrk2 {
        m.counts.push(Counted::Wrk2Calibration);
    }
    Ok(m)
}

/// A line every wrk prints outside the latency blocks: `Ok(Some(true))`
/// for the last line wrk itself prints (what follows is a script's),
/// `Ok(Some(false))` for another known line, `Ok(None)` for none of them,
/// `Err` with what was expected for a known start with a bad rest.
fn common_line(line: &str, m: &mut Measurement) -> Result<Option<bool>, &'static str> {
    if let Some(rest) = after(line, "Running ") {
        let d = rest
            .split_once(" test @")
            .ok_or("`Running <time> test @ <url>`")?
            .0;
        m.load.duration_s =
            Some(with_unit(d, WRK_TIME_MS).ok_or("`Running <time> test @ <url>`")? / 1000.0);
        return Ok(Some(false));
    }
    if line.contains(" threads and ") && line.ends_with(" connections") {
        let (t, c) = line
            .trim_end_matches(" connections")
            .split_once(" threads and ")
            .unwrap_or_default();
        m.load.threads = Some(count(t).ok_or("`<n> threads and <n> connections`")?);
        m.load.concurrency = Some(count(c).ok_or("`<n> threads and <n> connections`")?);
        return Ok(Some(false));
    }
    if line.starts_with("Thread Stats") || line.starts_with("Thread calibration:") {
        return Ok(Some(false));
    }
    if let Some(rest) = after(line, "Latency") {
        let [mean, stdev, max] =
            stats_row(rest, WRK_TIME_MS).ok_or("`Latency <avg> <stdev> <max> <within>%`")?;
        let l = &mut m.latency;
        // An empty run prints 0.00us and -nan%: no latency at all.
        if max > 0.0 {
            (l.mean_ms, l.stdev_ms, l.max_ms) = (Some(mean), Some(stdev), Some(max));
        }
        return Ok(Some(false));
    }
    if let Some(rest) = after(line, "Req/Sec") {
        stats_row(rest, WRK_METRIC).ok_or("`Req/Sec <avg> <stdev> <max> <within>%`")?;
        return Ok(Some(false));
    }
    if let Some((n, rest)) = line.split_once(" requests in ") {
        const WANT: &str = "`<n> requests in <time>, <bytes> read`";
        let (t, bytes) = rest.split_once(", ").ok_or(WANT)?;
        m.requests = Some(count(n).ok_or(WANT)?);
        m.elapsed_s = Some(with_unit(t, WRK_TIME_MS).ok_or(WANT)? / 1000.0);
        with_unit(bytes.strip_suffix(" read").ok_or(WANT)?, WRK_BINARY).ok_or(WANT)?;
        return Ok(Some(false));
    }
    if let Some(rest) = after(line, "Socket errors:") {
        m.errors = socket_errors(rest)
            .ok_or("`Socket errors: connect <n>, read <n>, write <n>, timeout <n>`")?;
        return Ok(Some(false));
    }
    if let Some(rest) = after(line, "Non-2xx or 3xx responses:") {
        m.failed = Some(count(rest).ok_or("`Non-2xx or 3xx responses: <n>`")?);
        return Ok(Some(false));
    }
    if let Some(rest) = after(line, "Requests/sec:") {
        m.rate_per_s = Some(
            number(rest)
                .filter(|r| *r >= 0.0)
                .ok_or("`Requests/sec: <number>`")?,
        );
        return Ok(Some(false));
    }
    if let Some(rest) = after(line, "Transfer/sec:") {
        with_unit(rest, WRK_BINARY).ok_or("`Transfer/sec: <bytes>`")?;
        return Ok(Some(true));
    }
    Ok(None)
}

/// `<avg> <stdev> <max> <within>%` in `units`; the within-one-stdev share
/// may be `-nan%` (an empty run).
fn stats_row(rest: &str, units: &[(&str, f64)]) -> Option<[f64; 3]> {
    let f: Vec<&str> = rest.split_whitespace().collect();
    if f.len() != 4 || !f[3].ends_with('%') {
        return None;
    }
    let within = f[3].trim_end_matches('%');
    if within != "-nan" && within != "nan" {
        number(within)?;
    }
    Some([
        with_unit(f[0], units)?,
        with_unit(f[1], units)?,
        with_unit(f[2], units)?,
    ])
}

fn socket_errors(rest: &str) -> Option<Vec<(String, u64)>> {
    let mut out = Vec::new();
    for part in rest.split(',') {
        let (name, n) = part.trim().split_once(' ')?;
        if !matches!(name, "connect" | "read" | "write" | "timeout") {
            return None;
        }
        let n = count(n)?;
        if n > 0 {
            out.push((name.to_string(), n));
        }
    }
    Some(out)
}

fn percentile_line(line: &str) -> Option<(f64, f64)> {
    let (p, v) = line.split_once('%')?;
    let p = number(p).filter(|p| (0.0..=100.0).contains(p))?;
    Some((p, with_unit(v, WRK_TIME_MS)?))
}

/// A row of wrk2's detailed spectrum, or its `#[…]` summary lines (the
/// mean, deviation and total count recorded).
fn spectrum_line(line: &str, m: &mut Measurement) -> Option<()> {
    if let Some(inner) = line.strip_prefix("#[").and_then(|l| l.strip_suffix(']')) {
        for pair in inner.split(',') {
            let (name, v) = pair.split_once('=')?;
            let v = number(v)?;
            match name.trim() {
                "Mean" => m.latency.mean_ms = Some(v),
                "StdDeviation" => m.latency.stdev_ms = Some(v),
                "Max" => m.latency.max_ms = Some(v),
                "Total count" => m.latency.count = Some(v as u64),
                "Buckets" | "SubBuckets" => {}
                _ => return None,
            }
        }
        return Some(());
    }
    if line.starts_with("Value") {
        return Some(());
    }
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() != 4 {
        return None;
    }
    let (v, frac) = (number(f[0])?, number(f[1])?);
    count(f[2])?;
    if f[3] != "inf" {
        number(f[3])?;
    }
    if !(0.0..=1.0).contains(&frac) {
        return None;
    }
    if frac == 0.0 {
        m.latency.min_ms = Some(v);
    }
    Some(())
}
