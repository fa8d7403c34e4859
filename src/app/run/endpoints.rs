//! Each endpoint of a mix as the page shows it: its share, its rates and
//! latency, and its own time breakdown (bars, and the sentence naming what
//! its slowest requests did most).

use super::breakdown::BreakdownView;
use crate::sim::report::{EndpointStats, Stage};

/// One endpoint, digested.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct EndpointView {
    /// Its name.
    pub(crate) name: String,
    /// The share of requests that call it, 0–1.
    pub(crate) share: f64,
    /// Successful responses per second.
    pub(crate) goodput_rps: f64,
    /// Requests that failed (error responses and client errors), % of its
    /// finished ones.
    pub(crate) error_pct: f64,
    /// Its successful responses' median latency, ms.
    pub(crate) p50_ms: f64,
    /// Their 99th percentile, ms.
    pub(crate) p99_ms: f64,
    /// Where its successful requests' time went (`None` when none did).
    pub(crate) breakdown: Option<BreakdownView>,
    /// What it waits for most, and that wait's share of its mean latency.
    pub(crate) waits_most_for: Option<(Stage, f64)>,
    /// Tries of guarded downstream calls per finished request, retries
    /// included (`None`: it made none).
    #[serde(default)]
    pub(crate) tries_per_request: Option<f64>,
}

impl EndpointView {
    /// The report's endpoints (none without a mix).
    pub(crate) fn of_all(endpoints: &[EndpointStats]) -> Vec<Self> {
        endpoints.iter().map(EndpointView::of).collect()
    }

    fn of(e: &EndpointStats) -> Self {
        let finished = e.completed + e.errors;
        let failed = e.failed + e.errors;
        let error_pct = if finished > 0 {
            failed as f64 / finished as f64 * 100.0
        } else {
            0.0
        };
        let finite = |x: f64| if x.is_finite() { x } else { 0.0 };
        EndpointView {
            name: e.name.clone(),
            share: finite(e.share),
            goodput_rps: finite(e.goodput_rps),
            error_pct,
            p50_ms: finite(e.latency_ok_ms.p50),
            p99_ms: finite(e.latency_ok_ms.p99),
            breakdown: BreakdownView::of(&e.breakdown),
            waits_most_for: e.waits_most_for().map(|(s, share)| (s, finite(share))),
            tries_per_request: (e.downstream_tries > 0 && finished > 0)
                .then(|| e.downstream_tries as f64 / finished as f64),
        }
    }
}
