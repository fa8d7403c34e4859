//! The scenario form, built from `scenario::schema()` and grouped as a Spring
//! Boot developer thinks: load, server, request program, HikariCP, @Async,
//! memory, and the advanced budgets.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::field::{Field, Provenance};
use super::labels::group;
use super::preset_pairs;
use super::state::{Action, Modes, UiState};
use crate::scenario::{FieldSpec, Group, schema};

/// Properties of [`ScenarioForm`].
#[derive(Properties, PartialEq)]
pub struct FormProps {
    /// The state.
    pub state: UseReducerHandle<UiState>,
    /// Where edits go.
    pub dispatch: Callback<Action>,
}

/// Example programs: (label, program).
const EXAMPLES: &[(&str, &str)] = &[
    ("sleep 50 ms", "cpu:0.1ms,io:50ms"),
    ("query + HTTP call", "cpu:0.2ms,db:50ms,io:50ms,cpu:0.2ms"),
    ("sleep in synchronized", "cpu:0.1ms,sync{io:50ms}"),
    ("shared lock", "cpu:0.1ms,lock(cache){io:5ms},io:40ms"),
    ("@Async e-mail", "cpu:0.2ms,db:5ms,async(mail){io:100ms}"),
    ("CPU-bound", "cpu:20ms"),
];

/// Executor names used in a program: `async(NAME){`.
fn executors(program: &str) -> Vec<String> {
    let mut out: Vec<String> = program
        .split("async(")
        .skip(1)
        .filter_map(|s| s.split(')').next())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    out.dedup();
    out
}

fn visible(spec: &FieldSpec, open_loop: bool) -> bool {
    let closed_only = [
        "load.concurrency",
        "load.ramp_up_s",
        "load.think_ms",
        "load.loops",
    ];
    let open_only = ["load.rate_rps", "load.arrivals"];
    spec.key != "server.mode"
        && !(open_loop && closed_only.contains(&spec.key))
        && (open_loop || !open_only.contains(&spec.key))
}

/// The form.
#[component]
pub fn ScenarioForm(p: &FormProps) -> Html {
    let s = &p.state;
    let on_edit = {
        let d = p.dispatch.clone();
        Callback::from(move |(mode, key, text): (Option<String>, String, String)| {
            d.emit(Action::Edit { mode, key, text })
        })
    };
    let preset = s.scenario.preset.as_deref().and_then(preset_pairs::find);
    let provenance = |key: &str| -> Option<Provenance> {
        let p = preset?;
        if let Some(a) = p.assumptions.iter().find(|a| a.key == key) {
            return Some(Provenance::Assumed(a.reason.to_string()));
        }
        p.stated.contains(&key).then_some(Provenance::Stated)
    };
    let open_loop = s.text(None, "load.kind").as_deref() == Some("open");
    let field = |key: String| -> Html {
        let override_text = s
            .scenario
            .overrides
            .iter()
            .find(|(_, d)| d.get(&key).is_some())
            .map(|(m, _)| (m.clone(), s.text(Some(m), &key).unwrap_or_default()));
        html! {
            <Field key={key.clone()} key_name={key.clone()}
                text={s.text(None, &key).unwrap_or_default()}
                errors={s.errors_for(&key).into_iter().cloned().collect::<Vec<_>>()}
                provenance={provenance(&key)} {override_text} on_edit={on_edit.clone()} />
        }
    };
    let section = |g: Group, open: bool, extra: Html| -> Html {
        let (title, about) = group(g);
        let fields: Vec<Html> = schema()
            .iter()
            .filter(|f| f.group == g && !f.key.starts_with("async.") && visible(f, open_loop))
            .map(|f| field(f.key.to_string()))
            .collect();
        html! {
            <details class="group" {open}>
                <summary><span class="group-title">{title}</span><span class="group-about">{about}</span></summary>
                {extra}
                { for fields }
            </details>
        }
    };
    let modes_select = {
        let d = p.dispatch.clone();
        let onchange = Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            d.emit(Action::SetModes(match v.as_str() {
                "false" => Modes::Platform,
                "true" => Modes::Virtual,
                _ => Modes::Both,
            }))
        });
        let m = s.scenario.modes;
        html! {
            <div class="field">
                <div class="field-head"><label for="f-modes">{"Virtual threads"}</label></div>
                <div class="field-inputs">
                    <select id="f-modes" {onchange}>
                        <option value="both" selected={m == Modes::Both}>{"compare: false and true side by side"}</option>
                        <option value="false" selected={m == Modes::Platform}>{"false: platform threads"}</option>
                        <option value="true" selected={m == Modes::Virtual}>{"true: virtual threads"}</option>
                    </select>
                </div>
                <div class="meta"><code class="prop">{"spring.threads.virtual.enabled"}</code>{" · default "}<code>{"false"}</code></div>
                <div class="help">{"false: Tomcat's pool of platform threads; true: one virtual thread per request on a few carrier threads"}</div>
            </div>
        }
    };
    let examples = {
        let d = p.dispatch.clone();
        html! {
            <div class="examples">
                { for EXAMPLES.iter().map(|(name, prog)| {
                    let d = d.clone();
                    let onclick = Callback::from(move |_| d.emit(Action::Edit { mode: None, key: "program".into(), text: (*prog).into() }));
                    html! { <button type="button" class="chip" {onclick} title={*prog}>{*name}</button> }
                }) }
            </div>
        }
    };
    let program = s.text(None, "program").unwrap_or_default();
    let async_fields: Vec<Html> = executors(&program)
        .into_iter()
        .flat_map(|name| {
            schema()
                .iter()
                .filter(|f| f.key.starts_with("async.*."))
                .map(|f| field(f.key.replace('*', &name)))
                .collect::<Vec<_>>()
        })
        .collect();
    html! {
        <form class="scenario" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            { section(Group::Load, true, html! {}) }
            { section(Group::Server, true, modes_select) }
            { section(Group::Program, true, examples) }
            { section(Group::Db, true, html! {}) }
            if !async_fields.is_empty() {
                <details class="group" open=true>
                    <summary><span class="group-title">{group(Group::Async).0}</span><span class="group-about">{group(Group::Async).1}</span></summary>
                    { for async_fields }
                </details>
            }
            { section(Group::Memory, false, html! {}) }
            { section(Group::Limits, false, html! {}) }
            { section(Group::Record, false, html! {}) }
            { section(Group::Run, false, html! {}) }
        </form>
    }
}
