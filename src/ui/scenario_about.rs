//! What the loaded scenario shows (a pair's two runs in one description),
//! and, once the visitor changes it, that the description is the preset's
//! and what was changed, setting by setting.

use yew::prelude::*;

use crate::app::{Source, State};
use crate::i18n::keys::{Key, ui as words};
use crate::scenario::preset;

const AS_LOADED: Key = words::ABOUT_AS_LOADED;

/// The DOM id of the changes one source made (the reader's keep the id
/// they always had).
fn change_id(source: Source) -> &'static str {
    match source {
        Source::Visitor => "preset-changes",
        Source::Link => "link-changes",
        Source::Chapter => "chapter-changes",
    }
}

/// Properties of [`ScenarioAbout`].
#[derive(Properties, PartialEq)]
pub(crate) struct AboutProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
}

/// The scenario in a few lines, and the visitor's changes to it.
#[component]
pub(crate) fn ScenarioAbout(p: &AboutProps) -> Html {
    let l = p.state.view.locale();
    let w = |k: Key| k.text(l, &[]);
    // Once per scenario and language, not with every message from the worker.
    let words = {
        let st = p.state.clone();
        use_memo((p.state.generation, l), move |_| {
            let setup = &st.setup;
            let about = setup.preset.as_deref().and_then(preset).map(|p| p.about(l));
            let changes = setup.change_lines_by_source(st.arrival.as_ref(), l);
            (about, changes)
        })
    };
    let (about, changes) = (&words.0, &words.1);
    let edited = !changes.is_empty();
    if about.is_none() && !edited {
        return html! {};
    }
    html! {
        <section class="scenario-about" aria-label={w(words::ABOUT_LABEL)}>
            if let Some(a) = about.clone() {
                <p class={classes!("about", edited.then_some("edited"))} id="preset-about">
                    if edited { <strong>{w(AS_LOADED)}</strong> }
                    {a}
                </p>
            }
            { for changes.iter().map(|(source, lines)| html! {
                <p class="changes" id={change_id(*source)} data-source={format!("{source:?}").to_lowercase()}>
                    <strong>{source.lead(l)}</strong>{lines.join("; ")}</p>
            }) }
        </section>
    }
}
