//! The diagnosis: which resource limits throughput, and why, as typed facts
//! ([`Bottleneck`]) with one sentence made of catalogue keys.
//!
//! It looks in this order, the first that applies binds:
//! 1. a memory or thread limit that was hit (failed requests, a poller that
//!    died starting a thread, a JVM that exited or was killed, an OOM kill,
//!    with its restarter's back-off): the pools' figures after that are its
//!    consequences;
//! 2. the collector's pauses when they took most of the run or thrashed
//!    ([`GC_BINDS`]): every thread stands still while they last;
//! 3. a saturated resource: busy above [`SATURATED`] and waited for in most
//!    of the run, not only in a burst such as every client arriving at time
//!    0 ([`sustained`](Engine::sustained)). Of several, the innermost binds
//!    ([`depth`]): Tomcat's threads are busy *because* their requests wait
//!    for a HikariCP connection, so the pool is named and the threads are
//!    said to be held waiting for it ([`Held`]);
//! 4. a downstream's or a bulkhead's refusals, when they failed
//!    [`REFUSED_BINDS`] of the results or more: its rate limit, its
//!    client's cap on pending acquires, or a bulkhead with no permit within
//!    its wait, answered at once, so nothing queued or saturated;
//! 5. a full accept queue or dropped SYNs;
//! 6. requests that failed on the client side;
//! 7. else the load sets the pace: the clients' concurrency (closed loop)
//!    or the arrival rate (open loop).

use super::Engine;
use super::finish::Span;
use crate::sim::config::{ExecutorKind, LoadKind, Mode, WaitsFor};
use crate::sim::report::{
    Binding, Bottleneck, Finding, GcStats, Held, MemoryLimit, MemoryStats, Pace, Resource,
    ResponseCause, Saturation, ServerStats,
};
use crate::sim::series::Gauge;
use crate::sim::time::ms_from_ns;
use crate::sim::trace::Tracer;

/// Busier than this on average, a resource with work waiting for it is
/// named as the limit. An assumption from queueing theory, not a measured
/// figure: in an M/M/1 queue the mean wait is ρ/(1 − ρ) service times,
/// 5.7 at ρ = 0.85, so from about there on the wait, not the work, sets the
/// time per request.
const SATURATED: f64 = 0.85;

/// A queue is sustained when, in at least this share of the run's time
/// buckets, [`QUEUED`] or more wait on average: most of the run, so that a
/// burst at the start (or one late burst) does not count.
const SUSTAINED_SHARE: f64 = 0.5;

/// Mean number waiting in a time bucket for it to count as queued: half a
/// request on average, e.g. one waiting half the time.
const QUEUED: f64 = 0.5;

/// Pauses that take this share of the run or more bind whatever else is
/// busy: the JVM then stands still longer than it runs, so no pool can be
/// the limit. An assumption, chosen where G1's own thrashing test
/// (`thrashing_from_s`: pauses longer than the work between them) puts it.
const GC_BINDS: f64 = 0.5;

/// Refused calls that failed this share of the results or more bind. An
/// assumption: one response in a hundred failing is what a load test's
/// reader calls failing rather than noise (hey prints every status; k6's
/// common `http_req_failed` threshold is `rate<0.01`).
const REFUSED_BINDS: f64 = 0.01;

/// How deep in a request's nesting a resource is held: a request holds a
/// thread (Tomcat's, or a carrier while pinned) while it waits for a
/// monitor, a connection, a permit or a core. Of several saturated ones the
/// deepest binds; the outer ones are busy waiting for it.
fn depth(r: Resource) -> u8 {
    match r {
        Resource::Connections => 0,
        Resource::TomcatThreads | Resource::Carriers => 1,
        Resource::SharedMonitor => 2,
        Resource::DbPool | Resource::Executor | Resource::HttpClientPool | Resource::Bulkhead => 3,
        Resource::Cpu => 4,
        Resource::None
        | Resource::Client
        | Resource::Memory
        | Resource::Gc
        | Resource::Downstream => 0,
    }
}

/// A resource that may limit throughput.
struct Candidate {
    resource: Resource,
    /// Time busy over time available, 0–1.
    utilisation: f64,
    /// Work queues for it most of the run.
    queued: bool,
    /// How many there are and how long a request held one, ms, when that
    /// is a ceiling (count ÷ hold).
    ceiling: Option<(f64, f64)>,
    named: Saturation,
}

