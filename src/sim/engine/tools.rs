//! The run as the load tool counts it: which results each tool counts as
//! requests and errors, which durations its statistics cover, and how it
//! computes them (read in each tool's source, named beside it). The text
//! each tool prints from these numbers is the `summary` module's.

use hdrhistogram::Histogram;

use super::Engine;
use super::client::Tally;
use super::finish::Span;
use super::latencies::{LATENCY_MAX_US, Latencies, histogram, micros};
use crate::sim::config::{LoadKind, Tool};
use crate::sim::report::{ErrorCause, ResponseCause, ToolLatency, ToolSummary};
use crate::sim::time::to_ms;
use crate::sim::trace::Tracer;

/// Percentiles hey prints (`latencies` in its report.go).
const HEY_PERCENTILES: &[f64] = &[10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0];
/// wrk's `--latency` distribution.
const WRK_PERCENTILES: &[f64] = &[50.0, 75.0, 90.0, 99.0];
/// wrk2's HdrHistogram distribution.
const WRK2_PERCENTILES: &[f64] = &[50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 99.999, 100.0];
/// k6's default trend columns besides avg, min and max: med, p(90), p(95).
const K6_PERCENTILES: &[f64] = &[50.0, 90.0, 95.0];

/// hey's response time histogram has 10 buckets between fastest and slowest.
const HEY_BUCKETS: usize = 10;

/// Statistics over histogram `h` (µs) as a tool prints them, in ms; the
/// share within one standard deviation only for wrk, which prints it.
fn stats(h: &Histogram<u64>, percentiles: &[f64]) -> ToolLatency {
    let mut s = stats_without_spread(h, percentiles);
    if s.count > 0 {
        let (mean, stdev) = (s.mean * 1000.0, s.stdev * 1000.0);
        let within: u64 = (h.iter_recorded())
            .filter(|v| {
                let x = h.median_equivalent(v.value_iterated_to()) as f64;
                (mean - stdev..=mean + stdev).contains(&x)
            })
            .map(|v| v.count_at_value())
            .sum();
        s.within_stdev_pct = within as f64 * 100.0 / h.len() as f64;
    }
    s
}

/// Statistics over histogram `h` (µs), in ms, without wrk's share within
/// one standard deviation.
fn stats_without_spread(h: &Histogram<u64>, percentiles: &[f64]) -> ToolLatency {
    if h.is_empty() {
        return ToolLatency {
            percentiles: percentiles.iter().map(|&p| (p, 0.0)).collect(),
            ..Default::default()
        };
    }
    let ms = |us: f64| us / 1000.0;
    let (mean, stdev) = (h.mean(), h.stdev());
    ToolLatency {
        count: h.len(),
        mean: ms(mean),
        stdev: ms(stdev),
        min: ms(h.min() as f64),
        max: ms(h.max() as f64),
        percentiles: (percentiles.iter())
            .map(|&p| (p, ms(h.value_at_quantile(p / 100.0) as f64)))
            .collect(),
        within_stdev_pct: 0.0,
    }
}

/// `stats`, with the exact mean and extremes the engine kept (the
/// histogram's are rounded to its buckets); percentiles stay within them.
fn exact(
    h: &Histogram<u64>,
    percentiles: &[f64],
    sum_ns: f64,
    min_ns: u64,
    max_ns: u64,
) -> ToolLatency {
    let mut s = stats_without_spread(h, percentiles);
    if s.count > 0 {
        s.mean = sum_ns / s.count as f64 / 1e6;
        s.min = to_ms(min_ns);
        s.max = to_ms(max_ns);
        for (_, v) in s.percentiles.iter_mut() {
            *v = v.clamp(s.min, s.max);
        }
    }
    s
}

/// wrk's `stats_correct`: for every recorded latency of at least twice the
/// `expected` interval, the samples a steady sender would have taken in
/// between (latency − interval, − 2 intervals, …, down to the interval).
/// At most `budget` values are added: beyond that the correction stops.
fn wrk_correct(h: &mut Histogram<u64>, expected: u64, mut budget: u64) {
    if expected == 0 {
        return;
    }
    let recorded: Vec<(u64, u64)> = (h.iter_recorded())
        .filter(|v| v.value_iterated_to() >= 2 * expected)
        .map(|v| {
            (
                h.median_equivalent(v.value_iterated_to()),
                v.count_at_value(),
            )
        })
        .collect();
    for (n, count) in recorded {
        let mut m = n.saturating_sub(expected);
        while m > expected && budget > 0 {
            let _ = h.record_n(m.min(LATENCY_MAX_US), count);
            m -= expected;
            budget -= 1;
        }
    }
}

/// Go's error strings as hey groups them (`err.Error()`), for a target the
/// model does not name: its own placeholder URL.
pub(super) const HEY_TIMEOUT: &str = "Get \"http://localhost:8080/\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)";
/// A connect that Go's client timeout cut short, or the kernel gave up.
pub(super) const HEY_CONNECT: &str =
    "Get \"http://localhost:8080/\": dial tcp 127.0.0.1:8080: i/o timeout";
