//! What the page shows of a run, as a compact serialisable digest of a
//! [`Report`]: the Web Worker reduces each report to a [`RunView`] (a full
//! run) or a [`SweepPoint`] (one point of a sweep) and posts that, never the
//! report itself, which carries more than the page draws.

use std::collections::BTreeMap;

use crate::app::basis::modes::{Columns, Mode, as_word};
use crate::i18n::keys::Key;
use crate::i18n::keys::chart as k;
use crate::i18n::keys::ui;
use crate::i18n::{Arg, Locale, Phrase};
use crate::sim::report::{
    ConnectionStats, DownstreamSeries, Gauge, GcKind, GuardStats, Latency, LimitEffect, LimitHit,
    MemoryKind, MemoryLimit, MemoryStats, Outcome, Report, ResponseCause, TimeSeries, Tool,
    ToolLatency, ToolSummary,
};
use crate::sim::timeline::{LaneKind, LaneState, Timeline};
use crate::summary::tool_of;

/// Gauges the utilisation chart shows, in legend order, with their labels.
pub(crate) const UTILISATION_GAUGES: &[(Gauge, Key)] = &[
    (Gauge::TomcatBusy, k::GAUGE_TOMCAT_BUSY),
    (Gauge::TomcatQueue, k::GAUGE_TOMCAT_QUEUE),
    (Gauge::CarriersBusy, k::GAUGE_CARRIERS_BUSY),
    (Gauge::CarriersPinned, k::GAUGE_CARRIERS_PINNED),
    (Gauge::RunnableVthreads, k::GAUGE_RUNNABLE_VTHREADS),
    (Gauge::VthreadsUnmounted, k::GAUGE_VTHREADS_UNMOUNTED),
    (Gauge::DbWaiters, k::GAUGE_DB_WAITERS),
    (Gauge::DbActive, k::GAUGE_DB_ACTIVE),
    (Gauge::CpuBusy, k::GAUGE_CPU_BUSY),
    (Gauge::LockWaiters, k::GAUGE_LOCK_WAITERS),
    (Gauge::ExecutorQueue, k::GAUGE_EXECUTOR_QUEUE),
];

/// Memory kinds the memory chart stacks, bottom up (native, then the heap,
/// so that `-Xmx` can be drawn above native memory), with their labels.
pub(crate) const MEMORY_KINDS: &[(MemoryKind, Key)] = &[
    (MemoryKind::NativeBase, k::MEMORY_NATIVE_BASE),
    (MemoryKind::NativeStacks, k::MEMORY_NATIVE_STACKS),
    (MemoryKind::HeapIdle, k::MEMORY_HEAP_IDLE),
    (MemoryKind::HeapConnections, k::MEMORY_HEAP_CONNECTIONS),
    (MemoryKind::HeapRequests, k::MEMORY_HEAP_REQUESTS),
    (
        MemoryKind::HeapVirtualThreads,
        k::MEMORY_HEAP_VIRTUAL_THREADS,
    ),
    (MemoryKind::HeapStackChunks, k::MEMORY_HEAP_STACK_CHUNKS),
    (MemoryKind::HeapThreadLocals, k::MEMORY_HEAP_THREAD_LOCALS),
    (MemoryKind::HeapGarbage, k::MEMORY_HEAP_GARBAGE),
];

/// A run's memory by kind and its limits.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct MemoryView {
    /// The kinds of [`MEMORY_KINDS`] that are ever non-zero, MB per bucket.
    pub(crate) kinds: Vec<(MemoryKind, Vec<f64>)>,
    /// `-Xmx`, MB.
    pub(crate) heap_limit_mb: f64,
    /// The container's memory, MB.
    pub(crate) container_limit_mb: f64,
    /// Most resident memory, MB.
    pub(crate) peak_resident_mb: f64,
    /// Most live heap, MB (the idle service's heap included).
    #[serde(default)]
    pub(crate) peak_heap_live_mb: f64,
    /// Most address space reserved for thread stacks, MB (not resident).
    pub(crate) peak_stacks_reserved_mb: f64,
    /// Threads the OS allows the process.
    #[serde(default)]
    pub(crate) thread_limit: u32,
    /// Each limit hit.
    pub(crate) hits: Vec<HitView>,
}

