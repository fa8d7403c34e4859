//! The measured-vs-simulated table of the loaded experiment (from
//! `crate::fidelity`): each figure, the simulation beside it with the
//! difference in percent and the verdict, the source, the Little's-law check
//! of the article's own figures, and which settings the article states and
//! which are assumptions (with the reason), in the page's language.

use yew::prelude::*;

use crate::app::form::value_in_words_in;
use crate::app::{Mode, PerMode, State};
use crate::fidelity::Row;
use crate::fidelity::words::{self, difference_in, figure_in, in_locale, measured_in};
use crate::i18n::keys::report as k;
use crate::i18n::{Arg, Locale};
use crate::scenario::{Preset, mode_word, preset};

/// Properties of [`MeasuredPanel`].
#[derive(Properties, PartialEq)]
pub struct MeasuredProps {
    /// The state.
    pub state: UseReducerHandle<State>,
}

fn row(s: &State, differs: &PerMode<bool>, mode: Mode, r: &Row) -> Html {
    let l = s.view.locale();
    let name = s.setup.columns.label(mode);
    let run = if r.variant == mode_word(mode) {
        name.to_string()
    } else {
        format!(
            "{name} · {}",
            in_locale(&words::variant(&r.variant), &r.variant, l)
        )
    };
    let differs = *differs.get(mode);
    let verdict = if differs {
        html! { <td class="verdict differs" title={k::MEASURED_DIFFERS_WHY.text(l, &[])}>{k::MEASURED_DIFFERS.text(l, &[])}</td> }
    } else {
        let said = format!(
            "{} · {}",
            r.basis.said().text(l, &[]),
            r.verdict.said().text(l, &[])
        );
        html! { <td class={classes!("verdict", r.verdict.word())}>{said}</td> }
    };
    // A row from a worker that sent no phrases keeps its English note.
    let note = if r.said.is_empty() {
        r.note.clone()
    } else {
        r.note_in(l)
    };
    let metric = in_locale(&words::metric(&r.metric), &r.metric, l);
    let unit = in_locale(&words::unit(&r.unit), &r.unit, l);
    html! {
        <tr class={classes!(mode_word(mode), differs.then_some("differs"))} title={note}>
            <td>{metric}<span class="muted">{format!(" ({unit})")}</span></td>
            <td>{run}</td>
            <td class="num measured">{measured_in(l, &r.measured)}</td>
            <td class="num">{r.simulated.map_or("–".into(), |x| figure_in(l, x))}</td>
            <td class="num">{difference_in(l, r.diff_pct)}</td>
            {verdict}
        </tr>
    }
}

/// The settings the article states, then the assumptions with their reasons
/// (each key once, from both runs of a pair).
fn provenance(s: &State, p: &'static Preset) -> Html {
    let l = s.view.locale();
    let variants: Vec<&Preset> = std::iter::once(p).chain(p.partner()).collect();
    let start = s.setup.start();
    let changed: Vec<String> = s.setup.changes().into_iter().map(|(_, k)| k).collect();
    // A changed value says so, with the article's beside it.
    let value = |key: &str| {
        let now = value_in_words_in(&s.setup, key, l);
        if changed.iter().any(|c| c == key) {
            let was = [("value", Arg::Text(value_in_words_in(&start, key, l)))];
            html! { <>{now}<span class="badge changed">{k::MEASURED_CHANGED.text(l, &[])}</span>{" "}{k::MEASURED_ARTICLES_VALUE.text(l, &was)}</> }
        } else {
            html! { {now} }
        }
    };
    let stated = p
        .stated
        .iter()
        .map(|key| html! { <li><code>{*key}</code>{" = "}{value(key)}</li> });
    let mut seen: Vec<&str> = Vec::new();
    let mut assumed: Vec<Html> = Vec::new();
    for a in variants.iter().flat_map(|v| v.assumptions) {
        if seen.contains(&a.key) {
            continue;
        }
        seen.push(a.key);
        assumed.push(html! {
            <li><code>{a.key}</code>{" = "}{value(a.key)}<span class="badge assumed">{k::MEASURED_ASSUMED.text(l, &[])}</span>{" "}{super::guide::with_flags(&a.reason(l))}</li>
        });
    }
    html! {
        <details class="provenance" open=true>
            <summary>{k::MEASURED_PROVENANCE.text(l, &[])}</summary>
            <ul>{ for stated }</ul>
            <ul>{ for assumed }</ul>
        </details>
    }
}

/// The source's line after its title: author, date, language.
fn source_line(l: Locale, src: &crate::fidelity::Source) -> String {
    let or_not = |t: &str| {
        if t.is_empty() {
            k::MEASURED_NOT_GIVEN.text(l, &[])
        } else {
            t.to_string()
        }
    };
    format!(
        " — {}, {} ({})",
        or_not(src.author),
        or_not(src.date),
        src.language_in(l)
    )
}

/// The panel (empty when the scenario has no measurements).
#[component]
pub fn MeasuredPanel(p: &MeasuredProps) -> Html {
    let s = &p.state;
    let l = s.view.locale();
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
        .map(|c| {
            let class = if c.consistent { "ok" } else { "bad" };
            html! { <li {class}>{c.said.text(l)}</li> }
        })
        .collect();
    let t = |key: crate::i18n::keys::Key| key.text(l, &[]);
    let heading = k::MEASURED_HEADING.text(l, &[("experiment", Arg::Text(exp.into()))]);
    html! {
        <section class="measured" aria-label={t(k::MEASURED_LABEL)}>
            <h2>{heading}</h2>
            <p class="source">
                if src.url.is_empty() { <cite>{src.title}</cite> } else { <a href={src.url} rel="noopener noreferrer"><cite>{src.title}</cite></a> }
                {source_line(l, src)}
                if !src.url.is_empty() { <br /><code class="small">{src.url}</code> }
            </p>
            if s.setup.edited() { <p class="warn">{t(k::MEASURED_EDITED)}</p> }
            if rows.is_empty() {
                <p class="muted">{if s.interrupted().is_some() { t(k::MEASURED_NOT_SIMULATED) } else { t(k::MEASURED_SIMULATING) }}</p>
            } else {
                <div class="table-wrap">
                    <table id="measured-table">
                        <thead><tr>
                            <th>{t(k::MEASURED_COL_FIGURE)}</th>
                            <th>{t(k::MEASURED_COL_RUN)}</th>
                            <th class="num">{t(k::MEASURED_COL_MEASURED)}</th>
                            <th class="num">{t(k::MEASURED_COL_SIMULATED)}</th>
                            <th class="num">{t(k::MEASURED_COL_DIFFERENCE)}</th>
                            <th>{t(k::MEASURED_COL_VERDICT)}</th>
                        </tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            }
            if !little.is_empty() {
                <h3>{t(k::MEASURED_LITTLE)}</h3>
                <ul class="little">{ for little }</ul>
            }
            { provenance(s, first) }
        </section>
    }
}
