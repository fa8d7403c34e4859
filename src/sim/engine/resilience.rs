//! What a guarded call to a downstream does beyond its pool: the client's
//! response time-out, the downstream's errors and faults, a retry around
//! the call and a circuit breaker around each try, and a fallback when it
//! fails for good. Resilience4j's aspect order nests them so: Retry
//! (CircuitBreaker (the call)), so every try asks the breaker and is
//! recorded by it.
//!
//! A try fails where its thread learns it: at `CallAcquire` (the breaker
//! refused it, the pool's pending cap, a lease time-out that woke it), at
//! `Call` (a 429) or at `CallRelease` (a 5xx read, or the response
//! time-out that woke it). A retry then sleeps (`Thread.sleep`: a virtual
//! thread unmounts unless pinned) and goes back to the call's
//! `CallAcquire`; no retry left, the fallback answers or the request
//! fails. A time-out leaves the downstream working on the call: its slot
//! stays busy until it would have answered (`Event::SlotFree`).

use super::Engine;
use super::fiber::{Phase, Wait};
use crate::sim::breaker::{BreakerState, CircuitBreaker};
use crate::sim::config::{Resilience, RetryOn};
use crate::sim::queue::Event;
use crate::sim::rate_limiter::{ClientRateLimiter, Permission};
use crate::sim::report::{DownstreamSeries, GuardStats, ResponseCause};
use crate::sim::series::{CallBucket, CallCount};
use crate::sim::time::{Nanos, ns_f64};
use crate::sim::trace::{Note, Tracer};

/// One downstream's breaker and what its guarded calls did.
#[derive(Debug, Default)]
pub(super) struct Guard {
    pub(super) breaker: Option<CircuitBreaker>,
    /// Tries begun (a refused one included).
    pub(super) tries: u64,
    /// Tries sent to the downstream (its offered load).
    pub(super) sent: u64,
    /// Tries that failed, however.
    pub(super) failed: u64,
    /// Retries begun (sleeps before another try).
    pub(super) retries: u64,
    /// Tries whose response time-out passed.
    pub(super) response_timeouts: u64,
    /// Answers that were 5xx.
    pub(super) errors: u64,
    /// Tries the open breaker refused.
    pub(super) refused: u64,
    /// Calls its fallback answered.
    pub(super) fallbacks: u64,
    /// Calls answered after their caller had given up.
    pub(super) orphans: u64,
    /// The client rate limiter around each try, inside the breaker.
    pub(super) rate_limiter: Option<ClientRateLimiter>,
    /// Tries that waited for its permission, and those it refused.
    pub(super) rate_waited: u64,
    pub(super) rate_refused: u64,
    /// The breaker's state since `state_since`, and its time in each.
    state: Option<BreakerState>,
    state_since: Nanos,
    pub(super) open_ns: f64,
    pub(super) half_open_ns: f64,
}

impl Guard {
    pub(super) fn new(r: &Resilience) -> Self {
        Guard {
            breaker: r.breaker.map(CircuitBreaker::new),
            rate_limiter: r.rate_limiter.map(ClientRateLimiter::new),
            state: r.breaker.map(|_| BreakerState::Closed),
            ..Guard::default()
        }
    }

    /// The breaker is in `state` from `now`.
    fn moved(&mut self, state: BreakerState, now: Nanos) {
        self.add_state_time(now);
        self.state = Some(state);
    }

    fn add_state_time(&mut self, now: Nanos) {
        let span = ns_f64(now.saturating_sub(self.state_since));
        match self.state {
            Some(BreakerState::Open) => self.open_ns += span,
            Some(BreakerState::HalfOpen) => self.half_open_ns += span,
            _ => {}
        }
        self.state_since = now;
    }

    /// Its times open and half-open up to `horizon`, ns.
    pub(super) fn state_times(&self, horizon: Nanos) -> (f64, f64) {
        let span = ns_f64(horizon.saturating_sub(self.state_since));
        match self.state {
            Some(BreakerState::Open) => (self.open_ns + span, self.half_open_ns),
            Some(BreakerState::HalfOpen) => (self.open_ns, self.half_open_ns + span),
            _ => (self.open_ns, self.half_open_ns),
        }
    }

    /// What the report says of it, up to `horizon`.
    pub(super) fn stats(&self, horizon: Nanos) -> GuardStats {
        let (open, half) = self.state_times(horizon);
        GuardStats {
            tries: self.tries,
            sent: self.sent,
            failed: self.failed,
            retries: self.retries,
            response_timeouts: self.response_timeouts,
            errors: self.errors,
            circuit_refused: self.refused,
            rate_limiter_waits: self.rate_waited,
            rate_limiter_refused: self.rate_refused,
            fallbacks: self.fallbacks,
            orphans: self.orphans,
            breaker_state: self.state,
            breaker_opened: self.breaker.as_ref().map_or(0, |b| b.opened),
            breaker_open_s: open / 1e9,
            breaker_half_open_s: half / 1e9,
        }
    }

