//! Garbage collection: G1, the JVM's default collector, in a simple form.
//!
//! * **Allocation**: every request allocates `gc.alloc_kb` when its handler
//!   starts; that fills the young generation (eden). When eden reaches the
//!   young generation's size, a collection stops the world.
//! * **Heap**: the committed heap, up to `-Xmx` (`heap`): it starts as
//!   start-up's concurrent cycle left `-Xms`, grows after a pause when GC
//!   took more than its share of the time (`GCTimeRatio`) or when the live
//!   data needs the room, and is resized both ways at each concurrent
//!   cycle's Remark (below) and after a full collection.
//! * **Young generation's size**: G1 sizes it between `G1NewSizePercent`
//!   (5 %) and `G1MaxNewSizePercent` (60 %) of the committed heap to meet its
//!   pause goal (`MaxGCPauseMillis`, 200 ms); here it takes the largest size
//!   that fits beside the old generation, the survivors and
//!   `G1ReservePercent` (10 %) of the committed heap, at most 60 %. A small
//!   heap has a small young generation, so collections come more often.
//! * **What survives**: the live objects of requests a thread is running
//!   (one still in Tomcat's queue holds only its connection's buffers), virtual
//!   threads and their stack chunks (JEP 444: an unmounted virtual thread's
//!   stack is a heap object, so it is copied like any other). Connections'
//!   buffers and the idle service's objects live far longer than the
//!   tenuring threshold (15 collections), so they are old. Survivors beyond
//!   the survivor space (the young generation ÷ `SurvivorRatio`, 8) are
//!   promoted to the old generation.
//! * **Pause**: a labelled base plus the live bytes copied at a labelled
//!   rate. Every platform thread and carrier stops: the CPU model freezes,
//!   and the server's own events due during the pause (a wait ending, a
//!   pool's timer, Tomcat's acceptor finishing an accept, its keep-alive
//!   check) wait for its end. The kernel is not stopped: it completes
//!   handshakes into the accept queue (and drops SYNs once that is full),
//!   which the acceptor takes from after the pause; a request sent on a
//!   connection Tomcat has waits in the socket for its poller. The client
//!   goes on (its timeouts run).
//! * **Old generation**: once it passes `InitiatingHeapOccupancyPercent`
//!   (45 %) of the committed heap, concurrent marking runs, and if requests'
//!   objects were promoted the next collection is mixed: it also copies the
//!   promoted objects still live and frees the rest. Without promoted
//!   objects the old generation is the idle service's and the connections'
//!   (long-lived, all live), regions G1 leaves out of a mixed collection
//!   (`G1MixedGCLiveThresholdPercent`, 85 %): the collection stays young.
//!   G1 decides at the end of a pause that the next young pause starts a
//!   concurrent cycle ("Concurrent Start"), whose Remark, after the
//!   concurrent marking, resizes the heap by `MinHeapFreeRatio` and
//!   `MaxHeapFreeRatio` (sourced: `G1ConcurrentMark::remark`); the logs here
//!   show a pause growing the heap by GC time at or after that start and
//!   the Remark shrinking it again (216 → 136 MiB, 1,612 → 840 MiB). The
//!   model applies the Remark's resize at the end of the collection after
//!   the one that decided, after that collection's own growth, with what
//!   is then old or in survivors in use. *Assumption*: the marking between
//!   them (13–125 ms in the logs here) is taken as over by then, and pauses
//!   during it are folded into that one. The cycle's own short pauses,
//!   Remark and Cleanup, do not stop the world in the model (they are
//!   counted: `concurrent_cycles`). When the young generation cannot
//!   be given its minimum even in a heap grown to `-Xmx`, the next
//!   collection is full: every live object is marked and compacted (twice
//!   a copy's work).
//! * **Heap exhausted**: a request that starts while the live heap is
//!   beyond `-Xmx` causes a full collection, then fails with
//!   `OutOfMemoryError` when it ends (`memory`). Collections back to back
//!   before that are GC thrashing: the report names when three pauses in
//!   a row each lasted longer than the work between them.
//!
//! With `gc.collector = none` nothing here runs: one comparison per event
//! (a pause's end is 0) and one per ready fiber.

