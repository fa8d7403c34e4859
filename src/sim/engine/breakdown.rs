//! Where each request's time goes: a stage at a time (see [`Stage`]).
//!
//! A fiber carries a small fixed array of nanoseconds, one per stage, and
//! the stage it is in since when. Whenever it moves on (to a connect, the
//! accept queue, a pool's queue, a core, a blocking call, …) the time since
//! is charged to the stage it leaves, so the stages of one request add up
//! to its latency exactly, by construction. A stop-the-world pause is
//! charged to `gc` instead: the collector keeps how long the world has been
//! stopped since the start (`Collector::stopped_until`), and the part of an
//! interval that fell in pauses is the difference of that count at its two
//! ends.
//!
//! At a successful response the array is folded into the run's sums: over
//! every success (for the mean), and by the latency histogram's bucket (for
//! the p99 set). The p99 set is then exactly the successes in the buckets
//! from the one that holds the p99 latency up: "at or above p99" at the
//! histogram's own resolution (3 significant digits), the one the report's
//! percentiles have. Memory: an index of the histogram's buckets, and a
//! slot of twelve sums for each bucket some success fell in (a few hundred
//! in a typical run, at most the histogram's buckets), whatever the number
//! of requests.

use hdrhistogram::Histogram;

use super::NONE;
use super::latencies::{BUCKETS, bucket};
use crate::sim::report::{Breakdown, Capacity, STAGES, Stage, StageMs};
use crate::sim::time::{Nanos, ns_f64};

/// The stages of one request so far.
#[derive(Clone, Copy, Debug)]
pub(super) struct Spent {
    /// The stage it is in now.
    pub(super) stage: Stage,
    /// Since when.
    since: Nanos,
    /// How long the world had been stopped at `since`.
    stopped_at_since: Nanos,
    /// Time charged to each stage, ns, indexed by `Stage as usize`.
    pub(super) ns: [Nanos; STAGES],
}

impl Spent {
    /// A request that begins in `stage` at `at`, when the world had been
    /// stopped for `stopped` ns.
    pub(super) fn begin(stage: Stage, at: Nanos, stopped: Nanos) -> Self {
        Spent {
            stage,
            since: at,
            stopped_at_since: stopped,
            ns: [0; STAGES],
        }
    }

    /// Charges the time since the last move to the stage it was in (what
    /// of it the world was stopped to `gc`), and moves to `next` at `now`.
    #[inline(always)]
    pub(super) fn moves(&mut self, next: Stage, now: Nanos, stopped: Nanos) {
        let elapsed = now.saturating_sub(self.since);
        let paused = stopped.saturating_sub(self.stopped_at_since).min(elapsed);
        self.ns[Stage::Gc as usize] += paused;
        self.ns[self.stage as usize] += elapsed - paused;
        self.since = now;
        self.stopped_at_since = stopped;
        self.stage = next;
    }

    /// Forgets the time since the last move (wrk and k6 do not count a
    /// connection's connect in its first request's latency).
    pub(super) fn skip(&mut self, now: Nanos, stopped: Nanos) {
        self.since = now;
        self.stopped_at_since = stopped;
    }

    /// Its join's time since the last move, charged as its last subtask
    /// `child` spent its own: the join waited for what that subtask did
    /// (its lease, its pool's queue, its call), not on a socket of its own.
    /// The subtask's stages are scaled to the join's length, which is
    /// exact when the join began as the subtasks were forked (`fork{…}`
    /// submits them in no simulated time); the last nanoseconds of
    /// rounding go to its largest stage. `child` must be moved to `now`.
    pub(super) fn joined(&mut self, child: &Spent, now: Nanos, stopped: Nanos) {
        let join = now.saturating_sub(self.since);
        let total = child.total();
        if total == 0 || join == 0 {
            self.moves(self.stage, now, stopped);
            return;
        }
        let mut given = 0;
        for (mine, &theirs) in self.ns.iter_mut().zip(&child.ns) {
            let part = (join as u128 * theirs as u128 / total as u128) as Nanos;
            *mine += part;
            given += part;
        }
        let largest = (0..STAGES).max_by_key(|&i| child.ns[i]).unwrap_or(0);
        self.ns[largest] += join - given;
        self.since = now;
        self.stopped_at_since = stopped;
    }