    pub(super) fn footprint(&self) -> usize {
        self.breaker.as_ref().map_or(0, CircuitBreaker::footprint)
    }
}

/// Whether a retry that tries again `on` these failures retries `cause`.
fn retries(on: RetryOn, cause: ResponseCause) -> bool {
    match on {
        RetryOn::All => true,
        // `ResourceAccessException`: the I/O failed, no answer came.
        RetryOn::Io => matches!(
            cause,
            ResponseCause::ResponseTimeout
                | ResponseCause::LeaseTimeout
                | ResponseCause::PendingLimit
        ),
    }
}

impl<T: Tracer> Engine<T> {
    /// `CallAcquire(d)` at `pc` of a guarded call: a failure the thread
    /// woke with is handled; else a try begins and asks the breaker.
    /// `None`: go on to the lease; `Some(true)`: go on at the fiber's pc
    /// (a fallback); `Some(false)`: it stops here (asleep or ended).
    #[cold]
    #[inline(never)]
    pub(super) fn begin_try(&mut self, f: u32, d: u16, pc: u32) -> Option<bool> {
        match self.fibers[f as usize].call_failure.take() {
            // Back from the rate limiter's wait, its permission had.
            Some(ResponseCause::Ok) => return None,
            Some(cause) => return Some(self.try_failed(f, d, cause, pc)),
            None => {}
        }
        let now = self.now;
        let fb = &mut self.fibers[f as usize];
        fb.tries = fb.tries.max(1);
        fb.call_began = now;
        let (endpoint, request) = (fb.endpoint, fb.exec == super::NONE);
        if request {
            self.endpoint_try(endpoint);
        }
        let g = &mut self.calls[d as usize].guard;
        g.tries += 1;
        let Some(b) = g.breaker.as_mut() else {
            return self.ask_rate_limiter(f, d);
        };
        let before = b.state();
        let permitted = b.permit(now);
        let after = b.state();
        if after != before {
            g.moved(after, now);
            self.breaker_drawn(d, after);
        }
        let g = &mut self.calls[d as usize].guard;
        if permitted {
            return self.ask_rate_limiter(f, d);
        }
        g.refused += 1;
        self.rec.series.call(d as usize, CallCount::Refused);
        self.trace(f, Note::CircuitOpen);
        Some(self.try_failed(f, d, ResponseCause::CircuitOpen, pc))
    }

    /// The try of fiber `f` asks downstream `d`'s rate limiter, if any,
    /// for a permission: `None` goes on to the lease; `Some(false)`: the
    /// thread parks, and wakes at the call's `CallAcquire` with the
    /// permission or with `RequestNotPermitted`.
    fn ask_rate_limiter(&mut self, f: u32, d: u16) -> Option<bool> {
        let now = self.now;
        let g = &mut self.calls[d as usize].guard;
        let (park, permitted) = match g.rate_limiter.as_mut()?.acquire(now) {
            Permission::Now => return None,
            Permission::After(wait) => {
                g.rate_waited += 1;
                (wait, true)
            }
            Permission::Refused(timeout) => {
                g.rate_refused += 1;
                (timeout, false)
            }
        };
        self.fibers[f as usize].call_failure = Some(if permitted {
            ResponseCause::Ok
        } else {
            ResponseCause::RequestNotPermitted
        });
        self.trace(
            f,
            Note::RateLimiterWait {
                permitted,
                wait: park,
            },
        );
        self.block(f, Wait::RateLimiter);
        self.queue.push(now + park, Event::WaitDone(f));
        Some(false)
    }

    /// `CallRelease(d)` of a guarded call that began at `start`, the
    /// connection given back: true if the request goes on.
    #[cold]
    #[inline(never)]
    pub(super) fn call_over(&mut self, f: u32, d: u16, start: u32) -> bool {
        if let Some(cause) = self.fibers[f as usize].call_failure.take() {
            return self.try_failed(f, d, cause, start);
        }
        let fb = &mut self.fibers[f as usize];
        fb.tries = 0;
        let took = self.now.saturating_sub(fb.call_began);
        self.record_try(d, false, took);
        true
    }

    /// The breaker (if any) records a try's outcome.
    #[cold]
    #[inline(never)]
    fn record_try(&mut self, d: u16, failed: bool, took: Nanos) {
        let now = self.now;
        let g = &mut self.calls[d as usize].guard;
        if let Some(state) = g.breaker.as_mut().and_then(|b| b.record(now, failed, took)) {
            g.moved(state, now);
            self.breaker_drawn(d, state);
        }
    }

