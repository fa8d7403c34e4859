//! Writes the seed corpus of every fuzz target (fuzz/corpus/<target>/) from
//! the presets, the benchmark workloads and the test suite's inputs, so the
//! fuzzers start from valid scenarios. Run it again when presets change:
//! `cargo run --manifest-path fuzz/Cargo.toml --example seed_corpus`.

use std::fs;
use std::path::Path;

use serde_json::Value;
use threadlab::bench::WORKLOADS;
use threadlab::cli::GOLDEN_SCENARIO;
use threadlab::scenario::{Draft, presets};

/// `--set` lines for every leaf of a draft.
fn lines(d: &Draft) -> String {
    d.leaves()
        .into_iter()
        .map(|(k, v)| match v {
            Value::String(s) => format!("{k}={s}\n"),
            other => format!("{k}={other}\n"),
        })
        .collect()
}

fn write(target: &str, name: &str, text: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    fs::create_dir_all(&dir).expect("corpus folder");
    fs::write(dir.join(name), text).expect("corpus file");
}

fn main() {
    let mut programs = Vec::new();
    for p in presets() {
        let d = p.draft();
        write("scenario_json", &format!("{}.json", p.name), &d.to_json());
        write("set_values", p.name, &lines(&d));
        write("run", p.name, &lines(&d));
        if let Some(Value::String(program)) = d.get("program") {
            programs.push(program.clone());
        }
    }
    for w in WORKLOADS
        .iter()
        .filter(|w| ["m1", "m2", "m2-virtual"].contains(&w.name))
    {
        if let Some(d) = w.drafts().first() {
            write("run", &format!("bench-{}", w.name), &lines(d));
        }
    }
    let golden: String = GOLDEN_SCENARIO
        .iter()
        .map(|(k, v)| format!("{k}={v}\n"))
        .collect();
    write("run", "golden", &golden);
    write("set_values", "golden", &golden);
    // A downstream's pending cap and rate limit, both reached.
    let limits = "program=call(inv)\ndownstream.inv.client=reactor-netty\n\
        downstream.inv.max_connections=5\ndownstream.inv.max_pending=3\n\
        downstream.inv.rate_limit_rps=50\ndownstream.inv.rate_burst=2\n\
        load.concurrency=20\nload.requests=300\n";
    write("run", "downstream-limits", limits);
    write("set_values", "downstream-limits", limits);
    // The JDK client's own executor, platform and virtual, from virtual threads.
    for executor in ["default", "virtual"] {
        let jdk = format!(
            "server.mode=virtual\nprogram=cpu:0.1ms,call(inv),call(inv)\n\
             downstream.inv.client=jdk\ndownstream.inv.executor={executor}\n\
             load.concurrency=40\nload.requests=300\n"
        );
        write("run", &format!("downstream-jdk-{executor}"), &jdk);
        write("set_values", &format!("downstream-jdk-{executor}"), &jdk);
    }
    // Bulkheads: one refusing at once, one with a bounded wait, one
    // waiting for ever around a failing pool, shared by two endpoints.
    let bulkheads = "server.mode=virtual\nendpoints=a, b\n\
        endpoint.a.program=pool(g, 2, 0ms){io:5ms},pool(w, 3, 4ms){db:2ms}\n\
        endpoint.b.program=pool(h, 1){db:exp(300ms)},pool(w, 3, 4ms){io:1ms},threadpool(t, 2, 1, 2){io:3ms}\n\
        db.pool_size=1\ndb.timeout_ms=250\nload.concurrency=20\nload.requests=300\n";
    write("run", "bulkheads", bulkheads);
    write("set_values", "bulkheads", bulkheads);
    // A downstream that slows and fails for a while, with a response
    // time-out, retries with jitter, a breaker and a fallback, and one
    // that loses slots in its fault.
    let resilience = "server.mode=virtual\nprogram=cpu:0.1ms,call(inv),call(slow)\n\
        downstream.inv.error_rate=0.3\ndownstream.inv.response_timeout_ms=30\n\
        downstream.inv.fault_from_s=0.05\ndownstream.inv.fault_until_s=0.2\n\
        downstream.inv.fault_p50_ms=80\ndownstream.inv.fault_error_rate=0.9\n\
        downstream.inv.retry=resilience4j\ndownstream.inv.retry_delay_ms=2\n\
        downstream.inv.retry_multiplier=1.5\ndownstream.inv.retry_jitter=0.5\n\
        downstream.inv.breaker=resilience4j\ndownstream.inv.breaker_window=10\n\
        downstream.inv.breaker_minimum_calls=5\ndownstream.inv.breaker_open_s=0.05\n\
        downstream.inv.breaker_half_open_calls=3\ndownstream.inv.fallback=on\n\
        downstream.slow.fault_from_s=0\ndownstream.slow.fault_concurrency=1\n\
        downstream.slow.retry=spring7\ndownstream.slow.retry_jitter=3\n\
        downstream.slow.response_timeout_ms=15\n\
        downstream.slow.rate_limiter=resilience4j\ndownstream.slow.rate_limiter_limit=3\n\
        downstream.slow.rate_limiter_period_ms=10\ndownstream.slow.rate_limiter_timeout_ms=12\n\
        downstream.slow.breaker=resilience4j\ndownstream.slow.breaker_window_type=time_based\n\
        downstream.slow.breaker_window=1\ndownstream.slow.breaker_minimum_calls=3\n\
        load.concurrency=20\nload.requests=300\n";
    write("run", "resilience", resilience);
    write("set_values", "resilience", resilience);
    // The command-line tests' files and issue 9's hostile inputs.
    for (name, text) in [
        (
            "good.json",
            r#"{"schema": 1, "load": {"concurrency": 20, "requests": 200}, "program": "io:10ms"}"#,
        ),
        ("typo.json", r#"{"load": {"concurrancy": 20}}"#),
        ("broken.json", "{ not json"),
        ("bom.json", "\u{feff}{\"server\": {}}"),
        (
            "duplicate.json",
            r#"{"load": {"concurrency": 5}, "load": {"requests": 10}}"#,
        ),
        ("null-section.json", r#"{"load": null, "program": 5}"#),
        ("quoted-number.json", r#"{"load": {"concurrency": "10"}}"#),
        ("newline.json", r#"{"program": "io:5ms\nerror: fake"}"#),
    ] {
        write("scenario_json", name, text);
    }
    programs.extend(
        [
            "cpu:0ms",
            "cpu:exp(0ms)",
            "cpu:0.4ns",
            "sync{cpu:0ms}",
            "async(e){io:5ms}",
            "cpu:1ms, db:2ms, sync(a){io:3ms}, async(mail){io:4ms}, lock{io:5ms}",
            "sync{wait:5ms,io:1ms},lock(b){file:uniform(1ms,2ms)}",
            "io:lognormal(p50=9ms,p99=20ms)",
            "pool(g, 2){io:5ms}",
            "pool(g, 2, 0ms){call(inv)},pool(h,1,3ms){sync{io:1ms}}",
            "pool(g,1){async(e){pool(g,1){io:1ms}}}",
        ]
        .map(String::from),
    );
    programs.sort();
    programs.dedup();
    for (i, p) in programs.iter().enumerate() {
        write("program", &format!("p{i:02}"), p);
    }
    import_seeds();
}

/// Every sample of tests/samples/ (real and built load-test outputs).
fn import_seeds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/samples");
    let mut files = Vec::new();
    for dir in fs::read_dir(&root).expect("tests/samples").flatten() {
        if dir.path().is_dir() {
            files.extend(fs::read_dir(dir.path()).expect("samples").flatten().map(|f| f.path()));
        }
    }
    files.sort();
    for f in files {
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "txt" | "csv" | "json" | "jtl" | "log") {
            continue;
        }
        let Ok(text) = fs::read_to_string(&f) else { continue };
        let name = f
            .strip_prefix(&root)
            .expect("under samples")
            .to_string_lossy()
            .replace('/', "-");
        write("import", &name, &text);
    }
}
