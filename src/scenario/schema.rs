//! Every scenario key: kind, default, unit, allowed range, one line of help,
//! and the real property or tool flag it stands for. The CLI's `schema`
//! command, the validator and the playground's form all read this table.
//!
//! Defaults are the real software's defaults where one exists (Tomcat,
//! HikariCP, the JDK, Spring, hey). Where none exists (cores, costs, memory
//! per object) the value is an assumption and the help says where it comes
//! from.

/// What kind of value a key takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FieldKind {
    /// A whole number in [min, max].
    Int {
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// A number in [min, max].
    Float {
        /// Smallest allowed.
        min: f64,
        /// Largest allowed.
        max: f64,
    },
    /// One of a few words.
    Choice(&'static [&'static str]),
    /// A request program (see `scenario::parse_program`).
    Program,
}

/// Where a key belongs on the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Group {
    /// The load generator.
    Load,
    /// Tomcat, threads, cores, JDK.
    Server,
    /// The request program.
    Program,
    /// HikariCP.
    Db,
    /// `@Async` executors.
    Async,
    /// Memory costs and limit.
    Memory,
    /// Budgets.
    Limits,
    /// What is recorded.
    Record,
    /// The seed.
    Run,
}

/// One key of the scenario.
#[derive(Clone, Copy, Debug)]
pub struct FieldSpec {
    /// Dotted key; `async.*.x` stands for `async.<name>.x`.
    pub key: &'static str,
    /// Value kind and range.
    pub kind: FieldKind,
    /// May be `null` (meaning "not set": derived or unbounded).
    pub nullable: bool,
    /// Default, written as on the command line (`null` = not set).
    pub default: &'static str,
    /// Unit shown next to the value.
    pub unit: &'static str,
    /// The real property, JVM flag or tool option.
    pub property: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// Form group.
    pub group: Group,
}

const fn int(min: i64, max: i64) -> FieldKind {
    FieldKind::Int { min, max }
}
const fn float(min: f64, max: f64) -> FieldKind {
    FieldKind::Float { min, max }
}

macro_rules! f {
    ($key:literal, $kind:expr, $nullable:literal, $default:literal, $unit:literal, $prop:literal, $group:ident, $help:literal) => {
        FieldSpec {
            key: $key,
            kind: $kind,
            nullable: $nullable,
            default: $default,
            unit: $unit,
            property: $prop,
            help: $help,
            group: Group::$group,
        }
    };
}

/// Largest integer a JSON number carries exactly.
const MAX_SAFE: i64 = 9_007_199_254_740_991;

