//! What a run produces: counts, latency statistics, time series, a timeline,
//! the outcome and the named bottleneck. Serialised (not read back) for the
//! CLI's JSON and the golden file; the playground's worker posts a digest of
//! it instead (`app::run::digest`), and a permalink holds the scenario, not this.

mod bottleneck;
mod downstream;
mod drain;
mod endpoint;
pub use bottleneck::{Bottleneck, Finding, Pace, Saturation};
pub use downstream::{BulkheadStats, DownstreamStats, GuardStats};
pub use drain::{Drain, ExecutorDrain};
pub use endpoint::{EndpointStats, WAIT_SHARE_THAT_LIMITS};

use std::collections::BTreeMap;

use super::named::named_enum;
pub use super::series::Gauge;
pub use super::timeline::{Lane, LaneKind, LaneState, Segment, Timeline};
pub use super::tool::Tool;

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The run ran its course: every request was answered or failed, or
    /// the load's duration ended (what was left is in `Report::in_flight`).
    Completed,
    /// The run ran its course but hit a memory or thread limit: requests
    /// failed with `OutOfMemoryError`, Tomcat's poller died starting a
    /// thread, or the process ended (the OOM killer, or the JVM itself on
    /// an `OutOfMemoryError`; see `Report::memory`).
    OutOfMemory,
    /// A budget ran out (events, simulated time, or the simulator's own
    /// memory); results are partial.
    BudgetExceeded,
    /// Requests remain but nothing can ever happen again (e.g. all carriers
    /// pinned by threads waiting on each other).
    Deadlock,
}

/// Why a run ended, as facts: `summary::said` puts them into words, in
/// English for the command line and the JSON report, in the page's language
/// for the page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ending {
    /// It ran its course (with [`Outcome::OutOfMemory`], a limit was hit on
    /// the way: see [`MemoryStats::hits`]).
    Ran(Course),
    /// `limits.max_events` events were taken, at `at_s` simulated seconds.
    EventBudget {
        /// The budget, events.
        events: u64,
        /// Simulated seconds when it ran out.
        at_s: f64,
    },
    /// The next event lay past the simulated-time budget.
    TimeBudget {
        /// The budget, simulated seconds.
        max_s: f64,
    },
    /// Whoever drove the run stopped it at its wall-clock budget.
    WallBudget {
        /// The budget, seconds of wall-clock time.
        budget_s: f64,
        /// Simulated seconds when it ran out.
        at_s: f64,
        /// Events taken by then.
        events: u64,
    },
    /// The simulator's own structures passed `limits.max_sim_memory_mb`.
    OwnMemory {
        /// The budget, MiB.
        budget_mib: f64,
        /// Simulated seconds when it was found.
        at_s: f64,
        /// How often it is checked, events.
        every: u64,
        /// What the structures held when checked, MiB.
        held_mib: f64,
        /// The part that held the most.
        most: OwnPart,
        /// How many things that part held.
        most_count: u64,
        /// What it held, MiB.
        most_mib: f64,
    },
    /// Requests remain but nothing is scheduled while they wait.
    Deadlock {
        /// Requests that can never finish.
        stuck: u64,
    },
    /// Requests remain that nothing will ever read: Tomcat's poller died at
    /// `at_s` as it started a thread, and no client timeout ends them.
    PollerDied {
        /// Requests never read.
        stuck: u64,
        /// When the poller died, simulated seconds.
        at_s: f64,
    },
}

impl Default for Ending {
    fn default() -> Ending {
        Ending::Ran(Course::Finished {
            succeeded: 0,
            failed: 0,
        })
    }
}

/// How a run that ran its course ended with its requests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Course {
    /// The load's duration ended with requests in flight that the tool
    /// neither counted as answered nor as failed: it stops at its deadline
    /// ([`Deadline::Cut`](super::tool::Deadline)) or its grace period ended.
    Cut {
        /// The load's duration, s.
        duration_s: f64,
        /// Requests left in flight.
        in_flight: u64,
        /// The load tool.
        tool: Tool,
    },
    /// The duration ended; the tool waited for the requests in flight and
    /// counted them.
    Drained {
        /// The load's duration, s.
        duration_s: f64,
        /// The load tool.
        tool: Tool,
    },
    /// The duration ended and every request sent was answered.
    Answered {
        /// The load's duration, s.
        duration_s: f64,
    },
    /// Every request ran its course (no duration, or it was not reached).
    Finished {
        /// Requests that succeeded.
        succeeded: u64,
        /// Requests that failed or got no response.
        failed: u64,
    },
}

named_enum! {
    /// A part of the simulator's own memory: what its structures hold.
    pub enum OwnPart {
        /// Requests and `@Async` tasks in progress.
        Fibers = "requests_and_tasks",
        /// The event list.
        Events = "pending_events",
        /// Requests the load tool holds back (its CPU, a rate's schedule).
        Client = "client_waiting",
        /// Connections, open or in the accept queue, and keep-alive timers.
        Connections = "connections",
        /// Requests and tasks queued for a platform thread.
        ThreadQueue = "thread_queue",
        /// Virtual threads waiting for a carrier.
        CarrierQueue = "carrier_queue",
        /// Threads waiting for a monitor, a connection or a permit.
        Waiters = "waiters",
        /// Events and connections held by a GC pause.
        GcHeld = "gc_held",
        /// Jobs waiting for a core.
        CoreQueue = "core_queue",
    }
}