/// A memory or thread limit that was hit: which, when first, how often,
/// what it cost.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct HitView {
    /// Which limit.
    pub(crate) limit: MemoryLimit,
    /// When it was first hit, simulated seconds.
    pub(crate) at_s: f64,
    /// How often.
    pub(crate) times: u64,
    /// Requests lost to it.
    pub(crate) lost: u64,
    /// What it did.
    #[serde(default = "requests_failed")]
    pub(crate) effect: LimitEffect,
    /// Times the process ended because of it.
    #[serde(default)]
    pub(crate) ends: u64,
}

/// A digest from before a limit's effect was recorded: its requests failed.
fn requests_failed() -> LimitEffect {
    LimitEffect::RequestsFailed
}

/// `x` with `decimals` digits for a figure of the JVM's lines: English
/// writes it as the command line and the report always have (no thousands
/// separator, so the report's sentences stay as they were); other
/// languages their own way (de `1.298`).
fn plain(l: Locale, x: f64, decimals: usize) -> Arg {
    match l {
        Locale::En => Arg::Text(format!("{x:.decimals$}")),
        _ => Arg::Fixed(x, decimals),
    }
}

impl MemoryView {
    /// Each limit hit, one sentence each in `l`'s words (the report's own
    /// sentence, `summary::said::limit_hit`): the limit and when it was
    /// hit, how often, what was lost.
    pub(crate) fn limits_hit(&self, l: Locale) -> Vec<String> {
        self.hits.iter().map(|h| self.hit_words(l, h)).collect()
    }

    fn hit_words(&self, l: Locale, h: &HitView) -> String {
        let hit = LimitHit {
            limit: h.limit,
            first_at_s: h.at_s,
            times: h.times,
            lost: h.lost,
            effect: h.effect,
            ends: h.ends,
        };
        let limits = MemoryStats {
            heap_limit_mb: self.heap_limit_mb,
            container_limit_mb: self.container_limit_mb,
            thread_limit: self.thread_limit,
            ..MemoryStats::default()
        };
        crate::summary::said::limit_hit(&hit, &limits).text(l)
    }
}

/// A run's garbage collections.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct GcView {
    /// Whether a collector ran.
    pub(crate) on: bool,
    /// Pauses: (start s, length ms, kind).
    pub(crate) pauses: Vec<(f64, f64, GcKind)>,
    /// Young, mixed and full collections.
    pub(crate) collections: [u64; 3],
    /// Sum of pauses, ms.
    pub(crate) total_pause_ms: f64,
    /// Share of the run spent in pauses (0–1).
    pub(crate) pause_share: f64,
    /// Longest pause, ms.
    pub(crate) max_pause_ms: f64,
    /// Most live data a collection copied, MB, and of that, virtual
    /// threads' stack chunks.
    pub(crate) peak_copied_mb: (f64, f64),
    /// When GC thrashing began, s.
    pub(crate) thrashing_from_s: Option<f64>,
}

/// What starting cold cost.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct WarmupView {
    /// When the DispatcherServlet's initialisation ended, ms.
    pub(crate) init_done_ms: Option<f64>,
    /// Platform threads started on demand.
    pub(crate) threads_started: u64,
    /// The JIT's extra CPU per request at the end, ms.
    pub(crate) jit_extra_ms_at_end: f64,
}

/// A run as its load tool counts it ([`ToolSummary`]), every number
/// finite: JSON has no NaN, and a run whose message did not read back
/// would be lost whole on its way from the worker.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub(crate) struct ToolCount(pub(crate) ToolSummary);

impl Default for ToolCount {
    /// Nothing counted (a digest from before the field was posted).
    fn default() -> Self {
        ToolCount(ToolSummary::empty(Tool::Hey))
    }
}

