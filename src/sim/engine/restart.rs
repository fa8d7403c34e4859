//! The kernel's OOM killer and the restart after it.
//!
//! When the process's resident memory passes the container's limit, the
//! kernel kills it and closes its sockets: every connection is reset, so
//! each request in the server, held by a pause, being accepted or waiting
//! in the accept queue fails on the client's side ("connection reset"),
//! and async tasks vanish. Connections kept open between requests are
//! reset too: their clients learn it and connect again at their next
//! request. Until the restart (`jvm.restart_s`) nothing listens: the model
//! takes the client's SYNs as unanswered (as for a container whose address
//! is gone), so they are retried on the kernel's schedule like a full
//! accept queue's, and a connect fails after the sixth retry. The client
//! keeps counting all along. The restarted JVM is cold, whatever
//! `jvm.start` says, and its acceptor starts again.
//!
//! Not modelled: Go's `http.Transport` (hey, k6) sends an idempotent
//! request again, once, when a connection it reused fails before any
//! response byte; here every reset request counts as an error.

use super::fiber::{Phase, Wait};
use super::gc::Collector;
use super::interp::{DbPool, Monitor};
use super::threads::{Carriers, Executors, Platform};
use super::{Engine, NONE};
use crate::sim::queue::Event;
use crate::sim::report::{ErrorCause, MemoryLimit};
use crate::sim::series::Gauge;
use crate::sim::time::Nanos;
use crate::sim::timeline::LaneState;
use crate::sim::trace::Tracer;

/// The server's gauges, all zero while it is down.
const SERVER_GAUGES: [Gauge; 18] = [
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
    Gauge::ConnsIdle,
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
        let deferred = self.gc.reset(self.now);
        self.reset_connections(&deferred);
        // What the client loses, counted once the server is gone (counting
        // lets its workers send again at once).
        let mut lost = Vec::new();
        for f in 0..self.fibers.len() as u32 {
            if let Some(request) = self.kill_fiber(f) {
                lost.push(request);
            }
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
        for g in SERVER_GAUGES {
            let v = self.rec.series.get(g) as i32;
            self.gauge(g, -v);
        }
        self.mem.garbage = 0;
        self.mem.heap = 0;
        self.mem.native = 0;
        self.mem.grew = true;
        self.mem
            .hit(MemoryLimit::Container, self.now, lost.len() as u64);
        self.queue
            .push(self.now + self.cfg.jvm.restart, Event::Restart);
        self.owed_tasks_lost();
        for (sent, worker) in lost {
            self.count_error(sent, worker, ErrorCause::ConnectionReset);
        }
        self.maybe_client_end();
    }

    /// Ends fiber slot `f`'s life on the server's side, if it has one:
    /// returns the request the client lost to it, if the client had not
    /// counted it yet (when it was sent, by which worker).
    fn kill_fiber(&mut self, f: u32) -> Option<(Nanos, u32)> {
        let fb = &mut self.fibers[f as usize];
        let request = (fb.exec == NONE && !fb.counted).then_some((fb.sent, fb.worker));
        match fb.phase {
            Phase::Queued | Phase::Running | Phase::TaskQueued => {
                // A wait whose end is scheduled frees the slot then.
                let pending = matches!(fb.wait, Wait::Io | Wait::File | Wait::Condition);
                fb.thread = NONE;
                fb.carrier = NONE;
                fb.in_server = false;
                fb.conn = NONE;
                fb.counted = true;
                if pending {
                    fb.phase = Phase::Dead;
                } else {
                    self.free_fiber(f);
                }
                request
            }
            // Its connection is reset before Tomcat read it: its pending
            // events (a timeout, the acceptor's end) find the slot freed
            // or stale.
            Phase::InAcceptQueue | Phase::Held => {
                self.free_fiber(f);
                request
            }
            // Connected on the client's side only: the half-open entry dies
            // with the listener, and the request's next retransmission is
            // reset. Its pending retransmission (`ack`) frees the slot.
            Phase::Retransmitting => {
                fb.counted = true;
                fb.phase = Phase::Dead;
                request
            }
            Phase::ClientCpu => {
                // Not written yet: the kept connection it took is gone, so
                // it opens a new one when its work is done.
                fb.conn = NONE;
                None
            }
            Phase::Free | Phase::Connecting | Phase::Dead => None,
        }
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
        self.gc = Collector::new(&self.cfg.memory, &self.cfg.gc, self.now);
        self.start_threads();
        self.jvm_started();
        self.start_acceptor();
    }
}
