//! The event loop and the state it drives.
//!
//! A **fiber** is one execution of a program: a request's handler or an
//! `@Async` task. It runs on a platform thread (a Tomcat or executor pool
//! thread) or on a virtual thread that must be mounted on a carrier to run.
//! The loop pops the earliest event, lets the owning part react (client,
//! server threads, interpreter), then runs every fiber made ready until each
//! blocks again. Nothing here reads a clock or does I/O.
//!
//! Submodules, all `impl Engine`:
//! * `client`: load generators, connections, timeouts, what the client counts;
//! * `threads`: Tomcat and executor pools, carriers, mounting, pinning;
//! * `interp`: the program interpreter (cpu, io, db, monitors, async);
//! * `finish`: turning the collected state into a [`Report`].
//!
//! Inlining: the functions every request passes through (here, in the
//! queue and in the CPU model) are inlined always in WebAssembly, where V8
//! treats every register as caller-saved, so each call spills whatever the
//! event loop holds: that made the wasm build 5–22 % faster in Chromium. Natively
//! the compiler's own choice is 4–7 % faster than forcing it, so the
//! attributes apply to `wasm32` only.

mod client;
mod finish;
mod interp;
mod threads;

use std::collections::{BTreeMap, VecDeque};

use hdrhistogram::Histogram;

use super::config::{Config, ExecutorKind, LoadKind, Mode};
use super::cpu::{Cpu, Wakes};
use super::queue::{Event, Queue};
use super::report::{Outcome, Report};
use super::rng::Rng;
use super::series::{Gauge, Series};
use super::time::{Nanos, SEC};
use super::timeline::{LaneKind, TimelineRecorder};

/// "No index" marker for fiber, thread and carrier references.
pub(crate) const NONE: u32 = u32::MAX;

/// Where a fiber is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Slot unused.
    Free,
    /// The load client burns CPU to send the request.
    ClientCpu,
    /// Waiting for the server to accept the connection (backlog or SYN retry).
    Connecting,
    /// Accepted; waiting for a Tomcat thread.
    Queued,
    /// On a thread (running, blocked or waiting).
    Running,
    /// A task waiting in an executor queue.
    TaskQueued,
}

/// What a blocked fiber waits for (decides pinning and the timeline state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wait {
    /// Not waiting.
    None,
    /// Socket or sleep.
    Io,
    /// File I/O (carrier captured, scheduler compensates).
    File,
    /// `Object.wait()` (pinned with compensation before JDK 24).
    Condition,
    /// A HikariCP connection.
    DbConn,
    /// A shared `synchronized` monitor.
    Monitor,
    /// A shared `ReentrantLock`.
    Lock,
    /// A concurrency-limit permit of a virtual-thread executor.
    Permit,
}

/// Names of [`Cause`]s in reports, in the order of its variants.
const RESPONSE_CAUSES: [&str; 3] = ["ok", "pool_timeout", "task_rejected"];

/// Why a request got the response it got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    Ok,
    PoolTimeout,
    TaskRejected,
}

/// One execution of a program (request handler or async task).
#[derive(Clone, Debug)]
struct Fiber {
    phase: Phase,
    /// Sequence number of its armed client timeout (0: none), so that a
    /// timeout armed in the slot's previous life is recognised as stale.
    timeout_seq: u64,
    /// Sequence number of its armed HikariCP timeout (0: none).
    db_timeout_seq: u64,
    /// Program counter.
    pc: u32,
    /// Executor index for tasks, `NONE` for requests.
    exec: u32,
    /// Platform thread it runs on, or `NONE` (virtual thread).
    thread: u32,
    /// Carrier it is mounted on (virtual), or `NONE`.
    carrier: u32,
    /// `synchronized` blocks currently held (own or shared).
    sync_depth: u16,
    /// Bit i set = holds shared monitor/lock i.
    held: u64,
    /// What it is blocked on.
    wait: Wait,
    /// Blocked while keeping its carrier (pinned or captured).
    pinned: bool,
    /// A platform thread woke from blocking: its next CPU burst pays a switch.
    wake_cs: bool,
    /// Token of the current DB wait (stale timeouts compare it).
    wait_token: u32,
    /// Closed-loop worker, or `NONE` (open loop or task).
    worker: u32,
    /// When the client sent it (requests) or when it was submitted (tasks).
    sent: Nanos,
    /// When the current DB wait began.
    wait_since: Nanos,
    /// When a task started running.
    started: Option<Nanos>,
    /// The client gave up (timed out); the server may still be working.
    abandoned: bool,
    /// The client already counted this request (response or error).
    counted: bool,
    /// Holds a server connection slot.
    conn: bool,
    /// Accepted by the server (counts as in the server).
    in_server: bool,
    /// SYN retries so far.
    syn_tries: u8,
    /// Response cause so far.
    cause: Cause,
    /// Async body waiting for a permit (virtual executor with a limit).
    pending_body: u32,
}

