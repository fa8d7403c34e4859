//! Connections, from the client's connect to Tomcat's close.
//!
//! A request needs a connection. The client reuses one it kept (the tool's
//! own way, `sim::tool`) or opens one: after the handshake's round trip the
//! kernel has it established, and it waits in the accept queue (the listen
//! backlog, `accept-count` capped by `somaxconn`); when that queue is full
//! the SYN is dropped and sent again after 1 s, 2 s, 4 s … until the
//! kernel gives up after its sixth retry (Linux's `tcp_syn_retries`, 127 s).
//! Tomcat's single acceptor thread takes the oldest connection from the
//! queue once a max-connections slot is free (its `LimitLatch` counts up
//! before `accept()`), spends `server.accept_us` on it, and hands it to the
//! poller: the request then goes to a thread like any other. The acceptor
//! serves one connection at a time, so connects queue behind it.
//!
//! An open connection holds its slot until it closes: busy with a request,
//! kept by the client between requests, or idle. Tomcat closes it after
//! `max-keep-alive-requests` responses, or after `keep-alive-timeout` idle;
//! the client closes it when it gives a request up, when it keeps no idle
//! connection (hey above its idle limit, keep-alive off), or when JMeter's
//! time-to-live has passed. Idle connections' timers live in one FIFO with
//! a single pending event: they expire in the order they went idle.
//!
//! The acceptor and the keep-alive check are Java threads: a stop-the-world
//! pause stops them (`gc`), while the kernel goes on filling the accept
//! queue. Tomcat's poller reads the requests, closes idle connections and
//! sees clients close theirs; when it died (`threads`) none of that happens
//! again and connections accepted since stay open. When the process ends
//! every connection is reset and, until the restart, a connect is refused
//! or unanswered (`restart`).

use std::collections::VecDeque;

use super::fiber::{Fiber, Phase};
use super::{Engine, NONE};
use crate::sim::config::DownConnect;
use crate::sim::queue::Event;
use crate::sim::report::Stage;
use crate::sim::series::Gauge;
use crate::sim::time::{Nanos, SEC, ns_f64};
use crate::sim::trace::{Note, Tracer};

/// The holder of an idle connection that sits in hey's shared pool.
pub(super) const POOL: u32 = NONE - 1;

/// Linux's `tcp_syn_retries`: SYNs sent again before connect() fails.
pub(super) const SYN_RETRIES: u8 = 6;

/// Linux's `TCP_RTO_MIN` (200 ms): the retransmission timeout of a
/// connection whose measured round trip is far below it (loopback, a LAN).
/// After an overflow at the handshake's last step the client, which thinks
/// it is connected, retransmits its request after this, doubling each time.
pub(super) const RTO_MIN: Nanos = 200_000_000;

/// Retransmissions of the request before the server's half-open entry is
/// gone: Linux keeps it for `tcp_synack_retries` (5) SYN-ACKs, 63 s, which
/// the eighth retransmission (0.2 × 255 = 51 s, then 102 s) outlasts; the
/// client then gets a reset.
pub(super) const ACK_RETRIES: u8 = 8;

/// How long after its handshake's ACK a client's request segment reaches
/// the server: the client's connect returning to it and its write(2).
/// Assumed (not measured): 20 µs, a thread's wake-up and a system call on
/// loopback. It matters only to an ACK that found the accept queue full:
/// the request's segment is then its second try (`ack`).
pub(super) const REQUEST_BEHIND_ACK: Nanos = 20_000;

/// Where a connection is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ConnState {
    /// The slot is unused.
    Free,
    /// Established, waiting in the accept queue.
    Queued,
    /// Carrying a request.
    Busy,
    /// Back with its client after a response, not yet known to be idle (the
    /// worker may send on it at once).
    Kept,
    /// Open with no request: it holds a max-connections slot.
    Idle,
}

