//! What the outcome says is true of the run.

use crate::helpers::Words;
use threadlab::sim::Outcome;

use crate::helpers::run;

/// A run for a duration ends with requests in flight (wrk -d drops them):
/// its outcome said "every request finished".
#[test]
fn a_run_for_a_duration_says_what_was_left_in_flight() {
    let r = run(&[
        ("load.tool", "wrk"),
        ("load.duration_s", "1"),
        ("load.concurrency", "20"),
        ("program", "io:300ms"),
    ]);
    assert_eq!(r.outcome, Outcome::Completed);
    assert_eq!(r.in_flight, 20);
    let d = &r.outcome_detail();
    assert!(!d.contains("every request finished"), "{d}");
    assert!(d.contains("20 requests still in flight"), "{d}");
}

#[test]
fn a_run_for_a_duration_with_nothing_left_says_so() {
    let r = run(&[
        ("load.tool", "wrk"),
        ("load.duration_s", "1"),
        ("load.concurrency", "20"),
        ("load.think_ms", "800"),
        ("program", "io:300ms"),
    ]);
    assert_eq!(r.in_flight, 0);
    assert!(
        r.outcome_detail()
            .contains("every request sent was answered"),
        "{}",
        r.outcome_detail()
    );
}

#[test]
fn a_run_for_a_request_count_finishes_every_request() {
    let r = run(&[("load.requests", "100"), ("program", "io:10ms")]);
    assert_eq!(r.outcome, Outcome::Completed);
    assert_eq!(r.in_flight, 0);
    assert_eq!(r.outcome_detail(), "every request finished");
}
