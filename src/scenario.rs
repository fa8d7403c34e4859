//! The boundary between people and the core: raw scenario input (JSON files,
//! `--set KEY=VALUE`, form fields, URLs) is checked once here and becomes a
//! typed [`sim::Config`](crate::sim::Config). Every error names the field, the
//! value and what is allowed.
//!
//! * `schema` — every key with its kind, default, unit, range, help and the
//!   real Spring/JVM property it stands for;
//! * `draft` — the editable raw form (nested JSON), and `--set` parsing;
//! * `validate` — draft → `Config`, collecting every problem;
//! * `program` — the request-program parser;
//! * `presets` — ready-made scenarios, one per measured experiment.

mod draft;
mod error;
mod presets;
mod program;
mod schema;
mod validate;

pub use draft::{Draft, SCHEMA_VERSION};
pub use error::FieldError;
pub use presets::{Assumption, Preset, default_preset, preset, presets};
pub use program::parse_program;
pub use schema::{FieldKind, FieldSpec, Group, field, schema};
pub use validate::validate;

/// The report of a fixed scenario that exercises every distribution, as JSON:
/// native and WebAssembly tests both compare it with `tests/golden/determinism.json`.
pub fn golden_report() -> String {
    let mut d = Draft::new();
    for (k, v) in [
        ("load.concurrency", "200"),
        ("load.duration_s", "3"),
        ("load.timeout_ms", "400"),
        ("server.mode", "virtual"),
        ("server.cores", "2"),
        ("db.pool_size", "8"),
        ("db.timeout_ms", "250"),
        (
            "program",
            "cpu:exp(0.3ms),db:lognormal(p50=5ms,p99=40ms),io:uniform(1ms,30ms),sync{io:exp(1ms)},async(mail){io:exp(20ms)}",
        ),
        ("record.series_buckets", "20"),
        ("record.timeline_window_ms", "20"),
        ("seed", "11"),
    ] {
        if let Err(e) = d.set(k, v) {
            return format!("invalid golden scenario: {e}");
        }
    }
    match validate(&d) {
        Ok(cfg) => crate::cli::json_report(&crate::sim::run(&cfg), true),
        Err(e) => format!("invalid golden scenario: {e:?}"),
    }
}
