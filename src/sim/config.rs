//! The validated, typed configuration of one run.
//!
//! Only the scenario layer builds these (from raw JSON or `--set` pairs, after
//! validation), so the engine can trust every value: counts are at least 1,
//! durations are finite, names resolve.

use super::program::{Dist, Program};
use super::time::Nanos;
pub use super::tool::{Deadline, Tool};

mod resilience;
pub use resilience::{
    Breaker, Fault, RateLimiter, Resilience, Retry, RetryLibrary, RetryOn, WindowType,
};

/// Everything a run needs.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Config {
    /// Seed of the run's only random source.
    pub seed: u64,
    /// The load generator.
    pub load: Load,
    /// Tomcat, the JVM's threads and the cores.
    pub server: Server,
    /// What each request does.
    pub program: Program,
    /// The HikariCP pool.
    pub db: Db,
    /// `@Async` executors, indexed by `Op::Async::executor`.
    pub executors: Vec<Executor>,
    /// The downstream services the program calls (`call(NAME)`), in the
    /// program's order of first appearance.
    pub downstreams: Vec<Downstream>,
    /// Memory by kind and its limits.
    pub memory: Memory,
    /// The JVM's garbage collector.
    pub gc: Gc,
    /// Whether the JVM starts cold, what warming up costs, and what happens
    /// after the kernel kills it.
    pub jvm: Jvm,
    /// When a run gives up.
    pub limits: Limits,
    /// What is recorded for charts.
    pub record: Record,
}

/// How requests are generated.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Load {
    /// Closed or open loop.
    pub kind: LoadKind,
    /// Stop issuing after this much simulated time (hey `-z`); wins over `requests`.
    pub duration: Option<Nanos>,
    /// Total requests (hey `-n`), when no duration is given.
    pub requests: Option<u64>,
    /// The load tool whose connection handling, timeout and counting the
    /// client follows.
    pub tool: Tool,
    /// The tool's request timeout (its own default when the scenario sets
    /// none, see [`Tool::default_timeout`]); `None` = never.
    pub timeout: Option<Nanos>,
    /// JMeter's connect timeout: a connect still unanswered (SYNs dropped)
    /// after this long fails; `None` = the kernel's own limit.
    pub connect_timeout: Option<Nanos>,
    /// Whether requests reuse their connection (HTTP keep-alive); off, every
    /// request opens one and the client closes it after the response.
    pub keep_alive: bool,
    /// A TCP handshake's round trip: a new connection's first request waits
    /// this long before its connection joins the accept queue.
    pub rtt: Nanos,
    /// CPU the client spends per new connection on the server's cores (only
    /// when it shares them, like `client_cpu`).
    pub connect_cpu: Nanos,
    /// CPU the client spends per request on the server's own cores.
    pub client_cpu: Nanos,
    /// The least time a connect refused with a reset takes its client, from
    /// its dial to connect()'s failure (measured here: `socket`, `connect`
    /// and `close`).
    pub refused_connect: Nanos,
    /// OS threads the client does that work on (Go's GOMAXPROCS for hey).
    pub client_threads: u32,
    /// Open loop: the tool's own limit on requests in flight (k6 `maxVUs`,
    /// wrk2 `-c`), and what it does with an arrival beyond it.
    pub max_in_flight: Option<(u32, Overflow)>,
    /// What a closed-loop worker waits for before its next request.
    pub waits_for: WaitsFor,
}

/// What a closed-loop worker waits for before it sends its next request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum WaitsFor {
    /// Its response (every load tool).
    Response,
    /// Its response and every `@Async` task its request started: the
    /// workers keep tasks in flight, not HTTP requests (a benchmark that
    /// counts concurrent background tasks, as E4's does).
    Tasks,
}

/// Closed-loop workers or open-loop arrivals.
#[derive(Clone, Debug, serde::Serialize)]
pub enum LoadKind {
    /// hey / wrk / JMeter: a fixed set of workers, each waits for its answer.
    Closed {
        /// Number of workers (hey `-c`, JMeter threads).
        concurrency: u32,
        /// Pause after each answer.
        think: Nanos,
        /// JMeter ramp-up: worker k starts at k·ramp_up/concurrency.
        ramp_up: Nanos,
        /// JMeter loop count per worker; `None` = derive from `requests`.
        loops: Option<u64>,
    },
    /// wrk2 / k6 constant-arrival-rate: arrivals regardless of answers.
    Open {
        /// Total arrival rate per second.
        rate_rps: f64,
        /// Evenly spaced or Poisson.
        poisson: bool,
    },
}

