//! Timeline replay, natively: a small run's every step (the engine's
//! [`Note`]s, recorded by a tracer) turned into
//! what a page can play, pause and scrub at human speed — which request or `@Async` task is on
//! which platform thread or carrier, mounted or unmounted, waiting for a
//! carrier, pinned, waiting for a Tomcat or executor thread, for a
//! HikariCP connection, a monitor or a lock — and the journey of one
//! request across all of them.
//!
//! * `Replay::record` runs a configuration with a recording tracer, up to
//!   `MAX_EVENTS` steps (a longer run is cut there and says so);
//! * `Replay::events` are the steps in the order they happened, each one
//!   a place to step to; `Replay::frame` is the state after a step and
//!   `Replay::frame_at` the state at a simulated time;
//! * [`Replay::spans`] are every actor's intervals in one state, and
//!   `Replay::journey` a request's, with those of the tasks it submitted;
//! * `Player` is the playhead: play at human speed, pause, scrub, step
//!   (and only step under `prefers-reduced-motion`);
//! * `ReplayRequest` is what the page asks its worker to record: one
//!   column's scenario made small (`small`), with what was changed;
//! * `Session` is a recording on the page with its playhead and the
//!   request followed, and `StageView` what the replay panel shows at
//!   the playhead, in the page's language.
//!
//! Within one instant the engine may hand a thread or carrier to its next
//! request before the one that freed it is answered; the replay ends the
//! earlier holder's interval there, so that a thread never holds two
//! requests at once.

mod build;
mod player;
mod queue;
mod small;
mod stage;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests_stage;
mod words;

use serde::{Deserialize, Serialize};

use crate::sim::config::Config;
use crate::sim::time::Nanos;
use crate::sim::trace::Note;

pub(crate) use player::{Player, PlayerAction, SPEEDS};
pub(crate) use small::{ReplayReply, ReplayRequest, Shrunk};
pub(crate) use stage::{
    Chip, JourneyRow, Lane, LaneGroup, Queue, Session, SessionAction, StageView,
};

/// The most steps a replay holds; a run with more is cut there.
pub(crate) const MAX_EVENTS: usize = 50_000;

/// A request (`r1, r2, …` in the order sent) or an `@Async` task (`t1,
/// t2, …` in the order submitted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Actor {
    /// Request or task.
    pub(crate) kind: ActorKind,
    /// Its number (from 1) among its kind.
    pub(crate) n: u32,
    /// For a task, the request that submitted it (an index into
    /// [`Replay::actors`]).
    pub(crate) parent: Option<usize>,
}

/// What an actor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ActorKind {
    /// A client's request.
    Request,
    /// An `@Async` task.
    Task,
}

impl Actor {
    /// Its name, as the text trace writes it: `r7`, `t2`.
    pub(crate) fn name(&self) -> String {
        match self.kind {
            ActorKind::Request => format!("r{}", self.n),
            ActorKind::Task => format!("t{}", self.n),
        }
    }
}

/// An OS thread that runs actors: a platform thread of a pool (0 = Tomcat,
/// 1 + i = executor i, numbered from 1 as Java names them) or a carrier
/// (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    /// A pool's platform thread.
    Thread {
        /// The pool.
        pool: u32,
        /// The thread's number in its pool.
        n: u32,
    },
    /// A carrier thread of the virtual-thread scheduler.
    Carrier {
        /// The carrier's index.
        carrier: u32,
    },
}

/// What a blocked actor waits for: the engine's own fact.
pub(crate) use crate::sim::trace::WaitFor;

/// Where an actor is and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Opening its connection: the handshake's round trip, or the wait
    /// before a dropped SYN is sent again (accept queue full).
    Connecting,
    /// Connected, waiting in the accept queue for Tomcat's acceptor (or
    /// for a max-connections slot).
    Backlog,
    /// Waiting for a thread of pool `pool` (Tomcat's queue or an executor's).
    WaitingForThread {
        /// The pool.
        pool: u32,
    },
    /// A virtual thread, runnable, waiting for a carrier.
    WaitingForCarrier,
    /// On its thread or carrier, using a core or ready to.
    Running {
        /// The thread or carrier.
        on: Holder,
    },
    /// Blocked. On a platform thread it holds the thread; a virtual thread
    /// that keeps its carrier is pinned (or captured by file I/O); one
    /// without a holder is unmounted.
    Blocked {
        /// The thread or carrier it keeps, if any.
        holding: Option<Holder>,
        /// What for.
        on: WaitFor,
    },
}

