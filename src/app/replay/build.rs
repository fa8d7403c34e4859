//! Recording a run's steps and turning them into actors, events and spans.

use std::collections::HashMap;

use super::{Actor, ActorKind, Event, Holder, MAX_EVENTS, Replay, Span, State, Step};
use crate::sim::Simulation;
use crate::sim::config::Config;
use crate::sim::report::ErrorCause;
use crate::sim::time::Nanos;
use crate::sim::trace::{Note, Tracer};

/// Events between two looks at whether the recorder is full.
const SLICE: u64 = 4096;

/// A tracer that keeps every note, up to [`MAX_EVENTS`].
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    notes: Vec<(Nanos, u32, Note)>,
    full: bool,
}

impl Tracer for Recorder {
    const ON: bool = true;
    fn note(&mut self, at: Nanos, fiber: u32, note: Note) {
        if self.notes.len() < MAX_EVENTS {
            self.notes.push((at, fiber, note));
        } else {
            self.full = true;
        }
    }
}

/// Runs `cfg` until it ends or the recorder is full.
pub(super) fn record(cfg: &Config) -> Replay {
    let mut engine = Simulation::with_tracer(cfg.clone(), Recorder::default());
    while !engine.advance(SLICE) && !engine.tracer_mut().full {}
    let rec = std::mem::take(engine.tracer_mut());
    let pools = std::iter::once(crate::sim::TOMCAT_THREAD_NAME.to_string())
        .chain(cfg.executors.iter().map(|e| e.name.clone()))
        .collect();
    let mut replay = Builder::default().build(&rec.notes);
    replay.pools = pools;
    replay.truncated = rec.full;
    replay
}

/// What the builder knows of an actor while it is alive.
#[derive(Clone, Copy, Debug)]
struct Live {
    /// Its current state and the span it is in (index into `spans`).
    state: Option<(State, usize)>,
    /// The thread or carrier it was last given (kept across a block).
    holder: Option<Holder>,
}

#[derive(Default)]
struct Builder {
    actors: Vec<Actor>,
    events: Vec<Event>,
    spans: Vec<Span>,
    /// The actor each fiber slot carries now.
    slots: HashMap<u32, usize>,
    live: HashMap<usize, Live>,
    /// Who holds each thread or carrier.
    holders: HashMap<Holder, usize>,
    requests: u32,
    tasks: u32,
}

impl Builder {
    fn build(mut self, notes: &[(Nanos, u32, Note)]) -> Replay {
        for &(at, fiber, note) in notes {
            self.take(at, fiber, note);
        }
        let end = notes.last().map_or(0, |n| n.0);
        let count = self.events.len();
        for s in &mut self.spans {
            if s.end_event == usize::MAX {
                s.to = end;
                s.end_event = count;
            }
        }
        self.spans.sort_by_key(|s| s.first_event);
        Replay {
            actors: self.actors,
            events: self.events,
            spans: self.spans,
            pools: Vec::new(),
            truncated: false,
            end,
        }
    }

    fn new_actor(&mut self, kind: ActorKind, parent: Option<usize>) -> usize {
        let n = match kind {
            ActorKind::Request => {
                self.requests += 1;
                self.requests
            }
            ActorKind::Task => {
                self.tasks += 1;
                self.tasks
            }
        };
        self.actors.push(Actor { kind, n, parent });
        let a = self.actors.len() - 1;
        self.live.insert(
            a,
            Live {
                state: None,
                holder: None,
            },
        );
        a
    }

    fn take(&mut self, at: Nanos, fiber: u32, note: Note) {
        let actor = match note {
            Note::Sent => {
                let a = self.new_actor(ActorKind::Request, None);
                self.slots.insert(fiber, a);
                a
            }
            _ => match self.slots.get(&fiber) {
                Some(&a) => a,
                // A step of a fiber the recording never saw begin.
                None => return,
            },
        };
        let step = self.step(note, actor);
        self.events.push(Event { at, actor, step });
        let event = self.events.len() - 1;
        self.apply(at, event, actor, step);
    }

    /// The note as a step; a submission creates its task, named by its
    /// actor from then on.
    fn step(&mut self, note: Note, actor: usize) -> Step {
        match note {
            Note::Submitted { executor, task } => {
                let t = self.new_actor(ActorKind::Task, Some(actor));
                self.slots.insert(task, t);
                let task = u32::try_from(t).unwrap_or(u32::MAX);
                Note::Submitted { executor, task }
            }
            other => other,
        }
    }