named_enum! {
    /// Why the client counted a request as failed without a response.
    pub enum ErrorCause {
        /// The client's timeout passed while the server had the request
        /// (hey: "Client.Timeout exceeded"); the server may go on with it.
        ClientTimeout = "client_timeout",
        /// The timeout passed before the server accepted the connection
        /// (backlog full, SYNs dropped and retried).
        ConnectFailed = "connect_failed",
        /// The server's process ended (the OOM killer, or the JVM exiting or
        /// killed on an `OutOfMemoryError`) while the request was on its
        /// connection: the client reads a reset.
        ConnectionReset = "connection_reset",
        /// Nothing listened while the process was down, and the host or
        /// namespace answered the SYN with a reset: connect() failed at once
        /// (ECONNREFUSED).
        ConnectionRefused = "connection_refused",
        /// Tomcat closed the connection without a response: its executor's
        /// queue was full (`server.tomcat.threads.max-queue-capacity`), the
        /// executor threw `RejectedExecutionException` and the poller closed
        /// the socket. The client reads the end of the stream (hey: "EOF",
        /// measured here).
        ServerClosed = "server_closed",
    }
}

named_enum! {
    /// Why a request got the response it got.
    pub enum ResponseCause {
        /// The program ran to its end: HTTP 200.
        Ok = "ok",
        /// HikariCP's `connectionTimeout` passed: `SQLTransientConnectionException`, HTTP 500.
        PoolTimeout = "pool_timeout",
        /// An `@Async` executor rejected a task: `TaskRejectedException`, HTTP 500.
        TaskRejected = "task_rejected",
        /// An HTTP client's pool had no connection to a downstream within
        /// its lease time-out (HttpClient 5: `ConnectionRequestTimeoutException`):
        /// HTTP 500.
        LeaseTimeout = "lease_timeout",
        /// An HTTP client's pool had as many calls waiting for a connection
        /// as it allows (Reactor Netty: `PoolAcquirePendingLimitException`):
        /// HTTP 500.
        PendingLimit = "pending_limit",
        /// A downstream's rate limit answered 429 Too Many Requests and the
        /// client threw: HTTP 500.
        RateLimited = "rate_limited",
        /// A bulkhead had no permit free, and none came within its wait
        /// (Resilience4j: `BulkheadFullException`): HTTP 500.
        BulkheadFull = "bulkhead_full",
        /// The client's response time-out passed (HttpClient 5:
        /// `SocketTimeoutException`, `ResourceAccessException` from
        /// `RestClient`): HTTP 500.
        ResponseTimeout = "response_timeout",
        /// A downstream answered 5xx (`HttpServerErrorException`): HTTP 500.
        DownstreamError = "downstream_error",
        /// An open circuit breaker refused the call
        /// (`CallNotPermittedException`): HTTP 500.
        CircuitOpen = "circuit_open",
        /// A client rate limiter had no permission within its time-out
        /// (Resilience4j: `RequestNotPermitted`): HTTP 500.
        RequestNotPermitted = "request_not_permitted",
        /// `OutOfMemoryError: Java heap space` in the handler: HTTP 500.
        OutOfMemory = "out_of_memory",
    }
}

named_enum! {
    /// The resource a diagnosis names as the limit.
    #[derive(Default)]
    pub enum Resource {
        /// Nothing on the server: the clients set the pace (or nothing finished).
        #[default]
        None = "none",
        /// The cores.
        Cpu = "cpu",
        /// Tomcat's thread pool.
        TomcatThreads = "tomcat_threads",
        /// The virtual-thread scheduler's carriers.
        Carriers = "carriers",
        /// HikariCP's connections.
        DbPool = "db_pool",
        /// An HTTP client's connections to a downstream service.
        HttpClientPool = "http_client_pool",
        /// A bulkhead's permits (`pool(NAME, n){…}`).
        Bulkhead = "bulkhead",
        /// max-connections and the accept backlog.
        Connections = "connections",
        /// A shared monitor or lock.
        SharedMonitor = "shared_monitor",
        /// An `@Async` executor.
        Executor = "executor",
        /// A downstream service, or the client's cap on calls waiting for
        /// it, refused calls at once.
        Downstream = "downstream",
        /// The client gave up on requests (timeouts, refused connections).
        Client = "client",
        /// A memory or thread limit: `-Xmx`, the OS's thread limit or the
        /// container's memory (see `Report::memory`).
        Memory = "memory",
        /// The garbage collector's stop-the-world pauses.
        Gc = "gc",
    }
}

