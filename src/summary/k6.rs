//! k6's end-of-test summary in its classic layout (the legacy
//! `textSummary`): one line per metric, its name padded with dots to the
//! longest, then the values, durations humanised as k6 does.

use std::fmt::Write as _;

use crate::sim::Report;
use crate::sim::report::ToolLatency;

/// `toFixedNoTrailingZerosTrunc`: truncated to `prec` digits, trailing
/// zeros dropped.
fn trunc(v: f64, prec: i32) -> String {
    let mult = 10f64.powi(prec);
    let x = (v * mult).trunc() / mult;
    let s = format!("{x:.*}", prec as usize);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// `humanizeGenericDuration` of a duration in ms.
pub(super) fn duration(ms: f64) -> String {
    if ms == 0.0 {
        return "0s".into();
    }
    if ms < 0.001 {
        return format!("{}ns", (ms * 1e6).trunc());
    }
    if ms < 1.0 {
        return format!("{}µs", trunc(ms * 1000.0, 2));
    }
    if ms < 1000.0 {
        return format!("{}ms", trunc(ms, 2));
    }
    let mut out = format!(
        "{}s",
        trunc((ms % 60_000.0) / 1000.0, if ms > 60_000.0 { 0 } else { 2 })
    );
    let minutes = (ms / 60_000.0).trunc();
    if minutes < 1.0 {
        return out;
    }
    out = format!("{}m{out}", minutes % 60.0);
    let hours = (minutes / 60.0).trunc();
    if hours < 1.0 {
        return out;
    }
    format!("{hours}h{out}")
}

/// A rate metric: truncated to two decimals of a percent.
fn percent(p: f64) -> String {
    format!("{:.2}%", (p * 100.0).trunc() / 100.0)
}

/// A plain number: at most six decimals, no trailing zeros.
fn plain(v: f64) -> String {
    let s = format!("{v:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The statistics a trend line shows, in k6's default order.
const TREND: [&str; 6] = ["avg", "min", "med", "max", "p(90)", "p(95)"];

/// A trend's values: avg, min, med, max, p(90), p(95).
fn trend(l: &ToolLatency) -> Vec<String> {
    let p = |q: f64| l.percentiles.iter().find(|x| x.0 == q).map_or(0.0, |x| x.1);
    [l.mean, l.min, p(50.0), l.max, p(90.0), p(95.0)]
        .iter()
        .map(|&v| duration(v))
        .collect()
}

pub(super) fn text(r: &Report) -> String {
    let t = &r.tool;
    let failed = t.errors.iter().map(|e| e.1).sum::<u64>();
    let per_s = |n: u64| {
        plain(if t.elapsed_s > 0.0 {
            n as f64 / t.elapsed_s
        } else {
            0.0
        })
    };
    // (name, is a sub-metric, values), in k6's order (by name).
    let mut lines: Vec<(&str, bool, Vec<String>)> = Vec::new();
    if t.dropped > 0 {
        lines.push((
            "dropped_iterations",
            false,
            vec![t.dropped.to_string(), format!("{}/s", per_s(t.dropped))],
        ));
    }
    lines.push(("http_req_duration", false, trend(&t.latency)));
    if let Some(ok) = &t.ok_latency {
        lines.push(("{ expected_response:true }", true, trend(ok)));
    }
    lines.push((
        "http_req_failed",
        false,
        vec![
            percent(t.error_pct),
            format!("✓ {failed}"),
            format!("✗ {}", t.requests - failed.min(t.requests)),
        ],
    ));
    lines.push((
        "http_reqs",
        false,
        vec![t.requests.to_string(), format!("{}/s", per_s(t.requests))],
    ));
    lines.push((
        "iterations",
        false,
        vec![t.requests.to_string(), format!("{}/s", per_s(t.requests))],
    ));
    lines.push((
        "vus_max",
        false,
        vec![
            t.clients.to_string(),
            format!("min={}", t.clients),
            format!("max={}", t.clients),
        ],
    ));
    let width = |name: &str, sub: bool| name.chars().count() + if sub { 2 } else { 0 };
    let longest = lines
        .iter()
        .map(|(n, s, _)| width(n, *s))
        .max()
        .unwrap_or(0);
    // Columns of every line but the trends line up as k6 pads them.
    let mut cols = [0usize; 3];
    for (_, _, v) in lines.iter().filter(|(_, _, v)| v.len() <= 3) {
        for (c, x) in cols.iter_mut().zip(v) {
            *c = (*c).max(x.chars().count());
        }
    }
    // Trend values are padded to the widest of their column.
    let mut trend_cols = [0usize; TREND.len()];
    for (_, _, v) in lines.iter().filter(|(_, _, v)| v.len() == TREND.len()) {
        for (c, x) in trend_cols.iter_mut().zip(v) {
            *c = (*c).max(x.chars().count());
        }
    }
    let mut o = String::new();
    for (name, sub, values) in &lines {
        let dots = ".".repeat(longest - width(name, *sub) + 3);
        let indent = if *sub { "  " } else { "" };
        let data = if values.len() == TREND.len() {
            (TREND.iter().zip(values).zip(trend_cols))
                .map(|((stat, v), w)| format!("{stat}={v:<w$}"))
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            values
                .iter()
                .zip(cols)
                .map(|(v, w)| format!("{v:<w$}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let _ = writeln!(o, "   {indent}  {name}{dots}: {}", data.trim_end());
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As k6 humanises durations: truncated, trailing zeros dropped.
    #[test]
    fn durations_read_as_k6s() {
        assert_eq!(duration(105.178), "105.17ms");
        assert_eq!(duration(0.5), "500µs");
        assert_eq!(duration(1500.0), "1.5s");
        assert_eq!(duration(61_000.0), "1m1s");
        assert_eq!(duration(0.0), "0s");
        assert_eq!(percent(12.3456), "12.34%");
    }
}
