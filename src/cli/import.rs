//! `threadlab import FILE`: a load test's output read (hey, wrk, wrk2,
//! JMeter, k6, Gatling), what it says and does not say about the load, the
//! settings it implies, Little's law on its numbers; with `--run` (or any
//! `--preset`/`--set`) the scenario simulated and each figure measured vs
//! simulated, as the same tool counts it.

use std::fmt::Write as _;

use super::ReadFile;
use super::args::{Flags, json_format, unknown};
use super::output::{Output, bad};
use super::run::{pair, preset_draft};
use crate::app::show::yours as show;
use crate::fidelity::fit::{self, FitFailure};
use crate::fidelity::yours::{self, Figure, Little, Row};
use crate::i18n::keys::ui as ui_words;
use crate::measured::{self, Measurement};
use crate::scenario::{self, Draft, FieldError, echo};
use crate::sim;

#[derive(Default)]
struct ImportArgs {
    file: Option<String>,
    /// Further measurements of the same service, fitted with the first.
    more: Vec<String>,
    json: bool,
    run: bool,
    preset: Option<String>,
    sets: Vec<(String, String)>,
    fit: bool,
    what_if: Vec<(String, String)>,
    versus: Option<String>,
    replications: Option<u32>,
}

fn parse(args: &[String]) -> Result<ImportArgs, Vec<String>> {
    let mut out = ImportArgs::default();
    let mut errors = Vec::new();
    let mut flags = Flags::new(args);
    while let Some((flag, inline)) = flags.next_flag() {
        match flag {
            "--format" => match json_format(flags.value(inline)) {
                Ok(json) => out.json = json,
                Err(e) => errors.push(e),
            },
            "--run" => out.run = true,
            "--versus" => match flags.value(inline) {
                Some(v) => out.versus = Some(v.into()),
                None => errors.push("--versus needs a second output's file".into()),
            },
            "--replications" => {
                let v = flags.value(inline);
                match v
                    .and_then(|v| v.trim().parse::<u32>().ok())
                    .filter(|n| (2..=crate::replicas::MAX_REPLICATIONS).contains(n))
                {
                    Some(n) => out.replications = Some(n),
                    None => errors.push(format!(
                        "--replications {}: expected a whole number from 2 to {}",
                        v.map_or("(missing)".into(), echo),
                        crate::replicas::MAX_REPLICATIONS
                    )),
                }
            }
            "--fit" => out.fit = true,
            "--what-if" => match pair(flag, flags.value(inline)) {
                Ok(kv) => out.what_if.push(kv),
                Err(e) => errors.push(e),
            },
            "--preset" => match flags.value(inline) {
                Some(v) => out.preset = Some(v.into()),
                None => errors.push("--preset needs a name (see `threadlab presets`)".into()),
            },
            "--set" => match pair(flag, flags.value(inline)) {
                Ok(kv) => out.sets.push(kv),
                Err(e) => errors.push(e),
            },
            f if f.starts_with('-') && f.len() > 1 => errors.push(unknown("import", f)),
            file if out.file.is_none() => out.file = Some(file.into()),
            more => out.more.push(more.into()),
        }
    }
    if out.file.is_none() {
        errors.push("import needs a file: the load test's output (`-` is not read)".into());
    }
    if !out.more.is_empty() && !out.fit {
        errors.push(format!(
            "import reads several files only to fit them together (--fit), but got a second: '{}'",
            echo(&out.more[0])
        ));
    }
    out.fit |= !out.what_if.is_empty();
    out.run |= out.preset.is_some() || !out.sets.is_empty() || out.fit;
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Runs `threadlab import ARGS`.
pub(super) fn main(args: &[String], read_file: &ReadFile<'_>) -> Output {
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => return bad(e),
    };
    let path = a.file.as_deref().unwrap_or_default();
    let read = |path: &str| {
        read_file(path, super::INPUT_FILE_MAX_BYTES)
            .map_err(|e| FieldError::new("import", path, e))
            .and_then(|t| measured::read(&t))
    };
    let m = match read(path) {
        Ok(m) => m,
        Err(e) => return bad(vec![e.to_string()]),
    };
    let mut more = Vec::new();
    for path in &a.more {
        match read(path) {
            Ok(m) => more.push(m),
            Err(e) => return bad(vec![e.to_string()]),
        }
    }
    let other = match a.versus.as_deref().map(read) {
        Some(Ok(o)) => Some(o),
        Some(Err(e)) => return bad(vec![format!("--versus: {e}")]),
        None => None,
    };
    let settings = yours::settings(&m);
    let little = yours::little(&m);
    let mut run = |c: &sim::Config| {
        let started = std::time::Instant::now();
        sim::run_timed(c, &mut || started.elapsed().as_secs_f64())
    };
    let mut noise_runs = Vec::new();
    let mut joint = None;
    let (rows, fitted) = if a.run {
        let draft = match draft_for(&a, &settings) {
            Ok(d) => d,
            Err(e) => return bad(e.iter().map(ToString::to_string).collect()),
        };
        let cfg = match scenario::validate(&draft) {
            Ok(c) => c,
            Err(e) => return bad(e.iter().map(ToString::to_string).collect()),
        };
        let rows = yours::compare(&m, &run(&cfg).tool);
        if other.is_some() {
            let n = u64::from(a.replications.unwrap_or(5));
            if let Some(n) = crate::replicas::Count::new(n) {
                for seed in crate::replicas::seeds(cfg.seed, n) {
                    noise_runs.push(run(&crate::replicas::config_for(&cfg, seed)).tool);
                }
            }
        }
        let fitted = (a.fit && more.is_empty()).then(|| fit::fit(&draft, &m, &mut run));
        if a.fit && !more.is_empty() {
            let mut points = vec![(draft.clone(), &m)];
            for o in &more {
                match draft_for(&a, &yours::settings(o)) {
                    Ok(d) => points.push((d, o)),
                    Err(e) => return bad(e.iter().map(ToString::to_string).collect()),
                }
            }
            joint = Some(fit::fit_joint(&points, &mut run));
        }
        (Some(rows), fitted)
    } else {
        (None, None)
    };
    let what_if = match &fitted {
        Some(Ok((_, d))) if !a.what_if.is_empty() => match fit::what_if(d, &a.what_if, &mut run) {
            Ok(w) => Some(w),
            Err(e) => return bad(vec![format!("--what-if: {e}")]),
        },
        _ => None,
    };
    let fit = fitted.map(|f| f.map(|(fit, _)| fit));
    let changes = other.as_ref().map(|o| yours::changes(&m, o, &noise_runs));
    let parts = Parts {
        m: &m,
        settings: &settings,
        little: little.as_ref(),
        rows: rows.as_deref(),
        fit: fit.as_ref(),
        what_if: what_if.as_ref(),
        versus: other.as_ref().zip(changes.as_deref()),
        joint: joint.as_ref(),
        files: std::iter::once(path)
            .chain(a.more.iter().map(String::as_str))
            .collect(),
        noise_runs: noise_runs.len(),
    };
    Output::ok(if a.json { json(&parts) } else { text(&parts) })
}

