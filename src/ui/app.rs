//! The root component: provides the simulation worker to the playground.

use yew::prelude::*;
use yew_agent::reactor::ReactorProvider;

use super::codec::JsonCodec;
use super::playground::Playground;
use super::worker::SimReactor;

/// The whole page.
#[component]
pub fn App() -> Html {
    html! {
        <ReactorProvider<SimReactor, JsonCodec> path="threadlab-worker.js">
            <Playground />
        </ReactorProvider<SimReactor, JsonCodec>>
    }
}
