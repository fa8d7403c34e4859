//! Downstream services called over HTTP (`call(NAME)`), each behind the
//! connection pool of the client that calls it.
//!
//! A call leases a connection from the client's pool (waiting, in order of
//! arrival, up to the lease time-out when every connection is in use), sends
//! its request, and blocks until the response: the downstream serves so many
//! requests at once and queues the rest in order, so its latency rises with
//! its load (an M/M/c queue for exponential service times). The downstream
//! is another process: its slot frees when it answers, whatever the caller's
//! JVM does meanwhile (a pause holds only the caller's wake-up). The caller
//! gives the connection back once it has read the response (`CallRelease`).

use std::collections::VecDeque;

use super::Engine;
use super::fiber::{Phase, Wait};
use super::interp::DbPool;
use super::threads::Submit;
use crate::sim::config::{Downstream, RateLimit};
use crate::sim::queue::Event;
use crate::sim::report::{DownstreamStats, ResponseCause, Stage};
use crate::sim::time::{MS, Nanos, ns_f64};
use crate::sim::trace::{Note, Tracer};

/// One downstream and its client's pool of connections to it.
#[derive(Debug)]
pub(super) struct Service {
    /// The client's pool: leases free, waiters (fiber, wait token).
    pub(super) pool: DbPool,
    /// Requests it may start now (below 0 while a fault took more slots
    /// than were free).
    pub(super) free: i32,
    /// Calls sent while every slot was busy, oldest first: (fiber, token).
    queued: VecDeque<(u32, u32)>,
    /// Calls answered.
    calls: u64,
    /// Leases that timed out.
    lease_timeouts: u64,
    /// Calls refused a wait for a lease (the pending cap was full).
    pending_refused: u64,
    /// Calls the downstream answered 429 (its rate limit).
    rate_limited: u64,
    /// Its rate limiter's tokens, as of `tokens_at`.
    tokens: f64,
    tokens_at: Nanos,
    /// Most calls waiting for a lease, and for a slot there.
    peak_lease_waiters: u32,
    peak_queued: u32,
    /// Slot-nanoseconds busy (for its utilisation), up to `since`.
    busy_area: f64,
    busy: u32,
    since: Nanos,
    /// Connection-nanoseconds lent, up to `lent_since`.
    lent_area: f64,
    lent: u32,
    lent_since: Nanos,
    /// Whether anything beyond its pool acts on a call (time-outs,
    /// retries, a breaker, errors, a fault): `resilience` then runs.
    pub(super) guarded: bool,
    /// What that is and what it counted.
    pub(super) guard: super::resilience::Guard,
}

impl Service {
    pub(super) fn new(d: &Downstream) -> Self {
        Service {
            pool: DbPool::with_size(d.max_connections),
            free: d.concurrency.min(i32::MAX as u32) as i32,
            queued: VecDeque::new(),
            calls: 0,
            lease_timeouts: 0,
            pending_refused: 0,
            rate_limited: 0,
            tokens: d.rate_limit.map_or(0.0, |r| r.burst as f64),
            tokens_at: 0,
            peak_lease_waiters: 0,
            peak_queued: 0,
            busy_area: 0.0,
            busy: 0,
            since: 0,
            lent_area: 0.0,
            lent: 0,
            lent_since: 0,
            guarded: d.resilience.any(),
            guard: super::resilience::Guard::new(&d.resilience),
        }
    }

    /// Its lent connections change by `delta` at `now`.
    fn lent_by(&mut self, now: Nanos, delta: i32) {
        self.lent_area += ns_f64(now - self.lent_since) * self.lent as f64;
        self.lent_since = now;
        self.lent = self.lent.saturating_add_signed(delta);
    }

    /// Its busy slots change by `delta` at `now`.
    fn busy_by(&mut self, now: Nanos, delta: i32) {
        self.busy_area += ns_f64(now - self.since) * self.busy as f64;
        self.since = now;
        self.busy = self.busy.saturating_add_signed(delta);
    }

    /// Whether a call may join the lease's waiters under a cap of `max`
    /// pending: stale entries (timed out, or their process ended) are
    /// dropped first, so only live waiters count.
    fn may_wait(&mut self, max: Option<u32>, live: impl Fn(u32, u32) -> bool) -> bool {
        let Some(max) = max else {
            return true;
        };
        if self.pool.waiters.len() >= max as usize {
            self.pool.waiters.retain(|&(f, token)| live(f, token));
        }
        self.pool.waiters.len() < max as usize
    }

