//! Two memories. The modelled JVM's, by kind and as the JVM and the OS
//! account for it: the Java heap (live objects, and garbage until a
//! collection, see `gc`) and native memory (the JVM's baseline and the
//! stack pages platform threads have touched; `-Xss` is only reserved
//! address space). Each unit of a gauge holds a fixed amount of one of
//! them; the engine keeps both totals up to date as gauges change, checks
//! the three limits, and the report turns the gauges' time averages into
//! memory by kind over time. And the simulator's own: the structures that
//! grow with the work in progress, held to `limits.max_sim_memory`.
//!
//! The limits, and what passing each does, as in the real system:
//! * live heap beyond `-Xmx`: the request whose handler allocates fails with
//!   `OutOfMemoryError: Java heap space` (HTTP 500) and the JVM lives on;
//!   with G1 a full collection comes first (`gc`);
//! * threads beyond the OS's limit: `OutOfMemoryError: unable to create
//!   native thread`, thrown in the thread that started it (`threads`): the
//!   request whose `@Async` task or compensating carrier it was fails, and
//!   Tomcat's poller, which starts the pool's threads, dies;
//! * resident memory beyond the container's limit: the kernel's OOM killer
//!   ends the process (`restart`).
//!
//! `jvm.on_out_of_memory` may end the JVM instead at the first two
//! (`-XX:+ExitOnOutOfMemoryError` at the heap only, an agent such as
//! jvmkill at both): the process then ends at the end of the event, as
//! the OOM killer's does.

use super::Engine;
use super::client::Worker;
use super::fiber::Fiber;
use super::threads::{Carrier, Thread};
use crate::sim::config::{JVM_OWN_THREADS, MIB, Memory, OnOom, to_mib};
use crate::sim::report::{
    Ending, LimitEffect, LimitHit, MemoryKind, MemoryLimit, MemoryStats, Outcome, OwnPart,
    ResponseCause,
};
use crate::sim::series::Gauge;
use crate::sim::time::{Nanos, to_s};
use crate::sim::trace::Tracer;

/// Events between two looks at the simulator's own memory: often enough
/// that little grows in between, rarely enough to cost nothing measurable.
pub(super) const FOOTPRINT_EVERY: u64 = 4096;

/// Heap bytes each unit of gauge `g` holds; 0 for gauges that hold none.
/// A request in the server holds its live objects only once a thread runs
/// it: one in Tomcat's queue is a `SocketProcessor` Tomcat recycles, its
/// bytes still in its connection's buffers (counted with the connection),
/// and the `Request` and `Response` objects are the processor's, taken
/// when a thread runs it. So each queued request takes its share back.
#[inline(always)]
pub(super) fn heap_per_unit(m: &Memory, g: Gauge) -> i64 {
    let b = |bytes: u64| bytes as i64;
    match g {
        // Every thread that serves holds its ThreadLocals; a carrier's
        // are the virtual threads' own, not its.
        Gauge::VthreadsAlive => b(m.virtual_thread + m.thread_local),
        Gauge::PlatformAlive => b(m.thread_local),
        Gauge::VthreadsUnmounted => b(m.stack_chunk),
        Gauge::Connections => b(m.connection),
        Gauge::InServer => b(m.request),
        Gauge::TomcatQueue => -b(m.request),
        _ => 0,
    }
}

/// Whether gauge `g` holds memory of either kind (a constant for a constant `g`).
#[inline(always)]
pub(super) const fn holds_memory(g: Gauge) -> bool {
    matches!(
        g,
        Gauge::VthreadsAlive
            | Gauge::VthreadsUnmounted
            | Gauge::Connections
            | Gauge::InServer
            | Gauge::TomcatQueue
            | Gauge::PlatformAlive
            | Gauge::CarriersAlive
    )
}

/// Native bytes each unit of gauge `g` holds (resident stack pages).
#[inline(always)]
pub(super) fn native_per_unit(m: &Memory, g: Gauge) -> u64 {
    match g {
        Gauge::PlatformAlive | Gauge::CarriersAlive => m.stack_resident,
        _ => 0,
    }
}