use super::heap::HeapSize;
use super::warmup::{BOOTED, OUT_OF_MEMORY};
use super::{Engine, NONE};
use crate::sim::config::{Gc, Memory};
use crate::sim::queue::Event;
use crate::sim::report::{GcKind, GcPause, GcStats};
use crate::sim::series::Gauge;
use crate::sim::time::{MS, Nanos, to_ms, to_s};
use crate::sim::trace::Tracer;

/// `G1NewSizePercent`: the young generation's least share of the heap.
const MIN_YOUNG_PCT: u64 = 5;
/// `G1MaxNewSizePercent`.
const MAX_YOUNG_PCT: u64 = 60;
/// `G1ReservePercent`: heap kept free for promotions.
const RESERVE_PCT: u64 = 10;
/// `InitiatingHeapOccupancyPercent`: old-generation occupancy that starts marking.
const IHOP_PCT: u64 = 45;
/// `SurvivorRatio`: the survivor space is this fraction of the young generation.
const SURVIVOR_RATIO: u64 = 8;
/// Pauses listed in the report (more are counted).
const MAX_PAUSES: usize = 5_000;
/// Pauses in a row, each longer than the run between it and the previous
/// one (the collector takes over half the time), that the report calls
/// GC thrashing.
const THRASHING_STREAK: u32 = 3;

/// The collector's state and record.
#[derive(Debug, Default)]
pub(super) struct Collector {
    /// End of the current pause; 0 (never later than now) when none.
    pub(super) until: Nanos,
    /// How long the world will have been stopped, from the start to the
    /// end of the current pause, ns (`stopped_until` reads it).
    stopped: Nanos,
    /// Bytes allocated since the last collection.
    eden: u64,
    /// Bytes promoted to the old generation since the last mixed or full
    /// collection, live or dead.
    promoted: u64,
    /// The young generation's size now.
    young: u64,
    /// The committed heap.
    pub(super) heap: HeapSize,
    /// The old generation passed the threshold: the next collection starts
    /// a concurrent cycle (its Remark resizes the heap) and is mixed.
    marking: bool,
    /// Concurrent cycles that reached their Remark.
    cycles: u64,
    /// The young generation cannot be sized: the next collection is full.
    full_next: bool,
    /// Server events held by the pause: (sequence, event), in order.
    deferred: Vec<(u64, Event)>,
    /// Requests sent on Tomcat's connections during the pause (fibers).
    held: Vec<u32>,
    /// Fibers stopped mid-run by the pause, in order.
    resume: Vec<u32>,
    /// Requests about to start their handler when the pause began: they
    /// start after the held events, with the held connections.
    starts: Vec<u32>,
    counts: [u64; 3],
    total: Nanos,
    longest: Nanos,
    allocated: u64,
    peak_copied: u64,
    peak_copied_chunks: u64,
    pauses: Vec<GcPause>,
    truncated: bool,
    /// End of the last pause.
    last_end: Nanos,
    /// Pauses in a row each longer than the work between it and the one
    /// before, and when the row began.
    streak: (u32, Nanos),
    thrashing_from: Option<Nanos>,
}

impl Collector {
    /// A collector for a JVM started at `start`: the heap as start-up's
    /// concurrent cycle left `-Xms`, the idle service's objects in use at
    /// its Remark (`heap`), its young generation as large as fits beside
    /// them.
    pub(super) fn new(m: &Memory, gc: &Gc, start: Nanos) -> Self {
        let mut heap = HeapSize::new(
            m.initial_heap,
            m.min_heap,
            m.heap_limit,
            gc.time_ratio,
            start,
        );
        heap.start_after_remark(m.heap_base);
        let young = young_size(heap.committed, m.heap_base).0;
        Collector {
            young,
            heap,
            ..Default::default()
        }
    }

    /// Whether a pause is under way at `now`.
    #[inline(always)]
    pub(super) fn paused(&self, now: Nanos) -> bool {
        now < self.until
    }

    /// How long the world has been stopped from the start to `now`, ns:
    /// what a request's stages charge to `gc` (`breakdown`).
    #[inline(always)]
    pub(super) fn stopped_until(&self, now: Nanos) -> Nanos {
        self.stopped - self.until.saturating_sub(now)
    }

