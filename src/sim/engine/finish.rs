//! Turns the engine's final state into a [`Report`].

use hdrhistogram::Histogram;

use super::{Engine, memory};
use crate::sim::config::to_mib;
use crate::sim::report::{
    Capacity, ConnectionStats, Course, Ending, ErrorCause, Errors, ExecutorStats, FailedResponses,
    HistogramBin, Latency, LittleCheck, MemoryKind, Outcome, Report, ResponseCause, ServerStats,
    TimeSeries, WarmupStats,
};
use crate::sim::series::{GAUGES, Gauge, LAT_BINS, bin_floor_ns};
use crate::sim::time::{Nanos, ms_from_ns, s_from_ns, to_ms, to_s};
use crate::sim::trace::Tracer;

/// Bins of the report's latency histogram (log-spaced).
const HISTOGRAM_BINS: usize = 40;

/// The span the report's averages are taken over.
pub(super) struct Span {
    /// Simulated seconds from the start to the client's end (its duration,
    /// or its last result); 0 when the run took no simulated time.
    pub(super) run_s: f64,
    /// Time the gauges were recorded over, ns (at least 1).
    pub(super) horizon_ns: Nanos,
    /// The same as a float, the divisor of every utilisation and mean
    /// gauge; infinite when no simulated time passed, so that each is 0 (not
    /// defined, as the rates) rather than the share of a 1 ns stand-in.
    pub(super) horizon: f64,
}

impl Span {
    /// `count` per simulated second. A run that took no simulated time (a
    /// program whose steps take none) has no rate: it is reported as 0, and
    /// the outcome's detail says why.
    fn rate(&self, count: u64) -> f64 {
        if self.run_s > 0.0 {
            count as f64 / self.run_s
        } else {
            0.0
        }
    }
}

impl<T: Tracer> Engine<T> {
    /// Builds the report.
    pub(super) fn report(mut self) -> Report {
        let end = self
            .client
            .end
            .unwrap_or(self.now)
            .max(self.tally.last_result);
        let span = Span {
            run_s: to_s(end),
            horizon_ns: self.now.max(end).max(1),
            horizon: match self.now.max(end) {
                0 => f64::INFINITY,
                t => t as f64,
            },
        };
        self.rec.series.close(self.now.max(end));
        self.sweep_pending(end);
        let (outcome, ending) = self.outcome.unwrap_or_else(|| {
            let course = Ending::Ran(self.course());
            match self.hit_a_limit() {
                true => (Outcome::OutOfMemory, course),
                false => (Outcome::Completed, course),
            }
        });
        let t = &self.tally;
        let completed: u64 = t.responses.iter().sum();
        let throughput = span.rate(t.results);
        let server = self.server_stats(&span);
        let memory = self.memory_stats();
        let gc = self.gc_stats(span.run_s);
        let bottleneck = self.bottleneck(
            &super::diagnosis::Measured {
                server: &server,
                memory: &memory,
                gc: &gc,
            },
            &span,
        );
        let connections = self.connection_stats(&span);
        // Built once from the counts the run kept (see `latencies`).
        let latencies = t.latency.histogram();
        let ok_latencies = self.ok_histogram(&latencies);
        let tool = self.tool_summary(&span, &latencies);
        let series = self.time_series();
        let capacity = self.capacity();
        Report {
            outcome,
            ending,
            seed: self.cfg.seed,
            sim_time_s: span.run_s,
            events: self.events,
            sent: t.sent,
            dropped: t.dropped,
            completed,
            succeeded: t.succeeded,
            in_flight: t.sent - t.results,
            throughput_rps: throughput,
            goodput_rps: span.rate(t.succeeded),
            latency_ms: self.latency(completed, &latencies),
            latency_ok_ms: self.ok_latency(&ok_latencies),
            failed_responses: self.failed_responses(),
            errors: self.errors(),
            responses_by_cause: ResponseCause::ALL.into_iter().zip(t.responses).collect(),
            little: self.little(&span, throughput),
            server,
            executors: self.executor_stats(),
            downstreams: self.downstream_stats(span.horizon_ns),
            bulkheads: self.bulkhead_stats(span.horizon_ns),
            endpoints: self.endpoint_stats(|n| span.rate(n), capacity),
            drain: self.drain(),
            bottleneck,
            memory,
            gc,
            warmup: WarmupStats {
                cold: self.warm.cold_start,
                first_request_done_s: self.warm.first_done.map(to_s),
                threads_started: self.warm.threads_started,
                jit_extra_ms_at_end: self.warm.jit_extra_ns / 1e6,
            },
            series,
            histogram: Self::histogram_bins(&latencies),
            timeline: self.rec.timeline.finish(self.now),
            connections,
            tool,
            breakdown: t.breakdown.report(&ok_latencies, capacity),
        }
    }

