//! Measured vs simulated: runs the presets and turns each figure into a row
//! with its difference, basis and verdict.

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::figures::{Basis, Check, Figure, Measured, Read, Stat, figures};
use super::standing::difference;
use super::words;
use crate::i18n::keys::report as k;
use crate::i18n::{Locale, Part, Phrase};
use crate::scenario;
use crate::sim::{self, Outcome, Report};

/// Whether a row meets its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Within tolerance (predicted), within 2 % (calibrated), or the rule holds.
    Pass,
    /// Not.
    Fail,
    /// A contradiction, or a comparison whose other run is missing: shown only.
    Shown,
}

impl Verdict {
    /// The verdict in one word, as the JSON writes it.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
            Verdict::Shown => "shown",
        }
    }

    /// The verdict in words, for the page.
    pub fn said(self) -> crate::i18n::keys::Key {
        match self {
            Verdict::Pass => k::FIDELITY_VERDICT_PASS,
            Verdict::Fail => k::FIDELITY_VERDICT_FAIL,
            Verdict::Shown => k::FIDELITY_VERDICT_SHOWN,
        }
    }
}

/// One measured figure beside its simulation: a line of `threadlab
/// fidelity`, an object of its JSON, and a row of the playground's measured
/// table (the worker posts rows as JSON, so the texts that are borrowed from
/// the figures here arrive owned on the page).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Row {
    /// Experiment id.
    pub experiment: Cow<'static, str>,
    /// Variant.
    pub variant: Cow<'static, str>,
    /// What was measured.
    pub metric: Cow<'static, str>,
    /// Unit of `measured` and `simulated`.
    pub unit: Cow<'static, str>,
    /// The article's value.
    pub measured: Measured,
    /// The simulation's value, if it has one (JSON writes a non-finite
    /// value as `null`, which reads back as `None`).
    pub simulated: Option<f64>,
    /// (simulated − measured) ÷ measured, percent, when both are numbers;
    /// on the part beyond `stated` when the figure states one (what the
    /// target applies to; see [`Row::beyond_difference`] and
    /// [`Row::whole_difference`]).
    pub diff_pct: Option<f64>,
    /// The part of the figure the scenario states (a sleep), in `unit`:
    /// the model predicts only what lies beyond it.
    #[serde(default)]
    pub stated: Option<f64>,
    /// What the row is held to: the tolerance of a number, the rule of
    /// words (none for a contradiction). For the page's summary line.
    #[serde(default)]
    pub target: Option<Phrase>,
    /// Predicted, calibrated, qualitative or contradiction.
    pub basis: Basis,
    /// Pass, fail or shown.
    pub verdict: Verdict,
    /// The rule, the arithmetic, the calibration, the finding, in English
    /// words (`said` rendered, as the command line and JSON print it).
    pub note: String,
    /// The note, part by part, for the page to say in its language (not in
    /// the JSON report: see `format::json`).
    #[serde(default)]
    pub said: Vec<Phrase>,
    /// The preset that reproduces it (not in the JSON).
    #[serde(skip)]
    pub preset: &'static str,
    /// A known gap of the model (not in the JSON; also in `note`).
    #[serde(skip)]
    pub finding: &'static str,
}

/// Allowed difference for calibrated figures.
pub const CALIBRATED_TOLERANCE: f64 = 0.02;

/// How the rows count, for the summary line: only predicted and
/// qualitative rows are independent checks of the model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Counts {
    /// Every row.
    pub figures: usize,
    /// Independent predictions: predicted numbers and qualitative rules.
    pub independent: usize,
    /// Of those, the ones that pass.
    pub independent_pass: usize,
    /// Of the independent ones, the numbers (the rest are rules).
    pub predicted: usize,
    /// Calibrated rows, and how many match.
    pub calibrated: usize,
    /// Calibrated rows within their 2 %.
    pub calibrated_pass: usize,
    /// Derived rows, and how many hold.
    pub derived: usize,
    /// Derived rows that hold.
    pub derived_pass: usize,
    /// Contradictions and figures of inconsistent sets: shown, not counted.
    pub shown: usize,
}

