//! The program interpreter: runs a fiber's ops until it blocks or ends, and
//! the resources ops wait for (HikariCP, shared monitors and locks).

use std::collections::VecDeque;

use super::fiber::{Phase, Wait};
use super::threads::Submit;
use super::{Engine, NONE};
use crate::sim::config::{CpuModel, Db};
use crate::sim::program::{LockKind, MonitorRef, Op};
use crate::sim::queue::Event;
use crate::sim::report::ResponseCause;
use crate::sim::series::Gauge;
use crate::sim::time::{Nanos, ns_f64};
use crate::sim::trace::{Note, Tracer};

/// A shared monitor or lock, and its waiters in the order it serves them.
///
/// Its release is a competitive hand-off, as in HotSpot and in
/// `java.util.concurrent`: the releasing thread frees it and wakes one
/// waiter (the heir), which must run again and take it like any other
/// thread. The heir stays first in line until it does; while it wakes
/// ([`Server::handoff`](crate::sim::config::Server::handoff)) a thread that
/// arrives finds it free and takes it (barging), unless the lock is fair.
///
/// - `synchronized`, JDK 21–24 (`ObjectMonitor::EnterI` and `::exit` in
///   HotSpot's objectMonitor.cpp, e.g. openjdk/jdk21u): a thread that must
///   wait pushes itself on `_cxq`, a LIFO stack of recent arrivals. The
///   releasing thread wakes the head of `_EntryList`; only when that is
///   empty does it detach the whole cxq and make it the EntryList, in the
///   cxq's order: newest first. So waiters are served in LIFO batches, and a
///   batch's oldest waits for all of it while new arrivals wait for the next
///   batch. The woken successor stays on the EntryList until it owns the
///   monitor ("the exiting thread doesn't unlink the successor"), and a
///   releasing thread wakes no one while a successor is already on its way
///   (`_succ`).
/// - `synchronized`, JDK 25+ (JDK-8343840, "Rewrite the ObjectMonitor
///   lists": `_cxq` and `_EntryList` merged into one `_entry_list`): arrivals
///   are still pushed at the head, and the successor is taken from the
///   tail, the oldest: first come, first served, barging aside.
/// - `ReentrantLock` (`AbstractQueuedSynchronizer.acquire` and
///   `signalNext`, `ReentrantLock.NonfairSync` and `FairSync`): a FIFO
///   queue; `unlock` wakes the first waiter, which retries and stays first
///   if it fails. The non-fair lock's `initialTryLock` takes a free lock
///   whoever waits; the fair one's `tryAcquire` first checks
///   `hasQueuedPredecessors`, so an arrival queues behind the waiters.
///
/// Not modelled: HotSpot's adaptive spinning before a thread queues (a
/// spinner takes a lock released within its spin of a few µs, so it
/// widens the barging window by that much).
#[derive(Clone, Debug)]
pub(super) struct Monitor {
    /// The fiber holding it, or `NONE`.
    pub(super) owner: u32,
    /// Reentrant holds by the owner.
    pub(super) depth: u32,
    /// Waiters in the order they will be woken; the first may be the heir.
    /// HotSpot's EntryList on JDK 21–24, its `_entry_list` from the oldest
    /// on 25+, the queue of a `ReentrantLock`.
    pub(super) waiters: VecDeque<u32>,
    /// `synchronized` on JDK 21–24 only: HotSpot's cxq, waiters that
    /// arrived since it was last moved to `waiters`, newest last.
    arrivals: Vec<u32>,
    /// The waiter woken to retake it and not yet run (HotSpot's `_succ`),
    /// or `NONE`.
    pub(super) heir: u32,
    /// When it was last taken while idle: free with no heir on its way
    /// (from owner to heir to owner it stays busy: a hand-off is part of
    /// what one pass through it costs).
    held_since: Nanos,
    /// Time it was busy before that, ns.
    held_ns: Nanos,
}

impl Default for Monitor {
    fn default() -> Self {
        Monitor {
            owner: NONE,
            depth: 0,
            waiters: VecDeque::new(),
            arrivals: Vec::new(),
            heir: NONE,
            held_since: 0,
            held_ns: 0,
        }
    }
}

impl Monitor {
    /// Time it was busy (held, or handed off) from time 0 to `now`, ns.
    pub(super) fn held_until(&self, now: Nanos) -> Nanos {
        let current = if self.is_idle() {
            0
        } else {
            now.saturating_sub(self.held_since)
        };
        self.held_ns + current
    }

