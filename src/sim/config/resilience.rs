//! What a service does when a downstream fails or slows: the client's
//! response time-out, retries with their library's own semantics, a
//! circuit breaker, and faults the downstream suffers for a while.
//! Defaults live in `scenario::resilience`; these are the settings as run.

use crate::sim::rng::Rng;
use crate::sim::time::Nanos;

/// A stretch of a run in which a downstream is worse (`downstream.<name>.
/// fault_*`): from `from` until `until` its latency is scaled, it answers
/// errors at another rate, or it serves fewer requests at once.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Fault {
    /// When it starts.
    pub from: Nanos,
    /// When it ends (`Nanos::MAX`: never).
    pub until: Nanos,
    /// Every service time is multiplied by this (1: unchanged).
    pub latency_scale: f64,
    /// The share of calls answered 5xx meanwhile; `None`: as outside.
    pub error_rate: Option<f64>,
    /// Requests it serves at once meanwhile; `None`: as outside.
    pub concurrency: Option<u32>,
}

impl Fault {
    /// Whether it is in force at `now`.
    #[inline]
    pub fn at(&self, now: Nanos) -> bool {
        now >= self.from && now < self.until
    }
}

/// The library that retries a call, each with its own meaning of "3".
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RetryLibrary {
    /// Resilience4j `Retry`: `maxAttempts` counts the first call.
    Resilience4j,
    /// Spring Retry `@Retryable`: `maxAttempts` counts the first call.
    SpringRetry,
    /// Spring Framework 7 `@Retryable`: `maxRetries` does not.
    Spring7,
}

/// Which failures a retry tries again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RetryOn {
    /// Every exception: the default of all three libraries (a 5xx, a
    /// 429, a time-out, a refusal by an open breaker).
    All,
    /// Only I/O failures, `ResourceAccessException` in `RestClient`:
    /// time-outs and connections not had. Not an HTTP status, not an open
    /// breaker.
    Io,
}

/// A retry around a downstream call, as its library runs it: the call is
/// made up to `calls` times in all, the thread sleeping between them.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Retry {
    /// Who retries (and so what its settings mean).
    pub library: RetryLibrary,
    /// Calls made at most, the first included.
    pub calls: u32,
    /// The wait before the first retry.
    pub delay: Nanos,
    /// Each wait is the one before times this (1: fixed).
    pub multiplier: f64,
    /// No wait is longer (`None`: no cap).
    pub max_delay: Option<Nanos>,
    /// Randomisation, as the library has it: Resilience4j's
    /// `randomizationFactor` (0–1); Spring Retry's `@Backoff(random =
    /// true)` when above 0; Spring 7's `jitter`, ns.
    pub jitter: f64,
    /// Which failures it retries.
    pub on: RetryOn,
}

impl Retry {
    /// The sleep before retry `n` (1: after the first call failed).
    pub fn wait(&self, n: u32, rng: &mut Rng) -> Nanos {
        let ns = match self.library {
            RetryLibrary::Resilience4j => resilience4j_wait(self, n, rng),
            RetryLibrary::SpringRetry => spring_retry_wait(self, n, rng),
            RetryLibrary::Spring7 => spring7_wait(self, n, rng),
        };
        ns.clamp(0.0, (u64::MAX / 4) as f64) as Nanos
    }
}

/// The n-th of `delay`, `delay·m`, `delay·m²`, … (m below 1 counts as 1).
fn grown(delay: f64, multiplier: f64, n: u32) -> f64 {
    delay * libm::pow(multiplier.max(1.0), n.saturating_sub(1) as f64)
}

/// `IntervalFunction`: the interval (exponential when a multiplier is
/// set), capped by `exponentialMaxWaitDuration`, then randomised
/// uniformly within ± the factor (`IntervalFunctionCompanion.randomize`;
/// its extra millisecond at the top is left out).
fn resilience4j_wait(r: &Retry, n: u32, rng: &mut Rng) -> f64 {
    let i = grown(r.delay as f64, r.multiplier, n);
    let i = r.max_delay.map_or(i, |m| i.min(m as f64));
    let f = r.jitter;
    if f <= 0.0 {
        return i;
    }
    i * (1.0 - f) + 2.0 * f * i * rng.open01()
}

