//! wrk's and wrk2's output (wrk.c's `main`, `print_stats`, `print_units`
//! and units.c's `format_units`): the thread statistics table, the latency
//! distribution (wrk's four percentiles with `--latency`; wrk2's
//! HdrHistogram eight), the request count, socket errors and rates.

use std::fmt::Write as _;

use super::TARGET_URL;
use crate::sim::Report;

/// units.c's `format_units`: divide while at least 0.85 of a scale and a
/// further unit exists (so the last unit of a table is never reached).
fn units(n: f64, scale: f64, base: &str, names: &[&str], precision: usize) -> String {
    let (mut amt, mut unit) = (n, base);
    let mut i = 0;
    while i + 1 < names.len() && amt >= scale * 0.85 {
        amt /= scale;
        unit = names[i];
        i += 1;
    }
    format!("{amt:.precision$}{unit}")
}

/// `format_time_us`: µs, ms, then s, m (never h) once past a second.
pub(super) fn time_us(n: f64) -> String {
    if n >= 1_000_000.0 {
        units(n / 1_000_000.0, 60.0, "s", &["m", "h"], 2)
    } else {
        units(n, 1000.0, "us", &["ms", "s"], 2)
    }
}

/// `format_time_s` for the duration in the first line.
fn time_s(n: f64) -> String {
    units(n, 60.0, "s", &["m", "h"], 0)
}

/// `format_metric`: k, M, G, T.
fn metric(n: f64) -> String {
    units(n, 1000.0, "", &["k", "M", "G", "T", "P"], 2)
}

/// `format_binary`: K, M, G, T (powers of 1024).
fn binary(n: f64) -> String {
    units(n, 1024.0, "", &["K", "M", "G", "T", "P"], 2)
}

/// `print_units`: right-aligned in `width`, less one column per trailing
/// letter, then the rest of two spaces.
fn cell(s: &str, width: usize) -> String {
    let b = s.as_bytes();
    let mut pad = 2usize;
    if b.last().is_some_and(u8::is_ascii_alphabetic) {
        pad -= 1;
    }
    if b.len() >= 2 && b[b.len() - 2].is_ascii_alphabetic() {
        pad -= 1;
    }
    let w = width - pad;
    format!("{s:>w$.w$}{}", &"  "[..pad])
}

/// One row of the thread statistics: mean, stdev, max, within one stdev.
fn row(name: &str, mean: String, stdev: String, max: String, within: f64) -> String {
    format!(
        "    {name:<10}{}{}{}{within:8.2}%\n",
        cell(&mean, 8),
        cell(&stdev, 10),
        cell(&max, 9)
    )
}

pub(super) fn text(r: &Report, wrk2: bool) -> String {
    let t = &r.tool;
    let l = &t.latency;
    let us = |ms: f64| ms * 1000.0;
    let threads = t.threads.max(1);
    let mut o = String::new();
    let duration = r.sim_time_s;
    let _ = writeln!(o, "Running {} test @ {TARGET_URL}", time_s(duration));
    let _ = writeln!(o, "  {threads} threads and {} connections", t.clients);
    let _ = writeln!(
        o,
        "  Thread Stats{:>6}{:>11}{:>8}{:>12}",
        "Avg", "Stdev", "Max", "+/- Stdev"
    );
    o.push_str(&row(
        "Latency",
        time_us(us(l.mean)),
        time_us(us(l.stdev)),
        time_us(us(l.max)),
        l.within_stdev_pct,
    ));
    let q = &t.thread_rate;
    o.push_str(&row(
        "Req/Sec",
        metric(q.mean),
        metric(q.stdev),
        metric(q.max),
        q.within_stdev_pct,
    ));
    if wrk2 {
        let _ = writeln!(
            o,
            "  Latency Distribution (HdrHistogram - Recorded Latency)"
        );
        for &(p, v) in &l.percentiles {
            let _ = writeln!(o, "{p:7.3}%{}", cell(&time_us(us(v)), 10));
        }
        let _ = writeln!(
            o,
            "----------------------------------------------------------"
        );
    } else {
        let _ = writeln!(o, "  Latency Distribution");
        for &(p, v) in &l.percentiles {
            let _ = writeln!(o, "{p:7.0}%{}", cell(&time_us(us(v)), 10));
        }
    }
    let _ = writeln!(
        o,
        "  {} requests in {}, {}B read",
        t.requests,
        time_us(duration * 1e6),
        binary(0.0)
    );
    let err = |name: &str| t.errors.iter().find(|(n, _)| n == name).map_or(0, |e| e.1);
    let (connect, read, write, timeout) =
        (err("connect"), err("read"), err("write"), err("timeout"));
    if connect + read + write + timeout > 0 {
        let _ = writeln!(
            o,
            "  Socket errors: connect {connect}, read {read}, write {write}, timeout {timeout}"
        );
    }
    let non_2xx: u64 = t
        .status
        .iter()
        .filter(|(c, _)| *c >= 400)
        .map(|s| s.1)
        .sum();
    if non_2xx > 0 {
        let _ = writeln!(o, "  Non-2xx or 3xx responses: {non_2xx}");
    }
    let _ = writeln!(o, "Requests/sec: {:9.2}", t.rate);
    let _ = writeln!(o, "Transfer/sec: {:>10}B", binary(0.0));
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As wrk prints them (units.c): the last unit of a table is never
    /// reached, and a trailing letter takes a column of the padding.
    #[test]
    fn units_and_cells_read_as_wrks() {
        assert_eq!(time_us(635.91), "635.91us");
        assert_eq!(time_us(890.0), "0.89ms");
        assert_eq!(time_us(12_920.0), "12.92ms");
        assert_eq!(time_us(1_081_000.0), "1.08s");
        assert_eq!(time_us(90_000_000.0), "1.50m");
        assert_eq!(time_s(60.0), "1m");
        assert_eq!(time_s(10.0), "10s");
        assert_eq!(metric(56_200.0), "56.20k");
        assert_eq!(binary(0.0), "0.00");
        assert_eq!(cell("1.08s", 8), "  1.08s ");
        assert_eq!(cell("0.89ms", 10), "    0.89ms");
        assert_eq!(cell("925.00", 8), "925.00  ");
    }
}
