//! The root component.

use yew::prelude::*;

use super::playground::Playground;

/// The whole page.
#[component]
pub fn App() -> Html {
    html! { <Playground /> }
}
