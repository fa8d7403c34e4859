//! Scenarios at their extremes, and what every report holds however its
//! run ends: shared by the property tests (`tests/integration/extremes.rs`)
//! and their fuzz twin (`fuzz/fuzz_targets/extremes.rs`), so that both
//! draw values the same way and check the same invariants.
//!
//! A value is drawn for a schema key as its minimum, its maximum, `null`
//! or a log-uniform draw; a scenario is a base draft with some keys drawn
//! and small budgets. [`check`] runs it and holds the report to: within its
//! event and wall-clock budgets, no NaN, infinite or negative number,
//! percentiles in order, every utilisation a fraction, every error share at
//! most 100 %, the JVM's memory within what the scenario allows, and the
//! same report from the same scenario and seed.

use serde_json::Value;

use crate::scenario::{Draft, FieldKind, FieldSpec, schema, validate};
use crate::sim::{self, Config, Report};

/// Programs for the `program` key: short and long steps, every kind of
/// step and block, and (the last) the executor the `async.*` keys configure.
pub const PROGRAMS: &[&str] = &[
    "io:50ms",
    "cpu:1us",
    "io:3600s",
    "cpu:200ms",
    "db:10ms,io:1ms",
    "sync{io:5ms},cpu:0.1ms",
    "lock(m){db:1ms},lock(f,fair){file:1ms}",
    "fork{io:5ms,cpu:0.1ms},fork(virtual){db:1ms,sync{io:1ms}}",
    CALL_PROGRAM,
    ASYNC_PROGRAM,
];

/// The program that calls the downstream the `downstream.*` keys name.
pub const CALL_PROGRAM: &str = "cpu:0.1ms,call(inventory)";

/// The downstream `downstream.*` keys name.
const DOWNSTREAM: &str = "inventory";

/// The program that uses the executor the `async.*` keys name.
pub const ASYNC_PROGRAM: &str = "cpu:0.1ms,async(mail){io:10ms}";

/// The executor `async.*` keys name.
const EXECUTOR: &str = "mail";

/// The endpoint `endpoint.*` keys name (added to `endpoints`).
const ENDPOINT: &str = "orders";

/// Wall-clock seconds a run may pass its budget by: the engine looks at the
/// clock every 32,768 events, which a debug build under load takes well
/// under this.
pub const WALL_SLACK_S: f64 = 2.0;

/// The schema's keys a scenario may set, with `async.*` named; the budgets
/// (`limits.*`) are left out, as [`Budgets`] sets them.
pub fn keys() -> Vec<(String, &'static FieldSpec)> {
    (schema().iter())
        .filter(|s| !s.key.starts_with("limits."))
        .map(|s| {
            let key = (s.key.replace("async.*.", &format!("async.{EXECUTOR}.")))
                .replace("downstream.*.", &format!("downstream.{DOWNSTREAM}."))
                .replace("endpoint.*.", &format!("endpoint.{ENDPOINT}."));
            (key, s)
        })
        .collect()
}

/// A value of `spec` as the command line writes it: `pick` 0 is the
/// minimum (or the first word), 1 the maximum (or the last), 2 `null`
/// where allowed, else one drawn from `r` (log-uniform over the range).
pub fn value_of(spec: &FieldSpec, pick: u8, r: u64) -> String {
    if pick == 2 && spec.nullable {
        return "null".into();
    }
    let u = (r % 1_000_000) as f64 / 1_000_000.0;
    match spec.kind {
        FieldKind::Int { min, max } => match pick {
            0 => min.to_string(),
            1 => max.to_string(),
            _ => {
                let (lo, hi) = ((min.max(0) as f64 + 1.0).ln(), (max as f64 + 1.0).ln());
                let x = ((lo + u * (hi - lo)).exp() - 1.0).round() as i64;
                x.clamp(min, max).to_string()
            }
        },
        FieldKind::Float { min, max } => match pick {
            0 => min.to_string(),
            1 => max.to_string(),
            _ => {
                let lo = min.max(1e-3);
                format!("{:.3}", (lo * (max / lo).powf(u)).clamp(min, max))
            }
        },
        FieldKind::Choice(words) => match pick {
            0 => words[0].to_string(),
            1 => words[words.len() - 1].to_string(),
            _ => words[r as usize % words.len()].to_string(),
        },
        FieldKind::Program => PROGRAMS[r as usize % PROGRAMS.len()].to_string(),
        FieldKind::Names => {
            ["", "a", "a, b", "orders, search, report"][pick as usize % 4].to_string()
        }
    }
}

/// Small budgets: events, wall-clock seconds, the simulator's memory (MiB).
#[derive(Clone, Copy, Debug)]
pub struct Budgets {
    /// `limits.max_events`.
    pub events: u64,
    /// `limits.max_wall_s`.
    pub wall_s: f64,
    /// `limits.max_sim_memory_mb`.
    pub memory_mb: u64,
}

