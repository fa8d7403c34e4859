//! `threadlab run`: a scenario from a preset, a file and `--set` pairs,
//! validated, simulated and reported as text or JSON.

use super::ReadFile;
use super::args::{Flags, json_format, unknown};
use super::output::{EXIT_BUDGET, Output, bad};
use super::replications;
use crate::replicas::{self, Count};
use crate::scenario::{self, Draft, FieldError, echo};
use crate::sim::{self, Outcome};
use crate::summary::{self, json_report};

/// Parsed `run` options.
#[derive(Default)]
struct RunArgs {
    preset: Option<String>,
    scenario: Option<String>,
    sets: Vec<(String, String)>,
    json: bool,
    full: bool,
    replications: Option<Count>,
    /// `--versus KEY=VALUE` pairs: the second scenario of a comparison.
    versus: Vec<(String, String)>,
}

/// A `KEY=VALUE` flag value, or its error line.
pub(super) fn pair(flag: &str, v: Option<&str>) -> Result<(String, String), String> {
    match v {
        Some(v) => match v.split_once('=') {
            Some((k, val)) => Ok((k.trim().into(), val.into())),
            None => Err(format!(
                "{flag} {}: expected KEY=VALUE, e.g. {flag} server.mode=virtual",
                echo(v)
            )),
        },
        None => Err(format!("{flag} needs KEY=VALUE")),
    }
}

