//! Two memories. The modelled JVM's: what each unit of a gauge holds (a
//! thread's stack, a virtual thread, a stack chunk, a connection, a
//! request); the engine keeps the memory in use up to date from it as
//! gauges change, and the report turns the gauges' time averages into
//! memory over time with it. And the simulator's own: the structures that
//! grow with the work in progress, held to `limits.max_sim_memory`.

use super::super::config::{Memory, to_mib};
use super::super::report::Outcome;
use super::super::series::Gauge;
use super::super::time::{Nanos, to_s};
use super::super::trace::Tracer;
use super::Engine;
use super::client::Worker;
use super::fiber::Fiber;
use super::threads::{Carrier, Thread};

/// Events between two looks at the simulator's own memory: often enough
/// that little grows in between, rarely enough to cost nothing measurable.
pub(super) const FOOTPRINT_EVERY: u64 = 4096;

/// The gauges that hold memory, in the order the report sums them.
pub(super) const HOLDING_MEMORY: [Gauge; 6] = [
    Gauge::PlatformAlive,
    Gauge::CarriersAlive,
    Gauge::VthreadsAlive,
    Gauge::VthreadsUnmounted,
    Gauge::Connections,
    Gauge::InServer,
];

/// Bytes each unit of gauge `g` holds; 0 for gauges that hold no memory.
#[inline(always)]
pub(super) fn per_unit(m: &Memory, g: Gauge) -> u64 {
    match g {
        Gauge::PlatformAlive | Gauge::CarriersAlive => m.platform_thread,
        Gauge::VthreadsAlive => m.virtual_thread,
        Gauge::VthreadsUnmounted => m.stack_chunk,
        Gauge::Connections => m.connection,
        Gauge::InServer => m.request,
        _ => 0,
    }
}

/// Memory in use, bytes, when gauge `g` averages `mean(g)`.
pub(super) fn in_use(m: &Memory, mean: impl Fn(Gauge) -> f64) -> f64 {
    HOLDING_MEMORY.iter().fold(m.base as f64, |sum, &g| {
        sum + mean(g) * per_unit(m, g) as f64
    })
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
    what: &'static str,
    count: usize,
    bytes: u64,
}

impl<T: Tracer> Engine<T> {
    /// The structures that grow with the work in progress, by part.
    fn footprint(&self) -> [Part; 8] {
        let (c, p, k) = (&self.client, &self.platform, &self.carriers);
        let waiters = self.monitors.iter().map(|m| &m.waiters);
        let permits = self.execs.stats.iter().map(|e| &e.permit_waiters);
        let waiting = waiters.chain(permits);
        [
            Part {
                what: "requests and tasks in progress",
                count: self.fibers.len() - self.free_fibers.len(),
                bytes: bytes::<Fiber>(self.fibers.capacity())
                    + bytes::<u32>(self.free_fibers.capacity() + self.ready.capacity()),
            },
            Part {
                what: "pending events",
                count: self.queue.len(),
                bytes: self.queue.footprint(),
            },
            Part {
                what: "requests waiting at the client",
                count: c.cpu_queue.len() + c.delayed.len(),
                bytes: bytes::<u32>(c.cpu_queue.capacity())
                    + bytes::<Nanos>(c.delayed.capacity())
                    + bytes::<Worker>(c.workers.capacity()),
            },
            Part {
                what: "connections (open, or in the accept queue) and keep-alive timers",
                count: self.conns.in_use(),
                bytes: self.conns.footprint(),
            },
            Part {
                what: "requests and tasks queued for a platform thread",
                count: p.pools.iter().map(|q| q.queue.len()).sum(),
                bytes: bytes::<Thread>(p.threads.capacity())
                    + (p.pools.iter())
                        .map(|q| bytes::<u32>(q.queue.capacity() + q.idle.capacity()))
                        .sum::<u64>(),
            },
            Part {
                what: "virtual threads waiting for a carrier",
                count: k.runnable.len(),
                bytes: bytes::<Carrier>(k.list.capacity())
                    + bytes::<u32>(k.idle.capacity() + k.runnable.capacity()),
            },
            Part {
                what: "threads waiting for a monitor, a connection or a permit",
                count: waiting.clone().map(|w| w.len()).sum::<usize>() + self.db.waiters.len(),
                bytes: waiting.map(|w| bytes::<u32>(w.capacity())).sum::<u64>()
                    + bytes::<(u32, u32)>(self.db.waiters.capacity()),
            },
            Part {
                what: "jobs waiting for a core",
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
            format!(
                "stopped at the simulator's own memory budget of {:.0} MiB after {:.3} s of simulated time: \
                 its own structures held {:.0} MiB, most of it for {} {} ({:.0} MiB)",
                to_mib(budget as f64),
                to_s(self.now),
                to_mib(total as f64),
                most.count,
                most.what,
                to_mib(most.bytes as f64),
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::series::GAUGES;
    use super::*;

    /// A gauge that holds memory but is missing from the report's sum would
    /// be counted while the run goes and left out of memory over time.
    #[test]
    fn every_gauge_that_holds_memory_is_summed() {
        let m = Memory {
            limit: 1,
            base: 0,
            platform_thread: 1,
            virtual_thread: 1,
            stack_chunk: 1,
            connection: 1,
            request: 1,
        };
        for i in 0..GAUGES {
            let g = Gauge::ALL[i];
            assert_eq!(per_unit(&m, g) > 0, HOLDING_MEMORY.contains(&g), "{g:?}");
        }
    }
}
