//! Ready-made scenarios: one per measured experiment and variant in the
//! source articles, plus a few lessons. A preset is a draft like any other
//! and passes the same validation (tested). Each setting is either **stated**
//! by the article or an **assumption** with its reason.

use super::draft::Draft;

/// A setting a preset had to assume, and why.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Assumption {
    /// The key.
    pub key: &'static str,
    /// Why this value (physically motivated, or "calibrated on <figure>").
    pub reason: &'static str,
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
    /// What it shows.
    pub description: &'static str,
    /// Every setting, as `--set` pairs.
    pub settings: &'static [(&'static str, &'static str)],
    /// Keys whose values the article states.
    pub stated: &'static [&'static str],
    /// Keys whose values are assumed, with reasons.
    pub assumptions: &'static [Assumption],
}

impl Preset {
    /// The preset as a draft.
    pub fn draft(&self) -> Draft {
        let mut d = Draft::new();
        for (k, v) in self.settings {
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

// ---- shared assumptions --------------------------------------------------

const E2_CORES: Assumption = a(
    "server.cores",
    "the article's reposted table names a 4-core, 8 GB server; the hey run itself does not say",
);
const E2_SERVER_CPU: Assumption = a(
    "program",
    "Thread.sleep(50) plus Spring MVC's own work; 0.1 ms of CPU per request is typical of a trivial endpoint",
);
const E2_CLIENT_CPU: Assumption = a(
    "load.client_cpu_ms",
    "the virtual run's hey targets localhost, so hey's CPU per request (~0.15 ms) competes for the server's cores; calibrated on 12,773 req/s",
);

static PRESETS: &[Preset] = &[
    Preset {
        name: "e2-platform",
        title: "E2 · hey -c 2000 -n 100000 /delay/50 · platform threads (threads.max=100)",
        experiment: "E2",
        variant: "platform",
        description: "Thread.sleep(50) behind Tomcat's pool of 100 threads: at most 100 ÷ 50 ms = 2,000 req/s, so 2,000 clients wait ~1 s each.",
        settings: &[
            ("load.kind", "closed"),
            ("load.concurrency", "2000"),
            ("load.requests", "100000"),
            ("load.timeout_ms", "20000"),
            ("server.mode", "platform"),
            ("server.threads_max", "100"),
            ("server.min_spare", "2"),
            ("server.max_connections", "8192"),
            ("server.accept_count", "5000"),
            ("server.cores", "4"),
            ("server.jdk", "21"),
            ("program", "cpu:0.1ms,io:50ms"),
            ("load.client_cpu_ms", "0"),
        ],
        stated: &[
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
        ],
        assumptions: &[
            E2_CORES,
            E2_SERVER_CPU,
            a(
                "load.client_cpu_ms",
                "the platform run's client was on a second machine: no CPU on the server's cores",
            ),
        ],
    },
    Preset {
        name: "e2-virtual",
        title: "E2 · hey -c 2000 -n 100000 /delay/50 · virtual threads",
        experiment: "E2",
        variant: "virtual",
        description: "The same endpoint with spring.threads.virtual.enabled=true: the sleep no longer holds a thread, so CPU (server and a local hey) becomes the limit.",
        settings: &[
            ("load.kind", "closed"),
            ("load.concurrency", "2000"),
            ("load.requests", "100000"),
            ("load.timeout_ms", "20000"),
            ("server.mode", "virtual"),
            ("server.threads_max", "100"),
            ("server.min_spare", "2"),
            ("server.max_connections", "8192"),
            ("server.accept_count", "5000"),
            ("server.cores", "4"),
            ("server.jdk", "21"),
            ("program", "cpu:0.1ms,io:50ms"),
            ("load.client_cpu_ms", "0.15"),
        ],
        stated: &[
            "load.kind",
            "load.concurrency",
            "load.requests",
            "load.timeout_ms",
            "server.mode",
            "server.max_connections",
            "server.accept_count",
            "server.jdk",
        ],
        assumptions: &[E2_CORES, E2_SERVER_CPU, E2_CLIENT_CPU],
    },
    Preset {
        name: "pinning-jdk21",
        title: "Lesson · pinning: sleep inside synchronized on JDK 21",
        experiment: "lesson",
        variant: "jdk21",
        description: "Each request sleeps 50 ms inside its own synchronized block. On JDK 21 the virtual thread cannot unmount: the 4 carriers are blocked and throughput collapses to 4 ÷ 50 ms.",
        settings: &[
            ("load.concurrency", "200"),
            ("load.requests", "4000"),
            ("server.mode", "virtual"),
            ("server.cores", "4"),
            ("server.jdk", "21"),
            ("program", "cpu:0.1ms,sync{io:50ms}"),
        ],
        stated: &[],
        assumptions: &[],
    },
    Preset {
        name: "pinning-jdk24",
        title: "Lesson · the same on JDK 24 (JEP 491: no pinning in synchronized)",
        experiment: "lesson",
        variant: "jdk24",
        description: "JDK 24 lets the virtual thread unmount inside synchronized: the carriers stay free and the 200 clients get ~4,000 req/s.",
        settings: &[
            ("load.concurrency", "200"),
            ("load.requests", "4000"),
            ("server.mode", "virtual"),
            ("server.cores", "4"),
            ("server.jdk", "24"),
            ("program", "cpu:0.1ms,sync{io:50ms}"),
        ],
        stated: &[],
        assumptions: &[],
    },
    Preset {
        name: "db-pool",
        title: "Lesson · the connection pool becomes the new bottleneck",
        experiment: "lesson",
        variant: "virtual",
        description: "Virtual threads remove the thread limit, and 1,000 requests then queue for HikariCP's 10 connections: 10 ÷ 20 ms = 500 req/s, the rest wait or time out.",
        settings: &[
            ("load.concurrency", "1000"),
            ("load.requests", "20000"),
            ("server.mode", "virtual"),
            ("program", "cpu:0.2ms,db:exp(20ms),io:30ms"),
            ("db.pool_size", "10"),
            ("db.timeout_ms", "1000"),
        ],
        stated: &[],
        assumptions: &[],
    },
    Preset {
        name: "cpu-bound",
        title: "Lesson · CPU-bound work gains nothing from virtual threads",
        experiment: "lesson",
        variant: "virtual",
        description: "20 ms of CPU per request on 4 cores: 200 req/s whatever the thread model.",
        settings: &[
            ("load.concurrency", "100"),
            ("load.requests", "4000"),
            ("server.mode", "virtual"),
            ("server.cores", "4"),
            ("program", "cpu:20ms"),
        ],
        stated: &[],
        assumptions: &[],
    },
];

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