named_enum! {
    /// Why the diagnosis names its resource, in the order it looks:
    /// memory and the collector first, since either stops or fails
    /// requests whatever the pools do; then the innermost saturated
    /// resource; then a downstream's refusals; then a full accept queue;
    /// then the client's errors; else the load sets the pace.
    #[derive(Default)]
    pub enum Binding {
        /// Nothing finished, or no simulated time passed.
        #[default]
        Nothing = "nothing",
        /// A memory or thread limit was hit (`memory.hits`).
        MemoryLimit = "memory_limit",
        /// Stop-the-world pauses took most of the run, or thrashed.
        GcPauses = "gc_pauses",
        /// Busy above 85 % and waited for most of the run; of several, the
        /// one the others are held waiting for.
        Saturated = "saturated",
        /// A downstream (its rate limit), its client (the cap on pending
        /// acquires) or a bulkhead (no permit within its wait) refused a
        /// share of the calls: those requests failed, whatever the pools
        /// did.
        Refused = "refused",
        /// Connections waited in a full accept queue, or their SYNs were dropped.
        Backlog = "backlog",
        /// Requests failed on the client side, with no saturated resource.
        ClientErrors = "client_errors",
        /// No resource is saturated: the clients or the arrival rate set the pace.
        Load = "load",
    }
}

named_enum! {
    /// A memory or thread limit, and what passing it does.
    pub enum MemoryLimit {
        /// `-Xmx`: `OutOfMemoryError: Java heap space` (see [`LimitEffect`]).
        Heap = "heap",
        /// The OS's thread limit: `OutOfMemoryError: unable to create native
        /// thread` (see [`LimitEffect`]).
        Threads = "threads",
        /// The container's memory limit: the OOM killer ends the process.
        Container = "container",
    }
}

named_enum! {
    /// What passing a limit did, from the least to the most grave (a limit
    /// hit in several ways is said with its gravest).
    pub enum LimitEffect {
        /// The `OutOfMemoryError` was thrown in the request's own thread:
        /// that request failed (HTTP 500), the JVM went on.
        RequestsFailed = "requests_failed",
        /// Thrown in Tomcat's poller as it started a pool thread: the poller
        /// died, and no request was read after it.
        PollerDied = "poller_died",
        /// `-XX:+ExitOnOutOfMemoryError`: the JVM exited and was restarted.
        JvmExited = "jvm_exited",
        /// An agent on the JVM's `ResourceExhausted` event killed it, and it
        /// was restarted.
        JvmKilled = "jvm_killed",
        /// The kernel's OOM killer ended the process, and it was restarted.
        OomKilled = "oom_killed",
    }
}

named_enum! {
    /// Memory by kind, as the memory chart stacks it.
    pub enum MemoryKind {
        /// Heap: the idle service's live objects.
        HeapIdle = "heap_idle",
        /// Heap: requests' live objects.
        HeapRequests = "heap_requests",
        /// Heap: connections' NIO buffers.
        HeapConnections = "heap_connections",
        /// Heap: virtual thread objects.
        HeapVirtualThreads = "heap_virtual_threads",
        /// Heap: unmounted virtual threads' stack chunks.
        HeapStackChunks = "heap_stack_chunks",
        /// Heap: what threads hold in `ThreadLocal`s and per-thread caches.
        HeapThreadLocals = "heap_thread_locals",
        /// Heap: garbage not yet collected.
        HeapGarbage = "heap_garbage",
        /// Native: metaspace, code cache, GC structures, the JVM's threads.
        NativeBase = "native_base",
        /// Native: platform threads' resident stack pages.
        NativeStacks = "native_stacks",
    }
}

named_enum! {
    /// A kind of garbage collection (G1's names).
    pub enum GcKind {
        /// Young generation only.
        Young = "young",
        /// Young plus old regions, after concurrent marking.
        Mixed = "mixed",
        /// The whole heap, marked and compacted.
        Full = "full",
    }
}