    /// Free, and no waiter woken to take it.
    fn is_idle(&self) -> bool {
        self.owner == NONE && self.heir == NONE
    }

    /// Whether any thread waits to enter it.
    fn has_waiters(&self) -> bool {
        !self.waiters.is_empty() || !self.arrivals.is_empty()
    }

    /// Whether `f`, entering as `kind`, may take it now that it is free:
    /// its heir may; anyone may barge into a monitor or a non-fair lock; a
    /// fair lock only with no one waiting.
    fn may_take(&self, f: u32, kind: LockKind) -> bool {
        f == self.heir || kind != LockKind::FairLock || !self.has_waiters()
    }

    /// The waiter to wake next, first moving the arrivals to `waiters`
    /// (newest first) when `waiters` is empty, as HotSpot's exit drains the
    /// cxq into the EntryList.
    fn next_heir(&mut self) -> Option<u32> {
        if self.waiters.is_empty() {
            self.waiters.extend(self.arrivals.drain(..).rev());
        }
        self.waiters.front().copied()
    }
}

/// HikariCP: free connections, the waiters and what acquisitions cost.
#[derive(Debug)]
pub(super) struct DbPool {
    /// Connections not in use.
    pub(super) free: u32,
    /// Waiters (fiber, wait token), oldest first; entries whose token no
    /// longer matches timed out already and are skipped.
    pub(super) waiters: VecDeque<(u32, u32)>,
    /// Sum of the waits of successful acquisitions, ns.
    pub(super) wait_ns: f64,
    /// Successful acquisitions.
    pub(super) acquired: u64,
}

impl DbPool {
    pub(super) fn new(db: &Db) -> Self {
        DbPool::with_size(db.pool_size)
    }

    /// A pool of `size` connections, none lent.
    pub(super) fn with_size(size: u32) -> Self {
        DbPool {
            free: size,
            waiters: VecDeque::new(),
            wait_ns: 0.0,
            acquired: 0,
        }
    }
}

