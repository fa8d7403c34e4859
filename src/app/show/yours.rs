//! "Your measurement" as the page shows it: what was read from the
//! visitor's load test output (`app::page::yours`), what it says about the
//! load and what it cannot know, Little's law on its own numbers, the load
//! settings it implies, and each figure beside the simulated run's, counted
//! as the same tool counts it. Facts come from `measured` and
//! `fidelity::yours`; the words are catalogue phrases, numbers in the
//! page's locale. What it says of a question studied in the worker is
//! `study` (a second output, the fit and virtual threads) and `plan` (a
//! capacity plan).

use serde_json::Value;

use crate::app::basis::modes::Mode;
use crate::app::page::state::State;
use crate::app::run::digest::RunView;
use crate::app::setup::Setup;
use crate::fidelity::yours::{self, Figure, Row};
use crate::i18n::keys::Key;
use crate::i18n::keys::ui as words;
use crate::i18n::{Locale, Part, Phrase};
use crate::measured::{Counted, Measurement};
use crate::scenario::{Draft, field};

pub(crate) mod plan;
pub(crate) mod study;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

/// A figure's name and its value in the page's locale.
pub(crate) type Fact = (String, String);

/// A number with `decimals` and a unit after a space (`22.2 ms`).
fn with_unit(l: Locale, x: f64, unit: &str) -> String {
    format!("{} {unit}", l.sig(x))
}

/// `figure`'s value as the page writes it, in `l`'s numbers.
pub(crate) fn value_in(l: Locale, figure: Figure, x: f64) -> String {
    match figure {
        Figure::Rate => format!("{}/s", l.number(x, 2)),
        Figure::Requests => l.number(x, 0),
        Figure::FailedPct => with_unit(l, x, "%"),
        Figure::Mean | Figure::Min | Figure::Max | Figure::Percentile => with_unit(l, x, "ms"),
    }
}

/// The name of `figure` (`p99` for a percentile).
fn figure_name(figure: Figure, percent: Option<f64>) -> Phrase {
    let key = match figure {
        Figure::Rate => words::YOURS_FIG_RATE,
        Figure::Requests => words::YOURS_FIG_REQUESTS,
        Figure::FailedPct => words::YOURS_FIG_FAILED,
        Figure::Mean => words::YOURS_FIG_MEAN,
        Figure::Min => words::YOURS_FIG_MIN,
        Figure::Max => words::YOURS_FIG_MAX,
        Figure::Percentile => words::YOURS_FIG_PERCENTILE,
    };
    let p = key.said();
    match percent {
        // `99.9`, not `99.90`: as the tools print it.
        Some(pct) => p.with("pct", Part::Shortest(pct)),
        None => p,
    }
}

/// "Read as hey output."
pub(crate) fn read_as(m: &Measurement) -> Phrase {
    (words::YOURS_READ_AS.said()).with("format", Part::text(m.source.label()))
}

/// What the output measured, figure by figure, in `l`.
pub(crate) fn figures(m: &Measurement, l: Locale) -> Vec<Fact> {
    let mut out: Vec<Fact> = Vec::new();
    let mut push = |name: Phrase, value: String| out.push((name.text(l), value));
    if let Some(n) = m.requests {
        push(figure_name(Figure::Requests, None), l.number(n as f64, 0));
    }
    if let Some(f) = m.failed {
        let of_all = m
            .requests
            .filter(|n| *n > 0)
            .map(|n| f as f64 / n as f64 * 100.0);
        let pct = of_all.map_or(String::new(), |p| format!(" ({})", with_unit(l, p, "%")));
        push(
            figure_name(Figure::FailedPct, None),
            format!("{}{pct}", l.number(f as f64, 0)),
        );
    }
    if let Some(x) = m.rate_per_s {
        push(
            figure_name(Figure::Rate, None),
            value_in(l, Figure::Rate, x),
        );
    }
    if let Some(t) = m.elapsed_s {
        push(words::YOURS_FIG_ELAPSED.said(), with_unit(l, t, "s"));
    }
    let lat = &m.latency;
    let ms = [
        (figure_name(Figure::Mean, None), lat.mean_ms),
        (words::YOURS_FIG_STDEV.said(), lat.stdev_ms),
        (figure_name(Figure::Min, None), lat.min_ms),
        (figure_name(Figure::Max, None), lat.max_ms),
    ];
    for (name, v) in ms {
        if let Some(v) = v {
            push(name, with_unit(l, v, "ms"));
        }
    }
    for &(p, v) in &lat.percentiles {
        push(
            figure_name(Figure::Percentile, Some(p)),
            with_unit(l, v, "ms"),
        );
    }
    out
}