    /// The actor's state after `step`: `None` when the step leaves it as
    /// it was, `Some(None)` when the actor leaves the server.
    fn next_state(&self, actor: usize, step: Step) -> Option<Option<State>> {
        let live = self.live.get(&actor)?;
        let current = live.state.map(|(s, _)| s);
        let state = match step {
            Step::Dial | Step::SynDropped { .. } | Step::AckDropped { .. } => State::Connecting,
            Step::InBacklog => State::Backlog,
            Step::QueuedForThread { pool } => State::WaitingForThread { pool },
            Step::OnThread { pool, n } => State::Running {
                on: Holder::Thread { pool, n },
            },
            Step::QueuedForCarrier => State::WaitingForCarrier,
            Step::Mounted { carrier } => State::Running {
                on: Holder::Carrier { carrier },
            },
            Step::Blocked { on, pinned } => {
                let holding = match live.holder {
                    Some(h @ Holder::Thread { .. }) => Some(h),
                    Some(h @ Holder::Carrier { .. }) if pinned => Some(h),
                    _ => None,
                };
                State::Blocked { holding, on }
            }
            // Back on the thread or carrier it kept; an unmounted virtual
            // thread's next step says where it goes.
            Step::Woke => match current {
                Some(State::Blocked {
                    holding: Some(h), ..
                }) => State::Running { on: h },
                _ => return None,
            },
            Step::Ended
            | Step::Response { .. }
            | Step::Abandoned
            | Step::ConnectFailed
            | Step::HalfOpenReset
            | Step::ClosedUnread
            | Step::Refused => {
                return Some(None);
            }
            // A request that never got in is dropped where it waits.
            Step::ClientTimeout {
                cause: ErrorCause::ConnectFailed,
            } => return Some(None),
            // Accepted: the next step (a thread, or its queue) follows in
            // the same instant.
            Step::Sent
            | Step::Accepted
            | Step::ConnClosedAfter { .. }
            | Step::Late
            | Step::Cpu(_)
            | Step::DbConnection
            | Step::DbTimeout
            | Step::LeaseTimeout
            | Step::PendingLimit
            | Step::RateLimited
            | Step::BulkheadFull
            | Step::ResponseTimeout
            | Step::DownstreamError
            | Step::CircuitOpen
            | Step::Retry { .. }
            | Step::RateLimiterWait { .. }
            | Step::Fallback
            | Step::Submitted { .. }
            | Step::Rejected { .. }
            // Never read: it stays where it was until its client gives up.
            | Step::Unread
            | Step::ClientTimeout { .. } => return None,
        };
        Some(Some(state))
    }

    fn apply(&mut self, at: Nanos, event: usize, actor: usize, step: Step) {
        let Some(next) = self.next_state(actor, step) else {
            return;
        };
        if let Some(h) = next.and_then(|s| s.holder())
            && let Some(&other) = self.holders.get(&h)
            && other != actor
        {
            // The thread or carrier went to `actor` in this instant: its
            // earlier holder let go of it (and will be answered next).
            self.close(other, at, event);
            if let Some(l) = self.live.get_mut(&other) {
                l.state = None;
                l.holder = None;
            }
        }
        self.close(actor, at, event);
        let Some(live) = self.live.get_mut(&actor) else {
            return;
        };
        match next {
            Some(state) => {
                live.holder = state.holder();
                if let Some(h) = live.holder {
                    self.holders.insert(h, actor);
                }
                self.spans.push(Span {
                    actor,
                    state,
                    from: at,
                    to: at,
                    first_event: event,
                    end_event: usize::MAX,
                });
                live.state = Some((state, self.spans.len() - 1));
            }
            None => {
                live.state = None;
                live.holder = None;
                self.live.remove(&actor);
            }
        }
    }

    /// Ends `actor`'s current span at `at`, and lets go of its holder.
    fn close(&mut self, actor: usize, at: Nanos, event: usize) {
        let Some(live) = self.live.get_mut(&actor) else {
            return;
        };
        if let Some((state, span)) = live.state.take() {
            self.spans[span].to = at;
            self.spans[span].end_event = event;
            if let Some(h) = state.holder()
                && self.holders.get(&h) == Some(&actor)
            {
                self.holders.remove(&h);
            }
        }
    }
}
