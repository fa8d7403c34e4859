//! Defect 5: every utilisation in a report is a fraction of time a
//! resource's capacity was busy, between 0 and 1, whatever ends the run.

use threadlab::sim::Report;
use threadlab::sim::report::ServerStats;

use crate::helpers::{Explained, run};

/// Every utilisation a report gives, by name.
pub(crate) fn utilisations(s: &ServerStats) -> [(&'static str, f64); 4] {
    [
        ("cpu", s.cpu_utilisation),
        ("tomcat", s.tomcat_utilisation),
        ("carriers", s.carrier_utilisation),
        ("db", s.db_utilisation),
    ]
}

#[track_caller]
fn assert_fractions(what: &str, r: &Report) {
    for (name, u) in utilisations(&r.server) {
        assert!((0.0..=1.0).contains(&u), "{what}: {name} utilisation {u}");
    }
    for (t, u) in r.series.t_s.iter().zip(&r.series.cpu_utilisation) {
        assert!((0.0..=1.0).contains(u), "{what}: cpu {u} at {t} s");
    }
}

/// The case: ten 100 ms CPU bursts on 4 round-robin cores, every
/// client gone after 1 ms. The cores' 4 ms slices already begun were
/// counted whole, past the end of the run: 400 %.
#[test]
fn cpu_time_after_the_end_of_the_run_is_not_counted() {
    // Connections open at no cost, so the cores are busy from time 0.
    let r = crate::helpers::run_free(&[
        ("load.timeout_ms", "1"),
        ("program", "cpu:100ms"),
        ("load.concurrency", "10"),
        ("load.requests", "10"),
    ]);
    assert_fractions("timeout 1 ms", &r);
    // 4 cores busy from 0 to the end: the exact answer.
    assert_eq!(r.server.cpu_utilisation, 1.0);
    assert!(
        !r.bottleneck.explanation().contains("400"),
        "{}",
        r.bottleneck.explanation()
    );
}

/// File I/O captures carriers and the scheduler adds more: utilisation is
/// the busy share of the carriers alive, not of the base count (4780 %).
#[test]
fn compensating_carriers_count_in_the_carriers_capacity() {
    let r = run(&[
        ("server.mode", "virtual"),
        ("program", "file:50ms,cpu:1ms"),
        ("load.concurrency", "200"),
        ("load.requests", "2000"),
        ("load.timeout_ms", "0"),
    ]);
    assert!(
        r.server.peak_carriers > 100,
        "compensated: {}",
        r.server.peak_carriers
    );
    assert_fractions("file I/O", &r);
    assert!(
        r.server.carrier_utilisation > 0.5,
        "{}",
        r.server.carrier_utilisation
    );
}

/// Runs cut short by every kind of budget, in both CPU models and modes.
#[test]
fn runs_stopped_early_stay_within_capacity() {
    for cpu in ["rr", "ps"] {
        for mode in ["platform", "virtual"] {
            for budget in [("limits.max_events", "300"), ("limits.max_sim_s", "0.05")] {
                let r = run(&[
                    ("server.cpu_model", cpu),
                    ("server.mode", mode),
                    ("server.cores", "2"),
                    ("program", "cpu:30ms,file:20ms,db:10ms"),
                    ("load.concurrency", "40"),
                    ("load.requests", "400"),
                    budget,
                ]);
                assert_fractions(&format!("{cpu} {mode} {budget:?}"), &r);
            }
        }
    }
}
