//! German and Chinese words on the web: their catalogue files ship beside
//! the page (`i18n/<lang>/<area>.json`, copied by Trunk) instead of inside
//! every module, and are fetched, all at once, the first time the page
//! shows that language (`crate::i18n::install`).

use futures::future::join_all;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::Response;

use crate::i18n::{self, AREAS, Locale};

/// Makes `locale`'s words available: at once if they are here, else after
/// fetching its files. On failure the page stays usable in English words
/// (every lookup falls back to them) and the console says which file and
/// why.
pub(crate) async fn ensure(locale: Locale) {
    if i18n::has(locale) {
        return;
    }
    if let Err(why) = fetch_and_install(locale).await {
        web_sys::console::warn_1(&why.into());
    }
}

/// Fetches `locale`'s files, all at once, and installs them.
async fn fetch_and_install(locale: Locale) -> Result<(), String> {
    let urls: Vec<String> = (0..AREAS.len())
        .map(|area| i18n::file_address(locale, area))
        .collect();
    let texts: Result<Vec<String>, String> = join_all(urls.iter().map(|u| fetch_text(u)))
        .await
        .into_iter()
        .collect();
    i18n::install(locale, &texts?)
}

/// The text at `url` (relative to the page), or why not.
async fn fetch_text(url: &str) -> Result<String, String> {
    let failed = |why: String| format!("{url}: {why}");
    let response = JsFuture::from(gloo::utils::window().fetch_with_str(url))
        .await
        .map_err(|e| failed(format!("{e:?}")))?;
    let response: Response = response.dyn_into().map_err(|v| failed(format!("{v:?}")))?;
    if !response.ok() {
        return Err(failed(format!("HTTP {}", response.status())));
    }
    let text = response.text().map_err(|e| failed(format!("{e:?}")))?;
    let text = JsFuture::from(text)
        .await
        .map_err(|e| failed(format!("{e:?}")))?;
    text.as_string().ok_or_else(|| failed(format!("{text:?}")))
}

/// Runs `then` once the words of the language the page opens in are here
/// (at once for English; a German or Chinese link waits for its files, so
/// its first screen is not English).
pub(crate) fn then_start(locale: Locale, then: fn()) {
    if i18n::has(locale) {
        then();
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        ensure(locale).await;
        then();
    });
}
