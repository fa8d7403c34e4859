//! The diagnosis in words: what limits throughput, with the figures the
//! core found (`sim::report::Finding`).

use crate::i18n::keys::report as k;
use crate::i18n::{Part, Phrase};
use crate::sim::report::{
    Bottleneck, Finding, Held, LimitEffect, MemoryLimit, Pace, Resource, Saturation,
};

/// The bottleneck's sentence.
pub fn bottleneck(b: &Bottleneck) -> Phrase {
    match &b.finding {
        Finding::NothingFinished => k::DIAGNOSIS_NOTHING_FINISHED.said(),
        Finding::NoTime => k::DIAGNOSIS_NO_TIME.said(),
        &Finding::Memory {
            limit,
            effect,
            size,
            at_s,
            times,
            ends,
            lost,
            backoff_s,
            longest_backoff_s,
        } => {
            let said = memory(limit, effect, size, at_s, times, ends, lost);
            if backoff_s > 0.0 {
                k::DIAGNOSIS_MEMORY_BACKOFF
                    .said()
                    .with("said", Part::Phrase(said))
                    .with("backoff", Part::Fixed(backoff_s, 1))
                    .with("longest", Part::Fixed(longest_backoff_s, 1))
            } else {
                said
            }
        }
        &Finding::Gc {
            share,
            pauses,
            longest_ms,
            heap_mb,
        } => k::DIAGNOSIS_GC
            .said()
            .with("pct", pct(share))
            .with("pauses", Part::Count(pauses))
            .with("longest", ms(longest_ms))
            .with("heap", Part::Fixed(heap_mb, 0)),
        Finding::Saturated { named, held_n } => {
            let said = saturation(named);
            match &b.held {
                Some(h) => k::DIAGNOSIS_WITH_HELD
                    .said()
                    .with("named", Part::Phrase(said))
                    .with("held", Part::Phrase(held(h, *held_n, named))),
                None => said,
            }
        }
        &Finding::Backlog {
            at_max,
            peak,
            places,
            syns,
            acks,
        } => {
            let why = match at_max {
                Some(max) => k::DIAGNOSIS_BACKLOG_MAX.said().with("max", count(max)),
                None => k::DIAGNOSIS_BACKLOG_ACCEPTOR.said(),
            };
            k::DIAGNOSIS_BACKLOG
                .said()
                .with("why", Part::Phrase(why))
                .with("peak", count(peak))
                .with("places", count(places))
                .with("syns", count(syns))
                .with("acks", count(acks))
        }
        Finding::Refused {
            name,
            rate_limited,
            pending_refused,
            share,
            rate_per_s,
            max_pending,
        } => {
            // Said by the larger kind: the rate limit's 429s, or the
            // client's refusals at its cap on pending acquires.
            let said = if rate_limited >= pending_refused {
                (k::DIAGNOSIS_REFUSED_RATE.said())
                    .with("refused", count(*rate_limited))
                    .with("rate", Part::Shortest(rate_per_s.unwrap_or(0.0)))
            } else {
                (k::DIAGNOSIS_REFUSED_PENDING.said())
                    .with("refused", count(*pending_refused))
                    .with("cap", count(max_pending.unwrap_or(0)))
            };
            said.with("name", Part::text(name.clone()))
                .with("pct", pct(*share))
        }
        Finding::BulkheadFull {
            name,
            permits,
            refused,
            share,
        } => (k::DIAGNOSIS_BULKHEAD_FULL.said())
            .with("name", Part::text(name.clone()))
            .with("permits", count(*permits))
            .with("refused", count(*refused))
            .with("pct", pct(*share)),
        Finding::CallsFailed {
            name,
            timeouts,
            errors,
            refused,
            share,
        } => (k::DIAGNOSIS_CALLS_FAILED.said())
            .with("name", Part::text(name.clone()))
            .with("timeouts", count(*timeouts))
            .with("errors", count(*errors))
            .with("refused", count(*refused))
            .with("pct", pct(*share)),
        &Finding::ClientErrors { errors } => k::DIAGNOSIS_CLIENT_ERRORS
            .said()
            .with("errors", count(errors)),
        &Finding::Unsaturated { pace, busiest } => unsaturated(pace, busiest),
    }
}

