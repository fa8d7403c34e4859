//! Every scenario key: kind, default, unit, allowed range, one line of help,
//! the real property or tool flag it stands for, and how the playground's
//! form shows it (label, when it is shown, a slider's range). The CLI's
//! `schema` command, the validator and the playground's form all read this
//! table.
//!
//! Defaults are the real software's defaults where one exists (Tomcat,
//! HikariCP, the JDK, Spring, and the load tool chosen in `load.tool`: a
//! `null` default there is the tool's own). Where none exists (cores, costs, memory
//! per object) the value is an assumption and the help says where it comes
//! from.

use crate::i18n::keys::errors;
use crate::i18n::{Part, Phrase};
use crate::sim::config::Mode;

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
    /// `@Async` executors (one set of keys per executor the program names).
    Async,
    /// Memory by kind and its limits.
    Memory,
    /// Garbage collection, warm-up, restart.
    Jvm,
    /// Budgets.
    Limits,
    /// What is recorded.
    Record,
    /// The seed.
    Run,
}

impl Group {
    /// The group's heading on the form.
    pub fn title(self) -> &'static str {
        match self {
            Group::Load => "Load",
            Group::Server => "Server",
            Group::Program => "Request program",
            Group::Db => "HikariCP pool",
            Group::Async => "@Async executors",
            Group::Memory => "Memory",
            Group::Jvm => "JVM",
            Group::Limits => "Budgets",
            Group::Record => "Recording",
            Group::Run => "Run",
        }
    }

    /// One line under the heading.
    pub fn about(self) -> &'static str {
        match self {
            Group::Load => {
                "the client: hey, wrk, JMeter or k6 in a closed loop, or wrk2 or k6 at an arrival rate"
            }
            Group::Server => "Tomcat, threads, cores and the JDK",
            Group::Program => "what the controller method does",
            Group::Db => "spring.datasource.hikari.*",
            Group::Async => "one per async(NAME){…} in the program",
            Group::Memory => "heap and native memory by kind, and the limits",
            Group::Jvm => "G1's pauses, a cold start's costs, the restart after the OOM killer",
            Group::Limits => "every run stops here",
            Group::Record => "chart resolution and the timeline window",
            Group::Run => "the random seed",
        }
    }
}

/// When the playground's form shows a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Whatever the load model.
    Always,
    /// Only for a closed loop (`load.kind = closed`).
    ClosedLoop,
    /// Only for an open loop (`load.kind = open`).
    OpenLoop,
    /// Never as a field of its own (`server.mode`: the page's mode selector
    /// sets it per run).
    Never,
}

impl Shown {
    /// Whether the key is shown for a scenario with this load model.
    pub fn on_form(self, open_loop: bool) -> bool {
        match self {
            Shown::Always => true,
            Shown::ClosedLoop => !open_loop,
            Shown::OpenLoop => open_loop,
            Shown::Never => false,
        }
    }
}

/// A slider's range on the form (the text field beside it takes any value).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slider {
    /// Left end.
    pub min: f64,
    /// Right end.
    pub max: f64,
    /// Whether the slider moves on a logarithmic scale.
    pub log: bool,
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
    /// For a choice: what each of its words means, in the words' order
    /// (empty where the help says it all). The page shows the chosen word's.
    pub choice_help: &'static [&'static str],
    /// Form group.
    pub group: Group,
    /// The words on the form, e.g. "Max threads".
    pub label: &'static str,
    /// When the form shows it.
    pub shown: Shown,
    /// A slider's range, where one helps.
    pub slider: Option<Slider>,
    /// When it has no effect, if it can have none (the form then says so).
    pub moot: Option<super::Moot>,
}

const fn int(min: i64, max: i64) -> FieldKind {
    FieldKind::Int { min, max }
}
const fn float(min: f64, max: f64) -> FieldKind {
    FieldKind::Float { min, max }
}

/// What an entry leaves out: no unit, no property, not nullable, always
/// shown, no slider. (The required parts are placeholders that every
/// `entry!` overrides.)
const OPTIONAL: FieldSpec = FieldSpec {
    key: "",
    kind: FieldKind::Program,
    nullable: false,
    default: "",
    unit: "",
    property: "",
    help: "",
    choice_help: &[],
    group: Group::Run,
    label: "",
    shown: Shown::Always,
    slider: None,
    moot: None,
};

/// One schema entry: the six parts every key has, by name and in this order,
/// then any of `unit`, `property`, `nullable`, `shown`, `slider`, `moot`.
macro_rules! entry {
    (
        key: $key:literal,
        kind: $kind:expr,
        default: $default:literal,
        group: $group:ident,
        label: $label:literal,
        help: $help:literal
        $(, $field:ident: $value:expr)* $(,)?
    ) => {
        FieldSpec {
            key: $key,
            kind: $kind,
            default: $default,
            group: Group::$group,
            label: $label,
            help: $help,
            $($field: $value,)*
            ..OPTIONAL
        }
    };
}

/// Largest integer a JSON number carries exactly.
const MAX_SAFE: i64 = 9_007_199_254_740_991;

