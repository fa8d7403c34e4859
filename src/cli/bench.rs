//! `threadlab bench` (native only): times the workloads, interleaving rounds
//! so that a noisy machine hits every workload alike, and prints medians. The
//! line format matches the peers' harness (`RUN impl=… model=… rep=…
//! wall_s=…`, `RESULT …`), so one driver (`scripts/bench.mjs`) parses both.

use std::fmt::Write as _;

use super::args::{Flags, unknown};
use super::output::{EXIT_BAD_INPUT, Output};
use crate::bench::{
    DEFAULT_CHUNK, Totals, WORKLOADS, Workload, median, peak_rss_mb, time_once, workload,
};
use crate::scenario::echo;

const USAGE: &str = "\
usage: threadlab bench [--rounds N] [--only NAME,...] [--chunk EVENTS] [--set KEY=VALUE]... [--list]

Runs each workload N times (default 5), one round after another, through the
general engine in chunks of EVENTS events (default 100000), and prints wall
time, events per second and simulated requests per wall second (medians).
--only picks workloads by name; mem-1e6 and mem-1e7 (memory) run only when named.
--set changes a setting in every workload's scenarios (e.g. --set gc.collector=g1
--set jvm.start=cold times the workloads with the JVM's collector and warm-up on).
";

struct Opts {
    rounds: usize,
    chunk: u64,
    only: Vec<&'static Workload>,
    sets: Vec<(String, String)>,
}

/// The options, or `None` for `--list`.
fn parse(args: &[String]) -> Result<Option<Opts>, String> {
    let mut o = Opts {
        rounds: 5,
        chunk: DEFAULT_CHUNK,
        only: WORKLOADS.iter().filter(|w| w.default).collect(),
        sets: Vec::new(),
    };
    let mut flags = Flags::new(args);
    while let Some((flag, inline)) = flags.next_flag() {
        match flag {
            "--list" => return Ok(None),
            "--rounds" => {
                o.rounds = at_least_one(flags.value(inline), "--rounds needs a whole number >= 1")?
                    as usize
            }
            "--chunk" => {
                o.chunk = at_least_one(
                    flags.value(inline),
                    "--chunk needs a whole number of events >= 1",
                )?
            }
            "--only" => {
                let names = flags.value(inline).ok_or("--only needs workload names")?;
                o.only = names
                    .split(',')
                    .map(|n| {
                        workload(n.trim()).ok_or(format!("no workload '{}' (try --list)", echo(n)))
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--set" => {
                let pair = flags.value(inline).ok_or("--set needs KEY=VALUE")?;
                let (k, v) = pair.split_once('=').ok_or_else(|| {
                    format!(
                        "--set {}: expected KEY=VALUE, e.g. --set gc.collector=g1",
                        echo(pair)
                    )
                })?;
                o.sets.push((k.trim().into(), v.into()));
            }
            other => return Err(unknown("bench", other)),
        }
    }
    Ok(Some(o))
}

/// A whole number of at least 1, or `error`.
fn at_least_one(value: Option<&str>, error: &str) -> Result<u64, String> {
    value
        .and_then(|v| v.parse().ok())
        .filter(|&n| n >= 1)
        .ok_or_else(|| error.to_string())
}

fn list() -> Output {
    let mut out = String::new();
    for w in WORKLOADS {
        let _ = writeln!(out, "{:<11} {}", w.name, w.title);
    }
    Output::ok(out)
}

/// Runs `threadlab bench ARGS`.
pub(super) fn main(args: &[String]) -> Output {
    let usage_error = |e: String| Output {
        code: EXIT_BAD_INPUT,
        stderr: format!("error: {e}\n{USAGE}"),
        ..Default::default()
    };
    let opts = match parse(args) {
        Ok(Some(o)) => o,
        Ok(None) => return list(),
        Err(e) => return usage_error(e),
    };
    // Validated once, before any timing.
    let configs: Result<Vec<_>, _> = (opts.only.iter())
        .map(|w| w.configs_with(&opts.sets))
        .collect();
    let configs = match configs {
        Ok(c) => c,
        Err(e) => return usage_error(e.to_string()),
    };
    let mut out = String::new();
    let mut walls: Vec<Vec<f64>> = vec![Vec::new(); opts.only.len()];
    let mut totals = vec![Totals::default(); opts.only.len()];
    for round in 0..opts.rounds {
        for (i, w) in opts.only.iter().enumerate() {
            let (wall, t) = time_once(&configs[i], opts.chunk);
            walls[i].push(wall);
            totals[i] = t;
            let _ = writeln!(
                out,
                "RUN impl=threadlab-native model={} rep={} wall_s={wall:.4} events_per_s={:.0} reqs_per_s={:.0}",
                w.name,
                round + 1,
                t.events as f64 / wall,
                t.requests as f64 / wall
            );
        }
    }
    let _ = writeln!(out);
    for (i, w) in opts.only.iter().enumerate() {
        let m = median(&walls[i]);
        let t = totals[i];
        let _ = writeln!(
            out,
            "RESULT impl=threadlab-native model={} reps={} median_wall_s={m:.4} events={} events_per_s={:.0} reqs={} reqs_per_s={:.0} runs={} sim_s={:.1} throughput={:.1} mean_ms={:.3} budget_stops={}",
            w.name,
            walls[i].len(),
            t.events,
            t.events as f64 / m,
            t.requests,
            t.requests as f64 / m,
            t.runs,
            t.sim_s,
            t.throughput_rps,
            t.mean_latency_ms,
            t.budget_stops,
        );
    }
    let _ = writeln!(
        out,
        "\n| workload | median wall s | events/s | simulated requests per wall s |"
    );
    let _ = writeln!(out, "|---|---|---|---|");
    for (i, w) in opts.only.iter().enumerate() {
        let m = median(&walls[i]);
        let t = totals[i];
        let _ = writeln!(
            out,
            "| {} | {m:.4} | {:.2} M | {:.2} M |",
            w.name,
            t.events as f64 / m / 1e6,
            t.requests as f64 / m / 1e6
        );
    }
    if let Some(mb) = peak_rss_mb() {
        let _ = writeln!(out, "\nPEAK_RSS_MB {mb:.1}");
    }
    Output::ok(out)
}