named_enum! {
    /// Where a request's time went: a part of its latency. Each moment of a
    /// request, from when its client sent it (or, for wrk and k6, from its
    /// write) to its response, is in exactly one stage, so the stages of one
    /// request add up to its latency. A stop-the-world pause is `gc`
    /// whatever the request was doing through it.
    pub enum Stage {
        /// The load tool's own CPU for the request, and an open-loop
        /// arrival held back at the tool's limit.
        Client = "client",
        /// Opening a connection: the handshake, and SYNs dropped by a full
        /// accept queue and sent again.
        Connect = "connect",
        /// Established, waiting in the accept queue (the listen backlog)
        /// for Tomcat's acceptor, and its accept.
        AcceptQueue = "accept_queue",
        /// Waiting for one of Tomcat's pool threads (platform threads).
        ThreadWait = "thread_wait",
        /// A virtual thread ready to run, waiting for a carrier.
        CarrierWait = "carrier_wait",
        /// Waiting for a HikariCP connection.
        DbPoolWait = "db_pool_wait",
        /// Waiting for an `@Async` executor's permit (a virtual-thread
        /// executor at its concurrency limit).
        ExecutorWait = "executor_wait",
        /// Waiting for a connection from an HTTP client's pool to a
        /// downstream service.
        LeaseWait = "lease_wait",
        /// Waiting for a bulkhead's permit (`pool(NAME, n){…}`), or parked
        /// for a client rate limiter's permission (Resilience4j's
        /// `RateLimiter`; for its whole time-out before a refusal): both
        /// guards that admit calls to a downstream. One stage, since a
        /// stage costs every request its share of time.
        BulkheadWait = "bulkhead_wait",
        /// Sleeping between two tries of a downstream call (a retry's
        /// back-off).
        Backoff = "retry_backoff",
        /// Waiting to enter a shared `synchronized` monitor or lock, or for
        /// a cold JVM's one-off initialisation.
        LockWait = "lock_wait",
        /// A virtual thread blocked while it kept its carrier (pinned inside
        /// `synchronized` before JDK 24, or in `Object.wait`).
        Pinned = "pinned",
        /// On a core, or sharing the cores with other runnable threads.
        Cpu = "cpu",
        /// Blocked in service: sleep, socket, database or HTTP call, file I/O.
        Io = "io",
        /// The world stopped for a garbage collection while the request was
        /// in flight.
        Gc = "gc",
    }
}

impl Stage {
    /// Whether the request waits for something in this stage, rather than
    /// being worked on (its client's work, its connect's round trip, its
    /// CPU and its own blocking calls).
    pub const fn is_wait(self) -> bool {
        !matches!(self, Stage::Client | Stage::Cpu | Stage::Io | Stage::Pinned)
    }
}

/// Stages there are.
pub const STAGES: usize = Stage::ALL.len();

/// Milliseconds spent in each stage, every stage listed.
pub type StageMs = BTreeMap<Stage, f64>;

/// Where successful requests' time went, on average over all of them and
/// over the slowest (those at or above the p99 latency).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Breakdown {
    /// Successful responses it is over.
    pub requests: u64,
    /// Mean time per stage over them, ms (adds up to `latency_ok_ms.mean`).
    pub mean_ms: StageMs,
    /// Requests at or above the p99 latency (of successful responses) it
    /// is over, rounded to whole requests.
    pub p99_requests: u64,
    /// Mean time per stage over those, ms.
    pub p99_ms: StageMs,
    /// How many there were of what the waits are for.
    pub capacity: Capacity,
}

/// How many there were of each resource a request can wait for (as the
/// scenario set them), so the waits can be said with them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Capacity {
    /// Tomcat's `threads.max`.
    pub tomcat_threads: u32,
    /// The virtual-thread scheduler's parallelism (carriers, before any
    /// compensation).
    pub carriers: u32,
    /// HikariCP's `maximum-pool-size`.
    pub db_connections: u32,
}

/// A limit that was hit: when first, how often, and what it cost.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct LimitHit {
    /// Which limit.
    pub limit: MemoryLimit,
    /// When it was first hit, simulated seconds.
    pub first_at_s: f64,
    /// How often it was hit (failed allocations, failed thread starts, kills).
    pub times: u64,
    /// Requests lost to it (failed responses, connection resets, requests
    /// never read).
    pub lost: u64,
    /// What it did (the gravest, when it did several things).
    pub effect: LimitEffect,
    /// Times the process ended because of it (the OOM killer's kills, or
    /// the JVM exiting or killed at its `OutOfMemoryError`).
    #[serde(default)]
    pub ends: u64,
}

/// Memory by kind at its peaks, the limits, and the limits hit.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct MemoryStats {
    /// `-Xmx`, MB.
    pub heap_limit_mb: f64,
    /// The container's (or machine's) memory, MB.
    pub container_limit_mb: f64,
    /// Threads the OS allows the process.
    pub thread_limit: u32,
    /// Most live heap, MB: at most `-Xmx`, which a heap cannot pass.
    pub peak_heap_live_mb: f64,
    /// Most live heap the service asked for, MB: above `-Xmx` when it ran
    /// out (the part beyond was never allocated: those allocations failed
    /// with `OutOfMemoryError`), else the same as `peak_heap_live_mb`.
    pub peak_heap_demand_mb: f64,
    /// Most heap in use (live plus garbage not yet collected), MB: at most
    /// `-Xmx`.
    pub peak_heap_used_mb: f64,
    /// Most native memory resident, MB.
    pub peak_native_mb: f64,
    /// Most resident memory (native plus the heap's touched pages), MB.
    pub peak_resident_mb: f64,
    /// Most address space reserved for thread stacks (`-Xss` each), MB.
    pub peak_stacks_reserved_mb: f64,
    /// The limits hit, in the order of [`MemoryLimit`].
    pub hits: Vec<LimitHit>,
    /// Times the service was restarted after its process ended.
    pub restarts: u32,
    /// Time it waited in its restarter's back-off before those restarts, s
    /// (Kubernetes' CrashLoopBackOff), the start-up time not included (a
    /// wait still running at the run's end is not in it).
    #[serde(default)]
    pub backoff_s: f64,
    /// The longest of those waits, s.
    #[serde(default)]
    pub longest_backoff_s: f64,
    /// When Tomcat's poller died starting a thread, simulated seconds: no
    /// request was read after it (until a restart); absent when it did not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poller_died_at_s: Option<f64>,
}

