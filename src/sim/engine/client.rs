//! The load client: its workers (or an open loop's VUs and connections),
//! issuing requests, its own CPU, its timeouts, what it does when its
//! duration ends, and what it counts. How a request gets a connection is
//! `connections`; how each tool prints the counts is `tools`.

use std::collections::VecDeque;

use super::breakdown::{Breakdowns, Spent};
use super::connections::{Closed, POOL, connecting};
use super::fiber::Phase;
use super::latencies::Latencies;
use super::{Engine, NONE};
use crate::sim::config::{Deadline, Load, LoadKind, Overflow, Tool};
use crate::sim::queue::Event;
use crate::sim::report::{ErrorCause, ResponseCause, Stage};
use crate::sim::rng::round_ns;
use crate::sim::series::Gauge;
use crate::sim::time::{Nanos, SEC, ns_f64};
use crate::sim::tool::{HEY_MAX_IDLE, WRK2_CONNECT_STAGGER, WRK2_SWEEP};
use crate::sim::trace::{Note, Tracer};

/// A closed-loop worker (hey worker, wrk connection, JMeter thread, k6 VU),
/// or an open loop's VU or connection.
#[derive(Clone, Debug)]
pub(super) struct Worker {
    /// Requests it still has to send (`u64::MAX` = until the duration ends).
    pub(super) left: u64,
    /// The connection it keeps between requests, or `NONE` (hey's workers
    /// keep none: their Transport pools them).
    pub(super) conn: u32,
    /// It has had a connection: its next one is a reconnect.
    pub(super) connected: bool,
    /// It has had a response.
    pub(super) served: bool,
    /// `@Async` tasks of its requests not yet ended (`load.waits_for = tasks`).
    pub(super) tasks: u32,
    /// It has its answer and waits for its tasks before the next request.
    pub(super) awaiting_tasks: bool,
}

impl Worker {
    fn new(left: u64) -> Self {
        Worker {
            left,
            conn: NONE,
            connected: false,
            served: false,
            tasks: 0,
            awaiting_tasks: false,
        }
    }
}

/// What the tool does, read once from it (tested on every request, so as
/// plain values rather than the tool's own matches).
#[derive(Clone, Copy, Debug)]
pub(super) struct Ways {
    /// A closed loop (workers), not an open one (arrivals).
    pub(super) closed: bool,
    /// Requests reuse connections (HTTP keep-alive).
    pub(super) keep_alive: bool,
    /// Idle connections go to hey's shared pool.
    pub(super) shared: bool,
    /// The timeout armed when a request starts (hey, k6), or 0.
    pub(super) give_up_after: Nanos,
    /// JMeter: the response timeout armed once connected, or 0.
    pub(super) response_timeout: Nanos,
    /// JMeter: the connect timeout, or 0.
    pub(super) connect_timeout: Nanos,
    /// A response this late is a timeout the tool waited past (wrk); `MAX`
    /// for tools that give up instead.
    pub(super) late_after: Nanos,
    /// Latency counts from the write, not from before the connect (wrk, k6).
    pub(super) from_write: bool,
    /// JMeter's connection time-to-live, or `MAX` (none).
    pub(super) ttl: Nanos,
    /// wrk2's timeout sweep, if the tool has one and a timeout is set.
    pub(super) sweep: Option<Sweep>,
    /// The tool closes a worker's connection when the worker is done
    /// (JMeter's thread ends).
    pub(super) close_when_done: bool,
}

impl Ways {
    fn of(load: &Load) -> Self {
        let tool = load.tool;
        let timeout = load.timeout.unwrap_or(0);
        let abandons = tool.abandons();
        let connect_first = tool.times_from_connect();
        Ways {
            closed: matches!(load.kind, LoadKind::Closed { .. }),
            keep_alive: load.keep_alive,
            shared: tool.shares_connections(),
            give_up_after: if abandons && !connect_first {
                timeout
            } else {
                0
            },
            response_timeout: if connect_first { timeout } else { 0 },
            connect_timeout: if connect_first {
                load.connect_timeout.unwrap_or(0)
            } else {
                0
            },
            late_after: match load.timeout {
                Some(t) if tool.counts_late_responses() => t,
                _ => Nanos::MAX,
            },
            sweep: match load.timeout {
                Some(timeout) if tool.sweeps_timeouts() => Some(Sweep::of(load, timeout)),
                _ => None,
            },
            from_write: tool.times_from_write(),
            ttl: tool.connection_ttl().unwrap_or(Nanos::MAX),
            close_when_done: tool == Tool::Jmeter,
        }
    }
}

