//! The replay panel's logic: a recorded replay with its playhead and the
//! request being followed ([`Session`], changed by [`SessionAction`]s),
//! and what the panel shows at the playhead ([`StageView`]), in the page's
//! language: one lane per thread and carrier with the actor on it, the
//! queues (connecting, the accept queue, waiting for a thread, for a
//! carrier, unmounted, waiting for a HikariCP connection), what happened
//! at this instant in words, and the followed request's journey. Every
//! state has its words (and a class the page draws with a pattern), never
//! a colour alone.

use std::rc::Rc;

use super::queue::QueueId;
use super::words::{arg, ms, text};
use super::{ActorKind, Holder, Player, PlayerAction, Replay, SPEEDS, Shrunk, State};
use crate::app::basis::modes::{Columns, Mode};
use crate::i18n::keys::{self};
use crate::i18n::{Arg, Locale};
use crate::sim::time::{Nanos, to_ms};

/// Chips a queue shows by name; the rest are counted.
pub(crate) const QUEUE_CHIPS: usize = 24;

/// A recorded replay on the page: the playhead and the followed request.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Session {
    /// The request that recorded it.
    pub(crate) id: u64,
    /// The column it replays.
    pub(crate) mode: Mode,
    /// What the columns compare (names the column).
    pub(crate) columns: Columns,
    /// The recording.
    pub(crate) replay: Rc<Replay>,
    /// What was changed to make the run small.
    pub(crate) shrunk: Vec<Shrunk>,
    /// The playhead.
    pub(crate) player: Player,
    /// The request followed (an index into the replay's actors).
    pub(crate) selected: Option<usize>,
    /// Every distinct time at which something happens, in order.
    pub(super) instants: Vec<Nanos>,
}

/// What the learner does on the panel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum SessionAction {
    /// Play, pause, step, scrub to a time, faster, slower.
    Player(PlayerAction),
    /// Real time passed while playing, ms.
    Tick(f64),
    /// The slider: to the `n`-th instant (from 0).
    ToInstant(usize),
    /// Follow a request (or none).
    Select(Option<usize>),
}

impl Session {
    /// A session at the replay's start, paused.
    pub(crate) fn new(
        id: u64,
        mode: Mode,
        columns: Columns,
        replay: Replay,
        shrunk: Vec<Shrunk>,
        reduced_motion: bool,
    ) -> Session {
        let mut instants: Vec<Nanos> = replay.events.iter().map(|e| e.at).collect();
        instants.dedup();
        let mut player = Player::for_replay(&replay, reduced_motion);
        player.at = instants.first().copied().unwrap_or(0);
        Session {
            id,
            mode,
            columns,
            replay: Rc::new(replay),
            shrunk,
            player,
            selected: None,
            instants,
        }
    }

    /// Applies an action.
    pub(crate) fn act(&mut self, action: SessionAction) {
        match action {
            SessionAction::Player(a) => self.player.act(a, &self.replay),
            SessionAction::Tick(ms) => self.player.tick(ms, &self.replay),
            SessionAction::ToInstant(n) => {
                let at = self
                    .instants
                    .get(n.min(self.instants.len().saturating_sub(1)))
                    .copied()
                    .unwrap_or(0);
                self.player.act(PlayerAction::Scrub(at), &self.replay);
            }
            SessionAction::Select(a) => {
                self.selected = a.filter(|&a| {
                    self.replay
                        .actors
                        .get(a)
                        .is_some_and(|x| x.kind == ActorKind::Request)
                })
            }
        }
    }

    /// How many instants the slider has.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn instants(&self) -> usize {
        self.instants.len()
    }

    /// The instant the playhead is at or just after (from 0).
    pub(crate) fn position(&self) -> usize {
        self.instants
            .partition_point(|&t| t <= self.player.at)
            .saturating_sub(1)
    }
}

