//! `@Async` executors: ThreadPoolExecutor's core → queue → max → reject order,
//! and a virtual-thread executor whose concurrency limit blocks the submitter.
//! Each request waits 1 µs before it submits: a request that takes no
//! simulated time at all is refused by validation.

use crate::helpers::{assert_close, run};
use threadlab::app::lesson::{Column, Formula, Theory};
use threadlab::app::{Mode, Setup};
use threadlab::scenario::validate;
use threadlab::sim::report::ResponseCause;

#[test]
fn thread_pool_executor_goes_core_then_queue_then_max_then_rejects() {
    // Seven submissions 1 ms apart to core=2, queue=2, max=4, tasks of 1 s:
    // A,B start threads (core); C,D queue; E,F grow the pool to max; G is
    // rejected. Connections open at no cost, so the requests arrive on time.
    let r = crate::helpers::run_free(&[
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "1000"),
        ("load.requests", "7"),
        ("server.context_switch_us", "0"),
        ("async.mail.kind", "pool"),
        ("async.mail.core", "2"),
        ("async.mail.queue", "2"),
        ("async.mail.max", "4"),
        ("program", "io:1us,async(mail){io:1s}"),
    ]);
    let e = &r.executors[0];
    assert_eq!((e.submitted, e.completed, e.rejected), (7, 6, 1));
    assert_eq!(e.peak_threads, 4);
    // C and D waited for A and B to finish: 998 ms each; the others not at all.
    assert_close("mean queue wait", e.mean_queue_ms, 2.0 * 998.0 / 6.0, 1e-6);
    // The rejected submission fails its HTTP request with a 500.
    assert_eq!(r.responses_by_cause[&ResponseCause::TaskRejected], 1);
    assert_eq!(r.responses_by_cause[&ResponseCause::Ok], 6);
    // A and B end at 1.000/1.001 s and C, D start then: the last ends at 2.001 s.
    assert_close("executor throughput", e.throughput_per_s, 6.0 / 2.001, 1e-6);
}

#[test]
fn a_synchronous_queue_grows_straight_to_max() {
    // queue=0 (SynchronousQueue): past core, new threads up to max, then reject.
    let r = run(&[
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "1000"),
        ("load.requests", "5"),
        ("async.mail.core", "1"),
        ("async.mail.queue", "0"),
        ("async.mail.max", "3"),
        ("program", "io:1us,async(mail){io:1s}"),
    ]);
    let e = &r.executors[0];
    assert_eq!((e.completed, e.rejected, e.peak_threads), (3, 2, 3));
}

#[test]
fn a_concurrency_limit_blocks_the_submitter() {
    // Limit 2, four requests at once: two submit at once, two wait 100 ms for a permit.
    let r = run(&[
        ("load.concurrency", "4"),
        ("load.requests", "4"),
        ("server.mode", "virtual"),
        ("async.mail.kind", "virtual"),
        ("async.mail.limit", "2"),
        ("program", "io:1us,async(mail){io:100ms}"),
    ]);
    let e = &r.executors[0];
    assert_eq!((e.completed, e.rejected), (4, 0));
    assert!(
        r.latency_ms.p50 < 1.0,
        "the first two answer at once: p50 {}",
        r.latency_ms.p50
    );
    assert_close(
        "blocked submitters wait for a permit",
        r.latency_ms.max,
        100.0,
        0.01,
    );
    assert_close("tasks finish in two waves", e.mean_total_ms, 100.0, 0.01);
}

#[test]
fn an_unbounded_virtual_executor_runs_every_task_at_once() {
    let r = run(&[
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "10000"),
        ("load.requests", "1000"),
        ("server.mode", "virtual"),
        ("async.mail.kind", "virtual"),
        ("program", "io:1us,async(mail){io:100ms}"),
    ]);
    let e = &r.executors[0];
    assert_eq!(e.completed, 1000);
    assert_close("no queueing", e.mean_total_ms, 100.0, 0.001);
    assert!(
        r.server.peak_virtual_threads >= 1000,
        "a virtual thread per task"
    );
}

#[test]
fn an_unconfigured_executor_is_spring_boots_default() {
    // Boot's applicationTaskExecutor: 8 core threads and an unbounded queue on
    // platform threads; a virtual-thread executor when virtual threads are on.
    let platform = run(&[
        ("load.concurrency", "20"),
        ("load.requests", "20"),
        ("program", "io:1us,async(jobs){io:100ms}"),
    ]);
    assert_eq!(platform.executors[0].peak_threads, 8);
    assert_close(
        "8 threads, 20 tasks of 100 ms",
        platform.executors[0].mean_total_ms,
        (8.0 * 100.0 + 8.0 * 200.0 + 4.0 * 300.0) / 20.0,
        0.01,
    );
    let virt = run(&[
        ("load.concurrency", "20"),
        ("load.requests", "20"),
        ("server.mode", "virtual"),
        ("program", "io:1us,async(jobs){io:100ms}"),
    ]);
    assert_close(
        "virtual default executor",
        virt.executors[0].mean_total_ms,
        100.0,
        0.01,
    );
}

