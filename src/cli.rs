//! The `threadlab` command line, as a function from arguments to output so
//! that tests can drive it without spawning a process. Only `src/bin/threadlab.rs`
//! touches the real terminal and files.

use std::fmt::Write as _;

use crate::scenario::{self, Draft, FieldError, FieldKind};
use crate::sim::{self, Outcome, Report};

/// What a command printed and how it ended.
#[derive(Debug, Default)]
pub struct Output {
    /// Exit code: 0 done, 2 bad input, 3 stopped at a budget.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Exit code for bad input.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit code for a run stopped at its event or time budget.
pub const EXIT_BUDGET: i32 = 3;

const USAGE: &str = "\
threadlab — a discrete-event lab for Spring Boot on platform vs virtual threads

usage:
  threadlab run [--preset NAME] [--scenario FILE] [--set KEY=VALUE]... [--format text|json] [--full]
  threadlab presets            list the presets
  threadlab schema             every key with its default, unit, range and meaning
  threadlab fidelity [--format text|json]
                               every measured figure of the source articles beside the simulation
  threadlab bench [--rounds N] [--only NAME,...] [--list]
                               time the speed benchmarks (see BENCHMARKS.md)
  threadlab help

Without --preset or --scenario, `run` starts from E2's platform run
(hey -c 2000 -n 100000 against /delay/50, threads.max=100, 4 cores).
Exit codes: 0 done (a simulated out-of-memory included), 2 bad input,
3 stopped at the event/time budget (partial results are still printed).
";

/// Runs the command line. `read_file` reads a scenario file by path.
pub fn main(args: &[String], read_file: &dyn Fn(&str) -> Result<String, String>) -> Output {
    match args.first().map(String::as_str) {
        None | Some("help" | "--help" | "-h") => Output {
            code: 0,
            stdout: USAGE.into(),
            ..Default::default()
        },
        Some("run") => run(&args[1..], read_file),
        Some("presets") => presets(),
        Some("schema") => Output {
            code: 0,
            stdout: schema_text(),
            ..Default::default()
        },
        Some("fidelity") => crate::fidelity::cli(&args[1..]),
        #[cfg(not(target_arch = "wasm32"))]
        Some("bench") => crate::bench::cli(&args[1..]),
        Some(other) => bad(vec![format!(
            "unknown command '{other}'; try `threadlab help`"
        )]),
    }
}

fn bad(lines: Vec<String>) -> Output {
    let mut stderr = String::new();
    for l in lines {
        let _ = writeln!(stderr, "error: {l}");
    }
    Output {
        code: EXIT_BAD_INPUT,
        stdout: String::new(),
        stderr,
    }
}

/// Parsed `run` options.
struct RunArgs {
    preset: Option<String>,
    scenario: Option<String>,
    sets: Vec<(String, String)>,
    json: bool,
    full: bool,
}

fn parse_run_args(args: &[String]) -> Result<RunArgs, Vec<String>> {
    let mut out = RunArgs {
        preset: None,
        scenario: None,
        sets: Vec::new(),
        json: false,
        full: false,
    };
    let mut errors = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (a, None),
        };
        let mut value = || -> Option<String> {
            if let Some(v) = inline.clone() {
                return Some(v);
            }
            i += 1;
            args.get(i).cloned()
        };
        match flag {
            "--preset" => match value() {
                Some(v) => out.preset = Some(v),
                None => errors.push("--preset needs a name (see `threadlab presets`)".into()),
            },
            "--scenario" => match value() {
                Some(v) => out.scenario = Some(v),
                None => errors.push("--scenario needs a file path".into()),
            },
            "--set" => match value() {
                Some(v) => match v.split_once('=') {
                    Some((k, val)) => out.sets.push((k.trim().to_string(), val.to_string())),
                    None => errors.push(format!(
                        "--set {v}: expected KEY=VALUE, e.g. --set load.concurrency=100"
                    )),
                },
                None => errors.push("--set needs KEY=VALUE".into()),
            },
            "--format" => match value().as_deref() {
                Some("json") => out.json = true,
                Some("text") => out.json = false,
                other => errors.push(format!(
                    "--format {}: expected text or json",
                    other.unwrap_or("(missing)")
                )),
            },
            "--full" => out.full = true,
            other => errors.push(format!(
                "unknown option '{other}' for run; try `threadlab help`"
            )),
        }
        i += 1;
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Builds the draft a `run` command describes.
fn draft_for(
    a: &RunArgs,
    read_file: &dyn Fn(&str) -> Result<String, String>,
) -> Result<Draft, Vec<FieldError>> {
    let mut errors = Vec::new();
    let mut draft = match (&a.preset, &a.scenario) {
        (Some(name), _) => match scenario::preset(name) {
            Some(p) => p.draft(),
            None => {
                let names: Vec<&str> = scenario::presets().iter().map(|p| p.name).collect();
                errors.push(FieldError::new(
                    "--preset",
                    name,
                    format!("no such preset; one of {}", names.join(", ")),
                ));
                Draft::new()
            }
        },
        (None, Some(_)) => Draft::new(),
        (None, None) => scenario::default_preset().draft(),
    };
    if let Some(path) = &a.scenario {
        match read_file(path)
            .map_err(|e| FieldError::new("--scenario", path, e))
            .and_then(|t| Draft::from_json(&t))
        {
            Ok(file) => draft.overlay(&file),
            Err(e) => errors.push(e),
        }
    }
    for (k, v) in &a.sets {
        if let Err(e) = draft.set(k, v) {
            errors.push(e);
        }
    }
    if errors.is_empty() {
        Ok(draft)
    } else {
        Err(errors)
    }
}

fn run(args: &[String], read_file: &dyn Fn(&str) -> Result<String, String>) -> Output {
    let a = match parse_run_args(args) {
        Ok(a) => a,
        Err(e) => return bad(e),
    };
    let draft = match draft_for(&a, read_file) {
        Ok(d) => d,
        Err(e) => return bad(e.iter().map(ToString::to_string).collect()),
    };
    let cfg = match scenario::validate(&draft) {
        Ok(c) => c,
        Err(e) => return bad(e.iter().map(ToString::to_string).collect()),
    };
    let report = sim::run(&cfg);
    let code = if report.outcome == Outcome::BudgetExceeded {
        EXIT_BUDGET
    } else {
        0
    };
    let stdout = if a.json {
        json_report(&report, a.full)
    } else {
        text_report(&report)
    };
    let stderr = if code == EXIT_BUDGET {
        format!("warning: {}; results are partial\n", report.outcome_detail)
    } else {
        String::new()
    };
    Output {
        code,
        stdout,
        stderr,
    }
}

/// The report as JSON; without `full`, the bulky chart data is left out.
pub fn json_report(report: &Report, full: bool) -> String {
    let mut v = serde_json::to_value(report).unwrap_or_default();
    if let (false, Some(m)) = (full, v.as_object_mut()) {
        for k in ["series", "timeline", "histogram"] {
            m.remove(k);
        }
    }
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
    s.push('\n');
    s
}

/// The report in its load tool's own output format, then what threadlab
/// knows beyond it (see [`crate::summary`]).
pub fn text_report(r: &Report) -> String {
    crate::summary::text(r)
}

fn presets() -> Output {
    let mut o = String::new();
    for p in scenario::presets() {
        let _ = writeln!(o, "{:<22} {}", p.name, p.title);
    }
    Output {
        code: 0,
        stdout: o,
        ..Default::default()
    }
}

/// `threadlab schema`: every key with default, unit, range, property and help.
pub fn schema_text() -> String {
    let mut o = String::new();
    for f in scenario::schema() {
        let range = match f.kind {
            FieldKind::Program => "program".to_string(),
            k => k.allowed(f.nullable),
        };
        let unit = if f.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", f.unit)
        };
        let _ = writeln!(o, "{}  (default {}{unit}; {range})", f.key, f.default);
        if !f.property.is_empty() {
            let _ = writeln!(o, "    property: {}", f.property);
        }
        let _ = writeln!(o, "    {}", f.help);
    }
    o
}

/// A scenario that exercises every distribution, the pool, pinning and
/// `@Async`: the determinism tests run it with several seeds.
pub const GOLDEN_SCENARIO: &[(&str, &str)] = &[
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
];

/// [`GOLDEN_SCENARIO`] with seed 11 and small charts, as JSON: native and
/// WebAssembly tests both compare it with `tests/golden/determinism.json`.
pub fn golden_report() -> String {
    let mut d = Draft::new();
    for (k, v) in GOLDEN_SCENARIO.iter().copied().chain([
        ("record.series_buckets", "20"),
        ("record.timeline_window_ms", "20"),
        ("seed", "11"),
    ]) {
        if let Err(e) = d.set(k, v) {
            return format!("invalid golden scenario: {e}");
        }
    }
    match scenario::validate(&d) {
        Ok(cfg) => json_report(&crate::sim::run(&cfg), true),
        Err(e) => format!("invalid golden scenario: {e:?}"),
    }
}