impl<T: Tracer> Engine<T> {
    /// Runs fiber `f` from its program counter until it blocks or ends.
    pub(super) fn step(&mut self, f: u32) {
        loop {
            let pc = self.fibers[f as usize].pc;
            match self.cfg.program.ops[pc as usize] {
                Op::Cpu(d) => {
                    let fb = &mut self.fibers[f as usize];
                    let mut demand = d.sample(&mut self.rng) + std::mem::take(&mut fb.jit_due);
                    fb.pc += 1;
                    demand += self.take_switch_cost(f);
                    if demand > 0 {
                        self.trace(f, Note::Cpu(demand));
                        self.start_cpu(f, demand);
                        return;
                    }
                }
                Op::Io(d) | Op::File(d) => {
                    let wait = if matches!(self.cfg.program.ops[pc as usize], Op::File(_)) {
                        Wait::File
                    } else {
                        Wait::Io
                    };
                    if self.compensation_refused(f, wait) {
                        return;
                    }
                    let mut dur = d.sample(&mut self.rng);
                    if wait == Wait::Io {
                        dur += self.wake_delay();
                    }
                    self.fibers[f as usize].pc += 1;
                    self.block(f, wait);
                    self.queue.push(self.now + dur, Event::WaitDone(f));
                    return;
                }
                Op::Wait(d, m, entries) => {
                    // The compensation is tried before the monitor is let go.
                    if self.compensation_refused(f, Wait::Condition) {
                        return;
                    }
                    // Object.wait releases the monitor while waiting, every
                    // entry of it; the `Enter`s after it take each back.
                    if let MonitorRef::Shared(i) = m {
                        self.monitors[i as usize].depth = 1;
                        self.release_monitor(f, i);
                    }
                    let fb = &mut self.fibers[f as usize];
                    fb.sync_depth = fb.sync_depth.saturating_sub(entries);
                    fb.pc += 1;
                    let dur = d.sample(&mut self.rng) + self.wake_delay();
                    self.block(f, Wait::Condition);
                    self.queue.push(self.now + dur, Event::WaitDone(f));
                    return;
                }
                Op::DbAcquire => {
                    if self.db.free > 0 && self.db.waiters.is_empty() {
                        self.db.free -= 1;
                        self.db.acquired += 1;
                        self.trace(f, Note::DbConnection);
                        self.gauge(Gauge::DbActive, 1);
                        self.fibers[f as usize].pc += 1;
                    } else {
                        let fb = &mut self.fibers[f as usize];
                        fb.wait_token = fb.wait_token.wrapping_add(1);
                        let token = fb.wait_token;
                        fb.wait_since = self.now;
                        self.db.waiters.push_back((f, token));
                        self.gauge(Gauge::DbWaiters, 1);
                        let at = self.now + self.cfg.db.timeout;
                        let timer = &mut self.fibers[f as usize].db_timeout;
                        timer.arm(&mut self.queue, at, Event::PoolTimeout(f));
                        self.block(f, Wait::DbConn);
                        return;
                    }
                }
                Op::Query(d) => {
                    let fb = &mut self.fibers[f as usize];
                    if self.cfg.db.driver.holds_monitor_in_query() {
                        // The driver's own monitor, taken for the query and
                        // left at `DbRelease`, which always follows: never
                        // contended (HikariCP lends a connection to one
                        // request), but a virtual thread blocked inside it
                        // keeps its carrier on JDK 21–23.
                        fb.sync_depth += 1;
                    }
                    let dur = d.sample(&mut self.rng) + self.wake_delay();
                    self.fibers[f as usize].pc += 1;
                    self.block(f, Wait::Io);
                    self.queue.push(self.now + dur, Event::WaitDone(f));
                    return;
                }
                Op::DbRelease => {
                    let fb = &mut self.fibers[f as usize];
                    if self.cfg.db.driver.holds_monitor_in_query() {
                        fb.sync_depth -= 1;
                    }
                    fb.pc += 1;
                    self.db_release();
                }
                Op::CallAcquire(d) => {
                    if self.calls[d as usize].guarded {
                        match self.begin_try(f, d, pc) {
                            None => {}
                            Some(true) => continue,
                            Some(false) => return,
                        }
                    }
                    if !self.lease(f, d) {
                        return;
                    }
                }
                Op::Call(d) => {
                    self.send_call(f, d);
                    return;
                }
                Op::CallRelease(d) => {
                    self.fibers[f as usize].pc += 1;
                    self.unlease(d);
                    if self.calls[d as usize].guarded && !self.call_over(f, d, pc - 2) {
                        return;
                    }
                }
                Op::PermitAcquire(b) => {
                    if !self.take_permit(f, b) {
                        return;
                    }
                }
                Op::PermitRelease(b) => {
                    self.fibers[f as usize].pc += 1;
                    self.give_permit(f, b);
                }
                Op::Enter(m, kind) => {
                    if !self.enter(f, m, kind) {
                        return;
                    }
                }
                Op::Exit(m, kind) => {
                    self.fibers[f as usize].pc += 1;
                    self.exit(f, m, kind);
                }
                Op::Join => {
                    // The last subtask's end wakes the fiber here again.
                    let fb = &mut self.fibers[f as usize];
                    if fb.children > 0 {
                        self.block(f, Wait::Join);
                        return;
                    }
                    if fb.cause != ResponseCause::Ok {
                        // A subtask failed: `join` throws its exception.
                        let cause = fb.cause;
                        self.fail(f, cause);
                        return;
                    }
                    fb.pc += 1;
                }
                Op::Async { executor, resume } | Op::Fork { executor, resume } => {
                    match self.submit_task(executor as u32, pc + 1, f) {
                        Submit::Accepted => {
                            if matches!(self.cfg.program.ops[pc as usize], Op::Fork { .. }) {
                                self.adopt(f);
                            }
                            self.fibers[f as usize].pc = resume;
                        }
                        Submit::Rejected => {
                            self.fail(f, self.rejected_as(executor));
                            return;
                        }
                        Submit::Blocked => {
                            self.block(f, Wait::Permit);
                            return;
                        }
                        Submit::OutOfMemory => {
                            self.thread_out_of_memory(f);
                            return;
                        }
                    }
                }
                Op::Begin => {
                    // The handler starts: what a cold JVM costs, the heap,
                    // the collector (`warmup`).
                    if !self.begin_request(f) {
                        return;
                    }
                    self.fibers[f as usize].pc += 1;
                }
                Op::End => {
                    // Writing the response needs the thread on a core once more
                    // after a wake-up: pay that switch before finishing.
                    let cs = self.take_switch_cost(f);
                    if cs > 0 {
                        self.trace(f, Note::Cpu(cs));
                        self.start_cpu(f, cs);
                        return;
                    }
                    self.end_fiber(f);
                    return;
                }
            }
        }
    }

