//! The room's answers on the page: binds `app::page::room` — the tally's
//! fields while the question is asked (each change that reads is the
//! tally; one that does not shows its one-line problem and keeps the last
//! good counts), and the histogram beside the run's answer, as bars of
//! text and SVG (no inline style: the page's policy allows none from the
//! app), the answer's bin marked in words as well as colour.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::app::Action;
use crate::app::lesson::{LessonAction, MAX_COUNT, Question};
use crate::app::page::room::{Histogram, TallyForm, TallyTexts};
use crate::app::page::state::GuideAction;
use crate::i18n::keys::{self, Key};
use crate::i18n::{Arg, Locale};
use crate::scenario::echo;

/// Properties of the tally's fields.
#[derive(Properties, PartialEq)]
pub(crate) struct TallyProps {
    /// The fields' labels and the tally so far.
    pub(crate) form: TallyForm,
    /// The question counted.
    pub(crate) question: &'static Question,
    /// The page's locale.
    pub(crate) locale: Locale,
    /// Where the tally goes.
    pub(crate) dispatch: Callback<Action>,
}

/// Which field a change is in.
#[derive(Clone, Copy)]
enum Field {
    Edge(usize),
    Count(usize),
}

/// The tally's fields.
#[component]
pub(crate) fn TallyFields(p: &TallyProps) -> Html {
    let texts = use_state(|| p.form.texts.clone());
    // The field that does not read (as its error names it) and the line.
    let problem = use_state(|| None::<(String, String)>);
    {
        // A tally from elsewhere (the speaker view's window, another
        // chapter) replaces the fields, unless they already say it (a
        // German "12," being typed reads as 12: it stays as typed).
        let (texts, problem) = (texts.clone(), problem.clone());
        let (form, question) = (p.form.clone(), p.question);
        use_effect_with(p.form.texts.clone(), move |incoming| {
            let now = texts.read(question, &form).ok();
            let said = TallyTexts::read(incoming, question, &form).ok();
            if now != said {
                texts.set(incoming.clone());
                problem.set(None);
            }
        });
    }
    let change = |field: Field| {
        let (texts, problem, form) = (texts.clone(), problem.clone(), p.form.clone());
        let (question, d, locale) = (p.question, p.dispatch.clone(), p.locale);
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            let mut t = (*texts).clone();
            let slot = match field {
                Field::Edge(i) => t.edges.get_mut(i),
                Field::Count(i) => t.counts.get_mut(i),
            };
            if let Some(s) = slot {
                *s = value;
            }
            match t.read(question, &form) {
                Ok(tally) => {
                    problem.set(None);
                    let step = GuideAction::Step(LessonAction::Tally(tally));
                    d.emit(Action::Guide(step));
                }
                Err(e) => problem.set(Some((e.field.clone(), e.line(locale)))),
            }
            texts.set(t);
        })
    };
    let l = p.locale;
    let word = |k: Key| k.text(l, &[]);
    let invalid = |label: &str| problem.as_ref().is_some_and(|(f, _)| *f == echo(label));
    let unit = p.form.unit.clone().unwrap_or_default();
    html! {
        <fieldset class="room-tally" id="room-tally" aria-describedby="room-help">
            <legend>{word(keys::ROOM_TITLE)}</legend>
            <p class="small muted" id="room-help">{word(keys::ROOM_HELP)}</p>
            if !p.form.edges.is_empty() {
                <p class="room-edges">
                    <span class="room-head">{keys::ROOM_EDGES.text(l, &[("unit", Arg::Text(unit))])}</span>
                    { for p.form.edges.iter().enumerate().map(|(i, label)| {
                        let id = format!("room-edge-{i}");
                        let value = texts.edges.get(i).cloned().unwrap_or_default();
                        html! {
                            <span class="room-field">
                                <label for={id.clone()}>{label.clone()}</label>
                                <input {id} type="text" inputmode="decimal" size="7" {value}
                                    aria-invalid={invalid(label).then_some("true")}
                                    oninput={change(Field::Edge(i))} />
                            </span>
                        }
                    }) }
                </p>
            }
            <p class="room-counts">
                <span class="room-head">{word(keys::ROOM_COUNTS)}</span>
                { for p.form.bins.iter().enumerate().map(|(i, label)| {
                    let id = format!("room-count-{i}");
                    let value = texts.counts.get(i).cloned().unwrap_or_default();
                    html! {
                        <span class="room-field">
                            <label for={id.clone()}>{label.clone()}</label>
                            <input {id} type="number" inputmode="numeric" min="0" step="1"
                                max={MAX_COUNT.to_string()} {value}
                                aria-invalid={invalid(label).then_some("true")}
                                oninput={change(Field::Count(i))} />
                        </span>
                    }
                }) }
            </p>
            <p class="room-problem" id="room-problem" aria-live="polite">{problem.as_ref().map(|(_, line)| line.clone()).unwrap_or_default()}</p>
        </fieldset>
    }
}

/// The room's histogram beside the run's answer.
pub(crate) fn histogram(h: &Histogram, locale: Locale) -> Html {
    let word = |k: Key| k.text(locale, &[]);
    html! {
        <figure class="room-histogram" id="room-histogram">
            <figcaption>
                <strong>{word(keys::ROOM_GUESSES)}</strong>
                <span class="muted">{format!(" · {}", h.total)}</span>
            </figcaption>
            <ul class="room-bars">
                { for h.bars.iter().map(|b| html! {
                    <li class={classes!("room-bar", b.answer.then_some("answer"))}>
                        <span class="room-label">{b.label.clone()}
                            if b.answer {
                                <span class="room-mark" id="room-answer-mark">
                                    <span aria-hidden="true">{" ◀ "}</span>{word(keys::ROOM_ANSWER)}</span>
                            }
                        </span>
                        <svg class="room-track" viewBox="0 0 100 10" preserveAspectRatio="none"
                            aria-hidden="true" focusable="false">
                            <rect width={format!("{:.1}", b.width_pct)} height="10" />
                        </svg>
                        <span class="room-value">{b.value.clone()}</span>
                    </li>
                }) }
            </ul>
            if !h.marked { <p class="small muted">{word(keys::ROOM_UNMARKED)}</p> }
        </figure>
    }
}
