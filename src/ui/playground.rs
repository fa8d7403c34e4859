//! The page: its state (opened from the address's permalink), the link to
//! the worker (`runner`), the address bar following the state (a history
//! entry of its own for a preset, a lesson or a chapter, as
//! `app::page::history` decides) and Back and Forward, and the layout: the full
//! playground, the compact embed (`embed`), or the presenter's speaker view
//! (`speaker`).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::address::{self, DebugFault, debug_fault, take_debug_fault};
use super::baseline::Baseline;
use super::charts::Charts;
use super::embed::Embed;
use super::form::ScenarioForm;
use super::guide::{self, LessonPanel, LessonsEntry, use_lesson_keys, use_stored_progress};
use super::handout::HandoutSheet;
use super::interrupted::Interrupted;
use super::measured_panel::MeasuredPanel;
use super::notice::LinkNotice;
use super::panic;
use super::presets_picker::PresetPicker;
use super::progress::Progress;
use super::replay::{ReplaySlot, ReplayStatus, prefers_reduced_motion};
use super::replicas::Replicas;
use super::runner::{Runner, use_runner};
use super::scenario_about::ScenarioAbout;
use super::share::ShareBar;
use super::speaker::{self, SpeakerPage, use_follow_speaker};
use super::summary::Summary;
use super::yours_panel::YoursPanel;
use crate::app::Link;
use crate::app::link::permalink::{Ignored, encode};
use crate::app::page::history::{Entry, entry};
use crate::app::replay::{ReplayRequest, Session};
use crate::app::show::form::control_id;
use crate::app::{Action, Mode, State};
use crate::i18n::keys::{self, Key, ui as words};

/// How long the address bar waits for the state to settle, ms.
const ADDRESS_DEBOUNCE_MS: u32 = 300;

/// What every page holds: its state (opened from the address), where
/// actions go, the worker (started at once, or on Run in an embed), and
/// what the opening link held that the page could not use.
struct Page {
    state: UseReducerHandle<State>,
    dispatch: Callback<Action>,
    runner: Runner,
    ignored: Vec<Ignored>,
    armed: UseStateHandle<bool>,
}

