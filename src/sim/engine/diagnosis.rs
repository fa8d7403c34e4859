//! The diagnosis: which resource limits throughput, in one sentence.
//!
//! A resource is named when it is both busy and waited for: its utilisation
//! (time busy over time available, measured over the whole run) is above
//! [`SATURATED`], and work queues for it in most of the run, not only in a
//! burst such as every client arriving at time 0 ([`sustained`]). Among
//! those, the busiest wins. Without one, a full accept backlog or client
//! errors are named, else nothing is.

use super::super::config::{ExecutorKind, LoadKind, Mode};
use super::super::report::{Bottleneck, Resource, ServerStats};
use super::super::series::Gauge;
use super::super::time::ms_from_ns;
use super::super::trace::Tracer;
use super::Engine;
use super::finish::Span;
use crate::i18n::keys::report as k;
use crate::i18n::{Part, Phrase};

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

/// A resource that may limit throughput.
struct Candidate {
    resource: Resource,
    /// Time busy over time available, 0–1.
    utilisation: f64,
    /// Work queues for it most of the run.
    queued: bool,
    said: Phrase,
}

/// The bottleneck, said: the English sentence the command line and the
/// JSON report print is rendered from the English catalogue.
fn named(resource: Resource, said: Phrase) -> Bottleneck {
    Bottleneck {
        resource,
        explanation: said.english(),
        said,
    }
}

/// A utilisation (0–1) in whole percent.
fn pct(utilisation: f64) -> Part {
    Part::Fixed(utilisation * 100.0, 0)
}

fn count(n: impl Into<u64>) -> Part {
    Part::Count(n.into())
}

