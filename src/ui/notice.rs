//! What an opening link held that the page could not use, named item by
//! item, until the visitor dismisses it. Every item is text from the
//! address, so it is rendered as text (Yew escapes it), never as markup.

use yew::prelude::*;

use crate::app::permalink::Ignored;

/// Properties of [`LinkNotice`].
#[derive(Properties, PartialEq)]
// Yew's function components are `pub`, so their props must be too.
#[allow(unreachable_pub)]
pub struct NoticeProps {
    /// What was ignored.
    pub ignored: Vec<Ignored>,
}

/// A notice under the page's header.
#[component]
pub fn LinkNotice(p: &NoticeProps) -> Html {
    let open = use_state(|| true);
    if p.ignored.is_empty() || !*open {
        return html! {};
    }
    let close = {
        let open = open.clone();
        Callback::from(move |_| open.set(false))
    };
    html! {
        <div class="link-notice" id="link-notice" role="alert">
            <strong>{"This link held things the page could not use; they were left at their defaults:"}</strong>
            <ul>
                { for p.ignored.iter().map(|i| html! { <li><code>{i.what.clone()}</code>{" — "}{i.why.clone()}</li> }) }
            </ul>
            <button type="button" onclick={close}>{"Dismiss"}</button>
        </div>
    }
}