/// What an open-loop tool does with an arrival while it is at its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Overflow {
    /// k6: the iteration is dropped (counted in `dropped`, never sent).
    Drop,
    /// wrk2: it waits for a free slot; its latency counts from when it was
    /// due, so the wait is not hidden (no coordinated omission).
    Delay,
}

/// Thread model on the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Mode {
    /// Tomcat's pool of platform threads.
    Platform,
    /// `spring.threads.virtual.enabled=true`: one virtual thread per request.
    Virtual,
}

/// How the OS shares cores among runnable platform threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum CpuModel {
    /// Processor sharing: n runnable threads on k cores each run at k/n.
    ProcessorSharing,
    /// Round robin with an explicit quantum and a switch cost per dispatch.
    RoundRobin,
}

/// Server parameters.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Server {
    /// Platform or virtual threads for request handling.
    pub mode: Mode,
    /// `server.tomcat.threads.max`.
    pub threads_max: u32,
    /// `server.tomcat.threads.min-spare`: threads started up front.
    pub min_spare: u32,
    /// `server.tomcat.threads.max-queue-capacity` (Spring Boot 3.3+):
    /// requests Tomcat's executor queues while every thread is busy; beyond
    /// it Tomcat closes the connection unread. `u32::MAX`: unbounded
    /// (Spring Boot's default, `Integer.MAX_VALUE`).
    pub max_queue: u32,
    /// A container's CPU limit, cores (Kubernetes' `resources.limits.cpu`,
    /// cgroup v2's `cpu.max` quota ÷ period): Linux's CFS bandwidth control
    /// (`sim::cpu::Bandwidth`); `None` = no limit.
    pub cpu_limit: Option<f64>,
    /// The period the quota is granted for (`cpu.cfs_period_us`, 100 ms by
    /// default).
    pub cpu_period: Nanos,
    /// What `Runtime.availableProcessors()` returns, which sizes the
    /// carriers: `-XX:ActiveProcessorCount`, else the cores, at most
    /// ⌈quota ÷ period⌉ under a limit (`cpu.shares` no longer counts since
    /// JDK 19, 17.0.5 and 11.0.17, JDK-8281181).
    pub available_processors: u32,
    /// CPU cores.
    pub cores: u32,
    /// `jdk.virtualThreadScheduler.parallelism`: carrier threads.
    pub carriers: u32,
    /// `jdk.virtualThreadScheduler.maxPoolSize`: carriers incl. compensation.
    pub max_pool_size: u32,
    /// `server.tomcat.max-connections`.
    pub max_connections: u32,
    /// Effective accept backlog: min(`accept-count`, `somaxconn`).
    pub backlog: u32,
    /// `server.tomcat.max-keep-alive-requests`: Tomcat closes a connection
    /// after this many requests; `None` = never (-1).
    pub max_keep_alive_requests: Option<u32>,
    /// `server.tomcat.keep-alive-timeout` (else `connection-timeout`): an idle
    /// connection is closed after this long; `None` = never.
    pub keep_alive_timeout: Option<Nanos>,
    /// CPU Tomcat's single acceptor thread spends per new connection
    /// (`accept()`, socket options, the poller's registration).
    pub accept_cost: Nanos,
    /// JDK feature release (21, 24, 25, …).
    pub jdk: u32,
    /// OS CPU sharing model.
    pub cpu_model: CpuModel,
    /// Round-robin quantum (also the slice length for the PS switch overhead).
    pub quantum: Nanos,
    /// Cost of one OS context switch.
    pub context_switch: Nanos,
    /// How late a thread resumes after a blocking wait (io, `Object.wait`)
    /// ends: timer slack, the kernel's wake-up, the JDK's unpark; `None` =
    /// on time.
    pub wake: Option<Dist>,
    /// How long a released monitor or lock stands free before the waiter it
    /// woke runs again to take it (besides the context switch the CPU model
    /// charges): an arriving thread may take it meanwhile, unless the lock is
    /// fair.
    pub handoff: Nanos,
    /// The share of responses on a kept-alive connection after which the
    /// client's next request is already in the socket when Tomcat's thread
    /// reads it again: that thread serves it at once, ahead of the queue
    /// (0–1; platform threads). Each run draws its share uniformly between
    /// the two (equal: that share).
    pub read_ahead: (f64, f64),
}

