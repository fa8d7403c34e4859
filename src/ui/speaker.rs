//! The presenter's second window: binds `app::page::speaker` to the page.
//! Presenter mode's "Open speaker view" button (disabled, with the reason,
//! where the browser has no `BroadcastChannel`); the projector's window
//! listening on the channel and following every message that reads; and
//! the speaker view itself (`speaker=1`): the chapter's notes, what the
//! next click does, the clocks, the keys, and the lesson panel, whose every
//! step also goes out on the channel. Nothing leaves the machine: a
//! `BroadcastChannel` reaches only this origin's pages in this browser.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Interval;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{BroadcastChannel, MessageEvent};
use yew::prelude::*;

use super::address;
use super::guide::{
    LessonPanel, LessonsEntry, stored_progress, use_lesson_keys, use_stored_progress, with_flags,
};
use crate::app::link::permalink::encode;
use crate::app::page::speaker::{CHANNEL, Clocks, Message, SpeakerView, clock, speaker_link};
use crate::app::{Action, State};
use crate::i18n::keys::{self, Key};

/// The name of the speaker view's window: a second click brings the same
/// window back rather than opening another.
const WINDOW_NAME: &str = "threadlab-speaker";

/// Whether the browser has `BroadcastChannel`.
fn channel_available() -> bool {
    js_sys::Reflect::has(&js_sys::global(), &"BroadcastChannel".into()).unwrap_or(false)
}

/// The channel, listened to until dropped.
struct Listening {
    port: BroadcastChannel,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

impl Drop for Listening {
    fn drop(&mut self) {
        self.port.set_onmessage(None);
        self.port.close();
    }
}

/// Listens on the channel: `on` gets each message's text (what is not
/// text is not ours).
fn listen(on: impl Fn(String) + 'static) -> Option<Listening> {
    let port = BroadcastChannel::new(CHANNEL).ok()?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if let Some(text) = e.data().as_string() {
            on(text);
        }
    });
    port.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    Some(Listening {
        port,
        _on_message: on_message,
    })
}

/// Presenter mode's "Open speaker view": opens this page with `speaker=1`
/// in a window of its own; disabled, saying why, without a channel.
pub(crate) fn open_button(state: &State) -> Html {
    let l = state.view.locale();
    let word = |k: Key| k.text(l, &[]);
    if !channel_available() {
        return html! {
            <span class="speaker-open-box">
                <button type="button" id="speaker-open" class="presenter-toggle" disabled=true
                    aria-describedby="speaker-why">{word(keys::SPEAKER_OPEN)}</button>
                <span id="speaker-why" class="speaker-why">{word(keys::SPEAKER_UNAVAILABLE)}</span>
            </span>
        };
    }
    let url = address::permalink(&encode(&speaker_link(state.link())));
    let onclick = Callback::from(move |_| {
        let _ = gloo::utils::window().open_with_url_and_target(&url, WINDOW_NAME);
    });
    html! {
        <button type="button" id="speaker-open" class="presenter-toggle" {onclick}>
            {word(keys::SPEAKER_OPEN)}</button>
    }
}

/// The projector's window (presenter mode, not the speaker view) follows
/// the speaker view: every message that reads becomes the same step here.
#[hook]
pub(crate) fn use_follow_speaker(state: &UseReducerHandle<State>) {
    let v = &state.view;
    let projector = v.presenter && !v.speaker && !v.embed;
    let d = state.dispatcher();
    use_effect_with(projector, move |on| {
        let listening = on
            .then(|| {
                listen(move |text| {
                    let Some(m) = Message::read(&text) else {
                        return;
                    };
                    let stored = stored_progress(&m.lesson);
                    if let Some(a) = m.action(stored) {
                        d.dispatch(a);
                    }
                })
            })
            .flatten();
        move || drop(listening)
    });
}

/// Where the speaker view's actions go: to its own state, and each lesson
/// step also to the projector's window. One callback for the page's life
/// (the keys' listener keeps it), reading the state as last rendered.
#[hook]
fn use_speaker_dispatch(state: &UseReducerHandle<State>) -> Callback<Action> {
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    let send = use_memo((), move |_| {
        let port = BroadcastChannel::new(CHANNEL).ok();
        Callback::from(move |a: Action| {
            let state = latest.borrow().clone();
            if let (Some(port), Some(m)) = (&port, Message::of(&a, &state)) {
                let _ = port.post_message(&m.to_json().into());
            }
            state.dispatch(a);
        })
    });
    (*send).clone()
}

/// What the clock buttons do.
#[derive(Clone, Copy, PartialEq)]
enum ClockAction {
    StartOrPause,
    Reset,
}

