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

use super::{
    ActorKind, Event, Holder, Player, PlayerAction, Replay, SPEEDS, Shrunk, State, Step, WaitFor,
};
use crate::app::modes::{Columns, Mode};
use crate::app::words::field_label;
use crate::i18n::keys::{self, Key};
use crate::i18n::{Arg, Locale};
use crate::sim::time::{Nanos, to_ms};

/// Chips a queue shows by name; the rest are counted.
pub const QUEUE_CHIPS: usize = 24;

/// Events described in words for one instant (its last ones, which made
/// the stage as it is); the rest are counted.
const STEP_WORDS: usize = 3;

/// A recorded replay on the page: the playhead and the followed request.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    /// The request that recorded it.
    pub id: u64,
    /// The column it replays.
    pub mode: Mode,
    /// What the columns compare (names the column).
    pub columns: Columns,
    /// The recording.
    pub replay: Rc<Replay>,
    /// What was changed to make the run small.
    pub shrunk: Vec<Shrunk>,
    /// The playhead.
    pub player: Player,
    /// The request followed (an index into the replay's actors).
    pub selected: Option<usize>,
    /// Every distinct time at which something happens, in order.
    instants: Vec<Nanos>,
}

/// What the learner does on the panel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SessionAction {
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
    pub fn new(
        id: u64,
        mode: Mode,
        columns: Columns,
        replay: Replay,
        shrunk: Vec<Shrunk>,
        reduced_motion: bool,
    ) -> Session {
        let mut instants: Vec<Nanos> = replay.events.iter().map(|e| e.at).collect();
        instants.dedup();
        let mut player = Player::new(reduced_motion);
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
    pub fn act(&mut self, action: SessionAction) {
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
    pub fn instants(&self) -> usize {
        self.instants.len()
    }

    /// The instant the playhead is at or just after (from 0).
    pub fn position(&self) -> usize {
        self.instants
            .partition_point(|&t| t <= self.player.at)
            .saturating_sub(1)
    }
}

/// How an actor is drawn: its relation to a thread or carrier, or the
/// queue it waits in. Each has its class (a pattern on the page) and words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChipKind {
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
    pub fn of(state: State) -> ChipKind {
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
    pub fn class(self) -> &'static str {
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

/// The queues of the stage, in the order a request meets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueId {
    /// Opening a connection.
    Connecting,
    /// Tomcat's accept queue.
    Backlog,
    /// Waiting for a thread of this pool.
    Thread(u32),
    /// Runnable virtual threads waiting for a carrier.
    Carrier,
    /// Virtual threads blocked off their carrier (but for a connection).
    Unmounted,
    /// Waiting for a HikariCP connection (on a thread, pinned or not).
    Db,
}

impl QueueId {
    /// The queues an actor in `state` is in.
    fn of(state: State) -> Vec<QueueId> {
        let mut out = Vec::new();
        match state {
            State::Connecting => out.push(QueueId::Connecting),
            State::Backlog => out.push(QueueId::Backlog),
            State::WaitingForThread { pool } => out.push(QueueId::Thread(pool)),
            State::WaitingForCarrier => out.push(QueueId::Carrier),
            State::Blocked { holding: None, on } if on != WaitFor::DbConnection => {
                out.push(QueueId::Unmounted)
            }
            _ => {}
        }
        if state.waits_for_db() {
            out.push(QueueId::Db);
        }
        out
    }

    /// Its element id's suffix.
    pub fn id(self) -> String {
        match self {
            QueueId::Connecting => "connecting".into(),
            QueueId::Backlog => "backlog".into(),
            QueueId::Thread(p) => format!("thread-{p}"),
            QueueId::Carrier => "carrier".into(),
            QueueId::Unmounted => "unmounted".into(),
            QueueId::Db => "db".into(),
        }
    }
}

/// An actor on the stage.
#[derive(Clone, Debug, PartialEq)]
pub struct Chip {
    /// Who (an index into the replay's actors).
    pub actor: usize,
    /// The request it is or belongs to (what a click follows).
    pub request: usize,
    /// Its name (`r7`, `t2`).
    pub name: String,
    /// How it is drawn.
    pub kind: ChipKind,
    /// Its state in words.
    pub words: String,
    /// Whether it is on the followed request's journey.
    pub followed: bool,
}

/// A thread or carrier and who is on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Lane {
    /// Its name as Java prints it.
    pub name: String,
    /// Its occupant at the playhead.
    pub chip: Option<Chip>,
    /// Whether the followed request ever ran here.
    pub on_journey: bool,
}

