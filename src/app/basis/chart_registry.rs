//! Every chart the page can show, declared once: `CHARTS`, one entry per
//! chart with its id, its title's key, whether it is drawn once per column,
//! whether an embed shows it unless its link chooses, and which `Plot`
//! draws it. Everything that lists charts is derived from it: the ids a
//! link may name and their order (`chart_ids`, read by `app::link::view`), the
//! menus, the charts built with their data (`app::show::charts`, one builder per
//! plot) and how each plot draws, its tooltip and its table (`crate::chart`,
//! one implementation per plot).
//!
//! The ids are part of permalinks and embeds: an id, once published, keeps
//! its spelling (a renamed one is mapped in `app::link::view`).
//!
//! This module uses only the columns (`app::basis::modes`) and the words' keys,
//! so that both the view of a link and the charts' builders can read it.

use std::sync::OnceLock;

use crate::app::basis::modes::{MODES, Mode};
use crate::i18n::keys::Key;

/// Which sweep chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepMetric {
    /// Requests per second.
    Throughput,
    /// p50 and p99 latency.
    Latency,
}

/// Which quantity over time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeMetric {
    /// Requests per second.
    Throughput,
    /// Mean and p99 latency.
    Latency,
}

/// What a chart plots, and so which data `app::show::charts` builds for it and
/// which drawing `crate::chart` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plot {
    /// Throughput or latency against concurrency (or arrival rate).
    Sweep(SweepMetric),
    /// Throughput or latency over time.
    OverTime(TimeMetric),
    /// One run's thread/carrier timeline.
    Timeline,
    /// One run's utilisation gauges.
    Utilisation,
    /// One run's memory by kind.
    Memory,
    /// Latency histograms of every run.
    Histogram,
    /// Errors by cause of every run.
    Errors,
    /// Connections over time of every run.
    Connections,
    /// Calls to downstreams over time of every run.
    Calls,
}

/// One chart of the registry.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Chart {
    /// Its id in links and on the page (`chart-<id>`); a chart drawn per
    /// column adds the column's mode word (`timeline-platform`).
    pub(crate) id: &'static str,
    /// Its title's key (its parameters are filled by its builder).
    pub(crate) title: Key,
    /// Its caption's key, when the caption does not depend on the run
    /// (else its builder words it).
    pub(crate) caption: Option<Key>,
    /// Whether it is drawn once per column, each of one run.
    pub(crate) per_column: bool,
    /// Whether an embed shows it when its link names no charts.
    pub(crate) embedded: bool,
    /// What it plots.
    pub(crate) plot: Plot,
}

impl Chart {
    /// A chart of every run that has arrived.
    const fn of_all_runs(id: &'static str, title: Key, plot: Plot) -> Chart {
        Chart {
            id,
            title,
            caption: None,
            per_column: false,
            embedded: false,
            plot,
        }
    }

    /// A chart drawn once per column, of that column's run.
    const fn per_column(id: &'static str, title: Key, plot: Plot) -> Chart {
        Chart {
            per_column: true,
            ..Chart::of_all_runs(id, title, plot)
        }
    }

    /// This chart, with a caption that does not depend on the run.
    const fn captioned(self, caption: Key) -> Chart {
        Chart {
            caption: Some(caption),
            ..self
        }
    }

    /// This chart, shown by an embed whose link names no charts.
    const fn in_embeds(self) -> Chart {
        Chart {
            embedded: true,
            ..self
        }
    }
}

/// Every chart of the page, in the page's order. A new chart of a plot
/// that exists is one entry here and its words in the catalogue (for a new
/// metric, its lines in `crate::chart`); a new kind of plot adds its builder
/// in `app::show::charts` and its drawing in `crate::chart`.
pub(crate) const CHARTS: &[Chart] = &[
    Chart::of_all_runs(
        "sweep-throughput",
        Key("chart.title.sweep_throughput"),
        SWEEP_TPUT,
    )
    .in_embeds(),
    Chart::of_all_runs(
        "sweep-latency",
        Key("chart.title.sweep_latency"),
        SWEEP_LATENCY,
    )
    .in_embeds(),
    Chart::of_all_runs(
        "throughput-time",
        Key("chart.title.throughput_time"),
        TIME_TPUT,
    )
    .captioned(Key("chart.caption.throughput_time")),
    Chart::of_all_runs(
        "latency-time",
        Key("chart.title.latency_time"),
        TIME_LATENCY,
    )
    .captioned(Key("chart.caption.latency_time")),
    Chart::per_column("timeline", Key("chart.title.timeline"), Plot::Timeline),
    Chart::per_column(
        "utilisation",
        Key("chart.title.utilisation"),
        Plot::Utilisation,
    ),
    Chart::per_column("memory", Key("chart.title.memory"), Plot::Memory),
    Chart::of_all_runs("histogram", Key("chart.title.histogram"), Plot::Histogram),
    Chart::of_all_runs("errors", Key("chart.title.errors"), Plot::Errors),
    Chart::of_all_runs(
        "connections",
        Key("chart.title.connections"),
        Plot::Connections,
    ),
    Chart::of_all_runs("calls", Key("chart.title.calls"), Plot::Calls),
];