/// wrk2's `check_timeouts`: at `first`, then every `WRK2_SWEEP`, one
/// "timeout" for each connection whose last request was written more than
/// `timeout` before. The model counts, for each request, the sweeps between
/// its write plus the timeout and its end: its response, its error, or the
/// run's end. (wrk2 goes on counting a connection after the response, until
/// its next write; with a connection's rate, `-R` ÷ `-c`, above one request
/// per timeout that part is nil. The model's open loop has no fixed
/// connection per request to pace, so it leaves that part out.)
#[derive(Clone, Copy, Debug)]
pub(super) struct Sweep {
    first: Nanos,
    timeout: Nanos,
}

impl Sweep {
    fn of(load: &Load, timeout: Nanos) -> Self {
        let connections = load.max_in_flight.map_or(1, |(c, _)| c);
        let per_thread = connections.div_ceil(load.client_threads.max(1));
        Sweep {
            first: WRK2_SWEEP + Nanos::from(per_thread) * WRK2_CONNECT_STAGGER,
            timeout,
        }
    }

    /// Sweeps that count a request written at `written` and pending until
    /// `end`: those at a time t with written + timeout < t ≤ end.
    pub(super) fn counts(&self, written: Nanos, end: Nanos) -> u64 {
        // Sweeps at or before `t`: the one at `first`, and one per interval.
        let upto = |t: Nanos| match t.checked_sub(self.first) {
            Some(d) => d / WRK2_SWEEP + 1,
            None => 0,
        };
        upto(end).saturating_sub(upto(written.saturating_add(self.timeout)))
    }
}

/// The load generator: its workers or arrivals, and its own few OS threads.
#[derive(Debug)]
pub(super) struct Client {
    /// What the tool does.
    pub(super) ways: Ways,
    /// Closed loop: one per worker. Open loop: the VUs (k6) or connections
    /// (wrk2) made so far.
    pub(super) workers: Vec<Worker>,
    /// Open loop: arrivals still to come (`u64::MAX` = until the duration ends).
    pub(super) open_left: u64,
    /// Open loop: VUs or connections free for the next arrival, most
    /// recently freed last.
    pub(super) idle_vus: Vec<u32>,
    /// hey: the idle connections of its shared Transport, most recently
    /// used last.
    pub(super) pool: Vec<u32>,
    /// hey: the Transport's `MaxIdleConnsPerHost`.
    pub(super) pool_max: u32,
    /// Client OS threads free to do a request's client-side CPU work.
    pub(super) threads_free: u32,
    /// Requests whose client-side CPU work waits for a client thread.
    pub(super) cpu_queue: VecDeque<u32>,
    /// Open loop at its limit: arrivals waiting to be sent (when they were due).
    pub(super) delayed: VecDeque<Nanos>,
    /// Which client OS thread took the last piece of client work.
    pub(super) next_thread: u32,
    /// A client on its own machine: when each of its OS threads is done
    /// with the connects it was given (they open connections one after
    /// another, which spreads a crowd of connects over time).
    pub(super) connects_until: Vec<Nanos>,
    /// The duration is over and the tool sends nothing more; what is in
    /// flight is still counted (hey, JMeter, k6).
    pub(super) draining: bool,
    /// The run is cut: nothing more is sent or counted.
    pub(super) stopping: bool,
    /// When the client finished (every request answered, or the duration over).
    pub(super) end: Option<Nanos>,
    /// Tasks its workers wait for, all together (`load.waits_for = tasks`).
    pub(super) owed_tasks: u64,
}

