//! The replay panel: binds `app::replay::Session` and its `StageView` to
//! the page — the controls (play, pause, step, speed; a stepper only under
//! `prefers-reduced-motion`), the slider, the lanes of threads and carriers,
//! the queues, the step in words (`aria-live`), and the followed request's
//! journey. The recording comes from the worker (`runner::Runner::replay`);
//! nothing here simulates.

use std::rc::Rc;

use gloo::timers::callback::Interval;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::app::replay::{
    Chip, JourneyRow, Lane, LaneGroup, PlayerAction, Queue, Session, SessionAction, StageView,
};
use crate::i18n::Locale;
use crate::i18n::keys::{self, Key};

/// Real time between two ticks of a playing replay, ms.
const TICK_MS: u32 = 50;

/// Whether the visitor asked for reduced motion.
pub(crate) fn prefers_reduced_motion() -> bool {
    gloo::utils::window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

impl Reducible for Session {
    type Action = SessionAction;

    fn reduce(self: Rc<Self>, action: SessionAction) -> Rc<Self> {
        let mut next = Rc::unwrap_or_clone(self);
        next.act(action);
        Rc::new(next)
    }
}

/// Where the replay stands on the page.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ReplayStatus {
    /// No replay.
    Closed,
    /// The worker records it.
    Recording,
    /// It could not be recorded: why.
    Failed(String),
    /// Recorded.
    Ready(Rc<Session>),
}

/// Properties of [`ReplaySlot`].
#[derive(Properties, PartialEq)]
pub(crate) struct SlotProps {
    /// Where the replay stands.
    pub(crate) status: ReplayStatus,
    /// The page's language.
    pub(crate) locale: Locale,
    /// Closes it.
    pub(crate) on_close: Callback<()>,
}

/// The replay's place on the page: nothing, a line while it records or
/// why it failed, or the panel.
#[component]
pub(crate) fn ReplaySlot(p: &SlotProps) -> Html {
    let l = p.locale;
    let close = {
        let c = p.on_close.clone();
        Callback::from(move |_| c.emit(()))
    };
    match &p.status {
        ReplayStatus::Closed => Html::default(),
        ReplayStatus::Recording => html! {
            <p class="replay-status" id="replay-status" role="status">{keys::REPLAY_LOADING.text(l, &[])}</p>
        },
        ReplayStatus::Failed(why) => html! {
            <p class="warn replay-status" id="replay-status" role="alert">
                {keys::REPLAY_ERROR.text(l, &[("why", crate::i18n::Arg::Text(
                    // The worker names its own refusals by key (it has no
                    // page to read the language from); other text stays.
                    crate::i18n::text(l, why, &[])))])}
                {" "}<button type="button" class="chip" onclick={close}>{keys::REPLAY_CLOSE.text(l, &[])}</button>
            </p>
        },
        ReplayStatus::Ready(s) => html! {
            <ReplayPanel key={s.id.to_string()} session={s.clone()} locale={l} on_close={p.on_close.clone()} />
        },
    }
}

/// Properties of [`ReplayPanel`].
#[derive(Properties, PartialEq)]
pub(crate) struct PanelProps {
    /// The recording as it arrived.
    pub(crate) session: Rc<Session>,
    /// The page's language.
    pub(crate) locale: Locale,
    /// Closes it.
    pub(crate) on_close: Callback<()>,
}

