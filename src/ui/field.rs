//! One form control: label, the real property name, the real default, unit,
//! one line of help, a slider where it helps, the text as typed (never
//! lost), the one current message naming field, value and range (tied to
//! the control by `aria-invalid` and `aria-describedby`), what the article
//! says of the value, and a note when the setting has no effect.
//!
//! A numeric setting is one stop for the keyboard: its slider is for the
//! pointer (`tabindex=-1`), and ArrowUp/ArrowDown in the text box move the
//! value as the slider would.

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::app::Mode;
use crate::app::basis::words::{field_help, field_label, field_property, field_unit};
use crate::app::show::form::{
    Provenance, SLIDER_STEPS, choice_help, control_id, slider_id, slider_position, slider_text,
    whole,
};
use crate::i18n::keys::{Key, ui as words};
use crate::i18n::{Arg, Locale, Piece};
use crate::scenario::{FieldKind, field, mode_word};

/// Slider steps one arrow key press moves the value by.
const ARROW_STEP: f64 = SLIDER_STEPS / 100.0;

/// Properties of [`Field`].
#[derive(Properties, PartialEq)]
pub(crate) struct FieldProps {
    /// The full key (for `async.*` keys, with the executor's name).
    pub(crate) key_name: AttrValue,
    /// The current text (empty = default).
    pub(crate) text: String,
    /// The one current problem with it, on one line in the page's language.
    #[prop_or_default]
    pub(crate) error: Option<Vec<Piece>>,
    /// Which controls hold the problem: (shared, override).
    #[prop_or_default]
    pub(crate) invalid: (bool, bool),
    /// What the loaded preset says of the value.
    #[prop_or_default]
    pub(crate) provenance: Option<Provenance>,
    /// A per-mode override: (mode, text).
    #[prop_or_default]
    pub(crate) override_text: Option<(Mode, String)>,
    /// Why the setting changes nothing, if it does not.
    #[prop_or_default]
    pub(crate) no_effect: Option<Key>,
    /// (mode, key, text) on every edit.
    pub(crate) on_edit: Callback<(Option<Mode>, String, String)>,
    /// The page's language (the label and the help are in it).
    #[prop_or(Locale::En)]
    pub(crate) locale: Locale,
}