#[hook]
fn use_page() -> Page {
    let opened = use_memo((), |_| address::opened());
    let state = {
        let link = opened.link.clone();
        use_reducer(move || {
            let mut s = State::of_link(link);
            // An embed's link may name a lesson's chapter: it shows that one.
            if let Some(l) = s.view.lesson {
                s.reduce(guide::open(l));
            }
            s
        })
    };
    let armed = use_state(|| !state.view.embed || address::run_requested());
    let runner = use_runner(&state, *armed);
    let book = {
        let shown = opened.link.clone();
        use_mut_ref(move || AddressBook { shown, seen: None })
    };
    use_address(&state, &book);
    use_back_and_forward(&state, &book);
    use_effect_with(state.view.locale(), |l| address::apply_language(*l));
    // The room's large type; the speaker view is read up close.
    let presenter = state.view.presenter && !state.view.embed && !state.view.speaker;
    use_effect_with(presenter, |on| address::apply_presenter(*on));
    use_effect_with(state.view.theme, |theme| {
        let theme = *theme;
        address::apply_theme(theme);
        let follow = address::on_system_theme(move || address::apply_theme(theme));
        move || drop(follow)
    });
    use_effect_with((), |_| {
        // Only the page's own fault is taken here: a worker's stays in the
        // address until the worker is started (`runner`).
        let page_fault = matches!(debug_fault(), Some(DebugFault::PanicPage));
        let t = (page_fault && take_debug_fault().is_some()).then(|| {
            Timeout::new(300, || {
                panic!("debug fault: a panic on the page, on request")
            })
        });
        move || drop(t)
    });
    let dispatch = {
        let d = state.dispatcher();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    Page {
        state,
        dispatch,
        runner,
        ignored: opened.ignored.clone(),
        armed,
    }
}

/// The page as an embed: its state, worker and Run button.
fn embed_view(p: Page) -> Html {
    let on_run = {
        let armed = p.armed.clone();
        Callback::from(move |_| armed.set(true))
    };
    html! {
        <Embed state={p.state} dispatch={p.dispatch} runner={p.runner} armed={*p.armed} {on_run} ignored={p.ignored} />
    }
}

/// The playground (or an embed of it, when its link says `embed=1`).
#[component]
pub(crate) fn Playground() -> Html {
    let p = use_page();
    if p.state.view.embed {
        return embed_view(p);
    }
    if p.state.view.speaker {
        return html! { <SpeakerPage state={p.state} /> };
    }
    html! { <Full state={p.state} dispatch={p.dispatch} runner={p.runner} ignored={p.ignored} /> }
}

/// Only the embed (the lighter module an embed's page loads: nothing of the
/// full page is compiled into it).
#[component]
pub(crate) fn EmbedPage() -> Html {
    embed_view(use_page())
}

/// What the address bar holds and what the state last linked to.
struct AddressBook {
    /// The link in the address bar.
    shown: Link,
    /// The state's link the last time it changed (written or not yet);
    /// `None` before the page's first.
    seen: Option<Link>,
}

/// Keeps the address bar (and the error panel's details) on the state's
/// permalink: a new history entry at once for a step Back should undo
/// (`app::page::history::entry`), else the current entry rewritten once the
/// state has been still for a moment (a slider's drag writes once).
#[hook]
fn use_address(state: &UseReducerHandle<State>, book: &Rc<RefCell<AddressBook>>) {
    let link = state.link();
    let book = book.clone();
    use_effect_with(link, move |link| {
        let query = encode(link);
        panic::set_permalink(&address::permalink(&query));
        let timer = write_address(&book, link, query);
        move || drop(timer)
    });
}

/// Writes `link` (as `query`) into the address bar as [`use_address`]
/// says; the timer of a rewrite still to come, if any.
fn write_address(book: &Rc<RefCell<AddressBook>>, link: &Link, query: String) -> Option<Timeout> {
    let mut b = book.borrow_mut();
    let Some(seen) = b.seen.replace(link.clone()) else {
        // The opening address, as the page reads it: rewritten at once,
        // never a new entry (Back would come back to the same page).
        address::replace(&query);
        b.shown = link.clone();
        return None;
    };
    match entry(&b.shown, link) {
        Entry::Keep => None,
        Entry::Push => {
            // An edit not yet written belongs to the entry being left.
            if seen != b.shown {
                address::replace(&encode(&seen));
            }
            address::push(&query);
            b.shown = link.clone();
            None
        }
        Entry::Replace => {
            let (book, link) = (book.clone(), link.clone());
            Some(Timeout::new(ADDRESS_DEBOUNCE_MS, move || {
                address::replace(&query);
                book.borrow_mut().shown = link;
            }))
        }
    }
}

/// Back and Forward: the entry's address read as the page reads the one
/// it opens with, and the state brought to it.
#[hook]
fn use_back_and_forward(state: &UseReducerHandle<State>, book: &Rc<RefCell<AddressBook>>) {
    let (d, book) = (state.dispatcher(), book.clone());
    use_effect_with((), move |_| {
        let listener = address::on_history(move || {
            let link = address::opened().link;
            {
                let mut b = book.borrow_mut();
                b.shown = link.clone();
                b.seen = Some(link.clone());
            }
            d.dispatch(guide::reopen(link));
        });
        move || drop(listener)
    });
}

/// Properties of the full page and the embed.
#[derive(Properties, PartialEq)]
pub(crate) struct PageProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
    /// Where actions go.
    pub(crate) dispatch: Callback<Action>,
    /// The worker.
    pub(crate) runner: Runner,
    /// What the opening link held that the page could not use.
    pub(crate) ignored: Vec<Ignored>,
}

