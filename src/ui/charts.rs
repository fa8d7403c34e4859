//! The grid of charts, each with a title, a line on what to look for and
//! its data table (which charts, with what, is `crate::app::charts`).

use yew::prelude::*;

use super::chart_figure::ChartFigure;
use crate::app::State;
use crate::app::charts::charts;

/// Properties of [`Charts`].
#[derive(Properties, PartialEq)]
// Yew's function components are `pub`, so their props must be too.
#[allow(unreachable_pub)]
pub struct ChartsProps {
    /// The state.
    pub state: UseReducerHandle<State>,
}

/// All charts.
#[component]
pub fn Charts(p: &ChartsProps) -> Html {
    let s = &p.state;
    let (locale, presenter) = (s.view.locale(), s.view.presenter);
    html! {
        <section class="charts" aria-label="charts">
            { for charts(s).into_iter().filter(|c| s.view.shows_chart(&c.id)).map(|c| {
                let key = c.id.clone();
                html! { <ChartFigure {key} view={c} {locale} {presenter} /> }
            }) }
        </section>
    }
}
