//! What each HTTP client's connection pool does by default, from the
//! clients' own sources (one place for these facts).

use crate::sim::config::HttpClient;

/// A client's pool defaults for one route (one downstream host).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PoolDefaults {
    /// Connections to one route at most; `None`: no cap.
    pub max_per_route: Option<u32>,
    /// How long a call waits for a connection; `None`: for ever (or no
    /// wait at all, when there is no cap).
    pub lease_timeout_ms: Option<f64>,
}

/// The pool defaults of `client`.
pub fn defaults(client: HttpClient) -> PoolDefaults {
    match client {
        // PoolingHttpClientConnectionManager: DEFAULT_MAX_CONNECTIONS_PER_ROUTE
        // 5 (25 in total); RequestConfig's connectionRequestTimeout 3 minutes.
        HttpClient::HttpClient5 => PoolDefaults {
            max_per_route: Some(5),
            lease_timeout_ms: Some(180_000.0),
        },
        // 4.x: 2 per route (20 in total); connectionRequestTimeout -1: the
        // lease waits for ever.
        HttpClient::HttpClient4 => PoolDefaults {
            max_per_route: Some(2),
            lease_timeout_ms: None,
        },
        // java.net.http.HttpClient (HTTP/1.1) and HttpURLConnection open a
        // connection whenever none is idle: no cap on those in use.
        HttpClient::Jdk | HttpClient::Simple => PoolDefaults {
            max_per_route: None,
            lease_timeout_ms: None,
        },
        // ConnectionProvider's default pool: 500 connections, pending
        // acquires time out after 45 s.
        HttpClient::ReactorNetty => PoolDefaults {
            max_per_route: Some(500),
            lease_timeout_ms: Some(45_000.0),
        },
    }
}

/// How long `client` waits for a response when the scenario does not
/// say, ms; `None`: for ever. HttpClient 5: `RequestConfig`'s
/// `responseTimeout` and `ConnectionConfig`'s `socketTimeout` are unset,
/// so httpcore5's `SocketConfig` `soTimeout` of 3 minutes applies (and
/// Spring's request factory overrides none of them); HttpClient 4's
/// socket timeout is the system's (none); the JDK client's request
/// time-out, `HttpURLConnection`'s read time-out and Reactor Netty's
/// `responseTimeout` are unset (none).
pub fn default_response_timeout_ms(client: HttpClient) -> Option<f64> {
    match client {
        HttpClient::HttpClient5 => Some(180_000.0),
        _ => None,
    }
}

/// Calls that may wait for one of `client`'s `max_connections` at once
/// when the scenario does not say; `None`: no cap. Reactor Netty's
/// `ConnectionPoolSpec` leaves `pendingAcquireMaxCount` unspecified, and
/// its pool then admits 2 × `maxConnections` pending acquires (1,000 for
/// the default pool of 500); the others queue every waiter.
pub fn default_max_pending(client: HttpClient, max_connections: u32) -> Option<u32> {
    match client {
        HttpClient::ReactorNetty => Some(max_connections.saturating_mul(2)),
        _ => None,
    }
}

/// Tokens a downstream's rate limiter holds when the scenario gives only
/// its rate: one second's worth, at least one. Assumed: Spring Cloud
/// Gateway's `RedisRateLimiter` asks for both, and its guide sets the
/// burst capacity equal to the replenish rate (a steady rate with no extra
/// burst).
pub fn default_burst(per_s: f64) -> u32 {
    per_s.ceil().clamp(1.0, u32::MAX as f64) as u32
}
