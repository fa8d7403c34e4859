//! Browser tests of the playground's glue (wasm-bindgen-test in headless
//! Chromium): the app renders its form, presets and measured table; a chart
//! draws on a real canvas.
#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use threadlab::app::{ChartKind, ChartSpec, Mode, RunView, State};
use threadlab::i18n::Locale;
use threadlab::scenario::{Draft, validate};
use threadlab::ui::{App, MeasuredPanel};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

async fn tick(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Waits until `ready` holds, checking every 20 ms, for at most `ms`: the
/// form is built one task after the first render, which on a busy machine
/// can take longer than any fixed pause.
async fn until(ready: impl Fn() -> bool, ms: i32) {
    let mut waited = 0;
    while !ready() && waited < ms {
        tick(20).await;
        waited += 20;
    }
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn coloured_pixels(canvas: &HtmlCanvasElement) -> usize {
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let data = ctx
        .get_image_data(0.0, 0.0, canvas.width() as f64, canvas.height() as f64)
        .unwrap()
        .data();
    data.chunks(4)
        .filter(|p| (p[0] as i32 - p[2] as i32).abs() > 60)
        .count()
}

#[wasm_bindgen_test]
async fn app_renders_form_presets_and_measured_table() {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    let fields = || root.query_selector_all(".field").unwrap().length();
    // The form's first layer (scenario::FIRST_LAYER) shows at once; the
    // Advanced button brings the other settings.
    until(|| fields() >= 8, 5000).await;
    let html = root.inner_html();
    assert!(html.contains("threadlab"));
    assert!(
        document().get_element_by_id("preset").is_some(),
        "preset picker"
    );
    let first = fields();
    assert!(first >= 8, "{first} form fields in the first layer");
    let advanced = document()
        .get_element_by_id("advanced-toggle")
        .expect("the Advanced button");
    advanced.dyn_into::<HtmlElement>().unwrap().click();
    until(|| fields() >= first + 20, 5000).await;
    assert!(
        fields() >= first + 20,
        "{} form fields with Advanced open",
        fields()
    );
    assert!(
        html.contains("server.tomcat.threads.max"),
        "real property names"
    );
    assert!(html.contains("E2: measured vs simulated"), "measured panel");
    assert!(html.contains("程序员欣宸"), "the source's author");
    // One canvas per chart of the page as it starts: the sweeps, the runs
    // over time, the histogram and errors (each run's timeline, utilisation
    // and memory come with the worker's results).
    let canvases = root.query_selector_all("canvas").unwrap();
    let listed = threadlab::app::show::charts::charts(&State::default()).len();
    assert!(listed >= 6, "{listed} charts listed");
    assert!(canvases.length() as usize >= listed, "chart canvases");
    assert!(
        root.query_selector("canvas[data-draws]").unwrap().is_some(),
        "charts drew (waiting for the worker)"
    );
}

/// The measured panel with rows as the worker would send them.
#[yew::component]
fn PanelWithRows() -> yew::Html {
    let state = yew::use_reducer(|| {
        let mut s = State::default();
        for (mode, preset) in [
            (Mode::Platform, "e2-platform"),
            (Mode::Virtual, "e2-virtual"),
        ] {
            let mut d = threadlab::scenario::preset(preset).unwrap().draft();
            d.set("load.requests", "4000").unwrap();
            let report = threadlab::sim::run(&validate(&d).unwrap());
            *s.results.rows.get_mut(mode) = threadlab::fidelity::rows_for(preset, &report);
        }
        s
    });
    yew::html! { <MeasuredPanel {state} /> }
}

#[wasm_bindgen_test]
async fn measured_table_shows_the_articles_figures() {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<PanelWithRows>::with_root(root.clone()).render();
    tick(50).await;
    let table = root
        .query_selector("#measured-table")
        .unwrap()
        .expect("table");
    let text = table.text_content().unwrap();
    assert!(
        text.contains("1,877.21") && text.contains("12,773.14"),
        "{text}"
    );
    assert!(text.contains('%'), "differences in percent");
}

#[wasm_bindgen_test]
fn a_chart_draws_on_a_canvas() {
    let mut d = Draft::new();
    d.set("load.concurrency", "100").unwrap();
    d.set("load.requests", "2000").unwrap();
    d.set("server.threads_max", "20").unwrap();
    d.set("program", "cpu:0.1ms,io:20ms").unwrap();
    let report = threadlab::sim::run(&validate(&d).unwrap());
    let run = Rc::new(RunView::from_report(Mode::Platform, &report));
    let canvas: HtmlCanvasElement = document()
        .create_element("canvas")
        .unwrap()
        .dyn_into()
        .unwrap();
    let el: &HtmlElement = canvas.unchecked_ref();
    el.style().set_property("width", "640px").unwrap();
    el.style().set_property("height", "400px").unwrap();
    document().body().unwrap().append_child(&canvas).unwrap();
    for kind in [
        ChartKind::Timeline(run.clone()),
        ChartKind::Memory(run.clone()),
    ] {
        let spec = ChartSpec::new(kind, Locale::En);
        let frame = threadlab::ui::draw_chart(&canvas, &spec).expect("drawn");
        assert!(frame.px_right > frame.px_left);
        assert!(coloured_pixels(&canvas) > 100, "non-blank chart");
    }
}