    /// Holds a server event until the pause ends.
    pub(super) fn defer(&mut self, seq: u64, event: Event) {
        self.deferred.push((seq, event));
    }

    /// Holds a request sent during the pause until it ends.
    pub(super) fn hold(&mut self, f: u32) {
        self.held.push(f);
    }

    /// Holds a request that was about to start its handler when the pause began.
    pub(super) fn hold_start(&mut self, f: u32) {
        self.starts.push(f);
    }

    /// Events, connections and fibers the pause holds.
    pub(super) fn held_count(&self) -> usize {
        self.deferred.len() + self.held.len() + self.resume.len() + self.starts.len()
    }

    /// Bytes allocated for what pauses hold (capacity).
    pub(super) fn footprint(&self) -> u64 {
        (self.deferred.capacity() * size_of::<(u64, Event)>()
            + (self.held.capacity() + self.resume.capacity() + self.starts.capacity())
                * size_of::<u32>()) as u64
    }

    /// Forgets a pause and everything it held (the process was killed at
    /// `now`); returns the held events.
    pub(super) fn reset(&mut self, now: Nanos) -> Vec<(u64, Event)> {
        // The pause ends here: the world stopped only until now.
        self.stopped = self.stopped_until(now);
        let deferred = std::mem::take(&mut self.deferred);
        // Requests held or in the server: the process's end has taken
        // them already.
        self.held.clear();
        self.starts.clear();
        self.resume.clear();
        self.until = 0;
        self.eden = 0;
        self.promoted = 0;
        self.marking = false;
        self.full_next = false;
        deferred
    }
}

/// The young generation G1 gives a committed heap of `committed` bytes
/// beside `held` bytes of old objects and survivors, and whether that is at
/// least its minimum (`G1NewSizePercent`).
fn young_size(committed: u64, held: u64) -> (u64, bool) {
    let pct = |p: u64| committed / 100 * p;
    let free = committed.saturating_sub(held + pct(RESERVE_PCT));
    let least = pct(MIN_YOUNG_PCT);
    (free.clamp(least, pct(MAX_YOUNG_PCT)), free >= least)
}

impl<T: Tracer> Engine<T> {
    /// Request `f`'s handler starts: checks the heap, then allocates. False
    /// if the request stops here (it failed, or waits for a pause to end).
    pub(super) fn handler_allocates(&mut self, f: u32) -> bool {
        let on = self.cfg.gc.on;
        if self.heap_exhausted() {
            if on {
                // G1 collects everything before it gives up.
                self.fibers[f as usize].boot = OUT_OF_MEMORY;
                self.gc.resume.push(f);
                self.collect(GcKind::Full);
            } else {
                self.heap_out_of_memory(f);
            }
            return false;
        }
        if self.ending() {
            // The kernel would have killed the process at the allocation
            // that passed the limit (or the JVM is exiting); the model ends
            // it at the end of this event, so the handlers still starting in
            // it allocate nothing more and stop here, to be lost with it.
            return false;
        }
        if !on {
            return true;
        }
        let mut bytes = self.cfg.gc.alloc_per_request;
        if self.fibers[f as usize].thread == NONE {
            // A virtual thread serves this one request: its ThreadLocals
            // and per-thread caches are filled anew (a pooled thread's were
            // filled once, by its first request: not counted).
            bytes += self.cfg.memory.thread_local;
        }
        self.gc.eden += bytes;
        self.gc.allocated += bytes;
        self.set_garbage(self.mem.garbage + bytes);
        if self.gc.eden < self.gc.young {
            return true;
        }
        let kind = if self.gc.full_next {
            GcKind::Full
        } else if self.gc.marking && self.gc.promoted > 0 {
            GcKind::Mixed
        } else {
            GcKind::Young
        };
        debug_assert_eq!(self.fibers[f as usize].boot, BOOTED);
        self.gc.resume.push(f);
        self.collect(kind);
        false
    }

    /// Sets the garbage not yet collected, keeping its gauge (KiB) in step.
    fn set_garbage(&mut self, bytes: u64) {
        let delta = (bytes >> 10) as i64 - (self.mem.garbage >> 10) as i64;
        self.mem.set_garbage(bytes, &self.cfg.memory);
        if delta != 0 {
            self.gauge(Gauge::HeapGarbage, delta as i32);
        }
    }

