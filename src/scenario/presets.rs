//! Ready-made scenarios: one per measured experiment and variant in the
//! source articles, plus a few lessons. A preset is a draft like any other
//! and passes the same validation (tested). Each setting is either **stated**
//! by the article or an **assumption** with its reason.

use super::draft::Draft;
use super::schema::mode_named;
use crate::i18n::keys::errors;
use crate::i18n::keys::presets as words;
use crate::i18n::{Locale, Part, Phrase};
use crate::sim::config::Mode;

/// A setting a preset had to assume, and why.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Assumption {
    /// The key.
    pub key: &'static str,
    /// The id of the reason's text in the catalogue, `assumption.<why>`
    /// (its experiment or preset, then the key: variants that assume the
    /// same for the same reason share it).
    pub why: &'static str,
}

impl Assumption {
    /// Why this value (physically motivated, or "calibrated on
    /// `<figure>`"), as a phrase of the catalogue.
    pub fn reason_said(&self) -> Phrase {
        Phrase::new(format!("assumption.{}", self.why))
    }

    /// Why this value, in `locale`.
    pub fn reason(&self, locale: Locale) -> String {
        self.reason_said().text(locale)
    }
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
    /// Short name for `--preset` and URLs; its title is filed under it in
    /// the catalogue (`preset.<name>.title`, see [`Preset::title`]).
    pub name: &'static str,
    /// Experiment id in the measurements (`E1`…`E4`), or `lesson`.
    pub experiment: &'static str,
    /// Variant within the experiment.
    pub variant: &'static str,
    /// The experiment's two runs that the playground shows side by side, and
    /// this one's side; `None` for a scenario of its own (the lessons).
    pub pair: Option<Pair>,
    /// The id its description is filed under in the catalogue
    /// (`preset.<id>.description`, see [`Preset::description`]): its name,
    /// or its experiment's where every variant says the same (E4).
    pub description_id: &'static str,
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

    /// Its title, as the catalogue files it: for menus, page and file
    /// titles, and `threadlab presets` (in English).
    pub fn title_said(&self) -> Phrase {
        words::preset(self.name, "title")
    }

    /// Its title in `locale`.
    pub fn title(&self, locale: Locale) -> String {
        self.title_said().text(locale)
    }

    /// What it shows, as the catalogue files it.
    pub fn description_said(&self) -> Phrase {
        words::preset(self.description_id, "description")
    }

    /// What it shows, in `locale`.
    pub fn description(&self, locale: Locale) -> String {
        self.description_said().text(locale)
    }

