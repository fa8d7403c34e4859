//! The diagnosis: which resource limits throughput, in one sentence.

use super::super::config::Mode;
use super::super::report::{Bottleneck, ServerStats};
use super::super::series::Gauge;
use super::Engine;

/// A resource busier than this on average, with work queueing for it, is
/// named as the limit.
const SATURATED: f64 = 0.85;

/// Utilisation assumed for a shared monitor that anything waited for.
const MONITOR_UTILISATION: f64 = 0.9;

fn found(resource: &str, explanation: String) -> Bottleneck {
    Bottleneck {
        resource: resource.into(),
        explanation,
    }
}

impl Engine {
    /// Names the resource that limits throughput.
    pub(super) fn bottleneck(&self, st: &ServerStats, throughput: f64) -> Bottleneck {
        let s = &self.cfg.server;
        let errors: u64 = self.tally.errors.values().sum();
        if self.rec.series.buckets.is_empty() || throughput == 0.0 {
            return found("none", "nothing finished".into());
        }
        // Candidates, each with a utilisation and a sign of queueing in front of it.
        let mut best: Option<(f64, Bottleneck)> = None;
        let mut consider = |u: f64, queued: bool, r: &str, e: String| {
            if queued && u > SATURATED && best.as_ref().is_none_or(|(bu, _)| u > *bu) {
                best = Some((u, found(r, e)));
            }
        };
        consider(
            st.cpu_utilisation,
            self.rec.peaks[Gauge::CpuBusy as usize] >= s.cores,
            "cpu",
            format!(
                "the {} cores are {:.0}% busy: more threads cannot add throughput",
                s.cores,
                st.cpu_utilisation * 100.0
            ),
        );
        if s.mode == Mode::Platform {
            consider(
                st.tomcat_utilisation,
                st.peak_tomcat_queue > 0,
                "tomcat_threads",
                format!(
                    "all {} Tomcat threads are busy (mostly blocked) and up to {} requests queue for one: \
                     throughput is capped near threads.max ÷ time per request",
                    s.threads_max, st.peak_tomcat_queue
                ),
            );
        } else if st.peak_pinned > 0 || st.cpu_utilisation < SATURATED {
            // Carriers busy running CPU are a CPU limit, named as such above;
            // carriers are the bottleneck when they are pinned or blocked.
            consider(
                st.carrier_utilisation,
                st.peak_runnable > 0,
                "carriers",
                format!(
                    "the {} carrier threads are {:.0}% busy{}; up to {} virtual threads wait for one",
                    s.carriers,
                    st.carrier_utilisation * 100.0,
                    if st.peak_pinned > 0 {
                        format!(", up to {} pinned", st.peak_pinned)
                    } else {
                        String::new()
                    },
                    st.peak_runnable
                ),
            );
        }
        consider(
            st.db_utilisation,
            st.peak_db_waiters > 0,
            "db_pool",
            format!(
                "the {} HikariCP connections are {:.0}% in use and up to {} requests wait for one",
                self.cfg.db.pool_size,
                st.db_utilisation * 100.0,
                st.peak_db_waiters
            ),
        );
        let lock_waiters = self.rec.peaks[Gauge::LockWaiters as usize];
        if lock_waiters > 0 {
            consider(
                MONITOR_UTILISATION,
                true,
                "shared_monitor",
                format!(
                    "a shared monitor or lock serialises requests: up to {lock_waiters} threads wait to enter"
                ),
            );
        }
        if let Some((_, best)) = best {
            return best;
        }
        if st.peak_backlog > 0 || st.syn_drops > 0 {
            return found(
                "connections",
                format!(
                    "max-connections ({}) is reached: connections wait in the backlog ({} peak) or are dropped ({} SYNs)",
                    s.max_connections, st.peak_backlog, st.syn_drops
                ),
            );
        }
        if errors > 0 {
            return found(
                "client",
                format!(
                    "{errors} requests failed on the client side (timeouts or refused connections)"
                ),
            );
        }
        found(
            "none",
            "no server resource is saturated: the clients' own concurrency and the program's waits set the pace".into(),
        )
    }
}