impl Server {
    /// JEP 491 (JDK 24): virtual threads unmount inside `synchronized`.
    pub fn pins_in_sync(&self) -> bool {
        self.jdk < 24
    }

    /// JDK-8343840 (JDK 25) merged HotSpot's `_cxq` and `_EntryList` into
    /// one `_entry_list` served oldest first: before it, a contended
    /// monitor serves its waiters in LIFO batches.
    pub fn monitor_has_cxq(&self) -> bool {
        self.jdk < 25
    }
}

/// HikariCP.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Db {
    /// `maximumPoolSize`.
    pub pool_size: u32,
    /// `connectionTimeout`.
    pub timeout: Nanos,
    /// The JDBC driver, by what its version does around a query.
    pub driver: Driver,
}

/// JDBC drivers, by whether a query's socket I/O runs inside a monitor
/// the driver takes (which pins a virtual thread on JDK 21–23; JEP 491
/// ends that on JDK 24). Each checked against the driver's sources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Driver {
    /// PostgreSQL pgjdbc 42.6.0 and later: `QueryExecutorImpl` guards the
    /// connection with a `ResourceLock` (a `ReentrantLock`, PR #2635). The
    /// `synchronized` `LruCache.borrow` of 42.7.8 (fixed in 42.7.9) waits
    /// there only while another thread holds the connection's lock, which
    /// a connection HikariCP lends to one request at a time never meets.
    Pgjdbc42_6,
    /// pgjdbc before 42.6.0: `QueryExecutorImpl.execute` is `synchronized`
    /// and reads the socket inside it.
    Pgjdbc42_5,
    /// MySQL Connector/J 9.0.0 and later: the connection's mutex became a
    /// `ReentrantLock` (its 9.0.0 release note, Bug #110512).
    Mysql9,
    /// MySQL Connector/J 8.x: `execSQL` holds the connection's mutex
    /// (`synchronized`) through the socket read.
    Mysql8,
}

impl Driver {
    /// Whether a query's socket I/O runs inside the driver's own monitor.
    pub fn holds_monitor_in_query(self) -> bool {
        matches!(self, Driver::Pgjdbc42_5 | Driver::Mysql8)
    }
}

/// A downstream service called over HTTP, and the client that calls it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Downstream {
    /// Its name, as written in `call(NAME)`.
    pub name: String,
    /// Requests it serves at once (its threads or connections); the rest
    /// queue there, so its latency rises with its load.
    pub concurrency: u32,
    /// Its time to serve one request.
    pub latency: Dist,
    /// The HTTP client the service calls it with.
    pub client: HttpClient,
    /// Connections the client's pool holds to it at most (per route);
    /// `u32::MAX`: no cap.
    pub max_connections: u32,
    /// How long a call waits for a pooled connection before it fails;
    /// `None`: for ever.
    pub lease_timeout: Option<Nanos>,
    /// Calls that may wait for a connection at once; one more fails at
    /// once (Reactor Netty's `PoolAcquirePendingLimitException`). `None`:
    /// no cap.
    pub max_pending: Option<u32>,
    /// The downstream's own rate limit, if it has one: calls beyond it
    /// are answered 429 at once.
    pub rate_limit: Option<RateLimit>,
    /// Where the client completes each call's response before the caller
    /// wakes: the JDK `HttpClient`'s own executor. `None`: on the caller's
    /// side, at no modelled cost (every other client).
    pub handoff: Option<Handoff>,
    /// Its errors and faults, and what the caller does about them.
    pub resilience: Resilience,
}

/// The JDK `HttpClient`'s executor: its selector thread hands each
/// response to it, a task there reads the response and completes the
/// caller's future, and only then does the caller wake. Without
/// `HttpClient.Builder.executor(…)` it is the client's own cached pool of
/// platform threads (`HttpClient-N-Worker-M`), whatever
/// `spring.threads.virtual.enabled` says.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Handoff {
    /// The executor (an index into `Config::executors`).
    pub executor: u16,
    /// Where the task's program starts (an index into the program's ops).
    pub body: u32,
}

