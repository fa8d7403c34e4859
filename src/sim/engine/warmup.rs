//! Warm-up: what a freshly started (cold) JVM costs its first requests.
//!
//! Three costs, each only when the run starts cold (`jvm.start = cold`) or
//! after the OOM killer restarted the service:
//! * **the first request's one-off initialisation**: Spring Boot leaves
//!   `spring.mvc.servlet.load-on-startup` at -1, so Tomcat initialises the
//!   `DispatcherServlet` when the first request needs it, inside
//!   `StandardWrapper.allocate`'s `synchronized` block; requests that reach
//!   it meanwhile wait for that monitor (a virtual thread waiting to enter
//!   it pins its carrier before JDK 24, like any monitor here);
//! * **the JIT**: code runs interpreted, then C1-compiled with profiling,
//!   then C2-compiled. The model multiplies the CPU of every `cpu` step by
//!   `1 + (c1 − 1)·e^(−n/c2_after) + (interpreted − c1)·e^(−n/c1_after)`,
//!   where n counts the handlers begun before: each request invokes the
//!   handler's methods about once, so n stands for their invocation counts,
//!   and HotSpot's tier thresholds (C1 after about 200 invocations, C2 after
//!   about 5,000) set the scales. Once the excess is below 0.1 % it is 0;
//! * **creating threads**: Tomcat starts pool threads on demand beyond
//!   `min-spare`; the first request on a new thread pays its start as CPU.
//!   A warm service has grown its pool already (Tomcat retires idle threads
//!   only after 60 s), so a warm run pays nothing, as before this model.
//!
//! A warm run takes none of these paths beyond one check per request.

use super::fiber::{Phase, Wait};
use super::{Engine, NONE};
use crate::sim::config::Jvm;
use crate::sim::series::Gauge;
use crate::sim::time::Nanos;
use crate::sim::trace::Tracer;

/// `Fiber::boot` once the handler runs: [`Op::Begin`](crate::sim::program::Op) lets it through.
pub(super) const BOOTED: u8 = 3;
/// `Fiber::boot` of a request whose allocation failed during a pause: it
/// fails with `OutOfMemoryError` when the pause ends.
pub(super) const OUT_OF_MEMORY: u8 = 4;

/// Below this excess the JIT's multiplier is taken as exactly 1.
const JIT_DONE: f64 = 1e-3;

/// The `DispatcherServlet`'s initialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gate {
    /// Done (or never needed: a warm JVM).
    Open,
    /// Not begun: the next request begins it.
    Closed,
    /// Under way in this fiber; others wait.
    Initialising(u32),
}

/// The cold JVM's state.
#[derive(Debug)]
pub(super) struct Warmup {
    gate: Gate,
    /// Requests waiting for the initialisation, oldest first.
    waiters: Vec<u32>,
    /// Threads started from now on pay their start.
    threads_cost: bool,
    /// Handlers begun since the JVM started.
    begun: u64,
    /// The CPU multiplier now (1 = all C2 code).
    pub(super) jit: f64,
    /// Whether it is above 1 (one test of a flag on every `cpu` step).
    pub(super) jit_on: bool,
    /// Platform threads started and paid for.
    pub(super) threads_started: u64,
    /// When the first request's initialisation ended.
    pub(super) first_done: Option<Nanos>,
    /// The run started cold (for the report).
    pub(super) cold_start: bool,
    /// Nothing to pay and no collector: a request's start only checks the heap.
    pub(super) quiet: bool,
    /// Where requests start: 0 goes through [`Op::Begin`]; 1 skips it, as
    /// a quiet JVM may until its live heap first passes -Xmx.
    ///
    /// [`Op::Begin`]: crate::sim::program::Op::Begin
    pub(super) entry: u32,
}

impl Warmup {
    /// A JVM that has served load before: nothing to pay.
    pub(super) fn warm() -> Self {
        Warmup {
            gate: Gate::Open,
            waiters: Vec::new(),
            threads_cost: false,
            begun: 0,
            jit: 1.0,
            jit_on: false,
            threads_started: 0,
            first_done: None,
            cold_start: false,
            quiet: false,
            entry: 0,
        }
    }

    /// A JVM that has just started.
    pub(super) fn cold(jvm: &Jvm) -> Self {
        let mut w = Warmup::warm();
        w.gate = if jvm.first_request > 0 {
            Gate::Closed
        } else {
            Gate::Open
        };
        w.threads_cost = jvm.thread_start > 0;
        w.cold_start = true;
        w.jit = jit_factor(jvm, 0);
        w.jit_on = w.jit > 1.0;
        w
    }

    /// Whether a thread started now pays its start.
    pub(super) fn pays_thread_start(&self) -> bool {
        self.threads_cost
    }
}

/// The JIT's CPU multiplier after `n` handlers.
fn jit_factor(jvm: &Jvm, n: u64) -> f64 {
    let n = n as f64;
    let excess = (jvm.c1 - 1.0) * libm::exp(-n / jvm.c2_after)
        + (jvm.interpreted - jvm.c1) * libm::exp(-n / jvm.c1_after);
    if excess < JIT_DONE { 1.0 } else { 1.0 + excess }
}

