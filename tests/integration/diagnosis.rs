//! The resource named as the
//! bottleneck is busy and waited for most of the run, with utilisations that
//! are measured, and every executor and monitor is considered.

use crate::helpers::{Explained, Words};
use threadlab::scenario::{preset, validate};
use threadlab::sim::report::{Binding, MemoryLimit, Resource};
use threadlab::sim::{self, Report};

use crate::helpers::run;

/// Every "N%" in a sentence.
fn percentages(text: &str) -> Vec<f64> {
    let mut parts: Vec<&str> = text.split('%').collect();
    // What follows the last '%' is no percentage's number.
    parts.pop();
    parts
        .into_iter()
        .filter_map(|before| {
            let digits: String = before
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            digits.chars().rev().collect::<String>().parse().ok()
        })
        .collect()
}

/// A preset as its words are quoted here: its warm JVM starts just after a
/// young collection (else the seed draws where in the cycle it starts, and
/// the quoted figures move by a few tenths).
fn run_preset(name: &str) -> Report {
    let mut d = preset(name).expect("preset exists").draft();
    d.set("gc.warm_eden_fill", "0").expect("valid");
    sim::run(&validate(&d).expect("presets validate"))
}

/// Twenty clients in lockstep on ten threads: after the first wave at
/// t = 0 no request ever waits for a thread. The burst made "up to 10
/// requests queue" the diagnosis; the threads are busy (95 %) but the
/// clients' think time sets the pace.
#[test]
fn a_burst_at_time_zero_is_not_a_queue() {
    let r = run(&[
        ("server.threads_max", "10"),
        ("load.concurrency", "20"),
        ("load.think_ms", "11"),
        ("program", "io:10ms"),
        ("load.duration_s", "10"),
    ]);
    assert!(
        r.server.tomcat_utilisation > 0.9,
        "{}",
        r.server.tomcat_utilisation
    );
    assert_eq!(
        r.bottleneck.resource,
        Resource::None,
        "{}",
        r.bottleneck.explanation()
    );
    assert!(
        r.bottleneck
            .explanation()
            .contains("Tomcat's 10 threads: 95% busy, but little or nothing waits"),
        "{}",
        r.bottleneck.explanation()
    );
}

/// E4 at 100 e-mails in flight: the e-mail executor's 50 threads fall
/// behind and its tasks wait in its queue (this was "none"): each client
/// goes round in 100 ÷ 500/s = 200 ms, of which the request and its e-mail
/// take ~106 ms, so a queued e-mail waits ~94 ms; the first 50 wait for
/// none, so the mean over all 1,000 is ~89 ms.
#[test]
fn an_executor_that_falls_behind_is_named() {
    let r = run_preset("e4-platform-100");
    assert_eq!(
        r.bottleneck.resource,
        Resource::Executor,
        "{}",
        r.bottleneck.explanation()
    );
    assert!(
        r.bottleneck.explanation().contains("'email'")
            && r.bottleneck.explanation().contains("89 ms")
            && r.bottleneck
                .explanation()
                .contains("the clients wait for them"),
        "{}",
        r.bottleneck.explanation()
    );
}

/// A monitor held half of every request's time serialises them: named, with
/// the time it was held, measured.
#[test]
fn a_shared_monitor_is_named_with_the_time_it_is_held() {
    let r = run(&[
        ("load.concurrency", "50"),
        ("load.requests", "1000"),
        ("program", "sync(cache){io:10ms},io:10ms"),
    ]);
    assert_eq!(
        r.bottleneck.resource,
        Resource::SharedMonitor,
        "{}",
        r.bottleneck.explanation()
    );
    let held = percentages(&r.bottleneck.explanation())[0];
    assert!(held > 99.0, "{}", r.bottleneck.explanation());
    assert!(
        r.bottleneck.explanation().contains("'cache'"),
        "{}",
        r.bottleneck.explanation()
    );
}

/// A fair lock held 50 µs a request stands idle for the measured hand-off
/// (22.6 µs) after each release, which no other thread may use: the lock
/// is still what limits throughput, busy all the time, though held only
/// 69 % of it.
#[test]
fn a_lock_is_busy_while_it_is_handed_off() {
    let r = run(&[
        ("server.handoff_us", "null"),
        ("server.cores", "2"),
        ("load.concurrency", "64"),
        ("load.requests", "20000"),
        ("jvm.start", "warm"),
        ("gc.collector", "none"),
        ("program", "io:1ms,lock(m,fair){cpu:50us},io:1ms"),
    ]);
    let said = r.bottleneck.explanation();
    assert_eq!(r.bottleneck.resource, Resource::SharedMonitor, "{said}");
    assert!(percentages(&said)[0] > 99.0, "{said}");
}

/// Two clients that seldom meet at a monitor held a fifth of the time: a
/// waiter now and then made it "the" bottleneck, at a made-up 90 %.
#[test]
fn a_monitor_held_now_and_then_is_not_the_bottleneck() {
    let r = run(&[
        ("load.concurrency", "2"),
        ("load.requests", "2000"),
        ("program", "sync(cache){io:exp(5ms)},io:exp(20ms)"),
    ]);
    assert!(r.server.peak_pinned == 0);
    assert_ne!(
        r.bottleneck.resource,
        Resource::SharedMonitor,
        "{}",
        r.bottleneck.explanation()
    );
}