/// One stop-the-world pause.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub struct GcPause {
    /// When it began, simulated seconds.
    pub at_s: f64,
    /// How long, ms.
    pub ms: f64,
    /// Which collection.
    pub kind: GcKind,
}

/// The garbage collector's work.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct GcStats {
    /// Whether a collector was modelled.
    pub on: bool,
    /// Young collections.
    pub young: u64,
    /// Mixed collections.
    pub mixed: u64,
    /// Full collections.
    pub full: u64,
    /// Sum of pauses, ms.
    pub total_pause_ms: f64,
    /// Longest pause, ms.
    pub max_pause_ms: f64,
    /// Share of the run spent in pauses (0–1).
    pub pause_share: f64,
    /// Allocated by requests, MB.
    pub allocated_mb: f64,
    /// Young generation's size at the last collection, MB.
    pub young_mb: f64,
    /// `-Xms`, MB: the heap G1 commits as the JVM starts.
    #[serde(default)]
    pub heap_initial_mb: f64,
    /// The committed heap at the run's start, MB: what start-up's
    /// concurrent cycle left of `-Xms` (in whole regions).
    #[serde(default)]
    pub heap_start_mb: f64,
    /// The committed heap at the end, MB.
    #[serde(default)]
    pub heap_committed_mb: f64,
    /// Most heap committed during the run, MB, at most `-Xmx`.
    #[serde(default)]
    pub peak_heap_committed_mb: f64,
    /// Times G1 grew the heap (by GC time, for room, or at a Remark or
    /// after a full collection to keep `MinHeapFreeRatio` free).
    #[serde(default)]
    pub heap_expansions: u64,
    /// Times G1 shrank the heap (at a Remark or after a full collection,
    /// to at most `MaxHeapFreeRatio` free).
    #[serde(default)]
    pub heap_shrinks: u64,
    /// Concurrent cycles that reached their Remark. Each is two short
    /// pauses in G1's log (Remark and Cleanup) that the model does not
    /// stop the world for: they are not in the pauses above.
    #[serde(default)]
    pub concurrent_cycles: u64,
    /// Most live data a collection copied (its pause's variable part), MB.
    pub peak_copied_mb: f64,
    /// Of that, unmounted virtual threads' stack chunks, MB.
    pub peak_copied_stack_chunks_mb: f64,
    /// When three pauses in a row each lasted longer than the work between
    /// them (back-to-back collections: GC thrashing), simulated seconds;
    /// absent when it did not happen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrashing_from_s: Option<f64>,
    /// Pauses in order (the first ones, up to a cap).
    pub pauses: Vec<GcPause>,
    /// More pauses happened than are listed.
    pub pauses_truncated: bool,
}

/// What starting cold cost.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct WarmupStats {
    /// The run started on a freshly started JVM.
    pub cold: bool,
    /// When the first request's one-off initialisation ended, simulated
    /// seconds; absent when there was none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_request_done_s: Option<f64>,
    /// Platform threads created (and paid for) while cold.
    pub threads_started: u64,
    /// The JIT's extra CPU per request at the end, ms (0 = its warm-up is
    /// over).
    pub jit_extra_ms_at_end: f64,
}

/// Latency statistics of responses (ms).
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Latency {
    /// Mean.
    pub mean: f64,
    /// Fastest.
    pub min: f64,
    /// Median.
    pub p50: f64,
    /// 90th percentile.
    pub p90: f64,
    /// 95th percentile.
    pub p95: f64,
    /// 99th percentile.
    pub p99: f64,
    /// 99.9th percentile.
    pub p999: f64,
    /// Slowest.
    pub max: f64,
}

/// The responses that failed (HTTP 500): how many, how long they took and
/// why, said beside the headline latency, which is of successes only.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct FailedResponses {
    /// Failed responses.
    pub count: u64,
    /// Of every result (responses and client-side errors), %.
    pub pct: f64,
    /// Their latency statistics.
    pub latency_ms: Latency,
    /// Their most frequent cause; absent when none failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<ResponseCause>,
}

/// Client-side failures.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Errors {
    /// All client-side errors.
    pub total: u64,
    /// By cause; every cause is listed.
    pub by_cause: BTreeMap<ErrorCause, u64>,
}

/// Little's law on the client's view: mean in flight = throughput × mean time.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct LittleCheck {
    /// Time-averaged requests in flight (L).
    pub mean_in_flight: f64,
    /// Finished requests (responses + errors) per second (λ).
    pub throughput_rps: f64,
    /// Mean time from send to response or error, s (W).
    pub mean_time_s: f64,
    /// λ·W.
    pub lambda_w: f64,
    /// |L − λW| / L.
    pub rel_error: f64,
}