/// How an actor is drawn: its relation to a thread or carrier, or the
/// queue it waits in. Each has its class (a pattern on the page) and words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ChipKind {
    /// Running on a platform thread.
    Running,
    /// A virtual thread mounted on a carrier.
    Mounted,
    /// Blocked on a platform thread, which it holds.
    Blocked,
    /// A virtual thread blocked on its carrier (pinned, or file I/O).
    Pinned,
    /// A virtual thread blocked off its carrier.
    Unmounted,
    /// A virtual thread, runnable, waiting for a carrier.
    WaitingCarrier,
    /// Waiting for a pool's thread.
    WaitingThread,
    /// Opening its connection.
    Connecting,
    /// In the accept queue.
    Backlog,
}

impl ChipKind {
    /// The kind of an actor in `state`.
    pub(crate) fn of(state: State) -> ChipKind {
        match state {
            State::Connecting => ChipKind::Connecting,
            State::Backlog => ChipKind::Backlog,
            State::WaitingForThread { .. } => ChipKind::WaitingThread,
            State::WaitingForCarrier => ChipKind::WaitingCarrier,
            State::Running {
                on: Holder::Thread { .. },
            } => ChipKind::Running,
            State::Running {
                on: Holder::Carrier { .. },
            } => ChipKind::Mounted,
            State::Blocked { holding, .. } => match holding {
                Some(Holder::Thread { .. }) => ChipKind::Blocked,
                Some(Holder::Carrier { .. }) => ChipKind::Pinned,
                None => ChipKind::Unmounted,
            },
        }
    }

    /// Its class on the page.
    pub(crate) fn class(self) -> &'static str {
        match self {
            ChipKind::Running => "running",
            ChipKind::Mounted => "mounted",
            ChipKind::Blocked => "blocked",
            ChipKind::Pinned => "pinned",
            ChipKind::Unmounted => "unmounted",
            ChipKind::WaitingCarrier => "waiting-carrier",
            ChipKind::WaitingThread => "waiting-thread",
            ChipKind::Connecting => "connecting",
            ChipKind::Backlog => "backlog",
        }
    }
}

/// An actor on the stage.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Chip {
    /// Who (an index into the replay's actors).
    pub(crate) actor: usize,
    /// The request it is or belongs to (what a click follows).
    pub(crate) request: usize,
    /// Its name (`r7`, `t2`).
    pub(crate) name: String,
    /// How it is drawn.
    pub(crate) kind: ChipKind,
    /// Its state in words.
    pub(crate) words: String,
    /// Whether it is on the followed request's journey.
    pub(crate) followed: bool,
}

/// A thread or carrier and who is on it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Lane {
    /// Its name as Java prints it.
    pub(crate) name: String,
    /// Its occupant at the playhead.
    pub(crate) chip: Option<Chip>,
    /// Whether the followed request ever ran here.
    pub(crate) on_journey: bool,
}

/// The lanes of one pool (or the carriers).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LaneGroup {
    /// Its heading.
    pub(crate) title: String,
    /// Its lanes.
    pub(crate) lanes: Vec<Lane>,
}

/// A queue on the stage.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Queue {
    /// Which.
    pub(crate) id: QueueId,
    /// Its heading.
    pub(crate) title: String,
    /// The first [`QUEUE_CHIPS`] in it, in arrival order.
    pub(crate) chips: Vec<Chip>,
    /// How many more.
    pub(crate) more: usize,
    /// "+n more", when there are.
    pub(crate) more_words: Option<String>,
    /// Whether the followed request ever waited here.
    pub(crate) on_journey: bool,
}

/// One interval of the followed request's journey.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct JourneyRow {
    /// From, to (ms) in words.
    pub(crate) when: String,
    /// Its start, to scrub to.
    pub(crate) from: Nanos,
    /// Who (the request, or one of its tasks).
    pub(crate) who: String,
    /// How it is drawn.
    pub(crate) kind: ChipKind,
    /// The state in words, and where.
    pub(crate) what: String,
    /// Whether the playhead is in it.
    pub(crate) current: bool,
}

