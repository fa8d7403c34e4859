//! The page's end of the simulation worker: starts the worker from a file
//! beside the page (a relative URL, so the page works from any folder),
//! carries `crate::app::worker::supervise`'s messages as JSON text, and keeps the
//! worker alive: a worker that panics or fails is replaced, and one silent
//! in a job for longer than `SLICE_LIMIT_MS` is stopped and replaced, each
//! with a message for the page.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo::timers::callback::Interval;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};

use crate::app::replay::ReplayReply;
use crate::app::worker::supervise::{
    AfterDeath, Export, FromWorker, SLICE_LIMIT_MS, ToWorker, Watchdog, after_death,
};
use crate::app::{Message, Output};
use crate::i18n::Arg;
use crate::i18n::keys::ui as words;

/// The worker's loader, relative to the page.
const WORKER_URL: &str = "./worker-loader.js";

/// What the bridge tells the page.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Event {
    /// An output of a job.
    Message(Box<Message>),
    /// A run's full report (or why there is none).
    Export(Result<Box<Export>, String>),
    /// A replay's recording (or why there is none).
    Replay(Box<ReplayReply>),
    /// The worker died and a new one was started: what happened.
    Replaced(Failure),
    /// The worker cannot be started: why.
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

struct Inner {
    worker: Option<Worker>,
    ready: bool,
    /// Messages sent before the worker was ready.
    queue: Vec<String>,
    watchdog: Watchdog,
    /// Workers in a row that died before they were ready.
    failed_starts: u32,
    on_event: Rc<dyn Fn(Event)>,
    closures: Vec<Closure<dyn Fn(JsValue)>>,
    _ticker: Option<Interval>,
}

/// A handle on the page's simulation worker.
#[derive(Clone)]
pub(crate) struct Bridge(Rc<RefCell<Inner>>);

impl PartialEq for Bridge {
    fn eq(&self, other: &Bridge) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl Bridge {
    /// Starts a worker; `on_event` hears from it.
    pub(crate) fn new(on_event: impl Fn(Event) + 'static) -> Bridge {
        let bridge = Bridge(Rc::new(RefCell::new(Inner {
            worker: None,
            ready: false,
            queue: Vec::new(),
            watchdog: Watchdog::default(),
            failed_starts: 0,
            on_event: Rc::new(on_event),
            closures: Vec::new(),
            _ticker: None,
        })));
        let weak = Rc::downgrade(&bridge.0);
        let ticker = Interval::new(500, move || {
            if let Some(inner) = weak.upgrade() {
                Bridge(inner).check();
            }
        });
        bridge.0.borrow_mut()._ticker = Some(ticker);
        bridge.spawn();
        bridge
    }

    /// Sends `m` (queued until the worker is ready).
    pub(crate) fn send(&self, m: &ToWorker) {
        let Ok(text) = serde_json::to_string(m) else {
            return;
        };
        let mut inner = self.0.borrow_mut();
        match m {
            ToWorker::Job(job) => inner.watchdog.sent(job.generation, now()),
            // A fault keeps the worker busy until it is replaced.
            ToWorker::Fault(_) => inner.watchdog.sent(u64::MAX, now()),
            // Answered at once, between two slices: bounded, not watched.
            ToWorker::Export { .. } | ToWorker::Replay(_) => {}
        }
        match (&inner.worker, inner.ready) {
            (Some(w), true) => {
                let _ = w.post_message(&JsValue::from_str(&text));
            }
            _ => inner.queue.push(text),
        }
    }

    fn spawn(&self) {
        let worker = match Worker::new(WORKER_URL) {
            Ok(w) => w,
            Err(e) => {
                let why = e.as_string().unwrap_or_else(|| format!("{e:?}"));
                let l = super::address::page_locale();
                let why = words::WORKER_REFUSED.text(l, &[("why", Arg::Text(why))]);
                return self.emit(Event::Unavailable(why));
            }
        };
        let weak = Rc::downgrade(&self.0);
        let on_message = listener(&weak, |b, e| b.heard(e.unchecked_into::<MessageEvent>()));
        let on_error = listener(&weak, |b, e| {
            let e: ErrorEvent = e.unchecked_into();
            e.prevent_default();
            b.died(Failure::Crashed(error_text(&e)));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let mut inner = self.0.borrow_mut();
        inner.closures = vec![on_message, on_error];
        inner.worker = Some(worker);
        inner.ready = false;
    }

    fn emit(&self, e: Event) {
        let on_event = self.0.borrow().on_event.clone();
        on_event(e);
    }

    fn heard(&self, e: MessageEvent) {
        let text = e.data().as_string().unwrap_or_default();
        let Ok(m) = serde_json::from_str::<FromWorker>(&text) else {
            return;
        };
        match m {
            FromWorker::Ready => {
                let mut inner = self.0.borrow_mut();
                inner.ready = true;
                inner.failed_starts = 0;
                inner.watchdog.alive(now());
                let queue = std::mem::take(&mut inner.queue);
                if let Some(w) = &inner.worker {
                    for text in queue {
                        let _ = w.post_message(&JsValue::from_str(&text));
                    }
                }
            }
            FromWorker::Message(m) => {
                {
                    let mut inner = self.0.borrow_mut();
                    inner.watchdog.heard(m.generation, now());
                    if matches!(m.output, Output::Done { .. }) {
                        inner.watchdog.finished(m.generation);
                    }
                }
                self.emit(Event::Message(Box::new(m)));
            }
            FromWorker::Export(e) => self.emit(Event::Export(e)),
            FromWorker::Replay(r) => self.emit(Event::Replay(r)),
            FromWorker::Panic(message) => self.died(Failure::Panicked(message)),
        }
    }

    /// Replaces a worker that broke (or reports that none can run).
    fn died(&self, why: Failure) {
        let next = {
            let mut inner = self.0.borrow_mut();
            let Some(w) = inner.worker.take() else {
                return;
            };
            // No event of the old worker may reach the closures dropped here.
            w.set_onmessage(None);
            w.set_onerror(None);
            w.terminate();
            inner.closures.clear();
            if !inner.ready {
                inner.failed_starts += 1;
            }
            let next = after_death(inner.ready, inner.failed_starts);
            if next != AfterDeath::Retry {
                inner.watchdog.reset();
                inner.queue.clear();
            }
            next
        };
        match next {
            AfterDeath::Retry => self.spawn(),
            AfterDeath::Replace => {
                self.spawn();
                self.emit(Event::Replaced(why));
            }
            AfterDeath::GiveUp => {
                let what = match why {
                    Failure::Crashed(m) | Failure::Panicked(m) => m,
                    Failure::Stalled(_) => {
                        words::WORKER_UNRESPONSIVE.text(super::address::page_locale(), &[])
                    }
                };
                self.emit(Event::Unavailable(what));
            }
        }
    }

    /// The watchdog's round: replaces a worker stuck in a slice.
    fn check(&self) {
        let stuck = {
            let inner = self.0.borrow();
            inner.ready && inner.watchdog.overdue(now(), SLICE_LIMIT_MS)
        };
        if stuck {
            self.died(Failure::Stalled(SLICE_LIMIT_MS));
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