/// One `@Async` executor's results.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct ExecutorStats {
    /// Bean name.
    pub name: String,
    /// Tasks submitted (accepted or not).
    pub submitted: u64,
    /// Tasks finished.
    pub completed: u64,
    /// Tasks rejected (`TaskRejectedException`).
    pub rejected: u64,
    /// Finished tasks per second from the first submission to the last finish.
    pub throughput_per_s: f64,
    /// Mean time from submission to the start of the task, ms.
    pub mean_queue_ms: f64,
    /// Mean time from submission to the end of the task, ms.
    pub mean_total_ms: f64,
    /// Most threads the executor had.
    pub peak_threads: u32,
}

/// Peaks and averages of server resources.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct ServerStats {
    /// Most platform threads alive at once (all pools).
    pub peak_platform_threads: u32,
    /// Most Tomcat threads busy at once.
    pub peak_tomcat_busy: u32,
    /// Most requests waiting for a Tomcat thread.
    pub peak_tomcat_queue: u32,
    /// Most virtual threads alive at once.
    pub peak_virtual_threads: u32,
    /// Most carriers alive at once (compensation shows above parallelism).
    pub peak_carriers: u32,
    /// Most carriers pinned at once.
    pub peak_pinned: u32,
    /// Most runnable virtual threads waiting for a carrier.
    pub peak_runnable: u32,
    /// Most requests waiting for a DB connection.
    pub peak_db_waiters: u32,
    /// Most connections waiting in the accept backlog.
    pub peak_backlog: u32,
    /// Mean CPU utilisation (0–1) over the run.
    pub cpu_utilisation: f64,
    /// Under a container's CPU limit: the CPU used over what the limit
    /// allows in the run (0–1); absent without a limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_limit_utilisation: Option<f64>,
    /// CFS periods in which the container ran out of its quota and every
    /// thread stood still until the period's end (`cpu.stat`'s `nr_throttled`).
    #[serde(default)]
    pub cpu_throttles: u64,
    /// Time it stood throttled, s (`cpu.stat`'s `throttled_usec`).
    #[serde(default)]
    pub cpu_throttled_s: f64,
    /// What `Runtime.availableProcessors()` returned (the carriers' default).
    #[serde(default)]
    pub available_processors: u32,
    /// Mean fraction of the Tomcat pool busy (platform mode).
    pub tomcat_utilisation: f64,
    /// Mean fraction of the carriers alive that were busy (compensation
    /// adds carriers).
    pub carrier_utilisation: f64,
    /// Mean fraction of DB connections in use.
    pub db_utilisation: f64,
    /// Highest memory use, MB.
    pub peak_memory_mb: f64,
    /// Connection attempts dropped because the backlog was full.
    pub syn_drops: u64,
    /// HikariCP acquisitions that succeeded.
    pub db_acquired: u64,
    /// Mean wait for a DB connection, ms (successful acquisitions).
    pub db_mean_wait_ms: f64,
    /// Requests that were still running on the server after their client gave up.
    pub abandoned: u64,
}

/// A saturated resource held while its holders wait for the one named:
/// Tomcat's threads (or pinned carriers) held by requests that wait for a
/// HikariCP connection, a monitor, a core.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Held {
    /// Which resource.
    pub resource: Resource,
    /// Its utilisation (0–1).
    pub utilisation: f64,
    /// Share of its busy time its holders spent waiting for the named
    /// resource (0–1), where the run measures that wait (a connection, a
    /// monitor, a permit; a core's queue is not recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting_share: Option<f64>,
}

/// Time series, one value per bucket.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct TimeSeries {
    /// Bucket width, s.
    pub bucket_s: f64,
    /// Bucket start times, s.
    pub t_s: Vec<f64>,
    /// Finished requests (responses + errors) per second.
    pub throughput_rps: Vec<f64>,
    /// Successful responses (HTTP 200) per second.
    pub goodput_rps: Vec<f64>,
    /// Client-side errors per second.
    pub errors_rps: Vec<f64>,
    /// Mean response latency, ms (NaN-free: 0 where there were none).
    pub latency_mean_ms: Vec<f64>,
    /// Approximate p50 from coarse bins, ms.
    pub latency_p50_ms: Vec<f64>,
    /// Approximate p99 from coarse bins, ms.
    pub latency_p99_ms: Vec<f64>,
    /// Slowest response, ms.
    pub latency_max_ms: Vec<f64>,
    /// Time-averaged gauges, every gauge listed.
    pub gauges: BTreeMap<Gauge, Vec<f64>>,
    /// Time-averaged memory in use (heap in use plus native), MB (MiB).
    pub memory_mb: Vec<f64>,
    /// The same by kind, MB; every kind listed.
    pub memory_by_kind: BTreeMap<MemoryKind, Vec<f64>>,
    /// Time-averaged fraction of the cores busy.
    pub cpu_utilisation: Vec<f64>,
    /// Async tasks finished per second.
    pub tasks_per_s: Vec<f64>,
    /// Connections opened per second by clients that had had one before.
    pub reconnects_per_s: Vec<f64>,
    /// Per guarded downstream: its tries and breaker over time.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub downstreams: Vec<DownstreamSeries>,
}

