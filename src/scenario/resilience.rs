//! The resilience libraries' own defaults, from their sources (one place
//! for these facts): what a retry does when the scenario names only its
//! library, and the clients' response time-outs.

use crate::sim::config::RetryLibrary;

/// A retry library's defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryDefaults {
    /// The library's own count (`maxAttempts` or `maxRetries`).
    pub max: u32,
    /// Whether that count includes the first call.
    pub counts_first_call: bool,
    /// The first wait, ms.
    pub delay_ms: f64,
    /// The multiplier (≤ 1: a fixed wait).
    pub multiplier: f64,
    /// The longest wait, ms, once it grows; `None`: no cap.
    pub max_delay_ms: Option<f64>,
}

/// The defaults of `library`.
pub fn retry_defaults(library: RetryLibrary) -> RetryDefaults {
    match library {
        // RetryConfig: DEFAULT_MAX_ATTEMPTS 3 (the first call included),
        // DEFAULT_WAIT_DURATION 500 ms, a fixed interval unless an
        // exponential one is configured (IntervalFunction's
        // DEFAULT_MULTIPLIER 1.5 then).
        RetryLibrary::Resilience4j => RetryDefaults {
            max: 3,
            counts_first_call: true,
            delay_ms: 500.0,
            multiplier: 1.0,
            max_delay_ms: None,
        },
        // @Retryable maxAttempts 3 (SimpleRetryPolicy: the first call
        // included); @Backoff delay 1000, multiplier 0 (a fixed wait),
        // maxDelay 0 (none: a growing wait then stops at
        // ExponentialBackOffPolicy's DEFAULT_MAX_INTERVAL, 30 s).
        RetryLibrary::SpringRetry => RetryDefaults {
            max: 3,
            counts_first_call: true,
            delay_ms: 1_000.0,
            multiplier: 0.0,
            max_delay_ms: None,
        },
        // org.springframework.resilience.annotation.Retryable: maxRetries
        // 3 after the first call (4 calls), delay 1000 ms, multiplier 1.0,
        // maxDelay Long.MAX_VALUE, jitter 0.
        RetryLibrary::Spring7 => RetryDefaults {
            max: 3,
            counts_first_call: false,
            delay_ms: 1_000.0,
            multiplier: 1.0,
            max_delay_ms: None,
        },
    }
}

/// The longest wait a retry may be set to (an hour), and the most calls
/// it may make: bounds that keep a run's retries finite.
pub const MAX_RETRY_CALLS: u32 = 101;