/// Everything the panel shows at the playhead.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StageView {
    /// The panel's heading.
    pub(crate) title: String,
    /// One line: what was changed to make the run small, and whether it
    /// was cut.
    pub(crate) note: String,
    /// The playhead's time and instant in words.
    pub(crate) time: String,
    /// The instant (the slider's value) and the last one.
    pub(crate) position: usize,
    /// The slider's maximum.
    pub(crate) last: usize,
    /// What happened at this instant, in words.
    pub(crate) step: String,
    /// The lanes, by pool, carriers last.
    pub(crate) groups: Vec<LaneGroup>,
    /// The queues the run used.
    pub(crate) queues: Vec<Queue>,
    /// Every request, to choose one to follow: (actor, name).
    pub(crate) requests: Vec<(usize, String)>,
    /// The followed request's name and its journey.
    pub(crate) journey: Option<(String, Vec<JourneyRow>)>,
    /// The speed in words.
    pub(crate) speed: String,
    /// Whether it plays.
    pub(crate) playing: bool,
    /// No animation: step only.
    pub(crate) reduced_motion: bool,
    /// Whether the playhead can go back, or on.
    pub(crate) can_back: bool,
    /// Whether the playhead can go on.
    pub(crate) can_forward: bool,
    /// Whether speed can go down, or up.
    pub(crate) can_slower: bool,
    /// Whether speed can go up.
    pub(crate) can_faster: bool,
}

impl Session {
    /// The request `actor` is or belongs to.
    fn request_of(&self, actor: usize) -> usize {
        self.replay.actors[actor].parent.unwrap_or(actor)
    }

    fn chip(&self, locale: Locale, actor: usize, state: State) -> Chip {
        let request = self.request_of(actor);
        Chip {
            actor,
            request,
            name: self.replay.actors[actor].name(),
            kind: ChipKind::of(state),
            words: self.state_words(locale, state),
            followed: self.selected == Some(request),
        }
    }

    /// What the panel shows now, in `locale`.
    pub(crate) fn view(&self, locale: Locale) -> StageView {
        let r = &self.replay;
        let frame = r.frame_at(self.player.at);
        let journey = self.selected.map(|a| r.journey(a)).unwrap_or_default();
        let journey_holders: Vec<Holder> =
            journey.iter().filter_map(|s| s.state.holder()).collect();
        let journey_queues: Vec<QueueId> =
            journey.iter().flat_map(|s| QueueId::of(s.state)).collect();
        let groups = self.groups(locale, &frame.states, &journey_holders);
        let queues = self.queues(locale, &frame.states, &journey_queues);
        let requests = r
            .actors
            .iter()
            .enumerate()
            .filter(|(_, a)| a.kind == ActorKind::Request)
            .map(|(i, a)| (i, a.name()))
            .collect();
        let position = self.position();
        let speed_i = SPEEDS.iter().position(|s| *s == self.player.speed);
        StageView {
            title: text(
                locale,
                keys::REPLAY_TITLE,
                &[("column", arg(self.columns.name(self.mode, locale)))],
            ),
            note: self.note(locale),
            time: text(
                locale,
                keys::REPLAY_TIME,
                &[
                    ("ms", arg(ms(locale, self.player.at))),
                    ("n", Arg::Fixed((position + 1) as f64, 0)),
                    ("total", Arg::Fixed(self.instants.len() as f64, 0)),
                ],
            ),
            position,
            last: self.instants.len().saturating_sub(1),
            step: self.step_words(locale),
            groups,
            queues,
            requests,
            journey: self.selected.map(|a| {
                let rows = journey
                    .iter()
                    .map(|s| JourneyRow {
                        when: format!(
                            "{}–{} {}",
                            ms(locale, s.from),
                            ms(locale, s.to),
                            text(locale, keys::UNIT_MS, &[])
                        ),
                        from: s.from,
                        who: r.actors[s.actor].name(),
                        kind: ChipKind::of(s.state),
                        what: self.state_words(locale, s.state),
                        current: s.from <= self.player.at
                            && (self.player.at < s.to
                                || (s.from == s.to && s.from == self.player.at)),
                    })
                    .collect();
                (r.actors[a].name(), rows)
            }),
            speed: text(
                locale,
                keys::REPLAY_SPEED,
                &[("ms", Arg::Number(to_ms(self.player.speed)))],
            ),
            playing: self.player.playing,
            reduced_motion: self.player.reduced_motion,
            can_back: position > 0 || self.instants.first().is_some_and(|&t| t < self.player.at),
            can_forward: position + 1 < self.instants.len(),
            can_slower: speed_i.is_some_and(|i| i > 0),
            can_faster: speed_i.is_some_and(|i| i + 1 < SPEEDS.len()),
        }
    }