    /// How many there were of what requests wait for, as set.
    fn capacity(&self) -> Capacity {
        Capacity {
            tomcat_threads: self.cfg.server.threads_max,
            carriers: self.cfg.server.carriers,
            db_connections: self.cfg.db.pool_size,
        }
    }

    /// What happened to connections.
    fn connection_stats(&self, span: &Span) -> ConnectionStats {
        let c = &self.conns.counts;
        let peak = |g: Gauge| self.rec.peaks[g as usize];
        ConnectionStats {
            opened: c.opened,
            reconnects: c.reconnects,
            closed_after_max_requests: c.max_requests,
            closed_idle: c.idle_timeout,
            closed_by_client: c.by_client,
            closed_queue_full: c.queue_full,
            syn_drops: c.syn_drops,
            ack_overflows: c.ack_overflows,
            reset_by_oom_kill: c.reset,
            syns_while_down: c.syns_unanswered,
            refused_while_down: c.refused,
            peak_open: peak(Gauge::Connections),
            peak_idle: peak(Gauge::ConnsIdle),
            peak_accept_queue: peak(Gauge::Backlog),
            mean_accept_wait_ms: self.mean_accept_wait_ms(),
            acceptor_utilisation: (c.acceptor_busy_ns / span.horizon).min(1.0),
            starved_clients: self.starved(),
        }
    }

    /// What a run that ran its course did with its requests.
    fn course(&self) -> Course {
        let t = &self.tally;
        let in_flight = t.sent - t.results;
        let tool = self.cfg.load.tool;
        let c = &self.client;
        match (self.cfg.load.duration, c.stopping, c.draining) {
            (Some(d), true, _) if in_flight > 0 => Course::Cut {
                duration_s: to_s(d),
                in_flight,
                tool,
            },
            (Some(d), _, true) => Course::Drained {
                duration_s: to_s(d),
                tool,
            },
            (Some(d), true, _) => Course::Answered {
                duration_s: to_s(d),
            },
            _ => Course::Finished {
                succeeded: t.succeeded,
                failed: t.results - t.succeeded,
            },
        }
    }

    /// Time bucket `i`'s span, ns: the last may be partial, and is empty in
    /// a run that took no simulated time.
    pub(super) fn bucket_span(&self, i: usize) -> f64 {
        let w = self.rec.series.width;
        let t0 = i as u64 * w;
        self.now.min(t0 + w).saturating_sub(t0) as f64
    }

    /// Time integral of a gauge over the whole run (value × ns).
    pub(super) fn area(&self, g: Gauge) -> f64 {
        self.rec
            .series
            .buckets
            .iter()
            .map(|b| b.area[g as usize])
            .sum::<f64>()
    }

    /// The responses' latencies; `h` is their histogram (µs).
    fn latency(&self, completed: u64, h: &Histogram<u64>) -> Latency {
        if completed == 0 {
            return Latency::default();
        }
        let lat = &self.tally.latency;
        summarise(h, lat.sum_ns, completed, lat.min_ns, lat.max_ns)
    }

