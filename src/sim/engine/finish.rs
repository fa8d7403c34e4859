//! Turns the engine's final state into a [`Report`].

use std::collections::BTreeMap;

use super::super::config::{LoadKind, Mode};
use super::super::report::{
    Bottleneck, Errors, ExecutorStats, HistogramBin, Latency, LittleCheck, Outcome, Report,
    ServerStats, TimeSeries,
};
use super::super::series::{GAUGES, Gauge, LAT_BINS, bin_floor_ns};
use super::{Engine, RESPONSE_CAUSES};

/// Gauge names as they appear in reports and charts.
pub const GAUGE_NAMES: [&str; GAUGES] = [
    "in_flight",
    "in_server",
    "tomcat_busy",
    "platform_threads",
    "tomcat_queue",
    "carriers_busy",
    "carriers_pinned",
    "carriers_alive",
    "runnable_vthreads",
    "vthreads_alive",
    "vthreads_unmounted",
    "db_waiters",
    "db_active",
    "lock_waiters",
    "cpu_busy",
    "connections",
    "backlog",
    "executor_queue",
];

impl Engine {
    /// Builds the report.
    pub(super) fn report(mut self) -> Report {
        let end = self.client_end.unwrap_or(self.now).max(self.last_result);
        let run_ns = end.max(1);
        let run_s = run_ns as f64 / 1e9;
        self.series.close(self.now.max(end));
        let (outcome, detail) = self
            .outcome
            .clone()
            .unwrap_or((Outcome::Completed, "every request finished".into()));
        let completed: u64 = self.responses.iter().sum();
        let errors_total: u64 = self.errors.values().sum();
        let in_flight = self.sent - self.results;

        let lat = if completed > 0 {
            // Percentiles come from the histogram (3 significant digits), kept
            // within the exact extremes so that min ≤ p50 ≤ … ≤ max holds.
            let (min_ms, max_ms) = (
                self.latency_min_ns as f64 / 1e6,
                self.latency_max_ns as f64 / 1e6,
            );
            let q =
                |p: f64| (self.latency.value_at_quantile(p) as f64 / 1000.0).clamp(min_ms, max_ms);
            Latency {
                mean: self.latency_sum_ns / completed as f64 / 1e6,
                min: min_ms,
                p50: q(0.50),
                p90: q(0.90),
                p95: q(0.95),
                p99: q(0.99),
                p999: q(0.999),
                max: max_ms,
            }
        } else {
            Latency::default()
        };

        let area = |g: Gauge| -> f64 {
            self.series
                .buckets
                .iter()
                .map(|b| b.area[g as usize])
                .sum::<f64>()
        };
        let horizon = self.now.max(end).max(1) as f64;
        let mean_in_flight = area(Gauge::InFlight) / horizon;
        let throughput = self.results as f64 / run_s;
        let mean_time_s = if self.results > 0 {
            self.client_time_ns / self.results as f64 / 1e9
        } else {
            0.0
        };
        let lambda_w = throughput * mean_time_s;
        let little = LittleCheck {
            mean_in_flight,
            throughput_rps: throughput,
            mean_time_s,
            lambda_w,
            rel_error: if mean_in_flight > 0.0 {
                (mean_in_flight - lambda_w).abs() / mean_in_flight
            } else {
                0.0
            },
        };

        let s = &self.cfg.server;
        let cores = s.cores as f64;
        let util = |g: Gauge, cap: f64| {
            if cap > 0.0 {
                area(g) / horizon / cap
            } else {
                0.0
            }
        };
        let server = ServerStats {
            peak_platform_threads: self.peaks[Gauge::PlatformAlive as usize],
            peak_tomcat_busy: self.peaks[Gauge::TomcatBusy as usize],
            peak_tomcat_queue: self.peaks[Gauge::TomcatQueue as usize],
            peak_virtual_threads: self.peaks[Gauge::VthreadsAlive as usize],
            peak_carriers: self.peaks[Gauge::CarriersAlive as usize],
            peak_pinned: self.peaks[Gauge::CarriersPinned as usize],
            peak_runnable: self.peaks[Gauge::RunnableVthreads as usize],
            peak_db_waiters: self.peaks[Gauge::DbWaiters as usize],
            peak_backlog: self.peaks[Gauge::Backlog as usize],
            cpu_utilisation: self.cpu.busy_ns() / horizon / cores,
            tomcat_utilisation: util(Gauge::TomcatBusy, s.threads_max as f64),
            carrier_utilisation: util(Gauge::CarriersBusy, s.carriers as f64),
            db_utilisation: util(Gauge::DbActive, self.cfg.db.pool_size as f64),
            peak_memory_mb: self.peak_memory as f64 / 1048576.0,
            syn_drops: self.syn_drops,
            db_acquired: self.db_acquired,
            db_mean_wait_ms: if self.db_acquired > 0 {
                self.db_wait_ns / self.db_acquired as f64 / 1e6
            } else {
                0.0
            },
            abandoned: self.abandoned,
        };

        let executors = self
            .cfg
            .executors
            .iter()
            .zip(&self.execs)
            .map(|(e, st)| {
                let span = st
                    .first_submit
                    .map(|f| st.last_done.saturating_sub(f))
                    .unwrap_or(0) as f64
                    / 1e9;
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
                    mean_queue_ms: st.queue_ns / n / 1e6,
                    mean_total_ms: st.total_ns / n / 1e6,
                    peak_threads: st.peak_threads,
                }
            })
            .collect();

