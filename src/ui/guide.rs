//! The lesson panel: binds `app::page::guide::GuideView` to the page (the
//! chapter's words, the question's input, Run, the prediction beside the
//! result, what to notice, the "now try" buttons, back and next), the keys
//! that step through a lesson, "Print handout", the page's "Lessons" entry, and the
//! learner's progress in local storage (nothing leaves the browser).

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

use super::chart_figure::ChartFigure;
use super::room::TallyFields;
use crate::app::basis::format::{TextPart, text_parts};
use crate::app::lesson::{LessonAction, LessonLink, Prediction, Verdict, lessons};
use crate::app::page::guide::{GuideView, Input, key_action, progress_to_keep, storage_key};
use crate::app::page::state::GuideAction;
use crate::app::{Action, State};
use crate::i18n::Locale;
use crate::i18n::keys::{self, Key};

/// What local storage holds under `key`, if it can be read.
fn stored(key: &str) -> Option<String> {
    gloo::utils::window()
        .local_storage()
        .ok()
        .flatten()?
        .get_item(key)
        .ok()
        .flatten()
}

/// Keeps `text` under `key` in local storage (a page whose storage is
/// off or full keeps the progress for this visit only).
fn store(key: &str, text: &str) {
    if let Ok(Some(s)) = gloo::utils::window().local_storage() {
        let _ = s.set_item(key, text);
    }
}

/// The progress local storage holds for lesson `id`, if any.
pub(crate) fn stored_progress(id: &str) -> Option<String> {
    stored(&storage_key(id))
}

/// The action that opens `link` with the learner's stored progress.
pub(crate) fn open(link: LessonLink) -> Action {
    Action::Guide(GuideAction::Open {
        link,
        stored: stored(&storage_key(link.lesson)),
    })
}

/// The action that brings the page to the history entry whose address
/// reads as `link` (Back or Forward), with the progress stored for its
/// lesson, as [`open`] does for the link the page opens with.
pub(crate) fn reopen(link: crate::app::Link) -> Action {
    let stored = (link.view.lesson).and_then(|l| stored(&storage_key(l.lesson)));
    crate::app::page::history::reopen(link, stored)
}

/// Keeps the learner's progress in local storage as it changes (an
/// embed's only once its reader has answered: `progress_to_keep`).
#[hook]
pub(crate) fn use_stored_progress(state: &UseReducerHandle<State>) {
    use_effect_with(progress_to_keep(state), |kept| {
        if let Some((key, json)) = kept {
            store(key, json);
        }
    });
}

/// → and space go on, ← back, while a lesson is open (unless the element
/// with focus takes the key); the steps go to `dispatch` (the speaker
/// view's also tells the projector's window).
#[hook]
pub(crate) fn use_lesson_keys(state: &UseReducerHandle<State>, dispatch: &Callback<Action>) {
    let open = state.lesson.is_some();
    let d = dispatch.clone();
    use_effect_with(open, move |open| {
        let listener = open.then(|| {
            // Not passive: a step's space must not also scroll the page.
            let options = gloo::events::EventListenerOptions::enable_prevent_default();
            let document = gloo::utils::document();
            gloo::events::EventListener::new_with_options(&document, "keydown", options, move |e| {
                let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                let target = k.target().and_then(|t| t.dyn_into::<Element>().ok());
                let tag = target.as_ref().map(focus_kind).unwrap_or_default();
                // A replay's panel or button keeps its keys; so does a
                // control that took the key already (a chart's points).
                let within = |el: &Element, selector: &str| el.closest(selector).ok().flatten();
                let in_replay = target.is_some_and(|el| {
                    within(&el, ".replay")
                        .or_else(|| within(&el, ".replay-open"))
                        .is_some()
                });
                let kept = in_replay || k.default_prevented();
                let modified = k.ctrl_key() || k.alt_key() || k.meta_key() || k.shift_key();
                if let Some(a) = key_action(&k.key(), &tag, modified, kept) {
                    k.prevent_default();
                    d.emit(Action::Guide(GuideAction::Step(a)));
                }
            })
        });
        move || drop(listener)
    });
}

/// What `key_action` is told of the element with focus: its tag, or
/// `range` for a slider (which moves by Page Up and Page Down).
fn focus_kind(el: &Element) -> String {
    let range = el.tag_name().eq_ignore_ascii_case("input")
        && el
            .get_attribute("type")
            .is_some_and(|t| t.eq_ignore_ascii_case("range"));
    if range {
        "range".to_string()
    } else {
        el.tag_name()
    }
}

