//! "Plan capacity" in the "Your measurement" panel (the target's fields,
//! the smallest configurations with an Apply button each, why smaller ones
//! fail) and the page's scenario as `application.properties`. What they
//! say is `crate::app::show::yours::study`; this file only binds it.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::super::export::copy;
use super::super::notice::pieces;
use super::study::{Asker, asked, cell, status};
use crate::app::page::yours::{Ask, TargetField, YoursAction};
use crate::app::show::yours::plan as show;
use crate::app::study::{Finding, PlanAnswer};
use crate::app::{Action, State};
use crate::i18n::keys::{Key, ui as words};
use crate::i18n::{Arg, Locale};

/// One labelled field of the target.
fn target_input(
    d: &UseReducerDispatcher<State>,
    field: TargetField,
    id: &'static str,
    label: Key,
    text: &str,
    l: Locale,
) -> Html {
    let d = d.clone();
    let oninput = Callback::from(move |e: InputEvent| {
        let text = e.target_unchecked_into::<HtmlInputElement>().value();
        d.dispatch(Action::Yours(YoursAction::Target(field, text)));
    });
    html! {
        <div class="yours-target-field">
            <label for={id}>{label.text(l, &[])}</label>
            <input {id} type="text" inputmode="decimal" autocomplete="off" value={text.to_string()} {oninput} />
        </div>
    }
}

/// The percentile's select.
fn percentile_select(s: &State, d: &UseReducerDispatcher<State>, l: Locale) -> Html {
    let d = d.clone();
    let onchange = Callback::from(move |e: Event| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        d.dispatch(Action::Yours(YoursAction::Target(
            TargetField::Percentile,
            v,
        )));
    });
    let chosen = s.yours.target.percentile.trim().to_string();
    html! {
        <div class="yours-target-field">
            <label for="yours-target-pct">{words::YOURS_TARGET_PCT.text(l, &[])}</label>
            <select id="yours-target-pct" {onchange}>
                { for show::percentiles(l).into_iter().map(|(value, name)| {
                    let selected = value == chosen;
                    html! { <option {value} {selected}>{name}</option> }
                }) }
            </select>
        </div>
    }
}

/// The plan: the target, the smallest configurations (each with Apply),
/// why smaller ones fail, out of reach, stopped at the budget.
fn planned(plan: &PlanAnswer, dispatch: &Callback<Action>, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let v = show::plan_view(plan, l);
    let heads = [
        v.latency_head.clone(),
        w(words::YOURS_FIG_RATE),
        w(words::YOURS_FIG_FAILED),
        w(words::YOURS_COL_HEADROOM),
    ];
    let (how, apply) = (w(words::YOURS_COL_HOW), w(words::YOURS_COL_APPLY));
    let body = v.rows.iter().enumerate().map(|(i, r)| {
        let settings = r.settings.clone();
        let onclick = dispatch.reform(move |_: MouseEvent| {
            Action::Yours(YoursAction::Apply(settings.clone()))
        });
        let knobs = r.knobs.iter().zip(&v.knobs).enumerate().map(|(k, (value, head))| {
            let value = html! { {value.clone()} };
            if k == 0 {
                html! { <th scope="row" data-label={head.label.clone()}>{value}</th> }
            } else {
                html! { <td data-label={head.label.clone()}>{value}</td> }
            }
        });
        html! {
            <tr class="yours-row yours-plan-row">
                { for knobs }
                { cell("latency", &heads[0], r.latency.clone()) }
                { cell("rate", &heads[1], r.rate.clone()) }
                { cell("errors", &heads[2], r.errors.clone()) }
                { cell("headroom", &heads[3], r.headroom.clone()) }
                <td class="how" data-label={how.clone()}>{r.how.clone()}</td>
                <td class="apply" data-label={apply.clone()}>
                    <button type="button" id={format!("yours-apply-{i}")} {onclick}>{w(words::YOURS_PLAN_APPLY)}</button>
                </td>
            </tr>
        }
    });
    let table = html! {
        <div class="table-wrap">
            <table class="yours-study-table" id="yours-plan-table">
                <caption>{v.caption.clone()}</caption>
                <thead><tr>
                    { for v.knobs.iter().map(|k| html! {
                        <th scope="col">{k.label.clone()}<br /><code>{k.key.clone()}</code></th>
                    }) }
                    { for heads.iter().map(|h| html! { <th scope="col" class="num">{h.clone()}</th> }) }
                    <th scope="col">{how.clone()}</th>
                    <th scope="col">{apply.clone()}</th>
                </tr></thead>
                <tbody>{ for body }</tbody>
            </table>
        </div>
    };
    html! {
        <div class="yours-plan-answer">
            if let Some(t) = &v.target { <p id="yours-plan-target">{t.clone()}</p> }
            if let Some(line) = v.out_of_reach.clone() {
                <p class="warn" id="yours-out-of-reach">{pieces(line)}</p>
            } else if v.rows.is_empty() {
                <p class="warn" id="yours-plan-none">{w(words::YOURS_PLAN_NONE)}</p>
            } else {
                { table }
            }
            if !v.failures.is_empty() {
                <h4>{w(words::YOURS_PLAN_FAILURES)}</h4>
                <ul id="yours-plan-failures">
                    { for v.failures.iter().map(|f| html! { <li>{pieces(f.clone())}</li> }) }
                </ul>
            }
            if let Some(t) = &v.stopped { <p class="muted" id="yours-plan-stopped">{t.clone()}</p> }
        </div>
    }
}

