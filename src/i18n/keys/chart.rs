//! Catalogue keys of the `chart` area (`i18n/catalogue/<lang>/chart.json`).
//! The charts' words (`chart::*`, `app::show::charts`, `app::run::digest`): titles,
//! captions, axes, legends, tooltips, table headers, series names; and the
//! words the charts share with the page around them (`app::run::bounds`' ceilings,
//! `app::show::compare`'s figures, `app::run::plan`'s sweep axis).

use super::Key;

/// Key prefixes of this area built from data (see [`super::FAMILIES`]):
/// the charts' titles and fixed captions, which the chart registry
/// (`app::basis::chart_registry`) names.
#[cfg(test)]
pub(crate) const FAMILIES: &[&str] = &["chart.title.", "chart.caption."];

keys! {
    // Captions: what a chart shows and what to look for.
    ABOUT_SWEEP_CLOSED = "chart.about.sweep_closed";
    ABOUT_SWEEP_COLD = "chart.about.sweep_cold";
    ABOUT_SWEEP_CLOSED_MEASURED = "chart.about.sweep_closed_measured";
    ABOUT_SWEEP_LATENCY_CLOSED = "chart.about.sweep_latency_closed";
    ABOUT_SWEEP_RATE = "chart.about.sweep_rate";
    ABOUT_SWEEP_RATE_MEASURED = "chart.about.sweep_rate_measured";
    ABOUT_SWEEP_LATENCY_RATE = "chart.about.sweep_latency_rate";
    ABOUT_TIMELINE = "chart.about.timeline";
    TIMELINE_SOME_LANES = "chart.timeline.some_lanes";
    TIMELINE_ALL_LANES = "chart.timeline.all_lanes";
    TIMELINE_WHO_BOTH = "chart.timeline.who_both";
    TIMELINE_WHO_CARRIERS = "chart.timeline.who_carriers";
    TIMELINE_WHO_TOMCAT = "chart.timeline.who_tomcat";
    TIMELINE_WHO_THREADS = "chart.timeline.who_threads";
    ABOUT_UTILISATION = "chart.about.utilisation";
    ABOUT_MEMORY = "chart.about.memory";
    ABOUT_HISTOGRAM = "chart.about.histogram";
    ABOUT_ERRORS = "chart.about.errors";
    ABOUT_CONNECTIONS = "chart.about.connections";
    ABOUT_CALLS = "chart.about.calls";
    TOOL_HOW = "chart.tool.how";
    TOOL_HEY = "chart.tool.hey";
    TOOL_WRK = "chart.tool.wrk";
    TOOL_JMETER = "chart.tool.jmeter";
    TOOL_K6 = "chart.tool.k6";
    MARKER = "chart.marker";
    MARKER_YOURS = "chart.marker_yours";
    // The sweep's axis (`app::run::plan::SweepAxis`).
    AXIS_CONCURRENCY = "chart.axis.concurrency";
    AXIS_RATE = "chart.axis.rate";
    AXIS_CONCURRENCY_SHORT = "chart.axis.concurrency_short";
    AXIS_RATE_SHORT = "chart.axis.rate_short";
    // Axes.
    AXIS_SUCCESSFUL = "chart.axis.successful";
    AXIS_LATENCY_P50_P99 = "chart.axis.latency_p50_p99";
    AXIS_LATENCY_MEAN_P99 = "chart.axis.latency_mean_p99";
    AXIS_TIME_S = "chart.axis.time_s";
    AXIS_TIME_MS = "chart.axis.time_ms";
    AXIS_AT_WORK = "chart.axis.at_work";
    AXIS_WAITING = "chart.axis.waiting";
    AXIS_MEMORY = "chart.axis.memory";
    AXIS_LATENCY_LOG = "chart.axis.latency_log";
    AXIS_SHARE = "chart.axis.share";
    AXIS_LATENCY_BIN = "chart.axis.latency_bin";
    AXIS_CAUSE = "chart.axis.cause";
    AXIS_FAILED = "chart.axis.failed";
    AXIS_CONNECTIONS = "chart.axis.connections";
    AXIS_TRIES = "chart.axis.tries";
    AXIS_RECONNECTS = "chart.axis.reconnects";
    // Placeholders while a chart has nothing to draw.
    RUNNING = "chart.running";
    SWEEP_RUNNING = "chart.sweep_running";
    NO_ERRORS = "chart.no_errors";
    NO_RESPONSES = "chart.no_responses";
    NO_LANES = "chart.no_lanes";
    // Legends, ceilings and Little's law.
    THEORY = "chart.theory";
    LITTLES_LAW = "chart.littles_law";
    MEASURED = "chart.measured";
    SOME_FAILED = "chart.some_failed";
    MOSTLY_FAILED = "chart.mostly_failed";
    CEILING_OF = "chart.ceiling_of";
    CEILING_RPS = "chart.ceiling_rps";
    GC_PAUSES_OF = "chart.gc_pauses_of";
    GC_PAUSES = "chart.gc_pauses";
    GC_PAUSE_ALL = "chart.gc_pause_all";
    SEGMENTS_CAPPED = "chart.segments_capped";
    XMX_ABOVE_NATIVE = "chart.xmx_above_native";
    CONTAINER_RESIDENT = "chart.container_resident";
    XMX = "chart.xmx";
    CONTAINER_LIMIT = "chart.container_limit";
    STACKS_RESERVED = "chart.stacks_reserved";
    // Series (legends, table headers) and tooltips.
    SERIES_SUCCESSFUL = "chart.series.successful";
    SERIES_FAILED = "chart.series.failed";
    SERIES_P50 = "chart.series.p50";
    SERIES_P99 = "chart.series.p99";
    SERIES_MEAN = "chart.series.mean";
    SERIES_ALL_RESPONSES = "chart.series.all_responses";
    SERIES_THEORY = "chart.series.theory";
    SERIES_LITTLE = "chart.series.little";
    SERIES_FAILED_REQUESTS = "chart.series.failed_requests";
    NOTE_REQUESTS_IN_ALL = "chart.note.requests_in_all";
    CONN_OPEN = "chart.conn.open";
    CALLS_SENT = "chart.calls.sent";
    CALLS_FAILED = "chart.calls.failed";
    CALLS_OPEN = "chart.calls.open";
    CALLS_FAULT = "chart.calls.fault";
    CALLS_NONE = "chart.calls.none";
    CONN_IDLE = "chart.conn.idle";
    CONN_QUEUE = "chart.conn.queue";
    CONN_QUEUE_PEAK = "chart.conn.queue_peak";
    CONN_RECONNECTS = "chart.conn.reconnects";
    CONN_RECONNECTS_ALL = "chart.conn.reconnects_all";
    TIP_SUCCESSFUL = "chart.tip.successful";
    TIP_SUCCESSFUL_FAILED = "chart.tip.successful_failed";
    TIP_SUCCESSFUL_ALL = "chart.tip.successful_all";
    TIP_P50_P99 = "chart.tip.p50_p99";
    TIP_MEAN_P99 = "chart.tip.mean_p99";
    TIP_THEORY = "chart.tip.theory";
    TIP_LITTLE = "chart.tip.little";
    TIP_RUN_OVER = "chart.tip.run_over";
    TIP_STATE_COUNT = "chart.tip.state_count";
    TIP_TIMELINE_TITLE = "chart.tip.timeline_title";
    TIP_FAILED_OF = "chart.tip.failed_of";
    TIP_BIN = "chart.tip.bin";
    TIP_LATENCY_NEAR = "chart.tip.latency_near";
    TIP_CONNECTIONS = "chart.tip.connections";
    TIP_CALLS = "chart.tip.calls";
    // Error causes (the errors chart).
    CAUSE_CLIENT_TIMEOUT = "chart.cause.client_timeout";
    CAUSE_CONNECT_FAILED = "chart.cause.connect_failed";
    CAUSE_CONNECTION_RESET = "chart.cause.connection_reset";
    CAUSE_CONNECTION_REFUSED = "chart.cause.connection_refused";
    CAUSE_SERVER_CLOSED = "chart.cause.server_closed";
    CAUSE_POOL_TIMEOUT = "chart.cause.pool_timeout";
    CAUSE_TASK_REJECTED = "chart.cause.task_rejected";
    CAUSE_LEASE_TIMEOUT = "chart.cause.lease_timeout";
    CAUSE_PENDING_LIMIT = "chart.cause.pending_limit";
    CAUSE_BULKHEAD_FULL = "chart.cause.bulkhead_full";
    CAUSE_RESPONSE_TIMEOUT = "chart.cause.response_timeout";
    CAUSE_DOWNSTREAM_ERROR = "chart.cause.downstream_error";
    CAUSE_CIRCUIT_OPEN = "chart.cause.circuit_open";
    CAUSE_REQUEST_NOT_PERMITTED = "chart.cause.request_not_permitted";
    CAUSE_RATE_LIMITED = "chart.cause.rate_limited";
    CAUSE_OUT_OF_MEMORY = "chart.cause.out_of_memory";
    // Gauges of the utilisation chart (`app::run::digest::UTILISATION_GAUGES`).
    GAUGE_TOMCAT_BUSY = "chart.gauge.tomcat_busy";
    GAUGE_TOMCAT_QUEUE = "chart.gauge.tomcat_queue";
    GAUGE_CARRIERS_BUSY = "chart.gauge.carriers_busy";
    GAUGE_CARRIERS_PINNED = "chart.gauge.carriers_pinned";
    GAUGE_RUNNABLE_VTHREADS = "chart.gauge.runnable_vthreads";
    GAUGE_VTHREADS_UNMOUNTED = "chart.gauge.vthreads_unmounted";
    GAUGE_DB_WAITERS = "chart.gauge.db_waiters";
    GAUGE_DB_ACTIVE = "chart.gauge.db_active";
    GAUGE_CPU_BUSY = "chart.gauge.cpu_busy";
    GAUGE_LOCK_WAITERS = "chart.gauge.lock_waiters";
    GAUGE_EXECUTOR_QUEUE = "chart.gauge.executor_queue";
    // Memory kinds of the memory chart (`app::run::digest::MEMORY_KINDS`).
    MEMORY_NATIVE_BASE = "chart.memory.native_base";
    MEMORY_NATIVE_STACKS = "chart.memory.native_stacks";
    MEMORY_HEAP_IDLE = "chart.memory.heap_idle";
    MEMORY_HEAP_CONNECTIONS = "chart.memory.heap_connections";
    MEMORY_HEAP_REQUESTS = "chart.memory.heap_requests";
    MEMORY_HEAP_VIRTUAL_THREADS = "chart.memory.heap_virtual_threads";
    MEMORY_HEAP_STACK_CHUNKS = "chart.memory.heap_stack_chunks";
    MEMORY_HEAP_THREAD_LOCALS = "chart.memory.heap_thread_locals";
    MEMORY_HEAP_GARBAGE = "chart.memory.heap_garbage";
    // The timeline's states (`app::run::digest::lane_state_words`): name, meaning.
    STATE_IDLE = "chart.state.idle";
    STATE_IDLE_MEANS = "chart.state.idle_means";
    STATE_CPU = "chart.state.cpu";
    STATE_CPU_MEANS = "chart.state.cpu_means";
    STATE_BLOCKED = "chart.state.blocked";
    STATE_BLOCKED_MEANS = "chart.state.blocked_means";
    STATE_WAITING = "chart.state.waiting";
    STATE_WAITING_MEANS = "chart.state.waiting_means";
    STATE_MOUNTED = "chart.state.mounted";
    STATE_MOUNTED_MEANS = "chart.state.mounted_means";
    STATE_PINNED = "chart.state.pinned";
    STATE_PINNED_MEANS = "chart.state.pinned_means";
    // The JVM's lines on a run's card and the memory chart's caption (`app::run::digest`).
    GC_NONE = "chart.gc.none";
    GC_SUMMARY = "chart.gc.summary";
    GC_COPIED = "chart.gc.copied";
    GC_THRASHING = "chart.gc.thrashing";
    WARMUP_WITH_INIT = "chart.warmup.with_init";
    WARMUP = "chart.warmup.plain";
    // Capacity ceilings (`app::run::bounds`): the resource, the formula.
    LIMIT_THREADS = "chart.limit.threads";
    LIMIT_CPU = "chart.limit.cpu";
    LIMIT_CPU_LIMIT = "chart.limit.cpu_limit";
    LIMIT_HTTP_POOL = "chart.limit.http_pool";
    LIMIT_DB_POOL = "chart.limit.db_pool";
    LIMIT_CARRIERS = "chart.limit.carriers";
    FORMULA_THREADS = "chart.formula.threads";
    FORMULA_CPU = "chart.formula.cpu";
    FORMULA_CPU_LIMIT = "chart.formula.cpu_limit";
    FORMULA_HTTP_POOL = "chart.formula.http_pool";
    FORMULA_DB_POOL = "chart.formula.db_pool";
    FORMULA_CARRIERS = "chart.formula.carriers";
    // Before and after (`app::show::compare`).
    COMPARE_SUCCESSFUL = "chart.compare.successful";
    COMPARE_P50 = "chart.compare.p50";
    COMPARE_P99 = "chart.compare.p99";
    COMPARE_ERRORS = "chart.compare.errors";
    COMPARE_PEAK_MEMORY = "chart.compare.peak_memory";
    COMPARE_PERCENT = "chart.compare.percent";
    COMPARE_POINTS = "chart.compare.points";
    COMPARE_PRESET = "chart.compare.preset";
    COMPARE_NO_PRESET = "chart.compare.no_preset";
    // Memory limits hit (`summary::said::limit_hit`: the report's `detail`, and the page's memory chart).
    HIT_HEAP = "chart.hit.heap";
    HIT_HEAP_EXITED = "chart.hit.heap_exited";
    HIT_HEAP_KILLED = "chart.hit.heap_killed";
    HIT_THREADS_FAILED = "chart.hit.threads_failed";
    HIT_THREADS_POLLER = "chart.hit.threads_poller";
    HIT_THREADS_KILLED = "chart.hit.threads_killed";
    HIT_CONTAINER = "chart.hit.container";
}