/// The replay panel.
#[component]
pub(crate) fn ReplayPanel(p: &PanelProps) -> Html {
    let s = {
        let first = p.session.clone();
        use_reducer(move || (*first).clone())
    };
    use_ticks(&s);
    {
        // Brings the panel into view and gives it the focus when it opens.
        use_effect_with((), |_| {
            if let Some(e) = gloo::utils::document().get_element_by_id("replay") {
                e.scroll_into_view();
                if let Ok(h) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e) {
                    let _ = h.focus();
                }
            }
        });
    }
    let l = p.locale;
    let v = s.view(l);
    let word = |k: Key| k.text(l, &[]);
    let act = |a: SessionAction| {
        let d = s.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(a))
    };
    let player = |a: PlayerAction| act(SessionAction::Player(a));
    let on_scrub = {
        let d = s.dispatcher();
        Callback::from(move |e: InputEvent| {
            let n = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(n) = n.parse::<usize>() {
                d.dispatch(SessionAction::ToInstant(n));
            }
        })
    };
    let on_follow = {
        let d = s.dispatcher();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            d.dispatch(SessionAction::Select(v.parse::<usize>().ok()));
        })
    };
    let select = |c: &Chip| act(SessionAction::Select(Some(c.request)));
    let close = {
        let c = p.on_close.clone();
        Callback::from(move |_| c.emit(()))
    };
    // ← → on the panel's buttons step the replay (and nothing else: a
    // lesson's keys leave them to it).
    let on_key = {
        let d = s.dispatcher();
        Callback::from(move |e: KeyboardEvent| {
            let tag = e
                .target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
                .map(|el| el.tag_name())
                .unwrap_or_default();
            let modified = e.ctrl_key() || e.alt_key() || e.meta_key() || e.shift_key();
            if let Some(a) = PlayerAction::of_key(&e.key(), &tag).filter(|_| !modified) {
                e.prevent_default();
                d.dispatch(SessionAction::Player(a));
            }
        })
    };
    let followed = s.selected;
    html! {
        <section class="replay" id="replay" tabindex="-1" aria-labelledby="replay-title" lang={l.code()} onkeydown={on_key}>
            <header class="replay-top">
                <h2 id="replay-title">{v.title.clone()}</h2>
                <button type="button" class="replay-close" id="replay-close" onclick={close}>{word(keys::REPLAY_CLOSE)}</button>
            </header>
            <p class="replay-note" id="replay-note">{v.note.clone()}</p>
            if v.reduced_motion {
                <p class="replay-reduced" id="replay-reduced">{word(keys::REPLAY_REDUCED)}</p>
            }
            <div class="replay-controls" role="group" aria-label={word(keys::REPLAY_SCRUB)}>
                if !v.reduced_motion {
                    if v.playing {
                        <button type="button" id="replay-play" class="replay-main" onclick={player(PlayerAction::Pause)}>{format!("⏸ {}", word(keys::REPLAY_PAUSE))}</button>
                    } else {
                        <button type="button" id="replay-play" class="replay-main" onclick={player(PlayerAction::Play)} disabled={!v.can_forward}>{format!("▶ {}", word(keys::REPLAY_PLAY))}</button>
                    }
                }
                <button type="button" id="replay-back" onclick={player(PlayerAction::StepBack)} disabled={!v.can_back}>{format!("← {}", word(keys::REPLAY_BACK))}</button>
                <button type="button" id="replay-forward" onclick={player(PlayerAction::StepForward)} disabled={!v.can_forward}>{format!("{} →", word(keys::REPLAY_FORWARD))}</button>
                if !v.reduced_motion {
                    <span class="replay-speed">
                        <button type="button" id="replay-slower" onclick={player(PlayerAction::Slower)} disabled={!v.can_slower}>{word(keys::REPLAY_SLOWER)}</button>
                        <span id="replay-speed">{v.speed.clone()}</span>
                        <button type="button" id="replay-faster" onclick={player(PlayerAction::Faster)} disabled={!v.can_faster}>{word(keys::REPLAY_FASTER)}</button>
                    </span>
                }
            </div>
            <p class="replay-scrub">
                <label for="replay-scrub">{word(keys::REPLAY_SCRUB)}</label>
                <input type="range" id="replay-scrub" min="0" max={v.last.to_string()} step="1"
                    value={v.position.to_string()} aria-valuetext={v.time.clone()} oninput={on_scrub} />
                <span id="replay-time" class="replay-time">{v.time.clone()}</span>
            </p>
            // Spoken when it changes, but not many times a second while playing.
            <p class="replay-step" id="replay-step" aria-live={if v.playing { "off" } else { "polite" }}>{v.step.clone()}</p>
            <p class="replay-follow">
                <label for="replay-follow">{word(keys::REPLAY_FOLLOW)}</label>
                <select id="replay-follow" onchange={on_follow}>
                    <option value="" selected={followed.is_none()}>{word(keys::REPLAY_FOLLOW_NONE)}</option>
                    { for v.requests.iter().map(|(a, name)| html! {
                        <option value={a.to_string()} selected={followed == Some(*a)}>{name.clone()}</option>
                    }) }
                </select>
                <span class="muted small">{word(keys::REPLAY_FOLLOW_HINT)}</span>
            </p>
            <div class="replay-stage" role="group" aria-label={word(keys::REPLAY_STAGE)}>
                <div class="replay-lanes">{ for v.groups.iter().map(|g| lane_group(g, l, &select)) }</div>
                <div class="replay-queues">{ for v.queues.iter().map(|q| queue(q, l, &select)) }</div>
            </div>
            { journey(&v, l, &s.dispatcher()) }
        </section>
    }
}