/// The section "Plan capacity".
pub(super) fn plan_section(
    s: &State,
    asker: &Asker,
    dispatch: &Callback<Action>,
    l: Locale,
) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let t = &s.yours.target;
    let d = asker.state.dispatcher();
    let asked = asked(s, Ask::Plan);
    let found = asked.and_then(|a| match a.finding.as_deref() {
        Some(Finding::Plan(plan)) => Some(planned(plan, dispatch, l)),
        _ => None,
    });
    html! {
        <section class="yours-study yours-plan" aria-labelledby="yours-plan-heading">
            <h3 id="yours-plan-heading">{w(words::YOURS_PLAN_HEADING)}</h3>
            <p class="muted">{w(words::YOURS_PLAN_INTRO)}</p>
            <div class="yours-target">
                { target_input(&d, TargetField::Rps, "yours-target-rps", words::YOURS_TARGET_RPS, &t.rps, l) }
                { percentile_select(s, &d, l) }
                { target_input(&d, TargetField::LatencyMs, "yours-target-ms", words::YOURS_TARGET_MS, &t.latency_ms, l) }
                { target_input(&d, TargetField::ErrorPct, "yours-target-err", words::YOURS_TARGET_ERR, &t.error_pct, l) }
                <button type="button" id="yours-plan" onclick={asker.on_click(Ask::Plan)}>{w(words::YOURS_PLAN_ASK)}</button>
            </div>
            if let Some(a) = asked { { status(a, l) } }
            { for found }
        </section>
    }
}

/// Properties of [`PropertiesBlock`].
#[derive(Properties, PartialEq)]
pub(super) struct PropertiesProps {
    /// The scenario's `application.properties` text.
    pub(super) text: String,
    /// What it is of, one line.
    pub(super) intro: String,
    /// The page's language.
    pub(super) locale: Locale,
}

/// The page's scenario as `application.properties`: a button that copies
/// it, and the text to select by hand.
#[component]
pub(super) fn PropertiesBlock(p: &PropertiesProps) -> Html {
    let status = use_state(String::new);
    let l = p.locale;
    let w = |k: Key| k.text(l, &[]);
    let onclick = {
        let (status, text) = (status.clone(), p.text.clone());
        Callback::from(move |_: MouseEvent| {
            let (status, text) = (status.clone(), text.clone());
            wasm_bindgen_futures::spawn_local(async move {
                status.set(match copy(&text, l).await {
                    Ok(()) => words::YOURS_PROPERTIES_COPIED.text(l, &[]),
                    Err(e) => words::SHARE_NOT_DONE.text(l, &[("why", Arg::Text(e))]),
                });
            });
        })
    };
    html! {
        <section class="yours-study yours-properties" aria-labelledby="yours-properties-heading">
            <h3 id="yours-properties-heading">{w(words::YOURS_PROPERTIES_HEADING)}</h3>
            <p class="muted">{p.intro.clone()}</p>
            <div class="yours-use">
                <button type="button" id="yours-properties" {onclick}>{w(words::YOURS_PROPERTIES_COPY)}</button>
                <span role="status" id="yours-properties-status">{(*status).clone()}</span>
            </div>
            if p.text.is_empty() {
                <p class="muted">{w(words::YOURS_PROPERTIES_NONE)}</p>
            } else {
                <details>
                    <summary>{w(words::YOURS_PROPERTIES_SHOW)}</summary>
                    <pre id="yours-properties-text">{p.text.clone()}</pre>
                </details>
            }
        </section>
    }
}