/// Everything `import` says.
struct Parts<'a> {
    m: &'a Measurement,
    settings: &'a [(&'static str, String)],
    little: Option<&'a Little>,
    rows: Option<&'a [Row]>,
    fit: Option<&'a Result<fit::Fit, FitFailure>>,
    what_if: Option<&'a fit::WhatIf>,
    versus: Option<(&'a Measurement, &'a [yours::Change])>,
    joint: Option<&'a Result<fit::JointFit, FitFailure>>,
    files: Vec<&'a str>,
    noise_runs: usize,
}

/// The preset (E2's platform run when none), the measurement's settings,
/// then `--set`.
fn draft_for(
    a: &ImportArgs,
    settings: &[(&'static str, String)],
) -> Result<Draft, Vec<FieldError>> {
    let implied = settings.iter().map(|(k, v)| (*k, v.as_str()));
    let sets = a.sets.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    preset_draft(a.preset.as_deref(), implied.chain(sets))
}

fn opt(v: Option<f64>, digits: usize) -> String {
    v.map_or("—".into(), |v| format!("{v:.digits$}"))
}

/// One figure measured vs simulated, as the tables print it.
fn write_row(o: &mut String, indent: &str, r: &Row, note: &str) {
    let diff = (r.difference_pct).map_or("—".into(), |d| format!("{d:+.1} %"));
    let _ = writeln!(
        o,
        "{indent}{:<14}{:>12.2}{:>12}{:>11}{note}",
        figure_name(r),
        r.measured,
        opt(r.simulated, 2),
        diff
    );
}

fn figure_name(r: &Row) -> String {
    match r.figure {
        Figure::Rate => "rate (/s)".into(),
        Figure::Requests => "requests".into(),
        Figure::FailedPct => "failed (%)".into(),
        Figure::Mean => "mean (ms)".into(),
        Figure::Min => "fastest (ms)".into(),
        Figure::Max => "slowest (ms)".into(),
        Figure::Percentile => format!("p{} (ms)", r.percent.unwrap_or_default()),
    }
}

fn text(p: &Parts<'_>) -> String {
    let (m, settings, rows) = (p.m, p.settings, p.rows);
    let mut o = String::new();
    let _ = writeln!(o, "read: {} output", m.source.label());
    let n = |v: Option<u64>| v.map_or("—".into(), |v| v.to_string());
    let _ = writeln!(
        o,
        "  requests {}, failed {}, rate {}/s over {} s",
        n(m.requests),
        n(m.failed),
        opt(m.rate_per_s, 2),
        opt(m.elapsed_s, 2)
    );
    let l = &m.latency;
    let _ = write!(
        o,
        "  latency (ms): mean {}, fastest {}, slowest {}",
        opt(l.mean_ms, 2),
        opt(l.min_ms, 2),
        opt(l.max_ms, 2)
    );
    for (p, v) in &l.percentiles {
        let _ = write!(o, ", p{p} {v:.2}");
    }
    o.push('\n');
    for said in show::counted(m) {
        let _ = writeln!(o, "  note: {}", said.english());
    }
    for (e, count) in &m.errors {
        let _ = writeln!(o, "  error ×{count}: {}", echo(e));
    }
    let _ = writeln!(o, "\nsettings it implies (as --set):");
    for (k, v) in settings {
        let _ = writeln!(o, "  {k}={v}");
    }
    if show::lacks_concurrency(m) {
        let _ = writeln!(
            o,
            "  (its concurrency is not in the output: paste the command line above it, or --set load.concurrency=N)"
        );
    }
    let _ = writeln!(
        o,
        "  not in any output: server.mode (threads or virtual), the pools, cores and the request's program — set them with --set"
    );
    // The page's sentence, in the command line's English.
    let (said, consistent) = show::little(m);
    let _ = writeln!(o, "\nLittle's law: {}", said.english());
    if consistent == Some(false) {
        let _ = writeln!(o, "  {}", ui_words::YOURS_LITTLE_WHY.said().english());
    }
    if let Some(rows) = rows {
        let _ = writeln!(
            o,
            "\nmeasured vs simulated ({} as the tool counts it):",
            m.source.tool_name()
        );
        let _ = writeln!(
            o,
            "  {:<14}{:>12}{:>12}{:>11}",
            "figure", "measured", "simulated", "diff"
        );
        for r in rows {
            write_row(&mut o, "  ", r, "");
        }
    } else {
        let _ = writeln!(
            o,
            "\nadd --run (or --preset/--set) to simulate these settings and compare figure by figure"
        );
    }
    if let Some(f) = p.fit {
        fit_text(&mut o, f);
    }
    if let Some(j) = p.joint {
        joint_text(&mut o, j, &p.files);
    }
    if let Some(w) = p.what_if {
        what_if_text(&mut o, w);
    }
    if let Some((b, changes)) = p.versus {
        versus_text(&mut o, m, b, changes, p.noise_runs);
    }
    o
}

fn versus_text(
    o: &mut String,
    a: &Measurement,
    b: &Measurement,
    changes: &[yours::Change],
    runs: usize,
) {
    let _ = writeln!(o, "\nversus the second output ({}):", b.source.label());
    if a.source.tool_name() != b.source.tool_name() {
        let _ = writeln!(
            o,
            "  note: two tools ({} and {}) count their figures differently",
            a.source.tool_name(),
            b.source.tool_name()
        );
    }
    let _ = writeln!(
        o,
        "  {:<14}{:>12}{:>12}{:>11}{:>9}  beyond the noise?",
        "figure", "first", "second", "diff", "noise"
    );
    for c in changes {
        let name = figure_name(&Row {
            figure: c.figure,
            percent: c.percent,
            measured: 0.0,
            simulated: None,
            difference_pct: None,
        });
        let diff = c
            .difference_pct
            .map_or("—".into(), |d| format!("{d:+.1} %"));
        let noise = c.noise_pct.map_or("—".into(), |n| format!("{n:.1} %"));
        let beyond = match c.beyond_noise {
            Some(true) => "yes",
            Some(false) => "no",
            None => "—",
        };
        let _ = writeln!(
            o,
            "  {name:<14}{:>12.2}{:>12.2}{diff:>11}{noise:>9}  {beyond}",
            c.before, c.after
        );
    }
    if runs == 0 {
        let _ = writeln!(
            o,
            "  the noise needs a model of the service: add --set (its threads, program …) or --run; it is each figure's range over --replications seeds (5)"
        );
    } else {
        let _ = writeln!(
            o,
            "  noise: each figure's range over {runs} seeds of the simulated first run, as a share of its median"
        );
    }
}

/// Why no wait fits, in words.
fn no_fit(e: &FitFailure) -> String {
    match e {
        FitFailure::NoMean => "the output has no mean latency".to_string(),
        FitFailure::Endpoints => {
            "the scenario has several endpoints: which one waits is not known".into()
        }
        FitFailure::ModelSlower { mean_ms } => format!(
            "with no extra wait the model is already slower ({mean_ms:.2} ms): give it the service's threads, cores, pools and program"
        ),
        FitFailure::Invalid { error } => error.to_string(),
        FitFailure::Budget => "a run stopped at its budget".into(),
    }
}

fn fit_text(o: &mut String, f: &Result<fit::Fit, FitFailure>) {
    let f = match f {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(o, "\nno fit: {}", no_fit(e));
            return;
        }
    };
    let _ = writeln!(
        o,
        "\ncalibrated (fitted to your mean latency, {} runs): an unexplained wait of {:.3} ms per request\n  program as fitted: {}",
        f.runs, f.wait_ms, f.program
    );
    let _ = writeln!(
        o,
        "  the mean was fitted; every other figure is an independent check:"
    );
    for r in &f.rows {
        let used = if r.figure == Figure::Mean {
            " (fitted)"
        } else {
            ""
        };
        write_row(o, "  ", r, used);
    }
}

fn joint_text(o: &mut String, j: &Result<fit::JointFit, FitFailure>, files: &[&str]) {
    let j = match j {
        Ok(j) => j,
        Err(e) => {
            let _ = writeln!(o, "\nno joint fit: {}", no_fit(e));
            return;
        }
    };
    let _ = writeln!(
        o,
        "\ncalibrated jointly to {} measurements ({} runs): one unexplained wait of {:.3} ms per request\n  program as fitted: {}",
        j.points.len(),
        j.runs,
        j.wait_ms,
        j.program
    );
    let _ = writeln!(
        o,
        "  the means were fitted together; how close each comes, and every other figure, tests the model:"
    );
    for (rows, file) in j.points.iter().zip(files) {
        let _ = writeln!(o, "  {}:", echo(file));
        for r in rows {
            write_row(o, "    ", r, "");
        }
    }
}

fn what_if_text(o: &mut String, w: &fit::WhatIf) {
    let changes: Vec<String> = w.changes.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let _ = writeln!(
        o,
        "\nwhat if {} (the fitted model, predicted):",
        changes.join(" ")
    );
    let _ = writeln!(o, "  {:<22}{:>12}{:>12}", "", "as measured", "after");
    let (b, a) = (&w.before, &w.after);
    for (name, x, y) in [
        ("successful /s", b.goodput_rps, a.goodput_rps),
        ("mean (ms)", b.mean_ms, a.mean_ms),
        ("p99 (ms)", b.p99_ms, a.p99_ms),
        ("failed (%)", b.error_pct, a.error_pct),
        ("peak threads", b.peak_threads.into(), a.peak_threads.into()),
        (
            "peak HikariCP waiters",
            b.peak_db_waiters.into(),
            a.peak_db_waiters.into(),
        ),
        ("peak pinned", b.peak_pinned.into(), a.peak_pinned.into()),
        ("peak memory (MB)", b.peak_memory_mb, a.peak_memory_mb),
    ] {
        let _ = writeln!(o, "  {name:<22}{x:>12.2}{y:>12.2}");
    }
    let said = |x: &crate::sim::report::Bottleneck| crate::summary::said::bottleneck(x).english();
    let _ = writeln!(o, "  bottleneck before: {}", said(&b.bottleneck));
    let _ = writeln!(o, "  bottleneck after:  {}", said(&a.bottleneck));
    if !w.stop_applying.is_empty() {
        let _ = writeln!(
            o,
            "  settings that stop applying: {}",
            w.stop_applying.join(", ")
        );
    }
    if a.peak_db_waiters > b.peak_db_waiters {
        let _ = writeln!(
            o,
            "  watch: {} requests wait for HikariCP at once (was {}): nothing bounds them now but the pool's connectionTimeout",
            a.peak_db_waiters, b.peak_db_waiters
        );
    }
    if a.peak_threads > b.peak_threads.saturating_mul(4) {
        let _ = writeln!(
            o,
            "  watch: {} threads at once (was {}): each carries its ThreadLocals (caches, buffers) in memory",
            a.peak_threads, b.peak_threads
        );
    }
}

fn json(p: &Parts<'_>) -> String {
    let (m, settings, little, rows) = (p.m, p.settings, p.little, p.rows);
    let fit = p.fit.map(|f| match f {
        Ok(f) => serde_json::json!({ "fitted": f }),
        Err(e) => serde_json::json!({ "failed": e }),
    });
    let settings: serde_json::Map<String, serde_json::Value> = settings
        .iter()
        .map(|(k, v)| ((*k).to_string(), serde_json::Value::String(v.clone())))
        .collect();
    let v = serde_json::json!({
        "measurement": m,
        "settings": settings,
        "little": little,
        "compared": rows,
        "calibration": fit,
        "joint_calibration": p.joint.map(|j| match j {
            Ok(j) => serde_json::json!({ "fitted": j }),
            Err(e) => serde_json::json!({ "failed": e }),
        }),
        "what_if": p.what_if,
        "versus": p.versus.map(|(b, c)| serde_json::json!({ "second": b, "changes": c, "noise_runs": p.noise_runs })),
    });
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
    s.push('\n');
    s
}