    /// The successful responses' latency histogram (µs): every response's
    /// less the failed ones' (the same buckets).
    fn ok_histogram(&self, all: &Histogram<u64>) -> Histogram<u64> {
        let mut ok = all.clone();
        // The failed durations are a subset of every one, bucket by bucket.
        let _ = ok.subtract(self.tally.failed.histogram());
        ok
    }

    /// The successful responses' latencies from their histogram `ok`, their
    /// exact sum and extremes.
    fn ok_latency(&self, ok: &Histogram<u64>) -> Latency {
        let t = &self.tally;
        if t.succeeded == 0 {
            return Latency::default();
        }
        let sum = t.latency.sum_ns - t.failed.sum_ns;
        summarise(ok, sum, t.succeeded, t.ok_min_ns, t.ok_max_ns)
    }

    /// The failed responses: count, share of every result, latency, cause.
    fn failed_responses(&self) -> FailedResponses {
        let t = &self.tally;
        let count: u64 = t.responses.iter().sum::<u64>() - t.succeeded;
        if count == 0 {
            return FailedResponses::default();
        }
        let f = &t.failed;
        let cause = (ResponseCause::ALL.iter().zip(t.responses))
            .filter(|(c, _)| **c != ResponseCause::Ok)
            .max_by_key(|(_, n)| *n)
            .map(|(c, _)| *c);
        FailedResponses {
            count,
            pct: count as f64 * 100.0 / t.results.max(1) as f64,
            latency_ms: summarise(&f.histogram(), f.sum_ns, count, f.min_ns, f.max_ns),
            cause,
        }
    }

    fn errors(&self) -> Errors {
        let by_cause = self.tally.errors;
        Errors {
            total: by_cause.iter().sum(),
            by_cause: ErrorCause::ALL.into_iter().zip(by_cause).collect(),
        }
    }

    fn little(&self, span: &Span, throughput: f64) -> LittleCheck {
        let t = &self.tally;
        // Over the client's span: nothing is in flight after it, and a
        // drain that followed would dilute the mean (the rate is per that
        // span too).
        let client_ns = span.run_s * 1e9;
        let mean_in_flight = if client_ns > 0.0 {
            self.area(Gauge::InFlight) / client_ns
        } else {
            0.0
        };
        let mean_time_s = if t.results > 0 {
            s_from_ns(t.time_ns / t.results as f64)
        } else {
            0.0
        };
        let lambda_w = throughput * mean_time_s;
        LittleCheck {
            mean_in_flight,
            throughput_rps: throughput,
            mean_time_s,
            lambda_w,
            rel_error: if mean_in_flight > 0.0 {
                (mean_in_flight - lambda_w).abs() / mean_in_flight
            } else {
                0.0
            },
        }
    }

    fn server_stats(&self, span: &Span) -> ServerStats {
        let s = &self.cfg.server;
        let peak = |g: Gauge| self.rec.peaks[g as usize];
        let util = |g: Gauge, cap: f64| {
            if cap > 0.0 {
                self.area(g) / span.horizon / cap
            } else {
                0.0
            }
        };
        let db = &self.db;
        ServerStats {
            peak_platform_threads: peak(Gauge::PlatformAlive),
            peak_tomcat_busy: peak(Gauge::TomcatBusy),
            peak_tomcat_queue: peak(Gauge::TomcatQueue),
            peak_virtual_threads: peak(Gauge::VthreadsAlive),
            peak_carriers: peak(Gauge::CarriersAlive),
            peak_pinned: peak(Gauge::CarriersPinned),
            peak_runnable: peak(Gauge::RunnableVthreads),
            peak_db_waiters: peak(Gauge::DbWaiters),
            peak_backlog: peak(Gauge::Backlog),
            cpu_utilisation: self.cpu.busy_ns_until(span.horizon_ns)
                / span.horizon
                / s.cores as f64,
            // The bandwidth model never lets the cores draw more than the
            // quota; what processor sharing's float sums put above it is
            // rounding (3 parts in 10⁸ seen at a limit of 0.01).
            cpu_limit_utilisation: (s.cpu_limit).map(|l| {
                let allowed = cpu_allowed(l, s.cpu_period, s.cores, span.horizon_ns);
                (self.cpu.busy_ns_until(span.horizon_ns) / allowed).min(1.0)
            }),
            cpu_throttles: self.cpu.bandwidth.as_ref().map_or(0, |b| b.throttles),
            cpu_throttled_s: (self.cpu.bandwidth.as_ref()).map_or(0.0, |b| to_s(b.throttled_ns)),
            available_processors: s.available_processors,
            tomcat_utilisation: util(Gauge::TomcatBusy, s.threads_max as f64),
            // Of the carriers alive over time: compensation adds carriers.
            carrier_utilisation: util(
                Gauge::CarriersBusy,
                self.area(Gauge::CarriersAlive) / span.horizon,
            ),
            db_utilisation: util(Gauge::DbActive, self.cfg.db.pool_size as f64),
            peak_memory_mb: to_mib(self.mem.peak_resident as f64),
            syn_drops: self.conns.counts.syn_drops,
            db_acquired: db.acquired,
            db_mean_wait_ms: if db.acquired > 0 {
                ms_from_ns(db.wait_ns / db.acquired as f64)
            } else {
                0.0
            },
            abandoned: self.tally.abandoned,
        }
    }

