//! k6's end-of-test summary in the four shapes people paste:
//!
//! - the text summary before 1.0 (grafana/k6 `js/summary.js` up to v0.57,
//!   kept as `internal/js/summary-legacy.js` for `--summary-mode=legacy`):
//!   one metric a line, `✓`/`✗` before a metric that has thresholds;
//! - the text summary since 1.0 (`internal/js/summary.js`): `█ THRESHOLDS`,
//!   `█ TOTAL RESULTS` with its `HTTP`, `EXECUTION`, `NETWORK`, `CUSTOM`
//!   parts and, with `--summary-mode=full`, `█ GROUP: …` and
//!   `█ SCENARIO: …` sections;
//! - `--summary-export` JSON and the `handleSummary(data)` object
//!   (`internal/js/summary-wrapper.js` `oldJSONSummary`,
//!   `internal/js/summary.go` `summarizeMetricsToObject`);
//! - the machine-readable summary, schema 1.0.0 (k6 ≥ 1.5 with
//!   `--new-machine-readable-summary`: `internal/lib/summary/machine_readable.go`,
//!   `internal/lib/summary/machinereadable/types_gen.go`).
//!
//! k6's `http_req_duration` is over every request, failed ones included;
//! its `http_req_failed` is a Rate whose "true" values are the failures.

use super::lines::number;
use super::{Counted, Latency, Measurement};

mod json;
#[cfg(test)]
mod tests;
mod text;

pub(super) use json::{json, machine, which_json};
pub(super) use text::text;

/// The metrics read here; every other metric (custom Trends, Counters, the
/// `http_req_*` phases, sub-metrics `{ tag:value }`) is passed over.
#[derive(Clone, Copy, PartialEq)]
enum Known {
    /// `http_reqs`, a Counter: requests and their rate.
    Reqs,
    /// `http_req_duration`, a Trend: the latency.
    Duration,
    /// `http_req_failed`, a Rate: the failed requests.
    Failed,
    /// `vus_max`, a Gauge: the VUs allocated.
    VusMax,
}

impl Known {
    /// Every metric read.
    const ALL: [Known; 4] = [Known::Reqs, Known::Duration, Known::Failed, Known::VusMax];

    /// Its name as k6 prints it.
    fn name(self) -> &'static str {
        match self {
            Known::Reqs => "http_reqs",
            Known::Duration => "http_req_duration",
            Known::Failed => "http_req_failed",
            Known::VusMax => "vus_max",
        }
    }

    /// Its text line's syntax, for errors.
    fn want(self) -> &'static str {
        match self {
            Known::Reqs => WANT_REQS,
            Known::Duration => WANT_DURATION,
            Known::Failed => WANT_FAILED,
            Known::VusMax => WANT_VUS_MAX,
        }
    }
}

/// `p(99.9)` (a `summaryTrendStats` percentile, `metrics/sample.go`
/// `parsePercentile`): its percent, 0 to 100.
fn percentile_name(stat: &str) -> Option<f64> {
    let p = stat.strip_prefix("p(")?.strip_suffix(')')?;
    number(p).filter(|p| (0.0..=100.0).contains(p))
}

/// What `text` says when it has no `http_reqs` line.
const WANT_REQS: &str = "`http_reqs…: <count> <rate>/s`";
/// A Trend line as `js/summary.js` prints one (`summaryTrendStats`).
const WANT_DURATION: &str =
    "`http_req_duration…: avg=<time> min=<time> med=<time> max=<time> p(<n>)=<time>`";
/// A Rate line before (`✓ <true> ✗ <false>`) and since k6 0.54 (`out of`).
const WANT_FAILED: &str =
    "`http_req_failed…: <percent>% <n> out of <total>` or `<percent>% ✓ <n> ✗ <n>`";
/// A Gauge line.
const WANT_VUS_MAX: &str = "`vus_max…: <n> min=<n> max=<n>`";

/// What every shape fills the same way.
fn finish(
    m: &mut Measurement,
    requests: u64,
    rate: Option<f64>,
    latency: Option<Latency>,
    threshold_failed: bool,
) {
    m.requests = Some(requests);
    m.rate_per_s = rate;
    if let Some(l) = latency {
        m.latency = l;
        // `http_req_duration` is emitted for every request, failed or not;
        // `{ expected_response:true }` is the sub-metric without failures.
        m.counts.push(Counted::LatencyWithFailures);
    }
    if threshold_failed {
        m.counts.push(Counted::ThresholdFailed);
    }
}