    /// Whether the rate limiter admits a call at `now` (taking its token).
    fn admits(&mut self, now: Nanos, limit: Option<RateLimit>) -> bool {
        let Some(limit) = limit else {
            return true;
        };
        let refill = ns_f64(now - self.tokens_at) / 1e9 * limit.per_s;
        self.tokens = (self.tokens + refill).min(limit.burst as f64);
        self.tokens_at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Calls waiting for a lease or a slot (stale entries included).
    pub(super) fn waiting(&self) -> usize {
        self.queued.len() + self.pool.waiters.len()
    }

    /// Bytes its queues hold (the simulator's own memory).
    pub(super) fn footprint(&self) -> usize {
        (self.queued.capacity() + self.pool.waiters.capacity()) * size_of::<(u32, u32)>()
            + self.guard.footprint()
    }
}

impl<T: Tracer> Engine<T> {
    /// `CallAcquire(d)`: true if fiber `f` holds a connection now and goes
    /// on; false if it waits for one.
    pub(super) fn lease(&mut self, f: u32, d: u16) -> bool {
        let s = &mut self.calls[d as usize];
        if s.pool.free > 0 && s.pool.waiters.is_empty() {
            s.pool.free -= 1;
            s.pool.acquired += 1;
            s.lent_by(self.now, 1);
            self.fibers[f as usize].pc += 1;
            return true;
        }
        let max_pending = self.cfg.downstreams[d as usize].max_pending;
        let fibers = &self.fibers;
        let live = |w: u32, token: u32| fibers[w as usize].waits_as(Wait::Lease, token);
        if !s.may_wait(max_pending, live) {
            s.pending_refused += 1;
            self.trace(f, Note::PendingLimit);
            self.call_failed(f, d, ResponseCause::PendingLimit);
            return false;
        }
        let fb = &mut self.fibers[f as usize];
        fb.wait_token = fb.wait_token.wrapping_add(1);
        fb.wait_since = self.now;
        s.pool.waiters.push_back((f, fb.wait_token));
        s.peak_lease_waiters = s.peak_lease_waiters.max(s.pool.waiters.len() as u32);
        if let Some(t) = self.cfg.downstreams[d as usize].lease_timeout {
            let at = self.now + t;
            let timer = &mut self.fibers[f as usize].db_timeout;
            timer.arm(&mut self.queue, at, Event::PoolTimeout(f));
        }
        if self.cfg.downstreams[d as usize]
            .client
            .lease_waits_in_monitor()
        {
            // Inside the pool's monitor for the wait: pins on JDK 21–23.
            self.fibers[f as usize].sync_depth += 1;
        }
        self.block(f, Wait::Lease);
        false
    }

    /// The wait for a lease of downstream `d` ends (lent or timed out): out
    /// of the pool's monitor, if the client waits in one.
    fn leave_lease_wait(&mut self, f: u32, d: u16) {
        if self.cfg.downstreams[d as usize]
            .client
            .lease_waits_in_monitor()
        {
            let fb = &mut self.fibers[f as usize];
            fb.sync_depth = fb.sync_depth.saturating_sub(1);
        }
    }

    /// `CallRelease(d)`: the connection goes to the longest live waiter, or
    /// back to the pool.
    pub(super) fn unlease(&mut self, d: u16) {
        let s = &mut self.calls[d as usize];
        while let Some((w, token)) = s.pool.waiters.pop_front() {
            let fb = &mut self.fibers[w as usize];
            if !fb.waits_as(Wait::Lease, token) {
                continue; // timed out already
            }
            s.pool.acquired += 1;
            s.pool.wait_ns += ns_f64(self.now - fb.wait_since);
            fb.wait_token = fb.wait_token.wrapping_add(1);
            fb.pc += 1;
            self.leave_lease_wait(w, d);
            self.wake(w);
            return;
        }
        s.pool.free += 1;
        s.lent_by(self.now, -1);
    }

    /// The lease time-out fired for fiber `f`, waiting at `CallAcquire(d)`:
    /// the client throws (HttpClient 5: `ConnectionRequestTimeoutException`),
    /// and the request fails with HTTP 500.
    pub(super) fn lease_timeout(&mut self, f: u32, d: u16) {
        let s = &mut self.calls[d as usize];
        s.lease_timeouts += 1;
        let fb = &mut self.fibers[f as usize];
        // Its queue entry becomes stale: the release loop skips it.
        fb.wait_token = fb.wait_token.wrapping_add(1);
        self.leave_lease_wait(f, d);
        self.trace(f, Note::LeaseTimeout);
        self.blocked_call_failed(f, d, ResponseCause::LeaseTimeout);
    }

