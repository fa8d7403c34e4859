//! A run's report as the command line prints it: a summary that reads like
//! hey's, or JSON (the chart data only on request). It lives here, below the
//! command line, because the playground exports the same texts: its
//! simulation worker formats the report of a run the page shows, and
//! `threadlab run` prints them (`cli` re-exports both functions).

use std::fmt::Write as _;

use crate::sim::report::ResponseCause;
use crate::sim::{Outcome, Report};

/// The report as JSON; without `full`, the bulky chart data is left out.
pub fn json_report(report: &Report, full: bool) -> String {
    let mut v = serde_json::to_value(report).unwrap_or_default();
    if let (false, Some(m)) = (full, v.as_object_mut()) {
        for k in ["series", "timeline", "histogram"] {
            m.remove(k);
        }
    }
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
    s.push('\n');
    s
}

/// A summary that reads like hey's, plus what threadlab knows beyond it.
pub fn text_report(r: &Report) -> String {
    let l = &r.latency_ms;
    let s = |ms: f64| ms / 1000.0;
    let mut o = String::new();
    let _ = writeln!(o, "\nSummary:");
    let _ = writeln!(o, "  Total:\t{:.4} secs", r.sim_time_s);
    let _ = writeln!(o, "  Slowest:\t{:.4} secs", s(l.max));
    let _ = writeln!(o, "  Fastest:\t{:.4} secs", s(l.min));
    let _ = writeln!(o, "  Average:\t{:.4} secs", s(l.mean));
    let _ = writeln!(o, "  Requests/sec:\t{:.4}", r.throughput_rps);
    let _ = writeln!(o, "  Goodput/sec:\t{:.4}", r.goodput_rps);
    let _ = writeln!(o, "\nLatency distribution:");
    for (p, v) in [
        ("50%", l.p50),
        ("90%", l.p90),
        ("95%", l.p95),
        ("99%", l.p99),
        ("99.9%", l.p999),
    ] {
        let _ = writeln!(o, "  {p} in {:.4} secs", s(v));
    }
    let _ = writeln!(o, "\nStatus code distribution:");
    let ok = r
        .responses_by_cause
        .get(&ResponseCause::Ok)
        .copied()
        .unwrap_or(0);
    let _ = writeln!(o, "  [200]\t{ok} responses");
    for (cause, n) in r
        .responses_by_cause
        .iter()
        .filter(|(c, _)| **c != ResponseCause::Ok)
    {
        let _ = writeln!(o, "  [500]\t{n} responses ({cause})");
    }
    let _ = writeln!(o, "\nError distribution:");
    for (cause, n) in &r.errors.by_cause {
        let _ = writeln!(o, "  [{n}]\t{cause}");
    }
    let _ = writeln!(o, "\nRun:");
    let _ = writeln!(
        o,
        "  Outcome:\t{} — {}",
        outcome_words(r.outcome),
        r.outcome_detail
    );
    let _ = writeln!(
        o,
        "  Requests:\t{} sent, {} responses, {} errors, {} in flight",
        r.sent, r.completed, r.errors.total, r.in_flight
    );
    if r.dropped > 0 {
        let _ = writeln!(
            o,
            "  Dropped:\t{} arrivals at the load tool's own limit (never sent)",
            r.dropped
        );
    }
    let _ = writeln!(
        o,
        "  Bottleneck:\t{}: {}",
        r.bottleneck.resource, r.bottleneck.explanation
    );
    let lt = &r.little;
    let _ = writeln!(
        o,
        "  Little's law:\tL = {:.1} in flight, λ·W = {:.1} ({:.2} % apart)",
        lt.mean_in_flight,
        lt.lambda_w,
        lt.rel_error * 100.0
    );
    let sv = &r.server;
    let _ = writeln!(
        o,
        "  Server:\tCPU {:.0} %, peak {} platform threads, {} virtual threads, {} carriers ({} pinned), {:.0} MB",
        sv.cpu_utilisation * 100.0,
        sv.peak_platform_threads,
        sv.peak_virtual_threads,
        sv.peak_carriers,
        sv.peak_pinned,
        sv.peak_memory_mb
    );
    for e in &r.executors {
        let _ = writeln!(
            o,
            "  @Async {}:\t{} submitted, {} done, {} rejected, {:.1} tasks/s",
            e.name, e.submitted, e.completed, e.rejected, e.throughput_per_s
        );
    }
    let _ = writeln!(o, "  Simulated:\t{} events, seed {}", r.events, r.seed);
    o
}

/// How a run ended, in words.
fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::Completed => "completed",
        Outcome::OutOfMemory => "out of memory",
        Outcome::BudgetExceeded => "stopped at its budget",
        Outcome::Deadlock => "deadlocked",
    }
}
