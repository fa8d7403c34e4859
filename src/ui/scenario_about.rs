//! What the loaded scenario shows (a pair's two runs in one description),
//! and, once the visitor changes it, that the description is the preset's
//! and what was changed, setting by setting.

use yew::prelude::*;

use crate::app::State;
use crate::scenario::preset;

const AS_LOADED: &str = "As loaded: ";
const CHANGED: &str = "You changed: ";

/// Properties of [`ScenarioAbout`].
#[derive(Properties, PartialEq)]
pub struct AboutProps {
    /// The state.
    pub state: UseReducerHandle<State>,
}

/// The scenario in a few lines, and the visitor's changes to it.
#[component]
pub fn ScenarioAbout(p: &AboutProps) -> Html {
    let setup = &p.state.setup;
    let edited = setup.edited();
    let about = setup.preset.as_deref().and_then(preset).map(|p| p.about());
    if about.is_none() && !edited {
        return html! {};
    }
    html! {
        <section class="scenario-about" aria-label="the scenario">
            if let Some(a) = about {
                <p class={classes!("about", edited.then_some("edited"))} id="preset-about">
                    if edited { <strong>{AS_LOADED}</strong> }
                    {a}
                </p>
            }
            if edited {
                <p class="changes" id="preset-changes"><strong>{CHANGED}</strong>
                    {setup.change_lines(&setup.start()).join("; ")}</p>
            }
        </section>
    }
}
