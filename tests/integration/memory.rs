//! Memory by kind and its three limits: heap and native memory
//! are counted apart, a thread stack is mostly reserved rather than
//! resident, and each limit fails the way the real one does, at the
//! moment the arithmetic says.

use crate::helpers::{Explained, Words, hit_words};
use threadlab::sim::Outcome;
use threadlab::sim::report::{
    Ending, ErrorCause, Gauge, LimitEffect, MemoryLimit, Report, ResponseCause,
};

use crate::helpers::{assert_close, run, run_free};

fn hit(r: &Report, limit: MemoryLimit) -> &threadlab::sim::report::LimitHit {
    r.memory
        .hits
        .iter()
        .find(|h| h.limit == limit)
        .unwrap_or_else(|| panic!("{limit} was not hit: {}", r.outcome_detail()))
}

/// A command once ended "out of memory at 0.000 s" with no result:
/// every thread counted 1 MB against a 2 GB limit. Thread stacks are
/// native memory and mostly only reserved, so the run goes through.
#[test]
fn thousands_of_platform_threads_run_beside_a_2_gb_heap() {
    // `threadlab run` starts from E2's platform run.
    let mut d = threadlab::scenario::preset("e2-platform").unwrap().draft();
    for (k, v) in [
        ("load.concurrency", "2000"),
        ("program", "cpu:0.1ms,io:exp(50ms)"),
        ("server.threads_max", "1810"),
    ] {
        d.set(k, v).unwrap();
    }
    let r = threadlab::sim::run(&threadlab::scenario::validate(&d).unwrap());
    assert_eq!(r.outcome, Outcome::Completed, "{}", r.outcome_detail());
    assert!(r.memory.hits.is_empty());
    assert_eq!(r.succeeded, r.sent);
    let threads = r.server.peak_platform_threads as f64;
    assert_eq!(threads, 1810.0);
    // 1 MB of address space reserved per thread (-Xss), 64 KB resident.
    assert_eq!(r.memory.peak_stacks_reserved_mb, threads);
    assert_close(
        "native memory",
        r.memory.peak_native_mb,
        150.0 + threads * 64.0 / 1024.0,
        1e-9,
    );
    assert!(r.memory.peak_resident_mb < r.memory.container_limit_mb);
    assert_eq!(r.memory.heap_limit_mb, 2048.0, "25 % of 8 GB");
}

/// The OS allows 125 threads; the JVM's own 25 leave Tomcat 100 of its 200.
/// Tomcat's poller starts the pool's threads as it hands requests over
/// (`ThreadPoolExecutor.addWorker` in its `execute`); the 101st start fails
/// with `OutOfMemoryError: unable to create native thread`, which
/// `processSocket` and `processKey` rethrow (`ExceptionUtils.handleThrowable`)
/// out of the poller's loop: the poller dies, and no socket is read again.
/// Measured so on Tomcat 10.1.60 with Temurin 21: 22 of 50 requests answered
/// (its 10 spare threads and the 12 the limit let start), every later one
/// timed out, the JVM alive. Here the 100 running requests are answered,
/// and the other 7,900 wait unread until hey's 1 s timeout; each of its
/// workers then opens a new connection, which the acceptor still accepts
/// and nobody reads or closes. The old model let the pool stop growing and
/// the requests wait for its threads: all 8,000 succeeded.
#[test]
fn a_failed_thread_start_kills_tomcats_poller_and_nothing_is_read_again() {
    let r = run_free(&[
        ("load.concurrency", "400"),
        ("load.requests", "8000"),
        ("load.timeout_ms", "1000"),
        ("server.threads_max", "200"),
        ("memory.max_threads", "125"),
        ("gc.collector", "none"),
        ("program", "io:100ms"),
    ]);
    assert_eq!(r.server.peak_platform_threads, 100);
    let h = hit(&r, MemoryLimit::Threads);
    assert_eq!(h.effect, LimitEffect::PollerDied);
    assert_eq!(h.times, 1, "the poller died at its first failed start");
    assert_eq!(r.memory.poller_died_at_s, Some(h.first_at_s));
    assert_eq!(r.succeeded, 100, "the requests that had a thread");
    assert_eq!(r.errors.by_cause[&ErrorCause::ClientTimeout], 7900);
    assert_eq!(h.lost, 7900, "never read");
    assert_eq!(r.memory.restarts, 0, "the JVM lives on");
    // Every connection accepted after the poller died stays open: closing
    // it was the poller's work.
    let c = &r.connections;
    assert_eq!(c.peak_open as u64, c.opened);
    assert!(c.opened > 7000, "{c:?}");
    assert_eq!(r.outcome, Outcome::OutOfMemory);
    assert_eq!(r.bottleneck.limit, Some(MemoryLimit::Threads));
    let said = r.bottleneck.explanation();
    assert!(said.contains("poller") && said.contains("died"), "{said}");
    assert!(
        hit_words(&r, h).contains("poller died"),
        "{}",
        hit_words(&r, h)
    );
}

