//! A panic hook that logs to the console and shows an error panel, since a
//! panic in WebAssembly stops the app without a word on the page.

/// Installs the hook (call before rendering).
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show(&info.to_string());
    }));
}

fn show(message: &str) {
    let document = gloo::utils::document();
    if let Some(panel) = document.get_element_by_id("panic") {
        panel.set_text_content(Some(&format!(
            "The playground stopped because of a bug: {message}. Reload the page to start again; if it happens again, please report it with the scenario you used."
        )));
        let _ = panel.remove_attribute("hidden");
    }
}
