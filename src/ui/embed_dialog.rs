//! The Embed dialog: choose what an embed of the current scenario shows
//! (theme, charts, which controls readers may change and which they only
//! see) and copy the `<iframe>` snippet (`crate::app::share::embed::snippet`),
//! with a link back to the full playground.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::address;
use super::export::copy;
use crate::app::basis::chart_registry::{embed_charts, ids};
use crate::app::basis::words::field_label;
use crate::app::lesson::Part;
use crate::app::link::permalink::{Link, encode};
use crate::app::link::view::{Theme, View};
use crate::app::page::guide::{chapter_embed, chapter_page};
use crate::app::share::embed::{
    Snippet, facade_content, link_theme, scenario_page, snippet, theme_label,
};
use crate::app::share::facade::EmbedTheme;
use crate::app::show::charts::embed_chart_names;
use crate::app::{State, show::form};
use crate::i18n::Arg;
use crate::i18n::keys::{self, Key, ui as words};

/// Keys a reader is most likely to try, offered as controls.
const OFFERED: &[&str] = &[
    "load.concurrency",
    "server.threads_max",
    "server.cores",
    "server.jdk",
    "db.pool_size",
    "program",
];

/// Properties of [`EmbedDialog`].
#[derive(Properties, PartialEq)]
pub(crate) struct DialogProps {
    /// The state to embed.
    pub(crate) state: UseReducerHandle<State>,
    /// Close the dialog.
    pub(crate) on_close: Callback<()>,
}

/// How a control shows in the embed.
#[derive(Clone, Copy, PartialEq)]
enum Shown {
    Hidden,
    Editable,
    Locked,
}