impl Client {
    pub(super) fn new(load: &Load) -> Self {
        Client {
            ways: Ways::of(load),
            workers: Vec::new(),
            open_left: 0,
            idle_vus: Vec::new(),
            pool: Vec::new(),
            pool_max: 0,
            threads_free: load.client_threads,
            cpu_queue: VecDeque::new(),
            delayed: VecDeque::new(),
            next_thread: 0,
            connects_until: vec![0; load.client_threads as usize],
            draining: false,
            stopping: false,
            end: None,
            owed_tasks: 0,
        }
    }
}

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
    /// Every response's latency.
    pub(super) latency: Latencies,
    /// Latencies of the responses that were not a success (HTTP 500).
    pub(super) failed: Latencies,
    /// The fastest and slowest successful response, ns (exact; their
    /// histogram is every response's less the failed ones').
    pub(super) ok_min_ns: u64,
    pub(super) ok_max_ns: u64,
    /// How long each client-side error took (JMeter and k6 count them in
    /// their duration statistics).
    pub(super) error_times: Latencies,
    /// Responses that came after the timeout of a tool that waits for them
    /// (wrk: "Socket errors: timeout").
    pub(super) late: u64,
    /// Late responses that were also failures (a 5xx after wrk's timeout):
    /// wrk counts them under both "timeout" and "Non-2xx", so the error
    /// percentage subtracts them once.
    pub(super) late_failed: u64,
    /// wrk2's sweep counts ("Socket errors: timeout", `Sweep`).
    pub(super) swept: u64,
    /// Over responses to a connection's first request: how many, and the
    /// sum of their connects' durations, ns (hey's "DNS+dialup").
    pub(super) dialed: u64,
    pub(super) dial_ns: f64,
    /// Sum of the time from send to result over every result, ns.
    pub(super) time_ns: f64,
    /// When the last result came.
    pub(super) last_result: Nanos,
    /// Requests still in the server when their client gave up.
    pub(super) abandoned: u64,
    /// Where successful requests' time went.
    pub(super) breakdown: Breakdowns,
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
            latency: Latencies::new(),
            failed: Latencies::new(),
            ok_min_ns: u64::MAX,
            ok_max_ns: 0,
            error_times: Latencies::new(),
            late: 0,
            late_failed: 0,
            swept: 0,
            dialed: 0,
            dial_ns: 0.0,
            time_ns: 0.0,
            last_result: 0,
            abandoned: 0,
            breakdown: Breakdowns::new(),
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
                // hey's Transport: MaxIdleConnsPerHost = min(c, 500).
                self.client.pool_max = concurrency.min(HEY_MAX_IDLE);
                let per_worker = if unlimited {
                    u64::MAX
                } else if let Some(l) = loops {
                    l
                } else {
                    // hey gives each worker n / c requests (integer division).
                    load.requests.unwrap_or(0) / concurrency as u64
                };
                for i in 0..concurrency as u64 {
                    self.client.workers.push(Worker::new(per_worker));
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
            self.end_client();
        }
    }

    /// A worker sends its next request, unless it is done.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn worker_send(&mut self, w: u32) {
        let worker = &mut self.client.workers[w as usize];
        if self.client.stopping || self.client.draining || worker.left == 0 {
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
        if self.client.stopping || self.client.draining || self.client.open_left == 0 {
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
    /// open-loop tool `held` it back at its limit, already counted in
    /// flight), from worker `worker` (`NONE`: an arrival, which takes a free
    /// VU or connection).
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn issue(&mut self, worker: u32, due: Nanos, held: bool) {
        let worker = if worker == NONE {
            self.take_vu()
        } else {
            worker
        };
        let f = self.alloc_fiber();
        let endpoint = self.endpoint_of_new_request();
        // Its time starts with the client's. A held-back arrival's wait
        // there is the client's whole: the pauses during it are not told
        // apart (the collector's count is known from the current pause on).
        let stopped = self.gc.stopped_until(self.now);
        {
            let fb = &mut self.fibers[f as usize];
            fb.worker = worker;
            fb.endpoint = endpoint;
            fb.sent = due;
            fb.written = self.now;
            fb.spent = Spent::begin(Stage::Client, due, stopped);
        }
        self.trace(f, Note::Sent);
        self.tally.sent += 1;
        if !held {
            self.gauge(Gauge::InFlight, 1);
        }
        let ways = self.client.ways;
        let c = if ways.keep_alive {
            self.client_conn(worker)
        } else {
            NONE
        };
        self.fibers[f as usize].conn = c;
        // hey and k6 time the whole request; JMeter its connect, then (once
        // connected) its response.
        let timeout = if ways.give_up_after > 0 {
            ways.give_up_after
        } else if c == NONE {
            ways.connect_timeout
        } else {
            ways.response_timeout
        };
        if timeout > 0 {
            let at = self.now + timeout;
            (self.fibers[f as usize].timeout).arm(&mut self.queue, at, Event::ClientTimeout(f));
        }
        let cpu = self.client_cpu(c);
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
            self.proceed(f);
        }
    }

    /// The CPU a request costs its client on the server's cores: none for a
    /// client on its own machine; with a connect to open (`c` = `NONE`),
    /// also the connect's (a remote client's connects are paced in `dial`).
    #[inline]
    fn client_cpu(&self, c: u32) -> Nanos {
        let load = &self.cfg.load;
        if load.client_cpu == 0 {
            0
        } else if c == NONE {
            load.client_cpu + load.connect_cpu
        } else {
            load.client_cpu
        }
    }

    /// JMeter's response timeout for `f`, armed once its connection is
    /// established (it replaces the connect timeout).
    pub(super) fn arm_response_timeout(&mut self, f: u32) {
        let t = self.client.ways.response_timeout;
        if t > 0 {
            let at = self.now + t;
            (self.fibers[f as usize].timeout).arm(&mut self.queue, at, Event::ClientTimeout(f));
        }
    }

    /// An open loop's arrival takes the VU (or connection) freed last, or a
    /// new one (the tool's limit was checked before).
    fn take_vu(&mut self) -> u32 {
        match self.client.idle_vus.pop() {
            Some(v) => v,
            None => {
                self.client.workers.push(Worker::new(0));
                (self.client.workers.len() - 1) as u32
            }
        }
    }

    /// The connection `worker`'s next request can go out on, taken from
    /// where the tool keeps it, or `NONE` (it must open one).
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn client_conn(&mut self, worker: u32) -> u32 {
        let c = if self.client.ways.shared {
            self.client.pool.pop().unwrap_or(NONE)
        } else {
            let w = &mut self.client.workers[worker as usize];
            std::mem::replace(&mut w.conn, NONE)
        };
        if c == NONE {
            return NONE;
        }
        self.take_conn(c);
        let ttl = self.client.ways.ttl;
        if ttl != Nanos::MAX && self.now - self.conns.get(c).opened >= ttl {
            // JMeter no longer reuses a connection past its time-to-live.
            self.close(c, Closed::Client);
            return NONE;
        }
        c
    }

    /// The request's client work is done: it goes out on its connection or
    /// opens one.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn proceed(&mut self, f: u32) {
        let c = self.fibers[f as usize].conn;
        if c != NONE {
            self.send_on(f, c);
        } else {
            self.dial(f);
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
            let cpu = self.client_cpu(self.fibers[next as usize].conn);
            self.client.threads_free -= 1;
            self.start_cpu(next, cpu);
            break;
        }
        if self.fibers[f as usize].abandoned {
            self.free_fiber(f);
            return;
        }
        self.proceed(f);
    }

    /// The client's timeout for a request fired: hey, JMeter and k6 give it
    /// up and close its connection (wrk arms none).
    pub(super) fn client_timeout(&mut self, f: u32, seq: u64) {
        let fb = &mut self.fibers[f as usize];
        let waits = fb.phase != Phase::Free && !fb.counted;
        if !fb
            .timeout
            .fired(&mut self.queue, seq, waits, Event::ClientTimeout(f))
            || !waits
        {
            return;
        }
        let fb = &self.fibers[f as usize];
        let cause = if connecting(fb) {
            ErrorCause::ConnectFailed
        } else {
            ErrorCause::ClientTimeout
        };
        if fb.phase == Phase::ClientCpu && fb.conn != NONE {
            // Not written yet: the connection it had taken closes with it.
            let c = fb.conn;
            self.fibers[f as usize].conn = NONE;
            self.close(c, Closed::Client);
        }
        self.trace(f, Note::ClientTimeout { cause });
        self.client_error(f, cause);
    }

    /// The kernel gave up on request `f`'s connect (its sixth SYN retry went
    /// unanswered): the client counts a connect error and goes on.
    pub(super) fn connect_failed(&mut self, f: u32) {
        self.trace(f, Note::ConnectFailed);
        self.client_error(f, ErrorCause::ConnectFailed);
        self.free_fiber(f);
    }

    /// Request `f`'s connection, established on the client's side only, is
    /// reset by the server (its half-open entry expired while the client
    /// retransmitted the request): the client counts a reset and goes on.
    pub(super) fn half_open_reset(&mut self, f: u32) {
        self.trace(f, Note::HalfOpenReset);
        self.client_error(f, ErrorCause::ConnectionReset);
        self.free_fiber(f);
    }

    /// The reset reached request `f`'s client: connect() failed with
    /// ECONNREFUSED, and it counts an error and goes on (at once: hey's
    /// workers, wrk's connections, k6's VUs and JMeter's threads all send
    /// their next request without waiting).
    pub(super) fn connect_refused(&mut self, f: u32) {
        if self.fibers[f as usize].abandoned {
            self.free_fiber(f);
            return;
        }
        self.trace(f, Note::Refused);
        self.client_error(f, ErrorCause::ConnectionRefused);
        self.free_fiber(f);
    }

    /// Tomcat closed request `f`'s connection unread (its executor's queue
    /// was full): the client reads the end of the stream, counts an error
    /// and goes on with a new connection.
    pub(super) fn server_closed(&mut self, f: u32) {
        if self.fibers[f as usize].abandoned {
            self.free_fiber(f);
            return;
        }
        self.trace(f, Note::ClosedUnread);
        self.client_error(f, ErrorCause::ServerClosed);
        self.free_fiber(f);
    }

    /// The listener died after answering request `f`'s SYN: the client,
    /// connected on its side, has its ACK and request answered with a
    /// reset (ECONNRESET).
    pub(super) fn reset_after_handshake(&mut self, f: u32) {
        self.trace(f, Note::Refused);
        self.client_error(f, ErrorCause::ConnectionReset);
        self.free_fiber(f);
    }

    /// The client counts request `f` as failed with `cause` and gives it up;
    /// a request still in the server keeps running there, one that never got
    /// in is dropped where it waits (SYN retry, accept queue, client CPU).
    fn client_error(&mut self, f: u32, cause: ErrorCause) {
        self.sweep_ends(f);
        let fb = &mut self.fibers[f as usize];
        fb.counted = true;
        fb.abandoned = true;
        let (sent, worker, in_server) = (fb.sent, fb.worker, fb.in_server);
        let endpoint = fb.endpoint;
        let unread = fb.phase == Phase::Unread;
        self.endpoint_error(endpoint);
        if in_server {
            self.tally.abandoned += 1;
        }
        if unread {
            // Nothing would ever read it: only the slot is left (its
            // connection stays open on Tomcat's side).
            self.free_fiber(f);
        }
        self.count_error(sent, worker, cause);
    }

    /// The client counts a request sent at `sent` by `worker` as failed
    /// with `cause`, and the worker (or VU) goes on.
    pub(super) fn count_error(&mut self, sent: Nanos, worker: u32, cause: ErrorCause) {
        self.tally.error_times.record(self.now - sent);
        if !self.closed() && worker != NONE {
            // The VU or connection is free for the next arrival.
            self.client.idle_vus.push(worker);
        }
        self.count_result(sent);
        self.tally.errors[cause as usize] += 1;
        self.rec.series.error();
        if self.closed() && worker != NONE {
            // hey and k6 go on with a new connection at once.
            self.worker_answered(worker, false);
        }
        self.maybe_client_end();
    }

    /// The server finished a request: the client gets its response, if it
    /// still waits. Called by the server side after releasing the thread.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn deliver(&mut self, f: u32) {
        let fb = &self.fibers[f as usize];
        let (sent, worker, counted, cause, c) = (fb.sent, fb.worker, fb.counted, fb.cause, fb.conn);
        let closed = self.closed();
        let ways = self.client.ways;
        let holder = if ways.shared { POOL } else { worker };
        let (kept, first_dial) = if c != NONE {
            self.after_response(f, c, holder, counted)
        } else {
            (false, None)
        };
        if kept && !ways.shared {
            self.client.workers[worker as usize].conn = c;
        }
        if counted {
            self.trace(f, Note::Abandoned);
        } else {
            self.fibers[f as usize].counted = true;
            let mut latency = self.now - sent;
            if let Some(dial) = first_dial {
                if ways.from_write {
                    // wrk and k6 start the clock once the connection is open.
                    latency -= dial;
                }
                self.tally.dialed += 1;
                self.tally.dial_ns += ns_f64(dial);
            }
            self.trace(f, Note::Response { latency, cause });
            self.sweep_ends(f);
            if !closed && worker != NONE {
                // Before counting: a held-back arrival may take this VU.
                self.client.idle_vus.push(worker);
            }
            self.count_result(sent);
            self.tally.responses[cause as usize] += 1;
            let ok = cause == ResponseCause::Ok;
            self.tally.succeeded += ok as u64;
            self.tally.latency.record(latency);
            if ok {
                self.tally.ok_min_ns = self.tally.ok_min_ns.min(latency);
                self.tally.ok_max_ns = self.tally.ok_max_ns.max(latency);
                self.move_to(f, Stage::Client);
                (self.tally.breakdown).add(latency, &self.fibers[f as usize].spent);
            } else {
                self.tally.failed.record(latency);
            }
            self.endpoint_response(f, latency, ok);
            if latency >= ways.late_after {
                // wrk: a late response is a "timeout" and not a latency.
                self.tally.late += 1;
                self.tally.late_failed += !ok as u64;
                self.trace(f, Note::Late);
            }
            self.rec.series.response(latency, ok);
            if closed && worker != NONE {
                self.client.workers[worker as usize].served = true;
                self.worker_answered(worker, latency == 0);
            }
            self.maybe_client_end();
        }
        if kept && self.conns.get(c).state == super::connections::ConnState::Kept {
            self.mark_idle(c);
        }
        self.free_fiber(f);
    }

    /// Request `f` is no longer pending at the client: the sweeps of wrk2
    /// that found it older than the timeout are counted.
    #[inline]
    fn sweep_ends(&mut self, f: u32) {
        if let Some(s) = self.client.ways.sweep {
            self.tally.swept += s.counts(self.fibers[f as usize].written, self.now);
        }
    }

    /// Requests still pending when the run ends at `end`: wrk2's sweeps
    /// until then count them.
    pub(super) fn sweep_pending(&mut self, end: Nanos) {
        let Some(s) = self.client.ways.sweep else {
            return;
        };
        let pending = self.fibers.iter().filter(|fb| fb.client_pending());
        self.tally.swept += pending.map(|fb| s.counts(fb.written, end)).sum::<u64>();
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
        if !self.client.delayed.is_empty() && !self.client.stopping && !self.client.draining {
            let due = self.client.delayed.pop_front().expect("checked non-empty");
            self.issue(NONE, due, true);
        }
    }

    /// A worker goes on: think, then send; or, when it is done, JMeter's
    /// thread closes its connection (hey's and wrk's stay open to the end).
    /// `no_time`: its last request took no simulated time.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn next_request(&mut self, w: u32, no_time: bool) {
        let think = match self.cfg.load.kind {
            LoadKind::Closed { think, .. } => think,
            LoadKind::Open { .. } => 0,
        };
        let worker = &mut self.client.workers[w as usize];
        if worker.left == 0 || self.client.stopping || self.client.draining {
            if self.client.ways.close_when_done && worker.conn != NONE {
                let c = std::mem::replace(&mut worker.conn, NONE);
                self.take_conn(c);
                self.close(c, Closed::Client);
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
            || self.client.owed_tasks > 0
        {
            return;
        }
        let more = !self.client.draining
            && if self.closed() {
                self.client.workers.iter().any(|w| w.left > 0)
            } else {
                self.client.open_left > 0
            };
        if !more {
            self.end_client();
        }
    }

    /// The load's duration is over: the tool stops sending, and either
    /// waits for what is in flight (hey, JMeter; k6 for its graceful stop)
    /// or cuts the run at once (wrk, wrk2, and k6 when its grace is over).
    pub(super) fn stop(&mut self) {
        // A tool already done has exited (k6's grace timer after its last
        // response): the JVM runs on with its tasks, the drain.
        if self.client.end.is_some() {
            return;
        }
        match self.cfg.load.tool.deadline() {
            Deadline::Drain { grace } if !self.client.draining => {
                self.client.draining = true;
                // Arrivals held back at an open loop's limit are never sent.
                let held = self.client.delayed.len() as i32;
                self.client.delayed.clear();
                self.gauge(Gauge::InFlight, -held);
                if let Some(g) = grace {
                    self.queue.push(self.now + g, Event::Stop);
                }
                self.maybe_client_end();
            }
            _ => {
                self.client.stopping = true;
                self.end_client();
                self.tally.last_result = self.now;
                // Requests still in flight are neither responses nor
                // errors; async tasks are not waited for.
            }
        }
    }

    /// Workers that never got a response (a closed loop's starved clients).
    pub(super) fn starved(&self) -> u64 {
        if self.closed() {
            self.client.workers.iter().filter(|w| !w.served).count() as u64
        } else {
            0
        }
    }
}
