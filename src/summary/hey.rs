//! hey's summary (requester/print.go's default template and report.go):
//! times in seconds to four decimals, a ten-bucket response time histogram,
//! the percentiles it computes, the "Details" block, status codes, and Go's
//! error strings with their counts.

use std::fmt::Write as _;

use crate::sim::Report;

/// hey's `formatNumber`: `%4.4f`.
fn num(x: f64) -> String {
    if x.is_nan() {
        " NaN".into()
    } else {
        format!("{x:4.4}")
    }
}

/// hey's bars: 40 `■` for the fullest bucket.
fn bar(count: u64, max: u64) -> String {
    let len = (count * 40 + max / 2).checked_div(max).unwrap_or(0);
    "■".repeat(len as usize)
}

pub(super) fn text(r: &Report) -> String {
    let t = &r.tool;
    let l = &t.latency;
    let s = |ms: f64| ms / 1000.0;
    // hey's average of no response is 0 ÷ 0.
    let average = if l.count > 0 { s(l.mean) } else { f64::NAN };
    let mut o = String::new();
    let _ = writeln!(o, "\nSummary:");
    let _ = writeln!(o, "  Total:\t{} secs", num(t.elapsed_s));
    let _ = writeln!(o, "  Slowest:\t{} secs", num(s(l.max)));
    let _ = writeln!(o, "  Fastest:\t{} secs", num(s(l.min)));
    let _ = writeln!(o, "  Average:\t{} secs", num(average));
    let _ = writeln!(o, "  Requests/sec:\t{}", num(t.rate));
    // The body size is not modelled: hey leaves "Total data" out at 0.
    let _ = writeln!(o, "  \n\nResponse time histogram:");
    let max = t.buckets.iter().map(|b| b.1).max().unwrap_or(0);
    for &(mark, count) in &t.buckets {
        let _ = writeln!(o, "  {mark:4.3} [{count}]\t|{}", bar(count, max));
    }
    let _ = write!(o, "\n\nLatency distribution:");
    for &(p, v) in l.percentiles.iter().filter(|(_, v)| *v > 0.0) {
        let _ = write!(o, "\n  {p:.0}% in {} secs", num(s(v)));
    }
    let _ = writeln!(o, "\n\nDetails (average, fastest, slowest):");
    // hey's template prints the fastest and slowest response on this line.
    let _ = writeln!(
        o,
        "  DNS+dialup:\t{} secs, {} secs, {} secs",
        num(t.dialup_s),
        num(s(l.min)),
        num(s(l.max))
    );
    let zero = num(0.0);
    let _ = writeln!(o, "  DNS-lookup:\t{zero} secs, {zero} secs, {zero} secs");
    let _ = writeln!(o, "  req write:\t{zero} secs, {zero} secs, {zero} secs");
    let wait = if l.count > 0 {
        average - t.dialup_s
    } else {
        0.0
    };
    let _ = writeln!(
        o,
        "  resp wait:\t{} secs, {} secs, {} secs",
        num(wait),
        num(s(l.min)),
        num(s(l.max))
    );
    let _ = writeln!(o, "  resp read:\t{zero} secs, {zero} secs, {zero} secs");
    let _ = write!(o, "\nStatus code distribution:");
    for (code, n) in &t.status {
        let _ = write!(o, "\n  [{code}]\t{n} responses");
    }
    let _ = write!(o, "\n\n");
    if !t.errors.is_empty() {
        let _ = write!(o, "Error distribution:");
        for (e, n) in &t.errors {
            let _ = write!(o, "\n  [{n}]\t{e}");
        }
    }
    o.push_str("\n\n");
    o
}
