//! Resilience4j's `CircuitBreaker`, as its `CircuitBreakerStateMachine`
//! runs it: closed, it records each call's outcome in a ring of the last
//! `window` calls and opens once at least `min(minimum_calls, window)` are
//! recorded and the failure or slow-call rate reaches its threshold (≥);
//! with a time-based window, in one bucket per second of the last `window`
//! seconds, from `minimum_calls` calls in them on (`SlidingTimeWindowMetrics`;
//! its seconds are the run's, not the epoch's). Open, it refuses every call
//! (`CallNotPermittedException`) until `open_for` has passed; with no
//! automatic transition (the default) the first call after that moves it
//! to half-open, which lets `half_open_calls` calls through into a window
//! of their own and, once min(`minimum_calls`, `half_open_calls`) are
//! recorded, opens again or closes by the same rule. Pure: the engine
//! asks and tells, and reads the transitions.

use super::config::{Breaker, WindowType};
use super::time::{Nanos, SEC};

/// The breaker's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakerState {
    /// Calls go through; outcomes fill the window.
    Closed,
    /// Calls are refused.
    Open,
    /// A few trial calls go through.
    HalfOpen,
}

/// One breaker's state and window.
#[derive(Clone, Debug)]
pub struct CircuitBreaker {
    cfg: Breaker,
    state: BreakerState,
    /// When it last opened.
    opened_at: Nanos,
    /// The window: bit 0 failed, bit 1 slow; `head` is the oldest.
    ring: Vec<u8>,
    head: usize,
    failed: u32,
    slow: u32,
    /// A closed time-based window: (calls, failed, slow) per second, the
    /// newest at `head`, which is second `newest` of the run; and its calls.
    seconds: Vec<[u32; 3]>,
    newest: u64,
    timed_calls: u32,
    /// Half-open: calls it may still let through.
    permits: u32,
    /// Transitions to open so far.
    pub opened: u32,
}

impl CircuitBreaker {
    /// A closed breaker.
    pub fn new(cfg: Breaker) -> Self {
        CircuitBreaker {
            cfg,
            state: BreakerState::Closed,
            opened_at: 0,
            ring: Vec::new(),
            head: 0,
            failed: 0,
            slow: 0,
            seconds: Vec::new(),
            newest: 0,
            timed_calls: 0,
            permits: 0,
            opened: 0,
        }
    }

    /// Its state now (an open one past its wait stays open until a call
    /// asks, as without automatic transition).
    pub fn state(&self) -> BreakerState {
        self.state
    }

    /// Whether a call may go out at `now` (`tryAcquirePermission`).
    pub fn permit(&mut self, now: Nanos) -> bool {
        if self.state == BreakerState::Open {
            if now < self.opened_at.saturating_add(self.cfg.open_for) {
                return false;
            }
            self.to(BreakerState::HalfOpen, now);
        }
        if self.state == BreakerState::HalfOpen {
            if self.permits == 0 {
                return false;
            }
            self.permits -= 1;
        }
        true
    }

    /// A call that was let through ended at `now` after `took`, failed or
    /// not. Returns the new state if it changed.
    pub fn record(&mut self, now: Nanos, failed: bool, took: Nanos) -> Option<BreakerState> {
        if self.state == BreakerState::Open {
            // Recorded by Resilience4j's open state, which decides nothing.
            return None;
        }
        let slow = took > self.cfg.slow_call;
        let timed =
            self.state == BreakerState::Closed && self.cfg.window_type == WindowType::TimeBased;
        let (calls, needed) = if timed {
            self.record_in_seconds(now, failed, slow);
            (self.timed_calls as usize, self.cfg.minimum_calls as usize)
        } else {
            self.record_in_ring(failed, slow)
        };
        if calls < needed {
            return None;
        }
        let n = calls as f64;
        let over = self.failed as f64 * 100.0 / n >= self.cfg.failure_rate
            || self.slow as f64 * 100.0 / n >= self.cfg.slow_rate;
        let next = match (self.state, over) {
            (_, true) => BreakerState::Open,
            (BreakerState::HalfOpen, false) => BreakerState::Closed,
            _ => return None,
        };
        self.to(next, now);
        Some(next)
    }

