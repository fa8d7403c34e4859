//! The measured figures of the source articles with their provenance, as the
//! playground needs them (markers, the measured-vs-simulated table, the
//! Little's-law check).
//!
//! TODO(fidelity): `src/fidelity.rs` (issue 4) will carry these figures for
//! the CLI as well; once it exports them, switch [`experiment`] to read from
//! `crate::fidelity` and delete this table. Values are from
//! `shared/reference-measurements.md`.

/// Where a figure comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Source {
    /// Article title.
    pub title: &'static str,
    /// Author or publisher.
    pub author: &'static str,
    /// Publication date (or "not given").
    pub date: &'static str,
    /// Link (or "" when the source gives none).
    pub url: &'static str,
    /// Language of the article.
    pub language: &'static str,
}

/// What a figure measures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Metric {
    /// Requests per second (hey's Requests/sec).
    Throughput,
    /// Mean latency, ms.
    LatencyMean,
    /// Median latency, ms.
    LatencyP50,
    /// 99th percentile, ms.
    LatencyP99,
    /// Slowest, ms.
    LatencyMax,
    /// Fastest, ms.
    LatencyMin,
    /// Failed requests, %.
    ErrorPct,
    /// hey's total time, s.
    TotalTime,
    /// Tasks per second of an `@Async` executor (by bean name).
    TasksPerS(&'static str),
}

impl Metric {
    /// Name and unit for the table.
    pub fn label(self) -> (&'static str, &'static str) {
        match self {
            Metric::Throughput => ("throughput", "req/s"),
            Metric::LatencyMean => ("mean latency", "ms"),
            Metric::LatencyP50 => ("p50 latency", "ms"),
            Metric::LatencyP99 => ("p99 latency", "ms"),
            Metric::LatencyMax => ("slowest", "ms"),
            Metric::LatencyMin => ("fastest", "ms"),
            Metric::ErrorPct => ("error rate", "%"),
            Metric::TotalTime => ("total time", "s"),
            Metric::TasksPerS(_) => ("@Async e-mails", "tasks/s"),
        }
    }
}

/// One measured number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure {
    /// `platform` or `virtual`.
    pub mode: &'static str,
    /// What it measures.
    pub metric: Metric,
    /// The value in the metric's unit.
    pub value: f64,
    /// Decimals to show (the source's precision).
    pub decimals: usize,
    /// Whether the source gives it as approximate ("~").
    pub approx: bool,
    /// Which preset variants it belongs to: their variant without the mode
    /// word (`sleep` for `sleep platform`, `100` for `platform 100`); empty
    /// for an experiment with a single pair.
    pub group: &'static str,
}

/// One experiment of the measurements.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Experiment {
    /// `E1`…`E4`.
    pub id: &'static str,
    /// Provenance.
    pub source: Source,
    /// Clients (or concurrent tasks) the figures were measured at.
    pub concurrency: f64,
    /// What the load was, in words.
    pub load: &'static str,
    /// The figures.
    pub figures: &'static [Figure],
    /// Remarks the page shows under the table.
    pub note: &'static str,
}

const fn f(
    mode: &'static str,
    metric: Metric,
    value: f64,
    decimals: usize,
    approx: bool,
) -> Figure {
    Figure {
        mode,
        metric,
        value,
        decimals,
        approx,
        group: "",
    }
}

const fn g(group: &'static str, mode: &'static str, metric: Metric, value: f64) -> Figure {
    Figure {
        mode,
        metric,
        value,
        decimals: 0,
        approx: true,
        group,
    }
}

use Metric::*;