/// One TCP connection between the client and Tomcat.
#[derive(Clone, Copy, Debug)]
pub(super) struct Conn {
    pub(super) state: ConnState,
    /// Responses Tomcat has sent on it.
    pub(super) served: u32,
    /// When it was established (JMeter's time-to-live counts from here).
    pub(super) opened: Nanos,
    /// How long its connect took (hey's "DNS+dialup").
    pub(super) dial: Nanos,
    /// When it last went idle.
    idle_since: Nanos,
    /// Counts its idle periods across the slot's lives, so that a timer for
    /// an earlier one is known to be stale.
    idle_stamp: u32,
    /// While kept or idle: the worker (or VU) holding it, or [`POOL`].
    pub(super) holder: u32,
    /// The Tomcat thread that answered its last request and reads it for
    /// the next (`readahead`), or `NONE`.
    pub(super) reader: u32,
}

impl Conn {
    /// Whether it is still in the idle period with stamp `stamp`.
    #[inline]
    fn idle_in(&self, stamp: u32) -> bool {
        self.state == ConnState::Idle && self.idle_stamp == stamp
    }
}

/// Who closed a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Closed {
    /// Tomcat, after `max-keep-alive-requests` responses.
    MaxRequests,
    /// Tomcat, after `keep-alive-timeout` idle.
    IdleTimeout,
    /// The client (a request given up, no room to keep it, keep-alive off,
    /// JMeter's time-to-live).
    Client,
    /// Tomcat, unread: its executor's queue was full.
    QueueFull,
}

/// What happened to connections, for the report.
#[derive(Clone, Debug, Default)]
pub(super) struct ConnCounts {
    /// Connections established.
    pub(super) opened: u64,
    /// Of those, opened by a client that had had one before.
    pub(super) reconnects: u64,
    /// Closed by Tomcat after max-keep-alive-requests.
    pub(super) max_requests: u64,
    /// Closed by Tomcat after keep-alive-timeout.
    pub(super) idle_timeout: u64,
    /// Closed by the client.
    pub(super) by_client: u64,
    /// Closed by Tomcat unread, its executor's queue full.
    pub(super) queue_full: u64,
    /// Taken by the acceptor.
    pub(super) accepted: u64,
    /// Sum of the time accepted connections waited in the accept queue, ns.
    pub(super) accept_wait_ns: f64,
    /// Time the acceptor spent accepting, ns.
    pub(super) acceptor_busy_ns: f64,
    /// SYNs dropped by a full accept queue.
    pub(super) syn_drops: u64,
    /// Handshakes whose last step found the accept queue full (Linux's
    /// `ListenOverflows` beyond the SYN drops); each retry counts again.
    pub(super) ack_overflows: u64,
    /// Connections the OOM killer's end of the process reset (open, or in
    /// the accept queue).
    pub(super) reset: u64,
    /// SYNs that reached no listener: the process was dead (`restart`).
    pub(super) syns_unanswered: u64,
    /// SYNs answered with a reset while the process was down.
    pub(super) refused: u64,
}

/// Every connection, the accept queue and the acceptor.
#[derive(Debug, Default)]
pub(super) struct Conns {
    pub(super) list: Vec<Conn>,
    free: Vec<u32>,
    /// The accept queue: requests of established connections, oldest first.
    pub(super) queue: VecDeque<u32>,
    /// The request whose connection the acceptor is taking, or `NONE`.
    accepting: u32,
    /// `AcceptDone` events still to come for accepts the OOM killer ended:
    /// each is ignored, so that it cannot end a later accept early.
    stale_accepts: u32,
    /// Idle periods in the order they began: (connection, its idle stamp).
    idle: VecDeque<(u32, u32)>,
    /// A keep-alive check is scheduled.
    timer_armed: bool,
    /// `max-keep-alive-requests`, `u32::MAX` for none.
    pub(super) max_requests: u32,
    /// Connections idle now (the gauge's value, kept here for compaction).
    idle_now: u32,
    pub(super) counts: ConnCounts,
}

impl Conns {
    /// Connection `c`.
    #[inline(always)]
    pub(super) fn get(&self, c: u32) -> &Conn {
        &self.list[c as usize]
    }

    /// Bytes its lists hold (for the simulator's own memory budget).
    pub(super) fn footprint(&self) -> u64 {
        (self.list.capacity() * size_of::<Conn>()
            + (self.free.capacity() + self.queue.capacity()) * 4
            + self.idle.capacity() * 8) as u64
    }