impl ToolCount {
    /// `t` with every number made finite.
    fn of(t: &ToolSummary) -> Self {
        let latency = |l: &ToolLatency| ToolLatency {
            mean: finite(l.mean),
            stdev: finite(l.stdev),
            min: finite(l.min),
            max: finite(l.max),
            percentiles: (l.percentiles.iter())
                .map(|&(p, v)| (finite(p), finite(v)))
                .collect(),
            within_stdev_pct: finite(l.within_stdev_pct),
            ..l.clone()
        };
        ToolCount(ToolSummary {
            elapsed_s: finite(t.elapsed_s),
            rate: finite(t.rate),
            latency: latency(&t.latency),
            ok_latency: t.ok_latency.as_ref().map(latency),
            error_pct: finite(t.error_pct),
            buckets: t.buckets.iter().map(|&(m, n)| (finite(m), n)).collect(),
            dialup_s: finite(t.dialup_s),
            thread_rate: latency(&t.thread_rate),
            ..t.clone()
        })
    }
}

/// One run, digested.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunView {
    /// The column it is shown in (its server mode, unless the columns
    /// compare executors).
    #[serde(with = "as_word")]
    pub mode: Mode,
    /// What the columns compare (with `mode`, the column's name).
    #[serde(default)]
    pub(crate) columns: Columns,
    /// How it ended.
    pub outcome: Outcome,
    /// The outcome in words, said in the page's language.
    pub outcome_said: Phrase,
    /// Whether the run stopped at its event or time budget.
    pub budget_hit: bool,
    /// Events processed.
    pub(crate) events: u64,
    /// Simulated seconds.
    pub(crate) sim_time_s: f64,
    /// Requests sent.
    pub(crate) sent: u64,
    /// Requests answered with any status.
    pub(crate) completed: u64,
    /// Requests answered with 200.
    pub(crate) succeeded: u64,
    /// Requests that got an answer (any status) or a client-side error.
    pub(crate) finished: u64,
    /// hey's Requests/sec: (responses + errors) ÷ run time.
    pub(crate) throughput_rps: f64,
    /// Successful responses per second.
    pub(crate) goodput_rps: f64,
    /// Failed requests (client errors and error responses), % of finished.
    pub(crate) error_pct: f64,
    /// Latency statistics of the successful responses, ms: the headline,
    /// as goodput is the headline rate.
    pub(crate) latency: LatencyView,
    /// The failed responses (HTTP 500) beside it, when there were any.
    #[serde(default)]
    pub(crate) failed: Option<FailedView>,
    /// Client errors and error responses by cause (only non-zero ones).
    pub(crate) failures: Vec<(String, u64)>,
    /// Little's law on the client's view: (mean in flight L, λ·W, relative gap).
    pub(crate) little: (f64, f64, f64),
    /// The limiting resource's short name.
    pub(crate) bottleneck: String,
    /// The bottleneck in one sentence, for the page to say in its language.
    pub(crate) bottleneck_said: crate::i18n::Phrase,
    /// Mean CPU utilisation 0–1.
    pub(crate) cpu_utilisation: f64,
    /// Highest memory use, MB.
    pub(crate) peak_memory_mb: f64,
    /// Most platform threads alive.
    pub(crate) peak_platform_threads: u32,
    /// Most virtual threads alive.
    pub(crate) peak_virtual_threads: u32,
    /// Most carriers pinned at once.
    pub(crate) peak_pinned: u32,
    /// Periods a container's CPU limit stopped every thread in (CFS
    /// throttling; 0 without a limit).
    #[serde(default)]
    pub(crate) cpu_throttles: u64,
    /// `@Async` executors: (name, tasks per second, rejected).
    pub(crate) executors: Vec<(String, f64, u64)>,
    /// Guarded downstreams: (name, what their calls did).
    #[serde(default)]
    pub(crate) guards: Vec<(String, GuardStats)>,
    /// The executors' drain after the client's end (`report::Drain`).
    pub(crate) drain: Vec<crate::sim::report::ExecutorDrain>,
    /// Time series.
    pub(crate) series: SeriesView,
    /// Latency histogram: (from ms, to ms, count).
    pub(crate) histogram: Vec<(f64, f64, u64)>,
    /// Thread/carrier timeline.
    pub(crate) timeline: TimelineView,
    /// Memory by kind and its limits.
    pub(crate) memory: MemoryView,
    /// Garbage collections.
    pub(crate) gc: GcView,
    /// What starting cold cost (`None` for a warm start).
    pub(crate) warmup: Option<WarmupView>,
    /// The load tool the client copied (`load.tool`).
    pub(crate) tool: Tool,
    /// The request rate the tool prints (see `summary::rate_name`).
    pub(crate) tool_rate: f64,
    /// The run as its load tool counts it: what a pasted measurement's
    /// figures are compared with (`app::yours`).
    #[serde(default)]
    pub(crate) tool_summary: ToolCount,
    /// What happened to connections (the report's, its ratios finite).
    pub(crate) connections: ConnectionStats,
    /// Where successful requests' time went (`None` when none succeeded).
    #[serde(default)]
    pub(crate) breakdown: Option<crate::app::run::breakdown::BreakdownView>,
    /// Each endpoint of a mix (none without one).
    #[serde(default)]
    pub(crate) endpoints: Vec<crate::app::run::endpoints::EndpointView>,
}