/// Memory of one kind, bytes, when gauge `g` averages `mean(g)`.
pub(super) fn of_kind(m: &Memory, kind: MemoryKind, mean: impl Fn(Gauge) -> f64) -> f64 {
    let stacks = mean(Gauge::PlatformAlive) + mean(Gauge::CarriersAlive);
    let heap = |g: Gauge| mean(g) * heap_per_unit(m, g) as f64;
    match kind {
        MemoryKind::HeapIdle => m.heap_base as f64,
        MemoryKind::HeapRequests => heap(Gauge::InServer) + heap(Gauge::TomcatQueue),
        MemoryKind::HeapConnections => heap(Gauge::Connections),
        MemoryKind::HeapVirtualThreads => mean(Gauge::VthreadsAlive) * m.virtual_thread as f64,
        MemoryKind::HeapThreadLocals => {
            (mean(Gauge::VthreadsAlive) + mean(Gauge::PlatformAlive)) * m.thread_local as f64
        }
        MemoryKind::HeapStackChunks => heap(Gauge::VthreadsUnmounted),
        MemoryKind::HeapGarbage => mean(Gauge::HeapGarbage) * 1024.0,
        MemoryKind::NativeBase => m.native_base as f64,
        MemoryKind::NativeStacks => stacks * m.stack_resident as f64,
    }
}

/// How often, when first, at what cost and with what effect one limit
/// was hit.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Hits {
    pub(super) first: Option<Nanos>,
    pub(super) times: u64,
    pub(super) lost: u64,
    /// The gravest thing it did so far.
    pub(super) effect: Option<LimitEffect>,
    /// Times the process ended because of it.
    pub(super) ends: u64,
}

impl Hits {
    /// It did `effect` (kept if graver than what it did before).
    pub(super) fn did(&mut self, effect: LimitEffect) {
        self.effect = self.effect.max(Some(effect));
    }
}

/// Whether the OS lets the process start one more thread now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Room {
    /// It starts.
    Yes,
    /// The thread limit refuses it: `unable to create native thread`
    /// (counted as a hit of the limit).
    Refused,
    /// The process ends at this event's end (the OOM killer, or the JVM
    /// exiting or killed): nothing starts any more, and what was about to
    /// start waits where it is, to be lost with the process.
    Ending,
}

/// The modelled JVM's memory now, its peaks, and the limits hit.
#[derive(Debug)]
pub(super) struct JvmMemory {
    /// Live heap, bytes (the gauges' share plus the idle heap): what the
    /// connections and the requests threads are running need; beyond -Xmx
    /// it cannot be allocated, and requests fail as they start.
    pub(super) heap: u64,
    /// Garbage not yet collected, bytes (`gc` keeps it).
    pub(super) garbage: u64,
    /// Native resident memory, bytes.
    pub(super) native: u64,
    pub(super) peak_live: u64,
    /// Most heap in use (live and garbage), demand beyond -Xmx included.
    pub(super) peak_used: u64,
    /// The same since the JVM (re)started.
    pub(super) used_since_start: u64,
    /// Most heap in use within -Xmx: the heap's touched pages, resident (G1 returns
    /// them only after a full or periodic collection; the model keeps them).
    pub(super) heap_touched: u64,
    pub(super) peak_native: u64,
    pub(super) peak_resident: u64,
    /// Live heap beyond which something must be looked at: a new peak of
    /// the live heap or of the heap in use.
    heap_trip: u64,
    /// Native memory beyond which something must be looked at: a new peak,
    /// or resident memory past the container's limit.
    native_trip: u64,
    /// A mark was passed: the event loop looks after this event.
    pub(super) grew: bool,
    /// Indexed by `MemoryLimit as usize`.
    pub(super) hits: [Hits; 3],
    /// The process is dead, waiting for its restart.
    pub(super) down: bool,
    /// The JVM ends at this event's end, because of this limit
    /// (`jvm.on_out_of_memory`).
    pub(super) dying: Option<MemoryLimit>,
    /// When Tomcat's poller died of a thread's failed start, if it did
    /// (since the last start of the process): nothing reads a socket.
    pub(super) poller_died: Option<Nanos>,
    pub(super) restarts: u32,
}

