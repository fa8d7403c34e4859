//! Simulated time: integer nanoseconds, so event order never depends on float rounding.

/// Nanoseconds since the start of a run. Plain `u64` keeps the hot loop cheap;
/// the helpers below convert at the edges (configuration and reports).
pub type Nanos = u64;

/// One millisecond in [`Nanos`].
pub const MS: Nanos = 1_000_000;
/// One second in [`Nanos`].
pub const SEC: Nanos = 1_000_000_000;

/// Milliseconds (possibly fractional) to nanoseconds, rounded to the nearest tick.
pub fn from_ms(ms: f64) -> Nanos {
    if ms <= 0.0 {
        0
    } else {
        (ms * 1e6).round() as Nanos
    }
}

/// Seconds (possibly fractional) to nanoseconds, rounded to the nearest tick.
pub fn from_s(s: f64) -> Nanos {
    if s <= 0.0 {
        0
    } else {
        (s * 1e9).round() as Nanos
    }
}

/// Nanoseconds to seconds for reports.
pub fn to_s(t: Nanos) -> f64 {
    t as f64 / 1e9
}

/// Nanoseconds to milliseconds for reports.
pub fn to_ms(t: Nanos) -> f64 {
    t as f64 / 1e6
}

/// A float count of nanoseconds (a sum or a mean) in seconds.
pub fn s_from_ns(ns: f64) -> f64 {
    ns / 1e9
}

/// A float count of nanoseconds (a sum or a mean) in milliseconds.
pub fn ms_from_ns(ns: f64) -> f64 {
    ns / 1e6
}

/// Nanoseconds as a float. Simulated times and durations stay below 2^63
/// (the time budget is at most 10^16 ns), so the conversion goes through
/// `i64`: one instruction on x86-64, where `u64 → f64` takes several.
#[inline(always)]
pub fn ns_f64(t: Nanos) -> f64 {
    debug_assert!(t <= i64::MAX as Nanos);
    t as i64 as f64
}