    /// Connections in any state but free, and the pending timers.
    pub(super) fn in_use(&self) -> usize {
        self.list.len() - self.free.len() + self.idle.len()
    }

    fn alloc(&mut self, now: Nanos, dial: Nanos) -> u32 {
        let conn = |stamp| Conn {
            state: ConnState::Queued,
            served: 0,
            opened: now,
            dial,
            idle_since: 0,
            idle_stamp: stamp,
            holder: NONE,
            reader: NONE,
        };
        match self.free.pop() {
            Some(c) => {
                let stamp = self.list[c as usize].idle_stamp;
                self.list[c as usize] = conn(stamp);
                c
            }
            None => {
                self.list.push(conn(0));
                (self.list.len() - 1) as u32
            }
        }
    }

    /// Drops the timers at the front whose idle period is over (the
    /// connection was taken again or closed since): a scan, then one cut.
    fn drop_stale_timers(&mut self) {
        let list = &self.list;
        let stale = (self.idle.iter())
            .take_while(|&&(c, stamp)| !list[c as usize].idle_in(stamp))
            .count();
        self.idle.drain(..stale);
    }

    /// Drops timers whose idle period is over when they outnumber the idle
    /// connections by far, so the list stays bounded by the connections.
    fn compact(&mut self) {
        if self.idle.len() > 4 * self.idle_now as usize + 1024 {
            // `retain` on the deque indexes through its ring for every
            // entry: on a slice this takes half the instructions, and
            // keeps the same entries, in order, in the same capacity.
            let list = &self.list;
            let timers = self.idle.make_contiguous();
            let mut kept = 0;
            for i in 0..timers.len() {
                let (c, stamp) = timers[i];
                if list[c as usize].idle_in(stamp) {
                    timers[kept] = (c, stamp);
                    kept += 1;
                }
            }
            self.idle.truncate(kept);
        }
    }
}

impl<T: Tracer> Engine<T> {
    /// The acceptor starts idle.
    pub(super) fn start_acceptor(&mut self) {
        self.conns.accepting = NONE;
        self.conns.max_requests = (self.cfg.server.max_keep_alive_requests).unwrap_or(u32::MAX);
    }

    /// The client opens a connection for request `f`: its SYN reaches the
    /// server one round trip after the client's connect work.
    pub(super) fn dial(&mut self, f: u32) {
        self.move_to(f, Stage::Connect);
        let fb = &mut self.fibers[f as usize];
        fb.phase = Phase::Connecting;
        fb.conn = NONE;
        fb.wait_since = self.now;
        self.trace(f, Note::Dial);
        let load = &self.cfg.load;
        let mut at = self.now + load.rtt;
        if load.client_cpu == 0 && load.connect_cpu > 0 {
            // A client on its own machine: its threads take connects in
            // turn, each costing its CPU there (on the server's cores it
            // was part of the request's client CPU).
            let c = &mut self.client;
            let i = c.next_thread as usize % c.connects_until.len().max(1);
            c.next_thread = c.next_thread.wrapping_add(1);
            if let Some(until) = c.connects_until.get_mut(i) {
                *until = (*until).max(self.now) + load.connect_cpu;
                at = *until + load.rtt;
            }
        }
        // The SYN reaches the server half a round trip before the
        // handshake's last step (`ack`), when the connection is established.
        let syn_at = at - load.rtt / 2;
        if syn_at > self.now {
            self.queue.push(syn_at, Event::Syn(f));
        } else {
            self.syn(f);
        }
    }

