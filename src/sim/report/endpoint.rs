//! One endpoint of a mix: its requests' counts, latency and where their
//! time went, so that each endpoint says what limits it.

use super::{Breakdown, Latency, Stage};

/// What one endpoint's requests did (the endpoints' counts add up to the
/// run's).
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct EndpointStats {
    /// Its name.
    pub name: String,
    /// The share of requests that call it, as set (0–1).
    pub share: f64,
    /// Its program's text.
    pub program: String,
    /// Requests the client sent to it.
    pub sent: u64,
    /// Responses, successful or not.
    pub completed: u64,
    /// Successful responses.
    pub succeeded: u64,
    /// Responses that were not a success (HTTP 500).
    pub failed: u64,
    /// Requests the client gave up with an error (time-outs, resets).
    pub errors: u64,
    /// Results (responses and errors) per second.
    pub throughput_rps: f64,
    /// Successful responses per second.
    pub goodput_rps: f64,
    /// Its successful responses' latency.
    pub latency_ok_ms: Latency,
    /// Where its successful requests' time went.
    pub breakdown: Breakdown,
    /// Tries of guarded downstream calls its requests began (retries
    /// included): per completed request, its attempts.
    #[serde(default)]
    pub downstream_tries: u64,
}

/// A wait takes a request's time "mostly" from this share of its mean
/// latency on: below it, what the request does itself (CPU, its I/O)
/// sets its pace.
pub const WAIT_SHARE_THAT_LIMITS: f64 = 0.1;

impl EndpointStats {
    /// What its requests wait for longest on average, and the share of
    /// their mean latency that wait takes (a pinned carrier counts: it is
    /// time its request blocks others), if it takes at least
    /// [`WAIT_SHARE_THAT_LIMITS`]; `None` when its own work sets its pace.
    pub fn waits_most_for(&self) -> Option<(Stage, f64)> {
        let mean: f64 = self.breakdown.mean_ms.values().sum();
        if mean <= 0.0 {
            return None;
        }
        let (stage, ms) = (self.breakdown.mean_ms.iter())
            .filter(|(s, _)| s.is_wait() || **s == Stage::Pinned)
            .max_by(|a, b| a.1.total_cmp(b.1))?;
        let share = ms / mean;
        (share >= WAIT_SHARE_THAT_LIMITS).then_some((*stage, share))
    }
}
