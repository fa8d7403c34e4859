//! Threads: Tomcat's pool, executor pools, virtual threads and their carriers.
//!
//! Platform threads belong to a pool and keep their fiber through every wait.
//! Virtual threads need a carrier to run; at a blocking wait they unmount and
//! free it, unless they are pinned (JDK 21–23 inside `synchronized`, or while
//! waiting to enter a contended monitor), in which case the carrier is blocked
//! too. File I/O captures the carrier on every JDK, and the scheduler
//! compensates with an extra carrier up to `maxPoolSize`.

use std::collections::VecDeque;

use super::breakdown::Spent;
use super::connections::Closed;
use super::fiber::{Phase, Wait};
use super::memory::Room;
use super::{Engine, NONE, TOMCAT_THREAD_NAME};
use crate::sim::config::{Config, ExecutorKind, ExecutorRole, Mode, executor_role};
use crate::sim::program::Op;
use crate::sim::report::{LimitEffect, MemoryLimit, ResponseCause, Stage};
use crate::sim::series::Gauge;
use crate::sim::time::{Nanos, ns_f64};
use crate::sim::timeline::{LaneKind, LaneState};
use crate::sim::trace::{Note, Tracer};

/// A platform thread.
#[derive(Clone, Debug)]
pub(super) struct Thread {
    /// Pool index: 0 = Tomcat, 1 + i = executor i.
    pub(super) pool: u32,
    /// Its number in its pool, from 1 (as in its name).
    pub(super) n: u32,
    /// Timeline lane, if it has one.
    pub(super) lane: Option<u16>,
    /// Started on demand by a cold JVM and not yet paid for: its first
    /// request pays the thread's start.
    pub(super) fresh: bool,
}

/// A pool of platform threads (Tomcat's or a `ThreadPoolTaskExecutor`).
#[derive(Clone, Debug)]
pub(super) struct Pool {
    /// `corePoolSize`: threads started before any task queues.
    pub(super) core: u32,
    /// `maxPoolSize`.
    pub(super) max: u32,
    /// `queueCapacity`.
    pub(super) queue_cap: u32,
    /// Threads started so far (pools here never retire threads).
    pub(super) alive: u32,
    /// Threads running a fiber.
    pub(super) busy: u32,
    /// Idle threads, the most recently idle last.
    pub(super) idle: Vec<u32>,
    /// Fibers waiting for a thread, oldest first.
    pub(super) queue: VecDeque<u32>,
    pub(super) lane_kind: LaneKind,
    /// Thread name prefix.
    pub(super) name: String,
}

impl Pool {
    fn new(name: &str, lane_kind: LaneKind, core: u32, max: u32, queue_cap: u32) -> Self {
        Pool {
            core,
            max,
            queue_cap,
            alive: 0,
            busy: 0,
            idle: Vec::new(),
            queue: VecDeque::new(),
            lane_kind,
            name: name.to_string(),
        }
    }
}

/// Every platform thread and the pools they belong to.
#[derive(Debug)]
pub(super) struct Platform {
    /// 0 = Tomcat, 1 + i = executor i (an empty pool for a virtual executor,
    /// so that pool indices stay aligned with executor indices).
    pub(super) pools: Vec<Pool>,
    pub(super) threads: Vec<Thread>,
}

impl Platform {
    pub(super) fn new(cfg: &Config) -> Self {
        let max = cfg.server.threads_max;
        // Tomcat's TaskQueue is unbounded unless Spring Boot's
        // max-queue-capacity bounds it; its pool grows to max before queueing.
        let tomcat = Pool::new(
            TOMCAT_THREAD_NAME,
            LaneKind::Tomcat,
            max,
            max,
            cfg.server.max_queue,
        );
        let executors = cfg.executors.iter().map(|e| match e.kind {
            ExecutorKind::Pool { core, max, queue } => {
                Pool::new(&e.name, LaneKind::Executor, core, max, queue)
            }
            ExecutorKind::Virtual { .. } => Pool::new(&e.name, LaneKind::Executor, 0, 0, 0),
        });
        Platform {
            pools: std::iter::once(tomcat).chain(executors).collect(),
            threads: Vec::new(),
        }
    }
}

