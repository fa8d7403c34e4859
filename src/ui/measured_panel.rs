//! The measured-vs-simulated table of the loaded experiment (from
//! `crate::fidelity`): a legend of its bases and the summary line, each
//! figure with the simulation beside it, the plain difference and the one
//! beyond the stated part, the verdict and a note that opens on click, tap
//! or key; the source, the Little's-law check of the article's own figures,
//! and which settings the article states and which are assumptions (with
//! the reason), in the page's language.

use yew::prelude::*;

use crate::app::setup::Source;
use crate::app::show::form::value_in_words_in;
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

/// Properties of [`FigureRow`].
#[derive(Properties, PartialEq)]
struct FigureRowProps {
    /// The row.
    row: Row,
    /// Its run's name on the page ("platform threads · sleep platform").
    run: String,
    /// Its run's mode (the row's colour).
    mode: Mode,
    /// Whether the visitor changed that run's scenario (no verdict then).
    differs: bool,
    /// The page's language.
    locale: Locale,
    /// The id of its note's row.
    note_id: String,
}

/// A difference in the row's unit with its sign (`+0.0267 s`).
fn by_in(l: Locale, by: f64, unit: &str) -> String {
    let sign = if by >= 0.0 { "+" } else { "−" };
    format!("{sign}{} {unit}", figure_in(l, by.abs()))
}

/// The plain difference: in the unit, and in percent of the whole value.
fn whole_cell(l: Locale, r: &Row, unit: &str) -> Html {
    match r.whole_difference() {
        Some(d) => html! {
            <>
                <span class="by">{by_in(l, d.by, unit)}</span>
                if d.pct.is_some() { <span class="pct">{difference_in(l, d.pct)}</span> }
            </>
        },
        None => html! { {"–"} },
    }
}

/// The difference the target applies to, on the part beyond the stated
/// one: its percentage and what it is of (`+703 %`, `of 0.0038 s`).
fn beyond_cell(l: Locale, r: &Row, unit: &str) -> Html {
    let Some(b) = r.beyond_difference() else {
        return html! { {"–"} };
    };
    let of = k::MEASURED_BEYOND_OF.text(
        l,
        &[
            ("part", Arg::Text(figure_in(l, b.measured))),
            ("unit", Arg::Text(unit.to_string())),
        ],
    );
    match b.difference.pct {
        Some(_) => html! {
            <>
                <span class="pct">{difference_in(l, b.difference.pct)}</span>
                <span class="of muted">{of}</span>
            </>
        },
        // Nothing beyond the stated part: the difference in the unit then.
        None => html! { <span class="by">{by_in(l, b.difference.by, unit)}</span> },
    }
}

/// One figure's row, and below it its note, which opens on click, tap,
/// Enter or Space (a button that says whether it is open).
#[component]
fn FigureRow(p: &FigureRowProps) -> Html {
    let open = use_state(|| false);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let (l, r) = (p.locale, &p.row);
    let verdict = if p.differs {
        html! { <td class="verdict differs" data-label={k::MEASURED_COL_VERDICT.text(l, &[])}>{k::MEASURED_DIFFERS.text(l, &[])}</td> }
    } else {
        let said = format!(
            "{} · {}",
            r.basis.said().text(l, &[]),
            r.verdict.said().text(l, &[])
        );
        html! { <td class={classes!("verdict", r.verdict.word())} data-label={k::MEASURED_COL_VERDICT.text(l, &[])}>{said}</td> }
    };
    // A row from a worker that sent no phrases keeps its English note.
    let note = if r.said.is_empty() {
        r.note.clone()
    } else {
        r.note_in(l)
    };
    let metric = in_locale(&words::metric(&r.metric), &r.metric, l);
    let unit = in_locale(&words::unit(&r.unit), &r.unit, l);
    let t = |key: crate::i18n::keys::Key| key.text(l, &[]);
    html! {
        <>
            <tr class={classes!("figure-row", mode_word(p.mode), p.differs.then_some("differs"))} data-basis={r.basis.word()}>
                <td class="figure" data-label={t(k::MEASURED_COL_FIGURE)}>
                    {metric}<span class="muted">{format!(" ({unit})")}</span>
                    <button type="button" class="note-toggle" aria-expanded={open.to_string()} aria-controls={p.note_id.clone()} onclick={toggle}>{t(k::MEASURED_NOTE)}</button>
                </td>
                <td class="run" data-label={t(k::MEASURED_COL_RUN)}>{p.run.clone()}</td>
                <td class="num measured" data-label={t(k::MEASURED_COL_MEASURED)}>{measured_in(l, &r.measured)}</td>
                <td class="num simulated" data-label={t(k::MEASURED_COL_SIMULATED)}>{r.simulated.map_or("–".into(), |x| figure_in(l, x))}</td>
                <td class="num diff-whole" data-label={t(k::MEASURED_COL_DIFFERENCE)}>{whole_cell(l, r, &unit)}</td>
                <td class="num diff-beyond" data-label={t(k::MEASURED_COL_BEYOND)}>{beyond_cell(l, r, &unit)}</td>
                {verdict}
            </tr>
            <tr class="note-row" id={p.note_id.clone()} hidden={!*open}>
                <td colspan="7">
                    if p.differs { <p class="note differs-why">{t(k::MEASURED_DIFFERS_WHY)}</p> }
                    <p class="note">{note}</p>
                </td>
            </tr>
        </>
    }
}