/// The name of the JDK `HttpClient`'s executor for calls to `downstream`
/// (an `HttpClient` per downstream, as Spring's
/// `JdkClientHttpRequestFactory()` builds one per factory).
pub fn client_executor_name(downstream: &str) -> String {
    format!("{CLIENT_EXECUTOR_PREFIX}{downstream})")
}

/// What every JDK `HttpClient` executor's name starts with.
const CLIENT_EXECUTOR_PREFIX: &str = "HttpClient(";

/// The name of the executor of thread-pool bulkhead `name`
/// (`threadpool(name){…}`): with a parenthesis, which no `@Async` bean's
/// name has.
pub fn thread_pool_executor_name(name: &str) -> String {
    format!("{THREAD_POOL_PREFIX}{name})")
}

/// What every thread-pool bulkhead's executor name starts with.
const THREAD_POOL_PREFIX: &str = "ThreadPoolBulkhead(";

/// What an executor is for, by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExecutorRole {
    /// An `@Async` bean.
    Async,
    /// Where `fork{…}`'s subtasks run ([`FORK_EXECUTORS`]).
    Fork,
    /// A JDK `HttpClient`'s own ([`client_executor_name`]).
    HttpClient,
    /// A thread-pool bulkhead's ([`thread_pool_executor_name`]): a task
    /// it cannot take fails with `BulkheadFullException`.
    Bulkhead,
}

/// The role of the executor called `name`.
pub fn executor_role(name: &str) -> ExecutorRole {
    if is_fork_executor(name) {
        ExecutorRole::Fork
    } else if name.starts_with(CLIENT_EXECUTOR_PREFIX) {
        ExecutorRole::HttpClient
    } else if name.starts_with(THREAD_POOL_PREFIX) {
        ExecutorRole::Bulkhead
    } else {
        ExecutorRole::Async
    }
}

/// A token bucket in front of a downstream (as Spring Cloud Gateway's
/// `RedisRateLimiter`, Bucket4j or Resilience4j's `RateLimiter` in its
/// server keep one): it refills at `per_s` tokens a second up to `burst`;
/// a call takes a token or is refused with 429 Too Many Requests.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct RateLimit {
    /// Tokens added a second (the sustained rate of calls it admits).
    pub per_s: f64,
    /// Tokens it holds at most (the burst it admits at once); it starts full.
    pub burst: u32,
}

/// The HTTP clients a Spring service calls others with, by what their
/// connection pools do (`scenario::measured` holds their defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HttpClient {
    /// Apache HttpClient 5 (`PoolingHttpClientConnectionManager`), which
    /// `RestClient.builder()` picks when it is on the class path.
    HttpClient5,
    /// Apache HttpClient 4.x: its pool waits for a connection inside
    /// `synchronized(this)` (`AbstractConnPool`), which pins a virtual
    /// thread on JDK 21–23.
    HttpClient4,
    /// The JDK's `java.net.http.HttpClient`.
    Jdk,
    /// `HttpURLConnection` (`SimpleClientHttpRequestFactory`,
    /// `RestTemplate`'s default).
    Simple,
    /// Reactor Netty (`WebClient`, or `RestClient` over it).
    ReactorNetty,
}

impl HttpClient {
    /// Whether a call waiting for a pooled connection waits inside a
    /// monitor. HttpClient 5.4+ (with httpcore5 5.3) does not; before it,
    /// httpcore5 5.2's `BasicFuture.get` did, so choose `httpclient4` to
    /// model 5.0–5.3's pinning too.
    pub fn lease_waits_in_monitor(self) -> bool {
        self == HttpClient::HttpClient4
    }
}

/// The executors `fork{…}` runs subtasks on, by the names they have in
/// the JDK: the common pool, `CompletableFuture`'s thread per task (at a
/// parallelism of 1 or less) and a virtual thread per task. Not `@Async`
/// beans: no `async.<name>` settings configure them.
pub const FORK_EXECUTORS: [&str; 3] = [
    "ForkJoinPool.commonPool",
    "CompletableFuture.ThreadPerTaskExecutor",
    "Executors.newVirtualThreadPerTaskExecutor",
];

