//! A canvas that draws one chart (sized to its box and the device's pixel
//! ratio, redrawn on resize) and shows the values under the pointer, where
//! a finger taps, or at the point the keyboard's cursor is on (the chart
//! takes focus; ← → Home End move, Escape hides; `chart::step` decides),
//! announced through a live region.

use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use web_sys::{HtmlCanvasElement, HtmlElement};
use yew::prelude::*;

use super::backend::PageBackend;
use crate::app::ChartSpec;
use crate::chart::{self, CursorMove, Frame, Style, Tooltip};
use crate::i18n::Arg;
use crate::i18n::keys::ui as words;

/// Draws `spec` on `canvas` at its displayed size; returns the frame (device pixels).
pub fn draw_on(canvas: &HtmlCanvasElement, spec: &ChartSpec) -> Option<Frame> {
    let (w, h) = (canvas.client_width(), canvas.client_height());
    if w <= 0 || h <= 0 {
        return None;
    }
    let window = gloo::utils::window();
    let dpr = window.device_pixel_ratio().clamp(1.0, 3.0);
    canvas.set_width((w as f64 * dpr) as u32);
    canvas.set_height((h as f64 * dpr) as u32);
    let font_css = window
        .get_computed_style(canvas)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("font-size").ok())
        .and_then(|v| v.trim_end_matches("px").parse::<f64>().ok())
        .unwrap_or(14.0);
    // Presenter mode's style sheet sets the smallest text a chart may use.
    let min_rel = window
        .get_computed_style(canvas)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("--chart-min-font").ok())
        .and_then(|v| v.trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    let style = Style {
        font_px: font_css * dpr,
        scale: dpr,
        min_rel,
    };
    let backend = PageBackend::Canvas(CanvasBackend::with_canvas_object(canvas.clone())?);
    let area = backend.into_drawing_area();
    let frame = match chart::draw(&area, &style, spec) {
        Ok(f) => f,
        Err(e) => {
            let why = words::CHART_CANNOT_DRAW.text(
                super::address::page_locale(),
                &[("why", Arg::Text(e.to_string()))],
            );
            chart::draw_message(&area, &style, &why).unwrap_or_default()
        }
    };
    let _ = area.present();
    let n: u32 = canvas
        .get_attribute("data-draws")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let _ = canvas.set_attribute("data-draws", &(n + 1).to_string());
    // The x range drawn, for tests and tools that read the page.
    let _ = canvas.set_attribute("data-x-min", &frame.x_min.to_string());
    let _ = canvas.set_attribute("data-x-max", &frame.x_max.to_string());
    // How many points the keyboard steps through (and the table has rows).
    let points = chart::data(spec).xs().len();
    let _ = canvas.set_attribute("data-points", &points.to_string());
    Some(frame)
}

/// Properties of [`ChartCanvas`].
#[derive(Properties, PartialEq)]
pub(crate) struct CanvasProps {
    /// What to draw.
    pub(crate) spec: Rc<ChartSpec>,
    /// Element id (tests find charts by it).
    pub(crate) id: AttrValue,
    /// Accessible name: the chart's title.
    pub(crate) label: AttrValue,
    /// Ids of the elements that describe it (its caption, the keys).
    pub(crate) described_by: AttrValue,
    /// Redraws when it changes (presenter mode's type, a table shown
    /// instead and hidden again).
    #[prop_or_default]
    pub(crate) look: (bool, bool),
}

/// Where a tooltip stands: left, top (CSS px), flipped to the point's left,
/// raised above it, and what it says.
type Tip = (f64, f64, bool, bool, Tooltip);