/// With no client timeout the requests the dead poller never reads can
/// never finish: the run ends there, and says why (not "deadlock").
#[test]
fn requests_a_dead_poller_never_reads_end_the_run_without_a_timeout() {
    let r = run_free(&[
        ("load.concurrency", "200"),
        ("load.requests", "2000"),
        ("load.timeout_ms", "0"),
        ("server.threads_max", "200"),
        ("memory.max_threads", "60"),
        ("gc.collector", "none"),
        ("program", "io:10ms"),
    ]);
    assert_eq!(r.outcome, Outcome::OutOfMemory);
    let died = r.memory.poller_died_at_s.expect("the poller died");
    assert!(matches!(r.ending, Ending::PollerDied { stuck: 200, at_s } if at_s == died));
    assert_eq!(r.succeeded, 35, "60 − 25 own threads");
    assert!(
        r.outcome_detail().contains("poller died"),
        "{}",
        r.outcome_detail()
    );
}

/// `-XX:+ExitOnOutOfMemoryError` does not act on `unable to create native
/// thread`: measured here on Temurin 21.0.8 and 25.0.3 and OpenJDK 17 (a
/// thread start refused under `ulimit -u`: the error is caught, the JVM
/// goes on; a heap's OutOfMemoryError under the same flag ends it with
/// exit code 3), and on Tomcat 10.1.60, whose poller died as without it.
#[test]
fn exit_on_out_of_memory_error_leaves_a_failed_thread_start_to_the_poller() {
    let settings = [
        ("load.concurrency", "400"),
        ("load.requests", "4000"),
        ("load.timeout_ms", "1000"),
        ("server.threads_max", "200"),
        ("memory.max_threads", "125"),
        ("gc.collector", "none"),
        ("program", "io:100ms"),
    ];
    let thrown = run_free(&settings);
    let mut exit = settings.to_vec();
    exit.push(("jvm.on_out_of_memory", "exit"));
    let r = run_free(&exit);
    assert_eq!(
        hit(&r, MemoryLimit::Threads).effect,
        LimitEffect::PollerDied
    );
    assert_eq!(r.memory.restarts, 0);
    assert_eq!(r.succeeded, thrown.succeeded);
    assert_eq!(r.errors.by_cause, thrown.errors.by_cause);
}