/// Connections over time, one value per bucket.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct ConnectionSeries {
    /// Open connections (each holds a max-connections slot).
    pub(crate) open: Vec<f64>,
    /// Of those, idle between requests.
    pub(crate) idle: Vec<f64>,
    /// Established connections waiting in the accept queue.
    pub(crate) accept_queue: Vec<f64>,
    /// Reconnects per second.
    pub(crate) reconnects_per_s: Vec<f64>,
}

/// The failed responses in brief: their share, their median and why.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct FailedView {
    /// Of every result, %.
    pub(crate) pct: f64,
    /// Their median latency, ms.
    pub(crate) p50_ms: f64,
    /// Their most frequent cause.
    pub(crate) cause: ResponseCause,
}

impl FailedView {
    fn of(r: &Report) -> Option<Self> {
        let f = &r.failed_responses;
        Some(FailedView {
            pct: finite(f.pct),
            p50_ms: finite(f.latency_ms.p50),
            cause: f.cause?,
        })
    }

    /// "72 % failed after 1,000 ms (median) at HikariCP's connectionTimeout".
    pub(crate) fn line(&self, l: Locale) -> String {
        let cause = match self.cause {
            ResponseCause::PoolTimeout => ui::SUMMARY_FAILED_POOL_TIMEOUT,
            ResponseCause::TaskRejected => ui::SUMMARY_FAILED_TASK_REJECTED,
            ResponseCause::LeaseTimeout => ui::SUMMARY_FAILED_LEASE_TIMEOUT,
            ResponseCause::PendingLimit => ui::SUMMARY_FAILED_PENDING_LIMIT,
            ResponseCause::RateLimited => ui::SUMMARY_FAILED_RATE_LIMITED,
            ResponseCause::BulkheadFull => ui::SUMMARY_FAILED_BULKHEAD_FULL,
            ResponseCause::ResponseTimeout => ui::SUMMARY_FAILED_RESPONSE_TIMEOUT,
            ResponseCause::DownstreamError => ui::SUMMARY_FAILED_DOWNSTREAM_ERROR,
            ResponseCause::CircuitOpen => ui::SUMMARY_FAILED_CIRCUIT_OPEN,
            ResponseCause::RequestNotPermitted => ui::SUMMARY_FAILED_REQUEST_NOT_PERMITTED,
            ResponseCause::OutOfMemory | ResponseCause::Ok => ui::SUMMARY_FAILED_OUT_OF_MEMORY,
        };
        ui::SUMMARY_FAILED_LINE.text(
            l,
            &[
                ("pct", plain(l, self.pct, 0)),
                (
                    "ms",
                    Arg::Text(crate::app::basis::format::ms_in(l, self.p50_ms)),
                ),
                ("cause", Arg::Text(cause.text(l, &[]))),
            ],
        )
    }
}

