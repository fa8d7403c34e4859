//! The page's end of its simulation workers: starts a pool of them from a
//! file beside the page (a relative URL, so the page works from any
//! folder), carries the orders of `crate::app::worker::pool` to them as
//! JSON text, and keeps each alive: a worker that panics or fails is
//! replaced, and one silent in a job for longer than `SLICE_LIMIT_MS` is
//! stopped and replaced, each with a message for the page.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use gloo::timers::callback::{Interval, Timeout};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::app::replay::{ReplayReply, ReplayRequest};
use crate::app::study;
use crate::app::worker::pool::{Deliver, Order, Outbox, Pool};
use crate::app::worker::supervise::{
    AfterDeath, Export, Fault, FromWorker, SLICE_LIMIT_MS, ToWorker, Watchdog, after_death,
};
use crate::app::{Job, Message, Mode};
use crate::i18n::Arg;
use crate::i18n::keys::ui as words;

/// The worker's loader, relative to the page.
const WORKER_URL: &str = "./worker-loader.js";

/// An embed's worker script, relative to the page: a module worker that
/// runs the embed's own module, handed to it as its first message.
const EMBED_WORKER_URL: &str = "./embed-worker.js";

thread_local! {
    /// Whether this module's workers run this module itself (an embed's)
    /// rather than the simulation worker's own module (the page's).
    static WORKERS_SHARE_THIS_MODULE: Cell<bool> = const { Cell::new(false) };
}

/// From now on, workers run this module: an embed's reader then downloads
/// one module, not two (the page's worker keeps its own, built for speed at
/// `opt-level = 3`; the embed's is built for size).
pub(crate) fn workers_share_this_module() {
    WORKERS_SHARE_THIS_MODULE.set(true);
}

/// A new worker, from the worker's loader or with this module.
fn new_worker() -> Result<Worker, JsValue> {
    if !WORKERS_SHARE_THIS_MODULE.get() {
        return Worker::new(WORKER_URL);
    }
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(EMBED_WORKER_URL, &options)?;
    // Compiled already: the worker instantiates it without a download.
    worker.post_message(&wasm_bindgen::module())?;
    Ok(worker)
}

/// What the bridge tells the page.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Event {
    /// Outputs of jobs, in order, delivered together (`pool::Outbox`).
    Messages(Vec<Message>),
    /// A run's full report (or why there is none).
    Export(Result<Box<Export>, String>),
    /// A replay's recording (or why there is none).
    Replay(Box<ReplayReply>),
    /// How far study `.0` has come.
    Studying(u64, study::Progress),
    /// What study `.0` found.
    Studied(u64, Box<study::Finding>),
    /// The worker studying the page's question died: it has no answer.
    StudyLost,
    /// A worker died and a new one was started: what happened.
    Replaced(Failure),
    /// No worker can be started: why.
    Unavailable(String),
}

/// Why a worker was replaced.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Failure {
    /// It panicked, with this message.
    Panicked(String),
    /// It was silent in a job for longer than the limit (ms).
    Stalled(f64),
    /// It stopped with an error that was not a panic.
    Crashed(String),
}

/// One worker of the pool.
#[derive(Default)]
struct Slot {
    worker: Option<Worker>,
    ready: bool,
    /// Messages sent before the worker was ready.
    queue: Vec<String>,
    watchdog: Watchdog,
    /// Workers in a row in this slot that died before they were ready.
    failed_starts: u32,
    closures: Vec<Closure<dyn Fn(JsValue)>>,
}

struct Inner {
    slots: Vec<Slot>,
    pool: Pool,
    /// Messages for the page, waiting for their delivery.
    outbox: Outbox,
    /// The delivery due, if one is.
    delivery: Option<Timeout>,
    /// Set once the page gave up starting workers.
    given_up: bool,
    /// The worker that studies the page's question, if one does.
    studying: Option<usize>,
    on_event: Rc<dyn Fn(Event)>,
    _ticker: Option<Interval>,
}

/// A handle on the page's simulation workers.
#[derive(Clone)]
pub(crate) struct Bridge(Rc<RefCell<Inner>>);

