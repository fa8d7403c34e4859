//! The page's share bar: copy the link, choose the theme and the charts,
//! open the Embed dialog, and take results away (CSV, the command line's
//! JSON and text, an image card for feeds, each chart as PNG or SVG).

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::address;
use super::embed_dialog::EmbedDialog;
use super::export::{chart_png, chart_svg, copy, download};
use super::guide::{language_options, presenter_switch};
use super::runner::Runner;
use crate::app::basis::chart_registry::column_of;
use crate::app::basis::chart_registry::ids;
use crate::app::link::permalink::encode;
use crate::app::link::view::Theme;
use crate::app::share::card::Card;
use crate::app::share::export::{
    Source, hey_text, over_time_csv, replications_csv, reports_json, sweep_csv,
};
use crate::app::share::facade::card_page;
use crate::app::show::charts::{chart_names, charts};
use crate::app::{Action, State};
use crate::i18n::keys::Key;
use crate::i18n::keys::ui as words;
use crate::i18n::{Arg, Locale, keys};

/// Properties of [`ShareBar`].
#[derive(Properties, PartialEq)]
pub(crate) struct ShareProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
    /// Where actions go.
    pub(crate) dispatch: Callback<Action>,
    /// The worker (for the full reports).
    pub(crate) runner: Runner,
}

/// Shows `r`'s outcome in the status line, in `l`'s words.
fn report(status: &UseStateHandle<String>, l: Locale, ok: Option<Key>, r: Result<(), String>) {
    status.set(match r {
        Ok(()) => ok.map_or_else(String::new, |k| k.text(l, &[])),
        Err(e) => words::SHARE_NOT_DONE.text(l, &[("why", Arg::Text(e))]),
    });
}

/// The bar.
#[component]
pub(crate) fn ShareBar(p: &ShareProps) -> Html {
    let status = use_state(String::new);
    let dialog = use_state(|| false);
    let state = &p.state;
    let url = address::permalink(&encode(&state.link()));
    let locale = state.view.locale();
    let copy_link = {
        let (status, url) = (status.clone(), url.clone());
        Callback::from(move |_| {
            let (status, url) = (status.clone(), url.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let r = copy(&url, locale).await;
                report(&status, locale, Some(words::SHARE_LINK_COPIED), r);
            });
        })
    };
    // A preset as it is or a chapter has a page with a preview card.
    let card = card_page(state).map(|page| format!("{}{page}", address::base()));
    let copy_card = {
        let (status, card) = (status.clone(), card.clone());
        Callback::from(move |_| {
            let (status, card) = (status.clone(), card.clone().unwrap_or_default());
            wasm_bindgen_futures::spawn_local(async move {
                let r = copy(&card, locale).await;
                report(&status, locale, Some(words::SHARE_CARD_COPIED), r);
            });
        })
    };
    let on_theme = {
        let (d, view) = (p.dispatch.clone(), state.view.clone());
        Callback::from(move |e: Event| {
            let word = e.target_unchecked_into::<HtmlSelectElement>().value();
            let mut v = view.clone();
            v.theme = Theme::named(&word).unwrap_or_default();
            d.emit(Action::SetView(v));
        })
    };
    let on_lang = {
        let d = p.dispatch.clone();
        Callback::from(move |e: Event| {
            let code = e.target_unchecked_into::<HtmlSelectElement>().value();
            let locale = Locale::named(&code).unwrap_or(Locale::En);
            // The language's words first (fetched once), then the switch,
            // so the page changes language in one step.
            let d = d.clone();
            wasm_bindgen_futures::spawn_local(async move {
                super::catalogue::ensure(locale).await;
                d.emit(Action::SetLanguage(locale));
            });
        })
    };
    let open_dialog = {
        let dialog = dialog.clone();
        Callback::from(move |_| dialog.set(true))
    };
    let close_dialog = {
        let dialog = dialog.clone();
        Callback::from(move |_| dialog.set(false))
    };
    html! {
        <div class="share" aria-label={words::SHARE_LABEL.text(locale, &[])}>
            <button type="button" id="copy-link" onclick={copy_link}>{words::SHARE_COPY_LINK.text(locale, &[])}</button>
            if let Some(card) = &card {
                <button type="button" id="copy-card-link" data-card={card.clone()} onclick={copy_card}>{words::SHARE_CARD_LINK.text(locale, &[])}</button>
            }
            <button type="button" id="open-embed" onclick={open_dialog}>{words::SHARE_EMBED.text(locale, &[])}</button>
            {exports_menu(p, &status)}
            {charts_menu(p)}
            <select id="theme" aria-label={words::SHARE_THEME.text(locale, &[])} onchange={on_theme}>
                { for Theme::ALL.iter().map(|t| html! {
                    <option value={t.word()} selected={*t == state.view.theme}>{t.label(locale)}</option>
                }) }
            </select>
            <label class="lang" for="lang">{keys::LANGUAGE.text(locale, &[])}</label>
            <select id="lang" onchange={on_lang}>{language_options(locale)}</select>
            {presenter_switch(state, &p.dispatch, true)}
            <span class="share-status" id="share-status" role="status">{(*status).clone()}</span>
            if *dialog {
                <EmbedDialog state={state.clone()} on_close={close_dialog} />
            }
        </div>
    }
}

