//! The client's end and what the `@Async` executors still had then: the
//! drain after it is reported on its own (see `report::Drain`).

use super::Engine;
use crate::sim::config::ExecutorKind;
use crate::sim::report::{Drain, ExecutorDrain};
use crate::sim::time::{ms_from_ns, to_s};
use crate::sim::trace::Tracer;

/// One executor's tasks at the client's end.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Backlog {
    pub(super) queued: u64,
    pub(super) running: u64,
}

impl<T: Tracer> Engine<T> {
    /// The client is done: its span ends now (once), and each executor's
    /// queued and running tasks are noted for the drain.
    pub(super) fn end_client(&mut self) {
        if self.client.end.is_some() {
            return;
        }
        self.client.end = Some(self.now);
        self.execs.at_client_end = (0..self.cfg.executors.len())
            .map(|e| self.backlog(e))
            .collect();
    }

    fn backlog(&self, e: usize) -> Backlog {
        match self.cfg.executors[e].kind {
            ExecutorKind::Pool { .. } => {
                let pool = &self.platform.pools[e + 1];
                Backlog {
                    queued: pool.queue.len() as u64,
                    running: pool.busy as u64,
                }
            }
            // A virtual executor queues nothing: each task has its thread.
            ExecutorKind::Virtual { .. } => Backlog {
                queued: 0,
                running: self.execs.stats[e].active as u64,
            },
        }
    }

    /// The drain, if any executor had tasks left at the client's end.
    pub(super) fn drain(&self) -> Option<Drain> {
        let end = self.client.end?;
        let executors: Vec<ExecutorDrain> = (self.execs.at_client_end.iter().enumerate())
            .filter(|(_, b)| b.queued + b.running > 0)
            .map(|(e, b)| {
                let st = &self.execs.stats[e];
                let accepted = st.submitted - st.rejected - st.permit_waiters.len() as u64;
                ExecutorDrain {
                    name: self.cfg.executors[e].name.clone(),
                    queued_at_client_end: b.queued,
                    running_at_client_end: b.running,
                    done_in_drain: st.drain_done,
                    left_at_end: accepted.saturating_sub(st.completed),
                    drain_s: match st.drain_done {
                        0 => 0.0,
                        _ => to_s(st.last_done.saturating_sub(end)),
                    },
                    mean_queue_ms: match st.drain_done {
                        0 => 0.0,
                        n => ms_from_ns(st.drain_queue_ns / n as f64),
                    },
                }
            })
            .collect();
        if executors.is_empty() {
            return None;
        }
        Some(Drain {
            waited: executors.iter().all(|e| e.left_at_end == 0),
            after_client_s: to_s(self.now.saturating_sub(end)),
            executors,
        })
    }
}
