//! Ready-made scenarios: one per measured experiment and variant in the
//! source articles, plus a few lessons. A preset is a draft like any other
//! and passes the same validation (tested). Each setting is either **stated**
//! by the article or an **assumption** with its reason.

use super::draft::Draft;
use super::schema::mode_named;
use crate::sim::config::Mode;

/// A setting a preset had to assume, and why.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Assumption {
    /// The key.
    pub key: &'static str,
    /// Why this value (physically motivated, or "calibrated on `<figure>`").
    pub reason: &'static str,
}

/// One of a measured experiment's two runs that the playground loads as one
/// scenario and shows side by side, in its platform and virtual columns.
/// Mostly the side is the run's server mode; in E4, where Tomcat keeps its
/// platform threads, it is the `@Async` executor's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Pair {
    /// Shared by the two runs.
    pub id: &'static str,
    /// The column this run is shown in.
    pub side: Mode,
}

/// A named scenario.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Preset {
    /// Short name for `--preset` and URLs.
    pub name: &'static str,
    /// Title for menus.
    pub title: &'static str,
    /// Experiment id in the measurements (`E1`…`E4`), or `lesson`.
    pub experiment: &'static str,
    /// Variant within the experiment.
    pub variant: &'static str,
    /// The experiment's two runs that the playground shows side by side, and
    /// this one's side; `None` for a scenario of its own (the lessons).
    pub pair: Option<Pair>,
    /// What it shows.
    pub description: &'static str,
    /// Settings every variant of the experiment shares, as `--set` pairs.
    pub shared: &'static [(&'static str, &'static str)],
    /// This variant's own settings (applied after `shared`).
    pub own: &'static [(&'static str, &'static str)],
    /// Keys whose values the article states.
    pub stated: &'static [&'static str],
    /// Keys whose values are assumed, with reasons.
    pub assumptions: &'static [Assumption],
    /// Where the experiment comes from, in one line (empty for lessons).
    pub provenance: &'static str,
}

impl Preset {
    /// Every setting: the experiment's shared ones, then the variant's own.
    pub fn settings(&self) -> Vec<(&'static str, &'static str)> {
        self.shared.iter().chain(self.own).copied().collect()
    }

    /// The playground's column it is shown in: its side of a pair, else the
    /// server mode it runs.
    pub fn side(&self) -> Mode {
        self.pair.map_or_else(|| self.mode(), |p| p.side)
    }

    /// The server mode it runs: its `server.mode`, else the default (platform).
    pub fn mode(&self) -> Mode {
        self.settings()
            .iter()
            .rev()
            .find(|(k, _)| *k == "server.mode")
            .and_then(|(_, v)| mode_named(v))
            .unwrap_or(Mode::Platform)
    }

    /// The same experiment's run on the other side, if it has one.
    pub fn partner(&self) -> Option<&'static Preset> {
        let pair = self.pair?;
        PRESETS.iter().find(|q| {
            q.pair
                .is_some_and(|o| o.id == pair.id && o.side != pair.side)
        })
    }

    /// What it shows in words: its own description, then its partner's
    /// where that says something else (a pair loads as one scenario).
    pub fn about(&self) -> String {
        let mut sides: Vec<&Preset> = std::iter::once(self).chain(self.partner()).collect();
        sides.sort_by_key(|p| p.side() != Mode::Platform);
        sides.dedup_by_key(|p| p.description);
        sides
            .iter()
            .map(|p| p.description)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The preset as a draft.
    pub fn draft(&self) -> Draft {
        let mut d = Draft::new();
        for (k, v) in self.settings() {
            // Preset values are checked by tests; a bad one surfaces in validation.
            if d.set(k, v).is_err() {
                d.set_value(k, serde_json::Value::String((*v).to_string()));
            }
        }
        d
    }
}

const fn a(key: &'static str, reason: &'static str) -> Assumption {
    Assumption { key, reason }
}

// ---- shared settings and assumptions ---------------------------------------
//
// An assumption is the same for every variant of one experiment unless the
// article states a difference. Values fitted to one measured figure say so:
// "calibrated on <figure>"; the experiment's other figures are predictions.

