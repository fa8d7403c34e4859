//! The simulation worker: a yew-agent reactor that runs each job in slices
//! of events, yields to the worker's event loop between slices so a newer
//! job can arrive, and then abandons the stale one.

use futures::{FutureExt, SinkExt, StreamExt};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew_agent::reactor::{ReactorScope, reactor};

use super::protocol::{Job, MeasuredRow, ModeJob, Output};
use crate::chart::plan::{fill_order, single, sweep_point, sweep_points};
use crate::chart::theory::Theory;
use crate::chart::view::{RunView, SweepPoint};
use crate::scenario::validate;
use crate::sim::Simulation;

/// Events per slice: a few milliseconds of work.
const SLICE: u64 = 40_000;

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

type Scope = ReactorScope<Job, Output>;

/// Runs one simulation in slices. `Err(job)` when a newer job arrived.
async fn simulate(
    scope: &mut Scope,
    draft: &crate::scenario::Draft,
    generation: u64,
    progress: (u32, u32),
    events: &mut u64,
) -> Result<Option<crate::sim::Report>, Job> {
    let Ok(cfg) = validate(draft) else {
        return Ok(None);
    };
    let mut sim = Simulation::new(cfg);
    let mut slices = 0u32;
    loop {
        let done = sim.advance(SLICE);
        slices += 1;
        if done {
            *events += sim.events();
            return Ok(Some(sim.finish()));
        }
        yield_now().await;
        if let Some(Some(job)) = scope.next().now_or_never() {
            return Err(newest(scope, job));
        }
        if slices.is_multiple_of(4) {
            let _ = scope
                .send(Output::Progress {
                    generation,
                    done: progress.0,
                    total: progress.1,
                    current: sim.progress(),
                })
                .await;
        }
    }
}

/// The newest of the jobs waiting.
fn newest(scope: &mut Scope, mut job: Job) -> Job {
    while let Some(Some(next)) = scope.next().now_or_never() {
        job = next;
    }
    job
}

/// Runs one job; returns a newer job if one interrupted it.
async fn run_job(scope: &mut Scope, job: Job) -> Option<Job> {
    let g = job.generation;
    let first = job
        .modes
        .first()
        .map(|m| m.draft.clone())
        .unwrap_or_default();
    let (axis, xs) = if job.sweep {
        sweep_points(&first)
    } else {
        (crate::chart::plan::SweepAxis::Concurrency, Vec::new())
    };
    let theory: Vec<Theory> = job
        .modes
        .iter()
        .filter_map(|m| {
            validate(&single(&m.draft, &m.mode))
                .ok()
                .map(|c| Theory::of(&c))
        })
        .collect();
    let _ = scope
        .send(Output::Planned {
            generation: g,
            axis,
            xs: xs.clone(),
            theory,
        })
        .await;
    let total = (job.modes.len() * (1 + xs.len())) as u32;
    let mut done = 0u32;
    let mut events = 0u64;
    for ModeJob {
        mode,
        draft,
        preset,
    } in &job.modes
    {
        let d = single(draft, mode);
        match simulate(scope, &d, g, (done, total), &mut events).await {
            Err(newer) => return Some(newer),
            Ok(None) => {
                let _ = scope
                    .send(Output::Failed {
                        generation: g,
                        message: format!("the {mode} scenario does not validate"),
                    })
                    .await;
            }
            Ok(Some(report)) => {
                let run = Box::new(RunView::from_report(mode, &report));
                let rows = preset
                    .as_deref()
                    .map(|p| crate::fidelity::rows_for(p, &report))
                    .unwrap_or_default()
                    .iter()
                    .map(MeasuredRow::from_row)
                    .collect();
                let _ = scope
                    .send(Output::Single {
                        generation: g,
                        run,
                        rows,
                    })
                    .await;
            }
        }
        done += 1;
    }
    for i in fill_order(xs.len()) {
        for ModeJob { mode, draft, .. } in &job.modes {
            let d = sweep_point(draft, mode, axis, xs[i]);
            match simulate(scope, &d, g, (done, total), &mut events).await {
                Err(newer) => return Some(newer),
                Ok(None) => {}
                Ok(Some(report)) => {
                    let point = SweepPoint::from_report(xs[i], &report);
                    let _ = scope
                        .send(Output::Point {
                            generation: g,
                            mode: mode.clone(),
                            point,
                        })
                        .await;
                }
            }
            done += 1;
            let _ = scope
                .send(Output::Progress {
                    generation: g,
                    done,
                    total,
                    current: 0.0,
                })
                .await;
        }
    }
    let _ = scope
        .send(Output::Done {
            generation: g,
            events,
        })
        .await;
    None
}

/// The worker's entry: takes jobs one after another; a newer job cancels
/// the one running.
#[reactor(SimReactor)]
pub async fn sim_reactor(mut scope: ReactorScope<Job, Output>) {
    let mut pending: Option<Job> = None;
    loop {
        let job = match pending.take() {
            Some(j) => j,
            None => match scope.next().await {
                Some(j) => newest(&mut scope, j),
                None => break,
            },
        };
        pending = run_job(&mut scope, job).await;
    }
}