/// A carrier thread of the virtual-thread scheduler.
#[derive(Clone, Debug)]
pub(super) struct Carrier {
    pub(super) fiber: u32,
    pub(super) lane: Option<u16>,
    pub(super) alive: bool,
}

/// The virtual-thread scheduler's carriers and its run queue.
#[derive(Debug, Default)]
pub(super) struct Carriers {
    /// Every carrier ever started, retired ones included.
    pub(super) list: Vec<Carrier>,
    /// Idle carriers, taken from the back.
    pub(super) idle: Vec<u32>,
    /// Virtual threads ready to run, waiting for a carrier (FIFO).
    pub(super) runnable: VecDeque<u32>,
    /// Carriers captured by file I/O or `Object.wait` that the scheduler
    /// compensates for with extra carriers.
    pub(super) compensating: u32,
}

/// Per-executor counters.
#[derive(Clone, Debug, Default)]
pub(super) struct ExecStats {
    pub(super) submitted: u64,
    pub(super) completed: u64,
    pub(super) rejected: u64,
    pub(super) first_submit: Option<Nanos>,
    pub(super) last_done: Nanos,
    /// Sum over finished tasks of the time from submission to start, ns.
    pub(super) queue_ns: f64,
    /// Sum over finished tasks of the time from submission to end, ns.
    pub(super) total_ns: f64,
    pub(super) peak_threads: u32,
    /// Virtual executor: tasks running (for the concurrency limit).
    pub(super) active: u32,
    /// Virtual executor: submitters blocked on the limit.
    pub(super) permit_waiters: VecDeque<u32>,
    /// Virtual executor: sum of the submitters' waits for a permit, ns.
    pub(super) permit_wait_ns: f64,
    /// Tasks finished after the client's end (the drain).
    pub(super) drain_done: u64,
    /// Their sum of the time from submission to start, ns.
    pub(super) drain_queue_ns: f64,
}

/// The `@Async` executors' counters.
#[derive(Debug)]
pub(super) struct Executors {
    /// Indexed like the scenario's executors.
    pub(super) stats: Vec<ExecStats>,
    /// Tasks accepted and not yet finished (the run waits for them).
    pub(super) pending: u64,
    /// Each executor's queued and running tasks at the client's end (empty
    /// before it).
    pub(super) at_client_end: Vec<super::drain::Backlog>,
    /// The task created last (a `fork` subtask's caller adopts it).
    pub(super) last_task: u32,
}

impl Executors {
    pub(super) fn new(n: usize) -> Self {
        Executors {
            stats: vec![ExecStats::default(); n],
            pending: 0,
            at_client_end: Vec::new(),
            last_task: NONE,
        }
    }
}

impl<T: Tracer> Engine<T> {
    /// Starts a platform thread in pool `pool` (not yet busy, not in idle).
    pub(super) fn new_thread(&mut self, pool: u32) -> u32 {
        let p = &mut self.platform.pools[pool as usize];
        p.alive += 1;
        let n = p.alive;
        let name = format!("{}-{n}", p.name);
        let kind = p.lane_kind;
        if pool > 0 {
            let stats = &mut self.execs.stats[pool as usize - 1];
            stats.peak_threads = stats.peak_threads.max(n);
        }
        let lane = self.rec.timeline.lane(name, kind, self.now);
        let fresh = self.warm.pays_thread_start();
        self.platform.threads.push(Thread {
            pool,
            n,
            lane,
            fresh,
        });
        self.gauge(Gauge::PlatformAlive, 1);
        (self.platform.threads.len() - 1) as u32
    }

    /// Starts a carrier thread and makes it available.
    pub(super) fn new_carrier(&mut self) -> u32 {
        let n = self.carriers.list.len() + 1;
        let lane = self.rec.timeline.lane(
            format!("ForkJoinPool-1-worker-{n}"),
            LaneKind::Carrier,
            self.now,
        );
        self.carriers.list.push(Carrier {
            fiber: NONE,
            lane,
            alive: true,
        });
        self.gauge(Gauge::CarriersAlive, 1);
        let c = (self.carriers.list.len() - 1) as u32;
        self.carriers.idle.push(c);
        c
    }

