//! Compare with a baseline: pin the results on screen, change something,
//! and see each column's figures before and after side by side, with the
//! change and what was changed in between (`crate::app::show::compare`).

use yew::prelude::*;

use crate::app::show::compare::{changes, rows};
use crate::app::{Action, State};
use crate::i18n::keys::{Key, ui as words};
use crate::scenario::mode_word;

const PIN: Key = words::BASELINE_PIN;
const PIN_AGAIN: Key = words::BASELINE_PIN_AGAIN;
const PIN_WHY: Key = words::BASELINE_PIN_WHY;
const CLEAR: Key = words::BASELINE_CLEAR;
const TITLE: Key = words::BASELINE_TITLE;
const BEFORE: Key = words::BASELINE_BEFORE;
const NOW: Key = words::BASELINE_NOW;
const CHANGE: Key = words::BASELINE_CHANGE;
const CHANGED: Key = words::BASELINE_CHANGED;
const NOTHING: Key = words::BASELINE_NOTHING;
const UPDATING: Key = words::BASELINE_UPDATING;
const STALE: Key = words::BASELINE_STALE;

/// Properties of [`Baseline`].
#[derive(Properties, PartialEq)]
pub(crate) struct BaselineProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
    /// Where actions go.
    pub(crate) dispatch: Callback<Action>,
}

/// The pin button and, once pinned, the before/after table.
#[component]
pub(crate) fn Baseline(p: &BaselineProps) -> Html {
    let s = &p.state;
    let l = s.view.locale();
    let w = |k: Key| k.text(l, &[]);
    let act = |a: Action| {
        let d = p.dispatch.clone();
        Callback::from(move |_| d.emit(a.clone()))
    };
    let pinned = s.baseline.is_some();
    let buttons = html! {
        <div class="baseline-buttons">
            <button type="button" id="pin-baseline" title={w(PIN_WHY)} disabled={!s.complete()}
                onclick={act(Action::PinBaseline)}>{w(if pinned { PIN_AGAIN } else { PIN })}</button>
            if pinned {
                <button type="button" id="clear-baseline" onclick={act(Action::ClearBaseline)}>{w(CLEAR)}</button>
            }
        </div>
    };
    let Some(b) = &s.baseline else {
        return html! { <section class="baseline" aria-label={w(TITLE)}>{buttons}</section> };
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
        html! { <th colspan="3" class={mode_word(m)}>{s.setup.columns.name(m, l)}</th> }
    });
    let sub = modes.iter().map(|_| {
        html! { <><th class="num">{w(BEFORE)}</th><th class="num">{w(NOW)}</th><th class="num">{w(CHANGE)}</th></> }
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
        <section class="baseline pinned" aria-label={w(TITLE)}>
            <div class="baseline-head"><h2>{w(TITLE)}</h2>{buttons}</div>
            <p class="changes" id="baseline-changes"><strong>{w(CHANGED)}</strong>
                {if changed.is_empty() { w(NOTHING) } else { changed.join("; ") }}</p>
            if let Some(t) = status { <p class="muted small">{w(t)}</p> }
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