impl<T: Tracer> Engine<T> {
    /// Names the resource that limits throughput.
    pub(super) fn bottleneck(&self, st: &ServerStats, span: &Span) -> Bottleneck {
        if self.tally.results == 0 {
            return named(Resource::None, k::DIAGNOSIS_NOTHING_FINISHED.said());
        }
        if span.run_s == 0.0 {
            return named(Resource::None, k::DIAGNOSIS_NO_TIME.said());
        }
        let candidates = self.candidates(st, span);
        let mut best: Option<&Candidate> = None;
        for c in candidates
            .iter()
            .filter(|c| c.queued && c.utilisation > SATURATED)
        {
            if best.is_none_or(|b| c.utilisation > b.utilisation) {
                best = Some(c);
            }
        }
        if let Some(c) = best {
            return named(c.resource, c.said.clone());
        }
        if self.sustained(Gauge::Backlog, QUEUED) || st.syn_drops > 0 {
            let max = self.cfg.server.max_connections;
            let why = if self.rec.peaks[Gauge::Connections as usize] >= max {
                k::DIAGNOSIS_BACKLOG_MAX.said().with("max", count(max))
            } else {
                k::DIAGNOSIS_BACKLOG_ACCEPTOR.said()
            };
            return named(
                Resource::Connections,
                k::DIAGNOSIS_BACKLOG
                    .said()
                    .with("why", Part::Phrase(why))
                    .with("peak", count(st.peak_backlog))
                    .with("places", count(self.cfg.server.backlog))
                    .with("syns", count(st.syn_drops)),
            );
        }
        let errors: u64 = self.tally.errors.iter().sum();
        if errors > 0 {
            return named(
                Resource::Client,
                k::DIAGNOSIS_CLIENT_ERRORS
                    .said()
                    .with("errors", count(errors)),
            );
        }
        let busiest = (candidates.iter())
            .filter(|c| c.utilisation > SATURATED)
            .max_by(|a, b| a.utilisation.total_cmp(&b.utilisation));
        let aside = match busiest {
            Some(c) => Part::Phrase(
                k::DIAGNOSIS_BUSY_ASIDE
                    .said()
                    .with("resource", Part::Phrase(k::resource(c.resource.name())))
                    .with("pct", pct(c.utilisation)),
            ),
            None => Part::text(""),
        };
        // What sets the pace then depends on the load model.
        let pace = match self.cfg.load.kind {
            LoadKind::Closed { .. } => k::DIAGNOSIS_PACE_CLOSED,
            LoadKind::Open { .. } => k::DIAGNOSIS_PACE_OPEN,
        };
        named(
            Resource::None,
            k::DIAGNOSIS_UNSATURATED
                .said()
                .with("pace", Part::Phrase(pace.said()))
                .with("aside", aside),
        )
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

    /// Every resource that may limit throughput, busy or not.
    fn candidates(&self, st: &ServerStats, span: &Span) -> Vec<Candidate> {
        let s = &self.cfg.server;
        let mut out = vec![Candidate {
            resource: Resource::Cpu,
            utilisation: st.cpu_utilisation,
            // The CPU's queue is not recorded; all cores busy most of the
            // run is the sign that threads wait for one.
            queued: self.sustained(Gauge::CpuBusy, s.cores as f64 * SATURATED),
            said: k::DIAGNOSIS_CPU
                .said()
                .with("cores", count(s.cores))
                .with("pct", pct(st.cpu_utilisation)),
        }];
        if s.mode == Mode::Platform {
            out.push(Candidate {
                resource: Resource::TomcatThreads,
                utilisation: st.tomcat_utilisation,
                queued: self.sustained(Gauge::TomcatQueue, QUEUED),
                said: k::DIAGNOSIS_TOMCAT
                    .said()
                    .with("threads", count(s.threads_max))
                    .with("queued", count(st.peak_tomcat_queue)),
            });
        } else if st.peak_pinned > 0 || st.cpu_utilisation < SATURATED {
            // Carriers busy running CPU are a CPU limit, named as such above;
            // carriers are the bottleneck when they are pinned or blocked.
            out.push(self.carriers_candidate(st));
        }
        out.push(Candidate {
            resource: Resource::DbPool,
            utilisation: st.db_utilisation,
            queued: self.sustained(Gauge::DbWaiters, QUEUED),
            said: k::DIAGNOSIS_DB_POOL
                .said()
                .with("connections", count(self.cfg.db.pool_size))
                .with("pct", pct(st.db_utilisation))
                .with("waiting", count(st.peak_db_waiters)),
        });
        let accepting = self.conns.counts.acceptor_busy_ns / span.horizon;
        out.push(Candidate {
            resource: Resource::Connections,
            utilisation: accepting.min(1.0),
            queued: self.sustained(Gauge::Backlog, QUEUED),
            said: k::DIAGNOSIS_ACCEPTOR
                .said()
                .with("pct", pct(accepting.min(1.0)))
                .with("reconnects", count(self.conns.counts.reconnects))
                .with("peak", count(st.peak_backlog)),
        });
        out.extend(self.monitor_candidate(span));
        out.extend(self.executor_candidates(span));
        out
    }

    fn carriers_candidate(&self, st: &ServerStats) -> Candidate {
        let s = &self.cfg.server;
        let compensated = if st.peak_carriers > s.carriers {
            Part::Phrase(
                k::DIAGNOSIS_CARRIERS_COMPENSATED
                    .said()
                    .with("peak", count(st.peak_carriers)),
            )
        } else {
            Part::text("")
        };
        let pinned = if st.peak_pinned > 0 {
            Part::Phrase(
                k::DIAGNOSIS_CARRIERS_PINNED
                    .said()
                    .with("pinned", count(st.peak_pinned)),
            )
        } else {
            Part::text("")
        };
        Candidate {
            resource: Resource::Carriers,
            utilisation: st.carrier_utilisation,
            queued: self.sustained(Gauge::RunnableVthreads, QUEUED),
            said: k::DIAGNOSIS_CARRIERS
                .said()
                .with("carriers", count(s.carriers))
                .with("compensated", compensated)
                .with("pct", pct(st.carrier_utilisation))
                .with("pinned", pinned)
                .with("waiting", count(st.peak_runnable)),
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
            said: k::DIAGNOSIS_MONITOR
                .said()
                .with("name", Part::text(self.cfg.program.monitors[i].to_string()))
                .with("pct", pct(utilisation))
                .with(
                    "waiting",
                    count(self.rec.peaks[Gauge::LockWaiters as usize]),
                ),
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
                            said: k::DIAGNOSIS_EXECUTOR_POOL
                                .said()
                                .with("name", Part::text(e.name.to_string()))
                                .with("threads", count(st.peak_threads))
                                .with("pct", pct(utilisation))
                                .with(
                                    "wait",
                                    Part::Fixed(
                                        ms_from_ns(st.queue_ns / st.completed.max(1) as f64),
                                        0,
                                    ),
                                ),
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
                            said: k::DIAGNOSIS_EXECUTOR_VIRTUAL
                                .said()
                                .with("name", Part::text(e.name.to_string()))
                                .with("pct", pct(utilisation))
                                .with("limit", count(limit))
                                .with(
                                    "wait",
                                    Part::Fixed(
                                        ms_from_ns(st.permit_wait_ns / st.submitted.max(1) as f64),
                                        0,
                                    ),
                                ),
                        })
                    }
                    _ => None,
                }
            })
            .collect()
    }
}
