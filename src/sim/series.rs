//! Time series with a bounded number of buckets whose width adapts to the run.
//!
//! The run's length is not known in advance (a closed loop with a request
//! count ends when it ends), so buckets start narrow and, when there are too
//! many, neighbours merge and the width doubles. Memory stays bounded by the
//! bucket count whatever the number of requests.

use super::named::named_enum;
use super::time::{Nanos, ns_f64};

named_enum! {
    /// Integer gauges sampled over time (time-weighted averages per bucket),
    /// named as in reports and charts.
    #[repr(usize)]
    pub enum Gauge {
        /// Requests the clients are waiting for.
        InFlight = "in_flight",
        /// Requests inside the server (accepted, not finished), abandoned ones included.
        InServer = "in_server",
        /// Tomcat pool threads running a request.
        TomcatBusy = "tomcat_busy",
        /// Platform threads alive (Tomcat pool plus executor pools).
        PlatformAlive = "platform_threads",
        /// Requests waiting for a Tomcat pool thread.
        TomcatQueue = "tomcat_queue",
        /// Carrier threads that have a virtual thread mounted.
        CarriersBusy = "carriers_busy",
        /// Carriers blocked by a pinned virtual thread.
        CarriersPinned = "carriers_pinned",
        /// Carrier threads alive (parallelism plus compensation).
        CarriersAlive = "carriers_alive",
        /// Virtual threads ready to run, waiting for a carrier.
        RunnableVthreads = "runnable_vthreads",
        /// Virtual threads alive (mounted or not).
        VthreadsAlive = "vthreads_alive",
        /// Unmounted virtual threads (stack chunk on the heap).
        VthreadsUnmounted = "vthreads_unmounted",
        /// Requests waiting for a HikariCP connection.
        DbWaiters = "db_waiters",
        /// HikariCP connections in use.
        DbActive = "db_active",
        /// Threads waiting to enter a shared monitor or lock.
        LockWaiters = "lock_waiters",
        /// Cores busy.
        CpuBusy = "cpu_busy",
        /// Open server connections (each holds a max-connections slot:
        /// busy, kept by the client, or idle).
        Connections = "connections",
        /// Open connections idle between requests (keep-alive).
        ConnsIdle = "connections_idle",
        /// Established connections waiting in the accept queue for Tomcat's
        /// acceptor (the listen backlog).
        Backlog = "backlog",
        /// Tasks waiting in executor queues.
        ExecutorQueue = "executor_queue",
        /// Heap garbage not yet collected, KiB (G1 only).
        HeapGarbage = "heap_garbage_kb",
        /// 1 during a stop-the-world pause (its mean is the pause share).
        GcPaused = "gc_paused",
    }
}

/// Number of gauges.
pub(crate) const GAUGES: usize = Gauge::ALL.len();

/// Coarse latency bins per bucket: 4 per power of two of microseconds.
pub(crate) const LAT_BINS: usize = 4 * 40;

/// One time bucket.
#[derive(Clone)]
pub(crate) struct Bucket {
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
    /// Connections opened by clients that had had one before.
    pub reconnects: u32,
    /// Per downstream: its tries and its breaker (empty without).
    pub calls: Vec<CallBucket>,
}

/// What one downstream's guarded calls did in a bucket.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CallBucket {
    /// Counts by [`CallCount`].
    pub counts: [u32; CALL_COUNTS],
    /// Time its breaker was open, and half-open, ns.
    pub area: [f64; 2],
}

/// What is counted of a downstream's tries per bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallCount {
    /// Tries sent to it (its offered load).
    Sent = 0,
    /// Tries that failed, however.
    Failed = 1,
    /// Retries begun.
    Retries = 2,
    /// Tries its breaker refused.
    Refused = 3,
}

const CALL_COUNTS: usize = 4;

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
            reconnects: 0,
            calls: Vec::new(),
        }
    }

    /// An empty bucket with room for `downstreams`.
    fn with_calls(downstreams: usize) -> Self {
        let mut b = Bucket::new();
        b.calls = vec![CallBucket::default(); downstreams];
        b
    }

    fn absorb(&mut self, o: &Bucket) {
        for (a, b) in self.calls.iter_mut().zip(&o.calls) {
            for (x, y) in a.counts.iter_mut().zip(b.counts) {
                *x += y;
            }
            a.area[0] += b.area[0];
            a.area[1] += b.area[1];
        }
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
        self.reconnects += o.reconnects;
    }
}