static SCHEMA: &[FieldSpec] = &[
    entry! {
        key: "load.tool",
        kind: FieldKind::Choice(&["hey", "wrk", "wrk2", "jmeter", "k6"]),
        default: "null",
        group: Load,
        label: "Load tool",
        help: "whose connections, timeout and counting the client copies; empty = hey for a closed loop, k6 for an arrival rate",
        property: "hey, wrk, wrk2, JMeter, k6",
        nullable: true,
        choice_help: &[
            "-c workers share one Go Transport that keeps at most min(c, 500) idle connections; at -t it cancels the request and closes its connection; errors by cause, latencies of responses only; -z waits for what is in flight",
            "-c connections, each reopened only when the server closes it; at --timeout it keeps waiting, then counts the late response under Socket errors: timeout and leaves its latency out; -d drops what is in flight",
            "wrk at a constant rate (-R) over -c connections, latency counted from when each request was due",
            "one connection per thread, not reused after httpclient4.time_to_live (60 s); connect and response timeouts empty by default; failed samples count in Avg, Min and Max",
            "one connection per VU; 60 s request timeout; arrival-rate executors drop iterations beyond maxVUs",
        ],
    },
    entry! {
        key: "load.kind",
        kind: FieldKind::Choice(&["closed", "open"]),
        default: "closed",
        group: Load,
        label: "Load model",
        help: "closed: a fixed set of workers, each waits for its answer (hey, wrk, JMeter, k6's constant VUs); open: arrivals at a rate whatever the answers (wrk2, k6's arrival-rate executors)",
        property: "hey/wrk/JMeter vs wrk2 -R/k6 arrival rate",
    },
    entry! {
        key: "load.concurrency",
        kind: int(1, 100_000),
        default: "50",
        group: Load,
        label: "Concurrency",
        help: "closed loop: how many requests the client keeps in flight (hey's default is 50)",
        unit: "workers",
        property: "hey -c, wrk -c, JMeter threads",
        shown: Shown::ClosedLoop,
        slider: Some(Slider { min: 1.0, max: 20_000.0, log: true }),
    },
    entry! {
        key: "load.requests",
        kind: int(1, 100_000_000),
        default: "200",
        group: Load,
        label: "Requests",
        help: "total requests; hey gives each worker n ÷ c of them (hey's default is 200); a duration wins over this",
        unit: "requests",
        property: "hey -n",
        nullable: true,
        slider: Some(Slider { min: 100.0, max: 1_000_000.0, log: true }),
        moot: Some(super::Moot::LengthElsewhere),
    },
    entry! {
        key: "load.duration_s",
        kind: float(0.001, 86_400.0),
        default: "null",
        group: Load,
        label: "Duration",
        help: "run for this long instead of a request count; empty = none, except wrk and wrk2, which run their default 10 s. What is in flight at the end is the tool's: hey and JMeter wait for it and count it, k6 waits up to 30 s (gracefulStop), wrk drops it",
        unit: "s",
        property: "hey -z, wrk -d",
        nullable: true,
        slider: Some(Slider { min: 1.0, max: 600.0, log: true }),
    },
    entry! {
        key: "load.rate_rps",
        kind: float(0.001, 10_000_000.0),
        default: "1000",
        group: Load,
        label: "Arrival rate",
        help: "open loop: total arrival rate",
        unit: "req/s",
        property: "wrk2 -R, k6 rate",
        shown: Shown::OpenLoop,
        slider: Some(Slider { min: 1.0, max: 100_000.0, log: true }),
    },
    entry! {
        key: "load.arrivals",
        kind: FieldKind::Choice(&["constant", "poisson"]),
        default: "poisson",
        group: Load,
        label: "Arrivals",
        help: "open loop: evenly spaced arrivals, or random (Poisson) ones",
        property: "k6 constant-arrival-rate vs Poisson",
        shown: Shown::OpenLoop,
    },
    entry! {
        key: "load.max_in_flight",
        kind: int(1, 10_000_000),
        default: "null",
        group: Load,
        label: "Max in flight",
        help: "open loop: the tool's own limit on requests in flight; empty = the tool's: wrk2's 10 connections (-c), or for k6 as many VUs as the arrivals need (as if maxVUs were large enough)",
        unit: "requests",
        property: "k6 maxVUs, wrk2 -c",
        nullable: true,
        shown: Shown::OpenLoop,
    },
    entry! {
        key: "load.overflow",
        kind: FieldKind::Choice(&["drop", "delay"]),
        default: "null",
        group: Load,
        label: "Overflow",
        help: "open loop at its limit: drop the arrival (k6, counted in dropped_iterations) or send it late and count the wait in its latency (wrk2); empty = what the tool does",
        property: "k6 dropped_iterations vs wrk2",
        nullable: true,
        shown: Shown::OpenLoop,
    },
    entry! {
        key: "load.ramp_up_s",
        kind: float(0.0, 86_400.0),
        default: "0",
        group: Load,
        label: "Ramp-up",
        help: "closed loop: worker k starts at k × ramp-up ÷ concurrency",
        unit: "s",
        property: "JMeter ramp-up period",
        shown: Shown::ClosedLoop,
        slider: Some(Slider { min: 0.0, max: 300.0, log: false }),
    },
    entry! {
        key: "load.timeout_ms",
        kind: float(0.0, 3_600_000.0),
        default: "null",
        group: Load,
        label: "Client timeout",
        help: "the tool's request timeout; empty = its own default (hey -t 20 s, wrk and wrk2 --timeout 2 s, JMeter none, k6 60 s); 0 = never (not for wrk, whose --timeout counts every response as late at 0). What happens at it is the tool's own (see load.tool): hey, JMeter and k6 give the request up and close its connection; wrk waits and counts the late response as a timeout",
        unit: "ms",
        property: "hey -t, wrk --timeout, JMeter response timeout, k6 timeout",
        nullable: true,
        slider: Some(Slider { min: 0.0, max: 60_000.0, log: false }),
    },
    entry! {
        key: "load.think_ms",
        kind: float(0.0, 3_600_000.0),
        default: "0",
        group: Load,
        label: "Think time",
        help: "closed loop: pause between an answer and the next request",
        unit: "ms",
        property: "JMeter timers, k6 sleep",
        shown: Shown::ClosedLoop,
        slider: Some(Slider { min: 0.0, max: 2_000.0, log: false }),
    },
    entry! {
        key: "load.loops",
        kind: int(1, 1_000_000_000),
        default: "null",
        group: Load,
        label: "Loops per user",
        help: "closed loop: requests per worker (instead of a total); empty = use requests",
        unit: "per worker",
        property: "JMeter loop count",
        nullable: true,
        shown: Shown::ClosedLoop,
    },
    entry! {
        key: "load.client_cpu_ms",
        kind: float(0.0, 1_000.0),
        default: "0",
        group: Load,
        label: "Client CPU on the server",
        help: "CPU the load client spends per request on the server's own cores (0 = client on another machine)",
        unit: "ms",
        property: "load tool on the server machine",
        slider: Some(Slider { min: 0.0, max: 2.0, log: false }),
    },
    entry! {
        key: "load.client_threads",
        kind: int(1, 100_000),
        default: "null",
        group: Load,
        label: "Client threads",
        help: "OS threads the client does its per-request CPU work on; empty = the tool's: one per server core for hey and k6 (Go's GOMAXPROCS), 2 for wrk and wrk2 (-t), one per user for JMeter",
        unit: "threads",
        property: "GOMAXPROCS (hey, k6), wrk -t, JMeter threads",
        nullable: true,
        moot: Some(super::Moot::NoClientCpu),
    },
    entry! {
        key: "load.keep_alive",
        kind: FieldKind::Choice(&["on", "off"]),
        default: "on",
        group: Load,
        label: "Keep-alive",
        help: "on: a request reuses an open connection the tool's way (see load.tool); off: every request opens a connection and the client closes it after the response",
        property: "hey -disable-keepalive, JMeter Use KeepAlive, k6 noConnectionReuse",
    },
    entry! {
        key: "load.connect_timeout_ms",
        kind: float(0.0, 3_600_000.0),
        default: "null",
        group: Load,
        label: "Connect timeout",
        help: "JMeter's connect timeout (empty by default): a connect whose SYNs are still being dropped fails after this long; empty = none, and the kernel gives up after 6 SYN retries (127 s). Only JMeter has one: hey and k6 time the connect within load.timeout_ms",
        unit: "ms",
        property: "JMeter HTTP Request: Timeouts, Connect",
        nullable: true,
    },
    entry! {
        key: "load.rtt_ms",
        kind: float(0.0, 10_000.0),
        default: "0.1",
        group: Load,
        label: "Network round trip",
        help: "a network round trip between client and server: a new connection's first request waits one for the TCP handshake (0.1 ms, a LAN: an assumption). A request's own round trip is not added: the presets' calibrated waits contain it",
        unit: "ms",
        property: "network RTT (assumption)",
    },
    entry! {
        key: "load.connect_cpu_ms",
        kind: float(0.0, 1_000.0),
        default: "0.01",
        group: Load,
        label: "Client CPU per connect",
        help: "CPU the client spends opening a connection (socket, connect, registering it with its event loop). Its threads (load.client_threads) open connections one after another, so a crowd of clients starting together reaches the server spread out, not in one instant. On the server's cores when the client shares them (load.client_cpu_ms above 0), else on its own machine. 10 µs is an estimate of the system calls involved",
        unit: "ms",
        property: "load tool on the server machine",
    },
    entry! {
        key: "server.mode",
        kind: FieldKind::Choice(&["platform", "virtual"]),
        default: "platform",
        group: Server,
        label: "Mode",
        help: "platform: Tomcat's thread pool; virtual: one virtual thread per request on a few carrier threads",
        property: "spring.threads.virtual.enabled",
        shown: Shown::Never,
    },
    entry! {
        key: "server.threads_max",
        kind: int(1, 100_000),
        default: "200",
        group: Server,
        label: "Max threads",
        help: "Tomcat's pool size; a request holds its thread for its whole life (ignored with virtual threads)",
        unit: "threads",
        property: "server.tomcat.threads.max",
        slider: Some(Slider { min: 1.0, max: 5_000.0, log: true }),
        moot: Some(super::Moot::NoTomcatPool),
    },
    entry! {
        key: "server.min_spare",
        kind: int(0, 100_000),
        default: "10",
        group: Server,
        label: "Min spare threads",
        help: "threads Tomcat starts up front",
        unit: "threads",
        property: "server.tomcat.threads.min-spare",
        slider: Some(Slider { min: 0.0, max: 200.0, log: false }),
        moot: Some(super::Moot::NoTomcatPool),
    },
    entry! {
        key: "server.cores",
        kind: int(1, 1_024),
        default: "4",
        group: Server,
        label: "CPU cores",
        help: "CPU cores of the server (assumption when an article does not say)",
        unit: "cores",
        property: "availableProcessors()",
        slider: Some(Slider { min: 1.0, max: 64.0, log: true }),
    },
    entry! {
        key: "server.carriers",
        kind: int(1, 32_767),
        default: "null",
        group: Server,
        label: "Carrier threads",
        help: "carrier threads for virtual threads; empty = one per core (the JDK default)",
        unit: "threads",
        property: "jdk.virtualThreadScheduler.parallelism",
        nullable: true,
        slider: Some(Slider { min: 1.0, max: 64.0, log: true }),
        moot: Some(super::Moot::NothingVirtual),
    },
    entry! {
        key: "server.max_pool_size",
        kind: int(1, 32_767),
        default: "null",
        group: Server,
        label: "Max carriers",
        help: "most carriers including compensation for captured carriers; empty = max(parallelism, 256) (the JDK default)",
        unit: "threads",
        property: "jdk.virtualThreadScheduler.maxPoolSize",
        nullable: true,
        slider: Some(Slider { min: 1.0, max: 1_024.0, log: true }),
        moot: Some(super::Moot::NothingVirtual),
    },
    entry! {
        key: "server.max_connections",
        kind: int(1, 10_000_000),
        default: "8192",
        group: Server,
        label: "Max connections",
        help: "connections Tomcat keeps open; beyond it new ones wait in the OS backlog",
        unit: "connections",
        property: "server.tomcat.max-connections",
        slider: Some(Slider { min: 10.0, max: 100_000.0, log: true }),
    },
    entry! {
        key: "server.accept_count",
        kind: int(0, 10_000_000),
        default: "100",
        group: Server,
        label: "Accept count",
        help: "the OS accept queue's size (capped by somaxconn; Linux's holds one more): established connections wait there for Tomcat's acceptor, or for a slot beyond max-connections; when full, new SYNs are dropped and sent again after 1 s, 3 s, 7 s …",
        unit: "connections",
        property: "server.tomcat.accept-count",
        slider: Some(Slider { min: 0.0, max: 10_000.0, log: false }),
    },
    entry! {
        key: "server.somaxconn",
        kind: int(0, 10_000_000),
        default: "4096",
        group: Server,
        label: "somaxconn",
        help: "the kernel's cap on any accept backlog (4096 on current Linux)",
        unit: "connections",
        property: "net.core.somaxconn",
    },
    entry! {
        key: "server.max_keep_alive_requests",
        kind: int(-1, 1_000_000_000),
        default: "100",
        group: Server,
        label: "Max keep-alive requests",
        help: "Tomcat closes a connection after this many requests (its last response says Connection: close) and the client opens a new one; -1 = never, 1 = no keep-alive. 100 is Tomcat's default and Spring Boot's",
        unit: "requests",
        property: "server.tomcat.max-keep-alive-requests",
    },
    entry! {
        key: "server.keep_alive_timeout_ms",
        kind: float(-1.0, 3_600_000.0),
        default: "null",
        group: Server,
        label: "Keep-alive timeout",
        help: "Tomcat closes a connection left idle this long between requests; until then it holds a max-connections slot. empty = server.connection_timeout_ms (Tomcat's fallback; Spring Boot sets neither); -1 = never",
        unit: "ms",
        property: "server.tomcat.keep-alive-timeout",
        nullable: true,
    },
    entry! {
        key: "server.connection_timeout_ms",
        kind: float(-1.0, 3_600_000.0),
        default: "60000",
        group: Server,
        label: "Connection timeout",
        help: "Tomcat's connectionTimeout: 60 s in the Connector's own defaults, which embedded Tomcat keeps (the 20 s in Tomcat's server.xml does not apply to Spring Boot). A request line arrives with its connection here, so it matters as the keep-alive timeout's fallback; -1 = never",
        unit: "ms",
        property: "server.tomcat.connection-timeout",
    },
    entry! {
        key: "server.accept_us",
        kind: float(0.0, 1_000_000.0),
        default: "10",
        group: Server,
        label: "Accept cost",
        help: "CPU per new connection on the server: Tomcat's single acceptor thread takes it from the accept queue (accept(), socket options, the hand-off to the poller). While the acceptor is busy new connections wait in the accept queue, and when that is full their SYNs are dropped, so a crowd of connects or a reconnect storm queues there. 10 µs (100,000 connections a second) is an estimate: no article measures it",
        unit: "µs",
        property: "Tomcat acceptor (assumption)",
    },
    entry! {
        key: "server.jdk",
        kind: int(21, 40),
        default: "21",
        group: Server,
        label: "JDK version",
        help: "21–23 pin a virtual thread that blocks inside synchronized; 24+ do not (JEP 491)",
        property: "JDK feature release",
        slider: Some(Slider { min: 21.0, max: 25.0, log: false }),
        moot: Some(super::Moot::NoSyncBlock),
    },
    entry! {
        key: "server.cpu_model",
        kind: FieldKind::Choice(&["ps", "rr"]),
        default: "rr",
        group: Server,
        label: "CPU scheduler",
        help: "rr: round robin with a quantum (a burst shorter than the quantum runs to the end, as on Linux); ps: idealised processor sharing (n runnable threads each run at cores ÷ n, so bursts that start together end together)",
        property: "OS scheduler model",
    },
    entry! {
        key: "server.quantum_ms",
        kind: float(0.01, 1_000.0),
        default: "4",
        group: Server,
        label: "Time slice",
        help: "how long the OS lets a thread run before switching when there are more runnable threads than cores",
        unit: "ms",
        property: "CFS time slice (assumption)",
    },
    entry! {
        key: "server.context_switch_us",
        kind: float(0.0, 1_000.0),
        default: "5",
        group: Server,
        label: "Context switch",
        help: "CPU cost of switching between OS threads: paid after each wake-up of a platform thread and per time slice",
        unit: "µs",
        property: "OS context switch (assumption)",
    },
    entry! {
        key: "program",
        kind: FieldKind::Program,
        default: "io:50ms",
        group: Program,
        label: "Request program",
        help: "steps: cpu:D, io:D, db:D, file:D, wait:D (Object.wait, inside sync), sync{…}, sync(NAME){…}, lock{…}, lock(NAME){…}, async(NAME){…}; D = 50ms, exp(50ms), uniform(10ms,90ms), lognormal(p50=40ms,p99=200ms)",
        property: "the controller method",
    },
    entry! {
        key: "db.pool_size",
        kind: int(1, 100_000),
        default: "10",
        group: Db,
        label: "Pool size",
        help: "HikariCP connections; a db step waits for one",
        unit: "connections",
        property: "spring.datasource.hikari.maximum-pool-size",
        slider: Some(Slider { min: 1.0, max: 2_000.0, log: true }),
        moot: Some(super::Moot::NoDbStep),
    },
    entry! {
        key: "db.timeout_ms",
        kind: float(250.0, 3_600_000.0),
        default: "30000",
        group: Db,
        label: "Connection timeout",
        help: "how long a db step waits for a connection before failing with HTTP 500 (HikariCP's minimum is 250 ms)",
        unit: "ms",
        property: "spring.datasource.hikari.connection-timeout",
        slider: Some(Slider { min: 250.0, max: 60_000.0, log: true }),
        moot: Some(super::Moot::NoDbStep),
    },
    entry! {
        key: "async.*.kind",
        kind: FieldKind::Choice(&["pool", "virtual"]),
        default: "null",
        group: Async,
        label: "Kind",
        help: "pool: ThreadPoolTaskExecutor; virtual: VirtualThreadTaskExecutor / SimpleAsyncTaskExecutor on virtual threads; empty = Spring Boot's auto-configured one (virtual when server.mode=virtual)",
        property: "@Async executor bean",
        nullable: true,
    },
    entry! {
        key: "async.*.core",
        kind: int(0, 1_000_000),
        default: "8",
        group: Async,
        label: "Core",
        help: "pool: threads started before any queueing (Spring Boot's default 8)",
        unit: "threads",
        property: "ThreadPoolTaskExecutor.corePoolSize",
        moot: Some(super::Moot::ExecutorIsVirtual),
    },
    entry! {
        key: "async.*.max",
        kind: int(1, 2_147_483_647),
        default: "null",
        group: Async,
        label: "Max",
        help: "pool: threads added once the queue is full; empty = unbounded (Integer.MAX_VALUE)",
        unit: "threads",
        property: "ThreadPoolTaskExecutor.maxPoolSize",
        nullable: true,
        moot: Some(super::Moot::ExecutorIsVirtual),
    },
    entry! {
        key: "async.*.queue",
        kind: int(0, 2_147_483_647),
        default: "null",
        group: Async,
        label: "Queue",
        help: "pool: tasks waiting for a thread; empty = unbounded; beyond queue and max a task is rejected (HTTP 500)",
        unit: "tasks",
        property: "ThreadPoolTaskExecutor.queueCapacity",
        nullable: true,
        moot: Some(super::Moot::ExecutorIsVirtual),
    },
    entry! {
        key: "async.*.limit",
        kind: int(1, 2_147_483_647),
        default: "null",
        group: Async,
        label: "Limit",
        help: "virtual: tasks running at once; the submitter blocks beyond it; empty = unbounded",
        unit: "tasks",
        property: "SimpleAsyncTaskExecutor.concurrencyLimit",
        nullable: true,
        moot: Some(super::Moot::ExecutorIsPool),
    },
    entry! {
        key: "memory.heap_mb",
        kind: float(16.0, 1_048_576.0),
        default: "null",
        group: Memory,
        label: "Max heap",
        help: "-Xmx: live objects beyond it are OutOfMemoryError: Java heap space in the request that allocates (HTTP 500), and the JVM lives on; empty = the JVM's default, MaxRAMPercentage = 25 % of the container's memory (UseContainerSupport), 2,048 MB of 8 GB",
        unit: "MB",
        property: "-Xmx / -XX:MaxRAMPercentage",
        nullable: true,
        slider: Some(Slider { min: 64.0, max: 32_768.0, log: true }),
    },
    entry! {
        key: "memory.base_mb",
        kind: float(0.0, 1_048_576.0),
        default: "40",
        group: Memory,
        label: "Idle heap",
        help: "live heap of the idle service (its Spring context), in the old generation from the start; 40 MB assumed: Spring's Petclinic keeps ~33 MB live after a collection (A. Wilkinson, \"Memory footprint of the JVM\", spring.io, 2019)",
        unit: "MB",
        property: "heap after GC at idle (assumption)",
    },
    entry! {
        key: "memory.xss_kb",
        kind: float(16.0, 1_048_576.0),
        default: "1024",
        group: Memory,
        label: "Stack reserved",
        help: "-Xss: address space reserved per platform thread (1 MB on Linux x64, the java launcher's default). Reserved, not resident: only the pages a thread touches are (memory.stack_resident_kb). The E2 article counts it as used (200 → 1,000 threads took ~2 GB → ~4 GB)",
        unit: "KB",
        property: "-Xss",
        slider: Some(Slider { min: 64.0, max: 4_096.0, log: true }),
    },
    entry! {
        key: "memory.vthread_bytes",
        kind: float(0.0, 1_048_576.0),
        default: "1024",
        group: Memory,
        label: "Per virtual thread",
        help: "heap per virtual thread: the E2 article says 'a few hundred bytes'; 1 KB is a rounded-up assumption that covers the continuation object",
        unit: "B",
        property: "JEP 444 (assumption)",
    },
    entry! {
        key: "memory.stack_chunk_kb",
        kind: float(0.0, 1_048_576.0),
        default: "8",
        group: Memory,
        label: "Stack chunk",
        help: "heap per unmounted virtual thread: its stack chunk (JEP 444: a heap object the GC scans and copies like any other); 8 KB assumes a Spring MVC handler stack of ~100 frames",
        unit: "KB",
        property: "stack chunk (assumption)",
    },
    entry! {
        key: "memory.connection_kb",
        kind: float(0.0, 1_048_576.0),
        default: "16",
        group: Memory,
        label: "Per connection",
        help: "heap per open connection: Tomcat's NIO read and write buffers (socket.appReadBufSize and appWriteBufSize, 8 KB each by default in Tomcat's docs; heap buffers, as socket.directBuffer is false by default)",
        unit: "KB",
        property: "socket.appReadBufSize + appWriteBufSize",
    },
    entry! {
        key: "memory.request_kb",
        kind: float(0.0, 1_048_576.0),
        default: "8",
        group: Memory,
        label: "Per request",
        help: "live heap per request inside the server, what a collection finds alive and copies (its garbage is gc.alloc_kb). Tomcat recycles its Request and Response objects and their buffers with its processors, so a request holds anew only Spring's wrappers and attributes and the handler's own objects: 8 KB assumed",
        unit: "KB",
        property: "request objects (assumption)",
    },
    entry! {
        key: "memory.stack_resident_kb",
        kind: float(4.0, 1_048_576.0),
        default: "64",
        group: Memory,
        label: "Stack resident",
        help: "native memory per platform thread that has served requests: the stack pages it touched (they stay resident) and its thread structures. 64 KB assumed: an idle HotSpot thread touches ~16 KB (J. Sravn, \"JVM thread actual memory usage\", 2019); a Spring MVC request runs ~100 frames deep (Tomcat's connector, the filter chain, DispatcherServlet, the handler) at a few hundred bytes each, with deeper excursions (logging, Jackson)",
        unit: "KB",
        property: "RSS per thread (assumption)",
    },
    entry! {
        key: "memory.native_base_mb",
        kind: float(0.0, 1_048_576.0),
        default: "150",
        group: Memory,
        label: "Native baseline",
        help: "native memory besides thread stacks: metaspace and class space, code cache, G1's structures, the JVM's own threads, direct buffers. 150 MB assumed: NMT showed 223 MB of non-heap memory for Petclinic, thread stacks included (Wilkinson, spring.io, 2019)",
        unit: "MB",
        property: "NMT non-heap (assumption)",
    },
    entry! {
        key: "memory.container_mb",
        kind: float(64.0, 16_777_216.0),
        default: "8192",
        group: Memory,
        label: "Container memory",
        help: "the container's memory limit (the cgroup's memory.max) or the machine's memory: resident memory beyond it and the kernel's OOM killer ends the JVM; requests in the server get a connection reset and the service is down until jvm.restart_s. 8 GB: the E2 article's server",
        unit: "MB",
        property: "docker --memory, resources.limits.memory",
        slider: Some(Slider { min: 256.0, max: 65_536.0, log: true }),
    },
    entry! {
        key: "memory.max_threads",
        kind: int(26, 4_194_304),
        default: "null",
        group: Memory,
        label: "Thread limit",
        help: "threads the OS lets the process have, the JVM's own ~25 included: beyond it OutOfMemoryError: unable to create native thread, the pool cannot grow and its requests wait (an executor whose queue is full rejects). empty = Linux's default for the container's memory: threads-max is memory ÷ 128 KB and the first process's ulimit -u half of that (32,768 for 8 GB)",
        unit: "threads",
        property: "ulimit -u, the cgroup's pids.max",
        nullable: true,
    },
    entry! {
        key: "jvm.start",
        kind: FieldKind::Choice(&["warm", "cold"]),
        default: "warm",
        group: Jvm,
        label: "JVM start",
        help: "cold: the service was just started (as when an article restarts it between runs): the first request initialises the DispatcherServlet, code runs interpreted until the JIT compiles it, and Tomcat's threads beyond min-spare are created on demand; warm: it has served load before, as load-testing practice advises",
        property: "restart before the run",
    },
    entry! {
        key: "jvm.first_request_ms",
        kind: float(0.0, 600_000.0),
        default: "5",
        group: Jvm,
        label: "First request",
        help: "cold: CPU of the first request's one-off initialisation; requests arriving meanwhile wait for it (Tomcat's StandardWrapper.allocate is synchronized). Spring Boot initialises the DispatcherServlet on first use (spring.mvc.servlet.load-on-startup = -1) and logs \"Completed initialization in N ms\": 0–36 ms in public logs, most often single digits; 5 ms assumed. The classes the first requests load are in the interpreted code's cost (jvm.jit_interpreted)",
        unit: "ms",
        property: "spring.mvc.servlet.load-on-startup",
    },
    entry! {
        key: "jvm.jit_interpreted",
        kind: float(1.0, 1_000.0),
        default: "10",
        group: Jvm,
        label: "Interpreted code",
        help: "cold: CPU cost of interpreted code relative to C2-compiled code, for the first requests; 10× assumed, the order of magnitude usually quoted for HotSpot's interpreter",
        unit: "×",
        property: "-Xint vs C2 (assumption)",
    },
    entry! {
        key: "jvm.jit_c1",
        kind: float(1.0, 1_000.0),
        default: "2",
        group: Jvm,
        label: "C1 code",
        help: "cold: CPU cost of C1-compiled code with full profiling (tier 3) relative to C2's; 2× assumed",
        unit: "×",
        property: "tier 3 vs tier 4 (assumption)",
    },
    entry! {
        key: "jvm.jit_c1_requests",
        kind: float(1.0, 1e9),
        default: "200",
        group: Jvm,
        label: "C1 after",
        help: "cold: requests over which interpreted code gives way to C1's (the CPU multiplier's excess falls by e): HotSpot compiles a method at tier 3 after Tier3InvocationThreshold = 200 invocations, and each request invokes its handler's methods about once",
        unit: "requests",
        property: "-XX:Tier3InvocationThreshold",
    },
    entry! {
        key: "jvm.jit_c2_requests",
        kind: float(1.0, 1e9),
        default: "5000",
        group: Jvm,
        label: "C2 after",
        help: "cold: requests over which C1's code gives way to C2's: HotSpot compiles at tier 4 after Tier4InvocationThreshold = 5,000 invocations",
        unit: "requests",
        property: "-XX:Tier4InvocationThreshold",
    },
    entry! {
        key: "jvm.thread_start_us",
        kind: float(0.0, 1_000_000.0),
        default: "100",
        group: Jvm,
        label: "Thread start",
        help: "cold: CPU to create and start a platform thread on demand, paid by its first request (clone, stack mapping, the JVM's thread setup); 100 µs assumed: a 2002 Xeon started ~4,000 Java threads per second (250 µs each), current machines are faster. A warm service has grown its pool already (Tomcat retires idle threads after 60 s)",
        unit: "µs",
        property: "Thread.start (assumption)",
    },
    entry! {
        key: "jvm.restart_s",
        kind: float(1.0, 86_400.0),
        default: "10",
        group: Jvm,
        label: "Restart time",
        help: "after the OOM killer: time until the service answers again, cold; the container restarts (Kubernetes backs off 10 s, 20 s, … between restarts) and Spring Boot starts in a few seconds; 10 s assumed; at least 1 s, so that a service killed again as it starts cannot restart endlessly at one instant",
        unit: "s",
        property: "restart policy + startup (assumption)",
    },
    entry! {
        key: "gc.collector",
        kind: FieldKind::Choice(&["g1", "none"]),
        default: "g1",
        group: Jvm,
        label: "Garbage collector",
        help: "g1: the JVM's default collector since JDK 9, in a simple form: allocation fills the young generation (up to 60 % of the heap, G1MaxNewSizePercent), and each collection stops every thread for a base plus the live data it copies; old-generation occupancy past 45 % (InitiatingHeapOccupancyPercent) leads to mixed collections, a heap too full for the young generation to a full one. none: no collector, no pauses (the heap holds live objects only)",
        property: "-XX:+UseG1GC",
    },
    entry! {
        key: "gc.alloc_kb",
        kind: float(0.0, 1_048_576.0),
        default: "34",
        group: Jvm,
        label: "Allocated per request",
        help: "heap a request allocates in all, which fills the young generation; 34 KB: measured from GC logs for a trivial Spring Boot 2.5 POST endpoint over 20,000 requests (\"Measuring heap memory allocation per HTTP request in Spring Boot\")",
        unit: "KB",
        property: "allocation rate ÷ request rate",
        moot: Some(super::Moot::NoCollector),
    },
    entry! {
        key: "gc.pause_base_ms",
        kind: float(0.0, 10_000.0),
        default: "2",
        group: Jvm,
        label: "Pause base",
        help: "fixed part of a stop-the-world pause (roots, remembered sets, code roots, G1's \"Other\"); 2 ms assumed, typical of G1 logs of small heaps",
        unit: "ms",
        property: "G1 pause phases (assumption)",
        moot: Some(super::Moot::NoCollector),
    },
    entry! {
        key: "gc.copy_mb_per_ms",
        kind: float(0.001, 1_000_000.0),
        default: "1.5",
        group: Jvm,
        label: "Copy rate",
        help: "live data the collector copies per ms of pause, all its threads together (a full collection marks and compacts, twice the work); 1.5 MB/ms assumed from a G1 young pause that evacuated ~22 MB in 14 ms with 8 workers (Plumbr's GC handbook)",
        unit: "MB/ms",
        property: "G1 evacuation (assumption)",
        moot: Some(super::Moot::NoCollector),
    },
    entry! {
        key: "limits.max_events",
        kind: int(1, 1_000_000_000),
        default: "500000000",
        group: Limits,
        label: "Event budget",
        help: "a run stops here and reports partial results (exit code 3); at most 10⁹, \
               about three minutes natively at the engine's slowest ordinary rate",
        unit: "events",
    },
    entry! {
        key: "limits.max_sim_memory_mb",
        kind: int(16, 4_096),
        default: "512",
        group: Limits,
        label: "Simulator memory budget",
        help: "the simulator's own memory (requests in flight, queued tasks, pending events) \
               stops the run here with partial results (exit code 3); the simulated JVM's \
               memory is a separate model",
        unit: "MB",
    },
    entry! {
        key: "limits.max_sim_s",
        kind: float(0.001, 10_000_000.0),
        default: "86400",
        group: Limits,
        label: "Time budget",
        help: "a run stops at this simulated time and reports partial results",
        unit: "s",
    },
    entry! {
        key: "limits.max_wall_s",
        kind: float(0.1, 86_400.0),
        default: "180",
        group: Limits,
        label: "Wall-clock budget",
        help: "a run stops after this much real time and reports partial results (exit code 3), whatever its events cost; the page stops its runs at 60 s at most",
        unit: "s",
    },
    entry! {
        key: "record.series_buckets",
        kind: int(10, 5_000),
        default: "200",
        group: Record,
        label: "Chart resolution",
        help: "resolution of the time series (the width adapts to the run)",
        unit: "buckets",
    },
    entry! {
        key: "record.timeline_start_ms",
        kind: float(0.0, 86_400_000.0),
        default: "0",
        group: Record,
        label: "Timeline start",
        help: "start of the thread/carrier timeline window",
        unit: "ms",
    },
    entry! {
        key: "record.timeline_window_ms",
        kind: float(0.001, 600_000.0),
        default: "300",
        group: Record,
        label: "Timeline window",
        help: "length of the timeline window",
        unit: "ms",
    },
    entry! {
        key: "record.timeline_lanes",
        kind: int(0, 512),
        default: "24",
        group: Record,
        label: "Timeline lanes",
        help: "threads and carriers shown in the timeline",
        unit: "lanes",
    },
    entry! {
        key: "seed",
        kind: int(0, MAX_SAFE),
        default: "1",
        group: Run,
        label: "Seed",
        help: "seed of the random source: same scenario and seed, same result",
    },
];