/// A chart on a canvas with a tooltip for the pointer, taps and keys.
#[component]
pub(crate) fn ChartCanvas(p: &CanvasProps) -> Html {
    let canvas = use_node_ref();
    let tip_ref = use_node_ref();
    let cursor_ref = use_node_ref();
    let frame = use_mut_ref(Frame::default);
    let current = use_mut_ref(|| p.spec.clone());
    let tip = use_state(|| None::<Tip>);
    // The keyboard cursor: which point, and the line marking it (x, top,
    // height in CSS px).
    let at = use_mut_ref(|| None::<usize>);
    let cursor = use_state(|| None::<(f64, f64, f64)>);
    let live = use_state(String::new);
    // One pending draw at a time: a newer spec or resize replaces (cancels)
    // a draw still waiting.
    let pending = use_mut_ref(|| None::<Timeout>);
    let redraw = {
        let (canvas, frame, current, pending) = (
            canvas.clone(),
            frame.clone(),
            current.clone(),
            pending.clone(),
        );
        Rc::new(move |delay_ms: u32| {
            let (canvas, frame, current) = (canvas.clone(), frame.clone(), current.clone());
            *pending.borrow_mut() = Some(Timeout::new(delay_ms, move || {
                if let Some(c) = canvas.cast::<HtmlCanvasElement>()
                    && let Some(f) = draw_on(&c, &current.borrow())
                {
                    *frame.borrow_mut() = f;
                }
            }));
        })
    };
    {
        let (current, redraw, at, tip, cursor) = (
            current.clone(),
            redraw.clone(),
            at.clone(),
            tip.clone(),
            cursor.clone(),
        );
        // Each chart draws in a task of its own: drawn in the render that
        // changed them, a dozen charts made one main-thread task of 60-110 ms
        // at page load.
        use_effect_with((p.spec.clone(), p.look), move |(spec, _)| {
            if *current.borrow() != *spec {
                *at.borrow_mut() = None;
                tip.set(None);
                cursor.set(None);
            }
            *current.borrow_mut() = spec.clone();
            redraw(0);
        });
    }
    use_effect_with((), move |_| {
        // Redrawn at the new size once the window stops resizing.
        let listener = EventListener::new(&gloo::utils::window(), "resize", move |_| redraw(150));
        move || drop(listener)
    });
    {
        let tip_ref = tip_ref.clone();
        use_effect_with((*tip).clone(), move |t| {
            if let (Some(el), Some((x, y, _, _, _))) = (tip_ref.cast::<HtmlElement>(), t) {
                place(&el, &[("left", *x), ("top", *y)]);
            }
        });
    }
    {
        let cursor_ref = cursor_ref.clone();
        use_effect_with(*cursor, move |c| {
            if let (Some(el), Some((x, top, height))) = (cursor_ref.cast::<HtmlElement>(), c) {
                place(&el, &[("left", *x), ("top", *top), ("height", *height)]);
            }
        });
    }
    let onmousemove = {
        let (tip, frame, current, canvas) =
            (tip.clone(), frame.clone(), current.clone(), canvas.clone());
        Callback::from(move |e: MouseEvent| {
            let Some(c) = canvas.cast::<HtmlCanvasElement>() else {
                return;
            };
            let dpr = c.width() as f64 / c.client_width().max(1) as f64;
            let (x, y) = (e.offset_x() as f64, e.offset_y() as f64);
            let f = *frame.borrow();
            let found = f
                .data_x(x * dpr)
                .and_then(|dx| chart::tooltip(&current.borrow(), dx));
            tip.set(found.map(|t| beside(&c, x, y, t)));
        })
    };
    // A tap on a touch screen arrives as a click: the same tooltip.
    let onclick = onmousemove.clone();
    let onmouseleave = {
        let (tip, at) = (tip.clone(), at.clone());
        Callback::from(move |_| {
            // The keyboard's tooltip stays until the keyboard moves it.
            if at.borrow().is_none() {
                tip.set(None);
            }
        })
    };
    let onkeydown = {
        let (tip, frame, current, canvas, at, cursor, live, title) = (
            tip.clone(),
            frame.clone(),
            current.clone(),
            canvas.clone(),
            at.clone(),
            cursor.clone(),
            live.clone(),
            p.label.clone(),
        );
        Callback::from(move |e: KeyboardEvent| {
            let spec = current.borrow().clone();
            let data = chart::data(&spec);
            let xs = data.xs();
            let Some(step) = chart::step(&e.key(), *at.borrow(), xs.len()) else {
                return;
            };
            e.prevent_default();
            let CursorMove::To(i) = step else {
                tip.set(None);
                cursor.set(None);
                live.set(String::new());
                return;
            };
            *at.borrow_mut() = Some(i);
            let (Some(c), Some(t)) = (
                canvas.cast::<HtmlCanvasElement>(),
                chart::tooltip(&spec, xs[i]),
            ) else {
                return;
            };
            let dpr = c.width() as f64 / c.client_width().max(1) as f64;
            let f = *frame.borrow();
            let x = f.px_x(xs[i]) / dpr;
            let y = f.px_y(data.y_at(xs[i])) / dpr;
            cursor.set(Some((x, f.px_top / dpr, (f.px_bottom - f.px_top) / dpr)));
            live.set(format!("{title}. {}: {}", t.title, t.lines.join("; ")));
            tip.set(Some(beside(&c, x, y, t)));
        })
    };
    let onblur = {
        let (tip, cursor, at) = (tip.clone(), cursor.clone(), at.clone());
        Callback::from(move |_| {
            if at.borrow_mut().take().is_some() {
                tip.set(None);
                cursor.set(None);
            }
        })
    };
    let tooltip = match &*tip {
        Some((_, _, flip, above, t)) => html! {
            <div ref={tip_ref.clone()} class={classes!("tooltip", flip.then_some("flip"), above.then_some("above"))}>
                <strong>{t.title.clone()}</strong>
                { for t.lines.iter().map(|l| html! { <div>{l.clone()}</div> }) }
            </div>
        },
        None => html! { <div ref={tip_ref.clone()} class="tooltip" hidden=true></div> },
    };
    html! {
        <div class="canvas-box">
            <canvas ref={canvas} id={p.id.clone()} role="img" tabindex="0"
                aria-label={p.label.clone()} aria-describedby={p.described_by.clone()}
                {onmousemove} {onclick} {onmouseleave} {onkeydown} {onblur}></canvas>
            <div ref={cursor_ref} class="chart-cursor" hidden={cursor.is_none()}></div>
            {tooltip}
            <p class="sr-only" aria-live="polite" id={format!("{}-live", p.id)}>{(*live).clone()}</p>
        </div>
    }
}

/// A tooltip beside the point (x, y) of canvas `c` (CSS px): flipped to
/// its left in the right part of the chart, raised above it in the lower
/// part, so it stays on the chart.
fn beside(c: &HtmlCanvasElement, x: f64, y: f64, t: Tooltip) -> Tip {
    let flip = x > c.client_width() as f64 * 0.55;
    let above = y > c.client_height() as f64 * 0.5;
    let left = if flip { x - 12.0 } else { x + 12.0 };
    let top = if above { y - 12.0 } else { y + 12.0 };
    (left, top, flip, above, t)
}

/// Sets an element's position properties in CSS px (through the CSSOM,
/// which the page's Content-Security-Policy allows, unlike style attributes).
fn place(el: &HtmlElement, props: &[(&str, f64)]) {
    let style = el.style();
    for (name, px) in props {
        let _ = style.set_property(name, &format!("{px}px"));
    }
}