/// The legend of the table's bases, and "beyond the stated part" when a
/// row needs it: one line above the table.
fn legend_line(l: Locale, rows: &[&Row]) -> Html {
    let legend = crate::fidelity::legend(rows.iter().copied());
    // The term in bold: the entry's text begins with it in every language.
    let entries = legend.entries().into_iter().map(|(b, said)| {
        let (text, term) = (said.text(l), b.said().text(l, &[]));
        match text.strip_prefix(term.as_str()) {
            Some(rest) => html! { <li data-basis={b.word()}><b>{term}</b>{rest.to_string()}</li> },
            None => html! { <li data-basis={b.word()}>{text}</li> },
        }
    });
    let beyond = legend
        .beyond_said()
        .map(|p| html! { <li data-basis="beyond">{p.text(l)}</li> });
    html! {
        <ul class="measured-legend" aria-label={k::MEASURED_LEGEND.text(l, &[])}>
            { for entries }
            { for beyond }
        </ul>
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
    let shown: Vec<(Mode, &Row)> = (s.setup.modes.list().iter())
        .flat_map(|&m| s.results.rows.get(m).iter().map(move |r| (m, r)))
        .collect();
    let all: Vec<&Row> = shown.iter().map(|(_, r)| *r).collect();
    // A run whose scenario the visitor changed is not judged.
    let judged = shown
        .iter()
        .filter(|(m, _)| !*differs.get(*m))
        .map(|(_, r)| *r);
    let changed = shown.iter().filter(|(m, _)| *differs.get(*m)).count();
    let standing = crate::fidelity::standing(judged, changed).text(l);
    let rows: Vec<Html> = (shown.iter().enumerate())
        .map(|(i, &(m, r))| {
            let name = s.setup.columns.name(m, l);
            let run = if r.variant == mode_word(m) {
                name.to_string()
            } else {
                format!(
                    "{name} · {}",
                    in_locale(&words::variant(&r.variant), &r.variant, l)
                )
            };
            html! {
                <FigureRow key={format!("{}-{}-{}", mode_word(m), r.variant, r.metric)} row={r.clone()} {run} mode={m}
                    differs={*differs.get(m)} locale={l} note_id={format!("measured-note-{i}")} />
            }
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
            if s.setup.edited() { <p class="warn">{t(edited_key(s.setup.changed_by(s.arrival.as_ref())))}</p> }
            if rows.is_empty() {
                <p class="muted">{if s.interrupted().is_some() { t(k::MEASURED_NOT_SIMULATED) } else { t(k::MEASURED_SIMULATING) }}</p>
            } else {
                { legend_line(l, &all) }
                <p class="measured-standing" id="measured-standing">{standing}</p>
                <div class="table-wrap">
                    <table id="measured-table" aria-describedby="measured-standing">
                        <thead><tr>
                            <th>{t(k::MEASURED_COL_FIGURE)}</th>
                            <th>{t(k::MEASURED_COL_RUN)}</th>
                            <th class="num">{t(k::MEASURED_COL_MEASURED)}</th>
                            <th class="num">{t(k::MEASURED_COL_SIMULATED)}</th>
                            <th class="num">{t(k::MEASURED_COL_DIFFERENCE)}</th>
                            <th class="num">{t(k::MEASURED_COL_BEYOND)}</th>
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

/// The warning above a table whose scenario differs from the article's,
/// naming who changed it (a shared link, a lesson's chapter, the reader).
fn edited_key(by: Option<Source>) -> crate::i18n::keys::Key {
    match by {
        Some(Source::Link) => k::MEASURED_EDITED_LINK,
        Some(Source::Chapter) => k::MEASURED_EDITED_CHAPTER,
        Some(Source::Visitor) | None => k::MEASURED_EDITED,
    }
}
