//! The questions of "Your measurement" that the worker studies: a second
//! output to compare, "what if virtual threads?", and how far a question
//! has come. What they say is `crate::app::show::yours::study`; this file
//! only binds it to the page.

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use super::super::notice::pieces;
use super::super::runner::Runner;
use crate::app::page::yours::{self as page, Ask, Asked, YoursAction};
use crate::app::show::yours::study as show;
use crate::app::study::{Finding, Request};
use crate::app::{Action, State};
use crate::fidelity::fit::{Fit, FitFailure, WhatIf};
use crate::fidelity::yours::Change;
use crate::i18n::keys::{Key, ui as words};
use crate::i18n::{Arg, Locale};

/// What asking needs: the state, the worker and the next study's id.
#[derive(Clone)]
pub(super) struct Asker {
    /// The state.
    pub(super) state: UseReducerHandle<State>,
    /// The page's workers.
    pub(super) runner: Runner,
    /// The next study's id.
    pub(super) ids: Rc<RefCell<u64>>,
}

impl Asker {
    /// Asks `ask` of the worker; a question that cannot be asked is
    /// answered at once with why (one line naming the field).
    fn ask(&self, ask: Ask) {
        let id = {
            let mut next = self.ids.borrow_mut();
            let id = *next;
            *next += 1;
            id
        };
        let s = &self.state;
        let question = s.yours.question(ask, page::service(&s.setup, ask));
        let d = s.dispatcher();
        d.dispatch(Action::Yours(YoursAction::Asked { id, ask }));
        match question {
            Ok(question) => {
                if !self.runner.study(Request { id, question }) {
                    d.dispatch(Action::Yours(YoursAction::StudyLost));
                }
            }
            Err(e) => d.dispatch(Action::Yours(YoursAction::Studied {
                id,
                finding: Rc::new(Finding::Refused(e)),
            })),
        }
    }

    /// A button's click that asks `ask`.
    pub(super) fn on_click(&self, ask: Ask) -> Callback<MouseEvent> {
        let me = self.clone();
        Callback::from(move |_: MouseEvent| me.ask(ask))
    }
}

/// Between two settings of a list (code, the same in every language).
const LIST_SEPARATOR: &str = ", ";

/// A table cell with the label a phone shows beside it.
pub(super) fn cell(class: &'static str, label: &str, text: String) -> Html {
    html! { <td class={classes!("num", class)} data-label={label.to_string()}>{text}</td> }
}

/// The question `ask` as asked last, if it was.
pub(super) fn asked(s: &State, ask: Ask) -> Option<&Asked> {
    s.yours.asked(ask)
}

/// How far the question is, while it is on its way; that the worker
/// stopped; or that it could not be asked (one line naming the field).
pub(super) fn status(a: &Asked, l: Locale) -> Html {
    if a.lost {
        return html! { <p class="warn" role="alert" id="yours-lost">{words::YOURS_LOST.text(l, &[])}</p> };
    }
    match a.finding.as_deref() {
        None => {
            let p = a.progress;
            html! {
                <div class="yours-progress" data-answered={p.answered.to_string()}>
                    <progress id="yours-progress-bar" max={p.of.max(1).to_string()} value={p.runs.to_string()}
                        aria-label={words::YOURS_PROGRESS_LABEL.text(l, &[])} />
                    <span role="status" id="yours-progress">{show::progress_line(p).text(l)}</span>
                </div>
            }
        }
        Some(Finding::Refused(e)) => html! {
            <p class="yours-problem" role="alert" id="yours-refused">{pieces(e.line_pieces(l))}</p>
        },
        Some(_) => html! {},
    }
}

/// The text area of the second output; it holds its own text (as the
/// first's does).
#[derive(Properties, PartialEq)]
pub(super) struct SecondProps {
    /// The text the state holds.
    pub(super) text: Rc<str>,
    /// The page's language.
    pub(super) locale: Locale,
    /// Where its actions go.
    pub(super) dispatcher: UseReducerDispatcher<State>,
}

