//! Every scenario key: kind, default, unit, allowed range, and how the
//! playground's form shows it (its group, when it is shown, a slider's
//! range). Its words are kept only in the catalogues
//! (`src/i18n/catalogue/<lang>/form.json`): its label and line of help
//! (`field.<key>.label`, `.help`), the real property or tool flag it stands
//! for (`.property`), what each of a choice's words means
//! (`choice.<key>.<word>`) and its group's title and line
//! (`group.<group>.title`, `.about`); the methods here read them, the
//! English where a language lacks one. The CLI's `schema` command, the
//! validator and the playground's form all read this table.
//!
//! Defaults are the real software's defaults where one exists (Tomcat,
//! HikariCP, the JDK, Spring, and the load tool chosen in `load.tool`: a
//! `null` default there is the tool's own). Where none exists (cores, costs, memory
//! per object) the value is an assumption and the help says where it comes
//! from.

use crate::i18n::keys::errors;
use crate::i18n::{Locale, Part, Phrase, lookup_or_english};
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
    /// A list of names, separated by commas (`orders, search`); empty for
    /// none.
    Names,
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
    /// A mix of endpoints (one set of keys per name `endpoints` lists).
    Endpoint,
    /// HikariCP.
    Db,
    /// `@Async` executors (one set of keys per executor the program names).
    Async,
    /// Downstream services and their HTTP clients (one set of keys per
    /// `call(NAME)` the program names).
    Downstream,
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
    /// The group's name in keys: its serde name (`load`, `db`, …).
    pub fn word(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// The group's heading on the form in `l`'s words (the English where
    /// `l` has none; its name in keys where no catalogue has one).
    pub fn title(self, l: Locale) -> String {
        self.words(l, "title")
    }

    /// One line under the heading in `l`'s words.
    pub fn about(self, l: Locale) -> String {
        self.words(l, "about")
    }

    fn words(self, l: Locale, part: &str) -> String {
        let key = format!("group.{}.{part}", self.word());
        lookup_or_english(l, &key).map_or_else(|| self.word(), str::to_string)
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
    /// Form group.
    pub group: Group,
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

/// What an entry leaves out: no unit, not nullable, always
/// shown, no slider. (The required parts are placeholders that every
/// `entry!` overrides.)
const OPTIONAL: FieldSpec = FieldSpec {
    key: "",
    kind: FieldKind::Program,
    nullable: false,
    default: "",
    unit: "",
    group: Group::Run,
    shown: Shown::Always,
    slider: None,
    moot: None,
};

/// One schema entry: the four parts every key has, by name and in this order,
/// then any of `unit`, `nullable`, `shown`, `slider`, `moot`.
macro_rules! entry {
    (
        key: $key:literal,
        kind: $kind:expr,
        default: $default:literal,
        group: $group:ident,
        $($field:ident: $value:expr),* $(,)?
    ) => {
        FieldSpec {
            key: $key,
            kind: $kind,
            default: $default,
            group: Group::$group,
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
        kind: FieldKind::Choice(&crate::sim::tool::Tool::NAMES),
        default: "null",
        group: Load,
        nullable: true,
    },
    entry! {
        key: "load.kind",
        kind: FieldKind::Choice(&["closed", "open"]),
        default: "closed",
        group: Load,
    },
    entry! {
        key: "load.concurrency",
        kind: int(1, 100_000),
        default: "50",
        group: Load,
        unit: "workers",
        shown: Shown::ClosedLoop,
        slider: Some(Slider { min: 1.0, max: 20_000.0, log: true }),
    },
    entry! {
        key: "load.requests",
        kind: int(1, 100_000_000),
        default: "200",
        group: Load,
        unit: "requests",
        nullable: true,
        slider: Some(Slider { min: 100.0, max: 1_000_000.0, log: true }),
        moot: Some(super::Moot::LengthElsewhere),
    },
    entry! {
        key: "load.duration_s",
        kind: float(0.001, 86_400.0),
        default: "null",
        group: Load,
        unit: "s",
        nullable: true,
        slider: Some(Slider { min: 1.0, max: 600.0, log: true }),
    },
    entry! {
        key: "load.rate_rps",
        kind: float(0.001, 10_000_000.0),
        default: "1000",
        group: Load,
        unit: "req/s",
        shown: Shown::OpenLoop,
        slider: Some(Slider { min: 1.0, max: 100_000.0, log: true }),
    },
    entry! {
        key: "load.arrivals",
        kind: FieldKind::Choice(&["constant", "poisson"]),
        default: "poisson",
        group: Load,
        shown: Shown::OpenLoop,
    },
    entry! {
        key: "load.max_in_flight",
        kind: int(1, 10_000_000),
        default: "null",
        group: Load,
        unit: "requests",
        nullable: true,
        shown: Shown::OpenLoop,
    },
    entry! {
        key: "load.overflow",
        kind: FieldKind::Choice(&["drop", "delay"]),
        default: "null",
        group: Load,
        nullable: true,
        shown: Shown::OpenLoop,
    },
    entry! {
        key: "load.ramp_up_s",
        kind: float(0.0, 86_400.0),
        default: "0",
        group: Load,
        unit: "s",
        shown: Shown::ClosedLoop,
        slider: Some(Slider { min: 0.0, max: 300.0, log: false }),
    },
    entry! {
        key: "load.timeout_ms",
        kind: float(0.0, 3_600_000.0),
        default: "null",
        group: Load,
        unit: "ms",
        nullable: true,
        slider: Some(Slider { min: 0.0, max: 60_000.0, log: false }),
    },
    entry! {
        key: "load.think_ms",
        kind: float(0.0, 3_600_000.0),
        default: "0",
        group: Load,
        unit: "ms",
        shown: Shown::ClosedLoop,
        slider: Some(Slider { min: 0.0, max: 2_000.0, log: false }),
    },
    entry! {
        key: "load.waits_for",
        kind: FieldKind::Choice(&["response", "tasks"]),
        default: "response",
        group: Load,
        shown: Shown::ClosedLoop,
        moot: Some(super::Moot::NoAsyncStep),
    },
    entry! {
        key: "load.loops",
        kind: int(1, 1_000_000_000),
        default: "null",
        group: Load,
        unit: "per worker",
        nullable: true,
        shown: Shown::ClosedLoop,
    },
    entry! {
        key: "load.client_cpu_ms",
        kind: float(0.0, 1_000.0),
        default: "0",
        group: Load,
        unit: "ms",
        slider: Some(Slider { min: 0.0, max: 2.0, log: false }),
        moot: Some(super::Moot::ClientOutsideContainer),
    },
    entry! {
        key: "load.client_threads",
        kind: int(1, 100_000),
        default: "null",
        group: Load,
        unit: "threads",
        nullable: true,
        moot: Some(super::Moot::NoClientCpu),
    },
    entry! {
        key: "load.keep_alive",
        kind: FieldKind::Choice(&["on", "off"]),
        default: "on",
        group: Load,
    },
    entry! {
        key: "load.connect_timeout_ms",
        kind: float(0.0, 3_600_000.0),
        default: "null",
        group: Load,
        unit: "ms",
        nullable: true,
    },
    entry! {
        key: "load.rtt_ms",
        kind: float(0.0, 10_000.0),
        default: "0.1",
        group: Load,
        unit: "ms",
    },
    entry! {
        key: "load.connect_cpu_ms",
        kind: float(0.0, 1_000.0),
        default: "0.01",
        group: Load,
        unit: "ms",
    },
    entry! {
        key: "server.mode",
        kind: FieldKind::Choice(&["platform", "virtual"]),
        default: "platform",
        group: Server,
        shown: Shown::Never,
    },
    entry! {
        key: "server.threads_max",
        kind: int(1, 100_000),
        default: "200",
        group: Server,
        unit: "threads",
        slider: Some(Slider { min: 1.0, max: 5_000.0, log: true }),
        moot: Some(super::Moot::NoTomcatPool),
    },
    entry! {
        key: "server.min_spare",
        kind: int(0, 100_000),
        default: "10",
        group: Server,
        unit: "threads",
        slider: Some(Slider { min: 0.0, max: 200.0, log: false }),
        moot: Some(super::Moot::NoTomcatPool),
    },
    entry! {
        key: "server.cores",
        kind: int(1, 1_024),
        default: "4",
        group: Server,
        unit: "cores",
        slider: Some(Slider { min: 1.0, max: 64.0, log: true }),
    },
    entry! {
        key: "server.cpu_limit",
        kind: float(0.01, 1_024.0),
        default: "null",
        group: Server,
        unit: "cores",
        nullable: true,
        slider: Some(Slider { min: 0.25, max: 16.0, log: true }),
    },
    entry! {
        key: "server.cpu_period_ms",
        kind: float(1.0, 1_000.0),
        default: "100",
        group: Server,
        unit: "ms",
        moot: Some(super::Moot::NoCpuLimit),
    },
    entry! {
        key: "server.active_processor_count",
        kind: int(1, 1_024),
        default: "null",
        group: Server,
        unit: "cores",
        nullable: true,
    },
    entry! {
        key: "server.carriers",
        kind: int(1, 32_767),
        default: "null",
        group: Server,
        unit: "threads",
        nullable: true,
        slider: Some(Slider { min: 1.0, max: 64.0, log: true }),
        moot: Some(super::Moot::NothingVirtual),
    },
    entry! {
        key: "server.max_pool_size",
        kind: int(1, 32_767),
        default: "null",
        group: Server,
        unit: "threads",
        nullable: true,
        slider: Some(Slider { min: 1.0, max: 1_024.0, log: true }),
        moot: Some(super::Moot::NothingVirtual),
    },
    entry! {
        key: "server.max_connections",
        kind: int(1, 10_000_000),
        default: "8192",
        group: Server,
        unit: "connections",
        slider: Some(Slider { min: 10.0, max: 100_000.0, log: true }),
    },
    entry! {
        key: "server.accept_count",
        kind: int(0, 10_000_000),
        default: "100",
        group: Server,
        unit: "connections",
        slider: Some(Slider { min: 0.0, max: 10_000.0, log: false }),
    },
    entry! {
        key: "server.somaxconn",
        kind: int(0, 10_000_000),
        default: "4096",
        group: Server,
        unit: "connections",
    },
    entry! {
        key: "server.max_keep_alive_requests",
        kind: int(-1, 1_000_000_000),
        default: "100",
        group: Server,
        unit: "requests",
    },
    entry! {
        key: "server.keep_alive_timeout_ms",
        kind: float(-1.0, 3_600_000.0),
        default: "null",
        group: Server,
        unit: "ms",
        nullable: true,
    },
    entry! {
        key: "server.connection_timeout_ms",
        kind: float(-1.0, 3_600_000.0),
        default: "60000",
        group: Server,
        unit: "ms",
    },
    // The share of responses on a kept-alive connection whose client's next
    // request is already there when Tomcat's thread reads the socket again
    // (served at once, ahead of the queue). Empty: measured here when the
    // client shares the server's cores, else 0. Bounds: a share.
    // Spring Boot 3.3+: requests Tomcat's executor queues while every
    // thread is busy; beyond it the connection is closed unread. Empty:
    // Integer.MAX_VALUE (Boot's default). Bounds: Boot requires at least 1;
    // 2^31 − 1 is Java's int.
    entry! {
        key: "server.max_queue_capacity",
        kind: int(1, 2_147_483_647),
        default: "null",
        group: Server,
        unit: "requests",
        nullable: true,
        moot: Some(super::Moot::NoTomcatPool),
    },
    entry! {
        key: "server.read_ahead_pct",
        kind: float(0.0, 100.0),
        default: "null",
        group: Server,
        unit: "%",
        nullable: true,
        moot: Some(super::Moot::NoTomcatPool),
    },
    entry! {
        key: "server.accept_us",
        kind: float(0.0, 1_000_000.0),
        default: "10",
        group: Server,
        unit: "µs",
    },
    entry! {
        key: "server.jdk",
        kind: int(21, 40),
        default: "21",
        group: Server,
        slider: Some(Slider { min: 21.0, max: 25.0, log: false }),
        moot: Some(super::Moot::NoSyncBlock),
    },
    entry! {
        key: "server.cpu_model",
        kind: FieldKind::Choice(&["ps", "rr"]),
        default: "rr",
        group: Server,
    },
    entry! {
        key: "server.quantum_ms",
        kind: float(0.01, 1_000.0),
        default: "4",
        group: Server,
        unit: "ms",
    },
    entry! {
        key: "server.context_switch_us",
        kind: float(0.0, 1_000.0),
        default: "5",
        group: Server,
        unit: "µs",
    },
    entry! {
        key: "server.wake_p50_us",
        kind: float(0.0, 1_000_000.0),
        default: "null",
        group: Server,
        unit: "µs",
        nullable: true,
    },
    entry! {
        key: "server.wake_p99_us",
        kind: float(0.0, 1_000_000.0),
        default: "null",
        group: Server,
        unit: "µs",
        nullable: true,
    },
    // From a lock's release to the waiter it woke running inside it, the
    // context switch the model charges itself left out; while it lasts an
    // arriving thread may take a monitor or a non-fair lock (barging).
    // Empty takes the hand-off measured here. Bounds as the wake-up's.
    entry! {
        key: "server.handoff_us",
        kind: float(0.0, 1_000_000.0),
        default: "null",
        group: Server,
        unit: "µs",
        nullable: true,
        moot: Some(super::Moot::NoSharedLock),
    },
    entry! {
        key: "program",
        kind: FieldKind::Program,
        default: "io:50ms",
        group: Program,
        moot: Some(super::Moot::EndpointsGiven),
    },
    entry! {
        key: "endpoints",
        kind: FieldKind::Names,
        default: "",
        group: Program,
    },
    entry! {
        key: "endpoint.*.share",
        kind: float(0.001, 1_000_000.0),
        default: "1",
        group: Endpoint,
        slider: Some(Slider { min: 0.1, max: 100.0, log: true }),
    },
    entry! {
        key: "endpoint.*.program",
        kind: FieldKind::Program,
        default: "io:50ms",
        group: Endpoint,
    },
    entry! {
        key: "db.pool_size",
        kind: int(1, 100_000),
        default: "10",
        group: Db,
        unit: "connections",
        slider: Some(Slider { min: 1.0, max: 2_000.0, log: true }),
        moot: Some(super::Moot::NoDbStep),
    },
    entry! {
        key: "db.driver",
        kind: FieldKind::Choice(&["pgjdbc-42.6", "pgjdbc-42.5", "mysql-9", "mysql-8"]),
        default: "pgjdbc-42.6",
        group: Db,
        moot: Some(super::Moot::NoDbStep),
    },
    entry! {
        key: "db.timeout_ms",
        kind: float(250.0, 3_600_000.0),
        default: "30000",
        group: Db,
        unit: "ms",
        slider: Some(Slider { min: 250.0, max: 60_000.0, log: true }),
        moot: Some(super::Moot::NoDbStep),
    },
    entry! {
        key: "async.*.kind",
        kind: FieldKind::Choice(&["pool", "virtual"]),
        default: "null",
        group: Async,
        nullable: true,
    },
    entry! {
        key: "async.*.core",
        kind: int(0, 1_000_000),
        default: "8",
        group: Async,
        unit: "threads",
        moot: Some(super::Moot::ExecutorIsVirtual),
    },
    entry! {
        key: "async.*.max",
        kind: int(1, 2_147_483_647),
        default: "null",
        group: Async,
        unit: "threads",
        nullable: true,
        moot: Some(super::Moot::ExecutorIsVirtual),
    },
    entry! {
        key: "async.*.queue",
        kind: int(0, 2_147_483_647),
        default: "null",
        group: Async,
        unit: "tasks",
        nullable: true,
        moot: Some(super::Moot::ExecutorIsVirtual),
    },
    entry! {
        key: "async.*.limit",
        kind: int(1, 2_147_483_647),
        default: "null",
        group: Async,
        unit: "tasks",
        nullable: true,
        moot: Some(super::Moot::ExecutorIsPool),
    },
    entry! {
        key: "downstream.*.concurrency",
        kind: int(1, 1_000_000),
        default: "200",
        group: Downstream,
        unit: "requests",
    },
    entry! {
        key: "downstream.*.p50_ms",
        kind: float(0.001, 3_600_000.0),
        default: "20",
        group: Downstream,
        unit: "ms",
        slider: Some(Slider { min: 1.0, max: 5_000.0, log: true }),
    },
    entry! {
        key: "downstream.*.p99_ms",
        kind: float(0.001, 3_600_000.0),
        default: "100",
        group: Downstream,
        unit: "ms",
        moot: Some(super::Moot::LatencyNotLognormal),
    },
    entry! {
        key: "downstream.*.distribution",
        kind: FieldKind::Choice(&["lognormal", "exponential", "constant"]),
        default: "lognormal",
        group: Downstream,
    },
    entry! {
        key: "downstream.*.client",
        kind: FieldKind::Choice(&["httpclient5", "httpclient4", "jdk", "simple", "reactor-netty"]),
        default: "httpclient5",
        group: Downstream,
    },
    entry! {
        key: "downstream.*.max_connections",
        kind: int(1, 1_000_000),
        default: "null",
        group: Downstream,
        unit: "connections",
        nullable: true,
    },
    entry! {
        key: "downstream.*.lease_timeout_ms",
        kind: float(1.0, 86_400_000.0),
        default: "null",
        group: Downstream,
        unit: "ms",
        nullable: true,
    },
    // The JDK HttpClient's executor: its own cached pool of platform threads
    // (default), or HttpClient.Builder.executor(Executors.
    // newVirtualThreadPerTaskExecutor()). Moot for the other clients.
    entry! {
        key: "downstream.*.executor",
        kind: FieldKind::Choice(&["default", "virtual"]),
        default: "default",
        group: Downstream,
        moot: Some(super::Moot::NotJdkClient),
    },
    // Reactor Netty's pendingAcquireMaxCount; empty: the client's default
    // (http_clients::default_max_pending). 0: no call waits (reactor-pool
    // refuses at once when none is free). Bounds: Integer.MAX_VALUE.
    entry! {
        key: "downstream.*.max_pending",
        kind: int(0, 2_147_483_647),
        default: "null",
        group: Downstream,
        unit: "calls",
        nullable: true,
    },
    // The downstream's own token bucket (config::RateLimit); empty: none.
    // Bounds: a millionth of a call a second up to a billion.
    entry! {
        key: "downstream.*.rate_limit_rps",
        kind: float(0.000_001, 1_000_000_000.0),
        default: "null",
        group: Downstream,
        unit: "req/s",
        nullable: true,
    },
    // Its burst; empty: one second's worth (http_clients::default_burst).
    entry! {
        key: "downstream.*.rate_burst",
        kind: int(1, 1_000_000_000),
        default: "null",
        group: Downstream,
        unit: "requests",
        nullable: true,
        moot: Some(super::Moot::NoRateLimit),
    },
    // The downstream's own errors: the share of calls it answers 5xx
    // (RestClient's default status handler then throws
    // HttpServerErrorException). Assumed: an error takes as long as an
    // answer.
    entry! {
        key: "downstream.*.error_rate",
        kind: float(0.0, 1.0),
        default: "0",
        group: Downstream,
    },
    // The client's response (socket) time-out; empty: the client's own
    // (http_clients::default_response_timeout_ms: HttpClient 5's 3 min,
    // none for the others).
    entry! {
        key: "downstream.*.response_timeout_ms",
        kind: float(1.0, 86_400_000.0),
        default: "null",
        group: Downstream,
        unit: "ms",
        nullable: true,
    },
    // A fault for a while: from fault_from_s (empty: none) until
    // fault_until_s (empty: the run's end), the latency's median becomes
    // fault_p50_ms (every service time scaled alike), the error rate
    // fault_error_rate, the concurrency fault_concurrency (each empty: as
    // outside).
    entry! {
        key: "downstream.*.fault_from_s",
        kind: float(0.0, 86_400.0),
        default: "null",
        group: Downstream,
        unit: "s",
        nullable: true,
    },
    entry! {
        key: "downstream.*.fault_until_s",
        kind: float(0.0, 86_400.0),
        default: "null",
        group: Downstream,
        unit: "s",
        nullable: true,
        moot: Some(super::Moot::NoFault),
    },
    entry! {
        key: "downstream.*.fault_p50_ms",
        kind: float(0.001, 3_600_000.0),
        default: "null",
        group: Downstream,
        unit: "ms",
        nullable: true,
        moot: Some(super::Moot::NoFault),
    },
    entry! {
        key: "downstream.*.fault_error_rate",
        kind: float(0.0, 1.0),
        default: "null",
        group: Downstream,
        nullable: true,
        moot: Some(super::Moot::NoFault),
    },
    entry! {
        key: "downstream.*.fault_concurrency",
        kind: int(1, 1_000_000),
        default: "null",
        group: Downstream,
        unit: "requests",
        nullable: true,
        moot: Some(super::Moot::NoFault),
    },
    // Who retries the call, with that library's defaults
    // (scenario::resilience): the count means calls in all for
    // Resilience4j's and Spring Retry's maxAttempts, retries after the
    // first for Spring Framework 7's maxRetries.
    entry! {
        key: "downstream.*.retry",
        kind: FieldKind::Choice(&["none", "resilience4j", "spring-retry", "spring7"]),
        default: "none",
        group: Downstream,
    },
    entry! {
        key: "downstream.*.retry_max",
        kind: int(0, 100),
        default: "null",
        group: Downstream,
        unit: "calls",
        nullable: true,
        moot: Some(super::Moot::NoRetry),
    },
    entry! {
        key: "downstream.*.retry_delay_ms",
        kind: float(0.0, 3_600_000.0),
        default: "null",
        group: Downstream,
        unit: "ms",
        nullable: true,
        moot: Some(super::Moot::NoRetry),
    },
    entry! {
        key: "downstream.*.retry_multiplier",
        kind: float(0.0, 100.0),
        default: "null",
        group: Downstream,
        nullable: true,
        moot: Some(super::Moot::NoRetry),
    },
    entry! {
        key: "downstream.*.retry_max_delay_ms",
        kind: float(0.0, 86_400_000.0),
        default: "null",
        group: Downstream,
        unit: "ms",
        nullable: true,
        moot: Some(super::Moot::NoRetry),
    },
    // Per library: Resilience4j's randomizationFactor (0-1), Spring
    // Retry's @Backoff(random = true) when above 0, Spring 7's jitter in ms.
    entry! {
        key: "downstream.*.retry_jitter",
        kind: float(0.0, 3_600_000.0),
        default: "0",
        group: Downstream,
        moot: Some(super::Moot::NoRetry),
    },
    entry! {
        key: "downstream.*.retry_on",
        kind: FieldKind::Choice(&["all", "io"]),
        default: "all",
        group: Downstream,
        moot: Some(super::Moot::NoRetry),
    },
    // Resilience4j's CircuitBreaker around the call, its defaults as
    // CircuitBreakerConfig has them (count-based window).
    entry! {
        key: "downstream.*.breaker",
        kind: FieldKind::Choice(&["none", "resilience4j"]),
        default: "none",
        group: Downstream,
    },
    entry! {
        key: "downstream.*.breaker_failure_rate",
        kind: float(1.0, 100.0),
        default: "50",
        group: Downstream,
        unit: "%",
        moot: Some(super::Moot::NoBreaker),
    },
    entry! {
        key: "downstream.*.breaker_slow_rate",
        kind: float(1.0, 100.0),
        default: "100",
        group: Downstream,
        unit: "%",
        moot: Some(super::Moot::NoBreaker),
    },
    entry! {
        key: "downstream.*.breaker_slow_ms",
        kind: float(1.0, 86_400_000.0),
        default: "60000",
        group: Downstream,
        unit: "ms",
        moot: Some(super::Moot::NoBreaker),
    },
    entry! {
        key: "downstream.*.breaker_window_type",
        kind: FieldKind::Choice(&["count_based", "time_based"]),
        default: "count_based",
        group: Downstream,
        moot: Some(super::Moot::NoBreaker),
    },
    entry! {
        key: "downstream.*.breaker_window",
        kind: int(1, 100_000),
        default: "100",
        group: Downstream,
        unit: "calls",
        moot: Some(super::Moot::NoBreaker),
    },
    entry! {
        key: "downstream.*.breaker_minimum_calls",
        kind: int(1, 100_000),
        default: "100",
        group: Downstream,
        unit: "calls",
        moot: Some(super::Moot::NoBreaker),
    },
    entry! {
        key: "downstream.*.breaker_open_s",
        kind: float(0.001, 86_400.0),
        default: "60",
        group: Downstream,
        unit: "s",
        moot: Some(super::Moot::NoBreaker),
    },
    entry! {
        key: "downstream.*.breaker_half_open_calls",
        kind: int(1, 100_000),
        default: "10",
        group: Downstream,
        unit: "calls",
        moot: Some(super::Moot::NoBreaker),
    },
    // Resilience4j's RateLimiter around each try (inside the breaker), its
    // defaults as RateLimiterConfig has them: 50 permissions every 500 ns,
    // a caller waiting up to 5 s for one.
    entry! {
        key: "downstream.*.rate_limiter",
        kind: FieldKind::Choice(&["none", "resilience4j"]),
        default: "none",
        group: Downstream,
    },
    entry! {
        key: "downstream.*.rate_limiter_limit",
        kind: int(1, 1_000_000_000),
        default: "50",
        group: Downstream,
        unit: "calls",
        moot: Some(super::Moot::NoRateLimiter),
    },
    entry! {
        key: "downstream.*.rate_limiter_period_ms",
        kind: float(0.000001, 86_400_000.0),
        default: "0.0005",
        group: Downstream,
        unit: "ms",
        moot: Some(super::Moot::NoRateLimiter),
    },
    entry! {
        key: "downstream.*.rate_limiter_timeout_ms",
        kind: float(0.0, 86_400_000.0),
        default: "5000",
        group: Downstream,
        unit: "ms",
        moot: Some(super::Moot::NoRateLimiter),
    },
    // A fallback method: a call that failed (all its tries, or refused by
    // the open breaker) returns a fallback value, and the request goes on.
    entry! {
        key: "downstream.*.fallback",
        kind: FieldKind::Choice(&["off", "on"]),
        default: "off",
        group: Downstream,
    },
    entry! {
        key: "memory.heap_mb",
        kind: float(16.0, 1_048_576.0),
        default: "null",
        group: Memory,
        unit: "MB",
        nullable: true,
        slider: Some(Slider { min: 64.0, max: 32_768.0, log: true }),
    },
    // -Xms. Default: InitialRAMPercentage = 1/64 of memory.container_mb
    // (sourced: HotSpot's InitialRAMPercentage 1.5625; measured here: 380 MiB
    // of 24 GiB, reference/results/2026-12-03/jvm_flags.json), at most -Xmx.
    // The run starts with what start-up's concurrent cycle's Remark left of
    // it (sourced: G1HeapSizingPolicy's resize at Remark; measured here: 8 of
    // 8 logs, 380 → 40 / 28 MiB): the idle heap in use ÷ 0.3 at most, down to
    // MinHeapSize (measured::G1_MIN_HEAP_MB, or -Xms when set, which so keeps
    // its size). Assumed: a warm JVM's growth under earlier load is not
    // replayed (engine::heap).
    // Bounds: those of memory.heap_mb. Not moot without a collector: a
    // -Xms set still raises the default -Xmx.
    entry! {
        key: "memory.initial_heap_mb",
        kind: float(16.0, 1_048_576.0),
        default: "null",
        group: Memory,
        unit: "MB",
        nullable: true,
    },
    entry! {
        key: "memory.base_mb",
        kind: float(0.0, 1_048_576.0),
        default: "40",
        group: Memory,
        unit: "MB",
    },
    entry! {
        key: "memory.xss_kb",
        kind: float(16.0, 1_048_576.0),
        default: "1024",
        group: Memory,
        unit: "KB",
        slider: Some(Slider { min: 64.0, max: 4_096.0, log: true }),
    },
    entry! {
        key: "memory.vthread_bytes",
        kind: float(0.0, 1_048_576.0),
        default: "1024",
        group: Memory,
        unit: "B",
    },
    entry! {
        key: "memory.stack_chunk_kb",
        kind: float(0.0, 1_048_576.0),
        default: "8",
        group: Memory,
        unit: "KB",
    },
    entry! {
        key: "memory.connection_kb",
        kind: float(0.0, 1_048_576.0),
        default: "16",
        group: Memory,
        unit: "KB",
    },
    entry! {
        key: "memory.request_kb",
        kind: float(0.0, 1_048_576.0),
        default: "8",
        group: Memory,
        unit: "KB",
    },
    entry! {
        key: "memory.thread_local_kb",
        kind: float(0.0, 1_048_576.0),
        default: "0",
        group: Memory,
        unit: "KB",
    },
    entry! {
        key: "memory.stack_resident_kb",
        kind: float(4.0, 1_048_576.0),
        default: "64",
        group: Memory,
        unit: "KB",
    },
    entry! {
        key: "memory.native_base_mb",
        kind: float(0.0, 1_048_576.0),
        default: "150",
        group: Memory,
        unit: "MB",
    },
    entry! {
        key: "memory.container_mb",
        kind: float(64.0, 16_777_216.0),
        default: "8192",
        group: Memory,
        unit: "MB",
        slider: Some(Slider { min: 256.0, max: 65_536.0, log: true }),
    },
    entry! {
        key: "memory.max_threads",
        kind: int(26, 4_194_304),
        default: "null",
        group: Memory,
        unit: "threads",
        nullable: true,
    },
    entry! {
        key: "jvm.start",
        kind: FieldKind::Choice(&["warm", "cold"]),
        default: "warm",
        group: Jvm,
    },
    entry! {
        key: "jvm.first_request_ms",
        kind: float(0.0, 600_000.0),
        default: "5",
        group: Jvm,
        unit: "ms",
    },
    // The JIT's warm-up: extra CPU per request, A·e^(−n/τ1) + B·e^(−n/τ2).
    // Each empty key takes the value measured on this project's reference
    // machine for `server.jdk` (`measured::JIT_JDK21`, `JIT_JDK25`).
    entry! {
        key: "jvm.jit_interpreted_ms",
        kind: float(0.0, 60_000.0),
        default: "null",
        group: Jvm,
        unit: "ms",
        nullable: true,
    },
    entry! {
        key: "jvm.jit_c1_requests",
        kind: float(1.0, 1e9),
        default: "null",
        group: Jvm,
        unit: "requests",
        nullable: true,
    },
    entry! {
        key: "jvm.jit_c1_ms",
        kind: float(0.0, 60_000.0),
        default: "null",
        group: Jvm,
        unit: "ms",
        nullable: true,
    },
    entry! {
        key: "jvm.jit_c2_requests",
        kind: float(1.0, 1e9),
        default: "null",
        group: Jvm,
        unit: "requests",
        nullable: true,
    },
    entry! {
        key: "jvm.thread_start_us",
        kind: float(0.0, 1_000_000.0),
        default: "100",
        group: Jvm,
        unit: "µs",
    },
    entry! {
        key: "jvm.restart_s",
        kind: float(1.0, 86_400.0),
        default: "10",
        group: Jvm,
        unit: "s",
    },
    // What an OutOfMemoryError does: the JVM's default (thrown where it
    // happens), -XX:+ExitOnOutOfMemoryError, or an agent that kills the JVM.
    entry! {
        key: "jvm.on_out_of_memory",
        kind: FieldKind::Choice(&["throw", "exit", "kill"]),
        default: "throw",
        group: Jvm,
    },
    // Who restarts the process, with the back-off of the real code:
    // the kubelet's or Docker's restart manager.
    entry! {
        key: "jvm.restart_backoff",
        kind: FieldKind::Choice(&["kubernetes", "docker"]),
        default: "kubernetes",
        group: Jvm,
    },
    // What a connect meets while the process is down: a reset from a host
    // or namespace that is still there, or silence from an address gone.
    entry! {
        key: "jvm.down_connect",
        kind: FieldKind::Choice(&["refused", "unanswered"]),
        default: "refused",
        group: Jvm,
    },
    entry! {
        key: "gc.collector",
        kind: FieldKind::Choice(&["g1", "none"]),
        default: "g1",
        group: Jvm,
    },
    entry! {
        key: "gc.alloc_kb",
        kind: float(0.0, 1_048_576.0),
        default: "34",
        group: Jvm,
        unit: "KB",
        moot: Some(super::Moot::NoCollector),
    },
    entry! {
        key: "gc.pause_base_ms",
        kind: float(0.0, 10_000.0),
        default: "2",
        group: Jvm,
        unit: "ms",
        moot: Some(super::Moot::NoCollector),
    },
    // The spread of the fixed part: its p90 over its median (1 = the same
    // every pause). Empty takes the ratio measured here. Bounds: below 1 the
    // p90 would be under the median; 100 is far past any G1 log.
    entry! {
        key: "gc.pause_p90_ratio",
        kind: float(1.0, 100.0),
        default: "null",
        group: Jvm,
        nullable: true,
        moot: Some(super::Moot::NoCollector),
    },
    entry! {
        key: "gc.copy_mb_per_ms",
        kind: float(0.001, 1_000_000.0),
        default: "1.5",
        group: Jvm,
        unit: "MB/ms",
        moot: Some(super::Moot::NoCollector),
    },
    // How full eden is when a warm JVM's run begins (0–1 of the young
    // generation). Empty draws it uniformly for each seed: a warm JVM has
    // served load before, and where in its young cycle the run starts is
    // not known (an assumption; the reference runs had 0–6 pauses per run
    // at the same load). Moot when cold: a fresh JVM's eden is empty.
    entry! {
        key: "gc.warm_eden_fill",
        kind: float(0.0, 1.0),
        default: "null",
        group: Jvm,
        nullable: true,
        moot: Some(super::Moot::NoCollector),
    },
    // GCTimeRatio. Default 12: G1's (measured here: PrintFlagsFinal on
    // Temurin 21 and 25, reference/results/2026-12-03/jvm_flags.json),
    // a GC-time target of 1/(1+12) ≈ 7.7 %. Bounds: G1 requires at least 1;
    // 100,000 (a target of 0.001 %) is far past any use.
    entry! {
        key: "gc.time_ratio",
        kind: int(1, 100_000),
        default: "12",
        group: Jvm,
        moot: Some(super::Moot::NoCollector),
    },
    entry! {
        key: "limits.max_events",
        kind: int(1, 1_000_000_000),
        default: "500000000",
        group: Limits,
        unit: "events",
    },
    entry! {
        key: "limits.max_sim_memory_mb",
        kind: int(16, 4_096),
        default: "512",
        group: Limits,
        unit: "MB",
    },
    entry! {
        key: "limits.max_sim_s",
        kind: float(0.001, 10_000_000.0),
        default: "86400",
        group: Limits,
        unit: "s",
    },
    entry! {
        key: "limits.max_wall_s",
        kind: float(0.1, 86_400.0),
        default: "180",
        group: Limits,
        unit: "s",
    },
    entry! {
        key: "record.series_buckets",
        kind: int(10, 5_000),
        default: "200",
        group: Record,
        unit: "buckets",
    },
    entry! {
        key: "record.timeline_start_ms",
        kind: float(0.0, 86_400_000.0),
        default: "0",
        group: Record,
        unit: "ms",
    },
    entry! {
        key: "record.timeline_window_ms",
        kind: float(0.001, 600_000.0),
        default: "300",
        group: Record,
        unit: "ms",
    },
    entry! {
        key: "record.timeline_lanes",
        kind: int(0, 512),
        default: "24",
        group: Record,
        unit: "lanes",
    },
    entry! {
        key: "seed",
        kind: int(0, MAX_SAFE),
        default: "1",
        group: Run,
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
    "endpoints",
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

/// Sections with one set of keys per name the program gives: `async.<name>.x`
/// per `@Async` executor, `downstream.<name>.x` per called service, and
/// `endpoint.<name>.x` per endpoint `endpoints` lists.
pub(crate) const NAMED_SECTIONS: [&str; 3] = ["async", "downstream", "endpoint"];

/// The named section `key` lies in and the name it gives
/// (`downstream.inventory.p50_ms` → `("downstream", "inventory", "p50_ms")`).
pub(crate) fn named_parts(key: &str) -> Option<(&'static str, &str, &str)> {
    NAMED_SECTIONS.iter().find_map(|&section| {
        let rest = key.strip_prefix(section)?.strip_prefix('.')?;
        let (name, leaf) = rest.split_once('.').unwrap_or((rest, ""));
        Some((section, name, leaf))
    })
}

/// The spec of a key (with `async.<name>.x` matched to `async.*.x`, and so
/// for every named section), if known.
pub fn field(key: &str) -> Option<&'static FieldSpec> {
    if let Some((section, name, leaf)) = named_parts(key) {
        if !valid_executor_name(name) || leaf.is_empty() || leaf.contains('.') {
            return None;
        }
        let pattern = format!("{section}.*.{leaf}");
        return SCHEMA.iter().find(|f| f.key == pattern);
    }
    SCHEMA.iter().find(|f| f.key == key)
}

/// Executor and monitor names: a letter, then letters, digits, `_` or `-`, at most 40.
pub(crate) fn valid_executor_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && name.len() <= 40
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl FieldSpec {
    /// The catalogue key of its label (`field.server.threads_max.label`).
    pub fn label_key(&self) -> String {
        format!("field.{}.label", self.key)
    }

    /// The catalogue key of its one line of help.
    pub fn help_key(&self) -> String {
        format!("field.{}.help", self.key)
    }

    /// Its label in `l`'s words, e.g. "Max threads" (the English where `l`
    /// has none; the key itself for a catalogue without it). The catalogue
    /// is the one source of these words: the command line reads the
    /// English, the page its language.
    pub fn label(&self, l: Locale) -> &'static str {
        lookup_or_english(l, &self.label_key()).unwrap_or(self.key)
    }

    /// Its one line of help in `l`'s words (the English where `l` has
    /// none).
    pub fn help(&self, l: Locale) -> &'static str {
        lookup_or_english(l, &self.help_key()).unwrap_or_default()
    }

    /// Whether the form shows this key in its first layer (see
    /// [`FIRST_LAYER`]), not in the "Advanced" group.
    pub fn first_layer(&self) -> bool {
        FIRST_LAYER.contains(&self.key)
    }

    /// The catalogue key of the real-world setting it stands for.
    pub fn property_key(&self) -> String {
        format!("field.{}.property", self.key)
    }

    /// The real property, JVM flag or tool option it stands for in `l`'s
    /// words (a property name stays itself; words such as "(assumption)"
    /// are translated); `None` for a key that stands for none.
    pub fn property(&self, l: Locale) -> Option<&'static str> {
        lookup_or_english(l, &self.property_key())
    }

    /// The catalogue key of what `word`, one of its choices, means
    /// (`choice.load.tool.hey`).
    pub fn choice_key(&self, word: &str) -> String {
        format!("choice.{}.{word}", self.key)
    }

    /// What `word`, one of this choice's words, means in `l`'s words
    /// (`None` for a word the catalogue says nothing more about, a word
    /// that is not one of its choices, or a key that is no choice).
    pub fn help_for(&self, l: Locale, word: &str) -> Option<&'static str> {
        let FieldKind::Choice(words) = self.kind else {
            return None;
        };
        words.contains(&word).then_some(())?;
        lookup_or_english(l, &self.choice_key(word))
    }

    /// Each word of a choice that has help, with what it means in `l`'s
    /// words, in the choice's order.
    pub fn choices_with_help(&self, l: Locale) -> Vec<(&'static str, &'static str)> {
        match self.kind {
            FieldKind::Choice(words) => (words.iter())
                .filter_map(|w| Some((*w, self.help_for(l, w)?)))
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
            FieldKind::Names => errors::ALLOWED_NAMES
                .said()
                .with("example", Part::text(NAMES_EXAMPLE))
                .with("max", Part::Count(super::mix::MAX_ENDPOINTS as u64)),
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

/// A list of names as `FieldKind::Names` reads it.
const NAMES_EXAMPLE: &str = "orders, search, report";

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
mod tests;
