//! The line the results show when their job was interrupted (its worker
//! crashed or got stuck and was replaced), with a button to run it again.

use yew::prelude::*;

use super::runner::Runner;
use crate::app::State;
use crate::i18n::keys::ui as words;

/// Properties of [`Interrupted`].
#[derive(Properties, PartialEq)]
pub(crate) struct InterruptedProps {
    /// The state (its job is the one to run again).
    pub(crate) state: UseReducerHandle<State>,
    /// The worker.
    pub(crate) runner: Runner,
}

/// The line, or nothing.
#[component]
pub(crate) fn Interrupted(p: &InterruptedProps) -> Html {
    let Some(why) = p.state.interrupted() else {
        return html! {};
    };
    let retry = {
        let (runner, state) = (p.runner.clone(), p.state.clone());
        Callback::from(move |_| runner.retry(state.job()))
    };
    html! {
        <p class="warn" id="interrupted" role="status">{why.to_string()}{" "}
            <button type="button" id="run-again" onclick={retry}>{words::WORKER_RUN_AGAIN.text(p.state.view.locale(), &[])}</button>
        </p>
    }
}