impl JvmMemory {
    pub(super) fn new(m: &Memory) -> Self {
        let mut mem = JvmMemory {
            heap: m.heap_base,
            garbage: 0,
            native: m.native_base,
            peak_live: 0,
            peak_used: 0,
            used_since_start: 0,
            heap_touched: 0,
            peak_native: 0,
            peak_resident: 0,
            heap_trip: 0,
            native_trip: 0,
            grew: true,
            hits: [Hits::default(); 3],
            down: false,
            dying: None,
            poller_died: None,
            restarts: 0,
        };
        mem.retrip(m);
        mem
    }

    fn retrip(&mut self, m: &Memory) {
        let room = m.container_limit.saturating_sub(self.heap_touched);
        self.native_trip = self.peak_native.min(room);
        let used_room = self.used_since_start.saturating_sub(self.garbage);
        self.heap_trip = self.peak_live.min(used_room);
    }

    /// Memory of a gauge grew: flags it if it passed a mark.
    #[inline(always)]
    pub(super) fn note_growth(&mut self) {
        if self.heap > self.heap_trip || self.native > self.native_trip {
            self.grew = true;
        }
    }

    /// The garbage not yet collected is now `bytes`.
    pub(super) fn set_garbage(&mut self, bytes: u64, m: &Memory) {
        self.garbage = bytes;
        if self.heap + bytes > self.used_since_start {
            self.grew = true;
        }
        self.retrip(m);
    }

    /// Counts a hit of `limit` now that lost `lost` requests.
    pub(super) fn hit(&mut self, limit: MemoryLimit, now: Nanos, lost: u64) {
        let h = &mut self.hits[limit as usize];
        h.first.get_or_insert(now);
        h.times += 1;
        h.lost += lost;
    }

    /// `limit` cost one more request.
    pub(super) fn lost_to(&mut self, limit: MemoryLimit) {
        self.hits[limit as usize].lost += 1;
    }
}

/// Bytes allocated for `capacity` values of `T`. Only for types without
/// pointers or `usize`, whose size is the same natively and in WebAssembly,
/// so that a run stops at the same event on both.
fn bytes<T>(capacity: usize) -> u64 {
    capacity as u64 * size_of::<T>() as u64
}

/// A part of the simulator's own memory, for the stop message.
struct Part {
    /// What it holds, counted.
    what: OwnPart,
    count: usize,
    bytes: u64,
}

