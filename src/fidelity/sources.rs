//! The four source articles: who wrote them, when, where, in which language.

/// One source article.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Source {
    /// Experiment id: `E1` … `E4`.
    pub id: &'static str,
    /// Title in the article's own language.
    pub title: &'static str,
    /// Author or publisher as the article names them ("" when it does not).
    pub author: &'static str,
    /// Publication date, ISO 8601 ("" when not given).
    pub date: &'static str,
    /// Where it was published ("" when not given).
    pub url: &'static str,
    /// ISO 639-1 language code.
    pub language: &'static str,
}

static SOURCES: &[Source] = &[
    Source {
        id: "E1",
        title: "Spring Boot mit Virtual Threads: Migration und Benchmarks",
        author: "Patrick Hütter, encircle360 GmbH",
        date: "2024-08-19",
        url: "https://encircle360.com/de/blog/spring-boot-virtual-threads-praxis",
        language: "de",
    },
    Source {
        id: "E2",
        title: "性能暴涨，CTO问我是不是偷偷升级硬件了：JDK 21虚拟线程真香实录",
        author: "程序员欣宸",
        date: "2026-03-05",
        url: "https://github.com/zq2599/blog_demos",
        language: "zh",
    },
    Source {
        id: "E3",
        title: "虚拟线程在Spring Boot中的应用及性能对比",
        author: "51CTO.COM",
        date: "",
        url: "",
        language: "zh",
    },
    Source {
        id: "E4",
        title: "Improving I/O Concurrency with Spring @Async and Virtual Threads",
        author: "",
        date: "",
        url: "",
        language: "en",
    },
];

/// Every source, E1 to E4.
pub fn sources() -> &'static [Source] {
    SOURCES
}

/// The source of an experiment id (`E2-repost` belongs to `E2`).
pub fn source(experiment: &str) -> Option<&'static Source> {
    let id = experiment.split('-').next().unwrap_or(experiment);
    SOURCES.iter().find(|s| s.id == id)
}
