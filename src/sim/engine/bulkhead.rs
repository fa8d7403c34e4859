//! Bulkheads, `pool(NAME, n[, WAIT]){…}`: a semaphore of `n` permits
//! around a block ([`Bulkhead`](crate::sim::program::Bulkhead) says whose
//! semantics). A request takes a permit to enter, waits for one in order
//! of arrival as long as the bulkhead allows, and gives it back when it
//! leaves the block, or when it ends in a failure inside it.

use super::Engine;
use super::fiber::Wait;
use super::interp::DbPool;
use crate::sim::program::Bulkhead;
use crate::sim::queue::Event;
use crate::sim::report::{BulkheadStats, ResponseCause};
use crate::sim::time::{MS, Nanos, ns_f64};
use crate::sim::trace::{Note, Tracer};

/// One bulkhead's permits and what became of the calls at it.
#[derive(Debug)]
pub(super) struct Gate {
    /// Permits free, and the waiters (fiber, wait token), oldest first.
    pool: DbPool,
    /// Calls that found no permit and might not wait.
    full: u64,
    /// Calls that waited for a permit in vain.
    timeouts: u64,
    /// Calls waiting now, and most at once.
    waiting: u32,
    peak_waiting: u32,
    /// Every wait's time, ns, the vain ones too.
    waited_ns: f64,
    /// Permit-nanoseconds held, up to `since`.
    held_area: f64,
    held: u32,
    since: Nanos,
}

impl Gate {
    pub(super) fn new(b: &Bulkhead) -> Self {
        Gate {
            pool: DbPool::with_size(b.permits),
            full: 0,
            timeouts: 0,
            waiting: 0,
            peak_waiting: 0,
            waited_ns: 0.0,
            held_area: 0.0,
            held: 0,
            since: 0,
        }
    }

    /// Its permits held change by `delta` at `now`.
    fn held_by(&mut self, now: Nanos, delta: i32) {
        self.held_area += ns_f64(now - self.since) * self.held as f64;
        self.since = now;
        self.held = self.held.saturating_add_signed(delta);
    }

    /// The process ended at `now`: every permit is free again (the
    /// semaphore dies with the JVM), and nobody waits.
    pub(super) fn reset(&mut self, now: Nanos, permits: u32) {
        self.held_by(now, -(self.held as i32));
        self.pool.free = permits;
        self.pool.waiters.clear();
        self.waiting = 0;
    }

    /// Every wait's time so far, ns.
    pub(super) fn waited_ns(&self) -> f64 {
        self.waited_ns
    }

    /// Entries in its queue (stale ones included).
    pub(super) fn queued(&self) -> usize {
        self.pool.waiters.len()
    }

    /// Bytes its queue holds (the simulator's own memory).
    pub(super) fn footprint(&self) -> usize {
        self.pool.waiters.capacity() * size_of::<(u32, u32)>()
    }
}

impl<T: Tracer> Engine<T> {
    /// `PermitAcquire(b)`: true if fiber `f` holds a permit now and goes
    /// on; false if it waits for one, or failed for want of one.
    pub(super) fn take_permit(&mut self, f: u32, b: u16) -> bool {
        let g = &mut self.gates[b as usize];
        if g.pool.free > 0 && g.pool.waiters.is_empty() {
            g.pool.free -= 1;
            g.pool.acquired += 1;
            g.held_by(self.now, 1);
            let fb = &mut self.fibers[f as usize];
            fb.permits |= 1 << b;
            fb.pc += 1;
            return true;
        }
        let max_wait = self.cfg.program.bulkheads[b as usize].max_wait;
        if max_wait == Some(0) {
            // `tryAcquire(0, …)` fails at once: `BulkheadFullException`.
            g.full += 1;
            self.trace(f, Note::BulkheadFull);
            self.fail(f, ResponseCause::BulkheadFull);
            return false;
        }
        let fb = &mut self.fibers[f as usize];
        fb.wait_token = fb.wait_token.wrapping_add(1);
        fb.wait_since = self.now;
        g.pool.waiters.push_back((f, fb.wait_token));
        g.waiting += 1;
        g.peak_waiting = g.peak_waiting.max(g.waiting);
        if let Some(wait) = max_wait {
            let at = self.now + wait;
            let timer = &mut self.fibers[f as usize].db_timeout;
            timer.arm(&mut self.queue, at, Event::PoolTimeout(f));
        }
        self.block(f, Wait::Bulkhead);
        false
    }