/// Scrolls the element `id` to the top of the window: smoothly, unless the
/// visitor asked for reduced motion.
pub(crate) fn scroll_to_top_of_view(id: &str) {
    let Some(el) = gloo::utils::document().get_element_by_id(id) else {
        return;
    };
    let behavior = if super::replay::prefers_reduced_motion() {
        "auto"
    } else {
        "smooth"
    };
    let options = js_sys::Object::new();
    let set = |k: &str, v: &str| js_sys::Reflect::set(&options, &k.into(), &v.into());
    let _ = set("behavior", behavior).and_then(|_| set("block", "start"));
    let scroll = js_sys::Reflect::get(&el, &"scrollIntoView".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(f) = scroll {
        let _ = f.call1(&el, &options);
    }
}

/// Brings the verdict (and the chart beside it) into view when the
/// chapter's run has answered: at a projector the answer would otherwise
/// land below the fold.
#[hook]
fn use_verdict_in_view(running: bool, answered: bool) {
    let was_running = use_mut_ref(|| false);
    use_effect_with((running, answered), move |&(running, answered)| {
        let ran = *was_running.borrow();
        if ran && !running && answered {
            scroll_to_top_of_view("guide-result");
        }
        *was_running.borrow_mut() = running;
    });
}

/// Properties of the panel and the entry.
#[derive(Properties, PartialEq)]
pub(crate) struct GuideProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
    /// Where actions go.
    pub(crate) dispatch: Callback<Action>,
    /// Also told when the chapter's Run is pressed (an embed starts its
    /// simulation worker then).
    #[prop_or_default]
    pub(crate) on_run: Option<Callback<()>>,
    /// Opens the chapter's replay (the full page; an embed has none).
    #[prop_or_default]
    pub(crate) on_replay: Option<Callback<()>>,
    /// Opens the lesson's handout to print (the full page; an embed has
    /// none).
    #[prop_or_default]
    pub(crate) on_handout: Option<Callback<()>>,
}

/// The page's "Lessons" entry: opens the first lesson at its first chapter.
#[component]
pub(crate) fn LessonsEntry(p: &GuideProps) -> Html {
    let locale = p.state.view.locale();
    let Some(first) = lessons().first() else {
        return Html::default();
    };
    let onclick = {
        let d = p.dispatch.clone();
        let lesson = first.id.as_str();
        Callback::from(move |_| d.emit(open(LessonLink { lesson, chapter: 0 })))
    };
    html! {
        <button type="button" id="open-lessons" class="lessons-entry" {onclick}
            title={first.title(locale)}>{keys::GUIDE_LESSONS.text(locale, &[])}</button>
    }
}

/// Presenter mode's switch: "Presenter mode" (`on`) in the share bar, or
/// the way out that replaces the share bar in presenter mode.
pub(crate) fn presenter_switch(state: &State, dispatch: &Callback<Action>, on: bool) -> Html {
    let onclick = {
        let (d, view) = (dispatch.clone(), state.view.clone());
        Callback::from(move |_| {
            let mut v = view.clone();
            v.presenter = on;
            d.emit(Action::SetView(v));
        })
    };
    let (id, key) = if on {
        ("presenter-on", keys::PRESENTER)
    } else {
        ("presenter-leave", keys::PRESENTER_LEAVE)
    };
    html! {
        <button type="button" {id} class="presenter-toggle" {onclick}>
            {key.text(state.view.locale(), &[])}</button>
    }
}

