//! The load client and the server's ingress: issuing requests, connections,
//! the accept backlog with SYN retries, client timeouts, and what the client
//! counts (as hey counts it).

use std::collections::VecDeque;

use hdrhistogram::Histogram;

use super::super::config::{Load, LoadKind, Overflow};
use super::super::queue::Event;
use super::super::report::{ErrorCause, ResponseCause};
use super::super::rng::round_ns;
use super::super::series::Gauge;
use super::super::time::{Nanos, SEC, ns_f64};
use super::super::trace::{Note, Tracer};
use super::fiber::Phase;
use super::{Engine, NONE};

/// A closed-loop worker (hey worker, JMeter user).
#[derive(Clone, Debug)]
pub(super) struct Worker {
    /// Requests it still has to send (`u64::MAX` = until the duration ends).
    pub(super) left: u64,
    /// Owns an idle keep-alive connection slot.
    pub(super) conn: bool,
}

/// The load generator: its workers or arrivals, and its own few OS threads.
#[derive(Debug)]
pub(super) struct Client {
    /// Closed loop: one per worker.
    pub(super) workers: Vec<Worker>,
    /// Open loop: arrivals still to come (`u64::MAX` = until the duration ends).
    pub(super) open_left: u64,
    /// Client OS threads free to do a request's client-side CPU work.
    pub(super) threads_free: u32,
    /// Requests whose client-side CPU work waits for a client thread.
    pub(super) cpu_queue: VecDeque<u32>,
    /// Open loop at its limit: arrivals waiting to be sent (when they were due).
    pub(super) delayed: VecDeque<Nanos>,
    /// Which client OS thread took the last piece of client work.
    pub(super) next_thread: u32,
    /// The load's duration is over: nothing more is sent or counted.
    pub(super) stopping: bool,
    /// When the client finished (every request answered, or the duration over).
    pub(super) end: Option<Nanos>,
}

impl Client {
    pub(super) fn new(load: &Load) -> Self {
        Client {
            workers: Vec::new(),
            open_left: 0,
            threads_free: load.client_threads,
            cpu_queue: VecDeque::new(),
            delayed: VecDeque::new(),
            next_thread: 0,
            stopping: false,
            end: None,
        }
    }
}

/// Response latencies: a histogram for percentiles, exact extremes and sum.
#[derive(Debug)]
pub(super) struct Latencies {
    /// In µs, from 1 µs to 1 hour at 3 significant digits.
    pub(super) histogram: Histogram<u64>,
    pub(super) sum_ns: f64,
    pub(super) min_ns: u64,
    pub(super) max_ns: u64,
}

/// Largest latency the histogram records, µs (one hour).
const LATENCY_MAX_US: u64 = 3_600_000_000;

/// What the client counts.
#[derive(Debug)]
pub(super) struct Tally {
    /// Requests issued.
    pub(super) sent: u64,
    /// Requests answered or failed on the client side.
    pub(super) results: u64,
    /// Responses that succeeded.
    pub(super) succeeded: u64,
    /// Open loop at its limit: arrivals dropped.
    pub(super) dropped: u64,
    /// Responses by cause, indexed by `ResponseCause as usize`.
    pub(super) responses: [u64; ResponseCause::ALL.len()],
    /// Client-side errors by cause, indexed by `ErrorCause as usize`.
    pub(super) errors: [u64; ErrorCause::ALL.len()],
    pub(super) latency: Latencies,
    /// Sum of the time from send to result over every result, ns.
    pub(super) time_ns: f64,
    /// When the last result came.
    pub(super) last_result: Nanos,
    /// Requests still in the server when their client gave up.
    pub(super) abandoned: u64,
}

impl Tally {
    pub(super) fn new() -> Self {
        Tally {
            sent: 0,
            results: 0,
            succeeded: 0,
            dropped: 0,
            responses: [0; ResponseCause::ALL.len()],
            errors: [0; ErrorCause::ALL.len()],
            latency: Latencies {
                // The bounds are constants, so construction cannot fail.
                histogram: Histogram::new_with_bounds(1, LATENCY_MAX_US, 3)
                    .expect("constant histogram bounds are valid"),
                sum_ns: 0.0,
                min_ns: u64::MAX,
                max_ns: 0,
            },
            time_ns: 0.0,
            last_result: 0,
            abandoned: 0,
        }
    }
}

