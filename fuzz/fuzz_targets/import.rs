//! A pasted load test's output: any text either reads into figures that
//! hold together or gives one line saying what was expected where. Every
//! input goes to every parser (each format forced, and the recognition by
//! marks), so each parser runs once per input whatever its marks.
#![no_main]

use std::sync::atomic::{AtomicU64, Ordering};

use libfuzzer_sys::fuzz_target;
use threadlab::measured::{self, Measurement, SOURCES};

/// Inputs so far, printed every million: each parser ran on every one.
static INPUTS: AtomicU64 = AtomicU64::new(0);

fuzz_target!(|data: &[u8]| {
    // Pasted text is always text: invalid bytes become U+FFFD, so that
    // every input reaches every parser.
    let text = &*String::from_utf8_lossy(data);
    if INPUTS.fetch_add(1, Ordering::Relaxed) % 1_000_000 == 999_999 {
        eprintln!(
            "import: {} inputs, each read by all {} parsers and by recognition",
            INPUTS.load(Ordering::Relaxed),
            SOURCES.len()
        );
    }
    check(measured::read(text));
    for s in SOURCES {
        check(measured::read_as(s, text));
    }
});

/// A read's result holds together: an error is one line, figures are
/// finite, percentiles ascend within 0–100, and what follows from them is
/// computed without a panic.
fn check(read: Result<Measurement, threadlab::scenario::FieldError>) {
    let m = match read {
        Ok(m) => m,
        Err(e) => {
            let line = e.to_string();
            assert!(!line.is_empty() && !line.contains('\n'), "{line:?}");
            return;
        }
    };
    let l = &m.latency;
    for v in [l.mean_ms, l.stdev_ms, l.min_ms, l.max_ms, m.rate_per_s, m.elapsed_s]
        .into_iter()
        .flatten()
    {
        assert!(v.is_finite(), "{m:?}");
    }
    assert!(
        l.percentiles.windows(2).all(|w| w[0].0 < w[1].0),
        "percentiles ascend, one value each: {:?}",
        l.percentiles
    );
    for &(p, v) in &l.percentiles {
        assert!((0.0..=100.0).contains(&p) && v.is_finite(), "{p} {v}");
    }
    let _ = m.ok_per_s();
    let _ = threadlab::fidelity::yours::settings(&m);
    let _ = threadlab::fidelity::yours::little(&m);
    let _ = threadlab::fidelity::yours::figures(&m);
    let _ = serde_json::to_string(&m).expect("a measurement serialises");
}
