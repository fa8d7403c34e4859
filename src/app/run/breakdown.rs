//! Where a run's successful requests spent their time (the report's
//! [`Breakdown`]) as the page shows it: two stacked bars, the mean request
//! and the p99 set's, their segments in the stages' order, a table with the
//! same numbers, and one sentence naming what the slowest requests did
//! most, put into words here from the typed facts.

use crate::app::basis::format::ms_in;
use crate::app::basis::modes::Mode;
use crate::i18n::keys::{Key, ui};
use crate::i18n::{Arg, Locale};
use crate::sim::report::{Breakdown, Capacity, Stage, StageMs};

/// A wait that holds at least this share of the p99 set's time is what the
/// sentence names; below it, the largest stage of any kind is (a request
/// that waits for nothing much is said by what it does).
pub(crate) const HEADLINE_WAIT_SHARE: f64 = 0.25;

/// A run's breakdown as the page draws it.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct BreakdownView {
    /// Successful requests the mean is over.
    pub(crate) requests: u64,
    /// Of those, at or above the p99 latency.
    pub(crate) p99_requests: u64,
    /// Mean ms per stage, every stage in [`Stage::ALL`]'s order.
    pub(crate) mean_ms: Vec<(Stage, f64)>,
    /// The p99 set's mean ms per stage, the same way.
    pub(crate) p99_ms: Vec<(Stage, f64)>,
    /// How many there were of what the waits are for.
    pub(crate) capacity: Capacity,
}

/// Which of the two bars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Set {
    /// Every successful request, on average.
    Mean,
    /// The requests at or above p99, on average.
    P99,
}

impl Set {
    /// Its id in the page's markup (`data-set`), never shown.
    pub(crate) const fn id(self) -> &'static str {
        match self {
            Set::Mean => "mean",
            Set::P99 => "p99",
        }
    }
}

/// One stage's part of a bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Segment {
    /// The stage.
    pub(crate) stage: Stage,
    /// Mean ms per request.
    pub(crate) ms: f64,
    /// Share of the bar, % (the bar's segments add up to 100).
    pub(crate) pct: f64,
}

/// What the sentence names: the stage, its time and the set's whole.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Headline {
    /// The stage.
    pub(crate) stage: Stage,
    /// Its mean ms per request of the p99 set.
    pub(crate) part_ms: f64,
    /// The p99 set's mean latency, ms.
    pub(crate) total_ms: f64,
}

/// A stage's ms in order, non-finite values as 0 (the page posts JSON).
fn listed(ms: &StageMs) -> Vec<(Stage, f64)> {
    Stage::ALL
        .into_iter()
        .map(|s| {
            let v = ms.get(&s).copied().unwrap_or(0.0);
            (s, if v.is_finite() { v.max(0.0) } else { 0.0 })
        })
        .collect()
}

impl BreakdownView {
    /// The report's breakdown, or `None` when nothing succeeded.
    pub(crate) fn of(b: &Breakdown) -> Option<Self> {
        (b.requests > 0).then(|| BreakdownView {
            requests: b.requests,
            p99_requests: b.p99_requests,
            mean_ms: listed(&b.mean_ms),
            p99_ms: listed(&b.p99_ms),
            capacity: b.capacity,
        })
    }

    /// One set's ms per stage.
    pub(crate) fn stages(&self, set: Set) -> &[(Stage, f64)] {
        match set {
            Set::Mean => &self.mean_ms,
            Set::P99 => &self.p99_ms,
        }
    }

    /// One set's mean latency, ms (its stages' sum).
    pub(crate) fn total_ms(&self, set: Set) -> f64 {
        self.stages(set).iter().map(|(_, ms)| ms).sum()
    }

    /// The stages that took any time in either set, in order: the legend's
    /// and the table's rows.
    pub(crate) fn shown(&self) -> Vec<Stage> {
        (self.mean_ms.iter().zip(&self.p99_ms))
            .filter(|((_, a), (_, b))| *a > 0.0 || *b > 0.0)
            .map(|((s, _), _)| *s)
            .collect()
    }