/// The lanes of one pool (or the carriers).
#[derive(Clone, Debug, PartialEq)]
pub struct LaneGroup {
    /// Its heading.
    pub title: String,
    /// Its lanes.
    pub lanes: Vec<Lane>,
}

/// A queue on the stage.
#[derive(Clone, Debug, PartialEq)]
pub struct Queue {
    /// Which.
    pub id: QueueId,
    /// Its heading.
    pub title: String,
    /// The first [`QUEUE_CHIPS`] in it, in arrival order.
    pub chips: Vec<Chip>,
    /// How many more.
    pub more: usize,
    /// "+n more", when there are.
    pub more_words: Option<String>,
    /// Whether the followed request ever waited here.
    pub on_journey: bool,
}

/// One interval of the followed request's journey.
#[derive(Clone, Debug, PartialEq)]
pub struct JourneyRow {
    /// From, to (ms) in words.
    pub when: String,
    /// Its start, to scrub to.
    pub from: Nanos,
    /// Who (the request, or one of its tasks).
    pub who: String,
    /// How it is drawn.
    pub kind: ChipKind,
    /// The state in words, and where.
    pub what: String,
    /// Whether the playhead is in it.
    pub current: bool,
}

/// Everything the panel shows at the playhead.
#[derive(Clone, Debug, PartialEq)]
pub struct StageView {
    /// The panel's heading.
    pub title: String,
    /// One line: what was changed to make the run small, and whether it
    /// was cut.
    pub note: String,
    /// The playhead's time and instant in words.
    pub time: String,
    /// The instant (the slider's value) and the last one.
    pub position: usize,
    /// The slider's maximum.
    pub last: usize,
    /// What happened at this instant, in words.
    pub step: String,
    /// The lanes, by pool, carriers last.
    pub groups: Vec<LaneGroup>,
    /// The queues the run used.
    pub queues: Vec<Queue>,
    /// Every request, to choose one to follow: (actor, name).
    pub requests: Vec<(usize, String)>,
    /// The followed request's name and its journey.
    pub journey: Option<(String, Vec<JourneyRow>)>,
    /// The speed in words.
    pub speed: String,
    /// Whether it plays.
    pub playing: bool,
    /// No animation: step only.
    pub reduced_motion: bool,
    /// Whether the playhead can go back, or on.
    pub can_back: bool,
    /// Whether the playhead can go on.
    pub can_forward: bool,
    /// Whether speed can go down, or up.
    pub can_slower: bool,
    /// Whether speed can go up.
    pub can_faster: bool,
}

/// Milliseconds with three decimals in the locale.
fn ms(locale: Locale, t: Nanos) -> String {
    locale.number(to_ms(t), 3)
}

fn text(locale: Locale, key: Key, args: &[(&str, Arg)]) -> String {
    key.text(locale, args)
}

fn arg(s: impl Into<String>) -> Arg {
    Arg::Text(s.into())
}

/// A wait in words.
fn why(locale: Locale, on: WaitFor) -> String {
    let key = match on {
        WaitFor::Io => keys::REPLAY_WAIT_IO,
        WaitFor::File => keys::REPLAY_WAIT_FILE,
        WaitFor::ObjectWait => keys::REPLAY_WAIT_OBJECT_WAIT,
        WaitFor::DbConnection => keys::REPLAY_WAIT_DB,
        WaitFor::Monitor => keys::REPLAY_WAIT_MONITOR,
        WaitFor::Lock => keys::REPLAY_WAIT_LOCK,
        WaitFor::Permit => keys::REPLAY_WAIT_PERMIT,
        WaitFor::Other => keys::REPLAY_WAIT_OTHER,
    };
    text(locale, key, &[])
}

impl Session {
    /// A pool's name (Tomcat's thread prefix, or the executor's).
    fn pool(&self, pool: u32) -> String {
        self.replay
            .pools
            .get(pool as usize)
            .cloned()
            .unwrap_or_else(|| format!("pool {pool}"))
    }