    /// The server accepted a request's connection, or a request came on a
    /// connection it kept: Tomcat's poller reads it and gives it a thread.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn arrive(&mut self, f: u32) {
        if self.mem.poller_died.is_some() {
            self.unread(f);
            return;
        }
        if self.gc.paused(self.now) {
            // A request on a kept connection (the acceptor takes none
            // during a pause): Tomcat's poller is stopped too, so it waits
            // in the socket's buffer until the pause ends.
            self.fibers[f as usize].phase = Phase::Held;
            self.gc.hold(f);
            return;
        }
        let fb = &mut self.fibers[f as usize];
        fb.in_server = true;
        // The first endpoint's handler (the only one without a mix) starts at 0.
        let start = match fb.endpoint {
            0 => 0,
            e => self.mix.starts[e as usize],
        };
        fb.pc = start + self.warm.entry;
        self.gauge(Gauge::InServer, 1);
        match self.cfg.server.mode {
            Mode::Platform => {
                self.fibers[f as usize].phase = Phase::Queued;
                self.move_to(f, Stage::ThreadWait);
                let reader = self.take_reader(self.fibers[f as usize].conn);
                if reader != NONE {
                    // The thread that answered this connection's last request
                    // read it at once, ahead of Tomcat's queue (`read_ahead`).
                    self.assign_thread(reader, f);
                } else {
                    self.pool_submit(0, f);
                }
            }
            Mode::Virtual => {
                self.fibers[f as usize].phase = Phase::Running;
                self.gauge(Gauge::VthreadsAlive, 1);
                self.make_runnable(f);
            }
        }
    }

    /// Request `f` reached Tomcat after its poller died: nothing reads its
    /// socket, so it waits until its client gives up (or the process ends).
    /// Its connection stays open on Tomcat's side: closing it is the
    /// poller's work too.
    fn unread(&mut self, f: u32) {
        if self.fibers[f as usize].abandoned {
            // Its client is gone already: only the slot is left.
            self.free_fiber(f);
            return;
        }
        self.trace(f, Note::Unread);
        self.fibers[f as usize].phase = Phase::Unread;
        self.mem.lost_to(MemoryLimit::Threads);
    }

    /// Tomcat's poller could not start a pool thread for request `f`
    /// (`ThreadPoolExecutor.addWorker`, called from its `execute`):
    /// `AbstractEndpoint.processSocket` and the poller's `processKey`
    /// rethrow the `OutOfMemoryError` (`ExceptionUtils.handleThrowable`
    /// rethrows every `VirtualMachineError`), and it leaves the poller's run
    /// loop: the poller thread dies, and with it every socket read, every
    /// keep-alive timeout and every close on Tomcat's side. Measured here on
    /// Tomcat 10.1.60 with Temurin 21, as with -XX:+ExitOnOutOfMemoryError.
    /// The request itself was taken off the poller's selector before the
    /// hand-over and is never read.
    fn poller_start_failed(&mut self, f: u32) {
        if self.thread_start_ends_jvm() {
            self.queue_for_thread(0, f);
            return;
        }
        self.mem.poller_died = Some(self.now);
        self.mem.hits[MemoryLimit::Threads as usize].did(LimitEffect::PollerDied);
        self.undo_arrival(f);
        self.unread(f);
    }

    /// Tomcat's executor queue is full (`max-queue-capacity`): its
    /// `execute` throws `RejectedExecutionException`, which
    /// `AbstractEndpoint.processSocket` logs ("Executor rejected socket …
    /// for processing") before the poller closes the socket unread.
    /// Measured here on Tomcat 10.1.60 (`maxQueueSize`): hey reads "EOF".
    fn tomcat_rejects(&mut self, f: u32) {
        self.undo_arrival(f);
        let c = self.fibers[f as usize].conn;
        if c != NONE {
            self.fibers[f as usize].conn = NONE;
            self.close(c, Closed::QueueFull);
        }
        self.server_closed(f);
    }

    /// Request `f` did not get into Tomcat after all: it leaves the server.
    fn undo_arrival(&mut self, f: u32) {
        self.fibers[f as usize].in_server = false;
        self.gauge(Gauge::InServer, -1);
    }

    /// A new platform thread of `pool`, if the OS lets it start.
    fn start_thread(&mut self, pool: u32) -> Result<u32, Room> {
        match self.thread_room() {
            Room::Yes => Ok(self.new_thread(pool)),
            refused => Err(refused),
        }
    }

    /// Gives fiber `f` a thread of `pool`: an idle one, a new one, or a queue
    /// slot, as `ThreadPoolExecutor.execute` (Tomcat's grows to its max
    /// before it queues). Says whether the pool took it.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn pool_submit(&mut self, pool: u32, f: u32) -> Taken {
        let p = &self.platform.pools[pool as usize];
        let (alive, core, max, queued, cap) =
            (p.alive, p.core, p.max, p.queue.len() as u32, p.queue_cap);
        let has_idle = !p.idle.is_empty();
        let tomcat = pool == 0;
        let thread = if tomcat {
            // Tomcat's TaskQueue makes its executor grow to max before queueing.
            if has_idle {
                self.platform.pools[0].idle.pop()
            } else if alive < max {
                match self.start_thread(0) {
                    Ok(t) => Some(t),
                    Err(Room::Refused) => {
                        self.poller_start_failed(f);
                        return Taken::StartFailed;
                    }
                    Err(_) => None,
                }
            } else if queued >= cap {
                self.tomcat_rejects(f);
                return Taken::Rejected;
            } else {
                None
            }
        } else if alive < core {
            // ThreadPoolExecutor: below core, always a new thread (its start
            // failing is thrown to the submitter)...
            match self.start_thread(pool) {
                Ok(t) => Some(t),
                Err(Room::Refused) => return Taken::StartFailed,
                Err(_) => None,
            }
        } else if has_idle {
            // ...else offer to the queue, where an idle worker takes it at once...
            self.platform.pools[pool as usize].idle.pop()
        } else if queued < cap || self.ending() {
            None
        } else if alive < max {
            // ...and only when the queue is full grow towards max...
            match self.start_thread(pool) {
                Ok(t) => Some(t),
                Err(Room::Refused) => return Taken::StartFailed,
                Err(_) => None,
            }
        } else {
            // ...and beyond that reject.
            return Taken::Rejected;
        };
        match thread {
            Some(t) => self.assign_thread(t, f),
            None => self.queue_for_thread(pool, f),
        }
        Taken::Yes
    }

    /// Fiber `f` waits in `pool`'s queue for a thread.
    fn queue_for_thread(&mut self, pool: u32, f: u32) {
        self.trace(f, Note::QueuedForThread { pool });
        self.platform.pools[pool as usize].queue.push_back(f);
        if pool == 0 {
            self.gauge(Gauge::TomcatQueue, 1);
        } else {
            self.fibers[f as usize].phase = Phase::TaskQueued;
            self.gauge(Gauge::ExecutorQueue, 1);
        }
    }

    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn assign_thread(&mut self, t: u32, f: u32) {
        let Thread { pool, n, .. } = self.platform.threads[t as usize];
        self.trace(f, Note::OnThread { pool, n });
        self.platform.pools[pool as usize].busy += 1;
        if pool == 0 {
            self.gauge(Gauge::TomcatBusy, 1);
        }
        let fb = &mut self.fibers[f as usize];
        fb.thread = t;
        fb.phase = Phase::Running;
        if fb.exec != NONE {
            fb.started = Some(self.now);
        }
        let lane = self.platform.threads[t as usize].lane;
        self.rec.timeline.set(lane, LaneState::Cpu, self.now);
        self.ready.push(f);
    }

    /// A platform thread is done with its fiber: next queued fiber or idle.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn release_thread(&mut self, t: u32) {
        self.thread_not_busy(t);
        self.hand_on(t);
    }

    /// Platform thread `t` is no longer busy with a fiber.
    #[inline]
    pub(super) fn thread_not_busy(&mut self, t: u32) {
        let pool = self.platform.threads[t as usize].pool;
        let p = &mut self.platform.pools[pool as usize];
        p.busy -= 1;
        if pool == 0 {
            self.gauge(Gauge::TomcatBusy, -1);
        }
        let lane = self.platform.threads[t as usize].lane;
        self.rec.timeline.set(lane, LaneState::Idle, self.now);
    }

    /// Free platform thread `t` takes its pool's next queued fiber or idles.
    #[inline]
    pub(super) fn hand_on(&mut self, t: u32) {
        let pool = self.platform.threads[t as usize].pool;
        if let Some(next) = self.platform.pools[pool as usize].queue.pop_front() {
            self.gauge(
                if pool == 0 {
                    Gauge::TomcatQueue
                } else {
                    Gauge::ExecutorQueue
                },
                -1,
            );
            self.assign_thread(t, next);
        } else {
            self.platform.pools[pool as usize].idle.push(t);
        }
    }

    /// A virtual thread is ready to run: queue it for a carrier.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub(super) fn make_runnable(&mut self, f: u32) {
        self.move_to(f, Stage::CarrierWait);
        self.carriers.runnable.push_back(f);
        self.gauge(Gauge::RunnableVthreads, 1);
        self.dispatch_carriers();
        if T::ON && self.fibers[f as usize].carrier == NONE {
            self.trace(f, Note::QueuedForCarrier);
        }
    }

    /// Mounts runnable virtual threads on idle carriers (FIFO).
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn dispatch_carriers(&mut self) {
        while !self.carriers.runnable.is_empty() {
            let Some(c) = self.carriers.idle.pop() else {
                return;
            };
            let f = self
                .carriers
                .runnable
                .pop_front()
                .expect("checked non-empty");
            self.gauge(Gauge::RunnableVthreads, -1);
            let carrier = &mut self.carriers.list[c as usize];
            carrier.fiber = f;
            let lane = carrier.lane;
            self.fibers[f as usize].carrier = c;
            self.trace(f, Note::Mounted { carrier: c });
            self.gauge(Gauge::CarriersBusy, 1);
            self.rec.timeline.set(lane, LaneState::Mounted, self.now);
            let fb = &mut self.fibers[f as usize];
            if fb.exec != NONE && fb.started.is_none() {
                fb.started = Some(self.now);
            }
            self.ready.push(f);
        }
    }

    /// A carrier has nothing mounted: retire it if compensation is over, else reuse.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn carrier_free(&mut self, c: u32) {
        let carrier = &mut self.carriers.list[c as usize];
        carrier.fiber = NONE;
        let lane = carrier.lane;
        self.gauge(Gauge::CarriersBusy, -1);
        self.rec.timeline.set(lane, LaneState::Idle, self.now);
        let target = self.cfg.server.carriers + self.carriers.compensating;
        if self.rec.series.get(Gauge::CarriersAlive) > target {
            self.carriers.list[c as usize].alive = false;
            self.gauge(Gauge::CarriersAlive, -1);
            return;
        }
        self.carriers.idle.push(c);
        self.dispatch_carriers();
    }

    /// Whether virtual thread `f`'s blocking `wait` needs the scheduler to
    /// start a compensating carrier (`block`) that the OS refuses: then
    /// `CarrierThread.beginBlocking` rethrows the `OutOfMemoryError` from
    /// `ForkJoinPool.tryCompensate` into the virtual thread before it
    /// blocks, and its request fails (`thread_out_of_memory`).
    pub(super) fn compensation_refused(&mut self, f: u32, wait: Wait) -> bool {
        let fb = &self.fibers[f as usize];
        let compensated = match wait {
            Wait::File => true,
            Wait::Condition => self.cfg.server.pins_in_sync(),
            _ => false,
        };
        if fb.thread != NONE
            || !compensated
            || self.rec.series.get(Gauge::CarriersAlive) >= self.cfg.server.max_pool_size
            || self.thread_room() != Room::Refused
        {
            return false;
        }
        self.thread_out_of_memory(f);
        true
    }

    /// Fiber `f` blocks for `wait`. Decides pinning and frees what it frees.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn block(&mut self, f: u32, wait: Wait) {
        let now = self.now;
        let fb = &mut self.fibers[f as usize];
        fb.wait = wait;
        let state = if matches!(wait, Wait::Io | Wait::File | Wait::Backoff) {
            LaneState::Blocked
        } else {
            LaneState::Waiting
        };
        if fb.thread != NONE {
            let lane = self.platform.threads[fb.thread as usize].lane;
            self.rec.timeline.set(lane, state, now);
            self.move_to(f, stage_of(wait));
            if let Some(on) = wait.waits_for() {
                self.trace(f, Note::Blocked { on, pinned: false });
            }
            return;
        }
        let pins_in_sync = self.cfg.server.pins_in_sync();
        let compensated = match wait {
            Wait::File => true,
            Wait::Condition => pins_in_sync,
            _ => false,
        };
        let pinned = compensated
            || match wait {
                // Waiting to enter a contended monitor holds the carrier before JEP 491.
                Wait::Monitor => pins_in_sync,
                Wait::Condition => false,
                _ => pins_in_sync && fb.sync_depth > 0,
            };
        let c = fb.carrier;
        debug_assert!(c != NONE, "a running virtual thread is mounted");
        fb.pinned = pinned;
        if pinned && wait != Wait::File {
            self.move_to(f, Stage::Pinned);
        } else {
            self.move_to(f, stage_of(wait));
        }
        if let Some(on) = wait.waits_for() {
            self.trace(f, Note::Blocked { on, pinned });
        }
        if pinned {
            let lane = self.carriers.list[c as usize].lane;
            self.rec.timeline.set(lane, LaneState::Pinned, now);
            if wait != Wait::File {
                // File I/O captures the carrier too, but that is not called pinning.
                self.gauge(Gauge::CarriersPinned, 1);
            }
            if compensated {
                // The scheduler compensates for the captured carrier.
                self.carriers.compensating += 1;
                // A refused start was handled before the block
                // (`compensation_refused`); one while the process ends is
                // not tried.
                if self.rec.series.get(Gauge::CarriersAlive) < self.cfg.server.max_pool_size
                    && self.thread_room() == Room::Yes
                {
                    self.new_carrier();
                    self.dispatch_carriers();
                }
            }
        } else {
            self.fibers[f as usize].carrier = NONE;
            self.gauge(Gauge::VthreadsUnmounted, 1);
            self.carrier_free(c);
        }
    }

    /// Fiber `f`'s wait is over: it runs again (or queues for a carrier).
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn wake(&mut self, f: u32) {
        self.trace(f, Note::Woke);
        let fb = &mut self.fibers[f as usize];
        let wait = std::mem::replace(&mut fb.wait, Wait::None);
        if fb.thread != NONE {
            fb.wake_cs = true;
            let lane = self.platform.threads[fb.thread as usize].lane;
            self.rec.timeline.set(lane, LaneState::Cpu, self.now);
            self.ready.push(f);
        } else if fb.pinned {
            fb.pinned = false;
            let lane = self.carriers.list[fb.carrier as usize].lane;
            self.rec.timeline.set(lane, LaneState::Mounted, self.now);
            if wait == Wait::File || wait == Wait::Condition {
                self.carriers.compensating -= 1;
            }
            if wait != Wait::File {
                self.gauge(Gauge::CarriersPinned, -1);
            }
            self.ready.push(f);
        } else {
            self.gauge(Gauge::VthreadsUnmounted, -1);
            self.make_runnable(f);
        }
    }

    /// The fiber's program ended (or failed): free its thread, deliver, count.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub(super) fn end_fiber(&mut self, f: u32) {
        self.release_held(f);
        // Only these fields are read below (a copy of the whole fiber costs more).
        let fb = &self.fibers[f as usize];
        let fb = Ended {
            thread: fb.thread,
            wait: fb.wait,
            pinned: fb.pinned,
            carrier: fb.carrier,
            exec: fb.exec,
        };
        if fb.thread != NONE {
            self.fibers[f as usize].thread = NONE;
            if fb.exec == NONE && self.reads_ahead(f) {
                self.read_ahead(f, fb.thread);
                return;
            }
            self.release_thread(fb.thread);
        } else {
            self.gauge(Gauge::VthreadsAlive, -1);
            if fb.wait != Wait::None && !fb.pinned {
                // Failed while unmounted (a pool timeout): no carrier to free.
                self.gauge(Gauge::VthreadsUnmounted, -1);
            }
            if fb.pinned {
                self.gauge(Gauge::CarriersPinned, -1);
            }
            if fb.carrier != NONE {
                self.fibers[f as usize].carrier = NONE;
                self.carrier_free(fb.carrier);
            }
        }
        if fb.exec != NONE {
            self.trace(f, Note::Ended);
            self.task_done(f);
        } else {
            self.fibers[f as usize].in_server = false;
            self.gauge(Gauge::InServer, -1);
            self.deliver(f);
        }
    }

    /// Fails a request (HTTP 500) or a task with `cause` and ends it.
    pub(super) fn fail(&mut self, f: u32, cause: ResponseCause) {
        self.fibers[f as usize].cause = cause;
        self.end_fiber(f);
    }

    /// What a task executor `e` would not take fails its request with:
    /// `BulkheadFullException` from a thread-pool bulkhead, Spring's
    /// `TaskRejectedException` from any other pool.
    #[cold]
    pub(super) fn rejected_as(&self, e: u16) -> ResponseCause {
        match executor_role(&self.cfg.executors[e as usize].name) {
            ExecutorRole::Bulkhead => ResponseCause::BulkheadFull,
            _ => ResponseCause::TaskRejected,
        }
    }

    /// Submits an async body starting at `body` to executor `e` for `caller`,
    /// and says what became of it: accepted (running or queued), rejected
    /// (`TaskRejectedException`), or the caller blocked for a permit of a
    /// virtual executor at its concurrency limit.
    pub(super) fn submit_task(&mut self, e: u32, body: u32, caller: u32) -> Submit {
        self.execs.stats[e as usize].submitted += 1;
        if self.execs.stats[e as usize].first_submit.is_none() {
            self.execs.stats[e as usize].first_submit = Some(self.now);
        }
        match self.cfg.executors[e as usize].kind {
            ExecutorKind::Pool { .. } => {
                let t = self.new_task(e, body);
                self.trace(
                    caller,
                    Note::Submitted {
                        executor: e,
                        task: t,
                    },
                );
                match self.pool_submit(e + 1, t) {
                    Taken::Yes => {
                        self.execs.pending += 1;
                        self.owe_task(t, caller);
                        Submit::Accepted
                    }
                    Taken::Rejected => {
                        self.trace(caller, Note::Rejected { executor: e });
                        self.execs.stats[e as usize].rejected += 1;
                        self.fibers[t as usize].phase = Phase::Running;
                        self.free_fiber(t);
                        Submit::Rejected
                    }
                    Taken::StartFailed => {
                        // `execute` threw: the task never entered the pool.
                        self.execs.stats[e as usize].submitted -= 1;
                        self.fibers[t as usize].phase = Phase::Running;
                        self.free_fiber(t);
                        Submit::OutOfMemory
                    }
                }
            }
            ExecutorKind::Virtual { limit } => {
                if limit.is_some_and(|l| self.execs.stats[e as usize].active >= l) {
                    let fb = &mut self.fibers[caller as usize];
                    fb.pending_body = body;
                    fb.wait_since = self.now;
                    self.execs.stats[e as usize]
                        .permit_waiters
                        .push_back(caller);
                    return Submit::Blocked;
                }
                self.start_virtual_task(e, body, caller);
                Submit::Accepted
            }
        }
    }

    fn new_task(&mut self, e: u32, body: u32) -> u32 {
        let t = self.alloc_fiber();
        self.execs.last_task = t;
        let fb = &mut self.fibers[t as usize];
        fb.exec = e;
        fb.pc = body;
        fb.sent = self.now;
        fb.phase = Phase::Running;
        // A subtask's stages are read by the request that joins it.
        let stopped = self.gc.stopped_until(self.now);
        self.fibers[t as usize].spent = Spent::begin(Stage::ExecutorWait, self.now, stopped);
        t
    }

    fn start_virtual_task(&mut self, e: u32, body: u32, caller: u32) {
        let t = self.new_task(e, body);
        self.trace(
            caller,
            Note::Submitted {
                executor: e,
                task: t,
            },
        );
        self.execs.stats[e as usize].active += 1;
        self.execs.pending += 1;
        self.owe_task(t, caller);
        self.gauge(Gauge::VthreadsAlive, 1);
        self.make_runnable(t);
    }

    /// The task just submitted is a `fork` subtask of `caller`, which joins it.
    pub(super) fn adopt(&mut self, caller: u32) {
        let t = self.execs.last_task;
        self.fibers[t as usize].parent = caller;
        self.fibers[caller as usize].children += 1;
    }

    /// A `fork` subtask ended: its caller wakes when it was the last.
    fn orphan(&mut self, t: u32) {
        let parent = std::mem::replace(&mut self.fibers[t as usize].parent, NONE);
        if parent == NONE {
            return;
        }
        let failed = self.fibers[t as usize].cause;
        let p = &mut self.fibers[parent as usize];
        if matches!(p.phase, Phase::Free | Phase::Dead) || p.children == 0 {
            return;
        }
        p.children -= 1;
        if failed != ResponseCause::Ok && p.cause == ResponseCause::Ok {
            // `join` will throw the subtask's exception: the request
            // fails with it once it has joined them all.
            p.cause = failed;
        }
        if p.children == 0 && p.wait == Wait::Join {
            let stopped = self.gc.stopped_until(self.now);
            self.move_to(t, Stage::Client);
            let child = self.fibers[t as usize].spent;
            (self.fibers[parent as usize].spent).joined(&child, self.now, stopped);
            self.wake(parent);
        }
    }

    /// A task ended: count it and let a blocked submitter in.
    fn task_done(&mut self, f: u32) {
        self.orphan(f);
        let fb = &self.fibers[f as usize];
        let e = fb.exec;
        let (sent, started, owner) = (fb.sent, fb.started.unwrap_or(self.now), fb.worker);
        let stats = &mut self.execs.stats[e as usize];
        stats.completed += 1;
        stats.last_done = self.now;
        stats.queue_ns += ns_f64(started - sent);
        stats.total_ns += ns_f64(self.now - sent);
        if self.client.end.is_some() {
            stats.drain_done += 1;
            stats.drain_queue_ns += ns_f64(started - sent);
        }
        self.execs.pending -= 1;
        self.rec.series.task_done();
        self.free_fiber(f);
        if let ExecutorKind::Virtual { .. } = self.cfg.executors[e as usize].kind {
            self.execs.stats[e as usize].active -= 1;
            let stats = &mut self.execs.stats[e as usize];
            if let Some(caller) = stats.permit_waiters.pop_front() {
                stats.permit_wait_ns += ns_f64(self.now - self.fibers[caller as usize].wait_since);
                let body = std::mem::replace(&mut self.fibers[caller as usize].pending_body, NONE);
                self.start_virtual_task(e, body, caller);
                match self.cfg.program.ops[self.fibers[caller as usize].pc as usize] {
                    Op::Async { resume, .. } => self.fibers[caller as usize].pc = resume,
                    Op::Fork { resume, .. } => {
                        self.adopt(caller);
                        self.fibers[caller as usize].pc = resume;
                    }
                    _ => {}
                }
                self.wake(caller);
            }
        }
        self.owed_task_ended(owner);
    }
}