    /// Downstream `d`'s breaker is in `state` from now, on the charts.
    #[cold]
    #[inline(never)]
    fn breaker_drawn(&mut self, d: u16, state: BreakerState) {
        let (open, half) = (state == BreakerState::Open, state == BreakerState::HalfOpen);
        self.rec.series.breaker(d as usize, open, half);
    }

    /// The try of fiber `f` (running) at downstream `d`'s call starting at
    /// `start` failed with `cause`: the breaker records it, and a retry
    /// sleeps before the next try, or the fallback answers, or the request
    /// fails. True if the request goes on (the fallback).
    #[cold]
    #[inline(never)]
    pub(super) fn try_failed(&mut self, f: u32, d: u16, cause: ResponseCause, start: u32) -> bool {
        let took = self.now.saturating_sub(self.fibers[f as usize].call_began);
        if cause != ResponseCause::CircuitOpen {
            self.record_try(d, true, took);
        }
        self.calls[d as usize].guard.failed += 1;
        self.rec.series.call(d as usize, CallCount::Failed);
        let res = &self.cfg.downstreams[d as usize].resilience;
        let fb = &mut self.fibers[f as usize];
        if let Some(r) = res
            .retry
            .filter(|r| (fb.tries as u32) < r.calls && retries(r.on, cause))
        {
            let n = fb.tries as u32;
            fb.tries += 1;
            fb.pc = start;
            let wait = r.wait(n, &mut self.rng);
            self.calls[d as usize].guard.retries += 1;
            self.rec.series.call(d as usize, CallCount::Retries);
            self.trace(f, Note::Retry { next: n + 1, wait });
            self.block(f, Wait::Backoff);
            self.queue.push(self.now + wait, Event::WaitDone(f));
            return false;
        }
        fb.tries = 0;
        if res.fallback {
            fb.pc = start + 3;
            self.calls[d as usize].guard.fallbacks += 1;
            self.trace(f, Note::Fallback);
            return true;
        }
        self.fail(f, cause);
        false
    }

    /// A call to downstream `d` failed with `cause` while fiber `f` ran
    /// it: guarded, as a try; else the request fails, as it always did.
    #[cold]
    #[inline(never)]
    pub(super) fn call_failed(&mut self, f: u32, d: u16, cause: ResponseCause) {
        if !self.calls[d as usize].guarded {
            self.fail(f, cause);
            return;
        }
        let pc = self.fibers[f as usize].pc;
        // At `CallAcquire` or at `Call`.
        let start = match self.cfg.program.ops[pc as usize] {
            crate::sim::program::Op::Call(_) => pc - 1,
            _ => pc,
        };
        if self.try_failed(f, d, cause, start) {
            // Its fallback answered: it goes on at this instant, as a
            // ready fiber (stepping it from here would make `step`
            // recursive, and slower everywhere).
            self.ready.push(f);
        }
    }

    /// A call to downstream `d` failed with `cause` while fiber `f` was
    /// blocked in it: guarded, the thread wakes with the exception (and
    /// its program counter where it learns it); else the request fails.
    #[cold]
    #[inline(never)]
    pub(super) fn blocked_call_failed(&mut self, f: u32, d: u16, cause: ResponseCause) {
        if !self.calls[d as usize].guarded {
            self.fail(f, cause);
            return;
        }
        self.fibers[f as usize].call_failure = Some(cause);
        self.wake(f);
    }

    /// Fiber `f` sent a try to guarded downstream `d`: its response
    /// time-out starts.
    #[cold]
    #[inline(never)]
    pub(super) fn sent_try(&mut self, f: u32, d: u16) {
        self.calls[d as usize].guard.sent += 1;
        self.rec.series.call(d as usize, CallCount::Sent);
        let Some(t) = self.cfg.downstreams[d as usize].resilience.response_timeout else {
            return;
        };
        let at = self.now + t;
        let fb = &mut self.fibers[f as usize];
        fb.call_deadline = at;
        fb.db_timeout
            .arm(&mut self.queue, at, Event::PoolTimeout(f));
    }

    /// Whether fiber `f`'s response time-out is what its timer stands for.
    pub(super) fn awaits_response(&self, f: u32) -> bool {
        let fb = &self.fibers[f as usize];
        fb.phase == Phase::Running && fb.wait == Wait::Io && fb.call_deadline != 0
    }

    /// Fiber `f`'s response time-out passed: the client closes the
    /// connection (HttpClient 5 discards it) and the thread wakes with
    /// the exception; the downstream goes on with the call.
    #[cold]
    #[inline(never)]
    pub(super) fn response_timed_out(&mut self, f: u32, d: u16) {
        let fb = &mut self.fibers[f as usize];
        fb.call_deadline = 0;
        // Its entry in the downstream's queue, if any, is its caller's no
        // more.
        fb.wait_token = fb.wait_token.wrapping_add(1);
        self.calls[d as usize].guard.response_timeouts += 1;
        self.trace(f, Note::ResponseTimeout);
        self.blocked_call_failed(f, d, ResponseCause::ResponseTimeout);
    }

