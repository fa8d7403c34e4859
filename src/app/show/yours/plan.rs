//! What the "Your measurement" panel says of a capacity plan studied in
//! the worker (`app::study::PlanAnswer`): the smallest configurations that
//! meet the target as a table (each with the settings its Apply button puts
//! on the form), why smaller ones fail, why the target is out of reach,
//! what the budget of runs left out. Every word a catalogue phrase,
//! numbers in the page's locale.

use crate::app::capacity::{
    Answer, DEFAULT_MAX_RUNS, Failure, How, Judgement, PERCENTILES, Target,
};
use crate::app::study::PlanAnswer;
use crate::fidelity::yours::Figure;
use crate::i18n::keys::{self as base, ui as words};
use crate::i18n::{Arg, Locale, Piece};
use crate::scenario::field;

use super::{figure_name, pct_in, value_in, with_unit};

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

/// A knob's column: its label in the form's words and its key.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct KnobHead {
    /// The form's label of the setting.
    pub(crate) label: String,
    /// Its key, as code.
    pub(crate) key: String,
}

/// One configuration that meets the target.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PlanRow {
    /// Each knob's setting, in the knobs' order.
    pub(crate) knobs: Vec<String>,
    /// The target percentile's latency.
    pub(crate) latency: String,
    /// Requests per second served.
    pub(crate) rate: String,
    /// Failed, %.
    pub(crate) errors: String,
    /// Headroom to the lowest ceiling, %.
    pub(crate) headroom: String,
    /// How it was judged.
    pub(crate) how: String,
    /// The settings that Apply puts on the form.
    pub(crate) settings: Vec<(String, String)>,
}

/// A plan in the page's words: the smallest configurations as a table,
/// why smaller ones fail, why the target is out of reach, what the budget
/// left out.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PlanView {
    /// The target, one line (when known).
    pub(crate) target: Option<String>,
    /// How many configurations were judged and run.
    pub(crate) caption: String,
    /// The knobs' columns.
    pub(crate) knobs: Vec<KnobHead>,
    /// The percentile's column head (`p99`).
    pub(crate) latency_head: String,
    /// The configurations that meet it.
    pub(crate) rows: Vec<PlanRow>,
    /// Why smaller ones fail, one line each.
    pub(crate) failures: Vec<Vec<Piece>>,
    /// Why even the largest fails.
    pub(crate) out_of_reach: Option<Vec<Piece>>,
    /// What was not searched when the budget ran out.
    pub(crate) stopped: Option<String>,
}

/// The value of `knob` among `settings` in words: a number, or "virtual
/// threads" on the threads knob.
fn knob_value(knob: &str, settings: &[(String, String)], l: Locale) -> String {
    let get = |k: &str| settings.iter().find(|(key, _)| key == k).map(|(_, v)| v);
    if knob == THREADS_KNOB && get(MODE_KEY).is_some_and(|m| m == VIRTUAL) {
        return base::COLUMN_VIRTUAL.text(l, &[]);
    }
    get(knob).map_or_else(|| "–".into(), |v| v.clone())
}

/// The knob that may become virtual threads, and how its settings say so.
const THREADS_KNOB: &str = "server.threads_max";
const MODE_KEY: &str = "server.mode";
const VIRTUAL: &str = "virtual";

