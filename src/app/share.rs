//! What leaves the page: embeds and exports.
//!
//! * `embed` — the iframe snippet, the messages between an embed and its
//!   page, the summary an embed shows before it runs;
//! * `export` — CSV, JSON, text and chart files to take away, each naming
//!   its scenario, seed and permalink.

pub mod embed;
pub mod export;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
