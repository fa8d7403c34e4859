//! The playground's logic, natively, by subject: the reducer, the worker's
//! results, the job plan, bounds, the form, charts and markers, number
//! formatting, and the truth at a glance. The helpers here run a small job
//! and feed its messages to a state.

mod bounds;
mod charts;
mod form;
mod format;
mod plan;
mod reducer;
mod results;
mod truth;

use crate::app::worker::job::run_blocking;
use crate::app::*;

fn edit(s: &mut State, mode: Option<Mode>, key: &str, text: &str) {
    s.reduce(Action::Edit {
        mode,
        key: key.into(),
        text: text.into(),
    });
}

/// A quick scenario: a few hundred requests, no sweep.
fn small_job(s: &State) -> Job {
    let mut job = s.job();
    for m in &mut job.modes {
        m.draft.set("load.requests", "400").unwrap();
        m.draft.set("load.concurrency", "40").unwrap();
    }
    job.sweep = false;
    job
}

/// Runs the state's (small) job and takes in every message.
fn simulate(s: &mut State) {
    let messages = run_blocking(&small_job(s));
    feed(s, messages);
}

fn feed(s: &mut State, messages: Vec<Message>) {
    for m in messages {
        s.reduce(Action::Workers(vec![m]));
    }
}