/// Whether the executor called `name` runs `fork{…}`'s subtasks (one of
/// [`FORK_EXECUTORS`]), not an `@Async` bean.
pub fn is_fork_executor(name: &str) -> bool {
    FORK_EXECUTORS.contains(&name)
}

/// An `@Async` executor, or one `fork{…}` runs subtasks on.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Executor {
    /// Its bean name, as written in `async(NAME){…}`.
    pub name: String,
    /// Pool or virtual threads.
    pub kind: ExecutorKind,
}

/// The two executor families Spring offers.
#[derive(Clone, Debug, serde::Serialize)]
pub enum ExecutorKind {
    /// `ThreadPoolTaskExecutor`: core → queue → max → reject.
    Pool {
        /// `corePoolSize`.
        core: u32,
        /// `maxPoolSize`.
        max: u32,
        /// `queueCapacity`.
        queue: u32,
    },
    /// `VirtualThreadTaskExecutor` / `SimpleAsyncTaskExecutor` on virtual threads.
    Virtual {
        /// `concurrencyLimit`: submitters block beyond it; `None` = unbounded.
        limit: Option<u32>,
    },
}

/// One mebibyte in bytes: memory is configured and reported in MiB (the
/// JVM's `-Xmx2g` and Linux's RSS count in these units, which the
/// scenario and reports call MB).
pub const MIB: u64 = 1 << 20;

/// Bytes to MiB for reports.
pub fn to_mib(bytes: f64) -> f64 {
    bytes / MIB as f64
}

/// Memory by kind, as the JVM and the OS account for it (all in bytes).
/// Java heap: objects (the idle service's, requests', connections' buffers,
/// virtual threads and their stack chunks). Native: the JVM's own baseline
/// and the pages of thread stacks the threads have touched. `-Xss` is
/// reserved address space, reported but never resident as a whole.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Memory {
    /// `-Xmx`: live heap beyond it is `OutOfMemoryError: Java heap space`
    /// in the request that allocates.
    pub heap_limit: u64,
    /// `-Xms`: the heap G1 commits at the start, at most `heap_limit`;
    /// start-up's concurrent cycle resizes it before the run
    /// (`engine::heap`).
    pub initial_heap: u64,
    /// `MinHeapSize`: the least a Remark or a full collection shrinks the
    /// heap to, at most `initial_heap`: `-Xms` when it is set, else the
    /// JVM's ergonomic 8 MiB (measured here).
    pub min_heap: u64,
    /// The container's memory limit (or the machine's memory): resident
    /// memory beyond it and the kernel's OOM killer ends the process.
    pub container_limit: u64,
    /// Threads the OS lets the process have: the kernel's `pid_max` (or
    /// `threads-max`), a cgroup's `pids.max`, systemd's `TasksMax`,
    /// `ulimit -u`, whichever is lowest: beyond it a thread's start fails
    /// with `OutOfMemoryError: unable to create native thread`.
    pub thread_limit: u32,
    /// Live heap of the idle service (its Spring context), old from the start.
    pub heap_base: u64,
    /// Native memory outside thread stacks: metaspace, code cache, GC
    /// structures, the JVM's own threads, direct buffers.
    pub native_base: u64,
    /// `-Xss`: address space reserved per platform thread.
    pub stack_reserved: u64,
    /// Stack pages a platform thread that serves requests has touched
    /// (resident, never returned), with its native thread structures.
    pub stack_resident: u64,
    /// Heap per live virtual thread (the `VirtualThread` object and its continuation).
    pub virtual_thread: u64,
    /// Heap per unmounted virtual thread: its stack chunk.
    pub stack_chunk: u64,
    /// Heap per open connection (Tomcat's NIO read and write buffers).
    pub connection: u64,
    /// Live heap per request inside the server (request and response
    /// objects, what the handler holds).
    pub request: u64,
    /// Heap a thread holds in its `ThreadLocal`s and per-thread caches once
    /// it has served (a `BufferRecycler`, a date formatter, an MDC map): a
    /// pooled platform thread fills them once and keeps them; a virtual
    /// thread lives one request, so it fills them, and allocates them,
    /// every time.
    pub thread_local: u64,
}

