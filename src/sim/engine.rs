//! The event loop and the state it drives.
//!
//! A **fiber** is one execution of a program: a request's handler or an
//! `@Async` task. It runs on a platform thread (a Tomcat or executor pool
//! thread) or on a virtual thread that must be mounted on a carrier to run.
//! The loop pops the earliest event, lets the owning part react (client,
//! server threads, interpreter), then runs every fiber made ready until each
//! blocks again. Nothing here reads a clock or does I/O.
//!
//! Submodules, all `impl Engine` on the part of the state they name:
//! * `fiber`: what a fiber is and where it is in its life;
//! * `client`: load generators, timeouts, what the client counts;
//! * `connections`: connects, the accept queue and Tomcat's acceptor,
//!   keep-alive, closes;
//! * `tools`: what each load tool prints, from what the client counted;
//! * `threads`: Tomcat and executor pools, carriers, mounting, pinning;
//! * `interp`: the program interpreter (cpu, io, db, monitors, async);
//! * `downstream`, `bulkhead`: HTTP calls and their clients' pools, and
//!   semaphores around blocks;
//! * `memory`: the modelled JVM's memory by kind, and its limits;
//! * `gc`: G1's collections and their stop-the-world pauses;
//! * `warmup`: what a cold JVM costs its first requests;
//! * `restart`: the process's end (the OOM killer, or the JVM ending on an
//!   `OutOfMemoryError`) and its restart after its restarter's back-off;
//! * `finish`: turning the collected state into a [`Report`];
//! * `diagnosis`: naming the resource that limits throughput.
//!
//! Inlining: the functions every request passes through (here, in the
//! queue and in the CPU model) are inlined always in WebAssembly, where V8
//! treats every register as caller-saved, so each call spills whatever the
//! event loop holds: that made the wasm build 5–22 % faster in Chromium. Natively
//! the compiler's own choice is 4–7 % faster than forcing it, so the
//! attributes apply to `wasm32` only.

mod breakdown;
mod bulkhead;
mod client;
mod connections;
mod diagnosis;
mod downstream;
mod drain;
mod endpoints;
mod fiber;
mod finish;
mod gc;
mod heap;
mod interp;
mod latencies;
mod memory;
mod owed;
mod readahead;
mod resilience;
mod restart;
mod threads;
mod timer;
mod tools;
mod warmup;

use super::config::{Config, LoadKind};
use super::cpu::{Bandwidth, Cpu, Wakes};
use super::queue::{Event, Queue};
use super::report::{Ending, Outcome, Report, Stage};
use super::rng::Rng;
use super::series::{GAUGES, Gauge, Series};
use super::time::{Nanos, SEC, to_s};
use super::timeline::TimelineRecorder;
use super::trace::{NoTrace, Note, Tracer};
use client::{Client, Tally};
use connections::Conns;
use fiber::{Fiber, Phase};
use gc::Collector;
use interp::{DbPool, Monitor};
use memory::{JvmMemory, Room};
use threads::{Carriers, Executors, Platform};
use warmup::Warmup;

/// "No index" marker for fiber, thread and carrier references.
pub(crate) const NONE: u32 = u32::MAX;

/// Tomcat's name prefix for its pool threads (`http-nio-8080-exec-N`).
pub(crate) const TOMCAT_THREAD_NAME: &str = "http-nio-8080-exec";

/// What is recorded for the report and the charts, bounded by the record
/// settings whatever the number of requests.
struct Recorders {
    series: Series,
    /// Highest value of each gauge.
    peaks: [u32; GAUGES],
    timeline: TimelineRecorder,
}

impl Recorders {
    fn new(cfg: &Config) -> Self {
        let record = &cfg.record;
        // Narrow buckets first when the run's length is unknown: they merge
        // (doubling their width) as the run goes on.
        let initial_width = match cfg.load.duration {
            Some(d) => (d / record.series_buckets.max(1) as u64).max(1000),
            None => SEC / 1000,
        };
        Recorders {
            series: Series::new(record.series_buckets, initial_width).with_downstreams(
                if cfg.downstreams.iter().any(|d| d.resilience.any()) {
                    cfg.downstreams.len()
                } else {
                    0
                },
            ),
            peaks: [0; GAUGES],
            timeline: TimelineRecorder::new(
                record.timeline_start,
                record.timeline_window,
                record.timeline_lanes,
            ),
        }
    }
}

