//! What the page shows of its state: the charts with their data, the pinned
//! baseline beside the current runs, the form.
//!
//! * `charts` — which charts the page shows, with which data (`ChartSpec`),
//!   titles, captions and the measured figures as markers;
//! * `compare` — the pinned baseline beside the current runs;
//! * `form` — which fields the form shows, their DOM ids, sliders, the
//!   stated/assumed badge, the example programs;
//! * `yours` — a pasted measurement explained: its figures, what they
//!   count, the load it states, Little's law, the settings to apply and
//!   each figure measured vs simulated.

pub mod charts;
pub mod compare;
pub mod form;
pub mod yours;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
