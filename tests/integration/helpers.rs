//! Shared helpers: build a scenario from `--set`-style pairs and run it.

use std::fs;
use std::path::{Path, PathBuf};

use threadlab::scenario::{Draft, validate};
use threadlab::sim::{self, Config, Report};

/// A validated config from an empty draft plus `settings`, without the
/// measured wake-up latency, lock hand-off, G1 pause spread and Tomcat's
/// read-ahead unless `settings` name them: most tests hold the engine to
/// closed forms (Erlang C, a pool's size over its hold time, a shared
/// lock's hold times added up, a pause's base plus its copying), in which a
/// blocking wait ends on time, a released lock's next owner runs at once,
/// every pause's fixed part is the same and every request waits its turn
/// in Tomcat's queue. Tests of the latency or the spread set their keys.
pub(crate) fn config(settings: &[(&str, &str)]) -> Config {
    let mut d = Draft::new();
    if !settings.iter().any(|(k, _)| k.starts_with("server.wake_")) {
        d.set("server.wake_p50_us", "0").expect("a known key");
    }
    if !settings.iter().any(|(k, _)| *k == "server.handoff_us") {
        d.set("server.handoff_us", "0").expect("a known key");
    }
    if !settings.iter().any(|(k, _)| *k == "gc.pause_p90_ratio") {
        d.set("gc.pause_p90_ratio", "1").expect("a known key");
    }
    if !settings.iter().any(|(k, _)| *k == "server.read_ahead_pct") {
        d.set("server.read_ahead_pct", "0").expect("a known key");
    }
    if !settings.iter().any(|(k, _)| *k == "gc.warm_eden_fill") {
        d.set("gc.warm_eden_fill", "0").expect("a known key");
    }
    for (k, v) in settings {
        d.set(k, v)
            .unwrap_or_else(|e| panic!("bad test setting {k}={v}: {e}"));
    }
    validate(&d).unwrap_or_else(|e| panic!("test scenario does not validate: {e:?}"))
}

/// Runs a scenario given as `--set`-style pairs.
pub(crate) fn run(settings: &[(&str, &str)]) -> Report {
    sim::run(&config(settings))
}

/// Settings under which opening a connection takes no time (no handshake
/// round trip, no client or acceptor CPU), for tests whose expected figures
/// are the program's alone and not a connection set-up's.
pub(crate) const FREE_CONNECTS: [(&str, &str); 3] = [
    ("load.rtt_ms", "0"),
    ("load.connect_cpu_ms", "0"),
    ("server.accept_us", "0"),
];

/// Runs `settings` with connections that cost nothing to open.
pub(crate) fn run_free(settings: &[(&str, &str)]) -> Report {
    let mut all = settings.to_vec();
    all.extend(FREE_CONNECTS);
    run(&all)
}

/// Asserts `actual` is within `tol` (relative) of `expected`.
#[track_caller]
pub(crate) fn assert_close(what: &str, actual: f64, expected: f64, tol: f64) {
    let rel = (actual - expected).abs() / expected.abs();
    assert!(
        rel <= tol,
        "{what}: got {actual}, expected {expected} ± {:.2} % (off by {:.3} %)",
        tol * 100.0,
        rel * 100.0
    );
}

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

/// The Rust files at `rel` (a folder, searched through, or one file),
/// relative to the crate's root.
pub(crate) fn files(rel: &str) -> Vec<PathBuf> {
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

/// Holds `actual` to the golden file at `rel` (from the crate's root),
/// which `UPDATE_GOLDEN=1 cargo test` rewrites first; `why` says what a
/// difference means and when re-blessing is right.
pub(crate) fn assert_golden(rel: &str, actual: &str, why: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        fs::write(&path, actual).unwrap();
    }
    let expected = fs::read_to_string(&path).unwrap_or_default();
    assert!(expected == actual, "{rel} differs: {why}\n{actual}");
}

/// How a run ended, in the words the command line and the JSON report
/// print (the core reports it as facts, `Report::ending`).
pub(crate) trait Words {
    /// The outcome's English sentence.
    fn outcome_detail(&self) -> String;
}

impl Words for Report {
    fn outcome_detail(&self) -> String {
        threadlab::summary::said::outcome(self).english()
    }
}

/// A limit hit of `r`, in the words of the JSON report's `detail`.
pub(crate) fn hit_words(r: &Report, h: &threadlab::sim::report::LimitHit) -> String {
    threadlab::summary::said::limit_hit(h, &r.memory).english()
}

/// The bottleneck's sentence, in the words of the JSON report's
/// `explanation` (the core reports its figures, `Bottleneck::finding`).
pub(crate) trait Explained {
    /// The English sentence.
    fn explanation(&self) -> String;
}

impl Explained for threadlab::sim::report::Bottleneck {
    fn explanation(&self) -> String {
        threadlab::summary::said::bottleneck(self).english()
    }
}
