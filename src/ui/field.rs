//! One form control: label, the real property name, the real default, unit,
//! one line of help, a slider where it helps, the text as typed (never
//! lost) and the validation message naming field, value and range.

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::app::Mode;
use crate::app::form::{
    Provenance, SLIDER_STEPS, control_id, slider_id, slider_position, slider_text, whole,
};
use crate::scenario::{FieldError, FieldKind, field, mode_word};

/// Properties of [`Field`].
#[derive(Properties, PartialEq)]
pub struct FieldProps {
    /// The full key (for `async.*` keys, with the executor's name).
    pub key_name: AttrValue,
    /// The current text (empty = default).
    pub text: String,
    /// Problems with it.
    pub errors: Vec<FieldError>,
    /// Stated or assumed by the loaded preset.
    #[prop_or_default]
    pub provenance: Option<Provenance>,
    /// A per-mode override: (mode, text).
    #[prop_or_default]
    pub override_text: Option<(Mode, String)>,
    /// (mode, key, text) on every edit.
    pub on_edit: Callback<(Option<Mode>, String, String)>,
}

/// A form control for one scenario key.
#[component]
pub fn Field(p: &FieldProps) -> Html {
    let key = p.key_name.to_string();
    let id = control_id(&key, None);
    let Some(spec) = field(&key) else {
        return html! {};
    };
    let edit = |mode: Option<Mode>| {
        let on = p.on_edit.clone();
        let key = key.clone();
        move |text: String| on.emit((mode, key.clone(), text))
    };
    let input = |mode: Option<Mode>, text: &str, id: String| -> Html {
        let emit = edit(mode);
        match spec.kind {
            FieldKind::Choice(options) => {
                let onchange = Callback::from(move |e: Event| {
                    emit(e.target_unchecked_into::<HtmlSelectElement>().value())
                });
                let current = if text.is_empty() { spec.default } else { text };
                html! {
                    <select {id} {onchange}>
                        if spec.nullable { <option value="" selected={text.is_empty()}>{"default"}</option> }
                        { for options.iter().map(|o| html! { <option value={*o} selected={*o == current}>{*o}</option> }) }
                    </select>
                }
            }
            FieldKind::Program => {
                let oninput = Callback::from(move |e: InputEvent| {
                    emit(e.target_unchecked_into::<HtmlTextAreaElement>().value())
                });
                html! {
                    <textarea {id} class="wide program" rows="2" spellcheck="false"
                        value={text.to_string()} placeholder={spec.default} {oninput} />
                }
            }
            _ => {
                let oninput = Callback::from(move |e: InputEvent| {
                    emit(e.target_unchecked_into::<HtmlInputElement>().value())
                });
                let numeric = matches!(spec.kind, FieldKind::Int { .. } | FieldKind::Float { .. });
                let placeholder = if spec.default == "null" {
                    "not set".to_string()
                } else {
                    spec.default.to_string()
                };
                html! {
                    <input {id} type="text" class={classes!(numeric.then_some("num"), (!numeric).then_some("wide"))}
                        inputmode={if numeric { "decimal" } else { "text" }} spellcheck="false"
                        value={text.to_string()} {placeholder} {oninput} />
                }
            }
        }
    };
    let int = whole(&key);
    let text_or_default = if p.text.is_empty() {
        spec.default.to_string()
    } else {
        p.text.clone()
    };
    let slider_html = spec.slider.map(|r| {
        let emit = edit(None);
        let oninput = Callback::from(move |e: InputEvent| {
            let pos: f64 = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .parse()
                .unwrap_or(0.0);
            emit(slider_text(pos, r, int));
        });
        html! {
            <input type="range" id={slider_id(&key)} min="0" max={SLIDER_STEPS.to_string()} step="1"
                aria-label={spec.label}
                value={format!("{:.0}", slider_position(&text_or_default, r))} {oninput} />
        }
    });
    let badge = match &p.provenance {
        Some(Provenance::Stated) => {
            html! { <span class="badge stated" title="the article states this value">{"stated"}</span> }
        }
        Some(Provenance::Assumed(why)) => {
            html! { <span class="badge assumed" title={why.clone()}>{"assumed"}</span> }
        }
        None => html! {},
    };
    let reason = match &p.provenance {
        Some(Provenance::Assumed(why)) => {
            html! { <div class="reason">{"Assumption: "}{why.clone()}</div> }
        }
        _ => html! {},
    };
    let invalid = !p.errors.is_empty();
    html! {
        <div class={classes!("field", invalid.then_some("invalid"))}>
            <div class="field-head">
                <label for={id.clone()}>{spec.label}</label>
                if !spec.unit.is_empty() { <span class="unit">{spec.unit}</span> }
                {badge}
            </div>
            <div class="field-inputs">
                { for slider_html }
                { input(None, &p.text, id.clone()) }
            </div>
            if let Some((mode, text)) = &p.override_text {
                <div class="override">
                    <span>{format!("{} run uses", mode_word(*mode))}</span>
                    { input(Some(*mode), text, control_id(&key, Some(*mode))) }
                </div>
            }
            <div class="meta">
                if !spec.property.is_empty() { <code class="prop">{spec.property}</code>{" · "} }
                {"default "}<code>{if spec.default == "null" { "not set" } else { spec.default }}</code>
            </div>
            <div class="help">{spec.help}</div>
            {reason}
            { for p.errors.iter().map(|e| html! {
                <div class="error" role="alert">{format!("{}: “{}” — {}", e.field, e.value, e.message)}</div>
            }) }
        </div>
    }
}
