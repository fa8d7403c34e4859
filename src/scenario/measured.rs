//! Parameters measured on this project's reference machine by the real-JVM
//! reference suite (`reference/`, `bash reference/run.sh`), each with the
//! results file it comes from. A figure of the source articles is never one
//! of these: those stay predictions the model is checked against.

/// `Thread.sleep(1 ms)`'s overshoot on Temurin 21.0.8, platform threads:
/// (median, 99th percentile) in µs over 500 sleeps.
/// Source: `reference/results/2026-12-03/sleep_jdk21.json`.
pub const WAKE_PLATFORM_US: (f64, f64) = (111.5, 269.7);

/// The same on virtual threads (the timer, then the unparked virtual
/// thread's wait for a carrier): (median, p99) in µs over 500 sleeps.
/// Source: `reference/results/2026-12-03/sleep_jdk21.json`.
pub const WAKE_VIRTUAL_US: (f64, f64) = (148.9, 464.2);

/// G1's young pauses on Temurin 21 and 25, platform and virtual threads,
/// under the GC item's load (`/alloc?kb=64`, c=200, default heap): (median,
/// 90th percentile by nearest rank) in ms over the 93 young pauses of the
/// four logs pooled. The pauses did not grow with the heap left after them,
/// so their spread is the fixed part's: the model takes p90 ÷ median as
/// `gc.pause_p90_ratio`'s default.
/// Source: `reference/results/2026-12-03/gc_jdk*_*_gc.txt`, pooled by
/// `reference/lib/report.py` (`young_pauses`).
pub const GC_YOUNG_PAUSE_MS: (f64, f64) = (4.98, 11.58);

/// G1's `MinHeapSize` when `-Xms` is not set, MiB: the least a Remark or a
/// full collection shrinks the heap to. The same on Temurin 21.0.8 and
/// 25.0.2 whether -Xmx is the default 6,028 MiB, 256 MiB, 1 or 2 GiB or
/// `MaxRAM` is 1 GiB; with `-Xms` set it is `-Xms`.
/// Source: `reference/results/2026-12-04/g1_heap_flags.txt`.
pub const G1_MIN_HEAP_MB: f64 = 8.0;

/// How long a lock stands free between its release and the waiter it
/// wakes running inside it, in µs: the hand-off of a fair
/// `ReentrantLock(true)`, which no arriving thread may take meanwhile.
/// Measured as the time per acquisition of the fair lock minus that of the
/// non-fair one (whose releasing thread takes it back at once) in the
/// monitor item (8 platform threads, a 50 µs and a 1 ms hold, Temurin 21
/// and 25): 18.9, 22.8, 22.4 and 66.4 µs; this is their median. It includes
/// the one context switch of the wake-up.
/// Source: `reference/results/2026-12-03/monitor_jdk*_hold*us.json`.
pub const LOCK_HANDOFF_US: f64 = 22.6;

/// A connect refused with a reset on loopback, as the client pays it:
/// `socket`, `connect` (failing with ECONNREFUSED) and `close`, µs each: the
/// median of four runs of 200,000 in a row (15.60, 17.22, 17.50 and 17.57
/// µs means). The model takes it as the least time from a client's dial to
/// a refused connect's failure while the service is down
/// (`jvm.down_connect` refused).
/// Source: `reference/results/2026-12-04/refused_connect.txt`, made by
/// `reference/failures/run.sh`.
pub const REFUSED_CONNECT_US: f64 = 17.36;

/// The JIT's warm-up on Temurin 21.0.8: the extra cost of request n on a
/// freshly started Tomcat, `A·e^(−n/τ1) + B·e^(−n/τ2)`, as
/// (A ms, τ1 requests, B ms, τ2 requests). Fitted to the medians of 50
/// buckets of 100 sequential requests (hey -c 1, platform threads) to
/// `/work?n=2000` by `python3 reference/lib/fit_jit.py` (its output:
/// A 1.238 ms, τ1 68, B 0.491 ms, τ2 925; rms residual 0.061 ms). Most of it
/// is Tomcat's and the servlet path's own code: `/sleep?ms=0`, with no
/// handler work, shows 0.48 ms of it at the start on JDK 21 and 1.37 ms on
/// JDK 25. Measured on a plain servlet, not Spring MVC, whose dispatch
/// runs more code cold.
/// Source: `reference/results/2026-12-03/jit_jdk21_work.json`.
pub const JIT_JDK21: (f64, f64, f64, f64) = (1.238, 68.0, 0.491, 925.0);

