//! The key numbers of each column side by side: successful requests per
//! second first, the load tool's own request rate beside it (named as the
//! tool names it),
//! errors coloured by how bad they are, the bottleneck in words, and the
//! capacity ceilings with their formulas.

use yew::prelude::*;

use crate::app::format::{Severity, error_pct, ms, thousands};
use crate::app::{RunView, State};
use crate::scenario::mode_word;
use crate::sim::Outcome;
use crate::summary::rate_name;

const HEADLINE: &str = "successful requests/s";
const SIMULATING: &str = "simulating…";
const NOT_SIMULATED: &str = "not simulated: the run was interrupted";
const BOTTLENECK: &str = "Bottleneck: ";
const CEILINGS: &str = "Capacity ceilings";
const RESIDENT: &str = "resident: the heap's touched pages and native memory (thread stacks' touched pages, metaspace, code cache, GC)";

/// Properties of [`Summary`].
#[derive(Properties, PartialEq)]
// Yew's function components are `pub`, so their props must be too.
#[allow(unreachable_pub)]
pub struct SummaryProps {
    /// The state.
    pub state: UseReducerHandle<State>,
}

fn numbers(r: &RunView) -> Html {
    let severity = Severity::of_error_pct(r.error_pct);
    let rate = rate_name(r.tool);
    html! {
        <>
        <div class="headline">
            <div class="goodput" data-goodput={format!("{:.3}", r.goodput_rps)}>
                <span class="big">{thousands(r.goodput_rps, 0)}</span>
                <span class="what">{HEADLINE}</span>
            </div>
            <div class="tool-rate" title={rate.counts}>
                <span class="value" data-tool-rate={format!("{:.3}", r.tool_rate)}>{thousands(r.tool_rate, 0)}</span>
                <span class="what">{rate.name}</span>
            </div>
        </div>
        <dl class="numbers">
            <div class={classes!("errors", severity.class())}><dt>{"errors"}</dt><dd>{error_pct(r.error_pct)}</dd></div>
            <div><dt>{"p50"}</dt><dd>{ms(r.latency.p50)}</dd></div>
            <div><dt>{"p99"}</dt><dd>{ms(r.latency.p99)}</dd></div>
            <div><dt>{"mean"}</dt><dd>{ms(r.latency.mean)}</dd></div>
            <div title={RESIDENT}><dt>{"peak memory"}</dt><dd>{format!("{} MB", thousands(r.peak_memory_mb, 0))}</dd></div>
        </dl>
        { for r.executors.iter().map(|(name, per_s, rejected)| html! {
            <p class="executor">{format!("@Async {name}: {} tasks/s, {} rejected", thousands(*per_s, 0), thousands(*rejected as f64, 0))}</p>
        }) }
        <p class="bottleneck"><strong>{BOTTLENECK}</strong>{r.bottleneck_text.clone()}</p>
        if r.budget_hit {
            <p class="warn" role="status">{"Stopped at budget: "}{r.outcome_detail.clone()}{" — results are partial."}</p>
        } else if r.outcome != Outcome::Completed {
            <p class="warn" role="status">{r.outcome_detail.clone()}</p>
        }
        { for r.jvm_lines().into_iter().map(|line| html! { <p class="muted small jvm-facts">{line}</p> }) }
        <p class="muted small run-facts" data-succeeded={r.succeeded.to_string()} data-seconds={format!("{}", r.sim_time_s)}>
            {format!("{} requests sent, {} succeeded, {} events, {:.2} s simulated; CPU {:.0} %, peak {} platform / {} virtual threads, {} pinned",
                thousands(r.sent as f64, 0), thousands(r.succeeded as f64, 0), thousands(r.events as f64, 0), r.sim_time_s,
                r.cpu_utilisation * 100.0, r.peak_platform_threads, r.peak_virtual_threads, r.peak_pinned)}
        </p>
        <p class="muted small connections">{format!("{} as the client: {} connections opened, {} reconnects, {} closed by Tomcat after max keep-alive requests; accept queue peak {}, {} SYNs dropped{}{}",
            r.tool, thousands(r.connections.opened as f64, 0), thousands(r.connections.reconnects as f64, 0),
            thousands(r.connections.closed_after_max_requests as f64, 0), thousands(r.connections.peak_accept_queue as f64, 0),
            thousands(r.connections.syn_drops as f64, 0),
            if r.connections.reset_by_oom_kill > 0 { format!("; {} reset by the OOM killer, {} SYNs unanswered while the service was down", thousands(r.connections.reset_by_oom_kill as f64, 0), thousands(r.connections.syns_while_down as f64, 0)) } else { String::new() },
            if r.connections.starved_clients > 0 { format!("; {} clients never served", thousands(r.connections.starved_clients as f64, 0)) } else { String::new() })}</p>
        </>
    }
}

/// The cards.
#[component]
pub fn Summary(p: &SummaryProps) -> Html {
    let s = &p.state;
    let columns = s.setup.columns;
    let cards = s.setup.modes.list().iter().map(|&mode| {
        let run = s.results.singles.get(mode).as_ref();
        let bounds = s.results.bounds.iter().find(|b| b.mode == mode);
        let body = match run {
            None => html! { <p class="muted">{if s.interrupted().is_some() { NOT_SIMULATED } else { SIMULATING }}</p> },
            Some(r) => numbers(r),
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
                <h2>{columns.label(mode)}<small>{columns.property(mode)}</small></h2>
                {body}
                if let Some(c) = ceilings { <h3>{CEILINGS}</h3>{c} }
            </article>
        }
    });
    html! { <section class="summary">{ for cards }</section> }
}