    /// `Call(d)`: the request goes out; fiber `f` blocks for the answer.
    pub(super) fn send_call(&mut self, f: u32, d: u16) {
        let limit = self.cfg.downstreams[d as usize].rate_limit;
        if !self.calls[d as usize].admits(self.now, limit) {
            self.refused_by_rate(f, d);
            return;
        }
        self.fibers[f as usize].pc += 1;
        self.block(f, Wait::Io);
        if self.calls[d as usize].guarded {
            self.sent_try(f, d);
        }
        let s = &mut self.calls[d as usize];
        if s.free > 0 {
            s.free -= 1;
            self.serve_call(f, d);
        } else {
            let fb = &mut self.fibers[f as usize];
            fb.wait_token = fb.wait_token.wrapping_add(1);
            s.queued.push_back((f, fb.wait_token));
            s.peak_queued = s.peak_queued.max(s.queued.len() as u32);
        }
    }

    /// Downstream `d` answered fiber `f`'s call 429 Too Many Requests at
    /// once: the client gives the connection back, and throws
    /// (`HttpClientErrorException.TooManyRequests` from `RestClient`), so
    /// the request fails with HTTP 500. Assumed: the refusal takes no
    /// time (no round trip is modelled for any call).
    #[cold]
    fn refused_by_rate(&mut self, f: u32, d: u16) {
        self.calls[d as usize].rate_limited += 1;
        self.unlease(d);
        self.trace(f, Note::RateLimited);
        self.call_failed(f, d, ResponseCause::RateLimited);
    }

    /// A slot of downstream `d` starts on fiber `f`'s call.
    fn serve_call(&mut self, f: u32, d: u16) {
        let mut took = self.cfg.downstreams[d as usize]
            .latency
            .sample(&mut self.rng);
        self.calls[d as usize].busy_by(self.now, 1);
        if self.calls[d as usize].guarded {
            took = self.fault_latency(d, took);
            let deadline = self.fibers[f as usize].call_deadline;
            // At the deadline itself too: its timer, armed first, fires
            // first, and an answer then would reach a fiber gone on.
            if deadline != 0 && self.now + took >= deadline {
                // Its caller gives up first (its time-out): the answer
                // goes nowhere.
                self.queue.push(self.now + took, Event::SlotFree(d as u32));
                return;
            }
        }
        self.queue.push(self.now + took, Event::CallDone(f));
    }

    /// A slot of downstream `d` serves a call whose caller had given up
    /// (its time-out passed while the call was queued there): the
    /// downstream cannot know, and works on it all the same.
    #[cold]
    #[inline(never)]
    fn serve_orphan(&mut self, d: u16) {
        let took = self.cfg.downstreams[d as usize]
            .latency
            .sample(&mut self.rng);
        let took = self.fault_latency(d, took);
        self.calls[d as usize].busy_by(self.now, 1);
        self.queue.push(self.now + took, Event::SlotFree(d as u32));
    }

    /// A slot of downstream `d` answered a call nobody waits for.
    #[cold]
    #[inline(never)]
    pub(super) fn slot_free(&mut self, d: u16) {
        let s = &mut self.calls[d as usize];
        s.calls += 1;
        s.guard.orphans += 1;
        s.busy_by(self.now, -1);
        s.free += 1;
        self.next_calls(d);
    }

    /// Downstream `d`'s free slots take its oldest queued calls: a live
    /// caller's, or (behind a time-out) one whose caller has gone, which
    /// it still serves; a call of a process that ended is dropped.
    pub(super) fn next_calls(&mut self, d: u16) {
        let guarded = self.calls[d as usize].guarded;
        while self.calls[d as usize].free > 0 {
            let Some((w, token)) = self.calls[d as usize].queued.pop_front() else {
                break;
            };
            let fb = &self.fibers[w as usize];
            let live = fb.phase != Phase::Free && fb.phase != Phase::Dead && fb.wait_token == token;
            if live {
                self.calls[d as usize].free -= 1;
                self.serve_call(w, d);
            } else if guarded {
                self.calls[d as usize].free -= 1;
                self.serve_orphan(d);
            }
        }
    }

    /// Downstream `d` answered fiber `f`'s call: its slot takes the oldest
    /// queued call of a live caller, and `f` wakes (later, if its JVM is
    /// paused: `seq` orders it among the held events).
    pub(super) fn call_done(&mut self, f: u32, seq: u64) {
        let d = self.call_of(f);
        let s = &mut self.calls[d as usize];
        s.calls += 1;
        s.busy_by(self.now, -1);
        s.free += 1;
        self.next_calls(d);
        if self.calls[d as usize].guarded {
            self.answered(f, d);
        }
        let event = match self.cfg.downstreams[d as usize].handoff {
            Some(_) => Event::Handoff(f),
            None => Event::WaitDone(f),
        };
        if self.gc.paused(self.now) {
            self.gc.defer(seq, event);
        } else if event == Event::WaitDone(f) {
            self.wait_done(f);
        } else {
            self.hand_off(f);
        }
    }

