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
// Yew's function components are `pub`, so their props must be too.
#[allow(unreachable_pub)]
pub struct AboutProps {
    /// The state.
    pub state: UseReducerHandle<State>,
}

/// The scenario in a few lines, and the visitor's changes to it.
#[component]
pub fn ScenarioAbout(p: &AboutProps) -> Html {
    // Once per scenario, not with every message from the worker.
    let words = {
        let st = p.state.clone();
        use_memo(p.state.generation, move |_| {
            let setup = &st.setup;
            let about = setup.preset.as_deref().and_then(preset).map(|p| p.about());
            let changes = setup.change_lines(&setup.start());
            (about, changes)
        })
    };
    let (about, changes) = (&words.0, &words.1);
    let edited = !changes.is_empty();
    if about.is_none() && !edited {
        return html! {};
    }
    html! {
        <section class="scenario-about" aria-label="the scenario">
            if let Some(a) = about.clone() {
                <p class={classes!("about", edited.then_some("edited"))} id="preset-about">
                    if edited { <strong>{AS_LOADED}</strong> }
                    {a}
                </p>
            }
            if edited {
                <p class="changes" id="preset-changes"><strong>{CHANGED}</strong>
                    {changes.join("; ")}</p>
            }
        </section>
    }
}
