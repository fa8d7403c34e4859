//! The key numbers of each mode side by side, the bottleneck named in words,
//! and the capacity ceilings with their formulas.

use yew::prelude::*;

use crate::app::format::{ms, sig, thousands};
use crate::app::modes::label;
use crate::app::{Mode, State};
use crate::scenario::mode_word;
use crate::sim::Outcome;

/// Properties of [`Summary`].
#[derive(Properties, PartialEq)]
pub struct SummaryProps {
    /// The state.
    pub state: UseReducerHandle<State>,
}

/// The cards.
#[component]
pub fn Summary(p: &SummaryProps) -> Html {
    let s = &p.state;
    let cards = s.setup.modes.list().iter().map(|&mode| {
        let run = s.results.singles.get(mode).as_ref();
        let bounds = s.results.bounds.iter().find(|b| b.mode == mode);
        let body = match run {
            None => html! { <p class="muted">{"simulating…"}</p> },
            Some(r) => html! {
                <>
                <dl class="numbers">
                    <div><dt>{"throughput"}</dt><dd class="big">{thousands(r.throughput_rps, 0)}<small>{" req/s"}</small></dd></div>
                    <div><dt>{"p50"}</dt><dd>{ms(r.latency.p50)}</dd></div>
                    <div><dt>{"p99"}</dt><dd>{ms(r.latency.p99)}</dd></div>
                    <div><dt>{"mean"}</dt><dd>{ms(r.latency.mean)}</dd></div>
                    <div><dt>{"errors"}</dt><dd>{format!("{} %", sig(r.error_pct))}</dd></div>
                    <div><dt>{"peak memory"}</dt><dd>{format!("{} MB", thousands(r.peak_memory_mb, 0))}</dd></div>
                </dl>
                <p class="bottleneck"><strong>{"Bottleneck: "}</strong>{r.bottleneck_text.clone()}</p>
                if r.budget_hit {
                    <p class="warn" role="status">{"Stopped at budget: "}{r.outcome_detail.clone()}{" — results are partial."}</p>
                } else if r.outcome != Outcome::Completed {
                    <p class="warn" role="status">{r.outcome_detail.clone()}</p>
                }
                <p class="muted small">{format!("{} requests, {} events, {:.2} s simulated; CPU {:.0} %, peak {} platform / {} virtual threads, {} pinned",
                    thousands(r.sent as f64, 0), thousands(r.events as f64, 0), r.sim_time_s, r.cpu_utilisation * 100.0,
                    r.peak_platform_threads, r.peak_virtual_threads, r.peak_pinned)}</p>
                <p class="muted small connections">{format!("{} as the client: {} connections opened, {} reconnects, {} closed by Tomcat after max keep-alive requests; accept queue peak {}, {} SYNs dropped{}",
                    r.tool, thousands(r.connections.opened as f64, 0), thousands(r.connections.reconnects as f64, 0),
                    thousands(r.connections.closed_after_max_requests as f64, 0), thousands(r.connections.peak_accept_queue as f64, 0),
                    thousands(r.connections.syn_drops as f64, 0),
                    if r.connections.starved_clients > 0 { format!("; {} clients never served", thousands(r.connections.starved_clients as f64, 0)) } else { String::new() })}</p>
                </>
            },
        };
        let ceilings = bounds.map(|t| html! {
            <ul class="ceilings">
                { for t.ceilings.iter().map(|c| html! {
                    <li>{format!("{} req/s", thousands(c.rps, 0))}<span class="muted">{format!(" = {}", c.formula)}</span></li>
                }) }
            </ul>
        });
        html! {
            <article class={classes!("card", mode_word(mode))}>
                <h2>{label(mode)}<small>{format!("spring.threads.virtual.enabled={}", mode == Mode::Virtual)}</small></h2>
                {body}
                if let Some(c) = ceilings { <h4>{"Capacity ceilings"}</h4>{c} }
            </article>
        }
    });
    html! { <section class="summary">{ for cards }</section> }
}