/// The lesson panel, when a lesson is open.
#[component]
pub(crate) fn LessonPanel(p: &GuideProps) -> Html {
    let view = GuideView::of(&p.state);
    use_verdict_in_view(
        view.as_ref().is_some_and(|v| v.running),
        view.as_ref().is_some_and(|v| v.compare.is_some()),
    );
    let program_open = use_state(|| false);
    let Some(v) = view else {
        return Html::default();
    };
    let l = v.locale;
    let word = |k: Key| k.text(l, &[]);
    let guide = |a: GuideAction| {
        let d = p.dispatch.clone();
        Callback::from(move |_| d.emit(Action::Guide(a.clone())))
    };
    let step = |a: LessonAction| guide(GuideAction::Step(a));
    let on_run = {
        let (d, also) = (p.dispatch.clone(), p.on_run.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(also) = &also {
                also.emit(());
            }
            d.emit(Action::Guide(GuideAction::Run));
        })
    };
    let replay = v.replay.clone().zip(p.on_replay.clone()).map(|(words, open)| {
        html! {
            <p class="guide-replay">
                <button type="button" class="replay-open" id="guide-replay"
                    onclick={open.reform(|_| ())}><span aria-hidden="true">{"▶ "}</span>{words}</button>
            </p>
        }
    });
    html! {
        <section class="guide" id="lesson" aria-labelledby="guide-title" lang={l.code()}>
            <header class="guide-top">
                <p class="guide-where">{format!("{} · {}", v.lesson_title, v.chapter_of)}</p>
                <h2 id="guide-title">{v.title.clone()}</h2>
                if !v.embedded {
                    <button type="button" class="guide-close" id="guide-close" onclick={guide(GuideAction::Close)}>{word(keys::GUIDE_CLOSE)}</button>
                }
                if let Some(open) = &p.on_handout {
                    <button type="button" class="guide-handout" id="handout-open" onclick={open.reform(|_| ())}>{word(keys::HANDOUT_PRINT)}</button>
                }
            </header>
            <ol class="guide-steps" aria-label={word(keys::GUIDE_STEPS)}>
                { for v.steps.iter().map(|(w, current)| html! {
                    <li class={classes!(current.then_some("current"))} aria-current={current.then_some("step")}>{w.clone()}</li>
                }) }
            </ol>
            <p class="guide-intro" id="guide-intro">{with_flags(&v.intro)}</p>
            {replay.unwrap_or_default()}
            { program_syntax(&v, &program_open) }
            <form class="guide-question" id="guide-question" onsubmit={on_run}>
                <fieldset disabled={v.locked}>
                    <legend>{v.question.clone()}</legend>
                    { answer_input(&v, &p.dispatch) }
                </fieldset>
                if v.locked { <p class="muted small">{word(keys::GUIDE_LOCKED)}</p> }
                <button type="submit" class="run" id="guide-run" disabled={!v.can_run || v.running}>
                    { word(if v.running { keys::GUIDE_RUNNING } else { keys::GUIDE_RUN }) }
                </button>
                // Present before it speaks, so that screen readers announce it.
                <p class="guide-hint" id="guide-hint" aria-live="polite">{v.hint.clone().unwrap_or_default()}</p>
            </form>
            if let (Some(form), Some((_, chapter))) = (v.tally.clone(), p.state.chapter()) {
                <TallyFields {form} question={&chapter.question} locale={l} dispatch={p.dispatch.clone()} />
            }
            if v.compare.is_some() {
                <div class="guide-result" id="guide-result">
                    <div class="guide-answers">
                        { compare_view(&v) }
                        if let Some(h) = &v.room { { super::room::histogram(h, l) } }
                    </div>
                    { proof_charts(&v, &p.state) }
                </div>
            }
            if let Some(n) = &v.notice {
                <h3>{word(keys::GUIDE_NOTICE)}</h3>
                <p class="guide-notice" id="guide-notice">{with_flags(n)}</p>
            }
            if !v.tries.is_empty() {
                <h3>{word(keys::GUIDE_STEP_NOW_TRY)}</h3>
                <ul class="guide-tries">
                    { for v.tries.iter().map(|t| html! {
                        <li>
                            <button type="button" class="chip" id={format!("try-{}", t.id)}
                                onclick={step(LessonAction::Tried(t.id.clone()))}>{t.text.clone()}</button>
                            if let Some(n) = &t.notice { <p class="guide-notice">{with_flags(n)}</p> }
                        </li>
                    }) }
                </ul>
            }
            if v.finished { <p class="guide-finished" role="status">{word(keys::GUIDE_FINISHED)}</p> }
            if !v.embedded {
            if !v.other_lessons.is_empty() {
                <p class="guide-other small">{word(keys::GUIDE_OTHER_LESSONS)}
                    { for v.other_lessons.iter().map(|(id, title)| {
                        let d = p.dispatch.clone();
                        let lesson: &'static str = id;
                        let onclick = Callback::from(move |_| d.emit(open(LessonLink { lesson, chapter: 0 })));
                        html! { <button type="button" class="chip" id={format!("lesson-{id}")} {onclick}>{title.clone()}</button> }
                    }) }
                </p>
            }
            <nav class="guide-nav" aria-label={v.chapter_of.clone()}>
                <button type="button" id="guide-back" onclick={step(LessonAction::Back)} disabled={!v.can_back}>{format!("← {}", word(keys::GUIDE_BACK))}</button>
                <span class="muted small">{word(keys::GUIDE_KEYBOARD)}</span>
                <button type="button" id="guide-next" onclick={step(LessonAction::Next)} disabled={!v.can_next}>{format!("{} →", word(keys::GUIDE_NEXT))}</button>
            </nav>
            }
        </section>
    }
}

/// The intro's request programs as the program syntax writes them, behind
/// a "show as program" button (the intro says them in plain words).
fn program_syntax(v: &GuideView, open: &UseStateHandle<bool>) -> Html {
    if v.programs.is_empty() {
        return Html::default();
    }
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let shown = **open;
    html! {
        <div class="guide-program">
            <button type="button" class="table-toggle" id="guide-program-toggle"
                aria-expanded={shown.to_string()} aria-controls="guide-program" onclick={toggle}>
                <span aria-hidden="true">{if shown { "▾ " } else { "▸ " }}</span>
                {keys::GUIDE_SHOW_PROGRAM.text(v.locale, &[])}
            </button>
            <p id="guide-program" hidden={!shown}>
                {keys::GUIDE_PROGRAM.text(v.locale, &[])}
                { for v.programs.iter().map(|p| html! { <code class="program" translate="no">{p.clone()}</code> }) }
            </p>
        </div>
    }
}

