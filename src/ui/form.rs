//! The scenario form, grouped as a Spring Boot developer thinks: load,
//! server, request program, HikariCP, @Async, memory, and the advanced
//! budgets. Which keys show where is `crate::app::show::form`'s; this renders them.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::field::Field;
use crate::app::show::form::{
    EXAMPLES, GROUPS, Notes, advanced_count, advanced_shown, first_keys, revealed,
};
use crate::app::{Action, Columns, Mode, Modes, State};
use crate::i18n::keys::{Key, ui as words};
use crate::i18n::{Arg, Locale};
use crate::scenario::Group;

/// Properties of [`ScenarioForm`].
#[derive(Properties, PartialEq)]
pub(crate) struct FormProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
    /// Where edits go.
    pub(crate) dispatch: Callback<Action>,
}

/// The control for one key, with its override row if a mode overrides it
/// (the form's and an embed's).
pub(super) fn field(
    s: &State,
    notes: &Notes,
    key: String,
    on_edit: &Callback<(Option<Mode>, String, String)>,
) -> Html {
    let setup = &s.setup;
    let overriding = setup.overridden(&key).first().copied();
    let override_text = overriding.map(|m| (m, setup.text(Some(m), &key).unwrap_or_default()));
    let error = s.problem_pieces(&key);
    let in_override = overriding.is_some_and(|m| s.control_invalid(Some(m), &key));
    // A problem always marks a control: the override's, else the shared one.
    let invalid = (
        error.is_some() && (s.control_invalid(None, &key) || !in_override),
        in_override,
    );
    html! {
        <Field key={key.clone()} key_name={key.clone()}
            text={setup.text(None, &key).unwrap_or_default()}
            {error} {invalid} no_effect={notes.no_effect(&key)}
            provenance={notes.provenance(&key, s.view.locale())} {override_text} on_edit={on_edit.clone()}
            locale={s.view.locale()} />
    }
}

/// Which columns run: both side by side, or one of them (for the server's
/// threads, `spring.threads.virtual.enabled`).
fn modes_select(current: Modes, columns: Columns, dispatch: &Callback<Action>, l: Locale) -> Html {
    let w = |k: Key| k.text(l, &[]);
    let d = dispatch.clone();
    let onchange = Callback::from(move |e: Event| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        d.emit(Action::SetModes(match v.as_str() {
            "false" => Modes::Platform,
            "true" => Modes::Virtual,
            _ => Modes::Both,
        }))
    });
    let (property, help) = match columns {
        Columns::ServerMode => (
            "spring.threads.virtual.enabled".to_string(),
            w(words::FORM_SERVER_MODE_HELP),
        ),
        Columns::Executor => (w(words::FORM_EXECUTOR), w(words::FORM_EXECUTOR_HELP)),
    };
    let only = |m: Mode| words::FORM_ONLY.text(l, &[("column", Arg::Text(columns.name(m, l)))]);
    html! {
        <div class="field">
            <div class="field-head"><label for="f-modes">{w(words::FORM_COLUMNS)}</label></div>
            <div class="field-inputs">
                <select id="f-modes" {onchange}>
                    <option value="both" selected={current == Modes::Both}>{w(words::FORM_BOTH)}</option>
                    <option value="false" selected={current == Modes::Platform}>{only(Mode::Platform)}</option>
                    <option value="true" selected={current == Modes::Virtual}>{only(Mode::Virtual)}</option>
                </select>
            </div>
            <div class="meta"><code class="prop">{property}</code></div>
            <div class="help">{help}</div>
        </div>
    }
}

/// One button per example program.
fn examples(dispatch: &Callback<Action>, l: Locale) -> Html {
    html! {
        <div class="examples">
            { for EXAMPLES.iter().map(|(name, prog)| {
                let d = dispatch.clone();
                let onclick = Callback::from(move |_| d.emit(Action::Edit { mode: None, key: "program".into(), text: (*prog).into() }));
                html! { <button type="button" class="chip" {onclick} title={*prog}>{name.text(l, &[])}</button> }
            }) }
        </div>
    }
}