    /// A bar's segments: the stages that took any of its time.
    pub(crate) fn segments(&self, set: Set) -> Vec<Segment> {
        let total = self.total_ms(set);
        if total <= 0.0 {
            return Vec::new();
        }
        (self.stages(set).iter())
            .filter(|(_, ms)| *ms > 0.0)
            .map(|&(stage, ms)| Segment {
                stage,
                ms,
                pct: ms / total * 100.0,
            })
            .collect()
    }

    /// What the slowest requests did most: their largest wait when it holds
    /// at least [`HEADLINE_WAIT_SHARE`] of their time, else their largest
    /// stage.
    pub(crate) fn headline(&self) -> Option<Headline> {
        let total_ms = self.total_ms(Set::P99);
        if total_ms <= 0.0 {
            return None;
        }
        let largest = |wait_only: bool| {
            (self.p99_ms.iter())
                .filter(|(s, ms)| *ms > 0.0 && (!wait_only || s.is_wait()))
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .copied()
        };
        let (stage, part_ms) = match largest(true) {
            Some(w) if w.1 >= HEADLINE_WAIT_SHARE * total_ms => w,
            _ => largest(false)?,
        };
        Some(Headline {
            stage,
            part_ms,
            total_ms,
        })
    }

    /// The sentence, in `l`'s words, for requests of server mode `mode`:
    /// "Platform-thread requests at p99 spend 1.01 s of their 1.07 s
    /// waiting for one of Tomcat's 100 threads."
    pub(crate) fn said(&self, mode: Mode, l: Locale) -> Option<String> {
        let h = self.headline()?;
        let who = match mode {
            Mode::Platform => ui::BREAKDOWN_WHO_PLATFORM,
            Mode::Virtual => ui::BREAKDOWN_WHO_VIRTUAL,
        };
        let c = &self.capacity;
        let n = match h.stage {
            Stage::ThreadWait => c.tomcat_threads,
            Stage::CarrierWait => c.carriers,
            Stage::DbPoolWait => c.db_connections,
            _ => 0,
        };
        Some(said_key(h.stage).text(
            l,
            &[
                ("who", Arg::Text(who.text(l, &[]))),
                ("part", Arg::Text(ms_in(l, h.part_ms))),
                ("total", Arg::Text(ms_in(l, h.total_ms))),
                ("n", Arg::Text(n.to_string())),
            ],
        ))
    }
}

/// A stage's name in the legend and the table.
pub(crate) fn stage_key(s: Stage) -> Key {
    match s {
        Stage::Client => ui::BREAKDOWN_STAGE_CLIENT,
        Stage::Connect => ui::BREAKDOWN_STAGE_CONNECT,
        Stage::AcceptQueue => ui::BREAKDOWN_STAGE_ACCEPT_QUEUE,
        Stage::ThreadWait => ui::BREAKDOWN_STAGE_THREAD_WAIT,
        Stage::CarrierWait => ui::BREAKDOWN_STAGE_CARRIER_WAIT,
        Stage::DbPoolWait => ui::BREAKDOWN_STAGE_DB_POOL_WAIT,
        Stage::ExecutorWait => ui::BREAKDOWN_STAGE_EXECUTOR_WAIT,
        Stage::LeaseWait => ui::BREAKDOWN_STAGE_LEASE_WAIT,
        Stage::BulkheadWait => ui::BREAKDOWN_STAGE_BULKHEAD_WAIT,
        Stage::Backoff => ui::BREAKDOWN_STAGE_RETRY_BACKOFF,
        Stage::LockWait => ui::BREAKDOWN_STAGE_LOCK_WAIT,
        Stage::Pinned => ui::BREAKDOWN_STAGE_PINNED,
        Stage::Cpu => ui::BREAKDOWN_STAGE_CPU,
        Stage::Io => ui::BREAKDOWN_STAGE_IO,
        Stage::Gc => ui::BREAKDOWN_STAGE_GC,
    }
}

