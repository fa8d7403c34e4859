//! Mechanical checks of the architecture: the core stays pure, every layer
//! uses only the layers below it, the playground's logic needs no browser,
//! the wasm-bindgen versions agree, every source file says what it is for.

use std::fs;
use std::path::{Path, PathBuf};

use super::helpers::files;

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
        "src/replicas",
        "src/replicas.rs",
        "src/i18n",
        "src/i18n.rs",
        "src/summary",
        "src/summary.rs",
        "src/measured",
        "src/measured.rs",
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

/// Every layer of the crate and the layers it may use. An edge not listed
/// here is a back-edge (or a new one to think about), and the test below
/// names it.
const LAYERS: &[(&str, &[&str])] = &[
    ("sim", &[]),
    ("scenario", &["sim", "i18n"]),
    ("theory", &[]),
    ("i18n", &[]),
    // N seeds of one scenario summarised: figures, no words, like `sim`.
    ("replicas", &["sim"]),
    // A report as its load tool's text: the command line prints it, the
    // page copies it; and the name each tool gives its rate, in the page's
    // language (i18n uses nothing of the crate: every layer may use it).
    ("summary", &["sim", "i18n"]),
    // A pasted load test read into figures: its errors are the scenario's.
    ("measured", &["sim", "scenario", "i18n"]),
    (
        "fidelity",
        &["sim", "scenario", "theory", "summary", "i18n", "measured"],
    ),
    (
        "app",
        &[
            "sim", "scenario", "theory", "fidelity", "summary", "i18n", "replicas", "measured",
        ],
    ),
    ("bench", &["sim", "scenario", "app", "replicas"]),
    ("extremes", &["sim", "scenario"]),
    (
        "chart",
        &[
            "sim", "scenario", "theory", "fidelity", "app", "summary", "i18n", "replicas",
            "measured",
        ],
    ),
    (
        "ui",
        &[
            "sim", "scenario", "theory", "fidelity", "app", "chart", "summary", "i18n", "replicas",
            "measured",
        ],
    ),
    (
        "cli",
        &[
            "sim", "scenario", "theory", "fidelity", "app", "bench", "chart", "summary", "i18n",
            "replicas", "measured",
        ],
    ),
];

/// The module path of a source file: `src/app/page/state.rs` → `[app, page, state]`.
pub(super) fn module_path(file: &Path) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let rel = file.strip_prefix(&root).expect("a file under src/");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

pub(super) fn ident_at(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The first segment of each path in a `{a, b::c, d::{e}}` group.
fn group_heads(text: &str) -> Vec<&str> {
    let inner = text.strip_prefix('{').unwrap_or(text);
    group_items(inner).into_iter().map(ident_at).collect()
}

/// The items of a `{…}` group whose opening brace is already read.
pub(super) fn group_items(text: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0, 0, Vec::new());
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                out.push(text[start..i].trim());
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

/// The crate's top-level modules a line names through `crate::` or
/// `super::` paths, from a file whose module path is `module`.
fn top_modules_named(line: &str, module: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let is_start = |i: usize| {
        !line[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
    };
    for (i, _) in line.match_indices("crate::") {
        if !is_start(i) {
            continue;
        }
        let rest = &line[i + "crate::".len()..];
        if rest.starts_with('{') {
            out.extend(group_heads(rest).into_iter().map(String::from));
        } else {
            out.push(ident_at(rest).to_string());
        }
    }
    for (i, _) in line.match_indices("super::") {
        if !is_start(i) {
            continue;
        }
        let mut rest = &line[i..];
        let mut up = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            rest = r;
            up += 1;
        }
        // `super` of a file's module is its parent; leaving the file's
        // top-level module means naming another one.
        if up >= module.len() {
            if rest.starts_with('{') {
                out.extend(group_heads(rest).into_iter().map(String::from));
            } else {
                out.push(ident_at(rest).to_string());
            }
        }
    }
    out
}

fn layer_files(layer: &str) -> Vec<PathBuf> {
    let mut f = files(&format!("src/{layer}"));
    f.extend(files(&format!("src/{layer}.rs")));
    f
}

/// Every edge from a layer to another layer, as (file, line, target).
fn edges(layer: &str) -> Vec<(PathBuf, String, String)> {
    let names: Vec<&str> = LAYERS.iter().map(|(n, _)| *n).collect();
    let mut out = Vec::new();
    for f in layer_files(layer) {
        let module = module_path(&f);
        let text = fs::read_to_string(&f).unwrap();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            for target in top_modules_named(code, &module) {
                if target != layer && names.contains(&target.as_str()) {
                    out.push((f.clone(), line.trim().to_string(), target));
                }
            }
        }
    }
    out
}

