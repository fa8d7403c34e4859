//! The fidelity report as a readable text table, or as JSON
//! (`{"rows": [...]}`, one object per measured figure).

use std::fmt::Write as _;

use super::arith::little_checks;
use super::figures::{Basis, Measured};
use super::rows::{Counts, Row, Verdict, counts};
use super::sources::sources;
use super::standing::{legend, standing};

/// The summary line: what was checked independently, and what was not.
pub fn summary(c: &Counts) -> String {
    format!(
        "{} figures: {} independent predictions ({} numbers, {} rules), {} pass and {} fail; \
         {} calibrated ({} within 2 %), {} derived from them ({} hold), not counted as predictions; \
         {} contradictions or figures of an inconsistent set, shown and not counted.",
        c.figures,
        c.independent,
        c.predicted,
        c.independent - c.predicted,
        c.independent_pass,
        c.independent - c.independent_pass,
        c.calibrated,
        c.calibrated_pass,
        c.derived,
        c.derived_pass,
        c.shown
    )
}

/// `{"rows": [{experiment, variant, metric, unit, measured, simulated, diff_pct, basis, verdict, note}], "counts": {…}}`.
pub fn json(rows: &[Row]) -> String {
    // A struct, not `json!`, so each row keeps the key order.
    #[derive(serde::Serialize)]
    struct Doc<'a> {
        rows: Vec<JsonRow<'a>>,
        counts: Counts,
    }
    // A row as the report writes it: the note in English words only (the
    // phrases it is rendered from go to the page, not into the report).
    #[derive(serde::Serialize)]
    struct JsonRow<'a> {
        experiment: &'a str,
        variant: &'a str,
        metric: &'a str,
        unit: &'a str,
        measured: &'a Measured,
        simulated: Option<f64>,
        diff_pct: Option<f64>,
        basis: Basis,
        verdict: Verdict,
        note: &'a str,
    }
    let doc = Doc {
        rows: (rows.iter())
            .map(|r| JsonRow {
                experiment: &r.experiment,
                variant: &r.variant,
                metric: &r.metric,
                unit: &r.unit,
                measured: &r.measured,
                simulated: r.simulated,
                diff_pct: r.diff_pct,
                basis: r.basis,
                verdict: r.verdict,
                note: &r.note,
            })
            .collect(),
        counts: counts(rows),
    };
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

fn num(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if a >= 1000.0 {
        format!("{v:.0}")
    } else if a >= 100.0 {
        format!("{v:.1}")
    } else if a >= 10.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.4}")
    }
}

/// The plain difference in percent of the whole value, where the `diff`
/// column is on the part beyond a stated one; `=` where they are the same.
fn whole(r: &Row) -> String {
    match (r.stated, r.whole_difference().and_then(|d| d.pct)) {
        (Some(_), Some(d)) => format!("{d:+.1} %"),
        (None, Some(_)) => "=".into(),
        _ => "—".into(),
    }
}

fn measured(m: &Measured) -> String {
    match m {
        // The article's own digits, as written.
        Measured::Number(v) => format!("{v}"),
        Measured::Text(t) => format!("\"{t}\""),
    }
}

/// A table, one line per figure, with numbered notes below it.
pub fn text(rows: &[Row]) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "threadlab fidelity — every measured figure of the source articles beside the simulation\n"
    );
    let head = [
        "#",
        "exp",
        "variant",
        "metric",
        "measured",
        "simulated",
        "unit",
        "diff",
        "whole",
        "basis",
        "verdict",
    ];
    let mut lines: Vec<[String; 11]> = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        lines.push([
            format!("{}", i + 1),
            r.experiment.to_string(),
            r.variant.to_string(),
            r.metric.to_string(),
            measured(&r.measured),
            r.simulated.map_or("—".into(), num),
            r.unit.to_string(),
            r.diff_pct.map_or("—".into(), |d| format!("{d:+.1} %")),
            whole(r),
            r.basis.word().to_string(),
            match r.verdict {
                Verdict::Pass => "pass".into(),
                Verdict::Fail => "FAIL".into(),
                Verdict::Shown => "shown".into(),
            },
        ]);
    }
    let mut width = head.map(|h| h.chars().count());
    for l in &lines {
        for (w, c) in width.iter_mut().zip(l.iter()) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |o: &mut String, cells: &[String]| {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            let pad = width[i].saturating_sub(c.chars().count());
            // Numbers right-aligned, words left-aligned.
            if matches!(i, 0 | 4 | 5 | 7 | 8) {
                s.push_str(&" ".repeat(pad));
                s.push_str(c);
            } else {
                s.push_str(c);
                s.push_str(&" ".repeat(pad));
            }
            s.push_str("  ");
        }
        let _ = writeln!(o, "{}", s.trim_end());
    };
    line(&mut o, &head.map(String::from));
    for l in &lines {
        line(&mut o, l);
    }
    let _ = writeln!(o, "\n{}", summary(&counts(rows)));
    let _ = writeln!(o, "{}", standing(rows, 0).english());
    let key = legend(rows);
    let _ = writeln!(o, "\nKey:");
    for (_, said) in key.entries() {
        let _ = writeln!(o, "  {}", said.english());
    }
    if let Some(beyond) = key.beyond_said() {
        let _ = writeln!(o, "  diff, {}.", beyond.english());
        let _ = writeln!(
            o,
            "  whole: the plain difference in percent of the whole value, where diff is on the part beyond a stated one."
        );
    }
    let _ = writeln!(o, "\nNotes:");
    for (i, r) in rows.iter().enumerate() {
        let _ = writeln!(o, "  [{}] {}", i + 1, r.note);
    }
    let _ = writeln!(o, "\nLittle's law on the articles' own numbers:");
    for c in little_checks() {
        let _ = writeln!(o, "  {}", c.text);
    }
    let _ = writeln!(o, "\nSources:");
    for s in sources() {
        let or = |v: &str| {
            if v.is_empty() {
                "not given".to_string()
            } else {
                v.to_string()
            }
        };
        let _ = writeln!(
            o,
            "  {}  {} — {}, {} ({}) {}",
            s.id,
            s.title,
            or(s.author),
            or(s.date),
            s.language,
            or(s.url)
        );
    }
    o
}
