//! The replications' arithmetic against values worked by hand.

use super::band::{coverage, rank_for};
use super::warmup::mser;
use super::*;

fn count(n: u64) -> Count {
    Count::new(n).expect("in range")
}

#[test]
fn counts_outside_one_to_the_maximum_are_refused() {
    assert_eq!(Count::new(0), None);
    assert_eq!(Count::new(1).map(Count::get), Some(1));
    let max = u64::from(MAX_REPLICATIONS);
    assert_eq!(Count::new(max).map(Count::get), Some(MAX_REPLICATIONS));
    assert_eq!(Count::new(max + 1), None);
    assert!(serde_json::from_str::<Count>("0").is_err());
    assert_eq!(serde_json::from_str::<Count>("7").unwrap().get(), 7);
}

#[test]
fn seeds_start_at_the_scenarios_own_and_follow_splitmix64() {
    // SplitMix64's first output from state 0, as its reference code gives.
    let mut state = 0;
    assert_eq!(splitmix64(&mut state), 0xE220_A839_7B1D_CDAF);
    let s = seeds(0, count(3));
    assert_eq!(s[0], 0);
    assert_eq!(s[1], 0xE220_A839_7B1D_CDAF >> 11, "its top 53 bits");
    assert_eq!(s, seeds(0, count(3)), "the same seeds every time");
    let many = seeds(42, count(50));
    assert_eq!(many.len(), 50);
    let mut sorted = many.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), 50, "every seed distinct");
    assert!(many.iter().all(|&s| s < 1 << SEED_BITS), "{many:?}");
    assert_eq!(
        &many[..5],
        &seeds(42, count(5))[..],
        "a prefix of more runs"
    );
}

#[test]
fn the_median_is_the_middle_run_or_the_mean_of_the_middle_two() {
    let b = Band::of(&[3.0, 1.0, 2.0]);
    assert_eq!((b.median, b.min, b.max), (2.0, 1.0, 3.0));
    assert_eq!(b.interval, None, "no interval below five runs");
    assert_eq!(Band::of(&[4.0, 1.0, 2.0, 3.0]).median, 2.5);
    assert_eq!(Band::of(&[]), Band::default());
}

#[test]
fn the_intervals_coverage_is_the_binomials() {
    // 1 − 2·P(B ≤ k − 1), B ~ Bin(n, ½), worked by hand.
    assert_eq!(coverage(5, 1), 1.0 - 2.0 / 32.0);
    assert_eq!(coverage(6, 1), 1.0 - 2.0 / 64.0);
    assert_eq!(coverage(10, 2), 1.0 - 2.0 * 11.0 / 1024.0);
    assert_eq!(rank_for(5), 1);
    assert_eq!(rank_for(10), 2, "k = 3 covers only 89 %");
    // n = 20: P(B ≤ 5) = 21,700 / 2²⁰ → 95.9 %; P(B ≤ 6) = 60,460 / 2²⁰ → 88.5 %.
    assert_eq!(rank_for(20), 6);
    assert_eq!(coverage(20, 6), 1.0 - 2.0 * 21_700.0 / 1_048_576.0);
    let v: Vec<f64> = (1..=20).map(f64::from).collect();
    let i = Band::of(&v).interval.expect("20 runs");
    assert_eq!((i.lo, i.hi, i.rank), (6.0, 15.0, 6));
    let five = Band::of(&[5.0, 1.0, 4.0, 2.0, 3.0])
        .interval
        .expect("5 runs");
    assert_eq!((five.lo, five.hi, five.coverage), (1.0, 5.0, 0.9375));
    for n in 6..=MAX_REPLICATIONS {
        assert!(coverage(n, rank_for(n)) >= INTERVAL_TARGET, "n = {n}");
    }
}

#[test]
fn mser_cuts_a_transient_and_nothing_from_a_flat_series() {
    assert_eq!(mser(&[3.0; 12]), 0);
    // Four batches far below the level the rest settles at.
    let mut z = vec![0.0, 10.0, 20.0, 40.0];
    z.extend((0..16).map(|i| 100.0 + if i % 2 == 0 { 1.0 } else { -1.0 }));
    assert_eq!(mser(&z), 4);
}

fn summary(values: &[f64]) -> Summary {
    let samples: Vec<Sample> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| Sample {
            seed: i as u64,
            outcome: crate::sim::Outcome::Completed,
            figures: Figures::from_fn(|_| v),
            warmup: Warmup::default(),
        })
        .collect();
    Summary::of(&samples)
}

#[test]
fn differences_beyond_the_spread_are_apart_and_inside_it_within() {
    let a = summary(&[100.0, 101.0, 99.0, 102.0, 98.0]);
    let far = summary(&[200.0, 201.0, 199.0, 202.0, 198.0]);
    let near = summary(&[101.5, 100.5, 99.5, 103.0, 97.5]);
    for d in compare(&a, &far) {
        assert_eq!((d.noise, d.rule), (Noise::Apart, Rule::Intervals));
        assert_eq!(d.relative, Some(1.0));
    }
    for d in compare(&a, &near) {
        assert_eq!((d.noise, d.rule), (Noise::Within, Rule::Intervals));
    }
    // Three runs: the bands. Touching bands overlap.
    let (x, y) = (summary(&[1.0, 2.0, 3.0]), summary(&[3.0, 4.0, 5.0]));
    assert!(
        compare(&x, &y)
            .iter()
            .all(|d| d.noise == Noise::Within && d.rule == Rule::Bands)
    );
    let z = summary(&[3.5, 4.0, 5.0]);
    assert!(compare(&x, &z).iter().all(|d| d.noise == Noise::Apart));
    let one = summary(&[1.0]);
    assert!(
        compare(&one, &z)
            .iter()
            .all(|d| d.noise == Noise::Unjudged && d.rule == Rule::OneRun)
    );
}
