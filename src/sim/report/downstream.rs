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
}
