//! The key numbers of each column side by side: successful requests per
//! second first, the load tool's own request rate beside it (named as the
//! tool names it),
//! errors coloured by how bad they are, the bottleneck in words, and the
//! capacity ceilings with their formulas.

use yew::prelude::*;

use crate::app::basis::format::{Severity, error_pct_in, ms_in};
use crate::app::{RunView, State};
use crate::i18n::keys::{Key, ui as words};
use crate::i18n::{Arg, Locale};
use crate::scenario::mode_word;
use crate::sim::Outcome;
use crate::summary::rate_name;

/// Properties of [`Summary`].
#[derive(Properties, PartialEq)]
pub(crate) struct SummaryProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
}

/// A count, as a parameter (written in the page's digits).
fn count(n: f64) -> Arg {
    Arg::Fixed(n, 0)
}

/// The line on the run: what was sent and done, CPU and threads.
fn run_facts(l: Locale, r: &RunView) -> String {
    words::SUMMARY_RUN_FACTS.text(
        l,
        &[
            ("sent", count(r.sent as f64)),
            ("succeeded", count(r.succeeded as f64)),
            ("events", count(r.events as f64)),
            ("seconds", Arg::Fixed(r.sim_time_s, 2)),
            ("cpu", Arg::Fixed(r.cpu_utilisation * 100.0, 0)),
            ("platform", count(r.peak_platform_threads as f64)),
            ("virtual", count(r.peak_virtual_threads as f64)),
            ("pinned", count(r.peak_pinned as f64)),
        ],
    )
}

/// The line on the load tool's connections (and the OOM killer's resets,
/// the clients never served, when there were any).
fn client_facts(l: Locale, r: &RunView) -> String {
    let c = &r.connections;
    let mut line = words::SUMMARY_CLIENT.text(
        l,
        &[
            ("tool", Arg::Text(r.tool.to_string())),
            ("opened", count(c.opened as f64)),
            ("reconnects", count(c.reconnects as f64)),
            ("closed", count(c.closed_after_max_requests as f64)),
            ("queue", count(c.peak_accept_queue as f64)),
            ("drops", count(c.syn_drops as f64)),
        ],
    );
    if c.reset_by_oom_kill + c.syns_while_down + c.refused_while_down > 0 {
        line += &words::SUMMARY_OOM.text(
            l,
            &[
                ("reset", count(c.reset_by_oom_kill as f64)),
                ("syns", count(c.syns_while_down as f64)),
                ("refused", count(c.refused_while_down as f64)),
            ],
        );
    }
    if c.starved_clients > 0 {
        line += &words::SUMMARY_STARVED.text(l, &[("n", count(c.starved_clients as f64))]);
    }
    line
}

