//! Same scenario and seed → identical report; another seed → a different one.

use threadlab::cli::{GOLDEN_SCENARIO as RANDOM, json_report};

use crate::helpers::{assert_golden, run};

fn with_seed(seed: &str) -> String {
    let mut s = RANDOM.to_vec();
    s.push(("seed", seed));
    json_report(&run(&s), true)
}

/// The report that `tests/wasm_determinism.rs` must reproduce in the browser.
const GOLDEN: &str = "tests/golden/determinism.json";

#[test]
fn native_report_matches_the_golden_file_shared_with_wasm() {
    // The same file is compiled into the wasm test, so native and WebAssembly
    // are held to one byte-identical report. After a deliberate model change,
    // re-bless with UPDATE_GOLDEN=1 cargo test.
    assert_golden(
        GOLDEN,
        &threadlab::cli::golden_report(),
        "it is stale or the run is not deterministic; if the model changed on purpose, run UPDATE_GOLDEN=1 cargo test",
    );
}

#[test]
fn same_seed_same_report() {
    assert_eq!(with_seed("7"), with_seed("7"));
}

#[test]
fn another_seed_another_report() {
    assert_ne!(with_seed("7"), with_seed("8"));
}

#[test]
fn presets_are_deterministic() {
    for p in threadlab::scenario::presets() {
        let cfg = threadlab::scenario::validate(&p.draft()).expect("presets validate");
        let a = json_report(&threadlab::sim::run(&cfg), true);
        let b = json_report(&threadlab::sim::run(&cfg), true);
        assert!(a == b, "preset {} is not deterministic", p.name);
    }
}

#[test]
fn slicing_a_run_does_not_change_it() {
    // The playground runs in slices; the result must equal one long call.
    let mut s = RANDOM.to_vec();
    s.push(("seed", "3"));
    let cfg = crate::helpers::config(&s);
    let whole = json_report(&threadlab::sim::run(&cfg), true);
    let mut sim = threadlab::sim::Simulation::new(cfg);
    while !sim.advance(997) {}
    assert_eq!(json_report(&sim.finish(), true), whole);
}
