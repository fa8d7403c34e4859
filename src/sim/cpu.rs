//! The operating system's share of cores among runnable OS threads.
//!
//! Every CPU demand in the server goes through here: a platform thread's `cpu`
//! step, a carrier thread running a virtual thread's `cpu` step, an executor
//! thread, and a load client that shares the machine. Two models:
//!
//! * **Processor sharing** (default): n runnable jobs on k cores each progress at
//!   min(1, k/n). Because all jobs share one rate, a single "attained service"
//!   clock `v` orders their finishing points, so only the earliest finish needs
//!   an event. Time slicing is not free: with more runnable threads than cores
//!   the rate is scaled by quantum / (quantum + switch cost).
//! * **Round robin**: an explicit run queue; a core runs a job for at most one
//!   quantum, pays the switch cost when it changes job, and requeues the rest.
//!
//! A container's CPU limit is Linux's CFS bandwidth control
//! (`Documentation/scheduler/sched-bwc.rst`): the cgroup may use `quota`
//! core-nanoseconds of CPU per `period` (100 ms by default), whichever
//! cores its threads run on. A burst that uses the quota early throttles
//! every thread of the cgroup until the period ends: modelled under
//! processor sharing (see [`Bandwidth`]).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::config::CpuModel;
use super::time::{Nanos, ns_f64};

/// `CpuCheck` events the engine must schedule: (time, stamp). Under processor
/// sharing the stamp invalidates superseded checks; under round robin it names
/// the core whose slice ends.
pub(crate) type Wakes = Vec<(Nanos, u32)>;

/// A CPU job's owner, as the engine names it (a fiber index).
pub(crate) type JobId = u32;

struct RrJob {
    id: JobId,
    /// The OS thread that runs it: a switch is paid when a core changes thread.
    thread: u32,
    remaining: Nanos,
}

/// CFS bandwidth control of the cgroup every job runs in.
#[derive(Clone, Debug)]
pub(crate) struct Bandwidth {
    /// CPU time the cgroup may use per period, core-ns.
    quota: f64,
    period: Nanos,
    /// End of the current period (periods start at time 0).
    end: Nanos,
    /// CPU time used in the current period, core-ns.
    used: f64,
    /// Periods in which the cgroup ran out of quota (`cpu.stat`'s `nr_throttled`).
    pub(crate) throttles: u64,
    /// Time the cgroup stood throttled, ns (`throttled_usec`).
    pub(crate) throttled_ns: Nanos,
    /// Round robin: the end of the period it is throttled in, if it is.
    throttled_until: Nanos,
    /// Round robin: CPU time slices drawn in this period will use in the
    /// next, core-ns.
    carried: f64,
}

/// The stamp of a round-robin check that names no core: the period's end,
/// when a throttled cgroup's quota is refilled.
const REFILL: u32 = u32::MAX;

impl Bandwidth {
    /// `limit` cores' worth of CPU per `period`.
    pub(crate) fn new(limit: f64, period: Nanos) -> Self {
        let period = period.max(1);
        Bandwidth {
            quota: limit * period as f64,
            period,
            end: period,
            used: 0.0,
            throttles: 0,
            throttled_ns: 0,
            throttled_until: 0,
            carried: 0.0,
        }
    }

    /// Round robin: a core draws up to `want` ns of the period's quota for
    /// a slice, as each CPU's run queue draws its runtime from the
    /// cgroup's pool (in `sched_cfs_bandwidth_slice_us` pieces, 5 ms by
    /// default: the quantum plays that part here). When no more than
    /// `least` is left, the cgroup is throttled until the period's end:
    /// `Err(true)` the first time in a period (counted), `Err(false)` after.
    fn draw(&mut self, now: Nanos, want: Nanos, least: Nanos) -> Result<Nanos, bool> {
        self.roll_to(now);
        let left = (self.quota - self.used).max(0.0) as Nanos;
        if left <= least {
            let first = self.throttled_until != self.end;
            if first {
                self.throttled_until = self.end;
                self.throttles += 1;
                self.throttled_ns += self.end - now;
            }
            return Err(first);
        }
        // What runs past the period's end is the next period's.
        let here = want.min(self.end - now);
        if here > left {
            self.used = self.quota;
            return Ok(left);
        }
        self.used += here as f64;
        self.carried += (want - here) as f64;
        Ok(want)
    }

