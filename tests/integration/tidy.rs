//! Mechanical checks of the architecture: the core stays pure, every source
//! file says what it is for.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn files(rel: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let p = root.join(rel);
    if p.is_dir() {
        rust_files(&p, &mut out);
    } else if p.exists() {
        out.push(p);
    }
    out
}

#[test]
fn the_core_touches_no_web_clock_os_or_threads() {
    let banned = [
        "yew",
        "web_sys",
        "wasm_bindgen",
        "gloo",
        "plotters",
        "js_sys",
        "std::time",
        "Instant",
        "SystemTime",
        "thread_rng",
        "OsRng",
        "std::fs",
        "std::env",
        "std::thread",
        "std::net",
        "println!",
        "eprintln!",
    ];
    let mut checked = 0;
    for dir in [
        "src/sim",
        "src/sim.rs",
        "src/scenario",
        "src/scenario.rs",
        "src/theory.rs",
    ] {
        for f in files(dir) {
            let text = fs::read_to_string(&f).unwrap();
            for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
                for b in banned {
                    assert!(!line.contains(b), "{} uses `{b}`: {line}", f.display());
                }
            }
            checked += 1;
        }
    }
    assert!(
        checked > 15,
        "the tidy check found too few files ({checked})"
    );
}

#[test]
fn dependencies_point_one_way() {
    // sim knows nothing of the crate around it; scenario knows only sim.
    let outer = [
        "crate::scenario",
        "crate::fidelity",
        "crate::chart",
        "crate::ui",
        "crate::cli",
        "crate::bench",
    ];
    for f in files("src/sim").into_iter().chain(files("src/sim.rs")) {
        let text = fs::read_to_string(&f).unwrap();
        for b in outer {
            assert!(
                !text.contains(b),
                "{} uses `{b}`: the core must not depend on its users",
                f.display()
            );
        }
    }
    for f in files("src/scenario")
        .into_iter()
        .chain(files("src/scenario.rs"))
    {
        let text = fs::read_to_string(&f).unwrap();
        for b in &outer[1..] {
            assert!(
                !text.contains(b),
                "{} uses `{b}`: scenario may only use sim",
                f.display()
            );
        }
    }
}

#[test]
fn every_source_file_opens_with_a_doc_line() {
    for f in files("src").into_iter().chain(files("tests")) {
        let text = fs::read_to_string(&f).unwrap();
        let first = text.lines().next().unwrap_or("");
        assert!(
            first.starts_with("//!"),
            "{} must open with a `//!` line saying what it is for",
            f.display()
        );
    }
}
