//! The playground as a blog post embeds it (`?embed=1`): compact chrome, the
//! scenario summarised with a Run button until the reader clicks it (five
//! embeds in a post start no simulation at load), then the controls the
//! link chose, the key numbers and the charts it chose. It reports its
//! height to the page around it and takes only the documented theme message
//! from it (`crate::app::share::embed`).

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, ResizeObserver};
use yew::prelude::*;

use super::address;
use super::charts::Charts;
use super::form::field;
use super::guide::{LessonPanel, use_stored_progress};
use super::interrupted::Interrupted;
use super::notice::LinkNotice;
use super::progress::Progress;
use super::runner::Runner;
use super::summary::Summary;
use crate::app::link::permalink::{Ignored, encode};
use crate::app::page::guide::chapter_page;
use crate::app::share::embed::{
    MESSAGE_WORD_MAX, MessageShape, ParentMessage, Summary as Static, height_message,
    parent_message, scenario_page,
};
use crate::app::show::form::Notes;
use crate::app::{Action, Mode, State};
use crate::i18n::keys::{Key, ui as words};

/// Properties of [`Embed`].
#[derive(Properties, PartialEq)]
pub(crate) struct EmbedProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
    /// Where actions go.
    pub(crate) dispatch: Callback<Action>,
    /// The worker (started on Run).
    pub(crate) runner: Runner,
    /// Whether the reader has clicked Run.
    pub(crate) armed: bool,
    /// Run clicked.
    pub(crate) on_run: Callback<()>,
    /// What the link held that the page could not use.
    pub(crate) ignored: Vec<Ignored>,
}

/// The link to the same scenario on the full page (a chapter's embed: to
/// the lesson at that chapter).
fn full_page_url(state: &State) -> String {
    if let Some(chapter) = chapter_page(state) {
        return address::permalink(&encode(&chapter));
    }
    address::permalink(&encode(&scenario_page(state)))
}

/// The embed.
#[component]
pub(crate) fn Embed(p: &EmbedProps) -> Html {
    let root = use_node_ref();
    use_height_reports(&root);
    use_parent_messages(&p.state, &p.dispatch);
    use_stored_progress(&p.state);
    let s = &p.state;
    let l = s.view.locale();
    let w = |k: Key| k.text(l, &[]);
    let mut summary = Static::of(&s.setup, l);
    let r = &s.results;
    // A lesson's chapter: the lesson's title above the chapter's panel.
    let chapter = s.chapter().map(|(l, _)| l.title(s.view.locale()));
    if let Some(t) = &chapter {
        summary.title = t.clone();
    }
    html! {
        <main class="embed" id="embed" ref={root}>
            <header class="embed-top">
                <span class="embed-brand">{w(words::PAGE_BRAND)}</span>
                <h1 class="embed-title">{summary.title.clone()}</h1>
                <a class="embed-open" href={full_page_url(s)} target="_blank" rel="noopener">{w(words::EMBED_OPEN)}</a>
            </header>
            <LinkNotice ignored={p.ignored.clone()} locale={l} />
            if chapter.is_some() {
                <LessonPanel state={s.clone()} dispatch={p.dispatch.clone()} on_run={p.on_run.clone()} />
            }
            if chapter.is_some() && (!p.armed || s.awaiting_prediction()) {
                // Its results show once its reader has predicted and run it.
            } else if !p.armed {
                <section class="embed-static" id="embed-static">
                    if !summary.about.is_empty() { <p class="about">{summary.about.clone()}</p> }
                    if !summary.changes.is_empty() {
                        <ul class="changes">
                            { for summary.changes.iter().map(|(k, v)| html! { <li><code>{k.clone()}</code>{" = "}<code>{v.clone()}</code></li> }) }
                        </ul>
                    }
                    <button type="button" class="run" id="embed-run" onclick={p.on_run.reform(|_| ())}>{w(words::EMBED_RUN)}</button>
                    <p class="muted small">{w(words::EMBED_LOCAL)}</p>
                </section>
            } else {
                {controls(p)}
                <Progress progress={r.progress} done={r.done && r.generation == s.generation}
                    events={r.events} blocked={!s.runnable()} interrupted={s.interrupted().is_some()} locale={l} />
                if !s.errors.is_empty() {
                    <div class="problems" role="alert">
                        <ul>{ for s.problem_lines().into_iter().map(|(_, line)| html! { <li>{super::notice::pieces(line)}</li> }) }</ul>
                    </div>
                }
                if let Some(why) = &p.runner.unavailable { <p class="warn">{why.clone()}</p> }
                <Interrupted state={s.clone()} runner={p.runner.clone()} />
                <Summary state={s.clone()} />
                <Charts state={s.clone()} />
            }
        </main>
    }
}