/// The sentence that names stage `s` as what the slowest requests did most.
fn said_key(s: Stage) -> Key {
    match s {
        Stage::Client => ui::BREAKDOWN_SAID_CLIENT,
        Stage::Connect => ui::BREAKDOWN_SAID_CONNECT,
        Stage::AcceptQueue => ui::BREAKDOWN_SAID_ACCEPT_QUEUE,
        Stage::ThreadWait => ui::BREAKDOWN_SAID_THREAD_WAIT,
        Stage::CarrierWait => ui::BREAKDOWN_SAID_CARRIER_WAIT,
        Stage::DbPoolWait => ui::BREAKDOWN_SAID_DB_POOL_WAIT,
        Stage::ExecutorWait => ui::BREAKDOWN_SAID_EXECUTOR_WAIT,
        Stage::LeaseWait => ui::BREAKDOWN_SAID_LEASE_WAIT,
        Stage::BulkheadWait => ui::BREAKDOWN_SAID_BULKHEAD_WAIT,
        Stage::Backoff => ui::BREAKDOWN_SAID_RETRY_BACKOFF,
        Stage::LockWait => ui::BREAKDOWN_SAID_LOCK_WAIT,
        Stage::Pinned => ui::BREAKDOWN_SAID_PINNED,
        Stage::Cpu => ui::BREAKDOWN_SAID_CPU,
        Stage::Io => ui::BREAKDOWN_SAID_IO,
        Stage::Gc => ui::BREAKDOWN_SAID_GC,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A view with the p99 set's ms `p99` and the mean's `mean`.
    fn view(mean: &[(Stage, f64)], p99: &[(Stage, f64)]) -> BreakdownView {
        let map = |v: &[(Stage, f64)]| v.iter().copied().collect::<StageMs>();
        BreakdownView::of(&Breakdown {
            requests: 100,
            mean_ms: map(mean),
            p99_requests: 1,
            p99_ms: map(p99),
            capacity: Capacity {
                tomcat_threads: 100,
                carriers: 4,
                db_connections: 10,
            },
        })
        .expect("requests succeeded")
    }

    #[test]
    fn the_sentence_names_the_thread_wait_of_e2s_platform_run() {
        let v = view(
            &[(Stage::ThreadWait, 950.0), (Stage::Io, 100.0)],
            &[(Stage::ThreadWait, 950.0), (Stage::Io, 100.0)],
        );
        assert_eq!(
            v.said(Mode::Platform, Locale::En).unwrap(),
            "Platform-thread requests at p99 spend 950 ms of their 1.05 s waiting for one of Tomcat's 100 threads."
        );
        for l in Locale::TRANSLATED {
            let s = v.said(Mode::Platform, l).unwrap();
            assert!(s.contains("100") && s.contains("Tomcat"), "{s}");
        }
    }

    #[test]
    fn a_small_wait_gives_way_to_what_the_request_does() {
        // 10 % waiting for a carrier: the sleep is the story.
        let v = view(&[], &[(Stage::CarrierWait, 5.0), (Stage::Io, 45.0)]);
        assert_eq!(v.headline().unwrap().stage, Stage::Io);
        // 30 %: the wait is.
        let v = view(&[], &[(Stage::CarrierWait, 15.0), (Stage::Io, 35.0)]);
        let h = v.headline().unwrap();
        assert_eq!(
            (h.stage, h.part_ms, h.total_ms),
            (Stage::CarrierWait, 15.0, 50.0)
        );
        assert!(
            v.said(Mode::Virtual, Locale::En)
                .unwrap()
                .contains("4 carrier")
        );
    }

    #[test]
    fn segments_add_up_to_the_bar_and_skip_empty_stages() {
        let v = view(
            &[(Stage::Cpu, 1.0), (Stage::Io, 3.0)],
            &[(Stage::Gc, 2.0), (Stage::Io, 6.0), (Stage::Cpu, f64::NAN)],
        );
        let segs = v.segments(Set::Mean);
        assert_eq!(
            segs.iter().map(|s| s.stage).collect::<Vec<_>>(),
            [Stage::Cpu, Stage::Io]
        );
        assert!((segs.iter().map(|s| s.pct).sum::<f64>() - 100.0).abs() < 1e-9);
        assert_eq!(v.shown(), [Stage::Cpu, Stage::Io, Stage::Gc]);
        assert_eq!(v.total_ms(Set::P99), 8.0);
        assert!(BreakdownView::of(&Breakdown::default()).is_none());
    }
}
