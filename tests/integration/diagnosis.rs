//! Issue 10, "the diagnosis says what is true": the resource named as the
//! bottleneck is busy and waited for most of the run, with utilisations that
//! are measured, and every executor and monitor is considered.

use threadlab::scenario::{preset, validate};
use threadlab::sim::report::Resource;
use threadlab::sim::{self, Report};

use crate::helpers::run;

/// Every "N%" in a sentence.
fn percentages(text: &str) -> Vec<f64> {
    text.split('%')
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

fn run_preset(name: &str) -> Report {
    let p = preset(name).expect("preset exists");
    sim::run(&validate(&p.draft()).expect("presets validate"))
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
        r.bottleneck.explanation
    );
    assert!(
        r.bottleneck
            .explanation
            .contains("tomcat threads is 95% busy"),
        "{}",
        r.bottleneck.explanation
    );
}

/// E4 at 100 concurrent requests: the e-mail executor's 50 threads fall
/// behind and its tasks wait 455 ms in its queue; this was "none".
#[test]
fn an_executor_that_falls_behind_is_named() {
    let r = run_preset("e4-platform-100");
    assert_eq!(
        r.bottleneck.resource,
        Resource::Executor,
        "{}",
        r.bottleneck.explanation
    );
    assert!(
        r.bottleneck.explanation.contains("'email'") && r.bottleneck.explanation.contains("455 ms"),
        "{}",
        r.bottleneck.explanation
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
        r.bottleneck.explanation
    );
    let held = percentages(&r.bottleneck.explanation)[0];
    assert!(held > 99.0, "{}", r.bottleneck.explanation);
    assert!(
        r.bottleneck.explanation.contains("'cache'"),
        "{}",
        r.bottleneck.explanation
    );
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
        r.bottleneck.explanation
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
        r.bottleneck.explanation
    );
    assert!(
        r.bottleneck.explanation.contains("compensation"),
        "{}",
        r.bottleneck.explanation
    );
    for p in percentages(&r.bottleneck.explanation) {
        assert!(p <= 100.0, "{}", r.bottleneck.explanation);
    }
}

#[test]
fn no_preset_explains_itself_with_more_than_100_percent() {
    for p in threadlab::scenario::presets() {
        let r = run_preset(p.name);
        for pct in percentages(&r.bottleneck.explanation) {
            assert!(pct <= 100.0, "{}: {}", p.name, r.bottleneck.explanation);
        }
    }
}