    /// Records an outcome in the ring of the last calls (closed and
    /// count-based, or half-open: a window of its own the size of its
    /// trials); says how many it holds and how many a rate needs,
    /// min(`minimumNumberOfCalls`, the ring's size).
    fn record_in_ring(&mut self, failed: bool, slow: bool) -> (usize, usize) {
        let size = match self.state {
            BreakerState::HalfOpen => self.cfg.half_open_calls,
            _ => self.cfg.window,
        } as usize;
        let outcome = failed as u8 | (slow as u8) << 1;
        if self.ring.len() < size {
            self.ring.push(outcome);
        } else {
            let old = std::mem::replace(&mut self.ring[self.head], outcome);
            self.failed -= (old & 1) as u32;
            self.slow -= (old >> 1) as u32;
            self.head = (self.head + 1) % size;
        }
        self.failed += failed as u32;
        self.slow += slow as u32;
        let needed = (self.cfg.minimum_calls as usize).min(size);
        (self.ring.len(), needed)
    }

    /// Records an outcome in the current second's bucket, after the
    /// seconds gone by since the newest are emptied
    /// (`moveWindowToCurrentEpochSecond`).
    fn record_in_seconds(&mut self, now: Nanos, failed: bool, slow: bool) {
        let size = self.cfg.window.max(1) as usize;
        let second = now / SEC;
        if self.seconds.is_empty() {
            self.seconds = vec![[0; 3]; size];
            self.newest = second;
        }
        let gone = second.saturating_sub(self.newest).min(size as u64);
        for _ in 0..gone {
            self.head = (self.head + 1) % size;
            let [calls, f, s] = std::mem::take(&mut self.seconds[self.head]);
            self.timed_calls -= calls;
            self.failed -= f;
            self.slow -= s;
        }
        self.newest = self.newest.max(second);
        let bucket = &mut self.seconds[self.head];
        bucket[0] += 1;
        bucket[1] += failed as u32;
        bucket[2] += slow as u32;
        self.timed_calls += 1;
        self.failed += failed as u32;
        self.slow += slow as u32;
    }

    /// Moves to `state` with a fresh window.
    fn to(&mut self, state: BreakerState, now: Nanos) {
        self.state = state;
        self.ring.clear();
        self.head = 0;
        self.failed = 0;
        self.slow = 0;
        self.seconds.clear();
        self.timed_calls = 0;
        match state {
            BreakerState::Open => {
                self.opened_at = now;
                self.opened += 1;
            }
            BreakerState::HalfOpen => self.permits = self.cfg.half_open_calls,
            BreakerState::Closed => {}
        }
    }

