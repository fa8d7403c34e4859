//! A lesson's handout on the page (`app::page::handout`): it starts
//! simulation workers of its own (the page's keep the page's job), runs
//! every chapter through them one job after another, shows how far it has
//! come, and once all have run and their charts are drawn, opens the
//! browser's print dialog. Print hides everything else (`www/guide.css`).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::{Interval, Timeout};
use yew::prelude::*;

use super::bridge::{Bridge, Event};
use super::chart_figure::ChartFigure;
use super::guide::{scroll_to_top_of_view, with_flags};
use super::runner::workers;
use crate::app::lesson::Verdict;
use crate::app::page::handout::{Handout, HandoutAnswer, HandoutPage};
use crate::app::show::charts::proving;
use crate::app::{Message, State};
use crate::i18n::Locale;
use crate::i18n::keys::{self, Key};

/// How long to wait at most for the pages' charts before printing, ms.
const CHARTS_WAIT_MS: u32 = 5_000;
/// How often to look whether they have all drawn, ms.
const CHARTS_POLL_MS: u32 = 100;

/// The handout's state on the page.
#[derive(Clone, PartialEq)]
struct Held(Option<Handout>);

/// What changes it.
enum Change {
    /// Outputs of the chapters' jobs.
    Messages(Vec<Message>),
    /// No worker can run here: why.
    Unavailable(String),
}

impl Reducible for Held {
    type Action = Change;

    fn reduce(self: Rc<Self>, action: Change) -> Rc<Self> {
        let mut next = (*self).clone();
        if let Some(h) = next.0.as_mut() {
            match action {
                Change::Messages(m) => h.take_in(m),
                Change::Unavailable(why) => h.unavailable(why),
            }
        }
        Rc::new(next)
    }
}

/// Properties of [`HandoutSheet`].
#[derive(Properties, PartialEq)]
pub(crate) struct HandoutProps {
    /// The page's state (its lesson, its learner's answers, its language).
    pub(crate) state: UseReducerHandle<State>,
    /// Closes the handout.
    pub(crate) on_close: Callback<()>,
}

/// Whether every canvas of the handout has drawn.
fn charts_drawn() -> bool {
    let Ok(all) = gloo::utils::document().query_selector_all("#handout canvas") else {
        return true;
    };
    (0..all.length()).all(|i| {
        all.item(i)
            .and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok())
            .and_then(|e| e.get_attribute("data-draws"))
            .is_some_and(|d| d != "0")
    })
}

/// Opens the print dialog once every chart has drawn (or the wait is
/// over); the returned interval stops looking when dropped.
fn print_when_drawn() -> Rc<RefCell<Option<Interval>>> {
    let slot = Rc::new(RefCell::new(None));
    let waited = Rc::new(RefCell::new(Some(0u32)));
    let inner = slot.clone();
    *slot.borrow_mut() = Some(Interval::new(CHARTS_POLL_MS, move || {
        let Some(ms) = waited.borrow_mut().as_mut().map(|ms| {
            *ms += CHARTS_POLL_MS;
            *ms
        }) else {
            return;
        };
        if charts_drawn() || ms >= CHARTS_WAIT_MS {
            // Once only; the interval goes in a task of its own (not from
            // inside its own callback).
            *waited.borrow_mut() = None;
            let inner = inner.clone();
            Timeout::new(0, move || drop(inner.borrow_mut().take())).forget();
            let _ = gloo::utils::window().print();
        }
    }));
    slot
}