    /// The end of the period that holds `t`, and the CPU used in it so far.
    fn period_at(&self, t: Nanos) -> (Nanos, f64) {
        if t < self.end {
            return (self.end, self.used);
        }
        let periods = (t - self.end) / self.period + 1;
        // A slice that ran on into the next period used that much of it.
        let used = if periods == 1 { self.carried } else { 0.0 };
        (self.end + periods * self.period, used)
    }

    /// Moves to the period that holds `t`, if `t` is past the current one.
    fn roll_to(&mut self, t: Nanos) {
        if t >= self.end {
            (self.end, self.used) = self.period_at(t);
            self.carried = 0.0;
        }
    }
}

/// The shared cores.
pub(crate) struct Cpu {
    model: CpuModel,
    cores: u32,
    quantum: Nanos,
    switch: Nanos,
    /// Processor sharing: the share of a core's time left by switches,
    /// quantum / (quantum + switch), computed once.
    useful_share: f64,
    // processor sharing
    v: f64,
    last: Nanos,
    heap: BinaryHeap<Reverse<(u64, u64, JobId)>>,
    seq: u64,
    stamp: u32,
    next_at: Option<Nanos>,
    // round robin
    /// Each core's slice: its job, when it began and when it ends.
    running: Vec<Option<(RrJob, Nanos, Nanos)>>,
    /// The cores without a slice, lowest first: a dispatch takes the lowest
    /// free core, as a scan from core 0 would, in O(log cores) rather than
    /// O(cores) (1,024 cores made every event a scan).
    idle: BinaryHeap<Reverse<u32>>,
    last_on_core: Vec<Option<u32>>,
    queue: VecDeque<RrJob>,
    /// Core-nanoseconds of work done (for utilisation): under processor
    /// sharing up to the last change, under round robin the slices ended.
    busy_ns: f64,
    /// Round robin: no slice starts before this (the end of a
    /// stop-the-world pause). Processor sharing keeps it in `last`.
    resume_at: Nanos,
    /// The container's CPU limit, if any (processor sharing only).
    pub(crate) bandwidth: Option<Bandwidth>,
}

impl Cpu {
    /// `cores` cores shared under `model`.
    pub(crate) fn new(model: CpuModel, cores: u32, quantum: Nanos, switch: Nanos) -> Self {
        Cpu {
            model,
            cores,
            quantum: quantum.max(1),
            switch,
            useful_share: {
                let q = quantum.max(1) as f64;
                q / (q + switch as f64)
            },
            v: 0.0,
            last: 0,
            heap: BinaryHeap::new(),
            seq: 0,
            stamp: 0,
            next_at: None,
            running: (0..cores).map(|_| None).collect(),
            idle: (0..cores).map(Reverse).collect(),
            last_on_core: vec![None; cores as usize],
            queue: VecDeque::new(),
            busy_ns: 0.0,
            resume_at: 0,
            bandwidth: None,
        }
    }

    /// The same cores in a cgroup limited to `bandwidth`.
    pub(crate) fn with_bandwidth(mut self, bandwidth: Option<Bandwidth>) -> Self {
        self.bandwidth = bandwidth;
        self
    }

    /// Runnable jobs right now (running or waiting for a core).
    pub(crate) fn runnable(&self) -> u32 {
        match self.model {
            CpuModel::ProcessorSharing => self.heap.len() as u32,
            CpuModel::RoundRobin => self.queue.len() as u32 + self.cores - self.idle.len() as u32,
        }
    }

    /// Bytes allocated for jobs waiting for or running on a core.
    pub(crate) fn footprint(&self) -> u64 {
        let heap = self.heap.capacity() * size_of::<Reverse<(u64, u64, JobId)>>();
        let rr = self.queue.capacity() * size_of::<RrJob>()
            + self.running.capacity() * size_of::<Option<(RrJob, Nanos, Nanos)>>()
            + self.idle.capacity() * size_of::<u32>();
        (heap + rr) as u64
    }

    /// Cores busy right now.
    pub(crate) fn busy_cores(&self) -> u32 {
        self.runnable().min(self.cores)
    }

    /// Core-nanoseconds of work done from time 0 to `now` (not earlier than
    /// the last change): never more than `cores × now`, since no core is
    /// counted busy past `now`, however long its current burst or slice.
    pub(crate) fn busy_ns_until(&self, now: Nanos) -> f64 {
        match self.model {
            CpuModel::ProcessorSharing => {
                let n = self.heap.len().min(self.cores as usize);
                self.busy_ns + ns_f64(now.saturating_sub(self.last)) * n as f64
            }
            CpuModel::RoundRobin => {
                let begun: Nanos = (self.running.iter().flatten())
                    .map(|(_, start, end)| (*end).min(now).saturating_sub(*start))
                    .sum();
                self.busy_ns + ns_f64(begun)
            }
        }
    }