    /// Request `f`'s SYN reaches the server: the connection is established
    /// into the accept queue, or the SYN is dropped and sent again later.
    pub(super) fn syn(&mut self, f: u32) {
        let fb = &self.fibers[f as usize];
        if fb.abandoned {
            self.free_fiber(f);
            return;
        }
        let tries = fb.syn_tries;
        if tries > SYN_RETRIES {
            // The last retry went unanswered: connect() fails (ETIMEDOUT).
            self.connect_failed(f);
            return;
        }
        if self.mem.down {
            // Ended and not yet restarted: nothing listens on the port.
            if self.cfg.jvm.down_connect == DownConnect::Refused {
                self.refuse(f);
                return;
            }
            // The address is gone: the SYN is unanswered, and retried like
            // a dropped one.
            self.conns.counts.syns_unanswered += 1;
        } else if self.accept_queue_has_room() {
            // Answered with a SYN-ACK; the client's ACK (and, right behind
            // it, its request) comes back half a round trip later.
            self.fibers[f as usize].syn_tries = 0;
            let back = self.cfg.load.rtt - self.cfg.load.rtt / 2;
            if back > 0 {
                self.queue.push(self.now + back, Event::Ack(f));
            } else {
                self.ack(f);
            }
            return;
        } else {
            self.conns.counts.syn_drops += 1;
        }
        // Linux drops the SYN (tcp_abort_on_overflow=0); the client sends it
        // again after 1 s, 2 s, 4 s … (1, 3, 7, 15, 31, 63 s in all), and
        // connect() fails 64 s after the last.
        self.fibers[f as usize].syn_tries = tries + 1;
        let delay = SEC << tries;
        self.trace(f, Note::SynDropped { retry: delay });
        self.queue.push(self.now + delay, Event::Syn(f));
    }

    /// Request `f`'s SYN reached the host of a process that is down: the
    /// kernel answers it with a reset, which reaches the client half a
    /// round trip later, and no sooner than a refused connect takes it
    /// (`load.refused_connect`, measured here) after it dialled. That floor
    /// keeps a client that sends again at once (every tool does after a
    /// refused connect) from spinning at one instant when the round trip
    /// is 0.
    fn refuse(&mut self, f: u32) {
        self.conns.counts.refused += 1;
        let load = &self.cfg.load;
        let back = load.rtt - load.rtt / 2;
        let dialled = self.fibers[f as usize].wait_since;
        let at = (self.now + back).max(dialled + load.refused_connect);
        self.queue.push(at, Event::Refused(f));
    }

    /// The client's connect returned and it wrote request `f`: its clock
    /// starts for wrk and k6, and JMeter's response timeout; from here it
    /// waits for the server to take the connection.
    fn client_connected(&mut self, f: u32) {
        let now = self.now;
        let stopped = self.gc.stopped_until(now);
        let fb = &mut self.fibers[f as usize];
        fb.written = now;
        if self.client.ways.from_write {
            // wrk and k6 start the clock once the connection is open: its
            // connect is not in the latency (`deliver`), nor in a stage.
            fb.spent.skip(now, stopped);
        }
        fb.spent.moves(Stage::AcceptQueue, now, stopped);
        // JMeter's response timeout starts once the request is written.
        self.arm_response_timeout(f);
    }

    /// Linux's `sk_acceptq_is_full` compares with ">": the queue holds one
    /// connection more than the backlog it was given.
    fn accept_queue_has_room(&self) -> bool {
        self.conns.queue.len() <= self.cfg.server.backlog as usize
    }

    /// The handshake's last step of request `f`'s connection reaches the
    /// server: the connection joins the accept queue, or the queue filled
    /// since its SYN was answered. Then Linux (`tcp_abort_on_overflow` = 0)
    /// ignores the ACK and keeps the half-open entry. The client, connected
    /// on its side, writes its request: that segment carries the same ACK
    /// and tries the last step again `REQUEST_BEHIND_ACK` later, and only
    /// if it too finds the queue full is it retransmitted (after `RTO_MIN`,
    /// doubling), each retransmission one more try. A SYN answered while
    /// the queue had room and an ACK that finds it full is how a burst of
    /// connects overflows without SYN retries; mostly without delay, as
    /// the request's segment finds the room the acceptor made meanwhile.
    pub(super) fn ack(&mut self, f: u32) {
        let fb = &self.fibers[f as usize];
        if fb.abandoned || fb.phase == Phase::Dead {
            self.free_fiber(f);
            return;
        }
        if self.mem.down {
            if self.cfg.jvm.down_connect == DownConnect::Refused {
                self.reset_after_handshake(f);
                return;
            }
            // The address is gone: as a SYN that reached no listener.
            self.syn(f);
            return;
        }
        if self.accept_queue_has_room() {
            self.establish(f);
            return;
        }
        self.conns.counts.ack_overflows += 1;
        let tries = fb.syn_tries;
        if tries == 0 {
            // The client got its SYN-ACK: connected on its side, it writes
            // its request.
            self.client_connected(f);
            self.fibers[f as usize].phase = Phase::Retransmitting;
        }
        if tries > ACK_RETRIES {
            // The server's half-open entry expired: the next retransmission
            // is answered with a reset.
            self.half_open_reset(f);
            return;
        }
        self.fibers[f as usize].syn_tries = tries + 1;
        let delay = match tries {
            0 => REQUEST_BEHIND_ACK,
            n => RTO_MIN << (n - 1),
        };
        if tries > 0 {
            // The request's segment was ignored too: it is retransmitted.
            self.trace(f, Note::AckDropped { retry: delay });
        }
        self.queue.push(self.now + delay, Event::Ack(f));
    }