impl<T: Tracer> Engine<T> {
    /// The structures that grow with the work in progress, by part.
    fn footprint(&self) -> [Part; 9] {
        let (c, p, k) = (&self.client, &self.platform, &self.carriers);
        let waiters = self.monitors.iter().map(|m| &m.waiters);
        let permits = self.execs.stats.iter().map(|e| &e.permit_waiters);
        let waiting = waiters.chain(permits);
        [
            Part {
                what: OwnPart::Fibers,
                count: self.fibers.len() - self.free_fibers.len(),
                bytes: bytes::<Fiber>(self.fibers.capacity())
                    + bytes::<u32>(self.free_fibers.capacity() + self.ready.capacity()),
            },
            Part {
                what: OwnPart::Events,
                count: self.queue.len(),
                bytes: self.queue.footprint(),
            },
            Part {
                what: OwnPart::Client,
                count: c.cpu_queue.len() + c.delayed.len(),
                bytes: bytes::<u32>(c.cpu_queue.capacity())
                    + bytes::<Nanos>(c.delayed.capacity())
                    + bytes::<Worker>(c.workers.capacity()),
            },
            Part {
                what: OwnPart::Connections,
                count: self.conns.in_use(),
                bytes: self.conns.footprint(),
            },
            Part {
                what: OwnPart::ThreadQueue,
                count: p.pools.iter().map(|q| q.queue.len()).sum(),
                bytes: bytes::<Thread>(p.threads.capacity())
                    + (p.pools.iter())
                        .map(|q| bytes::<u32>(q.queue.capacity() + q.idle.capacity()))
                        .sum::<u64>(),
            },
            Part {
                what: OwnPart::CarrierQueue,
                count: k.runnable.len(),
                bytes: bytes::<Carrier>(k.list.capacity())
                    + bytes::<u32>(k.idle.capacity() + k.runnable.capacity()),
            },
            Part {
                what: OwnPart::Waiters,
                count: waiting.clone().map(|w| w.len()).sum::<usize>()
                    + self.db.waiters.len()
                    + self.calls.iter().map(|s| s.waiting()).sum::<usize>()
                    + self.gates.iter().map(|g| g.queued()).sum::<usize>(),
                bytes: waiting.map(|w| bytes::<u32>(w.capacity())).sum::<u64>()
                    + bytes::<(u32, u32)>(self.db.waiters.capacity())
                    + self.calls.iter().map(|s| s.footprint() as u64).sum::<u64>()
                    + self.gates.iter().map(|g| g.footprint() as u64).sum::<u64>(),
            },
            Part {
                what: OwnPart::GcHeld,
                count: self.gc.held_count(),
                bytes: self.gc.footprint(),
            },
            Part {
                what: OwnPart::CoreQueue,
                count: self.cpu.runnable() as usize,
                bytes: self.cpu.footprint()
                    + bytes::<(Nanos, u32)>(self.wakes.capacity())
                    + bytes::<u32>(self.cpu_done.capacity()),
            },
        ]
    }

    /// Stops the run if the simulator's own memory passed its budget.
    #[cold]
    #[inline(never)]
    pub(super) fn check_footprint(&mut self) {
        let parts = self.footprint();
        let total: u64 = parts.iter().map(|p| p.bytes).sum();
        let budget = self.cfg.limits.max_sim_memory;
        if total <= budget || self.outcome.is_some() {
            return;
        }
        let most = (parts.iter())
            .max_by_key(|p| p.bytes)
            .expect("there are parts");
        self.outcome = Some((
            Outcome::BudgetExceeded,
            Ending::OwnMemory {
                budget_mib: to_mib(budget as f64),
                at_s: to_s(self.now),
                every: FOOTPRINT_EVERY,
                held_mib: to_mib(total as f64),
                most: most.what,
                most_count: most.count as u64,
                most_mib: to_mib(most.bytes as f64),
            },
        ));
    }
}

impl<T: Tracer> Engine<T> {
    /// Memory passed a mark during the last event: new peaks, and the OOM
    /// killer if resident memory passed the container's limit.
    #[cold]
    #[inline(never)]
    pub(super) fn memory_grew(&mut self) {
        let m = &mut self.mem;
        m.grew = false;
        m.peak_live = m.peak_live.max(m.heap);
        m.used_since_start = m.used_since_start.max(m.heap + m.garbage);
        m.peak_used = m.peak_used.max(m.used_since_start);
        // The heap's pages are at most -Xmx; demand beyond it fails instead.
        m.heap_touched = m.used_since_start.min(self.cfg.memory.heap_limit);
        let resident = m.native + m.heap_touched;
        // A cgroup's memory.max is a hard limit: the allocation that would
        // pass it is where the OOM killer acts, so the process never holds
        // more. The model acts at the end of the event, by which one event
        // may have allocated past it (many requests unmounting at once):
        // the peaks are what the kernel lets the process reach.
        let limit = self.cfg.memory.container_limit;
        m.peak_native = m.peak_native.max(m.native.min(limit));
        m.peak_resident = m.peak_resident.max(resident.min(limit));
        m.retrip(&self.cfg.memory);
        if self.heap_exhausted() {
            self.check_every_start();
        }
        if resident > self.cfg.memory.container_limit && !self.mem.down {
            self.oom_kill(resident);
        }
    }

