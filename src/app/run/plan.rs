//! Which runs the charts need, as drafts: one full run per server mode (for
//! the over-time charts, the timeline and the tables) and a sweep of the load
//! (concurrency, or arrival rate for an open loop) per mode. Every run is
//! bounded by an event budget so nothing the page asks for can run away.

use serde_json::Value;

use crate::app::basis::modes::Mode;
use crate::app::run::bounds::Bounds;
use crate::i18n::Locale;
use crate::i18n::keys::chart as keys;
use crate::scenario::{Draft, mode_word, validate};
use crate::sim::config::LoadKind;
use crate::sim::time::to_ms;

/// Event budget of a full run unless the scenario sets a lower one.
pub(crate) const SINGLE_MAX_EVENTS: u64 = 30_000_000;
/// Upper limit for a scenario's own budget in the playground.
pub(crate) const SINGLE_MAX_EVENTS_CAP: u64 = 50_000_000;
/// Event budget of one sweep point.
pub(crate) const SWEEP_MAX_EVENTS: u64 = 4_000_000;
/// The simulator's own memory budget for a run in the page, MB: wasm memory
/// never shrinks once grown, and a tab holds two runs' worth at most.
pub(crate) const PAGE_MAX_SIM_MEMORY_MB: u64 = 64;
/// Points per sweep and mode.
pub(crate) const SWEEP_POINTS: usize = 25;
/// Requests per sweep point (at least; more at high concurrency).
pub(crate) const SWEEP_REQUESTS: u64 = 20_000;
/// Seeds per mode of the page's full run: the run itself and four more
/// (`crate::replicas::seeds`), so each figure has an interval for its
/// median. They run after the sweep, so the charts and the sweep come as
/// fast as without them. A sweep point is one run: five seeds each would
/// make the sweep's 48 runs 240, far past its 1 s budget; the page says its
/// curves are single runs.
pub(crate) const PAGE_REPLICATIONS: u32 = 5;

/// What the sweep varies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SweepAxis {
    /// Closed loop: `load.concurrency`.
    #[default]
    Concurrency,
    /// Open loop: `load.rate_rps`.
    Rate,
}

impl SweepAxis {
    /// The axis label with its unit, in `locale`'s words.
    pub(crate) fn label(self, locale: Locale) -> String {
        let key = match self {
            SweepAxis::Concurrency => keys::AXIS_CONCURRENCY,
            SweepAxis::Rate => keys::AXIS_RATE,
        };
        key.text(locale, &[])
    }

    /// What x is, without its unit (in titles and tooltips).
    pub(crate) fn short(self, locale: Locale) -> String {
        let key = match self {
            SweepAxis::Concurrency => keys::AXIS_CONCURRENCY_SHORT,
            SweepAxis::Rate => keys::AXIS_RATE_SHORT,
        };
        key.text(locale, &[])
    }

    /// The draft key it sets.
    pub(crate) fn key(self) -> &'static str {
        match self {
            SweepAxis::Concurrency => "load.concurrency",
            SweepAxis::Rate => "load.rate_rps",
        }
    }
}

/// The draft of a mode's full run: `draft` with `server.mode` set, a bounded
/// event budget, and a timeline window in the steady state unless the
/// scenario chooses one.
pub fn single(draft: &Draft, mode: Mode) -> Draft {
    let mut d = draft.clone();
    d.set_value("server.mode", Value::from(mode_word(mode)));
    let budget = d
        .get("limits.max_events")
        .and_then(Value::as_u64)
        .map_or(SINGLE_MAX_EVENTS, |b| b.min(SINGLE_MAX_EVENTS_CAP));
    d.set_value("limits.max_events", Value::from(budget));
    cap_sim_memory(&mut d);
    let unset = |k: &str| d.get(k).is_none();
    if unset("record.timeline_start_ms")
        && unset("record.timeline_window_ms")
        && let Ok(cfg) = validate(&d)
    {
        let t = Bounds::of(&cfg);
        let window = (t.service_ms * 6.0).clamp(20.0, 2000.0);
        let ramp_ms = match cfg.load.kind {
            LoadKind::Closed { ramp_up, .. } => to_ms(ramp_up),
            LoadKind::Open { .. } => 0.0,
        };
        let total = cfg.load.requests.unwrap_or(0) as f64;
        let est_ms = if t.max_rps().is_finite() && total > 0.0 {
            total / t.max_rps() * 1000.0
        } else {
            10_000.0
        };
        let start = (1000.0 + ramp_ms).min(est_ms * 0.3).max(0.0);
        d.set_value("record.timeline_start_ms", json_f64(start.round()));
        d.set_value("record.timeline_window_ms", json_f64(window.round()));
    }
    d
}

/// The draft of one more seed of a mode's full run: the same run with
/// `seed`, its thread timeline not recorded (the page draws only the
/// first seed's; the series stay, for the warm-up).
pub(crate) fn replica(draft: &Draft, mode: Mode, seed: u64) -> Draft {
    let mut d = single(draft, mode);
    d.set_value("seed", Value::from(seed));
    d.set_value("record.timeline_lanes", Value::from(0));
    d
}

fn json_f64(x: f64) -> Value {
    serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
}

/// The sweep's axis and its points for `draft` (log-spaced, the scenario's
/// own value included).
pub(crate) fn sweep_points(draft: &Draft) -> (SweepAxis, Vec<f64>) {
    sweep_points_past(draft, 0.0)
}

/// How far past a capacity ceiling an arrival-rate sweep reaches.
pub(crate) const PAST_CEILING: f64 = 1.5;