fn numbers(r: &RunView, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let severity = Severity::of_error_pct(r.error_pct);
    let rate = rate_name(r.tool, l);
    html! {
        <>
        <div class="headline">
            <div class="goodput" data-goodput={format!("{:.3}", r.goodput_rps)}>
                <span class="big">{l.number(r.goodput_rps, 0)}</span>
                <span class="what">{w(words::SUMMARY_HEADLINE)}</span>
            </div>
            <div class="tool-rate" title={rate.counts.clone()}>
                <span class="value" data-tool-rate={format!("{:.3}", r.tool_rate)}>{l.number(r.tool_rate, 0)}</span>
                <span class="what">{rate.name.clone()}</span>
            </div>
        </div>
        <dl class="numbers">
            <div class={classes!("errors", severity.class())}><dt>{w(words::SUMMARY_ERRORS)}</dt><dd>{error_pct_in(l, r.error_pct)}</dd></div>
            <div><dt>{w(words::SUMMARY_P50)}</dt><dd>{ms_in(l, r.latency.p50)}</dd></div>
            <div><dt>{w(words::SUMMARY_P99)}</dt><dd>{ms_in(l, r.latency.p99)}</dd></div>
            <div><dt>{w(words::SUMMARY_MEAN)}</dt><dd>{ms_in(l, r.latency.mean)}</dd></div>
            <div title={w(words::SUMMARY_RESIDENT)}><dt>{w(words::SUMMARY_PEAK_MEMORY)}</dt>
                <dd>{words::SUMMARY_MB.text(l, &[("mb", count(r.peak_memory_mb))])}</dd></div>
        </dl>
        if let Some(f) = &r.failed {
            <p class="failed-latency small" data-failed-pct={format!("{:.1}", f.pct)}>{f.line(l)}</p>
        }
        { for r.executors.iter().map(|(name, per_s, rejected)| html! {
            <p class="executor">{executor_line(name).text(l, &[
                ("name", Arg::Text(name.clone())), ("per_s", count(*per_s)), ("rejected", count(*rejected as f64))])}</p>
        }) }
        { for r.drain.iter().map(|d| html! {
            <p class="executor drain" data-drain-s={format!("{:.3}", d.drain_s)}>{words::SUMMARY_DRAIN.text(l, &[
                ("name", Arg::Text(d.name.clone())), ("queued", count(d.queued_at_client_end as f64)),
                ("running", count(d.running_at_client_end as f64)), ("seconds", Arg::Fixed(d.drain_s, 1)),
                ("wait", count(d.mean_queue_ms))])}</p>
        }) }
        <p class="bottleneck"><strong>{w(words::SUMMARY_BOTTLENECK)}</strong>{r.bottleneck_said.text(l)}</p>
        if r.budget_hit {
            <p class="warn" role="status">{words::SUMMARY_BUDGET.text(l, &[("why", Arg::Text(r.outcome_said.text(l)))])}</p>
        } else if r.outcome != Outcome::Completed {
            <p class="warn" role="status">{r.outcome_said.text(l)}</p>
        }
        {super::breakdown::breakdown(r, l)}
        {super::endpoints::endpoints(r, l)}
        { for r.jvm_lines(l).into_iter().map(|line| html! { <p class="muted small jvm-facts">{line}</p> }) }
        <p class="muted small run-facts" data-succeeded={r.succeeded.to_string()} data-seconds={format!("{}", r.sim_time_s)}>
            {run_facts(l, r)}
        </p>
        <p class="muted small connections">{client_facts(l, r)}</p>
        </>
    }
}

/// The words of an executor's line: an `@Async` bean's, the one a fork's
/// subtasks run on, or a JDK `HttpClient`'s own.
fn executor_line(name: &str) -> crate::i18n::keys::Key {
    use crate::sim::config::{ExecutorRole, executor_role};
    match executor_role(name) {
        ExecutorRole::Fork => words::SUMMARY_FORK_EXECUTOR,
        ExecutorRole::HttpClient => words::SUMMARY_CLIENT_EXECUTOR,
        ExecutorRole::Bulkhead => words::SUMMARY_BULKHEAD_EXECUTOR,
        ExecutorRole::Async => words::SUMMARY_EXECUTOR,
    }
}

/// The cards.
#[component]
pub(crate) fn Summary(p: &SummaryProps) -> Html {
    let s = &p.state;
    let columns = s.setup.columns;
    let l = s.view.locale();
    let cards = s.setup.modes.list().iter().map(|&mode| {
        let run = s.results.singles.get(mode).as_ref();
        let bounds = s.results.bounds.iter().find(|b| b.mode == mode);
        let body = match run {
            None => html! { <p class="muted">{(if s.interrupted().is_some() { words::SUMMARY_NOT_SIMULATED } else { words::SUMMARY_SIMULATING }).text(l, &[])}</p> },
            Some(r) => numbers(r, l),
        };
        let ceilings = bounds.map(|t| html! {
            <ul class="ceilings">
                { for t.ceilings.iter().map(|c| html! {
                    <li>{words::SUMMARY_CEILING.text(l, &[("rps", count(c.rps))])}<span class="muted">{format!(" = {}", c.formula(l))}</span></li>
                }) }
            </ul>
        });
        html! {
            <article class={classes!("card", mode_word(mode))}>
                <h2>{columns.name(mode, l)}<small>{columns.property_in(mode, l)}</small></h2>
                {body}
                if let Some(c) = ceilings { <h3>{words::SUMMARY_CEILINGS.text(l, &[])}</h3>{c} }
            </article>
        }
    });
    html! { <section class="summary">{ for cards }</section> }
}