/// A connection reset while the request waited for its response (the OOM
/// killer). Go names the connection's local port, so hey prints one line
/// per connection; the model prints them as one, with the port as `PORT`.
pub(super) const HEY_RESET: &str = "Get \"http://localhost:8080/\": read tcp 127.0.0.1:PORT->127.0.0.1:8080: read: connection reset by peer";
/// A connection Tomcat closed unread, its executor's queue full: Go reads
/// the end of the stream before any response (measured here: hey 0.1.4
/// against Tomcat 10.1.60 with `maxQueueSize`).
pub(super) const HEY_EOF: &str = "Get \"http://localhost:8080/\": EOF";
/// A connect refused with a reset (nothing listened: the process was down).
pub(super) const HEY_REFUSED: &str =
    "Get \"http://localhost:8080/\": dial tcp 127.0.0.1:8080: connect: connection refused";

impl<T: Tracer> Engine<T> {
    /// The run as the configured tool counts it; `responses` is the
    /// histogram of the responses' latencies (µs).
    pub(super) fn tool_summary(&self, span: &Span, responses: &Histogram<u64>) -> ToolSummary {
        let t = &self.tally;
        let tool = self.cfg.load.tool;
        let errors = |c: ErrorCause| t.errors[c as usize];
        let completed: u64 = t.responses.iter().sum();
        let ok = t.responses[ResponseCause::Ok as usize];
        let not_ok = completed - ok;
        let error_total: u64 = t.errors.iter().sum();
        let rate = |n: u64| {
            if span.run_s > 0.0 {
                n as f64 / span.run_s
            } else {
                0.0
            }
        };
        let pct = |n: u64, of: u64| {
            if of > 0 {
                n as f64 * 100.0 / of as f64
            } else {
                0.0
            }
        };
        let status: Vec<(u16, u64)> = [(200, ok), (500, not_ok)]
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .collect();
        let clients = match self.cfg.load.kind {
            LoadKind::Closed { concurrency, .. } => concurrency as u64,
            LoadKind::Open { .. } => self.client.workers.len() as u64,
        };
        let mut s = ToolSummary {
            elapsed_s: span.run_s,
            status,
            clients,
            dropped: t.dropped,
            ..ToolSummary::empty(tool)
        };
        let lat = &t.latency;
        match tool {
            Tool::Hey => {
                s.requests = t.results;
                s.latency = exact(
                    responses,
                    HEY_PERCENTILES,
                    lat.sum_ns,
                    lat.min_ns,
                    lat.max_ns,
                );
                s.buckets = hey_buckets(responses, &s.latency);
                s.dialup_s = if completed > 0 {
                    t.dial_ns / completed as f64 / 1e9
                } else {
                    0.0
                };
                let mut errs = vec![
                    (HEY_TIMEOUT.to_string(), errors(ErrorCause::ClientTimeout)),
                    (HEY_CONNECT.to_string(), errors(ErrorCause::ConnectFailed)),
                    (HEY_RESET.to_string(), errors(ErrorCause::ConnectionReset)),
                    (HEY_EOF.to_string(), errors(ErrorCause::ServerClosed)),
                    (
                        HEY_REFUSED.to_string(),
                        errors(ErrorCause::ConnectionRefused),
                    ),
                ];
                // Go's templates range over a map in key order.
                errs.sort();
                s.errors = errs.into_iter().filter(|(_, n)| *n > 0).collect();
                s.error_pct = pct(error_total + not_ok, t.results);
            }
            Tool::Wrk => {
                s.requests = completed;
                let timeout = self.cfg.load.timeout.map_or(LATENCY_MAX_US, micros);
                let mut h = histogram();
                for v in responses.iter_recorded() {
                    let value = responses.median_equivalent(v.value_iterated_to());
                    if value < timeout {
                        let _ = h.record_n(value, v.count_at_value());
                    }
                }
                // wrk: interval = runtime ÷ (complete ÷ connections).
                let per_conn = completed / clients.max(1);
                if let Some(expected) = ((span.run_s * 1e6) as u64).checked_div(per_conn) {
                    wrk_correct(&mut h, expected, 10_000_000);
                }
                s.latency = stats(&h, WRK_PERCENTILES);
                s.errors = wrk_errors(errors, t.late);
                let lost = lost_connections(errors);
                s.error_pct = pct(wrk_failed(t, not_ok) + lost, completed + lost);
            }
            Tool::Wrk2 => {
                s.requests = completed;
                s.latency = stats(responses, WRK2_PERCENTILES);
                // The sweep's count: a number of sightings, not of requests,
                // so it is not in the failed share.
                s.errors = wrk_errors(errors, t.swept);
                let lost = lost_connections(errors);
                s.error_pct = pct(not_ok + lost, completed + lost);
            }
            Tool::Jmeter | Tool::K6 => {
                s.requests = t.results;
                let all = with_errors(responses, &t.error_times);
                let sum = lat.sum_ns + t.error_times.sum_ns;
                let (min, max) = (
                    lat.min_ns.min(t.error_times.min_ns),
                    lat.max_ns.max(t.error_times.max_ns),
                );
                let failed = error_total + not_ok;
                s.error_pct = pct(failed, t.results);
                if tool == Tool::Jmeter {
                    s.latency = exact(&all, &[], sum, min, max);
                    s.errors = vec![("Err".into(), failed)];
                } else {
                    s.latency = exact(&all, K6_PERCENTILES, sum, min, max);
                    let mut ok_h = responses.clone();
                    let _ = ok_h.subtract(t.failed.histogram());
                    s.ok_latency = Some(stats_without_spread(&ok_h, K6_PERCENTILES));
                    s.errors = vec![("http_req_failed".into(), failed)];
                }
            }
        }
        s.rate = rate(s.requests);
        if matches!(tool, Tool::Wrk | Tool::Wrk2) {
            s.threads = self.cfg.load.client_threads as u64;
            s.thread_rate = self.thread_rates(s.threads);
        }
        s
    }

