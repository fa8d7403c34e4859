//! `threadlab run --replications N`: the scenario run with N seeds
//! (`crate::replicas`), printed after the first run's own report as a table
//! of medians, bands and intervals and a line on the warm-up; in JSON, the
//! summary under `replications` beside the first run's report.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::replicas::{
    Band, Difference, Figure, MAX_REPLICATIONS, Noise, Rule, Summary, WarmupSummary, compare,
};

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

/// The `--versus` pairs as one label: `server.mode=virtual, …`.
fn pairs_label(pairs: &[(String, String)]) -> String {
    let each: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
    each.join(", ")
}

fn judged(d: &Difference) -> &'static str {
    match (d.noise, d.rule) {
        (Noise::Within, Rule::Intervals) => {
            "within the noise (the intervals for the medians overlap)"
        }
        (Noise::Within, _) => "within the noise (the min–max bands overlap)",
        (Noise::Apart, Rule::Intervals) => "apart (the intervals for the medians do not overlap)",
        (Noise::Apart, _) => "apart (the min–max bands do not overlap)",
        (Noise::Unjudged, _) => "not judged: one run has no spread",
    }
}

/// The second scenario's replications and, per figure, the two medians,
/// their difference and whether it stands out of the runs' spread.
pub(super) fn versus_text(pairs: &[(String, String)], a: &Summary, b: &Summary) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "\nversus {} (the same {} seeds):",
        pairs_label(pairs),
        b.runs
    );
    let _ = writeln!(
        o,
        "  {:<14}{:>12}{:>12}{:>11}   the difference",
        "figure", "this run", "versus", "change"
    );
    for d in compare(a, b) {
        let change = d
            .relative
            .map_or_else(|| "—".into(), |r| format!("{:+.1} %", r * 100.0));
        let _ = writeln!(
            o,
            "  {:<14}{:>12.1}{:>12.1}{change:>11}   {}",
            label(d.figure),
            d.a,
            d.b,
            judged(&d)
        );
    }
    let band = |s: &Summary| {
        let p = s.figures.get(Figure::P99);
        format!("{:.1} – {:.1}", p.min, p.max)
    };
    let _ = writeln!(
        o,
        "  p99's band over the seeds: {} here, {} versus.",
        band(a),
        band(b)
    );
    o
}

/// The JSON with the second scenario under `versus`: its pairs, its
/// replications and the differences.
pub(super) fn versus_json(
    json_text: &str,
    pairs: &[(String, String)],
    a: &Summary,
    b: &Summary,
) -> String {
    let mut v: Value = serde_json::from_str(json_text).unwrap_or_default();
    if let Some(m) = v.as_object_mut() {
        let sets: serde_json::Map<String, Value> = (pairs.iter())
            .map(|(k, x)| (k.clone(), Value::String(x.clone())))
            .collect();
        m.insert(
            "versus".into(),
            json!({
                "sets": sets,
                "replications": serde_json::to_value(b).unwrap_or_default(),
                "differences": serde_json::to_value(compare(a, b)).unwrap_or_default(),
            }),
        );
    }
    let mut out = serde_json::to_string_pretty(&v).unwrap_or_default();
    out.push('\n');
    out
}