/// `base` with `settings` set (an `async.*` key brings the program that
/// uses its executor, an `endpoint.*` key its endpoint into the list),
/// then the budgets: the configuration, `Ok(None)` if
/// validation refuses the mixture with clean one-line errors, or why not.
pub fn config_of(
    base: &Draft,
    settings: &[(String, String)],
    b: Budgets,
) -> Result<Option<Config>, String> {
    let mut d = base.clone();
    let set = |d: &mut Draft, k: &str, v: &str| {
        d.set(k, v)
            .map_err(|e| format!("the schema's own value {k}={v}: {e}"))
    };
    for (k, v) in settings {
        set(&mut d, k, v)?;
    }
    let names = |section: &str| settings.iter().any(|(k, _)| k.starts_with(section));
    match (names("async."), names("downstream.")) {
        (true, true) => set(
            &mut d,
            "program",
            &format!("{ASYNC_PROGRAM},{CALL_PROGRAM}"),
        )?,
        (true, false) => set(&mut d, "program", ASYNC_PROGRAM)?,
        (false, true) => set(&mut d, "program", CALL_PROGRAM)?,
        (false, false) => {}
    }
    if names("endpoint.") {
        let listed = d.get("endpoints").and_then(|v| v.as_str()).unwrap_or("");
        let list = crate::scenario::mix::listed(&d);
        if !list.iter().any(|n| n == ENDPOINT) {
            let with = if listed.trim().is_empty() {
                ENDPOINT.to_string()
            } else {
                format!("{listed}, {ENDPOINT}")
            };
            set(&mut d, "endpoints", &with)?;
        }
    }
    set(&mut d, "limits.max_events", &b.events.to_string())?;
    set(&mut d, "limits.max_wall_s", &b.wall_s.to_string())?;
    set(&mut d, "limits.max_sim_memory_mb", &b.memory_mb.to_string())?;
    match validate(&d) {
        Ok(cfg) => Ok(Some(cfg)),
        Err(errors) => match errors
            .iter()
            .map(ToString::to_string)
            .find(|l| l.contains('\n'))
        {
            Some(line) => Err(format!("an error of two lines: {line:?}")),
            None => Ok(None),
        },
    }
}

/// A clock that counts its own readings, a quarter of a second each: the
/// wall-clock budget then stops a run at the same event every time.
fn counting_clock() -> impl FnMut() -> f64 {
    let mut readings = 0u32;
    move || {
        readings += 1;
        f64::from(readings) * 0.25
    }
}

/// Runs `cfg` and checks every invariant of its report, and that a second
/// run agrees. With `real_clock` (seconds since its start) the first run
/// is timed by it and must end within the wall-clock budget; both runs
/// compared are then timed by a counting clock, which stops them at the
/// same event. Without it (a fuzzer, where a real clock would make inputs
/// flaky) the first run is one of the two compared.
pub fn check(cfg: &Config, real_clock: Option<&mut dyn FnMut() -> f64>) -> Result<(), String> {
    let counted = |cfg: &Config| sim::run_timed(cfg, &mut counting_clock());
    let (r, timed) = match real_clock {
        Some(clock) => {
            let r = sim::run_timed(cfg, clock);
            let wall = clock();
            (r, Some(wall))
        }
        None => (counted(cfg), None),
    };
    let fail = |why: String| Err(format!("{why}\n  outcome: {:?}", r.ending));
    if r.events > cfg.limits.max_events {
        return fail(format!(
            "{} events over {}",
            r.events, cfg.limits.max_events
        ));
    }
    if let Some(wall) = timed.filter(|w| *w > cfg.limits.max_wall_s + WALL_SLACK_S) {
        return fail(format!(
            "{wall:.2} s of real time over {} s",
            cfg.limits.max_wall_s
        ));
    }
    if let Err(e) = invariants(cfg, &r) {
        return fail(e);
    }
    let json = |r: &Report| serde_json::to_string(r).unwrap_or_default();
    let first = match timed {
        Some(_) => json(&counted(cfg)),
        None => json(&r),
    };
    if first != json(&counted(cfg)) {
        return fail("two runs of one scenario and seed differ".into());
    }
    Ok(())
}

/// What every report holds, however its run ended.
pub fn invariants(cfg: &Config, r: &Report) -> Result<(), String> {
    let json =
        serde_json::to_value(r).map_err(|e| format!("the report does not serialise: {e}"))?;
    check_numbers("report", &json)?;
    if r.sent != r.completed + r.errors.total + r.in_flight {
        return Err(format!(
            "{} sent, {} completed + {} errors + {} in flight",
            r.sent, r.completed, r.errors.total, r.in_flight
        ));
    }
    for (name, l) in [("latency", &r.latency_ms), ("ok latency", &r.latency_ok_ms)] {
        let ordered = l.min <= l.p50
            && l.p50 <= l.p90
            && l.p90 <= l.p95
            && l.p95 <= l.p99
            && l.p99 <= l.p999
            && l.p999 <= l.max * 1.001;
        if r.completed > 0 && !ordered {
            return Err(format!("{name} percentiles out of order: {l:?}"));
        }
    }
    for (name, u) in fractions(r) {
        if !(0.0..=1.0 + 1e-9).contains(&u) {
            return Err(format!("{name} utilisation {u}"));
        }
    }
    for (name, pct) in [
        ("tool error", r.tool.error_pct),
        ("failed responses", r.failed_responses.pct),
    ] {
        if !(0.0..=100.0 + 1e-9).contains(&pct) {
            return Err(format!("{name} share {pct} %"));
        }
    }
    memory_within_limits(cfg, &json["memory"])
}