    /// The handshake of request `f`'s connection is complete: the client has
    /// a connection and writes its request; the connection waits for the
    /// acceptor.
    fn establish(&mut self, f: u32) {
        let now = self.now;
        if self.fibers[f as usize].syn_tries == 0 {
            // Not already connected on the client's side (`ack`).
            self.client_connected(f);
        }
        let fb = &self.fibers[f as usize];
        let (worker, dial) = (fb.worker, fb.written - fb.wait_since);
        let c = self.conns.alloc(now, dial);
        let counts = &mut self.conns.counts;
        counts.opened += 1;
        if worker != NONE {
            let w = &mut self.client.workers[worker as usize];
            if w.connected {
                counts.reconnects += 1;
                self.rec.series.reconnect();
            }
            w.connected = true;
        }
        let fb = &mut self.fibers[f as usize];
        fb.conn = c;
        fb.phase = Phase::InAcceptQueue;
        fb.wait_since = now;
        self.trace(f, Note::InBacklog);
        self.conns.queue.push_back(f);
        self.gauge(Gauge::Backlog, 1);
        self.try_accept();
    }

    /// The acceptor takes the oldest connection of the accept queue, if it
    /// is free and a max-connections slot is. Not during a stop-the-world
    /// pause: the acceptor is a Java thread (`gc` calls this at its end).
    pub(super) fn try_accept(&mut self) {
        if self.gc.paused(self.now) {
            return;
        }
        while self.conns.accepting == NONE
            && self.rec.series.get(Gauge::Connections) < self.cfg.server.max_connections
        {
            let Some(f) = self.conns.queue.pop_front() else {
                return;
            };
            self.gauge(Gauge::Backlog, -1);
            // The LimitLatch counts the connection before accept().
            self.gauge(Gauge::Connections, 1);
            let counts = &mut self.conns.counts;
            counts.accepted += 1;
            counts.accept_wait_ns += ns_f64(self.now - self.fibers[f as usize].wait_since);
            let cost = self.cfg.server.accept_cost;
            if cost > 0 {
                // Linux runs the briefly woken acceptor ahead of threads
                // that burn CPU, so it does not wait for a core here (and
                // its few µs are not added to the cores' load).
                self.conns.accepting = f;
                self.conns.counts.acceptor_busy_ns += ns_f64(cost);
                self.queue.push(self.now + cost, Event::AcceptDone);
            } else {
                self.accepted(f);
            }
        }
    }

    /// The acceptor is done with the connection it was taking.
    pub(super) fn accept_done(&mut self) {
        if self.conns.stale_accepts > 0 {
            // An accept of a process the OOM killer ended.
            self.conns.stale_accepts -= 1;
            return;
        }
        let f = self.conns.accepting;
        self.conns.accepting = NONE;
        self.accepted(f);
        self.try_accept();
    }

    /// Tomcat has accepted request `f`'s connection: the poller hands its
    /// request to a thread, unless the client already closed it.
    fn accepted(&mut self, f: u32) {
        let c = self.fibers[f as usize].conn;
        self.conns.list[c as usize].state = ConnState::Busy;
        if self.gone(f) {
            return;
        }
        self.trace(f, Note::Accepted);
        self.arrive(f);
    }