/// One downstream's tries and breaker, one value per bucket.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DownstreamSeries {
    /// Its name.
    pub name: String,
    /// Tries sent to it a second: its offered load.
    pub sent_per_s: Vec<f64>,
    /// Tries that failed a second.
    pub failed_per_s: Vec<f64>,
    /// Retries a second.
    pub retries_per_s: Vec<f64>,
    /// Tries its breaker refused a second.
    pub refused_per_s: Vec<f64>,
    /// Share of the bucket its breaker was open (0–1).
    pub open_share: Vec<f64>,
    /// Share of the bucket it was half-open (0–1).
    pub half_open_share: Vec<f64>,
    /// Its fault's start and end, s, if it has one (the end: the run's,
    /// when the fault lasts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault_s: Option<[f64; 2]>,
}

/// What happened to connections.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ConnectionStats {
    /// Connections established (their handshake done).
    pub opened: u64,
    /// Of those, opened by a client that had had one before.
    pub reconnects: u64,
    /// Closed by Tomcat after `max-keep-alive-requests` responses.
    pub closed_after_max_requests: u64,
    /// Closed by Tomcat after `keep-alive-timeout` idle.
    pub closed_idle: u64,
    /// Closed by the client (a request given up, no room to keep it idle,
    /// keep-alive off, JMeter's time-to-live).
    pub closed_by_client: u64,
    /// Closed by Tomcat unread: its executor's queue was full.
    pub closed_queue_full: u64,
    /// SYNs dropped because the accept queue was full.
    pub syn_drops: u64,
    /// Handshakes whose last step (the client's ACK, its request behind it)
    /// found the accept queue full and was retransmitted; each try counts
    /// (with `syn_drops`, Linux's `ListenOverflows`).
    #[serde(default)]
    pub ack_overflows: u64,
    /// Reset when the process ended, by the OOM killer or the JVM's own
    /// end (open, or in the accept queue).
    pub reset_by_oom_kill: u64,
    /// SYNs unanswered while the process was down (`jvm.down_connect`
    /// unanswered).
    pub syns_while_down: u64,
    /// Connects refused with a reset while the process was down
    /// (`jvm.down_connect` refused).
    #[serde(default)]
    pub refused_while_down: u64,
    /// Most connections open at once (each holds a max-connections slot).
    pub peak_open: u32,
    /// Most connections idle at once.
    pub peak_idle: u32,
    /// Most connections waiting in the accept queue at once.
    pub peak_accept_queue: u32,
    /// Mean time an accepted connection waited in the accept queue, ms.
    pub mean_accept_wait_ms: f64,
    /// Share of the run Tomcat's acceptor thread spent accepting (0–1).
    pub acceptor_utilisation: f64,
    /// Closed-loop clients that never got a response.
    pub starved_clients: u64,
}

/// Latency statistics as a load tool computes them, over the results it
/// counts (ms).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ToolLatency {
    /// Results the statistics cover.
    pub count: u64,
    /// Mean.
    pub mean: f64,
    /// Standard deviation.
    pub stdev: f64,
    /// Fastest.
    pub min: f64,
    /// Slowest.
    pub max: f64,
    /// The percentiles it prints: (percent, ms).
    pub percentiles: Vec<(f64, f64)>,
    /// Share within one standard deviation of the mean, % (wrk's "+/- Stdev").
    pub within_stdev_pct: f64,
}

/// The run as the load tool itself counts and prints it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ToolSummary {
    /// The tool.
    pub tool: Tool,
    /// What it counts as requests: hey's results (responses and errors),
    /// wrk's responses, JMeter's samples, k6's `http_reqs`.
    pub requests: u64,
    /// The time it divides by, s.
    pub elapsed_s: f64,
    /// Requests ÷ elapsed.
    pub rate: f64,
    /// Its latency statistics: hey's over responses; wrk's over responses
    /// within `--timeout` (corrected as `stats_correct` does); wrk2's over
    /// responses from when each was due; JMeter's and k6's over every
    /// result, errors included.
    pub latency: ToolLatency,
    /// k6's `http_req_duration{ expected_response:true }` (responses with a
    /// 2xx or 3xx status); `None` (and left out of the JSON) for the
    /// other tools.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ok_latency: Option<ToolLatency>,
    /// Its errors by its own names, in the order it prints them.
    pub errors: Vec<(String, u64)>,
    /// Responses by HTTP status.
    pub status: Vec<(u16, u64)>,
    /// What it counts as failed, % of its requests (hey: errors and non-200
    /// responses of all results; wrk: socket errors and non-2xx of
    /// responses; JMeter's Err %; k6's `http_req_failed`).
    pub error_pct: f64,
    /// hey's response time histogram: (mark, s; responses up to it).
    pub buckets: Vec<(f64, u64)>,
    /// hey's "DNS+dialup" average: connect time over responses, s.
    pub dialup_s: f64,
    /// k6's `dropped_iterations`.
    pub dropped: u64,
    /// k6's `vus_max`, wrk's connections, JMeter's and hey's workers.
    pub clients: u64,
    /// wrk's and wrk2's threads (`-t`).
    pub threads: u64,
    /// wrk's "Req/Sec" row: requests per second per thread, over the run's
    /// time buckets (wrk samples every 100 ms).
    pub thread_rate: ToolLatency,
}

