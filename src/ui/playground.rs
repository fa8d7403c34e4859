//! The page's layout and its link to the worker: every change of the
//! scenario becomes a job (debounced briefly); outputs of older jobs are
//! dropped by generation.

use gloo::timers::callback::Timeout;
use yew::prelude::*;
use yew_agent::reactor::{ReactorEvent, use_reactor_bridge};

use super::baseline::Baseline;
use super::charts::Charts;
use super::form::ScenarioForm;
use super::measured_panel::MeasuredPanel;
use super::presets_picker::PresetPicker;
use super::progress::Progress;
use super::scenario_about::ScenarioAbout;
use super::summary::Summary;
use super::worker::SimReactor;
use crate::app::form::control_id;
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
    // Which half a narrow screen shows: the results or the settings.
    let pane = use_state(|| Pane::Results);
    let show = |to: Pane| {
        let pane = pane.clone();
        Callback::from(move |_| {
            pane.set(to);
            scroll_to_tabs();
        })
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
    let tab = |to: Pane, id: &'static str, text: &'static str| {
        html! {
            <button type="button" role="tab" {id} aria-selected={(*pane == to).to_string()}
                aria-controls={to.id()} onclick={show(to)}>{text}</button>
        }
    };
    let stale = state.stale();
    html! {
        <div class={classes!("layout", pane.class())}>
            <a class="skip" href="#results" onclick={show(Pane::Results)}>{SKIP}</a>
            <header class="top">
                <div class="brand">
                    <h1>{"threadlab"}</h1>
                    <p>{"Why virtual threads change how a Spring Boot service behaves under load — simulated event by event, beside real measurements."}</p>
                </div>
                <PresetPicker state={state.clone()} dispatch={dispatch.clone()} />
                <Progress progress={r.progress} done={r.done && r.generation == state.generation}
                    events={r.events} blocked={!state.runnable()} {elapsed_ms} generation={state.generation} />
            </header>
            <nav class="tabs" role="tablist" aria-label={TABS}>
                { tab(Pane::Results, "tab-results", RESULTS) }
                { tab(Pane::Settings, "tab-settings", SETTINGS) }
            </nav>
            <aside class="controls" id="settings" aria-label="scenario">
                if *settled {
                    <ScenarioForm state={state.clone()} dispatch={dispatch.clone()} />
                }
            </aside>
            if !state.errors.is_empty() {
                <div class="problems" role="alert">
                    <strong>{PROBLEMS}</strong>
                    <ul>{ for state.errors.iter().map(|e| html! {
                        <li><a href={format!("#{}", control_id(&e.field, None))} onclick={show(Pane::Settings)}>{e.to_string()}</a></li>
                    }) }</ul>
                </div>
            }
            <main class={classes!("results", stale.then_some("stale"))} id="results" tabindex="-1" aria-label={RESULTS}>
                if stale { <p class="stale-note" role="status">{STALE}</p> }
                if let Some(f) = &r.failure { <p class="warn">{f.clone()}</p> }
                <div class="dim">
                    <ScenarioAbout state={state.clone()} />
                    <Summary state={state.clone()} />
                    <Baseline state={state.clone()} dispatch={dispatch.clone()} />
                    if *settled {
                        <MeasuredPanel state={state.clone()} />
                    }
                    <Charts state={state.clone()} />
                </div>
            </main>
        </div>
    }
}

const SKIP: &str = "Skip to the results";
const TABS: &str = "results or settings";
const RESULTS: &str = "Results";
const SETTINGS: &str = "Settings";
const PROBLEMS: &str = "Not simulated — fix these first:";
const STALE: &str = "Stale: these results are from before your last change. Fix the highlighted field to simulate again.";

/// Brings the tabs to the top of the window when the page is scrolled past
/// them, so the half just chosen shows from its start.
fn scroll_to_tabs() {
    let window = gloo::utils::window();
    let Some(tabs) = gloo::utils::document().get_element_by_id("tab-results") else {
        return;
    };
    let Some(header) = gloo::utils::document()
        .query_selector(".top")
        .ok()
        .flatten()
    else {
        return;
    };
    // The tabs are sticky: where they start is where the header ends.
    let below = header.get_bounding_client_rect().bottom();
    let scrolled = window.scroll_y().unwrap_or(0.0);
    if tabs.get_bounding_client_rect().top() <= 0.5 && below < 0.0 {
        window.scroll_to_with_x_and_y(0.0, scrolled + below);
    }
}

/// The half of the page a narrow screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pane {
    Results,
    Settings,
}

impl Pane {
    /// The layout's class for it (CSS hides the other half on a phone).
    fn class(self) -> &'static str {
        match self {
            Pane::Results => "pane-results",
            Pane::Settings => "pane-settings",
        }
    }

    /// The id of the half it shows.
    fn id(self) -> &'static str {
        match self {
            Pane::Results => "results",
            Pane::Settings => "settings",
        }
    }
}