/// A limit that was hit and what it did.
fn memory(
    limit: MemoryLimit,
    effect: LimitEffect,
    size: f64,
    at_s: f64,
    times: u64,
    ends: u64,
    lost: u64,
) -> Phrase {
    let key = match (limit, effect) {
        (MemoryLimit::Container, _) => k::DIAGNOSIS_MEMORY_CONTAINER,
        (MemoryLimit::Heap, LimitEffect::JvmExited) => k::DIAGNOSIS_MEMORY_HEAP_EXITED,
        (MemoryLimit::Heap, LimitEffect::JvmKilled) => k::DIAGNOSIS_MEMORY_HEAP_KILLED,
        (MemoryLimit::Heap, _) => k::DIAGNOSIS_MEMORY_HEAP,
        (MemoryLimit::Threads, LimitEffect::PollerDied) => k::DIAGNOSIS_MEMORY_THREADS_POLLER,
        (MemoryLimit::Threads, LimitEffect::JvmKilled) => k::DIAGNOSIS_MEMORY_THREADS_KILLED,
        (MemoryLimit::Threads, _) => k::DIAGNOSIS_MEMORY_THREADS,
    };
    let size = match limit {
        MemoryLimit::Threads => count(size as u64),
        _ => Part::Fixed(size, 0),
    };
    key.said()
        .with("size", size)
        .with("at", Part::Fixed(at_s, 3))
        .with("times", count(times))
        .with("ends", count(ends))
        .with("lost", count(lost))
}

/// A saturated resource with its figures.
fn saturation(s: &Saturation) -> Phrase {
    match s {
        &Saturation::Cpu {
            cores,
            utilisation,
            hold_ms,
        } => k::DIAGNOSIS_CPU
            .said()
            .with("cores", count(cores))
            .with("pct", pct(utilisation))
            .with("hold", ms(hold_ms))
            .with("rps", ceiling(cores, hold_ms)),
        &Saturation::CpuLimit {
            limit,
            utilisation,
            throttled_s,
            hold_ms,
        } => k::DIAGNOSIS_CPU_LIMIT
            .said()
            .with("limit", Part::Shortest(limit))
            .with("pct", pct(utilisation))
            .with("throttled", Part::Fixed(throttled_s, 2))
            .with("hold", ms(hold_ms))
            .with(
                "rps",
                Part::Fixed(
                    if hold_ms > 0.0 {
                        limit / hold_ms * 1000.0
                    } else {
                        0.0
                    },
                    0,
                ),
            ),
        Saturation::Bulkhead {
            name,
            permits,
            utilisation,
            waiting,
            hold_ms,
        } => k::DIAGNOSIS_BULKHEAD
            .said()
            .with("name", Part::text(name.clone()))
            .with("permits", count(*permits))
            .with("pct", pct(*utilisation))
            .with("waiting", count(*waiting))
            .with("hold", ms(*hold_ms))
            .with("rps", ceiling(*permits, *hold_ms)),
        Saturation::HttpClientPool {
            name,
            connections,
            utilisation,
            waiting,
            hold_ms,
        } => k::DIAGNOSIS_HTTP_CLIENT_POOL
            .said()
            .with("name", Part::text(name.clone()))
            .with("connections", count(*connections))
            .with("pct", pct(*utilisation))
            .with("waiting", count(*waiting))
            .with("hold", ms(*hold_ms))
            .with("rps", ceiling(*connections, *hold_ms)),
        &Saturation::Tomcat {
            threads,
            queued,
            hold_ms,
        } => k::DIAGNOSIS_TOMCAT
            .said()
            .with("threads", count(threads))
            .with("queued", count(queued))
            .with("hold", ms(hold_ms))
            .with("rps", ceiling(threads, hold_ms)),
        &Saturation::DbPool {
            connections,
            utilisation,
            waiting,
            hold_ms,
        } => k::DIAGNOSIS_DB_POOL
            .said()
            .with("connections", count(connections))
            .with("pct", pct(utilisation))
            .with("waiting", count(waiting))
            .with("hold", ms(hold_ms))
            .with("rps", ceiling(connections, hold_ms)),
        &Saturation::Acceptor {
            utilisation,
            reconnects,
            peak,
        } => k::DIAGNOSIS_ACCEPTOR
            .said()
            .with("pct", pct(utilisation))
            .with("reconnects", count(reconnects))
            .with("peak", count(peak)),
        &Saturation::Carriers {
            carriers,
            compensated,
            utilisation,
            pinned,
            waiting,
            hold_ms,
        } => carriers_said(carriers, compensated, utilisation, pinned, waiting, hold_ms),
        Saturation::Monitor {
            name,
            utilisation,
            waiting,
        } => k::DIAGNOSIS_MONITOR
            .said()
            .with("name", Part::text(name.clone()))
            .with("pct", pct(*utilisation))
            .with("waiting", count(*waiting)),
        Saturation::ExecutorPool {
            name,
            threads,
            utilisation,
            wait_ms,
            awaited,
        } => if *awaited {
            k::DIAGNOSIS_EXECUTOR_POOL_AWAITED
        } else {
            k::DIAGNOSIS_EXECUTOR_POOL
        }
        .said()
        .with("name", Part::text(name.clone()))
        .with("threads", count(*threads))
        .with("pct", pct(*utilisation))
        .with("wait", Part::Fixed(*wait_ms, 0)),
        Saturation::ExecutorVirtual {
            name,
            utilisation,
            limit,
            wait_ms,
        } => k::DIAGNOSIS_EXECUTOR_VIRTUAL
            .said()
            .with("name", Part::text(name.clone()))
            .with("pct", pct(*utilisation))
            .with("limit", count(*limit))
            .with("wait", Part::Fixed(*wait_ms, 0)),
    }
}

