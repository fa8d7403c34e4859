//! The simulator gives the same report in WebAssembly as natively: the wasm
//! build must reproduce the golden file that the native tests check.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn wasm_report_equals_the_native_golden_report() {
    let expected = include_str!("golden/determinism.json");
    let actual = threadlab::cli::golden_report();
    assert!(
        actual == expected,
        "the wasm report differs from the native one (tests/golden/determinism.json)"
    );
}