        let bottleneck = self.bottleneck(&server, throughput);
        let series = self.time_series();
        let histogram = self.histogram_bins();
        let errors = Errors {
            total: errors_total,
            by_cause: self
                .errors
                .iter()
                .map(|(k, v)| (k.to_string(), *v))
                .collect(),
        };
        let responses_by_cause: BTreeMap<String, u64> = RESPONSE_CAUSES
            .iter()
            .zip(self.responses)
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        let timeline = self.timeline.finish(self.now);
        Report {
            outcome,
            outcome_detail: detail,
            seed: self.cfg.seed,
            sim_time_s: run_s,
            events: self.events,
            sent: self.sent,
            dropped: self.dropped,
            completed,
            succeeded: self.succeeded,
            in_flight,
            throughput_rps: throughput,
            goodput_rps: self.succeeded as f64 / run_s,
            latency_ms: lat,
            errors,
            responses_by_cause,
            little,
            server,
            executors,
            bottleneck,
            series,
            histogram,
            timeline,
        }
    }

    fn time_series(&self) -> TimeSeries {
        let w = self.series.width;
        let ws = w as f64 / 1e9;
        let n = self.series.buckets.len();
        let mut out = TimeSeries {
            bucket_s: ws,
            ..Default::default()
        };
        let mut gauges: Vec<Vec<f64>> = (0..GAUGES).map(|_| Vec::with_capacity(n)).collect();
        let mut memory = Vec::with_capacity(n);
        let mut cpu = Vec::with_capacity(n);
        let m = &self.cfg.memory;
        for (i, b) in self.series.buckets.iter().enumerate() {
            let t0 = i as u64 * w;
            // The last bucket may be partial.
            let span = (self.now.max(t0 + 1).min(t0 + w) - t0).max(1) as f64;
            out.t_s.push(t0 as f64 / 1e9);
            let span_s = span / 1e9;
            out.throughput_rps
                .push((b.responses + b.errors) as f64 / span_s);
            out.goodput_rps.push(b.ok as f64 / span_s);
            out.errors_rps.push(b.errors as f64 / span_s);
            out.tasks_per_s.push(b.tasks_done as f64 / span_s);
            out.latency_mean_ms.push(if b.responses > 0 {
                b.lat_sum / b.responses as f64 / 1e6
            } else {
                0.0
            });
            out.latency_max_ms.push(b.lat_max as f64 / 1e6);
            out.latency_p50_ms
                .push(bin_quantile(&b.lat_bins[..], b.responses, 0.5));
            out.latency_p99_ms
                .push(bin_quantile(&b.lat_bins[..], b.responses, 0.99));
            for (values, area) in gauges.iter_mut().zip(b.area.iter()) {
                values.push(area / span);
            }
            let avg = |g: Gauge| b.area[g as usize] / span;
            let mem = m.base as f64
                + (avg(Gauge::PlatformAlive) + avg(Gauge::CarriersAlive))
                    * m.platform_thread as f64
                + avg(Gauge::VthreadsAlive) * m.virtual_thread as f64
                + avg(Gauge::VthreadsUnmounted) * m.stack_chunk as f64
                + avg(Gauge::Connections) * m.connection as f64
                + avg(Gauge::InServer) * m.request as f64;
            memory.push(mem / 1048576.0);
            cpu.push(avg(Gauge::CpuBusy) / self.cfg.server.cores as f64);
        }
        for (name, values) in GAUGE_NAMES.iter().zip(gauges) {
            out.gauges.insert(name.to_string(), values);
        }
        out.gauges.insert("memory_mb".into(), memory);
        out.gauges.insert("cpu_utilisation".into(), cpu);
        out
    }

    fn histogram_bins(&self) -> Vec<HistogramBin> {
        let h = &self.latency;
        if h.is_empty() {
            return Vec::new();
        }
        let (lo, hi) = (h.min().max(1) as f64, h.max().max(2) as f64);
        let bins = 40usize;
        let ratio = (hi / lo).max(1.0001);
        let mut out = Vec::with_capacity(bins);
        let mut prev = lo;
        for i in 1..=bins {
            let edge = if i == bins {
                hi
            } else {
                lo * libm::pow(ratio, i as f64 / bins as f64)
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

    /// Names the resource that limits throughput.
    fn bottleneck(&self, st: &ServerStats, throughput: f64) -> Bottleneck {
        let s = &self.cfg.server;
        let b = |r: &str, e: String| Bottleneck {
            resource: r.into(),
            explanation: e,
        };
        let errors: u64 = self.errors.values().sum();
        if self.series.buckets.is_empty() || throughput == 0.0 {
            return b("none", "nothing finished".into());
        }
        // Candidates, each with a utilisation and a sign of queueing in front of it.
        let mut best: Option<(f64, Bottleneck)> = None;
        let mut consider = |u: f64, queued: bool, r: &str, e: String| {
            if queued && u > 0.85 && best.as_ref().is_none_or(|(bu, _)| u > *bu) {
                best = Some((u, b(r, e)));
            }
        };
        consider(
            st.cpu_utilisation,
            self.peaks[Gauge::CpuBusy as usize] >= s.cores,
            "cpu",
            format!(
                "the {} cores are {:.0}% busy: more threads cannot add throughput",
                s.cores,
                st.cpu_utilisation * 100.0
            ),
        );
        if s.mode == Mode::Platform {
            consider(
                st.tomcat_utilisation,
                st.peak_tomcat_queue > 0,
                "tomcat_threads",
                format!(
                    "all {} Tomcat threads are busy (mostly blocked) and up to {} requests queue for one: \
                     throughput is capped near threads.max ÷ time per request",
                    s.threads_max, st.peak_tomcat_queue
                ),
            );
        } else if st.peak_pinned > 0 || st.cpu_utilisation < 0.85 {
            // Carriers busy running CPU are a CPU limit, named as such above;
            // carriers are the bottleneck when they are pinned or blocked.
            consider(
                st.carrier_utilisation,
                st.peak_runnable > 0,
                "carriers",
                format!(
                    "the {} carrier threads are {:.0}% busy{}; up to {} virtual threads wait for one",
                    s.carriers,
                    st.carrier_utilisation * 100.0,
                    if st.peak_pinned > 0 {
                        format!(", up to {} pinned", st.peak_pinned)
                    } else {
                        String::new()
                    },
                    st.peak_runnable
                ),
            );
        }
        consider(
            st.db_utilisation,
            st.peak_db_waiters > 0,
            "db_pool",
            format!(
                "the {} HikariCP connections are {:.0}% in use and up to {} requests wait for one",
                self.cfg.db.pool_size,
                st.db_utilisation * 100.0,
                st.peak_db_waiters
            ),
        );
        let lock_waiters = self.peaks[Gauge::LockWaiters as usize];
        if lock_waiters > 0 {
            consider(
                0.9,
                true,
                "shared_monitor",
                format!(
                    "a shared monitor or lock serialises requests: up to {lock_waiters} threads wait to enter"
                ),
            );
        }
        if let Some((_, found)) = best {
            return found;
        }
        if st.peak_backlog > 0 || st.syn_drops > 0 {
            return b(
                "connections",
                format!(
                    "max-connections ({}) is reached: connections wait in the backlog ({} peak) or are dropped ({} SYNs)",
                    s.max_connections, st.peak_backlog, st.syn_drops
                ),
            );
        }
        if errors > 0 {
            return b(
                "client",
                format!(
                    "{errors} requests failed on the client side (timeouts or refused connections)"
                ),
            );
        }
        // What sets the pace then depends on the load model.
        let pace = match self.cfg.load.kind {
            LoadKind::Closed { .. } => {
                "the clients' own concurrency and the program's waits set the pace"
            }
            LoadKind::Open { .. } => "the arrival rate sets the pace: the server keeps up with it",
        };
        b("none", format!("no server resource is saturated: {pace}"))
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
            return bin_floor_ns(i + 1) / 1e6;
        }
    }
    0.0
}