    /// How late a thread resumes after its wait ends (`server.wake`).
    #[inline]
    fn wake_delay(&mut self) -> Nanos {
        match self.cfg.server.wake {
            Some(d) => d.sample(&mut self.rng),
            None => 0,
        }
    }

    /// The context-switch cost a platform thread owes after waking, if any.
    #[inline]
    fn take_switch_cost(&mut self, f: u32) -> u64 {
        let fb = &mut self.fibers[f as usize];
        // Round robin pays switches itself, when a core changes thread.
        if self.cfg.server.cpu_model == CpuModel::RoundRobin {
            fb.wake_cs = false;
            return 0;
        }
        if fb.wake_cs {
            fb.wake_cs = false;
            self.cfg.server.context_switch
        } else {
            0
        }
    }

    /// A blocking wait (io, file) ended.
    #[inline]
    pub(super) fn wait_done(&mut self, f: u32) {
        if self.fibers[f as usize].phase == Phase::Dead {
            // Its process was killed meanwhile: only the slot is left.
            self.free_fiber(f);
            return;
        }
        self.wake(f);
    }

    /// Gives a freed connection to the longest live waiter, or back to the pool.
    fn db_release(&mut self) {
        while let Some((w, token)) = self.db.waiters.pop_front() {
            let fb = &self.fibers[w as usize];
            if !fb.waits_as(Wait::DbConn, token) {
                continue; // timed out already
            }
            self.gauge(Gauge::DbWaiters, -1);
            self.trace(w, Note::DbConnection);
            self.db.acquired += 1;
            self.db.wait_ns += ns_f64(self.now - self.fibers[w as usize].wait_since);
            let fb = &mut self.fibers[w as usize];
            fb.wait_token = fb.wait_token.wrapping_add(1);
            fb.pc += 1;
            self.wake(w);
            return;
        }
        self.db.free += 1;
        self.gauge(Gauge::DbActive, -1);
    }

    /// HikariCP's `connectionTimeout` fired for a waiter.
    pub(super) fn pool_timeout(&mut self, f: u32, seq: u64) {
        let responds = self.awaits_response(f);
        let fb = &mut self.fibers[f as usize];
        let waits = fb.phase != Phase::Free
            && (matches!(fb.wait, Wait::DbConn | Wait::Lease | Wait::Bulkhead) || responds);
        if !fb
            .db_timeout
            .fired(&mut self.queue, seq, waits, Event::PoolTimeout(f))
            || !waits
        {
            return;
        }
        // …a call's response time-out.
        if responds {
            if let Op::CallRelease(d) = self.cfg.program.ops[fb.pc as usize] {
                self.response_timed_out(f, d);
            }
            return;
        }
        // The same timer serves an HTTP client's lease time-out.
        if fb.wait == Wait::Lease {
            if let Op::CallAcquire(d) = self.cfg.program.ops[fb.pc as usize] {
                self.lease_timeout(f, d);
            }
            return;
        }
        // …and a bulkhead's maximum wait.
        if fb.wait == Wait::Bulkhead {
            if let Op::PermitAcquire(b) = self.cfg.program.ops[fb.pc as usize] {
                self.permit_timeout(f, b);
            }
            return;
        }
        self.gauge(Gauge::DbWaiters, -1);
        let fb = &mut self.fibers[f as usize];
        // Its queue entry becomes stale: the release loop skips it.
        fb.wait_token = fb.wait_token.wrapping_add(1);
        // SQLTransientConnectionException → HTTP 500 (or a failed task).
        self.trace(f, Note::DbTimeout);
        self.fail(f, ResponseCause::PoolTimeout);
    }