impl<T: Tracer> Engine<T> {
    /// Creates the workers or the first arrival, and the stop event.
    pub(super) fn start_load(&mut self) {
        let load = &self.cfg.load;
        let unlimited = load.duration.is_some();
        match load.kind {
            LoadKind::Closed {
                concurrency,
                ramp_up,
                loops,
                ..
            } => {
                let per_worker = |i: u64| -> u64 {
                    if unlimited {
                        u64::MAX
                    } else if let Some(l) = loops {
                        l
                    } else {
                        // hey gives each worker n / c requests (integer division).
                        let _ = i;
                        load.requests.unwrap_or(0) / concurrency as u64
                    }
                };
                for i in 0..concurrency as u64 {
                    self.client.workers.push(Worker {
                        left: per_worker(i),
                        conn: false,
                    });
                    // JMeter: user k starts at k·ramp/C.
                    let at = ramp_up as u128 * i as u128 / concurrency as u128;
                    self.queue.push(at as Nanos, Event::WorkerSend(i as u32));
                }
            }
            LoadKind::Open { .. } => {
                self.client.open_left = if unlimited {
                    u64::MAX
                } else {
                    load.requests.unwrap_or(0)
                };
                if self.client.open_left > 0 {
                    self.queue.push(0, Event::Arrival);
                }
            }
        }
        if let Some(d) = load.duration {
            self.queue.push(d, Event::Stop);
        }
        if self.client.workers.iter().all(|w| w.left == 0) && self.client.open_left == 0 {
            self.client.end = Some(0);
        }
    }