    fn ps_rate(&self, n: usize) -> f64 {
        let k = self.cores as usize;
        if n <= k {
            1.0
        } else {
            (k as f64 / n as f64) * self.useful_share
        }
    }

    fn ps_advance(&mut self, now: Nanos) {
        let n = self.heap.len();
        if n > 0 && now > self.last {
            let dt = ns_f64(now - self.last);
            let rate = self.ps_rate(n);
            self.v += rate * dt;
            let core_ns = dt * (n.min(self.cores as usize) as f64);
            self.busy_ns += core_ns;
            if let Some(b) = &mut self.bandwidth {
                // The engine wakes at every period's end while jobs run
                // (`ps_schedule`), so this stretch lies in one period.
                b.roll_to(self.last);
                b.used += core_ns;
            }
        }
        // During a pause `last` is its end, later than now: no progress.
        self.last = self.last.max(now);
    }

    /// Under a CPU limit, after advancing to `now`: throttles the cgroup
    /// to its period's end if its quota is spent (half a nanosecond of
    /// slack per core absorbs the rounding of event times).
    fn ps_throttle(&mut self, now: Nanos) {
        let busy = self.heap.len().min(self.cores as usize) as f64;
        let Some(b) = &mut self.bandwidth else {
            return;
        };
        b.roll_to(self.last);
        if busy > 0.0 && now >= self.last && b.used + 0.5 * busy >= b.quota {
            b.throttles += 1;
            b.throttled_ns += b.end - now;
            // No job progresses until the next period: a pause.
            self.last = b.end;
            b.end += b.period;
            b.used = 0.0;
        }
    }

    /// The next moment the bandwidth needs a look while jobs run from
    /// `from`: when the quota runs out at the current rate, or else the
    /// period's end (where the quota is refilled, and a job that finishes
    /// later may be throttled first).
    fn ps_bandwidth_due(&self, from: Nanos) -> Option<Nanos> {
        let b = self.bandwidth.as_ref()?;
        let busy = self.heap.len().min(self.cores as usize) as f64;
        let (end, used) = b.period_at(from);
        let left = (b.quota - used).max(0.0);
        let out_at = from + (left / busy).ceil() as Nanos;
        Some(out_at.min(end))
    }

    fn ps_schedule(&mut self, now: Nanos, wakes: &mut Wakes) {
        match self.heap.peek() {
            None => self.next_at = None,
            Some(Reverse((tag, _, _))) => {
                let rate = self.ps_rate(self.heap.len());
                let left = (f64::from_bits(*tag) - self.v).max(0.0);
                // `ceil` is exact, so the platform's is as deterministic as libm's.
                let from = now.max(self.last);
                let mut at = from + (left / rate).ceil() as Nanos;
                if let Some(due) = self.ps_bandwidth_due(from) {
                    at = at.min(due);
                }
                if self.next_at == Some(at) {
                    return;
                }
                self.next_at = Some(at);
                self.stamp = self.stamp.wrapping_add(1);
                wakes.push((at, self.stamp));
            }
        }
    }

