//! What the "Your measurement" panel says of a question studied in the
//! worker (`app::study`): two outputs side by side beside the model's
//! seed-to-seed noise; the fit to a pasted run and the fitted service with
//! virtual threads; how far a study has come; the scenario as
//! `application.properties`. A capacity plan's words are `plan`. Tables as data, every word a catalogue phrase,
//! numbers in the page's locale.

use crate::app::basis::modes::Mode;
use crate::app::setup::Setup;
use crate::app::study::Progress;
use crate::fidelity::fit::{Fit, FitFailure, Side, WhatIf};
use crate::fidelity::yours::{Change, Figure, Row};
use crate::i18n::keys::{self as base, Key, ui as words};
use crate::i18n::{Arg, Locale, Part, Phrase};
use crate::scenario::properties;

use super::{RowView, difference_in, figure_name, pct_in, row_view, value_in, with_unit};

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

/// One figure of two outputs, in the page's words and numbers.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct VersusRow {
    /// The figure's name.
    pub(crate) figure: String,
    /// In the first output.
    pub(crate) first: String,
    /// In the second.
    pub(crate) second: String,
    /// (second − first) ÷ first, with its sign.
    pub(crate) difference: String,
    /// The model's seed-to-seed spread of the figure, % of its median.
    pub(crate) noise: String,
    /// Whether the difference is beyond that spread, in words.
    pub(crate) verdict: String,
    /// The same as a fact (`None`: it cannot be told).
    pub(crate) beyond: Option<bool>,
}

/// Each figure both outputs print, with its difference and the noise.
pub(crate) fn versus_rows(changes: &[Change], l: Locale) -> Vec<VersusRow> {
    (changes.iter())
        .map(|c| {
            let verdict = match c.beyond_noise {
                Some(true) => words::YOURS_VERSUS_BEYOND,
                Some(false) => words::YOURS_VERSUS_WITHIN,
                None => words::YOURS_VERSUS_UNKNOWN,
            };
            VersusRow {
                figure: figure_name(c.figure, c.percent).text(l),
                first: value_in(l, c.figure, c.before),
                second: value_in(l, c.figure, c.after),
                difference: difference_in(l, c.difference_pct),
                noise: pct_in(l, c.noise_pct),
                verdict: verdict.text(l, &[]),
                beyond: c.beyond_noise,
            }
        })
        .collect()
}

/// The comparison's caption: where the noise comes from.
pub(crate) fn versus_caption(noise_runs: usize) -> Phrase {
    (words::YOURS_VERSUS_CAPTION.said()).with("n", Part::Count(noise_runs as u64))
}

/// "Calibrated to your mean latency: an unexplained wait of 1.23 ms per
/// request (13 runs)."
pub(crate) fn calibrated(fit: &Fit) -> Phrase {
    (words::YOURS_FIT_CALIBRATED.said())
        .with("wait", Part::Fixed(fit.wait_ms, 3))
        .with("runs", Part::Count(fit.runs as u64))
}

/// One figure after the fit, and whether it is the one fitted.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FitRow {
    /// Measured vs simulated, as the comparison's rows.
    pub(crate) row: RowView,
    /// The figure the wait was fitted to (the mean); the rest are checks.
    pub(crate) fitted: bool,
}

/// The fit's rows: measured vs simulated with residuals, the mean marked
/// as the figure fitted.
pub(crate) fn fit_rows(fit: &Fit, l: Locale) -> Vec<FitRow> {
    (fit.rows.iter())
        .map(|r: &Row| {
            let fitted = r.figure == Figure::Mean;
            let mut row = row_view(l, r);
            if fitted {
                let figure = Arg::Text(row.figure.clone());
                row.figure = words::YOURS_FIT_FITTED.text(l, &[("figure", figure)]);
            }
            FitRow { row, fitted }
        })
        .collect()
}

/// Why no wait fits, in `l`'s words.
pub(crate) fn no_fit(e: &FitFailure, l: Locale) -> String {
    let why = match e {
        FitFailure::NoMean => words::YOURS_NO_FIT_NO_MEAN.text(l, &[]),
        FitFailure::Endpoints => words::YOURS_NO_FIT_ENDPOINTS.text(l, &[]),
        FitFailure::ModelSlower { mean_ms } => {
            words::YOURS_NO_FIT_SLOWER.text(l, &[("mean", Arg::Text(with_unit(l, *mean_ms, "ms")))])
        }
        FitFailure::Invalid { error } => {
            words::YOURS_NO_FIT_INVALID.text(l, &[("error", Arg::Text(error.line(l)))])
        }
        FitFailure::Budget => words::YOURS_NO_FIT_BUDGET.text(l, &[]),
    };
    words::YOURS_NO_FIT.text(l, &[("why", Arg::Text(why))])
}

