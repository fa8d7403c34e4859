//! Workers that wait for their requests' `@Async` tasks as well as for the
//! response (`load.waits_for = tasks`): a benchmark that keeps N background
//! tasks in flight, not N HTTP requests. E4's article counts its load in
//! "concurrent tasks" and measures e-mails per second; its client is not
//! named, so this is the load that reading implies, labelled as such in the
//! presets that use it.
//!
//! Each task a waited-for request starts is owed to that request's worker;
//! the worker sends its next request once it has its answer and owes no
//! task. With the default (`response`) no task is ever owed, and the only
//! cost is one comparison per answer.

use super::{Engine, NONE};
use crate::sim::config::WaitsFor;
use crate::sim::trace::Tracer;

impl<T: Tracer> Engine<T> {
    /// A closed-loop worker has its answer (a response or an error): it goes
    /// on, unless it still waits for tasks its requests started.
    #[inline]
    pub(super) fn worker_answered(&mut self, w: u32, no_time: bool) {
        let worker = &mut self.client.workers[w as usize];
        if worker.tasks > 0 {
            worker.awaiting_tasks = true;
            return;
        }
        self.next_request(w, no_time);
    }

    /// Task `t`, just accepted by its executor, was started by `caller`: when
    /// the load waits for tasks, the caller's worker is owed it (a request
    /// the client has given up on owes its worker nothing).
    pub(super) fn owe_task(&mut self, t: u32, caller: u32) {
        if self.cfg.load.waits_for != WaitsFor::Tasks {
            return;
        }
        let c = &self.fibers[caller as usize];
        let w = c.worker;
        if w == NONE || (c.exec == NONE && c.abandoned) || !self.closed() {
            return;
        }
        self.fibers[t as usize].worker = w;
        self.client.workers[w as usize].tasks += 1;
        self.client.owed_tasks += 1;
    }

    /// A task owed to worker `w` (or to none: `NONE`) ended: the worker goes
    /// on if that was the last it waited for, and the client may be done.
    pub(super) fn owed_task_ended(&mut self, w: u32) {
        if w == NONE {
            return;
        }
        self.client.owed_tasks -= 1;
        let worker = &mut self.client.workers[w as usize];
        worker.tasks -= 1;
        if worker.tasks == 0 && worker.awaiting_tasks {
            worker.awaiting_tasks = false;
            // An event of its own: this task may have taken no time.
            self.next_request(w, true);
        }
        self.maybe_client_end();
    }

    /// The process died with every task in it: no worker waits any more.
    pub(super) fn owed_tasks_lost(&mut self) {
        if self.client.owed_tasks == 0 {
            return;
        }
        self.client.owed_tasks = 0;
        for w in 0..self.client.workers.len() as u32 {
            let worker = &mut self.client.workers[w as usize];
            worker.tasks = 0;
            if std::mem::take(&mut worker.awaiting_tasks) {
                self.next_request(w, true);
            }
        }
    }
}