    fn executor_stats(&self) -> Vec<ExecutorStats> {
        let stats = &self.execs.stats;
        (self.cfg.executors.iter().zip(stats))
            .map(|(e, st)| {
                let span = to_s(
                    st.first_submit
                        .map(|f| st.last_done.saturating_sub(f))
                        .unwrap_or(0),
                );
                let n = st.completed.max(1) as f64;
                ExecutorStats {
                    name: e.name.clone(),
                    submitted: st.submitted,
                    completed: st.completed,
                    rejected: st.rejected,
                    throughput_per_s: if span > 0.0 {
                        st.completed as f64 / span
                    } else {
                        0.0
                    },
                    mean_queue_ms: ms_from_ns(st.queue_ns / n),
                    mean_total_ms: ms_from_ns(st.total_ns / n),
                    peak_threads: st.peak_threads,
                }
            })
            .collect()
    }

    fn time_series(&self) -> TimeSeries {
        let series = &self.rec.series;
        let w = series.width;
        let n = series.buckets.len();
        let mut out = TimeSeries {
            bucket_s: to_s(w),
            ..Default::default()
        };
        let mut gauges: Vec<Vec<f64>> = (0..GAUGES).map(|_| Vec::with_capacity(n)).collect();
        let mut kinds: Vec<(MemoryKind, Vec<f64>)> = (MemoryKind::ALL.iter())
            .map(|&k| (k, Vec::with_capacity(n)))
            .collect();
        for (i, b) in series.buckets.iter().enumerate() {
            let t0 = i as u64 * w;
            // No rate and no mean in an empty bucket: reported as 0.
            let span = self.bucket_span(i);
            let per = |x: f64| if span > 0.0 { x / span } else { 0.0 };
            out.t_s.push(to_s(t0));
            let per_s = |n: u32| {
                if span > 0.0 {
                    n as f64 / s_from_ns(span)
                } else {
                    0.0
                }
            };
            out.throughput_rps.push(per_s(b.responses + b.errors));
            out.goodput_rps.push(per_s(b.ok));
            out.errors_rps.push(per_s(b.errors));
            out.tasks_per_s.push(per_s(b.tasks_done));
            out.reconnects_per_s.push(per_s(b.reconnects));
            out.latency_mean_ms.push(if b.responses > 0 {
                ms_from_ns(b.lat_sum / b.responses as f64)
            } else {
                0.0
            });
            out.latency_max_ms.push(to_ms(b.lat_max));
            out.latency_p50_ms
                .push(bin_quantile(&b.lat_bins[..], b.responses, 0.5));
            out.latency_p99_ms
                .push(bin_quantile(&b.lat_bins[..], b.responses, 0.99));
            for (values, area) in gauges.iter_mut().zip(b.area.iter()) {
                values.push(per(*area));
            }
            let mean = |g: Gauge| per(b.area[g as usize]);
            let mut total = 0.0;
            for (kind, values) in kinds.iter_mut() {
                let mb = if span > 0.0 {
                    to_mib(memory::of_kind(&self.cfg.memory, *kind, mean))
                } else {
                    0.0
                };
                total += mb;
                values.push(mb);
            }
            out.memory_mb.push(total);
            (out.cpu_utilisation).push(mean(Gauge::CpuBusy) / self.cfg.server.cores as f64);
        }
        out.gauges = Gauge::ALL.into_iter().zip(gauges).collect();
        out.downstreams = self.downstream_series();
        out.memory_by_kind = kinds.into_iter().collect();
        out
    }