/// Object.wait on JDK 21 captures carriers and the scheduler adds more; the
/// explanation spoke of "4 carrier threads … 4974 % busy".
#[test]
fn compensated_carriers_are_counted_as_they_were_alive() {
    // Connections open at no cost: 300 clients at once would otherwise
    // overflow Tomcat's default accept queue of 100 (see `connections`).
    let r = crate::helpers::run_free(&[
        ("server.mode", "virtual"),
        ("server.jdk", "21"),
        ("load.concurrency", "300"),
        ("load.requests", "3000"),
        ("load.timeout_ms", "0"),
        ("program", "sync{wait:100ms}"),
    ]);
    assert!(r.server.peak_carriers > 4, "{}", r.server.peak_carriers);
    assert_eq!(
        r.bottleneck.resource,
        Resource::Carriers,
        "{}",
        r.bottleneck.explanation()
    );
    assert!(
        r.bottleneck.explanation().contains("compensation"),
        "{}",
        r.bottleneck.explanation()
    );
    for p in percentages(&r.bottleneck.explanation()) {
        assert!(p <= 100.0, "{}", r.bottleneck.explanation());
    }
}

#[test]
fn no_preset_explains_itself_with_more_than_100_percent() {
    // A count after the last "%" is not one.
    assert_eq!(
        percentages("49% failed; 120% late; refused 55986"),
        [49.0, 120.0]
    );
    for p in threadlab::scenario::presets() {
        let r = run_preset(p.name);
        for pct in percentages(&r.bottleneck.explanation()) {
            assert!(pct <= 100.0, "{}: {}", p.name, r.bottleneck.explanation());
        }
    }
}

/// Point 3: `db:10ms` behind 40 ms of I/O, 10 connections, 100
/// Tomcat threads. HikariCP's ceiling is 10 ÷ 10 ms = 1,000 req/s, Tomcat's
/// 100 ÷ 50.2 ms ≈ 1,992: the pool binds, and the threads are busy because
/// their requests wait for a connection. The diagnosis said "all 100 Tomcat
/// threads are busy … capped near threads.max ÷ time per request" (the
/// busiest resource won), advice that changes nothing at threads.max=400.
#[test]
fn the_db_pool_binds_and_tomcats_threads_are_said_to_wait_for_it() {
    let settings = [
        ("program", "cpu:0.2ms,db:10ms,io:40ms"),
        ("db.pool_size", "10"),
        // The closed form's hold time: the query ends on time.
        ("server.wake_p50_us", "0"),
    ];
    let p = preset("e2-platform").expect("preset exists");
    let mut d = p.draft();
    for (k, v) in settings {
        d.set(k, v).expect("a valid setting");
    }
    let r = sim::run(&validate(&d).expect("validates"));
    let b = &r.bottleneck;
    assert_eq!(b.resource, Resource::DbPool, "{}", b.explanation());
    assert_eq!(b.binding, Binding::Saturated);
    let ceiling = b.ceiling_rps.expect("the pool's ceiling");
    assert!((ceiling - 1000.0).abs() < 5.0, "10 ÷ 10 ms: {ceiling}");
    assert!(r.throughput_rps <= ceiling * 1.001, "{}", r.throughput_rps);
    let held = b.held.as_ref().expect("Tomcat's threads are held");
    assert_eq!(held.resource, Resource::TomcatThreads);
    // A thread holds a request ~100 ms (100 threads at 1,000 req/s), of
    // which 50.2 ms are its own work: about half is the wait for the pool.
    let share = held.waiting_share.expect("the wait is measured");
    assert!((0.45..0.55).contains(&share), "{share}");
    for words in [
        "HikariCP",
        "10 ÷ 10.0 ms",
        "raise maximum-pool-size",
        "not threads.max",
    ] {
        assert!(
            b.explanation().contains(words),
            "{words}: {}",
            b.explanation()
        );
    }
    // German says it in German.
    let de = threadlab::summary::said::bottleneck(b).text(threadlab::i18n::Locale::De);
    assert!(de.contains("maximum-pool-size erhöhen"), "{de}");
}