    /// What it shows in words: its own description, then its partner's
    /// where that says something else (a pair loads as one scenario).
    pub fn about(&self, locale: Locale) -> String {
        let mut sides: Vec<&Preset> = std::iter::once(self).chain(self.partner()).collect();
        sides.sort_by_key(|p| p.side() != Mode::Platform);
        sides.dedup_by_key(|p| p.description_id);
        // Chinese sentences end in "。" and follow each other without a space.
        let between = if locale == Locale::Zh { "" } else { " " };
        sides
            .iter()
            .map(|p| p.description(locale))
            .collect::<Vec<_>>()
            .join(between)
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

const fn a(key: &'static str, why: &'static str) -> Assumption {
    Assumption { key, why }
}

// ---- shared settings and assumptions ---------------------------------------

//
// An assumption is the same for every variant of one experiment unless the
// article states a difference. Values fitted to one measured figure say so:
// "calibrated on <figure>"; the experiment's other figures are predictions.

const E1_PROVENANCE: &str = "E1 · Patrick Hütter (encircle360), \"Spring Boot mit Virtual Threads: Migration und Benchmarks\", 2024-08-19";
/// E1's handler: its two stated calls, CPU calibrated on the virtual
/// run, and an extra wait (see `E2_PROGRAM`) of mean 7.8 ms calibrated on
/// the platform run.
const E1_PROGRAM: &str =
    "cpu:0.1375ms,db:50ms,io:50ms,io:lognormal(floor=4.36ms,p50=6.62ms,p99=23.49ms),cpu:0.1375ms";
const E1_STATED: &[&str] = &[
    "load.kind",
    "load.concurrency",
    "load.duration_s",
    "server.mode",
    "server.threads_max",
];
const E1_ASSUMED: &[Assumption] = &[
    a("program", "e1.program"),
    a("server.cores", "e1.server.cores"),
    a("db.pool_size", "e1.db.pool_size"),
    a("load.tool", "e1.load.tool"),
    a("server.min_spare", "e1.server.min_spare"),
    a("jvm.start", "e1.jvm.start"),
];

const E2_PROVENANCE: &str = "E2 · 程序员欣宸, \"性能暴涨，CTO问我是不是偷偷升级硬件了：JDK 21虚拟线程真香实录\", 2026-03-05";
/// E2's handler: the stated sleep, assumed CPU, and an extra wait whose
/// mean (3.15 ms) is calibrated on the platform run's req/s and whose shape
/// is measured here: a floor plus a log-normal part, shaped like
/// `Thread.sleep(10 ms)`'s overshoot (`measured::SLEEP_10MS_PLATFORM_US`:
/// floor 0.559 × the mean, σ 0.919 above it). That the article's machine
/// waited in this shape, at ~15 × our mean, is the assumption.
/// `reference/lib/extra_wait.py` prints the `lognormal(…)` terms; a test
/// checks them against `measured`.
const E2_PROGRAM: &str = "cpu:0.1ms,io:50ms,io:lognormal(floor=1.76ms,p50=2.67ms,p99=9.48ms)";
const E2_CORES: Assumption = a("server.cores", "e2.server.cores");
const E2_PROGRAM_WHY: Assumption = a("program", "e2.program");

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
    a("server.threads_max", "e3.server.threads_max"),
    a("server.min_spare", "e3.server.min_spare"),
    a("server.cores", "e3.server.cores"),
    a("load.duration_s", "e3.load.duration_s"),
    a("load.loops", "e3.load.loops"),
    a("jvm.start", "e3.jvm.start"),
];
const E3_SLEEP_PROGRAM: Assumption = a("program", "e3-sleep.program");
const E3_CPU_PROGRAM: Assumption = a("program", "e3-cpu.program");

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

/// The pinning lesson's settings, JDK 21 and 24 alike: 200 clients, each
/// request sleeping inside its own `synchronized` block on 4 carriers.
const PINNING_SHARED: &[(&str, &str)] = &[
    ("load.concurrency", "200"),
    ("load.requests", "4000"),
    ("server.mode", "virtual"),
    ("server.cores", "4"),
    ("server.accept_count", "200"),
    ("program", "cpu:0.1ms,sync{io:50ms}"),
];

const E4_PROVENANCE: &str = "E4 · \"Improving I/O Concurrency with Spring @Async and Virtual Threads\" (author and date not given)";
const E4_PROGRAM: &str = "cpu:0.2ms,db:5ms,async(email){io:100ms}";
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
    a("program", "e4.program"),
    a("server.cores", "e4.server.cores"),
    a("server.mode", "e4.server.mode"),
    a("server.threads_max", "e4.server.threads_max"),
    a("db.pool_size", "e4.db.pool_size"),
    a("load.tool", "e4.load.tool"),
    a("load.waits_for", "e4.load.waits_for"),
];

