//! What threadlab knows beyond the tool's own output: how the run ended,
//! what limits it, Little's law, the server's peaks, the connections, and
//! what the tool's text leaves out of the model.

use std::fmt::Write as _;

use crate::sim::report::Tool;
use crate::sim::report::{ErrorCause, Stage};
use crate::sim::{Outcome, Report};

pub(super) fn text(r: &Report) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "\nthreadlab ({} as simulated):", r.tool.tool);
    let _ = writeln!(
        o,
        "  Outcome:\t{} — {}",
        outcome_words(r.outcome),
        super::said::outcome(r).english()
    );
    let _ = writeln!(
        o,
        "  Requests:\t{} sent, {} responses, {} errors, {} in flight",
        r.sent, r.completed, r.errors.total, r.in_flight
    );
    let causes: Vec<String> = (ErrorCause::ALL.iter())
        .map(|c| format!("{c} {}", r.errors.by_cause.get(c).copied().unwrap_or(0)))
        .collect();
    let _ = writeln!(o, "  Errors:\t{}", causes.join(", "));
    let _ = writeln!(
        o,
        "  Goodput:\t{:.4} successful responses/sec of {:.4} results/sec",
        r.goodput_rps, r.throughput_rps
    );
    let ok = &r.latency_ok_ms;
    let f = &r.failed_responses;
    let failed = match f.cause {
        Some(cause) => format!(
            "; {} failed responses ({:.1} % of results) after {:.1} ms median ({cause})",
            f.count, f.pct, f.latency_ms.p50
        ),
        None => String::new(),
    };
    let _ = writeln!(
        o,
        "  Latency:\tsuccessful responses p50 {:.1} ms, p99 {:.1} ms, mean {:.1} ms{failed}",
        ok.p50, ok.p99, ok.mean
    );
    o.push_str(&time_spent(r));
    o.push_str(&endpoints(r));
    if r.dropped > 0 {
        let _ = writeln!(
            o,
            "  Dropped:\t{} arrivals at the load tool's own limit (never sent)",
            r.dropped
        );
    }
    let _ = writeln!(
        o,
        "  Bottleneck:\t{}: {}",
        r.bottleneck.resource,
        super::said::bottleneck(&r.bottleneck).english()
    );
    let lt = &r.little;
    let _ = writeln!(
        o,
        "  Little's law:\tL = {:.1} in flight, λ·W = {:.1} ({:.2} % apart)",
        lt.mean_in_flight,
        lt.lambda_w,
        lt.rel_error * 100.0
    );
    let sv = &r.server;
    let _ = writeln!(
        o,
        "  Server:\tCPU {:.0} %{}, peak {} platform threads, {} virtual threads, {} carriers ({} pinned), {:.0} MB",
        sv.cpu_utilisation * 100.0,
        cpu_limit(sv),
        sv.peak_platform_threads,
        sv.peak_virtual_threads,
        sv.peak_carriers,
        sv.peak_pinned,
        sv.peak_memory_mb
    );
    let c = &r.connections;
    let reset = if c.reset_by_oom_kill > 0 {
        format!("; reset as the process ended {}", c.reset_by_oom_kill)
    } else {
        String::new()
    };
    let _ = writeln!(
        o,
        "  Connections:\t{} opened ({} reconnects); closed by Tomcat after max keep-alive requests {}, idle {}{}; by the client {}{reset}",
        c.opened,
        c.reconnects,
        c.closed_after_max_requests,
        c.closed_idle,
        queue_full(c.closed_queue_full),
        c.closed_by_client
    );
    let down = match (c.syns_while_down, c.refused_while_down) {
        (0, 0) => String::new(),
        (syns, 0) => format!(" ({syns} more unanswered while the service was down)"),
        (0, refused) => format!(" ({refused} connects refused while the service was down)"),
        (syns, refused) => format!(
            " ({syns} more unanswered, {refused} connects refused while the service was down)"
        ),
    };
    let _ = writeln!(
        o,
        "  Accept queue:\tpeak {}, mean wait {:.3} ms, {} SYNs dropped{down}, {} handshakes overflowed (request retransmitted); acceptor {:.1} % busy; peak {} open, {} idle; {} clients never served",
        c.peak_accept_queue,
        c.mean_accept_wait_ms,
        c.syn_drops,
        c.ack_overflows,
        c.acceptor_utilisation * 100.0,
        c.peak_open,
        c.peak_idle,
        c.starved_clients
    );
    for e in &r.executors {
        use crate::sim::config::{ExecutorRole, executor_role};
        let kind = match executor_role(&e.name) {
            ExecutorRole::Fork => "Fork subtasks on",
            ExecutorRole::HttpClient => "Responses on the executor of",
            ExecutorRole::Bulkhead => "Blocks on the threads of",
            ExecutorRole::Async => "@Async",
        };
        let _ = writeln!(
            o,
            "  {kind} {}:\t{} submitted, {} done, {} rejected, {:.1} tasks/s",
            e.name, e.submitted, e.completed, e.rejected, e.throughput_per_s
        );
    }
    for d in &r.downstreams {
        let _ = writeln!(
            o,
            "  Downstream {}:\t{} calls, {:.0} % of its slots busy, peak {} queued there; leases: mean wait {:.1} ms, peak {} waiting, {} timed out",
            d.name,
            d.calls,
            d.utilisation * 100.0,
            d.peak_queued,
            d.mean_lease_wait_ms,
            d.peak_lease_waiters,
            d.lease_timeouts
        );
        if let Some(g) = &d.guard {
            let _ = writeln!(
                o,
                "  Downstream {}:\t{} tries sent ({} retries), {} failed: {} timed out, {} answered 5xx, {} refused by its breaker; {} fallbacks; {} answered after their caller gave up",
                d.name,
                g.sent,
                g.retries,
                g.failed,
                g.response_timeouts,
                g.errors,
                g.circuit_refused,
                g.fallbacks,
                g.orphans
            );
            if g.rate_limiter_waits + g.rate_limiter_refused > 0 {
                let _ = writeln!(
                    o,
                    "  Rate limiter {}:\t{} tries waited for a permission, {} refused (RequestNotPermitted)",
                    d.name, g.rate_limiter_waits, g.rate_limiter_refused
                );
            }
            if let Some(state) = g.breaker_state {
                let _ = writeln!(
                    o,
                    "  Breaker {}:\topened {} times, open {:.1} s, half-open {:.1} s; {} at the end",
                    d.name,
                    g.breaker_opened,
                    g.breaker_open_s,
                    g.breaker_half_open_s,
                    serde_json::to_value(state)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_string))
                        .unwrap_or_default()
                );
            }
        }
        if d.pending_refused + d.rate_limited > 0 {
            let _ = writeln!(
                o,
                "  Downstream {}:\t{} calls refused a wait (pending acquires at their cap), {} answered 429 (its rate limit)",
                d.name, d.pending_refused, d.rate_limited
            );
        }
    }
    for b in &r.bulkheads {
        let wait = match b.max_wait_ms {
            Some(ms) => format!("waits at most {ms} ms"),
            None => "waits for ever".to_string(),
        };
        let _ = writeln!(
            o,
            "  Bulkhead {}:\t{} permits ({wait}), {:.0} % held, held {:.1} ms each; {} entered, mean wait {:.1} ms, peak {} waiting; {} refused at once, {} after their wait",
            b.name,
            b.permits,
            b.utilisation * 100.0,
            b.hold_ms,
            b.entered,
            b.mean_wait_ms,
            b.peak_waiting,
            b.full,
            b.timeouts
        );
    }
    if let Some(d) = &r.drain {
        o.push_str(&drain(d));
    }
    let _ = writeln!(o, "  Simulated:\t{} events, seed {}", r.events, r.seed);
    let _ = writeln!(o, "  Not modelled:\t{}", left_out(r.tool.tool));
    o
}