fn parse(args: &[String]) -> Result<RunArgs, Vec<String>> {
    let mut out = RunArgs::default();
    let mut errors = Vec::new();
    let mut flags = Flags::new(args);
    let mut seen: Vec<&str> = Vec::new();
    while let Some((flag, inline)) = flags.next_flag() {
        // A choice given twice is a mistake to say, not a last one to take.
        if matches!(
            flag,
            "--preset" | "--scenario" | "--format" | "--replications"
        ) {
            if seen.contains(&flag) {
                errors.push(format!("{flag} is given more than once: give it once"));
            }
            seen.push(flag);
        }
        match flag {
            "--preset" => match flags.value(inline) {
                Some(v) => out.preset = Some(v.into()),
                None => errors.push("--preset needs a name (see `threadlab presets`)".into()),
            },
            "--scenario" => match flags.value(inline) {
                Some(v) => out.scenario = Some(v.into()),
                None => errors.push("--scenario needs a file path".into()),
            },
            "--set" | "--versus" => match pair(flag, flags.value(inline)) {
                Ok(kv) if flag == "--set" => out.sets.push(kv),
                Ok(kv) => out.versus.push(kv),
                Err(e) => errors.push(e),
            },
            "--format" => match json_format(flags.value(inline)) {
                Ok(json) => out.json = json,
                Err(e) => errors.push(e),
            },
            "--full" => out.full = true,
            "--replications" => {
                let v = flags.value(inline);
                match v.and_then(|v| v.trim().parse().ok()).and_then(Count::new) {
                    Some(n) => out.replications = Some(n),
                    None => errors.push(replications::bad_count(v)),
                }
            }
            other => errors.push(unknown("run", other)),
        }
    }
    if out.full && !out.json {
        errors.push(
            "--full adds the chart data to the JSON report: use it with --format json".into(),
        );
    }
    if !out.versus.is_empty() && out.replications.is_none_or(|n| n.get() < 2) {
        errors.push(
            "--versus compares two scenarios' spread over seeds: give --replications 2 or more (5 for intervals)".into(),
        );
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// A preset's draft (E2's platform run when none is named) with `pairs`
/// set on top in their order: what `import`, `plan` and `properties`
/// start from. Every problem is returned, one per pair.
pub(super) fn preset_draft<'a>(
    preset: Option<&str>,
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<Draft, Vec<FieldError>> {
    let mut draft = match preset {
        Some(name) => match scenario::preset(name) {
            Some(p) => p.draft(),
            None => {
                let e = FieldError::new("--preset", name, scenario::no_such_preset());
                return Err(vec![e]);
            }
        },
        None => scenario::default_preset().draft(),
    };
    let errors: Vec<FieldError> = (pairs.into_iter())
        .filter_map(|(k, v)| draft.set(k, v).err())
        .collect();
    if errors.is_empty() {
        Ok(draft)
    } else {
        Err(errors)
    }
}

/// The draft a `run` command describes: the preset (or E2's platform run
/// when there is neither a preset nor a file), then the file, then `--set`.
fn draft_for(a: &RunArgs, read_file: &ReadFile<'_>) -> Result<Draft, Vec<FieldError>> {
    let mut errors = Vec::new();
    let mut draft = match (&a.preset, &a.scenario) {
        (Some(name), _) => match scenario::preset(name) {
            Some(p) => p.draft(),
            None => {
                errors.push(FieldError::new(
                    "--preset",
                    name,
                    scenario::no_such_preset(),
                ));
                Draft::new()
            }
        },
        (None, Some(_)) => Draft::new(),
        (None, None) => scenario::default_preset().draft(),
    };
    if let Some(path) = &a.scenario {
        match read_file(path, super::SCENARIO_FILE_MAX_BYTES)
            .map_err(|e| FieldError::new("--scenario", path, e))
            .and_then(|t| Draft::from_json_of(&t, "--scenario", path))
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

/// The scenario `--versus` describes: the run's own draft with its pairs
/// on top, validated (its errors name the flag); none without the flag.
fn versus_config(
    mut draft: Draft,
    pairs: &[(String, String)],
) -> Result<Option<sim::Config>, Vec<String>> {
    if pairs.is_empty() {
        return Ok(None);
    }
    let mut errors = Vec::new();
    for (k, v) in pairs {
        if let Err(e) = draft.set(k, v) {
            errors.push(format!("--versus: {e}"));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    scenario::validate(&draft)
        .map(Some)
        .map_err(|e| e.iter().map(|e| format!("--versus: {e}")).collect())
}

/// Runs `threadlab run ARGS`.
pub(super) fn main(args: &[String], read_file: &ReadFile<'_>) -> Output {
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => return bad(e),
    };
    let lines = |e: Vec<FieldError>| bad(e.iter().map(ToString::to_string).collect());
    let draft = match draft_for(&a, read_file) {
        Ok(d) => d,
        Err(e) => return lines(e),
    };
    let cfg = match scenario::validate(&draft) {
        Ok(c) => c,
        Err(e) => return lines(e),
    };
    let versus = match versus_config(draft, &a.versus) {
        Ok(v) => v,
        Err(e) => return bad(e),
    };
    // Each run has its own wall-clock budget, as a single run does.
    let mut run_one = |c: &sim::Config| {
        let started = std::time::Instant::now();
        sim::run_timed(c, &mut || started.elapsed().as_secs_f64())
    };
    let (report, reps) = match a.replications {
        Some(n) => {
            let (first, s) = replicas::run(&cfg, n, &mut run_one);
            (first, Some(s))
        }
        None => (run_one(&cfg), None),
    };
    let other = match (&versus, a.replications) {
        (Some(c), Some(n)) => Some(replicas::run(c, n, &mut run_one).1),
        _ => None,
    };
    let mut stdout = match (a.json, &reps) {
        (true, None) => json_report(&report, a.full),
        (true, Some(s)) => replications::json(&json_report(&report, a.full), s),
        (false, None) => summary::text(&report),
        (false, Some(s)) => summary::text(&report) + &replications::text(s),
    };
    if let (Some(s), Some(o)) = (&reps, &other) {
        stdout = if a.json {
            replications::versus_json(&stdout, &a.versus, s, o)
        } else {
            stdout + &replications::versus_text(&a.versus, s, o)
        };
    }
    let partial = reps.as_ref().map_or(0, |s| s.partial) + other.as_ref().map_or(0, |s| s.partial);
    if report.outcome == Outcome::BudgetExceeded {
        Output {
            code: EXIT_BUDGET,
            stdout,
            stderr: format!(
                "warning: {}; results are partial\n",
                crate::summary::said::outcome(&report).english()
            ),
        }
    } else if partial > 0 {
        let runs = reps.as_ref().map_or(0, |s| s.runs) + other.as_ref().map_or(0, |s| s.runs);
        Output {
            code: EXIT_BUDGET,
            stdout,
            stderr: format!(
                "warning: {partial} of {runs} runs stopped at a budget; results are partial\n"
            ),
        }
    } else {
        Output::ok(stdout)
    }
}