const E1_PROVENANCE: &str = "E1 · Patrick Hütter (encircle360), \"Spring Boot mit Virtual Threads: Migration und Benchmarks\", 2024-08-19";
const E1_PROGRAM: &str = "cpu:0.14ms,db:50ms,io:50ms,io:uniform(0ms,15.6ms),cpu:0.14ms";
const E1_STATED: &[&str] = &[
    "load.kind",
    "load.concurrency",
    "load.duration_s",
    "server.mode",
    "server.threads_max",
];
const E1_ASSUMED: &[Assumption] = &[
    a(
        "program",
        "stated: a ~50 ms database query, then a ~50 ms HTTP call. Assumed: 0.28 ms of CPU per request in two halves (JSON, JDBC, HTTP client), calibrated on the virtual run's 14,200 req/s (4 cores ÷ 14,200 req/s = 0.28 ms: the only limit left once threads are not); and a further 0–15.6 ms (mean 7.8 ms) of waiting beyond the two 50 ms calls (the \"~\": driver, network, pool hand-offs), calibrated on the platform run's 1,850 req/s (200 threads ÷ 1,850 req/s = 108 ms held per request); uniform, because a constant keeps the threads in artificial lockstep",
    ),
    a(
        "server.cores",
        "not stated; 4, a common size for a service container. Only cores × CPU per request matters here, and that product is calibrated",
    ),
    a(
        "db.pool_size",
        "not stated; must be large: 14,200 req/s × 50 ms per query = 710 connections held at once in the virtual run (HikariCP's default 10 would cap both runs at 200 req/s). 1,000 in both runs",
    ),
    a(
        "load.tool",
        "the load tool is not named; \"2,000 concurrent connections for 60 seconds\" is wrk's vocabulary (-c 2000 -d 60s), where hey and JMeter speak of requests and users. So wrk's semantics: 2,000 connections each sending as soon as its response is read, a 2 s --timeout that counts a late response instead of giving it up, latencies from the write (the connect left out), and what is in flight at 60 s dropped",
    ),
    a(
        "server.min_spare",
        "Spring Boot's default (10); the article changes only threads.max",
    ),
    a(
        "jvm.start",
        "not stated: the article names neither a restart before each run nor a warm-up; warm, the default, as load-testing practice advises",
    ),
];

const E2_PROVENANCE: &str = "E2 · 程序员欣宸, \"性能暴涨，CTO问我是不是偷偷升级硬件了：JDK 21虚拟线程真香实录\", 2026-03-05";
const E2_PROGRAM: &str = "cpu:0.1ms,io:50ms,io:uniform(0ms,6.3ms)";
const E2_CORES: Assumption = a(
    "server.cores",
    "the article's reposted table names a 4-core, 8 GB server; the hey runs themselves do not say",
);
const E2_PROGRAM_WHY: Assumption = a(
    "program",
    "stated: Thread.sleep(50). Assumed: 0.1 ms of server CPU per request (Tomcat parsing, Spring MVC dispatch, a 48-byte body), typical of a trivial endpoint; and 0–6.3 ms (mean 3.15 ms) of waiting beyond the sleep, calibrated on the platform run's 1877.2105 req/s: 100 threads ÷ 1877.21 req/s = 53.27 ms held per request. It cannot be CPU (the virtual run served 12,773 req/s from the same cores, ≤ 0.31 ms each), so it is a wait: sleep overshoot, GC safepoints, poller-to-worker hand-offs. Uniform, because a constant keeps the threads in artificial lockstep. The article's own fastest responses (53.2 ms, 53.8 ms) corroborate ~3 ms beyond the sleep",
);

const E3_PROVENANCE: &str =
    "E3 · 51CTO.COM, \"虚拟线程在Spring Boot中的应用及性能对比\" (author and date not given)";
const E3_STATED: &[&str] = &[
    "load.tool",
    "load.kind",
    "load.concurrency",
    "load.ramp_up_s",
    "server.mode",
    "program",
];
const E3_ASSUMED: &[Assumption] = &[
    a(
        "server.threads_max",
        "not stated; Spring Boot's default 200 (the article sets only spring.threads.virtual.enabled)",
    ),
    a(
        "server.min_spare",
        "Spring Boot's default of 10; the article does not change it",
    ),
    a(
        "server.cores",
        "not stated; 4. The sleep endpoint barely uses CPU, so its results do not depend on it",
    ),
    a(
        "load.duration_s",
        "not stated; the charts show the response time climbing and levelling off: 100 s of ramp-up plus 100 s at full load shows the plateau",
    ),
    a(
        "load.loops",
        "not stated; JMeter's \"infinite\" (a loop count of 1 would send 10 req/s and never queue, contradicting the 5,000 ms the article shows)",
    ),
    a(
        "jvm.start",
        "not stated; warm, the default. The figures are read after 110 s of load, long after any warm-up",
    ),
];
const E3_SLEEP_PROGRAM: Assumption = a(
    "program",
    "stated: a log line, then Thread.sleep(1000). Assumed: 0.1 ms of CPU for the log line and Spring MVC",
);
const E3_CPU_PROGRAM: Assumption = a(
    "program",
    "stated: 20000! by repeated BigInteger.multiply (a 256,909-bit result). Assumed: 75 ms of CPU, measured for this project: the article's factorial method takes 73–90 ms per call on one core (JDK 25, AMD EPYC, after warm-up)",
);