/// The handout: its bar (how far, print, close) and a sheet per chapter.
#[component]
pub(crate) fn HandoutSheet(p: &HandoutProps) -> Html {
    let held = {
        let state = p.state.clone();
        use_reducer(move || Held(Handout::of(&state)))
    };
    let bridge = use_mut_ref(|| None::<Bridge>);
    {
        let (bridge, d) = (bridge.clone(), held.dispatcher());
        use_effect_with((), move |_| {
            let b = Bridge::new(workers(false), move |e| match e {
                Event::Messages(m) => d.dispatch(Change::Messages(m)),
                Event::Unavailable(why) => d.dispatch(Change::Unavailable(why)),
                // A replaced worker's job is sent again by the pool; the
                // rest is the page's business, not the handout's.
                _ => {}
            });
            *bridge.borrow_mut() = Some(b);
            scroll_to_top_of_view("handout");
            move || {
                if let Some(b) = bridge.borrow_mut().take() {
                    b.stop();
                }
            }
        });
    }
    let next = held.0.as_ref().and_then(Handout::next_job);
    {
        let bridge = bridge.clone();
        use_effect_with(next.as_ref().map(|j| j.generation), move |_| {
            if let (Some(job), Some(b)) = (next, bridge.borrow().as_ref()) {
                b.run(job);
            }
        });
    }
    let ready = held.0.as_ref().is_some_and(Handout::ready);
    let printing = use_mut_ref(|| None::<Rc<RefCell<Option<Interval>>>>);
    {
        let printing = printing.clone();
        use_effect_with(ready, move |ready| {
            if *ready {
                *printing.borrow_mut() = Some(print_when_drawn());
            }
        });
    }
    let Some(h) = held.0.as_ref() else {
        return Html::default();
    };
    let l = p.state.view.locale();
    let v = h.view(l);
    let word = |k: Key| k.text(l, &[]);
    let print = Callback::from(|_| {
        let _ = gloo::utils::window().print();
    });
    let presenter = p.state.view.presenter;
    html! {
        <section class="handout" id="handout" aria-labelledby="handout-heading" lang={l.code()}>
            <div class="handout-bar">
                <h2 id="handout-heading">{v.heading.clone()}</h2>
                <progress id="handout-progress" max={v.total.to_string()} value={v.done.to_string()}
                    aria-label={word(keys::HANDOUT_PROGRESS)}></progress>
                <p id="handout-status" role="status">{v.status.clone()}</p>
                <button type="button" id="handout-print" disabled={!v.ready} onclick={print}>{word(keys::HANDOUT_PRINT_AGAIN)}</button>
                <button type="button" id="handout-close" onclick={p.on_close.reform(|_| ())}>{word(keys::HANDOUT_CLOSE)}</button>
            </div>
            { for v.pages.iter().map(|page| sheet(h, page, l, presenter)) }
        </section>
    }
}

/// One chapter's sheet: a printed page.
fn sheet(h: &Handout, page: &HandoutPage, l: Locale, presenter: bool) -> Html {
    let word = |k: Key| k.text(l, &[]);
    let i = page.index;
    let heading = format!("handout-{i}-title");
    let charts = page.answer.as_ref().and(h.chapter_state(i)).map(|s| {
        html! {
            <div class="handout-charts">
                { for proving(s, &page.proof).into_iter().map(|mut c| {
                    c.id = format!("handout-{i}-{}", c.id);
                    let key = c.id.clone();
                    html! { <ChartFigure {key} view={c} locale={l} {presenter} /> }
                }) }
            </div>
        }
    });
    html! {
        <article class="handout-page" id={format!("handout-page-{i}")} aria-labelledby={heading.clone()}>
            <p class="handout-where">{page.chapter_of.clone()}</p>
            <h3 id={heading}>{page.title.clone()}</h3>
            <h4>{word(keys::HANDOUT_QUESTION)}</h4>
            <p class="handout-question">{with_flags(&page.question)}</p>
            if !page.options.is_empty() {
                <ul class="handout-options">{ for page.options.iter().map(|o| html! { <li>{o.clone()}</li> }) }</ul>
            }
            { page.answer.as_ref().map_or_else(
                || html! { <p class="handout-not-run">{word(keys::HANDOUT_NOT_RUN)}</p> },
                |a| answer(a, l)) }
            { charts.unwrap_or_default() }
            <h4>{word(keys::GUIDE_NOTICE)}</h4>
            <p class="handout-notice">{with_flags(&page.notice)}</p>
        </article>
    }
}

/// What the run gave, beside the prediction and its verdict.
fn answer(a: &HandoutAnswer, l: Locale) -> Html {
    let word = |k: Key| k.text(l, &[]);
    let verdict = a.verdict.as_ref().map(|(v, text)| {
        let class = match v {
            Verdict::Right => "right",
            Verdict::Wrong => "wrong",
            Verdict::Ungraded => "ungraded",
        };
        html! { <p class={classes!("verdict", class)}>{text.clone()}</p> }
    });
    html! {
        <div class="handout-answer">
            <dl>
                <div><dt>{word(keys::GUIDE_THE_RUN)}</dt><dd class="handout-actual">{a.actual.clone()}</dd></div>
                if let Some(said) = &a.prediction {
                    <div><dt>{word(keys::GUIDE_YOUR_PREDICTION)}</dt><dd class="handout-said">{said.clone()}</dd></div>
                }
                if let Some(t) = &a.theory {
                    <div><dt>{word(keys::GUIDE_THEORY)}</dt><dd>{t.clone()}</dd></div>
                }
            </dl>
            {verdict.unwrap_or_default()}
        </div>
    }
}