/// The pinning preset's platform side: 200 clients on 200 threads, each
/// thread busy and nothing waiting. It said "no server resource is
/// saturated … (tomcat threads is 100% busy, but little or nothing waits
/// for it)"; now the clients' pace is the ceiling named, N ÷ time per
/// request, and the threads are said to be just enough.
#[test]
fn the_pinning_presets_platform_side_names_the_clients_pace() {
    let p = preset("pinning-jdk21").expect("preset exists");
    let mut d = p.draft();
    d.set("server.mode", "platform").expect("valid");
    // Every G1 pause alike and the run starting just after a young
    // collection, so the threads' busy share is exact (with the measured
    // spread and a drawn start the pauses make it 99 %).
    d.set("gc.pause_p90_ratio", "1").expect("valid");
    d.set("gc.warm_eden_fill", "0").expect("valid");
    let r = sim::run(&validate(&d).expect("validates"));
    let b = &r.bottleneck;
    assert_eq!((b.resource, b.binding), (Resource::None, Binding::Load));
    assert!(
        b.explanation().contains("the 200 clients set the pace")
            && b.explanation().contains("200 ÷ 50.")
            && b.explanation().contains("Tomcat's 200 threads: 100% busy")
            && b.explanation().contains("just enough"),
        "{}",
        b.explanation()
    );
    // On JDK 21 the virtual side's carriers are pinned: named with their ceiling.
    let v = run_preset("pinning-jdk21");
    assert_eq!(
        v.bottleneck.resource,
        Resource::Carriers,
        "{}",
        v.bottleneck.explanation()
    );
    let c = v.bottleneck.ceiling_rps.expect("4 carriers ÷ ~50 ms");
    assert!(
        (70.0..85.0).contains(&c),
        "{c}: {}",
        v.bottleneck.explanation()
    );
}

/// The OOM killer ends the JVM and resets the requests in
/// the server; the client's errors follow. The diagnosis said "client: 8000
/// requests failed on the client side": memory comes first.
#[test]
fn an_oom_kill_is_named_before_the_clients_errors() {
    let r = crate::helpers::run_free(&[
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "2000"),
        ("load.duration_s", "4"),
        ("load.tool", "k6"),
        ("server.threads_max", "10000"),
        ("memory.container_mb", "512"),
        ("memory.heap_mb", "256"),
        ("memory.max_threads", "20000"),
        ("jvm.restart_s", "40"),
        ("gc.collector", "none"),
        ("program", "io:2s"),
    ]);
    assert!(r.errors.total > 0);
    let b = &r.bottleneck;
    assert_eq!(
        (b.resource, b.binding),
        (Resource::Memory, Binding::MemoryLimit)
    );
    assert_eq!(b.limit, Some(MemoryLimit::Container));
    assert!(
        b.explanation().contains("OOM killer"),
        "{}",
        b.explanation()
    );
    // And the outcome does not say "every request finished" beside its losses.
    assert!(
        !r.outcome_detail().contains("every request finished"),
        "{}",
        r.outcome_detail()
    );
}

/// A heap that the live data nearly fills, with no
/// request failing: G1 pauses 98 % of the run. Every pool looks busy (their
/// threads stand still in the pauses) and the accept queue fills; the
/// collector binds, not connections or threads.
#[test]
fn a_gc_dominated_run_names_the_collector() {
    let r = run(&[
        ("load.concurrency", "300"),
        ("load.requests", "3000"),
        ("load.timeout_ms", "0"),
        ("server.threads_max", "300"),
        // Every client connects at once, none waits for a retransmission.
        ("server.accept_count", "300"),
        ("memory.heap_mb", "360"),
        // -Xms = -Xmx: the heap is full from the start, not grown to it.
        ("memory.initial_heap_mb", "360"),
        ("memory.request_kb", "1024"),
        ("gc.alloc_kb", "4096"),
        ("program", "io:100ms"),
    ]);
    assert!(
        r.memory.hits.is_empty(),
        "no limit is hit: {:?}",
        r.memory.hits
    );
    assert!(r.gc.pause_share > 0.9, "{}", r.gc.pause_share);
    let b = &r.bottleneck;
    assert_eq!(
        (b.resource, b.binding),
        (Resource::Gc, Binding::GcPauses),
        "{}",
        b.explanation()
    );
    assert!(
        b.explanation().contains("stop-the-world"),
        "{}",
        b.explanation()
    );
}

/// A run whose requests all succeed says so; one that lost some says how
/// many, rather than "every request finished".
#[test]
fn the_outcome_counts_what_failed() {
    let r = run_preset("db-pool");
    assert!(r.succeeded < r.sent);
    assert!(
        r.outcome_detail()
            .contains(&format!("{} succeeded", r.succeeded)),
        "{}",
        r.outcome_detail()
    );
}

/// A connection per request (keep-alive off) and a thread for every client:
/// the accept queue of 10 is what delays them. It is seldom occupied on
/// average, but hundreds of handshakes find it full and wait for their
/// retransmission, the slowest 1 % over a second: the backlog binds, not
/// the clients' pace.
#[test]
fn handshakes_that_overflow_the_accept_queue_name_the_backlog() {
    let r = run(&[
        ("load.concurrency", "300"),
        ("load.requests", "3000"),
        ("load.keep_alive", "off"),
        ("server.accept_count", "10"),
        ("server.threads_max", "300"),
        ("program", "io:100ms"),
    ]);
    assert!(r.connections.ack_overflows > 100, "{:?}", r.connections);
    let b = &r.bottleneck;
    assert_eq!(
        (b.resource, b.binding),
        (Resource::Connections, Binding::Backlog),
        "{}",
        b.explanation()
    );
    assert!(
        b.explanation()
            .contains(&format!("{} handshakes", r.connections.ack_overflows)),
        "{}",
        b.explanation()
    );
}