impl Candidate {
    fn saturated(&self) -> bool {
        self.queued && self.utilisation > SATURATED
    }

    fn ceiling_rps(&self) -> Option<f64> {
        self.ceiling.map(rps).filter(|r| *r > 0.0)
    }
}

/// The bottleneck with the figures of its finding.
fn found(b: Bottleneck, finding: Finding) -> Bottleneck {
    Bottleneck { finding, ..b }
}

/// A diagnosis of `resource` for `binding`, with no figures yet.
fn of(resource: Resource, binding: Binding) -> Bottleneck {
    Bottleneck {
        resource,
        binding,
        ..Bottleneck::default()
    }
}

/// What the run measured for the diagnosis beside the server's figures.
pub(super) struct Measured<'a> {
    pub(super) server: &'a ServerStats,
    pub(super) memory: &'a MemoryStats,
    pub(super) gc: &'a GcStats,
}

impl<T: Tracer> Engine<T> {
    /// Names the resource that limits throughput.
    pub(super) fn bottleneck(&self, m: &Measured, span: &Span) -> Bottleneck {
        if self.tally.results == 0 {
            return found(
                of(Resource::None, Binding::Nothing),
                Finding::NothingFinished,
            );
        }
        if span.run_s == 0.0 {
            return found(of(Resource::None, Binding::Nothing), Finding::NoTime);
        }
        if let Some(b) = self.memory_binds(m.memory) {
            return b;
        }
        if let Some(b) = gc_binds(m.gc, self.cfg.memory.heap_limit) {
            return b;
        }
        let candidates = self.candidates(m.server, span);
        if let Some(b) = self.saturated_binds(&candidates) {
            return b;
        }
        if let Some(b) = self.refusals_bind(span) {
            return b;
        }
        let st = m.server;
        let dropped = &self.conns.counts;
        // A full queue binds even when it is seldom occupied on average:
        // a dropped SYN or handshake costs its client 1 s or 200 ms.
        if self.sustained(Gauge::Backlog, QUEUED) || dropped.syn_drops + dropped.ack_overflows > 0 {
            let max = self.cfg.server.max_connections;
            let at_max = self.rec.peaks[Gauge::Connections as usize] >= max;
            return found(
                of(Resource::Connections, Binding::Backlog),
                Finding::Backlog {
                    at_max: at_max.then_some(max),
                    peak: st.peak_backlog,
                    places: self.cfg.server.backlog,
                    syns: dropped.syn_drops,
                    acks: dropped.ack_overflows,
                },
            );
        }
        let errors: u64 = self.tally.errors.iter().sum();
        if errors > 0 {
            return found(
                of(Resource::Client, Binding::ClientErrors),
                Finding::ClientErrors { errors },
            );
        }
        self.load_binds(&candidates, span)
    }

    /// The downstream or bulkhead with the most refused calls, when they
    /// failed [`REFUSED_BINDS`] of the results or more.
    fn refusals_bind(&self, span: &Span) -> Option<Bottleneck> {
        let results = self.tally.results as f64;
        let bulkhead = (self.bulkhead_stats(span.horizon_ns).into_iter())
            .max_by_key(|b| b.full + b.timeouts)
            .filter(|b| (b.full + b.timeouts) as f64 / results >= REFUSED_BINDS);
        let downstream = (self.cfg.downstreams.iter())
            .zip(self.downstream_refusals())
            .max_by_key(|(_, (rate, pending))| rate + pending)
            .filter(|(_, s)| (s.0 + s.1) as f64 / results >= REFUSED_BINDS);
        let by_bulkhead = match (&bulkhead, &downstream) {
            (Some(b), Some((_, s))) => b.full + b.timeouts > s.0 + s.1,
            (b, _) => b.is_some(),
        };
        let refusals = match (&bulkhead, &downstream) {
            (Some(b), _) if by_bulkhead => b.full + b.timeouts,
            (_, Some((_, s))) => s.0 + s.1,
            _ => 0,
        };
        if let Some(b) = self.calls_failed(results).filter(|_| {
            let failed = self.calls_failed_responses();
            failed as f64 / results >= REFUSED_BINDS && failed > refusals
        }) {
            return Some(b);
        }
        if let (true, Some(b)) = (by_bulkhead, bulkhead) {
            let refused = b.full + b.timeouts;
            let finding = Finding::BulkheadFull {
                name: b.name,
                permits: b.permits,
                refused,
                share: refused as f64 / results,
            };
            return Some(found(of(Resource::Bulkhead, Binding::Refused), finding));
        }
        let (d, s) = downstream?;
        let share = (s.0 + s.1) as f64 / results;
        let finding = Finding::Refused {
            name: d.name.clone(),
            rate_limited: s.0,
            pending_refused: s.1,
            share,
            rate_per_s: d.rate_limit.map(|r| r.per_s),
            max_pending: d.max_pending,
        };
        Some(found(of(Resource::Downstream, Binding::Refused), finding))
    }