/// An agent on the JVM's `ResourceExhausted` event (jvmkill, as Cloud
/// Foundry's Java buildpack adds) kills the JVM at a failed thread start:
/// every request in it is reset, connects are refused until the kubelet
/// restarts it (at once, the first time) and it has started (3 s), and it
/// is killed again as its pool grows; the second restart waits out the
/// kubelet's 10 s back-off first.
#[test]
fn an_agent_kills_the_jvm_at_a_failed_thread_start_and_it_restarts() {
    let r = run_free(&[
        ("load.concurrency", "200"),
        ("load.duration_s", "20"),
        ("load.timeout_ms", "1000"),
        ("load.think_ms", "50"),
        ("server.threads_max", "200"),
        ("memory.max_threads", "60"),
        ("jvm.on_out_of_memory", "kill"),
        ("jvm.restart_s", "3"),
        ("gc.collector", "none"),
        ("program", "io:10ms"),
    ]);
    let h = hit(&r, MemoryLimit::Threads);
    assert_eq!(h.effect, LimitEffect::JvmKilled);
    assert!(h.ends >= 2, "killed again after its restart: {h:?}");
    assert!(r.memory.restarts >= 1);
    assert_eq!(r.memory.poller_died_at_s, None);
    let resets = r.errors.by_cause[&ErrorCause::ConnectionReset];
    assert!(h.lost > 0 && h.lost <= resets, "{h:?} {:?}", r.errors);
    assert!(r.errors.by_cause[&ErrorCause::ConnectionRefused] > 0);
    assert_close(
        "the second restart's back-off",
        r.memory.backoff_s,
        10.0,
        1e-9,
    );
    let said = r.bottleneck.explanation();
    assert!(
        said.contains("jvmkill") && said.contains("back-off"),
        "{said}"
    );
}

/// An `@Async` pool that must start a thread (below its core, or its queue
/// full below its max) and cannot: `ThreadPoolExecutor.execute` throws the
/// `OutOfMemoryError` to the request that submitted the task (Spring's
/// `ThreadPoolTaskExecutor` translates rejections only), which fails with
/// HTTP 500; nothing is rejected, as the pool never reached its max. The
/// old model rejected those tasks (`TaskRejectedException`).
#[test]
fn an_executor_that_cannot_start_a_thread_fails_the_request_that_submitted() {
    let r = run(&[
        ("load.concurrency", "50"),
        ("load.requests", "500"),
        ("server.threads_max", "60"),
        ("server.min_spare", "60"),
        ("memory.max_threads", "95"),
        ("gc.collector", "none"),
        ("program", "io:10ms,async(mail){io:50ms}"),
        ("async.mail.kind", "pool"),
        ("async.mail.core", "1"),
        ("async.mail.max", "40"),
        ("async.mail.queue", "5"),
    ]);
    // 95 − 25 own − 60 Tomcat = 10 executor threads at most.
    assert_eq!(r.executors[0].peak_threads, 10);
    assert_eq!(r.executors[0].rejected, 0);
    let h = hit(&r, MemoryLimit::Threads);
    assert_eq!(h.effect, LimitEffect::RequestsFailed);
    let failed = r.responses_by_cause[&ResponseCause::OutOfMemory];
    assert!(failed > 0);
    assert_eq!(r.responses_by_cause[&ResponseCause::TaskRejected], 0);
    assert_eq!(h.lost, failed, "every failure is the thread limit's");
    assert_eq!(h.times, failed, "one refused start each");
    assert_eq!(r.memory.poller_died_at_s, None, "Tomcat's pool never grew");
}

/// JDK 21: a virtual thread's file I/O captures its carrier, and the
/// scheduler starts a compensating one (`ForkJoinPool.tryCompensate`). When
/// the OS refuses it, `CarrierThread.beginBlocking` rethrows the
/// `OutOfMemoryError` into the virtual thread, whose request fails (HTTP
/// 500). The old model let it block without compensation.
#[test]
fn a_compensating_carrier_that_cannot_start_fails_its_request() {
    let r = run_free(&[
        ("server.mode", "virtual"),
        ("server.jdk", "21"),
        ("server.cores", "4"),
        ("load.concurrency", "20"),
        ("load.requests", "400"),
        ("memory.max_threads", "31"),
        ("gc.collector", "none"),
        ("program", "file:10ms"),
    ]);
    // 31 − 25 own − 4 carriers: two compensating carriers at most.
    assert_eq!(r.server.peak_carriers, 6);
    let h = hit(&r, MemoryLimit::Threads);
    assert_eq!(h.effect, LimitEffect::RequestsFailed);
    let failed = r.responses_by_cause[&ResponseCause::OutOfMemory];
    assert!(failed > 0 && failed < 400, "{failed}");
    assert_eq!(h.lost, failed);
    assert_eq!(r.succeeded + failed, 400);
}

