//! What a link holds and the link itself: how the page shows the scenario
//! (`view`), and the state as a URL query and back (`permalink`).
//!
//! * `view` — theme, language, open charts, embed options;
//! * `permalink` — the setup and view as a URL query (versioned, only what
//!   differs from the defaults) and back, naming whatever it had to ignore.

pub mod permalink;
pub mod view;

#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) mod tests;