    /// Every stage's time, added up.
    pub(super) fn total(&self) -> Nanos {
        self.ns.iter().sum()
    }
}

/// The run's sums over successful requests, by latency bucket only: the
/// sums over every success are the buckets' added up at the end, which
/// saves a sum per stage on every response.
#[derive(Debug)]
pub(super) struct Breakdowns {
    /// Successes folded in.
    count: u64,
    /// For each latency histogram bucket, its slot in `slots`, or `NONE`.
    slot_of: Box<[u32]>,
    /// Per bucket with successes: ns per stage, and how many.
    slots: Vec<([f64; STAGES], u64)>,
}

impl Breakdowns {
    pub(super) fn new() -> Self {
        Breakdowns {
            count: 0,
            slot_of: vec![NONE; BUCKETS].into_boxed_slice(),
            slots: Vec::new(),
        }
    }

    /// Folds in a successful request of `latency` ns that spent `spent`.
    #[inline(always)]
    pub(super) fn add(&mut self, latency: Nanos, spent: &Spent) {
        debug_assert_eq!(spent.total(), latency, "stages add up to the latency");
        self.count += 1;
        let b = bucket(latency);
        let mut slot = self.slot_of[b];
        if slot == NONE {
            slot = self.slots.len() as u32;
            self.slot_of[b] = slot;
            self.slots.push(([0.0; STAGES], 0));
        }
        let (sums, n) = &mut self.slots[slot as usize];
        *n += 1;
        for (by, &ns) in sums.iter_mut().zip(&spent.ns) {
            *by += ns_f64(ns);
        }
    }

    /// The report's breakdown; `ok` is the successes' latency histogram (µs).
    pub(super) fn report(&self, ok: &Histogram<u64>, capacity: Capacity) -> Breakdown {
        if self.count == 0 || ok.is_empty() {
            return Breakdown {
                capacity,
                ..Breakdown::default()
            };
        }
        let p99_bucket = bucket(ok.value_at_quantile(0.99).saturating_mul(1000));
        let (all, _) = self.sums_from(0);
        let (sums, n) = self.sums_from(p99_bucket);
        Breakdown {
            requests: self.count,
            mean_ms: per_request_ms(&all, self.count as f64),
            p99_requests: n,
            p99_ms: per_request_ms(&sums, n as f64),
            capacity,
        }
    }
}

impl Breakdowns {
    /// The sums per stage over the successes in bucket `from` and above,
    /// and how many they are.
    fn sums_from(&self, from: usize) -> ([f64; STAGES], u64) {
        let (mut sums, mut n) = ([0.0; STAGES], 0u64);
        let slots = self.slot_of[from..].iter().filter(|&&s| s != NONE);
        for &slot in slots {
            let (bucket_sums, count) = &self.slots[slot as usize];
            n += count;
            for (s, v) in sums.iter_mut().zip(bucket_sums) {
                *s += v;
            }
        }
        (sums, n)
    }
}