/// The whole simulated world, and what it tells of each step (see
/// [`Tracer`]: nothing, and at no cost, unless a test asks for it).
pub struct Engine<T: Tracer = NoTrace> {
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
    /// The load generator.
    client: Client,
    /// Connections, the accept queue and Tomcat's acceptor.
    conns: Conns,
    /// Platform threads: Tomcat's pool and the executor pools.
    platform: Platform,
    /// Carrier threads of the virtual-thread scheduler.
    carriers: Carriers,
    /// Shared monitors and locks, indexed by `MonitorRef::Shared`.
    monitors: Vec<Monitor>,
    /// HikariCP.
    db: DbPool,
    /// Downstream services and their clients' pools, as `cfg.downstreams`.
    calls: Vec<downstream::Service>,
    /// Bulkheads, as `cfg.program.bulkheads`.
    gates: Vec<bulkhead::Gate>,
    /// `@Async` executors.
    execs: Executors,
    /// What the client counts.
    tally: Tally,
    /// Time series, peaks and the timeline.
    rec: Recorders,
    /// The modelled JVM's memory by kind, and the limits hit.
    mem: JvmMemory,
    /// The garbage collector.
    gc: Collector,
    /// Who restarts the process after it ended, and its back-off.
    restarter: restart::Restarter,
    /// What a cold JVM still has to pay.
    warm: Warmup,
    /// The endpoints' handlers, and each one's counts in a mix.
    mix: endpoints::Mix,
    /// This run's share of responses after which Tomcat reads the
    /// connection's next request at once (`readahead`).
    read_ahead: f64,
    outcome: Option<(Outcome, Ending)>,
    tracer: T,
}

impl Engine {
    /// Builds the world at time zero.
    pub fn new(cfg: Config) -> Self {
        Self::with_tracer(cfg, NoTrace)
    }
}

impl<T: Tracer> Engine<T> {
    /// Builds the world at time zero, telling `tracer` of every step.
    pub fn with_tracer(mut cfg: Config, tracer: T) -> Self {
        let moved = cfg.program.moved_by_begin();
        for h in cfg
            .downstreams
            .iter_mut()
            .filter_map(|d| d.handoff.as_mut())
        {
            h.body = moved(h.body);
        }
        cfg.program = cfg.program.clone().with_begin();
        let s = &cfg.server;
        let mut engine = Engine {
            rng: Rng::new(cfg.seed),
            queue: Queue::default(),
            now: 0,
            events: 0,
            cpu: Cpu::new(s.cpu_model, s.cores, s.quantum, s.context_switch)
                .with_bandwidth(s.cpu_limit.map(|l| Bandwidth::new(l, s.cpu_period))),
            wakes: Vec::new(),
            cpu_done: Vec::new(),
            ready: Vec::new(),
            fibers: Vec::new(),
            free_fibers: Vec::new(),
            client: Client::new(&cfg.load),
            conns: Conns::default(),
            platform: Platform::new(&cfg),
            carriers: Carriers::default(),
            monitors: vec![Monitor::default(); cfg.program.monitors.len()],
            db: DbPool::new(&cfg.db),
            calls: cfg
                .downstreams
                .iter()
                .map(downstream::Service::new)
                .collect(),
            gates: (cfg.program.bulkheads.iter())
                .map(bulkhead::Gate::new)
                .collect(),
            execs: Executors::new(cfg.executors.len()),
            tally: Tally::new(),
            rec: Recorders::new(&cfg),
            mem: JvmMemory::new(&cfg.memory),
            gc: Collector::new(&cfg.memory, &cfg.gc, 0),
            restarter: restart::Restarter::default(),
            warm: Warmup::warm(),
            mix: endpoints::Mix::new(&cfg.program),
            read_ahead: 0.0,
            outcome: None,
            tracer,
            cfg,
        };
        engine.read_ahead = engine.draw_read_ahead();
        engine.start();
        engine
    }

    /// Starts threads that exist before the first request, Tomcat's
    /// acceptor, and the load.
    fn start(&mut self) {
        self.start_threads();
        self.jvm_started();
        self.warm_eden();
        self.start_acceptor();
        self.schedule_faults();
        self.start_load();
    }

    /// Starts the threads the JVM has before any request: Tomcat's
    /// `min-spare` and the virtual-thread scheduler's carriers.
    fn start_threads(&mut self) {
        let start = super::config::threads_at_start(&self.cfg.server, &self.cfg.executors);
        // Validation leaves room for these (`memory.max_threads`).
        for _ in 0..start.platform {
            if self.thread_room() != Room::Yes {
                break;
            }
            let t = self.new_thread(0);
            self.platform.pools[0].idle.push(t);
        }
        if start.carriers > 0 {
            for _ in 0..start.carriers {
                if self.thread_room() != Room::Yes {
                    break;
                }
                self.new_carrier();
            }
            // Idle carriers are taken from the back: keep worker-1 first.
            self.carriers.idle.reverse();
        }
    }

    /// The tracer (to take its record at the end).
    pub(crate) fn tracer_mut(&mut self) -> &mut T {
        &mut self.tracer
    }