    /// Whether request `f`'s client gave up and closed its connection while
    /// it waited for Tomcat (in the accept queue, or for the end of a
    /// pause): Tomcat then reads the end of the stream and closes its side,
    /// and the request goes no further.
    pub(super) fn gone(&mut self, f: u32) -> bool {
        // With a dead poller nothing reads the end of the stream: the
        // connection stays open (`arrive` drops the request).
        if !self.fibers[f as usize].abandoned || self.mem.poller_died.is_some() {
            return false;
        }
        self.close(self.fibers[f as usize].conn, Closed::Client);
        self.free_fiber(f);
        true
    }

    /// Request `f` goes out on connection `c`, which its client kept open.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn send_on(&mut self, f: u32, c: u32) {
        self.fibers[f as usize].conn = c;
        self.arrive(f);
    }

    /// The client takes connection `c` from where it was kept for a request.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn take_conn(&mut self, c: u32) {
        let conn = &mut self.conns.list[c as usize];
        let was_idle = conn.state == ConnState::Idle;
        conn.state = ConnState::Busy;
        if was_idle {
            self.conns.idle_now -= 1;
            self.gauge(Gauge::ConnsIdle, -1);
        }
    }

    /// Tomcat has answered on connection `c`: it closes the connection after
    /// its last keep-alive request or when the client is gone (or asked for
    /// it); else the connection goes back to `holder`. Returns whether it
    /// did, and the connection's connect time if this was its first
    /// response.
    // One caller, on every response: inlined (natively too, where the call
    // cost more than its body).
    #[inline(always)]
    pub(super) fn after_response(
        &mut self,
        f: u32,
        c: u32,
        holder: u32,
        client_gone: bool,
    ) -> (bool, Option<Nanos>) {
        let conn = &mut self.conns.list[c as usize];
        conn.served += 1;
        let served = conn.served;
        let first_dial = (served == 1).then_some(conn.dial);
        let client = &self.client;
        let closes = if client_gone || !client.ways.keep_alive {
            Some(Closed::Client)
        } else if served >= self.conns.max_requests {
            Some(Closed::MaxRequests)
        } else if holder == POOL && client.pool.len() as u32 >= client.pool_max {
            // hey's Transport keeps at most min(c, 500) idle connections.
            Some(Closed::Client)
        } else {
            conn.state = ConnState::Kept;
            conn.holder = holder;
            None
        };
        if let Some(why) = closes {
            if why == Closed::MaxRequests {
                self.trace(f, Note::ConnClosedAfter { requests: served });
            }
            self.close(c, why);
            return (false, first_dial);
        }
        if holder == POOL {
            self.client.pool.push(c);
        }
        (true, first_dial)
    }

    /// Connection `c`, kept by its client, was not taken again at once: it
    /// is idle, holding its slot, and Tomcat's keep-alive timeout runs.
    pub(super) fn mark_idle(&mut self, c: u32) {
        let now = self.now;
        let conn = &mut self.conns.list[c as usize];
        conn.state = ConnState::Idle;
        conn.idle_since = now;
        conn.idle_stamp = conn.idle_stamp.wrapping_add(1);
        let stamp = conn.idle_stamp;
        self.conns.idle_now += 1;
        self.gauge(Gauge::ConnsIdle, 1);
        if let Some(t) = self.cfg.server.keep_alive_timeout {
            self.conns.idle.push_back((c, stamp));
            if !self.conns.timer_armed {
                self.conns.timer_armed = true;
                self.queue.push(now + t, Event::KeepAlive);
            }
            self.conns.compact();
        }
    }

    /// Tomcat closes connections idle for its keep-alive timeout; the next
    /// check waits for the oldest idle period still running.
    pub(super) fn keep_alive_check(&mut self) {
        self.conns.timer_armed = false;
        let Some(timeout) = self.cfg.server.keep_alive_timeout else {
            return;
        };
        if self.mem.poller_died.is_some() {
            // The poller runs these time-outs: dead, it closes nothing.
            return;
        }
        loop {
            self.conns.drop_stale_timers();
            let Some(&(c, _)) = self.conns.idle.front() else {
                return;
            };
            let conn = self.conns.get(c);
            let due = conn.idle_since + timeout;
            if due > self.now {
                self.conns.timer_armed = true;
                self.queue.push(due, Event::KeepAlive);
                return;
            }
            let holder = conn.holder;
            self.conns.idle.pop_front();
            self.drop_from_holder(c, holder);
            self.close(c, Closed::IdleTimeout);
        }
    }

    /// The client learns that its kept connection `c` is closed (Go's
    /// Transport sees the end of the stream on an idle connection and drops
    /// it; wrk, JMeter and k6 reopen at their next request).
    fn drop_from_holder(&mut self, c: u32, holder: u32) {
        if holder == POOL {
            let pool = &mut self.client.pool;
            if let Some(i) = pool.iter().position(|&p| p == c) {
                pool.remove(i);
            }
        } else if holder != NONE {
            self.client.workers[holder as usize].conn = NONE;
        }
    }

    /// Closes connection `c`: its max-connections slot frees (and the
    /// acceptor may take the next connection).
    pub(super) fn close(&mut self, c: u32, why: Closed) {
        let state = self.conns.list[c as usize].state;
        debug_assert!(state != ConnState::Free, "connection closed twice");
        if state == ConnState::Idle {
            self.conns.idle_now -= 1;
            self.gauge(Gauge::ConnsIdle, -1);
        }
        let queued = state == ConnState::Queued;
        self.conns.list[c as usize].state = ConnState::Free;
        self.conns.free.push(c);
        let counts = &mut self.conns.counts;
        match why {
            Closed::MaxRequests => counts.max_requests += 1,
            Closed::IdleTimeout => counts.idle_timeout += 1,
            Closed::Client => counts.by_client += 1,
            Closed::QueueFull => counts.queue_full += 1,
        }
        if !queued {
            self.gauge(Gauge::Connections, -1);
            self.try_accept();
        }
        let reader = self.take_reader(c);
        if reader != NONE {
            // The thread reading it for a next request sees it close.
            self.hand_on(reader);
        }
    }

    /// The OOM killer ended the process: every connection is reset, open
    /// (busy, kept or idle) or in the accept queue, and the acceptor's
    /// accept with them; clients forget the connections they kept (the
    /// kernel's reset reaches their sockets: Go's Transport drops an idle
    /// connection whose peer closed it, the other tools reconnect at their
    /// next request). The requests on them are the caller's to count.
    /// `deferred`: the events a pause held and the kill dropped. The
    /// gauges are the caller's too (all the server's go to zero).
    pub(super) fn reset_connections(&mut self, deferred: &[(u64, Event)]) {
        let conns = &mut self.conns;
        for (c, conn) in conns.list.iter_mut().enumerate() {
            // The process's threads are gone with it.
            conn.reader = NONE;
            if conn.state != ConnState::Free {
                conn.state = ConnState::Free;
                conns.free.push(c as u32);
                conns.counts.reset += 1;
            }
        }
        conns.queue.clear();
        conns.idle.clear();
        conns.idle_now = 0;
        let dropped = |e: Event| deferred.iter().any(|&(_, d)| d == e);
        if conns.accepting != NONE {
            conns.accepting = NONE;
            if !dropped(Event::AcceptDone) {
                conns.stale_accepts += 1;
            }
        }
        // A pending check finds nothing and disarms; a dropped one must be
        // re-armed by the next idle connection.
        if dropped(Event::KeepAlive) {
            conns.timer_armed = false;
        }
        self.client.pool.clear();
        for w in &mut self.client.workers {
            w.conn = NONE;
        }
    }

    /// The mean time accepted connections waited in the accept queue, ms.
    pub(super) fn mean_accept_wait_ms(&self) -> f64 {
        let c = &self.conns.counts;
        if c.accepted == 0 {
            0.0
        } else {
            c.accept_wait_ns / c.accepted as f64 / 1e6
        }
    }
}

/// Whether a fiber is a request still opening its connection (the SYN
/// stage): a timeout there is a connect failure.
pub(super) fn connecting(fb: &Fiber) -> bool {
    fb.phase == Phase::Connecting || (fb.phase == Phase::ClientCpu && fb.conn == NONE)
}
