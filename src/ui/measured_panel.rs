//! The measured-vs-simulated table of the loaded experiment (from
//! `crate::fidelity`): each figure, the simulation beside it with the
//! difference in percent and the verdict, the source, the Little's-law check
//! of the article's own figures, and which settings the article states and
//! which are assumptions (with the reason).

use yew::prelude::*;

use crate::app::form::value_in_words;
use crate::app::format::{figure, language, measured, signed_pct};
use crate::app::{Mode, PerMode, State};
use crate::fidelity::Row;
use crate::scenario::{Preset, mode_word, preset};

/// Properties of [`MeasuredPanel`].
#[derive(Properties, PartialEq)]
pub struct MeasuredProps {
    /// The state.
    pub state: UseReducerHandle<State>,
}

/// Shown instead of a verdict once the column's scenario is not the article's.
const DIFFERS: &str = "your scenario differs from the article's";
const DIFFERS_WHY: &str = "a verdict holds the model to the article's own scenario; change it back (or reset) to judge again";

fn row(s: &State, differs: &PerMode<bool>, mode: Mode, r: &Row) -> Html {
    let name = s.setup.columns.label(mode);
    let run = if r.variant == mode_word(mode) {
        name.to_string()
    } else {
        format!("{name} · {}", r.variant)
    };
    let differs = *differs.get(mode);
    let verdict = if differs {
        html! { <td class="verdict differs" title={DIFFERS_WHY}>{DIFFERS}</td> }
    } else {
        html! { <td class={classes!("verdict", r.verdict.word())}>{format!("{} · {}", r.basis.word(), r.verdict.word())}</td> }
    };
    html! {
        <tr class={classes!(mode_word(mode), differs.then_some("differs"))} title={r.note.clone()}>
            <td>{r.metric.to_string()}<span class="muted">{format!(" ({})", r.unit)}</span></td>
            <td>{run}</td>
            <td class="num measured">{measured(&r.measured)}</td>
            <td class="num">{r.simulated.map_or("–".into(), figure)}</td>
            <td class="num">{signed_pct(r.diff_pct)}</td>
            {verdict}
        </tr>
    }
}

/// The settings the article states, then the assumptions with their reasons
/// (each key once, from both runs of a pair).
fn provenance(s: &State, p: &'static Preset) -> Html {
    let variants: Vec<&Preset> = std::iter::once(p).chain(p.partner()).collect();
    let start = s.setup.start();
    let changed: Vec<String> = s.setup.changes().into_iter().map(|(_, k)| k).collect();
    // A changed value says so, with the article's beside it.
    let value = |k: &str| {
        let now = value_in_words(&s.setup, k);
        if changed.iter().any(|c| c == k) {
            html! { <>{now}<span class="badge changed">{CHANGED}</span>{format!(" {ARTICLE}{}", value_in_words(&start, k))}</> }
        } else {
            html! { {now} }
        }
    };
    let stated = p
        .stated
        .iter()
        .map(|k| html! { <li><code>{*k}</code>{" = "}{value(k)}</li> });
    let mut seen: Vec<&str> = Vec::new();
    let mut assumed: Vec<Html> = Vec::new();
    for a in variants.iter().flat_map(|v| v.assumptions) {
        if seen.contains(&a.key) {
            continue;
        }
        seen.push(a.key);
        assumed.push(html! {
            <li><code>{a.key}</code>{" = "}{value(a.key)}<span class="badge assumed">{"assumed"}</span>{" "}{a.reason}</li>
        });
    }
    html! {
        <details class="provenance" open=true>
            <summary>{"Stated by the article, and assumed"}</summary>
            <ul>{ for stated }</ul>
            <ul>{ for assumed }</ul>
        </details>
    }
}

const CHANGED: &str = "changed";
const ARTICLE: &str = "the article's: ";

/// The panel (empty when the scenario has no measurements).
#[component]
pub fn MeasuredPanel(p: &MeasuredProps) -> Html {
    let s = &p.state;
    // Worked out once per scenario: the panel redraws with every message
    // from the worker.
    let differs = {
        let st = p.state.clone();
        use_memo(s.generation, move |_| PerMode {
            platform: st.setup.differs_from_article(Mode::Platform),
            virtual_threads: st.setup.differs_from_article(Mode::Virtual),
        })
    };
    let Some(loaded) = s.setup.preset.as_deref().and_then(preset) else {
        return html! {};
    };
    let Some(src) = crate::fidelity::source(loaded.experiment) else {
        return html! {};
    };
    // The pair's platform side first, as the page's columns are.
    let first = match loaded.partner() {
        Some(q) if q.side() == Mode::Platform => q,
        _ => loaded,
    };
    let rows: Vec<Html> = s
        .setup
        .modes
        .list()
        .iter()
        .flat_map(|&m| {
            let differs = &differs;
            s.results
                .rows
                .get(m)
                .iter()
                .map(move |r| row(s, differs, m, r))
        })
        .collect();
    let exp = loaded.experiment;
    let little: Vec<Html> = crate::fidelity::little_checks()
        .into_iter()
        .filter(|c| c.experiment == exp)
        .map(
            |c| html! { <li class={if c.consistent { "ok" } else { "bad" }}>{c.text.clone()}</li> },
        )
        .collect();
    let or_not = |t: &'static str| if t.is_empty() { "not given" } else { t };
    html! {
        <section class="measured" aria-label="measured vs simulated">
            <h2>{format!("{exp}: measured vs simulated")}</h2>
            <p class="source">
                if src.url.is_empty() { <cite>{src.title}</cite> } else { <a href={src.url} rel="noopener noreferrer"><cite>{src.title}</cite></a> }
                {format!(" — {}, {} ({})", or_not(src.author), or_not(src.date), language(src.language))}
                if !src.url.is_empty() { <br /><code class="small">{src.url}</code> }
            </p>
            if s.setup.edited() { <p class="warn">{"You changed the scenario since loading the preset: the simulated column is your version."}</p> }
            if rows.is_empty() {
                <p class="muted">{if s.interrupted().is_some() { "not simulated: the run was interrupted" } else { "simulating…" }}</p>
            } else {
                <div class="table-wrap">
                    <table id="measured-table">
                        <thead><tr><th>{"figure"}</th><th>{"run"}</th><th class="num">{"measured"}</th><th class="num">{"simulated"}</th><th class="num">{"difference"}</th><th>{"basis · verdict"}</th></tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            }
            if !little.is_empty() {
                <h3>{"Little's law on the article's own figures (N = X · R)"}</h3>
                <ul class="little">{ for little }</ul>
            }
            { provenance(s, first) }
        </section>
    }
}