    /// A warm JVM has served load before the run: its eden holds what was
    /// allocated since its last young collection, from nothing to nearly
    /// full (`gc.warm_eden_fill`, else a uniform draw). A cold JVM's is
    /// empty.
    pub(super) fn warm_eden(&mut self) {
        if !self.cfg.gc.on || self.cfg.jvm.cold {
            return;
        }
        let fill = match self.cfg.gc.warm_eden_fill {
            Some(f) => f,
            None => self.rng.open01(),
        };
        // Below the young generation, so that the first request does not
        // find it already full.
        let eden = ((fill * self.gc.young as f64) as u64).min(self.gc.young.saturating_sub(1));
        self.gc.eden = eden;
        self.set_garbage(self.mem.garbage + eden);
    }

    /// A collection of `kind` now: what it copies, what it frees, and the pause.
    fn collect(&mut self, kind: GcKind) {
        let m = &self.cfg.memory;
        let series = &self.rec.series;
        let limit = m.heap_limit;
        let live = self.mem.heap;
        // What is in use now had found its regions: G1 commits one before
        // an allocation fails.
        self.gc.heap.cover(live.min(limit) + self.mem.garbage);
        let old_live = m.heap_base + series.get(Gauge::Connections) as u64 * m.connection;
        let young_live = live.saturating_sub(old_live);
        let chunks = series.get(Gauge::VthreadsUnmounted) as u64 * m.stack_chunk;
        let promoted_live = self.gc.promoted.min(young_live);
        let survivors = young_live - promoted_live;
        let (copied, kept) = match kind {
            GcKind::Young => {
                let room = self.gc.young / SURVIVOR_RATIO;
                self.gc.promoted += survivors.saturating_sub(room);
                (survivors, survivors.min(room))
            }
            GcKind::Mixed => {
                self.gc.promoted = promoted_live;
                (survivors + promoted_live, survivors)
            }
            GcKind::Full => {
                // Compacted into old regions: marked, then moved. What the
                // model counts live beyond -Xmx could never have been
                // allocated: at most the heap is marked.
                self.gc.promoted = young_live;
                (2 * live.min(limit), 0)
            }
        };
        let pause = self.cfg.gc.pause_base.sample(&mut self.rng)
            + (copied as f64 * MS as f64 / self.cfg.gc.copy_bytes_per_ms.max(1) as f64) as Nanos;
        // After it: eden is empty, the dead promoted objects remain until
        // a mixed or full collection.
        self.gc.eden = 0;
        let dead_old = self.gc.promoted - self.gc.promoted.min(young_live);
        self.set_garbage(dead_old);
        let old = old_live + self.gc.promoted;
        let held = old + kept;
        self.resize(kind, pause.max(1), held);
        if self.gc.marking && kind != GcKind::Full {
            // This collection started the cycle the last one decided on
            // (a full collection would abort it): its Remark.
            self.gc.cycles += 1;
            self.gc.heap.after_remark(held);
            self.size_young(held);
        }
        let committed = self.gc.heap.committed;
        self.gc.marking = kind == GcKind::Young && old >= committed / 100 * IHOP_PCT;
        if copied > self.gc.peak_copied {
            self.gc.peak_copied = copied;
            self.gc.peak_copied_chunks = chunks.min(copied);
        }
        self.start_pause(kind, pause);
    }

    /// After a pause of `pause` that leaves `held` bytes of old objects and
    /// survivors: the heap is resized as G1 decides (grown by GC time after
    /// a young or mixed pause, resized by the free ratios after a full
    /// one), then sized by `size_young`.
    fn resize(&mut self, kind: GcKind, pause: Nanos, held: u64) {
        let heap = &mut self.gc.heap;
        if kind == GcKind::Full {
            heap.after_remark(held);
        } else {
            heap.after_young(self.now + pause, pause);
        }
        self.size_young(held);
    }

