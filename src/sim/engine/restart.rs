//! The end of the process and its restart.
//!
//! The process ends when the kernel's OOM killer ends it (resident memory
//! past the container's limit), or when the JVM ends itself on an
//! `OutOfMemoryError` (`jvm.on_out_of_memory`). The kernel then closes its
//! sockets: every connection is reset, so each request in the server, held
//! by a pause, being accepted, never read, or waiting in the accept queue
//! fails on the client's side ("connection reset"), and async tasks vanish.
//! Connections kept open between requests are reset too: their clients
//! learn it and connect again at their next request. The client keeps
//! counting all along.
//!
//! Its restarter restarts it after a back-off (`jvm.restart_backoff`), and
//! the service answers `jvm.restart_s` later, cold whatever `jvm.start`
//! says, its acceptor and poller new. The kubelet (`doBackOff` with
//! client-go's `flowcontrol.Backoff`, 10 s initial, 300 s cap) restarts a
//! container that exited at once when it has no back-off entry for it
//! (the first exit, or the first after its last restart is more than
//! 2 × 300 s old), and makes one of 10 s; each later exit waits out the
//! entry and doubles it, to 300 s (CrashLoopBackOff). Docker's restart
//! manager waits 100 ms, doubling each time to 1 min, and starts over once
//! the container ran 10 s. The kubelet's own latency in noticing the exit
//! (its relist, about 1 s) is left in `jvm.restart_s`.
//!
//! Until it answers nothing listens on the port. What a connect meets then
//! is `jvm.down_connect`: a reset at once (connect() fails with
//! ECONNREFUSED: the host or the pod's network namespace is there), or no
//! answer (the address is gone), the SYN then retried on the kernel's
//! schedule like a full accept queue's and failing after the sixth retry.
//!
//! Not modelled: Go's `http.Transport` (hey, k6) sends an idempotent
//! request again, once, when a connection it reused fails before any
//! response byte; here every reset request counts as an error.

use super::fiber::{Phase, Wait};
use super::gc::Collector;
use super::interp::{DbPool, Monitor};
use super::threads::{Carriers, Executors, Platform};
use super::{Engine, NONE};
use crate::sim::config::Backoff;
use crate::sim::queue::Event;
use crate::sim::report::{ErrorCause, MemoryLimit};
use crate::sim::series::Gauge;
use crate::sim::time::{Nanos, SEC};
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

/// Kubernetes' back-off: the kubelet's `backOffPeriod` and
/// `MaxContainerBackOff`.
const KUBELET_INITIAL: Nanos = 10 * SEC;
const KUBELET_MAX: Nanos = 300 * SEC;
/// Docker's restart manager: `defaultTimeout`, `maxRestartTimeout`, and
/// the run after which its timeout starts over.
const DOCKER_INITIAL: Nanos = 100_000_000;
const DOCKER_MAX: Nanos = 60 * SEC;
const DOCKER_RESET_AFTER: Nanos = 10 * SEC;

/// The process's restarter: its back-off state and what it waited.
#[derive(Debug, Default)]
pub(super) struct Restarter {
    /// When the process last started (0: with the run).
    started: Nanos,
    /// The kubelet's back-off entry (its back-off and last update), or
    /// Docker's current timeout (0: none yet).
    backoff: Nanos,
    updated: Option<Nanos>,
    /// The back-off before the restart due next, ns.
    pending: Nanos,
    /// Back-off waited before the restarts so far, ns, and the longest.
    pub(super) waited: Nanos,
    pub(super) longest: Nanos,
}

impl Restarter {
    /// The process exited at `now`: how long its restarter waits before
    /// starting it again.
    fn wait_after_exit(&mut self, policy: Backoff, now: Nanos) -> Nanos {
        let wait = match policy {
            Backoff::Kubernetes => self.kubelet(now),
            Backoff::Docker => self.docker(now),
        };
        self.pending = wait;
        wait
    }

    /// The process starts again at `now`, after its back-off.
    fn restarted(&mut self, now: Nanos) {
        self.started = now;
        self.waited += self.pending;
        self.longest = self.longest.max(self.pending);
        self.pending = 0;
    }

