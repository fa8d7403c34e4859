//! Resilience4j's `RateLimiter` in front of a call (its default,
//! `AtomicRateLimiter`): time since its creation is cut into cycles of
//! `period`, each of which brings `limit` permissions (unused ones do not
//! pile up beyond `limit`). A call that finds a permission goes at once;
//! one that would get a permission within its `timeout` reserves it (the
//! count goes below zero, so later callers wait for later cycles) and
//! parks until that cycle; one that would not parks the whole `timeout`
//! and then fails with `RequestNotPermitted`. Pure: the engine asks, and
//! parks the thread as it is told.

use super::config::RateLimiter;
use super::time::Nanos;

/// What a call is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    /// Go on now.
    Now,
    /// Park this long, then go on (the permission is reserved).
    After(Nanos),
    /// Park this long (the whole time-out), then fail.
    Refused(Nanos),
}

/// One limiter's cycle and permissions.
#[derive(Clone, Debug)]
pub struct ClientRateLimiter {
    cfg: RateLimiter,
    /// The cycle its permissions were last counted in.
    cycle: u64,
    /// Permissions left in it; below zero when reserved ahead.
    permissions: i64,
}

impl ClientRateLimiter {
    /// A limiter created at time 0, its first cycle's permissions all free.
    pub fn new(cfg: RateLimiter) -> Self {
        ClientRateLimiter {
            cfg,
            cycle: 0,
            permissions: i64::from(cfg.limit),
        }
    }

    /// A call asks for one permission at `now` (`acquirePermission`).
    pub fn acquire(&mut self, now: Nanos) -> Permission {
        let period = self.cfg.period.max(1);
        let limit = i64::from(self.cfg.limit.max(1));
        let cycle = now / period;
        if cycle != self.cycle {
            let elapsed = (cycle - self.cycle).min(i64::MAX as u64 / 2) as i64;
            let gained = elapsed.saturating_mul(limit);
            self.permissions = self.permissions.saturating_add(gained).min(limit);
            self.cycle = cycle;
        }
        let wait = self.wait_for_one(now, cycle, period, limit);
        if wait == 0 {
            self.permissions -= 1;
            return Permission::Now;
        }
        if wait <= self.cfg.timeout {
            self.permissions -= 1;
            return Permission::After(wait);
        }
        Permission::Refused(self.cfg.timeout)
    }

    /// `nanosToWaitForPermission` for one permission.
    fn wait_for_one(&self, now: Nanos, cycle: u64, period: Nanos, limit: i64) -> Nanos {
        if self.permissions >= 1 {
            return 0;
        }
        let to_next_cycle = (cycle + 1).saturating_mul(period).saturating_sub(now);
        // Short of one at the next cycle's start, each later cycle
        // bringing `limit` more.
        let short = 1 - (self.permissions + limit);
        let full_cycles = if short > 0 {
            ((short + limit - 1) / limit) as u64
        } else {
            0
        };
        full_cycles
            .saturating_mul(period)
            .saturating_add(to_next_cycle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::time::MS;

    fn limiter(limit: u32, period_ms: u64, timeout_ms: u64) -> ClientRateLimiter {
        ClientRateLimiter::new(RateLimiter {
            limit,
            period: period_ms * MS,
            timeout: timeout_ms * MS,
        })
    }

    #[test]
    fn a_cycle_lets_its_limit_through_at_once() {
        let mut l = limiter(3, 1000, 0);
        let got: Vec<Permission> = (0..4).map(|_| l.acquire(10 * MS)).collect();
        assert_eq!(got[..3], [Permission::Now; 3]);
        // No wait allowed: the 4th parks for nothing and fails.
        assert_eq!(got[3], Permission::Refused(0));
        // The next cycle brings 3 more.
        assert_eq!(l.acquire(1000 * MS), Permission::Now);
    }

    #[test]
    fn a_caller_reserves_a_later_cycle_and_the_next_waits_longer() {
        let mut l = limiter(2, 100, 5000);
        assert_eq!(l.acquire(30 * MS), Permission::Now);
        assert_eq!(l.acquire(30 * MS), Permission::Now);
        // The next cycle starts at 100 ms: 70 ms away.
        assert_eq!(l.acquire(30 * MS), Permission::After(70 * MS));
        assert_eq!(l.acquire(30 * MS), Permission::After(70 * MS));
        // That cycle is taken: the one after, 170 ms away.
        assert_eq!(l.acquire(30 * MS), Permission::After(170 * MS));
    }

    #[test]
    fn a_wait_beyond_the_time_out_parks_the_time_out_and_fails() {
        let mut l = limiter(1, 1000, 300);
        assert_eq!(l.acquire(0), Permission::Now);
        assert_eq!(l.acquire(500 * MS), Permission::Refused(300 * MS));
        // A refusal reserves nothing: at 800 ms the next cycle is 200 ms away.
        assert_eq!(l.acquire(800 * MS), Permission::After(200 * MS));
    }

    #[test]
    fn unused_permissions_do_not_pile_up() {
        let mut l = limiter(2, 100, 0);
        // Ten idle cycles later there are still only 2.
        assert_eq!(l.acquire(1000 * MS), Permission::Now);
        assert_eq!(l.acquire(1000 * MS), Permission::Now);
        assert_eq!(l.acquire(1000 * MS), Permission::Refused(0));
    }

    #[test]
    fn resilience4js_default_never_limits_a_service() {
        // 50 permissions every 500 ns: 10^8 a second.
        let mut l = limiter(50, 0, 5000);
        l.cfg.period = 500;
        for i in 0..10_000u64 {
            assert_eq!(l.acquire(i * 1_000), Permission::Now);
        }
    }
}