/// `settings` as `--set` writes them, for a line.
fn settings_line(settings: &[(String, String)]) -> String {
    (settings.iter())
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The percentile's name, `p99`.
fn percentile_name(target: Option<&Target>, l: Locale) -> String {
    figure_name(
        Figure::Percentile,
        Some(target.map_or(99.0, |t| t.percentile)),
    )
    .text(l)
}

/// Why `j` fails `target`, in `l`'s words.
pub(crate) fn why(j: &Judgement, target: Option<&Target>, l: Locale) -> String {
    let Some(f) = &j.failure else {
        return String::new();
    };
    let num = |x: f64, d: usize| Arg::Text(l.number(x, d));
    let short = |x: f64| Arg::Text(l.short(x));
    let bound = |x: fn(&Target) -> f64| target.map_or(Arg::Text("–".into()), |t| short(x(t)));
    match f {
        Failure::Ceiling { resource, rps } => words::YOURS_FAIL_CEILING.text(
            l,
            &[
                ("resource", Arg::Text(resource.name(l))),
                ("rps", num(*rps, 0)),
                ("target", bound(|t| t.rps)),
            ],
        ),
        Failure::Latency => words::YOURS_FAIL_LATENCY.text(
            l,
            &[
                ("pct", Arg::Text(percentile_name(target, l))),
                ("ms", num(j.latency_ms, 1)),
                ("bound", bound(|t| t.latency_ms)),
            ],
        ),
        Failure::Errors => words::YOURS_FAIL_ERRORS.text(
            l,
            &[
                ("pct", num(j.error_pct, 2)),
                ("budget", bound(|t| t.error_pct)),
            ],
        ),
        Failure::Rate => words::YOURS_FAIL_RATE.text(l, &[]),
        Failure::Budget => words::YOURS_FAIL_BUDGET.text(l, &[]),
        Failure::Invalid { error } => {
            words::YOURS_FAIL_INVALID.text(l, &[("error", Arg::Text(error.line(l)))])
        }
    }
}

/// How a judgement was reached, in words.
pub(crate) fn how(h: How, l: Locale) -> String {
    let key = match h {
        How::Ceiling => words::YOURS_HOW_CEILING,
        How::Formula => words::YOURS_HOW_FORMULA,
        How::Simulated => words::YOURS_HOW_SIMULATED,
        How::Invalid => words::YOURS_HOW_INVALID,
    };
    key.text(l, &[])
}

/// The line of a configuration that fails: its settings as code, why.
fn failure_line(a: &Answer, target: Option<&Target>, l: Locale) -> Vec<Piece> {
    words::YOURS_PLAN_FAILURE.pieces(
        l,
        &[
            ("settings", Arg::Text(settings_line(&a.settings))),
            ("why", Arg::Text(why(&a.judgement, target, l))),
            ("how", Arg::Text(how(a.judgement.how, l))),
        ],
        &["settings"],
    )
}

/// The target on one line, as the plan reads it.
pub(crate) fn target_line(t: &Target, l: Locale) -> String {
    words::YOURS_PLAN_TARGET.text(
        l,
        &[
            ("rps", Arg::Text(l.short(t.rps))),
            ("pct", Arg::Text(percentile_name(Some(t), l))),
            ("ms", Arg::Text(l.short(t.latency_ms))),
            ("err", Arg::Text(l.short(t.error_pct))),
        ],
    )
}

/// `plan` in `l`'s words, against the target it was asked for.
pub(crate) fn plan_view(plan: &PlanAnswer, l: Locale) -> PlanView {
    let target = Some(&plan.target);
    let knobs = (plan.knobs.iter())
        .map(|k| KnobHead {
            label: field(k).map_or_else(|| k.clone(), |f| f.label(l).to_string()),
            key: k.clone(),
        })
        .collect();
    let rows = (plan.answers.iter())
        .map(|a| {
            let j = &a.judgement;
            PlanRow {
                knobs: (plan.knobs.iter())
                    .map(|k| knob_value(k, &a.settings, l))
                    .collect(),
                latency: with_unit(l, j.latency_ms, "ms"),
                rate: value_in(l, Figure::Rate, j.rps),
                errors: pct_in(l, Some(j.error_pct)),
                headroom: pct_in(l, Some(j.headroom * 100.0)),
                how: how(j.how, l),
                settings: a.settings.clone(),
            }
        })
        .collect();
    let out_of_reach = plan.out_of_reach.as_ref().map(|a| {
        words::YOURS_PLAN_OUT_OF_REACH.pieces(
            l,
            &[
                ("settings", Arg::Text(settings_line(&a.settings))),
                ("why", Arg::Text(why(&a.judgement, target, l))),
            ],
            &["settings"],
        )
    });
    let stopped = plan.stopped.as_ref().map(|s| {
        let key = if s.refined {
            words::YOURS_PLAN_STOPPED
        } else {
            words::YOURS_PLAN_STOPPED_UNREFINED
        };
        let n = Arg::Text(l.number(s.not_searched as f64, 0));
        let most = Arg::Text(l.number(DEFAULT_MAX_RUNS as f64, 0));
        key.text(l, &[("n", n), ("most", most)])
    });
    let caption = words::YOURS_PLAN_CAPTION.text(
        l,
        &[
            ("judged", Arg::Text(l.number(plan.judged as f64, 0))),
            ("runs", Arg::Text(l.number(plan.runs as f64, 0))),
        ],
    );
    PlanView {
        target: target.map(|t| target_line(t, l)),
        caption,
        knobs,
        latency_head: percentile_name(target, l),
        rows,
        failures: (plan.failures.iter())
            .map(|a| failure_line(a, target, l))
            .collect(),
        out_of_reach,
        stopped,
    }
}

/// The percentiles a target may name, as their values and names.
pub(crate) fn percentiles(l: Locale) -> Vec<(String, String)> {
    (PERCENTILES.iter())
        .map(|&p| {
            (
                p.to_string(),
                figure_name(Figure::Percentile, Some(p)).text(l),
            )
        })
        .collect()
}
