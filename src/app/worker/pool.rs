//! The page's simulation workers as a pool: which worker simulates which of
//! a job's simulations (`job::Plan::task`), and the one stream of messages
//! the page's state takes in. Every run is deterministic per draft and seed,
//! so it does not matter which worker runs it; the pool hands the
//! simulations out in the plan's order, one per idle worker, and releases
//! their results in that order too, so the page sees the same messages as
//! from one worker, only sooner (progress aside). A newer job preempts every
//! worker at once. Pure: `ui::bridge` carries the orders to real workers.

use crate::app::basis::modes::Mode;
use crate::app::worker::job::{Plan, RunKind};
use crate::app::worker::protocol::{Job, Message, Output};
use crate::app::worker::supervise::ToWorker;

/// The most workers a page starts, whatever the machine has: past this
/// the per-worker copies of the module and its memory cost more than the
/// few sweep points still left to share out.
pub(crate) const MAX_WORKERS: usize = 8;

/// The most workers an embed starts: a post may hold several embeds, and
/// each worker loads its own copy of the simulation.
pub(crate) const MAX_EMBED_WORKERS: usize = 2;

/// How many workers to start on a machine with `hardware_concurrency`
/// logical cores (`navigator.hardwareConcurrency`): one core is left to
/// the page's own thread, at least one worker runs, at most `cap`.
pub(crate) fn pool_size(hardware_concurrency: f64, cap: usize) -> usize {
    let cores = if hardware_concurrency.is_finite() && hardware_concurrency >= 1.0 {
        hardware_concurrency.min(1024.0) as usize
    } else {
        1
    };
    cores.saturating_sub(1).clamp(1, cap.max(1))
}

/// The shortest time between two deliveries of messages to the page: a
/// sweep's points arrive every few milliseconds from a pool, and each
/// delivery redraws the page (about 8 ms of its main thread here, with the
/// sweep's charts). At most 20 redraws a second keeps the curves moving
/// and leaves the main thread mostly idle.
pub(crate) const DELIVERY_MS: f64 = 50.0;

/// Messages for the page, delivered in batches at most every
/// [`DELIVERY_MS`]: the first after a quiet spell at once, the rest
/// together when the spell is over.
#[derive(Debug, Default)]
pub(crate) struct Outbox {
    waiting: Vec<Message>,
    /// When the last batch went.
    last: Option<f64>,
    /// Whether a delivery is already due.
    due: bool,
}

/// When to deliver what the outbox holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Deliver {
    /// Now (call [`Outbox::take`]).
    Now,
    /// At this time (ms): call [`Outbox::take`] then.
    At(f64),
    /// A delivery is already due; nothing to arrange.
    Due,
}

impl Outbox {
    /// Holds `m`, arriving at `now` (ms), and says when to deliver.
    pub(crate) fn hold(&mut self, m: Message, now: f64) -> Deliver {
        self.waiting.push(m);
        if self.due {
            return Deliver::Due;
        }
        self.due = true;
        match self.last {
            Some(last) if now - last < DELIVERY_MS => Deliver::At(last + DELIVERY_MS),
            _ => Deliver::Now,
        }
    }

    /// Every message held, in order, delivered at `now`.
    pub(crate) fn take(&mut self, now: f64) -> Vec<Message> {
        self.due = false;
        self.last = Some(now);
        std::mem::take(&mut self.waiting)
    }
}

/// What the pool asks of its bridge.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Order {
    /// Post this to worker `.0`.
    Send(usize, ToWorker),
    /// Hand this to the page's state.
    Emit(Message),
}

/// What one worker is doing.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Slot {
    Idle,
    /// Simulating simulation `index` of job `generation`, `current` done.
    Busy {
        generation: u64,
        index: usize,
        current: f64,
    },
}

/// What a finished simulation reported.
#[derive(Clone, Debug)]
struct Finished {
    events: u64,
    messages: Vec<Message>,
}

