//! The grid of charts, each with a title, a line on what to look for and
//! its data table (which charts, with what, is `crate::app::show::charts`); a
//! timeline has the button that replays its run step by step.

use yew::prelude::*;

use super::chart_figure::ChartFigure;
use crate::app::show::charts::{ChartView, charts, replay_column};
use crate::app::{Mode, State};
use crate::i18n::Arg;
use crate::i18n::keys;

/// Properties of [`Charts`].
#[derive(Properties, PartialEq)]
pub(crate) struct ChartsProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
    /// Replays a column's run step by step (the full page; an embed has no
    /// replay).
    #[prop_or_default]
    pub(crate) on_replay: Option<Callback<Mode>>,
}

/// A timeline's button that replays its column's run step by step.
fn replay_button(c: &ChartView, state: &State, on_replay: Option<&Callback<Mode>>) -> Html {
    let replay = on_replay.zip(replay_column(c)).map(|(on_replay, mode)| {
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
    replay.unwrap_or_default()
}

/// All charts.
#[component]
pub(crate) fn Charts(p: &ChartsProps) -> Html {
    let s = &p.state;
    let (locale, presenter) = (s.view.locale(), s.view.presenter);
    html! {
        <section class="charts" aria-label={keys::ui::PAGE_CHARTS.text(locale, &[])}>
            { for charts(s).into_iter().filter(|c| s.view.shows_chart(&c.id)).map(|c| {
                let key = c.id.clone();
                let extra = replay_button(&c, s, p.on_replay.as_ref());
                html! { <ChartFigure {key} view={c} {locale} {presenter} {extra} /> }
            }) }
        </section>
    }
}
