//! `threadlab bench` (native only): times the workloads with the wall clock,
//! interleaving rounds so that a noisy machine hits every workload alike, and
//! prints medians. The line format matches the peers' harness
//! (`RUN impl=… model=… rep=… wall_s=…`, `RESULT …`), so one driver
//! (`scripts/bench.mjs`) can parse both.

use std::fmt::Write as _;
use std::time::Instant;

use super::{DEFAULT_CHUNK, Run, Totals, WORKLOADS, Workload, workload};
use crate::cli::{EXIT_BAD_INPUT, Output};

const USAGE: &str = "\
usage: threadlab bench [--rounds N] [--only NAME,...] [--chunk EVENTS] [--list]

Runs each workload N times (default 5), one round after another, through the
general engine in chunks of EVENTS events (default 100000), and prints wall
time, events per second and simulated requests per wall second (medians).
--only picks workloads by name; mem-1e6 and mem-1e7 (memory) run only when named.
";

struct Opts {
    rounds: usize,
    chunk: u64,
    only: Vec<&'static Workload>,
}

fn parse(args: &[String]) -> Result<Option<Opts>, String> {
    let mut o = Opts {
        rounds: 5,
        chunk: DEFAULT_CHUNK,
        only: WORKLOADS.iter().filter(|w| w.default).collect(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let mut value = || inline.clone().or_else(|| it.next().cloned());
        match flag {
            "--list" => return Ok(None),
            "--rounds" => {
                o.rounds = value()
                    .and_then(|v| v.parse().ok())
                    .filter(|&n| n >= 1)
                    .ok_or("--rounds needs a whole number >= 1")?;
            }
            "--chunk" => {
                o.chunk = value()
                    .and_then(|v| v.parse().ok())
                    .filter(|&n| n >= 1)
                    .ok_or("--chunk needs a whole number of events >= 1")?;
            }
            "--only" => {
                let names = value().ok_or("--only needs workload names")?;
                o.only = names
                    .split(',')
                    .map(|n| workload(n.trim()).ok_or(format!("no workload '{n}' (try --list)")))
                    .collect::<Result<_, _>>()?;
            }
            other => return Err(format!("unknown option '{other}' for bench")),
        }
    }
    Ok(Some(o))
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    if n % 2 == 1 {
        s[n / 2]
    } else {
        0.5 * (s[n / 2 - 1] + s[n / 2])
    }
}

/// Peak resident memory of this process (Linux `VmHWM`), in MB.
fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Times one run of a workload: preparing it (validation) is not timed.
fn time_once(w: &Workload, chunk: u64) -> (f64, Totals) {
    let mut run = Run::new(w);
    let t = Instant::now();
    while !run.advance(chunk) {}
    (t.elapsed().as_secs_f64(), run.totals())
}

/// Runs `threadlab bench ARGS`.
pub fn cli(args: &[String]) -> Output {
    let opts = match parse(args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            let mut out = String::new();
            for w in WORKLOADS {
                let _ = writeln!(out, "{:<11} {}", w.name, w.title);
            }
            return Output {
                code: 0,
                stdout: out,
                ..Default::default()
            };
        }
        Err(e) => {
            return Output {
                code: EXIT_BAD_INPUT,
                stderr: format!("error: {e}\n{USAGE}"),
                ..Default::default()
            };
        }
    };
    let mut out = String::new();
    let mut walls: Vec<Vec<f64>> = vec![Vec::new(); opts.only.len()];
    let mut totals = vec![Totals::default(); opts.only.len()];
    for round in 0..opts.rounds {
        for (i, w) in opts.only.iter().enumerate() {
            let (wall, t) = time_once(w, opts.chunk);
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
            "RESULT impl=threadlab-native model={} reps={} median_wall_s={m:.4} events={} events_per_s={:.0} reqs={} reqs_per_s={:.0} runs={} sim_s={:.1} throughput={:.1} mean_ms={:.3}",
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
    Output {
        code: 0,
        stdout: out,
        ..Default::default()
    }
}
