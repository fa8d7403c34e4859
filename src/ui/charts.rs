//! The grid of charts, each with a title and a line on what to look for
//! (which charts, with what, is `crate::app::charts`).

use yew::prelude::*;

use super::chart_canvas::ChartCanvas;
use crate::app::State;
use crate::app::charts::{ChartView, charts};

/// Properties of [`Charts`].
#[derive(Properties, PartialEq)]
// Yew's function components are `pub`, so their props must be too.
#[allow(unreachable_pub)]
pub struct ChartsProps {
    /// The state.
    pub state: UseReducerHandle<State>,
}

fn figure(c: ChartView) -> Html {
    html! {
        <figure class="chart">
            <figcaption><h3>{c.title.clone()}</h3><p>{c.about.clone()}</p></figcaption>
            <ChartCanvas id={c.id} label={format!("{}: {}", c.title, c.about)} spec={c.spec} />
        </figure>
    }
}

/// All charts.
#[component]
pub fn Charts(p: &ChartsProps) -> Html {
    html! {
        <section class="charts" aria-label="charts">{ for charts(&p.state).into_iter().filter(|c| p.state.view.shows_chart(&c.id)).map(figure) }</section>
    }
}
