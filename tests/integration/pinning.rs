//! Pinning: blocking inside `synchronized` holds the carrier on JDK 21–23,
//! not on JDK 24+ (JEP 491); a shared monitor serialises on every JDK.

use crate::helpers::{assert_close, run_free};
use threadlab::app::Bounds;

/// N virtual threads each sleeping `d` inside `sync` on P carriers.
fn sleepers(n: u32, carriers: u32, jdk: u32, program: &str) -> threadlab::sim::Report {
    // Connections open at no cost: the makespans are the program's alone.
    run_free(&[
        ("load.kind", "closed"),
        ("load.concurrency", &n.to_string()),
        ("load.requests", &n.to_string()),
        ("load.timeout_ms", "0"),
        ("server.mode", "virtual"),
        ("server.cores", &carriers.to_string()),
        ("server.jdk", &jdk.to_string()),
        ("program", program),
    ])
}

#[test]
fn sleeping_inside_synchronized_pins_carriers_on_jdk_21() {
    for (n, p) in [(40u32, 4u32), (10, 4), (9, 3)] {
        let r = sleepers(n, p, 21, "sync{io:100ms}");
        let expected = (n as f64 / p as f64).ceil() * 0.1;
        assert_close(
            &format!("N={n} P={p} JDK 21 makespan"),
            r.sim_time_s,
            expected,
            0.001,
        );
        assert_eq!(
            r.server.peak_pinned, p,
            "every carrier is pinned at some point"
        );
    }
}

#[test]
fn jdk_24_unmounts_inside_synchronized() {
    for jdk in [24u32, 25] {
        let r = sleepers(40, 4, jdk, "sync{io:100ms}");
        assert_close(&format!("JDK {jdk} makespan"), r.sim_time_s, 0.1, 0.001);
        assert_eq!(r.server.peak_pinned, 0);
    }
}

#[test]
fn reentrant_lock_never_pins() {
    let r = sleepers(40, 4, 21, "lock{io:100ms}");
    assert_close("ReentrantLock on JDK 21", r.sim_time_s, 0.1, 0.001);
}

#[test]
fn a_shared_monitor_serialises_on_every_jdk() {
    for jdk in [21u32, 24] {
        let r = sleepers(10, 4, jdk, "sync(cache){io:10ms}");
        assert_close(
            &format!("shared monitor JDK {jdk}"),
            r.sim_time_s,
            0.1,
            0.001,
        );
    }
}

#[test]
fn waiting_to_enter_a_contended_monitor_pins_on_jdk_21_only() {
    // One shared monitor held for 10 ms by each of 8 requests; the other 4
    // carriers would be free for a second endpoint's work, but on JDK 21 the
    // waiters hold all of them.
    let program = "sync(cache){io:10ms}";
    let r21 = sleepers(8, 4, 21, program);
    let r24 = sleepers(8, 4, 24, program);
    assert_eq!(
        r21.server.peak_pinned, 4,
        "JDK 21: waiters and the holder pin every carrier"
    );
    assert!(r24.server.peak_pinned == 0, "JDK 24: nobody pins");
}

#[test]
fn file_io_captures_the_carrier_but_the_scheduler_compensates() {
    // 40 blocking file reads of 100 ms on 4 carriers: compensation adds
    // carriers (up to maxPoolSize), so they overlap.
    let r = sleepers(40, 4, 21, "file:100ms");
    assert_close("compensated file I/O", r.sim_time_s, 0.1, 0.001);
    assert!(
        r.server.peak_carriers > 4,
        "extra carriers appear: {}",
        r.server.peak_carriers
    );
    // With maxPoolSize = parallelism there is nothing to compensate with.
    let capped = run_free(&[
        ("load.concurrency", "40"),
        ("load.requests", "40"),
        ("server.mode", "virtual"),
        ("server.cores", "4"),
        ("server.max_pool_size", "4"),
        ("program", "file:100ms"),
    ]);
    assert_close("uncompensated file I/O", capped.sim_time_s, 1.0, 0.001);
}

#[test]
fn platform_threads_do_not_care_about_synchronized() {
    let r = run_free(&[
        ("load.concurrency", "40"),
        ("load.requests", "40"),
        ("server.threads_max", "40"),
        ("server.jdk", "21"),
        ("program", "sync{io:100ms}"),
    ]);
    assert_close("platform threads", r.sim_time_s, 0.1, 0.001);
}

