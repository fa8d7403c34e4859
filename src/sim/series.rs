//! Time series with a bounded number of buckets whose width adapts to the run.
//!
//! The run's length is not known in advance (a closed loop with a request
//! count ends when it ends), so buckets start narrow and, when there are too
//! many, neighbours merge and the width doubles. Memory stays bounded by the
//! bucket count whatever the number of requests.

use super::time::Nanos;

/// Integer gauges sampled over time (time-weighted averages per bucket).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Gauge {
    /// Requests the clients are waiting for.
    InFlight,
    /// Requests inside the server (accepted, not finished), abandoned ones included.
    InServer,
    /// Tomcat pool threads running a request.
    TomcatBusy,
    /// Platform threads alive (Tomcat pool plus executor pools).
    PlatformAlive,
    /// Requests waiting for a Tomcat pool thread.
    TomcatQueue,
    /// Carrier threads that have a virtual thread mounted.
    CarriersBusy,
    /// Carriers blocked by a pinned virtual thread.
    CarriersPinned,
    /// Carrier threads alive (parallelism plus compensation).
    CarriersAlive,
    /// Virtual threads ready to run, waiting for a carrier.
    RunnableVthreads,
    /// Virtual threads alive (mounted or not).
    VthreadsAlive,
    /// Unmounted virtual threads (stack chunk on the heap).
    VthreadsUnmounted,
    /// Requests waiting for a HikariCP connection.
    DbWaiters,
    /// HikariCP connections in use.
    DbActive,
    /// Threads waiting to enter a shared monitor or lock.
    LockWaiters,
    /// Cores busy.
    CpuBusy,
    /// Open server connections.
    Connections,
    /// Connections waiting in the accept backlog.
    Backlog,
    /// Tasks waiting in executor queues.
    ExecutorQueue,
}

/// Number of gauges.
pub const GAUGES: usize = Gauge::ExecutorQueue as usize + 1;

/// Coarse latency bins per bucket: 4 per power of two of microseconds.
pub const LAT_BINS: usize = 4 * 40;

/// One time bucket.
#[derive(Clone)]
pub struct Bucket {
    /// Responses finished in this bucket.
    pub responses: u32,
    /// Successful responses.
    pub ok: u32,
    /// Client-side errors.
    pub errors: u32,
    /// Sum of response latencies (ns).
    pub lat_sum: f64,
    /// Largest latency (ns).
    pub lat_max: u64,
    /// Coarse latency histogram for per-bucket percentiles.
    pub lat_bins: Box<[u32; LAT_BINS]>,
    /// Gauge areas (value × ns) within the bucket.
    pub area: [f64; GAUGES],
    /// Async tasks completed.
    pub tasks_done: u32,
}

impl Bucket {
    fn new() -> Self {
        Bucket {
            responses: 0,
            ok: 0,
            errors: 0,
            lat_sum: 0.0,
            lat_max: 0,
            lat_bins: Box::new([0; LAT_BINS]),
            area: [0.0; GAUGES],
            tasks_done: 0,
        }
    }

    fn absorb(&mut self, o: &Bucket) {
        self.responses += o.responses;
        self.ok += o.ok;
        self.errors += o.errors;
        self.lat_sum += o.lat_sum;
        self.lat_max = self.lat_max.max(o.lat_max);
        for (a, b) in self.lat_bins.iter_mut().zip(o.lat_bins.iter()) {
            *a += b;
        }
        for (a, b) in self.area.iter_mut().zip(o.area.iter()) {
            *a += b;
        }
        self.tasks_done += o.tasks_done;
    }
}

/// Bin index of a latency for the coarse per-bucket histogram.
pub fn lat_bin(ns: u64) -> usize {
    let us = (ns / 1000).max(1);
    let octave = 63 - us.leading_zeros() as usize;
    let frac = if octave >= 2 {
        ((us >> (octave - 2)) & 3) as usize
    } else {
        ((us << (2 - octave)) & 3) as usize
    };
    (octave * 4 + frac).min(LAT_BINS - 1)
}

/// Lower edge (ns) of a coarse bin.
pub fn bin_floor_ns(bin: usize) -> f64 {
    let octave = bin / 4;
    let frac = (bin % 4) as f64;
    (1u64 << octave) as f64 * (1.0 + frac / 4.0) * 1000.0
}

/// The recorder of time series.
pub struct Series {
    /// Bucket width in ns.
    pub width: Nanos,
    /// Buckets from time 0.
    pub buckets: Vec<Bucket>,
    max_buckets: usize,
    values: [u32; GAUGES],
    since: [Nanos; GAUGES],
    /// The bucket `index` found last and its span [`cur_lo`, `cur_hi`): most
    /// lookups land in it, which spares the hot path a 64-bit division. The
    /// arithmetic on the areas is unchanged, so reports stay bit-identical.
    cur: usize,
    cur_lo: Nanos,
    cur_hi: Nanos,
}