/// The executors' drain after the client's end, a line per executor.
fn drain(d: &crate::sim::report::Drain) -> String {
    let mut o = String::new();
    let end = if d.waited {
        "the run waited for them"
    } else {
        "the run ended before them"
    };
    for e in &d.executors {
        let _ = writeln!(
            o,
            "  Drain {}:\tat the client's end {} queued, {} running; {} done {:.3} s after it (waited {:.1} ms on average in the queue), {} left; {end}",
            e.name,
            e.queued_at_client_end,
            e.running_at_client_end,
            e.done_in_drain,
            e.drain_s,
            e.mean_queue_ms,
            e.left_at_end
        );
    }
    o
}

/// Where successful requests' time went: a row per stage that took any,
/// the mean over every success and over the p99 set side by side (empty
/// when nothing succeeded).
fn time_spent(r: &Report) -> String {
    let b = &r.breakdown;
    let mut o = String::new();
    if b.requests == 0 {
        return o;
    }
    let _ = writeln!(
        o,
        "  Time spent:	ms per successful request: mean of {} | mean of the {} at or above p99",
        b.requests, b.p99_requests
    );
    for stage in Stage::ALL {
        let (mean, p99) = (b.mean_ms[&stage], b.p99_ms[&stage]);
        if mean >= 0.0005 || p99 >= 0.0005 {
            let _ = writeln!(o, "    {:<14}{mean:>12.3} | {p99:>12.3}", stage.name());
        }
    }
    o
}

