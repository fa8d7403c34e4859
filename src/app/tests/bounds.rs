//! The theoretical bounds, natively: E2's ceilings, and pinning counted
//! only for blocking inside synchronized.

use crate::app::run::bounds::Limit;
use crate::app::run::plan::single;
use crate::app::*;
use crate::scenario::{preset, validate};

#[test]
fn bounds_of_e2_name_the_ceilings() {
    let d = preset("e2-platform").unwrap().draft();
    let b = Bounds::of(&validate(&d).unwrap());
    assert_eq!(b.mode, Mode::Platform);
    assert_eq!(b.ceilings[0].resource, Limit::Threads);
    assert!(b.service_ms > 50.0 && b.service_ms < 60.0);
    assert!((b.max_rps() - 100.0 / b.service_ms * 1000.0).abs() < 1e-6);
    assert!((b.latency_bound_ms(2000.0) - 2000.0 / b.max_rps() * 1000.0).abs() < 1e-6);
    assert!((b.latency_bound_ms(1.0) - b.service_ms).abs() < 1e-9);
    let v = Bounds::of(&validate(&single(&d, Mode::Virtual)).unwrap());
    assert_eq!(v.ceilings[0].resource, Limit::Cpu);
}

#[test]
fn pinning_bounds_count_blocking_inside_synchronized_only() {
    let d = preset("pinning-jdk21").unwrap().draft();
    let b = Bounds::of(&validate(&single(&d, Mode::Virtual)).unwrap());
    let c = &b.ceilings[0];
    assert_eq!(c.resource, Limit::Carriers);
    // 4 carriers ÷ (50 ms pinned + 0.1 ms CPU).
    assert!((c.rps - 4.0 / 0.0501).abs() < 1e-6, "{c:?}");
    let formula = c.formula(crate::i18n::Locale::En);
    assert!(formula.contains("JDK 21"), "{formula}");
    let d = preset("pinning-jdk24").unwrap().draft();
    let b = Bounds::of(&validate(&single(&d, Mode::Virtual)).unwrap());
    assert!(b.ceilings.iter().all(|c| c.resource != Limit::Carriers));
}

#[test]
fn a_cpu_limit_and_an_http_client_pool_are_ceilings() {
    // The pod lesson: 2 CPUs of quota for 5 ms of CPU per request.
    let d = preset("pod").unwrap().draft();
    let b = Bounds::of(&validate(&d).unwrap());
    let c = &b.ceilings[0];
    assert_eq!(c.resource, Limit::CpuQuota);
    assert!((c.rps - 2.0 / 0.005).abs() < 1e-6, "{c:?}");
    assert!(
        c.formula(crate::i18n::Locale::En)
            .starts_with("CPU limit ÷ CPU per request = 2 ÷")
    );
    // HttpClient 5's 5 connections per route, each call 50 ms.
    let d = preset("http-pool").unwrap().draft();
    let b = Bounds::of(&validate(&d).unwrap());
    let c = &b.ceilings[0];
    assert_eq!(c.resource, Limit::HttpPool);
    assert!((c.rps - 5.0 / 0.05).abs() < 1e-6, "{c:?}");
    // A fan-out of three calls holds three connections' time per request.
    let mut d = preset("http-pool").unwrap().draft();
    d.set(
        "program",
        "fork{call(inventory),call(inventory),call(inventory)}",
    )
    .unwrap();
    let b = Bounds::of(&validate(&d).unwrap());
    let pool = b
        .ceilings
        .iter()
        .find(|c| c.resource == Limit::HttpPool)
        .unwrap();
    assert!((pool.rps - 5.0 / 0.15).abs() < 1e-6, "{pool:?}");
    // A client with no cap has no ceiling.
    d.set("downstream.inventory.client", "simple").unwrap();
    let b = Bounds::of(&validate(&d).unwrap());
    assert!(b.ceilings.iter().all(|c| c.resource != Limit::HttpPool));
}