    /// Responses per second per thread in each full time bucket, as wrk's
    /// "Req/Sec" statistics (it samples each thread every 100 ms).
    fn thread_rates(&self, threads: u64) -> ToolLatency {
        let series = &self.rec.series;
        let width = series.width as f64 / 1e9;
        let rates: Vec<f64> = (series.buckets.iter().enumerate())
            .filter(|(i, _)| self.bucket_span(*i) >= series.width as f64)
            .map(|(_, b)| b.responses as f64 / width / threads.max(1) as f64)
            .collect();
        if rates.is_empty() {
            return ToolLatency::default();
        }
        let n = rates.len() as f64;
        let mean = rates.iter().sum::<f64>() / n;
        let var = if rates.len() > 1 {
            rates.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let stdev = var.sqrt();
        let within = rates
            .iter()
            .filter(|x| (mean - stdev..=mean + stdev).contains(x))
            .count();
        ToolLatency {
            count: rates.len() as u64,
            mean,
            stdev,
            min: rates.iter().copied().fold(f64::INFINITY, f64::min),
            max: rates.iter().copied().fold(0.0, f64::max),
            percentiles: Vec::new(),
            within_stdev_pct: within as f64 * 100.0 / n,
        }
    }
}

/// wrk's socket errors in its order: connect, read, write, timeout. A
/// refused connect is a connect error too (`socket_connected` sees the
/// failed connect); a reset connection, or one closed before its response,
/// fails wrk's read (`errors.read`), and wrk reconnects.
fn wrk_errors(errors: impl Fn(ErrorCause) -> u64, timeout: u64) -> Vec<(String, u64)> {
    vec![
        (
            "connect".into(),
            errors(ErrorCause::ConnectFailed) + errors(ErrorCause::ConnectionRefused),
        ),
        (
            "read".into(),
            errors(ErrorCause::ConnectionReset) + errors(ErrorCause::ServerClosed),
        ),
        ("write".into(), 0),
        ("timeout".into(), timeout),
    ]
}

/// wrk's responses that failed, late or not 2xx: a late 5xx counts once,
/// though wrk prints it under both "timeout" and "Non-2xx".
fn wrk_failed(t: &Tally, not_ok: u64) -> u64 {
    t.late + not_ok - t.late_failed
}

/// Requests wrk lost with their connection, not counted in its requests:
/// connects that failed or were refused, and connections reset or closed
/// before their response.
fn lost_connections(errors: impl Fn(ErrorCause) -> u64) -> u64 {
    errors(ErrorCause::ConnectFailed)
        + errors(ErrorCause::ConnectionRefused)
        + errors(ErrorCause::ConnectionReset)
        + errors(ErrorCause::ServerClosed)
}

/// Responses and client errors in one histogram (JMeter and k6 count
/// both).
fn with_errors(responses: &Histogram<u64>, errors: &Latencies) -> Histogram<u64> {
    let mut all = responses.clone();
    let _ = all.add(errors.histogram());
    all
}

/// hey's response time histogram: 10 equal buckets from fastest to slowest
/// (11 marks); a response counts in the first bucket whose mark it does not
/// pass.
fn hey_buckets(h: &Histogram<u64>, l: &ToolLatency) -> Vec<(f64, u64)> {
    if l.count == 0 {
        return Vec::new();
    }
    let (fast, slow) = (l.min / 1000.0, l.max / 1000.0);
    let width = (slow - fast) / HEY_BUCKETS as f64;
    let mut marks: Vec<(f64, u64)> = (0..HEY_BUCKETS)
        .map(|i| (fast + width * i as f64, 0))
        .collect();
    marks.push((slow, 0));
    for v in h.iter_recorded() {
        let x = h.median_equivalent(v.value_iterated_to()) as f64 / 1e6;
        let i = marks
            .iter()
            .position(|(m, _)| x <= *m)
            .unwrap_or(HEY_BUCKETS);
        marks[i].1 += v.count_at_value();
    }
    marks
}
