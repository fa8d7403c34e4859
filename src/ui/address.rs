//! The address bar and the document around the app: the page's query (a
//! permalink, `crate::app::link::permalink`) read with the browser's language,
//! writing the current state back with `history.pushState` or
//! `replaceState` (which one is `crate::app::page::history`'s choice), Back and
//! Forward, the page's own address for links and snippets, the colour
//! theme on `<html>`, and the debug fragment.

use crate::app::link::view::Theme;
use crate::app::worker::supervise::Fault;

/// The page's query, without `?`.
pub(crate) fn query() -> String {
    let search = gloo::utils::window()
        .location()
        .search()
        .unwrap_or_default();
    search.strip_prefix('?').unwrap_or(&search).to_string()
}

/// The page's address without query or fragment (…/threadlab/).
pub(crate) fn base() -> String {
    let l = gloo::utils::window().location();
    format!(
        "{}{}",
        l.origin().unwrap_or_default(),
        l.pathname().unwrap_or_default()
    )
}

/// The full address of a state whose link is `query`.
pub(crate) fn permalink(query: &str) -> String {
    if query.is_empty() {
        base()
    } else {
        format!("{}?{query}", base())
    }
}

/// The link the address holds, read as a link is (`permalink::decode`),
/// with the browser's language for a link that names none: what the page
/// opens with, and what Back or Forward brings it to.
pub(crate) fn opened() -> crate::app::Decoded {
    let mut d = crate::app::link::permalink::decode(&query());
    d.link.view.browser = browser_locale();
    d
}

/// The first of the browser's languages (`navigator.languages`, else
/// `navigator.language`) the page is written in
/// (`crate::app::link::view::browser_language`).
fn browser_locale() -> Option<crate::i18n::Locale> {
    let navigator = gloo::utils::window().navigator();
    let mut languages: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|l| l.as_string())
        .collect();
    if languages.is_empty() {
        languages.extend(navigator.language());
    }
    crate::app::link::view::browser_language(&languages)
}

/// The page's path with `query` and the current fragment.
fn address_of(query: &str) -> String {
    let l = gloo::utils::window().location();
    let path = l.pathname().unwrap_or_default();
    let hash = l.hash().unwrap_or_default();
    if query.is_empty() {
        format!("{path}{hash}")
    } else {
        format!("{path}?{query}{hash}")
    }
}

/// Puts `query` in the address bar without a new history entry (the
/// fragment stays).
pub(crate) fn replace(query: &str) {
    if query == self::query() {
        return;
    }
    if let Ok(h) = gloo::utils::window().history() {
        let url = address_of(query);
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Puts `query` in the address bar as a new history entry, which Back
/// leaves for the one before.
pub(crate) fn push(query: &str) {
    if query == self::query() {
        return;
    }
    if let Ok(h) = gloo::utils::window().history() {
        let url = address_of(query);
        let _ = h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Calls `f` when Back or Forward brings the page to another of its
/// entries (`popstate`).
pub(crate) fn on_history(f: impl Fn() + 'static) -> gloo::events::EventListener {
    gloo::events::EventListener::new(&gloo::utils::window(), "popstate", move |_| f())
}

/// Whether the system prefers dark colours.
pub(crate) fn system_dark() -> bool {
    gloo::utils::window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Sets the theme on `<html>`: the choice in `data-theme`, and the class
/// `dark` when the colours are dark (the style sheets follow the class).
pub(crate) fn apply_theme(theme: Theme) {
    if let Some(root) = gloo::utils::document().document_element() {
        let _ = root.set_attribute("data-theme", theme.word());
        let dark = match theme {
            Theme::Dark => true,
            Theme::Light => false,
            Theme::Auto => system_dark(),
        };
        let _ = root.class_list().toggle_with_force("dark", dark);
    }
}

/// Sets presenter mode's class on `<html>` (its type scales from there).
pub(crate) fn apply_presenter(on: bool) {
    if let Some(root) = gloo::utils::document().document_element() {
        let _ = root.class_list().toggle_with_force("presenter", on);
    }
}

/// Sets the page's language on `<html lang>` (screen readers, fonts and
/// hyphenation follow it) and its title in that language (a tab's name,
/// a bookmark's).
pub(crate) fn apply_language(locale: crate::i18n::Locale) {
    let document = gloo::utils::document();
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", locale.code());
    }
    document.set_title(&crate::i18n::keys::ui::PAGE_TITLE.text(locale, &[]));
}

/// The page's language as `<html lang>` holds it ([`apply_language`]), for
/// words written outside a component (the error panel, the worker's
/// failures); English before the page set it.
pub(crate) fn page_locale() -> crate::i18n::Locale {
    gloo::utils::document()
        .document_element()
        .and_then(|root| root.get_attribute("lang"))
        .and_then(|code| crate::i18n::Locale::named(&code))
        .unwrap_or(crate::i18n::Locale::En)
}

/// Calls `f` whenever the system switches between light and dark.
pub(crate) fn on_system_theme(f: impl Fn() + 'static) -> Option<gloo::events::EventListener> {
    let query = gloo::utils::window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()??;
    Some(gloo::events::EventListener::new(
        &query,
        "change",
        move |_| f(),
    ))
}

/// A fault to cause on purpose, from the fragment `#threadlab-debug=…`:
/// `panic-page` (the main thread panics), `panic-worker` (the worker
/// panics) or `hang-worker` (the worker never ends its slice). It fires
/// once, when a page opens with it in its address (typed or from a link:
/// the page itself never writes one); [`take_debug_fault`] then drops it
/// from the address, so neither a reload nor an edit of the address bar,
/// nor the page's own link, carries it on.
pub(crate) enum DebugFault {
    /// Panic on the page's main thread.
    PanicPage,
    /// A fault in the worker.
    Worker(Fault),
}

/// The debug fault the address asks for, if any, leaving it in place.
pub(crate) fn debug_fault() -> Option<DebugFault> {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    match hash.strip_prefix("#threadlab-debug=")? {
        "panic-page" => Some(DebugFault::PanicPage),
        "panic-worker" => Some(DebugFault::Worker(Fault::Panic)),
        "hang-worker" => Some(DebugFault::Worker(Fault::Hang)),
        _ => None,
    }
}

/// The debug fault the address asks for, if any, dropping its fragment
/// from the address (`history.replaceState`: the query stays) as it fires.
pub(crate) fn take_debug_fault() -> Option<DebugFault> {
    let fault = debug_fault()?;
    let l = gloo::utils::window().location();
    let url = format!(
        "{}{}",
        l.pathname().unwrap_or_default(),
        l.search().unwrap_or_default()
    );
    if let Ok(h) = gloo::utils::window().history() {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
    Some(fault)
}

/// Whether the page runs inside a frame (an embed in a blog post).
pub(crate) fn framed() -> bool {
    let w = gloo::utils::window();
    match w.parent() {
        Ok(Some(p)) => !js_sys::Object::is(&p, &w),
        _ => false,
    }
}

/// Whether the reader clicked an embed's Run button before the app arrived
/// (the boot script remembers it in `window.__threadlabRun`).
pub(crate) fn run_requested() -> bool {
    js_sys::Reflect::get(&gloo::utils::window(), &"__threadlabRun".into())
        .map(|v| v.is_truthy())
        .unwrap_or(false)
}