impl Series {
    /// A recorder keeping at most `2 × target` buckets, starting `width` wide.
    pub fn new(target: u32, width: Nanos) -> Self {
        let width = width.max(1000);
        Series {
            width,
            buckets: vec![Bucket::new()],
            max_buckets: (2 * target.max(8)) as usize,
            values: [0; GAUGES],
            since: [0; GAUGES],
            cur: 0,
            cur_lo: 0,
            cur_hi: width,
        }
    }

    /// Current value of a gauge.
    #[inline]
    pub fn get(&self, g: Gauge) -> u32 {
        self.values[g as usize]
    }

    /// Sets a gauge at time `now`, integrating its previous value.
    #[inline]
    pub fn set(&mut self, g: Gauge, value: u32, now: Nanos) {
        let i = g as usize;
        if self.values[i] == value {
            return;
        }
        self.integrate(i, now);
        self.values[i] = value;
    }

    /// Adds `delta` to a gauge at time `now`.
    #[inline]
    pub fn add(&mut self, g: Gauge, delta: i32, now: Nanos) {
        let v = (self.values[g as usize] as i64 + delta as i64).max(0) as u32;
        self.set(g, v, now);
    }

    /// Adds gauge `i`'s area since its last change. Inlined: the common case
    /// (both ends in the cached bucket) is a compare and one multiply-add.
    #[inline]
    fn integrate(&mut self, i: usize, now: Nanos) {
        let v = self.values[i] as f64;
        let from = self.since[i];
        self.since[i] = now;
        if v == 0.0 {
            return;
        }
        if from >= self.cur_lo && now <= self.cur_hi {
            // Within one bucket: the loop below would add exactly this.
            if from < now {
                self.buckets[self.cur].area[i] += v * (now - from) as f64;
            }
            return;
        }
        self.integrate_across(i, v, from, now);
    }

    #[inline(never)]
    fn integrate_across(&mut self, i: usize, v: f64, mut from: Nanos, now: Nanos) {
        // Spread the area over the buckets the interval crosses.
        while from < now {
            let b = self.index(from);
            let end = ((b as u64 + 1) * self.width).min(now);
            self.buckets[b].area[i] += v * (end - from) as f64;
            from = end;
        }
    }

    /// The bucket index for time `t`, adding buckets or merging as needed.
    #[inline]
    fn index(&mut self, t: Nanos) -> usize {
        if t >= self.cur_lo && t < self.cur_hi {
            return self.cur;
        }
        self.index_slow(t)
    }

    fn index_slow(&mut self, t: Nanos) -> usize {
        loop {
            let b = (t / self.width) as usize;
            if b >= self.buckets.len() {
                if b >= self.max_buckets {
                    self.merge();
                    continue;
                }
                self.buckets.resize_with(b + 1, Bucket::new);
            }
            self.cur = b;
            self.cur_lo = b as Nanos * self.width;
            self.cur_hi = self.cur_lo + self.width;
            return b;
        }
    }

    fn merge(&mut self) {
        let old = std::mem::take(&mut self.buckets);
        let mut merged = Vec::with_capacity(self.max_buckets);
        let mut it = old.into_iter();
        while let Some(mut a) = it.next() {
            if let Some(b) = it.next() {
                a.absorb(&b);
            }
            merged.push(a);
        }
        self.buckets = merged;
        self.width *= 2;
        // The cached span is stale: the next lookup takes the slow path.
        (self.cur, self.cur_lo, self.cur_hi) = (0, 0, 0);
    }

    /// The bucket for time `t`, created if needed.
    fn at(&mut self, t: Nanos) -> &mut Bucket {
        let b = self.index(t);
        &mut self.buckets[b]
    }

    /// Records a response with its latency.
    pub fn response(&mut self, t: Nanos, latency: Nanos, ok: bool) {
        let bucket = self.at(t);
        bucket.responses += 1;
        bucket.ok += ok as u32;
        bucket.lat_sum += latency as f64;
        bucket.lat_max = bucket.lat_max.max(latency);
        bucket.lat_bins[lat_bin(latency)] += 1;
    }

    /// Records a client-side error.
    pub fn error(&mut self, t: Nanos) {
        self.at(t).errors += 1;
    }

    /// Records a finished async task.
    pub fn task_done(&mut self, t: Nanos) {
        self.at(t).tasks_done += 1;
    }

    /// Integrates every gauge up to `now` (call once at the end).
    pub fn close(&mut self, now: Nanos) {
        for i in 0..GAUGES {
            self.integrate(i, now);
        }
        self.index(now.saturating_sub(1));
    }
}
