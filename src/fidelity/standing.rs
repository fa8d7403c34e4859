//! How to read the measured-vs-simulated rows, for people who do not read
//! such tables every day: the legend of the bases a table shows, the
//! summary line (how many independent predictions meet their target, and
//! what is not counted), and each row's difference two ways, over the whole
//! value and over the part beyond what the scenario states.
//!
//! The page's table and `threadlab fidelity` say the same from here.

use super::figures::{Basis, Measured};
use super::rows::{CALIBRATED_TOLERANCE, Row, Verdict};
use crate::i18n::keys::report as k;
use crate::i18n::{Locale, Part, Phrase};

/// Simulated minus measured, in the row's unit and in percent of a base.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    /// Simulated − measured, in the row's unit.
    pub by: f64,
    /// `by` in percent of the base (none when the base is zero).
    pub pct: Option<f64>,
}

/// `simulated − measured`, and that in percent of `measured − stated`: of
/// the whole value when nothing is stated (`stated` 0), else of the part
/// beyond the stated one.
pub(super) fn difference(measured: f64, simulated: f64, stated: f64) -> Difference {
    let by = simulated - measured;
    let base = measured - stated;
    Difference {
        by,
        // The same operations as the report always did, so its numbers
        // stay the same to the last digit.
        pct: (base != 0.0).then(|| (simulated - measured) / base * 100.0),
    }
}

/// A row's comparison on the part beyond its stated part.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Beyond {
    /// The stated part (a 50 ms sleep), in the row's unit.
    pub stated: f64,
    /// The measured value beyond it.
    pub measured: f64,
    /// The simulated value beyond it.
    pub simulated: f64,
    /// The difference, in percent of `measured`.
    pub difference: Difference,
}

impl Row {
    /// The two numbers, when the article gives one and the model has one.
    fn numbers(&self) -> Option<(f64, f64)> {
        match (&self.measured, self.simulated) {
            (&Measured::Number(m), Some(s)) => Some((m, s)),
            _ => None,
        }
    }

    /// The plain difference: simulated − measured, and in percent of the
    /// whole measured value (80.5 vs 53.8 ms: +26.7 ms, +50 %).
    pub fn whole_difference(&self) -> Option<Difference> {
        let (m, s) = self.numbers()?;
        Some(difference(m, s, 0.0))
    }

    /// The comparison the target applies to, for a row that states a part
    /// of its value (80.5 vs 53.8 ms with a stated 50 ms sleep: 30.5 vs
    /// 3.8 ms beyond it, +703 %); none for a row that states nothing.
    pub fn beyond_difference(&self) -> Option<Beyond> {
        let stated = self.stated?;
        let (m, s) = self.numbers()?;
        Some(Beyond {
            stated,
            measured: m - stated,
            simulated: s - stated,
            difference: difference(m, s, stated),
        })
    }

    /// Whether the row is an independent check of the model: a predicted
    /// number or a rule on the article's words (never a calibrated,
    /// derived or contradicting figure).
    pub fn is_independent(&self) -> bool {
        self.basis.is_evidence()
    }
}

impl Basis {
    /// Every basis, the evidence first, as the legend lists them.
    pub const ALL: [Basis; 5] = [
        Basis::Predicted,
        Basis::Qualitative,
        Basis::Calibrated,
        Basis::Derived,
        Basis::Contradiction,
    ];

    /// Whether a row of this basis is evidence for the model: an
    /// independent prediction, fitted to nothing.
    pub fn is_evidence(self) -> bool {
        matches!(self, Basis::Predicted | Basis::Qualitative)
    }

    /// What the basis means, in a few words, for the legend.
    pub fn meaning(self) -> Phrase {
        match self {
            Basis::Predicted => k::FIDELITY_MEANING_PREDICTED.said(),
            Basis::Qualitative => k::FIDELITY_MEANING_QUALITATIVE.said(),
            Basis::Calibrated => k::FIDELITY_MEANING_CALIBRATED
                .said()
                .with("pct", Part::Fixed(CALIBRATED_TOLERANCE * 100.0, 0)),
            Basis::Derived => k::FIDELITY_MEANING_DERIVED.said(),
            Basis::Contradiction => k::FIDELITY_MEANING_CONTRADICTION.said(),
        }
    }
}