/// What the sleep endpoint's two variants assume.
const E3_SLEEP_ASSUMED: [Assumption; E3_ASSUMED.len() + 1] =
    with_first(E3_SLEEP_PROGRAM, E3_ASSUMED);

/// What the CPU-bound endpoint's two variants assume.
const E3_CPU_ASSUMED: [Assumption; E3_ASSUMED.len() + 1] = with_first(E3_CPU_PROGRAM, E3_ASSUMED);

/// `first`, then every assumption of `rest`: one endpoint's own assumption
/// before those its experiment shares (`N` must be `rest.len() + 1`).
const fn with_first<const N: usize>(first: Assumption, rest: &[Assumption]) -> [Assumption; N] {
    assert!(N == rest.len() + 1, "N is one more than the shared list");
    let mut out = [first; N];
    let mut i = 0;
    while i < rest.len() {
        out[i + 1] = rest[i];
        i += 1;
    }
    out
}

const E4_PROVENANCE: &str = "E4 · \"Improving I/O Concurrency with Spring @Async and Virtual Threads\" (author and date not given)";
const E4_PROGRAM: &str = "cpu:0.2ms,db:5ms,io:102ms,async(email){io:100ms}";
const E4_STATED: &[&str] = &[
    "load.kind",
    "load.requests",
    "load.concurrency",
    "async.email.kind",
    "async.email.core",
    "async.email.max",
    "async.email.queue",
    "jvm.start",
];
const E4_ASSUMED: &[Assumption] = &[
    a(
        "program",
        "stated: create a user in the database, then an @Async e-mail that sleeps 100 ms. Assumed: 0.2 ms of CPU and 5 ms holding a HikariCP connection for the INSERT and commit, then 102 ms more before the e-mail is handed off, calibrated on the virtual executor's 896 e-mails/s at 100 concurrent: 1,000 e-mails ÷ 896/s = 1.116 s from the first hand-off to the last e-mail's end; minus that e-mail's 100 ms, the 10 rounds of 100 requests took ~0.1 s each. Far more than an INSERT: the article names no client, so this includes its round trip",
    ),
    a(
        "server.cores",
        "not stated; 4. The e-mail tasks and requests barely use CPU",
    ),
    a(
        "server.mode",
        "the article changes only the @Async executor; Tomcat keeps its platform-thread pool",
    ),
    a(
        "server.threads_max",
        "Spring Boot's default 200: more than the 100 concurrent requests",
    ),
    a(
        "db.pool_size",
        "HikariCP's default maximum-pool-size of 10; the article does not change it",
    ),
    a(
        "load.tool",
        "the client is not named (\"a focused benchmark\"); \"1,000 requests at 100 concurrent\" reads as hey -n 1000 -c 100, so hey's semantics and its 20 s timeout, which no request reaches",
    ),
];

const REPOST_PROVENANCE: &str = "E2 (reposted table) · quoted in 程序员欣宸's article, source not given: same 4-core 8 GB server, simple CRUD API";
const REPOST_STATED: &[&str] = &[
    "server.cores",
    "server.mode",
    "server.threads_max",
    "load.concurrency",
];
const REPOST_ASSUMED: &[Assumption] = &[
    a(
        "load.tool",
        "the load tool is not named; hey, which the article itself uses on the same server",
    ),
    a(
        "load.kind",
        "a closed loop of 10,000 users, each waiting for its answer, as hey runs it",
    ),
    a(
        "program",
        "\"simple CRUD API\": assumed 0.3 ms of CPU and one 5 ms query on a HikariCP connection",
    ),
    a(
        "db.pool_size",
        "HikariCP's default maximum-pool-size of 10; the article does not change it",
    ),
    a(
        "load.requests",
        "not stated; the load tool is not named; assumed hey as in the article's own runs, 10 requests per user (as -n 100000 -c 10000)",
    ),
    a(
        "load.timeout_ms",
        "hey's default client timeout (-t) of 20 s, as in the article's own runs",
    ),
    a(
        "server.max_connections",
        "not stated; 10,000: the table reports 10,000 users as stable, which needs 10,000 open connections at once. With Tomcat's default 8,192 the other 1,808 users wait (their SYNs dropped and retried) until workers that are done free their connections, and many pass hey's 20 s timeout first: no worker sends 100 requests (10 each), so keep-alive never rotates a connection here",
    ),
    a(
        "memory.heap_mb",
        "the JVM's default heap on the stated 8 GB machine: MaxRAMPercentage 25 % = 2,048 MB",
    ),
    a(
        "jvm.start",
        "not stated: the table gives no run conditions; warm, the default, as load-testing practice advises",
    ),
    a(
        "memory.request_kb",
        "calibrated on \"+300 MB at 10,000 concurrency\" (virtual), read as the live heap's growth (what a heap-after-collection graph shows): 300 MB ÷ 10,000 = 30.7 KB per request in flight (MB and KB as the JVM counts them, 1,024 apart), of which the connection's buffers (16 KB), the unmounted stack chunk (8 KB) and the virtual thread (1 KB) are the schema's values; the rest, ~5.7 KB, is the request's own objects",
    ),
    a(
        "server.min_spare",
        "Spring Boot's default of 10; the article does not change it",
    ),
];