/// Counts rows by basis and verdict.
pub fn counts(rows: &[Row]) -> Counts {
    let mut c = Counts {
        figures: rows.len(),
        ..Default::default()
    };
    for r in rows {
        let pass = (r.verdict == Verdict::Pass) as usize;
        match r.basis {
            Basis::Predicted | Basis::Qualitative => {
                c.independent += 1;
                c.independent_pass += pass;
                c.predicted += (r.basis == Basis::Predicted) as usize;
            }
            Basis::Calibrated => {
                c.calibrated += 1;
                c.calibrated_pass += pass;
            }
            Basis::Derived => {
                c.derived += 1;
                c.derived_pass += pass;
            }
            Basis::Contradiction => c.shown += 1,
        }
    }
    c
}

/// Runs a preset with its own seed.
pub fn run_preset(name: &str) -> Option<Report> {
    let p = scenario::preset(name)?;
    let cfg = scenario::validate(&p.draft()).ok()?;
    Some(sim::run(&cfg))
}

/// Every figure beside a fresh simulation of its preset(s).
pub fn report() -> Vec<Row> {
    let mut reports = BTreeMap::new();
    for f in figures() {
        for name in f.presets() {
            if !reports.contains_key(name)
                && let Some(r) = run_preset(name)
            {
                reports.insert(name.to_string(), r);
            }
        }
    }
    rows_from(&reports)
}

/// Rows for every figure whose preset has a report in `reports` (keyed by
/// preset name). A comparison whose other run is missing is shown, not judged.
pub fn rows_from(reports: &BTreeMap<String, Report>) -> Vec<Row> {
    figures()
        .iter()
        .filter_map(|f| {
            let r = reports.get(f.preset)?;
            let other = match f.check {
                Some(Check::Within10Pct { other }) => reports.get(other),
                _ => None,
            };
            Some(row(f, r, other))
        })
        .collect()
}

/// Rows for the figures of one preset, from a report of it (as the
/// playground has from its worker). Comparisons with another run are shown
/// without a verdict; use [`rows_from`] with both reports to judge them.
pub fn rows_for(preset: &str, report: &Report) -> Vec<Row> {
    figures()
        .iter()
        .filter(|f| f.preset == preset)
        .map(|f| row(f, report, None))
        .collect()
}

/// The preset's idle heap, MB.
fn base_mb(preset: &str) -> f64 {
    scenario::preset(preset)
        .and_then(|p| scenario::validate(&p.draft()).ok())
        .map_or(0.0, |c| c.memory.heap_base as f64 / 1_048_576.0)
}

/// The simulated value of `read`, in ms / req/s / s / % / MB as the read
/// says: as the article's load tool counts it (`Report::tool`).
fn value(read: Read, preset: &str, r: &Report) -> Option<f64> {
    let t = &r.tool;
    let l = &t.latency;
    let percentile = |p: f64| {
        (l.percentiles.iter())
            .find(|(q, _)| *q == p)
            .map(|(_, v)| *v)
    };
    Some(match read {
        Read::ThroughputRps => t.rate,
        Read::TotalTimeS => t.elapsed_s,
        Read::Latency(s) => match s {
            Stat::Mean => l.mean,
            // JMeter prints no percentiles: the report's own then.
            Stat::P50 => percentile(50.0).unwrap_or(r.latency_ms.p50),
            Stat::P99 => percentile(99.0).unwrap_or(r.latency_ms.p99),
            Stat::Min => l.min,
            Stat::Max => l.max,
        },
        Read::ErrorRatePct => {
            if t.requests == 0 {
                return None;
            }
            t.error_pct
        }
        Read::ExecutorPerS(name) => {
            r.executors
                .iter()
                .find(|e| e.name == name)?
                .throughput_per_s
        }
        Read::PlateauMeanMs { after_s } => {
            let s = &r.series;
            let (mut sum, mut weight) = (0.0, 0.0);
            for (i, &t) in s.t_s.iter().enumerate() {
                let (Some(&x), Some(&lat)) = (s.throughput_rps.get(i), s.latency_mean_ms.get(i))
                else {
                    continue;
                };
                if t >= after_s && x > 0.0 {
                    sum += x * lat;
                    weight += x;
                }
            }
            if weight == 0.0 {
                return None;
            }
            sum / weight
        }
        Read::MemoryIncreaseMb => r.memory.peak_heap_live_mb - base_mb(preset),
        Read::PeakMemoryMb => r.server.peak_memory_mb,
        Read::Nothing => return None,
    })
}

/// Converts a read's value to the figure's unit (latencies are read in ms).
fn in_unit(f: &Figure, v: f64) -> f64 {
    v / f.read_units_per_unit()
}

