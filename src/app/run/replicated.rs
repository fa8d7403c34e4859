//! The replications of each mode's full run as the page shows them: per
//! figure, each mode's median with its band (and the interval for the
//! median in its title), and whether the modes' difference is within the
//! noise (`crate::replicas::compare`); a line on each mode's warm-up; the
//! method in one note. All words here; `ui::replicas` only binds.

use crate::app::basis::format::ms_in;
use crate::app::basis::modes::{Columns, Modes, PerMode};
use crate::app::run::plan::PAGE_REPLICATIONS;
use crate::i18n::keys::Key;
use crate::i18n::keys::ui as words;
use crate::i18n::{Arg, Locale};
use crate::replicas::{Band, Figure, Interval, Noise, Sample, Summary, compare};

/// One mode's figure.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Cell {
    /// The median, in the page's digits and units.
    pub(crate) median: String,
    /// Lowest to highest run.
    pub(crate) band: String,
    /// The interval for the median with its coverage, when there is one.
    pub(crate) interval: Option<String>,
}

/// One figure across the modes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Row {
    /// Which figure (its name is `data-figure` on the page).
    pub(crate) figure: Figure,
    /// Its label.
    pub(crate) label: String,
    /// One cell per mode, in the columns' order.
    pub(crate) cells: Vec<Cell>,
    /// The judgement, with two modes.
    pub(crate) noise: Option<(Noise, String)>,
}

/// The replications' panel.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ReplicasView {
    /// "Over N seeds" (or how many are in so far).
    pub(crate) heading: String,
    /// The columns' names.
    pub(crate) columns: Vec<String>,
    /// Every figure.
    pub(crate) rows: Vec<Row>,
    /// One line per mode on its warm-up.
    pub(crate) warmup: Vec<String>,
    /// How to read it: the band, the interval, the rule, the sweep's seeds.
    pub(crate) note: String,
    /// Whether every mode has all its seeds.
    pub(crate) complete: bool,
}

fn label(f: Figure) -> Key {
    match f {
        Figure::Throughput => words::REPLICAS_THROUGHPUT,
        Figure::Goodput => words::REPLICAS_GOODPUT,
        Figure::P50 => words::REPLICAS_P50,
        Figure::P99 => words::REPLICAS_P99,
        Figure::Max => words::REPLICAS_MAX,
        Figure::Mean => words::REPLICAS_MEAN,
    }
}

/// A figure's value in the page's digits: a rate, or a latency with its unit.
fn value(f: Figure, x: f64, l: Locale) -> String {
    if f.higher_is_better() {
        l.number(x, 0)
    } else {
        ms_in(l, x)
    }
}

fn cell(f: Figure, b: &Band, l: Locale) -> Cell {
    let v = |x| Arg::Text(value(f, x, l));
    let coverage = |i: &Interval| Arg::Fixed(i.coverage * 100.0, 2);
    match b.interval {
        // At the fewest seeds with an interval (rank 1) it is the band
        // itself: one line says both, as a projector has little room.
        Some(i) if i.rank == 1 => Cell {
            median: value(f, b.median, l),
            band: words::REPLICAS_BAND_IS_INTERVAL.text(
                l,
                &[
                    ("lo", v(b.min)),
                    ("hi", v(b.max)),
                    ("coverage", coverage(&i)),
                ],
            ),
            interval: None,
        },
        _ => Cell {
            median: value(f, b.median, l),
            band: words::REPLICAS_BAND.text(l, &[("lo", v(b.min)), ("hi", v(b.max))]),
            interval: b.interval.map(|i| {
                words::REPLICAS_INTERVAL.text(
                    l,
                    &[("lo", v(i.lo)), ("hi", v(i.hi)), ("coverage", coverage(&i))],
                )
            }),
        },
    }
}

fn judgement(d: &crate::replicas::Difference, l: Locale) -> (Noise, String) {
    let text = match d.noise {
        Noise::Within => words::REPLICAS_WITHIN.text(l, &[]),
        Noise::Apart => words::REPLICAS_APART.text(
            l,
            &[(
                "pct",
                Arg::Fixed(d.relative.map_or(0.0, |r| r.abs() * 100.0), 0),
            )],
        ),
        Noise::Unjudged => words::REPLICAS_UNJUDGED.text(l, &[]),
    };
    (d.noise, text)
}

fn warmup_line(name: &str, s: &Summary, l: Locale) -> String {
    let w = &s.warmup;
    let mode = ("mode", Arg::Text(name.to_string()));
    if w.analysed == 0 {
        return words::REPLICAS_WARMUP_SHORT.text(l, &[mode]);
    }
    let n = ("n", Arg::Fixed(f64::from(w.analysed), 0));
    if w.cut == 0 {
        return words::REPLICAS_WARMUP_NONE.text(l, &[mode, n]);
    }
    words::REPLICAS_WARMUP.text(
        l,
        &[
            mode,
            n,
            ("cut", Arg::Fixed(f64::from(w.cut), 0)),
            ("s", Arg::Fixed(w.cut_s.median, 2)),
            ("pct", Arg::Fixed(w.share.median * 100.0, 1)),
            ("rate", Arg::Fixed(w.steady_throughput_rps.median, 0)),
        ],
    )
}

impl ReplicasView {
    /// The panel for `modes`' samples so far; `None` before any has come.
    pub(crate) fn of(
        samples: &PerMode<Vec<Sample>>,
        modes: Modes,
        columns: Columns,
        l: Locale,
    ) -> Option<ReplicasView> {
        let list = modes.list();
        let summaries: Vec<Summary> = (list.iter())
            .map(|&m| samples.get(m))
            .filter(|s| !s.is_empty())
            .map(|s| Summary::of(s))
            .collect();
        if summaries.len() != list.len() || list.is_empty() {
            return None;
        }
        let fewest = summaries.iter().map(|s| s.runs).min().unwrap_or(0);
        let differences = match summaries.as_slice() {
            [a, b] => compare(a, b),
            _ => Vec::new(),
        };
        let rows = (Figure::ALL.iter())
            .map(|&f| Row {
                figure: f,
                label: label(f).text(l, &[]),
                cells: summaries
                    .iter()
                    .map(|s| cell(f, s.figures.get(f), l))
                    .collect(),
                noise: (differences.iter())
                    .find(|d| d.figure == f)
                    .map(|d| judgement(d, l)),
            })
            .collect();
        let complete = fewest >= PAGE_REPLICATIONS;
        let count = |n: u32| Arg::Fixed(f64::from(n), 0);
        let heading = if complete {
            words::REPLICAS_HEADING.text(l, &[("n", count(fewest))])
        } else {
            words::REPLICAS_RUNNING.text(
                l,
                &[("done", count(fewest)), ("n", count(PAGE_REPLICATIONS))],
            )
        };
        let names: Vec<String> = list.iter().map(|&m| columns.name(m, l)).collect();
        let five = crate::replicas::INTERVAL_FROM;
        let note = words::REPLICAS_NOTE.text(
            l,
            &[
                ("five", count(five)),
                (
                    "coverage",
                    Arg::Fixed(crate::replicas::coverage_at(five) * 100.0, 2),
                ),
            ],
        );
        Some(ReplicasView {
            heading,
            warmup: (names.iter().zip(&summaries))
                .map(|(name, s)| warmup_line(name, s, l))
                .collect(),
            columns: names,
            rows,
            note,
            complete,
        })
    }
}

#[cfg(test)]
mod tests;