/// The kernel's default `pid_max` (`PID_MAX_DEFAULT`,
/// include/linux/threads.h), the limit a process's threads meet when no
/// pids.max, TasksMax or `ulimit -u` is lower: Docker and Kubernetes set
/// none by default. Every thread of the host counts against it. Measured
/// here (pid_max 32,768, no other limit): a Temurin 25 JVM started 32,429
/// threads before `pthread_create` failed with EAGAIN. A host whose systemd
/// raises pid_max to 4,194,304 (its 50-pid-max.conf, Debian 12's too) meets
/// threads-max instead: the machine's memory ÷ 128 KB.
pub const PID_MAX_DEFAULT: u32 = 32_768;

/// Threads the JVM itself runs besides the pools (GC workers, JIT
/// compilers, Tomcat's acceptor and poller, reference handler, …): they
/// count against the thread limit. An assumption: a 4-core JVM lists
/// about 25 such threads in a thread dump.
pub const JVM_OWN_THREADS: u32 = 25;

/// The garbage collector.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Gc {
    /// G1 is modelled; `false` = no collector (heap = live objects only).
    pub on: bool,
    /// Bytes a request allocates in all (what fills the young generation).
    pub alloc_per_request: u64,
    /// Fixed part of a stop-the-world pause (roots, remembered sets, code
    /// roots), drawn anew for each pause.
    pub pause_base: Dist,
    /// Bytes of live objects the collector copies (or marks and compacts)
    /// per millisecond of pause, all its threads together.
    pub copy_bytes_per_ms: u64,
    /// How full eden is when a warm JVM's run begins, as a share of the
    /// young generation; `None` = drawn uniformly from the run's seed.
    pub warm_eden_fill: Option<f64>,
    /// `GCTimeRatio`: G1 grows the heap when pauses take more than
    /// `1/(1+GCTimeRatio)` of the time (at least 1).
    pub time_ratio: u32,
}

/// How the JVM starts, and what a cold one costs.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Jvm {
    /// The run starts on a freshly started JVM (cold) rather than one that
    /// has served load before (warm).
    pub cold: bool,
    /// CPU of the first request beyond its program (the `DispatcherServlet`
    /// initialised on first use, classes the request path loads); requests
    /// that arrive meanwhile wait for it.
    pub first_request: Nanos,
    /// The JIT's warm-up: extra CPU each request pays before its handler
    /// while the code it runs is not yet compiled.
    pub jit: Jit,
    /// CPU to create and start a platform thread on demand.
    pub thread_start: Nanos,
    /// From the container's (re)start to the service's first answer: the
    /// runtime starting it, the JVM's and Spring Boot's start-up.
    pub restart: Nanos,
    /// What an `OutOfMemoryError` does, as the JVM's flags and agents say.
    pub on_oom: OnOom,
    /// Who restarts the process after it died, and with what back-off.
    pub backoff: Backoff,
    /// What a client's connect meets while the process is down.
    pub down_connect: DownConnect,
}

/// What an `OutOfMemoryError` does (`jvm.on_out_of_memory`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OnOom {
    /// The JVM's default: the error is thrown in the thread that needed the
    /// memory or the thread, and unwinds what that thread was doing.
    Throw,
    /// `-XX:+ExitOnOutOfMemoryError`: the JVM exits at `Java heap space`.
    /// Measured here on Temurin 21 and 25 and OpenJDK 17: it does not act
    /// on `unable to create native thread`, which is thrown as with `Throw`.
    Exit,
    /// A JVMTI agent on the `ResourceExhausted` event (jvmkill, in Cloud
    /// Foundry's Java buildpack): it kills the JVM when a heap allocation or
    /// a thread's start fails.
    Kill,
}

impl OnOom {
    /// Whether the JVM ends when the heap is exhausted.
    pub fn heap_ends_jvm(self) -> bool {
        self != OnOom::Throw
    }

    /// Whether the JVM ends when a thread cannot be started.
    pub fn thread_ends_jvm(self) -> bool {
        self == OnOom::Kill
    }
}

/// Who restarts a process that died, and how long they wait before each
/// restart (`jvm.restart_backoff`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Backoff {
    /// The kubelet: the first restart at once, then 10 s, doubling to 5 min;
    /// a container that ran 10 min without exiting starts over.
    Kubernetes,
    /// Docker's restart policy: 100 ms, doubling to 1 min; a container
    /// that ran 10 s starts over.
    Docker,
}