    /// A state in words, with where it is.
    fn state_words(&self, locale: Locale, state: State) -> String {
        let r = &self.replay;
        let k = |key: Key, args: &[(&str, Arg)]| text(locale, key, args);
        match state {
            State::Connecting => k(keys::REPLAY_STATE_CONNECTING, &[]),
            State::Backlog => k(keys::REPLAY_STATE_BACKLOG, &[]),
            State::WaitingForThread { pool } => k(
                keys::REPLAY_STATE_WAITING_THREAD,
                &[("pool", arg(self.pool(pool)))],
            ),
            State::WaitingForCarrier => k(keys::REPLAY_STATE_WAITING_CARRIER, &[]),
            State::Running { on } => {
                let key = match on {
                    Holder::Thread { .. } => keys::REPLAY_STATE_RUNNING,
                    Holder::Carrier { .. } => keys::REPLAY_STATE_MOUNTED,
                };
                k(key, &[("thread", arg(r.holder_name(on)))])
            }
            State::Blocked { holding, on } => {
                let w = ("why", arg(why(locale, on)));
                match holding {
                    Some(h @ Holder::Thread { .. }) => k(
                        keys::REPLAY_STATE_BLOCKED,
                        &[w, ("thread", arg(r.holder_name(h)))],
                    ),
                    Some(h @ Holder::Carrier { .. }) => {
                        let key = if on == WaitFor::File {
                            keys::REPLAY_STATE_CAPTURED
                        } else {
                            keys::REPLAY_STATE_PINNED
                        };
                        k(key, &[w, ("thread", arg(r.holder_name(h)))])
                    }
                    None => k(keys::REPLAY_STATE_UNMOUNTED, &[w]),
                }
            }
        }
    }

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
    pub fn view(&self, locale: Locale) -> StageView {
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

    /// The one line on the run's size: what changed, and whether the
    /// recording was cut.
    fn note(&self, locale: Locale) -> String {
        let r = &self.replay;
        let requests = r
            .actors
            .iter()
            .filter(|a| a.kind == ActorKind::Request)
            .count();
        let mut line = if self.shrunk.is_empty() {
            text(
                locale,
                keys::REPLAY_WHOLE,
                &[("n", Arg::Fixed(requests as f64, 0))],
            )
        } else {
            let changes = self
                .shrunk
                .iter()
                .map(|s| {
                    let value = |v: &Option<serde_json::Value>| match v {
                        Some(serde_json::Value::Number(n)) => n
                            .as_f64()
                            .map_or_else(|| n.to_string(), |x| locale.short(x)),
                        Some(v) => v.to_string(),
                        None => text(locale, keys::REPLAY_UNSET, &[]),
                    };
                    format!(
                        "{} {} → {}",
                        field_label(locale, &s.key),
                        value(&s.before),
                        value(&s.after)
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            text(
                locale,
                keys::REPLAY_SHRUNK,
                &[
                    ("n", Arg::Fixed(requests as f64, 0)),
                    ("changes", arg(changes)),
                ],
            )
        };
        if r.truncated {
            line.push(' ');
            line.push_str(&text(
                locale,
                keys::REPLAY_CUT,
                &[("n", Arg::Fixed(r.events.len() as f64, 0))],
            ));
        }
        line
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

    fn queue_title(&self, locale: Locale, id: QueueId) -> String {
        let k = |key: Key| text(locale, key, &[]);
        match id {
            QueueId::Connecting => k(keys::REPLAY_QUEUE_CONNECTING),
            QueueId::Backlog => k(keys::REPLAY_QUEUE_BACKLOG),
            QueueId::Thread(0) => k(keys::REPLAY_QUEUE_TOMCAT),
            QueueId::Thread(p) => text(
                locale,
                keys::REPLAY_QUEUE_EXECUTOR,
                &[("pool", arg(self.pool(p)))],
            ),
            QueueId::Carrier => k(keys::REPLAY_QUEUE_CARRIER),
            QueueId::Unmounted => k(keys::REPLAY_QUEUE_UNMOUNTED),
            QueueId::Db => k(keys::REPLAY_QUEUE_DB),
        }
    }

    /// What happened at the playhead's instant, in words (its last
    /// [`STEP_WORDS`] steps, the others counted).
    fn step_words(&self, locale: Locale) -> String {
        let r = &self.replay;
        let Some(&at) = self.instants.get(self.position()) else {
            return String::new();
        };
        let from = r.events.partition_point(|e| e.at < at);
        let to = r.events.partition_point(|e| e.at <= at);
        let all = &r.events[from..to];
        let skip = all.len().saturating_sub(STEP_WORDS);
        let mut words: Vec<String> = all
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(i, e)| self.event_words(locale, from + i, e))
            .collect();
        let said = words.join(" · ");
        if skip > 0 {
            let earlier = text(
                locale,
                keys::REPLAY_EARLIER,
                &[("n", Arg::Fixed(skip as f64, 0))],
            );
            return format!("{earlier} {said}");
        }
        said
    }

    /// One step in words; `index` is its place in the replay's events.
    fn event_words(&self, locale: Locale, index: usize, e: &Event) -> String {
        let r = &self.replay;
        let who = ("who", arg(r.actors[e.actor].name()));
        let k = |key: Key, more: &[(&str, Arg)]| {
            let mut args = vec![who.clone()];
            args.extend_from_slice(more);
            text(locale, key, &args)
        };
        let ms_arg = |t: Nanos| ("ms", arg(ms(locale, t)));
        match e.step {
            Step::Sent => k(keys::REPLAY_STEP_SENT, &[]),
            Step::Dial => k(keys::REPLAY_STEP_DIAL, &[]),
            Step::SynDropped { retry } => k(keys::REPLAY_STEP_SYN_DROPPED, &[ms_arg(retry)]),
            Step::InBacklog => k(keys::REPLAY_STEP_IN_BACKLOG, &[]),
            Step::Accepted => k(keys::REPLAY_STEP_ACCEPTED, &[]),
            Step::ConnectFailed => k(keys::REPLAY_STEP_CONNECT_FAILED, &[]),
            Step::ConnClosedAfter { requests } => k(
                keys::REPLAY_STEP_CONN_CLOSED,
                &[("n", Arg::Fixed(f64::from(requests), 0))],
            ),
            Step::Late => k(keys::REPLAY_STEP_LATE, &[]),
            Step::QueuedForThread { pool } => k(
                keys::REPLAY_STEP_QUEUED_THREAD,
                &[("pool", arg(self.pool(pool)))],
            ),
            Step::OnThread { pool, n } => k(
                keys::REPLAY_STEP_ON_THREAD,
                &[("thread", arg(r.holder_name(Holder::Thread { pool, n })))],
            ),
            Step::QueuedForCarrier => k(keys::REPLAY_STEP_QUEUED_CARRIER, &[]),
            Step::Mounted { carrier } => k(
                keys::REPLAY_STEP_MOUNTED,
                &[("thread", arg(r.holder_name(Holder::Carrier { carrier })))],
            ),
            Step::Cpu(t) => k(keys::REPLAY_STEP_CPU, &[ms_arg(t)]),
            Step::Blocked { on, .. } => {
                let w = ("why", arg(why(locale, on)));
                // Where it blocks: the state the step began.
                let state = r
                    .spans
                    .iter()
                    .find(|s| s.actor == e.actor && s.first_event == index)
                    .map(|s| s.state);
                match state.and_then(|s| s.holder()) {
                    Some(h @ Holder::Thread { .. }) => k(
                        keys::REPLAY_STEP_BLOCKED_THREAD,
                        &[w, ("thread", arg(r.holder_name(h)))],
                    ),
                    Some(h @ Holder::Carrier { .. }) => k(
                        keys::REPLAY_STEP_BLOCKED_PINNED,
                        &[w, ("thread", arg(r.holder_name(h)))],
                    ),
                    None => k(keys::REPLAY_STEP_BLOCKED_UNMOUNTED, &[w]),
                }
            }
            Step::Woke => k(keys::REPLAY_STEP_WOKE, &[]),
            Step::DbConnection => k(keys::REPLAY_STEP_DB_CONNECTION, &[]),
            Step::DbTimeout => k(keys::REPLAY_STEP_DB_TIMEOUT, &[]),
            Step::Submitted { executor, task } => k(
                keys::REPLAY_STEP_SUBMITTED,
                &[
                    ("task", arg(r.actors[task].name())),
                    ("pool", arg(self.pool(executor + 1))),
                ],
            ),
            Step::Rejected { executor } => k(
                keys::REPLAY_STEP_REJECTED,
                &[("pool", arg(self.pool(executor + 1)))],
            ),
            Step::Ended => k(keys::REPLAY_STEP_ENDED, &[]),
            Step::Response { latency, .. } => k(keys::REPLAY_STEP_RESPONSE, &[ms_arg(latency)]),
            Step::Abandoned => k(keys::REPLAY_STEP_ABANDONED, &[]),
            Step::ClientTimeout { .. } => k(keys::REPLAY_STEP_CLIENT_TIMEOUT, &[]),
        }
    }
}