/// A task submitted from inside another runs on its own executor: each of
/// mail's four threads takes 11 ms a task (1 ms CPU, 10 ms io), not 51 ms
/// with pdf's body in it, and with far more submissions than that the run's
/// mail throughput is the lesson's executor bound, 4 ÷ 11 ms (it once read
/// the nested body as mail's: 4 ÷ 51 ms).
#[test]
fn a_nested_tasks_executor_bound_is_what_the_run_saturates_at() {
    let mut setup = Setup::default();
    for (key, value) in [
        ("load.kind", "closed"),
        ("load.concurrency", "100"),
        ("load.requests", "1000"),
        ("async.mail.kind", "pool"),
        ("async.mail.core", "4"),
        ("async.pdf.kind", "pool"),
        ("async.pdf.core", "64"),
        (
            "program",
            "io:1ms,async(mail){cpu:1ms,async(pdf){io:50ms},io:10ms}",
        ),
    ] {
        setup.edit(None, key, value.to_string());
    }
    let theory = Theory {
        formula: Formula::ExecutorBound,
        column: Column::Platform,
        figure: None,
    };
    let bound = theory
        .value(&setup)
        .expect("a closed loop's executor bound");
    assert_close("4 ÷ 11 ms", bound, 4.0 / 0.011, 1e-9);
    let r = threadlab::sim::run(&validate(&setup.draft_for(Mode::Platform)).expect("valid"));
    let mail = r.executors.iter().find(|e| e.name == "mail").expect("mail");
    assert_eq!((mail.completed, mail.rejected), (1000, 0));
    assert_close("mail's throughput", mail.throughput_per_s, bound, 0.02);
}

/// Settings of a closed loop whose workers keep `@Async` tasks in flight:
/// 20 clients, 400 requests of 5 ms, each starting a 100 ms task; a warm
/// JVM without a collector, so that the figures are the program's alone.
fn tasks_in_flight(executor: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut s = vec![
        ("load.concurrency", "20"),
        ("load.requests", "400"),
        ("load.waits_for", "tasks"),
        ("jvm.start", "warm"),
        ("gc.collector", "none"),
        ("program", "io:5ms,async(mail){io:100ms}"),
    ];
    s.extend_from_slice(executor);
    s
}

/// Each worker sends its next request once its task is done: 20 tasks in
/// flight on virtual threads give 20 ÷ (5 + 100) ms, and the HTTP latency
/// is the request's 5 ms alone (the hand-off shortens it, as E4 stresses).
/// Every worker's 20 cycles of 105 ms end at 2.1 s; the first task is
/// submitted at 5 ms: 400 tasks ÷ 2.095 s.
#[test]
fn workers_that_wait_for_their_tasks_keep_n_tasks_in_flight() {
    let r = crate::helpers::run_free(&tasks_in_flight(&[("async.mail.kind", "virtual")]));
    let e = &r.executors[0];
    assert_eq!((e.submitted, e.completed), (400, 400));
    assert_close("tasks/s", e.throughput_per_s, 400.0 / 2.095, 0.005);
    assert_close("HTTP mean latency", r.latency_ms.mean, 5.0, 0.01);
    // The client waited for its last tasks: nothing was left to drain.
    assert_close("client span", r.sim_time_s, 2.1, 0.005);
    let drained: u64 = (r.drain.iter().flat_map(|d| &d.executors))
        .map(|x| x.queued_at_client_end + x.running_at_client_end)
        .sum();
    assert_eq!(drained, 0, "{:?}", r.drain);
}

/// The same load on a pool of 10 threads: 20 tasks in flight, 10 running,
/// so the pool sets the pace at 10 ÷ 100 ms = 100 tasks/s, and the
/// diagnosis names the executor; the requests themselves still take 5 ms.
#[test]
fn a_pool_smaller_than_the_tasks_in_flight_sets_their_pace() {
    let r = crate::helpers::run_free(&tasks_in_flight(&[
        ("async.mail.kind", "pool"),
        ("async.mail.core", "10"),
        ("async.mail.max", "10"),
        ("async.mail.queue", "1000"),
    ]));
    let e = &r.executors[0];
    assert_eq!((e.submitted, e.completed, e.rejected), (400, 400, 0));
    assert_close("tasks/s", e.throughput_per_s, 100.0, 0.01);
    assert_close("HTTP mean latency", r.latency_ms.mean, 5.0, 0.01);
    assert_eq!(
        r.bottleneck.resource,
        threadlab::sim::report::Resource::Executor
    );
}

/// By default a worker waits for its response only: the same 20 clients
/// then send 20 ÷ 5 ms = 4,000 requests/s and leave their tasks to drain.
#[test]
fn by_default_workers_wait_for_the_response_only() {
    let mut s = tasks_in_flight(&[("async.mail.kind", "virtual")]);
    s.retain(|(k, _)| *k != "load.waits_for");
    let r = crate::helpers::run_free(&s);
    assert_close("req/s", r.throughput_rps, 20.0 / 0.005, 0.01);
    let d = r.drain.expect("tasks ran on after the client");
    assert!(d.after_client_s > 0.09, "{d:?}");
}