impl Fiber {
    fn free() -> Self {
        Fiber {
            phase: Phase::Free,
            timeout_seq: 0,
            db_timeout_seq: 0,
            pc: 0,
            exec: NONE,
            thread: NONE,
            carrier: NONE,
            sync_depth: 0,
            held: 0,
            wait: Wait::None,
            pinned: false,
            wake_cs: false,
            wait_token: 0,
            worker: NONE,
            sent: 0,
            wait_since: 0,
            started: None,
            abandoned: false,
            counted: false,
            conn: false,
            in_server: false,
            syn_tries: 0,
            cause: Cause::Ok,
            pending_body: NONE,
        }
    }
}

/// A closed-loop worker (hey worker, JMeter user).
#[derive(Clone, Debug)]
struct Worker {
    /// Requests it still has to send (`u64::MAX` = until the duration ends).
    left: u64,
    /// Owns an idle keep-alive connection slot.
    conn: bool,
}

/// A platform thread.
#[derive(Clone, Debug)]
struct Thread {
    /// Pool index: 0 = Tomcat, 1 + i = executor i.
    pool: u32,
    /// Timeline lane, if it has one.
    lane: Option<u16>,
}

/// A pool of platform threads (Tomcat's or a `ThreadPoolTaskExecutor`).
#[derive(Clone, Debug)]
struct Pool {
    core: u32,
    max: u32,
    queue_cap: u32,
    alive: u32,
    busy: u32,
    idle: Vec<u32>,
    queue: VecDeque<u32>,
    lane_kind: LaneKind,
    name: String,
}

/// A carrier thread of the virtual-thread scheduler.
#[derive(Clone, Debug)]
struct Carrier {
    fiber: u32,
    lane: Option<u16>,
    alive: bool,
}

/// A shared monitor or lock.
#[derive(Clone, Debug, Default)]
struct Monitor {
    owner: u32,
    depth: u32,
    waiters: VecDeque<u32>,
}

/// Per-executor counters.
#[derive(Clone, Debug, Default)]
struct ExecStats {
    submitted: u64,
    completed: u64,
    rejected: u64,
    first_submit: Option<Nanos>,
    last_done: Nanos,
    queue_ns: f64,
    total_ns: f64,
    peak_threads: u32,
    /// Virtual executor: tasks running (for the concurrency limit).
    active: u32,
    /// Virtual executor: submitters blocked on the limit.
    permit_waiters: VecDeque<u32>,
}

/// The whole simulated world.
pub struct Engine {
    cfg: Config,
    rng: Rng,
    queue: Queue,
    now: Nanos,
    events: u64,
    cpu: Cpu,
    wakes: Wakes,
    cpu_done: Vec<u32>,
    /// Fibers made ready by the current event, run in order by `drain_ready`.
    ready: Vec<u32>,

    fibers: Vec<Fiber>,
    free_fibers: Vec<u32>,
    workers: Vec<Worker>,
    open_left: u64,
    /// Client OS threads free to do a request's client-side CPU work.
    client_threads_free: u32,
    /// Requests whose client-side CPU work waits for a client thread.
    client_queue: VecDeque<u32>,
    /// Open loop at its limit: arrivals waiting to be sent (when they were due).
    delayed: VecDeque<Nanos>,
    /// Open loop at its limit: arrivals dropped.
    dropped: u64,
    /// Which client OS thread took the last piece of client work.
    client_thread_next: u32,
    stopping: bool,

    backlog: VecDeque<u32>,
    threads: Vec<Thread>,
    pools: Vec<Pool>,
    carriers: Vec<Carrier>,
    idle_carriers: Vec<u32>,
    runnable: VecDeque<u32>,
    compensating: u32,
    monitors: Vec<Monitor>,
    db_free: u32,
    db_waiters: VecDeque<(u32, u32)>,
    db_wait_ns: f64,
    db_acquired: u64,
    execs: Vec<ExecStats>,
    tasks_pending: u64,

