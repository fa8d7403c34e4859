//! The kernel's OOM killer and the restart after it.
//!
//! When the process's resident memory passes the container's limit, the
//! kernel kills it: every connection is reset, so each request in the
//! server or waiting in its accept backlog fails on the client's side
//! ("connection reset"), and async tasks vanish. Until the restart
//! (`jvm.restart_s`) nothing listens: the model takes the client's SYNs as
//! unanswered (as for a container whose address is gone), so they are
//! retried after 1, 2, 4, … s like a full backlog's. The client keeps
//! counting all along. The restarted JVM is cold, whatever `jvm.start` says.

use super::super::queue::Event;
use super::super::report::{ErrorCause, MemoryLimit};
use super::super::series::Gauge;
use super::super::timeline::LaneState;
use super::super::trace::Tracer;
use super::fiber::{Phase, Wait};
use super::gc::Collector;
use super::interp::{DbPool, Monitor};
use super::threads::{Carriers, Executors, Platform};
use super::{Engine, NONE};

/// The server's gauges, all zero while it is down.
const SERVER_GAUGES: [Gauge; 17] = [
    Gauge::InServer,
    Gauge::TomcatBusy,
    Gauge::PlatformAlive,
    Gauge::TomcatQueue,
    Gauge::CarriersBusy,
    Gauge::CarriersPinned,
    Gauge::CarriersAlive,
    Gauge::RunnableVthreads,
    Gauge::VthreadsAlive,
    Gauge::VthreadsUnmounted,
    Gauge::DbWaiters,
    Gauge::DbActive,
    Gauge::LockWaiters,
    Gauge::Connections,
    Gauge::Backlog,
    Gauge::ExecutorQueue,
    Gauge::HeapGarbage,
];

impl<T: Tracer> Engine<T> {
    /// The OOM killer ends the process now (`resident` bytes).
    #[cold]
    #[inline(never)]
    pub(super) fn oom_kill(&mut self, resident: u64) {
        let _ = resident;
        self.mem.down = true;
        // Threads stop where they are: their lanes go idle.
        let lanes = (self.platform.threads.iter().map(|t| t.lane))
            .chain(self.carriers.list.iter().map(|c| c.lane));
        for lane in lanes.collect::<Vec<_>>() {
            self.rec.timeline.set(lane, LaneState::Idle, self.now);
        }
        let mut lost = 0;
        for f in 0..self.fibers.len() as u32 {
            lost += self.kill_fiber(f) as u64;
        }
        let (deferred, held) = self.gc.reset(self.cfg.memory.heap_limit);
        for f in held {
            lost += self.reset_connection(f) as u64;
            self.free_fiber(f);
        }
        for f in std::mem::take(&mut self.ingress.backlog) {
            lost += self.reset_connection(f) as u64;
            self.free_fiber(f);
        }
        self.ready.clear();
        // The CPU keeps only the client's own work (it runs on the machine).
        let fibers = &self.fibers;
        self.cpu.retain(
            self.now,
            |id| fibers[id as usize].phase == Phase::ClientCpu,
            &mut self.wakes,
        );
        self.flush_wakes();
        self.gauge_cpu();
        // Held events of dead fibers: a wait's end frees its slot; a
        // pool's timer finds its waiter gone.
        for (_, event) in deferred {
            if let Event::WaitDone(f) = event
                && self.fibers[f as usize].phase == Phase::Dead
            {
                self.free_fiber(f);
            }
        }
        self.platform = Platform::new(&self.cfg);
        self.carriers = Carriers::default();
        self.monitors = vec![Monitor::default(); self.cfg.program.monitors.len()];
        self.db = DbPool::new(&self.cfg.db);
        let stats = std::mem::take(&mut self.execs.stats);
        self.execs = Executors::new(0);
        self.execs.stats = stats;
        for e in &mut self.execs.stats {
            e.active = 0;
            e.permit_waiters.clear();
        }
        for w in &mut self.client.workers {
            w.conn = false;
        }
        for g in SERVER_GAUGES {
            let v = self.rec.series.get(g) as i32;
            self.gauge(g, -v);
        }
        self.mem.garbage = 0;
        self.mem.heap = 0;
        self.mem.native = 0;
        self.mem.grew = true;
        self.mem.hit(MemoryLimit::Container, self.now, lost);
        self.queue
            .push(self.now + self.cfg.jvm.restart, Event::Restart);
        self.maybe_client_end();
    }

    /// Ends fiber slot `f`'s server side, if it has one; true if the
    /// client lost a request to it.
    fn kill_fiber(&mut self, f: u32) -> bool {
        let fb = &self.fibers[f as usize];
        let server = matches!(fb.phase, Phase::Queued | Phase::Running | Phase::TaskQueued);
        if !server {
            return false;
        }
        let task = fb.exec != NONE;
        // A wait whose end is scheduled frees the slot then.
        let pending = matches!(fb.wait, Wait::Io | Wait::File | Wait::Condition);
        let lost = !task && self.reset_connection(f);
        let fb = &mut self.fibers[f as usize];
        fb.thread = NONE;
        fb.carrier = NONE;
        fb.in_server = false;
        if pending {
            fb.phase = Phase::Dead;
        } else {
            self.free_fiber(f);
        }
        lost
    }

    /// The client reads a reset on request `f`'s connection; true if it
    /// had not counted the request yet.
    fn reset_connection(&mut self, f: u32) -> bool {
        let fb = &self.fibers[f as usize];
        if fb.counted {
            return false;
        }
        let (sent, worker) = (fb.sent, fb.worker);
        let fb = &mut self.fibers[f as usize];
        fb.counted = true;
        fb.conn = false;
        self.count_error(sent, ErrorCause::ConnectionReset, worker);
        true
    }

    /// The restarted service listens again, cold.
    pub(super) fn restart(&mut self) {
        self.mem.down = false;
        self.mem.restarts += 1;
        self.mem.heap = self.cfg.memory.heap_base;
        self.mem.native = self.cfg.memory.native_base;
        self.mem.heap_touched = 0;
        self.mem.used_since_start = 0;
        self.mem.grew = true;
        self.gc = Collector::new(self.cfg.memory.heap_limit);
        self.start_threads();
        self.jvm_started();
    }
}
