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

/// A shared monitor or lock.
#[derive(Clone, Debug)]
pub(super) struct Monitor {
    /// The fiber holding it, or `NONE`.
    pub(super) owner: u32,
    /// Reentrant holds by the owner.
    pub(super) depth: u32,
    /// Fibers waiting to enter, oldest first.
    pub(super) waiters: VecDeque<u32>,
    /// When it was last taken while free.
    held_since: Nanos,
    /// Time it was held before that, ns (from owner to owner it stays held).
    held_ns: Nanos,
}

impl Default for Monitor {
    fn default() -> Self {
        Monitor {
            owner: NONE,
            depth: 0,
            waiters: VecDeque::new(),
            held_since: 0,
            held_ns: 0,
        }
    }
}

impl Monitor {
    /// Time it was held from time 0 to `now`, ns.
    pub(super) fn held_until(&self, now: Nanos) -> Nanos {
        let current = if self.owner == NONE {
            0
        } else {
            now.saturating_sub(self.held_since)
        };
        self.held_ns + current
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
        DbPool {
            free: db.pool_size,
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
                    let mut demand = d.sample(&mut self.rng);
                    if self.warm.jit_on {
                        demand = self.jit_scaled(demand);
                    }
                    self.fibers[f as usize].pc += 1;
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
                Op::DbRelease => {
                    self.fibers[f as usize].pc += 1;
                    self.db_release();
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
                Op::Async { executor, resume } => {
                    match self.submit_task(executor as u32, pc + 1, f) {
                        Submit::Accepted => self.fibers[f as usize].pc = resume,
                        Submit::Rejected => {
                            self.fail(f, ResponseCause::TaskRejected);
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
            if fb.phase == Phase::Free || fb.wait_token != token || fb.wait != Wait::DbConn {
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
        let fb = &mut self.fibers[f as usize];
        let waits = fb.phase != Phase::Free && fb.wait == Wait::DbConn;
        if !fb
            .db_timeout
            .fired(&mut self.queue, seq, waits, Event::PoolTimeout(f))
            || !waits
        {
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
        match m {
            MonitorRef::Own => {
                let fb = &mut self.fibers[f as usize];
                if kind == LockKind::Sync {
                    fb.sync_depth += 1;
                }
                fb.pc += 1;
                true
            }
            MonitorRef::Shared(i) => {
                let mon = &mut self.monitors[i as usize];
                if mon.owner == NONE || mon.owner == f {
                    if mon.owner == NONE {
                        mon.held_since = self.now;
                    }
                    mon.owner = f;
                    mon.depth += 1;
                    let fb = &mut self.fibers[f as usize];
                    fb.held |= 1u64 << i;
                    if kind == LockKind::Sync {
                        fb.sync_depth += 1;
                    }
                    fb.pc += 1;
                    true
                } else {
                    mon.waiters.push_back(f);
                    self.gauge(Gauge::LockWaiters, 1);
                    self.block(
                        f,
                        if kind == LockKind::Sync {
                            Wait::Monitor
                        } else {
                            Wait::Lock
                        },
                    );
                    false
                }
            }
        }
    }

    /// Leaves a monitor or lock, handing a shared one to its longest waiter.
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
        self.fibers[f as usize].held &= !(1u64 << i);
        match mon.waiters.pop_front() {
            None => {
                mon.owner = NONE;
                mon.held_ns += self.now - mon.held_since;
            }
            Some(w) => {
                mon.owner = w;
                mon.depth = 1;
                self.gauge(Gauge::LockWaiters, -1);
                let kind = match self.cfg.program.ops[self.fibers[w as usize].pc as usize] {
                    Op::Enter(_, k) => k,
                    _ => LockKind::Lock,
                };
                let fb = &mut self.fibers[w as usize];
                fb.held |= 1u64 << i;
                if kind == LockKind::Sync {
                    fb.sync_depth += 1;
                }
                fb.pc += 1;
                self.wake(w);
            }
        }
    }

    /// A failing fiber leaves every monitor it holds (Java unwinds them).
    #[inline]
    pub(super) fn release_held(&mut self, f: u32) {
        let mut held = self.fibers[f as usize].held;
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