    /// A worker sends its next request, or closes its connection when done.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn worker_send(&mut self, w: u32) {
        let worker = &mut self.client.workers[w as usize];
        if self.client.stopping || worker.left == 0 {
            return;
        }
        if worker.left != u64::MAX {
            worker.left -= 1;
        }
        self.issue(w, self.now, false);
    }

    /// The next open-loop arrival.
    #[inline]
    pub(super) fn open_arrival(&mut self) {
        if self.client.stopping || self.client.open_left == 0 {
            return;
        }
        if self.client.open_left != u64::MAX {
            self.client.open_left -= 1;
        }
        if let (LoadKind::Open { rate_rps, poisson }, true) =
            (&self.cfg.load.kind, self.client.open_left > 0)
        {
            let mean = SEC as f64 / rate_rps;
            let gap = if *poisson { self.rng.exp(mean) } else { mean };
            let next = self.now + round_ns(gap);
            self.queue.push(next, Event::Arrival);
        }
        let in_flight = self.tally.sent - self.tally.results;
        if let Some((limit, overflow)) = self.cfg.load.max_in_flight
            && in_flight >= limit as u64
        {
            match overflow {
                Overflow::Drop => self.tally.dropped += 1,
                Overflow::Delay => {
                    // Due now: in flight from the client's point of view.
                    self.client.delayed.push_back(self.now);
                    self.gauge(Gauge::InFlight, 1);
                }
            }
            self.maybe_client_end();
            return;
        }
        self.issue(NONE, self.now, false);
    }

    /// The client sends a request that was due at `due` (now, unless an
    /// open-loop tool `held` it back at its limit, already counted in flight).
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn issue(&mut self, worker: u32, due: Nanos, held: bool) {
        let f = self.alloc_fiber();
        let now = self.now;
        {
            let fb = &mut self.fibers[f as usize];
            fb.worker = worker;
            fb.sent = due;
        }
        self.trace(f, Note::Sent);
        self.tally.sent += 1;
        if !held {
            self.gauge(Gauge::InFlight, 1);
        }
        if let Some(t) = self.cfg.load.timeout {
            self.fibers[f as usize].timeout_seq = self.queue.push(now + t, Event::ClientTimeout(f));
        }
        let cpu = self.cfg.load.client_cpu;
        if cpu > 0 {
            self.fibers[f as usize].phase = Phase::ClientCpu;
            // The client's work runs on its own few OS threads (Go's
            // GOMAXPROCS for hey), not one per worker: queue for one.
            if self.client.threads_free > 0 {
                self.client.threads_free -= 1;
                self.start_cpu(f, cpu);
            } else {
                self.client.cpu_queue.push_back(f);
            }
        } else {
            self.connect(f);
        }
    }

    /// The client's own CPU for a request is done.
    pub(super) fn client_cpu_done(&mut self, f: u32) {
        // Its OS thread takes the next request's client work.
        self.client.threads_free += 1;
        while let Some(next) = self.client.cpu_queue.pop_front() {
            if self.fibers[next as usize].abandoned {
                self.free_fiber(next);
                continue;
            }
            self.client.threads_free -= 1;
            self.start_cpu(next, self.cfg.load.client_cpu);
            break;
        }
        if self.fibers[f as usize].abandoned {
            self.free_fiber(f);
            return;
        }
        self.connect(f);
    }

    /// Gets the request onto a server connection.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn connect(&mut self, f: u32) {
        let w = self.fibers[f as usize].worker;
        if w != NONE && self.client.workers[w as usize].conn {
            // Keep-alive: the worker's open connection carries the request.
            self.client.workers[w as usize].conn = false;
            self.fibers[f as usize].conn = true;
            self.arrive(f);
            return;
        }
        self.fibers[f as usize].phase = Phase::Connecting;
        if self.mem.down {
            // Killed and not yet restarted: nothing answers (`restart`).
            self.syn_dropped(f);
        } else if self.rec.series.get(Gauge::Connections) < self.cfg.server.max_connections {
            self.gauge(Gauge::Connections, 1);
            self.fibers[f as usize].conn = true;
            self.arrive(f);
        } else if (self.ingress.backlog.len() as u32) < self.cfg.server.backlog {
            self.trace(f, Note::InBacklog);
            self.ingress.backlog.push_back(f);
            self.gauge(Gauge::Backlog, 1);
        } else {
            self.syn_dropped(f);
        }
    }

    /// Linux drops the SYN (tcp_abort_on_overflow=0); the client retries
    /// after 1 s, then 2 s, 4 s, … (cumulative 1, 3, 7, 15 s).
    fn syn_dropped(&mut self, f: u32) {
        self.ingress.syn_drops += 1;
        let tries = self.fibers[f as usize].syn_tries;
        self.fibers[f as usize].syn_tries = tries.saturating_add(1);
        let delay = SEC << tries.min(6);
        self.trace(f, Note::SynDropped { retry: delay });
        self.queue.push(self.now + delay, Event::SynRetry(f));
    }

    /// The client counts request `f` (sent at `sent`) as failed with
    /// `cause`, and its worker goes on.
    pub(super) fn count_error(&mut self, sent: Nanos, cause: ErrorCause, worker: u32) {
        self.count_result(sent);
        self.tally.errors[cause as usize] += 1;
        self.rec.series.error();
        if worker != NONE {
            self.next_request(worker, false);
        }
    }

    /// A dropped SYN is sent again.
    pub(super) fn syn_retry(&mut self, f: u32) {
        if self.fibers[f as usize].abandoned {
            self.free_fiber(f);
            return;
        }
        self.connect(f);
    }

    /// A connection slot is free: accept the oldest live backlog entry.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn release_conn(&mut self) {
        self.gauge(Gauge::Connections, -1);
        while let Some(f) = self.ingress.backlog.pop_front() {
            self.gauge(Gauge::Backlog, -1);
            if self.fibers[f as usize].abandoned {
                // The client closed it while it waited; Tomcat reads EOF.
                self.free_fiber(f);
                continue;
            }
            self.gauge(Gauge::Connections, 1);
            self.fibers[f as usize].conn = true;
            self.arrive(f);
            break;
        }
    }

    /// The client's timeout for a request fired.
    pub(super) fn client_timeout(&mut self, f: u32, seq: u64) {
        let fb = &self.fibers[f as usize];
        if fb.timeout_seq != seq || fb.phase == Phase::Free || fb.counted {
            return;
        }
        let cause = if matches!(fb.phase, Phase::Connecting | Phase::ClientCpu) && !fb.conn {
            ErrorCause::ConnectFailed
        } else {
            ErrorCause::ClientTimeout
        };
        let sent = fb.sent;
        let worker = fb.worker;
        let in_server = fb.in_server;
        self.trace(f, Note::ClientTimeout { cause });
        {
            let fb = &mut self.fibers[f as usize];
            fb.counted = true;
            fb.abandoned = true;
        }
        if in_server {
            self.tally.abandoned += 1;
        }
        self.count_result(sent);
        self.tally.errors[cause as usize] += 1;
        self.rec.series.error();
        // A request still in the server keeps running; one that never got in
        // is dropped where it waits (backlog, SYN retry, client CPU).
        if worker != NONE {
            // hey closes the timed-out connection and opens a new one.
            self.next_request(worker, false);
        }
        self.maybe_client_end();
    }

    /// The server finished a request: the client gets its response, if it
    /// still waits. Called by the server side after releasing the thread.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn deliver(&mut self, f: u32) {
        let fb = &self.fibers[f as usize];
        let (sent, worker, counted, cause, conn) =
            (fb.sent, fb.worker, fb.counted, fb.cause, fb.conn);
        if conn {
            if !counted && worker != NONE && !self.client.stopping {
                // Keep-alive: the connection goes back to the worker.
                self.client.workers[worker as usize].conn = true;
            } else {
                self.release_conn();
            }
        }
        if counted {
            self.trace(f, Note::Abandoned);
        } else {
            self.fibers[f as usize].counted = true;
            let latency = self.now - sent;
            self.trace(f, Note::Response { latency, cause });
            self.count_result(sent);
            self.tally.responses[cause as usize] += 1;
            let ok = cause == ResponseCause::Ok;
            self.tally.succeeded += ok as u64;
            let lat = &mut self.tally.latency;
            lat.sum_ns += ns_f64(latency);
            lat.min_ns = lat.min_ns.min(latency);
            lat.max_ns = lat.max_ns.max(latency);
            // Recorded in µs; the bounds are 1 µs to 1 h, clamp to them.
            let us = (latency / 1000).clamp(1, LATENCY_MAX_US);
            let _ = lat.histogram.record(us);
            self.rec.series.response(latency, ok);
            if worker != NONE {
                self.next_request(worker, latency == 0);
            }
            self.maybe_client_end();
        }
        self.free_fiber(f);
    }

    /// Common bookkeeping for any client-side result.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn count_result(&mut self, sent: Nanos) {
        self.tally.results += 1;
        self.tally.time_ns += ns_f64(self.now - sent);
        self.tally.last_result = self.now;
        self.gauge(Gauge::InFlight, -1);
        // A slot is free: an open-loop tool sends the oldest held-back arrival.
        if !self.client.delayed.is_empty() && !self.client.stopping {
            let due = self.client.delayed.pop_front().expect("checked non-empty");
            self.issue(NONE, due, true);
        }
    }

    /// A worker goes on: think, then send; or close its connection when done.
    /// `no_time`: its last request took no simulated time.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn next_request(&mut self, w: u32, no_time: bool) {
        let think = match self.cfg.load.kind {
            LoadKind::Closed { think, .. } => think,
            LoadKind::Open { .. } => 0,
        };
        let worker = &mut self.client.workers[w as usize];
        if worker.left == 0 || self.client.stopping {
            if worker.conn {
                worker.conn = false;
                self.release_conn();
            }
            return;
        }
        if think > 0 {
            self.queue.push(self.now + think, Event::WorkerSend(w));
        } else if no_time {
            // Sending at once would answer that request at once too, and so
            // on without end within this one event, out of the event
            // budget's reach: the next send is an event of its own, at the
            // same instant (after what is already due then).
            self.queue.push(self.now, Event::WorkerSend(w));
        } else {
            self.worker_send(w);
        }
    }

    /// Marks the client done when nothing is left to send or wait for.
    #[inline]
    pub(super) fn maybe_client_end(&mut self) {
        if self.client.end.is_some()
            || self.tally.results < self.tally.sent
            || !self.client.delayed.is_empty()
        {
            return;
        }
        let more = if self.closed() {
            self.client.workers.iter().any(|w| w.left > 0)
        } else {
            self.client.open_left > 0
        };
        if !more {
            self.client.end = Some(self.now);
        }
    }

    /// The load's duration is over (hey `-z`): stop counting, end the run.
    pub(super) fn stop(&mut self) {
        self.client.stopping = true;
        self.client.end = Some(self.now);
        self.tally.last_result = self.now;
        // Like hey -z, the run ends at the deadline: requests still in flight
        // are neither responses nor errors; async tasks are not waited for.
    }
}