static EXPERIMENTS: &[Experiment] = &[
    Experiment {
        id: "E1",
        source: Source {
            title: "Spring Boot mit Virtual Threads: Migration und Benchmarks",
            author: "Patrick Hütter, encircle360 GmbH",
            date: "2024-08-19",
            url: "https://encircle360.com/de/blog/spring-boot-virtual-threads-praxis",
            language: "German",
        },
        concurrency: 2000.0,
        load: "2,000 concurrent connections held for 60 s (load tool not named)",
        figures: &[
            f("platform", Throughput, 1850.0, 0, true),
            f("virtual", Throughput, 14200.0, 0, true),
            f("platform", LatencyP50, 108.0, 0, false),
            f("virtual", LatencyP50, 105.0, 0, false),
            f("platform", LatencyP99, 1240.0, 0, false),
            f("virtual", LatencyP99, 142.0, 0, false),
            f("platform", ErrorPct, 2.3, 1, false),
            f("virtual", ErrorPct, 0.0, 1, false),
        ],
        note: "The platform figures fail Little's law: 2,000 in flight at 1,850 req/s means a mean latency near 1.08 s, which a p50 of 108 ms cannot give. The load generator probably did not keep 2,000 requests in flight, or the figures come from different runs.",
    },
    Experiment {
        id: "E2",
        source: Source {
            title: "性能暴涨，CTO问我是不是偷偷升级硬件了：JDK 21虚拟线程真香实录",
            author: "程序员欣宸",
            date: "2026-03-05",
            url: "https://github.com/zq2599/blog_demos",
            language: "Chinese",
        },
        concurrency: 2000.0,
        load: "hey -n 100000 -c 2000 against GET /delay/50 (Thread.sleep(50))",
        figures: &[
            f("platform", Throughput, 1877.2105, 2, false),
            f("virtual", Throughput, 12773.1370, 2, false),
            f("platform", LatencyMean, 1050.8, 1, false),
            f("virtual", LatencyMean, 152.0, 1, false),
            f("platform", LatencyMax, 1396.9, 1, false),
            f("virtual", LatencyMax, 391.3, 1, false),
            f("platform", LatencyMin, 53.2, 1, false),
            f("virtual", LatencyMin, 53.8, 1, false),
            f("platform", TotalTime, 53.2705, 2, false),
            f("virtual", TotalTime, 7.8289, 2, false),
        ],
        note: "hey's own summary. The article's prose says 12733 req/s; hey printed 12773.1370. The virtual run's hey targeted localhost, so client and server probably shared the machine.",
    },
    Experiment {
        id: "E2-repost",
        source: Source {
            title: "性能暴涨，CTO问我是不是偷偷升级硬件了：JDK 21虚拟线程真香实录 (reposted figures)",
            author: "程序员欣宸 (reposting figures of unnamed origin)",
            date: "2026-03-05",
            url: "https://github.com/zq2599/blog_demos",
            language: "Chinese",
        },
        concurrency: 10000.0,
        load: "a simple CRUD API on a 4-core, 8 GB server at 10,000 concurrent users",
        figures: &[
            f("platform", LatencyMean, 3200.0, 0, false),
            f("virtual", LatencyMean, 150.0, 0, false),
        ],
        note: "Reposted claims, not a run the author shows: the platform pool (200 threads) supported ~400 concurrent users before timeouts and ran out of memory at 10,000; virtual threads stayed stable at 10,000+ with only +300 MB.",
    },
    Experiment {
        id: "E3",
        source: Source {
            title: "虚拟线程在Spring Boot中的应用及性能对比",
            author: "51CTO.COM",
            date: "not given",
            url: "",
            language: "Chinese",
        },
        concurrency: 1000.0,
        load: "JMeter: 1,000 users ramped up over 100 s against GET /load (Thread.sleep(1000))",
        figures: &[
            g("sleep", "platform", LatencyMean, 5000.0),
            g("sleep", "virtual", LatencyMean, 1000.0),
        ],
        note: "Read from the article's JMeter graphs: platform response time climbs quickly to ~5,000 ms, virtual stays at ~1,000 ms. A CPU-bound endpoint (20000! with BigInteger) behaved about the same in both modes.",
    },
    Experiment {
        id: "E4",
        source: Source {
            title: "Improving I/O Concurrency with Spring @Async and Virtual Threads",
            author: "not given",
            date: "not given (Spring Framework 6.1+, JDK 21)",
            url: "",
            language: "English",
        },
        concurrency: 100.0,
        load: "1,000 requests at 100 concurrent HTTP requests; each sends an e-mail (a 100 ms sleep) from a @TransactionalEventListener",
        figures: &[
            g("100", "platform", TasksPerS("email"), 480.0),
            g("100", "virtual", TasksPerS("email"), 896.0),
        ],
        note: "Background e-mail throughput at 100 concurrent tasks: a ThreadPoolTaskExecutor with 50 threads plateaus at ~480 e-mails/s (50 ÷ 100 ms = 500 at most), a VirtualThreadTaskExecutor reaches ~896. At 25 and 50 tasks both were almost identical.",
    },
];

/// The experiment `id` (`E1`…`E4`), if measured.
pub fn experiment(id: &str) -> Option<&'static Experiment> {
    EXPERIMENTS.iter().find(|e| e.id == id)
}

/// The variant group of a preset variant: the variant without its mode word.
pub fn group_of(variant: &str) -> String {
    variant
        .replace("platform", "")
        .replace("virtual", "")
        .trim()
        .to_string()
}

/// The figures that belong to a preset's variant pair.
pub fn figures_for(e: &'static Experiment, variant: &str) -> Vec<&'static Figure> {
    let group = group_of(variant);
    e.figures
        .iter()
        .filter(|f| f.group.is_empty() || f.group == group)
        .collect()
}

/// Little's law on measured figures: N = X·R, or what it implies when only
/// one of X and R was measured. One sentence.
pub fn little_check(e: &Experiment, figures: &[&Figure], mode: &str) -> Option<String> {
    use crate::chart::format::{sig, thousands};
    let get = |m: Metric| {
        figures
            .iter()
            .find(|f| f.mode == mode && f.metric == m)
            .map(|f| f.value)
    };
    let n = e.concurrency;
    let x = get(Throughput).or_else(|| get(TasksPerS("email")));
    let (r_ms, r_name) = match (get(LatencyMean), get(LatencyP50)) {
        (Some(r), _) => (Some(r), "mean"),
        (None, Some(r)) => (Some(r), "p50 (no mean given)"),
        _ => (None, ""),
    };
    Some(match (x, r_ms) {
        (Some(x), Some(r)) => {
            let xr = x * r / 1000.0;
            let gap = (xr - n).abs() / n * 100.0;
            format!(
                "N = {} in flight; X·R = {} req/s × {} s ({}) = {} → {} % apart: {}",
                thousands(n, 0),
                thousands(x, 2),
                sig(r / 1000.0),
                r_name,
                thousands(xr, 1),
                sig(gap),
                if gap < 10.0 {
                    "consistent"
                } else {
                    "inconsistent"
                }
            )
        }
        (Some(x), None) => format!(
            "N = {}, X = {} /s: Little's law implies a mean time of N ÷ X = {} ms (not measured)",
            thousands(n, 0),
            thousands(x, 0),
            thousands(n / x * 1000.0, 0)
        ),
        (None, Some(r)) => format!(
            "N = {}, R = {} s: Little's law implies X = N ÷ R = {} req/s (not measured)",
            thousands(n, 0),
            sig(r / 1000.0),
            thousands(n / r * 1000.0, 0)
        ),
        (None, None) => return None,
    })
}