/// The same on Temurin 25.0.2 (fit output: A 0.666 ms, τ1 73, B 0.379 ms,
/// τ2 1,295; rms residual 0.056 ms).
/// Source: `reference/results/2026-12-03/jit_jdk25_work.json`.
pub const JIT_JDK25: (f64, f64, f64, f64) = (0.666, 73.0, 0.379, 1295.0);

/// `Thread.sleep(10 ms)`'s overshoot on Temurin 21.0.8, platform threads:
/// (smallest, median, 99th percentile, mean) in µs over 200 sleeps. Not a
/// setting: the presets' extra wait takes its shape from it (a floor of
/// 0.559 × the mean, the part above the floor log-normal with σ 0.919; see
/// `presets::EXTRA_WAIT_SHAPE` and `python3 reference/lib/extra_wait.py`).
/// The 10 ms row is the longest sleep measured 200 times (the 100 ms rows
/// have 30, so their p99 is their maximum); platform threads, as a virtual
/// thread's overshoot adds the carrier's hand-off, which the model's own
/// wake-up latency holds.
/// Source: `reference/results/2026-12-03/sleep_jdk21.json`.
pub const SLEEP_10MS_PLATFORM_US: (f64, f64, f64, f64) = (116.8, 192.1, 756.2, 208.8);

/// The share of responses after which Tomcat's thread found the client's
/// next request already in the socket and served it at once, ahead of the
/// queue: the least and the most of 6 runs (Temurin 21.0.8 and 25.0.2, platform
/// threads, Spring's defaults, `hey -n 10000 -c 1000` on `/sleep?ms=50`
/// from the same 2 cores, 3 runs each after a warm-up): the requests after
/// the first wave and before the drain answered within 10 ms of the sleep
/// while ~800 waited in the queue. The six: 16.5, 9.2 and 6.6 % (JDK 21),
/// 14.3, 7.9 and 7.3 % (JDK 25), falling from each JVM's first run to its
/// third (median 8.6 %). With `hey -disable-keepalive` none of 48,000
/// requests was that fast, in any of the 6 runs beside them.
/// Source: `reference/results/2026-12-05-readahead/readahead_jdk*.json`.
pub const READ_AHEAD_SHARES: (f64, f64) = (0.0659, 0.1651);

/// The share of responses after which a core was free for the client to
/// turn its response around at once, in the model of the same runs as
/// [`READ_AHEAD_SHARES`] (`reference/compare.py`'s settings for them: the
/// `cpu` item's CPU per request, hey on the same 2 cores, c=1000, 5 seeds):
/// the responses that found one ÷ all, 0.50 (derived, not measured). The
/// model draws a hit only then (with the cores saturated the measured share
/// was 0.16 %: `reference/results/2026-12-05-storms/`), so the share it
/// draws with is the measured one over this.
pub const READ_AHEAD_FREE_CORE: f64 = 0.50;

/// The JDK `HttpClient`'s work per call on its executor (reading the
/// response, completing the caller's future), µs of CPU per call: (on its
/// default executor's platform `HttpClient-N-Worker-M` threads, on
/// `Executors.newVirtualThreadPerTaskExecutor()`). Measured by the
/// jdkclient item: C virtual threads (50, 400) calling a 10 ms sleep on the
/// suite's Tomcat with `HttpClient.send`, Temurin 21.0.8 and 25.0.2, 3
/// repetitions of 20,000 calls after 50,000 of warm-up. The first is the
/// median of the 12 runs' CPU of the worker threads per call (57.9 to
/// 105.5 µs; it holds the workers' own parks and wake-ups, ~4 context
/// switches a call). The second is derived, as the virtual thread runs on
/// the same carriers as the callers: per JDK and C the carriers' CPU per
/// call with the virtual executor less that with the default one (38.6,
/// 55.7, 40.5, 38.4 µs), the median of the four. The client's one
/// `SelectorManager` thread (15 to 60 µs a call, either executor) is not
/// modelled.
/// Source: `reference/results/2026-12-06-jdkclient/jdkclient_jdk*_{default,virtual}.json`
/// (`by_thread_group`).
pub const JDK_CLIENT_TASK_CPU_US: (f64, f64) = (73.7, 39.6);
