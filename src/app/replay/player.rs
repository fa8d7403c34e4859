//! Playing a replay at human speed: where the playhead is, whether it
//! moves, how fast, and what play, pause, scrub and step do to it. The page
//! only calls [`Player::tick`] with the real time elapsed between two
//! animation frames; with `prefers-reduced-motion` it never plays and the
//! learner steps instead.

use serde::{Deserialize, Serialize};

use super::Replay;
use crate::sim::time::{MS, Nanos};

/// Speeds a learner can choose: simulated time per real second.
pub(crate) const SPEEDS: [Nanos; 5] = [MS, 5 * MS, 20 * MS, 100 * MS, 500 * MS];

/// Real time a typical request should take on screen at the default
/// speed, ms: long enough to follow it, short enough to wait for.
pub(crate) const TYPICAL_REQUEST_REAL_MS: f64 = 2000.0;

/// The default speed for a replay whose typical request lasts `typical`
/// ns of simulated time: the one of [`SPEEDS`] that puts it nearest
/// [`TYPICAL_REQUEST_REAL_MS`] of real time (nearest by ratio, as the
/// speeds are steps of ×4–5). A 50 ms sleep plays at 20 ms per second
/// (2.5 s), a 1 s sleep at 500 ms per second; a replay without a
/// finished request plays at the slowest.
pub(crate) fn default_speed(typical: Option<Nanos>) -> Nanos {
    let Some(t) = typical.filter(|t| *t > 0) else {
        return SPEEDS[0];
    };
    let ideal = t as f64 * 1000.0 / TYPICAL_REQUEST_REAL_MS;
    let off = |s: &Nanos| (ideal.ln() - (*s as f64).ln()).abs();
    SPEEDS
        .iter()
        .copied()
        .min_by(|a, b| off(a).total_cmp(&off(b)))
        .unwrap_or(SPEEDS[0])
}

/// A replay's playhead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Player {
    /// Simulated time shown, ns.
    pub(crate) at: Nanos,
    /// Whether it moves on each tick.
    pub(crate) playing: bool,
    /// Simulated time per real second, ns (one of [`SPEEDS`]).
    pub(crate) speed: Nanos,
    /// No animation (`prefers-reduced-motion`): play steps instead.
    pub(crate) reduced_motion: bool,
}

/// What a learner does to the playhead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlayerAction {
    /// Start moving (with reduced motion: one instant forward).
    Play,
    /// Stop.
    Pause,
    /// To a simulated time (a slider), paused.
    Scrub(Nanos),
    /// To the next instant at which something happens, paused.
    StepForward,
    /// To the previous instant, paused.
    StepBack,
    /// Faster or slower, by one of [`SPEEDS`].
    Faster,
    /// Slower.
    Slower,
}

impl PlayerAction {
    /// The action of a key (`KeyboardEvent.key`) pressed on the replay
    /// panel's element `focus_tag`: ← and → step, except on the slider
    /// and the menu, which move by their own arrows.
    pub(crate) fn of_key(key: &str, focus_tag: &str) -> Option<PlayerAction> {
        if matches!(
            focus_tag.to_ascii_lowercase().as_str(),
            "input" | "select" | "textarea"
        ) {
            return None;
        }
        match key {
            "ArrowRight" => Some(PlayerAction::StepForward),
            "ArrowLeft" => Some(PlayerAction::StepBack),
            _ => None,
        }
    }
}

impl Player {
    /// A paused playhead at the replay's start, at 1 ms of simulated time
    /// per real second: a request's life in slow motion.
    pub(crate) fn new(reduced_motion: bool) -> Player {
        Player {
            at: 0,
            playing: false,
            speed: SPEEDS[0],
            reduced_motion,
        }
    }

    /// A paused playhead at the replay's start, at the speed its time
    /// scale calls for ([`default_speed`] of its typical request).
    pub(crate) fn for_replay(replay: &Replay, reduced_motion: bool) -> Player {
        Player {
            speed: default_speed(replay.typical_request()),
            ..Player::new(reduced_motion)
        }
    }

    /// Applies an action.
    pub(crate) fn act(&mut self, action: PlayerAction, replay: &Replay) {
        match action {
            PlayerAction::Play if self.reduced_motion => self.step(replay, true),
            PlayerAction::Play => self.playing = self.at < replay.end,
            PlayerAction::Pause => self.playing = false,
            PlayerAction::Scrub(t) => {
                self.playing = false;
                self.at = t.min(replay.end);
            }
            PlayerAction::StepForward => self.step(replay, true),
            PlayerAction::StepBack => self.step(replay, false),
            PlayerAction::Faster => self.speed = shift(self.speed, 1),
            PlayerAction::Slower => self.speed = shift(self.speed, -1),
        }
    }

    fn step(&mut self, replay: &Replay, forward: bool) {
        self.playing = false;
        if replay.events.is_empty() {
            return;
        }
        let here = replay.event_at(self.at);
        let before = replay.events[here].at < self.at;
        let to = if forward {
            replay.next_instant(here)
        } else if before {
            // Between instants: back to the last one.
            here
        } else {
            replay.previous_instant(here)
        };
        self.at = replay.events[to].at;
    }

    /// Moves a playing playhead by `real_ms` of real time; it stops at the
    /// replay's end.
    pub(crate) fn tick(&mut self, real_ms: f64, replay: &Replay) {
        if !self.playing || self.reduced_motion {
            return;
        }
        let advance = (real_ms.max(0.0) * self.speed as f64 / 1000.0) as Nanos;
        self.at = self.at.saturating_add(advance).min(replay.end);
        if self.at >= replay.end {
            self.playing = false;
        }
    }
}

/// The speed `by` steps along [`SPEEDS`] from `speed`, within the list.
fn shift(speed: Nanos, by: i32) -> Nanos {
    let i = SPEEDS.iter().position(|s| *s == speed).unwrap_or(0) as i32;
    SPEEDS[(i + by).clamp(0, SPEEDS.len() as i32 - 1) as usize]
}