/// The full playground.
#[component]
fn Full(p: &PageProps) -> Html {
    let (state, dispatch) = (&p.state, &p.dispatch);
    use_stored_progress(state);
    use_lesson_keys(state, dispatch);
    use_follow_speaker(state);
    // (generation, start, elapsed) of the job on its way, for the progress line.
    let timing = use_mut_ref(|| (0u64, 0.0f64, None::<f64>));
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
        if t.0 != state.generation {
            *t = (state.generation, js_sys::Date::now(), None);
        }
        if r.done && t.0 == r.generation && t.2.is_none() {
            t.2 = Some(js_sys::Date::now() - t.1);
        }
        if t.0 == r.generation { t.2 } else { None }
    };
    let l = state.view.locale();
    let w = |k: Key| k.text(l, &[]);
    let tab = |to: Pane, id: &'static str, text: String| {
        html! {
            <button type="button" role="tab" {id} aria-selected={(*pane == to).to_string()}
                aria-controls={to.id()} onclick={show(to)}>{text}</button>
        }
    };
    let stale = state.stale();
    let (replay, on_replay, on_replay_close) = use_replay(state, &p.runner);
    let on_chapter_replay = {
        let (on_replay, state) = (on_replay.clone(), state.clone());
        Callback::from(move |_| {
            if state.chapter().is_some_and(|(_, c)| c.replay.is_some()) {
                on_replay.emit(ReplayOf::Chapter);
            }
        })
    };
    let handout = use_state(|| false);
    let on_handout = {
        let handout = handout.clone();
        Callback::from(move |_| handout.set(true))
    };
    let on_handout_close = {
        let handout = handout.clone();
        Callback::from(move |_| handout.set(false))
    };
    let replay_slot = html! {
        <ReplaySlot status={replay} locale={state.view.locale()} on_close={on_replay_close} />
    };
    html! {
        <div class={classes!("layout", pane.class(), state.view.presenter.then_some("presenter"))}>
            <a class="skip" href="#results" onclick={show(Pane::Results)}>{w(SKIP)}</a>
            <header class="top">
                <div class="brand">
                    <h1>{w(words::PAGE_BRAND)}</h1>
                    <p>{w(words::PAGE_TAGLINE)}</p>
                </div>
                <PresetPicker state={state.clone()} dispatch={dispatch.clone()} />
                <LessonsEntry state={state.clone()} dispatch={dispatch.clone()} />
                <Progress progress={r.progress} done={r.done && r.generation == state.generation}
                    events={r.events} blocked={!state.runnable()} interrupted={state.interrupted().is_some()} {elapsed_ms} generation={state.generation} locale={l}
                    waiting={state.awaiting_prediction().then(|| keys::GUIDE_WAITING.text(state.view.locale(), &[]))} />
                if state.view.presenter {
                    {guide::presenter_switch(state, dispatch, false)}
                    {speaker::open_button(state)}
                } else {
                    <ShareBar state={state.clone()} dispatch={dispatch.clone()} runner={p.runner.clone()} />
                }
            </header>
            <LinkNotice ignored={p.ignored.clone()} locale={l} />
            <nav class="tabs" role="tablist" aria-label={w(TABS)}>
                { tab(Pane::Results, "tab-results", w(RESULTS)) }
                { tab(Pane::Settings, "tab-settings", w(SETTINGS)) }
            </nav>
            <aside class="controls" id="settings" aria-label={w(words::PAGE_SCENARIO)}>
                if *settled {
                    <ScenarioForm state={state.clone()} dispatch={dispatch.clone()} />
                }
            </aside>
            if !state.errors.is_empty() {
                <div class="problems" role="alert">
                    <strong>{w(PROBLEMS)}</strong>
                    <ul>{ for state.problem_lines().into_iter().map(|(field, line)| html! {
                        <li><a href={format!("#{}", control_id(field, None))} onclick={show(Pane::Settings)}>{super::notice::pieces(line)}</a></li>
                    }) }</ul>
                </div>
            }
            <main class={classes!("results", stale.then_some("stale"))} id="results" tabindex="-1" aria-label={w(RESULTS)}>
                if *handout && state.lesson.is_some() {
                    // A new language is a new handout: its charts speak it too.
                    <HandoutSheet key={l.code()} state={state.clone()} on_close={on_handout_close} />
                }
                <LessonPanel state={state.clone()} dispatch={dispatch.clone()} on_replay={on_chapter_replay} {on_handout} />
                if stale { <p class="stale-note" role="status">{w(STALE)}</p> }
                if let Some(f) = &r.failure { <p class="warn">{f.text(l)}</p> }
                <Interrupted state={state.clone()} runner={p.runner.clone()} />
                if state.awaiting_prediction() {
                    <p class="guide-waiting" id="guide-waiting">{keys::GUIDE_WAITING.text(state.view.locale(), &[])}</p>
                    // The chapter's own replay may open before its prediction.
                    {replay_slot}
                } else {
                    <div class="dim">
                        <ScenarioAbout state={state.clone()} />
                        <Summary state={state.clone()} />
                        <Replicas state={state.clone()} />
                        <Baseline state={state.clone()} dispatch={dispatch.clone()} />
                        if *settled {
                            <MeasuredPanel state={state.clone()} />
                            <YoursPanel state={state.clone()} dispatch={dispatch.clone()} runner={p.runner.clone()} />
                        }
                        {replay_slot}
                        <Charts state={state.clone()} on_replay={on_replay.reform(ReplayOf::Column)} />
                    </div>
                }
            </main>
        </div>
    }
}

