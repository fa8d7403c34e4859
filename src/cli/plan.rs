//! `threadlab plan --target-rps N --p99-ms M`: the smallest configurations
//! of the scenario (a preset and `--set` pairs) that serve N requests per
//! second with the percentile under its bound and errors within budget,
//! searched over threads or virtual threads, cores, HikariCP's pool, client
//! pools and `@Async` pools (`app::capacity`).

use std::fmt::Write as _;

use super::args::{Flags, json_format, unknown};
use super::output::{Output, bad};
use super::run::{pair, preset_draft};
use crate::app::capacity::{
    DEFAULT_ERROR_PCT, DEFAULT_MAX_RUNS, Failure, How, Judgement, Knob, PERCENTILES, Planner,
    Target, default_knobs,
};
use crate::i18n::Locale;
use crate::scenario::{self, Draft, FieldError, echo, properties};

#[derive(Default)]
struct PlanArgs {
    rps: Option<f64>,
    percentile: Option<f64>,
    latency_ms: Option<f64>,
    error_pct: Option<f64>,
    preset: Option<String>,
    sets: Vec<(String, String)>,
    knobs: Option<Vec<String>>,
    max_runs: Option<usize>,
    json: bool,
    timed: bool,
}

fn positive(flag: &str, v: Option<&str>) -> Result<f64, String> {
    v.and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|x| x.is_finite() && *x > 0.0)
        .ok_or_else(|| {
            format!(
                "{flag} {}: expected a number above 0",
                v.map_or("(missing)".into(), echo)
            )
        })
}

fn parse(args: &[String]) -> Result<PlanArgs, Vec<String>> {
    let mut a = PlanArgs::default();
    let mut errors = Vec::new();
    let mut flags = Flags::new(args);
    while let Some((flag, inline)) = flags.next_flag() {
        if flag == "--timed" {
            a.timed = true;
            continue;
        }
        let v = flags_value(flag, &mut flags, inline);
        let r: Result<(), String> = match flag {
            "--target-rps" => positive(flag, v).map(|x| a.rps = Some(x)),
            "--p99-ms" => positive(flag, v).map(|x| {
                a.percentile = Some(99.0);
                a.latency_ms = Some(x);
            }),
            "--latency-ms" => positive(flag, v).map(|x| a.latency_ms = Some(x)),
            "--percentile" => positive(flag, v).and_then(|p| {
                PERCENTILES
                    .contains(&p)
                    .then(|| a.percentile = Some(p))
                    .ok_or_else(|| {
                        format!("--percentile {p}: expected one of 50, 90, 95, 99, 99.9")
                    })
            }),
            "--error-pct" => v
                .and_then(|v| v.trim().parse::<f64>().ok())
                .filter(|x| (0.0..=100.0).contains(x))
                .map(|x| a.error_pct = Some(x))
                .ok_or_else(|| {
                    format!(
                        "--error-pct {}: expected a number from 0 to 100",
                        v.map_or("(missing)".into(), echo)
                    )
                }),
            "--preset" => v
                .map(|v| a.preset = Some(v.into()))
                .ok_or_else(|| "--preset needs a name (see `threadlab presets`)".into()),
            "--set" => pair(flag, v).map(|kv| a.sets.push(kv)),
            "--knobs" => v
                .map(|v| a.knobs = Some(v.split(',').map(|k| k.trim().to_string()).collect()))
                .ok_or_else(|| {
                    "--knobs needs a list of keys, e.g. server.threads_max,db.pool_size".into()
                }),
            "--max-runs" => v
                .and_then(|v| v.trim().parse::<usize>().ok())
                .filter(|n| (1..=1000).contains(n))
                .map(|n| a.max_runs = Some(n))
                .ok_or_else(|| {
                    format!(
                        "--max-runs {}: expected a whole number from 1 to 1000",
                        v.map_or("(missing)".into(), echo)
                    )
                }),
            "--format" => json_format(v).map(|j| a.json = j),
            other => Err(unknown("plan", other)),
        };
        if let Err(e) = r {
            errors.push(e);
        }
    }
    if a.rps.is_none() {
        errors.push("plan needs --target-rps N (requests per second to serve)".into());
    }
    if a.latency_ms.is_none() {
        errors.push("plan needs --p99-ms M (or --percentile P --latency-ms M)".into());
    }
    if errors.is_empty() {
        Ok(a)
    } else {
        Err(errors)
    }
}

/// The value of a flag that takes one (`--format`, …); none for the rest.
fn flags_value<'a>(flag: &str, flags: &mut Flags<'a>, inline: Option<&'a str>) -> Option<&'a str> {
    flag.starts_with("--")
        .then(|| flags.value(inline))
        .flatten()
}

fn draft(a: &PlanArgs) -> Result<Draft, Vec<FieldError>> {
    let sets = a.sets.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    preset_draft(a.preset.as_deref(), sets)
}

