//! A container's CPU limit (`server.cpu_limit`): Linux's CFS bandwidth
//! control grants limit × period of CPU per period on any of the machine's
//! cores, and a burst that spends it early stops every thread until the
//! period ends; the JVM sizes itself by ⌈limit⌉ processors.

use crate::helpers::{Explained, assert_close, run_free};
use threadlab::scenario::{Draft, validate};
use threadlab::sim::Report;
use threadlab::sim::report::Resource;

/// 50 clients of 10 ms of CPU each on `cores` cores, limited to `limit`,
/// under the CPU model `model`.
fn cpu_bound(model: &str, cores: &str, limit: Option<&str>, period_ms: &str) -> Report {
    let mut s = vec![
        ("server.cpu_model", model),
        ("server.mode", "platform"),
        ("server.cores", cores),
        ("server.context_switch_us", "0"),
        ("server.cpu_period_ms", period_ms),
        ("jvm.start", "warm"),
        ("gc.collector", "none"),
        ("load.concurrency", "50"),
        ("load.requests", "5000"),
        ("load.timeout_ms", "0"),
        ("program", "cpu:10ms"),
    ];
    if let Some(l) = limit {
        s.push(("server.cpu_limit", l));
    }
    run_free(&s)
}

#[test]
fn a_constant_burst_stalls_for_the_period_less_quota_over_demand() {
    // Four cores busy spend a one-core quota of 100 ms in 25 ms and stand
    // still for the other 75 ms of every period. Processor sharing: exactly.
    for (limit, period) in [("1", "100"), ("2", "100"), ("1", "20")] {
        let r = cpu_bound("ps", "4", Some(limit), period);
        let (limit_f, period_s) = (
            limit.parse::<f64>().unwrap(),
            period.parse::<f64>().unwrap() / 1000.0,
        );
        let stall = period_s - limit_f * period_s / 4.0;
        let periods = r.sim_time_s / period_s;
        let what = format!("limit {limit}, period {period} ms");
        assert_close(&what, r.server.cpu_throttles as f64, periods, 0.01);
        assert_close(&what, r.server.cpu_throttled_s, periods * stall, 0.01);
        // The limit, not the cores, sets the throughput: limit ÷ 10 ms.
        assert_close(&what, r.throughput_rps, limit_f / 0.010, 0.01);
        let used = r.server.cpu_limit_utilisation.expect("a limit is set");
        assert_close(&what, used, 1.0, 0.01);
    }
}

#[test]
fn round_robin_draws_the_quota_slice_by_slice() {
    // Each core draws its 4 ms slices from the quota; the last draws what
    // is left, and the cores that find none stand still from the moment
    // they look: the stall can be longer by up to a slice per period.
    let r = cpu_bound("rr", "4", Some("1"), "100");
    let periods = r.sim_time_s / 0.1;
    let quantum_share = 0.004 / 0.075;
    assert_close("throttles", r.server.cpu_throttles as f64, periods, 0.01);
    let stalled = r.server.cpu_throttled_s / periods;
    assert!(stalled >= 0.075 - 1e-9, "{stalled}");
    assert_close("stall per period", stalled, 0.075, quantum_share);
    assert_close("throughput", r.throughput_rps, 100.0, 0.01);
}

#[test]
fn without_a_limit_or_below_it_nothing_is_throttled() {
    let free = cpu_bound("rr", "4", None, "100");
    assert_close("four cores", free.throughput_rps, 400.0, 0.01);
    assert_eq!(free.server.cpu_throttles, 0);
    assert_eq!(free.server.cpu_limit_utilisation, None);
    // A limit of the whole machine never runs out.
    let whole = cpu_bound("rr", "4", Some("4"), "100");
    assert_eq!(whole.server.cpu_throttles, 0);
    assert_close("whole machine", whole.throughput_rps, 400.0, 0.01);
}

#[test]
fn the_jvm_sees_the_limit_rounded_up_unless_told_otherwise() {
    let processors = |settings: &[(&str, &str)]| {
        let mut d = Draft::new();
        for (k, v) in settings {
            d.set(k, v).unwrap();
        }
        let c = validate(&d).unwrap();
        (c.server.available_processors, c.server.carriers)
    };
    assert_eq!(processors(&[("server.cores", "8")]), (8, 8));
    let pod = [("server.cores", "8"), ("server.cpu_limit", "1.5")];
    assert_eq!(processors(&pod), (2, 2), "a 1.5-CPU pod: two carriers");
    let small = [("server.cores", "8"), ("server.cpu_limit", "0.25")];
    assert_eq!(processors(&small), (1, 1));
    let flag = [
        ("server.cores", "8"),
        ("server.cpu_limit", "1.5"),
        ("server.active_processor_count", "4"),
    ];
    assert_eq!(processors(&flag), (4, 4), "-XX:ActiveProcessorCount wins");
    let r = run_free(&[
        ("server.mode", "virtual"),
        ("server.cores", "8"),
        ("server.cpu_limit", "1.5"),
        ("program", "io:10ms"),
    ]);
    assert_eq!(r.server.available_processors, 2);
    assert_eq!(r.server.peak_carriers, 2);
}

#[test]
fn under_a_limit_the_client_runs_outside_the_container() {
    // E2's hey shares the server's cores; in a pod it cannot: its CPU per
    // request stops counting on the server's cores, and the page says so.
    let mut d = threadlab::scenario::preset("e2-virtual").unwrap().draft();
    assert!(validate(&d).unwrap().load.client_cpu > 0);
    d.set("server.cpu_limit", "2").unwrap();
    let c = validate(&d).expect("a limit on the default page validates");
    assert_eq!(c.load.client_cpu, 0);
    assert_eq!(
        c.server.read_ahead,
        (0.0, 0.0),
        "a remote client reads nothing ahead"
    );
    let why = threadlab::scenario::field("load.client_cpu_ms").and_then(|f| f.moot);
    assert!(why.is_some_and(|m| m.holds(&c, "load.client_cpu_ms")));
}

#[test]
fn the_diagnosis_names_the_cpu_when_the_limit_binds_below_the_cores() {
    // One core's worth on four: the cores are 25 % busy over the run, yet
    // the CPU is what limits.
    let r = cpu_bound("rr", "4", Some("1"), "100");
    assert!(
        r.server.cpu_utilisation < 0.3,
        "{}",
        r.server.cpu_utilisation
    );
    assert_eq!(r.bottleneck.resource, Resource::Cpu);
    // Its ceiling is the limit's: 1 core ÷ 10 ms.
    let ceiling = r.bottleneck.ceiling_rps.expect("a ceiling");
    assert_close("ceiling", ceiling, 100.0, 0.01);
    assert!(r.bottleneck.explanation().contains("CPU limit"));
}