    /// The JDK `HttpClient`'s selector hands fiber `f`'s response to the
    /// client's executor: a task there reads it and completes `f`'s
    /// future, and `f` wakes when it ends (as from a join). Should the
    /// executor not take the task (a platform thread that cannot start),
    /// the call fails as the request would.
    #[cold]
    pub(super) fn hand_off(&mut self, f: u32) {
        if self.fibers[f as usize].phase == Phase::Dead {
            self.free_fiber(f);
            return;
        }
        let d = self.call_of(f);
        let Some(h) = self.cfg.downstreams[d as usize].handoff else {
            self.wake(f);
            return;
        };
        match self.submit_task(h.executor as u32, h.body, f) {
            Submit::Accepted => {
                self.adopt(f);
                // The call's wait ends here: the join that follows is the
                // task's time only, charged as the task spent it.
                self.move_to(f, Stage::Io);
                self.fibers[f as usize].wait = Wait::Join;
            }
            Submit::OutOfMemory => {
                // The connection goes back as the client fails the call.
                self.unlease(d);
                self.fibers[f as usize].pc += 1;
                self.thread_out_of_memory(f);
            }
            Submit::Rejected | Submit::Blocked => self.wake(f),
        }
    }

    /// Per downstream, its calls refused at once: (answered 429 by its rate
    /// limit, refused by its client's cap on pending acquires).
    pub(super) fn downstream_refusals(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.calls
            .iter()
            .map(|s| (s.rate_limited, s.pending_refused))
    }

    /// The downstream fiber `f` called last (its program stands after the
    /// `Call`).
    fn call_of(&self, f: u32) -> u16 {
        let pc = self.fibers[f as usize].pc as usize;
        match self.cfg.program.ops.get(pc) {
            Some(crate::sim::program::Op::CallRelease(d)) => *d,
            _ => 0,
        }
    }

    /// What the report says of each downstream, up to `horizon`.
    pub(super) fn downstream_stats(&self, horizon: Nanos) -> Vec<DownstreamStats> {
        (self.cfg.downstreams.iter().zip(&self.calls))
            .map(|(d, s)| {
                let area = s.busy_area + ns_f64(horizon.saturating_sub(s.since)) * s.busy as f64;
                DownstreamStats {
                    name: d.name.clone(),
                    calls: s.calls,
                    utilisation: area / ns_f64(horizon.max(1)) / d.concurrency as f64,
                    leases: s.pool.acquired,
                    mean_lease_wait_ms: if s.pool.acquired > 0 {
                        s.pool.wait_ns / s.pool.acquired as f64 / MS as f64
                    } else {
                        0.0
                    },
                    lease_timeouts: s.lease_timeouts,
                    pending_refused: s.pending_refused,
                    rate_limited: s.rate_limited,
                    peak_lease_waiters: s.peak_lease_waiters,
                    peak_queued: s.peak_queued,
                    guard: s.guarded.then(|| s.guard.stats(horizon)),
                }
            })
            .collect()
    }
}

/// What the diagnosis reads of one downstream's client pool, up to a horizon.
pub(super) struct PoolUse {
    pub(super) name: String,
    pub(super) connections: u32,
    pub(super) utilisation: f64,
    /// Mean calls waiting for a lease (their waits over the horizon).
    pub(super) mean_waiting: f64,
    pub(super) peak_waiting: u32,
    pub(super) hold_ms: f64,
}

impl<T: Tracer> Engine<T> {
    /// Each capped client pool's use up to `horizon`.
    pub(super) fn pool_uses(&self, horizon: Nanos) -> Vec<PoolUse> {
        let span = ns_f64(horizon.max(1));
        (self.cfg.downstreams.iter().zip(&self.calls))
            .filter(|(d, _)| d.max_connections != u32::MAX)
            .map(|(d, s)| {
                let lent =
                    s.lent_area + ns_f64(horizon.saturating_sub(s.lent_since)) * s.lent as f64;
                PoolUse {
                    name: d.name.clone(),
                    connections: d.max_connections,
                    utilisation: lent / span / d.max_connections as f64,
                    mean_waiting: s.pool.wait_ns / span,
                    peak_waiting: s.peak_lease_waiters,
                    hold_ms: if s.pool.acquired > 0 {
                        lent / s.pool.acquired as f64 / MS as f64
                    } else {
                        0.0
                    },
                }
            })
            .collect()
    }
}
