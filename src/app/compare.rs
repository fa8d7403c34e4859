//! Before and after: the pinned baseline's runs beside the current ones,
//! figure by figure, with the change and whether it is for the better, and
//! what was changed in between.

use super::digest::RunView;
use super::format::{ms, sig, thousands};
use super::modes::Mode;
use super::state::{Baseline, State};

/// How a figure's change is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Relative: "+12 %".
    Percent,
    /// A difference of percentages: "+47.9 points".
    Points,
}

/// One figure of the comparison.
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    /// Its name.
    pub name: &'static str,
    /// Whether more is better.
    pub higher_is_better: bool,
    /// How its change is written.
    pub change: Change,
    read: fn(&RunView) -> f64,
    show: fn(f64) -> String,
}

fn rps(x: f64) -> String {
    format!("{} req/s", thousands(x, 0))
}

fn pct(x: f64) -> String {
    format!("{} %", sig(x))
}

fn mb(x: f64) -> String {
    format!("{} MB", thousands(x, 0))
}

/// The figures compared, in order.
pub const FIGURES: &[Figure] = &[
    Figure {
        name: "successful requests/s",
        higher_is_better: true,
        change: Change::Percent,
        read: |r| r.goodput_rps,
        show: rps,
    },
    Figure {
        name: "p50",
        higher_is_better: false,
        change: Change::Percent,
        read: |r| r.latency.p50,
        show: ms,
    },
    Figure {
        name: "p99",
        higher_is_better: false,
        change: Change::Percent,
        read: |r| r.latency.p99,
        show: ms,
    },
    Figure {
        name: "errors",
        higher_is_better: false,
        change: Change::Points,
        read: |r| r.error_pct,
        show: pct,
    },
    Figure {
        name: "peak memory",
        higher_is_better: false,
        change: Change::Percent,
        read: |r| r.peak_memory_mb,
        show: mb,
    },
];

/// One column's figure before and after.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The column.
    pub mode: Mode,
    /// The baseline's value in words ("–" when that column did not run).
    pub before: String,
    /// The current value in words.
    pub now: String,
    /// The change in words ("+12.0 %", "−3.1 points"), if both exist and
    /// it can be said.
    pub change: Option<String>,
    /// Whether the change is for the better (`None`: no change to speak of).
    pub better: Option<bool>,
}

/// One figure across the columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The figure's name.
    pub name: &'static str,
    /// One cell per running column.
    pub cells: Vec<Cell>,
}

/// Changes smaller than this (relative, or in points) count as none.
const NOISE: f64 = 0.5;

fn cell(f: &Figure, mode: Mode, before: Option<&RunView>, now: Option<&RunView>) -> Cell {
    let (b, n) = (before.map(f.read), now.map(f.read));
    let dash = || "–".to_string();
    let diff = match (b, n, f.change) {
        (Some(b), Some(n), Change::Percent) if b > 0.0 => Some((n - b) / b * 100.0),
        (Some(b), Some(n), Change::Points) => Some(n - b),
        _ => None,
    };
    let unit = match f.change {
        Change::Percent => "%",
        Change::Points => "points",
    };
    Cell {
        mode,
        before: b.map_or_else(dash, f.show),
        now: n.map_or_else(dash, f.show),
        change: diff.map(|d| {
            let sign = if d >= 0.0 { "+" } else { "−" };
            format!("{sign}{} {unit}", thousands(d.abs(), 1))
        }),
        better: diff
            .filter(|d| d.abs() >= NOISE)
            .map(|d| (d > 0.0) == f.higher_is_better),
    }
}

/// The comparison of the running columns' current runs with the baseline.
pub fn rows(baseline: &Baseline, state: &State) -> Vec<Row> {
    let modes = state.setup.modes.list();
    FIGURES
        .iter()
        .map(|f| Row {
            name: f.name,
            cells: modes
                .iter()
                .map(|&m| {
                    let before = baseline.runs.get(m).as_deref();
                    let now = state.results.singles.get(m).as_deref();
                    cell(f, m, before, now)
                })
                .collect(),
        })
        .collect()
}

/// What was changed since the baseline was pinned, in words.
pub fn changes(baseline: &Baseline, state: &State) -> Vec<String> {
    let mut lines = state.setup.change_lines(&baseline.setup);
    if baseline.setup.preset != state.setup.preset {
        let name = |s: &Option<String>| s.clone().unwrap_or_else(|| "none".into());
        lines.insert(
            0,
            format!(
                "preset: {} → {}",
                name(&baseline.setup.preset),
                name(&state.setup.preset)
            ),
        );
    }
    lines
}