/// The job under way.
#[derive(Debug)]
struct Active {
    job: Job,
    plan: Plan,
    /// The next simulation to hand out.
    next: usize,
    /// What came back, by simulation, until released.
    finished: Vec<Option<Finished>>,
    /// Simulations released to the page so far (in the plan's order).
    released: usize,
    /// Events of the runs released so far.
    events: u64,
    /// The progress last emitted, in whole per cent.
    percent: Option<u32>,
}

/// The pool's state.
#[derive(Debug)]
pub(crate) struct Pool {
    slots: Vec<Slot>,
    active: Option<Active>,
    /// Which worker keeps each mode's full run of which job (for exports).
    kept: Vec<(u64, Mode, usize)>,
}

impl Pool {
    /// A pool of `size` workers (at least one), all idle.
    pub(crate) fn new(size: usize) -> Pool {
        Pool {
            slots: vec![Slot::Idle; size.max(1)],
            active: None,
            kept: Vec::new(),
        }
    }

    /// How many workers it has.
    pub(crate) fn size(&self) -> usize {
        self.slots.len()
    }

    /// Starts `job`: its plan goes to the page, and every worker drops what
    /// it was doing for one of the new job's simulations (or stops).
    pub(crate) fn start(&mut self, job: Job) -> Vec<Order> {
        let plan = Plan::of(&job);
        let mut orders = vec![Order::Emit(plan.planned())];
        self.kept.clear();
        self.active = Some(Active {
            finished: vec![None; plan.tasks()],
            job,
            plan,
            next: 0,
            released: 0,
            events: 0,
            percent: None,
        });
        if let Some(a) = self.active.as_ref().filter(|a| a.plan.runs.is_empty()) {
            orders.push(Order::Emit(a.plan.done(0)));
        }
        for w in 0..self.slots.len() {
            match self.hand_out(w) {
                Some(order) => orders.push(order),
                None if self.slots[w] != Slot::Idle => {
                    self.slots[w] = Slot::Idle;
                    orders.push(Order::Send(w, ToWorker::Cancel));
                }
                None => {}
            }
        }
        orders.extend(self.release());
        orders
    }

    /// Gives worker `w` the next simulation, if any is left.
    fn hand_out(&mut self, w: usize) -> Option<Order> {
        let active = self.active.as_mut()?;
        if active.next >= active.plan.tasks() {
            return None;
        }
        let index = active.next;
        active.next += 1;
        self.slots[w] = Slot::Busy {
            generation: active.plan.generation,
            index,
            current: 0.0,
        };
        let job = Box::new(active.job.clone());
        let index = index as u32;
        Some(Order::Send(w, ToWorker::Run { job, index }))
    }

    /// Whether worker `w` is on simulation `index` of job `generation`.
    fn on(&self, w: usize, generation: u64, index: u32) -> bool {
        matches!(self.slots.get(w), Some(Slot::Busy { generation: g, index: i, .. })
            if *g == generation && *i == index as usize)
    }

    /// Worker `w` says how far its simulation has come.
    pub(crate) fn working(
        &mut self,
        w: usize,
        generation: u64,
        index: u32,
        now: f64,
    ) -> Vec<Order> {
        if !self.on(w, generation, index) {
            return Vec::new();
        }
        if let Slot::Busy { current, .. } = &mut self.slots[w] {
            *current = now.clamp(0.0, 1.0);
        }
        self.progress().into_iter().collect()
    }

    /// Worker `w` finished simulation `index` of job `generation`: it gets
    /// the next one, and whatever is now complete in the plan's order goes
    /// to the page. Reports of a dropped job are ignored.
    pub(crate) fn ran(
        &mut self,
        w: usize,
        generation: u64,
        index: u32,
        events: u64,
        messages: Vec<Message>,
    ) -> Vec<Order> {
        if !self.on(w, generation, index) {
            return Vec::new();
        }
        self.slots[w] = Slot::Idle;
        let Some(active) = self.active.as_mut() else {
            return Vec::new();
        };
        let index = index as usize;
        if let Some(RunKind::Single { mode, .. }) = active.plan.task(index).map(|r| &r.kind) {
            self.kept.push((generation, *mode, w));
        }
        active.finished[index] = Some(Finished { events, messages });
        let mut orders: Vec<Order> = self.hand_out(w).into_iter().collect();
        orders.extend(self.release());
        orders
    }