    /// Guarded downstream `d` answered fiber `f`'s try: a 5xx at its error
    /// rate now.
    #[cold]
    #[inline(never)]
    pub(super) fn answered(&mut self, f: u32, d: u16) {
        let fb = &mut self.fibers[f as usize];
        if fb.phase == Phase::Dead {
            return;
        }
        fb.call_deadline = 0;
        let rate = self.error_rate(d);
        if rate > 0.0 && self.rng.open01() < rate {
            self.calls[d as usize].guard.errors += 1;
            self.fibers[f as usize].call_failure = Some(ResponseCause::DownstreamError);
            self.trace(f, Note::DownstreamError);
        }
    }

    /// Downstream `d`'s error rate now.
    fn error_rate(&self, d: u16) -> f64 {
        let r = &self.cfg.downstreams[d as usize].resilience;
        match r.fault {
            Some(fault) if fault.at(self.now) => fault.error_rate.unwrap_or(r.error_rate),
            _ => r.error_rate,
        }
    }

    /// A service time `took` at downstream `d` now, as its fault has it.
    #[cold]
    #[inline(never)]
    pub(super) fn fault_latency(&self, d: u16, took: Nanos) -> Nanos {
        match self.cfg.downstreams[d as usize].resilience.fault {
            Some(fault) if fault.at(self.now) && fault.latency_scale != 1.0 => {
                (took as f64 * fault.latency_scale).round().max(1.0) as Nanos
            }
            _ => took,
        }
    }

    /// Schedules each fault's edges that change a downstream's slots.
    #[cold]
    #[inline(never)]
    pub(super) fn schedule_faults(&mut self) {
        for (d, ds) in self.cfg.downstreams.iter().enumerate() {
            let Some(fault) = ds.resilience.fault.filter(|f| f.concurrency.is_some()) else {
                continue;
            };
            self.queue.push(fault.from, Event::FaultEdge(d as u32));
            if fault.until != Nanos::MAX {
                self.queue.push(fault.until, Event::FaultEdge(d as u32));
            }
        }
    }

    /// A fault of downstream `d` starts or ends: its slots change by the
    /// difference, and free ones take queued calls.
    #[cold]
    #[inline(never)]
    pub(super) fn fault_edge(&mut self, d: u16) {
        let ds = &self.cfg.downstreams[d as usize];
        let Some(fault) = ds.resilience.fault else {
            return;
        };
        let normal = ds.concurrency as i64;
        let during = fault.concurrency.map_or(normal, |c| c as i64);
        let delta = if fault.at(self.now) {
            during - normal
        } else {
            normal - during
        };
        let s = &mut self.calls[d as usize];
        s.free = (s.free as i64 + delta).clamp(i32::MIN as i64, i32::MAX as i64) as i32;
        self.next_calls(d);
    }
}

impl<T: Tracer> Engine<T> {
    /// Each guarded downstream's tries and breaker over time (none when no
    /// downstream is guarded).
    pub(super) fn downstream_series(&self) -> Vec<DownstreamSeries> {
        let buckets = &self.rec.series.buckets;
        let spans: Vec<f64> = (0..buckets.len()).map(|i| self.bucket_span(i)).collect();
        let per_s = |n: u32, span: f64| {
            if span > 0.0 {
                n as f64 / (span / 1e9)
            } else {
                0.0
            }
        };
        let share = |a: f64, span: f64| if span > 0.0 { (a / span).min(1.0) } else { 0.0 };
        (self.cfg.downstreams.iter().enumerate())
            .filter(|(d, _)| self.calls[*d].guarded)
            .filter(|(d, _)| buckets.first().is_some_and(|b| b.calls.len() > *d))
            .map(|(d, ds)| {
                let column = |f: &dyn Fn(&CallBucket, f64) -> f64| -> Vec<f64> {
                    (buckets.iter().zip(&spans))
                        .map(|(b, &span)| f(&b.calls[d], span))
                        .collect()
                };
                let count = |k: CallCount| column(&|c, span| per_s(c.counts[k as usize], span));
                DownstreamSeries {
                    name: ds.name.clone(),
                    sent_per_s: count(CallCount::Sent),
                    failed_per_s: count(CallCount::Failed),
                    retries_per_s: count(CallCount::Retries),
                    refused_per_s: count(CallCount::Refused),
                    open_share: column(&|c, span| share(c.area[0], span)),
                    half_open_share: column(&|c, span| share(c.area[1], span)),
                    fault_s: ds.resilience.fault.map(|f| {
                        let end = f.until.min(self.now).max(f.from);
                        [f.from as f64 / 1e9, end as f64 / 1e9]
                    }),
                }
            })
            .collect()
    }
}