    /// The latency histogram `h` (µs) in the report's bins.
    fn histogram_bins(h: &Histogram<u64>) -> Vec<HistogramBin> {
        if h.is_empty() {
            return Vec::new();
        }
        let (lo, hi) = (h.min().max(1) as f64, h.max().max(2) as f64);
        let ratio = (hi / lo).max(1.0001);
        let mut out = Vec::with_capacity(HISTOGRAM_BINS);
        let mut prev = lo;
        for i in 1..=HISTOGRAM_BINS {
            let edge = if i == HISTOGRAM_BINS {
                hi
            } else {
                lo * libm::pow(ratio, i as f64 / HISTOGRAM_BINS as f64)
            };
            let from = prev as u64;
            let to = edge as u64;
            let count = if to >= from {
                h.count_between(from, to)
            } else {
                0
            };
            out.push(HistogramBin {
                from_ms: prev / 1000.0,
                to_ms: edge / 1000.0,
                count,
            });
            prev = edge + 1.0;
        }
        // Equivalent-range rounding can double count at the seams; the counts
        // are for display, the statistics come from the histogram itself.
        out
    }
}

/// Approximate quantile from the coarse bins of one time bucket, ms.
fn bin_quantile(bins: &[u32], total: u32, q: f64) -> f64 {
    if total == 0 {
        return 0.0;
    }
    let target = libm::ceil(q * total as f64) as u64;
    let mut seen = 0u64;
    for (i, c) in bins.iter().enumerate().take(LAT_BINS) {
        seen += *c as u64;
        if seen >= target {
            return ms_from_ns(bin_floor_ns(i + 1));
        }
    }
    0.0
}

/// Statistics of `n` durations from their histogram (µs), exact sum (ns) and
/// extremes (ns). Percentiles come from the histogram (3 significant
/// digits), kept within the exact extremes so that min ≤ p50 ≤ … ≤ max holds.
pub(super) fn summarise(
    h: &Histogram<u64>,
    sum_ns: f64,
    n: u64,
    min_ns: u64,
    max_ns: u64,
) -> Latency {
    let (min_ms, max_ms) = (to_ms(min_ns), to_ms(max_ns));
    let q = |p: f64| (h.value_at_quantile(p) as f64 / 1000.0).clamp(min_ms, max_ms);
    Latency {
        mean: ms_from_ns(sum_ns / n as f64),
        min: min_ms,
        p50: q(0.50),
        p90: q(0.90),
        p95: q(0.95),
        p99: q(0.99),
        p999: q(0.999),
        max: max_ms,
    }
}

/// CPU time a limit of `limit` cores per `period` lets `cores` cores use
/// from time 0 to `horizon`, core-ns: each whole period's quota, and of the
/// period the run ends in, its quota or what the cores can run in the part
/// the run covers, whichever is less (a burst may spend a whole quota early).
fn cpu_allowed(limit: f64, period: Nanos, cores: u32, horizon: Nanos) -> f64 {
    let period = period.max(1);
    let quota = limit * period as f64;
    let whole = (horizon / period) as f64;
    let rest = (horizon % period) as f64 * cores as f64;
    (whole * quota + rest.min(quota)).max(1.0)
}
