//! A downstream's errors, faults, response time-out, retry, breaker and
//! fallback (`downstream.<name>.*`), with their libraries' defaults
//! (`scenario::resilience`).

use super::reader::Reader;
use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::scenario::http_clients::default_response_timeout_ms;
use crate::scenario::resilience::retry_defaults;
use crate::sim::config::{
    Breaker, Fault, HttpClient, RateLimiter, Resilience, Retry, RetryLibrary, RetryOn, WindowType,
};
use crate::sim::time::{Nanos, from_ms};

/// What `downstream.<name>` sets besides its latency and pool.
pub(super) fn read(r: &mut Reader, name: &str, client: HttpClient) -> Resilience {
    let k = |leaf: &str| format!("downstream.{name}.{leaf}");
    let response_timeout = (r.opt_float(&k("response_timeout_ms")))
        .or(default_response_timeout_ms(client))
        .map(from_ms);
    Resilience {
        error_rate: r.float(&k("error_rate")),
        fault: fault(r, name),
        response_timeout,
        retry: retry(r, name),
        breaker: breaker(r, name),
        rate_limiter: rate_limiter(r, name),
        fallback: r.choice(&k("fallback")) == "on",
    }
}

fn fault(r: &mut Reader, name: &str) -> Option<Fault> {
    let k = |leaf: &str| format!("downstream.{name}.{leaf}");
    // Every key is read (and checked), set or not.
    let from = r.opt_float(&k("fault_from_s"));
    let until = r.opt_float(&k("fault_until_s"));
    let p50 = r.opt_float(&k("fault_p50_ms"));
    let error_rate = r.opt_float(&k("fault_error_rate"));
    let concurrency = r.opt_int(&k("fault_concurrency")).map(|n| n as u32);
    let from = from?;
    if until.is_some_and(|u| u <= from) {
        let said = words::DOWNSTREAM_FAULT_ENDS_BEFORE.said();
        r.err_at(&k("fault_until_s"), said.with("from", Part::Shortest(from)));
    }
    let normal_p50 = r.float(&k("p50_ms"));
    Some(Fault {
        from: from_s(from),
        until: until.map_or(Nanos::MAX, from_s),
        latency_scale: p50.map_or(1.0, |p| p / normal_p50),
        error_rate,
        concurrency,
    })
}

fn from_s(s: f64) -> Nanos {
    from_ms(s * 1_000.0)
}

fn retry(r: &mut Reader, name: &str) -> Option<Retry> {
    let k = |leaf: &str| format!("downstream.{name}.{leaf}");
    let library = match r.choice(&k("retry")).as_str() {
        "resilience4j" => Some(RetryLibrary::Resilience4j),
        "spring-retry" => Some(RetryLibrary::SpringRetry),
        "spring7" => Some(RetryLibrary::Spring7),
        _ => None,
    };
    let max = r.opt_int(&k("retry_max"));
    let delay = r.opt_float(&k("retry_delay_ms"));
    let multiplier = r.opt_float(&k("retry_multiplier"));
    let max_delay = r.opt_float(&k("retry_max_delay_ms"));
    let jitter = r.float(&k("retry_jitter"));
    let on = match r.choice(&k("retry_on")).as_str() {
        "io" => RetryOn::Io,
        _ => RetryOn::All,
    };
    let library = library?;
    let own = retry_defaults(library);
    let max = max.map_or(own.max, |m| m as u32);
    if own.counts_first_call && max == 0 {
        r.err_at(&k("retry_max"), words::RETRY_MAX_COUNTS_FIRST.said());
    }
    let calls = if own.counts_first_call {
        max.max(1)
    } else {
        max + 1
    };
    // Resilience4j's factor is a share; Spring 7's jitter is a duration.
    let jitter = match library {
        RetryLibrary::Resilience4j if jitter > 1.0 => {
            r.err_at(&k("retry_jitter"), words::RETRY_FACTOR_ABOVE_ONE.said());
            1.0
        }
        RetryLibrary::Spring7 => from_ms(jitter) as f64,
        _ => jitter,
    };
    Some(Retry {
        library,
        calls,
        delay: from_ms(delay.unwrap_or(own.delay_ms)),
        multiplier: multiplier.unwrap_or(own.multiplier),
        max_delay: max_delay.or(own.max_delay_ms).map(from_ms),
        jitter,
        on,
    })
}

fn breaker(r: &mut Reader, name: &str) -> Option<Breaker> {
    let k = |leaf: &str| format!("downstream.{name}.{leaf}");
    let on = r.choice(&k("breaker")) == "resilience4j";
    let b = Breaker {
        window_type: match r.choice(&k("breaker_window_type")).as_str() {
            "time_based" => WindowType::TimeBased,
            _ => WindowType::CountBased,
        },
        failure_rate: r.float(&k("breaker_failure_rate")),
        slow_rate: r.float(&k("breaker_slow_rate")),
        slow_call: from_ms(r.float(&k("breaker_slow_ms"))),
        window: r.int(&k("breaker_window")) as u32,
        minimum_calls: r.int(&k("breaker_minimum_calls")) as u32,
        open_for: from_s(r.float(&k("breaker_open_s"))),
        half_open_calls: r.int(&k("breaker_half_open_calls")) as u32,
    };
    on.then_some(b)
}

fn rate_limiter(r: &mut Reader, name: &str) -> Option<RateLimiter> {
    let k = |leaf: &str| format!("downstream.{name}.{leaf}");
    let on = r.choice(&k("rate_limiter")) == "resilience4j";
    let l = RateLimiter {
        limit: r.int(&k("rate_limiter_limit")) as u32,
        // At least a nanosecond: the clock's tick.
        period: from_ms(r.float(&k("rate_limiter_period_ms"))).max(1),
        timeout: from_ms(r.float(&k("rate_limiter_timeout_ms"))),
    };
    on.then_some(l)
}
