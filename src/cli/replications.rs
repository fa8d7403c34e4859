//! `threadlab run --replications N`: the scenario run with N seeds
//! (`crate::replicas`), printed after the first run's own report as a table
//! of medians, bands and intervals and a line on the warm-up; in JSON, the
//! summary under `replications` beside the first run's report.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::replicas::{Band, Figure, MAX_REPLICATIONS, Summary, WarmupSummary};

/// The flag's error when its value is not 1 to the maximum.
pub(super) fn bad_count(value: Option<&str>) -> String {
    match value {
        Some(v) => format!(
            "--replications {}: expected a whole number of runs from 1 to {MAX_REPLICATIONS}",
            crate::scenario::echo(v)
        ),
        None => format!("--replications needs a number of runs, 1 to {MAX_REPLICATIONS}"),
    }
}

fn label(f: Figure) -> &'static str {
    match f {
        Figure::Throughput => "Throughput/s",
        Figure::Goodput => "Goodput/s",
        Figure::P50 => "p50 ms",
        Figure::P99 => "p99 ms",
        Figure::Max => "max ms",
        Figure::Mean => "mean ms",
    }
}

fn interval_cell(b: &Band) -> String {
    match b.interval {
        Some(i) => format!(
            "{:.1} – {:.1} ({:.2} % coverage)",
            i.lo,
            i.hi,
            i.coverage * 100.0
        ),
        None => "— (from 5 runs)".into(),
    }
}

/// The replications as text, after the first run's report.
pub(super) fn text(s: &Summary) -> String {
    let mut o = String::new();
    let first = s.seeds.first().copied().unwrap_or_default();
    let _ = writeln!(
        o,
        "\nthreadlab over {} runs (seed {first}, then SplitMix64's outputs from it; the report above is seed {first}):",
        s.runs
    );
    let _ = writeln!(
        o,
        "  {:<14}{:>12}   {:<24}interval for the median",
        "figure", "median", "band (min – max)"
    );
    for f in Figure::ALL {
        let b = s.figures.get(f);
        let band = format!("{:.1} – {:.1}", b.min, b.max);
        let _ = writeln!(
            o,
            "  {:<14}{:>12.1}   {band:<24}{}",
            label(f),
            b.median,
            interval_cell(b)
        );
    }
    let _ = writeln!(
        o,
        "  Figures are over the whole of each run, as the load tool counts them."
    );
    let _ = writeln!(o, "  Warm-up:\t{}", warmup_text(&s.warmup));
    let odd = [
        (s.partial, "stopped at a budget (partial)"),
        (s.out_of_memory, "hit a memory or thread limit"),
        (s.deadlocked, "deadlocked"),
    ];
    for (n, what) in odd.into_iter().filter(|(n, _)| *n > 0) {
        let _ = writeln!(o, "  Runs:\t\t{n} of {} {what}", s.runs);
    }
    o
}

fn warmup_text(w: &WarmupSummary) -> String {
    if w.analysed == 0 {
        return "not looked for: the runs have fewer than 30 series buckets (MSER-5 needs 6 batches of 5)".into();
    }
    if w.cut == 0 {
        return format!("none found by MSER-5 in {} runs (nothing cut)", w.analysed);
    }
    let mut t = format!(
        "MSER-5 cut {:.2} s from the start (median; {:.2} – {:.2} s) in {} of {} runs, {:.1} % of results; {:.1} results/s after it (median; {:.1} – {:.1})",
        w.cut_s.median,
        w.cut_s.min,
        w.cut_s.max,
        w.cut,
        w.analysed,
        w.share.median * 100.0,
        w.steady_throughput_rps.median,
        w.steady_throughput_rps.min,
        w.steady_throughput_rps.max,
    );
    if w.at_limit > 0 {
        let _ = write!(
            t,
            "; in {} of them the cut is half the run, the most MSER-5 cuts: the transient may be longer",
            w.at_limit
        );
    }
    t
}

/// The first run's JSON report with the summary under `replications`.
pub(super) fn json(report_json: &str, s: &Summary) -> String {
    let mut v: Value = serde_json::from_str(report_json).unwrap_or_default();
    if let Some(m) = v.as_object_mut() {
        let mut r = serde_json::to_value(s).unwrap_or_default();
        if let Some(o) = r.as_object_mut() {
            o.insert(
                "method".into(),
                json!({
                    "seeds": "the scenario's seed, then SplitMix64's outputs from it",
                    "figures": "over the whole of each run; latencies of successful responses",
                    "interval": "order-statistic interval for the median, rank and exact coverage given (from 5 runs)",
                    "warmup": "MSER-5 on throughput and mean latency per series bucket, the later cut",
                }),
            );
        }
        m.insert("replications".into(), r);
    }
    let mut out = serde_json::to_string_pretty(&v).unwrap_or_default();
    out.push('\n');
    out
}