/// The form's first layer: the keys a Java developer reaches for first, by
/// their schema keys (`async.*.x` for every executor's). Every other key
/// sits in the form's collapsed "Advanced" group. One list, here beside the
/// entries, so that the form, its tests and anything else that asks
/// ([`FieldSpec::first_layer`]) agree.
///
/// Why these: they are what a load test and a Spring Boot service are
/// usually described by: the load tool and its clients, requests or
/// arrival rate; the controller's work (the program); Tomcat's
/// `server.tomcat.threads.max`, the CPU cores, the JDK version (pinning
/// differs before 24), HikariCP's `maximum-pool-size`, the heap (`-Xmx`),
/// a cold or warm JVM, and an `@Async` executor's kind and size. Thread
/// model (`spring.threads.virtual.enabled`) is the form's column choice,
/// not a key. The rest (tool and Tomcat fine print, memory per object,
/// G1's and the JIT's costs, budgets, recording, the seed) are real
/// settings that matter less often; the form opens them whenever one is
/// changed, wrong or named by the lesson (`app::show::form::revealed`).
pub const FIRST_LAYER: &[&str] = &[
    "load.tool",
    "load.kind",
    "load.concurrency",
    "load.requests",
    "load.duration_s",
    "load.rate_rps",
    "server.threads_max",
    "server.cores",
    "server.jdk",
    "program",
    "db.pool_size",
    "async.*.kind",
    "async.*.max",
    "memory.heap_mb",
    "jvm.start",
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
pub(super) fn valid_executor_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && name.len() <= 40
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl FieldSpec {
    /// Whether the form shows this key in its first layer (see
    /// [`FIRST_LAYER`]), not in the "Advanced" group.
    pub fn first_layer(&self) -> bool {
        FIRST_LAYER.contains(&self.key)
    }

    /// What `word`, one of this choice's words, means (`None` for a word
    /// the entry says nothing more about, or for a key that is no choice).
    pub fn help_for(&self, word: &str) -> Option<&'static str> {
        let FieldKind::Choice(words) = self.kind else {
            return None;
        };
        let i = words.iter().position(|w| *w == word)?;
        self.choice_help.get(i).copied()
    }

    /// Each word of a choice with what it means, in order.
    pub fn choices_with_help(&self) -> Vec<(&'static str, &'static str)> {
        match self.kind {
            FieldKind::Choice(words) => words
                .iter()
                .copied()
                .zip(self.choice_help.iter().copied())
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl FieldKind {
    /// The allowed values in English words, for the command line's help.
    pub fn allowed(&self, nullable: bool) -> String {
        self.allowed_said(nullable).english()
    }

    /// The allowed values in words of the catalogue, for error messages:
    /// the page writes the range's numbers its reader's way.
    pub fn allowed_said(&self, nullable: bool) -> Phrase {
        let base = match self {
            FieldKind::Int { min, max } => errors::ALLOWED_INT
                .said()
                .with("min", Part::Shortest(*min as f64))
                .with("max", Part::Shortest(*max as f64)),
            FieldKind::Float { min, max } => errors::ALLOWED_FLOAT
                .said()
                .with("min", Part::Shortest(*min))
                .with("max", Part::Shortest(*max)),
            FieldKind::Choice(c) => errors::ALLOWED_CHOICE
                .said()
                .with("choices", Part::text(c.join(", "))),
            FieldKind::Program => errors::ALLOWED_PROGRAM
                .said()
                .with("example", Part::text(PROGRAM_EXAMPLE)),
        };
        if nullable {
            errors::ALLOWED_OR_NULL
                .said()
                .with("allowed", Part::Phrase(base))
        } else {
            base
        }
    }

    /// "expected" and the allowed values, the message for a value of the
    /// wrong kind.
    pub fn expected(&self, nullable: bool) -> Phrase {
        let allowed = Part::Phrase(self.allowed_said(nullable));
        errors::EXPECTED.said().with("allowed", allowed)
    }
}

/// A request program to show as an example of one.
const PROGRAM_EXAMPLE: &str = "cpu:0.2ms,db:exp(50ms),io:50ms";

/// The word for a server mode, as `server.mode` and the page's messages write it.
pub fn mode_word(mode: Mode) -> &'static str {
    match mode {
        Mode::Platform => "platform",
        Mode::Virtual => "virtual",
    }
}

/// The server mode a word names (`platform` or `virtual`).
pub fn mode_named(word: &str) -> Option<Mode> {
    match word {
        "platform" => Some(Mode::Platform),
        "virtual" => Some(Mode::Virtual),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first layer names keys the schema has, a dozen or so of them,
    /// and leaves most keys to the "Advanced" group.
    #[test]
    fn the_first_layer_is_a_short_list_of_real_keys() {
        for k in FIRST_LAYER {
            assert!(
                schema().iter().any(|f| f.key == *k),
                "{k} is in FIRST_LAYER but not in the schema"
            );
        }
        let first = schema().iter().filter(|f| f.first_layer()).count();
        let advanced = schema()
            .iter()
            .filter(|f| !f.first_layer() && f.shown != Shown::Never)
            .count();
        assert_eq!(first, FIRST_LAYER.len());
        assert!((10..=16).contains(&first), "{first} first-layer keys");
        assert!(advanced >= 50, "only {advanced} advanced keys");
        assert!(field("async.mail.max").is_some_and(FieldSpec::first_layer));
        assert!(!field("async.mail.queue").is_some_and(FieldSpec::first_layer));
        assert!(!field("gc.alloc_kb").is_some_and(FieldSpec::first_layer));
    }

    /// A choice's help names every word, in the words' order, or none.
    #[test]
    fn choice_help_covers_every_word_or_none() {
        for f in schema() {
            match f.kind {
                FieldKind::Choice(words) => assert!(
                    f.choice_help.is_empty() || f.choice_help.len() == words.len(),
                    "{}: {} words, {} helps",
                    f.key,
                    words.len(),
                    f.choice_help.len()
                ),
                _ => assert!(f.choice_help.is_empty(), "{} is no choice", f.key),
            }
        }
        let tool = field("load.tool").expect("load.tool");
        assert!(
            tool.help_for("wrk")
                .is_some_and(|h| h.contains("--timeout"))
        );
        assert!(tool.help_for("k6").is_some_and(|h| h.contains("VU")));
        assert_eq!(tool.help_for("ab"), None);
        assert_eq!(tool.choices_with_help().len(), 5);
    }
}