/// Latency statistics, ms.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct LatencyView {
    /// Mean.
    pub(crate) mean: f64,
    /// Fastest.
    pub(crate) min: f64,
    /// Median.
    pub(crate) p50: f64,
    /// 90th percentile.
    pub(crate) p90: f64,
    /// 99th percentile.
    pub(crate) p99: f64,
    /// Slowest.
    pub(crate) max: f64,
}

/// Time series, one value per bucket.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct SeriesView {
    /// Bucket start times, s.
    pub(crate) t_s: Vec<f64>,
    /// Finished requests per second, failures included (hey's count).
    pub(crate) throughput_rps: Vec<f64>,
    /// Successful responses per second.
    #[serde(default)]
    pub(crate) goodput_rps: Vec<f64>,
    /// Mean latency, ms.
    pub(crate) latency_mean_ms: Vec<f64>,
    /// p50, ms.
    pub(crate) latency_p50_ms: Vec<f64>,
    /// p99, ms.
    pub(crate) latency_p99_ms: Vec<f64>,
    /// Memory in use, MB.
    pub(crate) memory_mb: Vec<f64>,
    /// The gauges of [`UTILISATION_GAUGES`] that are ever non-zero.
    pub(crate) gauges: BTreeMap<Gauge, Vec<f64>>,
    /// Connections: open, idle, in the accept queue, reconnects.
    pub(crate) connections: ConnectionSeries,
    /// Each guarded downstream's tries and breaker.
    #[serde(default)]
    pub(crate) calls: Vec<DownstreamSeries>,
}

/// A thread or carrier's states over a short window.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct TimelineView {
    /// Window start, ms.
    pub(crate) start_ms: f64,
    /// Window end, ms.
    pub(crate) end_ms: f64,
    /// Lane names (Java thread names).
    pub(crate) lanes: Vec<String>,
    /// Threads and carriers the run started (the lanes are the first ones).
    #[serde(default)]
    pub(crate) threads: u32,
    /// Whether lanes are carriers (virtual) rather than pool threads.
    pub(crate) carriers: bool,
    /// (lane, state, from ms, to ms).
    pub(crate) segments: Vec<(u16, LaneState, f64, f64)>,
    /// Segments were dropped at the recorder's cap.
    pub(crate) truncated: bool,
}

/// A lane state's words: its name, and what it means.
pub(crate) fn lane_state_words(s: LaneState) -> (Key, Key) {
    match s {
        LaneState::Idle => (k::STATE_IDLE, k::STATE_IDLE_MEANS),
        LaneState::Cpu => (k::STATE_CPU, k::STATE_CPU_MEANS),
        LaneState::Blocked => (k::STATE_BLOCKED, k::STATE_BLOCKED_MEANS),
        LaneState::Waiting => (k::STATE_WAITING, k::STATE_WAITING_MEANS),
        LaneState::Mounted => (k::STATE_MOUNTED, k::STATE_MOUNTED_MEANS),
        LaneState::Pinned => (k::STATE_PINNED, k::STATE_PINNED_MEANS),
    }
}

fn finite(x: f64) -> f64 {
    if x.is_finite() { x } else { 0.0 }
}

fn finite_all(v: &[f64]) -> Vec<f64> {
    v.iter().map(|x| finite(*x)).collect()
}

/// Failed requests (client errors and error responses), % of finished ones.
fn failed_pct(r: &Report) -> f64 {
    let failed: u64 = r.errors.total
        + r.responses_by_cause
            .iter()
            .filter(|(k, _)| **k != ResponseCause::Ok)
            .map(|(_, n)| n)
            .sum::<u64>();
    let done = r.completed + r.errors.total;
    if done == 0 {
        0.0
    } else {
        failed as f64 / done as f64 * 100.0
    }
}

