//! Valid scenarios at their extremes — every key of the schema at
//! its minimum and its maximum (each word of a choice, `null` where allowed),
//! and random mixtures of them — run under small event, wall-clock and
//! memory budgets, held to the invariants of `threadlab::extremes` (within
//! the budgets, no NaN/∞, percentiles ordered, utilisations ≤ 100 %, error
//! shares ≤ 100 %, memory within the scenario's limits, determinism).
//! `fuzz/fuzz_targets/extremes.rs` is its twin under libFuzzer.

use std::time::Instant;

use proptest::prelude::*;
use threadlab::extremes::{Budgets, PROGRAMS, check, config_of, keys, value_of};
use threadlab::scenario::{self, Draft, FieldKind};
use threadlab::sim::Config;

/// Checks `cfg` against the real clock.
fn check_now(cfg: &Config) -> Result<(), String> {
    let started = Instant::now();
    check(cfg, Some(&mut || started.elapsed().as_secs_f64()))
}

/// The base drafts mixtures start from: the schema's defaults, E2 on
/// platform threads and on virtual threads.
fn bases() -> Vec<Draft> {
    let preset = |n: &str| scenario::preset(n).expect("preset").draft();
    vec![Draft::new(), preset("e2-platform"), preset("e2-virtual")]
}

/// Every key alone at its minimum, its maximum, `null`, each word of a
/// choice and each program, from E2's platform run, each within 20,000
/// events and 1 s.
#[test]
fn every_key_at_its_extremes_runs_within_its_budgets() {
    let base = scenario::preset("e2-platform").unwrap().draft();
    let budgets = Budgets {
        events: 20_000,
        wall_s: 1.0,
        memory_mb: 16,
    };
    let (mut ran, mut refused) = (0, Vec::new());
    for (key, spec) in keys() {
        let mut values: Vec<String> = (0..3).map(|p| value_of(spec, p, 0)).collect();
        match spec.kind {
            FieldKind::Choice(words) => values.extend(words.iter().map(|w| w.to_string())),
            FieldKind::Program => values = PROGRAMS.iter().map(|p| p.to_string()).collect(),
            _ => {}
        }
        values.sort();
        values.dedup();
        for v in values {
            let settings = [(key.clone(), v.clone())];
            match config_of(&base, &settings, budgets).unwrap_or_else(|e| panic!("{e}")) {
                Some(cfg) => {
                    check_now(&cfg).unwrap_or_else(|e| panic!("{key}={v}: {e}"));
                    ran += 1;
                }
                None => refused.push(format!("{key}={v}")),
            }
        }
    }
    // Most extremes alone are valid; a few conflict with E2's other
    // settings (e.g. hey's request count below a huge concurrency).
    assert!(ran >= 150, "{ran} ran; refused: {refused:?}");
    assert!(
        refused.len() * 5 < ran,
        "refused {}: {refused:?}",
        refused.len()
    );
}

/// A mixture: a base draft, up to 14 keys each at an extreme or drawn,
/// and small budgets.
#[test]
fn a_tiny_cpu_limit_under_processor_sharing_is_used_at_most_whole() {
    // Found by the mixture below: a limit of 0.01 core on preset e2-platform,
    // stopped by its event budget, reported 1.00000003 of its quota used.
    let base = scenario::preset("e2-platform").unwrap().draft();
    let budgets = Budgets {
        events: 8_235,
        wall_s: 1.0,
        memory_mb: 16,
    };
    let settings = [
        ("server.cpu_limit".to_string(), "0.01".to_string()),
        ("server.cpu_model".to_string(), "ps".to_string()),
    ];
    let cfg = config_of(&base, &settings, budgets)
        .unwrap()
        .expect("valid");
    check_now(&cfg).unwrap_or_else(|e| panic!("{e}"));
}

fn mixture() -> impl Strategy<Value = (usize, Vec<(usize, u8, u64)>, Budgets)> {
    let n = keys().len();
    (
        0..3usize,
        prop::collection::vec((0..n, 0u8..4, any::<u64>()), 1..14),
        (1u64..60_000, 1u32..20, 16u64..64).prop_map(|(events, tenths, memory_mb)| Budgets {
            events,
            wall_s: f64::from(tenths) / 10.0,
            memory_mb,
        }),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, .. ProptestConfig::default() })]
    #[test]
    fn any_mixture_of_extremes_runs_within_its_budgets((base, picks, budgets) in mixture()) {
        let keys = keys();
        let settings: Vec<(String, String)> = picks
            .iter()
            .map(|(i, pick, r)| (keys[*i].0.clone(), value_of(keys[*i].1, *pick, *r)))
            .collect();
        let cfg = config_of(&bases()[base], &settings, budgets).map_err(TestCaseError::fail)?;
        let Some(cfg) = cfg else {
            return Err(TestCaseError::reject("validation refused the mixture"));
        };
        check_now(&cfg).map_err(|e| TestCaseError::fail(format!("{settings:?} {budgets:?}: {e}")))?;
    }
}

/// Mixtures the fuzz twin found failing, kept as they were found: the base
/// (a preset, or the schema's defaults), the settings, the budgets.
type Found = (
    Option<&'static str>,
    &'static [(&'static str, &'static str)],
    Budgets,
);

const FOUND: &[Found] = &[
    (
        // Thread stacks of 300 MB resident each on an executor without a
        // bound: resident memory passed the container's 8 GB by 7 GB.
        None,
        &[
            ("load.think_ms", "21.284"),
            ("async.mail.kind", "pool"),
            ("server.keep_alive_timeout_ms", "3.235"),
            ("load.duration_s", "86400"),
            ("async.mail.max", "2147483647"),
            ("async.mail.limit", "2147483647"),
            ("memory.heap_mb", "40.286"),
            ("memory.stack_resident_kb", "307564.187"),
        ],
        Budgets {
            events: 769,
            wall_s: 1.9,
            memory_mb: 37,
        },
    ),
    (
        // Virtual threads' stack chunks of 289 MB each, -Xmx far above the
        // container: resident memory passed the container's 8 GB by 3 GB.
        Some("e2-virtual"),
        &[
            ("server.carriers", "15"),
            ("server.max_connections", "10313"),
            ("server.max_connections", "10000000"),
            ("server.cpu_model", "rr"),
            ("load.concurrency", "788"),
            ("memory.heap_mb", "1048576"),
            ("memory.connection_kb", "0.655"),
            ("record.timeline_lanes", "512"),
            ("memory.stack_chunk_kb", "295796.344"),
            ("server.keep_alive_timeout_ms", "1180083.232"),
            ("program", "cpu:200ms"),
            ("memory.stack_resident_kb", "127.217"),
            ("program", "cpu:0.1ms,async(mail){io:10ms}"),
            ("memory.base_mb", "0"),
            ("load.tool", "k6"),
            ("load.tool", "hey"),
        ],
        Budgets {
            events: 2041,
            wall_s: 1.6,
            memory_mb: 31,
        },
    ),
];

#[test]
fn mixtures_the_fuzzer_found_run_within_their_budgets() {
    for (base, settings, budgets) in FOUND {
        let base = base.map_or_else(Draft::new, |p| scenario::preset(p).unwrap().draft());
        let settings: Vec<(String, String)> = (settings.iter())
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let cfg = config_of(&base, &settings, *budgets)
            .unwrap_or_else(|e| panic!("{settings:?}: {e}"))
            .unwrap_or_else(|| panic!("{settings:?} is refused"));
        check(&cfg, None).unwrap_or_else(|e| panic!("{settings:?}: {e}"));
    }
}
