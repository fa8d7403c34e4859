//! Catalogue keys of the `errors` area (`i18n/catalogue/<lang>/errors.json`).
//! The scenario's validation messages (`scenario::FieldError`): what is
//! wrong with a value and what is allowed, the request program's parse
//! errors, a scenario file's and a lesson's changes' problems. The command
//! line prints them in English from the same texts.

use super::Key;

/// Key prefixes of this area built from data (see [`super::FAMILIES`]):
/// none, every key is named in code.
#[cfg(test)]
pub(crate) const FAMILIES: &[&str] = &[];

keys! {
    // A problem on one line, as the page shows it.
    LINE = "errors.line";
    EXPECTED = "errors.expected";
    OUT_OF_RANGE = "errors.out_of_range";
    NOT_WHOLE = "errors.not_whole";
    ALLOWED_INT = "errors.allowed.int";
    ALLOWED_FLOAT = "errors.allowed.float";
    ALLOWED_CHOICE = "errors.allowed.choice";
    ALLOWED_PROGRAM = "errors.allowed.program";
    ALLOWED_NAMES = "errors.allowed.names";
    ALLOWED_OR_NULL = "errors.allowed.or_null";
    SCHEMA_VERSION = "errors.schema.version";
    SCHEMA_MUST_BE = "errors.schema.must_be";
    SECTION = "errors.section";
    UNKNOWN_EXECUTOR_KEY = "errors.unknown.executor_key";
    UNKNOWN_KEY = "errors.unknown.key";
    UNKNOWN_MORE = "errors.unknown.more";
    EXECUTOR_MAX_BELOW_CORE = "errors.executor.max_below_core";
    EXECUTOR_UNUSED = "errors.executor.unused";
    EXECUTOR_NONE = "errors.executor.none";
    DURATION_BELOW_RESOLUTION = "errors.duration.below_resolution";
    LOAD_NO_COUNT = "errors.load.no_count";
    LOAD_FEWER_THAN_WORKERS = "errors.load.fewer_than_workers";
    MEMORY_BELOW_HEAP = "errors.memory.below_heap";
    MEMORY_BELOW_DEFAULT_HEAP = "errors.memory.below_default_heap";
    MEMORY_CANNOT_START = "errors.memory.cannot_start";
    MEMORY_INITIAL_ABOVE_HEAP = "errors.memory.initial_above_heap";
    MEMORY_THREADS_BELOW_START = "errors.memory.threads_below_start";
    PROGRAM_NO_TIME = "errors.program.no_time";
    SERVER_POOL_BELOW_CARRIERS = "errors.server.pool_below_carriers";
    DOWNSTREAM_UNUSED = "errors.downstream.unused";
    ENDPOINT_BAD_NAME = "errors.endpoint.bad_name";
    ENDPOINT_TWICE = "errors.endpoint.twice";
    ENDPOINTS_TOO_MANY = "errors.endpoint.too_many";
    ENDPOINT_UNLISTED = "errors.endpoint.unlisted";
    DOWNSTREAM_P99_BELOW_P50 = "errors.downstream.p99_below_p50";
    DOWNSTREAM_FAULT_ENDS_BEFORE = "errors.downstream.fault_ends_before";
    RETRY_MAX_COUNTS_FIRST = "errors.downstream.retry_max_counts_first";
    RETRY_FACTOR_ABOVE_ONE = "errors.downstream.retry_factor_above_one";
    SERVER_WAKE_ORDER = "errors.server.wake_order";
    SERVER_KEEP_ALIVE_ZERO = "errors.server.keep_alive_zero";
    SERVER_TIMEOUT = "errors.server.timeout";
    TOOL_CLOSED_ONLY = "errors.tool.closed_only";
    TOOL_WRK2_OPEN = "errors.tool.wrk2_open";
    TOOL_DURATION_ONLY = "errors.tool.duration_only";
    TOOL_TIMEOUT_ON = "errors.tool.timeout_on";
    // A pasted load test's output (`measured`).
    IMPORT_UNKNOWN = "errors.import.unknown";
    IMPORT_MIXED = "errors.import.mixed";
    IMPORT_EXPECTED = "errors.import.expected";
    IMPORT_MISSING = "errors.import.missing";
    IMPORT_TOO_LARGE = "errors.import.too_large";
    IMPORT_EMPTY = "errors.import.empty";
    // A capacity plan's target, as typed on the page.
    PLAN_ABOVE = "errors.plan.above";
    PLAN_BETWEEN = "errors.plan.between";
    PLAN_PERCENTILE = "errors.plan.percentile";
    // The room's answers, as the presenter types them (`app::page::room`).
    TALLY_COUNT = "errors.tally.count";
    TALLY_EDGE_FIRST = "errors.tally.edge_first";
    TALLY_EDGE_ABOVE = "errors.tally.edge_above";
    TALLY_SHAPE = "errors.tally.shape";
    TOOL_CONNECT_TIMEOUT = "errors.tool.connect_timeout";
    TOOL_K6_DELAY = "errors.tool.k6_delay";
    TOOL_WRK2_DROP = "errors.tool.wrk2_drop";
    JSON_DUPLICATE = "errors.json.duplicate";
    JSON_INVALID = "errors.json.invalid";
    JSON_NOT_OBJECT = "errors.json.not_object";
    // `pub`: tests/integration/cli.rs names it.
    FILE_OPEN = "errors.file.open", pub;
    // Read by the command line only (`cli::files`, not on wasm32).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    FILE_READ = "errors.file.read";
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    FILE_TOO_LARGE = "errors.file.too_large";
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    FILE_NOT_UTF8 = "errors.file.not_utf8";
    NO_SUCH_PRESET = "errors.no_such_preset";
    LESSON_NO_SUCH_CHANGE = "errors.lesson.no_such_change";
    LESSON_PRESET = "errors.lesson.preset";
    LESSON_CHANGE_FORM = "errors.lesson.change_form";
    LESSON_CHANGE_MODE = "errors.lesson.change_mode";
    PROGRAM_TOO_LONG = "errors.program.too_long";
    PROGRAM_EMPTY = "errors.program.empty";
    PROGRAM_EXPECTED = "errors.program.expected";
    PROGRAM_FOUND_END = "errors.program.found_end";
    PROGRAM_WANT_NEXT = "errors.program.want.next";
    PROGRAM_WANT_STEP = "errors.program.want.step";
    PROGRAM_WANT_MONITOR = "errors.program.want.monitor";
    PROGRAM_WANT_EXECUTOR = "errors.program.want.executor";
    PROGRAM_WANT_DOWNSTREAM = "errors.program.want.downstream";
    PROGRAM_WANT_POOL = "errors.program.want.pool";
    PROGRAM_WANT_PERMITS = "errors.program.want.permits";
    PROGRAM_POOL_NESTED = "errors.program.pool_nested";
    PROGRAM_POOL_DIFFERS = "errors.program.pool_differs";
    PROGRAM_THREADPOOL_DIFFERS = "errors.program.threadpool_differs";
    PROGRAM_THREADPOOL_SIZES = "errors.program.threadpool_sizes";
    PROGRAM_TOO_MANY_POOLS = "errors.program.too_many_pools";
    PROGRAM_WANT_FORK_ON = "errors.program.want.fork_on";
    PROGRAM_WANT_DURATION = "errors.program.want.duration";
    PROGRAM_WANT_UNIT = "errors.program.want.unit";
    PROGRAM_TOO_DEEP = "errors.program.too_deep";
    PROGRAM_TOO_MANY_STEPS = "errors.program.too_many_steps";
    PROGRAM_WAIT_OUTSIDE_SYNC = "errors.program.wait_outside_sync";
    PROGRAM_TOO_MANY_MONITORS = "errors.program.too_many_monitors";
    PROGRAM_UNIFORM = "errors.program.uniform";
    PROGRAM_LOGNORMAL = "errors.program.lognormal";
    PROGRAM_LOGNORMAL_FLOOR = "errors.program.lognormal_floor";
    PROGRAM_OVER_AN_HOUR = "errors.program.over_an_hour";
}

#[cfg(test)]
mod tests {
    use crate::i18n::{Locale, lookup};

    /// Every message is translated: no German or Chinese text of this area
    /// is the English one (the catalogue test holds their parameters).
    #[test]
    fn german_and_chinese_are_no_copies_of_english() {
        for k in super::ALL {
            let en = lookup(Locale::En, k.0).unwrap_or_default();
            for l in Locale::TRANSLATED {
                let text = lookup(l, k.0).unwrap_or_default();
                assert_ne!(text, en, "{} ({}) is the English text", k.0, l.code());
            }
        }
    }
}