/// The form.
#[component]
pub(crate) fn ScenarioForm(p: &FormProps) -> Html {
    let s = &p.state;
    let on_edit = {
        let d = p.dispatch.clone();
        Callback::from(move |(mode, key, text): (Option<Mode>, String, String)| {
            d.emit(Action::Edit { mode, key, text })
        })
    };
    // Notes need every column validated: once per scenario, not per render.
    let notes = {
        let st = p.state.clone();
        use_memo(s.generation, move |_| Notes::of(&st.setup))
    };
    let w = |k: Key| k.text(s.view.locale(), &[]);
    let locale = s.view.locale();
    let revealed = revealed(s);
    let group_head = |g: Group| {
        html! { <><span class="group-title">{g.title(locale)}</span><span class="group-about">{g.about(locale)}</span></> }
    };
    // The first layer: each group's first-layer keys, open.
    let section = |&g: &Group| -> Html {
        let fields: Vec<Html> = first_keys(&s.setup, g)
            .into_iter()
            .map(|k| field(s, &notes, k, &on_edit))
            .collect();
        let extra = match g {
            Group::Server => modes_select(s.setup.modes, s.setup.columns, &p.dispatch, locale),
            Group::Program => examples(&p.dispatch, locale),
            _ => html! {},
        };
        // A group without first-layer keys (budgets, recording, the seed;
        // @Async while the program names no executor) is Advanced's alone.
        if fields.is_empty() && !matches!(g, Group::Server | Group::Program) {
            return html! {};
        }
        html! {
            <details class="group" open=true>
                <summary>{group_head(g)}</summary>
                {extra}
                { for fields }
            </details>
        }
    };
    // The "Advanced" group: every other key, or with the group closed only
    // those that must not hide (`app::show::form::revealed`).
    let advanced_group = |&g: &Group| -> Html {
        let fields: Vec<Html> = advanced_shown(s, g, &revealed)
            .into_iter()
            .map(|k| field(s, &notes, k, &on_edit))
            .collect();
        if fields.is_empty() {
            return html! {};
        }
        html! {
            <div class="group advanced-group" data-group={format!("{g:?}").to_lowercase()}>
                <h3 class="group-head">{group_head(g)}</h3>
                { for fields }
            </div>
        }
    };
    let open = s.view.advanced;
    let (total, shown) = advanced_count(s, &revealed);
    let toggle = {
        let (d, view) = (p.dispatch.clone(), s.view.clone());
        Callback::from(move |_: MouseEvent| {
            let mut v = view.clone();
            v.advanced = !v.advanced;
            d.emit(Action::SetView(v));
        })
    };
    let count = |k: Key, n: usize| k.text(locale, &[("n", Arg::Number(n as f64))]);
    html! {
        <form class="scenario" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            { for GROUPS.iter().map(section) }
            <section class={classes!("advanced", open.then_some("open"))} id="advanced">
                <button type="button" class="advanced-toggle" id="advanced-toggle"
                    aria-expanded={open.to_string()} aria-controls="advanced-fields"
                    onclick={toggle}>
                    <span class="advanced-mark" aria-hidden="true">{if open { "▾ " } else { "▸ " }}</span>
                    <span class="group-title">{w(words::FORM_ADVANCED)}</span>
                    <span class="group-about">{count(words::FORM_ADVANCED_ABOUT, total - if open { 0 } else { shown })}</span>
                </button>
                <div class="advanced-fields" id="advanced-fields">
                    if !open && shown > 0 {
                        <p class="advanced-revealed" id="advanced-revealed">{count(words::FORM_ADVANCED_REVEALED, shown)}</p>
                    }
                    { for GROUPS.iter().map(advanced_group) }
                </div>
            </section>
        </form>
    }
}
