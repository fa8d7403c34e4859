//! The error panel: a panic on the page's main thread, or in the simulation
//! worker, is shown with what happened, the details to copy (scenario,
//! version, message) and a way back to the defaults, never as a dead page.
//! The panel is plain HTML in `index.html` and its buttons are wired by the
//! page's boot script, so they work even after WebAssembly trapped; this
//! module only fills it in.

use std::cell::RefCell;

use super::address;
use crate::app::worker::supervise::one_line;
use crate::i18n::keys::ui as words;

thread_local! {
    /// The page's address for the current state, for the details.
    static PERMALINK: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Installs the hook (call before rendering).
pub(crate) fn install() {
    yew::set_custom_panic_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let what = words::PANIC_PAGE.text(address::page_locale(), &[]);
        show(&what, &message(info), false);
    }));
}

/// A panic in one line, what it says first: "index out of bounds… (at
/// src/x.rs:3:5)" (the page's and the worker's).
pub(crate) fn message(info: &std::panic::PanicHookInfo) -> String {
    let none = || words::PANIC_NO_MESSAGE.text(address::page_locale(), &[]);
    let what = info.payload_as_str().map_or_else(none, str::to_string);
    match info.location() {
        Some(at) => format!("{what} (at {}:{}:{})", at.file(), at.line(), at.column()),
        None => what,
    }
}

/// Remembers the address of the state on screen (for "copy details").
pub(crate) fn set_permalink(url: &str) {
    PERMALINK.with(|p| url.clone_into(&mut p.borrow_mut()));
}

/// What "copy details" copies.
fn details(message: &str) -> String {
    let page = PERMALINK.with(|p| p.borrow().clone());
    let agent = gloo::utils::window()
        .navigator()
        .user_agent()
        .unwrap_or_default();
    format!(
        "threadlab {}\nscenario: {page}\nmessage: {message}\nbrowser: {agent}\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// Shows the panel: `what` happened, the `message`; `recoverable` when the
/// page still works (a worker was replaced) and the panel may be dismissed.
pub(crate) fn show(what: &str, message: &str, recoverable: bool) {
    let document = gloo::utils::document();
    let set = |id: &str, text: &str| {
        if let Some(el) = document.get_element_by_id(id) {
            el.set_text_content(Some(text));
        }
    };
    let l = address::page_locale();
    set("panic-what", what);
    set("panic-copy", &words::PANIC_COPY.text(l, &[]));
    set("panic-reset", &words::PICKER_RESET_DEFAULTS.text(l, &[]));
    set("panic-dismiss", &words::NOTICE_DISMISS.text(l, &[]));
    set("panic-message", &one_line(message));
    set("panic-details", &details(message));
    if let Some(dismiss) = document.get_element_by_id("panic-dismiss") {
        let _ = if recoverable {
            dismiss.remove_attribute("hidden")
        } else {
            dismiss.set_attribute("hidden", "")
        };
    }
    if let Some(panel) = document.get_element_by_id("panic") {
        let _ = panel.remove_attribute("hidden");
    }
}