    /// The heap grows as far as the young generation's minimum needs beside
    /// `held` bytes of old objects and survivors, and the young generation
    /// is sized from it; a full collection comes next if even `-Xmx` has no
    /// room for that minimum.
    fn size_young(&mut self, held: u64) {
        let heap = &mut self.gc.heap;
        if !young_size(heap.committed, held).1 {
            let share = 100 - RESERVE_PCT - MIN_YOUNG_PCT;
            heap.cover(held.saturating_mul(100) / share + 1);
        }
        let (young, fits) = young_size(heap.committed, held);
        self.gc.young = young;
        self.gc.full_next = !fits;
    }

    /// Stops the world from now for `pause`.
    fn start_pause(&mut self, kind: GcKind, pause: Nanos) {
        let until = self.now + pause.max(1);
        // What is left of a pause under way (none here but a kill's) is
        // taken over by this one.
        self.gc.stopped = self.gc.stopped_until(self.now) + (until - self.now);
        self.gc.until = until;
        self.cpu.pause(self.now, until, &mut self.wakes);
        self.flush_wakes();
        self.gauge(Gauge::GcPaused, 1);
        self.queue.push(until, Event::GcEnd);
        let g = &mut self.gc;
        // Back to back: the world stopped for longer than it ran in between.
        if self.now - g.last_end < pause {
            if g.streak.0 == 0 {
                g.streak.1 = self.now;
            }
            g.streak.0 += 1;
            if g.streak.0 >= THRASHING_STREAK && g.thrashing_from.is_none() {
                g.thrashing_from = Some(g.streak.1);
            }
        } else {
            g.streak.0 = 0;
        }
        g.last_end = until;
        g.counts[kind as usize] += 1;
        g.total += pause;
        g.longest = g.longest.max(pause);
        if g.pauses.len() < MAX_PAUSES {
            g.pauses.push(GcPause {
                at_s: to_s(self.now),
                ms: to_ms(pause),
                kind,
            });
        } else {
            g.truncated = true;
        }
    }

    /// The pause is over: the stopped fibers go on first; then the held
    /// events come again, in their order (after whatever else is due now);
    /// then the held requests go in and the acceptor takes the connections
    /// the kernel queued meanwhile. Not by handling
    /// the events here: `handle` calling itself would keep the compiler
    /// from inlining it into the event loop.
    pub(super) fn gc_end(&mut self) {
        if self.gc.until != self.now {
            return; // the process was killed during the pause
        }
        self.gc.until = 0;
        self.gauge(Gauge::GcPaused, -1);
        let resume = std::mem::take(&mut self.gc.resume);
        self.ready.extend_from_slice(&resume);
        self.gc.resume = resume;
        self.gc.resume.clear();
        let deferred = std::mem::take(&mut self.gc.deferred);
        for &(seq, event) in &deferred {
            let again = self.queue.push(self.now, event);
            // A pool's timer is known by its sequence number.
            if let Event::PoolTimeout(f) = event {
                (self.fibers[f as usize].db_timeout).moved(seq, again, self.now);
            }
        }
        self.gc.deferred = deferred;
        self.gc.deferred.clear();
        if !self.gc.held.is_empty() || !self.gc.starts.is_empty() || !self.conns.queue.is_empty() {
            self.queue.push(self.now, Event::Accept);
        }
    }

    /// The requests about to start when the last pause began start, the
    /// poller reads the requests sent during it (unless their client gave
    /// up meanwhile), and the acceptor goes on with its queue (all wait for
    /// the end of another pause that began meanwhile).
    pub(super) fn accept_held(&mut self) {
        if self.gc.paused(self.now) {
            return;
        }
        let starts = std::mem::take(&mut self.gc.starts);
        self.ready.extend_from_slice(&starts);
        self.gc.starts = starts;
        self.gc.starts.clear();
        let held = std::mem::take(&mut self.gc.held);
        for &f in &held {
            if !self.gone(f) {
                self.arrive(f);
            }
        }
        self.gc.held = held;
        self.gc.held.clear();
        self.try_accept();
    }

