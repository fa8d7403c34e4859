//! "Your measurement": a text area for a load test's output, and what the
//! page says of it (`crate::app::yours`): what was read, what it says about
//! the load and what it cannot know, Little's law on its numbers, the load
//! settings it implies (one button puts them on the form), and each figure
//! beside each column's simulated run. Then the questions the worker
//! studies (`study`: a second output to compare, what if virtual threads;
//! `plan`: a capacity plan) and the scenario as `application.properties`.

mod plan;
mod study;

use std::rc::Rc;

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use super::notice::pieces;
use crate::app::link::permalink::MAX_LINK_CHARS;
use crate::app::page::yours::YoursAction;
use crate::app::show::yours::{self, Table, study as show_study};
use crate::app::{Action, State};
use crate::i18n::keys::{Key, ui as words};
use crate::i18n::{Arg, Locale, Phrase};
use crate::measured::Measurement;
use crate::scenario::mode_word;

/// Properties of [`YoursPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct YoursProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
    /// Where actions go.
    pub(crate) dispatch: Callback<Action>,
    /// The page's workers (a question about the service is studied there).
    pub(crate) runner: super::runner::Runner,
}

/// Properties of [`YoursInput`]: only what it shows, so that it is not
/// drawn again for every message of the worker.
#[derive(Properties, PartialEq)]
struct InputProps {
    /// The text the state holds (the text area starts with it).
    text: Rc<str>,
    /// The page's language.
    locale: Locale,
    /// Where its actions go (the same for the page's life).
    dispatcher: UseReducerDispatcher<State>,
}

/// The labelled text area and the Read button. A paste is read at once;
/// typed text on Read. The text area holds its own text (a default
/// value): set again from the state on each key, its caret would jump.
#[component]
fn YoursInput(p: &InputProps) -> Html {
    let send = |a: YoursAction| Action::Yours(a);
    let oninput = {
        let d = p.dispatcher.clone();
        Callback::from(move |e: InputEvent| {
            let pasted = e.input_type() == "insertFromPaste";
            let text = e.target_unchecked_into::<HtmlTextAreaElement>().value();
            d.dispatch(send(YoursAction::Text(text)));
            if pasted {
                d.dispatch(send(YoursAction::Read));
            }
        })
    };
    let onclick = {
        let d = p.dispatcher.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(send(YoursAction::Read)))
    };
    let w = |k: Key| k.text(p.locale, &[]);
    html! {
        <div class="yours-input">
            <label for="yours-text">{w(words::YOURS_LABEL)}</label>
            <textarea id="yours-text" rows="8" spellcheck="false" autocomplete="off"
                defaultvalue={p.text.to_string()} {oninput} />
            <button type="button" id="yours-read" {onclick}>{w(words::YOURS_READ)}</button>
        </div>
    }
}

/// A list of phrases in `l`.
fn said_list(class: &'static str, said: &[Phrase], l: Locale) -> Html {
    html! { <ul {class}>{ for said.iter().map(|p| html! { <li>{p.text(l)}</li> }) }</ul> }
}

/// What was read: the format, the figures, statuses, errors and what the
/// figures count.
fn what_was_read(m: &Measurement, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let tool = [("tool", Arg::Text(m.source.tool_name().into()))];
    let figures = yours::figures(m, l)
        .into_iter()
        .map(|(name, value)| html! { <div><dt>{name}</dt><dd>{value}</dd></div> });
    let status = m.status.iter().map(
        |(code, n)| html! { <li><code>{*code}</code>{format!(": {}", l.number(*n as f64, 0))}</li> },
    );
    let errors = m.errors.iter().map(
        |(e, n)| html! { <li>{format!("{} × ", l.number(*n as f64, 0))}<code>{e.clone()}</code></li> },
    );
    html! {
        <>
            <p class="yours-read-as" id="yours-read-as">{yours::read_as(m).text(l)}</p>
            if let Some(label) = &m.label {
                <p>{words::YOURS_TESTED.text(l, &[("label", Arg::Text(label.clone()))])}</p>
            }
            <h3>{w(words::YOURS_FIGURES)}</h3>
            <dl class="yours-figures">{ for figures }</dl>
            if !m.status.is_empty() {
                <h3>{w(words::YOURS_STATUS)}</h3>
                <ul class="yours-status">{ for status }</ul>
            }
            if !m.errors.is_empty() {
                <h3>{words::YOURS_ERRORS.text(l, &tool)}</h3>
                <ul class="yours-errors">{ for errors }</ul>
            }
            if !m.counts.is_empty() {
                <h3>{w(words::YOURS_COUNTED)}</h3>
                { said_list("yours-counted", &yours::counted(m), l) }
            }
        </>
    }
}