/// Client errors and error responses by cause, the non-zero ones, sorted.
fn failures_of(r: &Report) -> Vec<(String, u64)> {
    let mut failures: Vec<(String, u64)> = r
        .errors
        .by_cause
        .iter()
        .map(|(k, n)| (k.to_string(), *n))
        .chain(
            r.responses_by_cause
                .iter()
                .filter(|(k, _)| **k != ResponseCause::Ok)
                .map(|(k, n)| (k.to_string(), *n)),
        )
        .filter(|(_, n)| *n > 0)
        .collect();
    failures.sort();
    failures
}

impl LatencyView {
    fn of(l: &Latency) -> Self {
        LatencyView {
            mean: finite(l.mean),
            min: finite(l.min),
            p50: finite(l.p50),
            p90: finite(l.p90),
            p99: finite(l.p99),
            max: finite(l.max),
        }
    }
}

impl SeriesView {
    /// The series, and the gauges of [`UTILISATION_GAUGES`] that are ever
    /// non-zero.
    fn of(s: &TimeSeries) -> Self {
        let gauge = |g: &Gauge| s.gauges.get(g).map(|v| finite_all(v));
        let gauges = UTILISATION_GAUGES
            .iter()
            .filter_map(|(g, _)| {
                let v = gauge(g)?;
                v.iter().any(|x| *x > 0.0).then_some((*g, v))
            })
            .collect();
        SeriesView {
            t_s: finite_all(&s.t_s),
            throughput_rps: finite_all(&s.throughput_rps),
            goodput_rps: finite_all(&s.goodput_rps),
            latency_mean_ms: finite_all(&s.latency_mean_ms),
            latency_p50_ms: finite_all(&s.latency_p50_ms),
            latency_p99_ms: finite_all(&s.latency_p99_ms),
            memory_mb: finite_all(&s.memory_mb),
            gauges,
            connections: ConnectionSeries {
                open: gauge(&Gauge::Connections).unwrap_or_default(),
                idle: gauge(&Gauge::ConnsIdle).unwrap_or_default(),
                accept_queue: gauge(&Gauge::Backlog).unwrap_or_default(),
                reconnects_per_s: finite_all(&s.reconnects_per_s),
            },
            calls: (s.downstreams.iter())
                .map(|d| DownstreamSeries {
                    name: d.name.clone(),
                    sent_per_s: finite_all(&d.sent_per_s),
                    failed_per_s: finite_all(&d.failed_per_s),
                    retries_per_s: finite_all(&d.retries_per_s),
                    refused_per_s: finite_all(&d.refused_per_s),
                    open_share: finite_all(&d.open_share),
                    half_open_share: finite_all(&d.half_open_share),
                    fault_s: d.fault_s.filter(|f| f.iter().all(|x| x.is_finite())),
                })
                .collect(),
        }
    }
}

impl TimelineView {
    fn of(t: &Timeline) -> Self {
        TimelineView {
            start_ms: t.start_ms,
            end_ms: t.end_ms,
            lanes: t.lanes.iter().map(|l| l.name.clone()).collect(),
            threads: t.threads,
            carriers: t.lanes.iter().any(|l| l.kind == LaneKind::Carrier),
            segments: t
                .segments
                .iter()
                .map(|g| (g.lane, g.state, g.from_ms, g.to_ms))
                .collect(),
            truncated: t.truncated,
        }
    }
}

impl MemoryView {
    fn of(r: &Report) -> Self {
        let m = &r.memory;
        let kinds = MEMORY_KINDS
            .iter()
            .filter_map(|(k, _)| {
                let v = finite_all(r.series.memory_by_kind.get(k)?);
                v.iter().any(|x| *x > 0.0).then_some((*k, v))
            })
            .collect();
        MemoryView {
            kinds,
            heap_limit_mb: finite(m.heap_limit_mb),
            container_limit_mb: finite(m.container_limit_mb),
            peak_resident_mb: finite(m.peak_resident_mb),
            peak_heap_live_mb: finite(m.peak_heap_live_mb),
            peak_stacks_reserved_mb: finite(m.peak_stacks_reserved_mb),
            thread_limit: m.thread_limit,
            hits: (m.hits.iter())
                .map(|h| HitView {
                    limit: h.limit,
                    at_s: finite(h.first_at_s),
                    times: h.times,
                    lost: h.lost,
                    effect: h.effect,
                    ends: h.ends,
                })
                .collect(),
        }
    }
}

