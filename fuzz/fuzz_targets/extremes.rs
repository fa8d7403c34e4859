//! The twin of `tests/integration/extremes.rs` under libFuzzer: the input
//! picks a base draft, up to 16 schema keys each at its minimum, maximum,
//! `null` or a drawn value, and small budgets; a scenario validation
//! accepts is run and held to `threadlab::extremes::check` (within its
//! budgets, no NaN/∞, ordered percentiles, utilisations and error shares
//! fractions, memory within the scenario's limits, determinism), with a
//! clock that counts its own readings, so that the wall-clock budget stops
//! a run at the same event every time.
#![no_main]

use libfuzzer_sys::fuzz_target;
use threadlab::extremes::{Budgets, check, config_of, keys, value_of};
use threadlab::scenario::{self, Draft};

/// Reads the input a few bytes at a time; zeros past its end.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
        self.0 = rest;
        first
    }

    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| acc << 8 | u64::from(self.u8()))
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let base = match b.u8() % 3 {
        0 => Draft::new(),
        1 => scenario::preset("e2-platform")
            .map(|p| p.draft())
            .unwrap_or_default(),
        _ => scenario::preset("e2-virtual")
            .map(|p| p.draft())
            .unwrap_or_default(),
    };
    let budgets = Budgets {
        events: 1 + u64::from(b.u8()) * 8,
        wall_s: f64::from(1 + b.u8() % 20) / 10.0,
        memory_mb: 16 + u64::from(b.u8() % 48),
    };
    let keys = keys();
    let n = 1 + b.u8() % 16;
    let settings: Vec<(String, String)> = (0..n)
        .map(|_| {
            let (key, spec) = &keys[usize::from(b.u8()) % keys.len()];
            (key.clone(), value_of(spec, b.u8() % 4, b.u64()))
        })
        .collect();
    let cfg = match config_of(&base, &settings, budgets) {
        Ok(Some(cfg)) => cfg,
        Ok(None) => return,
        Err(e) => panic!("{settings:?}: {e}"),
    };
    if let Err(e) = check(&cfg, None) {
        panic!("{settings:?} {budgets:?}: {e}");
    }
});
