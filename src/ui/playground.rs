//! The page's layout and its link to the worker: every change of the
//! scenario becomes a job (debounced briefly); outputs of older jobs are
//! dropped by generation.

use gloo::timers::callback::Timeout;
use yew::prelude::*;
use yew_agent::reactor::{ReactorEvent, use_reactor_bridge};

use super::charts::Charts;
use super::form::ScenarioForm;
use super::measured_panel::MeasuredPanel;
use super::presets_picker::PresetPicker;
use super::progress::Progress;
use super::summary::Summary;
use super::worker::SimReactor;
use crate::app::{Action, State};

/// The playground.
#[component]
pub fn Playground() -> Html {
    let state = use_reducer(State::default);
    let bridge = {
        let d = state.dispatcher();
        use_reactor_bridge::<SimReactor, _>(move |ev| {
            if let ReactorEvent::Output(out) = ev {
                d.dispatch(Action::Worker(Box::new(out)));
            }
        })
    };
    // (generation, start, elapsed) of the job on its way, for the progress line.
    let timing = use_mut_ref(|| (0u64, 0.0f64, None::<f64>));
    {
        let (bridge, st, timing) = (bridge.clone(), state.clone(), timing.clone());
        use_effect_with(state.generation, move |_| {
            let timer = st.runnable().then(|| {
                let job = st.job();
                Timeout::new(16, move || {
                    *timing.borrow_mut() = (job.generation, js_sys::Date::now(), None);
                    bridge.send(job)
                })
            });
            move || drop(timer)
        });
    }
    let dispatch = {
        let d = state.dispatcher();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    let on_pick = {
        let d = state.dispatcher();
        Callback::from(move |name: String| d.dispatch(Action::LoadPreset(name)))
    };
    // The form and the measured-vs-simulated panel are the largest parts of
    // the page: built in the first render with everything else, the page's
    // start made one main-thread task of 60-85 ms. They follow one task later.
    let settled = use_state(|| false);
    {
        let settled = settled.clone();
        use_effect_with((), move |_| {
            let t = Timeout::new(0, move || settled.set(true));
            move || drop(t)
        });
    }
    let r = &state.results;
    let elapsed_ms = {
        let mut t = timing.borrow_mut();
        if r.done && t.0 == r.generation && t.2.is_none() {
            t.2 = Some(js_sys::Date::now() - t.1);
        }
        if t.0 == r.generation { t.2 } else { None }
    };
    html! {
        <div class="layout">
            <header class="top">
                <div class="brand">
                    <h1>{"threadlab"}</h1>
                    <p>{"Why virtual threads change how a Spring Boot service behaves under load — simulated event by event, beside real measurements."}</p>
                </div>
                <PresetPicker current={state.setup.preset.clone()} {on_pick} />
                <Progress progress={r.progress} done={r.done && r.generation == state.generation}
                    events={r.events} blocked={!state.runnable()} {elapsed_ms} />
            </header>
            <aside class="controls" aria-label="scenario">
                if *settled {
                    <ScenarioForm state={state.clone()} dispatch={dispatch.clone()} />
                }
            </aside>
            if !state.errors.is_empty() {
                <div class="problems" role="alert">
                    <strong>{"Not simulated — fix these first:"}</strong>
                    <ul>{ for state.errors.iter().map(|e| html! { <li>{e.to_string()}</li> }) }</ul>
                </div>
            }
            <main class="results">
                if let Some(f) = &r.failure { <p class="warn">{f.clone()}</p> }
                <Summary state={state.clone()} />
                if *settled {
                    <MeasuredPanel state={state.clone()} />
                }
                <Charts state={state.clone()} />
            </main>
        </div>
    }
}
