//! An `@Async` executor that falls behind keeps running after the client has
//! its last response. The client's figures (throughput, Little's law, the
//! tool's summary) are taken over the client's span; what the executor did
//! after it is reported on its own, in `drain`.

use crate::helpers::{assert_close, run};

/// 6,000 requests of 10 ms from 10 clients hand 100 ms e-mails to 8
/// threads: the client is done after ~6.1 s, the executor (80 tasks/s)
/// needs ~75 s for the 6,000.
const BEHIND: [(&str, &str); 8] = [
    ("jvm.start", "warm"),
    ("gc.collector", "none"),
    ("load.concurrency", "10"),
    ("load.requests", "6000"),
    ("server.threads_max", "200"),
    ("program", "io:10ms,async(e){io:100ms}"),
    ("async.e.kind", "pool"),
    ("load.tool", "hey"),
];

#[test]
fn littles_law_holds_over_the_clients_span_when_an_executor_drains_after_it() {
    let r = run(&BEHIND);
    // 10 in flight the whole time: L = λ·W = 10.
    assert_close("L", r.little.mean_in_flight, 10.0, 0.01);
    assert!(r.little.rel_error < 0.01, "{:?}", r.little);
    // The client's span: 600 rounds of ~10.1 ms.
    assert_close("client span", r.sim_time_s, 6.07, 0.02);
    assert_close("hey's Total", r.tool.elapsed_s, r.sim_time_s, 1e-9);
    assert_close("req/s", r.throughput_rps, 6000.0 / r.sim_time_s, 1e-9);
}

#[test]
fn the_executors_drain_is_reported_on_its_own() {
    let r = run(&BEHIND);
    let d = r
        .drain
        .as_ref()
        .expect("the executor was behind at the client's end");
    assert!(d.waited, "hey's run waits for the executor's tasks");
    let e = &d.executors[0];
    // At the client's end 8 threads run; of the 6,000, those done by then
    // (~8 per 100 ms over ~6.07 s ≈ 480) are not in the queue.
    assert_eq!(e.running_at_client_end, 8);
    let done_before = 6000 - e.done_in_drain;
    assert_eq!(e.queued_at_client_end + 8 + done_before, 6000);
    assert_close(
        "done before the client's end",
        done_before as f64,
        480.0,
        0.05,
    );
    assert_eq!(e.left_at_end, 0);
    // 6,000 tasks at 80/s end ~75.0 s after the start: ~68.9 s after the client.
    assert_close("drain", d.after_client_s, 75.0 - r.sim_time_s, 0.02);
    assert_close("drain", e.drain_s, d.after_client_s, 1e-9);
    // The tasks done in the drain waited longer than the run's mean wait.
    assert!(e.mean_queue_ms > r.executors[0].mean_queue_ms, "{e:?}");
}

#[test]
fn an_executor_that_keeps_up_drains_only_its_last_tasks() {
    let mut s = BEHIND.to_vec();
    s.push(("program", "io:10ms,async(e){io:1ms}"));
    let fast = run(&s);
    // The 10 clients' last requests hand their 1 ms e-mails to 8 threads
    // together as they answer: 8 run, 2 wait, two rounds of ~1 ms.
    let d = fast.drain.as_ref().expect("the last e-mails run on");
    assert!(d.after_client_s <= 0.0021, "{d:?}");
    let e = &d.executors[0];
    assert_eq!((e.running_at_client_end, e.queued_at_client_end), (8, 2));
    assert_eq!(e.done_in_drain, 10);
    let plain: Vec<_> = (BEHIND.iter().copied())
        .filter(|(k, _)| !k.starts_with("async."))
        .chain([("program", "io:10ms")])
        .collect();
    assert!(run(&plain).drain.is_none(), "no executor, no drain");
}

#[test]
fn k6s_rate_is_over_its_60_s_not_its_graceful_stop() {
    let r = run(&[
        ("jvm.start", "warm"),
        ("gc.collector", "none"),
        ("load.tool", "k6"),
        ("load.kind", "open"),
        ("load.arrivals", "constant"),
        ("load.rate_rps", "300"),
        ("load.duration_s", "60"),
        ("server.threads_max", "200"),
        ("program", "io:10ms,async(e){io:100ms}"),
        ("async.e.kind", "pool"),
    ]);
    // 300/s for 60 s; the last response ~10 ms after 60 s.
    assert_close("http_reqs/s", r.tool.rate, 300.0, 0.01);
    assert_close("client span", r.sim_time_s, 60.0, 0.001);
    assert!(r.little.rel_error < 0.01, "{:?}", r.little);
    let d = r.drain.as_ref().expect("the executor is far behind");
    assert!(d.after_client_s > 0.0);
}