/// The stage a fiber blocked for `wait` is in, unless it pins its carrier.
#[inline(always)]
fn stage_of(wait: Wait) -> Stage {
    match wait {
        Wait::None | Wait::Io | Wait::File | Wait::Condition => Stage::Io,
        Wait::DbConn => Stage::DbPoolWait,
        Wait::Monitor | Wait::Lock => Stage::LockWait,
        Wait::Permit => Stage::ExecutorWait,
        Wait::Lease => Stage::LeaseWait,
        Wait::Bulkhead => Stage::BulkheadWait,
        Wait::Backoff => Stage::Backoff,
        // A stage of its own would cost every request: it shares this one.
        Wait::RateLimiter => Stage::BulkheadWait,
        // Waiting for its subtasks: blocked in service, as on a socket.
        Wait::Join => Stage::Io,
    }
}

/// What `end_fiber` needs of the fiber it ends.
struct Ended {
    thread: u32,
    wait: Wait,
    pinned: bool,
    carrier: u32,
    exec: u32,
}

/// What happened to an `@Async` submission.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Submit {
    /// Running or queued.
    Accepted,
    /// `TaskRejectedException`.
    Rejected,
    /// The caller waits for a permit.
    Blocked,
    /// The pool needed a new thread and the OS refused it: `execute` threw
    /// `OutOfMemoryError: unable to create native thread` to the caller
    /// (Spring's `ThreadPoolTaskExecutor` translates only rejections).
    OutOfMemory,
}

/// Whether a pool took a fiber (`pool_submit`).
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Taken {
    /// It runs or waits in the pool's queue.
    Yes,
    /// The pool is at its max and its queue full.
    Rejected,
    /// The pool had to start a thread and the OS refused it.
    StartFailed,
}