/// What the tool's figures count, one sentence each.
pub(crate) fn counted(m: &Measurement) -> Vec<Phrase> {
    let tool = || Part::text(m.source.tool_name());
    (m.counts.iter())
        .map(|c| match c {
            Counted::RateIncludesErrors => {
                words::YOURS_COUNTED_RATE_ERRORS.said().with("tool", tool())
            }
            Counted::LatencyWithoutErrors => words::YOURS_COUNTED_LATENCY_NO_ERRORS
                .said()
                .with("tool", tool()),
            Counted::LatencyWithFailures => words::YOURS_COUNTED_LATENCY_FAILURES
                .said()
                .with("tool", tool()),
            Counted::HeyCapped => words::YOURS_COUNTED_HEY_CAPPED.said(),
            Counted::Wrk2Calibration => words::YOURS_COUNTED_WRK2_CALIBRATION.said(),
            Counted::WholeMilliseconds => words::YOURS_COUNTED_WHOLE_MS.said().with("tool", tool()),
            Counted::PercentilesComputedHere => words::YOURS_COUNTED_COMPUTED_HERE.said(),
            Counted::ThresholdFailed => words::YOURS_COUNTED_THRESHOLD.said(),
        })
        .collect()
}

/// What the output says about the load it made, one phrase each; and
/// what is missing that the visitor can add.
pub(crate) fn load(m: &Measurement) -> Vec<Phrase> {
    let s = &m.load;
    let count = |k: Key, n: u64| k.said().with("n", Part::Count(n));
    let secs = |k: Key, name: &'static str, x: f64| k.said().with(name, Part::Shortest(x));
    let mut out = Vec::new();
    out.extend(
        s.concurrency
            .map(|n| count(words::YOURS_LOAD_CONCURRENCY, n)),
    );
    out.extend(s.threads.map(|n| count(words::YOURS_LOAD_THREADS, n)));
    out.extend(s.requests.map(|n| count(words::YOURS_LOAD_REQUESTS, n)));
    out.extend(
        s.duration_s
            .map(|d| secs(words::YOURS_LOAD_DURATION, "s", d)),
    );
    out.extend(
        s.rate_per_s
            .map(|r| secs(words::YOURS_LOAD_RATE, "rate", r)),
    );
    out.extend(s.timeout_s.map(|t| secs(words::YOURS_LOAD_TIMEOUT, "s", t)));
    if s.keep_alive_off {
        out.push(words::YOURS_LOAD_KEEP_ALIVE_OFF.said());
    }
    if out.is_empty() {
        out.push(words::YOURS_LOAD_NOTHING.said());
    }
    out
}

/// Whether the output lacks the concurrency a closed loop needs (the
/// panel asks for the command line then).
pub(crate) fn lacks_concurrency(m: &Measurement) -> bool {
    m.load.concurrency.is_none() && m.source.tool().is_some() && m.load.rate_per_s.is_none()
}

/// Little's law on the output's own numbers, as the article checks are
/// said: the sentence, and whether the two agree (`None`: it cannot be
/// checked).
pub(crate) fn little(m: &Measurement) -> (Phrase, Option<bool>) {
    let Some(c) = yours::little(m) else {
        return (words::YOURS_LITTLE_NONE.said(), None);
    };
    let apart = (c.measured_mean_ms - c.implied_mean_ms).abs() / c.implied_mean_ms * 100.0;
    let verdict = if c.consistent {
        words::YOURS_LITTLE_CONSISTENT
    } else {
        words::YOURS_LITTLE_INCONSISTENT
    };
    let said = (words::YOURS_LITTLE_CHECK.said())
        .with("n", Part::Count(c.in_flight as u64))
        .with("x", Part::Fixed(c.throughput_rps, 2))
        .with("implied", Part::Fixed(c.implied_mean_ms, 1))
        .with("measured", Part::Fixed(c.measured_mean_ms, 1))
        .with("apart", Part::Fixed(apart, 1))
        .with("verdict", Part::Phrase(verdict.said()));
    (said, Some(c.consistent))
}