#[test]
fn every_module_of_the_crate_is_a_layer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for entry in fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if name == "lib" || name == "bin" {
            continue;
        }
        assert!(
            LAYERS.iter().any(|(n, _)| *n == name),
            "src/{name} is in no layer of tests/integration/tidy.rs: add it with the layers it may use"
        );
    }
}

#[test]
fn dependencies_point_one_way() {
    let mut wrong = Vec::new();
    let mut seen = 0;
    for (layer, allowed) in LAYERS {
        assert!(!layer_files(layer).is_empty(), "no files for layer {layer}");
        for (file, line, target) in edges(layer) {
            seen += 1;
            if !allowed.contains(&target.as_str()) {
                wrong.push(format!("{} ({layer} → {target}): {line}", file.display()));
            }
        }
    }
    assert!(seen > 50, "the scan found too few edges ({seen})");
    assert!(
        wrong.is_empty(),
        "dependencies against the layers (tests/integration/tidy.rs, LAYERS):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_layer_scan_sees_every_kind_of_path() {
    let m = |p: &str| p.split('/').map(String::from).collect::<Vec<_>>();
    assert_eq!(
        top_modules_named("use crate::sim::Report;", &m("app/x")),
        ["sim"]
    );
    assert_eq!(
        top_modules_named("use crate::{app::State, chart::{draw, Frame}};", &m("ui/x")),
        ["app", "chart"]
    );
    assert_eq!(
        top_modules_named("super::super::ui::x()", &m("app/x")),
        ["ui"]
    );
    assert!(top_modules_named("use super::digest::RunView;", &m("app/x")).is_empty());
    assert_eq!(
        top_modules_named("use super::cli;", &m("fidelity")),
        ["cli"]
    );
    assert!(top_modules_named("let supercrate::x = 1;", &m("app/x")).is_empty());
}

/// The playground's logic compiles natively: no browser crate in `app`,
/// none but plotters in `chart`.
#[test]
fn app_and_chart_need_no_browser() {
    let browser = [
        "yew",
        "web_sys",
        "wasm_bindgen",
        "gloo",
        "js_sys",
        "plotters_canvas",
    ];
    for (layer, banned) in [("app", &browser[..]), ("chart", &browser[..])] {
        for f in layer_files(layer) {
            let text = fs::read_to_string(&f).unwrap();
            for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
                for b in banned {
                    assert!(!line.contains(b), "{} uses `{b}`: {line}", f.display());
                }
            }
        }
    }
}

/// The version of wasm-bindgen that one of the project's files names.
fn pinned(file: &str, after: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join(file)).unwrap();
    let at = text
        .find(after)
        .unwrap_or_else(|| panic!("{file} has no `{after}`"));
    let rest = &text[at + after.len()..];
    rest.trim_start_matches(['=', ' ', '"'])
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn wasm_bindgen_versions_agree() {
    let cargo = pinned("Cargo.toml", "wasm-bindgen = \"=");
    assert!(
        cargo.split('.').count() == 3,
        "Cargo.toml pins wasm-bindgen exactly: {cargo}"
    );
    for (file, key) in [
        ("Cargo.lock", "name = \"wasm-bindgen\"\nversion = \""),
        ("Trunk.toml", "wasm_bindgen = \""),
        ("scripts/setup.sh", "WASM_BINDGEN_VERSION="),
    ] {
        assert_eq!(
            pinned(file, key),
            cargo,
            "{file} names another wasm-bindgen than Cargo.toml (Trunk would download one)"
        );
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