impl PartialEq for Bridge {
    fn eq(&self, other: &Bridge) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Inner {
    /// Terminates every worker and forgets what was on its way to it; no
    /// worker is started again.
    fn stop_workers(&mut self) {
        self.given_up = true;
        for slot in &mut self.slots {
            if let Some(worker) = slot.worker.take() {
                worker.set_onmessage(None);
                worker.set_onerror(None);
                worker.terminate();
            }
            slot.closures.clear();
            slot.queue.clear();
            slot.watchdog.reset();
        }
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl Bridge {
    /// Starts `size` workers; `on_event` hears from them.
    pub(crate) fn new(size: usize, on_event: impl Fn(Event) + 'static) -> Bridge {
        let pool = Pool::new(size);
        let bridge = Bridge(Rc::new(RefCell::new(Inner {
            slots: (0..pool.size()).map(|_| Slot::default()).collect(),
            pool,
            outbox: Outbox::default(),
            delivery: None,
            given_up: false,
            studying: None,
            on_event: Rc::new(on_event),
            _ticker: None,
        })));
        let weak = Rc::downgrade(&bridge.0);
        let ticker = Interval::new(500, move || {
            if let Some(inner) = weak.upgrade() {
                Bridge(inner).check();
            }
        });
        bridge.0.borrow_mut()._ticker = Some(ticker);
        let size = bridge.0.borrow().slots.len();
        for w in 0..size {
            bridge.spawn(w);
        }
        bridge
    }

    /// Simulates `job` on the pool (a newer job drops the one running).
    pub(crate) fn run(&self, job: Job) {
        let orders = self.0.borrow_mut().pool.start(job);
        self.perform(orders);
    }

    /// Asks the worker that keeps `mode`'s full run of job `generation`
    /// for its report.
    pub(crate) fn export(&self, generation: u64, mode: Mode) {
        let keeper = self.0.borrow().pool.keeper(generation, mode);
        match keeper {
            Some(w) => self.post(w, &ToWorker::Export { generation, mode }),
            // The key, as a worker would send it (`runner::collect` words it).
            None => self.emit(Event::Export(Err(words::WORKER_RUN_GONE.0.to_string()))),
        }
    }

    /// Asks an idle worker (else the first) to record `request`.
    pub(crate) fn replay(&self, request: ReplayRequest) {
        let w = self.0.borrow().pool.least_busy();
        self.post(w, &ToWorker::Replay(Box::new(request)));
    }

    /// Asks an idle worker (else the first) to study `request`; the study
    /// under way, if any, is dropped.
    pub(crate) fn study(&self, request: study::Request) {
        self.stop_study();
        let w = self.0.borrow().pool.least_busy();
        self.0.borrow_mut().studying = Some(w);
        self.post(w, &ToWorker::Study(Box::new(request)));
    }

    /// Drops the study under way, if any.
    pub(crate) fn stop_study(&self) {
        let w = self.0.borrow_mut().studying.take();
        if let Some(w) = w {
            self.post(w, &ToWorker::StopStudy);
        }
    }

    /// Stops every worker for good (a handout closed): none of their
    /// events reaches the page after this.
    pub(crate) fn stop(&self) {
        let mut inner = self.0.borrow_mut();
        inner._ticker = None;
        inner.delivery = None;
        inner.stop_workers();
    }

    /// Makes the first worker fail on purpose (debug only).
    pub(crate) fn fault(&self, fault: Fault) {
        // A fault keeps the worker busy until it is replaced.
        self.0.borrow_mut().slots[0].watchdog.sent(u64::MAX, now());
        self.post(0, &ToWorker::Fault(fault));
    }

    fn perform(&self, orders: Vec<Order>) {
        for order in orders {
            match order {
                Order::Send(w, m) => {
                    {
                        let slot = &mut self.0.borrow_mut().slots[w];
                        match &m {
                            ToWorker::Run { job, .. } => slot.watchdog.sent(job.generation, now()),
                            ToWorker::Cancel => slot.watchdog.reset(),
                            _ => {}
                        }
                    }
                    self.post(w, &m);
                }
                Order::Emit(m) => self.hold(m),
            }
        }
    }

    /// Holds `m` for the page: delivered now, or with the next batch.
    fn hold(&self, m: Message) {
        let when = self.0.borrow_mut().outbox.hold(m, now());
        match when {
            Deliver::Now => self.deliver(),
            Deliver::At(t) => {
                let weak = Rc::downgrade(&self.0);
                let timer = Timeout::new((t - now()).max(0.0).ceil() as u32, move || {
                    if let Some(inner) = weak.upgrade() {
                        Bridge(inner).deliver();
                    }
                });
                self.0.borrow_mut().delivery = Some(timer);
            }
            Deliver::Due => {}
        }
    }

    /// Delivers every message held, together.
    fn deliver(&self) {
        let messages = {
            let mut inner = self.0.borrow_mut();
            inner.delivery = None;
            inner.outbox.take(now())
        };
        if !messages.is_empty() {
            self.emit(Event::Messages(messages));
        }
    }

    /// Sends `m` to worker `w` (queued until it is ready).
    fn post(&self, w: usize, m: &ToWorker) {
        let Ok(text) = serde_json::to_string(m) else {
            return;
        };
        let mut inner = self.0.borrow_mut();
        let Some(slot) = inner.slots.get_mut(w) else {
            return;
        };
        match (&slot.worker, slot.ready) {
            (Some(worker), true) => {
                let _ = worker.post_message(&JsValue::from_str(&text));
            }
            _ => slot.queue.push(text),
        }
    }

    fn spawn(&self, w: usize) {
        let worker = match new_worker() {
            Ok(worker) => worker,
            Err(e) => {
                let why = e.as_string().unwrap_or_else(|| format!("{e:?}"));
                let l = super::address::page_locale();
                return self.give_up(words::WORKER_REFUSED.text(l, &[("why", Arg::Text(why))]));
            }
        };
        let weak = Rc::downgrade(&self.0);
        let on_message = listener(&weak, move |b, e| {
            b.heard(w, e.unchecked_into::<MessageEvent>())
        });
        let on_error = listener(&weak, move |b, e| {
            // A script that fails to load (a module worker's, a classic
            // one's) sends a plain Event, which has no message to read.
            let e: web_sys::Event = e.unchecked_into();
            e.prevent_default();
            let why = match e.dyn_ref::<ErrorEvent>() {
                Some(e) => error_text(e),
                None => words::WORKER_SCRIPT.text(super::address::page_locale(), &[]),
            };
            b.died(w, Failure::Crashed(why));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let slot = &mut self.0.borrow_mut().slots[w];
        slot.closures = vec![on_message, on_error];
        slot.worker = Some(worker);
        slot.ready = false;
    }

    fn emit(&self, e: Event) {
        let on_event = self.0.borrow().on_event.clone();
        on_event(e);
    }

    fn heard(&self, w: usize, e: MessageEvent) {
        let text = e.data().as_string().unwrap_or_default();
        let Ok(m) = serde_json::from_str::<FromWorker>(&text) else {
            return;
        };
        match m {
            FromWorker::Ready => self.ready(w),
            FromWorker::Working {
                generation,
                index,
                current,
            } => self.tell_pool(|inner| {
                inner.slots[w].watchdog.heard(generation, now());
                inner.pool.working(w, generation, index, current)
            }),
            FromWorker::Ran {
                generation,
                index,
                events,
                messages,
            } => self.tell_pool(|inner| {
                inner.slots[w].watchdog.finished(generation);
                inner.pool.ran(w, generation, index, events, messages)
            }),
            FromWorker::Export(e) => self.emit(Event::Export(e)),
            FromWorker::Replay(r) => self.emit(Event::Replay(r)),
            FromWorker::Studying { id, progress } => {
                self.0.borrow_mut().slots[w].watchdog.alive(now());
                self.emit(Event::Studying(id, progress));
            }
            FromWorker::Studied { id, finding } => {
                self.0.borrow_mut().studying = None;
                self.emit(Event::Studied(id, finding));
            }
            FromWorker::Panic(message) => self.died(w, Failure::Panicked(message)),
        }
    }

    /// Passes a worker's report to the pool and carries out what it orders
    /// (after the state is released: an order may reach the page).
    fn tell_pool(&self, f: impl FnOnce(&mut Inner) -> Vec<Order>) {
        let orders = f(&mut self.0.borrow_mut());
        self.perform(orders);
    }

    /// Worker `w` is ready: what was queued for it goes now.
    fn ready(&self, w: usize) {
        let mut inner = self.0.borrow_mut();
        let slot = &mut inner.slots[w];
        slot.ready = true;
        slot.failed_starts = 0;
        slot.watchdog.alive(now());
        let queue = std::mem::take(&mut slot.queue);
        if let Some(worker) = &slot.worker {
            for text in queue {
                let _ = worker.post_message(&JsValue::from_str(&text));
            }
        }
    }

    /// Replaces worker `w`, which broke (or reports that none can run).
    fn died(&self, w: usize, why: Failure) {
        let (next, orders) = {
            let mut inner = self.0.borrow_mut();
            let slot = &mut inner.slots[w];
            let Some(worker) = slot.worker.take() else {
                return;
            };
            // No event of the old worker may reach the closures dropped here.
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
            slot.closures.clear();
            if !slot.ready {
                slot.failed_starts += 1;
            }
            let next = after_death(slot.ready, slot.failed_starts);
            if next == AfterDeath::Retry {
                (next, Vec::new())
            } else {
                slot.watchdog.reset();
                slot.queue.clear();
                (next, inner.pool.lost(w).0)
            }
        };
        let lost_study = {
            let mut inner = self.0.borrow_mut();
            let lost = inner.studying == Some(w);
            if lost {
                inner.studying = None;
            }
            lost
        };
        if lost_study {
            self.emit(Event::StudyLost);
        }
        match next {
            AfterDeath::Retry => self.spawn(w),
            AfterDeath::Replace => {
                self.spawn(w);
                self.perform(orders);
                self.emit(Event::Replaced(why));
            }
            AfterDeath::GiveUp => self.give_up(match why {
                Failure::Crashed(m) | Failure::Panicked(m) => m,
                Failure::Stalled(_) => {
                    words::WORKER_UNRESPONSIVE.text(super::address::page_locale(), &[])
                }
            }),
        }
    }

    /// No worker can run here: every one is stopped and the page hears why
    /// (in words), once.
    fn give_up(&self, why: String) {
        {
            let mut inner = self.0.borrow_mut();
            if inner.given_up {
                return;
            }
            inner.stop_workers();
        }
        self.emit(Event::Unavailable(why));
    }

    /// The watchdog's round: replaces a worker stuck in a slice.
    fn check(&self) {
        let stuck: Vec<usize> = {
            let inner = self.0.borrow();
            (inner.slots.iter().enumerate())
                .filter(|(_, s)| s.ready && s.watchdog.overdue(now(), SLICE_LIMIT_MS))
                .map(|(w, _)| w)
                .collect()
        };
        for w in stuck {
            self.died(w, Failure::Stalled(SLICE_LIMIT_MS));
        }
    }
}

fn listener(
    weak: &Weak<RefCell<Inner>>,
    f: impl Fn(&Bridge, JsValue) + 'static,
) -> Closure<dyn Fn(JsValue)> {
    let weak = weak.clone();
    Closure::new(move |e: JsValue| {
        if let Some(inner) = weak.upgrade() {
            f(&Bridge(inner), e);
        }
    })
}

/// An error event in words: its message, and where when it says.
fn error_text(e: &ErrorEvent) -> String {
    let message = e.message();
    if message.is_empty() {
        words::WORKER_SCRIPT.text(super::address::page_locale(), &[])
    } else if e.filename().is_empty() {
        message
    } else {
        format!("{message} ({}:{})", e.filename(), e.lineno())
    }
}