/// What a replay replays: a column of the scenario on the form (a
/// timeline's button), or of the open chapter's own scenario (its replay
/// button, which the learner may press before the chapter is loaded again).
#[derive(Clone, Copy, Debug, PartialEq)]
enum ReplayOf {
    Column(Mode),
    Chapter,
}

/// The replay on the page: where it stands, what opens one and what closes
/// it. A change of the scenario closes it: it replayed the scenario as it
/// was.
#[hook]
fn use_replay(
    state: &UseReducerHandle<State>,
    runner: &Runner,
) -> (ReplayStatus, Callback<ReplayOf>, Callback<()>) {
    let status = use_state(|| ReplayStatus::Closed);
    let next_id = use_mut_ref(|| 0u64);
    {
        let status = status.clone();
        use_effect_with(state.generation, move |_| status.set(ReplayStatus::Closed));
    }
    let on_replay = {
        let (status, state, runner) = (status.clone(), state.clone(), runner.clone());
        Callback::from(move |of: ReplayOf| {
            let id = {
                let mut n = next_id.borrow_mut();
                *n += 1;
                *n
            };
            let (request, columns) = match of {
                ReplayOf::Column(mode) => (
                    ReplayRequest::of(id, mode, &state.setup.draft_for(mode)),
                    state.setup.columns,
                ),
                ReplayOf::Chapter => {
                    let chapter = state.chapter().map(|(_, c)| c);
                    let (Some(r), Some(setup)) = (
                        chapter.and_then(|c| c.replay_request(id)),
                        chapter.and_then(|c| c.setup().ok()),
                    ) else {
                        return;
                    };
                    (r, setup.columns)
                }
            };
            let (mode, shrunk) = (request.mode, request.shrunk.clone());
            status.set(ReplayStatus::Recording);
            let status = status.clone();
            runner.replay(request, move |reply| {
                status.set(match reply {
                    Ok(replay) => ReplayStatus::Ready(std::rc::Rc::new(Session::new(
                        id,
                        mode,
                        columns,
                        *replay,
                        shrunk,
                        prefers_reduced_motion(),
                    ))),
                    Err(why) => ReplayStatus::Failed(why),
                })
            });
        })
    };
    let on_close = {
        let status = status.clone();
        Callback::from(move |_| status.set(ReplayStatus::Closed))
    };
    ((*status).clone(), on_replay, on_close)
}

const SKIP: Key = words::PAGE_SKIP;
const TABS: Key = words::PAGE_TABS;
const RESULTS: Key = words::PAGE_RESULTS;
const SETTINGS: Key = words::PAGE_SETTINGS;
const PROBLEMS: Key = words::PAGE_PROBLEMS;
const STALE: Key = words::PAGE_STALE;

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
