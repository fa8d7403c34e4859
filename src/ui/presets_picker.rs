//! The scenario menu: lessons first, then one entry per measured experiment's
//! pair of runs, grouped by experiment with a line on each; and the two
//! resets. (What the loaded scenario shows, and what was changed, heads the
//! results: `scenario_about`.)

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::app::{Action, ResetTo, State};
use crate::i18n::Arg;
use crate::i18n::keys::{Key, ui as words};
use crate::scenario::{menu, menu_entry};

const LABEL: Key = words::PICKER_LABEL;
const OWN: Key = words::PICKER_OWN;
const RESET_PRESET: Key = words::PICKER_RESET_PRESET;
const RESET_DEFAULTS: Key = words::PICKER_RESET_DEFAULTS;

/// Properties of [`PresetPicker`].
#[derive(Properties, PartialEq)]
pub(crate) struct PickerProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
    /// Where actions go.
    pub(crate) dispatch: Callback<Action>,
}

/// A select with one option per lesson or measured pair, grouped.
#[component]
pub(crate) fn PresetPicker(p: &PickerProps) -> Html {
    let setup = &p.state.setup;
    let l = p.state.view.locale();
    let w = |k: Key| k.text(l, &[]);
    let onchange = {
        let d = p.dispatch.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if !v.is_empty() {
                d.emit(Action::LoadPreset(v));
            }
        })
    };
    let reset = |to: ResetTo| {
        let d = p.dispatch.clone();
        Callback::from(move |_| d.emit(Action::ResetAll(to)))
    };
    let current = setup
        .preset
        .as_deref()
        .and_then(menu_entry)
        .map(|e| e.preset);
    let edited = {
        let st = p.state.clone();
        *use_memo(p.state.generation, move |_| st.setup.edited())
    };
    // An option the visitor picked is "dirty": its `selected` attribute no
    // longer moves the selection (HTML's rule), so a preset the state
    // loads otherwise (Back or Forward) would leave the menu showing
    // nothing. The select's value is set from the state instead.
    let select = use_node_ref();
    {
        let select = select.clone();
        let value = current.unwrap_or_default().to_string();
        use_effect_with((value, edited), move |(value, _)| {
            if let Some(s) = select.cast::<HtmlSelectElement>()
                && s.value() != *value
            {
                s.set_value(value);
            }
        });
    }
    let options = menu().iter().map(|section| {
        html! {
            <optgroup label={format!("{} — {}", section.title(l), section.about(l))}>
                { for section.entries.iter().map(|e| {
                    let chosen = Some(e.preset) == current;
                    let title = if chosen && edited { words::PICKER_EDITED.text(l, &[("title", Arg::Text(e.title(l)))]) } else { e.title(l) };
                    html! { <option value={e.preset} selected={chosen}>{title}</option> }
                }) }
            </optgroup>
        }
    });
    html! {
        <div class="picker">
            <label for="preset">{w(LABEL)}</label>
            <select id="preset" ref={select} {onchange}>
                <option value="" selected={current.is_none()}>{w(OWN)}</option>
                { for options }
            </select>
            <div class="resets">
                <button type="button" id="reset-preset" onclick={reset(ResetTo::Preset)}
                    disabled={!edited || setup.preset.is_none()}>{w(RESET_PRESET)}</button>
                <button type="button" id="reset-defaults" onclick={reset(ResetTo::Defaults)}
                    disabled={!edited && setup.preset.is_none()}>{w(RESET_DEFAULTS)}</button>
            </div>
        </div>
    }
}
