//! What the fuzz targets share: reading `--set`-style input, and the checks
//! every error and every report must pass. A failed check panics, which
//! libFuzzer reports as a crash with the input that caused it.

use serde_json::Value;
use threadlab::scenario::{Draft, FieldError, validate};
use threadlab::sim::report::MemoryLimit;
use threadlab::sim::{self, Config, Outcome, Report};

/// The event budget a fuzzed run gets at most: small enough for thousands
/// of runs a second, large enough to get past start-up into steady state.
pub const FUZZ_MAX_EVENTS: u64 = 20_000;

/// Longest error line allowed: key and value are cut at
/// `threadlab::scenario::ECHO_MAX_CHARS` characters, messages at a few hundred.
const MAX_ERROR_LINE_CHARS: usize = 800;

/// The draft that `key=value` lines (as `--set` takes them) describe, with
/// [`check_errors`] applied to what `Draft::set` refused; `None` for input
/// that is not UTF-8 (a shell hands the command line text).
pub fn draft_from_input(data: &[u8]) -> Option<Draft> {
    let text = std::str::from_utf8(data).ok()?;
    let (draft, errors) = draft_from_lines(text);
    check_errors(&errors);
    Some(draft)
}

/// Applies `key=value` lines to an empty draft; returns the draft and the
/// errors `Draft::set` gave.
fn draft_from_lines(text: &str) -> (Draft, Vec<FieldError>) {
    let mut draft = Draft::new();
    let mut errors = Vec::new();
    for line in text.lines() {
        if let Some((k, v)) = line.split_once('=')
            && let Err(e) = draft.set(k.trim(), v)
        {
            errors.push(e);
        }
    }
    (draft, errors)
}

/// Every error is one printable line of bounded length.
pub fn check_errors(errors: &[FieldError]) {
    for e in errors {
        let line = e.to_string();
        assert!(
            !line.contains(|c: char| c.is_control()),
            "an error line holds a control character: {line:?}"
        );
        assert!(
            line.chars().count() <= MAX_ERROR_LINE_CHARS,
            "an error line of {} characters",
            line.chars().count()
        );
    }
}

/// Validates `draft` with its event budget cut to [`FUZZ_MAX_EVENTS`], runs
/// it and checks the report; invalid drafts only have their errors checked.
pub fn validate_and_run(mut draft: Draft) {
    let asked = draft.get("limits.max_events").and_then(Value::as_u64);
    let budget = asked.map_or(FUZZ_MAX_EVENTS, |n| n.clamp(1, FUZZ_MAX_EVENTS));
    draft.set_value("limits.max_events", budget.into());
    match validate(&draft) {
        Ok(cfg) => check_report(&cfg, &sim::run(&cfg)),
        Err(errors) => check_errors(&errors),
    }
}

/// The invariants of a finished run's report.
pub fn check_report(cfg: &Config, r: &Report) {
    let json = serde_json::to_value(r).expect("a report serialises");
    check_numbers("report", &json);
    assert_eq!(
        r.sent,
        r.completed + r.errors.total + r.in_flight,
        "conservation: sent = responses + errors + in flight"
    );
    let l = &r.latency_ms;
    if r.completed > 0 {
        // The histogram's percentiles are its bins' upper edges: up to 0.1 % above the slowest.
        let ordered = [l.min, l.p50, l.p90, l.p95, l.p99, l.p999];
        assert!(
            ordered.windows(2).all(|w| w[0] <= w[1]) && l.p999 <= l.max * 1.001 + 1e-9,
            "percentiles out of order: {l:?}"
        );
        assert!(
            l.min * 0.999 - 1e-9 <= l.mean && l.mean <= l.max * 1.001 + 1e-9,
            "mean outside [min, max]: {l:?}"
        );
    }
    let s = &r.server;
    for (name, u) in [
        ("cpu", s.cpu_utilisation),
        ("tomcat", s.tomcat_utilisation),
        ("carrier", s.carrier_utilisation),
        ("db", s.db_utilisation),
    ] {
        assert!(u <= 1.0 + 1e-9, "{name} utilisation {u} above 100 %");
    }
    for (i, u) in r.series.cpu_utilisation.iter().enumerate() {
        assert!(
            *u <= 1.0 + 1e-9,
            "cpu utilisation {u} above 100 % in bucket {i}"
        );
    }
    check_memory(r);
    assert!(r.events <= cfg.limits.max_events, "{} events", r.events);
}

/// Memory's limits and the outcome agree: resident memory passed the
/// container's limit exactly when the OOM killer struck, and a run that ran
/// its course says out of memory exactly when some limit was hit.
fn check_memory(r: &Report) {
    let m = &r.memory;
    let hit = |l: MemoryLimit| m.hits.iter().any(|h| h.limit == l);
    assert_eq!(
        m.peak_resident_mb > m.container_limit_mb,
        hit(MemoryLimit::Container),
        "peak resident {} MB against a container limit of {} MB, hits {:?}",
        m.peak_resident_mb,
        m.container_limit_mb,
        m.hits
    );
    if matches!(r.outcome, Outcome::Completed | Outcome::OutOfMemory) {
        assert_eq!(
            r.outcome == Outcome::OutOfMemory,
            !m.hits.is_empty(),
            "outcome {:?} with limits hit {:?}",
            r.outcome,
            m.hits
        );
    }
}

/// Every number finite and not negative; no null (a NaN serialises as null).
fn check_numbers(path: &str, v: &Value) {
    match v {
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(f64::NAN);
            assert!(x.is_finite() && x >= 0.0, "{path} = {x}");
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                check_numbers(&format!("{path}[{i}]"), x);
            }
        }
        Value::Object(m) => {
            for (k, x) in m {
                check_numbers(&format!("{path}.{k}"), x);
            }
        }
        Value::Null => panic!("{path} is null (a NaN?)"),
        Value::Bool(_) | Value::String(_) => {}
    }
}