/// Whether simulated `s` meets measured `m` within the figure's tolerance,
/// on the part beyond what the scenario states when the figure says so.
fn within_tolerance(f: &Figure, m: f64, s: f64) -> bool {
    let (m, s) = match f.stated {
        Some(stated) => (m - stated, s - stated),
        None => (m, s),
    };
    if let Some(a) = f.within {
        return (s - m).abs() <= a;
    }
    let rel_ok = m != 0.0 && ((s - m) / m).abs() <= f.tolerance.relative();
    let abs_ok = f.tolerance.absolute().is_some_and(|a| (s - m).abs() <= a);
    rel_ok || abs_ok
}

/// The target in words, for the note.
fn target(f: &Figure) -> Phrase {
    let unit = || Part::Phrase(words::unit(f.unit));
    let part = match f.stated {
        Some(stated) => Part::Phrase(
            k::FIDELITY_TARGET_BEYOND
                .said()
                .with("stated", Part::Shortest(stated))
                .with("unit", unit()),
        ),
        None => Part::text(""),
    };
    match f.within {
        Some(a) => k::FIDELITY_TARGET_WITHIN
            .said()
            .with("within", Part::Shortest(a))
            .with("unit", unit())
            .with("part", part),
        None => k::FIDELITY_TARGET_RELATIVE
            .said()
            .with("pct", Part::Fixed(f.tolerance.relative() * 100.0, 0))
            .with(
                "absolute",
                f.tolerance.absolute().map_or(Part::text(""), |a| {
                    Part::Phrase(
                        k::FIDELITY_TARGET_POINTS
                            .said()
                            .with("points", Part::Shortest(a)),
                    )
                }),
            )
            .with("part", part),
    }
}

/// A calibrated figure's target in words (`±2 %`).
fn calibrated_target() -> Phrase {
    k::FIDELITY_TARGET_RELATIVE
        .said()
        .with("pct", Part::Fixed(CALIBRATED_TOLERANCE * 100.0, 0))
        .with("absolute", Part::text(""))
        .with("part", Part::text(""))
}

/// Builds one row.
fn row(f: &Figure, r: &Report, other: Option<&Report>) -> Row {
    let simulated = value(f.read, f.preset, r).map(|v| in_unit(f, v));
    let stated = f.stated.unwrap_or(0.0);
    let diff_pct = match (&f.measured, simulated) {
        (&Measured::Number(m), Some(s)) => difference(m, s, stated).pct,
        _ => None,
    };
    let mut notes: Vec<Phrase> = Vec::new();
    let numeric = |notes: &mut Vec<Phrase>| match (&f.measured, simulated) {
        (&Measured::Number(m), Some(s)) => {
            if f.stated.is_some() {
                notes.push(
                    k::FIDELITY_BEYOND
                        .said()
                        .with("stated", Part::Shortest(stated))
                        .with("unit", Part::Phrase(words::unit(f.unit)))
                        .with("measured", Part::Fixed(m - stated, 4))
                        .with("simulated", Part::Fixed(s - stated, 4)),
                );
            }
            if within_tolerance(f, m, s) {
                Verdict::Pass
            } else {
                Verdict::Fail
            }
        }
        _ => Verdict::Fail,
    };
    let verdict = match f.basis {
        Basis::Contradiction => {
            if let Some(a) = f.arith {
                notes.push(a.said());
            }
            Verdict::Shown
        }
        Basis::Calibrated => match diff_pct {
            Some(d) if d.abs() <= CALIBRATED_TOLERANCE * 100.0 => Verdict::Pass,
            _ => Verdict::Fail,
        },
        Basis::Predicted => numeric(&mut notes),
        Basis::Derived if f.check.is_some() => qualitative(f, r, other, simulated, &mut notes),
        Basis::Derived => numeric(&mut notes),
        Basis::Qualitative => qualitative(f, r, other, simulated, &mut notes),
    };
    if f.basis == Basis::Contradiction && f.check.is_some() {
        // A contradiction with a rule: say what the simulation did.
        let _ = qualitative(f, r, other, simulated, &mut notes);
    }
    let held_to = match f.basis {
        Basis::Predicted => Some(target(f)),
        Basis::Derived if f.check.is_none() => Some(target(f)),
        Basis::Calibrated => Some(calibrated_target()),
        Basis::Derived | Basis::Qualitative => f.rule_said(),
        Basis::Contradiction => None,
    };
    let target = |key: crate::i18n::keys::Key| key.said().with("target", Part::Phrase(target(f)));
    let tol = match f.basis {
        Basis::Predicted => Some(target(k::FIDELITY_PREDICTED)),
        Basis::Derived if f.check.is_none() => Some(target(k::FIDELITY_DERIVED)),
        Basis::Calibrated => Some(
            k::FIDELITY_CALIBRATED_TARGET
                .said()
                .with("pct", Part::Fixed(CALIBRATED_TOLERANCE * 100.0, 0)),
        ),
        Basis::Contradiction => Some(k::FIDELITY_CONTRADICTION.said()),
        Basis::Derived | Basis::Qualitative => None,
    };
    if let Some(tol) = tol {
        notes.insert(0, tol);
    }

    notes.extend(f.note_said());
    if let Some(finding) = f.finding_said() {
        notes.push(
            k::FIDELITY_FINDING
                .said()
                .with("finding", Part::Phrase(finding)),
        );
    }
    if r.outcome != Outcome::Completed && !matches!(f.check, Some(Check::OutOfMemory)) {
        notes.push(
            k::FIDELITY_INCOMPLETE
                .said()
                .with("detail", Part::Phrase(crate::summary::said::outcome(r))),
        );
    }
    Row {
        experiment: f.experiment.into(),
        variant: f.variant.into(),
        metric: f.metric.into(),
        unit: f.unit.into(),
        measured: f.measured.clone(),
        simulated,
        diff_pct,
        stated: f.stated,
        target: held_to,
        basis: f.basis,
        verdict,
        note: join(&notes, |p| p.english(), " "),
        said: notes,
        preset: f.preset,
        finding: f.finding,
    }
}