/// The thread limit is its own setting, not a share of memory: left
/// empty it is the kernel's default pid_max whatever the container's
/// memory (the old model derived 4,096 from 1 GB). It must leave room for
/// the threads the JVM starts up front, or the connector could not start.
#[test]
fn the_thread_limit_is_the_kernels_pid_max_not_a_share_of_memory() {
    for mb in ["1024", "8192", "65536"] {
        let cfg = threadlab::scenario::validate(&{
            let mut d = threadlab::scenario::Draft::new();
            d.set("memory.container_mb", mb).unwrap();
            d
        })
        .unwrap();
        assert_eq!(cfg.memory.thread_limit, 32_768, "{mb} MB");
    }
    let mut d = threadlab::scenario::Draft::new();
    d.set("memory.max_threads", "30").unwrap();
    let e = threadlab::scenario::validate(&d).expect_err("25 own and 10 spare do not fit 30");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].field, "memory.max_threads");
    assert!(e[0].message().contains("35 threads"), "{}", e[0].message());
}

/// Requests holding 8 MB each: a 2,048 MB heap with 40 MB idle fits 250 of
/// them (with their 16 KB of connection buffers). Without a collector the
/// 251st to 300th fail at once with `OutOfMemoryError: Java heap space`
/// (HTTP 500), and the JVM goes on serving the others.
#[test]
fn heap_exhausted_by_large_requests_fails_those_requests_and_the_jvm_lives() {
    let r = run_free(&[
        ("load.concurrency", "300"),
        ("load.loops", "4"),
        ("load.think_ms", "100"),
        ("server.threads_max", "300"),
        ("server.min_spare", "300"),
        ("memory.heap_mb", "2048"),
        ("memory.request_kb", "8192"),
        ("gc.collector", "none"),
        ("program", "io:200ms"),
    ]);
    let h = hit(&r, MemoryLimit::Heap);
    assert_eq!(h.first_at_s, 0.0);
    assert!(
        hit_words(&r, h).contains("Java heap space"),
        "{}",
        hit_words(&r, h)
    );
    let failed = r.responses_by_cause[&ResponseCause::OutOfMemory];
    assert_eq!(h.lost, failed);
    // 250 running and the one failing.
    assert_eq!(r.server.peak_tomcat_busy, 251);
    let fits = ((2048.0 - 40.0) / (8.0 + 16.0 / 1024.0)) as u64;
    assert_eq!(fits, 250);
    // At its peak: 250 running, the one failing, and their 251
    // connections: hey's workers share one Transport, so a worker whose
    // request failed at once leaves its connection idle there, and the
    // next worker's request takes it instead of opening one.
    assert_eq!(r.connections.peak_open, 251);
    let peak = 40.0 + 251.0 * 8.0 + 251.0 * 16.0 / 1024.0;
    // What was asked for passes -Xmx; what the heap held does not.
    assert_close("heap demand", r.memory.peak_heap_demand_mb, peak, 1e-9);
    assert_eq!(r.memory.peak_heap_live_mb, 2048.0);
    // The first round: 50 fail at once, and every request of every round
    // beyond the 250 that fit fails likewise; the JVM lives on.
    assert!(failed >= 50, "{failed}");
    assert!(r.succeeded >= 4 * 250, "{}", r.succeeded);
    assert_eq!(r.succeeded + failed, 1200);
    assert_eq!(r.outcome, Outcome::OutOfMemory);
}

