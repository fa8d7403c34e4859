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
fn a_pasted_output_is_a_marker_at_its_own_concurrency() {
    use crate::app::page::yours::YoursAction;
    let mut s = State::default();
    let none = charts::pasted_markers(&s, |_| true);
    assert!(none.is_empty(), "nothing pasted");
    let hey = concat!(
        include_str!("../../../tests/samples/hey/slow-n400-c20.txt.cmd"),
        include_str!("../../../tests/samples/hey/slow-n400-c20.txt")
    );
    s.reduce(Action::Yours(YoursAction::Text(hey.into())));
    s.reduce(Action::Yours(YoursAction::Read));
    let m = s.yours.measurement().cloned().unwrap();
    let tput = charts::pasted_markers(&s, |r| r == Read::ThroughputRps);
    assert_eq!(tput.len(), 1);
    assert_eq!((tput[0].x, tput[0].y), (20.0, m.rate_per_s.unwrap()));
    assert!(
        tput[0].label.starts_with("Your hey output, Rate:"),
        "{}",
        tput[0].label
    );
    let lat = charts::pasted_markers(&s, |r| matches!(r, Read::Latency(_)));
    let ys: Vec<f64> = lat.iter().map(|k| k.y).collect();
    let want = [m.latency.mean_ms, m.latency.at(50.0), m.latency.at(99.0)];
    assert_eq!(ys, want.iter().flatten().copied().collect::<Vec<_>>());
    // Without its command line, hey's output has no concurrency: no x.
    s.reduce(Action::Yours(YoursAction::Text(
        include_str!("../../../tests/samples/hey/slow-n400-c20.txt").into(),
    )));
    s.reduce(Action::Yours(YoursAction::Read));
    assert!(charts::pasted_markers(&s, |_| true).is_empty());
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
