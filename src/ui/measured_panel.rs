//! The measured-vs-simulated table of the loaded experiment: the figures, the
//! simulation beside them with the difference in percent, the source, the
//! Little's-law check of the measured figures, and which settings the
//! article states and which are assumptions (with the reason).

use yew::prelude::*;

use super::measured::{Metric, experiment, figures_for, little_check};
use super::preset_pairs::find;
use super::state::UiState;
use crate::chart::format::{pct_diff, thousands};
use crate::chart::mode_label;
use crate::chart::view::RunView;

/// Properties of [`MeasuredPanel`].
#[derive(Properties, PartialEq)]
pub struct MeasuredProps {
    /// The state.
    pub state: UseReducerHandle<UiState>,
}

/// The simulated value of a metric.
pub fn simulated(r: &RunView, m: Metric) -> Option<f64> {
    Some(match m {
        Metric::Throughput => r.throughput_rps,
        Metric::LatencyMean => r.latency.mean,
        Metric::LatencyP50 => r.latency.p50,
        Metric::LatencyP99 => r.latency.p99,
        Metric::LatencyMax => r.latency.max,
        Metric::LatencyMin => r.latency.min,
        Metric::ErrorPct => r.error_rate_pct(),
        Metric::TotalTime => r.sim_time_s,
        Metric::TasksPerS(name) => r.executors.iter().find(|e| e.0 == name)?.1,
    })
}

/// The panel (empty when the scenario has no measurements).
#[component]
pub fn MeasuredPanel(p: &MeasuredProps) -> Html {
    let s = &p.state;
    let Some(preset) = s.scenario.preset.as_deref().and_then(find) else {
        return html! {};
    };
    let Some(e) = experiment(preset.experiment) else {
        return html! {};
    };
    let figures = figures_for(e, preset.variant);
    let rows = figures.iter().map(|f| {
        let (name, unit) = f.metric.label();
        let sim = s.results.singles.get(f.mode).and_then(|r| simulated(r, f.metric));
        let measured = format!("{}{}", if f.approx { "~" } else { "" }, thousands(f.value, f.decimals));
        html! {
            <tr class={f.mode}>
                <td>{name}<span class="muted">{format!(" ({unit})")}</span></td>
                <td>{mode_label(f.mode)}</td>
                <td class="num measured">{measured}</td>
                <td class="num">{sim.map_or("…".into(), |v| thousands(v, f.decimals.max(if v < 10.0 { 2 } else { 0 })))}</td>
                <td class="num">{sim.map_or("…".into(), |v| pct_diff(v, f.value))}</td>
            </tr>
        }
    });
    let variants: Vec<_> = match super::preset_pairs::pair(preset) {
        Some((a, b)) => vec![a, b],
        None => vec![preset],
    };
    let stated: Vec<Html> = variants
        .first()
        .map(|v| {
            v.stated
                .iter()
                .map(|k| html! { <li><code>{*k}</code>{" = "}{value(s, k)}</li> })
                .collect()
        })
        .unwrap_or_default();
    let mut assumed: Vec<Html> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for v in &variants {
        for a in v.assumptions {
            if seen.contains(&a.key) {
                continue;
            }
            seen.push(a.key);
            assumed.push(html! { <li><code>{a.key}</code>{" = "}{value(s, a.key)}<span class="badge assumed">{"assumed"}</span>{" "}{a.reason}</li> });
        }
    }
    let src = &e.source;
    html! {
        <section class="measured" aria-label="measured vs simulated">
            <h2>{format!("{}: measured vs simulated", e.id)}</h2>
            <p class="source">
                if src.url.is_empty() { <cite>{src.title}</cite> } else { <a href={src.url} rel="noopener noreferrer"><cite>{src.title}</cite></a> }
                {format!(" — {}, {} ({})", src.author, src.date, src.language)}
            </p>
            <p class="muted">{e.load}</p>
            if s.scenario.edited { <p class="warn">{"You changed the scenario since loading the preset: the simulated column is your version."}</p> }
            <div class="table-wrap">
                <table id="measured-table">
                    <thead><tr><th>{"figure"}</th><th>{"mode"}</th><th class="num">{"measured"}</th><th class="num">{"simulated"}</th><th class="num">{"difference"}</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            <h4>{"Little's law on the measured figures (N = X · R)"}</h4>
            <ul class="little">
                { for ["platform", "virtual"].iter().filter_map(|m| little_check(e, &figures, m).map(|t| html! { <li><strong>{format!("{}: ", mode_label(m))}</strong>{t}</li> })) }
            </ul>
            <p class="muted small">{e.note}</p>
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