/// Bin index of a latency for the coarse per-bucket histogram.
pub(crate) fn lat_bin(ns: u64) -> usize {
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
pub(crate) fn bin_floor_ns(bin: usize) -> f64 {
    let octave = bin / 4;
    let frac = (bin % 4) as f64;
    (1u64 << octave) as f64 * (1.0 + frac / 4.0) * 1000.0
}

/// The recorder of time series.
///
/// Bucket `k` covers the times (k·width, (k+1)·width], bucket 0 also time 0.
/// The engine calls [`Series::tick`] whenever simulated time moves; a gauge
/// change then costs one multiply-add: the current bucket's area is kept as
/// if every gauge held its value to the bucket's end, and a change by `d`
/// at time `t` adds `d × (end − t)`. The areas are sums of integers, exact
/// in `f64` while below 2^53 (e.g. 10^5 threads over 10^10 ns).
pub(crate) struct Series {
    /// Bucket width in ns.
    pub width: Nanos,
    /// Buckets from time 0; the last one is the current bucket.
    pub buckets: Vec<Bucket>,
    max_buckets: usize,
    values: [u32; GAUGES],
    /// Areas of the current bucket, counted to its end.
    areas: [f64; GAUGES],
    /// End of the current bucket.
    end: Nanos,
    /// `end − now` as a float, for the multiply-add of a change.
    left: f64,
    /// Per downstream: its breaker open, half-open (1 or 0), and those
    /// flags' areas in the current bucket, counted to its end.
    breakers: Vec<[u8; 2]>,
    breaker_areas: Vec<[f64; 2]>,
}

impl Series {
    /// A recorder keeping at most `2 × target` buckets, starting `width` wide.
    pub(crate) fn new(target: u32, width: Nanos) -> Self {
        let width = width.max(1000);
        Series {
            width,
            buckets: vec![Bucket::new()],
            max_buckets: (2 * target.max(8)) as usize,
            values: [0; GAUGES],
            areas: [0.0; GAUGES],
            end: width,
            left: width as f64,
            breakers: Vec::new(),
            breaker_areas: Vec::new(),
        }
    }

    /// The same, with a column of call counts per downstream.
    pub(crate) fn with_downstreams(mut self, n: usize) -> Self {
        self.buckets = vec![Bucket::with_calls(n)];
        self.breakers = vec![[0; 2]; n];
        self.breaker_areas = vec![[0.0; 2]; n];
        self
    }

    /// Counts one of downstream `d`'s tries (at the last tick).
    pub(crate) fn call(&mut self, d: usize, what: CallCount) {
        if let Some(c) = self.current().calls.get_mut(d) {
            c.counts[what as usize] += 1;
        }
    }

    /// Downstream `d`'s breaker is open, or half-open, from the last tick.
    pub(crate) fn breaker(&mut self, d: usize, open: bool, half_open: bool) {
        let left = self.left;
        let (Some(flags), Some(areas)) = (self.breakers.get_mut(d), self.breaker_areas.get_mut(d))
        else {
            return;
        };
        for (k, on) in [open, half_open].into_iter().enumerate() {
            let delta = on as i32 - flags[k] as i32;
            flags[k] = on as u8;
            areas[k] += delta as f64 * left;
        }
    }

    /// Current value of a gauge.
    #[inline]
    pub(crate) fn get(&self, g: Gauge) -> u32 {
        self.values[g as usize]
    }

    /// Simulated time is now `now` (never earlier than the last tick).
    #[inline]
    pub(crate) fn tick(&mut self, now: Nanos) {
        if now > self.end {
            self.roll(now);
        }
        self.left = ns_f64(self.end - now);
    }

    /// Adds `delta` to a gauge (at the last tick). Returns the new value, or
    /// `None` if it would go below zero, which leaves the gauge unchanged.
    #[inline]
    pub(crate) fn add(&mut self, g: Gauge, delta: i32) -> Option<u32> {
        let i = g as usize;
        let v = self.values[i].checked_add_signed(delta)?;
        self.values[i] = v;
        self.areas[i] += delta as f64 * self.left;
        Some(v)
    }

    /// Closes the current bucket and opens the one holding `now`, filling
    /// the buckets in between with the gauges' constant values; merges
    /// neighbours (doubling the width) when there are too many.
    #[inline(never)]
    fn roll(&mut self, now: Nanos) {
        self.current().area = self.areas;
        self.close_calls();
        while now > self.end {
            if self.buckets.len() >= self.max_buckets {
                // An even count: every bucket has a partner, and the merged
                // buckets end where the old ones did.
                self.merge();
            }
            let full = self.values.map(|v| v as f64 * self.width as f64);
            let width = self.width as f64;
            let flags_full: Vec<[f64; 2]> = (self.breakers.iter())
                .map(|f| [f[0] as f64 * width, f[1] as f64 * width])
                .collect();
            self.end += self.width;
            let mut b = Bucket::with_calls(self.breakers.len());
            if now > self.end {
                b.area = full;
                for (c, a) in b.calls.iter_mut().zip(&flags_full) {
                    c.area = *a;
                }
            } else {
                self.areas = full;
                self.breaker_areas = flags_full;
            }
            self.buckets.push(b);
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
    }

    /// The breakers' areas go into the current bucket.
    fn close_calls(&mut self) {
        let areas = std::mem::take(&mut self.breaker_areas);
        for (c, a) in self.current().calls.iter_mut().zip(&areas) {
            c.area = *a;
        }
        self.breaker_areas = areas;
    }

    /// The current bucket.
    #[inline]
    fn current(&mut self) -> &mut Bucket {
        let last = self.buckets.len() - 1;
        &mut self.buckets[last]
    }

    /// Records a response with its latency (at the last tick).
    pub(crate) fn response(&mut self, latency: Nanos, ok: bool) {
        let bucket = self.current();
        bucket.responses += 1;
        bucket.ok += ok as u32;
        bucket.lat_sum += ns_f64(latency);
        bucket.lat_max = bucket.lat_max.max(latency);
        bucket.lat_bins[lat_bin(latency)] += 1;
    }

    /// Records a client-side error (at the last tick).
    pub(crate) fn error(&mut self) {
        self.current().errors += 1;
    }

    /// Records a finished async task (at the last tick).
    pub(crate) fn task_done(&mut self) {
        self.current().tasks_done += 1;
    }

    /// Records a reconnect (at the last tick).
    pub(crate) fn reconnect(&mut self) {
        self.current().reconnects += 1;
    }

    /// Ends the record at `now`: the current bucket's areas stop there.
    pub(crate) fn close(&mut self, now: Nanos) {
        self.tick(now);
        let (values, left) = (self.values, self.left);
        let mut areas = self.areas;
        for (a, v) in areas.iter_mut().zip(values) {
            *a -= v as f64 * left;
        }
        self.current().area = areas;
        for (a, f) in self.breaker_areas.iter_mut().zip(&self.breakers) {
            a[0] -= f[0] as f64 * left;
            a[1] -= f[1] as f64 * left;
        }
        self.close_calls();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random changes at random times, checked against a brute-force
    /// integral over each bucket: gaps of many buckets, merges, changes on
    /// bucket edges, and a run that ends mid-bucket.
    #[test]
    fn bucket_areas_equal_the_integral_of_the_gauge() {
        let mut x: u64 = 99;
        let mut rand = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        let mut s = Series::new(8, 1000);
        let (mut now, mut value) = (0u64, 0u32);
        let mut steps: Vec<(Nanos, u32)> = vec![(0, 0)];
        for _ in 0..3000 {
            now += match rand(4) {
                0 => 0,
                1 => 1000 - now % 1000, // onto an edge
                2 => rand(50_000),
                _ => rand(400),
            };
            s.tick(now);
            let delta = if value == 0 || rand(2) == 0 { 1 } else { -1 };
            s.add(Gauge::InServer, delta);
            value = value.wrapping_add_signed(delta);
            steps.push((now, value));
        }
        let end = now + 123;
        s.close(end);
        assert!(
            s.buckets.len() <= 16 && s.width > 1000,
            "merged: {}",
            s.width
        );
        // The value at time t is that of the last change at or before t.
        let integral = |lo: Nanos, hi: Nanos| -> f64 {
            let mut area = 0.0;
            for (i, &(t, v)) in steps.iter().enumerate() {
                let next = steps.get(i + 1).map_or(end, |s| s.0);
                let (a, b) = (t.max(lo), next.min(hi));
                if b > a {
                    area += v as f64 * (b - a) as f64;
                }
            }
            area
        };
        for (k, b) in s.buckets.iter().enumerate() {
            let lo = k as u64 * s.width;
            let want = integral(lo, (lo + s.width).min(end));
            assert_eq!(b.area[Gauge::InServer as usize], want, "bucket {k}");
        }
        assert_eq!(s.get(Gauge::InServer), value);
        assert_eq!(
            s.add(Gauge::Backlog, -1),
            None,
            "a gauge never goes below 0"
        );
    }
}
