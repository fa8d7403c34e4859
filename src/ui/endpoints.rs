//! A card's endpoints, in a mix: a table (share, successful responses per
//! second, p50, p99, failures, calls to guarded downstreams per request
//! where there are any, what each waits for most), then per
//! endpoint its breakdown's sentence and two bars, drawn as the card's own
//! breakdown is (`ui::breakdown`). Nothing without a mix.

use yew::prelude::*;

use crate::app::RunView;
use crate::app::basis::format::ms_in;
use crate::app::basis::modes::Mode;
use crate::app::run::breakdown::{Set, stage_key};
use crate::app::run::endpoints::EndpointView;
use crate::i18n::keys::ui as words;
use crate::i18n::{Arg, Locale};

/// What an endpoint waits for most, in words.
fn waits(e: &EndpointView, l: Locale) -> String {
    match e.waits_most_for {
        Some((stage, share)) => words::ENDPOINTS_WAITS.text(
            l,
            &[
                ("stage", Arg::Text(stage_key(stage).text(l, &[]))),
                ("pct", Arg::Text(l.number(share * 100.0, 0))),
            ],
        ),
        None => words::ENDPOINTS_OWN_WORK.text(l, &[]),
    }
}

fn table(r: &RunView, l: Locale) -> Html {
    let w = |k: crate::i18n::keys::Key| k.text(l, &[]);
    // Calls out per request, where any endpoint guards a call.
    let tries = r.endpoints.iter().any(|e| e.tries_per_request.is_some());
    let tries_of = |e: &EndpointView| match e.tries_per_request {
        Some(x) => l.number(x, 2),
        None => "–".to_string(),
    };
    let rows = r.endpoints.iter().map(|e| {
        html! {
            <tr data-endpoint={e.name.clone()}
                data-waits={e.waits_most_for.map(|(s, _)| s.name())}>
                <th scope="row">{e.name.clone()}</th>
                <td>{format!("{} %", l.number(e.share * 100.0, 0))}</td>
                <td>{l.number(e.goodput_rps, 1)}</td>
                <td>{ms_in(l, e.p50_ms)}</td>
                <td>{ms_in(l, e.p99_ms)}</td>
                <td>{format!("{} %", l.number(e.error_pct, 1))}</td>
                if tries { <td class="tries">{tries_of(e)}</td> }
                <td>{waits(e, l)}</td>
            </tr>
        }
    });
    html! {
        <table class="endpoints-table">
            <caption class="sr-only">{w(words::ENDPOINTS_CAPTION)}</caption>
            <thead><tr>
                <th scope="col">{w(words::ENDPOINTS_COL_NAME)}</th>
                <th scope="col">{w(words::ENDPOINTS_COL_SHARE)}</th>
                <th scope="col">{w(words::ENDPOINTS_COL_GOODPUT)}</th>
                <th scope="col">{"p50"}</th>
                <th scope="col">{"p99"}</th>
                <th scope="col">{w(words::ENDPOINTS_COL_FAILED)}</th>
                if tries { <th scope="col">{w(words::ENDPOINTS_COL_TRIES)}</th> }
                <th scope="col">{w(words::ENDPOINTS_COL_WAITS)}</th>
            </tr></thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}

/// One endpoint's breakdown: its sentence and its two bars.
fn one(e: &EndpointView, mode: Mode, l: Locale) -> Html {
    let Some(b) = &e.breakdown else {
        return Html::default();
    };
    html! {
        <div class="endpoint" data-endpoint={e.name.clone()}>
            <h4>{e.name.clone()}</h4>
            <p class="breakdown-said">{b.said(mode, l).unwrap_or_default()}</p>
            <div class="bars" aria-hidden="true">
                {super::breakdown::bar(b, Set::Mean, l)}
                {super::breakdown::bar(b, Set::P99, l)}
            </div>
        </div>
    }
}

/// The endpoints of run `r` in its card.
pub(super) fn endpoints(r: &RunView, l: Locale) -> Html {
    if r.endpoints.is_empty() {
        return Html::default();
    }
    let mode = r.columns.server_mode(r.mode);
    html! {
        <section class="endpoints">
            <h3>{words::ENDPOINTS_HEADING.text(l, &[])}</h3>
            {table(r, l)}
            { for r.endpoints.iter().map(|e| one(e, mode, l)) }
        </section>
    }
}