    /// Bytes its window holds (the simulator's own memory).
    pub fn footprint(&self) -> usize {
        self.ring.capacity() + self.seconds.capacity() * size_of::<[u32; 3]>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::time::{MS, SEC as S};

    fn cfg() -> Breaker {
        Breaker {
            window_type: WindowType::CountBased,
            failure_rate: 50.0,
            slow_rate: 100.0,
            slow_call: 60 * S,
            window: 10,
            minimum_calls: 4,
            open_for: 5 * S,
            half_open_calls: 2,
        }
    }

    /// Closed, it opens on the call that takes the rate to the threshold
    /// once the minimum is recorded, and not a call before.
    #[test]
    fn opens_exactly_when_its_rule_says() {
        let mut b = CircuitBreaker::new(cfg());
        // 1 ok, then failures: after 4 calls 3 failed (75 %) → open; after
        // 3 calls the minimum is not met.
        assert_eq!(b.record(0, false, MS), None);
        assert_eq!(b.record(1, true, MS), None);
        assert_eq!(b.record(2, true, MS), None);
        assert_eq!(b.record(3, true, MS), Some(BreakerState::Open));
        assert!(!b.permit(4));
        assert!(!b.permit(5 * S - 1 + 3));
        // The first call after the wait moves it half-open: 2 go through.
        assert!(b.permit(5 * S + 3));
        assert_eq!(b.state(), BreakerState::HalfOpen);
        assert!(b.permit(5 * S + 4));
        assert!(!b.permit(5 * S + 5), "only half_open_calls go through");
        assert_eq!(b.record(6 * S, false, MS), None);
        assert_eq!(b.record(6 * S, false, MS), Some(BreakerState::Closed));
        assert_eq!(b.opened, 1);
    }

    /// Half-open, a minimum below the trials decides early, as
    /// Resilience4j's half-open metrics do.
    #[test]
    fn a_small_minimum_decides_the_trial_early() {
        let mut b = CircuitBreaker::new(Breaker {
            minimum_calls: 2,
            window: 4,
            half_open_calls: 5,
            ..cfg()
        });
        assert_eq!(b.record(0, true, MS), None);
        assert_eq!(b.record(0, true, MS), Some(BreakerState::Open));
        assert!(b.permit(6 * S));
        assert!(b.permit(6 * S));
        assert_eq!(b.record(6 * S, false, MS), None);
        assert_eq!(
            b.record(6 * S, false, MS),
            Some(BreakerState::Closed),
            "after 2 of 5"
        );
    }

    /// Exactly at the threshold (≥) it opens; just below it does not.
    #[test]
    fn the_threshold_is_inclusive() {
        let mut b = CircuitBreaker::new(cfg());
        for (t, failed) in [false, true, false, false].into_iter().enumerate() {
            assert_eq!(b.record(t as Nanos, failed, MS), None, "25 %");
        }
        let mut b = CircuitBreaker::new(cfg());
        let got: Vec<_> = [true, false, true, false]
            .into_iter()
            .map(|f| b.record(0, f, MS))
            .collect();
        assert_eq!(got, [None, None, None, Some(BreakerState::Open)], "50 %");
    }

    /// The window slides: old failures fall out of it.
    #[test]
    fn the_window_forgets_old_calls() {
        let mut b = CircuitBreaker::new(Breaker { window: 4, ..cfg() });
        // f ok ok ok: 25 %; then ok slides the failure out: 0 %.
        for f in [true, false, false, false, false] {
            assert_eq!(b.record(0, f, MS), None);
        }
        // Two failures in the last four: 50 % → open.
        assert_eq!(b.record(0, true, MS), None);
        assert_eq!(b.record(0, true, MS), Some(BreakerState::Open));
    }

    /// Slow calls open it at their own threshold; half-open failures
    /// reopen it.
    #[test]
    fn slow_calls_and_a_failed_trial() {
        let mut b = CircuitBreaker::new(Breaker {
            slow_rate: 50.0,
            slow_call: 100 * MS,
            ..cfg()
        });
        for (i, ms) in [200, 10, 200, 10].into_iter().enumerate() {
            let got = b.record(i as Nanos, false, ms * MS);
            assert_eq!(got.is_some(), i == 3, "{i}");
        }
        assert!(b.permit(5 * S + 3));
        assert!(b.permit(5 * S + 3));
        assert_eq!(b.record(6 * S, true, MS), None);
        assert_eq!(b.record(6 * S, false, MS), Some(BreakerState::Open));
        assert!(!b.permit(6 * S + 1));
        assert_eq!(b.opened, 2);
    }

    /// Time-based, it judges the calls of the last `window` seconds from
    /// `minimum_calls` on (no clamp to the window), and forgets a second's
    /// calls once it has passed out of the window.
    #[test]
    fn a_time_based_window_counts_the_last_seconds() {
        let mut b = CircuitBreaker::new(Breaker {
            window_type: WindowType::TimeBased,
            window: 2,
            minimum_calls: 4,
            ..cfg()
        });
        // Second 0: three failures, under the minimum.
        for t in [0, 1, 2] {
            assert_eq!(b.record(t * MS, true, MS), None);
        }
        // Second 3: second 0 has left the window; one ok, one failure:
        // 2 calls, under the minimum again.
        assert_eq!(b.record(3 * S, false, MS), None);
        assert_eq!(b.record(3 * S + 1, true, MS), None);
        // Second 4 (seconds 3 and 4): 4 calls, 2 failed: 50 % → open.
        assert_eq!(b.record(4 * S, false, MS), None);
        assert_eq!(b.record(4 * S + 1, true, MS), Some(BreakerState::Open));
        // Half-open trials are counted as before, then closed it starts a
        // fresh time window.
        assert!(b.permit(9 * S + 1));
        assert!(b.permit(9 * S + 1));
        assert_eq!(b.record(9 * S + 2, false, MS), None);
        assert_eq!(b.record(9 * S + 2, false, MS), Some(BreakerState::Closed));
        for t in 0..3 {
            assert_eq!(b.record(10 * S + t, true, MS), None, "fresh: {t}");
        }
        assert_eq!(b.record(10 * S + 3, true, MS), Some(BreakerState::Open));
    }
}