impl State {
    /// The thread or carrier it occupies.
    pub(crate) fn holder(&self) -> Option<Holder> {
        match *self {
            State::Running { on } => Some(on),
            State::Blocked { holding, .. } => holding,
            _ => None,
        }
    }

    /// A virtual thread blocked on its carrier (pinned, or file I/O).
    pub(crate) fn pinned(&self) -> bool {
        matches!(
            self,
            State::Blocked {
                holding: Some(Holder::Carrier { .. }),
                ..
            }
        )
    }

    /// A virtual thread blocked off its carrier.
    pub(crate) fn unmounted(&self) -> bool {
        matches!(self, State::Blocked { holding: None, .. })
    }

    /// Waiting for a HikariCP connection.
    pub(crate) fn waits_for_db(&self) -> bool {
        matches!(
            self,
            State::Blocked {
                on: WaitFor::DbConnection,
                ..
            }
        )
    }
}

/// One step of the run, as the engine told it: its [`Note`], with a
/// submission's task renamed from the engine's fiber slot (which the engine
/// reuses) to the replay's actor that the recording made for it.
pub(crate) type Step = Note;

/// One step, where and when.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Event {
    /// Simulated time, ns.
    pub(crate) at: Nanos,
    /// Who (an index into [`Replay::actors`]).
    pub(crate) actor: usize,
    /// What.
    pub(crate) step: Step,
}

/// An actor in one state over an interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    /// Who.
    pub(crate) actor: usize,
    /// In what state.
    pub state: State,
    /// From (ns).
    pub(crate) from: Nanos,
    /// To (ns); the replay's end for a span still open there.
    pub(crate) to: Nanos,
    /// The event that began it.
    pub(crate) first_event: usize,
    /// The event that ended it (the event count for one still open).
    pub(crate) end_event: usize,
}

/// The state of every actor after one step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Frame {
    /// The step (an index into [`Replay::events`]).
    pub(crate) event: usize,
    /// Its simulated time, ns.
    pub(crate) at: Nanos,
    /// Each actor in the server or on its way there, with its state, in
    /// the order its state began (so queues read in arrival order).
    pub(crate) states: Vec<(usize, State)>,
}

impl Frame {
    /// Who is on `holder`, and in what state.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn on(&self, holder: Holder) -> Option<(usize, State)> {
        self.states
            .iter()
            .find(|(_, s)| s.holder() == Some(holder))
            .copied()
    }

    /// The actors in a state that `pick` selects, in the order they got there.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn select(&self, pick: impl Fn(&State) -> bool) -> Vec<usize> {
        self.states
            .iter()
            .filter(|(_, s)| pick(s))
            .map(|(a, _)| *a)
            .collect()
    }

    /// The state of `actor`, if it is in the server or on its way there.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn state_of(&self, actor: usize) -> Option<State> {
        self.states
            .iter()
            .find(|(a, _)| *a == actor)
            .map(|(_, s)| *s)
    }
}

/// A small run, step by step.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// Every request and task, in the order they appeared.
    pub(crate) actors: Vec<Actor>,
    /// Every step, in order.
    pub(crate) events: Vec<Event>,
    /// Every interval of every actor, by start.
    pub spans: Vec<Span>,
    /// Thread names by pool: Tomcat's prefix, then each executor's name.
    pub(crate) pools: Vec<String>,
    /// The steps stopped at `MAX_EVENTS` before the run ended.
    pub truncated: bool,
    /// The time of the last step, ns.
    pub(crate) end: Nanos,
}

impl Replay {
    /// Runs `cfg` with a recording tracer and builds its replay.
    pub(crate) fn record(cfg: &Config) -> Replay {
        build::record(cfg)
    }