/// The same heap under `-XX:+ExitOnOutOfMemoryError` (buildpack images set
/// it): the JVM exits at the first `Java heap space` (measured here: exit
/// code 3 on Temurin 21 and 25), every request in it is reset, and none
/// gets the HTTP 500 the JVM's default gives.
#[test]
fn exit_on_out_of_memory_error_ends_the_jvm_at_the_heap() {
    let r = run_free(&[
        ("load.concurrency", "300"),
        ("load.loops", "4"),
        ("load.think_ms", "100"),
        ("server.threads_max", "300"),
        ("server.min_spare", "300"),
        ("memory.heap_mb", "2048"),
        ("memory.request_kb", "8192"),
        ("gc.collector", "none"),
        ("jvm.on_out_of_memory", "exit"),
        ("program", "io:200ms"),
    ]);
    let h = hit(&r, MemoryLimit::Heap);
    assert_eq!(h.effect, LimitEffect::JvmExited);
    assert_eq!(h.first_at_s, 0.0);
    assert!(h.ends >= 1);
    assert_eq!(r.responses_by_cause[&ResponseCause::OutOfMemory], 0);
    // The 250 requests that fit and the 251st that did not, in the JVM.
    assert_eq!(h.lost, 251, "{h:?}");
    assert!(r.errors.by_cause[&ErrorCause::ConnectionReset] >= h.lost);
    let said = r.bottleneck.explanation();
    assert!(said.contains("ExitOnOutOfMemoryError"), "{said}");
}

/// The kubelet's back-off between restarts of a container that keeps
/// being killed (`doBackOff`): the first restart at once, then 10 s, then
/// 20 s (CrashLoopBackOff), each followed by the 3 s start-up. Here the JVM
/// is killed 1.66 s after each start, so it answers again 3 s, 13 s and
/// 23 s after its kills; the fourth kill's 40 s outlasts the run. Docker's
/// restart manager waits 100 ms, doubling (the container never runs the
/// 10 s that would start it over). The old model waited 10 s every time.
#[test]
fn a_crash_loop_waits_out_its_restarters_back_off() {
    let settings = [
        ("load.tool", "k6"),
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "2000"),
        ("load.duration_s", "60"),
        ("memory.container_mb", "1024"),
        ("memory.heap_mb", "1600"),
        ("memory.initial_heap_mb", "1600"),
        ("gc.alloc_kb", "256"),
        ("jvm.restart_s", "3"),
        ("program", "cpu:0.1ms,io:10ms"),
    ];
    let r = run(&settings);
    let h = hit(&r, MemoryLimit::Container);
    assert_eq!(h.times, 4, "{}", hit_words(&r, h));
    assert_eq!(r.memory.restarts, 3);
    assert_close(
        "back-off waited",
        r.memory.backoff_s,
        0.0 + 10.0 + 20.0,
        1e-9,
    );
    assert_close("longest", r.memory.longest_backoff_s, 20.0, 1e-9);
    // Down from each kill to the next answer: 3, 13 and 23 s.
    let s = &r.series;
    let mut downs = Vec::new();
    let mut since = None;
    for (t, ok) in s.t_s.iter().zip(&s.goodput_rps) {
        match (since, *ok > 0.0) {
            (None, false) if *t > 0.5 => since = Some(*t),
            (Some(from), true) => {
                downs.push(t - from);
                since = None;
            }
            _ => {}
        }
    }
    assert_eq!(downs.len(), 3, "{downs:?}");
    for (down, want) in downs.iter().zip([3.0, 13.0, 23.0]) {
        assert!((down - want).abs() <= 2.0 * s.bucket_s, "{downs:?}");
    }
    let said = r.bottleneck.explanation();
    assert!(said.contains("crash-loop back-off"), "{said}");
    let mut docker = settings.to_vec();
    docker.push(("jvm.restart_backoff", "docker"));
    let d = run(&docker);
    let waits: f64 = (0..d.memory.restarts)
        .map(|i| 0.1 * f64::from(1u32 << i))
        .sum();
    assert_close("Docker's back-off", d.memory.backoff_s, waits, 1e-9);
    assert!(d.memory.restarts > r.memory.restarts);
}