/// The sweep's points for `draft`; an arrival-rate sweep reaches
/// [`PAST_CEILING`] times `ceiling_rps` (the highest of the runs' lowest
/// ceilings) so that every run's saturation shows, wherever the scenario's
/// own rate lies.
pub(crate) fn sweep_points_past(draft: &Draft, ceiling_rps: f64) -> (SweepAxis, Vec<f64>) {
    let Ok(cfg) = validate(draft) else {
        return (SweepAxis::Concurrency, Vec::new());
    };
    let (axis, here, lo, hi) = match cfg.load.kind {
        LoadKind::Closed { concurrency, .. } => {
            let c = concurrency as f64;
            (SweepAxis::Concurrency, c, 1.0, (c * 2.0).max(16.0))
        }
        LoadKind::Open { rate_rps, .. } => {
            let past = if ceiling_rps.is_finite() {
                ceiling_rps * PAST_CEILING
            } else {
                0.0
            };
            let hi = (rate_rps * 2.0).max(past);
            (SweepAxis::Rate, rate_rps, rate_rps.min(hi / 2.0) / 25.0, hi)
        }
    };
    let n = SWEEP_POINTS;
    let mut xs: Vec<f64> = (0..n)
        .map(|i| {
            let f = i as f64 / (n - 1) as f64;
            (lo.ln() + f * (hi.ln() - lo.ln())).exp()
        })
        .map(|x| {
            if axis == SweepAxis::Concurrency {
                x.round().max(1.0)
            } else {
                x
            }
        })
        .collect();
    // Put the scenario's own value in place of its nearest neighbour.
    if let Some(i) = nearest(&xs, here, true) {
        xs[i] = here;
    }
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    (axis, xs)
}

/// The order in which to run the points: coarse first, so the curve's shape
/// shows early and the gaps fill in.
pub(crate) fn fill_order(n: usize) -> Vec<usize> {
    let mut order = Vec::with_capacity(n);
    let mut step = n.next_power_of_two();
    while step >= 1 {
        let mut i = 0;
        while i < n {
            if !order.contains(&i) {
                order.push(i);
            }
            i += step;
        }
        if step == 1 {
            break;
        }
        step /= 2;
    }
    if n > 1 && order.last() != Some(&(n - 1)) {
        order.retain(|&i| i != n - 1);
        order.insert(1, n - 1);
    }
    order
}

/// The draft of one sweep point: `x` on `axis`, a request count instead of a
/// duration, no ramp-up, a small event budget and minimal recording.
pub(crate) fn sweep_point(draft: &Draft, mode: Mode, axis: SweepAxis, x: f64) -> Draft {
    let mut d = draft.clone();
    d.set_value("server.mode", Value::from(mode_word(mode)));
    match axis {
        SweepAxis::Concurrency => d.set_value(axis.key(), Value::from(x.round() as u64)),
        SweepAxis::Rate => d.set_value(axis.key(), json_f64(x)),
    }
    let requests = SWEEP_REQUESTS.max(3 * x.round() as u64).min(200_000);
    d.set_value("load.requests", Value::from(requests));
    d.set_value("load.duration_s", Value::Null);
    d.set_value("load.loops", Value::Null);
    d.set_value("load.ramp_up_s", Value::from(0));
    d.set_value("limits.max_events", Value::from(SWEEP_MAX_EVENTS));
    cap_sim_memory(&mut d);
    d.set_value("record.series_buckets", Value::from(10));
    d.set_value("record.timeline_lanes", Value::from(0));
    d
}

/// The server mode a draft runs in (`server.mode`), else `column`'s.
pub(crate) fn server_mode(draft: &Draft, column: Mode) -> Mode {
    draft
        .get("server.mode")
        .and_then(Value::as_str)
        .and_then(crate::scenario::mode_named)
        .unwrap_or(column)
}

/// Index of the value in sorted `xs` nearest to `x` (on a log scale if
/// `log`): the scenario's own point of a sweep, a chart's point under the
/// pointer.
pub(crate) fn nearest(xs: &[f64], x: f64, log: bool) -> Option<usize> {
    let key = |v: f64| if log && v > 0.0 { v.ln() } else { v };
    let kx = key(x);
    xs.iter()
        .enumerate()
        .filter(|(_, v)| v.is_finite())
        .min_by(|(_, a), (_, b)| {
            (key(**a) - kx)
                .abs()
                .partial_cmp(&(key(**b) - kx).abs())
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .map(|(i, _)| i)
}

/// Most seconds of real time a run of the page takes before it stops with
/// partial results: a sweep's 50 runs must not keep a reader waiting for
/// hours whatever one of them costs.
pub(crate) const PAGE_MAX_WALL_S: f64 = 60.0;

/// Keeps a run's own memory budget within [`PAGE_MAX_SIM_MEMORY_MB`], and
/// its wall-clock budget within [`PAGE_MAX_WALL_S`].
pub(crate) fn cap_sim_memory(d: &mut Draft) {
    let wall = (d.get("limits.max_wall_s").and_then(Value::as_f64))
        .map_or(PAGE_MAX_WALL_S, |s| s.min(PAGE_MAX_WALL_S));
    d.set_value("limits.max_wall_s", json_f64(wall));
    let mb = d
        .get("limits.max_sim_memory_mb")
        .and_then(Value::as_u64)
        .map_or(PAGE_MAX_SIM_MEMORY_MB, |m| m.min(PAGE_MAX_SIM_MEMORY_MB));
    d.set_value("limits.max_sim_memory_mb", Value::from(mb));
}
