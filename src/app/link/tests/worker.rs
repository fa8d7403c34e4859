//! The worker's interruptions, natively: an interrupted job, a panic
//! message on one line, a worker that cannot load.

use crate::app::*;

#[test]
fn an_interrupted_job_says_so_until_the_worker_speaks_or_the_scenario_changes() {
    let mut s = State::default();
    assert_eq!(s.interrupted(), None);
    s.reduce(Action::Interrupted("the worker panicked".into()));
    assert_eq!(s.interrupted(), Some("the worker panicked"));
    // Run again: the replaced worker's first output for the same job.
    s.reduce(Action::Workers(vec![Message {
        generation: s.generation,
        output: Output::Progress(Progress::default()),
    }]));
    assert_eq!(s.interrupted(), None);
    // Interrupted again, then the scenario changes: a new job, a new chance.
    s.reduce(Action::Interrupted("stuck".into()));
    assert_eq!(s.interrupted(), Some("stuck"));
    s.reduce(Action::Edit {
        mode: None,
        key: "load.concurrency".into(),
        text: "30".into(),
    });
    assert_eq!(s.interrupted(), None);
}

#[test]
fn a_panic_message_fits_the_panel_on_one_line() {
    use crate::app::worker::supervise::{PANEL_MESSAGE_CHARS, one_line};
    assert_eq!(
        one_line("index out of bounds (at src/x.rs:3:5)"),
        "index out of bounds (at src/x.rs:3:5)"
    );
    assert_eq!(one_line("a\nb\tc\nd\ne"), "a / b c / d");
    let long = "é".repeat(PANEL_MESSAGE_CHARS + 1);
    let shown = one_line(&long);
    assert_eq!(shown.chars().count(), PANEL_MESSAGE_CHARS + 1);
    assert!(shown.ends_with("é…"));
}

#[test]
fn a_worker_that_cannot_load_is_retried_quietly_then_reported_once() {
    use crate::app::worker::supervise::{AfterDeath, MAX_FAILED_STARTS, after_death};
    // A worker that was ready dies in a job: always replaced, and said.
    assert_eq!(after_death(true, 0), AfterDeath::Replace);
    // One that never got ready: retried without a word until the limit.
    let deaths: Vec<AfterDeath> = (1..=MAX_FAILED_STARTS)
        .map(|n| after_death(false, n))
        .collect();
    assert_eq!(deaths.last(), Some(&AfterDeath::GiveUp));
    assert!(
        deaths[..deaths.len() - 1]
            .iter()
            .all(|d| *d == AfterDeath::Retry)
    );
    // A single failed download is retried.
    assert_eq!(after_death(false, 1), AfterDeath::Retry);
}