    /// The finished simulations next in the plan's order, as messages: a
    /// run's results and progress, the job's end once every run is in, then
    /// the replicas' samples.
    fn release(&mut self) -> Vec<Order> {
        let mut orders = Vec::new();
        let Some(active) = self.active.as_mut() else {
            return orders;
        };
        let runs = active.plan.runs.len();
        let mut runs_released = false;
        while let Some(done) = active
            .finished
            .get_mut(active.released)
            .and_then(Option::take)
        {
            let index = active.released;
            active.released += 1;
            orders.extend(done.messages.into_iter().map(Order::Emit));
            if index < runs {
                active.events += done.events;
                runs_released = true;
            }
            if index + 1 == runs {
                orders.push(Order::Emit(active.plan.done(active.events)));
            }
        }
        if runs_released {
            active.percent = None;
            orders.extend(self.progress());
        }
        orders
    }

    /// The job's progress, when its whole per cent changed: the runs
    /// released, and the fractions of those under way or finished.
    fn progress(&mut self) -> Option<Order> {
        let active = self.active.as_mut()?;
        let runs = active.plan.runs.len();
        if active.released >= runs {
            return None;
        }
        let generation = active.plan.generation;
        let under_way: f64 = (self.slots.iter())
            .filter_map(|s| match *s {
                Slot::Busy {
                    generation: g,
                    index,
                    current,
                } if g == generation && index < runs => Some(current),
                _ => None,
            })
            .sum();
        let done = active.finished[active.released..runs]
            .iter()
            .filter(|f| f.is_some())
            .count() as f64;
        let message = active.plan.progress(active.released, under_way + done);
        let percent = match &message.output {
            Output::Progress(p) => (p.fraction() * 100.0).floor() as u32,
            _ => 0,
        };
        if active.percent == Some(percent) {
            return None;
        }
        active.percent = Some(percent);
        Some(Order::Emit(message))
    }

    /// Worker `w` died (and is being replaced by an idle one). If it was on
    /// the job under way, that job is interrupted: the other workers drop
    /// it too, and its generation is returned (the page says so and offers
    /// to run it again). Its kept runs are gone.
    pub(crate) fn lost(&mut self, w: usize) -> (Vec<Order>, Option<u64>) {
        let Some(slot) = self.slots.get_mut(w) else {
            return (Vec::new(), None);
        };
        let was = std::mem::replace(slot, Slot::Idle);
        self.kept.retain(|(_, _, k)| *k != w);
        let current = self.active.as_ref().map(|a| a.plan.generation);
        let interrupted = match was {
            Slot::Busy { generation, .. } if Some(generation) == current => generation,
            _ => return (Vec::new(), None),
        };
        self.active = None;
        let mut orders = Vec::new();
        for (k, slot) in self.slots.iter_mut().enumerate() {
            if *slot != Slot::Idle {
                *slot = Slot::Idle;
                orders.push(Order::Send(k, ToWorker::Cancel));
            }
        }
        (orders, Some(interrupted))
    }

    /// The worker that keeps `mode`'s full run of job `generation`.
    pub(crate) fn keeper(&self, generation: u64, mode: Mode) -> Option<usize> {
        (self.kept.iter())
            .find(|(g, m, _)| *g == generation && *m == mode)
            .map(|(_, _, w)| *w)
    }

    /// The worker to ask for something answered between two slices (a
    /// replay): an idle one if there is one, else the first.
    pub(crate) fn least_busy(&self) -> usize {
        (self.slots.iter())
            .position(|s| *s == Slot::Idle)
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests;