fn carriers_said(
    carriers: u32,
    compensated: Option<u32>,
    utilisation: f64,
    pinned: Option<u32>,
    waiting: u32,
    hold_ms: f64,
) -> Phrase {
    let compensated = match compensated {
        Some(peak) => Part::Phrase(
            k::DIAGNOSIS_CARRIERS_COMPENSATED
                .said()
                .with("peak", count(peak)),
        ),
        None => Part::text(""),
    };
    let pinned = match pinned {
        Some(n) => Part::Phrase(k::DIAGNOSIS_CARRIERS_PINNED.said().with("pinned", count(n))),
        None => Part::text(""),
    };
    k::DIAGNOSIS_CARRIERS
        .said()
        .with("hold", ms(hold_ms))
        .with("rps", ceiling(carriers, hold_ms))
        .with("carriers", count(carriers))
        .with("compensated", compensated)
        .with("pct", pct(utilisation))
        .with("pinned", pinned)
        .with("waiting", count(waiting))
}

/// "; Tomcat's 100 threads are 100% busy, 90% of the time waiting for a
/// HikariCP connection: raise maximum-pool-size, not threads.max".
fn held(h: &Held, n: u32, inner: &Saturation) -> Phrase {
    let (what, fix) = match inner {
        Saturation::DbPool { .. } => (k::DIAGNOSIS_WHAT_DB_POOL.said(), k::DIAGNOSIS_FIX_DB_POOL),
        Saturation::HttpClientPool { name, .. } => (
            k::DIAGNOSIS_WHAT_HTTP_POOL
                .said()
                .with("name", Part::text(name.clone())),
            k::DIAGNOSIS_FIX_HTTP_POOL,
        ),
        Saturation::Bulkhead { name, .. } => (
            k::DIAGNOSIS_WHAT_BULKHEAD
                .said()
                .with("name", Part::text(name.clone())),
            k::DIAGNOSIS_FIX_BULKHEAD,
        ),
        Saturation::Monitor { name, .. } => (
            k::DIAGNOSIS_WHAT_MONITOR
                .said()
                .with("name", Part::text(name.clone())),
            k::DIAGNOSIS_FIX_MONITOR,
        ),
        Saturation::ExecutorPool { .. } | Saturation::ExecutorVirtual { .. } => {
            (k::DIAGNOSIS_WHAT_EXECUTOR.said(), k::DIAGNOSIS_FIX_EXECUTOR)
        }
        _ => (k::DIAGNOSIS_WHAT_CPU.said(), k::DIAGNOSIS_FIX_CPU),
    };
    let waiting = match h.waiting_share {
        Some(share) => k::DIAGNOSIS_HELD_SHARE
            .said()
            .with("share", pct(share))
            .with("what", Part::Phrase(what)),
        None => k::DIAGNOSIS_HELD_FOR
            .said()
            .with("what", Part::Phrase(what)),
    };
    let key = match h.resource {
        Resource::TomcatThreads => k::DIAGNOSIS_HELD_TOMCAT,
        _ => k::DIAGNOSIS_HELD_CARRIERS,
    };
    key.said()
        .with("n", count(n))
        .with("pct", pct(h.utilisation))
        .with("waiting", Part::Phrase(waiting))
        .with("fix", Part::Phrase(fix.said()))
}