impl GcView {
    fn of(r: &Report) -> Self {
        let g = &r.gc;
        GcView {
            on: g.on,
            pauses: g
                .pauses
                .iter()
                .map(|p| (finite(p.at_s), finite(p.ms), p.kind))
                .collect(),
            collections: [g.young, g.mixed, g.full],
            total_pause_ms: finite(g.total_pause_ms),
            pause_share: finite(g.pause_share),
            max_pause_ms: finite(g.max_pause_ms),
            peak_copied_mb: (
                finite(g.peak_copied_mb),
                finite(g.peak_copied_stack_chunks_mb),
            ),
            thrashing_from_s: g.thrashing_from_s.map(finite),
        }
    }

    /// One line in `l`'s words: how many collections, how long they
    /// paused, what share of the run.
    pub(crate) fn summary(&self, l: Locale) -> String {
        if !self.on {
            return k::GC_NONE.text(l, &[]);
        }
        let [young, mixed, full] = self.collections.map(|n| plain(l, n as f64, 0));
        let mut s = k::GC_SUMMARY.text(
            l,
            &[
                ("young", young),
                ("mixed", mixed),
                ("full", full),
                ("total", plain(l, self.total_pause_ms, 0)),
                ("share", plain(l, self.pause_share * 100.0, 1)),
                ("longest", plain(l, self.max_pause_ms, 1)),
            ],
        );
        let (copied, chunks) = self.peak_copied_mb;
        if chunks > 0.0 {
            s.push_str(&k::GC_COPIED.text(
                l,
                &[
                    ("copied", plain(l, copied, 1)),
                    ("chunks", plain(l, chunks, 1)),
                ],
            ));
        }
        if let Some(t) = self.thrashing_from_s {
            s.push_str(&k::GC_THRASHING.text(l, &[("t", plain(l, t, 2))]));
        }
        s
    }
}

impl WarmupView {
    /// What starting cold cost (`None` for a warm start).
    fn of(r: &Report) -> Option<Self> {
        let w = &r.warmup;
        w.cold.then(|| WarmupView {
            init_done_ms: w.first_request_done_s.map(|t| finite(t * 1000.0)),
            threads_started: w.threads_started,
            jit_extra_ms_at_end: finite(w.jit_extra_ms_at_end),
        })
    }

    /// It in one line of `l`'s words.
    pub(crate) fn line(&self, l: Locale) -> String {
        let threads = ("threads", plain(l, self.threads_started as f64, 0));
        let jit = ("jit", plain(l, self.jit_extra_ms_at_end, 3));
        match self.init_done_ms {
            Some(ms) => k::WARMUP_WITH_INIT.text(l, &[("ms", plain(l, ms, 1)), threads, jit]),
            None => k::WARMUP.text(l, &[threads, jit]),
        }
    }
}

impl RunView {
    /// What the JVM did beside the requests, one line each in `l`'s words:
    /// the collector's pauses (when one ran) and what a cold start cost
    /// (when it started cold).
    pub(crate) fn jvm_lines(&self, l: Locale) -> Vec<String> {
        let gc = self.gc.on.then(|| self.gc.summary(l));
        let warmup = self.warmup.as_ref().map(|w| w.line(l));
        gc.into_iter().chain(warmup).collect()
    }