    /// Whether the OS lets the process start one more thread; counts the
    /// refusal (`unable to create native thread`) when it does not. Once
    /// the process is ending in this event no thread starts: resident memory
    /// passed the container's limit (the kernel would have killed the
    /// process at the stack pages that passed it, and the model's OOM
    /// killer acts at the event's end: one event could otherwise start
    /// dozens of threads past the limit, e.g. the requests that arrived
    /// during a GC pause), or the JVM is exiting.
    #[inline]
    pub(super) fn thread_room(&mut self) -> Room {
        if self.ending() {
            return Room::Ending;
        }
        let threads = self.rec.series.get(Gauge::PlatformAlive)
            + self.rec.series.get(Gauge::CarriersAlive)
            + JVM_OWN_THREADS;
        if threads < self.cfg.memory.thread_limit {
            return Room::Yes;
        }
        self.mem.hit(MemoryLimit::Threads, self.now, 0);
        Room::Refused
    }

    /// A thread's start was refused and its `OutOfMemoryError` is about to
    /// be thrown: true when `jvm.on_out_of_memory` ends the JVM at it
    /// instead (an agent on `ResourceExhausted`; `-XX:+ExitOnOutOfMemoryError`
    /// does not act on this error, measured here), which then ends at this
    /// event's end.
    pub(super) fn thread_start_ends_jvm(&mut self) -> bool {
        if !self.cfg.jvm.on_oom.thread_ends_jvm() {
            return false;
        }
        self.jvm_ends(MemoryLimit::Threads);
        true
    }

    /// The JVM ends at this event's end because of `limit` (it exits, or
    /// an agent kills it).
    fn jvm_ends(&mut self, limit: MemoryLimit) {
        let effect = match self.cfg.jvm.on_oom {
            OnOom::Exit => LimitEffect::JvmExited,
            _ => LimitEffect::JvmKilled,
        };
        self.mem.hits[limit as usize].did(effect);
        self.mem.dying.get_or_insert(limit);
    }

    /// Whether the process ends at this event's end: resident memory is
    /// past the container's limit (the OOM killer), or the JVM is exiting.
    pub(super) fn ending(&self) -> bool {
        self.mem.dying.is_some() || self.past_container()
    }

    /// Whether resident memory is past the container's limit now, before
    /// the end of the event lets the OOM killer act on it.
    pub(super) fn past_container(&self) -> bool {
        let m = &self.mem;
        let used = m.used_since_start.max(m.heap + m.garbage);
        let resident = m.native + used.min(self.cfg.memory.heap_limit);
        resident > self.cfg.memory.container_limit && !m.down
    }

    /// Whether the live heap is beyond `-Xmx` now.
    #[inline]
    pub(super) fn heap_exhausted(&self) -> bool {
        self.mem.heap > self.cfg.memory.heap_limit
    }

    /// `OutOfMemoryError: Java heap space` in request `f`'s handler: the
    /// request fails with HTTP 500 and the JVM goes on; or, as
    /// `jvm.on_out_of_memory` says, the JVM ends at this event's end, the
    /// request stopping where it is to be lost with it.
    pub(super) fn heap_out_of_memory(&mut self, f: u32) {
        if self.cfg.jvm.on_oom.heap_ends_jvm() {
            self.mem.hit(MemoryLimit::Heap, self.now, 0);
            self.jvm_ends(MemoryLimit::Heap);
            return;
        }
        self.mem.hit(MemoryLimit::Heap, self.now, 1);
        self.mem.hits[MemoryLimit::Heap as usize].did(LimitEffect::RequestsFailed);
        self.fail(f, ResponseCause::OutOfMemory);
    }

