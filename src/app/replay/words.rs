//! The replay panel's words: each state, wait and step in the page's
//! language, a pool's name, a queue's heading and the line on what was made
//! small (the catalogue's `replay.*`).

use super::queue::QueueId;
use super::{Actor, ActorKind, Event, Holder, Session, State, Step, WaitFor};
use crate::app::basis::words::field_label;
use crate::i18n::keys::{self, Key};
use crate::i18n::{Arg, Locale};
use crate::sim::time::{Nanos, to_ms};

/// Events described in words for one instant (its last ones, which made
/// the stage as it is); the rest are counted.
const STEP_WORDS: usize = 3;

/// Milliseconds with three decimals in the locale.
pub(super) fn ms(locale: Locale, t: Nanos) -> String {
    locale.number(to_ms(t), 3)
}

pub(super) fn text(locale: Locale, key: Key, args: &[(&str, Arg)]) -> String {
    key.text(locale, args)
}

pub(super) fn arg(s: impl Into<String>) -> Arg {
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
        WaitFor::HttpConnection => keys::REPLAY_WAIT_HTTP_CONNECTION,
        WaitFor::Bulkhead => keys::REPLAY_WAIT_BULKHEAD,
        WaitFor::Backoff => keys::REPLAY_WAIT_BACKOFF,
        WaitFor::RateLimiter => keys::REPLAY_WAIT_RATE_LIMITER,
        WaitFor::Subtasks => keys::REPLAY_WAIT_SUBTASKS,
    };
    text(locale, key, &[])
}

impl Session {
    /// A pool's name (Tomcat's thread prefix, or the executor's).
    pub(super) fn pool(&self, pool: u32) -> String {
        self.replay
            .pools
            .get(pool as usize)
            .cloned()
            .unwrap_or_else(|| format!("pool {pool}"))
    }

    /// A state in words, with where it is.
    pub(super) fn state_words(&self, locale: Locale, state: State) -> String {
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

    /// The one line on the run's size: what changed, and whether the
    /// recording was cut.
    pub(super) fn note(&self, locale: Locale) -> String {
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

    pub(super) fn queue_title(&self, locale: Locale, id: QueueId) -> String {
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
    pub(super) fn step_words(&self, locale: Locale) -> String {
        let r = &self.replay;
        let Some(&at) = self.instants.get(self.position()) else {
            return String::new();
        };
        let from = r.events.partition_point(|e| e.at < at);
        let to = r.events.partition_point(|e| e.at <= at);
        let all = &r.events[from..to];
        let skip = all.len().saturating_sub(STEP_WORDS);
        let words: Vec<String> = all
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
            Step::AckDropped { retry } => k(keys::REPLAY_STEP_ACK_DROPPED, &[ms_arg(retry)]),
            Step::InBacklog => k(keys::REPLAY_STEP_IN_BACKLOG, &[]),
            Step::Accepted => k(keys::REPLAY_STEP_ACCEPTED, &[]),
            Step::ConnectFailed => k(keys::REPLAY_STEP_CONNECT_FAILED, &[]),
            Step::HalfOpenReset => k(keys::REPLAY_STEP_HALF_OPEN_RESET, &[]),
            Step::Refused => k(keys::REPLAY_STEP_REFUSED, &[]),
            Step::Unread => k(keys::REPLAY_STEP_UNREAD, &[]),
            Step::ClosedUnread => k(keys::REPLAY_STEP_CLOSED_UNREAD, &[]),
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
            Step::LeaseTimeout => k(keys::REPLAY_STEP_LEASE_TIMEOUT, &[]),
            Step::PendingLimit => k(keys::REPLAY_STEP_PENDING_LIMIT, &[]),
            Step::RateLimited => k(keys::REPLAY_STEP_RATE_LIMITED, &[]),
            Step::BulkheadFull => k(keys::REPLAY_STEP_BULKHEAD_FULL, &[]),
            Step::ResponseTimeout => k(keys::REPLAY_STEP_RESPONSE_TIMEOUT, &[]),
            Step::DownstreamError => k(keys::REPLAY_STEP_DOWNSTREAM_ERROR, &[]),
            Step::CircuitOpen => k(keys::REPLAY_STEP_CIRCUIT_OPEN, &[]),
            Step::Retry { next, wait } => k(
                keys::REPLAY_STEP_RETRY,
                &[("n", Arg::Fixed(f64::from(next), 0)), ms_arg(wait)],
            ),
            Step::RateLimiterWait { permitted, wait } => k(
                if permitted {
                    keys::REPLAY_STEP_RATE_LIMITER_WAIT
                } else {
                    keys::REPLAY_STEP_RATE_LIMITER_REFUSED
                },
                &[ms_arg(wait)],
            ),
            Step::Fallback => k(keys::REPLAY_STEP_FALLBACK, &[]),
            Step::Submitted { executor, task } => k(
                keys::REPLAY_STEP_SUBMITTED,
                &[
                    (
                        "task",
                        arg(r
                            .actors
                            .get(task as usize)
                            .map(Actor::name)
                            .unwrap_or_default()),
                    ),
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
