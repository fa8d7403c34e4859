//! The simulation worker (inside the Web Worker): takes the page's messages
//! (`crate::app::worker::supervise::ToWorker`, as JSON text), runs each job's runs
//! (`crate::app::worker::job`) in slices of events, yields to the worker's event
//! loop between slices so a newer job can arrive, and then abandons the
//! stale one. It keeps the reports of the last job's full runs, so an
//! export sends the command line's JSON and text of exactly the runs on the
//! page. A panic posts its message before the worker traps; the page then
//! replaces the worker (`ui::bridge`).

use std::cell::RefCell;
use std::rc::Rc;

use futures::StreamExt;
use futures::channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::app::worker::job::{Plan, Run, RunKind};
use crate::app::worker::supervise::{Export, Fault, FromWorker, ToWorker};
use crate::app::{Job, Mode};
use crate::i18n::keys::ui as words;
use crate::scenario::Draft;
use crate::sim::{Report, Simulation};

/// Events per slice: a few milliseconds of work.
const SLICE: u64 = 40_000;

/// Slices between two progress messages (also the page's sign of life).
const SLICES_PER_PROGRESS: u32 = 4;

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Posts `m` to the page as JSON text.
fn post(m: &FromWorker) {
    if let Ok(text) = serde_json::to_string(m) {
        let _ = scope().post_message(&JsValue::from_str(&text));
    }
}

