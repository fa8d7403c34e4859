//! The measured figures of the source articles, their provenance, and the
//! measured-vs-simulated report.
//!
//! * `sources` — the four articles (title, author, date, URL, language);
//! * `figures` — every measured figure as data: value in the article's own
//!   units, the preset that reproduces it, how to read the simulated value,
//!   tolerance (on the part the model predicts) and basis (predicted,
//!   calibrated, derived, qualitative, contradiction);
//! * `arith` — Little's-law checks of the articles' numbers and the worked
//!   arithmetic of each contradiction;
//! * `rows` — runs presets and builds the rows (also from reports the
//!   playground already has: [`rows_for`], [`rows_from`]);
//! * `standing` — how to read the rows: the legend of their bases, the
//!   summary line (independent predictions within their target) and each
//!   row's difference over the whole value and beyond its stated part;
//! * `format` — the text table and the JSON of `threadlab fidelity`;
//! * `words` — a figure's words in the page's language;
//! * `yours` — a person's own pasted measurement (`crate::measured`) beside
//!   the model: the settings it knows, Little's law, measured vs simulated.
//!
//! Pure like the core: no files, no clock, so it runs in WebAssembly too.

mod arith;
mod figures;
pub mod fit;
mod format;
mod rows;
mod sources;
mod standing;
pub mod words;
pub mod yours;

pub use arith::{Arith, LittleCheck, little_checks, little_mean_s};
pub use figures::{
    Basis, Check, Figure, Measured, Read, Stat, Tolerance, figures, figures_for_preset,
};
pub use format::{json, summary, text};
pub use rows::{
    CALIBRATED_TOLERANCE, Counts, Row, Verdict, counts, report, rows_for, rows_from, run_preset,
};
pub use sources::{Source, source, sources};
pub use standing::{Beyond, Difference, Legend, Standing, legend, standing};