/// While the process is down its host (or the pod's network namespace,
/// which outlives the container's restart) is still there and nothing
/// listens on the port: Linux answers each SYN with a reset, and the
/// client's connect fails at once (ECONNREFUSED). So k6's arrivals while
/// the JVM is down fail as they come, and k6 has nothing in flight at the
/// end of its 4 s; with the address gone instead (`unanswered`, the old
/// model) the SYNs go unanswered and k6 waits out its 30 s graceful stop.
#[test]
fn while_the_service_is_down_connects_are_refused_at_once() {
    let settings = [
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "2000"),
        ("load.duration_s", "4"),
        ("server.threads_max", "10000"),
        ("memory.container_mb", "512"),
        ("memory.heap_mb", "256"),
        ("memory.max_threads", "20000"),
        ("jvm.restart_s", "40"),
        ("gc.collector", "none"),
        ("program", "io:2s"),
    ];
    let r = run_free(&settings);
    let n = 3747;
    assert_eq!(hit(&r, MemoryLimit::Container).lost, n);
    let c = &r.connections;
    assert_eq!(c.syns_while_down, 0);
    assert_eq!(c.refused_while_down, 8000 - n);
    assert_eq!(r.errors.by_cause[&ErrorCause::ConnectionRefused], 8000 - n);
    assert_eq!(r.in_flight, 0);
    assert_close("k6 ends with its duration", r.sim_time_s, 4.0, 1e-12);
    let mut gone = settings.to_vec();
    gone.push(("jvm.down_connect", "unanswered"));
    let u = run_free(&gone);
    assert_eq!(u.errors.by_cause[&ErrorCause::ConnectionRefused], 0);
    assert_close("k6's graceful stop", u.sim_time_s, 34.0, 1e-12);
}

/// With G1 the same heap thrashes first: a request that cannot allocate
/// causes a full collection of the whole heap (2 × 2,048 MB at 1.5 MB/ms
/// plus 2 ms = 2.733 s), and only then fails. Here the 250 that fit hold
/// their memory for 10 s: requests 251 to 254 each take a full collection
/// back to back and fail at 2.733, 5.467, 8.2 and 10.933 s; the 250's I/O
/// ended during the fourth pause, so after it the rest fit.
#[test]
fn with_g1_an_exhausted_heap_thrashes_before_each_failure() {
    let r = run_free(&[
        ("load.concurrency", "300"),
        ("load.loops", "1"),
        ("load.timeout_ms", "0"),
        ("server.threads_max", "300"),
        ("server.min_spare", "300"),
        ("memory.heap_mb", "2048"),
        ("memory.request_kb", "8192"),
        ("program", "io:10s"),
    ]);
    let full = 2.0 + 2.0 * 2048.0 / 1.5;
    assert_close("a full pause", r.gc.max_pause_ms, full, 1e-6);
    assert_eq!(r.gc.full, 4);
    assert_eq!(r.responses_by_cause[&ResponseCause::OutOfMemory], 4);
    assert_eq!(r.succeeded, 296);
    let h = hit(&r, MemoryLimit::Heap);
    assert_close("first OutOfMemoryError", h.first_at_s, full / 1000.0, 1e-9);
    assert_eq!(r.gc.thrashing_from_s, Some(0.0));
    assert_close("ends", r.sim_time_s, 4.0 * full / 1000.0 + 10.0, 1e-6);
}

