//! The grid of charts, each with a title and a line on what to look for
//! (which charts, with what, is `crate::app::charts`); a timeline has the
//! button that replays its run step by step.

use yew::prelude::*;

use super::chart_canvas::ChartCanvas;
use crate::app::charts::{ChartView, charts, replay_column};
use crate::app::{Mode, State};
use crate::i18n::Arg;
use crate::i18n::keys;

/// Properties of [`Charts`].
#[derive(Properties, PartialEq)]
// Yew's function components are `pub`, so their props must be too.
#[allow(unreachable_pub)]
pub struct ChartsProps {
    /// The state.
    pub state: UseReducerHandle<State>,
    /// Replays a column's run step by step (the full page; an embed has no
    /// replay).
    #[prop_or_default]
    pub on_replay: Option<Callback<Mode>>,
}

fn figure(c: ChartView, state: &State, on_replay: Option<&Callback<Mode>>) -> Html {
    let replay = on_replay.zip(replay_column(&c)).map(|(on_replay, mode)| {
        let l = state.view.locale();
        let column = state.setup.columns.name(mode, l);
        let on = on_replay.clone();
        html! {
            <button type="button" class="replay-open" id={format!("replay-{}", crate::scenario::mode_word(mode))}
                aria-label={keys::REPLAY_OPEN_LABEL.text(l, &[("column", Arg::Text(column))])}
                onclick={Callback::from(move |_| on.emit(mode))}>
                // The accessible name starts with the visible words (WCAG 2.5.3).
                <span aria-hidden="true">{"▶ "}</span>{keys::REPLAY_OPEN.text(l, &[])}
            </button>
        }
    });
    html! {
        <figure class="chart">
            <figcaption><h3>{c.title.clone()}</h3><p>{c.about.clone()}</p>{replay}</figcaption>
            <ChartCanvas id={c.id} label={format!("{}: {}", c.title, c.about)} spec={c.spec} />
        </figure>
    }
}

/// All charts.
#[component]
pub fn Charts(p: &ChartsProps) -> Html {
    html! {
        <section class="charts" aria-label="charts">{ for charts(&p.state).into_iter().filter(|c| p.state.view.shows_chart(&c.id)).map(|c| figure(c, &p.state, p.on_replay.as_ref())) }</section>
    }
}
