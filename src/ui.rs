//! The Yew playground (wasm32 only): components, the DOM and the bridge to
//! the simulation worker, nothing more. What the page shows and does is
//! decided in `crate::app` (natively tested); components render its state,
//! dispatch its actions and draw `crate::chart`s on canvases.
//!
//! Components, one per file: `app` → `playground` (the state from the
//! address; the full layout with the phone's results/settings tabs, or
//! `embed`, the compact one for an iframe) → `presets_picker`, `progress`,
//! `share` (→ `embed_dialog`), `notice`, `interrupted`, `form` → `field`,
//! `scenario_about`, `summary` (→ `breakdown`), `baseline`, `measured_panel`, `replay` (the
//! timeline replay's panel), `charts` → `chart_canvas`; `guide` (the lesson panel, the "Lessons" entry, the
//! language menu's entries, the lesson's keys and its stored progress) →
//! `room` (the room's tally and its histogram); `speaker` (the speaker view,
//! presenter mode's button that opens it, and the channel the projector's
//! window follows); `handout` (a lesson's handout to print: every chapter
//! run on workers of its own).
//! Beside them: `reducer` (the app's state as a Yew
//! reducer), `runner` (the worker as a hook) over `bridge` (the page's end
//! of the worker, with its watchdog), `worker` (the worker's end),
//! `address` (the address bar, theme, debug fragment), `export` (files and
//! the clipboard), `card` (the image card for feeds, painted and saved), `backend` (canvas or SVG for the charts, text measured
//! on a canvas), `panic` (the error panel).

mod address;
mod app;
mod backend;
mod baseline;
mod breakdown;
mod bridge;
mod card;
mod catalogue;
mod chart_canvas;
mod chart_figure;
mod charts;
mod embed;
mod embed_dialog;
mod endpoints;
mod export;
mod field;
mod form;
mod guide;
mod handout;
mod interrupted;
mod measured_panel;
mod notice;
mod panic;
mod playground;
mod presets_picker;
mod progress;
mod reducer;
mod replay;
mod replicas;
mod room;
mod runner;
mod scenario_about;
mod share;
mod speaker;
mod summary;
mod worker;
mod yours_panel;

pub use app::App;
pub use chart_canvas::draw_on as draw_chart;
pub use measured_panel::MeasuredPanel;

/// Installs the panic panel, then renders `C` in `#app` in place of the
/// loading message.
fn mount<C: yew::BaseComponent>()
where
    C::Properties: Default,
{
    panic::install();
    let document = gloo::utils::document();
    if let Some(loading) = document.get_element_by_id("loading") {
        loading.remove();
    }
    match document.get_element_by_id("app") {
        Some(root) => yew::Renderer::<C>::with_root(root).render(),
        None => yew::Renderer::<C>::new().render(),
    };
}

/// Starts the page (the full playground, or an embed when the link says so).
pub fn start() {
    catalogue::then_start(opening_locale(), mount::<App>);
}

/// Starts an embed (`?embed=1`) from its own, lighter module: the
/// playground without its full page.
pub fn start_embed() {
    bridge::workers_share_this_module();
    catalogue::then_start(opening_locale(), mount::<playground::EmbedPage>);
}

/// The embed module's entry: in a Web Worker it is the embed's simulation
/// worker (the page hands its module to `embed-worker.js`), elsewhere the
/// embed itself.
pub fn start_embed_or_its_worker() {
    use wasm_bindgen::JsCast;
    if js_sys::global().is_instance_of::<web_sys::DedicatedWorkerGlobalScope>() {
        start_worker();
    } else {
        start_embed();
    }
}

/// The language the page opens in: its link's, else the browser's.
fn opening_locale() -> crate::i18n::Locale {
    address::opened().link.view.locale()
}

/// Starts the simulation worker (inside the Web Worker).
pub fn start_worker() {
    worker::start();
}