const REPOST_PROVENANCE: &str = "E2 (reposted table) · quoted in 程序员欣宸's article, source not given: same 4-core 8 GB server, simple CRUD API";
const REPOST_STATED: &[&str] = &[
    "server.cores",
    "server.mode",
    "server.threads_max",
    "load.concurrency",
];
const REPOST_ASSUMED: &[Assumption] = &[
    a("load.tool", "e2-repost.load.tool"),
    a("load.kind", "e2-repost.load.kind"),
    a("program", "e2-repost.program"),
    a("db.pool_size", "e4.db.pool_size"),
    a("load.requests", "e2-repost.load.requests"),
    a("load.timeout_ms", "e2-repost.load.timeout_ms"),
    a("server.max_connections", "e2-repost.server.max_connections"),
    a("memory.heap_mb", "e2-repost.memory.heap_mb"),
    a("jvm.start", "e2-repost.jvm.start"),
    a("memory.request_kb", "e2-repost.memory.request_kb"),
    a("server.min_spare", "e3.server.min_spare"),
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
            experiment: "E4",
            variant: concat!($kind, " ", $n),
            pair: Some(Pair {
                id: concat!("e4-", $n),
                side: e4_side!($kind),
            }),
            description_id: "e4",
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
    ("load.waits_for", "tasks"),
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
        experiment: "E2",
        variant: "platform",
        pair: Some(Pair {
            id: "e2",
            side: Mode::Platform,
        }),
        description_id: "e2-platform",
        shared: E2_SHARED,
        own: &[("server.mode", "platform"), ("load.client_cpu_ms", "0")],
        stated: E2_STATED,
        assumptions: &[
            E2_CORES,
            E2_PROGRAM_WHY,
            a("load.client_cpu_ms", "e2-platform.load.client_cpu_ms"),
        ],
        provenance: E2_PROVENANCE,
    },
    Preset {
        name: "e2-virtual",
        experiment: "E2",
        variant: "virtual",
        pair: Some(Pair {
            id: "e2",
            side: Mode::Virtual,
        }),
        description_id: "e2-virtual",
        shared: E2_SHARED,
        own: &[("server.mode", "virtual"), ("load.client_cpu_ms", "0.193")],
        stated: E2_STATED,
        assumptions: &[
            E2_CORES,
            E2_PROGRAM_WHY,
            a("load.client_cpu_ms", "e2-virtual.load.client_cpu_ms"),
        ],
        provenance: E2_PROVENANCE,
    },
    Preset {
        name: "e1-platform",
        experiment: "E1",
        variant: "platform",
        pair: Some(Pair {
            id: "e1",
            side: Mode::Platform,
        }),
        description_id: "e1-platform",
        shared: E1_SHARED,
        own: &[("server.mode", "platform")],
        stated: E1_STATED,
        assumptions: E1_ASSUMED,
        provenance: E1_PROVENANCE,
    },
    Preset {
        name: "e1-virtual",
        experiment: "E1",
        variant: "virtual",
        pair: Some(Pair {
            id: "e1",
            side: Mode::Virtual,
        }),
        description_id: "e1-virtual",
        shared: E1_SHARED,
        own: &[("server.mode", "virtual")],
        stated: E1_STATED,
        assumptions: E1_ASSUMED,
        provenance: E1_PROVENANCE,
    },
    Preset {
        name: "e2-repost-platform",
        experiment: "E2-repost",
        variant: "platform",
        pair: Some(Pair {
            id: "e2-repost",
            side: Mode::Platform,
        }),
        description_id: "e2-repost-platform",
        shared: E2_REPOST_SHARED,
        own: &[("server.mode", "platform")],
        stated: REPOST_STATED,
        assumptions: REPOST_ASSUMED,
        provenance: REPOST_PROVENANCE,
    },
    Preset {
        name: "e2-repost-virtual",
        experiment: "E2-repost",
        variant: "virtual",
        pair: Some(Pair {
            id: "e2-repost",
            side: Mode::Virtual,
        }),
        description_id: "e2-repost-virtual",
        shared: E2_REPOST_SHARED,
        own: &[("server.mode", "virtual")],
        stated: REPOST_STATED,
        assumptions: REPOST_ASSUMED,
        provenance: REPOST_PROVENANCE,
    },
    Preset {
        name: "e3-sleep-platform",
        experiment: "E3",
        variant: "sleep platform",
        pair: Some(Pair {
            id: "e3-sleep",
            side: Mode::Platform,
        }),
        description_id: "e3-sleep-platform",
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
        experiment: "E3",
        variant: "sleep virtual",
        pair: Some(Pair {
            id: "e3-sleep",
            side: Mode::Virtual,
        }),
        description_id: "e3-sleep-virtual",
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
        experiment: "E3",
        variant: "cpu platform",
        pair: Some(Pair {
            id: "e3-cpu",
            side: Mode::Platform,
        }),
        description_id: "e3-cpu-platform",
        shared: E3_SHARED,
        own: &[("server.mode", "platform"), ("program", "cpu:75ms")],
        stated: E3_STATED,
        assumptions: &E3_CPU_ASSUMED,
        provenance: E3_PROVENANCE,
    },
    Preset {
        name: "e3-cpu-virtual",
        experiment: "E3",
        variant: "cpu virtual",
        pair: Some(Pair {
            id: "e3-cpu",
            side: Mode::Virtual,
        }),
        description_id: "e3-cpu-virtual",
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
        experiment: "lesson",
        variant: "jdk21",
        pair: None,
        description_id: "pinning-jdk21",
        shared: PINNING_SHARED,
        own: &[("server.jdk", "21")],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "pinning-jdk24",
        experiment: "lesson",
        variant: "jdk24",
        pair: None,
        description_id: "pinning-jdk24",
        shared: PINNING_SHARED,
        own: &[("server.jdk", "24")],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "db-pool",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "db-pool",
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
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "cpu-bound",
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
    Preset {
        name: "http-pool",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "http-pool",
        shared: &[],
        own: &[
            ("load.concurrency", "200"),
            ("load.requests", "4000"),
            ("server.mode", "virtual"),
            ("server.threads_max", "200"),
            ("program", "cpu:0.2ms,call(inventory)"),
            ("downstream.inventory.distribution", "constant"),
            ("downstream.inventory.p50_ms", "50"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "retry-storm",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "retry-storm",
        shared: &[],
        own: RETRY_STORM,
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "breaker",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "breaker",
        shared: RETRY_STORM,
        own: &[("downstream.inventory.breaker", "resilience4j")],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "three-retries",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "three-retries",
        shared: &[],
        own: &[
            ("load.concurrency", "100"),
            ("load.requests", "4000"),
            ("load.timeout_ms", "0"),
            ("server.mode", "virtual"),
            ("server.threads_max", "200"),
            ("server.cores", "4"),
            ("program", "cpu:0.2ms,call(inventory)"),
            ("downstream.inventory.distribution", "constant"),
            ("downstream.inventory.p50_ms", "20"),
            ("downstream.inventory.max_connections", "100"),
            ("downstream.inventory.error_rate", "0.5"),
            ("downstream.inventory.retry", "resilience4j"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "bulkhead",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "bulkhead",
        shared: &[],
        own: &[
            ("load.tool", "k6"),
            ("load.kind", "open"),
            ("load.rate_rps", "500"),
            ("load.duration_s", "20"),
            ("load.timeout_ms", "0"),
            ("server.mode", "virtual"),
            ("server.threads_max", "200"),
            ("server.cores", "4"),
            ("endpoints", "catalog, orders"),
            ("endpoint.catalog.share", "8"),
            ("endpoint.catalog.program", "cpu:0.5ms,io:10ms"),
            ("endpoint.orders.share", "2"),
            ("endpoint.orders.program", "cpu:0.5ms,call(inventory)"),
            ("downstream.inventory.distribution", "constant"),
            ("downstream.inventory.p50_ms", "3000"),
            ("downstream.inventory.concurrency", "1000"),
            ("downstream.inventory.max_connections", "1000"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "jitter",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "jitter",
        shared: &[],
        own: &[
            ("load.concurrency", "1000"),
            ("load.duration_s", "20"),
            ("load.timeout_ms", "0"),
            ("server.mode", "virtual"),
            ("server.threads_max", "200"),
            ("server.cores", "4"),
            ("program", "cpu:0.5ms,call(inventory)"),
            ("downstream.inventory.p50_ms", "20"),
            ("downstream.inventory.p99_ms", "40"),
            ("downstream.inventory.concurrency", "200"),
            ("downstream.inventory.max_connections", "1000"),
            ("downstream.inventory.retry", "resilience4j"),
            ("downstream.inventory.fault_from_s", "5"),
            ("downstream.inventory.fault_until_s", "10"),
            ("downstream.inventory.fault_error_rate", "1"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "load-shedding",
        experiment: "lesson",
        variant: "platform",
        pair: None,
        description_id: "load-shedding",
        shared: &[],
        own: &[
            ("load.tool", "k6"),
            ("load.kind", "open"),
            ("load.rate_rps", "1500"),
            ("load.duration_s", "40"),
            ("server.mode", "platform"),
            ("server.threads_max", "200"),
            ("server.cores", "4"),
            ("program", "cpu:0.8ms,call(inventory)"),
            ("downstream.inventory.distribution", "constant"),
            ("downstream.inventory.p50_ms", "100"),
            ("downstream.inventory.concurrency", "1000"),
            ("downstream.inventory.max_connections", "1000"),
            ("downstream.inventory.fault_from_s", "10"),
            ("downstream.inventory.fault_until_s", "15"),
            ("downstream.inventory.fault_p50_ms", "1000"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "old-driver",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "old-driver",
        shared: &[],
        own: &[
            ("load.concurrency", "200"),
            ("load.requests", "4000"),
            ("server.mode", "virtual"),
            ("server.threads_max", "200"),
            ("server.cores", "2"),
            ("server.jdk", "21"),
            ("program", "cpu:0.2ms,db:20ms"),
            ("db.driver", "pgjdbc-42.5"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "pinning-endpoint",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "pinning-endpoint",
        shared: &[],
        own: &[
            ("load.concurrency", "100"),
            ("load.requests", "4000"),
            ("load.timeout_ms", "0"),
            ("server.mode", "virtual"),
            ("server.threads_max", "200"),
            ("server.cores", "4"),
            ("server.jdk", "21"),
            ("endpoints", "fast, report"),
            ("endpoint.fast.share", "9"),
            ("endpoint.fast.program", "cpu:0.1ms,io:10ms"),
            ("endpoint.report.share", "1"),
            ("endpoint.report.program", "cpu:0.1ms,sync{io:500ms}"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "fan-out",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "fan-out",
        shared: &[],
        own: &[
            ("load.concurrency", "20"),
            ("load.requests", "400"),
            ("server.mode", "virtual"),
            ("server.threads_max", "200"),
            ("server.cores", "4"),
            (
                "program",
                "cpu:0.2ms,fork{io:100ms,io:100ms,io:100ms,io:100ms,io:100ms}",
            ),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "pod",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "pod",
        shared: &[],
        own: &[
            ("load.concurrency", "50"),
            ("load.requests", "4000"),
            ("server.mode", "virtual"),
            ("server.threads_max", "200"),
            ("server.cores", "8"),
            ("server.cpu_limit", "2"),
            ("program", "cpu:5ms,io:20ms"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "jdk-client",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "jdk-client",
        shared: &[],
        own: &[
            ("load.concurrency", "400"),
            ("load.requests", "8000"),
            ("server.mode", "virtual"),
            ("server.threads_max", "200"),
            ("server.cores", "2"),
            ("program", "cpu:0.1ms,call(inventory)"),
            ("downstream.inventory.client", "jdk"),
            ("downstream.inventory.distribution", "constant"),
            ("downstream.inventory.p50_ms", "10"),
        ],
        stated: &[],
        assumptions: &[],
        provenance: "",
    },
    Preset {
        name: "thread-locals",
        experiment: "lesson",
        variant: "virtual",
        pair: None,
        description_id: "thread-locals",
        shared: &[],
        own: &[
            ("load.concurrency", "10000"),
            ("load.requests", "10000"),
            ("server.mode", "virtual"),
            ("server.threads_max", "200"),
            ("server.cores", "4"),
            ("server.max_connections", "20000"),
            ("server.accept_count", "10000"),
            ("server.somaxconn", "10000"),
            ("program", "cpu:0.1ms,io:1000ms"),
            ("memory.thread_local_kb", "64"),
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
    /// The preset it loads (with its partner, for a pair); its words in the
    /// menu are filed under it (`preset.<name>.menu`).
    pub preset: &'static str,
}

impl Entry {
    /// The words in the menu, as the catalogue files them.
    pub fn title_said(&self) -> Phrase {
        words::preset(self.preset, "menu")
    }

    /// The words in the menu, short enough for a laptop's menu width.
    pub fn title(&self, locale: Locale) -> String {
        self.title_said().text(locale)
    }
}

/// A group of the scenario menu: the lessons, or one measured experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    /// Its id: `lessons`, or the experiment's (`e1`); its words are filed
    /// under it (`preset-section.<id>.title|about`).
    pub id: &'static str,
    /// Its entries.
    pub entries: &'static [Entry],
}

impl Section {
    /// Its words (the name, then the line), as the catalogue files them.
    pub fn said(&self) -> [Phrase; 2] {
        ["title", "about"].map(|part| words::section(self.id, part))
    }

    /// The group's name.
    pub fn title(&self, locale: Locale) -> String {
        self.said()[0].text(locale)
    }

    /// One line on what it shows.
    pub fn about(&self, locale: Locale) -> String {
        self.said()[1].text(locale)
    }
}

const fn entry(preset: &'static str) -> Entry {
    Entry { preset }
}

/// A service whose inventory service slows from 20 ms to 2 s for ten
/// seconds, called through RestClient on HttpClient 5 (1,000 connections a
/// route, a 1 s response time-out) with Resilience4j's Retry.
const RETRY_STORM: &[(&str, &str)] = &[
    ("load.concurrency", "1000"),
    ("load.duration_s", "30"),
    ("load.timeout_ms", "0"),
    ("server.mode", "virtual"),
    ("server.threads_max", "200"),
    ("server.cores", "4"),
    ("program", "cpu:2ms,call(inventory)"),
    ("downstream.inventory.p50_ms", "20"),
    ("downstream.inventory.p99_ms", "60"),
    ("downstream.inventory.concurrency", "200"),
    ("downstream.inventory.max_connections", "1000"),
    ("downstream.inventory.response_timeout_ms", "1000"),
    ("downstream.inventory.retry", "resilience4j"),
    ("downstream.inventory.fault_from_s", "10"),
    ("downstream.inventory.fault_until_s", "20"),
    ("downstream.inventory.fault_p50_ms", "2000"),
];

/// The scenario menu: lessons first, then experiments E1–E4, one entry per
/// lesson or per pair of measured runs.
static MENU: &[Section] = &[
    Section {
        id: "lessons",
        entries: &[
            entry("db-pool"),
            entry("pinning-jdk21"),
            entry("pinning-jdk24"),
            entry("cpu-bound"),
            entry("http-pool"),
            entry("retry-storm"),
            entry("breaker"),
            entry("three-retries"),
            entry("bulkhead"),
            entry("jitter"),
            entry("load-shedding"),
            entry("old-driver"),
            entry("pinning-endpoint"),
            entry("fan-out"),
            entry("pod"),
            entry("thread-locals"),
            entry("jdk-client"),
        ],
    },
    Section {
        id: "e1",
        entries: &[entry("e1-platform")],
    },
    Section {
        id: "e2",
        entries: &[entry("e2-platform"), entry("e2-repost-platform")],
    },
    Section {
        id: "e3",
        entries: &[entry("e3-sleep-platform"), entry("e3-cpu-platform")],
    },
    Section {
        id: "e4",
        entries: &[
            entry("e4-platform-25"),
            entry("e4-platform-50"),
            entry("e4-platform-100"),
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

/// The problem of a name that is no preset's: the message naming every
/// preset.
pub fn no_such_preset() -> Phrase {
    let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    (errors::NO_SUCH_PRESET.said()).with("choices", Part::text(names.join(", ")))
}

/// The scenario used when nothing is chosen: E2's platform run.
pub fn default_preset() -> &'static Preset {
    &PRESETS[0]
}

#[cfg(test)]
mod tests;