/// Sums of ns per stage over `n` requests, as ms per request.
fn per_request_ms(sums: &[f64; STAGES], n: f64) -> StageMs {
    Stage::ALL
        .into_iter()
        .zip(sums)
        .map(|(s, v)| (s, if n > 0.0 { v / n / 1e6 } else { 0.0 }))
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn moving_charges_the_stage_left_and_pauses_to_gc() {
        let mut s = Spent::begin(Stage::Client, 100, 0);
        s.moves(Stage::Connect, 150, 0);
        // 40 ns in the connect, 10 of them in a pause.
        s.moves(Stage::Cpu, 190, 10);
        s.moves(Stage::Io, 190, 10);
        assert_eq!(s.ns[Stage::Client as usize], 50);
        assert_eq!(s.ns[Stage::Connect as usize], 30);
        assert_eq!(s.ns[Stage::Gc as usize], 10);
        assert_eq!(s.ns[Stage::Cpu as usize], 0);
        assert_eq!(s.total(), 90);
        // A skipped interval is in no stage.
        s.skip(300, 20);
        s.moves(Stage::Io, 310, 20);
        assert_eq!(s.total(), 100);
        assert_eq!(s.ns[Stage::Io as usize], 10);
    }

    #[test]
    fn a_join_is_charged_as_its_last_subtask_spent_its_time() {
        // The caller joins at 100 and its subtask, forked at 100, waited
        // 30 ns for a lease and 10 ns on its call: the 40 ns of the join
        // are 30 of lease wait and 10 of I/O.
        let mut caller = Spent::begin(Stage::Cpu, 0, 0);
        caller.moves(Stage::Io, 100, 0);
        let mut child = Spent::begin(Stage::LeaseWait, 100, 0);
        child.moves(Stage::Io, 130, 0);
        child.moves(Stage::Client, 140, 0);
        caller.joined(&child, 140, 0);
        assert_eq!(caller.ns[Stage::Cpu as usize], 100);
        assert_eq!(caller.ns[Stage::LeaseWait as usize], 30);
        assert_eq!(caller.ns[Stage::Io as usize], 10);
        // Scaled and rounded, the parts still add up to the join exactly.
        let mut caller = Spent::begin(Stage::Io, 0, 0);
        let mut child = Spent::begin(Stage::LeaseWait, 0, 0);
        child.moves(Stage::Io, 1, 0);
        child.moves(Stage::Cpu, 2, 0);
        child.moves(Stage::Client, 3, 0);
        caller.joined(&child, 10, 0);
        assert_eq!(caller.total(), 10);
    }

    #[test]
    fn the_p99_set_is_the_slowest_hundredth() {
        let mut b = Breakdowns::new();
        let mut ok = crate::sim::engine::latencies::histogram();
        // 985 requests of 1 ms on a core, 15 of 100 ms waiting for a
        // thread: p99 is 100 ms (with 990 or more of 1 ms it would be
        // 1 ms, and the set every request).
        for i in 0..1000u64 {
            let (stage, ms) = if i < 985 {
                (Stage::Cpu, 1)
            } else {
                (Stage::ThreadWait, 100)
            };
            let mut s = Spent::begin(stage, 0, 0);
            s.moves(stage, ms * 1_000_000, 0);
            b.add(ms * 1_000_000, &s);
            ok.record(ms * 1000).unwrap();
        }
        let r = b.report(&ok, Capacity::default());
        assert_eq!((r.requests, r.p99_requests), (1000, 15));
        assert!((r.mean_ms[&Stage::Cpu] - 0.985).abs() < 1e-9);
        assert!((r.mean_ms[&Stage::ThreadWait] - 1.5).abs() < 1e-9);
        assert!((r.p99_ms[&Stage::ThreadWait] - 100.0).abs() < 1e-9);
        assert_eq!(r.p99_ms[&Stage::Cpu], 0.0);
    }

    #[test]
    fn the_p99_set_starts_at_the_bucket_that_holds_p99() {
        let mut b = Breakdowns::new();
        let mut ok = crate::sim::engine::latencies::histogram();
        // Of 100 requests the 99th is the first of 1.100 ms: the p99 set is
        // the two in its bucket, not the one just below it.
        for (us, n, stage) in [
            (1030, 97, Stage::Cpu),
            (1099, 1, Stage::Io),
            (1100, 2, Stage::ThreadWait),
        ] {
            for _ in 0..n {
                let mut s = Spent::begin(stage, 0, 0);
                s.moves(stage, us * 1000, 0);
                b.add(us * 1000, &s);
                ok.record(us).unwrap();
            }
        }
        let r = b.report(&ok, Capacity::default());
        assert_eq!(r.p99_requests, 2);
        assert!((r.p99_ms[&Stage::ThreadWait] - 1.1).abs() < 1e-9, "{r:?}");
        assert_eq!(r.p99_ms[&Stage::Io], 0.0);
        // One slot per bucket with successes, whatever their number.
        assert_eq!(b.slots.len(), 3);
    }
}