/// Spring Retry's policies as `@Backoff` builds them: a multiplier above
/// 0 makes `ExponentialBackOffPolicy` (a multiplier up to 1 counts as 1;
/// capped at `maxDelay` when that is above the delay, else at 30 s), or
/// with `random = true` `ExponentialRandomBackOffPolicy`, the wait times
/// 1 + U·(m − 1); no multiplier and a `maxDelay` above the delay make
/// `UniformRandomBackOffPolicy` (uniform between them); else a fixed
/// delay.
fn spring_retry_wait(r: &Retry, n: u32, rng: &mut Rng) -> f64 {
    let delay = r.delay as f64;
    let max = r.max_delay.map(|m| m as f64).filter(|&m| m > delay);
    if r.multiplier > 0.0 {
        let cap = max.unwrap_or(SPRING_RETRY_MAX_INTERVAL_NS);
        let i = grown(delay, r.multiplier, n).min(cap);
        if r.jitter > 0.0 {
            let m = r.multiplier.max(1.0);
            return (i * (1.0 + rng.open01() * (m - 1.0))).min(cap);
        }
        return i;
    }
    match max {
        Some(max) => delay + (max - delay) * rng.open01(),
        None => delay,
    }
}

/// `ExponentialBackOffPolicy.DEFAULT_MAX_INTERVAL`, 30 s.
const SPRING_RETRY_MAX_INTERVAL_NS: f64 = 30e9;

/// Spring Framework 7's `ExponentialBackOff`: the interval grows by the
/// multiplier up to `maxDelay`; a jitter j adds a uniform draw within
/// ± j·⌊interval ÷ delay⌋, never below the first delay nor above the cap
/// (so at a fixed delay it only adds, up to j).
fn spring7_wait(r: &Retry, n: u32, rng: &mut Rng) -> f64 {
    let delay = r.delay as f64;
    let cap = r.max_delay.map_or(f64::INFINITY, |m| m as f64);
    let i = grown(delay, r.multiplier, n).min(cap);
    if r.jitter <= 0.0 {
        return i;
    }
    let scale = if delay > 0.0 {
        (i / delay).floor()
    } else {
        1.0
    };
    let applicable = r.jitter * scale;
    let lo = (i - applicable).max(delay);
    let hi = (i + applicable).min(cap);
    (lo + (hi - lo).max(0.0) * rng.open01()).min(cap)
}

/// Resilience4j's `CircuitBreaker`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Breaker {
    /// Whether `window` counts calls or seconds (`slidingWindowType`).
    pub window_type: WindowType,
    /// Opens at this failure rate, % (`failureRateThreshold`).
    pub failure_rate: f64,
    /// …or at this share of slow calls, % (`slowCallRateThreshold`).
    pub slow_rate: f64,
    /// A call is slow when it takes longer (`slowCallDurationThreshold`).
    pub slow_call: Nanos,
    /// Calls the window holds, or its seconds when time-based
    /// (`slidingWindowSize`).
    pub window: u32,
    /// Calls recorded before a rate counts (`minimumNumberOfCalls`).
    pub minimum_calls: u32,
    /// How long it stays open (`waitDurationInOpenState`).
    pub open_for: Nanos,
    /// Calls let through half-open (`permittedNumberOfCallsInHalfOpenState`).
    pub half_open_calls: u32,
}

/// Resilience4j's `RateLimiter` around each try (`sim::rate_limiter`
/// runs it): `limit` permissions a `period`, a caller waiting up to
/// `timeout` for one.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct RateLimiter {
    /// Permissions a cycle (`limitForPeriod`).
    pub limit: u32,
    /// A cycle's length (`limitRefreshPeriod`).
    pub period: Nanos,
    /// The longest a caller waits for a permission (`timeoutDuration`).
    pub timeout: Nanos,
}

/// What a closed breaker's sliding window holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WindowType {
    /// The last `window` calls (`COUNT_BASED`, the default).
    CountBased,
    /// The calls of the last `window` seconds (`TIME_BASED`), counted in
    /// one bucket per second.
    TimeBased,
}

/// What a call to a downstream does besides its pool: time-out, retry,
/// breaker, fallback, errors and faults.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Resilience {
    /// The share of calls it answers 5xx.
    pub error_rate: f64,
    /// A stretch in which it is worse.
    pub fault: Option<Fault>,
    /// The client's response time-out (`None`: waits for ever).
    pub response_timeout: Option<Nanos>,
    /// A retry around the call (outside the breaker, Resilience4j's
    /// default aspect order: each try passes the breaker).
    pub retry: Option<Retry>,
    /// A circuit breaker around each try.
    pub breaker: Option<Breaker>,
    /// A rate limiter around each try, inside the breaker (Resilience4j's
    /// aspect order): a refusal is a failure the breaker records.
    pub rate_limiter: Option<RateLimiter>,
    /// A failed call (all its tries) returns a fallback instead of
    /// failing the request.
    pub fallback: bool,
}

impl Resilience {
    /// Whether any of it is set: if not, a call runs as it did without.
    pub fn any(&self) -> bool {
        *self != Resilience::default()
    }
}