/// A latency histogram for display: bins with their edges.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct HistogramBin {
    /// Lower edge, ms.
    pub from_ms: f64,
    /// Upper edge, ms.
    pub to_ms: f64,
    /// Responses in the bin.
    pub count: u64,
}

impl ToolSummary {
    /// `tool`'s summary with nothing counted yet.
    pub fn empty(tool: Tool) -> ToolSummary {
        ToolSummary {
            tool,
            requests: 0,
            elapsed_s: 0.0,
            rate: 0.0,
            latency: ToolLatency::default(),
            ok_latency: None,
            errors: Vec::new(),
            status: Vec::new(),
            error_pct: 0.0,
            buckets: Vec::new(),
            dialup_s: 0.0,
            dropped: 0,
            clients: 0,
            threads: 0,
            thread_rate: ToolLatency::default(),
        }
    }
}

/// Everything a run produced.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    /// How the run ended.
    pub outcome: Outcome,
    /// Why, as facts (budget reached, memory at the limit, …); in words
    /// through `summary::said::outcome`, and so in the JSON report as
    /// `outcome_detail`.
    #[serde(skip)]
    pub ending: Ending,
    /// Seed used.
    pub seed: u64,
    /// The client's span, simulated seconds: from the start (when the load
    /// tool sends its first request) to its last result, or to where the
    /// tool stopped. Every client figure (throughput, Little's law, the
    /// tool's summary) is taken over it. `@Async` tasks that run on after it
    /// are not in it: `drain` says how long they took.
    pub sim_time_s: f64,
    /// Events taken from the event queue (what `limits.max_events` counts).
    pub events: u64,
    /// Requests the clients issued.
    pub sent: u64,
    /// Open-loop arrivals the tool dropped at its own limit (k6's
    /// `dropped_iterations`); never sent, so in no other count.
    pub dropped: u64,
    /// Requests that got an HTTP response (any status).
    pub completed: u64,
    /// Responses that succeeded (HTTP 200).
    pub succeeded: u64,
    /// Requests still in flight when the run ended.
    pub in_flight: u64,
    /// (responses + errors) ÷ run time, as hey's Requests/sec; 0 when no
    /// simulated time passed (the outcome's detail says so).
    pub throughput_rps: f64,
    /// Successful responses ÷ run time (0 likewise).
    pub goodput_rps: f64,
    /// Response latency statistics, every response (any status), as hey
    /// and wrk count them.
    pub latency_ms: Latency,
    /// Latency of the successful responses (HTTP 200) only: the headline,
    /// as goodput is the headline rate. A fast HTTP 500 (HikariCP's
    /// `connectionTimeout`) would otherwise pull the median down.
    pub latency_ok_ms: Latency,
    /// The failed responses beside it.
    pub failed_responses: FailedResponses,
    /// Client-side failures.
    pub errors: Errors,
    /// Responses by cause; every cause listed.
    pub responses_by_cause: BTreeMap<ResponseCause, u64>,
    /// Little's law on the client's view.
    pub little: LittleCheck,
    /// Server resource peaks and averages.
    pub server: ServerStats,
    /// Per-executor results, over the executor's own span (its first
    /// submission to its last finish, drain included).
    pub executors: Vec<ExecutorStats>,
    /// The downstream services the program calls, in its order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub downstreams: Vec<DownstreamStats>,
    /// The bulkheads the program names, in its order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bulkheads: Vec<BulkheadStats>,
    /// Each endpoint of a mix (none without one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub endpoints: Vec<EndpointStats>,
    /// What the executors still had queued or running when the client was
    /// done, and how long it took; absent when nothing was left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drain: Option<Drain>,
    /// What limits throughput.
    pub bottleneck: Bottleneck,
    /// Memory by kind, limits and the limits hit.
    pub memory: MemoryStats,
    /// Garbage collection.
    pub gc: GcStats,
    /// What starting cold cost.
    pub warmup: WarmupStats,
    /// Time series for charts.
    pub series: TimeSeries,
    /// Latency histogram (log-spaced bins).
    pub histogram: Vec<HistogramBin>,
    /// Thread/carrier timeline over the recorded window.
    pub timeline: Timeline,
    /// Connections: opened, reconnects, closes by whom, the accept queue.
    pub connections: ConnectionStats,
    /// The run as the load tool counts it.
    pub tool: ToolSummary,
    /// Where successful requests' time went, stage by stage.
    pub breakdown: Breakdown,
}

#[cfg(test)]
mod tests;