static SCHEMA: &[FieldSpec] = &[
    f!(
        "load.kind",
        FieldKind::Choice(&["closed", "open"]),
        false,
        "closed",
        "",
        "hey/wrk/JMeter vs wrk2 -R/k6 arrival rate",
        Load,
        "closed: a fixed set of workers, each waits for its answer; open: arrivals at a rate whatever the answers"
    ),
    f!(
        "load.concurrency",
        int(1, 100_000),
        false,
        "50",
        "workers",
        "hey -c, wrk -c, JMeter threads",
        Load,
        "closed loop: how many requests the client keeps in flight (hey's default is 50)"
    ),
    f!(
        "load.requests",
        int(1, 100_000_000),
        true,
        "200",
        "requests",
        "hey -n",
        Load,
        "total requests; hey gives each worker n ÷ c of them (hey's default is 200); a duration wins over this"
    ),
    f!(
        "load.duration_s",
        float(0.001, 86_400.0),
        true,
        "null",
        "s",
        "hey -z, wrk -d",
        Load,
        "run for this long instead of a request count; requests still in flight at the end are not counted"
    ),
    f!(
        "load.rate_rps",
        float(0.001, 10_000_000.0),
        false,
        "1000",
        "req/s",
        "wrk2 -R, k6 rate",
        Load,
        "open loop: total arrival rate"
    ),
    f!(
        "load.arrivals",
        FieldKind::Choice(&["constant", "poisson"]),
        false,
        "poisson",
        "",
        "k6 constant-arrival-rate vs Poisson",
        Load,
        "open loop: evenly spaced arrivals, or random (Poisson) ones"
    ),
    f!(
        "load.max_in_flight",
        int(1, 10_000_000),
        true,
        "null",
        "requests",
        "k6 maxVUs, wrk2 -c",
        Load,
        "open loop: the tool's own limit on requests in flight; null = no limit"
    ),
    f!(
        "load.overflow",
        FieldKind::Choice(&["drop", "delay"]),
        false,
        "drop",
        "",
        "k6 dropped_iterations vs wrk2",
        Load,
        "open loop at its limit: drop the arrival (k6) or send it late and count the wait in its latency (wrk2)"
    ),
    f!(
        "load.ramp_up_s",
        float(0.0, 86_400.0),
        false,
        "0",
        "s",
        "JMeter ramp-up period",
        Load,
        "closed loop: worker k starts at k × ramp-up ÷ concurrency"
    ),
    f!(
        "load.timeout_ms",
        float(0.0, 3_600_000.0),
        false,
        "20000",
        "ms",
        "hey -t (20 s)",
        Load,
        "client gives up after this long and counts an error; 0 = never"
    ),
    f!(
        "load.think_ms",
        float(0.0, 3_600_000.0),
        false,
        "0",
        "ms",
        "JMeter timers, k6 sleep",
        Load,
        "closed loop: pause between an answer and the next request"
    ),
    f!(
        "load.loops",
        int(1, 1_000_000_000),
        true,
        "null",
        "per worker",
        "JMeter loop count",
        Load,
        "closed loop: requests per worker (instead of a total); null = use requests"
    ),
    f!(
        "load.client_cpu_ms",
        float(0.0, 1_000.0),
        false,
        "0",
        "ms",
        "load tool on the server machine",
        Load,
        "CPU the load client spends per request on the server's own cores (0 = client on another machine)"
    ),
    f!(
        "load.client_threads",
        int(1, 100_000),
        true,
        "null",
        "threads",
        "GOMAXPROCS (hey, k6), wrk -t, JMeter threads",
        Load,
        "OS threads the client does its per-request CPU work on; null = one per server core (hey's Go runtime); JMeter uses one per user"
    ),
    f!(
        "server.mode",
        FieldKind::Choice(&["platform", "virtual"]),
        false,
        "platform",
        "",
        "spring.threads.virtual.enabled",
        Server,
        "platform: Tomcat's thread pool; virtual: one virtual thread per request on a few carrier threads"
    ),
    f!(
        "server.threads_max",
        int(1, 100_000),
        false,
        "200",
        "threads",
        "server.tomcat.threads.max",
        Server,
        "Tomcat's pool size; a request holds its thread for its whole life (ignored with virtual threads)"
    ),
    f!(
        "server.min_spare",
        int(0, 100_000),
        false,
        "10",
        "threads",
        "server.tomcat.threads.min-spare",
        Server,
        "threads Tomcat starts up front"
    ),
    f!(
        "server.cores",
        int(1, 1_024),
        false,
        "4",
        "cores",
        "availableProcessors()",
        Server,
        "CPU cores of the server (assumption when an article does not say)"
    ),
    f!(
        "server.carriers",
        int(1, 32_767),
        true,
        "null",
        "threads",
        "jdk.virtualThreadScheduler.parallelism",
        Server,
        "carrier threads for virtual threads; null = one per core (the JDK default)"
    ),
    f!(
        "server.max_pool_size",
        int(1, 32_767),
        true,
        "null",
        "threads",
        "jdk.virtualThreadScheduler.maxPoolSize",
        Server,
        "most carriers including compensation for captured carriers; null = max(parallelism, 256) (the JDK default)"
    ),
    f!(
        "server.max_connections",
        int(1, 10_000_000),
        false,
        "8192",
        "connections",
        "server.tomcat.max-connections",
        Server,
        "connections Tomcat keeps open; beyond it new ones wait in the OS backlog"
    ),
    f!(
        "server.accept_count",
        int(0, 10_000_000),
        false,
        "100",
        "connections",
        "server.tomcat.accept-count",
        Server,
        "OS accept backlog beyond max-connections (capped by somaxconn); when full, SYNs are dropped and retried"
    ),
    f!(
        "server.somaxconn",
        int(0, 10_000_000),
        false,
        "4096",
        "connections",
        "net.core.somaxconn",
        Server,
        "the kernel's cap on any accept backlog (4096 on current Linux)"
    ),
    f!(
        "server.jdk",
        int(21, 40),
        false,
        "21",
        "",
        "JDK feature release",
        Server,
        "21–23 pin a virtual thread that blocks inside synchronized; 24+ do not (JEP 491)"
    ),
    f!(
        "server.cpu_model",
        FieldKind::Choice(&["ps", "rr"]),
        false,
        "rr",
        "",
        "OS scheduler model",
        Server,
        "rr: round robin with a quantum (a burst shorter than the quantum runs to the end, as on Linux); ps: idealised processor sharing (n runnable threads each run at cores ÷ n, so bursts that start together end together)"
    ),
    f!(
        "server.quantum_ms",
        float(0.01, 1_000.0),
        false,
        "4",
        "ms",
        "CFS time slice (assumption)",
        Server,
        "how long the OS lets a thread run before switching when there are more runnable threads than cores"
    ),
    f!(
        "server.context_switch_us",
        float(0.0, 1_000.0),
        false,
        "5",
        "µs",
        "OS context switch (assumption)",
        Server,
        "CPU cost of switching between OS threads: paid after each wake-up of a platform thread and per time slice"
    ),
    f!(
        "program",
        FieldKind::Program,
        false,
        "io:50ms",
        "",
        "the controller method",
        Program,
        "steps: cpu:D, io:D, db:D, file:D, wait:D (Object.wait, inside sync), sync{…}, sync(NAME){…}, lock{…}, lock(NAME){…}, async(NAME){…}; D = 50ms, exp(50ms), uniform(10ms,90ms), lognormal(p50=40ms,p99=200ms)"
    ),
    f!(
        "db.pool_size",
        int(1, 100_000),
        false,
        "10",
        "connections",
        "spring.datasource.hikari.maximum-pool-size",
        Db,
        "HikariCP connections; a db step waits for one"
    ),
    f!(
        "db.timeout_ms",
        float(250.0, 3_600_000.0),
        false,
        "30000",
        "ms",
        "spring.datasource.hikari.connection-timeout",
        Db,
        "how long a db step waits for a connection before failing with HTTP 500 (HikariCP's minimum is 250 ms)"
    ),
    f!(
        "async.*.kind",
        FieldKind::Choice(&["pool", "virtual"]),
        true,
        "null",
        "",
        "@Async executor bean",
        Async,
        "pool: ThreadPoolTaskExecutor; virtual: VirtualThreadTaskExecutor / SimpleAsyncTaskExecutor on virtual threads; null = Spring Boot's auto-configured one (virtual when server.mode=virtual)"
    ),
    f!(
        "async.*.core",
        int(0, 1_000_000),
        false,
        "8",
        "threads",
        "ThreadPoolTaskExecutor.corePoolSize",
        Async,
        "pool: threads started before any queueing (Spring Boot's default 8)"
    ),
    f!(
        "async.*.max",
        int(1, 2_147_483_647),
        true,
        "null",
        "threads",
        "ThreadPoolTaskExecutor.maxPoolSize",
        Async,
        "pool: threads added once the queue is full; null = unbounded (Integer.MAX_VALUE)"
    ),
    f!(
        "async.*.queue",
        int(0, 2_147_483_647),
        true,
        "null",
        "tasks",
        "ThreadPoolTaskExecutor.queueCapacity",
        Async,
        "pool: tasks waiting for a thread; null = unbounded; beyond queue and max a task is rejected (HTTP 500)"
    ),
    f!(
        "async.*.limit",
        int(1, 2_147_483_647),
        true,
        "null",
        "tasks",
        "SimpleAsyncTaskExecutor.concurrencyLimit",
        Async,
        "virtual: tasks running at once; the submitter blocks beyond it; null = unbounded"
    ),
    f!(
        "memory.heap_mb",
        float(16.0, 1_048_576.0),
        false,
        "2048",
        "MB",
        "-Xmx / container limit",
        Memory,
        "everything the model counts must fit here, else the run ends out of memory (default: the JVM's 25 % of an 8 GB machine)"
    ),
    f!(
        "memory.base_mb",
        float(0.0, 1_048_576.0),
        false,
        "150",
        "MB",
        "idle JVM footprint (assumption)",
        Memory,
        "memory in use before any load: heap, metaspace, code cache of a small Spring Boot service"
    ),
    f!(
        "memory.xss_kb",
        float(16.0, 1_048_576.0),
        false,
        "1024",
        "KB",
        "-Xss",
        Memory,
        "stack per platform thread: -Xss is 1 MB on Linux x64 (the java launcher's docs) and is counted as committed, as the E2 article does (it reports ~2 GB → ~4 GB going from 200 to 1,000 threads); the OS really commits touched pages only, so this is an upper bound"
    ),
    f!(
        "memory.vthread_bytes",
        float(0.0, 1_048_576.0),
        false,
        "1024",
        "B",
        "JEP 444 (assumption)",
        Memory,
        "per virtual thread: the E2 article says 'a few hundred bytes'; 1 KB is a rounded-up assumption that covers the continuation object"
    ),
    f!(
        "memory.stack_chunk_kb",
        float(0.0, 1_048_576.0),
        false,
        "8",
        "KB",
        "stack chunk (assumption)",
        Memory,
        "extra per unmounted virtual thread: its stack chunk copied to the heap (JEP 444); 8 KB assumes a Spring MVC handler stack of ~100 frames"
    ),
    f!(
        "memory.connection_kb",
        float(0.0, 1_048_576.0),
        false,
        "16",
        "KB",
        "socket.appReadBufSize + appWriteBufSize",
        Memory,
        "per open connection: Tomcat's NIO read and write buffers (socket.appReadBufSize and appWriteBufSize, 8 KB each by default in Tomcat's docs)"
    ),
    f!(
        "memory.request_kb",
        float(0.0, 1_048_576.0),
        false,
        "32",
        "KB",
        "request objects (assumption)",
        Memory,
        "per request inside the server: request/response objects and the handler's live garbage"
    ),
    f!(
        "limits.max_events",
        int(1, 100_000_000_000),
        false,
        "500000000",
        "events",
        "",
        Limits,
        "a run stops here and reports partial results (exit code 3)"
    ),
    f!(
        "limits.max_sim_s",
        float(0.001, 10_000_000.0),
        false,
        "86400",
        "s",
        "",
        Limits,
        "a run stops at this simulated time and reports partial results"
    ),
    f!(
        "record.series_buckets",
        int(10, 5_000),
        false,
        "200",
        "buckets",
        "",
        Record,
        "resolution of the time series (the width adapts to the run)"
    ),
    f!(
        "record.timeline_start_ms",
        float(0.0, 86_400_000.0),
        false,
        "0",
        "ms",
        "",
        Record,
        "start of the thread/carrier timeline window"
    ),
    f!(
        "record.timeline_window_ms",
        float(0.001, 600_000.0),
        false,
        "300",
        "ms",
        "",
        Record,
        "length of the timeline window"
    ),
    f!(
        "record.timeline_lanes",
        int(0, 512),
        false,
        "24",
        "lanes",
        "",
        Record,
        "threads and carriers shown in the timeline"
    ),
    f!(
        "seed",
        int(0, MAX_SAFE),
        false,
        "1",
        "",
        "",
        Run,
        "seed of the random source: same scenario and seed, same result"
    ),
];