    // What the client counts.
    sent: u64,
    results: u64,
    succeeded: u64,
    /// Responses by cause, indexed by `Cause as usize` (names in `RESPONSE_CAUSES`).
    responses: [u64; 3],
    errors: BTreeMap<&'static str, u64>,
    latency: Histogram<u64>,
    latency_sum_ns: f64,
    latency_min_ns: u64,
    latency_max_ns: u64,
    client_time_ns: f64,
    last_result: Nanos,
    client_end: Option<Nanos>,
    syn_drops: u64,
    abandoned: u64,

    series: Series,
    peaks: [u32; super::series::GAUGES],
    /// Memory in use now, bytes, kept up to date by [`Engine::gauge`].
    memory: u64,
    timeline: TimelineRecorder,
    peak_memory: u64,
    outcome: Option<(Outcome, String)>,
}

impl Engine {
    /// Builds the world at time zero.
    pub fn new(cfg: Config) -> Self {
        let s = &cfg.server;
        let mut pools = vec![Pool {
            core: s.threads_max,
            max: s.threads_max,
            queue_cap: u32::MAX,
            alive: 0,
            busy: 0,
            idle: Vec::new(),
            queue: VecDeque::new(),
            lane_kind: LaneKind::Tomcat,
            name: "http-nio-8080-exec".into(),
        }];
        for e in &cfg.executors {
            if let ExecutorKind::Pool { core, max, queue } = e.kind {
                pools.push(Pool {
                    core,
                    max,
                    queue_cap: queue,
                    alive: 0,
                    busy: 0,
                    idle: Vec::new(),
                    queue: VecDeque::new(),
                    lane_kind: LaneKind::Executor,
                    name: e.name.clone(),
                });
            } else {
                // Keeps pool indices aligned with executor indices.
                pools.push(Pool {
                    core: 0,
                    max: 0,
                    queue_cap: 0,
                    alive: 0,
                    busy: 0,
                    idle: Vec::new(),
                    queue: VecDeque::new(),
                    lane_kind: LaneKind::Executor,
                    name: e.name.clone(),
                });
            }
        }
        let record = &cfg.record;
        let initial_width = match cfg.load.duration {
            Some(d) => (d / record.series_buckets.max(1) as u64).max(1000),
            None => SEC / 1000,
        };
        let errors = ["client_timeout", "connect_failed"]
            .into_iter()
            .map(|k| (k, 0))
            .collect();
        let cpu = Cpu::new(s.cpu_model, s.cores, s.quantum, s.context_switch);
        let monitors = vec![
            Monitor {
                owner: NONE,
                ..Default::default()
            };
            cfg.program.monitors.len()
        ];
        let db_free = cfg.db.pool_size;
        let execs = vec![ExecStats::default(); cfg.executors.len()];
        let rng = Rng::new(cfg.seed);
        let series = Series::new(record.series_buckets, initial_width);
        let timeline = TimelineRecorder::new(
            record.timeline_start,
            record.timeline_window,
            record.timeline_lanes,
        );
        let mut engine = Engine {
            rng,
            queue: Queue::default(),
            now: 0,
            events: 0,
            cpu,
            wakes: Vec::new(),
            cpu_done: Vec::new(),
            ready: Vec::new(),
            fibers: Vec::new(),
            free_fibers: Vec::new(),
            workers: Vec::new(),
            open_left: 0,
            client_threads_free: cfg.load.client_threads,
            client_queue: VecDeque::new(),
            client_thread_next: 0,
            delayed: VecDeque::new(),
            dropped: 0,
            stopping: false,
            backlog: VecDeque::new(),
            threads: Vec::new(),
            pools,
            carriers: Vec::new(),
            idle_carriers: Vec::new(),
            runnable: VecDeque::new(),
            compensating: 0,
            monitors,
            db_free,
            db_waiters: VecDeque::new(),
            db_wait_ns: 0.0,
            db_acquired: 0,
            execs,
            tasks_pending: 0,
            sent: 0,
            results: 0,
            succeeded: 0,
            responses: [0; 3],
            errors,
            // 1 µs to 1 hour at 3 significant digits; the bounds are constants,
            // so construction cannot fail.
            latency: Histogram::new_with_bounds(1, 3_600_000_000, 3)
                .expect("constant histogram bounds are valid"),
            latency_sum_ns: 0.0,
            latency_min_ns: u64::MAX,
            latency_max_ns: 0,
            client_time_ns: 0.0,
            last_result: 0,
            client_end: None,
            syn_drops: 0,
            abandoned: 0,
            series,
            peaks: [0; super::series::GAUGES],
            memory: cfg.memory.base,
            timeline,
            peak_memory: 0,
            outcome: None,
            cfg,
        };
        engine.start();
        engine
    }