/// The controls the link chose: editable ones as form fields, locked ones
/// as their values.
fn controls(p: &EmbedProps) -> Html {
    let keys = p.state.view.embed_controls();
    if keys.is_empty() {
        return html! {};
    }
    let setup = &p.state.setup;
    let l = p.state.view.locale();
    let on_edit = {
        let d = p.dispatch.clone();
        Callback::from(move |(mode, key, text): (Option<Mode>, String, String)| {
            d.emit(Action::Edit { mode, key, text })
        })
    };
    let notes = Notes::of(setup);
    let item = |(key, locked): &(String, bool)| {
        if *locked {
            let text = setup.text(None, key).unwrap_or_default();
            return html! {
                <div class="locked"><code>{key.clone()}</code>{" = "}<code>{if text.is_empty() { words::SETTING_DEFAULT_CHOICE.text(l, &[]) } else { text }}</code></div>
            };
        }
        field(&p.state, &notes, key.clone(), &on_edit)
    };
    html! { <section class="embed-controls" aria-label={words::PAGE_SCENARIO.text(l, &[])}>{ for keys.iter().map(item) }</section> }
}

/// Posts the embed's height to the parent page whenever it changes.
#[hook]
fn use_height_reports(root: &NodeRef) {
    let root = root.clone();
    use_effect_with((), move |_| {
        let parent = address::framed()
            .then(|| gloo::utils::window().parent().ok().flatten())
            .flatten();
        let mut last = 0.0f64;
        let el = root.cast::<web_sys::HtmlElement>();
        let measured = el.clone();
        let report = Closure::<dyn FnMut()>::new(move || {
            let (Some(parent), Some(el)) = (&parent, &measured) else {
                return;
            };
            // The embed's own height: the document's is never below the
            // iframe's, so it could not shrink.
            let h = el.offset_height() as f64;
            if (h - last).abs() >= 1.0 {
                last = h;
                let data = js_sys::JSON::parse(&height_message(h)).unwrap_or(JsValue::NULL);
                let _ = parent.post_message(&data, "*");
            }
        });
        let observer = ResizeObserver::new(report.as_ref().unchecked_ref()).ok();
        if let (Some(o), Some(el)) = (&observer, &el) {
            o.observe(el);
        }
        move || {
            if let Some(o) = observer {
                o.disconnect();
            }
            drop(report);
        }
    });
}

/// Takes the theme message from the parent page; ignores anything else.
/// The source is checked before the message's data is touched (the
/// browser copies a message's data out on its first read), and the data is
/// then read field by field, never serialised: a large message from any
/// other window costs the embed nothing.
#[hook]
fn use_parent_messages(state: &UseReducerHandle<State>, dispatch: &Callback<Action>) {
    let view = use_mut_ref(|| state.view.clone());
    *view.borrow_mut() = state.view.clone();
    let dispatch = dispatch.clone();
    use_effect_with((), move |_| {
        let window = gloo::utils::window();
        let parent = window.parent().ok().flatten();
        let listener = EventListener::new(&window, "message", move |e| {
            let e: &MessageEvent = e.unchecked_ref();
            let from_parent = match (e.source(), &parent) {
                (Some(s), Some(p)) => js_sys::Object::is(&s, p),
                _ => false,
            };
            if !from_parent {
                return;
            }
            let Some(shape) = message_shape(&e.data()) else {
                return;
            };
            if let Ok(ParentMessage::Theme(theme)) = parent_message(&shape) {
                let mut v = view.borrow().clone();
                v.theme = theme;
                dispatch.emit(Action::SetView(v));
            }
        });
        move || drop(listener)
    });
}

/// The parts of a message `parent_message` judges, read without copying
/// anything large: `None` unless it is a plain object (not an array) of at
/// most three own keys.
fn message_shape(data: &JsValue) -> Option<MessageShape> {
    if !data.is_object() || js_sys::Array::is_array(data) {
        return None;
    }
    let object: &js_sys::Object = data.unchecked_ref();
    let keys = js_sys::Object::keys(object);
    if keys.length() > 3 {
        return None;
    }
    let get = |k: &str| js_sys::Reflect::get(data, &JsValue::from_str(k)).ok();
    // A string is copied out only when it is short.
    let word = |k: &str| {
        get(k)
            .and_then(|v| v.dyn_into::<js_sys::JsString>().ok())
            .filter(|s| s.length() as usize <= MESSAGE_WORD_MAX)
            .and_then(|s| s.as_string())
    };
    Some(MessageShape {
        keys: keys.iter().filter_map(|k| k.as_string()).collect(),
        threadlab: get("threadlab").and_then(|v| v.as_f64()),
        kind: word("type"),
        theme: word("theme"),
    })
}
