//! What an opening link held that the page could not use, named item by
//! item, until the visitor dismisses it. Every item is text from the
//! address, so it is rendered as text (Yew escapes it), never as markup;
//! the link's own text is set as code, in the parameter and in the words
//! of why it was ignored (the names and values a link may hold).

use yew::prelude::*;

use crate::app::link::permalink::Ignored;
use crate::i18n::Locale;
use crate::i18n::Piece;
use crate::i18n::keys::ui as words;

/// Properties of [`LinkNotice`].
#[derive(Properties, PartialEq)]
pub(crate) struct NoticeProps {
    /// What was ignored.
    pub(crate) ignored: Vec<Ignored>,
    /// The page's language.
    #[prop_or(Locale::En)]
    pub(crate) locale: Locale,
}

/// A notice under the page's header.
#[component]
pub(crate) fn LinkNotice(p: &NoticeProps) -> Html {
    let open = use_state(|| true);
    let l = p.locale;
    if p.ignored.is_empty() || !*open {
        return html! {};
    }
    let close = {
        let open = open.clone();
        Callback::from(move |_| open.set(false))
    };
    html! {
        <div class="link-notice" id="link-notice" role="alert">
            <strong>{words::NOTICE_HEAD.text(l, &[])}</strong>
            <ul>
                { for p.ignored.iter().map(|i| html! {
                    <li><code>{i.what.text(l)}</code>{" — "}{pieces(i.why.pieces(l))}</li>
                }) }
            </ul>
            <button type="button" onclick={close}>{words::NOTICE_DISMISS.text(l, &[])}</button>
        </div>
    }
}

/// Words with code set apart in them (`i18n::pieces`): a setting's key, a
/// value as typed, a link's own text.
pub(crate) fn pieces(pieces: Vec<Piece>) -> Html {
    html! {
        { for pieces.into_iter().map(|p| match p {
            Piece::Words(w) => html! { {w} },
            Piece::Code(c) => html! { <code>{c}</code> },
        }) }
    }
}
