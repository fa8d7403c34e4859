//! The modelled JVM's memory: what each unit of a gauge holds (a thread's
//! stack, a virtual thread, a stack chunk, a connection, a request). The
//! engine keeps the memory in use up to date from it as gauges change, and
//! the report turns the gauges' time averages into memory over time with it.

use super::super::config::Memory;
use super::super::series::Gauge;

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
