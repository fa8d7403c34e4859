//! JMeter's summariser line, as a non-GUI run prints it at the end
//! (`Summariser.format`): samples, elapsed time as HH:MM:SS, the rate, and
//! the average, fastest and slowest sample in whole milliseconds, failed
//! samples included, then errors and their share.

use std::fmt::Write as _;

use crate::sim::Report;

/// JOrphanUtils.formatDuration of the elapsed seconds, rounded.
fn hms(s: f64) -> String {
    let s = (s * 1000.0 + 500.0) as u64 / 1000;
    format!("{:02}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
}

pub(super) fn text(r: &Report) -> String {
    let t = &r.tool;
    let l = &t.latency;
    let err = t.errors.iter().map(|e| e.1).sum::<u64>();
    // A sample's time is whole milliseconds; the average divides their sum.
    let (min, max) = if l.count > 0 {
        (l.min.floor() as i64, l.max.floor() as i64)
    } else {
        (i64::MAX, i64::MIN)
    };
    let avg = l.mean.floor() as i64;
    let rate = if t.elapsed_s > 0.0 {
        format!("{:6.1}", t.rate)
    } else {
        "******".into()
    };
    let mut o = String::new();
    let _ = writeln!(
        o,
        "summary = {:>6} in {} = {rate}/s Avg: {avg:>5} Min: {min:>5} Max: {max:>5} Err: {err:>5} ({:.2}%)",
        t.requests,
        hms(t.elapsed_s),
        t.error_pct
    );
    o
}