    /// `OutOfMemoryError: unable to create native thread` thrown into
    /// request `f`'s handler (its `@Async` task needed a new pool thread,
    /// or its blocking call a compensating carrier): it fails with HTTP 500
    /// (Spring's `DispatcherServlet` wraps the error in a
    /// `ServletException`), the JVM goes on. When the JVM ends at it
    /// instead, the request stops where it is.
    pub(super) fn thread_out_of_memory(&mut self, f: u32) {
        if self.thread_start_ends_jvm() {
            return;
        }
        self.mem.lost_to(MemoryLimit::Threads);
        self.mem.hits[MemoryLimit::Threads as usize].did(LimitEffect::RequestsFailed);
        self.fail(f, ResponseCause::OutOfMemory);
    }

    /// The memory section of the report.
    pub(super) fn memory_stats(&self) -> MemoryStats {
        let m = &self.cfg.memory;
        let threads = self.rec.peaks[Gauge::PlatformAlive as usize]
            + self.rec.peaks[Gauge::CarriersAlive as usize];
        let mb = |b: u64| to_mib(b as f64);
        let hits = MemoryLimit::ALL
            .iter()
            .filter_map(|&limit| {
                let h = self.mem.hits[limit as usize];
                let first = h.first?;
                let effect = match limit {
                    MemoryLimit::Container => LimitEffect::OomKilled,
                    _ => h.effect.unwrap_or(LimitEffect::RequestsFailed),
                };
                let ends = match limit {
                    MemoryLimit::Container => h.times,
                    _ => h.ends,
                };
                Some(LimitHit {
                    limit,
                    first_at_s: to_s(first),
                    times: h.times,
                    lost: h.lost,
                    effect,
                    ends,
                })
            })
            .collect();
        MemoryStats {
            heap_limit_mb: mb(m.heap_limit),
            container_limit_mb: mb(m.container_limit),
            thread_limit: m.thread_limit,
            // The model counts what was asked for; a heap holds at most -Xmx.
            peak_heap_live_mb: mb(self.mem.peak_live.min(m.heap_limit)),
            peak_heap_demand_mb: mb(self.mem.peak_live),
            peak_heap_used_mb: mb(self.mem.peak_used.min(m.heap_limit)),
            peak_native_mb: mb(self.mem.peak_native),
            peak_resident_mb: mb(self.mem.peak_resident),
            peak_stacks_reserved_mb: threads as f64 * m.stack_reserved as f64 / MIB as f64,
            hits,
            restarts: self.mem.restarts,
            backoff_s: to_s(self.restarter.waited),
            longest_backoff_s: to_s(self.restarter.longest),
            poller_died_at_s: self.mem.poller_died.map(to_s),
        }
    }

    /// Whether a memory or thread limit was hit (the outcome, when nothing
    /// else ended the run, is then [`Outcome::OutOfMemory`]).
    pub(super) fn hit_a_limit(&self) -> bool {
        self.mem.hits.iter().any(|h| h.first.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::series::GAUGES;

    /// Every gauge that holds memory is in one kind of the chart, and
    /// the kinds add up to the totals the engine keeps.
    #[test]
    fn every_gauge_that_holds_memory_is_in_a_kind() {
        let m = Memory {
            heap_limit: 1,
            initial_heap: 1,
            min_heap: 1,
            container_limit: 1,
            thread_limit: 1,
            heap_base: 3,
            native_base: 5,
            stack_reserved: 7,
            stack_resident: 11,
            virtual_thread: 13,
            stack_chunk: 17,
            connection: 19,
            request: 23,
            thread_local: 0,
        };
        let value = |g: Gauge| (g as usize + 1) as f64;
        let (mut heap, mut native) = (m.heap_base as f64, m.native_base as f64);
        for g in Gauge::ALL {
            heap += value(g) * heap_per_unit(&m, g) as f64;
            native += value(g) * native_per_unit(&m, g) as f64;
        }
        heap += value(Gauge::HeapGarbage) * 1024.0;
        let kinds: f64 = MemoryKind::ALL.iter().map(|&k| of_kind(&m, k, value)).sum();
        assert_eq!(kinds, heap + native);
        for i in 0..GAUGES {
            let _ = Gauge::ALL[i];
        }
    }
}