    /// Responses that failed as calls to a downstream did: time-outs, 5xx
    /// answers, an open breaker's refusals.
    fn calls_failed_responses(&self) -> u64 {
        [
            ResponseCause::ResponseTimeout,
            ResponseCause::DownstreamError,
            ResponseCause::CircuitOpen,
        ]
        .iter()
        .map(|&c| self.tally.responses[c as usize])
        .sum()
    }

    /// The guarded downstream with the most failed tries, as the finding
    /// of the responses that failed so.
    #[cold]
    fn calls_failed(&self, results: f64) -> Option<Bottleneck> {
        let (d, s) = (self.cfg.downstreams.iter().zip(&self.calls))
            .filter(|(_, s)| s.guarded)
            .max_by_key(|(_, s)| s.guard.failed)?;
        let finding = Finding::CallsFailed {
            name: d.name.clone(),
            timeouts: s.guard.response_timeouts,
            errors: s.guard.errors,
            refused: s.guard.refused,
            share: self.calls_failed_responses() as f64 / results,
        };
        Some(found(of(Resource::Downstream, Binding::Refused), finding))
    }

    /// A memory or thread limit that was hit binds: the one that did the
    /// gravest thing ([`LimitEffect`](crate::sim::report::LimitEffect): an end of the process outweighs a
    /// dead poller, which outweighs failed requests), the first in the
    /// order of [`MemoryLimit`] of those.
    fn memory_binds(&self, memory: &MemoryStats) -> Option<Bottleneck> {
        let gravest = memory.hits.iter().map(|h| h.effect).max()?;
        let hit = memory.hits.iter().find(|h| h.effect == gravest)?;
        let size = match hit.limit {
            MemoryLimit::Container => memory.container_limit_mb,
            MemoryLimit::Heap => memory.heap_limit_mb,
            MemoryLimit::Threads => memory.thread_limit as f64,
        };
        let b = Bottleneck {
            limit: Some(hit.limit),
            ..of(Resource::Memory, Binding::MemoryLimit)
        };
        let finding = Finding::Memory {
            limit: hit.limit,
            effect: hit.effect,
            size,
            at_s: hit.first_at_s,
            times: hit.times,
            ends: hit.ends,
            lost: hit.lost,
            backoff_s: memory.backoff_s,
            longest_backoff_s: memory.longest_backoff_s,
        };
        Some(found(b, finding))
    }

    /// The deepest saturated resource, with the thread pool held waiting
    /// for it, if one is saturated too.
    fn saturated_binds(&self, candidates: &[Candidate]) -> Option<Bottleneck> {
        let saturated = || candidates.iter().filter(|c| c.saturated());
        let binding = saturated().max_by(|a, b| {
            (depth(a.resource).cmp(&depth(b.resource)))
                .then(a.utilisation.total_cmp(&b.utilisation))
        })?;
        // A carrier running a virtual thread is using its core, not waiting
        // for one: carriers are held only while pinned in a wait.
        let outer = saturated().find(|c| match c.resource {
            Resource::TomcatThreads => depth(c.resource) < depth(binding.resource),
            Resource::Carriers => matches!(
                binding.resource,
                Resource::SharedMonitor | Resource::DbPool | Resource::Executor
            ),
            _ => false,
        });
        let held = outer.map(|o| Held {
            resource: o.resource,
            utilisation: o.utilisation,
            waiting_share: self.waiting_share(o.resource, binding.resource),
        });
        let s = &self.cfg.server;
        let held_n = match &held {
            Some(h) if h.resource == Resource::TomcatThreads => s.threads_max,
            Some(_) => s.carriers,
            None => 0,
        };
        let finding = Finding::Saturated {
            named: binding.named.clone(),
            held_n,
        };
        let b = Bottleneck {
            utilisation: binding.utilisation,
            ceiling_rps: binding.ceiling_rps(),
            held,
            ..of(binding.resource, Binding::Saturated)
        };
        Some(found(b, finding))
    }