/// Runs `threadlab plan ARGS`.
pub(super) fn main(args: &[String]) -> Output {
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => return bad(e),
    };
    let lines = |e: Vec<FieldError>| bad(e.iter().map(ToString::to_string).collect());
    let base = match draft(&a) {
        Ok(d) => d,
        Err(e) => return lines(e),
    };
    let cfg = match scenario::validate(&base) {
        Ok(c) => c,
        Err(e) => return lines(e),
    };
    let target = Target {
        rps: a.rps.unwrap_or_default(),
        percentile: a.percentile.unwrap_or(99.0),
        latency_ms: a.latency_ms.unwrap_or_default(),
        error_pct: a.error_pct.unwrap_or(DEFAULT_ERROR_PCT),
    };
    let mut knobs = default_knobs(&cfg);
    if let Some(keys) = &a.knobs {
        let unknown: Vec<String> = keys
            .iter()
            .filter(|k| !knobs.iter().any(|n| &n.key == *k))
            .map(|k| {
                format!(
                    "--knobs {}: not a knob of this scenario (it has: {})",
                    echo(k),
                    names(&knobs)
                )
            })
            .collect();
        if !unknown.is_empty() {
            return bad(unknown);
        }
        knobs.retain(|n| keys.contains(&n.key));
    }
    let mut planner = Planner::new(base, target, knobs, a.max_runs.unwrap_or(DEFAULT_MAX_RUNS));
    let started = std::time::Instant::now();
    let mut first = None;
    while planner.step() {
        if first.is_none() && planner.has_answer() {
            first = Some(started.elapsed().as_secs_f64());
        }
    }
    let complete = started.elapsed().as_secs_f64();
    let mut out = if a.json {
        json(&planner)
    } else {
        text(&planner)
    };
    if a.timed {
        // Wall time: for the benchmark (BENCHMARKS.md), never in a test.
        let first = first.map_or("none".into(), |s| format!("{s:.3}"));
        let _ = writeln!(
            out,
            "RESULT plan first_answer_s={first} complete_s={complete:.3} judged={} runs={}",
            planner.judged(),
            planner.runs()
        );
    }
    Output::ok(out)
}

fn names(knobs: &[Knob]) -> String {
    knobs
        .iter()
        .map(|k| k.key.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn settings_line(s: &[(String, String)]) -> String {
    s.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn why(j: &Judgement, target: &Target) -> String {
    let Some(f) = &j.failure else {
        return String::new();
    };
    match f {
        Failure::Ceiling { resource, rps } => format!(
            "{} caps it at {rps:.0}/s, not above {}/s",
            resource.name(Locale::En),
            target.rps
        ),
        Failure::Latency => format!(
            "p{} {:.1} ms, above {} ms",
            target.percentile, j.latency_ms, target.latency_ms
        ),
        Failure::Errors => format!(
            "{:.2} % failed, more than {} %",
            j.error_pct, target.error_pct
        ),
        Failure::Rate => "it did not keep up with the arrivals".into(),
        Failure::Budget => "its run stopped at the event or time budget".into(),
        Failure::Invalid { error } => format!("not a valid scenario: {error}"),
    }
}

fn how(h: How) -> &'static str {
    match h {
        How::Ceiling => "ceiling",
        How::Formula => "Erlang C",
        How::Simulated => "simulated",
        How::Invalid => "invalid",
    }
}

fn text(p: &Planner) -> String {
    let t = p.target();
    let mut o = String::new();
    let _ = writeln!(
        o,
        "target: {}/s with p{} ≤ {} ms and ≤ {} % failed (k6 constant-arrival-rate, Poisson arrivals)",
        t.rps, t.percentile, t.latency_ms, t.error_pct
    );
    let _ = writeln!(o, "knobs: {}", names(p.knobs()));
    let _ = writeln!(
        o,
        "judged {} configurations, {} by simulation",
        p.judged(),
        p.runs()
    );
    if let Some(a) = p.out_of_reach() {
        let f = why(&a.judgement, t);
        let _ = writeln!(
            o,
            "\nout of reach: even the largest configuration searched ({}) fails: {f}",
            settings_line(&a.settings)
        );
        return o;
    }
    let _ = writeln!(o, "\nsmallest configurations that meet it:");
    for a in p.answers() {
        let j = &a.judgement;
        let _ = writeln!(
            o,
            "  {}\n    p{} {:.1} ms (margin {:.0} %), {:.0}/s, {:.2} % failed, {:.0} % headroom to the lowest ceiling [{}]",
            settings_line(&a.settings),
            t.percentile,
            j.latency_ms,
            j.latency_margin(t) * 100.0,
            j.rps,
            j.error_pct,
            j.headroom * 100.0,
            how(j.how)
        );
        let mut d = Draft::new();
        for (k, v) in &a.settings {
            let _ = d.set(k, v);
        }
        for line in properties::application_properties(&d).lines() {
            let _ = writeln!(o, "    {line}");
        }
    }
    let _ = writeln!(
        o,
        "\nwhy smaller ones fail (the largest that fails each way):"
    );
    for a in p.failures() {
        let _ = writeln!(
            o,
            "  {}: {} [{}]",
            settings_line(&a.settings),
            why(&a.judgement, t),
            how(a.judgement.how)
        );
    }
    if let Some(s) = p.stopped() {
        let _ = writeln!(
            o,
            "\nstopped at the budget of runs: {} configurations not searched{}; raise --max-runs",
            s.not_searched,
            if s.refined {
                ""
            } else {
                ", the smallest ones not bisected down"
            }
        );
    }
    o
}

fn json(p: &Planner) -> String {
    let v = serde_json::json!({
        "target": p.target(),
        "knobs": p.knobs(),
        "judged": p.judged(),
        "runs": p.runs(),
        "out_of_reach": p.out_of_reach(),
        "answers": p.answers(),
        "failures": p.failures(),
        "stopped": p.stopped(),
    });
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
    s.push('\n');
    s
}