/// The side of an E4 run: its executor's kind.
macro_rules! e4_side {
    ("platform") => {
        Mode::Platform
    };
    ("virtual") => {
        Mode::Virtual
    };
}

macro_rules! e4 {
    ($name:literal, $n:literal, $kind:tt, $exec:expr) => {
        Preset {
            name: $name,
            title: concat!("E4 · 1,000 requests at ", $n, " concurrent · @Async e-mails · ", $kind, " executor"),
            experiment: "E4",
            variant: concat!($kind, " ", $n),
            pair: Some(Pair {
                id: concat!("e4-", $n),
                side: e4_side!($kind),
            }),
            description: "Each request creates a user, then hands a 100 ms e-mail to an @Async executor: a ThreadPoolTaskExecutor of 50 threads caps e-mails at 50 ÷ 100 ms = 500/s; a virtual-thread executor runs them all at once.",
            shared: E4_SHARED,
            own: $exec,
            stated: E4_STATED,
            assumptions: E4_ASSUMED,
            provenance: E4_PROVENANCE,
        }
    };
}

/// Settings every E4 variant shares: only the concurrency and the executor differ.
const E4_SHARED: &[(&str, &str)] = &[
    ("load.tool", "hey"),
    ("load.kind", "closed"),
    ("load.requests", "1000"),
    ("server.mode", "platform"),
    ("server.threads_max", "200"),
    ("server.cores", "4"),
    ("db.pool_size", "10"),
    ("program", E4_PROGRAM),
    ("jvm.start", "warm"),
];

macro_rules! e4_settings {
    ($n:literal, pool) => {
        &[
            ("load.concurrency", $n),
            ("async.email.kind", "pool"),
            ("async.email.core", "50"),
            ("async.email.max", "50"),
            ("async.email.queue", "1000"),
        ]
    };
    ($n:literal, virtual) => {
        &[("load.concurrency", $n), ("async.email.kind", "virtual")]
    };
}

/// What the E2 article states (hey's command line, Tomcat's properties, the JDK).
const E2_STATED: &[&str] = &[
    "load.tool",
    "load.kind",
    "load.concurrency",
    "load.requests",
    "load.timeout_ms",
    "server.mode",
    "server.threads_max",
    "server.min_spare",
    "server.max_connections",
    "server.accept_count",
    "server.jdk",
    "jvm.start",
];

/// Settings every E2 variant shares.
const E2_SHARED: &[(&str, &str)] = &[
    ("load.tool", "hey"),
    ("load.kind", "closed"),
    ("load.concurrency", "2000"),
    ("load.requests", "100000"),
    ("load.timeout_ms", "20000"),
    ("server.threads_max", "100"),
    ("server.min_spare", "2"),
    ("server.max_connections", "8192"),
    ("server.accept_count", "5000"),
    ("server.cores", "4"),
    ("server.jdk", "21"),
    ("program", E2_PROGRAM),
    ("jvm.start", "cold"),
];

/// Settings every E1 variant shares.
const E1_SHARED: &[(&str, &str)] = &[
    ("load.kind", "closed"),
    ("load.concurrency", "2000"),
    ("load.tool", "wrk"),
    ("load.duration_s", "60"),
    ("server.threads_max", "200"),
    ("server.min_spare", "10"),
    ("server.cores", "4"),
    ("program", E1_PROGRAM),
    ("db.pool_size", "1000"),
    ("jvm.start", "warm"),
];

/// Settings every E2-repost variant shares.
const E2_REPOST_SHARED: &[(&str, &str)] = &[
    ("load.tool", "hey"),
    ("load.kind", "closed"),
    ("load.concurrency", "10000"),
    ("load.requests", "100000"),
    ("load.timeout_ms", "20000"),
    ("server.threads_max", "200"),
    ("server.min_spare", "10"),
    ("server.max_connections", "10000"),
    ("server.cores", "4"),
    ("program", "cpu:0.3ms,db:5ms"),
    ("db.pool_size", "10"),
    ("memory.heap_mb", "2048"),
    ("memory.request_kb", "5.7"),
    ("jvm.start", "warm"),
];