    /// Of the time `outer`'s threads were busy, the share their requests
    /// waited for `inner`, where the run records that wait.
    fn waiting_share(&self, outer: Resource, inner: Resource) -> Option<f64> {
        let busy = match outer {
            Resource::TomcatThreads => self.area(Gauge::TomcatBusy),
            _ => self.area(Gauge::CarriersPinned),
        };
        let waiting = match inner {
            Resource::DbPool => self.area(Gauge::DbWaiters),
            Resource::SharedMonitor => self.area(Gauge::LockWaiters),
            Resource::Executor => (self.execs.stats.iter())
                .map(|s| s.permit_wait_ns)
                .sum::<f64>(),
            Resource::Bulkhead => self.gates.iter().map(|g| g.waited_ns()).sum::<f64>(),
            _ => return None,
        };
        (busy > 0.0).then(|| (waiting / busy).min(1.0))
    }

    /// No resource binds: the load sets the pace. A closed loop's clients
    /// keep one request each in flight, so its rate is N ÷ the time per
    /// request; a resource fully busy with nothing waiting is said to be
    /// just enough (more load would queue for it).
    fn load_binds(&self, candidates: &[Candidate], span: &Span) -> Bottleneck {
        let busiest = (candidates.iter())
            .filter(|c| c.utilisation > SATURATED)
            .max_by(|a, b| a.utilisation.total_cmp(&b.utilisation))
            .map(|c| (c.resource, self.count_of(c.resource), c.utilisation));
        let t = &self.tally;
        let pace = match self.cfg.load.kind {
            LoadKind::Closed {
                concurrency, think, ..
            } => {
                let rps = t.results as f64 / span.run_s;
                let with_tasks =
                    self.cfg.load.waits_for == WaitsFor::Tasks && !self.cfg.executors.is_empty();
                let cycle_ms = if with_tasks {
                    // The tasks' time is not in any latency: Little's law
                    // gives the whole cycle.
                    1_000.0 * f64::from(concurrency) / rps.max(f64::MIN_POSITIVE)
                } else {
                    ms_from_ns(t.time_ns / t.results.max(1) as f64) + ms_from_ns(think as f64)
                };
                Pace::Closed {
                    clients: concurrency,
                    cycle_ms,
                    rps,
                    with_tasks,
                }
            }
            LoadKind::Open { .. } => Pace::Open,
        };
        found(
            of(Resource::None, Binding::Load),
            Finding::Unsaturated { pace, busiest },
        )
    }

    /// How many of a resource there are (0 for one not counted).
    fn count_of(&self, r: Resource) -> u32 {
        let s = &self.cfg.server;
        match r {
            Resource::TomcatThreads => s.threads_max,
            Resource::Carriers => s.carriers,
            Resource::DbPool => self.cfg.db.pool_size,
            Resource::Cpu => s.cores,
            _ => 0,
        }
    }

    /// Whether `min` or more wait on average (gauge `g`) in at least
    /// [`SUSTAINED_SHARE`] of the time buckets.
    fn sustained(&self, g: Gauge, min: f64) -> bool {
        let buckets = &self.rec.series.buckets;
        let (mut timed, mut queued) = (0usize, 0usize);
        for (i, b) in buckets.iter().enumerate() {
            let span = self.bucket_span(i);
            if span > 0.0 {
                timed += 1;
                queued += (b.area[g as usize] / span >= min) as usize;
            }
        }
        timed > 0 && queued as f64 >= SUSTAINED_SHARE * timed as f64
    }

    /// Mean time a request held one of a resource, ms: its busy area (units
    /// × ns) over the requests that finished.
    fn hold_ms(&self, area: f64) -> f64 {
        let served: u64 = self.tally.responses.iter().sum();
        if served == 0 {
            0.0
        } else {
            ms_from_ns(area / served as f64)
        }
    }