/// A line per endpoint of a mix: its share, counts, latency and what its
/// requests wait for most.
fn endpoints(r: &Report) -> String {
    let mut o = String::new();
    for e in &r.endpoints {
        let ok = &e.latency_ok_ms;
        let waits = match e.waits_most_for() {
            Some((stage, share)) => format!(
                "waits most for {} ({:.0} % of its mean)",
                stage.name(),
                share * 100.0
            ),
            None => "its own work sets its pace".to_string(),
        };
        let _ = writeln!(
            o,
            "  Endpoint {}:	{:.0} % of requests; {} sent, {} succeeded, {} failed, {} errors; {:.1} ok/s; p50 {:.1} ms, p99 {:.1} ms, mean {:.1} ms; {waits}",
            e.name,
            e.share * 100.0,
            e.sent,
            e.succeeded,
            e.failed,
            e.errors,
            e.goodput_rps,
            ok.p50,
            ok.p99,
            ok.mean
        );
    }
    o
}

/// What the tool's text shows that the model does not know, or leaves out.
fn left_out(tool: Tool) -> &'static str {
    match tool {
        Tool::Wrk => {
            "bytes read (printed as 0); the Req/Sec row is taken over the run's time buckets, not wrk's 100 ms samples"
        }
        Tool::Wrk2 => {
            "bytes read (printed as 0); the thread calibration lines and the detailed percentile spectrum; timeouts are counted once per late response, where wrk2 counts each 2 s check"
        }
        Tool::Jmeter => {
            "the \"summary +\" lines JMeter prints every 30 s; only the final total is shown"
        }
        Tool::K6 => {
            "data_received, data_sent, iteration_duration and the http_req_blocked, _connecting, _tls_handshaking, _sending, _waiting and _receiving trends"
        }
        Tool::Hey => {
            "response sizes (hey leaves Total data out at 0); DNS, request write and response read take no time; connection resets are one line, where hey prints one per local port"
        }
    }
}

/// How a run ended, in words.
fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::Completed => "completed",
        Outcome::OutOfMemory => "out of memory",
        Outcome::BudgetExceeded => "stopped at its budget",
        Outcome::Deadlock => "deadlocked",
    }
}

/// Connections Tomcat closed unread with its executor's queue full, when
/// there were any.
/// The CPU limit's share used and its throttling, when a limit is set.
fn cpu_limit(sv: &crate::sim::report::ServerStats) -> String {
    match sv.cpu_limit_utilisation {
        Some(u) => format!(
            " ({:.0} % of its CPU limit; throttled in {} periods, {:.2} s in all; {} processors seen)",
            u * 100.0,
            sv.cpu_throttles,
            sv.cpu_throttled_s,
            sv.available_processors
        ),
        None => String::new(),
    }
}

fn queue_full(n: u64) -> String {
    if n > 0 {
        format!(", unread with its queue full {n}")
    } else {
        String::new()
    }
}
