//! Replications: `run --replications N` against N single runs with the
//! seeds it names, the noise judgement on two modes that differ by far
//! more than their spread and on two that do not, and the warm-up found in
//! a cold start and not in a run that starts warm.

use serde_json::Value;
use threadlab::cli::{EXIT_BAD_INPUT, Output, main};
use threadlab::replicas::{self, Count, Figure, Noise, Rule, compare};
use threadlab::sim;

use crate::cli::no_file;
use crate::helpers::config;

fn cli(args: &[&str]) -> Output {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    main(&args, &no_file)
}

/// A small closed loop whose latencies vary from seed to seed.
const SMALL: [&str; 8] = [
    "--set",
    "load.concurrency=8",
    "--set",
    "load.requests=1500",
    "--set",
    "program=io:exp(20ms)",
    "--set",
    "seed=7",
];

fn json(args: &[&str]) -> Value {
    let out = cli(args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    serde_json::from_str(&out.stdout).expect("JSON")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[test]
fn the_summary_is_the_median_and_band_of_single_runs_with_its_seeds() {
    let mut args = vec!["run", "--format", "json", "--replications", "5"];
    args.extend(SMALL);
    let v = json(&args);
    let reps = &v["replications"];
    assert_eq!(reps["runs"], 5);
    let seeds: Vec<u64> = (reps["seeds"].as_array().unwrap().iter())
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert_eq!(seeds[0], 7, "the scenario's own seed first");
    assert_eq!(v["seed"], 7, "the report beside it is the first run's");
    // Each seed run on its own, as a single `run --set seed=S`.
    let singles: Vec<Value> = (seeds.iter())
        .map(|s| {
            let seed = format!("seed={s}");
            let mut a = vec!["run", "--format", "json"];
            a.extend(&SMALL[..6]);
            a.extend(["--set", seed.as_str()]);
            json(&a)
        })
        .collect();
    let p99s: Vec<f64> = (singles.iter())
        .map(|r| r["latency_ok_ms"]["p99"].as_f64().unwrap())
        .collect();
    let p99 = &reps["figures"]["p99"];
    assert_eq!(p99["median"].as_f64().unwrap(), median(p99s.clone()));
    let lo = p99s.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = p99s.iter().copied().fold(0.0, f64::max);
    assert_eq!(p99["min"].as_f64().unwrap(), lo);
    assert_eq!(p99["max"].as_f64().unwrap(), hi);
    assert!(hi > lo, "the seeds move p99: {p99s:?}");
    let i = &p99["interval"];
    assert_eq!(
        i["coverage"].as_f64().unwrap(),
        0.9375,
        "5 runs: min to max"
    );
    assert_eq!(
        (i["lo"].as_f64().unwrap(), i["hi"].as_f64().unwrap()),
        (lo, hi)
    );
    let rates: Vec<f64> = (singles.iter())
        .map(|r| r["throughput_rps"].as_f64().unwrap())
        .collect();
    let t = reps["figures"]["throughput"]["median"].as_f64().unwrap();
    assert_eq!(t, median(rates));
}

#[test]
fn every_derived_seed_is_one_a_scenario_can_name() {
    let top = (1u64 << 53) - 1;
    for base in [0, 1, 7, top] {
        for s in replicas::seeds(base, Count::new(50).unwrap()) {
            let seed = s.to_string();
            config(&[("seed", seed.as_str())]);
        }
    }
}

#[test]
fn the_text_adds_a_table_after_the_first_runs_own_report() {
    let mut args = vec!["run", "--replications", "3"];
    args.extend(SMALL);
    let out = cli(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut single = vec!["run"];
    single.extend(SMALL);
    let alone = cli(&single).stdout;
    assert!(
        out.stdout.starts_with(&alone),
        "the first run is the scenario's own"
    );
    let rest = &out.stdout[alone.len()..];
    assert!(
        rest.contains("threadlab over 3 runs (seed 7, then SplitMix64"),
        "{rest}"
    );
    for row in [
        "Throughput/s",
        "p50 ms",
        "p99 ms",
        "max ms",
        "mean ms",
        "Warm-up:",
    ] {
        assert!(rest.contains(row), "{row} in {rest}");
    }
    assert!(
        rest.contains("— (from 5 runs)"),
        "no interval below 5 runs: {rest}"
    );
}

#[test]
fn a_count_outside_the_range_is_one_line_naming_the_flag() {
    for (bad, said) in [
        (
            "0",
            "--replications 0: expected a whole number of runs from 1 to 50",
        ),
        (
            "51",
            "--replications 51: expected a whole number of runs from 1 to 50",
        ),
        (
            "2.5",
            "--replications 2.5: expected a whole number of runs from 1 to 50",
        ),
    ] {
        let out = cli(&["run", "--replications", bad]);
        assert_eq!(out.code, EXIT_BAD_INPUT);
        assert_eq!(out.stderr, format!("error: {said}\n"));
    }
    let out = cli(&["run", "--replications"]);
    assert_eq!(
        out.stderr,
        "error: --replications needs a number of runs, 1 to 50\n"
    );
    assert_eq!(replicas::MAX_REPLICATIONS, 50, "the messages above name it");
    assert!(cli(&["help"]).stdout.contains("--replications N (1 to 50)"));
}

/// Both modes of `settings`, five seeds each, compared per figure.
fn modes(settings: &[(&str, &str)]) -> Vec<replicas::Difference> {
    let n = Count::new(5).unwrap();
    let summary = |mode: &str| {
        let mut s = settings.to_vec();
        s.push(("server.mode", mode));
        replicas::run(&config(&s), n, &mut |c| sim::run(c)).1
    };
    compare(&summary("platform"), &summary("virtual"))
}

fn judged(d: &[replicas::Difference], f: Figure) -> replicas::Difference {
    *d.iter().find(|x| x.figure == f).unwrap()
}

#[test]
fn ten_threads_against_virtual_threads_is_far_beyond_the_noise() {
    // 100 clients on 10 platform threads: ~10 ÷ 20 ms = 500 req/s; virtual
    // threads serve all 100 at once: ~5,000 req/s.
    let d = modes(&[
        ("load.concurrency", "100"),
        ("load.requests", "4000"),
        ("server.threads_max", "10"),
        ("program", "io:exp(20ms)"),
    ]);
    let t = judged(&d, Figure::Throughput);
    assert_eq!((t.noise, t.rule), (Noise::Apart, Rule::Intervals), "{t:?}");
    assert!(t.relative.unwrap() > 5.0, "{t:?}");
    assert_eq!(judged(&d, Figure::P50).noise, Noise::Apart);
}

#[test]
fn modes_with_nothing_saturated_differ_within_the_noise() {
    // Five clients and 200 threads: neither mode queues; what differs from
    // seed to seed is the exponential I/O, and the modes share its draws
    // only by chance of the seed.
    let d = modes(&[
        ("load.concurrency", "5"),
        ("load.requests", "600"),
        ("program", "io:exp(20ms)"),
    ]);
    for f in [Figure::Throughput, Figure::P50, Figure::P99, Figure::Mean] {
        let x = judged(&d, f);
        assert_eq!((x.noise, x.rule), (Noise::Within, Rule::Intervals), "{x:?}");
    }
}

#[test]
fn a_cold_start_is_cut_as_warm_up_and_a_warm_start_hardly() {
    let run = |start: &str| {
        let cfg = config(&[
            ("jvm.start", start),
            ("load.concurrency", "20"),
            ("load.requests", "40000"),
            ("program", "io:5ms,cpu:1ms"),
        ]);
        replicas::run(&cfg, Count::new(3).unwrap(), &mut |c| sim::run(c)).1
    };
    let (cold, warm) = (run("cold"), run("warm"));
    assert_eq!(cold.warmup.analysed, 3, "{:?}", cold.warmup);
    assert_eq!(
        cold.warmup.cut, 3,
        "every cold run has a warm-up: {:?}",
        cold.warmup
    );
    assert!(
        cold.warmup.cut_s.median > warm.warmup.cut_s.median,
        "cold {:?}, warm {:?}",
        cold.warmup,
        warm.warmup
    );
    let steady = cold.warmup.steady_throughput_rps.median;
    let whole = cold.figures.throughput.median;
    assert!(
        steady > whole,
        "after the warm-up it runs faster: {steady} vs {whole}"
    );
}

/// `--versus KEY=VALUE` runs the same scenario with the pairs on top, with
/// the same seeds, and judges each figure's difference: twice the I/O wait
/// is far apart; a microsecond more per accept is within the noise.
#[test]
fn versus_judges_each_figure_against_the_same_seeds() {
    let run_versus = |pair: &str| {
        let mut args = vec!["run", "--format", "json", "--replications", "5"];
        args.extend(SMALL);
        args.extend(["--versus", pair]);
        json(&args)
    };
    let v = run_versus("program=io:exp(40ms)");
    let versus = &v["versus"];
    assert_eq!(versus["sets"]["program"], "io:exp(40ms)");
    assert_eq!(
        versus["replications"]["seeds"], v["replications"]["seeds"],
        "the same seeds on both sides"
    );
    let diffs = versus["differences"].as_array().unwrap();
    assert_eq!(diffs.len(), Figure::ALL.len());
    let p50 = diffs.iter().find(|d| d["figure"] == "p50").unwrap();
    assert_eq!(p50["noise"], "apart", "{p50}");
    assert_eq!(p50["rule"], "intervals");
    let rel = p50["relative"].as_f64().unwrap();
    assert!((0.8..1.2).contains(&rel), "twice the wait: {rel}");
    let v = run_versus("server.accept_us=11");
    let diffs = v["versus"]["differences"].as_array().unwrap();
    let p50 = diffs.iter().find(|d| d["figure"] == "p50").unwrap();
    assert_eq!(p50["noise"], "within", "{p50}");
}

#[test]
fn versus_text_names_the_pairs_and_each_judgement() {
    let mut args = vec!["run", "--replications", "5"];
    args.extend(SMALL);
    args.extend(["--versus", "program=io:exp(40ms)"]);
    let out = cli(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("versus program=io:exp(40ms) (the same 5 seeds):")
    );
    let p50 =
        (out.stdout.lines()).find(|l| l.trim_start().starts_with("p50 ms") && l.contains("apart"));
    assert!(p50.is_some(), "{}", out.stdout);
}

#[test]
fn versus_without_replications_or_with_a_bad_pair_is_refused() {
    let out = cli(&["run", "--versus", "server.mode=virtual"]);
    assert_eq!(out.code, EXIT_BAD_INPUT);
    assert!(out.stderr.contains("--versus compares"), "{}", out.stderr);
    let out = cli(&[
        "run",
        "--replications",
        "2",
        "--versus",
        "server.mode=green",
    ]);
    assert_eq!(out.code, EXIT_BAD_INPUT);
    assert!(
        out.stderr.contains("--versus: server.mode: \"green\""),
        "{}",
        out.stderr
    );
    let out = cli(&["run", "--replications", "2", "--versus", "server.mode"]);
    assert_eq!(out.code, EXIT_BAD_INPUT);
    assert!(out.stderr.contains("expected KEY=VALUE"), "{}", out.stderr);
}