    /// Every resource that may limit throughput, busy or not.
    fn candidates(&self, st: &ServerStats, span: &Span) -> Vec<Candidate> {
        let s = &self.cfg.server;
        let cpu_hold = self.hold_ms(self.cpu.busy_ns_until(span.horizon_ns));
        // Under a CPU limit, the share of the cores it allows is what can
        // run out: limit ÷ CPU per request.
        let capacity = (s.cpu_limit).map_or(s.cores as f64, |l| l.min(s.cores as f64));
        let cpu_ceiling = Some((capacity, cpu_hold));
        let mut out = vec![Candidate {
            resource: Resource::Cpu,
            utilisation: st.cpu_limit_utilisation.unwrap_or(st.cpu_utilisation),
            // The CPU's queue is not recorded; all cores busy most of the
            // run is the sign that threads wait for one.
            queued: self.sustained(Gauge::CpuBusy, capacity * SATURATED),
            ceiling: cpu_ceiling,
            named: match (s.cpu_limit, st.cpu_limit_utilisation) {
                (Some(limit), Some(utilisation)) => Saturation::CpuLimit {
                    limit,
                    utilisation,
                    throttled_s: st.cpu_throttled_s,
                    hold_ms: cpu_hold,
                },
                _ => Saturation::Cpu {
                    cores: s.cores,
                    utilisation: st.cpu_utilisation,
                    hold_ms: cpu_hold,
                },
            },
        }];
        if s.mode == Mode::Platform {
            let hold = self.hold_ms(self.area(Gauge::TomcatBusy));
            let ceiling = (s.threads_max as f64, hold);
            out.push(Candidate {
                resource: Resource::TomcatThreads,
                utilisation: st.tomcat_utilisation,
                queued: self.sustained(Gauge::TomcatQueue, QUEUED),
                ceiling: Some(ceiling),
                named: Saturation::Tomcat {
                    threads: s.threads_max,
                    queued: st.peak_tomcat_queue,
                    hold_ms: hold,
                },
            });
        } else if st.peak_pinned > 0 || st.cpu_utilisation < SATURATED {
            // Carriers busy running CPU are a CPU limit, named as such above;
            // carriers are the bottleneck when they are pinned or blocked.
            out.push(self.carriers_candidate(st));
        }
        let db_hold = if st.db_acquired > 0 {
            ms_from_ns(self.area(Gauge::DbActive) / st.db_acquired as f64)
        } else {
            0.0
        };
        let db_ceiling = (self.cfg.db.pool_size as f64, db_hold);
        out.push(Candidate {
            resource: Resource::DbPool,
            utilisation: st.db_utilisation,
            queued: self.sustained(Gauge::DbWaiters, QUEUED),
            ceiling: (st.db_acquired > 0).then_some(db_ceiling),
            named: Saturation::DbPool {
                connections: self.cfg.db.pool_size,
                utilisation: st.db_utilisation,
                waiting: st.peak_db_waiters,
                hold_ms: db_hold,
            },
        });
        for p in self.pool_uses(span.horizon_ns) {
            out.push(Candidate {
                resource: Resource::HttpClientPool,
                utilisation: p.utilisation,
                queued: p.mean_waiting >= QUEUED,
                ceiling: Some((p.connections as f64, p.hold_ms)),
                named: Saturation::HttpClientPool {
                    name: p.name,
                    connections: p.connections,
                    utilisation: p.utilisation,
                    waiting: p.peak_waiting,
                    hold_ms: p.hold_ms,
                },
            });
        }
        for b in self.bulkhead_stats(span.horizon_ns) {
            out.push(Candidate {
                resource: Resource::Bulkhead,
                utilisation: b.utilisation,
                queued: b.mean_waiting >= QUEUED,
                ceiling: Some((b.permits as f64, b.hold_ms)),
                named: Saturation::Bulkhead {
                    name: b.name,
                    permits: b.permits,
                    utilisation: b.utilisation,
                    waiting: b.peak_waiting,
                    hold_ms: b.hold_ms,
                },
            });
        }
        let accepting = self.conns.counts.acceptor_busy_ns / span.horizon;
        out.push(Candidate {
            resource: Resource::Connections,
            utilisation: accepting.min(1.0),
            queued: self.sustained(Gauge::Backlog, QUEUED),
            ceiling: None,
            named: Saturation::Acceptor {
                utilisation: accepting.min(1.0),
                reconnects: self.conns.counts.reconnects,
                peak: st.peak_backlog,
            },
        });
        out.extend(self.monitor_candidate(span));
        out.extend(self.executor_candidates(span));
        out
    }

