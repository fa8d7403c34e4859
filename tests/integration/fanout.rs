//! Fan-out and join inside a request (`fork{…}`): N equal subtasks on k
//! threads take ⌈N/k⌉ rounds. `CompletableFuture.supplyAsync` without an
//! executor runs them on the common `ForkJoinPool` (availableProcessors − 1
//! threads, no compensation for blocking), or a thread per task where that
//! parallelism is 1 or less; `fork(virtual)` starts a virtual thread each.

use crate::helpers::{assert_close, run_free};
use threadlab::sim::Report;

/// One client, one request at a time, each forking five 100 ms waits.
fn fan_out(program: &str, cores: &str, mode: &str) -> Report {
    run_free(&[
        ("server.mode", mode),
        ("server.cores", cores),
        ("load.concurrency", "1"),
        ("load.requests", "20"),
        ("load.timeout_ms", "0"),
        ("jvm.start", "warm"),
        ("gc.collector", "none"),
        ("program", program),
    ])
}

const FIVE: &str = "io:100ms,io:100ms,io:100ms,io:100ms,io:100ms";

#[test]
fn five_calls_on_the_common_pool_of_three_threads_take_two_rounds() {
    for mode in ["platform", "virtual"] {
        // 4 cores: parallelism 3, so ⌈5/3⌉ = 2 rounds of 100 ms.
        let r = fan_out(&format!("fork{{{FIVE}}}"), "4", mode);
        assert_close(mode, r.latency_ms.mean, 200.0, 0.01);
        assert_eq!(r.executors[0].name, "ForkJoinPool.commonPool");
        // 8 cores: parallelism 7, one round.
        let wide = fan_out(&format!("fork{{{FIVE}}}"), "8", mode);
        assert_close(mode, wide.latency_ms.mean, 100.0, 0.01);
    }
}

#[test]
fn at_two_cores_completable_future_starts_a_thread_per_task() {
    // Parallelism 1: `CompletableFuture` does not use the common pool.
    let r = fan_out(&format!("fork{{{FIVE}}}"), "2", "platform");
    assert_close("mean", r.latency_ms.mean, 100.0, 0.01);
    assert_eq!(
        r.executors[0].name,
        "CompletableFuture.ThreadPerTaskExecutor"
    );
}

#[test]
fn a_virtual_thread_per_subtask_takes_one_round_whatever_the_cores() {
    for cores in ["1", "4"] {
        let r = fan_out(&format!("fork(virtual){{{FIVE}}}"), cores, "virtual");
        assert_close(cores, r.latency_ms.mean, 100.0, 0.01);
        assert_eq!(r.executors[0].completed, 100);
    }
}

#[test]
fn the_join_waits_for_the_longest_subtask() {
    let r = fan_out(
        "cpu:1ms,fork(virtual){io:30ms,io:80ms,io:10ms},cpu:1ms",
        "4",
        "virtual",
    );
    assert_close("mean", r.latency_ms.mean, 82.0, 0.01);
}