/// Open load (k6), 2,000 req/s, each request holding a platform thread
/// for 2 s: threads pile up. Resident memory is the native baseline
/// (150 MB), the idle heap (40 MB) and per request 64 KB of stack, 8 KB of
/// heap and its connection's 16 KB (every arrival takes a VU of its own,
/// and with it a connection): it passes the container's 512 MB with
/// request 3,747 (190 + 3,747 × 88 KB > 512 MB), at (3,747 − 1) ÷ 2,000 s.
/// The kernel kills the JVM: the 3,747 requests in the server are reset
/// with their connections. The service is down for 40 s; the client keeps
/// sending to the container's address, gone with it: every SYN unanswered
/// and retried after 1, 2, 4, 8, 16 s, until k6's 30 s graceful stop after
/// its 4 s ends the run.
#[test]
fn the_oom_killer_resets_every_request_in_the_server() {
    let r = run_free(&[
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "2000"),
        ("load.duration_s", "4"),
        ("server.threads_max", "10000"),
        ("memory.container_mb", "512"),
        ("memory.heap_mb", "256"),
        ("memory.max_threads", "20000"),
        ("jvm.restart_s", "40"),
        // The container's address is gone while it is down.
        ("jvm.down_connect", "unanswered"),
        ("gc.collector", "none"),
        ("program", "io:2s"),
    ]);
    let h = hit(&r, MemoryLimit::Container);
    // The first request that takes resident memory past 512 MB.
    let n = (1..10_000u64)
        .find(|&n| 190.0 + n as f64 * 88.0 / 1024.0 > 512.0)
        .unwrap();
    assert_eq!(n, 3747);
    assert_close("killed at", h.first_at_s, (n - 1) as f64 / 2000.0, 1e-9);
    assert_eq!(h.times, 1);
    assert_eq!(h.lost, n);
    assert_eq!(r.errors.by_cause[&ErrorCause::ConnectionReset], n);
    assert_eq!(r.succeeded, 0, "the first would have ended at 2 s");
    let c = &r.connections;
    assert_eq!(c.opened, n);
    assert_eq!(c.reset_by_oom_kill, n, "every connection with its request");
    // Nothing listens: no connection is established, none dropped by a
    // full accept queue; each later request's SYN is sent five or six
    // times by the end (at 0, 1, 3, 7, 15 and 31 s).
    assert_eq!(c.syn_drops, 0);
    let unanswered = 8000 - n;
    assert!(
        (5 * unanswered..=6 * unanswered).contains(&c.syns_while_down),
        "{c:?}"
    );
    assert_eq!(r.sent, 8000);
    assert_eq!(r.in_flight, unanswered, "unanswered, still retried");
    assert_eq!(r.errors.by_cause[&ErrorCause::ConnectFailed], 0);
    assert_close("k6's graceful stop", r.sim_time_s, 34.0, 1e-12);
    assert_eq!(r.memory.restarts, 0);
    assert!(
        hit_words(&r, h).contains("OOM killer"),
        "{}",
        hit_words(&r, h)
    );
    // The server holds nothing while it is down.
    let g = &r.series.gauges;
    let down = h.first_at_s + 0.1;
    for gauge in [
        Gauge::InServer,
        Gauge::Connections,
        Gauge::ConnsIdle,
        Gauge::Backlog,
    ] {
        let v = &g[&gauge];
        let after = (r.series.t_s.iter().zip(v)).filter(|(t, _)| **t >= down);
        assert!(after.clone().count() > 100);
        assert!(after.clone().all(|(_, x)| *x == 0.0), "{gauge:?}: {v:?}");
    }
}