/// Applies a qualitative rule; says what happened in `notes`.
fn qualitative(
    f: &Figure,
    r: &Report,
    other: Option<&Report>,
    simulated: Option<f64>,
    notes: &mut Vec<Phrase>,
) -> Verdict {
    let Some(check) = f.check else {
        return Verdict::Fail;
    };
    if let Some(rule) = f.rule_said() {
        notes.push(k::FIDELITY_RULE.said().with("rule", Part::Phrase(rule)));
    }
    let holds = match check {
        Check::NoErrors => {
            let bad = r.errors.total + r.completed.saturating_sub(r.succeeded);
            notes.push(
                k::FIDELITY_SIMULATED_ERRORS
                    .said()
                    .with("errors", Part::Count(bad))
                    .with("results", Part::Count(r.completed + r.errors.total))
                    .with("outcome", Part::text(format!("{:?}", r.outcome))),
            );
            bad == 0 && r.outcome == Outcome::Completed
        }
        Check::OutOfMemory => {
            notes.push(
                k::FIDELITY_SIMULATED_MEMORY
                    .said()
                    .with("outcome", Part::text(format!("{:?}", r.outcome)))
                    .with("mb", Part::Fixed(r.server.peak_memory_mb, 0)),
            );
            r.outcome == Outcome::OutOfMemory
        }
        Check::Within10Pct { other: name } => {
            let Some(o) = other else {
                notes.push(k::FIDELITY_RUN_TOO.said().with("preset", Part::text(name)));
                return Verdict::Shown;
            };
            let b = value(f.read, name, o).map(|v| in_unit(f, v));
            match (simulated, b) {
                (Some(a), Some(b)) if a.max(b) > 0.0 => {
                    let d = (a - b) / b * 100.0;
                    notes.push(
                        k::FIDELITY_SIMULATED_VS
                            .said()
                            .with("a", Part::Fixed(a, 1))
                            .with("b", Part::Fixed(b, 1))
                            .with("unit", Part::Phrase(words::unit(f.unit)))
                            .with("preset", Part::text(name))
                            .with("diff", Part::Signed(d, 1)),
                    );
                    d.abs() <= 10.0
                }
                _ => false,
            }
        }
    };
    if holds { Verdict::Pass } else { Verdict::Fail }
}

/// Phrases said one after the other: a space between sentences, none in
/// Chinese, which writes none.
fn join(notes: &[Phrase], say: impl Fn(&Phrase) -> String, space: &str) -> String {
    notes.iter().map(say).collect::<Vec<_>>().join(space)
}

impl Row {
    /// The note in `locale`, numbers written the locale's way.
    pub fn note_in(&self, locale: Locale) -> String {
        let space = if locale == Locale::Zh { "" } else { " " };
        join(&self.said, |p| p.text(locale), space)
    }
}