/// The labelled text area of the second output.
#[component]
pub(super) fn SecondInput(p: &SecondProps) -> Html {
    let oninput = {
        let d = p.dispatcher.clone();
        Callback::from(move |e: InputEvent| {
            let text = e.target_unchecked_into::<HtmlTextAreaElement>().value();
            d.dispatch(Action::Yours(YoursAction::Second(text)));
        })
    };
    html! {
        <>
            <label for="yours-second">{words::YOURS_SECOND_LABEL.text(p.locale, &[])}</label>
            <textarea id="yours-second" rows="6" spellcheck="false" autocomplete="off"
                defaultvalue={p.text.to_string()} {oninput} />
        </>
    }
}

/// Two outputs side by side, each figure beside the model's noise.
fn versus(changes: &[Change], noise_runs: usize, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let heads = [
        w(words::YOURS_COL_FIRST),
        w(words::YOURS_COL_SECOND),
        w(words::YOURS_COL_DIFFERENCE),
        w(words::YOURS_COL_NOISE),
        w(words::YOURS_COL_BEYOND),
    ];
    let fig = w(words::YOURS_COL_FIGURE);
    let body = show::versus_rows(changes, l).into_iter().map(|r| {
        let verdict = match r.beyond {
            Some(true) => "beyond",
            Some(false) => "within",
            None => "unknown",
        };
        html! {
            <tr class="yours-row yours-versus-row">
                <th scope="row" data-label={fig.clone()}>{r.figure}</th>
                { cell("first", &heads[0], r.first) }
                { cell("second", &heads[1], r.second) }
                { cell("difference", &heads[2], r.difference) }
                { cell("noise", &heads[3], r.noise) }
                <td class={classes!("verdict", verdict)} data-label={heads[4].clone()}>{r.verdict}</td>
            </tr>
        }
    });
    html! {
        <div class="table-wrap">
            <table class="yours-study-table" id="yours-versus">
                <caption>{show::versus_caption(noise_runs).text(l)}</caption>
                <thead><tr>
                    <th scope="col">{fig.clone()}</th>
                    { for heads[..4].iter().map(|h| html! { <th scope="col" class="num">{h.clone()}</th> }) }
                    <th scope="col">{heads[4].clone()}</th>
                </tr></thead>
                <tbody>{ for body }</tbody>
            </table>
        </div>
    }
}

/// The section "Compare with a second output".
pub(super) fn compare_section(s: &State, asker: &Asker, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let asked = asked(s, Ask::Versus);
    let found = asked.and_then(|a| match a.finding.as_deref() {
        Some(Finding::Versus {
            changes,
            noise_runs,
        }) => Some(versus(changes, *noise_runs, l)),
        _ => None,
    });
    html! {
        <section class="yours-study yours-versus" aria-labelledby="yours-versus-heading">
            <h3 id="yours-versus-heading">{w(words::YOURS_VERSUS_HEADING)}</h3>
            <p class="muted">{w(words::YOURS_VERSUS_INTRO)}</p>
            <div class="yours-input">
                <SecondInput text={s.yours.second.clone()} locale={l} dispatcher={asker.state.dispatcher()} />
                <button type="button" id="yours-compare" onclick={asker.on_click(Ask::Versus)}>{w(words::YOURS_VERSUS_ASK)}</button>
            </div>
            if let Some(a) = asked { { status(a, l) } }
            { for found }
        </section>
    }
}

/// The fit: the wait it found, the program, each figure measured vs
/// simulated with its residual, the mean marked as fitted.
fn fit(f: &Fit, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let heads = super::figure_heads(l);
    let [fig, mea, sim, dif] = &heads;
    let program = words::YOURS_FIT_PROGRAM.pieces(
        l,
        &[("program", Arg::Text(f.program.clone()))],
        &["program"],
    );
    let body = show::fit_rows(f, l).into_iter().map(|r| {
        let class = classes!("yours-row", r.fitted.then_some("fitted"));
        html! {
            <tr {class}>
                <th scope="row" data-label={fig.clone()}>{r.row.figure}</th>
                { cell("measured", mea, r.row.measured) }
                { cell("simulated", sim, r.row.simulated) }
                { cell("difference", dif, r.row.difference) }
            </tr>
        }
    });
    html! {
        <>
            <p class="yours-fit" id="yours-fit">{show::calibrated(f).text(l)}</p>
            <p class="yours-program">{pieces(program)}</p>
            <p class="muted">{w(words::YOURS_FIT_CHECKS)}</p>
            { super::figure_table(classes!("yours-study-table"), "yours-fit-table".into(),
                w(words::YOURS_FIT_CAPTION), &heads, body.collect()) }
        </>
    }
}