    fn groups(
        &self,
        locale: Locale,
        states: &[(usize, State)],
        journey: &[Holder],
    ) -> Vec<LaneGroup> {
        let r = &self.replay;
        let mut groups: Vec<(Option<u32>, LaneGroup)> = Vec::new();
        for h in r.holders() {
            let pool = match h {
                Holder::Thread { pool, .. } => Some(pool),
                Holder::Carrier { .. } => None,
            };
            if groups.last().is_none_or(|(p, _)| *p != pool) {
                let title = match pool {
                    Some(0) => text(locale, keys::REPLAY_LANES_TOMCAT, &[]),
                    Some(p) => text(
                        locale,
                        keys::REPLAY_LANES_EXECUTOR,
                        &[("pool", arg(self.pool(p)))],
                    ),
                    None => text(locale, keys::REPLAY_LANES_CARRIERS, &[]),
                };
                groups.push((
                    pool,
                    LaneGroup {
                        title,
                        lanes: Vec::new(),
                    },
                ));
            }
            let chip = states
                .iter()
                .find(|(_, s)| s.holder() == Some(h))
                .map(|&(a, s)| self.chip(locale, a, s));
            if let Some((_, g)) = groups.last_mut() {
                g.lanes.push(Lane {
                    name: r.holder_name(h),
                    chip,
                    on_journey: journey.contains(&h),
                });
            }
        }
        groups.into_iter().map(|(_, g)| g).collect()
    }

    fn queues(&self, locale: Locale, states: &[(usize, State)], journey: &[QueueId]) -> Vec<Queue> {
        let mut ids: Vec<QueueId> = Vec::new();
        for s in &self.replay.spans {
            for q in QueueId::of(s.state) {
                if !ids.contains(&q) {
                    ids.push(q);
                }
            }
        }
        let order = |q: &QueueId| match q {
            QueueId::Connecting => (0, 0),
            QueueId::Backlog => (1, 0),
            QueueId::Thread(p) => (2, *p),
            QueueId::Carrier => (3, 0),
            QueueId::Unmounted => (4, 0),
            QueueId::Db => (5, 0),
        };
        ids.sort_by_key(order);
        ids.into_iter()
            .map(|id| {
                let inside: Vec<Chip> = states
                    .iter()
                    .filter(|(_, s)| QueueId::of(*s).contains(&id))
                    .map(|&(a, s)| self.chip(locale, a, s))
                    .collect();
                let more = inside.len().saturating_sub(QUEUE_CHIPS);
                // The followed request stays in view however long the queue.
                let mut chips: Vec<Chip> = inside.iter().take(QUEUE_CHIPS).cloned().collect();
                if let Some(c) = inside.iter().skip(QUEUE_CHIPS).find(|c| c.followed) {
                    chips.push(c.clone());
                }
                Queue {
                    id,
                    title: self.queue_title(locale, id),
                    more_words: (more > 0).then(|| {
                        text(
                            locale,
                            keys::REPLAY_MORE,
                            &[("n", Arg::Fixed(more as f64, 0))],
                        )
                    }),
                    chips,
                    more,
                    on_journey: journey.contains(&id),
                }
            })
            .collect()
    }
}