/// The dialog.
#[component]
pub(crate) fn EmbedDialog(p: &DialogProps) -> Html {
    let theme = use_state(|| first_theme(p.state.view.theme));
    let autorun = use_state(|| false);
    let charts = use_state(|| embed_charts().map(|c| c.to_string()).collect::<Vec<_>>());
    let controls = use_state(|| vec![Shown::Hidden; OFFERED.len()]);
    let status = use_state(String::new);
    let of_chapter = use_state(|| p.state.lesson.is_some());
    let state = &p.state;
    let l = state.view.locale();
    let w = |k: Key| k.text(l, &[]);
    let pick = |shown: Shown| -> Vec<String> {
        OFFERED
            .iter()
            .zip(controls.iter())
            .filter(|(_, s)| **s == shown)
            .map(|(k, _)| k.to_string())
            .collect()
    };
    // A chapter's link names its charts only when they are not the default.
    let chapter_charts = if charts.iter().map(String::as_str).eq(embed_charts()) {
        Vec::new()
    } else {
        (*charts).clone()
    };
    let view = View {
        theme: link_theme(*theme),
        lang: state.view.lang.clone(),
        charts: if charts.is_empty() {
            embed_charts().map(|c| c.to_string()).collect()
        } else {
            (*charts).clone()
        },
        embed: true,
        run: false,
        controls: pick(Shown::Editable),
        locked: pick(Shown::Locked),
        presenter: false,
        speaker: false,
        advanced: false,
        // An embed shows the scenario, not a visitor's own measurement.
        measurement: String::new(),
        needs: String::new(),
        lesson: None,
        browser: None,
    };
    let embed_query = encode(&Link {
        setup: state.setup.clone(),
        view,
    });
    let full_query = encode(&scenario_page(state));
    // With a lesson open, the dialog may embed its chapter instead.
    let chapter = chapter_embed(state, link_theme(*theme), chapter_charts)
        .filter(|_| *of_chapter)
        .zip(chapter_page(state));
    let (embed_query, full_query) = match &chapter {
        Some(((link, _), page)) => (encode(link), encode(page)),
        None => (embed_query, full_query),
    };
    let (summary, facts, columns) = facade_content(state, chapter.is_some(), l);
    let base = address::base();
    let code = snippet(
        &Snippet {
            base: &base,
            embed_query: &embed_query,
            full_query: &full_query,
            summary: &summary,
            facts,
            columns,
            theme: *theme,
            autorun: *autorun,
            chapter: chapter.is_some(),
        },
        l,
    );
    let on_theme = {
        let theme = theme.clone();
        Callback::from(move |e: Event| {
            let w = e.target_unchecked_into::<HtmlSelectElement>().value();
            theme.set(EmbedTheme::named(&w).unwrap_or(EmbedTheme::Light));
        })
    };
    let on_autorun = {
        let autorun = autorun.clone();
        Callback::from(move |e: Event| {
            autorun.set(e.target_unchecked_into::<HtmlInputElement>().checked());
        })
    };
    // The last chart shown cannot be cleared: an embed with none would
    // show its default ones, and the box would change nothing.
    let only_one = charts.len() == 1;
    let chart_box = |(id, name): (&'static str, String)| {
        let checked = charts.iter().any(|c| c == id);
        let disabled = checked && only_one;
        let charts = charts.clone();
        let onchange = Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
            let mut c: Vec<String> = (*charts).clone();
            c.retain(|x| x != id);
            if on {
                c.push(id.to_string());
                c.sort_by_key(|x| ids().position(|y| y == x));
            }
            charts.set(c);
        });
        html! { <label><input type="checkbox" id={format!("embed-chart-{id}")} {checked} {disabled} {onchange} />{name}</label> }
    };
    let control_row = |(i, key): (usize, &&'static str)| {
        let now = controls[i];
        let controls = controls.clone();
        let onchange = Callback::from(move |e: Event| {
            let mut c = (*controls).clone();
            c[i] = match e
                .target_unchecked_into::<HtmlSelectElement>()
                .value()
                .as_str()
            {
                "editable" => Shown::Editable,
                "locked" => Shown::Locked,
                _ => Shown::Hidden,
            };
            controls.set(c);
        });
        let label = field_label(l, key);
        html! {
            <label class="control-choice">{label}{" "}
                <select id={format!("embed-control-{}", form::control_id(key, None))} {onchange}>
                    <option value="hidden" selected={now == Shown::Hidden}>{w(words::EMBED_HIDDEN)}</option>
                    <option value="editable" selected={now == Shown::Editable}>{w(words::EMBED_EDITABLE)}</option>
                    <option value="locked" selected={now == Shown::Locked}>{w(words::EMBED_LOCKED)}</option>
                </select>
            </label>
        }
    };
    let copy_code = {
        let (status, code) = (status.clone(), code.clone());
        Callback::from(move |_| {
            let (status, code) = (status.clone(), code.clone());
            wasm_bindgen_futures::spawn_local(async move {
                status.set(match copy(&code, l).await {
                    Ok(()) => words::EMBED_COPIED.text(l, &[]),
                    Err(e) => e,
                });
            });
        })
    };
    let close = p.on_close.reform(|_| ());
    html! {
        <div class="dialog-backdrop">
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="embed-title" id="embed-dialog">
                <h2 id="embed-title">{w(words::EMBED_TITLE)}</h2>
                <p class="muted small">{w(words::EMBED_ABOUT)}</p>
                { what_to_embed(state, &of_chapter) }
                <fieldset><legend>{w(words::EMBED_THEME)}</legend>
                    <select id="embed-theme" onchange={on_theme}>
                        { for EmbedTheme::ALL.iter().map(|t| html! { <option value={t.word()} selected={*t == *theme}>{theme_label(*t).text(l, &[])}</option> }) }
                    </select>
                    <label><input type="checkbox" id="embed-autorun" checked={*autorun} onchange={on_autorun} />{w(words::EMBED_AUTORUN)}</label>
                </fieldset>
                <fieldset class="choices"><legend>{w(words::EMBED_CHARTS)}</legend>{ for embed_chart_names(&p.state).into_iter().map(chart_box) }</fieldset>
                if chapter.is_none() {
                <fieldset class="choices"><legend>{w(words::EMBED_CONTROLS)}</legend>{ for OFFERED.iter().enumerate().map(control_row) }</fieldset>
                }
                <label for="embed-code">{w(words::EMBED_SNIPPET)}</label>
                <textarea id="embed-code" readonly=true rows="6" value={code.clone()} />
                <p class="dialog-actions">
                    <button type="button" id="embed-copy" onclick={copy_code}>{w(words::EMBED_COPY)}</button>
                    <a id="embed-preview" href={address::permalink(&embed_query)} target="_blank" rel="noopener">{w(words::EMBED_PREVIEW)}</a>
                    <span role="status" id="embed-status">{(*status).clone()}</span>
                    <button type="button" id="embed-close" onclick={close}>{w(words::EMBED_CLOSE)}</button>
                </p>
            </div>
        </div>
    }
}

/// The dialog's first theme: a fixed one (a blog's reader with a dark OS
/// would otherwise get a dark box in a light post), the one the author
/// sees now.
fn first_theme(page: Theme) -> EmbedTheme {
    let dark = match page {
        Theme::Dark => true,
        Theme::Light => false,
        Theme::Auto => address::system_dark(),
    };
    if dark {
        EmbedTheme::Dark
    } else {
        EmbedTheme::Light
    }
}

/// With a lesson open: embed the scenario on the page, or the lesson's
/// chapter (its reader predicts, runs and compares in the embed).
fn what_to_embed(state: &State, of_chapter: &UseStateHandle<bool>) -> Html {
    let Some((lesson, chapter)) = state.chapter() else {
        return Html::default();
    };
    let l = state.view.locale();
    let title = chapter.text(&lesson.id, Part::Title, l);
    let choice = |id: &'static str, chapter: bool, words: String| {
        let set = of_chapter.clone();
        let onchange = Callback::from(move |_: Event| set.set(chapter));
        html! {
            <label><input type="radio" name="embed-what" {id} checked={**of_chapter == chapter} {onchange} />{words}</label>
        }
    };
    html! {
        <fieldset class="choices"><legend>{keys::GUIDE_EMBED_WHAT.text(l, &[])}</legend>
            { choice("embed-what-scenario", false, keys::GUIDE_EMBED_SCENARIO.text(l, &[])) }
            { choice("embed-what-chapter", true, keys::GUIDE_EMBED_CHAPTER.text(l, &[("title", Arg::Text(title))])) }
        </fieldset>
    }
}