/// The legend of a table: the bases its rows have, evidence first, and
/// whether one of them is judged on the part beyond a stated one.
#[derive(Clone, Debug, PartialEq)]
pub struct Legend {
    /// The bases present, in [`Basis::ALL`]'s order.
    pub bases: Vec<Basis>,
    /// Whether a row states a part of its value (the legend explains
    /// "beyond the stated part" then).
    pub beyond: bool,
}

/// The legend of `rows`.
pub fn legend<'a>(rows: impl IntoIterator<Item = &'a Row> + Clone) -> Legend {
    let bases = (Basis::ALL.into_iter())
        .filter(|b| rows.clone().into_iter().any(|r| r.basis == *b))
        .collect();
    let beyond = rows.into_iter().any(|r| r.stated.is_some());
    Legend { bases, beyond }
}

impl Legend {
    /// Each entry as a phrase: "calibrated: an assumed value was fitted …".
    pub fn entries(&self) -> Vec<(Basis, Phrase)> {
        (self.bases.iter())
            .map(|&b| {
                let said = k::FIDELITY_LEGEND_TERM
                    .said()
                    .with("basis", Part::Phrase(b.said().said()))
                    .with("meaning", Part::Phrase(b.meaning()));
                (b, said)
            })
            .collect()
    }

    /// The sentence on the part beyond a stated one, if a row needs it.
    pub fn beyond_said(&self) -> Option<Phrase> {
        self.beyond.then(|| k::FIDELITY_LEGEND_BEYOND.said())
    }
}

/// What a table's summary line says: how many independent predictions meet
/// their target, against which targets, and what is not counted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standing {
    /// Independent predictions that meet their target.
    pub within: usize,
    /// Independent predictions with a verdict (pass or fail).
    pub judged: usize,
    /// Independent predictions shown without a verdict: a comparison whose
    /// other run is not in the table's reports.
    pub unjudged: usize,
    /// The targets of the judged ones, each once, in row order (a rule's
    /// rows say "as its rule states" once).
    pub targets: Vec<Phrase>,
    /// Calibrated rows: fitted to the article, not counted.
    pub calibrated: usize,
    /// Derived rows: follow from calibrated ones, not counted.
    pub derived: usize,
    /// Contradictions: shown, not judged.
    pub contradictions: usize,
    /// Rows left out of the counts because the visitor changed their run's
    /// scenario (a verdict holds the model to the article's scenario).
    pub changed: usize,
}

/// The standing of `rows`, plus `changed` rows left out because their run's
/// scenario is not the article's any more.
pub fn standing<'a>(rows: impl IntoIterator<Item = &'a Row>, changed: usize) -> Standing {
    let mut s = Standing {
        changed,
        ..Default::default()
    };
    let rule = k::FIDELITY_STANDING_RULE.said();
    for r in rows {
        match r.basis {
            b if b.is_evidence() => {
                if r.verdict == Verdict::Shown {
                    s.unjudged += 1;
                    continue;
                }
                s.judged += 1;
                s.within += (r.verdict == Verdict::Pass) as usize;
                let target = match b {
                    Basis::Qualitative => Some(rule.clone()),
                    _ => r.target.clone(),
                };
                if let Some(t) = target.filter(|t| !s.targets.contains(t)) {
                    s.targets.push(t);
                }
            }
            Basis::Calibrated => s.calibrated += 1,
            Basis::Derived => s.derived += 1,
            _ => s.contradictions += 1,
        }
    }
    s
}

impl Standing {
    /// The summary line, sentence by sentence.
    pub fn said(&self) -> Vec<Phrase> {
        let mut out = Vec::new();
        if self.judged == 0 {
            out.push(k::FIDELITY_STANDING_NONE.said());
        } else {
            let targets = (self.targets.iter().cloned())
                .reduce(|a, b| {
                    k::FIDELITY_STANDING_AND
                        .said()
                        .with("a", Part::Phrase(a))
                        .with("b", Part::Phrase(b))
                })
                .unwrap_or_default();
            out.push(
                k::FIDELITY_STANDING_WITHIN
                    .said()
                    .with("within", Part::Count(self.within as u64))
                    .with("judged", Part::Count(self.judged as u64))
                    .with("targets", Part::Phrase(targets)),
            );
        }
        if self.unjudged > 0 {
            out.push(
                k::FIDELITY_STANDING_UNJUDGED
                    .said()
                    .with("n", Part::Count(self.unjudged as u64)),
            );
        }
        out.push(
            k::FIDELITY_STANDING_NOT_COUNTED
                .said()
                .with("calibrated", Part::Count(self.calibrated as u64))
                .with("derived", Part::Count(self.derived as u64))
                .with("contradictions", Part::Count(self.contradictions as u64)),
        );
        if self.changed > 0 {
            out.push(
                k::FIDELITY_STANDING_CHANGED
                    .said()
                    .with("n", Part::Count(self.changed as u64)),
            );
        }
        out
    }