/// Ticks a playing replay every [`TICK_MS`] with the real time elapsed.
#[hook]
fn use_ticks(s: &UseReducerHandle<Session>) {
    let playing = s.player.playing && !s.player.reduced_motion;
    let d = s.dispatcher();
    use_effect_with(playing, move |playing| {
        let interval = playing.then(|| {
            let mut last = js_sys::Date::now();
            Interval::new(TICK_MS, move || {
                let now = js_sys::Date::now();
                d.dispatch(SessionAction::Tick(now - last));
                last = now;
            })
        });
        move || drop(interval)
    });
}

/// An actor: its name and, on a lane, its state in words; a button that
/// follows its request.
fn chip(c: &Chip, with_words: bool, select: &dyn Fn(&Chip) -> Callback<MouseEvent>) -> Html {
    html! {
        <button type="button" class={classes!("actor", c.kind.class(), c.followed.then_some("followed"))}
            data-actor={c.name.clone()} aria-pressed={c.followed.to_string()}
            aria-label={format!("{}: {}", c.name, c.words)} onclick={select(c)}>
            <span class="actor-name">{c.name.clone()}</span>
            if with_words { <span class="actor-state">{c.words.clone()}</span> }
        </button>
    }
}

fn lane_group(g: &LaneGroup, l: Locale, select: &dyn Fn(&Chip) -> Callback<MouseEvent>) -> Html {
    let lane = |lane: &Lane| {
        html! {
            <li class={classes!("lane", lane.on_journey.then_some("on-journey"))}>
                <span class="lane-name">{lane.name.clone()}</span>
                if let Some(c) = &lane.chip {
                    { chip(c, true, select) }
                } else {
                    <span class="lane-idle">{keys::REPLAY_IDLE.text(l, &[])}</span>
                }
            </li>
        }
    };
    html! {
        <section class="lane-group">
            <h3>{g.title.clone()}</h3>
            <ul class="lanes">{ for g.lanes.iter().map(lane) }</ul>
        </section>
    }
}

fn queue(q: &Queue, l: Locale, select: &dyn Fn(&Chip) -> Callback<MouseEvent>) -> Html {
    let count = q.chips.len().max(q.chips.len() + q.more);
    html! {
        <section class={classes!("queue", q.on_journey.then_some("on-journey"))} id={format!("replay-queue-{}", q.id.id())}>
            <h3>{q.title.clone()}{format!(" ({count})")}</h3>
            if q.chips.is_empty() {
                <p class="lane-idle">{keys::REPLAY_EMPTY.text(l, &[])}</p>
            } else {
                <ul class="queue-chips">
                    { for q.chips.iter().map(|c| html! { <li>{chip(c, false, select)}</li> }) }
                    if let Some(m) = &q.more_words { <li class="more">{m.clone()}</li> }
                </ul>
            }
        </section>
    }
}

/// The followed request's journey, or how to follow one.
fn journey(v: &StageView, l: Locale, d: &UseReducerDispatcher<Session>) -> Html {
    let Some((who, rows)) = &v.journey else {
        return Html::default();
    };
    let row = |r: &JourneyRow| {
        let onclick = {
            let (d, at) = (d.clone(), r.from);
            Callback::from(move |_: MouseEvent| {
                d.dispatch(SessionAction::Player(PlayerAction::Scrub(at)))
            })
        };
        html! {
            <li class={classes!(r.kind.class(), r.current.then_some("current"))}
                aria-current={r.current.then_some("step")}>
                <span class="when">{r.when.clone()}</span>
                <span class="who">{r.who.clone()}</span>
                <span class="what">{r.what.clone()}</span>
                if r.current { <strong class="now">{keys::REPLAY_NOW.text(l, &[])}</strong> }
                <button type="button" class="chip" {onclick}>{keys::REPLAY_GO_TO.text(l, &[])}</button>
            </li>
        }
    };
    html! {
        <section class="replay-journey" id="replay-journey">
            <h3>{keys::REPLAY_JOURNEY.text(l, &[("who", crate::i18n::Arg::Text(who.clone()))])}</h3>
            <ol>{ for rows.iter().map(row) }</ol>
        </section>
    }
}