    /// Digests a report of a run in `mode`.
    pub fn from_report(mode: Mode, r: &Report) -> Self {
        RunView {
            mode,
            columns: Columns::ServerMode,
            outcome: r.outcome,
            outcome_said: crate::summary::said::outcome(r),
            budget_hit: r.outcome == Outcome::BudgetExceeded,
            events: r.events,
            sim_time_s: finite(r.sim_time_s),
            sent: r.sent,
            completed: r.completed,
            succeeded: r.succeeded,
            finished: r.completed + r.errors.total,
            throughput_rps: finite(r.throughput_rps),
            goodput_rps: finite(r.goodput_rps),
            error_pct: failed_pct(r),
            latency: LatencyView::of(&r.latency_ok_ms),
            failed: FailedView::of(r),
            failures: failures_of(r),
            little: (
                finite(r.little.mean_in_flight),
                finite(r.little.lambda_w),
                finite(r.little.rel_error),
            ),
            bottleneck: r.bottleneck.resource.to_string(),
            bottleneck_said: crate::summary::said::bottleneck(&r.bottleneck),
            cpu_utilisation: finite(r.server.cpu_utilisation),
            peak_memory_mb: finite(r.server.peak_memory_mb),
            peak_platform_threads: r.server.peak_platform_threads,
            peak_virtual_threads: r.server.peak_virtual_threads,
            peak_pinned: r.server.peak_pinned,
            cpu_throttles: r.server.cpu_throttles,
            executors: r
                .executors
                .iter()
                .map(|e| (e.name.clone(), finite(e.throughput_per_s), e.rejected))
                .collect(),
            drain: r.drain.iter().flat_map(|d| d.executors.clone()).collect(),
            guards: (r.downstreams.iter())
                .filter_map(|d| Some((d.name.clone(), d.guard.clone()?)))
                .collect(),
            series: SeriesView::of(&r.series),
            histogram: r
                .histogram
                .iter()
                .map(|b| (finite(b.from_ms), finite(b.to_ms), b.count))
                .collect(),
            timeline: TimelineView::of(&r.timeline),
            memory: MemoryView::of(r),
            gc: GcView::of(r),
            warmup: WarmupView::of(r),
            tool: tool_of(r),
            tool_rate: finite(r.tool.rate),
            tool_summary: ToolCount::of(&r.tool),
            connections: ConnectionStats {
                mean_accept_wait_ms: finite(r.connections.mean_accept_wait_ms),
                acceptor_utilisation: finite(r.connections.acceptor_utilisation),
                ..r.connections.clone()
            },
            breakdown: crate::app::run::breakdown::BreakdownView::of(&r.breakdown),
            endpoints: crate::app::run::endpoints::EndpointView::of_all(&r.endpoints),
        }
    }
}

/// One point of a sweep: a whole run reduced to a few numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SweepPoint {
    /// The swept value (concurrency, or arrival rate for open loops).
    pub(crate) x: f64,
    /// Requests per second.
    pub(crate) throughput_rps: f64,
    /// Successful responses per second.
    pub(crate) goodput_rps: f64,
    /// Mean latency, ms.
    pub(crate) mean_ms: f64,
    /// Median latency, ms.
    pub(crate) p50_ms: f64,
    /// 99th percentile, ms.
    pub(crate) p99_ms: f64,
    /// Failed requests, % of finished.
    pub(crate) error_pct: f64,
    /// Stopped at its budget.
    pub(crate) budget_hit: bool,
    /// The mode's full run (at the scenario's own x), not a short sweep run.
    #[serde(default)]
    pub(crate) full_run: bool,
}

/// Above this share of failed requests (%), a point's latency is of the few
/// that succeeded: the latency chart greys it.
pub(crate) const MOSTLY_FAILED_PCT: f64 = 50.0;

impl SweepPoint {
    /// Reduces a report of a run at `x`.
    pub(crate) fn from_report(x: f64, r: &Report) -> Self {
        SweepPoint {
            x,
            throughput_rps: finite(r.throughput_rps),
            goodput_rps: finite(r.goodput_rps),
            mean_ms: finite(r.latency_ok_ms.mean),
            p50_ms: finite(r.latency_ok_ms.p50),
            p99_ms: finite(r.latency_ok_ms.p99),
            error_pct: failed_pct(r),
            budget_hit: r.outcome == Outcome::BudgetExceeded,
            full_run: false,
        }
    }

    /// Whether most of its requests failed (its latency is of the few
    /// successes).
    pub(crate) fn mostly_failed(&self) -> bool {
        self.error_pct > MOSTLY_FAILED_PCT
    }
}