/// One figure of the comparison, in the page's words and numbers.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RowView {
    /// The figure's name.
    pub(crate) figure: String,
    /// As measured.
    pub(crate) measured: String,
    /// As simulated (`–` when the simulated tool does not print it).
    pub(crate) simulated: String,
    /// (simulated − measured) ÷ measured, with its sign (`+3.1 %`).
    pub(crate) difference: String,
}

/// A share in percent: `12.3 %` (`–` when unknown).
fn pct_in(l: Locale, x: Option<f64>) -> String {
    match x.filter(|x| x.is_finite()) {
        Some(x) => format!("{} %", l.number(x, 1)),
        None => "–".into(),
    }
}

/// A difference in percent with its sign: `+3.1 %`, `−12.0 %`.
fn difference_in(l: Locale, pct: Option<f64>) -> String {
    match pct.filter(|p| p.is_finite()) {
        Some(p) => {
            let sign = if p >= 0.0 { "+" } else { "−" };
            format!("{sign}{} %", l.number(p.abs(), 1))
        }
        None => "–".into(),
    }
}

/// `row` in `l`'s words and numbers.
fn row_view(l: Locale, row: &Row) -> RowView {
    RowView {
        figure: figure_name(row.figure, row.percent).text(l),
        measured: value_in(l, row.figure, row.measured),
        simulated: row
            .simulated
            .map_or("–".into(), |s| value_in(l, row.figure, s)),
        difference: difference_in(l, row.difference_pct),
    }
}

/// Each figure of `m` beside `run`'s, as `run`'s load tool counts it.
pub(crate) fn rows(m: &Measurement, run: &RunView, l: Locale) -> Vec<RowView> {
    (yours::compare(m, &run.tool_summary.0).iter())
        .map(|r| row_view(l, r))
        .collect()
}

/// One column's comparison.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Table {
    /// The column.
    pub(crate) mode: Mode,
    /// Its name in the page's language.
    pub(crate) name: String,
    /// Its rows; `None` while its run of the current scenario is on its way.
    pub(crate) rows: Option<Vec<RowView>>,
}

/// The comparison for each running column of `state`, once a measurement
/// is read: a column whose run of the current scenario has not arrived
/// says so, rather than compare with a run of another scenario.
pub(crate) fn tables(state: &State) -> Vec<Table> {
    let Some(m) = state.yours.measurement() else {
        return Vec::new();
    };
    let (l, r) = (state.view.locale(), &state.results);
    (state.setup.modes.list().iter())
        .map(|&mode| {
            let current = *r.singles_of.get(mode) == state.generation;
            let run = r.singles.get(mode).as_ref().filter(|_| current);
            Table {
                mode,
                name: state.setup.columns.name(mode, l),
                rows: run.map(|run| rows(m, run, l)),
            }
        })
        .collect()
}

/// The heading of the comparison: whose counting it follows.
pub(crate) fn compare_heading(m: &Measurement) -> Phrase {
    (words::YOURS_COMPARE.said()).with("tool", Part::text(m.source.tool_name()))
}

/// The form's empty text as `--set` writes it: not set.
pub(crate) const UNSET: &str = "null";

/// A value as the schema types it, for comparing: numbers as numbers.
fn typed(key: &str, text: &str) -> Option<Value> {
    let mut d = Draft::new();
    d.set(key, if text.is_empty() { UNSET } else { text })
        .ok()?;
    d.get(key).cloned()
}

/// Whether two typed values are the same setting (`20000` and `20000.0`).
fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// Whether every running column of `setup` already simulates the load
/// `settings` describes (the panel then stops asking to use them).
pub(crate) fn in_use(setup: &Setup, settings: &[(String, String)]) -> bool {
    setup.modes.list().iter().all(|&mode| {
        let draft = setup.draft_for(mode);
        settings.iter().all(|(key, text)| {
            let have = (draft.get(key).cloned())
                .or_else(|| typed(key, field(key).map_or("", |f| f.default)));
            match (typed(key, text), have) {
                (Some(want), Some(have)) => same(&want, &have),
                _ => false,
            }
        })
    })
}
