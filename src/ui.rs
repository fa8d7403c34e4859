//! The Yew playground (wasm32 only): a thin shell over the core. The page
//! keeps the visitor's scenario in a reducer (`state`), sends jobs to the
//! simulation worker (`worker`, a yew-agent reactor in its own Web Worker)
//! and draws what comes back with the pure chart functions of `crate::chart`
//! on canvases.
//!
//! Components, one per file: `app` (worker provider) → `playground` (layout,
//! job dispatch) → `presets_picker`, `progress`, `form` → `field`,
//! `summary`, `measured_panel`, `charts` → `chart_canvas`. The measured
//! figures come from `crate::fidelity` (the worker builds the rows from its
//! reports); `preset_pairs` finds each measured variant's partner in the
//! other mode.

mod app;
mod chart_canvas;
mod charts;
mod field;
mod form;
mod labels;
mod measured_panel;
mod panic;
mod playground;
pub mod preset_pairs;
mod presets_picker;
mod progress;
pub mod protocol;
pub mod state;
mod summary;
pub mod worker;

pub use app::App;
pub use chart_canvas::{ChartCanvas, ChartSpec, draw_on as draw_chart};
pub use measured_panel::MeasuredPanel;
pub use worker::SimReactor;

use yew_agent::Registrable;

/// Starts the page: the panic panel, then the app in `#app`.
pub fn start() {
    panic::install();
    let document = gloo::utils::document();
    if let Some(loading) = document.get_element_by_id("loading") {
        loading.remove();
    }
    match document.get_element_by_id("app") {
        Some(root) => yew::Renderer::<App>::with_root(root).render(),
        None => yew::Renderer::<App>::new().render(),
    };
}

/// Starts the simulation worker (inside the Web Worker).
pub fn start_worker() {
    console_error_panic_hook::set_once();
    SimReactor::registrar()
        .encoding::<protocol::JsonCodec>()
        .register();
}
