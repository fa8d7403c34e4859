//! Compare with a baseline: pin the results on screen, change something,
//! and see each column's figures before and after side by side, with the
//! change and what was changed in between (`crate::app::compare`).

use yew::prelude::*;

use crate::app::compare::{changes, rows};
use crate::app::{Action, State};
use crate::scenario::mode_word;

const PIN: &str = "Pin as baseline";
const PIN_AGAIN: &str = "Pin these instead";
const PIN_WHY: &str = "keep these results to compare the next ones with";
const CLEAR: &str = "Clear baseline";
const TITLE: &str = "Before and after";
const BEFORE: &str = "baseline";
const NOW: &str = "now";
const CHANGE: &str = "change";
const CHANGED: &str = "Changed since the baseline: ";
const NOTHING: &str = "nothing yet — change a setting to compare";
const UPDATING: &str = "now: simulating…";
const STALE: &str = "now: the old results (fix the highlighted fields)";

/// Properties of [`Baseline`].
#[derive(Properties, PartialEq)]
// Yew's function components are `pub`, so their props must be too.
#[allow(unreachable_pub)]
pub struct BaselineProps {
    /// The state.
    pub state: UseReducerHandle<State>,
    /// Where actions go.
    pub dispatch: Callback<Action>,
}

/// The pin button and, once pinned, the before/after table.
#[component]
pub fn Baseline(p: &BaselineProps) -> Html {
    let s = &p.state;
    let act = |a: Action| {
        let d = p.dispatch.clone();
        Callback::from(move |_| d.emit(a.clone()))
    };
    let pinned = s.baseline.is_some();
    let buttons = html! {
        <div class="baseline-buttons">
            <button type="button" id="pin-baseline" title={PIN_WHY} disabled={!s.complete()}
                onclick={act(Action::PinBaseline)}>{if pinned { PIN_AGAIN } else { PIN }}</button>
            if pinned {
                <button type="button" id="clear-baseline" onclick={act(Action::ClearBaseline)}>{CLEAR}</button>
            }
        </div>
    };
    let Some(b) = &s.baseline else {
        return html! { <section class="baseline" aria-label={TITLE}>{buttons}</section> };
    };
    let modes = s.setup.modes.list();
    let changed = changes(b, s);
    let status = if s.stale() {
        Some(STALE)
    } else if !s.complete() {
        Some(UPDATING)
    } else {
        None
    };
    let head = modes.iter().map(|&m| {
        html! { <th colspan="3" class={mode_word(m)}>{s.setup.columns.label(m)}</th> }
    });
    let sub = modes.iter().map(|_| {
        html! { <><th class="num">{BEFORE}</th><th class="num">{NOW}</th><th class="num">{CHANGE}</th></> }
    });
    let body = rows(b, s).into_iter().map(|r| {
        html! {
            <tr>
                <th scope="row">{r.name}</th>
                { for r.cells.into_iter().map(|c| {
                    let class = match c.better {
                        Some(true) => "better",
                        Some(false) => "worse",
                        None => "same",
                    };
                    html! { <>
                        <td class="num before">{c.before}</td>
                        <td class="num now">{c.now}</td>
                        <td class={classes!("num", "change", class)}>{c.change.unwrap_or_default()}</td>
                    </> }
                }) }
            </tr>
        }
    });
    html! {
        <section class="baseline pinned" aria-label={TITLE}>
            <div class="baseline-head"><h2>{TITLE}</h2>{buttons}</div>
            <p class="changes" id="baseline-changes"><strong>{CHANGED}</strong>
                {if changed.is_empty() { NOTHING.to_string() } else { changed.join("; ") }}</p>
            if let Some(t) = status { <p class="muted small">{t}</p> }
            <div class="table-wrap">
                <table id="baseline-table">
                    <thead>
                        <tr><th></th>{ for head }</tr>
                        <tr><th></th>{ for sub }</tr>
                    </thead>
                    <tbody>{ for body }</tbody>
                </table>
            </div>
        </section>
    }
}
