//! The scenario form, grouped as a Spring Boot developer thinks: load,
//! server, request program, HikariCP, @Async, memory, and the advanced
//! budgets. Which keys show where is `crate::app::form`'s; this renders them.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::field::Field;
use crate::app::form::{EXAMPLES, GROUPS, keys, provenance};
use crate::app::{Action, Mode, Modes, State};
use crate::scenario::Group;

/// Properties of [`ScenarioForm`].
#[derive(Properties, PartialEq)]
pub struct FormProps {
    /// The state.
    pub state: UseReducerHandle<State>,
    /// Where edits go.
    pub dispatch: Callback<Action>,
}

/// The control for one key, with its override row if a mode overrides it.
fn field(s: &State, key: String, on_edit: &Callback<(Option<Mode>, String, String)>) -> Html {
    let setup = &s.setup;
    let override_text = setup
        .overridden(&key)
        .first()
        .map(|&m| (m, setup.text(Some(m), &key).unwrap_or_default()));
    html! {
        <Field key={key.clone()} key_name={key.clone()}
            text={setup.text(None, &key).unwrap_or_default()}
            errors={s.errors_for(&key).into_iter().cloned().collect::<Vec<_>>()}
            provenance={provenance(setup, &key)} {override_text} on_edit={on_edit.clone()} />
    }
}

/// The mode selector: `spring.threads.virtual.enabled`, or both side by side.
fn modes_select(current: Modes, dispatch: &Callback<Action>) -> Html {
    let d = dispatch.clone();
    let onchange = Callback::from(move |e: Event| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        d.emit(Action::SetModes(match v.as_str() {
            "false" => Modes::Platform,
            "true" => Modes::Virtual,
            _ => Modes::Both,
        }))
    });
    html! {
        <div class="field">
            <div class="field-head"><label for="f-modes">{"Virtual threads"}</label></div>
            <div class="field-inputs">
                <select id="f-modes" {onchange}>
                    <option value="both" selected={current == Modes::Both}>{"compare: false and true side by side"}</option>
                    <option value="false" selected={current == Modes::Platform}>{"false: platform threads"}</option>
                    <option value="true" selected={current == Modes::Virtual}>{"true: virtual threads"}</option>
                </select>
            </div>
            <div class="meta"><code class="prop">{"spring.threads.virtual.enabled"}</code>{" · default "}<code>{"false"}</code></div>
            <div class="help">{"false: Tomcat's pool of platform threads; true: one virtual thread per request on a few carrier threads"}</div>
        </div>
    }
}

/// One button per example program.
fn examples(dispatch: &Callback<Action>) -> Html {
    html! {
        <div class="examples">
            { for EXAMPLES.iter().map(|(name, prog)| {
                let d = dispatch.clone();
                let onclick = Callback::from(move |_| d.emit(Action::Edit { mode: None, key: "program".into(), text: (*prog).into() }));
                html! { <button type="button" class="chip" {onclick} title={*prog}>{*name}</button> }
            }) }
        </div>
    }
}

/// The form.
#[component]
pub fn ScenarioForm(p: &FormProps) -> Html {
    let s = &p.state;
    let on_edit = {
        let d = p.dispatch.clone();
        Callback::from(move |(mode, key, text): (Option<Mode>, String, String)| {
            d.emit(Action::Edit { mode, key, text })
        })
    };
    let section = |&(g, open): &(Group, bool)| -> Html {
        let fields: Vec<Html> = keys(&s.setup, g)
            .into_iter()
            .map(|k| field(s, k, &on_edit))
            .collect();
        let extra = match g {
            Group::Server => modes_select(s.setup.modes, &p.dispatch),
            Group::Program => examples(&p.dispatch),
            // The @Async group shows only when the program names an executor.
            Group::Async if fields.is_empty() => return html! {},
            _ => html! {},
        };
        html! {
            <details class="group" {open}>
                <summary><span class="group-title">{g.title()}</span><span class="group-about">{g.about()}</span></summary>
                {extra}
                { for fields }
            </details>
        }
    };
    html! {
        <form class="scenario" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            { for GROUPS.iter().map(section) }
        </form>
    }
}