/// Settings every E3 variant shares.
const E3_SHARED: &[(&str, &str)] = &[
    // JMeter's own defaults: no connect or response timeout, one
    // connection per thread kept alive.
    ("load.tool", "jmeter"),
    ("load.kind", "closed"),
    ("load.concurrency", "1000"),
    ("load.ramp_up_s", "100"),
    ("load.duration_s", "200"),
    ("server.threads_max", "200"),
    ("server.min_spare", "10"),
    ("server.cores", "4"),
    ("jvm.start", "warm"),
];

static PRESETS: &[Preset] = &[
    Preset {
        name: "e2-platform",
        title: "E2 · hey -c 2000 -n 100000 /delay/50 · platform threads (threads.max=100)",
        experiment: "E2",
        variant: "platform",
        pair: Some(Pair {
            id: "e2",
            side: Mode::Platform,
        }),
        description: "Thread.sleep(50) behind Tomcat's pool of 100 threads: at most 100 ÷ 53 ms ≈ 1,880 req/s, so 2,000 clients wait ~1 s each.",
        shared: E2_SHARED,
        own: &[("server.mode", "platform"), ("load.client_cpu_ms", "0")],
        stated: E2_STATED,
        assumptions: &[
            E2_CORES,
            E2_PROGRAM_WHY,
            a(
                "load.client_cpu_ms",
                "stated difference: the platform run's hey ran on a second machine (192.168.31.211), so it takes no CPU from the server",
            ),
        ],
        provenance: E2_PROVENANCE,
    },
    Preset {
        name: "e2-virtual",
        title: "E2 · hey -c 2000 -n 100000 /delay/50 · virtual threads",
        experiment: "E2",
        variant: "virtual",
        pair: Some(Pair {
            id: "e2",
            side: Mode::Virtual,
        }),
        description: "The same endpoint with spring.threads.virtual.enabled=true: the sleep no longer holds a thread, so CPU (the server and a local hey) becomes the limit.",
        shared: E2_SHARED,
        own: &[("server.mode", "virtual"), ("load.client_cpu_ms", "0.193")],
        stated: E2_STATED,
        assumptions: &[
            E2_CORES,
            E2_PROGRAM_WHY,
            a(
                "load.client_cpu_ms",
                "stated difference: the virtual run's hey targets localhost, so it shares the server's cores. Calibrated on 12773.137 req/s: 4 cores ÷ 12,773 req/s = 0.31 ms of CPU per request in all, 0.1 ms of it the server's and ~0.01 ms the OS's switches between hey's threads and the carriers on the shared cores, leaves ~0.2 ms for hey's HTTP client work (it reuses its connections: each of its 2,000 workers sends 50 requests, fewer than Tomcat's 100 per connection, so it connects only at the start). Refitted when the model gained the JVM's cold start (the stated restart) and G1's pauses (issue 13): those take ~2 % of the run, so 0.193 ms. hey's goroutines run on Go's GOMAXPROCS = 4 OS threads (load.client_threads' default), so its work queues there instead of taking a time slice per worker",
            ),
        ],
        provenance: E2_PROVENANCE,
    },
    Preset {
        name: "e1-platform",
        title: "E1 · 2,000 connections for 60 s · DB 50 ms + HTTP 50 ms · platform threads (200)",
        experiment: "E1",
        variant: "platform",
        pair: Some(Pair {
            id: "e1",
            side: Mode::Platform,
        }),
        description: "A query and a downstream call, ~100 ms, behind Tomcat's 200 threads: at most 200 ÷ 108 ms ≈ 1,850 req/s, so 2,000 connections wait ~1 s each.",
        shared: E1_SHARED,
        own: &[("server.mode", "platform")],
        stated: E1_STATED,
        assumptions: E1_ASSUMED,
        provenance: E1_PROVENANCE,
    },
    Preset {
        name: "e1-virtual",
        title: "E1 · 2,000 connections for 60 s · DB 50 ms + HTTP 50 ms · virtual threads",
        experiment: "E1",
        variant: "virtual",
        pair: Some(Pair {
            id: "e1",
            side: Mode::Virtual,
        }),
        description: "The same service on virtual threads: the waits hold no thread, so the cores become the limit.",
        shared: E1_SHARED,
        own: &[("server.mode", "virtual")],
        stated: E1_STATED,
        assumptions: E1_ASSUMED,
        provenance: E1_PROVENANCE,
    },
    Preset {
        name: "e2-repost-platform",
        title: "E2 reposted table · 10,000 users · CRUD API · platform threads (200)",
        experiment: "E2-repost",
        variant: "platform",
        pair: Some(Pair {
            id: "e2-repost",
            side: Mode::Platform,
        }),
        description: "The reposted claims at 10,000 concurrent users: a pool of 200 threads, a HikariCP pool of 10.",
        shared: E2_REPOST_SHARED,
        own: &[("server.mode", "platform")],
        stated: REPOST_STATED,
        assumptions: REPOST_ASSUMED,
        provenance: REPOST_PROVENANCE,
    },
    Preset {
        name: "e2-repost-virtual",
        title: "E2 reposted table · 10,000 users · CRUD API · virtual threads",
        experiment: "E2-repost",
        variant: "virtual",
        pair: Some(Pair {
            id: "e2-repost",
            side: Mode::Virtual,
        }),
        description: "On virtual threads the 200-thread limit goes; the 10 HikariCP connections stay.",
        shared: E2_REPOST_SHARED,
        own: &[("server.mode", "virtual")],
        stated: REPOST_STATED,
        assumptions: REPOST_ASSUMED,
        provenance: REPOST_PROVENANCE,
    },
    Preset {
        name: "e3-sleep-platform",
        title: "E3 · JMeter 1,000 users, 100 s ramp-up · /load sleeps 1 s · platform threads",
        experiment: "E3",
        variant: "sleep platform",
        pair: Some(Pair {
            id: "e3-sleep",
            side: Mode::Platform,
        }),
        description: "200 threads each hold a request for 1 s: once more than 200 users are active they queue, and at 1,000 users R = 1000 ÷ (200 ÷ 1 s) = 5 s.",
        shared: E3_SHARED,
        own: &[
            ("server.mode", "platform"),
            ("program", "cpu:0.1ms,io:1000ms"),
        ],
        stated: E3_STATED,
        assumptions: &E3_SLEEP_ASSUMED,
        provenance: E3_PROVENANCE,
    },
    Preset {
        name: "e3-sleep-virtual",
        title: "E3 · JMeter 1,000 users, 100 s ramp-up · /load sleeps 1 s · virtual threads",
        experiment: "E3",
        variant: "sleep virtual",
        pair: Some(Pair {
            id: "e3-sleep",
            side: Mode::Virtual,
        }),
        description: "Every request gets its own virtual thread: the response time stays at the 1 s sleep.",
        shared: E3_SHARED,
        own: &[
            ("server.mode", "virtual"),
            ("program", "cpu:0.1ms,io:1000ms"),
        ],
        stated: E3_STATED,
        assumptions: &E3_SLEEP_ASSUMED,
        provenance: E3_PROVENANCE,
    },
    Preset {
        name: "e3-cpu-platform",
        title: "E3 · JMeter 1,000 users, 100 s ramp-up · /calc computes 20000! · platform threads",
        experiment: "E3",
        variant: "cpu platform",
        pair: Some(Pair {
            id: "e3-cpu",
            side: Mode::Platform,
        }),
        description: "CPU-bound: 4 cores ÷ 75 ms ≈ 53 req/s whatever the thread model.",
        shared: E3_SHARED,
        own: &[("server.mode", "platform"), ("program", "cpu:75ms")],
        stated: E3_STATED,
        assumptions: &E3_CPU_ASSUMED,
        provenance: E3_PROVENANCE,
    },
    Preset {
        name: "e3-cpu-virtual",
        title: "E3 · JMeter 1,000 users, 100 s ramp-up · /calc computes 20000! · virtual threads",
        experiment: "E3",
        variant: "cpu virtual",
        pair: Some(Pair {
            id: "e3-cpu",
            side: Mode::Virtual,
        }),
        description: "The same CPU-bound endpoint on virtual threads: the 4 carriers run one factorial each at a time.",
        shared: E3_SHARED,
        own: &[("server.mode", "virtual"), ("program", "cpu:75ms")],
        stated: E3_STATED,
        assumptions: &E3_CPU_ASSUMED,
        provenance: E3_PROVENANCE,
    },
    e4!("e4-platform-25", "25", "platform", e4_settings!("25", pool)),
    e4!(
        "e4-virtual-25",
        "25",
        "virtual",
        e4_settings!("25", virtual)
    ),
    e4!("e4-platform-50", "50", "platform", e4_settings!("50", pool)),
    e4!(
        "e4-virtual-50",
        "50",
        "virtual",
        e4_settings!("50", virtual)
    ),
    e4!(
        "e4-platform-100",
        "100",
        "platform",
        e4_settings!("100", pool)
    ),
    e4!(
        "e4-virtual-100",
        "100",
        "virtual",
        e4_settings!("100", virtual)
    ),
    Preset {
        name: "pinning-jdk21",
        title: "Lesson · pinning: sleep inside synchronized on JDK 21",
        experiment: "lesson",
        variant: "jdk21",
        pair: None,
        description: "Each request sleeps 50 ms inside its own synchronized block. On JDK 21 the virtual thread cannot unmount: the 4 carriers are blocked and throughput collapses to 4 ÷ 50 ms. Tomcat's accept-count is 200 here so that the 200 clients' first connects all fit in the accept queue: at its default 100, fifty of them would have their SYN dropped and wait a second to retry, which would blur the lesson (the connections chart shows it if you set it back).",
        shared: &[],
        own: &[
            ("load.concurrency", "200"),
            ("load.requests", "4000"),
            ("server.mode", "virtual"),
            ("server.cores", "4"),
            ("server.jdk", "21"),
            ("server.accept_count", "200"),
            ("program", "cpu:0.1ms,sync{io:50ms}"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "pinning-jdk24",
        title: "Lesson · the same on JDK 24 (JEP 491: no pinning in synchronized)",
        experiment: "lesson",
        variant: "jdk24",
        pair: None,
        description: "JDK 24 lets the virtual thread unmount inside synchronized: the carriers stay free and the 200 clients get ~4,000 req/s. Tomcat's accept-count is 200 here so that the 200 clients' first connects all fit in the accept queue: at its default 100, fifty of them would have their SYN dropped and wait a second to retry, which would blur the lesson (the connections chart shows it if you set it back).",
        shared: &[],
        own: &[
            ("load.concurrency", "200"),
            ("load.requests", "4000"),
            ("server.mode", "virtual"),
            ("server.cores", "4"),
            ("server.jdk", "24"),
            ("server.accept_count", "200"),
            ("program", "cpu:0.1ms,sync{io:50ms}"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "db-pool",
        title: "Lesson · the connection pool becomes the new bottleneck",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description: "Virtual threads remove the thread limit, and 1,000 requests then queue for HikariCP's 10 connections: 10 ÷ 20 ms = 500 req/s, the rest wait or time out. Tomcat's accept-count is 1,000 here so that the 1,000 clients' first connects all fit in the accept queue: at its default 100, about a thousand SYNs would be dropped and retried a second or more later, which would blur the lesson.",
        shared: &[],
        own: &[
            ("load.concurrency", "1000"),
            ("load.requests", "20000"),
            ("server.mode", "virtual"),
            ("program", "cpu:0.2ms,db:exp(20ms),io:30ms"),
            ("db.pool_size", "10"),
            ("db.timeout_ms", "1000"),
            ("server.accept_count", "1000"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "cpu-bound",
        title: "Lesson · CPU-bound work gains nothing from virtual threads",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description: "20 ms of CPU per request on 4 cores: 200 req/s whatever the thread model.",
        shared: &[],
        own: &[
            ("load.concurrency", "100"),
            ("load.requests", "4000"),
            ("server.mode", "virtual"),
            ("server.cores", "4"),
            ("program", "cpu:20ms"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
];

/// One entry of the playground's scenario menu: a lesson, or a measured
/// experiment's two runs, which load as one scenario shown side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The preset it loads (with its partner, for a pair).
    pub preset: &'static str,
    /// The words in the menu, short enough for a laptop's menu width.
    pub title: &'static str,
}

/// A group of the scenario menu: the lessons, or one measured experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    /// The group's name.
    pub title: &'static str,
    /// One line on what it shows.
    pub about: &'static str,
    /// Its entries.
    pub entries: &'static [Entry],
}

const fn entry(preset: &'static str, title: &'static str) -> Entry {
    Entry { preset, title }
}

/// The scenario menu: lessons first, then experiments E1–E4, one entry per
/// lesson or per pair of measured runs.
static MENU: &[Section] = &[
    Section {
        title: "Lessons",
        about: "one idea each, on both kinds of threads",
        entries: &[
            entry("db-pool", "The connection pool becomes the new bottleneck"),
            entry(
                "pinning-jdk21",
                "Pinning: sleep inside synchronized on JDK 21",
            ),
            entry("pinning-jdk24", "No pinning on JDK 24 (JEP 491)"),
            entry("cpu-bound", "CPU-bound work gains nothing"),
        ],
    },
    Section {
        title: "E1",
        about: "a DB query and an HTTP call, 2,000 connections: 1,850 vs 14,200 req/s measured",
        entries: &[entry(
            "e1-platform",
            "E1 · DB 50 ms + HTTP 50 ms, 2,000 connections",
        )],
    },
    Section {
        title: "E2",
        about: "hey against Thread.sleep(50): 1,877 vs 12,773 req/s measured, and a reposted table",
        entries: &[
            entry("e2-platform", "E2 · hey -c 2000 -n 100000 /delay/50"),
            entry(
                "e2-repost-platform",
                "E2 reposted table · 10,000 users, CRUD API",
            ),
        ],
    },
    Section {
        title: "E3",
        about: "JMeter, 1,000 users over 100 s: a 1 s sleep, and a CPU-bound factorial",
        entries: &[
            entry("e3-sleep-platform", "E3 · JMeter 1,000 users · sleep 1 s"),
            entry(
                "e3-cpu-platform",
                "E3 · JMeter 1,000 users · 20000! (CPU-bound)",
            ),
        ],
    },
    Section {
        title: "E4",
        about: "@Async e-mails on a pool of 50 threads vs a virtual-thread executor, Tomcat on platform threads",
        entries: &[
            entry("e4-platform-25", "E4 · @Async e-mails, 25 concurrent"),
            entry("e4-platform-50", "E4 · @Async e-mails, 50 concurrent"),
            entry("e4-platform-100", "E4 · @Async e-mails, 100 concurrent"),
        ],
    },
];

/// The scenario menu, lessons first.
pub fn menu() -> &'static [Section] {
    MENU
}

/// The menu entry that loads `name` (itself, or its pair's partner).
pub fn menu_entry(name: &str) -> Option<&'static Entry> {
    let p = preset(name)?;
    let partner = p.partner().map(|q| q.name);
    MENU.iter()
        .flat_map(|s| s.entries)
        .find(|e| e.preset == p.name || Some(e.preset) == partner)
}

/// Every preset.
pub fn presets() -> &'static [Preset] {
    PRESETS
}

/// The preset called `name`.
pub fn preset(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}

/// The scenario used when nothing is chosen: E2's platform run.
pub fn default_preset() -> &'static Preset {
    &PRESETS[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_one_experiment_in_both_modes() {
        let mut paired = 0;
        for p in presets() {
            let Some(pair) = p.pair else { continue };
            let id = pair.id;
            let members = presets()
                .iter()
                .filter(|q| q.pair.is_some_and(|o| o.id == id))
                .count();
            assert_eq!(members, 2, "pair {id} has {members} presets");
            let q = p.partner().expect("a pair has a partner");
            assert_eq!(q.partner().map(|r| r.name), Some(p.name), "{id}");
            assert_eq!(q.experiment, p.experiment, "{id}");
            if p.experiment != "E4" {
                // E4 keeps Tomcat on platform threads; its sides are executors.
                assert_eq!(p.mode(), pair.side, "{id}: the side is the server mode");
            }
            paired += 1;
        }
        assert_eq!(paired, 16, "E1, E2, E2-repost, E3 (2) and E4 (3) pairs");
        assert!(preset("db-pool").unwrap().partner().is_none());
        assert_eq!(preset("e2-virtual").unwrap().mode(), Mode::Virtual);
    }

    #[test]
    fn the_menu_has_one_entry_per_lesson_or_pair_lessons_first() {
        let entries: Vec<&Entry> = menu().iter().flat_map(|s| s.entries).collect();
        assert_eq!(menu()[0].title, "Lessons");
        for p in presets() {
            let loads =
                |e: &&&Entry| e.preset == p.name || p.partner().is_some_and(|q| q.name == e.preset);
            let n = entries.iter().filter(loads).count();
            assert_eq!(n, 1, "{} is loaded by {n} menu entries", p.name);
            assert!(menu_entry(p.name).is_some(), "{}", p.name);
        }
        let lessons = presets().iter().filter(|p| p.pair.is_none()).count();
        assert_eq!(entries.len(), lessons + 8, "4 lessons and 8 pairs");
        for e in &entries {
            assert!(preset(e.preset).is_some(), "{}", e.preset);
            // A 1280 px laptop shows about 60 characters of the menu.
            assert!(e.title.chars().count() <= 52, "too long: {}", e.title);
        }
        for s in menu().iter().skip(1) {
            let exp = preset(s.entries[0].preset).unwrap().experiment;
            assert!(exp.starts_with(s.title), "{} holds {exp}", s.title);
        }
    }

    #[test]
    fn a_pair_is_described_from_both_sides_once() {
        let e2 = preset("e2-virtual").unwrap().about();
        assert!(
            e2.starts_with("Thread.sleep(50) behind Tomcat's pool"),
            "{e2}"
        );
        assert!(e2.contains("spring.threads.virtual.enabled=true"), "{e2}");
        let e4 = preset("e4-platform-25").unwrap();
        assert_eq!(e4.about(), e4.description);
    }
}