/// Resolves on the next macrotask (a `MessageChannel` round trip, which,
/// unlike `setTimeout(0)`, is never clamped to 4 ms).
async fn yield_now() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Ok(ch) = web_sys::MessageChannel::new() {
            ch.port1().set_onmessage(Some(resolve.unchecked_ref()));
            let _ = ch.port2().post_message(&JsValue::NULL);
        } else {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// The full runs of the last job, for exports: (generation, mode, draft, report).
type Kept = Rc<RefCell<Vec<(u64, Mode, Draft, Rc<Report>)>>>;

struct Worker {
    inbox: UnboundedReceiver<ToWorker>,
    kept: Kept,
}

impl Worker {
    /// Answers what does not wait (exports, replays, faults) and returns the newest
    /// job waiting, if any.
    fn drain(&mut self) -> Option<Job> {
        let mut newest = None;
        while let Ok(m) = self.inbox.try_recv() {
            if let Some(job) = self.answer(m) {
                newest = Some(job);
            }
        }
        newest
    }

    /// Handles a message at once, or hands back a job.
    fn answer(&self, m: ToWorker) -> Option<Job> {
        match m {
            ToWorker::Job(job) => return Some(job),
            ToWorker::Export { generation, mode } => {
                post(&FromWorker::Export(self.export(generation, mode)))
            }
            ToWorker::Replay(request) => post(&FromWorker::Replay(Box::new(request.record()))),
            ToWorker::Fault(Fault::Panic) => {
                panic!("debug fault: a panic in the simulation worker, on request")
            }
            ToWorker::Fault(Fault::Hang) => hang(),
        }
        None
    }

    fn export(&self, generation: u64, mode: Mode) -> Result<Box<Export>, String> {
        let kept = self.kept.borrow();
        let (_, _, draft, report) = kept
            .iter()
            .find(|(g, m, ..)| *g == generation && *m == mode)
            // The key, not words: the worker has no page to read the language
            // from; the page writes it in its own (`runner::collect`).
            .ok_or_else(|| words::WORKER_RUN_GONE.0.to_string())?;
        Ok(Box::new(Export::of(
            generation,
            mode,
            draft.clone(),
            report,
        )))
    }

    /// Simulates run `index` of `plan` in slices, posting progress now and
    /// then. `Ok(None)` when its draft does not validate; `Err(job)` when a
    /// newer job arrived.
    async fn simulate(&mut self, plan: &Plan, index: usize) -> Result<Option<Report>, Job> {
        self.simulate_run(plan, &plan.runs[index], Some(index))
            .await
    }

    /// Simulates `run` in slices; posts progress as run `index` of the job
    /// when it has one (the replications after `Done` post none).
    async fn simulate_run(
        &mut self,
        plan: &Plan,
        run: &Run,
        index: Option<usize>,
    ) -> Result<Option<Report>, Job> {
        let Some(config) = run.config() else {
            return Ok(None);
        };
        let wall_budget_ms = config.limits.max_wall_s * 1000.0;
        let mut sim = Simulation::new(config);
        let started = js_sys::Date::now();
        let mut slices = 0u32;
        while !sim.advance(SLICE) {
            slices += 1;
            // The run's wall-clock budget (the page caps it: `plan`),
            // counted with the time this worker spent on other messages.
            if js_sys::Date::now() - started >= wall_budget_ms {
                sim.stop_at_wall_budget(wall_budget_ms / 1000.0);
                break;
            }
            yield_now().await;
            if let Some(job) = self.drain() {
                return Err(job);
            }
            if let Some(i) = index
                && slices.is_multiple_of(SLICES_PER_PROGRESS)
            {
                post(&FromWorker::Message(plan.progress(i, sim.progress())));
            }
        }
        Ok(Some(sim.finish()))
    }

    /// Runs one job; returns a newer job if one interrupted it.
    async fn run_job(&mut self, job: Job) -> Option<Job> {
        let plan = Plan::of(&job);
        self.kept
            .borrow_mut()
            .retain(|(g, ..)| *g == job.generation);
        post(&FromWorker::Message(plan.planned()));
        let mut events = 0;
        for (i, run) in plan.runs.iter().enumerate() {
            let report = match self.simulate(&plan, i).await {
                Ok(report) => report,
                Err(newer) => return Some(newer),
            };
            events += report.as_ref().map_or(0, |r| r.events);
            for message in plan.results(run, report.as_ref()) {
                post(&FromWorker::Message(message));
            }
            self.keep(plan.generation, run, report);
            post(&FromWorker::Message(plan.progress(i + 1, 0.0)));
        }
        post(&FromWorker::Message(plan.done(events)));
        // The other seeds of each full run, after the sweep: the charts and
        // the sweep arrive as fast as without them.
        for run in &plan.replicas {
            let report = match self.simulate_run(&plan, run, None).await {
                Ok(report) => report,
                Err(newer) => return Some(newer),
            };
            if let Some(message) = plan.sample(run, report.as_ref()) {
                post(&FromWorker::Message(message));
            }
        }
        None
    }

    fn keep(&self, generation: u64, run: &Run, report: Option<Report>) {
        if let (RunKind::Single { mode, .. }, Some(r)) = (&run.kind, report) {
            self.kept
                .borrow_mut()
                .push((generation, *mode, run.draft.clone(), Rc::new(r)));
        }
    }

    /// Takes messages one after another; a newer job cancels the one running.
    async fn serve(mut self) {
        let mut pending: Option<Job> = None;
        loop {
            let job = match pending.take() {
                Some(j) => j,
                None => match self.inbox.next().await {
                    Some(m) => match self.answer(m) {
                        Some(j) => self.drain().unwrap_or(j),
                        None => continue,
                    },
                    None => break,
                },
            };
            pending = self.run_job(job).await;
        }
    }
}

/// A slice that never ends (the debug fault the page's watchdog must catch).
fn hang() {
    let mut n = 0u64;
    loop {
        n = std::hint::black_box(n.wrapping_add(1));
    }
}

/// Reads one message from the page into the inbox (unreadable ones are
/// dropped: both ends are this build).
fn on_message(tx: &UnboundedSender<ToWorker>, e: MessageEvent) {
    let text = e.data().as_string().unwrap_or_default();
    if let Ok(m) = serde_json::from_str::<ToWorker>(&text) {
        let _ = tx.unbounded_send(m);
    }
}

/// The worker's entry: the panic hook, the message handler, the loop.
pub(crate) fn start() {
    std::panic::set_hook(Box::new(|info| {
        post(&FromWorker::Panic(super::panic::message(info)));
        console_error_panic_hook::hook(info);
    }));
    let (tx, rx) = unbounded();
    let handler = Closure::<dyn Fn(MessageEvent)>::new(move |e| on_message(&tx, e));
    scope().set_onmessage(Some(handler.as_ref().unchecked_ref()));
    handler.forget();
    let worker = Worker {
        inbox: rx,
        kept: Rc::default(),
    };
    wasm_bindgen_futures::spawn_local(worker.serve());
    post(&FromWorker::Ready);
}
