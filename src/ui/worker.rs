//! The simulation worker: a yew-agent reactor that runs each job's runs
//! (`crate::app::job`) in slices of events, yields to the worker's event loop
//! between slices so a newer job can arrive, and then abandons the stale one.

use futures::{FutureExt, SinkExt, StreamExt};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew_agent::reactor::{ReactorScope, reactor};

use crate::app::job::{Plan, Run};
use crate::app::{Job, Message};
use crate::sim::{Report, Simulation};

/// Events per slice: a few milliseconds of work.
const SLICE: u64 = 40_000;

/// Slices between two progress messages.
const SLICES_PER_PROGRESS: u32 = 4;

type Scope = ReactorScope<Job, Message>;

/// Resolves on the next macrotask (a `MessageChannel` round trip, which,
/// unlike `setTimeout(0)`, is never clamped to 4 ms).
async fn yield_now() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Ok(ch) = web_sys::MessageChannel::new() {
            ch.port1().set_onmessage(Some(resolve.unchecked_ref()));
            let _ = ch.port2().post_message(&wasm_bindgen::JsValue::NULL);
        } else {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// The newest of the jobs waiting, if any.
fn newest_waiting(scope: &mut Scope) -> Option<Job> {
    let mut newest = None;
    while let Some(Some(job)) = scope.next().now_or_never() {
        newest = Some(job);
    }
    newest
}

/// Simulates run `index` of `plan` in slices, posting progress now and
/// then. `Ok(None)` when its draft does not validate; `Err(job)` when a
/// newer job arrived.
async fn simulate(scope: &mut Scope, plan: &Plan, index: usize) -> Result<Option<Report>, Job> {
    let Some(config) = plan.runs[index].config() else {
        return Ok(None);
    };
    let mut sim = Simulation::new(config);
    let mut slices = 0u32;
    while !sim.advance(SLICE) {
        slices += 1;
        yield_now().await;
        if let Some(job) = newest_waiting(scope) {
            return Err(job);
        }
        if slices.is_multiple_of(SLICES_PER_PROGRESS) {
            let _ = scope.send(plan.progress(index, sim.progress())).await;
        }
    }
    Ok(Some(sim.finish()))
}

/// Runs one job; returns a newer job if one interrupted it.
async fn run_job(scope: &mut Scope, job: Job) -> Option<Job> {
    let plan = Plan::of(&job);
    let _ = scope.send(plan.planned()).await;
    let mut events = 0;
    for (i, run) in plan.runs.iter().enumerate() {
        let report = match simulate(scope, &plan, i).await {
            Ok(report) => report,
            Err(newer) => return Some(newer),
        };
        events += report.as_ref().map_or(0, |r| r.events);
        post_result(scope, &plan, run, report.as_ref()).await;
        let _ = scope.send(plan.progress(i + 1, 0.0)).await;
    }
    let _ = scope.send(plan.done(events)).await;
    None
}

async fn post_result(scope: &mut Scope, plan: &Plan, run: &Run, report: Option<&Report>) {
    if let Some(message) = plan.result(run, report) {
        let _ = scope.send(message).await;
    }
}

/// The worker's entry: takes jobs one after another; a newer job cancels
/// the one running.
#[reactor(SimReactor)]
pub async fn sim_reactor(mut scope: ReactorScope<Job, Message>) {
    let mut pending: Option<Job> = None;
    loop {
        let job = match pending.take() {
            Some(j) => j,
            None => match scope.next().await {
                Some(j) => newest_waiting(&mut scope).unwrap_or(j),
                None => break,
            },
        };
        pending = run_job(&mut scope, job).await;
    }
}