/// Which charts the page shows.
fn charts_menu(p: &ShareProps) -> Html {
    let view = p.state.view.clone();
    let l = view.locale();
    let toggle = |id: &'static str| {
        let (d, view) = (p.dispatch.clone(), view.clone());
        Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
            let mut v = view.clone();
            let mut shown: Vec<String> = ids()
                .filter(|c| if *c == id { on } else { view.shows_chart(c) })
                .map(|c| c.to_string())
                .collect();
            if shown.len() == ids().count() {
                shown.clear();
            }
            v.charts = shown;
            d.emit(Action::SetView(v));
        })
    };
    html! {
        <details class="menu" id="charts-menu">
            <summary>{words::SHARE_CHARTS.text(l, &[])}</summary>
            <div class="menu-body">
                { for chart_names(&p.state).into_iter().map(|(id, name)| html! {
                    <label title={id}><input type="checkbox" id={format!("show-{id}")} checked={view.shows_chart(id)}
                        onchange={toggle(id)} />{name}</label>
                }) }
            </div>
        </details>
    }
}

/// The export menu: CSV, JSON and text of the results, and every chart
/// shown. Files are made on click, from the state of that moment.
fn exports_menu(p: &ShareProps, status: &UseStateHandle<String>) -> Html {
    let state = &p.state;
    let l = state.view.locale();
    let word = |k: Key| k.text(l, &[]);
    let done = state.results.done && state.results.generation == state.generation;
    let source = move |s: &State| Source::of(s, &address::permalink(&encode(&s.link())), l);
    let csv = |what: &'static str, make: fn(&State, &Source) -> String| {
        let (st, status) = (state.clone(), status.clone());
        Callback::from(move |_| {
            let src = source(&st);
            let name = src.file_name(&st, what, "csv");
            let text = make(&st, &src);
            let r = download(&name, "text/csv", text.as_bytes(), l);
            report(&status, l, Some(words::SHARE_DOWNLOADED), r)
        })
    };
    let reports = |as_text: bool| {
        let (runner, status, st) = (p.runner.clone(), status.clone(), state.clone());
        Callback::from(move |_| {
            let (status, src) = (status.clone(), source(&st));
            let name = src.file_name(&st, "reports", "json");
            let modes = st.setup.modes.list().to_vec();
            runner.export(st.generation, &modes, move |r| match r {
                Err(e) => report(&status, l, None, Err(e)),
                Ok(exports) if as_text => wasm_bindgen_futures::spawn_local(async move {
                    let r = copy(&hey_text(&src, &exports), l).await;
                    report(&status, l, Some(words::SHARE_COPIED_HEY), r);
                }),
                Ok(exports) => {
                    let json = reports_json(&src, &exports);
                    let r = download(&name, "application/json", json.as_bytes(), l);
                    report(&status, l, Some(words::SHARE_DOWNLOADED), r)
                }
            });
        })
    };
    let chart_file = |id: &'static str, svg: bool| {
        let (st, status) = (state.clone(), status.clone());
        Callback::from(move |_| {
            let src = source(&st);
            let found = charts(&st)
                .into_iter()
                .find(|c| c.id == format!("chart-{id}"));
            let r = match (found, svg) {
                (None, _) => Err(words::SHARE_NO_CHART.text(l, &[])),
                (Some(c), true) => chart_svg(&c, &src, l).and_then(|t| {
                    let name = src.file_name(&st, id, "svg");
                    download(&name, "image/svg+xml", t.as_bytes(), l)
                }),
                (Some(c), false) => chart_png(&c, &src, l)
                    .and_then(|b| download(&src.file_name(&st, id, "png"), "image/png", &b, l)),
            };
            report(&status, l, Some(words::SHARE_DOWNLOADED), r)
        })
    };
    let image_card = {
        let (st, status) = (state.clone(), status.clone());
        Callback::from(move |_| {
            let src = source(&st);
            let card = Card::of(&st, &src.permalink, l);
            let name = src.file_name(&st, "card", "png");
            let status = status.clone();
            match super::card::paint(&card, l) {
                Ok(canvas) => super::card::download_png(&canvas, name, l, move |r| {
                    report(&status, l, Some(words::SHARE_DOWNLOADED), r)
                }),
                Err(e) => report(&status, l, None, Err(e)),
            }
        })
    };
    let chart_item = |id: &'static str| {
        html! {
            <li><span>{id}</span>{" "}
                <button type="button" id={format!("png-{id}")} onclick={chart_file(id, false)} disabled={!done}>{word(words::SHARE_PNG)}</button>
                <button type="button" id={format!("svg-{id}")} onclick={chart_file(id, true)} disabled={!done}>{word(words::SHARE_SVG)}</button>
            </li>
        }
    };
    html! {
        <details class="menu" id="export-menu">
            <summary>{word(words::SHARE_EXPORT)}</summary>
            <div class="menu-body">
                if !done { <p class="muted small">{word(words::SHARE_WHEN_DONE)}</p> }
                <button type="button" id="export-sweep-csv" onclick={csv("sweep", sweep_csv)} disabled={!done}>{word(words::SHARE_SWEEP_CSV)}</button>
                <button type="button" id="export-time-csv" onclick={csv("over-time", over_time_csv)} disabled={!done}>{word(words::SHARE_TIME_CSV)}</button>
                <button type="button" id="export-replications-csv" onclick={csv("replications", replications_csv)} disabled={!done}>{word(words::SHARE_REPLICATIONS_CSV)}</button>
                <button type="button" id="export-json" onclick={reports(false)} disabled={!done}>{word(words::SHARE_JSON)}</button>
                <button type="button" id="export-hey" onclick={reports(true)} disabled={!done}>{word(words::SHARE_HEY)}</button>
                <button type="button" id="export-card" onclick={image_card} disabled={!done}>{word(words::SHARE_CARD)}</button>
                <ul class="chart-exports">{ for ids().filter(|id| state.view.shows_chart(id) && runs_for(state, id)).map(chart_item) }</ul>
            </div>
        </details>
    }
}

/// Whether the chart `id` has a run to show: a column's own chart only
/// when that column runs.
fn runs_for(state: &State, id: &str) -> bool {
    column_of(id).is_none_or(|m| state.setup.modes.list().contains(&m))
}