    /// Tells the tracer that fiber `f` did `note` now: nothing at all,
    /// compiled away, when tracing is off.
    #[inline(always)]
    fn trace(&mut self, f: u32, note: Note) {
        if T::ON {
            self.tracer.note(self.now, f, note);
        }
    }

    /// Changes a gauge by `delta` now, tracking its peak and the memory in use.
    #[inline]
    fn gauge(&mut self, g: Gauge, delta: i32) {
        let rec = &mut self.rec;
        let Some(v) = rec.series.add(g, delta) else {
            return;
        };
        // Gauges change only here, so a peak can only be passed going up.
        if delta > 0 {
            let p = &mut rec.peaks[g as usize];
            if v > *p {
                *p = v;
            }
        }
        // `g` is a constant at every call site, so this folds to one
        // update and one comparison, or to nothing for gauges that hold
        // no memory.
        if memory::holds_memory(g) {
            let m = &self.cfg.memory;
            let (heap, native) = (memory::heap_per_unit(m, g), memory::native_per_unit(m, g));
            let mem = &mut self.mem;
            // A unit may hold less heap than none (a request queued for a
            // thread), so the heap's change has its own sign.
            let heap_delta = i64::from(delta).wrapping_mul(heap);
            mem.heap = mem.heap.wrapping_add(heap_delta as u64);
            mem.native =
                (mem.native).wrapping_add((delta as i64).wrapping_mul(native as i64) as u64);
            if heap_delta > 0 || delta > 0 {
                mem.note_growth();
            }
        }
    }

