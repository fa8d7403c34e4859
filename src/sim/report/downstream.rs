//! What the report says of each downstream service the program calls.

/// A downstream service and the client pool in front of it, over the run.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DownstreamStats {
    /// Its name, as in `call(NAME)`.
    pub name: String,
    /// Calls it answered.
    pub calls: u64,
    /// Mean share of its slots busy (0–1).
    pub utilisation: f64,
    /// Connections leased from the client's pool.
    pub leases: u64,
    /// Mean wait for a lease, ms (leases that succeeded).
    pub mean_lease_wait_ms: f64,
    /// Calls that failed waiting for a lease.
    pub lease_timeouts: u64,
    /// Calls refused a wait for a lease: the pool's pending acquires were
    /// at their cap (Reactor Netty's `pendingAcquireMaxCount`).
    pub pending_refused: u64,
    /// Calls the downstream answered 429 (its rate limit).
    pub rate_limited: u64,
    /// Most calls waiting for a lease at once.
    pub peak_lease_waiters: u32,
    /// Most calls queued at the downstream at once.
    pub peak_queued: u32,
    /// Its time-outs, errors, retries and breaker, when anything beyond
    /// its pool acts on a call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guard: Option<GuardStats>,
}

/// What a downstream's guarded calls did: each call is one or more tries.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GuardStats {
    /// Tries begun (retries and refused ones included).
    pub tries: u64,
    /// Tries sent to it: the load it was offered.
    pub sent: u64,
    /// Tries that failed, however.
    pub failed: u64,
    /// Retries (sleeps before another try).
    pub retries: u64,
    /// Tries whose response time-out passed.
    pub response_timeouts: u64,
    /// Answers that were 5xx.
    pub errors: u64,
    /// Tries its open (or half-open, full) breaker refused.
    pub circuit_refused: u64,
    /// Calls its fallback answered.
    pub fallbacks: u64,
    /// Tries that parked for its client rate limiter's permission.
    #[serde(default)]
    pub rate_limiter_waits: u64,
    /// Tries its client rate limiter refused (`RequestNotPermitted`).
    #[serde(default)]
    pub rate_limiter_refused: u64,
    /// Calls it answered after the caller had given up (its work wasted).
    pub orphans: u64,
    /// Its breaker's state at the end, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub breaker_state: Option<crate::sim::breaker::BreakerState>,
    /// Times its breaker opened.
    pub breaker_opened: u32,
    /// Time its breaker was open, s.
    pub breaker_open_s: f64,
    /// Time it was half-open, s.
    pub breaker_half_open_s: f64,
}

/// A bulkhead, `pool(NAME, n[, WAIT]){…}`, over the run.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct BulkheadStats {
    /// Its name, as in `pool(NAME, …)`.
    pub name: String,
    /// Its permits.
    pub permits: u32,
    /// Its longest wait for a permit, ms; `None` (left out) waits for ever.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_wait_ms: Option<f64>,
    /// Calls that got a permit.
    pub entered: u64,
    /// Mean share of its permits held (0–1).
    pub utilisation: f64,
    /// Mean wait for a permit, ms (calls that got one).
    pub mean_wait_ms: f64,
    /// Mean calls waiting for a permit (every wait over the run's span).
    pub mean_waiting: f64,
    /// Mean time a permit was held, ms.
    pub hold_ms: f64,
    /// Calls that found no permit free and might not wait (a wait of 0).
    pub full: u64,
    /// Calls that waited their longest for a permit in vain.
    pub timeouts: u64,
    /// Most calls waiting at once.
    pub peak_waiting: u32,
}