/// A form control for one scenario key.
#[component]
pub(crate) fn Field(p: &FieldProps) -> Html {
    let key = p.key_name.to_string();
    let id = control_id(&key, None);
    let Some(spec) = field(&key) else {
        return html! {};
    };
    let (msg_id, help_id) = (format!("msg-{id}"), format!("help-{id}"));
    let l = p.locale;
    let w = |k: Key| k.text(l, &[]);
    let (label, help) = (field_label(l, &key), field_help(l, &key));
    let describedby = |invalid: bool| {
        if invalid {
            format!("{msg_id} {help_id}")
        } else {
            help_id.clone()
        }
    };
    let edit = |mode: Option<Mode>| {
        let on = p.on_edit.clone();
        let key = key.clone();
        move |text: String| on.emit((mode, key.clone(), text))
    };
    let int = whole(&key);
    let input = |mode: Option<Mode>, text: &str, id: String, invalid: bool| -> Html {
        let emit = edit(mode);
        let aria_invalid = invalid.then_some("true");
        let described = describedby(invalid);
        match spec.kind {
            FieldKind::Choice(options) => {
                let onchange = Callback::from(move |e: Event| {
                    emit(e.target_unchecked_into::<HtmlSelectElement>().value())
                });
                let current = if text.is_empty() { spec.default } else { text };
                html! {
                    <select {id} {onchange} aria-invalid={aria_invalid} aria-describedby={described}>
                        if spec.nullable { <option value="" selected={text.is_empty()}>{w(words::SETTING_DEFAULT_CHOICE)}</option> }
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
                        aria-invalid={aria_invalid} aria-describedby={described}
                        value={text.to_string()} placeholder={spec.default} {oninput} />
                }
            }
            _ => {
                let numeric = matches!(spec.kind, FieldKind::Int { .. } | FieldKind::Float { .. });
                let onkeydown = {
                    let emit = edit(mode);
                    let slider = spec.slider;
                    let default = spec.default;
                    Callback::from(move |e: KeyboardEvent| {
                        let dir = match e.key().as_str() {
                            "ArrowUp" => 1.0,
                            "ArrowDown" => -1.0,
                            _ => return,
                        };
                        let (Some(s), true) = (slider, numeric) else {
                            return;
                        };
                        e.prevent_default();
                        let text = e.target_unchecked_into::<HtmlInputElement>().value();
                        let text = if text.trim().is_empty() {
                            default.to_string()
                        } else {
                            text
                        };
                        let pos = slider_position(&text, s) + dir * ARROW_STEP;
                        emit(slider_text(pos.clamp(0.0, SLIDER_STEPS), s, int));
                    })
                };
                let oninput = Callback::from(move |e: InputEvent| {
                    emit(e.target_unchecked_into::<HtmlInputElement>().value())
                });
                let placeholder = if spec.default == "null" {
                    w(words::SETTING_NOT_SET)
                } else {
                    spec.default.to_string()
                };
                html! {
                    <input {id} type="text" class={classes!(numeric.then_some("num"), (!numeric).then_some("wide"))}
                        inputmode={if numeric { "decimal" } else { "text" }} spellcheck="false"
                        aria-invalid={aria_invalid} aria-describedby={described}
                        value={text.to_string()} {placeholder} {oninput} {onkeydown} />
                }
            }
        }
    };
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
        // The text box beside it is the keyboard's control.
        html! {
            <input type="range" id={slider_id(&key)} min="0" max={SLIDER_STEPS.to_string()} step="1"
                tabindex="-1" aria-label={label.clone()}
                value={format!("{:.0}", slider_position(&text_or_default, r))} {oninput} />
        }
    });
    let badge = match &p.provenance {
        Some(Provenance::Stated) => {
            html! { <span class="badge stated" title={w(words::SETTING_STATED_WHY)}>{w(words::SETTING_STATED)}</span> }
        }
        Some(Provenance::Assumed(why)) => {
            html! { <span class="badge assumed" title={why.text(p.locale)}>{w(words::SETTING_ASSUMED)}</span> }
        }
        Some(Provenance::Changed(was)) => {
            let why = words::SETTING_CHANGED_WHY.text(l, &[("was", Arg::Text(was.clone()))]);
            html! { <span class="badge changed" title={why}>{w(words::SETTING_CHANGED)}</span> }
        }
        None => html! {},
    };
    let reason = match &p.provenance {
        Some(Provenance::Assumed(why)) => {
            html! { <div class="reason">{w(words::SETTING_ASSUMPTION)}{why.text(p.locale)}</div> }
        }
        _ => html! {},
    };
    let (shared_invalid, override_invalid) = p.invalid;
    html! {
        <div class={classes!("field", p.error.is_some().then_some("invalid"), p.no_effect.is_some().then_some("inert"))}>
            <div class="field-head">
                <label for={id.clone()}>{label}</label>
                if !spec.unit.is_empty() { <span class="unit">{field_unit(p.locale, spec)}</span> }
                {badge}
            </div>
            <div class="field-inputs">
                { for slider_html }
                { input(None, &p.text, id.clone(), shared_invalid) }
            </div>
            if let Some((mode, text)) = &p.override_text {
                <div class="override">
                    <label for={control_id(&key, Some(*mode))}>{words::SETTING_OVERRIDE.text(l, &[("mode", Arg::Text(mode_word(*mode).to_string()))])}</label>
                    { input(Some(*mode), text, control_id(&key, Some(*mode)), override_invalid) }
                </div>
            }
            if let Some(why) = p.no_effect {
                <div class="no-effect">{w(why)}</div>
            }
            <div class="meta">
                if spec.property(l).is_some() { <code class="prop">{field_property(l, &key)}</code>{" · "} }
                {w(words::SETTING_DEFAULT)}<code>{if spec.default == "null" { w(words::SETTING_NOT_SET) } else { spec.default.to_string() }}</code>
            </div>
            <div class="help" id={help_id.clone()}>
                {help}
                if let Some(chosen) = choice_help(l, &key, &p.text) {
                    <span class="chosen">{words::SETTING_CHOSEN.text(l, &[("value", Arg::Text(p.text.clone())), ("help", Arg::Text(chosen))])}</span>
                }
            </div>
            {reason}
            if let Some(e) = &p.error {
                <div class="error" id={msg_id.clone()} role="alert">{super::notice::pieces(e.clone())}</div>
            }
        </div>
    }
}