    /// Fiber `f` moves on to `stage` now: the time since its last move is
    /// charged to the stage it leaves (see `breakdown`).
    #[inline(always)]
    fn move_to(&mut self, f: u32, stage: Stage) {
        let stopped = self.gc.stopped_until(self.now);
        (self.fibers[f as usize].spent).moves(stage, self.now, stopped);
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
        // So do the timers' entries still in the event queue.
        let old = &self.fibers[id as usize];
        let (wait_token, timeout, db_timeout) = (old.wait_token, old.timeout, old.db_timeout);
        self.fibers[id as usize] = Fiber {
            wait_token,
            timeout: timeout.reused(),
            db_timeout: db_timeout.reused(),
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

    /// Processes up to `slice` events; returns true when the run is over.
    /// The playground calls this in slices so the browser stays responsive
    /// (and V8 optimises the loop between calls).
    ///
    /// The work done per event is bounded: a worker whose request took no
    /// simulated time (a program whose steps take none, `cpu:0ms`) sends
    /// its next one in an event of its own (see `next_request`), so such a
    /// run counts an event per request and stops at its budget.
    pub fn advance(&mut self, slice: u64) -> bool {
        let max_events = self.cfg.limits.max_events;
        let max_time = self.cfg.limits.max_time;
        let stop_at = self.events.saturating_add(slice).min(max_events);
        loop {
            self.drain_ready();
            if let Some(limit) = self.mem.dying {
                self.jvm_dies(limit);
            }
            if self.outcome.is_some() || self.finished() {
                return true;
            }
            if self.events >= stop_at {
                if self.events < max_events {
                    return false;
                }
                self.outcome = Some((
                    Outcome::BudgetExceeded,
                    Ending::EventBudget {
                        events: max_events,
                        at_s: to_s(self.now),
                    },
                ));
                return true;
            }
            let Some((at, seq, event)) = self.queue.pop() else {
                if self.tally.results < self.tally.sent {
                    self.outcome = Some(self.stuck(self.tally.sent - self.tally.results));
                }
                return true;
            };
            if at > max_time {
                self.outcome = Some((
                    Outcome::BudgetExceeded,
                    Ending::TimeBudget {
                        max_s: to_s(max_time),
                    },
                ));
                return true;
            }
            self.now = at;
            self.rec.series.tick(at);
            self.events += 1;
            self.handle(event, seq);
            if let Some(limit) = self.mem.dying {
                self.jvm_dies(limit);
            }
            if self.mem.grew {
                self.memory_grew();
            }
            if self.events.is_multiple_of(memory::FOOTPRINT_EVERY) {
                self.check_footprint();
            }
        }
    }

    /// Why `stuck` requests can never finish now that nothing is
    /// scheduled: Tomcat's poller died and nothing reads them, or they wait
    /// on each other (a deadlock).
    fn stuck(&self, stuck: u64) -> (Outcome, Ending) {
        match self.mem.poller_died {
            Some(at) => (
                Outcome::OutOfMemory,
                Ending::PollerDied {
                    stuck,
                    at_s: to_s(at),
                },
            ),
            None => (Outcome::Deadlock, Ending::Deadlock { stuck }),
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
            (self.tally.results as f64 / total as f64).min(1.0)
        }
    }

    /// Events processed so far.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// Ends the run where it is because its wall-clock budget of
    /// `budget_s` seconds ran out (kept by whoever drives it). Says how
    /// many events a simulated second took, so a run that spins at one
    /// instant shows it.
    pub fn stop_at_wall_budget(&mut self, budget_s: f64) {
        if self.outcome.is_some() {
            return;
        }
        self.outcome = Some((
            Outcome::BudgetExceeded,
            Ending::WallBudget {
                budget_s,
                at_s: to_s(self.now),
                events: self.events,
            },
        ));
    }

    /// Ends the run where it is and reports.
    pub fn finish(self) -> Report {
        self.report()
    }

    /// Whether the run is over: the client is done and no async task is left.
    #[inline]
    fn finished(&self) -> bool {
        self.client.stopping || (self.client.end.is_some() && self.execs.pending == 0)
    }

    #[inline]
    fn handle(&mut self, event: Event, seq: u64) {
        match event {
            Event::WorkerSend(w) => self.worker_send(w),
            Event::Arrival => self.open_arrival(),
            // The kernel's side of a connect goes on during a pause.
            Event::Syn(f) => self.syn(f),
            Event::Ack(f) => self.ack(f),
            Event::Refused(f) => self.connect_refused(f),
            Event::ClientTimeout(f) => self.client_timeout(f, seq),
            // A stop-the-world pause holds the server's own events (a pause's
            // end is 0 when there is none: one comparison): a wait's end, a
            // pool's timer, and what Tomcat's acceptor and poller threads do.
            Event::WaitDone(_)
            | Event::PoolTimeout(_)
            | Event::AcceptDone
            | Event::KeepAlive
            | Event::Handoff(_)
                if self.gc.paused(self.now) =>
            {
                self.gc.defer(seq, event)
            }
            Event::KeepAlive => self.keep_alive_check(),
            Event::AcceptDone => self.accept_done(),
            Event::WaitDone(f) => self.wait_done(f),
            Event::PoolTimeout(f) => self.pool_timeout(f, seq),
            Event::CallDone(f) => self.call_done(f, seq),
            Event::Handoff(f) => self.hand_off(f),
            // The downstream is another process: no pause holds it.
            Event::SlotFree(d) => self.slot_free(d as u16),
            Event::FaultEdge(d) => self.fault_edge(d as u16),
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
            Event::GcEnd => self.gc_end(),
            Event::Accept => self.accept_held(),
            Event::Restart => self.restart(),
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
        let cur = self.rec.series.get(Gauge::CpuBusy) as i32;
        if busy != cur {
            self.gauge(Gauge::CpuBusy, busy - cur);
        }
    }

    /// Gives a fiber `demand` ns of CPU; it continues when the CPU finishes.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn start_cpu(&mut self, f: u32, demand: Nanos) {
        // The OS sees threads, not requests: a carrier running one virtual
        // thread after another is one thread, so no switch is paid between them.
        let stage = if self.fibers[f as usize].phase == Phase::ClientCpu {
            Stage::Client
        } else {
            Stage::Cpu
        };
        self.move_to(f, stage);
        let fb = &self.fibers[f as usize];
        let thread = if fb.thread != NONE {
            fb.thread
        } else if fb.carrier != NONE {
            0x4000_0000 | fb.carrier
        } else {
            self.client.next_thread =
                (self.client.next_thread + 1) % self.cfg.load.client_threads.max(1);
            0x8000_0000 | self.client.next_thread
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
        // A pause that begins meanwhile stops each request that starts
        // its handler after it (`warmup`); the others take their zero-time
        // steps at this instant, and the CPU they need waits for its end.
        while let Some(&f) = self.ready.get(next) {
            next += 1;
            self.step(f);
        }
        self.ready.clear();
    }

    /// Whether the load is closed-loop.
    fn closed(&self) -> bool {
        self.client.ways.closed
    }
}

/// Events between two looks at the clock in [`run_timed`]: a few
/// milliseconds of the engine's work at its slowest ordinary rate.
const EVENTS_PER_CLOCK_LOOK: u64 = 1 << 15;

/// Runs one simulation to its end or one of its budgets, the wall-clock one
/// included: `elapsed_s` tells the seconds of real time since the run began
/// (the core reads no clock itself).
pub fn run_timed(cfg: &Config, elapsed_s: &mut dyn FnMut() -> f64) -> Report {
    let mut engine = Engine::new(cfg.clone());
    while !engine.advance(EVENTS_PER_CLOCK_LOOK) {
        let wall = elapsed_s();
        if wall >= cfg.limits.max_wall_s {
            engine.stop_at_wall_budget(cfg.limits.max_wall_s);
            break;
        }
    }
    engine.finish()
}

/// Runs one simulation to its end (or its budget).
pub fn run(cfg: &Config) -> Report {
    let mut engine = Engine::new(cfg.clone());
    while !engine.advance(u64::MAX) {}
    engine.finish()
}