impl<T: Tracer> Engine<T> {
    /// The JVM is ready for load: a cold one starts paying from here (the
    /// threads of `min-spare` were started with the JVM).
    pub(super) fn jvm_started(&mut self) {
        self.warm = if self.cfg.jvm.cold || self.mem.restarts > 0 {
            Warmup::cold(&self.cfg.jvm)
        } else {
            Warmup::warm()
        };
        self.warm.quiet =
            !self.cfg.gc.on && self.warm.gate == Gate::Open && !self.warm.threads_cost;
        self.warm.entry = (self.warm.quiet && !self.heap_exhausted()) as u32;
    }

    /// The live heap passed -Xmx: from now on every request's start checks
    /// it, those accepted and not yet started included.
    #[cold]
    pub(super) fn check_every_start(&mut self) {
        if self.warm.entry == 0 {
            return;
        }
        self.warm.entry = 0;
        for fb in self.fibers.iter_mut() {
            // Not started: queued, or given a thread or carrier and not yet
            // stepped (a request that waits at its first step has moved on
            // from it when it wakes).
            let waiting = matches!(fb.phase, Phase::Queued | Phase::Running);
            if waiting && fb.exec == NONE && fb.pc == 1 && fb.wait == Wait::None {
                fb.pc = 0;
            }
        }
    }

    /// A request is about to run its handler's first step: pays what a
    /// cold JVM costs, waits for the initialisation, then allocates. False
    /// if it must stop here (it runs its start-up CPU, waits, or failed);
    /// it comes back through here until `boot` is [`BOOTED`]. A warm JVM
    /// without a collector skips it until its heap is first exhausted
    /// (`Warmup::entry`).
    #[inline(never)]
    pub(super) fn begin_request(&mut self, f: u32) -> bool {
        if self.gc.paused(self.now) {
            // Made ready as a pause began: it starts after the pause.
            self.gc.hold_start(f);
            return false;
        }
        loop {
            match self.fibers[f as usize].boot {
                0 => {
                    self.fibers[f as usize].boot = 1;
                    let t = self.fibers[f as usize].thread;
                    if t != NONE && self.platform.threads[t as usize].fresh {
                        self.platform.threads[t as usize].fresh = false;
                        self.warm.threads_started += 1;
                        self.start_cpu(f, self.cfg.jvm.thread_start);
                        return false;
                    }
                }
                1 => match self.warm.gate {
                    Gate::Open => self.fibers[f as usize].boot = 2,
                    Gate::Closed => {
                        self.warm.gate = Gate::Initialising(f);
                        self.fibers[f as usize].boot = 2;
                        self.start_cpu(f, self.cfg.jvm.first_request);
                        return false;
                    }
                    Gate::Initialising(_) => {
                        self.warm.waiters.push(f);
                        self.gauge(Gauge::LockWaiters, 1);
                        self.block(f, Wait::Monitor);
                        return false;
                    }
                },
                2 => {
                    if self.warm.gate == Gate::Initialising(f) {
                        self.open_gate();
                    }
                    self.fibers[f as usize].boot = BOOTED;
                    self.handler_began();
                    if !self.handler_allocates(f) {
                        return false;
                    }
                }
                OUT_OF_MEMORY => {
                    self.heap_out_of_memory(f);
                    return false;
                }
                _ => return true,
            }
        }
    }

    /// The initialisation is done: the waiters go on, oldest first.
    fn open_gate(&mut self) {
        self.warm.gate = Gate::Open;
        self.warm.first_done = Some(self.now);
        let waiters = std::mem::take(&mut self.warm.waiters);
        for w in waiters {
            self.gauge(Gauge::LockWaiters, -1);
            self.wake(w);
        }
    }

    /// A handler began: its code, and all code from now on, runs at the
    /// multiplier the JIT has reached after the handlers before it
    /// (handler k, from 0, at `jit_factor(k)`).
    fn handler_began(&mut self) {
        if self.warm.jit_on {
            self.warm.jit = jit_factor(&self.cfg.jvm, self.warm.begun);
            self.warm.jit_on = self.warm.jit > 1.0;
            self.warm.begun += 1;
        }
    }

    /// `demand` ns of C2-compiled work, at the JIT's current multiplier.
    #[inline]
    pub(super) fn jit_scaled(&self, demand: Nanos) -> Nanos {
        (demand as f64 * self.warm.jit) as Nanos
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jvm() -> Jvm {
        Jvm {
            cold: true,
            first_request: 0,
            interpreted: 10.0,
            c1: 2.0,
            c1_after: 200.0,
            c2_after: 5000.0,
            thread_start: 0,
            restart: 0,
            on_oom: crate::sim::config::OnOom::Throw,
            backoff: crate::sim::config::Backoff::Kubernetes,
            down_connect: crate::sim::config::DownConnect::Refused,
        }
    }

    /// The multiplier starts at the interpreter's, passes C1's, ends at 1.
    #[test]
    fn the_jit_multiplier_decays_from_interpreted_to_c2() {
        let j = jvm();
        assert_eq!(jit_factor(&j, 0), 10.0);
        let after_c1 = jit_factor(&j, 2000);
        assert!(
            (after_c1 - (1.0 + libm::exp(-0.4))).abs() < 1e-3,
            "{after_c1}"
        );
        assert_eq!(jit_factor(&j, 50_000), 1.0);
        let mut prev = f64::MAX;
        for n in (0..40_000).step_by(500) {
            let m = jit_factor(&j, n);
            assert!(m <= prev && m >= 1.0, "{n}: {m}");
            prev = m;
        }
    }
}
