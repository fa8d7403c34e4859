//! The page's charts, natively: the articles' figures as markers in the
//! charts' units, and every chart once per running mode.

use super::simulate;
use crate::app::show::charts;
use crate::app::*;
use crate::fidelity::{Read, Stat};

#[test]
fn markers_are_the_articles_figures_in_the_charts_units() {
    let s = State::with_preset("e2-platform");
    let tput = charts::markers(&s, |r| r == Read::ThroughputRps);
    let ys: Vec<(Mode, f64)> = tput.iter().map(|m| (m.mode, m.y)).collect();
    assert_eq!(
        ys,
        [(Mode::Platform, 1877.2105), (Mode::Virtual, 12773.137)]
    );
    assert!(tput.iter().all(|m| m.x == 2000.0));
    assert!(
        tput[0].label.contains("1,877.21 req/s"),
        "{}",
        tput[0].label
    );
    // hey reports seconds; the latency charts are in ms.
    let mean = charts::markers(&s, |r| r == Read::Latency(Stat::Mean));
    assert!(
        mean.iter()
            .any(|m| m.mode == Mode::Platform && (m.y - 1050.8).abs() < 1e-9)
    );
}

#[test]
fn the_page_shows_every_chart_once_per_running_mode() {
    let mut s = State::default();
    simulate(&mut s);
    let ids: Vec<String> = charts::charts(&s).into_iter().map(|c| c.id).collect();
    for id in [
        "chart-sweep-throughput",
        "chart-timeline-platform",
        "chart-utilisation-virtual",
        "chart-errors",
    ] {
        assert!(ids.contains(&id.to_string()), "{id} in {ids:?}");
    }
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());
    s.reduce(Action::SetModes(Modes::Platform));
    simulate(&mut s);
    let ids: Vec<String> = charts::charts(&s).into_iter().map(|c| c.id).collect();
    assert!(!ids.iter().any(|i| i.ends_with("-virtual")), "{ids:?}");
}