    fn carriers_candidate(&self, st: &ServerStats) -> Candidate {
        let s = &self.cfg.server;
        let hold = self.hold_ms(self.area(Gauge::CarriersBusy));
        Candidate {
            resource: Resource::Carriers,
            utilisation: st.carrier_utilisation,
            queued: self.sustained(Gauge::RunnableVthreads, QUEUED),
            ceiling: Some((s.carriers as f64, hold)),
            named: Saturation::Carriers {
                carriers: s.carriers,
                compensated: (st.peak_carriers > s.carriers).then_some(st.peak_carriers),
                utilisation: st.carrier_utilisation,
                pinned: (st.peak_pinned > 0).then_some(st.peak_pinned),
                waiting: st.peak_runnable,
                hold_ms: hold,
            },
        }
    }

    /// The shared monitor or lock held the longest, if any.
    fn monitor_candidate(&self, span: &Span) -> Option<Candidate> {
        let (i, held) = (self.monitors.iter().enumerate())
            .map(|(i, m)| (i, m.held_until(span.horizon_ns)))
            .max_by_key(|(_, held)| *held)?;
        let utilisation = held as f64 / span.horizon;
        Some(Candidate {
            resource: Resource::SharedMonitor,
            utilisation,
            queued: self.sustained(Gauge::LockWaiters, QUEUED),
            ceiling: Some((1.0, self.hold_ms(held as f64))),
            named: Saturation::Monitor {
                name: self.cfg.program.monitors[i].to_string(),
                utilisation,
                waiting: self.rec.peaks[Gauge::LockWaiters as usize],
            },
        })
    }

    /// Each `@Async` executor with a bound: a pool's threads, or a virtual
    /// executor's concurrency limit.
    fn executor_candidates(&self, span: &Span) -> Vec<Candidate> {
        let pools_queued = self.sustained(Gauge::ExecutorQueue, QUEUED);
        (self.cfg.executors.iter().zip(&self.execs.stats))
            .filter_map(|(e, st)| {
                match e.kind {
                    ExecutorKind::Pool { .. } if st.peak_threads > 0 => {
                        let busy = st.total_ns - st.queue_ns;
                        let utilisation = busy / (st.peak_threads as f64 * span.horizon);
                        Some(Candidate {
                            resource: Resource::Executor,
                            utilisation,
                            queued: pools_queued && st.queue_ns > 0.0,
                            ceiling: None,
                            named: Saturation::ExecutorPool {
                                name: e.name.to_string(),
                                threads: st.peak_threads,
                                utilisation,
                                wait_ms: ms_from_ns(st.queue_ns / st.completed.max(1) as f64),
                                awaited: self.cfg.load.waits_for == WaitsFor::Tasks,
                            },
                        })
                    }
                    ExecutorKind::Virtual { limit: Some(limit) } => {
                        let utilisation = st.total_ns / (limit as f64 * span.horizon);
                        // By Little's law, the mean number of blocked submitters.
                        let blocked = st.permit_wait_ns / span.horizon;
                        Some(Candidate {
                            resource: Resource::Executor,
                            utilisation,
                            queued: blocked >= QUEUED,
                            ceiling: None,
                            named: Saturation::ExecutorVirtual {
                                name: e.name.to_string(),
                                utilisation,
                                limit,
                                wait_ms: ms_from_ns(st.permit_wait_ns / st.submitted.max(1) as f64),
                            },
                        })
                    }
                    _ => None,
                }
            })
            .collect()
    }
}

/// A ceiling `(count, hold ms)` in req/s (0 when nothing was held).
fn rps((n, hold_ms): (f64, f64)) -> f64 {
    if hold_ms > 0.0 {
        n / hold_ms * 1000.0
    } else {
        0.0
    }
}

/// The collector binds when its pauses took [`GC_BINDS`] of the run or more,
/// or it thrashed.
fn gc_binds(gc: &GcStats, heap_limit: u64) -> Option<Bottleneck> {
    if !gc.on || (gc.pause_share < GC_BINDS && gc.thrashing_from_s.is_none()) {
        return None;
    }
    let finding = Finding::Gc {
        share: gc.pause_share,
        pauses: gc.young + gc.mixed + gc.full,
        longest_ms: gc.max_pause_ms,
        heap_mb: crate::sim::config::to_mib(heap_limit as f64),
    };
    let b = Bottleneck {
        utilisation: gc.pause_share,
        ..of(Resource::Gc, Binding::GcPauses)
    };
    Some(found(b, finding))
}