/// One figure of the fitted service before and after the change.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SideRow {
    /// The figure's name.
    pub(crate) name: String,
    /// As measured (the fitted model).
    pub(crate) before: String,
    /// After the change.
    pub(crate) after: String,
}

/// The figures of the what-if, before and after.
pub(crate) fn side_rows(w: &WhatIf, l: Locale) -> Vec<SideRow> {
    let (b, a) = (&w.before, &w.after);
    let ms = |x: f64| with_unit(l, x, "ms");
    let count = |n: u32| l.number(f64::from(n), 0);
    let mb = |x: f64| format!("{} {}", l.number(x, 0), base::UNIT_MB.text(l, &[]));
    let row = |name: Phrase, before: String, after: String| SideRow {
        name: name.text(l),
        before,
        after,
    };
    vec![
        row(
            words::YOURS_SIDE_GOODPUT.said(),
            value_in(l, Figure::Rate, b.goodput_rps),
            value_in(l, Figure::Rate, a.goodput_rps),
        ),
        row(
            figure_name(Figure::Mean, None),
            ms(b.mean_ms),
            ms(a.mean_ms),
        ),
        row(
            figure_name(Figure::Percentile, Some(99.0)),
            ms(b.p99_ms),
            ms(a.p99_ms),
        ),
        row(
            figure_name(Figure::FailedPct, None),
            value_in(l, Figure::FailedPct, b.error_pct),
            value_in(l, Figure::FailedPct, a.error_pct),
        ),
        row(
            words::YOURS_SIDE_THREADS.said(),
            count(b.peak_threads),
            count(a.peak_threads),
        ),
        row(
            words::YOURS_SIDE_DB_WAITERS.said(),
            count(b.peak_db_waiters),
            count(a.peak_db_waiters),
        ),
        row(
            words::YOURS_SIDE_PINNED.said(),
            count(b.peak_pinned),
            count(a.peak_pinned),
        ),
        row(
            words::YOURS_SIDE_MEMORY.said(),
            mb(b.peak_memory_mb),
            mb(a.peak_memory_mb),
        ),
    ]
}

/// What limits `side`, in words (made where it ran: `Side::bottleneck_said`).
fn bottleneck_said(side: &Side) -> Phrase {
    side.bottleneck_said.clone()
}

/// What limits the fitted service before and after, in words.
pub(crate) fn bottlenecks(w: &WhatIf) -> [Phrase; 2] {
    let one = |k: Key, side| k.said().with("said", Part::Phrase(bottleneck_said(side)));
    [
        one(words::YOURS_BOTTLENECK_BEFORE, &w.before),
        one(words::YOURS_BOTTLENECK_AFTER, &w.after),
    ]
}

/// What to watch after the change: more requests waiting for HikariCP
/// at once (nothing bounds them but its connection timeout), far more
/// threads (each with its ThreadLocals).
pub(crate) fn watch(w: &WhatIf) -> Vec<Phrase> {
    let (b, a) = (&w.before, &w.after);
    let grew = |k: Key, before: u32, after: u32| {
        (k.said())
            .with("before", Part::Count(before.into()))
            .with("after", Part::Count(after.into()))
    };
    let mut out = Vec::new();
    if a.peak_db_waiters > b.peak_db_waiters {
        out.push(grew(
            words::YOURS_WATCH_DB,
            b.peak_db_waiters,
            a.peak_db_waiters,
        ));
    }
    if a.peak_threads > b.peak_threads.saturating_mul(4) {
        out.push(grew(
            words::YOURS_WATCH_THREADS,
            b.peak_threads,
            a.peak_threads,
        ));
    }
    out
}

/// How far a study has come: "Simulating: 7 of at most 15 runs".
pub(crate) fn progress_line(p: Progress) -> Phrase {
    if p.of == 0 {
        return words::YOURS_PROGRESS_SENT.said();
    }
    let key = if p.answered {
        words::YOURS_PROGRESS_ANSWERED
    } else {
        words::YOURS_PROGRESS
    };
    (key.said())
        .with("runs", Part::Count(p.runs as u64))
        .with("of", Part::Count(p.of as u64))
}

/// The column whose settings the properties are: the first running one.
pub(crate) fn properties_mode(setup: &Setup) -> Mode {
    (setup.modes.list().first().copied()).unwrap_or(Mode::Platform)
}

/// The page's scenario (its first column) as `application.properties`.
pub(crate) fn properties_text(setup: &Setup) -> String {
    properties::application_properties(&setup.draft_for(properties_mode(setup)))
}

/// What the properties are of: "The virtual threads column's settings …".
pub(crate) fn properties_intro(setup: &Setup, l: Locale) -> String {
    let column = setup.columns.name(properties_mode(setup), l);
    words::YOURS_PROPERTIES_INTRO.text(l, &[("column", Arg::Text(column))])
}