/// The question's input: a number with its unit, or one radio button per
/// option; each change is the learner's prediction.
fn answer_input(v: &GuideView, dispatch: &Callback<Action>) -> Html {
    let predict = |p: Prediction| Action::Guide(GuideAction::Step(LessonAction::Predict(p)));
    match &v.input {
        Input::Number { unit, value } => {
            let d = dispatch.clone();
            let oninput = Callback::from(move |e: InputEvent| {
                let text = e.target_unchecked_into::<HtmlInputElement>().value();
                if let Ok(x) = text.trim().parse::<f64>() {
                    d.emit(predict(Prediction::Number(x)));
                }
            });
            html! {
                <p class="guide-number">
                    <label for="guide-answer">{keys::GUIDE_YOUR_PREDICTION.text(v.locale, &[])}</label>
                    <input id="guide-answer" type="number" inputmode="decimal" step="any" min="0"
                        value={value.map(|x| x.to_string()).unwrap_or_default()} {oninput} />
                    <span class="unit">{unit.clone()}</span>
                </p>
            }
        }
        Input::Choice(options) => html! {
            <ul class="guide-options">
                { for options.iter().map(|(id, text, chosen)| {
                    let d = dispatch.clone();
                    let pick = Prediction::Choice(id.clone());
                    let onchange = Callback::from(move |_: Event| d.emit(predict(pick.clone())));
                    let input_id = format!("guide-option-{id}");
                    html! {
                        <li><input type="radio" name="guide-option" id={input_id.clone()} value={id.clone()}
                            checked={*chosen} {onchange} />
                            <label for={input_id}>{text.clone()}</label></li>
                    }
                }) }
            </ul>
        },
    }
}

/// The prediction beside the run, with the verdict.
fn compare_view(v: &GuideView) -> Html {
    let Some(c) = &v.compare else {
        return Html::default();
    };
    let word = |k: Key| k.text(v.locale, &[]);
    let verdict = match c.verdict {
        Verdict::Right => "right",
        Verdict::Wrong => "wrong",
        Verdict::Ungraded => "ungraded",
    };
    html! {
        <div class="guide-compare" id="guide-compare" role="status">
            <dl>
                <div><dt>{word(keys::GUIDE_YOUR_PREDICTION)}</dt><dd id="guide-said">{c.prediction.clone()}</dd></div>
                <div><dt>{word(keys::GUIDE_THE_RUN)}</dt><dd id="guide-actual">{c.actual.clone()}</dd></div>
                if let Some(t) = &c.theory {
                    <div><dt>{word(keys::GUIDE_THEORY)}</dt><dd id="guide-theory">{t.clone()}</dd></div>
                }
            </dl>
            <p class={classes!("verdict", verdict)} id="guide-verdict">{c.verdict_text.clone()}</p>
        </div>
    }
}

/// The chapter's charts that show the answer, beside the verdict (the
/// page's own charts, under ids of their own: the grid below has them too).
fn proof_charts(v: &GuideView, state: &State) -> Html {
    if v.proof.is_empty() {
        return Html::default();
    }
    let all = crate::app::show::charts::charts(state);
    let presenter = state.view.presenter;
    let locale = v.locale;
    html! {
        <section class="guide-proof" id="guide-proof" aria-label={keys::GUIDE_PROOF.text(locale, &[])}>
            { for v.proof.iter().filter_map(|id| {
                let mut c = all.iter().find(|c| c.id.strip_prefix("chart-") == Some(*id))?.clone();
                c.id = format!("guide-chart-{id}");
                let key = c.id.clone();
                Some(html! { <ChartFigure {key} view={c} {locale} {presenter} /> })
            }) }
        </section>
    }
}

/// `text` with its command-line flags set as code that never breaks
/// across lines (`app::basis::format::text_parts`).
pub(crate) fn with_flags(text: &str) -> Html {
    html! {
        { for text_parts(text).into_iter().map(|p| match p {
            TextPart::Words(w) => html! { {w.to_string()} },
            TextPart::Flag(f) => html! { <code class="flag">{f.to_string()}</code> },
        }) }
    }
}

/// The language menu's entries: each locale in its own words.
pub(crate) fn language_options(current: Locale) -> Html {
    html! {
        { for Locale::ALL.iter().map(|l| html! {
            <option value={l.code()} selected={*l == current} lang={l.code()}>{l.own_name()}</option>
        }) }
    }
}