    /// Every thread and carrier the run used, in lane order: Tomcat's
    /// threads, each executor's, then the carriers.
    pub(crate) fn holders(&self) -> Vec<Holder> {
        let mut out: Vec<Holder> = self.spans.iter().filter_map(|s| s.state.holder()).collect();
        out.sort();
        out.dedup();
        out
    }

    /// A typical request's time from being sent to its end, ns: the mean
    /// over the requests that ended in the replay (`None` without one).
    /// It sets the replay's default speed (`player::default_speed`).
    pub(crate) fn typical_request(&self) -> Option<Nanos> {
        // Per actor: first start, last end, and whether a span is still open.
        let mut life = vec![(Nanos::MAX, 0, false); self.actors.len()];
        for s in &self.spans {
            if let Some(l) = life.get_mut(s.actor) {
                let open = s.end_event >= self.events.len();
                *l = (l.0.min(s.from), l.1.max(s.to), l.2 || open);
            }
        }
        let ended: Vec<Nanos> = (self.actors.iter().zip(&life))
            .filter(|(a, (from, to, open))| a.kind == ActorKind::Request && !open && from < to)
            .map(|(_, (from, to, _))| to - from)
            .collect();
        let n = Nanos::try_from(ended.len()).ok().filter(|n| *n > 0)?;
        Some(ended.iter().sum::<Nanos>() / n)
    }

    /// A thread's or carrier's name as Java prints it.
    pub(crate) fn holder_name(&self, h: Holder) -> String {
        match h {
            Holder::Thread { pool, n } => {
                let prefix = self.pools.get(pool as usize).map_or("pool", String::as_str);
                format!("{prefix}-{n}")
            }
            Holder::Carrier { carrier } => format!("ForkJoinPool-1-worker-{}", carrier + 1),
        }
    }

    /// The actor called `name` (`r3`, `t1`).
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn actor_named(&self, name: &str) -> Option<usize> {
        self.actors.iter().position(|a| a.name() == name)
    }

    /// The state after step `event` (clamped to the last step).
    pub(crate) fn frame(&self, event: usize) -> Frame {
        let event = event.min(self.events.len().saturating_sub(1));
        let at = self.events.get(event).map_or(0, |e| e.at);
        let states = self
            .spans
            .iter()
            .filter(|s| s.first_event <= event && event < s.end_event)
            .map(|s| (s.actor, s.state))
            .collect();
        Frame { event, at, states }
    }

    /// The last step at or before `at` (the first step before any).
    pub(crate) fn event_at(&self, at: Nanos) -> usize {
        self.events
            .partition_point(|e| e.at <= at)
            .saturating_sub(1)
    }

    /// The state at simulated time `at`: after every step up to it.
    pub(crate) fn frame_at(&self, at: Nanos) -> Frame {
        Frame {
            at,
            ..self.frame(self.event_at(at))
        }
    }

    /// The next step after `event` at a later time (a player's "forward" by
    /// instant), or the last step.
    pub(crate) fn next_instant(&self, event: usize) -> usize {
        let at = self.events.get(event).map_or(0, |e| e.at);
        let later = self.events.partition_point(|e| e.at <= at);
        later.min(self.events.len().saturating_sub(1))
    }

    /// The last step of the previous instant (a player's "back" by
    /// instant), or the first step.
    pub(crate) fn previous_instant(&self, event: usize) -> usize {
        let Some(e) = self.events.get(event) else {
            return 0;
        };
        self.events
            .partition_point(|x| x.at < e.at)
            .saturating_sub(1)
    }

    /// The journey of `actor`: its intervals and those of the tasks it
    /// submitted, in order of start.
    pub(crate) fn journey(&self, actor: usize) -> Vec<Span> {
        let mut out: Vec<Span> = self
            .spans
            .iter()
            .filter(|s| s.actor == actor || self.actors[s.actor].parent == Some(actor))
            .copied()
            .collect();
        out.sort_by_key(|s| (s.from, s.first_event));
        out
    }

    /// The steps of `actor` (and of its tasks), in order.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn steps_of(&self, actor: usize) -> Vec<Event> {
        self.events
            .iter()
            .filter(|e| e.actor == actor || self.actors[e.actor].parent == Some(actor))
            .copied()
            .collect()
    }
}