/// What the output says about the load, and what it cannot know.
fn the_load(m: &Measurement, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let ask = words::YOURS_LOAD_NO_CONCURRENCY.pieces(
        l,
        &[("key", Arg::Text("load.concurrency".into()))],
        &["key"],
    );
    html! {
        <>
            <h3>{w(words::YOURS_LOAD)}</h3>
            { said_list("yours-load", &yours::load(m), l) }
            if yours::lacks_concurrency(m) { <p class="warn">{pieces(ask)}</p> }
            <h3>{w(words::YOURS_UNKNOWN)}</h3>
            <p class="yours-unknown">{w(words::YOURS_UNKNOWN_TEXT)}</p>
        </>
    }
}

/// Little's law on the output's numbers, as the article checks are said.
fn little_law(m: &Measurement, l: Locale) -> Html {
    let (said, consistent) = yours::little(m);
    let class = match consistent {
        Some(true) => "ok",
        Some(false) => "bad",
        None => "muted",
    };
    html! {
        <>
            <h3>{words::YOURS_LITTLE.text(l, &[])}</h3>
            <ul class="little yours-little">
                <li {class}>{said.text(l)}</li>
                if consistent == Some(false) { <li>{words::YOURS_LITTLE_WHY.text(l, &[])}</li> }
            </ul>
        </>
    }
}

/// The settings the output implies, and the button that uses them.
fn the_settings(s: &State, dispatch: &Callback<Action>, l: Locale) -> Html {
    let settings = s.yours.settings();
    let in_use = yours::in_use(&s.setup, &settings);
    // The form's empty text is `null` as `--set` writes it.
    let lines = settings.iter().map(|(k, v)| {
        let v = if v.is_empty() {
            yours::UNSET
        } else {
            v.as_str()
        };
        html! { <li><code>{format!("{k}={v}")}</code></li> }
    });
    let onclick = dispatch.reform(|_: MouseEvent| Action::Yours(YoursAction::UseSettings));
    html! {
        <>
            <h3>{words::YOURS_SETTINGS.text(l, &[])}</h3>
            <ul class="yours-settings">{ for lines }</ul>
            <div class="yours-use">
                <button type="button" id="yours-use" {onclick}>{words::YOURS_USE.text(l, &[])}</button>
                if in_use { <span class="muted" id="yours-in-use">{words::YOURS_IN_USE.text(l, &[])}</span> }
            </div>
        </>
    }
}

/// The choice to keep the pasted text in the page's link (only when it
/// fits: a link holds at most `MAX_LINK_CHARS`).
fn keep_in_link(s: &State, dispatch: &Callback<Action>, l: Locale) -> Html {
    let fits = s.measurement_fits_link();
    let onchange = dispatch.reform(|e: Event| {
        let on = e
            .target_unchecked_into::<web_sys::HtmlInputElement>()
            .checked();
        Action::Yours(YoursAction::Keep(on))
    });
    let max = [("max", Arg::Number(MAX_LINK_CHARS as f64))];
    html! {
        <div class="yours-keep">
            <label>
                <input type="checkbox" id="yours-keep" checked={s.yours.keep && fits}
                    disabled={!fits} {onchange} />
                {words::YOURS_KEEP.text(l, &[])}
            </label>
            if !fits { <span class="muted" id="yours-keep-too-long">{words::YOURS_KEEP_TOO_LONG.text(l, &max)}</span> }
        </div>
    }
}