/// Every utilisation the report states, named.
fn fractions(r: &Report) -> Vec<(String, f64)> {
    let s = &r.server;
    let mut out: Vec<(String, f64)> = [
        ("cpu", s.cpu_utilisation),
        ("tomcat", s.tomcat_utilisation),
        ("carriers", s.carrier_utilisation),
        ("db", s.db_utilisation),
        ("acceptor", r.connections.acceptor_utilisation),
        ("bottleneck", r.bottleneck.utilisation),
    ]
    .iter()
    .map(|(n, u)| (n.to_string(), *u))
    .collect();
    // Only the busiest second is named: naming every one cost the fuzzer
    // a tenth of its executions.
    let series = r.series.t_s.iter().zip(&r.series.cpu_utilisation);
    let busiest = series.max_by(|a, b| a.1.total_cmp(b.1));
    out.extend(busiest.map(|(t, u)| (format!("cpu at {t} s"), *u)));
    out
}

/// Every number in `v` is finite and not negative. The path of a bad
/// number is built only when one is found: a fuzzer calls this on every
/// report, and formatting every path cost a tenth of its executions.
pub fn check_numbers(path: &str, v: &Value) -> Result<(), String> {
    bad_number(v).map_or(Ok(()), |(inner, why)| Err(format!("{path}{inner}{why}")))
}

/// Where in `v` the first bad number is (".key[3]…"), and what is wrong.
fn bad_number(v: &Value) -> Option<(String, String)> {
    let within = |at: String, (inner, why): (String, String)| (at + &inner, why);
    match v {
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(f64::NAN);
            (!x.is_finite() || x < 0.0).then(|| (String::new(), format!(" = {x}")))
        }
        Value::Array(a) => a
            .iter()
            .enumerate()
            .find_map(|(i, x)| bad_number(x).map(|b| within(format!("[{i}]"), b))),
        Value::Object(m) => m
            .iter()
            .find_map(|(k, x)| bad_number(x).map(|b| within(format!(".{k}"), b))),
        Value::Null => Some((String::new(), " is null (a NaN?)".into())),
        _ => None,
    }
}

/// The JVM's memory as the scenario allows it: live and used heap within
/// -Xmx (what the service asked for beyond it failed), and resident memory
/// within the container but for the one step that passes it (the OOM
/// killer acts once it is passed).
fn memory_within_limits(cfg: &Config, m: &Value) -> Result<(), String> {
    let mb = |k: &str| m[k].as_f64().unwrap_or(f64::NAN);
    for key in ["peak_heap_live_mb", "peak_heap_used_mb"] {
        if mb(key) > mb("heap_limit_mb") {
            return Err(format!(
                "{key} {} over -Xmx {}",
                mb(key),
                mb("heap_limit_mb")
            ));
        }
    }
    if mb("peak_heap_demand_mb") < mb("peak_heap_live_mb") {
        return Err(format!("heap demand below the live heap: {m}"));
    }
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    // One step: a request's live data or its allocation, a connection's
    // buffers, a thread's stack or a virtual thread's, whichever is
    // largest, twice over.
    let largest = (cfg.memory.request)
        .max(cfg.memory.connection)
        .max(cfg.memory.stack_chunk)
        .max(cfg.memory.virtual_thread)
        .max(cfg.gc.alloc_per_request)
        .max(cfg.memory.stack_resident);
    let step = 2.0 * mib(largest) + 1.0;
    if mb("peak_resident_mb") > mb("container_limit_mb") + step {
        return Err(format!(
            "resident {} MB over the container's {} MB",
            mb("peak_resident_mb"),
            mb("container_limit_mb")
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check_numbers;
    use serde_json::json;

    #[test]
    fn a_bad_number_is_named_by_its_path() {
        let ok = json!({"a": [0.0, 1.5], "b": {"c": 2}, "d": "text"});
        assert_eq!(check_numbers("report", &ok), Ok(()));
        let negative = json!({"a": [0.0, -1.5]});
        assert_eq!(
            check_numbers("report", &negative),
            Err("report.a[1] = -1.5".into())
        );
        let nan = json!({"a": {"b": null}});
        assert_eq!(
            check_numbers("report", &nan),
            Err("report.a.b is null (a NaN?)".into())
        );
    }
}