/// No resource binds: the load sets the pace.
fn unsaturated(pace: Pace, busiest: Option<(Resource, u32, f64)>) -> Phrase {
    let aside = match busiest {
        Some((r, n, utilisation)) => Part::Phrase(
            k::DIAGNOSIS_BUSY_ASIDE
                .said()
                .with("resource", Part::Phrase(noun(r, n)))
                .with("pct", pct(utilisation)),
        ),
        None => Part::text(""),
    };
    let pace = match pace {
        Pace::Closed {
            clients,
            cycle_ms,
            rps,
            with_tasks,
        } => if with_tasks {
            k::DIAGNOSIS_PACE_CLOSED_TASKS
        } else {
            k::DIAGNOSIS_PACE_CLOSED
        }
        .said()
        .with("clients", count(clients))
        .with("time", ms(cycle_ms))
        .with("rps", Part::Fixed(rps, 0)),
        Pace::Open => k::DIAGNOSIS_PACE_OPEN.said(),
    };
    k::DIAGNOSIS_UNSATURATED
        .said()
        .with("pace", Part::Phrase(pace))
        .with("aside", aside)
}

/// A resource as a noun with its count: "Tomcat's 200 threads".
fn noun(r: Resource, n: u32) -> Phrase {
    let key = match r {
        Resource::TomcatThreads => k::DIAGNOSIS_NOUN_TOMCAT,
        Resource::Carriers => k::DIAGNOSIS_NOUN_CARRIERS,
        Resource::DbPool => k::DIAGNOSIS_NOUN_DB_POOL,
        Resource::Cpu => k::DIAGNOSIS_NOUN_CPU,
        other => return k::resource(other.name()),
    };
    key.said().with("n", count(n))
}

/// A utilisation (0–1) in whole percent.
fn pct(utilisation: f64) -> Part {
    Part::Fixed(utilisation * 100.0, 0)
}

fn count(n: impl Into<u64>) -> Part {
    Part::Count(n.into())
}

/// A ceiling of `n` held for `hold_ms` each, req/s (0 when nothing was
/// held), in whole requests.
fn ceiling(n: u32, hold_ms: f64) -> Part {
    let rps = if hold_ms > 0.0 {
        n as f64 / hold_ms * 1000.0
    } else {
        0.0
    };
    Part::Fixed(rps, 0)
}

/// A time in ms with three significant digits or more (0.310, 10.0, 53.3).
fn ms(x: f64) -> Part {
    let decimals = if x < 1.0 {
        3
    } else if x < 10.0 {
        2
    } else {
        1
    };
    Part::Fixed(x, decimals)
}
