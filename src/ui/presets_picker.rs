//! The preset menu: every measured experiment's variants and the lessons.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::scenario::{preset, presets};

/// Properties of [`PresetPicker`].
#[derive(Properties, PartialEq)]
pub struct PickerProps {
    /// The loaded preset.
    pub current: Option<String>,
    /// Called with a preset's name.
    pub on_pick: Callback<String>,
}

/// A select with one option per preset, grouped by experiment.
#[component]
pub fn PresetPicker(p: &PickerProps) -> Html {
    let on_pick = p.on_pick.clone();
    let onchange = Callback::from(move |e: Event| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        if !v.is_empty() {
            on_pick.emit(v);
        }
    });
    let all = presets();
    let mut groups: Vec<&str> = all.iter().map(|p| p.experiment).collect();
    groups.dedup();
    let current = p.current.clone().unwrap_or_default();
    let about = preset(&current).map(|p| p.description);
    html! {
        <div class="picker">
            <label for="preset">{"Scenario"}</label>
            <select id="preset" {onchange}>
                <option value="" selected={current.is_empty()}>{"your own scenario"}</option>
                { for groups.iter().map(|g| html! {
                    <optgroup label={if *g == "lesson" { "Lessons".to_string() } else { format!("{g}: measured") }}>
                        { for all.iter().filter(|p| p.experiment == *g).map(|p| html! {
                            <option value={p.name} selected={p.name == current}>{p.title}</option>
                        }) }
                    </optgroup>
                }) }
            </select>
            if let Some(a) = about { <p class="about">{a}</p> }
        </div>
    }
}