    /// Starts threads that exist before the first request, and the load.
    fn start(&mut self) {
        let (mode, spare, carriers) = (
            self.cfg.server.mode,
            self.cfg.server.min_spare.min(self.cfg.server.threads_max),
            self.cfg.server.carriers,
        );
        if mode == Mode::Platform {
            for _ in 0..spare {
                let t = self.new_thread(0);
                self.pools[0].idle.push(t);
            }
        }
        if mode == Mode::Virtual
            || self
                .cfg
                .executors
                .iter()
                .any(|e| matches!(e.kind, ExecutorKind::Virtual { .. }))
        {
            for _ in 0..carriers {
                self.new_carrier();
            }
            // Idle carriers are taken from the back: keep worker-1 first.
            self.idle_carriers.reverse();
        }
        self.start_load();
    }

    /// Changes a gauge by `delta` now, tracking its peak and the memory in use.
    #[inline]
    fn gauge(&mut self, g: Gauge, delta: i32) {
        let Some(v) = self.series.add(g, delta) else {
            return;
        };
        // Gauges change only here, so a peak can only be passed going up.
        if delta > 0 {
            let p = &mut self.peaks[g as usize];
            if v > *p {
                *p = v;
            }
        }
        // `g` is a constant at every call site, so this folds to nothing for
        // gauges that hold no memory.
        let weight = memory_per_unit(&self.cfg.memory, g) as i64;
        self.memory = self
            .memory
            .wrapping_add((delta as i64).wrapping_mul(weight) as u64);
    }

