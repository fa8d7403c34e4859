//! What leaves the page: embeds and exports.
//!
//! * `card` — the image card for feeds: the title, each column's
//!   figures, the key chart, the permalink and its QR code, laid out;
//! * `embed` — the iframe snippet, the messages between an embed and its
//!   page, the summary an embed shows before it runs;
//! * `facade` — what an embed's snippet shows until its reader presses
//!   Run, and the build's figures for it (`www/embed-facts.js`);
//! * `export` — CSV, JSON, text and chart files to take away, each naming
//!   its scenario, seed and permalink.

pub mod card;
pub mod embed;
pub mod export;
pub(crate) mod facade;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests_card;