    /// Adds a job needing `demand` ns of CPU, run by OS thread `thread`.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub(crate) fn add(
        &mut self,
        now: Nanos,
        id: JobId,
        thread: u32,
        demand: Nanos,
        wakes: &mut Wakes,
    ) {
        match self.model {
            CpuModel::ProcessorSharing => {
                let before = self.heap.len();
                self.ps_advance(now);
                let tag = self.v + ns_f64(demand);
                self.seq += 1;
                self.heap.push(Reverse((tag.to_bits(), self.seq, id)));
                // The pending event stays right if the rate did not change and
                // the new job does not finish first.
                let rate_same = self.ps_rate(before) == self.ps_rate(before + 1);
                let new_is_first = self
                    .heap
                    .peek()
                    .is_some_and(|Reverse((_, s, _))| *s == self.seq);
                // Under a CPU limit the quota runs out sooner with one more
                // job on an idle core: always look again.
                let limited = self.bandwidth.is_some();
                if before == 0 || !rate_same || new_is_first || limited {
                    self.ps_schedule(now, wakes);
                }
            }
            CpuModel::RoundRobin => {
                self.queue.push_back(RrJob {
                    id,
                    thread,
                    remaining: demand,
                });
                self.rr_dispatch(now, wakes);
            }
        }
    }

    /// Handles a `CpuCheck` event; pushes finished jobs into `done`.
    pub(crate) fn check(
        &mut self,
        now: Nanos,
        stamp: u32,
        done: &mut Vec<JobId>,
        wakes: &mut Wakes,
    ) {
        match self.model {
            CpuModel::ProcessorSharing => {
                if stamp != self.stamp {
                    return;
                }
                self.ps_advance(now);
                self.next_at = None;
                // Half a nanosecond of slack absorbs the rounding of event times.
                while let Some(Reverse((tag, _, id))) = self.heap.peek() {
                    if f64::from_bits(*tag) <= self.v + 0.5 {
                        done.push(*id);
                        self.heap.pop();
                    } else {
                        break;
                    }
                }
                self.ps_throttle(now);
                self.ps_schedule(now, wakes);
            }
            CpuModel::RoundRobin => {
                let core = stamp as usize;
                // A refill (`REFILL`) names no core: it only dispatches.
                if let Some((job, start, end)) = self.running.get_mut(core).and_then(Option::take) {
                    if end != now {
                        self.running[core] = Some((job, start, end));
                        return;
                    }
                    self.busy_ns += ns_f64(end - start);
                    self.idle.push(Reverse(core as u32));
                    if job.remaining == 0 {
                        done.push(job.id);
                    } else {
                        self.queue.push_back(job);
                    }
                }
                self.rr_dispatch(now, wakes);
            }
        }
    }

    /// A stop-the-world pause from `now` to `until`: no job progresses
    /// (the collector's threads have the cores); each finishes that much later.
    pub(crate) fn pause(&mut self, now: Nanos, until: Nanos, wakes: &mut Wakes) {
        match self.model {
            CpuModel::ProcessorSharing => {
                self.ps_advance(now);
                self.last = until;
                self.next_at = None;
                self.ps_schedule(now, wakes);
            }
            CpuModel::RoundRobin => {
                let shift = until - now;
                self.resume_at = until;
                for (core, slot) in self.running.iter_mut().enumerate() {
                    if let Some((_, start, end)) = slot {
                        *start += shift;
                        *end += shift;
                        // The check at the old end finds the slice moved and does nothing.
                        wakes.push((*end, core as u32));
                    }
                }
            }
        }
    }

    /// Drops every job `keep` refuses (their owners are gone: the process
    /// was killed), ends any pause now, and reschedules.
    pub(crate) fn retain(&mut self, now: Nanos, keep: impl Fn(JobId) -> bool, wakes: &mut Wakes) {
        match self.model {
            CpuModel::ProcessorSharing => {
                self.ps_advance(now);
                self.last = now;
                self.heap.retain(|Reverse((_, _, id))| keep(*id));
                self.next_at = None;
                self.ps_schedule(now, wakes);
            }
            CpuModel::RoundRobin => {
                self.resume_at = now;
                self.queue.retain(|j| keep(j.id));
                for (core, slot) in self.running.iter_mut().enumerate() {
                    if slot.as_ref().is_some_and(|(j, _, _)| !keep(j.id)) {
                        let (_, start, end) = slot.take().expect("checked");
                        self.busy_ns += ns_f64(end.min(now).saturating_sub(start));
                        self.idle.push(Reverse(core as u32));
                    }
                }
                self.rr_dispatch(now, wakes);
            }
        }
    }

    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn rr_dispatch(&mut self, now: Nanos, wakes: &mut Wakes) {
        let now = now.max(self.resume_at);
        while !self.queue.is_empty() {
            let Some(&Reverse(core)) = self.idle.peek() else {
                break;
            };
            let core = core as usize;
            let thread = self.queue.front().expect("not empty").thread;
            let switch = if self.last_on_core[core] == Some(thread) {
                0
            } else {
                self.switch
            };
            let mut slice = self
                .queue
                .front()
                .expect("not empty")
                .remaining
                .min(self.quantum);
            if let Some(b) = &mut self.bandwidth {
                match b.draw(now, slice + switch, switch) {
                    Ok(granted) => slice = granted - switch,
                    Err(first) => {
                        // Throttled: nothing runs until the period's end.
                        if first {
                            wakes.push((b.end, REFILL));
                        }
                        break;
                    }
                }
            }
            self.idle.pop();
            let mut job = self.queue.pop_front().expect("not empty");
            job.remaining -= slice;
            self.last_on_core[core] = Some(job.thread);
            let end = now + slice + switch;
            self.running[core] = Some((job, now, end));
            wakes.push((end, core as u32));
        }
    }
}