    /// Allocates a fiber slot.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn alloc_fiber(&mut self) -> u32 {
        let id = match self.free_fibers.pop() {
            Some(id) => id,
            None => {
                self.fibers.push(Fiber::free());
                (self.fibers.len() - 1) as u32
            }
        };
        // The wait token survives reuse: a stale entry for this slot in the
        // HikariCP waiter queue must not match the new fiber's first wait.
        let wait_token = self.fibers[id as usize].wait_token;
        self.fibers[id as usize] = Fiber {
            wait_token,
            ..Fiber::free()
        };
        id
    }

    /// Returns a fiber slot.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn free_fiber(&mut self, f: u32) {
        let fb = &mut self.fibers[f as usize];
        debug_assert!(fb.phase != Phase::Free, "fiber freed twice");
        fb.phase = Phase::Free;
        self.free_fibers.push(f);
    }

    /// Processes up to `budget` events; returns true when the run is over.
    /// The playground calls this in slices so the browser stays responsive
    /// (and V8 optimises the loop between calls).
    pub fn advance(&mut self, budget: u64) -> bool {
        let max_events = self.cfg.limits.max_events;
        let max_time = self.cfg.limits.max_time;
        let stop_at = self.events.saturating_add(budget);
        loop {
            self.drain_ready();
            if self.outcome.is_some() || self.finished() {
                return true;
            }
            if self.events >= stop_at {
                return false;
            }
            let Some((at, seq, event)) = self.queue.pop() else {
                if self.results < self.sent {
                    self.outcome = Some((
                        Outcome::Deadlock,
                        format!(
                            "{} requests can never finish: nothing is scheduled while they wait (no client timeout is set)",
                            self.sent - self.results
                        ),
                    ));
                }
                return true;
            };
            if at > max_time {
                self.outcome = Some((
                    Outcome::BudgetExceeded,
                    format!(
                        "stopped at the simulated-time budget of {:.1} s",
                        max_time as f64 / 1e9
                    ),
                ));
                return true;
            }
            self.now = at;
            self.series.tick(at);
            self.events += 1;
            if self.events > max_events {
                self.outcome = Some((
                    Outcome::BudgetExceeded,
                    format!("stopped at the budget of {max_events} events"),
                ));
                return true;
            }
            self.handle(event, seq);
            self.check_memory();
        }
    }

    /// Rough fraction of the run done (0–1), for progress bars.
    pub fn progress(&self) -> f64 {
        if self.finished() {
            return 1.0;
        }
        let load = &self.cfg.load;
        if let Some(d) = load.duration {
            return (self.now as f64 / d as f64).min(1.0);
        }
        let total = match load.kind {
            LoadKind::Closed {
                concurrency, loops, ..
            } => match loops {
                Some(l) => l.saturating_mul(concurrency as u64),
                None => load.requests.unwrap_or(0) / concurrency as u64 * concurrency as u64,
            },
            LoadKind::Open { .. } => load.requests.unwrap_or(0),
        };
        if total == 0 {
            1.0
        } else {
            (self.results as f64 / total as f64).min(1.0)
        }
    }

    /// Events processed so far.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// Ends the run where it is and reports.
    pub fn finish(self) -> Report {
        self.report()
    }

    /// Whether the run is over: the client is done and no async task is left.
    #[inline]
    fn finished(&self) -> bool {
        self.stopping || (self.client_end.is_some() && self.tasks_pending == 0)
    }

    #[inline]
    fn handle(&mut self, event: Event, seq: u64) {
        match event {
            Event::WorkerSend(w) => self.worker_send(w),
            Event::Arrival => self.open_arrival(),
            Event::SynRetry(f) => self.syn_retry(f),
            Event::ClientTimeout(f) => self.client_timeout(f, seq),
            Event::WaitDone(f) => self.wait_done(f),
            Event::PoolTimeout(f) => self.pool_timeout(f, seq),
            Event::CpuCheck(stamp) => {
                let mut done = std::mem::take(&mut self.cpu_done);
                self.cpu.check(self.now, stamp, &mut done, &mut self.wakes);
                self.flush_wakes();
                self.gauge_cpu();
                for f in done.drain(..) {
                    self.cpu_finished(f);
                }
                self.cpu_done = done;
            }
            Event::Stop => self.stop(),
        }
    }

    /// Schedules the CPU model's requested checks.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn flush_wakes(&mut self) {
        for (at, stamp) in self.wakes.drain(..) {
            self.queue.push(at, Event::CpuCheck(stamp));
        }
    }

    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn gauge_cpu(&mut self) {
        let busy = self.cpu.busy_cores() as i32;
        let cur = self.series.get(Gauge::CpuBusy) as i32;
        if busy != cur {
            self.gauge(Gauge::CpuBusy, busy - cur);
        }
    }

    /// Gives a fiber `demand` ns of CPU; it continues when the CPU finishes.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn start_cpu(&mut self, f: u32, demand: Nanos) {
        // The OS sees threads, not requests: a carrier running one virtual
        // thread after another is one thread, so no switch is paid between them.
        let fb = &self.fibers[f as usize];
        let thread = if fb.thread != NONE {
            fb.thread
        } else if fb.carrier != NONE {
            0x4000_0000 | fb.carrier
        } else {
            self.client_thread_next =
                (self.client_thread_next + 1) % self.cfg.load.client_threads.max(1);
            0x8000_0000 | self.client_thread_next
        };
        self.cpu.add(self.now, f, thread, demand, &mut self.wakes);
        self.flush_wakes();
        self.gauge_cpu();
    }

    fn cpu_finished(&mut self, f: u32) {
        match self.fibers[f as usize].phase {
            Phase::ClientCpu => self.client_cpu_done(f),
            _ => self.ready.push(f),
        }
    }

    /// Runs every ready fiber until it blocks.
    #[inline]
    fn drain_ready(&mut self) {
        // A list and a cursor rather than a deque: fibers stepped here may
        // make more ready, and all of them run before the next event.
        let mut next = 0;
        while let Some(&f) = self.ready.get(next) {
            next += 1;
            self.step(f);
        }
        self.ready.clear();
    }

    #[inline]
    fn check_memory(&mut self) {
        let used = self.memory;
        if used > self.peak_memory {
            self.peak_memory = used;
            if used > self.cfg.memory.limit && self.outcome.is_none() {
                self.outcome = Some((
                    Outcome::OutOfMemory,
                    format!(
                        "out of memory at {:.3} s: {:.0} MB needed, limit {:.0} MB",
                        self.now as f64 / 1e9,
                        used as f64 / 1048576.0,
                        self.cfg.memory.limit as f64 / 1048576.0
                    ),
                ));
            }
        }
    }

    /// Whether the load is closed-loop.
    fn closed(&self) -> bool {
        matches!(self.cfg.load.kind, LoadKind::Closed { .. })
    }
}

/// Bytes each unit of a gauge holds (a thread, a stack chunk, a connection,
/// a request); 0 for gauges that hold no memory.
#[inline(always)]
fn memory_per_unit(m: &super::config::Memory, g: Gauge) -> u64 {
    match g {
        Gauge::PlatformAlive | Gauge::CarriersAlive => m.platform_thread,
        Gauge::VthreadsAlive => m.virtual_thread,
        Gauge::VthreadsUnmounted => m.stack_chunk,
        Gauge::Connections => m.connection,
        Gauge::InServer => m.request,
        _ => 0,
    }
}

/// Runs one simulation to its end (or its budget).
pub fn run(cfg: &Config) -> Report {
    let mut engine = Engine::new(cfg.clone());
    while !engine.advance(u64::MAX) {}
    engine.finish()
}
