//! A pasted load test's output: any text either reads into figures that
//! hold together or gives one line saying what was expected where. The
//! first byte picks the parser (0: recognise the tool; n: the nth format),
//! so every parser is reached whatever its marks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use threadlab::measured::{self, SOURCES};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let read = match pick as usize % (SOURCES.len() + 1) {
        0 => measured::read(text),
        n => measured::read_as(SOURCES[n - 1], text),
    };
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
    // What the figures imply is computed without a panic.
    let _ = m.ok_per_s();
    let _ = threadlab::fidelity::yours::settings(&m);
    let _ = threadlab::fidelity::yours::little(&m);
    let _ = serde_json::to_string(&m).expect("a measurement serialises");
});