/// Every key, in form order.
pub fn schema() -> &'static [FieldSpec] {
    SCHEMA
}

/// The spec of a key (with `async.<name>.x` matched to `async.*.x`), if known.
pub fn field(key: &str) -> Option<&'static FieldSpec> {
    if let Some(rest) = key.strip_prefix("async.") {
        let (name, leaf) = rest.split_once('.')?;
        if !valid_executor_name(name) || leaf.contains('.') {
            return None;
        }
        return SCHEMA
            .iter()
            .find(|f| f.key.strip_prefix("async.*.") == Some(leaf));
    }
    SCHEMA.iter().find(|f| f.key == key)
}

/// Executor and monitor names: a letter, then letters, digits, `_` or `-`, at most 40.
pub fn valid_executor_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && name.len() <= 40
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl FieldKind {
    /// The allowed values in words, for error messages and help.
    pub fn allowed(&self, nullable: bool) -> String {
        let base = match self {
            FieldKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            FieldKind::Float { min, max } => format!("a number from {min} to {max}"),
            FieldKind::Choice(c) => format!("one of {}", c.join(", ")),
            FieldKind::Program => "a request program such as cpu:0.2ms,db:exp(50ms),io:50ms".into(),
        };
        if nullable {
            format!("{base}, or null")
        } else {
            base
        }
    }
}