/// What a connect meets while the process is down (`jvm.down_connect`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DownConnect {
    /// The host or the pod's network namespace is still there and nothing
    /// listens on the port: Linux answers the SYN with a reset, and
    /// connect() fails at once (ECONNREFUSED).
    Refused,
    /// The address is gone with the container: the SYN is never answered
    /// and is sent again on the kernel's schedule.
    Unanswered,
}

/// The JIT's warm-up as extra CPU per request: request n (from 0, in the
/// order handlers begin) pays `interpreted_ns·e^(−n/c1_after) +
/// c1_ns·e^(−n/c2_after)` ns before its handler, on top of its program.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Jit {
    /// Extra CPU at the start that goes as C1 compiles the hot methods
    /// (interpreted code's excess over C1's), ns.
    pub interpreted_ns: f64,
    /// Requests over which it falls by e.
    pub c1_after: f64,
    /// Extra CPU at the start that goes as C2 recompiles them (C1 code's
    /// excess over C2's), ns.
    pub c1_ns: f64,
    /// Requests over which it falls by e.
    pub c2_after: f64,
}

/// Default of [`Limits::max_sim_memory`]: 512 MiB.
pub const DEFAULT_MAX_SIM_MEMORY: u64 = 512 * MIB;

/// Budgets that stop a runaway run; each stops it with
/// [`Outcome::BudgetExceeded`](super::Outcome) and its results so far.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Limits {
    /// Stop after this many events (taken from the event queue; a request
    /// that takes no simulated time is one at least, see `Engine::advance`).
    pub max_events: u64,
    /// Stop at this simulated time.
    pub max_time: Nanos,
    /// Stop when the simulator's own structures that grow with the work in
    /// progress pass this many bytes: requests and tasks in progress,
    /// pending events (a stale time-out at most per request slot), the client's queues, the
    /// accept backlog, pool and executor queues, runnable virtual threads,
    /// waiters for monitors, connections and permits, and the CPU's run
    /// queue. Not the modelled JVM's memory (that is [`Memory`], with its limits).
    ///
    /// The bound: the estimate is the allocated capacity of those
    /// structures, checked every `FOOTPRINT_EVERY` (4,096) events, so it can
    /// pass the budget by what grows in that many events; a buffer that
    /// doubles just before a check can take the process to about twice the
    /// budget, and three times for the instant its contents are copied.
    /// Not counted: the recorders, bounded by [`Record`] (at most 10,000
    /// time buckets of about 1 KB and 20,000 timeline segments).
    pub max_sim_memory: u64,
    /// Stop after this many seconds of real time. The core reads no clock:
    /// whoever drives the run keeps this budget ([`crate::sim::run_timed`]),
    /// since an event budget does not bound the time an event costs.
    pub max_wall_s: f64,
}

/// What to record for charts.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Record {
    /// Target number of time-series buckets (the width adapts to the run).
    pub series_buckets: u32,
    /// Start of the thread/carrier timeline window.
    pub timeline_start: Nanos,
    /// Length of the timeline window.
    pub timeline_window: Nanos,
    /// At most this many lanes (threads or carriers) in the timeline.
    pub timeline_lanes: u32,
}

/// Threads the JVM starts before its first request: Tomcat's spare threads
/// on platform threads, and the carriers when virtual threads run requests
/// or an `@Async` executor (the engine starts these; validation checks that
/// their stacks fit the container).
pub fn threads_at_start(server: &Server, executors: &[Executor]) -> StartThreads {
    let platform = match server.mode {
        Mode::Platform => server.min_spare.min(server.threads_max),
        Mode::Virtual => 0,
    };
    let virtual_executor =
        (executors.iter()).any(|e| matches!(e.kind, ExecutorKind::Virtual { .. }));
    let carriers = if server.mode == Mode::Virtual || virtual_executor {
        server.carriers
    } else {
        0
    };
    StartThreads { platform, carriers }
}

/// See [`threads_at_start`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartThreads {
    /// Tomcat's platform threads.
    pub platform: u32,
    /// Carrier threads of the virtual-thread scheduler.
    pub carriers: u32,
}