/// The fitted service before and after: figures, bottlenecks, the
/// settings that stop applying and what to watch.
fn what_if(wi: &WhatIf, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let (fig, before, after) = (
        w(words::YOURS_COL_FIGURE),
        w(words::YOURS_COL_BEFORE),
        w(words::YOURS_COL_AFTER),
    );
    let body = show::side_rows(wi, l).into_iter().map(|r| {
        html! {
            <tr class="yours-row">
                <th scope="row" data-label={fig.clone()}>{r.name}</th>
                { cell("before", &before, r.before) }
                { cell("after", &after, r.after) }
            </tr>
        }
    });
    let stop = wi.stop_applying.iter().enumerate().map(|(i, k)| {
        let sep = if i > 0 { LIST_SEPARATOR } else { "" };
        html! { <>{sep}<code>{k.clone()}</code></> }
    });
    html! {
        <>
            <div class="table-wrap">
                <table class="yours-study-table" id="yours-what-if">
                    <caption>{w(words::YOURS_WHAT_IF_CAPTION)}</caption>
                    <thead><tr>
                        <th scope="col">{fig.clone()}</th>
                        <th scope="col" class="num">{before.clone()}</th>
                        <th scope="col" class="num">{after.clone()}</th>
                    </tr></thead>
                    <tbody>{ for body }</tbody>
                </table>
            </div>
            <ul class="yours-bottlenecks">
                { for show::bottlenecks(wi).iter().map(|b| html! { <li>{b.text(l)}</li> }) }
            </ul>
            if !wi.stop_applying.is_empty() {
                <p id="yours-stop-applying">{w(words::YOURS_STOP_APPLYING)}{" "}{ for stop }</p>
            }
            { for show::watch(wi).iter().map(|p| html! { <p class="warn yours-watch">{p.text(l)}</p> }) }
        </>
    }
}

/// The fit or why none, then the what-if.
fn migrated(fitted: &Result<Fit, FitFailure>, wi: Option<&WhatIf>, l: Locale) -> Html {
    html! {
        <div class="yours-migrated">
            { match fitted {
                Ok(f) => fit(f, l),
                Err(e) => html! { <p class="warn" id="yours-no-fit">{show::no_fit(e, l)}</p> },
            } }
            { for wi.map(|wi| what_if(wi, l)) }
        </div>
    }
}

/// The section "What if virtual threads?".
pub(super) fn migrate_section(s: &State, asker: &Asker, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let intro = words::YOURS_MIGRATE_INTRO.pieces(
        l,
        &[(
            "property",
            Arg::Text("spring.threads.virtual.enabled=true".into()),
        )],
        &["property"],
    );
    let asked = asked(s, Ask::Migrate);
    let found = asked.and_then(|a| match a.finding.as_deref() {
        Some(Finding::Migrate { fit, what_if }) => Some(migrated(fit, what_if.as_deref(), l)),
        _ => None,
    });
    html! {
        <section class="yours-study yours-migrate" aria-labelledby="yours-migrate-heading">
            <h3 id="yours-migrate-heading">{w(words::YOURS_MIGRATE_HEADING)}</h3>
            <p class="muted">{pieces(intro)}</p>
            <div class="yours-use">
                <button type="button" id="yours-migrate" onclick={asker.on_click(Ask::Migrate)}>{w(words::YOURS_MIGRATE_ASK)}</button>
            </div>
            if let Some(a) = asked { { status(a, l) } }
            { for found }
        </section>
    }
}