    /// `PermitRelease(b)` by fiber `f`: the permit goes to the longest
    /// live waiter, or back to the bulkhead.
    pub(super) fn give_permit(&mut self, f: u32, b: u16) {
        self.fibers[f as usize].permits &= !(1 << b);
        let g = &mut self.gates[b as usize];
        while let Some((w, token)) = g.pool.waiters.pop_front() {
            let fb = &mut self.fibers[w as usize];
            if !fb.waits_as(Wait::Bulkhead, token) {
                continue; // gave up already
            }
            let waited = ns_f64(self.now - fb.wait_since);
            g.pool.acquired += 1;
            g.pool.wait_ns += waited;
            g.waited_ns += waited;
            g.waiting -= 1;
            fb.wait_token = fb.wait_token.wrapping_add(1);
            fb.permits |= 1 << b;
            fb.pc += 1;
            self.wake(w);
            return;
        }
        g.pool.free += 1;
        g.held_by(self.now, -1);
    }

    /// Fiber `f` ends holding permits (it failed inside their blocks):
    /// each goes back, as a `finally` would give it. Out of line: most
    /// requests hold none when they end, and `end_fiber` is hot.
    #[cold]
    #[inline(never)]
    pub(super) fn give_permits_held(&mut self, f: u32) {
        let mut held = self.fibers[f as usize].permits;
        while held != 0 {
            let b = held.trailing_zeros() as u16;
            held &= held - 1;
            self.give_permit(f, b);
        }
    }

    /// Fiber `f`'s wait at bulkhead `b` passed its maximum: the bulkhead
    /// throws `BulkheadFullException`, and the request fails with HTTP 500.
    pub(super) fn permit_timeout(&mut self, f: u32, b: u16) {
        let g = &mut self.gates[b as usize];
        let fb = &mut self.fibers[f as usize];
        g.timeouts += 1;
        g.waiting -= 1;
        g.waited_ns += ns_f64(self.now - fb.wait_since);
        // Its queue entry becomes stale: the release loop skips it.
        fb.wait_token = fb.wait_token.wrapping_add(1);
        self.trace(f, Note::BulkheadFull);
        self.fail(f, ResponseCause::BulkheadFull);
    }

    /// What the report says of each bulkhead, up to `horizon`.
    pub(super) fn bulkhead_stats(&self, horizon: Nanos) -> Vec<BulkheadStats> {
        let span = ns_f64(horizon.max(1));
        (self.cfg.program.bulkheads.iter().zip(&self.gates))
            .map(|(b, g)| {
                let held = g.held_area + ns_f64(horizon.saturating_sub(g.since)) * g.held as f64;
                let per = |total: f64| {
                    if g.pool.acquired > 0 {
                        total / g.pool.acquired as f64 / MS as f64
                    } else {
                        0.0
                    }
                };
                BulkheadStats {
                    name: b.name.clone(),
                    permits: b.permits,
                    max_wait_ms: b.max_wait.map(|w| ns_f64(w) / MS as f64),
                    entered: g.pool.acquired,
                    utilisation: held / span / b.permits as f64,
                    mean_wait_ms: per(g.pool.wait_ns),
                    mean_waiting: g.waited_ns / span,
                    hold_ms: per(held),
                    full: g.full,
                    timeouts: g.timeouts,
                    peak_waiting: g.peak_waiting,
                }
            })
            .collect()
    }
}