// The plots with a metric, named so that each entry above fits a line.
const SWEEP_TPUT: Plot = Plot::Sweep(SweepMetric::Throughput);
const SWEEP_LATENCY: Plot = Plot::Sweep(SweepMetric::Latency);
const TIME_TPUT: Plot = Plot::OverTime(TimeMetric::Throughput);
const TIME_LATENCY: Plot = Plot::OverTime(TimeMetric::Latency);

/// A chart on the page: an entry of [`CHARTS`], for one column when it is
/// drawn per column.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ChartId {
    /// Its entry.
    pub(crate) chart: &'static Chart,
    /// The column whose run it draws, if it is drawn per column.
    pub(crate) column: Option<Mode>,
    id: String,
}

impl ChartId {
    /// Its id in links (`timeline-virtual`).
    pub(crate) fn id(&self) -> &str {
        &self.id
    }

    /// Its element's id on the page (`chart-timeline-virtual`).
    pub(crate) fn element_id(&self) -> String {
        format!("chart-{}", self.id)
    }
}

/// Every chart the page can show, in the page's order: each entry of
/// [`CHARTS`], a chart per column once for each column.
pub(crate) fn chart_ids() -> &'static [ChartId] {
    static IDS: OnceLock<Vec<ChartId>> = OnceLock::new();
    IDS.get_or_init(|| {
        let mut out = Vec::new();
        for chart in CHARTS {
            if chart.per_column {
                for mode in MODES {
                    let id = format!("{}-{}", chart.id, crate::scenario::mode_word(mode));
                    out.push(ChartId {
                        chart,
                        column: Some(mode),
                        id,
                    });
                }
            } else {
                let id = chart.id.to_string();
                out.push(ChartId {
                    chart,
                    column: None,
                    id,
                });
            }
        }
        out
    })
}

/// Every chart's id, in the page's order.
pub(crate) fn ids() -> impl Iterator<Item = &'static str> + Clone {
    chart_ids().iter().map(|c| c.id())
}

/// The chart whose id is `id` (without the `chart-` prefix).
pub(crate) fn chart_id(id: &str) -> Option<&'static ChartId> {
    chart_ids().iter().find(|c| c.id == id)
}

/// The charts an embed shows unless its link chooses, by id.
pub(crate) fn embed_charts() -> impl Iterator<Item = &'static str> + Clone {
    chart_ids()
        .iter()
        .filter(|c| c.chart.embedded)
        .map(|c| c.id())
}

/// The column a chart of one column draws (`timeline-virtual`: virtual).
pub(crate) fn column_of(id: &str) -> Option<Mode> {
    chart_id(id)?.column
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ids links have always used, in the page's order: a registry
    /// that renames, drops or reorders one changes links (and this test).
    #[test]
    fn the_registry_gives_the_ids_links_use() {
        let ids: Vec<&str> = ids().collect();
        assert_eq!(
            ids,
            [
                "sweep-throughput",
                "sweep-latency",
                "throughput-time",
                "latency-time",
                "timeline-platform",
                "timeline-virtual",
                "utilisation-platform",
                "utilisation-virtual",
                "memory-platform",
                "memory-virtual",
                "histogram",
                "errors",
                "connections",
                "calls",
            ]
        );
        let embedded: Vec<&str> = embed_charts().collect();
        assert_eq!(embedded, ["sweep-throughput", "sweep-latency"]);
        assert_eq!(
            chart_id("memory-virtual").unwrap().column,
            Some(Mode::Virtual)
        );
        assert_eq!(chart_id("histogram").unwrap().column, None);
        assert_eq!(chart_id("memory"), None);
    }

    /// The registry names every chart title and fixed caption the
    /// catalogues hold, and each has its text in every language.
    #[test]
    fn the_registry_owns_the_chart_titles_and_captions() {
        let owned: Vec<(String, Option<&str>)> = CHARTS
            .iter()
            .flat_map(|c| [Some(c.title), c.caption])
            .flatten()
            .map(|k| (k.0.to_string(), None))
            .collect();
        crate::i18n::assert_family_owned(
            crate::i18n::keys::chart::FAMILIES,
            &owned,
            "chart of the registry",
        );
    }
}
