//! Tomcat's read-ahead on kept-alive connections (`sim::engine::readahead`):
//! after a response the thread reads the socket once more, and a next
//! request already there skips the queue. Measured here with hey on the
//! same cores (`scenario::measured::READ_AHEAD_SHARES`).

use crate::helpers::{FREE_CONNECTS, run};
use threadlab::scenario::measured::{READ_AHEAD_FREE_CORE, READ_AHEAD_SHARES};
use threadlab::sim::Report;

/// 1,000 clients on 200 threads holding 50 ms each: ~800 wait in Tomcat's
/// queue, ~250 ms in all (Little's law), unless a thread reads their
/// request at once. For 10 s (hey -z): with a count of requests instead,
/// the lucky clients would finish theirs early and leave the rest a
/// shorter queue, and the mean would drop for that alone.
fn deep_queue(extra: &[(&str, &str)]) -> Report {
    let mut s = vec![
        ("server.mode", "platform"),
        ("server.threads_max", "200"),
        ("server.cores", "4"),
        ("load.concurrency", "1000"),
        ("load.duration_s", "10"),
        ("jvm.start", "warm"),
        ("gc.collector", "none"),
        ("program", "io:50ms"),
    ];
    s.extend(FREE_CONNECTS);
    s.extend_from_slice(extra);
    run(&s)
}

/// The share of responses within 5 ms of the 50 ms hold.
fn fast_share(r: &Report) -> f64 {
    let fast: u64 = (r.histogram.iter())
        .filter(|b| b.to_ms <= 55.0)
        .map(|b| b.count)
        .sum();
    fast as f64 / r.completed as f64
}

#[test]
fn a_request_read_at_once_skips_the_queue_and_the_rest_wait_longer() {
    let without = deep_queue(&[("server.read_ahead_pct", "0")]);
    let with = deep_queue(&[("server.read_ahead_pct", "20")]);
    // Without it every request but the first wave's waits its turn.
    assert!(fast_share(&without) < 0.01, "{}", fast_share(&without));
    // With it about a fifth take the hold alone (the first wave and the
    // last connections' drain aside)...
    let share = fast_share(&with);
    assert!((0.17..0.23).contains(&share), "fast share {share}");
    // ...the throughput is the threads' (200 / 50 ms), so by Little's law
    // the mean stays; the median is a request that waited for a queue
    // which the hits skipped: (mean − 0.2 × 50 ms) ÷ 0.8.
    let (m0, m1) = (without.latency_ms.mean, with.latency_ms.mean);
    assert!((m1 - m0).abs() < 0.02 * m0, "means {m0} vs {m1}");
    let expected_p50 = (m1 - 0.2 * 50.0) / 0.8;
    let p50 = with.latency_ms.p50;
    assert!(
        (p50 - expected_p50).abs() < 0.03 * expected_p50 && p50 > 1.1 * without.latency_ms.p50,
        "p50 {p50}, expected ~{expected_p50}, without {}",
        without.latency_ms.p50
    );
}

#[test]
fn without_keep_alive_or_on_virtual_threads_nothing_is_read_ahead() {
    let closed = deep_queue(&[("server.read_ahead_pct", "50"), ("load.keep_alive", "off")]);
    assert!(fast_share(&closed) < 0.01, "{}", fast_share(&closed));
    // Virtual threads: no queue to skip, and the key is moot.
    let a = deep_queue(&[("server.mode", "virtual"), ("server.read_ahead_pct", "0")]);
    let b = deep_queue(&[("server.mode", "virtual"), ("server.read_ahead_pct", "50")]);
    assert_eq!(a.latency_ms.p99, b.latency_ms.p99);
    assert_eq!(a.latency_ms.mean, b.latency_ms.mean);
}

#[test]
fn left_empty_a_client_on_the_same_cores_draws_its_share_per_seed_in_the_measured_range() {
    // Measured over every response; drawn only while a core is free, which
    // here (4 cores, 1 µs of client CPU per request) is nearly always.
    let (lo, hi) = READ_AHEAD_SHARES;
    let (lo, hi) = (lo / READ_AHEAD_FREE_CORE, hi / READ_AHEAD_FREE_CORE);
    let shares: Vec<f64> = (1..=5)
        .map(|seed| {
            let seed = seed.to_string();
            let r = deep_queue(&[
                ("server.read_ahead_pct", "null"),
                ("load.client_cpu_ms", "0.001"),
                // The measured wake-up latency, lest 200 threads wake at one
                // instant and their clients all want a core at once.
                ("server.wake_p50_us", "null"),
                ("seed", &seed),
            ]);
            fast_share(&r)
        })
        .collect();
    for s in &shares {
        assert!(*s > lo - 0.02 && *s < hi + 0.02, "{shares:?}");
    }
    let spread = shares.iter().cloned().fold(f64::MIN, f64::max)
        - shares.iter().cloned().fold(f64::MAX, f64::min);
    assert!(spread > 0.02, "seeds should differ: {shares:?}");
    // A client on its own machine (no client CPU on the server's cores):
    // none, as a network round trip outlasts Tomcat's read.
    let remote = deep_queue(&[("server.read_ahead_pct", "null")]);
    assert!(fast_share(&remote) < 0.01, "{}", fast_share(&remote));
}

#[test]
fn a_client_that_waits_for_a_busy_core_loses_the_race() {
    // The same clients on 2 cores that their CPU keeps saturated: the client
    // turns its responses around only when a core frees, too late.
    let busy = |pct: &str| {
        deep_queue(&[
            ("server.read_ahead_pct", pct),
            ("server.cores", "2"),
            ("load.client_cpu_ms", "0.3"),
            ("program", "cpu:0.1ms,io:50ms,cpu:0.1ms"),
        ])
    };
    let r = busy("50");
    assert!(
        r.server.cpu_utilisation > 0.99,
        "{}",
        r.server.cpu_utilisation
    );
    assert!(fast_share(&r) < 0.01, "{}", fast_share(&r));
    // The same key on a client with its own machine does not ask for a core.
    let remote = deep_queue(&[("server.read_ahead_pct", "50"), ("server.cores", "2")]);
    assert!(fast_share(&remote) > 0.4, "{}", fast_share(&remote));
}
