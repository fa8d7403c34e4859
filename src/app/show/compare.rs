//! Before and after: the pinned baseline's runs beside the current ones,
//! figure by figure, with the change and whether it is for the better, and
//! what was changed in between.

use crate::app::basis::format::ms_in;
use crate::app::basis::modes::Mode;
use crate::app::page::state::{Baseline, State};
use crate::app::run::digest::RunView;
use crate::i18n::keys::Key;
use crate::i18n::keys::chart as k;
use crate::i18n::{Arg, Locale};

/// How a figure's change is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// Relative: "+12 %".
    Percent,
    /// A difference of percentages: "+47.9 points".
    Points,
}

/// One figure of the comparison.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Figure {
    /// Its name.
    pub(crate) name: Key,
    /// Whether more is better.
    pub(crate) higher_is_better: bool,
    /// How its change is written.
    pub(crate) change: Change,
    read: fn(&RunView) -> f64,
    show: fn(Locale, f64) -> String,
}

fn rps(l: Locale, x: f64) -> String {
    format!("{} req/s", l.number(x, 0))
}

fn pct(l: Locale, x: f64) -> String {
    format!("{} %", l.sig(x))
}

fn mb(l: Locale, x: f64) -> String {
    format!("{} MB", l.number(x, 0))
}

/// The figures compared, in order.
pub(crate) const FIGURES: &[Figure] = &[
    Figure {
        name: k::COMPARE_SUCCESSFUL,
        higher_is_better: true,
        change: Change::Percent,
        read: |r| r.goodput_rps,
        show: rps,
    },
    Figure {
        name: k::COMPARE_P50,
        higher_is_better: false,
        change: Change::Percent,
        read: |r| r.latency.p50,
        show: ms_in,
    },
    Figure {
        name: k::COMPARE_P99,
        higher_is_better: false,
        change: Change::Percent,
        read: |r| r.latency.p99,
        show: ms_in,
    },
    Figure {
        name: k::COMPARE_ERRORS,
        higher_is_better: false,
        change: Change::Points,
        read: |r| r.error_pct,
        show: pct,
    },
    Figure {
        name: k::COMPARE_PEAK_MEMORY,
        higher_is_better: false,
        change: Change::Percent,
        read: |r| r.peak_memory_mb,
        show: mb,
    },
];

/// One column's figure before and after.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Cell {
    /// The column.
    pub(crate) mode: Mode,
    /// The baseline's value in words ("–" when that column did not run).
    pub(crate) before: String,
    /// The current value in words.
    pub(crate) now: String,
    /// The change in words ("+12.0 %", "−3.1 points"), if both exist and
    /// it can be said.
    pub(crate) change: Option<String>,
    /// Whether the change is for the better (`None`: no change to speak of).
    pub(crate) better: Option<bool>,
}

/// One figure across the columns.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Row {
    /// The figure's name.
    pub(crate) name: String,
    /// One cell per running column.
    pub(crate) cells: Vec<Cell>,
}

/// Changes smaller than this (relative, or in points) count as none.
const NOISE: f64 = 0.5;

fn cell(
    l: Locale,
    f: &Figure,
    mode: Mode,
    before: Option<&RunView>,
    now: Option<&RunView>,
) -> Cell {
    let (b, n) = (before.map(f.read), now.map(f.read));
    let dash = || "–".to_string();
    let diff = match (b, n, f.change) {
        (Some(b), Some(n), Change::Percent) if b > 0.0 => Some((n - b) / b * 100.0),
        (Some(b), Some(n), Change::Points) => Some(n - b),
        _ => None,
    };
    let unit = match f.change {
        Change::Percent => k::COMPARE_PERCENT,
        Change::Points => k::COMPARE_POINTS,
    };
    let show = |v: f64| (f.show)(l, v);
    Cell {
        mode,
        before: b.map_or_else(dash, show),
        now: n.map_or_else(dash, show),
        change: diff.map(|d| signed(l, unit, d)),
        better: diff
            .filter(|d| d.abs() >= NOISE)
            .map(|d| (d > 0.0) == f.higher_is_better),
    }
}

/// A change `d` in `unit`'s words with its sign ("+10.0 %", "−2.2 points").
fn signed(l: Locale, unit: Key, d: f64) -> String {
    let sign = if d >= 0.0 { "+" } else { "−" };
    format!("{sign}{}", unit.text(l, &[("n", Arg::Fixed(d.abs(), 1))]))
}

/// The comparison of the running columns' current runs with the baseline.
pub(crate) fn rows(baseline: &Baseline, state: &State) -> Vec<Row> {
    let modes = state.setup.modes.list();
    let l = state.view.locale();
    FIGURES
        .iter()
        .map(|f| Row {
            name: f.name.text(l, &[]),
            cells: modes
                .iter()
                .map(|&m| {
                    let before = baseline.runs.get(m).as_deref();
                    let now = state.results.singles.get(m).as_deref();
                    cell(l, f, m, before, now)
                })
                .collect(),
        })
        .collect()
}

/// What was changed since the baseline was pinned, in words.
pub(crate) fn changes(baseline: &Baseline, state: &State) -> Vec<String> {
    let l = state.view.locale();
    let mut lines = state.setup.change_lines_in(&baseline.setup, l);
    if baseline.setup.preset != state.setup.preset {
        let name = |s: &Option<String>| {
            Arg::Text(
                s.clone()
                    .unwrap_or_else(|| k::COMPARE_NO_PRESET.text(l, &[])),
            )
        };
        let (from, to) = (name(&baseline.setup.preset), name(&state.setup.preset));
        lines.insert(0, k::COMPARE_PRESET.text(l, &[("from", from), ("to", to)]));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A change carries its sign and one decimal (the deleted
    /// `format::signed_pct`'s cases, now on the compare table's own words).
    #[test]
    fn a_change_is_signed_with_one_decimal() {
        let en = Locale::En;
        assert_eq!(signed(en, k::COMPARE_PERCENT, 10.0), "+10.0 %");
        assert_eq!(signed(en, k::COMPARE_PERCENT, -2.25), "−2.2 %");
        assert_eq!(signed(en, k::COMPARE_POINTS, -3.1), "−3.1 points");
    }
}