/// One column's measured-vs-simulated table.
fn table(t: &Table, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let Some(rows) = &t.rows else {
        return html! { <p class="muted yours-waiting">{format!("{}: {}", t.name, w(words::YOURS_COMPARE_WAITING))}</p> };
    };
    let heads = figure_heads(l);
    let [fig, mea, sim, dif] = &heads;
    let body = rows.iter().map(|r| {
        html! {
            <tr class="yours-row">
                <th scope="row" data-label={fig.clone()}>{r.figure.clone()}</th>
                <td class="num measured" data-label={mea.clone()}>{r.measured.clone()}</td>
                <td class="num simulated" data-label={sim.clone()}>{r.simulated.clone()}</td>
                <td class="num difference" data-label={dif.clone()}>{r.difference.clone()}</td>
            </tr>
        }
    });
    let class = classes!("yours-table", mode_word(t.mode));
    let id = format!("yours-table-{}", mode_word(t.mode));
    figure_table(class, id, t.name.clone(), &heads, body.collect())
}

/// The heads of a measured-vs-simulated table in `l`: figure, measured,
/// simulated, difference.
pub(super) fn figure_heads(l: Locale) -> [String; 4] {
    [
        words::YOURS_COL_FIGURE,
        words::YOURS_COL_MEASURED,
        words::YOURS_COL_SIMULATED,
        words::YOURS_COL_DIFFERENCE,
    ]
    .map(|k| k.text(l, &[]))
}

/// A measured-vs-simulated table: `body`'s rows under the four heads.
pub(super) fn figure_table(
    class: Classes,
    id: String,
    caption: String,
    heads: &[String; 4],
    body: Html,
) -> Html {
    let [fig, mea, sim, dif] = heads;
    html! {
        <div class="table-wrap">
            <table {class} {id}>
                <caption>{caption}</caption>
                <thead><tr>
                    <th scope="col">{fig.clone()}</th>
                    <th scope="col" class="num">{mea.clone()}</th>
                    <th scope="col" class="num">{sim.clone()}</th>
                    <th scope="col" class="num">{dif.clone()}</th>
                </tr></thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}

/// Each running column's comparison, under whose counting it follows.
fn comparison(s: &State, m: &Measurement, l: Locale) -> Html {
    let in_use = yours::in_use(&s.setup, &s.yours.settings());
    let tables = yours::tables(s);
    html! {
        <>
            <h3>{yours::compare_heading(m).text(l)}</h3>
            if !in_use { <p class="muted yours-hint">{words::YOURS_COMPARE_HINT.text(l, &[])}</p> }
            { for tables.iter().map(|t| table(t, l)) }
        </>
    }
}

/// The panel.
#[component]
pub(crate) fn YoursPanel(p: &YoursProps) -> Html {
    let s = &p.state;
    let l = s.view.locale();
    let w = |k: Key| k.text(l, &[]);
    let asker = study::Asker {
        state: p.state.clone(),
        runner: p.runner.clone(),
        ids: use_mut_ref(|| 1_u64),
    };
    let read = s.yours.measurement().map(|m| {
        html! {
            <div class="yours-read">
                { what_was_read(m, l) }
                { the_load(m, l) }
                { little_law(m, l) }
                { the_settings(s, &p.dispatch, l) }
                { keep_in_link(s, &p.dispatch, l) }
                { comparison(s, m, l) }
            </div>
        }
    });
    html! {
        <section class="yours" aria-labelledby="yours-heading">
            <h2 id="yours-heading">{w(words::YOURS_HEADING)}</h2>
            <p class="muted">{w(words::YOURS_INTRO)}</p>
            <YoursInput text={s.yours.text.clone()} locale={l} dispatcher={s.dispatcher()} />
            if let Some(line) = s.yours.problem(l) {
                <p class="yours-problem" role="alert" id="yours-problem">{pieces(line)}</p>
            }
            if s.yours.measurement().is_none() && !s.yours.needs.is_empty() {
                <p class="yours-needs" role="status" id="yours-needs">
                    {words::YOURS_NEEDS.text(l, &[("tool", Arg::Text(s.yours.needs.clone()))])}
                </p>
            }
            { for read }
            { study::compare_section(s, &asker, l) }
            { study::migrate_section(s, &asker, l) }
            { plan::plan_section(s, &asker, &p.dispatch, l) }
            <plan::PropertiesBlock text={show_study::properties_text(&s.setup)}
                intro={show_study::properties_intro(&s.setup, l)} locale={l} />
        </section>
    }
}