    /// The collector's section of the report.
    pub(super) fn gc_stats(&self, run_s: f64) -> GcStats {
        let g = &self.gc;
        let total_ms = to_ms(g.total);
        let mb = |b: u64| b as f64 / (1 << 20) as f64;
        GcStats {
            on: self.cfg.gc.on,
            young: g.counts[GcKind::Young as usize],
            mixed: g.counts[GcKind::Mixed as usize],
            full: g.counts[GcKind::Full as usize],
            total_pause_ms: total_ms,
            max_pause_ms: to_ms(g.longest),
            pause_share: if run_s > 0.0 {
                (total_ms / 1000.0 / run_s).min(1.0)
            } else {
                0.0
            },
            allocated_mb: mb(g.allocated),
            young_mb: if self.cfg.gc.on { mb(g.young) } else { 0.0 },
            heap_initial_mb: if self.cfg.gc.on {
                mb(self.cfg.memory.initial_heap.min(g.heap.max()))
            } else {
                0.0
            },
            heap_start_mb: if self.cfg.gc.on {
                mb(g.heap.start)
            } else {
                0.0
            },
            heap_committed_mb: if self.cfg.gc.on {
                mb(g.heap.committed)
            } else {
                0.0
            },
            peak_heap_committed_mb: if self.cfg.gc.on { mb(g.heap.peak) } else { 0.0 },
            heap_expansions: g.heap.expansions,
            heap_shrinks: g.heap.shrinks,
            concurrent_cycles: g.cycles,
            peak_copied_mb: mb(g.peak_copied),
            peak_copied_stack_chunks_mb: mb(g.peak_copied_chunks),
            thrashing_from_s: g.thrashing_from.map(to_s),
            pauses: g.pauses.clone(),
            pauses_truncated: g.truncated,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::time::ns_f64;

    #[test]
    fn a_new_collector_starts_as_start_ups_remark_left_xms_with_the_young_generation_that_fits() {
        let mib = 1 << 20;
        let m = Memory {
            heap_limit: 2048 * mib,
            initial_heap: 128 * mib,
            min_heap: 8 * mib,
            container_limit: 8192 * mib,
            thread_limit: 100,
            heap_base: 40 * mib,
            native_base: 0,
            stack_reserved: 0,
            stack_resident: 0,
            virtual_thread: 0,
            stack_chunk: 0,
            connection: 0,
            request: 0,
            thread_local: 0,
        };
        let gc = Gc {
            on: true,
            alloc_per_request: 1,
            pause_base: crate::sim::rng::Dist::Const { ns: 0 },
            copy_bytes_per_ms: 1,
            time_ratio: 12,
            warm_eden_fill: Some(0.0),
        };
        // 40 MiB in use at start-up's Remark: 128 MiB is within 40–70 % free.
        let c = Collector::new(&m, &gc, 0);
        assert_eq!(c.heap.committed, 128 * mib);
        // 128 MiB less the idle service's 40 and the 10 % reserve: under 60 %.
        assert_eq!(c.young, 128 * mib - 40 * mib - 128 * mib / 100 * 10);
        assert!(!c.paused(0));
        assert_eq!(ns_f64(c.until), 0.0);
        // A heap set to -Xmx from the start (so MinHeapSize too): the young
        // generation at its 60 %.
        let c = Collector::new(
            &Memory {
                initial_heap: 2048 * mib,
                min_heap: 2048 * mib,
                ..m
            },
            &gc,
            0,
        );
        assert_eq!(c.young, 2048 * mib / 100 * 60);
        // The default -Xms of 24 GiB, 384 MiB, with 12 MiB in use at
        // start-up's Remark: 12 ÷ 0.3 = 40 MiB, its young generation 60 %.
        let c = Collector::new(
            &Memory {
                initial_heap: 384 * mib,
                heap_base: 12 * mib,
                ..m
            },
            &gc,
            0,
        );
        assert_eq!(c.heap.committed, 40 * mib);
        assert_eq!(c.young, 40 * mib / 100 * 60);
    }

    #[test]
    fn the_young_generation_has_its_minimum_or_says_it_has_not() {
        let mib = 1 << 20;
        assert_eq!(young_size(100 * mib, 0), (60 * mib, true));
        assert_eq!(young_size(100 * mib, 80 * mib), (10 * mib, true));
        assert_eq!(young_size(100 * mib, 86 * mib), (5 * mib, false));
    }
}