/// The speaker view's clocks, read once a second while they run.
#[hook]
fn use_clocks(chapter: Option<usize>) -> (Clocks, Callback<ClockAction>) {
    let now = js_sys::Date::now;
    let clocks: Rc<RefCell<Clocks>> = use_mut_ref(|| Clocks::started(now(), chapter));
    let tick = use_state(|| 0u64);
    clocks.borrow_mut().at_chapter(chapter, now());
    let running = clocks.borrow().running();
    {
        let tick = tick.clone();
        use_effect_with(running, move |running| {
            let timer = running.then(|| {
                let tick = tick.clone();
                Interval::new(1000, move || tick.set(js_sys::Date::now() as u64))
            });
            move || drop(timer)
        });
    }
    let act = {
        let (clocks, tick) = (clocks.clone(), tick.clone());
        Callback::from(move |a: ClockAction| {
            let mut c = clocks.borrow_mut();
            match a {
                ClockAction::StartOrPause if c.running() => c.pause(now()),
                ClockAction::StartOrPause => c.start(now()),
                ClockAction::Reset => c.reset(now()),
            }
            tick.set(now() as u64);
        })
    };
    let c = *clocks.borrow();
    (c, act)
}

/// Properties of the speaker view.
#[derive(Properties, PartialEq)]
pub(crate) struct SpeakerProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
}

/// The speaker view: notes, the next click, the clocks and the keys
/// beside the lesson panel, whose steps the projector's window follows.
#[component]
pub(crate) fn SpeakerPage(p: &SpeakerProps) -> Html {
    let state = &p.state;
    let send = use_speaker_dispatch(state);
    use_stored_progress(state);
    use_lesson_keys(state, &send);
    let chapter = state.lesson.as_ref().map(|l| l.chapter);
    let (clocks, act) = use_clocks(chapter);
    let l = state.view.locale();
    let word = |k: Key| k.text(l, &[]);
    let view = SpeakerView::of(state);
    let now = js_sys::Date::now();
    let on = |a: ClockAction| act.reform(move |_: MouseEvent| a);
    let start_pause = if clocks.running() {
        keys::SPEAKER_PAUSE
    } else {
        keys::SPEAKER_START
    };
    html! {
        <div class="speaker-page" lang={l.code()}>
            <header class="speaker-top">
                <h1>{word(keys::SPEAKER_TITLE)}</h1>
                <p class="muted small">{word(keys::SPEAKER_FOLLOWS)}</p>
            </header>
            <main class="speaker-main" id="speaker">
                <div class="speaker-side">
                    if let Some(v) = &view {
                        <section class="speaker-notes" aria-labelledby="speaker-notes-title">
                            <p class="guide-where" id="speaker-place">{v.place.clone()}</p>
                            <h2 id="speaker-notes-title">{word(keys::SPEAKER_NOTES)}</h2>
                            <p class="speaker-chapter" id="speaker-chapter">{format!("{} · {}", v.title, v.step)}</p>
                            <p id="speaker-notes">{with_flags(&v.notes)}</p>
                        </section>
                        <section class="speaker-next" aria-labelledby="speaker-next-title">
                            <h2 id="speaker-next-title">{word(keys::SPEAKER_NEXT)}</h2>
                            <p id="speaker-next">{v.next.clone()}</p>
                        </section>
                    } else {
                        <p id="speaker-no-lesson">{word(keys::SPEAKER_NO_LESSON)}</p>
                        <LessonsEntry state={state.clone()} dispatch={send.clone()} />
                    }
                    <section class="speaker-timer" aria-labelledby="speaker-timer-title">
                        <h2 id="speaker-timer-title">{word(keys::SPEAKER_TIMER)}</h2>
                        <dl class="speaker-clocks">
                            <div><dt>{word(keys::SPEAKER_TALK)}</dt>
                                <dd id="speaker-talk">{clock(clocks.talk.elapsed(now))}</dd></div>
                            <div><dt>{word(keys::SPEAKER_CHAPTER)}</dt>
                                <dd id="speaker-chapter-clock">{clock(clocks.chapter.elapsed(now))}</dd></div>
                        </dl>
                        <p class="speaker-clock-buttons">
                            <button type="button" id="speaker-start-pause" onclick={on(ClockAction::StartOrPause)}>{word(start_pause)}</button>
                            <button type="button" id="speaker-reset" onclick={on(ClockAction::Reset)}>{word(keys::SPEAKER_RESET)}</button>
                        </p>
                    </section>
                    <section class="speaker-keys" aria-labelledby="speaker-keys-title">
                        <h2 id="speaker-keys-title">{word(keys::SPEAKER_KEYS)}</h2>
                        <p id="speaker-keys">{word(keys::GUIDE_KEYBOARD)}</p>
                    </section>
                </div>
                <LessonPanel state={state.clone()} dispatch={send} />
            </main>
        </div>
    }
}