/// JMeter, 100 threads each keeping its connection between requests and
/// thinking 50 ms between them, so that most connections are idle at any
/// moment; 256 KB of garbage per request and -Xmx above the container's
/// memory get the JVM killed once. Every connection is reset, busy or
/// idle: the requests in the server are lost, and the threads whose
/// connection was idle learn it is gone and connect again at their next
/// request. Nothing listens for 3 s, at an address gone with the
/// container: each thread's SYN goes unanswered at once and at its first
/// retry (1 s), and its second (3 s) reaches the restarted service, where
/// every thread opens a new connection and is served again.
#[test]
fn the_oom_killer_resets_kept_connections_and_clients_reconnect_after_the_restart() {
    let r = run(&[
        ("load.tool", "jmeter"),
        ("load.concurrency", "100"),
        ("load.think_ms", "50"),
        ("load.duration_s", "6"),
        ("memory.container_mb", "1024"),
        ("memory.heap_mb", "1600"),
        ("memory.initial_heap_mb", "1600"),
        ("gc.alloc_kb", "256"),
        ("jvm.restart_s", "3"),
        ("jvm.down_connect", "unanswered"),
        ("program", "cpu:0.1ms,io:10ms"),
    ]);
    let h = hit(&r, MemoryLimit::Container);
    assert_eq!(h.times, 1, "{}", hit_words(&r, h));
    assert_eq!(r.memory.restarts, 1);
    let resets = r.errors.by_cause[&ErrorCause::ConnectionReset];
    assert_eq!(h.lost, resets);
    assert!(
        resets > 0 && resets < 50,
        "only those in the server: {resets}"
    );
    let c = &r.connections;
    assert_eq!(c.reset_by_oom_kill, 100, "busy and idle: {c:?}");
    assert_eq!(c.syns_while_down, 2 * 100, "{c:?}");
    assert_eq!(c.reconnects, 100, "each thread once, after the restart");
    assert_eq!(c.opened, 200);
    assert_eq!(c.syn_drops, 0);
    assert_eq!(r.errors.by_cause[&ErrorCause::ConnectFailed], 0);
    assert_eq!(
        r.errors.total, resets,
        "no request went out on a reset connection"
    );
    // Down from the kill to the restart: nothing open, idle, queued or
    // answered; afterwards every thread is served again.
    let (s, kill) = (&r.series, h.first_at_s);
    let within = |from: f64, to: f64, v: &Vec<f64>| {
        (s.t_s.iter().zip(v))
            .filter(|(t, _)| **t >= from && **t < to)
            .map(|(_, x)| *x)
            .collect::<Vec<_>>()
    };
    for gauge in [
        Gauge::InServer,
        Gauge::Connections,
        Gauge::ConnsIdle,
        Gauge::Backlog,
    ] {
        let down = within(kill + 0.05, kill + 2.95, &s.gauges[&gauge]);
        assert!(
            !down.is_empty() && down.iter().all(|x| *x == 0.0),
            "{gauge:?}"
        );
    }
    let answered = within(kill + 0.05, kill + 2.95, &s.throughput_rps);
    assert!(answered.iter().all(|x| *x == 0.0), "down: {answered:?}");
    let open = within(kill + 3.2, 6.0, &s.gauges[&Gauge::Connections]);
    assert!(
        open.iter().all(|x| *x == 100.0),
        "every thread back: {open:?}"
    );
    assert!(
        within(kill + 3.2, 6.0, &s.throughput_rps)
            .iter()
            .all(|x| *x > 0.0)
    );
    assert_eq!(c.starved_clients, 0);
}

/// -Xmx above the container's memory (a classic misconfiguration): G1
/// lets garbage fill a young generation of 60 % of 1,600 MB, and the
/// heap's touched pages with the native baseline pass 1,024 MB before any
/// collection. The kernel kills the JVM; the kubelet restarts it at once
/// and it answers 3 s later, cold (its first request initialises the
/// DispatcherServlet again), and is killed again as its heap fills. While
/// it is down every connect is refused: only responses count as answers.
#[test]
fn after_the_oom_killer_the_service_restarts_cold_and_answers_again() {
    let r = run(&[
        ("load.concurrency", "100"),
        ("load.duration_s", "12"),
        ("memory.container_mb", "1024"),
        ("memory.heap_mb", "1600"),
        ("memory.initial_heap_mb", "1600"),
        ("jvm.restart_s", "3"),
        ("program", "cpu:0.1ms,io:10ms"),
    ]);
    let h = hit(&r, MemoryLimit::Container);
    assert!(
        h.times >= 2,
        "killed again after the restart: {}",
        hit_words(&r, h)
    );
    assert!(r.memory.restarts >= 1);
    assert_eq!(
        r.gc.young, 0,
        "killed before the first collection each time"
    );
    let resets = r.errors.by_cause[&ErrorCause::ConnectionReset];
    assert_eq!(h.lost, resets);
    assert!(resets > 0 && resets <= 100 * h.times, "{resets}");
    // Answers before the kill and again after the restart.
    let s = &r.series;
    let answered = |from: f64, to: f64| {
        (s.t_s.iter().zip(&s.goodput_rps)).any(|(t, x)| *t >= from && *t < to && *x > 0.0)
    };
    let down = h.first_at_s;
    assert!(answered(0.0, down));
    assert!(!answered(down + 0.1, down + 2.9), "down for its restart");
    assert!(answered(down + 3.0, 12.0), "answers again");
    let init = r
        .warmup
        .first_request_done_s
        .expect("the restarted JVM is cold");
    assert!(init > down + 3.0, "{init}");
}
