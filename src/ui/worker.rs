//! A simulation worker of the page's pool (inside the Web Worker): takes the
//! page's messages (`crate::app::worker::supervise::ToWorker`, as JSON text),
//! simulates the one run of a job it is given (`crate::app::worker::job`,
//! handed out by `crate::app::worker::pool`) in slices of events, yields to
//! the worker's event loop between slices so a newer order can arrive, and
//! then abandons the stale run. It keeps the reports of the full runs it
//! simulated for the last job, so an export sends the command line's JSON
//! and text of exactly the runs on the page. A panic posts its message before the worker traps; the page then
//! replaces the worker (`ui::bridge`).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::StreamExt;
use futures::channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::app::study::{self, Study};
use crate::app::worker::job::{Plan, Run, RunKind};
use crate::app::worker::supervise::{Export, Fault, FromWorker, ToWorker};
use crate::app::{Job, Mode};
use crate::i18n::keys::ui as words;
use crate::scenario::Draft;
use crate::sim::{Config, Report, Simulation};

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

/// What the page asked the worker to simulate next.
enum Next {
    /// Simulation `.1` of job `.0` (`Plan::task`).
    Task(Box<Job>, u32),
    /// Nothing: drop what runs.
    Idle,
}

struct Worker {
    inbox: UnboundedReceiver<ToWorker>,
    kept: Kept,
    /// The study under way (its id; 0 for none): a study stops at its next
    /// step once this is no longer its own.
    studying: Rc<Cell<u64>>,
    /// The plan of the job last simulated (every task of a job shares it).
    plan: Option<Rc<Plan>>,
}

impl Worker {
    /// Answers what does not wait (exports, replays, faults) and returns the
    /// newest order to simulate (or to stop), if any came.
    fn drain(&mut self) -> Option<Next> {
        let mut newest = None;
        while let Ok(m) = self.inbox.try_recv() {
            if let Some(next) = self.answer(m) {
                newest = Some(next);
            }
        }
        newest
    }

    /// Handles a message at once, or hands back what to simulate next.
    fn answer(&self, m: ToWorker) -> Option<Next> {
        match m {
            ToWorker::Run { job, index } => return Some(Next::Task(job, index)),
            ToWorker::Cancel => return Some(Next::Idle),
            ToWorker::Export { generation, mode } => {
                post(&FromWorker::Export(self.export(generation, mode)))
            }
            ToWorker::Replay(request) => post(&FromWorker::Replay(Box::new(request.record()))),
            ToWorker::Study(request) => {
                self.studying.set(request.id);
                wasm_bindgen_futures::spawn_local(study(*request, self.studying.clone()));
            }
            ToWorker::StopStudy => self.studying.set(0),
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

    /// The plan of `job`, laid out once per job.
    fn plan_of(&mut self, job: &Job) -> Rc<Plan> {
        match &self.plan {
            Some(plan) if plan.generation == job.generation => plan.clone(),
            _ => {
                let plan = Rc::new(Plan::of(job));
                self.plan = Some(plan.clone());
                plan
            }
        }
    }

    /// Simulates `run` (simulation `index` of job `generation`) in slices,
    /// saying how far it has come now and then. `Ok(None)` when its draft
    /// does not validate; `Err(next)` when the page asked for something
    /// else first.
    async fn simulate(
        &mut self,
        generation: u64,
        index: u32,
        run: &Run,
    ) -> Result<Option<Report>, Next> {
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
            if let Some(next) = self.drain() {
                return Err(next);
            }
            if slices.is_multiple_of(SLICES_PER_PROGRESS) {
                let current = sim.progress();
                post(&FromWorker::Working {
                    generation,
                    index,
                    current,
                });
            }
        }
        Ok(Some(sim.finish()))
    }

    /// Simulates simulation `index` of `job` and posts what it reports;
    /// returns what the page asked for instead, if it interrupted.
    async fn run_task(&mut self, job: Box<Job>, index: u32) -> Option<Next> {
        let generation = job.generation;
        let plan = self.plan_of(&job);
        self.kept.borrow_mut().retain(|(g, ..)| *g == generation);
        let report = match plan.task(index as usize) {
            Some(run) => match self.simulate(generation, index, run).await {
                Ok(report) => report,
                Err(next) => return Some(next),
            },
            None => None,
        };
        let events = report.as_ref().map_or(0, |r| r.events);
        let messages = plan.task_results(index as usize, report.as_ref());
        if let Some(run) = plan.task(index as usize) {
            self.keep(generation, run, report);
        }
        post(&FromWorker::Ran {
            generation,
            index,
            events,
            messages,
        });
        None
    }

    fn keep(&self, generation: u64, run: &Run, report: Option<Report>) {
        if let (RunKind::Single { mode, .. }, Some(r)) = (&run.kind, report) {
            self.kept
                .borrow_mut()
                .push((generation, *mode, run.draft.clone(), Rc::new(r)));
        }
    }

    /// Takes messages one after another; a newer order drops the simulation
    /// running.
    async fn serve(mut self) {
        let mut pending: Option<Next> = None;
        loop {
            let next = match pending.take() {
                Some(next) => next,
                None => match self.inbox.next().await {
                    Some(m) => match self.answer(m) {
                        Some(next) => self.drain().unwrap_or(next),
                        None => continue,
                    },
                    None => break,
                },
            };
            if let Next::Task(job, index) = next {
                pending = self.run_task(job, index).await;
            }
        }
    }
}

/// One simulation of a study, within its wall-clock budget.
fn run_study_sim(c: &Config) -> Report {
    let started = js_sys::Date::now();
    crate::sim::run_timed(c, &mut || (js_sys::Date::now() - started) / 1000.0)
}

/// Studies `request` a step at a time, yielding between steps (the job's
/// slices go on meanwhile), saying how far it has come after each run, and
/// posting what it found, unless a newer study replaced it (`current`).
async fn study(request: study::Request, current: Rc<Cell<u64>>) {
    let id = request.id;
    let mut s = Study::new(request.question);
    loop {
        let study::Progress { runs, of, answered } = s.progress();
        let mut ran = 0;
        // A step may hold many runs (a fit): each says the worker lives.
        let mut run = |c: &Config| {
            let r = run_study_sim(c);
            ran += 1;
            let progress = study::Progress {
                runs: runs + ran,
                of: of.max(runs + ran),
                answered,
            };
            post(&FromWorker::Studying { id, progress });
            r
        };
        let going = s.step(&mut run);
        if current.get() != id {
            return;
        }
        let progress = s.progress();
        post(&FromWorker::Studying { id, progress });
        if !going {
            break;
        }
        yield_now().await;
        if current.get() != id {
            return;
        }
    }
    if let Some(f) = s.finding() {
        let finding = Box::new(f.clone());
        post(&FromWorker::Studied { id, finding });
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
        studying: Rc::default(),
        plan: None,
    };
    wasm_bindgen_futures::spawn_local(worker.serve());
    post(&FromWorker::Ready);
}
