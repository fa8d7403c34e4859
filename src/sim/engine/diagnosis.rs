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
    explanation: String,
}

fn named(resource: Resource, explanation: String) -> Bottleneck {
    Bottleneck {
        resource,
        explanation,
    }
}

impl<T: Tracer> Engine<T> {
    /// Names the resource that limits throughput.
    pub(super) fn bottleneck(&self, st: &ServerStats, span: &Span) -> Bottleneck {
        if self.tally.results == 0 {
            return named(Resource::None, "nothing finished".into());
        }
        if span.run_s == 0.0 {
            return named(
                Resource::None,
                "the requests take no simulated time: no resource limits them".into(),
            );
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
            return named(c.resource, c.explanation.clone());
        }
        if self.sustained(Gauge::Backlog, QUEUED) || st.syn_drops > 0 {
            let max = self.cfg.server.max_connections;
            let why = if self.rec.peaks[Gauge::Connections as usize] >= max {
                format!("max-connections ({max}) is reached: connections wait in the accept queue")
            } else {
                "clients connected faster than Tomcat's acceptor took them: connections waited in the accept queue".to_string()
            };
            return named(
                Resource::Connections,
                format!(
                    "{why} ({} peak of {} places) or their SYNs were dropped and sent again after 1 s, 3 s, … ({} SYNs)",
                    st.peak_backlog, self.cfg.server.backlog, st.syn_drops
                ),
            );
        }
        let errors: u64 = self.tally.errors.iter().sum();
        if errors > 0 {
            return named(
                Resource::Client,
                format!(
                    "{errors} requests failed on the client side (timeouts or refused connections)"
                ),
            );
        }
        let busiest = (candidates.iter())
            .filter(|c| c.utilisation > SATURATED)
            .max_by(|a, b| a.utilisation.total_cmp(&b.utilisation));
        let aside = match busiest {
            Some(c) => format!(
                " ({} is {:.0}% busy, but little or nothing waits for it)",
                c.resource.name().replace('_', " "),
                c.utilisation * 100.0
            ),
            None => String::new(),
        };
        // What sets the pace then depends on the load model.
        let pace = match self.cfg.load.kind {
            LoadKind::Closed { .. } => {
                "the clients' own concurrency and the program's waits set the pace"
            }
            LoadKind::Open { .. } => "the arrival rate sets the pace: the server keeps up with it",
        };
        named(
            Resource::None,
            format!("no server resource is saturated: {pace}{aside}"),
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
            explanation: format!(
                "the {} cores are {:.0}% busy: more threads cannot add throughput",
                s.cores,
                st.cpu_utilisation * 100.0
            ),
        }];
        if s.mode == Mode::Platform {
            out.push(Candidate {
                resource: Resource::TomcatThreads,
                utilisation: st.tomcat_utilisation,
                queued: self.sustained(Gauge::TomcatQueue, QUEUED),
                explanation: format!(
                    "all {} Tomcat threads are busy (mostly blocked) and up to {} requests queue for one: \
                     throughput is capped near threads.max ÷ time per request",
                    s.threads_max, st.peak_tomcat_queue
                ),
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
            explanation: format!(
                "the {} HikariCP connections are {:.0}% in use and up to {} requests wait for one",
                self.cfg.db.pool_size,
                st.db_utilisation * 100.0,
                st.peak_db_waiters
            ),
        });
        let accepting = self.conns.counts.acceptor_busy_ns / span.horizon;
        out.push(Candidate {
            resource: Resource::Connections,
            utilisation: accepting.min(1.0),
            queued: self.sustained(Gauge::Backlog, QUEUED),
            explanation: format!(
                "Tomcat's single acceptor thread is {:.0}% busy taking new connections ({} reconnects): connections wait in the accept queue ({} peak)",
                accepting.min(1.0) * 100.0,
                self.conns.counts.reconnects,
                st.peak_backlog
            ),
        });
        out.extend(self.monitor_candidate(span));
        out.extend(self.executor_candidates(span));
        out
    }

    fn carriers_candidate(&self, st: &ServerStats) -> Candidate {
        let s = &self.cfg.server;
        let compensated = if st.peak_carriers > s.carriers {
            format!(
                " (up to {} with the scheduler's compensation for captured carriers)",
                st.peak_carriers
            )
        } else {
            String::new()
        };
        let pinned = if st.peak_pinned > 0 {
            format!(", up to {} pinned", st.peak_pinned)
        } else {
            String::new()
        };
        Candidate {
            resource: Resource::Carriers,
            utilisation: st.carrier_utilisation,
            queued: self.sustained(Gauge::RunnableVthreads, QUEUED),
            explanation: format!(
                "the {} carrier threads{compensated} are {:.0}% busy{pinned}; up to {} virtual threads wait for one",
                s.carriers,
                st.carrier_utilisation * 100.0,
                st.peak_runnable
            ),
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
            explanation: format!(
                "the shared monitor or lock '{}' is held {:.0}% of the time and up to {} threads wait to enter: \
                 it lets one request through at a time",
                self.cfg.program.monitors[i],
                utilisation * 100.0,
                self.rec.peaks[Gauge::LockWaiters as usize]
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
                            explanation: format!(
                                "the @Async executor '{}' has its {} threads {:.0}% busy and its tasks wait {:.0} ms \
                                 on average in its queue: the requests do not wait for them, the tasks fall behind",
                                e.name,
                                st.peak_threads,
                                utilisation * 100.0,
                                ms_from_ns(st.queue_ns / st.completed.max(1) as f64)
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
                            explanation: format!(
                                "the @Async executor '{}' has {:.0}% of its {limit} permits (concurrency limit) in use \
                                 on average and requests wait {:.0} ms on average to submit a task",
                                e.name,
                                utilisation * 100.0,
                                ms_from_ns(st.permit_wait_ns / st.submitted.max(1) as f64)
                            ),
                        })
                    }
                    _ => None,
                }
            })
            .collect()
    }
}
