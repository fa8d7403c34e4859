//! The grid of charts, each with a title and a line on what to look for.

use std::rc::Rc;

use yew::prelude::*;

use super::chart_canvas::{ChartCanvas, ChartSpec};
use super::state::UiState;
use crate::chart::format::thousands;
use crate::chart::view::RunView;
use crate::chart::{Marker, SweepChart, SweepMetric, TimeMetric, mode_label};
use crate::fidelity::{Measured, Read, Stat, figures};

/// Properties of [`Charts`].
#[derive(Properties, PartialEq)]
pub struct ChartsProps {
    /// The state.
    pub state: UseReducerHandle<UiState>,
}

/// Measured figures of the loaded preset's runs as chart markers, read from
/// `crate::fidelity`; `pick` chooses which reads belong on the chart.
fn markers(state: &UiState, pick: impl Fn(Read) -> bool) -> Vec<Marker> {
    let mut out = Vec::new();
    for mode in state.scenario.modes.list() {
        let Some(p) = state.preset_for(mode) else {
            continue;
        };
        let x = p
            .draft()
            .get("load.concurrency")
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0);
        for f in figures()
            .iter()
            .filter(|f| f.preset == p.name && pick(f.read))
        {
            if let Measured::Number(v) = f.measured {
                // Latency charts are in ms; hey reports seconds.
                let y = if f.unit == "s" { v * 1000.0 } else { v };
                out.push(Marker {
                    mode: mode.to_string(),
                    x,
                    y,
                    label: format!(
                        "{} measured, {}: {} {}",
                        f.experiment,
                        f.metric,
                        crate::ui::measured_panel::figure(v),
                        f.unit
                    ),
                });
            }
        }
    }
    out
}

fn figure(id: &str, title: &str, about: &str, spec: ChartSpec) -> Html {
    html! {
        <figure class="chart">
            <figcaption><h3>{title.to_string()}</h3><p>{about.to_string()}</p></figcaption>
            <ChartCanvas id={id.to_string()} label={format!("{title}: {about}")} spec={Rc::new(spec)} />
        </figure>
    }
}

/// All charts.
#[component]
pub fn Charts(p: &ChartsProps) -> Html {
    let s = &p.state;
    let r = &s.results;
    let runs: Vec<Rc<RunView>> = s
        .scenario
        .modes
        .list()
        .iter()
        .filter_map(|m| r.singles.get(*m).cloned())
        .collect();
    let here = s
        .text(
            None,
            if r.axis == Some(crate::chart::plan::SweepAxis::Rate) {
                "load.rate_rps"
            } else {
                "load.concurrency"
            },
        )
        .and_then(|t| t.parse().ok());
    let sweep = |pick: fn(Read) -> bool| SweepChart {
        axis_label: r.axis.map_or("concurrency", |a| a.label()).to_string(),
        curves: (*r.sweep).clone(),
        theory: if r.axis == Some(crate::chart::plan::SweepAxis::Rate) {
            Vec::new()
        } else {
            (*r.theory).clone()
        },
        markers: markers(s, pick),
        here,
    };
    let tput = sweep(|r| r == Read::ThroughputRps);
    let lat = sweep(|r| matches!(r, Read::Latency(Stat::Mean | Stat::P50 | Stat::P99)));
    let limit = s
        .text(None, "memory.heap_mb")
        .and_then(|t| t.parse().ok())
        .unwrap_or(2048.0);
    let mut grid = vec![
        figure(
            "chart-sweep-throughput",
            "Throughput vs concurrency",
            "each point is a whole run (≥ 20,000 requests, no ramp-up); dashed: theory min(N ÷ S, ceiling); ✕: measured",
            ChartSpec::Sweep(Rc::new(tput), SweepMetric::Throughput),
        ),
        figure(
            "chart-sweep-latency",
            "Latency vs concurrency",
            "p50 solid, p99 dashed; thin dashed: Little's law R = N ÷ X at the ceiling",
            ChartSpec::Sweep(Rc::new(lat), SweepMetric::Latency),
        ),
        figure(
            "chart-throughput-time",
            "Throughput over time (one run)",
            "the scenario as set, both modes on one clock; dashed: lowest ceiling, dotted: measured",
            ChartSpec::OverTime(
                runs.clone(),
                r.theory.clone(),
                markers(s, |r| r == Read::ThroughputRps),
                TimeMetric::Throughput,
            ),
        ),
        figure(
            "chart-latency-time",
            "Latency over time (one run)",
            "mean solid, p99 dashed",
            ChartSpec::OverTime(
                runs.clone(),
                r.theory.clone(),
                Vec::new(),
                TimeMetric::Latency,
            ),
        ),
    ];
    for run in &runs {
        let who = if run.mode == "virtual" {
            "carrier threads"
        } else {
            "Tomcat threads"
        };
        grid.push(figure(
            &format!("chart-timeline-{}", run.mode),
            &format!("Timeline: {who} ({})", mode_label(&run.mode)),
            &format!(
                "{} – {} ms of the run; hover for counts per state",
                thousands(run.timeline.start_ms, 0),
                thousands(run.timeline.end_ms, 0)
            ),
            ChartSpec::Timeline(run.clone()),
        ));
    }
    for run in &runs {
        grid.push(figure(
            &format!("chart-utilisation-{}", run.mode),
            &format!("Utilisation over time ({})", mode_label(&run.mode)),
            "busy threads and carriers, pinned carriers, queues and pool waiters",
            ChartSpec::Utilisation(run.clone()),
        ));
    }
    grid.push(figure(
        "chart-memory",
        "Memory over time",
        "stacks, virtual threads, connections and requests in flight",
        ChartSpec::Memory(runs.clone(), limit),
    ));
    grid.push(figure(
        "chart-histogram",
        "Latency histogram",
        "share of responses per latency bin (log scale)",
        ChartSpec::Histogram(runs.clone()),
    ));
    grid.push(figure(
        "chart-errors",
        "Errors by cause",
        "client timeouts, refused connections, pool timeouts, rejected tasks",
        ChartSpec::Errors(runs),
    ));
    html! { <section class="charts" aria-label="charts">{ for grid }</section> }
}