    /// The summary line in `locale`, numbers written the locale's way.
    pub fn text(&self, locale: Locale) -> String {
        sentences(&self.said(), |p| p.text(locale), locale)
    }

    /// The summary line in English as the command line prints it.
    pub fn english(&self) -> String {
        sentences(&self.said(), Phrase::english, Locale::En)
    }
}

/// Sentences one after the other: a space between them, none in Chinese,
/// which writes none.
pub(super) fn sentences(
    phrases: &[Phrase],
    say: impl Fn(&Phrase) -> String,
    locale: Locale,
) -> String {
    let space = if locale == Locale::Zh { "" } else { " " };
    phrases.iter().map(say).collect::<Vec<_>>().join(space)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::keys::report as k;

    /// A row as `rows` builds it, with only what these tests look at.
    fn row(basis: Basis, verdict: Verdict, measured: f64, simulated: f64) -> Row {
        Row {
            experiment: "E2".into(),
            variant: "virtual".into(),
            metric: "fastest".into(),
            unit: "s".into(),
            measured: Measured::Number(measured),
            simulated: Some(simulated),
            diff_pct: None,
            stated: None,
            target: None,
            basis,
            verdict,
            note: String::new(),
            said: Vec::new(),
            preset: "e2-virtual",
            finding: "",
        }
    }

    fn target(pct: f64) -> Phrase {
        k::FIDELITY_TARGET_RELATIVE
            .said()
            .with("pct", Part::Fixed(pct, 0))
            .with("absolute", Part::text(""))
            .with("part", Part::text(""))
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// 80.5 vs 53.8 ms with a stated 50 ms sleep is +703 % of
    /// the 3.8 ms beyond the sleep, and +26.7 ms, +50 % of the whole.
    #[test]
    fn a_row_with_a_stated_part_has_both_differences() {
        let r = Row {
            stated: Some(0.050),
            ..row(Basis::Predicted, Verdict::Fail, 0.0538, 0.0805)
        };
        let whole = r.whole_difference().expect("numbers");
        assert!(close(whole.by, 0.0267), "{whole:?}");
        assert!(
            close(whole.pct.unwrap(), 0.0267 / 0.0538 * 100.0),
            "{whole:?}"
        );
        assert_eq!(format!("{:.0}", whole.pct.unwrap()), "50");
        let beyond = r.beyond_difference().expect("a stated part");
        assert!(close(beyond.stated, 0.050));
        assert!(close(beyond.measured, 0.0038), "{beyond:?}");
        assert!(close(beyond.simulated, 0.0305), "{beyond:?}");
        // The same difference in the unit, over a smaller base.
        assert!(close(beyond.difference.by, whole.by));
        assert_eq!(format!("{:.0}", beyond.difference.pct.unwrap()), "703");
    }

    #[test]
    fn a_row_without_a_stated_part_has_only_the_plain_difference() {
        let r = row(Basis::Calibrated, Verdict::Pass, 1877.2105, 1870.0);
        assert_eq!(r.beyond_difference(), None);
        let d = r.whole_difference().expect("numbers");
        assert!(close(d.by, 1870.0 - 1877.2105));
        assert!(close(
            d.pct.unwrap(),
            (1870.0 - 1877.2105) / 1877.2105 * 100.0
        ));
        // A measured zero (an error rate of 0 %) has no percentage, and a
        // figure in words no difference at all.
        let zero = row(Basis::Predicted, Verdict::Pass, 0.0, 0.4);
        assert_eq!(zero.whole_difference().map(|d| d.pct), Some(None));
        let words = Row {
            measured: Measured::Text("almost identical".into()),
            ..zero.clone()
        };
        assert_eq!(words.whole_difference(), None);
        // Everything stated: nothing beyond to take a percentage of.
        let all_stated = Row {
            stated: Some(1000.0),
            ..row(Basis::Predicted, Verdict::Pass, 1000.0, 1012.0)
        };
        let b = all_stated.beyond_difference().expect("a stated part");
        assert_eq!((b.measured, b.difference.pct), (0.0, None));
        assert!(close(b.difference.by, 12.0));
    }

    /// Only predicted numbers and rules count, calibrated ones never (not
    /// even when they match), contradictions are not judged, and a
    /// comparison whose other run is missing is said apart.
    #[test]
    fn the_summary_counts_independent_predictions_only() {
        let with = |r: Row, t: Phrase| Row {
            target: Some(t),
            ..r
        };
        let rows = [
            with(
                row(Basis::Predicted, Verdict::Pass, 1.0, 1.05),
                target(15.0),
            ),
            with(row(Basis::Predicted, Verdict::Fail, 1.0, 2.0), target(15.0)),
            with(row(Basis::Predicted, Verdict::Pass, 1.0, 1.0), target(10.0)),
            row(Basis::Qualitative, Verdict::Pass, 1.0, 1.0),
            row(Basis::Qualitative, Verdict::Shown, 1.0, 1.0),
            with(row(Basis::Calibrated, Verdict::Pass, 1.0, 1.0), target(2.0)),
            row(Basis::Calibrated, Verdict::Fail, 1.0, 1.5),
            row(Basis::Derived, Verdict::Pass, 1.0, 1.0),
            row(Basis::Contradiction, Verdict::Shown, 1.0, 9.0),
        ];
        let s = standing(&rows, 2);
        assert_eq!((s.within, s.judged, s.unjudged), (3, 4, 1), "{s:?}");
        assert_eq!(
            (s.calibrated, s.derived, s.contradictions, s.changed),
            (2, 1, 1, 2)
        );
        // Each target once, in row order; the rules' once; the calibrated
        // row's ±2 % is no target of a prediction.
        assert_eq!(
            s.targets,
            vec![target(15.0), target(10.0), k::FIDELITY_STANDING_RULE.said()]
        );
        assert_eq!(
            s.english(),
            "3 of 4 independent predictions within their target (±15 %; ±10 %; a rule: as its note states). \
             1 more compare two runs and are not judged here (see their notes). \
             Not counted as evidence: calibrated 2, derived 1, contradictions 1. \
             Not judged: 2 rows of your changed scenario."
        );
        for l in Locale::ALL {
            let t = s.text(l);
            assert!(!t.contains("{$") && !t.is_empty(), "{}: {t}", l.code());
        }
        assert!(
            s.text(Locale::De)
                .starts_with("3 von 4 unabhängigen Vorhersagen")
        );
        assert!(s.text(Locale::Zh).starts_with("4 项独立预测中有 3 项"));
        // No independent prediction: said so, not "0 of 0".
        let none = standing(&rows[5..], 0);
        assert_eq!(none.judged, 0);
        assert!(
            none.english().starts_with("No independent prediction"),
            "{}",
            none.english()
        );
    }

    #[test]
    fn the_legend_lists_the_tables_bases_evidence_first() {
        let rows = [
            row(Basis::Contradiction, Verdict::Shown, 1.0, 1.0),
            row(Basis::Calibrated, Verdict::Pass, 1.0, 1.0),
            row(Basis::Predicted, Verdict::Pass, 1.0, 1.0),
        ];
        let l = legend(&rows);
        assert_eq!(
            l.bases,
            vec![Basis::Predicted, Basis::Calibrated, Basis::Contradiction]
        );
        assert!(!l.beyond && l.beyond_said().is_none());
        let entries = l.entries();
        assert_eq!(
            entries[1].1.english(),
            "calibrated: an assumption was fitted to this figure (within ±2 %): not evidence"
        );
        let stated = [Row {
            stated: Some(0.05),
            ..rows[2].clone()
        }];
        assert!(legend(&stated).beyond_said().is_some());
        // Every basis has its meaning in every language.
        for b in Basis::ALL {
            for loc in Locale::ALL {
                let t = b.meaning().text(loc);
                assert!(
                    !t.contains("{$") && !t.starts_with("fidelity."),
                    "{b:?}: {t}"
                );
            }
        }
        assert_eq!(
            Basis::ALL.iter().filter(|b| b.is_evidence()).count(),
            2,
            "predicted numbers and rules"
        );
    }
}