#[test]
fn object_wait_pins_with_compensation_on_jdk_21_and_unmounts_on_24() {
    // 40 requests each Object.wait(100 ms) on their own monitor, 4 carriers:
    // JDK 21 pins but adds carriers, so the waits overlap; JDK 24 unmounts.
    for jdk in [21u32, 24] {
        let r = sleepers(40, 4, jdk, "sync{wait:100ms}");
        assert_close(
            &format!("Object.wait on JDK {jdk}"),
            r.sim_time_s,
            0.1,
            0.001,
        );
        if jdk == 21 {
            assert!(
                r.server.peak_carriers > 4,
                "compensating carriers: {}",
                r.server.peak_carriers
            );
            assert!(r.server.peak_pinned > 0);
        } else {
            assert_eq!((r.server.peak_carriers, r.server.peak_pinned), (4, 0));
        }
    }
}

#[test]
fn object_wait_releases_a_shared_monitor() {
    // Ten requests wait 100 ms inside one shared monitor: wait() lets the next
    // one in, so they overlap instead of taking 10 × 100 ms.
    let r = sleepers(10, 4, 24, "sync(queue){wait:100ms}");
    assert_close("wait releases the monitor", r.sim_time_s, 0.1, 0.01);
    let held = sleepers(10, 4, 24, "sync(queue){io:100ms}");
    assert_close("sleep keeps the monitor", held.sim_time_s, 1.0, 0.001);
}

/// The pinning lessons show pinning and nothing else: JDK 21 collapses to
/// 4 carriers ÷ 50 ms, JDK 24 serves the 200 clients at ~200 ÷ 50 ms, and
/// no client waits for a SYN retry on its first connect (at Tomcat's default
/// accept-count of 100, fifty would, and JDK 24's one-second run would take
/// two). The playground's bound for each is what the run saturates at; a
/// `wait` in the block (which gives its carrier a replacement) pins nothing
/// after the block, so JDK 21 then serves the clients as 24 does (the bound
/// once counted the io after such a block as pinned: 4 ÷ 50 ms).
#[test]
fn the_pinning_lessons_show_only_pinning() {
    let lesson = |name: &str, program: Option<&str>| {
        let mut d = threadlab::scenario::preset(name).expect(name).draft();
        // Started just after a young collection: where a warm JVM's run
        // begins in its cycle is drawn per seed, and a pause that falls in
        // this one-second run costs 2 % (GC, not pinning).
        d.set("gc.warm_eden_fill", "0").expect("valid");
        if let Some(p) = program {
            d.set("program", p).expect("a program");
        }
        let cfg = threadlab::scenario::validate(&d).expect("valid");
        let bound = Bounds::of(&cfg).throughput_bound(200.0);
        (threadlab::sim::run(&cfg), bound)
    };
    let (jdk21, bound21) = lesson("pinning-jdk21", None);
    assert_close("JDK 21: 4 ÷ 50 ms", jdk21.goodput_rps, 80.0, 0.02);
    assert_close("JDK 21's bound", jdk21.goodput_rps, bound21, 0.02);
    let (jdk24, bound24) = lesson("pinning-jdk24", None);
    assert_close("JDK 24: 200 ÷ 50 ms", jdk24.goodput_rps, 4000.0, 0.02);
    assert_close("JDK 24's bound", jdk24.goodput_rps, bound24, 0.02);
    for r in [&jdk21, &jdk24] {
        assert_eq!(r.connections.syn_drops, 0, "{:?}", r.connections);
    }
    let waits = "cpu:0.1ms,sync{wait:1ms},io:50ms";
    let (r, bound) = lesson("pinning-jdk21", Some(waits));
    assert_close(
        "JDK 21 after a wait: 200 ÷ 51 ms",
        bound,
        200.0 / 0.0511,
        1e-9,
    );
    assert_close("JDK 21 after a wait, run", r.goodput_rps, bound, 0.02);
}

/// `wait` inside a monitor entered twice gives up both entries and takes
/// both back, as `Object.wait` does: the ten waits overlap, then the monitor
/// serialises the 10 ms after them, and the outer block's exit finds it
/// still held (it once took back only one entry: the exit of a monitor the
/// thread no longer owned panicked in a debug build).
#[test]
fn a_wait_in_a_reentered_monitor_takes_back_every_entry() {
    let r = sleepers(10, 4, 25, "sync(m){sync(m){wait:100ms},cpu:10ms}");
    assert_eq!(r.succeeded, 10, "{:?}", r.ending);
    assert_close("makespan", r.sim_time_s, 0.1 + 10.0 * 0.01, 0.01);
}