    /// `doBackOff`: in back-off when the entry exists, is not expired
    /// (updated within 2 × the cap) and its back-off has not passed since
    /// the exit; then, at the restart, `Next` makes the entry or doubles it.
    fn kubelet(&mut self, exited: Nanos) -> Nanos {
        let live = self
            .updated
            .filter(|&u| exited.saturating_sub(u) <= 2 * KUBELET_MAX);
        let wait = if live.is_some() { self.backoff } else { 0 };
        let restart = exited + wait;
        self.backoff = if live.is_some() {
            (self.backoff * 2).min(KUBELET_MAX)
        } else {
            KUBELET_INITIAL
        };
        self.updated = Some(restart);
        wait
    }

    /// `ShouldRestart`: a container that ran 10 s starts over at 100 ms,
    /// else the timeout doubles, to 1 min.
    fn docker(&mut self, exited: Nanos) -> Nanos {
        if exited.saturating_sub(self.started) >= DOCKER_RESET_AFTER {
            self.backoff = 0;
        }
        self.backoff = if self.backoff == 0 {
            DOCKER_INITIAL
        } else {
            (self.backoff * 2).min(DOCKER_MAX)
        };
        self.backoff
    }
}

impl<T: Tracer> Engine<T> {
    /// The OOM killer ends the process now (`resident` bytes).
    #[cold]
    #[inline(never)]
    pub(super) fn oom_kill(&mut self, resident: u64) {
        let _ = resident;
        let lost = self.end_process();
        self.mem.hit(MemoryLimit::Container, self.now, lost);
    }

    /// The JVM ends itself now on an `OutOfMemoryError` of `limit`
    /// (`jvm.on_out_of_memory`); the error was counted where it happened.
    #[cold]
    #[inline(never)]
    pub(super) fn jvm_dies(&mut self, limit: MemoryLimit) {
        let lost = self.end_process();
        let h = &mut self.mem.hits[limit as usize];
        h.lost += lost;
        h.ends += 1;
    }

    /// The process ends now: every thread stops, every connection is reset,
    /// and its restart is scheduled after the restarter's back-off and the
    /// start-up. Returns the requests the client lost with it.
    fn end_process(&mut self) -> u64 {
        self.mem.down = true;
        self.mem.dying = None;
        self.mem.poller_died = None;
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
        // The downstreams live on; the client pools die with the process.
        for (s, d) in self.calls.iter_mut().zip(&self.cfg.downstreams) {
            s.pool = DbPool::with_size(d.max_connections);
        }
        for (g, b) in self.gates.iter_mut().zip(&self.cfg.program.bulkheads) {
            g.reset(self.now, b.permits);
        }
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
        let jvm = &self.cfg.jvm;
        let wait = self.restarter.wait_after_exit(jvm.backoff, self.now);
        self.queue
            .push(self.now + wait + jvm.restart, Event::Restart);
        self.owed_tasks_lost();
        let n = lost.len() as u64;
        for (sent, worker, endpoint) in lost {
            self.endpoint_error(endpoint);
            self.count_error(sent, worker, ErrorCause::ConnectionReset);
        }
        self.maybe_client_end();
        n
    }

    /// Ends fiber slot `f`'s life on the server's side, if it has one:
    /// returns the request the client lost to it, if the client had not
    /// counted it yet (when it was sent, by which worker, to which endpoint).
    fn kill_fiber(&mut self, f: u32) -> Option<(Nanos, u32, u8)> {
        // A released lock's next owner has its hand-off (a `WaitDone`) due.
        let heir = self.monitors.iter().any(|m| m.heir == f);
        let fb = &mut self.fibers[f as usize];
        let request = (fb.exec == NONE && !fb.counted).then_some((fb.sent, fb.worker, fb.endpoint));
        match fb.phase {
            Phase::Queued | Phase::Running | Phase::TaskQueued => {
                // A wait whose end is scheduled frees the slot then.
                let pending = matches!(fb.wait, Wait::Io | Wait::File | Wait::Condition)
                    || (heir && matches!(fb.wait, Wait::Monitor | Wait::Lock));
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
            // Its connection is reset before Tomcat read it (or with a
            // dead poller, never would): its pending events (a timeout, the
            // acceptor's end) find the slot freed or stale.
            Phase::InAcceptQueue | Phase::Held | Phase::Unread => {
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
        self.restarter.restarted(self.now);
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
