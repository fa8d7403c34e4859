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
//!   then C2-compiled. Each request pays extra CPU before its handler,
//!   `interpreted·e^(−n/c1_after) + c1·e^(−n/c2_after)` (the config's
//!   [`Jit`]), where n counts the handlers begun before it: invocation
//!   counts drive HotSpot's compilations, and each request runs Tomcat's
//!   and the framework's code about once. The curve and its defaults are
//!   measured on this project's reference machine (`scenario::measured`,
//!   `reference/lib/fit_jit.py`): most of the extra is Tomcat's own code,
//!   which runs the same for any handler, so it is added per request, not
//!   as a multiple of the program's CPU. It joins the handler's first
//!   `cpu` step (one burst on a core, as Tomcat's dispatch runs straight
//!   into the handler), or runs on its own when the handler begins with
//!   anything else. Once it is below 1 ns it is 0.
//!   *Left out*, not measured: the compiler threads' own CPU. HotSpot
//!   starts `CICompilerCount` of them in the background (ergonomically
//!   2 on 2–3 CPUs, 3 on 4–7: `CompilationPolicy::initialize`); in the
//!   measurement (one request at a time on 2 cores) they ran beside the
//!   requests, so their CPU is not in the curve, and no figure for it was
//!   taken to put it in;
//! * **creating threads**: Tomcat starts pool threads on demand beyond
//!   `min-spare`; the first request on a new thread pays its start as CPU.
//!   A warm service has grown its pool already (Tomcat retires idle threads
//!   only after 60 s), so a warm run pays nothing, as before this model.
//!
//! A warm run takes none of these paths beyond one check per request.

use super::fiber::{Phase, Wait};
use super::{Engine, NONE};
use crate::sim::config::{Jit, Jvm};
use crate::sim::program::Op;
use crate::sim::series::Gauge;
use crate::sim::time::Nanos;
use crate::sim::trace::Tracer;

/// `Fiber::boot` once the handler runs: [`Op::Begin`](crate::sim::program::Op) lets it through.
pub(super) const BOOTED: u8 = 3;
/// `Fiber::boot` of a request whose allocation failed during a pause: it
/// fails with `OutOfMemoryError` when the pause ends.
pub(super) const OUT_OF_MEMORY: u8 = 4;

/// Below this extra CPU (ns) the JIT's warm-up is taken as over.
const JIT_DONE_NS: f64 = 1.0;

/// `Fiber::boot` while a request pays the JIT's extra CPU, before its
/// handler allocates and runs.
const COMPILING: u8 = 5;

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
    /// The extra CPU the last handler begun paid for the JIT's warm-up, ns
    /// (0 = all its code compiled).
    pub(super) jit_extra_ns: f64,
    /// Whether the warm-up is still under way.
    jit_on: bool,
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
            jit_extra_ns: 0.0,
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
        w.jit_on = jit_extra_ns(&jvm.jit, 0) > 0.0;
        w
    }

    /// Whether a thread started now pays its start.
    pub(super) fn pays_thread_start(&self) -> bool {
        self.threads_cost
    }
}

/// The JIT's extra CPU for the handler begun after `n` others, ns.
fn jit_extra_ns(jit: &Jit, n: u64) -> f64 {
    let n = n as f64;
    let extra = jit.interpreted_ns * libm::exp(-n / jit.c1_after)
        + jit.c1_ns * libm::exp(-n / jit.c2_after);
    if extra < JIT_DONE_NS { 0.0 } else { extra }
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
        self.warm.quiet = !self.cfg.gc.on
            && self.warm.gate == Gate::Open
            && !self.warm.threads_cost
            && !self.warm.jit_on;
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
        let starts = &self.mix.starts;
        for fb in self.fibers.iter_mut() {
            // Not started: queued, or given a thread or carrier and not yet
            // stepped (a request that waits at its first step has moved on
            // from it when it wakes).
            let waiting = matches!(fb.phase, Phase::Queued | Phase::Running);
            let start = starts[fb.endpoint as usize];
            if waiting && fb.exec == NONE && fb.pc == start + 1 && fb.wait == Wait::None {
                fb.pc = start;
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
                    self.fibers[f as usize].boot = COMPILING;
                    let extra = self.handler_began();
                    if extra > 0 {
                        if self.handler_starts_on_a_core(f) {
                            self.fibers[f as usize].jit_due = extra;
                        } else {
                            self.start_cpu(f, extra);
                            return false;
                        }
                    }
                }
                COMPILING => {
                    self.fibers[f as usize].boot = BOOTED;
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

    /// Whether the handler's first step is CPU work: Tomcat's and the
    /// framework's code then runs in the same burst, on the same core
    /// without a break, so the JIT's extra joins that step rather than
    /// queueing for a core twice.
    fn handler_starts_on_a_core(&self, f: u32) -> bool {
        let first = self.fibers[f as usize].pc as usize + 1;
        matches!(self.cfg.program.ops.get(first), Some(Op::Cpu(_)))
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

    /// A handler began: the JIT's extra CPU it pays (ns), for the
    /// handlers begun before it (handler k, from 0, pays `jit_extra_ns(k)`).
    fn handler_began(&mut self) -> Nanos {
        if !self.warm.jit_on {
            return 0;
        }
        let extra = jit_extra_ns(&self.cfg.jvm.jit, self.warm.begun);
        self.warm.begun += 1;
        self.warm.jit_extra_ns = extra;
        self.warm.jit_on = extra > 0.0;
        extra.round() as Nanos
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jit() -> Jit {
        Jit {
            interpreted_ns: 1.2e6,
            c1_after: 70.0,
            c1_ns: 0.5e6,
            c2_after: 900.0,
        }
    }

    /// The extra CPU starts at the sum of both terms, falls with every
    /// handler, and is exactly 0 once below 1 ns.
    #[test]
    fn the_jit_extra_falls_from_both_terms_to_nothing() {
        let j = jit();
        assert_eq!(jit_extra_ns(&j, 0), 1.7e6);
        let at_900 = 1.2e6 * libm::exp(-900.0 / 70.0) + 0.5e6 * libm::exp(-1.0);
        assert!((jit_extra_ns(&j, 900) - at_900).abs() < 1e-6);
        assert_eq!(jit_extra_ns(&j, 20_000), 0.0);
        let mut prev = f64::MAX;
        for n in (0..20_000).step_by(100) {
            let e = jit_extra_ns(&j, n);
            assert!(e <= prev && e >= 0.0, "{n}: {e}");
            prev = e;
        }
    }
}
