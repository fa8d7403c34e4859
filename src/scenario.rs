//! The boundary between people and the core: raw scenario input (JSON files,
//! `--set KEY=VALUE`, form fields, URLs) is checked once here and becomes a
//! typed [`sim::Config`](crate::sim::Config). Every error names the field, the
//! value and what is allowed.
//!
//! * `schema` — every key with its kind, default, unit, range, help and the
//!   real Spring/JVM property it stands for;
//! * `draft` — the editable raw form (nested JSON), and `--set` parsing;
//! * `json` — a scenario file's text, refusing a key given twice;
//! * `error` — a problem in words, kept to one printable line;
//! * `validate` — draft → `Config`, collecting every problem, one file per
//!   section;
//! * `program` — the request-program parser;
//! * `mix` — a mix of endpoints' programs compiled into one;
//! * `costs` — what a parsed program costs on average, path by path;
//! * `presets` — ready-made scenarios, one per measured experiment.

pub mod costs;
mod draft;
mod error;
pub mod http_clients;
mod json;
pub mod measured;
pub mod mix;
mod moot;
mod presets;
mod program;
pub mod properties;
pub mod resilience;
mod schema;
mod validate;

pub use costs::Costs;
pub use draft::{Draft, SCHEMA_VERSION, same_value};
pub use error::{ECHO_MAX_CHARS, FieldError, echo, printable};
pub use moot::Moot;
pub use presets::{
    Assumption, Entry, Pair, Preset, Section, default_preset, menu, menu_entry, no_such_preset,
    preset, presets,
};
pub use program::{Parsed, parse_program};
pub use schema::{
    FIRST_LAYER, FieldKind, FieldSpec, Group, Shown, Slider, field, mode_named, mode_word, schema,
};
pub use validate::validate;
