//! A replay's run, made small: the page replays one column's scenario with
//! at most [`REPLAY_REQUESTS`] requests (or, for a tool that runs for a
//! duration, about as long as that many take), so that its recording
//! stays well under [`MAX_EVENTS`](super::MAX_EVENTS) steps and a learner
//! can follow it; what had to change to make it small is kept, to be said.
//! The worker records the request ([`ReplayRequest::record`]); the page
//! only asks.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Replay;
use crate::app::basis::modes::{Mode, as_word};
use crate::app::run::bounds::Bounds;
use crate::scenario::{Draft, field, validate};
use crate::sim::config::{Config, LoadKind};
use crate::sim::time::to_ms;

/// Requests a replay's run sends at most (more when the load has more
/// clients: hey refuses fewer requests than workers, and each sends one).
pub(crate) const REPLAY_REQUESTS: u64 = 200;

/// Clients (closed-loop workers) a replay keeps at most: each one is an
/// actor on the stage, and their first connects alone are steps.
pub(crate) const REPLAY_CLIENTS: u64 = 1000;

/// The simulator's own event budget for a replay's run (a bound on its
/// work besides the recorder's [`MAX_EVENTS`](super::MAX_EVENTS) steps).
pub(crate) const REPLAY_MAX_SIM_EVENTS: u64 = 2_000_000;

/// The shortest duration a duration-bound replay runs, seconds.
const MIN_DURATION_S: f64 = 0.001;

/// One setting changed to keep a replay small: the key, its value before
/// (`None`: unset, the default) and after (`None`: unset).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Shrunk {
    /// The scenario key (`load.requests`).
    pub(crate) key: String,
    /// Its value in the scenario.
    pub(crate) before: Option<Value>,
    /// Its value in the replay.
    pub(crate) after: Option<Value>,
}

/// What the page asks its worker to record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayRequest {
    /// The request's number (a reply to an older one is stale).
    pub(crate) id: u64,
    /// The column it replays.
    #[serde(with = "as_word")]
    pub mode: Mode,
    /// The small draft to record.
    pub(crate) draft: Draft,
    /// What was changed to make it small.
    pub(crate) shrunk: Vec<Shrunk>,
}

/// The worker's answer: the replay, or why there is none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayReply {
    /// The request it answers.
    pub(crate) id: u64,
    /// The replay, or the reason there is none (one line).
    pub replay: Result<Box<Replay>, String>,
}

impl ReplayRequest {
    /// The request to replay column `mode`'s `draft` (its server mode
    /// set), made small.
    pub(crate) fn of(id: u64, mode: Mode, draft: &Draft) -> ReplayRequest {
        let (draft, shrunk) = small(draft);
        ReplayRequest {
            id,
            mode,
            draft,
            shrunk,
        }
    }

    /// Records it (in the worker): validates the draft and runs it with a
    /// recording tracer.
    pub fn record(&self) -> ReplayReply {
        let replay = match validate(&self.draft) {
            Ok(cfg) => Ok(Box::new(Replay::record(&cfg))),
            Err(errors) => Err(errors.first().map_or_else(
                // The key, not words: the worker has no page to read the
                // language from; the page writes it in its own.
                || crate::i18n::keys::ui::WORKER_REPLAY_INVALID.0.to_string(),
                |e| e.to_string(),
            )),
        };
        ReplayReply {
            id: self.id,
            replay,
        }
    }
}

/// `draft` made small enough to replay, and what changed. A draft that does
/// not validate is returned as it is (the worker then says why).
pub(crate) fn small(draft: &Draft) -> (Draft, Vec<Shrunk>) {
    let mut d = draft.clone();
    let Ok(cfg) = validate(draft) else {
        return (d, Vec::new());
    };
    let mut shrunk = Vec::new();
    let mut change = |d: &mut Draft, key: &str, after: Option<Value>| {
        let before = effective(d, key);
        if before != after {
            shrunk.push(Shrunk {
                key: key.to_string(),
                before,
                after: after.clone(),
            });
            d.set_value(key, after.unwrap_or(Value::Null));
        }
    };
    let clients = match cfg.load.kind {
        LoadKind::Closed { concurrency, .. } => {
            let c = u64::from(concurrency);
            if c > REPLAY_CLIENTS {
                change(
                    &mut d,
                    "load.concurrency",
                    Some(Value::from(REPLAY_CLIENTS)),
                );
            }
            c.min(REPLAY_CLIENTS)
        }
        LoadKind::Open { .. } => 1,
    };
    // Each client sends the same number of requests (hey: n ÷ c each).
    let wanted = REPLAY_REQUESTS.max(clients) / clients * clients;
    if cfg.load.tool.counts_requests() {
        let requests = total_requests(&cfg).map_or(wanted, |n| n.min(wanted).max(clients));
        change(&mut d, "load.duration_s", None);
        change(&mut d, "load.loops", None);
        change(&mut d, "load.requests", Some(Value::from(requests)));
    } else if let Some(s) = duration_for(&cfg, wanted) {
        change(&mut d, "load.duration_s", Some(number(s)));
    }
    d.set_value("limits.max_events", Value::from(REPLAY_MAX_SIM_EVENTS));
    crate::app::run::plan::cap_sim_memory(&mut d);
    // The replay records its own steps: no charts' worth of recording.
    d.set_value("record.series_buckets", Value::from(10));
    d.set_value("record.timeline_lanes", Value::from(0));
    (d, shrunk)
}

/// The value `key` has in `d`: its own, else the schema's default (`None`
/// for null).
fn effective(d: &Draft, key: &str) -> Option<Value> {
    if let Some(v) = d.get(key) {
        return (!v.is_null()).then(|| v.clone());
    }
    let mut fresh = Draft::new();
    fresh.set(key, field(key)?.default).ok()?;
    fresh.get(key).filter(|v| !v.is_null()).cloned()
}

/// The requests a run without a duration sends in all, if it counts them.
fn total_requests(cfg: &Config) -> Option<u64> {
    if cfg.load.duration.is_some() {
        return None;
    }
    match cfg.load.kind {
        LoadKind::Closed {
            concurrency, loops, ..
        } => match loops {
            Some(l) => Some(l.saturating_mul(u64::from(concurrency))),
            None => cfg
                .load
                .requests
                .map(|n| n / u64::from(concurrency) * u64::from(concurrency)),
        },
        LoadKind::Open { .. } => cfg.load.requests,
    }
}

/// For a tool that runs for a duration (wrk, wrk2): about as long as
/// `requests` take at the throughput theory expects, if shorter than the
/// scenario's own duration (wrk's default is 10 s), in seconds.
fn duration_for(cfg: &Config, requests: u64) -> Option<f64> {
    let b = Bounds::of(cfg);
    let rps = match cfg.load.kind {
        LoadKind::Closed { concurrency, .. } => b.throughput_bound(f64::from(concurrency)),
        LoadKind::Open { rate_rps, .. } => rate_rps.min(b.max_rps()),
    };
    let own = cfg.load.duration.map_or(10.0, |d| to_ms(d) / 1000.0);
    let ramp = match cfg.load.kind {
        LoadKind::Closed { ramp_up, .. } => to_ms(ramp_up) / 1000.0,
        LoadKind::Open { .. } => 0.0,
    };
    if !(rps.is_finite() && rps > 0.0) {
        return None;
    }
    let s = (ramp + requests as f64 / rps).max(MIN_DURATION_S);
    // Three significant digits: a value the form reads back as typed.
    let s = format!("{s:.3e}").parse::<f64>().unwrap_or(s);
    (s < own).then_some(s)
}

fn number(x: f64) -> Value {
    serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
}
