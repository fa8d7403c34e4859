//! The core's facts in words: how a run ended and the limits it hit, as
//! catalogue phrases. The command line and the JSON report print their
//! English ([`Phrase::english`]), the page says them in its language
//! ([`Phrase::text`]); `sim` itself holds no words.

mod bottleneck;

pub use bottleneck::bottleneck;

#[cfg(test)]
mod tests;

use crate::i18n::keys::chart as hit;
use crate::i18n::keys::report as k;
use crate::i18n::{Part, Phrase};
use crate::sim::report::{
    Course, Ending, LimitEffect, LimitHit, MemoryLimit, MemoryStats, OwnPart,
};
use crate::sim::tool::Deadline;
use crate::sim::{Outcome, Report};

/// How the run ended, with the limits it hit, and a word on rates when no
/// simulated time passed.
pub fn outcome(r: &Report) -> Phrase {
    let mut said = ending(&r.ending);
    if r.outcome == Outcome::OutOfMemory {
        for hit in &r.memory.hits {
            said = and(said, limit_hit(hit, &r.memory));
        }
    }
    if r.sim_time_s == 0.0 {
        said = k::OUTCOME_NO_TIME.said().with("said", Part::Phrase(said));
    }
    said
}

/// Two clauses of one sentence.
fn and(said: Phrase, more: Phrase) -> Phrase {
    k::OUTCOME_AND
        .said()
        .with("said", Part::Phrase(said))
        .with("more", Part::Phrase(more))
}

/// Why the run stopped, or what it did with its requests.
pub fn ending(e: &Ending) -> Phrase {
    let secs = |s: f64| Part::Fixed(s, 3);
    match *e {
        Ending::Ran(course) => ran(course),
        Ending::EventBudget { events, at_s } => k::OUTCOME_EVENT_BUDGET
            .said()
            .with("events", Part::Count(events))
            .with("at", secs(at_s)),
        Ending::TimeBudget { max_s } => k::OUTCOME_TIME_BUDGET
            .said()
            .with("max", Part::Fixed(max_s, 1)),
        Ending::WallBudget {
            budget_s,
            at_s,
            events,
        } => {
            let rate = match at_s > 0.0 {
                true => k::OUTCOME_WALL_RATE
                    .said()
                    .with("rate", Part::Fixed(events as f64 / at_s, 0)),
                false => k::OUTCOME_WALL_INSTANT.said(),
            };
            k::OUTCOME_WALL_BUDGET
                .said()
                .with("budget", Part::Shortest(budget_s))
                .with("at", secs(at_s))
                .with("events", Part::Count(events))
                .with("rate", Part::Phrase(rate))
        }
        Ending::OwnMemory {
            budget_mib,
            at_s,
            every,
            held_mib,
            most,
            most_count,
            most_mib,
        } => k::OUTCOME_OWN_MEMORY
            .said()
            .with("budget", Part::Fixed(budget_mib, 0))
            .with("at", secs(at_s))
            .with("every", Part::Count(every))
            .with("held", Part::Fixed(held_mib, 0))
            .with("count", Part::Count(most_count))
            .with("what", Part::Phrase(own_part(most)))
            .with("most", Part::Fixed(most_mib, 0)),
        Ending::Deadlock { stuck } => k::OUTCOME_DEADLOCK.said().with("stuck", Part::Count(stuck)),
        Ending::PollerDied { stuck, at_s } => k::OUTCOME_POLLER_DIED
            .said()
            .with("stuck", Part::Count(stuck))
            .with("at", secs(at_s)),
    }
}

/// What a run that ran its course did with its requests: said as
/// "finished" only when each succeeded, so that a run that lost requests
/// does not read as a clean one beside its losses.
fn ran(course: Course) -> Phrase {
    let secs = |s: f64| Part::Fixed(s, 3);
    let tool = |t: crate::sim::report::Tool| Part::text(t.name());
    match course {
        Course::Cut {
            duration_s,
            in_flight,
            tool: t,
        } => {
            let why = match t.deadline() {
                Deadline::Cut => k::OUTCOME_CUT_DEADLINE,
                Deadline::Drain { .. } => k::OUTCOME_CUT_GRACE,
            };
            k::OUTCOME_CUT
                .said()
                .with("duration", secs(duration_s))
                .with("in_flight", Part::Count(in_flight))
                .with("why", Part::Phrase(why.said().with("tool", tool(t))))
        }
        Course::Drained {
            duration_s,
            tool: t,
        } => k::OUTCOME_DRAINED
            .said()
            .with("duration", secs(duration_s))
            .with("tool", tool(t)),
        Course::Answered { duration_s } => k::OUTCOME_ANSWERED
            .said()
            .with("duration", secs(duration_s)),
        Course::Finished { failed: 0, .. } => k::OUTCOME_FINISHED.said(),
        Course::Finished { succeeded, failed } => k::OUTCOME_RAN
            .said()
            .with("succeeded", Part::Count(succeeded))
            .with("failed", Part::Count(failed)),
    }
}

/// A part of the simulator's own memory, as a noun.
fn own_part(p: OwnPart) -> Phrase {
    match p {
        OwnPart::Fibers => k::OWN_PART_FIBERS,
        OwnPart::Events => k::OWN_PART_EVENTS,
        OwnPart::Client => k::OWN_PART_CLIENT,
        OwnPart::Connections => k::OWN_PART_CONNECTIONS,
        OwnPart::ThreadQueue => k::OWN_PART_THREAD_QUEUE,
        OwnPart::CarrierQueue => k::OWN_PART_CARRIER_QUEUE,
        OwnPart::Waiters => k::OWN_PART_WAITERS,
        OwnPart::GcHeld => k::OWN_PART_GC_HELD,
        OwnPart::CoreQueue => k::OWN_PART_CORE_QUEUE,
    }
    .said()
}

/// One limit hit: which, when, how often, what it did and what was lost.
pub fn limit_hit(h: &LimitHit, m: &MemoryStats) -> Phrase {
    let key = match (h.limit, h.effect) {
        (MemoryLimit::Container, _) => hit::HIT_CONTAINER,
        (MemoryLimit::Heap, LimitEffect::JvmExited) => hit::HIT_HEAP_EXITED,
        (MemoryLimit::Heap, LimitEffect::JvmKilled) => hit::HIT_HEAP_KILLED,
        (MemoryLimit::Heap, _) => hit::HIT_HEAP,
        (MemoryLimit::Threads, LimitEffect::PollerDied) => hit::HIT_THREADS_POLLER,
        (MemoryLimit::Threads, LimitEffect::JvmKilled) => hit::HIT_THREADS_KILLED,
        (MemoryLimit::Threads, _) => hit::HIT_THREADS_FAILED,
    };
    let size = match h.limit {
        MemoryLimit::Container => Part::Fixed(m.container_limit_mb, 0),
        MemoryLimit::Heap => Part::Fixed(m.heap_limit_mb, 0),
        MemoryLimit::Threads => Part::Count(m.thread_limit.into()),
    };
    key.said()
        .with("size", size)
        .with("at", Part::Fixed(h.first_at_s, 3))
        .with("times", Part::Count(h.times))
        .with("ends", Part::Count(h.ends))
        .with("lost", Part::Count(h.lost))
}
