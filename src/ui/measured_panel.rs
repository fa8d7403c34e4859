//! The measured-vs-simulated table of the loaded experiment (from
//! `crate::fidelity`): each figure, the simulation beside it with the
//! difference in percent and the verdict, the source, the Little's-law check
//! of the article's own figures, and which settings the article states and
//! which are assumptions (with the reason).

use yew::prelude::*;

use super::preset_pairs::{find, pair};
use super::state::UiState;
use crate::chart::format::thousands;
use crate::chart::mode_label;

/// Properties of [`MeasuredPanel`].
#[derive(Properties, PartialEq)]
pub struct MeasuredProps {
    /// The state.
    pub state: UseReducerHandle<UiState>,
}

/// A number as the article would print it: two decimals when it has any.
pub fn figure(x: f64) -> String {
    if x.fract() == 0.0 {
        thousands(x, 0)
    } else if x.abs() < 10.0 {
        thousands(x, 4).trim_end_matches('0').to_string()
    } else {
        thousands(x, 2)
    }
}

fn language(code: &str) -> &str {
    match code {
        "de" => "German",
        "zh" => "Chinese",
        "en" => "English",
        other => other,
    }
}

/// The panel (empty when the scenario has no measurements).
#[component]
pub fn MeasuredPanel(p: &MeasuredProps) -> Html {
    let s = &p.state;
    let Some(preset) = s.scenario.preset.as_deref().and_then(find) else {
        return html! {};
    };
    let Some(src) = crate::fidelity::source(preset.experiment) else {
        return html! {};
    };
    let modes = s.scenario.modes.list();
    let rows = modes.iter().flat_map(|m| {
        let rows = s.results.rows.get(*m).cloned().unwrap_or_default();
        rows.into_iter().map(move |r| (m.to_string(), r))
    });
    let rows: Vec<Html> = rows
        .map(|(mode, r)| {
            let measured = r.measured.map_or(r.measured_text.clone(), figure);
            let sim = r.simulated.map_or("–".into(), figure);
            let diff = r
                .diff_pct
                .map_or("–".into(), |d| format!("{}{:.1} %", if d >= 0.0 { "+" } else { "−" }, d.abs()));
            html! {
                <tr class={mode.clone()} title={r.note.clone()}>
                    <td>{r.metric.clone()}<span class="muted">{format!(" ({})", r.unit)}</span></td>
                    <td>{if r.variant == mode { mode_label(&mode).to_string() } else { format!("{} · {}", mode_label(&mode), r.variant) }}</td>
                    <td class="num measured">{measured}</td>
                    <td class="num">{sim}</td>
                    <td class="num">{diff}</td>
                    <td class={classes!("verdict", r.verdict.clone())}>{format!("{} · {}", r.basis, r.verdict)}</td>
                </tr>
            }
        })
        .collect();
    let waiting = rows.is_empty();
    let variants: Vec<_> = match pair(preset) {
        Some((a, b)) => vec![a, b],
        None => vec![preset],
    };
    let stated: Vec<Html> = variants[0]
        .stated
        .iter()
        .map(|k| html! { <li><code>{*k}</code>{" = "}{value(s, k)}</li> })
        .collect();
    let mut assumed: Vec<Html> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for v in &variants {
        for a in v.assumptions {
            if seen.contains(&a.key) {
                continue;
            }
            seen.push(a.key);
            assumed.push(html! {
                <li><code>{a.key}</code>{" = "}{value(s, a.key)}<span class="badge assumed">{"assumed"}</span>{" "}{a.reason}</li>
            });
        }
    }
    let exp = preset.experiment;
    let little: Vec<Html> = crate::fidelity::little_checks()
        .into_iter()
        .filter(|c| c.experiment == exp)
        .map(|c| {
            html! {
                <li class={if c.consistent { "ok" } else { "bad" }}>
                    {c.text.clone()}
                </li>
            }
        })
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
            if s.scenario.edited { <p class="warn">{"You changed the scenario since loading the preset: the simulated column is your version."}</p> }
            if waiting {
                <p class="muted">{"simulating…"}</p>
            } else {
                <div class="table-wrap">
                    <table id="measured-table">
                        <thead><tr><th>{"figure"}</th><th>{"run"}</th><th class="num">{"measured"}</th><th class="num">{"simulated"}</th><th class="num">{"difference"}</th><th>{"basis · verdict"}</th></tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            }
            if !little.is_empty() {
                <h4>{"Little's law on the article's own figures (N = X · R)"}</h4>
                <ul class="little">{ for little }</ul>
            }
            <details class="provenance" open=true>
                <summary>{"Stated by the article, and assumed"}</summary>
                <ul>{ for stated }</ul>
                <ul>{ for assumed }</ul>
            </details>
        </section>
    }
}

fn value(s: &UiState, key: &str) -> String {
    let base = s.text(None, key).filter(|t| !t.is_empty());
    let v = s.text(Some("virtual"), key).filter(|t| !t.is_empty());
    match (base, v) {
        (Some(b), Some(v)) if b != v => format!("{b} (virtual run: {v})"),
        (Some(b), _) => b,
        (None, Some(v)) => format!("default (virtual run: {v})"),
        (None, None) => crate::scenario::field(key)
            .map_or("default".into(), |f| format!("{} (default)", f.default)),
    }
}