    /// Tries to enter a monitor or lock; false if the fiber now waits.
    fn enter(&mut self, f: u32, m: MonitorRef, kind: LockKind) -> bool {
        let MonitorRef::Shared(i) = m else {
            let fb = &mut self.fibers[f as usize];
            if kind == LockKind::Sync {
                fb.sync_depth += 1;
            }
            fb.pc += 1;
            return true;
        };
        let mon = &mut self.monitors[i as usize];
        let free = mon.owner == NONE;
        if mon.owner == f || (free && mon.may_take(f, kind)) {
            if mon.is_idle() {
                mon.held_since = self.now;
            }
            if mon.heir == f {
                // The heir takes it (only a free one: it is not the owner):
                // it leaves the line it headed.
                mon.heir = NONE;
                let first = mon.waiters.pop_front();
                debug_assert_eq!(first, Some(f), "the heir heads the line");
                self.gauge(Gauge::LockWaiters, -1);
            }
            self.take(f, i, kind);
            return true;
        }
        let mon = &mut self.monitors[i as usize];
        if mon.heir == f {
            // Woken, but another thread took it first: park again, still
            // first in line (HotSpot leaves it on the EntryList, AQS at the
            // head of its queue); the next release wakes it again.
            mon.heir = NONE;
        } else {
            self.queue_for(f, i, kind);
        }
        let wait = if kind == LockKind::Sync {
            Wait::Monitor
        } else {
            Wait::Lock
        };
        self.block(f, wait);
        false
    }

    /// `f` owns shared monitor `i` once more.
    fn take(&mut self, f: u32, i: u16, kind: LockKind) {
        let mon = &mut self.monitors[i as usize];
        mon.owner = f;
        mon.depth += 1;
        let fb = &mut self.fibers[f as usize];
        fb.held |= 1u64 << i;
        if kind == LockKind::Sync {
            fb.sync_depth += 1;
        }
        fb.pc += 1;
    }

    /// `f` joins the waiters of shared monitor `i`: on the cxq for a
    /// monitor before JDK 25, at the back of the line otherwise.
    fn queue_for(&mut self, f: u32, i: u16, kind: LockKind) {
        let lifo_batches = kind == LockKind::Sync && self.cfg.server.monitor_has_cxq();
        let mon = &mut self.monitors[i as usize];
        if lifo_batches {
            mon.arrivals.push(f);
        } else {
            mon.waiters.push_back(f);
        }
        self.gauge(Gauge::LockWaiters, 1);
    }

    /// Leaves a monitor or lock; a shared one wakes a waiter to retake it.
    fn exit(&mut self, f: u32, m: MonitorRef, kind: LockKind) {
        if kind == LockKind::Sync {
            let fb = &mut self.fibers[f as usize];
            fb.sync_depth = fb.sync_depth.saturating_sub(1);
        }
        if let MonitorRef::Shared(i) = m {
            self.release_monitor(f, i);
        }
    }

    fn release_monitor(&mut self, f: u32, i: u16) {
        let mon = &mut self.monitors[i as usize];
        debug_assert_eq!(mon.owner, f, "only the owner exits a monitor");
        mon.depth -= 1;
        if mon.depth > 0 {
            return;
        }
        mon.owner = NONE;
        self.fibers[f as usize].held &= !(1u64 << i);
        self.wake_heir(i);
        let mon = &mut self.monitors[i as usize];
        if mon.is_idle() {
            mon.held_ns += self.now - mon.held_since;
        }
    }

    /// Wakes the next waiter of a just released monitor to retake it after
    /// the hand-off, unless one is on its way already.
    fn wake_heir(&mut self, i: u16) {
        let mon = &mut self.monitors[i as usize];
        if mon.heir != NONE {
            return;
        }
        let Some(w) = mon.next_heir() else {
            return;
        };
        mon.heir = w;
        // Its wait ends as a blocking wait's does; it then runs its `Enter`
        // again (a GC pause holds this event, as it holds a sleep's end).
        let at = self.now + self.cfg.server.handoff;
        self.queue.push(at, Event::WaitDone(w));
    }

    /// A failing fiber leaves every monitor it holds (Java unwinds them),
    /// and gives back every bulkhead's permit it holds.
    #[inline]
    pub(super) fn release_held(&mut self, f: u32) {
        let fb = &self.fibers[f as usize];
        let mut held = fb.held;
        if fb.permits != 0 {
            self.give_permits_held(f);
        }
        while held != 0 {
            let i = held.trailing_zeros() as u16;
            held &= held - 1;
            // Fully release, whatever the reentrancy depth.
            self.monitors[i as usize].depth = 1;
            self.release_monitor(f, i);
        }
        self.fibers[f as usize].sync_depth = 0;
    }
}
