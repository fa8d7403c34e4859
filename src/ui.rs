//! The Yew playground (wasm32 only): components, the DOM and the bridge to
//! the simulation worker, nothing more. What the page shows and does is
//! decided in `crate::app` (natively tested); components render its state,
//! dispatch its actions and draw `crate::chart`s on canvases.
//!
//! Components, one per file: `app` (worker provider) → `playground` (layout,
//! the phone's results/settings tabs, job dispatch) → `presets_picker`,
//! `progress`, `form` → `field`, `scenario_about`, `summary`, `baseline`,
//! `measured_panel`, `charts` → `chart_canvas`. Beside them:
//! `reducer` (the app's state as a Yew reducer), `worker` (the reactor in
//! the Web Worker), `codec` (messages as JSON text), `panic` (an error panel).

mod app;
mod baseline;
mod chart_canvas;
mod charts;
mod codec;
mod field;
mod form;
mod measured_panel;
mod panic;
mod playground;
mod presets_picker;
mod progress;
mod reducer;
mod scenario_about;
mod summary;
mod worker;

pub use app::App;
pub use chart_canvas::draw_on as draw_chart;
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
        .encoding::<codec::JsonCodec>()
        .register();
}
