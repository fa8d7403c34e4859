//! Catalogue keys of the `ui` area (`i18n/catalogue/<lang>/ui.json`).
//! The page's chrome and components (`ui::*`): headings, buttons, notices,
//! the share, export and embed dialogs, the summary cards, the measured
//! panel's frame, the settings' notes.

use super::Key;

/// Key prefixes of this area built from data (see [`super::FAMILIES`]):
/// `choice.<key>.<value>`, the help of a setting's choice, from the
/// scenario schema (`app::basis::words` checks each has its words).
#[cfg(test)]
pub(crate) const FAMILIES: &[&str] = &["choice."];

keys! {
    // The replications' panel (ui::replicas, app::run::replicated).
    REPLICAS_HEADING = "replicas.heading";
    REPLICAS_RUNNING = "replicas.running";
    REPLICAS_FIGURE = "replicas.figure";
    REPLICAS_DIFFERENCE = "replicas.difference";
    REPLICAS_THROUGHPUT = "replicas.throughput";
    REPLICAS_GOODPUT = "replicas.goodput";
    REPLICAS_P50 = "replicas.p50";
    REPLICAS_P99 = "replicas.p99";
    REPLICAS_MAX = "replicas.max";
    REPLICAS_MEAN = "replicas.mean";
    REPLICAS_BAND = "replicas.band";
    REPLICAS_BAND_IS_INTERVAL = "replicas.band_is_interval";
    REPLICAS_INTERVAL = "replicas.interval";
    REPLICAS_WITHIN = "replicas.within";
    REPLICAS_APART = "replicas.apart";
    REPLICAS_UNJUDGED = "replicas.unjudged";
    REPLICAS_WARMUP = "replicas.warmup";
    REPLICAS_WARMUP_NONE = "replicas.warmup_none";
    REPLICAS_WARMUP_SHORT = "replicas.warmup_short";
    REPLICAS_NOTE = "replicas.note";
    // The page's head, tabs and notices (ui::playground).
    PAGE_BRAND = "page.brand";
    PAGE_TAGLINE = "page.tagline";
    PAGE_SKIP = "page.skip";
    PAGE_TABS = "page.tabs";
    PAGE_CHARTS = "page.charts";
    PAGE_TITLE = "page.title";
    PAGE_RESULTS = "page.results";
    PAGE_SETTINGS = "page.settings";
    PAGE_SCENARIO = "page.scenario";
    PAGE_PROBLEMS = "page.problems";
    PAGE_STALE = "page.stale";
    // The link notice (ui::notice).
    NOTICE_HEAD = "notice.head";
    NOTICE_DISMISS = "notice.dismiss";
    // The error panel (ui::panic) and the worker's failures (ui::runner, ui::bridge).
    PANIC_PAGE = "panic.page";
    PANIC_NO_MESSAGE = "panic.no_message";
    WORKER_PANICKED = "worker.panicked";
    WORKER_CRASHED = "worker.crashed";
    WORKER_STALLED = "worker.stalled";
    WORKER_SLICE_LIMIT = "worker.slice_limit";
    WORKER_INTERRUPTED = "worker.interrupted";
    WORKER_UNAVAILABLE = "worker.unavailable";
    WORKER_REFUSED = "worker.refused";
    WORKER_UNRESPONSIVE = "worker.unresponsive";
    WORKER_SCRIPT = "worker.script";
    WORKER_NOT_STARTED = "worker.not_started";
    WORKER_NOTHING_RUN = "worker.nothing_run";
    WORKER_NO_ANSWER = "worker.no_answer";
    WORKER_RUN_GONE = "worker.run_gone";
    WORKER_RUN_AGAIN = "worker.run_again";
    CHART_CANNOT_DRAW = "page.cannot_draw";
    // The progress line (ui::progress).
    PROGRESS_BLOCKED = "progress.blocked";
    PROGRESS_INTERRUPTED = "progress.interrupted";
    PROGRESS_DONE = "progress.done";
    PROGRESS_DONE_IN = "progress.done_in";
    PROGRESS_RUNNING = "progress.running";
    // The scenario menu (ui::presets_picker) and what it shows (ui::scenario_about).
    PICKER_LABEL = "picker.label";
    PICKER_OWN = "picker.own";
    PICKER_EDITED = "picker.edited";
    PICKER_RESET_PRESET = "picker.reset_preset";
    PICKER_RESET_DEFAULTS = "picker.reset_defaults";
    ABOUT_AS_LOADED = "about.as_loaded";
    ABOUT_CHANGED = "about.changed";
    ABOUT_LINK_CHANGES = "about.link_changes";
    ABOUT_CHAPTER_SETS = "about.chapter_sets";
    ABOUT_LABEL = "about.label";
    // The share bar and the export menu (ui::share, ui::export).
    SHARE_LABEL = "share.label";
    SHARE_COPY_LINK = "share.copy_link";
    SHARE_EMBED = "share.embed";
    SHARE_THEME = "share.theme";
    SHARE_CHARTS = "share.charts";
    SHARE_NOT_DONE = "share.not_done";
    SHARE_LINK_COPIED = "share.link_copied";
    SHARE_DOWNLOADED = "share.downloaded";
    SHARE_COPIED_HEY = "share.copied_hey";
    SHARE_NO_CHART = "share.no_chart";
    SHARE_PNG = "share.png";
    SHARE_SVG = "share.svg";
    SHARE_EXPORT = "share.export";
    SHARE_WHEN_DONE = "share.when_done";
    SHARE_SWEEP_CSV = "share.sweep_csv";
    SHARE_TIME_CSV = "share.time_csv";
    SHARE_REPLICATIONS_CSV = "share.replications_csv";
    SHARE_JSON = "share.json";
    SHARE_HEY = "share.hey";
    EXPORT_NO_FILE = "export.no_file";
    EXPORT_NO_URL = "export.no_url";
    EXPORT_NO_LINK = "export.no_link";
    EXPORT_NO_COPY = "export.no_copy";
    EXPORT_NO_CANVAS = "export.no_canvas";
    EXPORT_NO_CONTEXT = "export.no_context";
    EXPORT_NO_PIXELS = "export.no_pixels";
    EXPORT_NO_PNG = "export.no_png";
    EXPORT_NOT_BASE64 = "export.not_base64";
    EXPORT_CAPTION = "export.caption";
    EXPORT_EDITED = "export.edited";
    // The theme menu (app::link::view).
    THEME_AUTO = "theme.auto";
    THEME_LIGHT = "theme.light";
    THEME_DARK = "theme.dark";
    // The embed dialog (ui::embed_dialog) and the embed (ui::embed).
    EMBED_TITLE = "embed.title";
    EMBED_ABOUT = "embed.about";
    EMBED_THEME = "embed.theme";
    EMBED_CHARTS = "embed.charts";
    EMBED_CONTROLS = "embed.controls";
    EMBED_SNIPPET = "embed.snippet";
    EMBED_COPY = "embed.copy";
    EMBED_COPIED = "embed.copied";
    EMBED_PREVIEW = "embed.preview";
    EMBED_CLOSE = "embed.close";
    EMBED_HIDDEN = "embed.hidden";
    EMBED_EDITABLE = "embed.editable";
    EMBED_LOCKED = "embed.locked";
    EMBED_IFRAME_TITLE = "embed.iframe_title";
    EMBED_OPEN_FULL = "embed.open_full";
    EMBED_OPEN = "embed.open";
    EMBED_RUN = "embed.run";
    EMBED_LOCAL = "embed.local";
    // The boot script's words before any WebAssembly has arrived
    // (www/embed-presets*.js, generated by app::share::tests).
    #[cfg(test)]
    BOOT_LOADING = "boot.loading";
    #[cfg(test)]
    BOOT_STARTING = "boot.starting";
    #[cfg(test)]
    BOOT_FAILED = "boot.failed";
    // Compare with a baseline (ui::baseline).
    BASELINE_PIN = "baseline.pin";
    BASELINE_PIN_AGAIN = "baseline.pin_again";
    BASELINE_PIN_WHY = "baseline.pin_why";
    BASELINE_CLEAR = "baseline.clear";
    BASELINE_TITLE = "baseline.title";
    BASELINE_BEFORE = "baseline.before";
    BASELINE_NOW = "baseline.now";
    BASELINE_CHANGE = "baseline.change";
    BASELINE_CHANGED = "baseline.changed";
    BASELINE_NOTHING = "baseline.nothing";
    BASELINE_UPDATING = "baseline.updating";
    BASELINE_STALE = "baseline.stale";
    // The summary cards (ui::summary).
    SUMMARY_HEADLINE = "summary.headline";
    SUMMARY_SIMULATING = "summary.simulating";
    SUMMARY_NOT_SIMULATED = "summary.not_simulated";
    SUMMARY_BOTTLENECK = "summary.bottleneck";
    SUMMARY_CEILINGS = "summary.ceilings";
    SUMMARY_RESIDENT = "summary.resident";
    SUMMARY_ERRORS = "summary.errors";
    SUMMARY_P50 = "summary.p50";
    SUMMARY_FAILED_LINE = "summary.failed.line";
    SUMMARY_FAILED_POOL_TIMEOUT = "summary.failed.pool_timeout";
    SUMMARY_FAILED_TASK_REJECTED = "summary.failed.task_rejected";
    SUMMARY_FAILED_LEASE_TIMEOUT = "summary.failed.lease_timeout";
    SUMMARY_FAILED_PENDING_LIMIT = "summary.failed.pending_limit";
    SUMMARY_FAILED_BULKHEAD_FULL = "summary.failed.bulkhead_full";
    SUMMARY_FAILED_RATE_LIMITED = "summary.failed.rate_limited";
    SUMMARY_FAILED_OUT_OF_MEMORY = "summary.failed.out_of_memory";
    SUMMARY_P99 = "summary.p99";
    SUMMARY_MEAN = "summary.mean";
    SUMMARY_PEAK_MEMORY = "summary.peak_memory";
    SUMMARY_MB = "summary.mb";
    SUMMARY_EXECUTOR = "summary.executor";
    SUMMARY_FORK_EXECUTOR = "summary.fork_executor";
    SUMMARY_CLIENT_EXECUTOR = "summary.client_executor";
    SUMMARY_DRAIN = "summary.drain";
    SUMMARY_BUDGET = "summary.budget";
    SUMMARY_RUN_FACTS = "summary.run_facts";
    SUMMARY_CLIENT = "summary.client";
    SUMMARY_OOM = "summary.oom";
    SUMMARY_STARVED = "summary.starved";
    SUMMARY_CEILING = "summary.ceiling";
    // The time breakdown in each card (ui::breakdown, app::run::breakdown).
    BREAKDOWN_HEADING = "breakdown.heading";
    ENDPOINTS_HEADING = "endpoints.heading";
    ENDPOINTS_CAPTION = "endpoints.caption";
    ENDPOINTS_COL_NAME = "endpoints.col_name";
    ENDPOINTS_COL_SHARE = "endpoints.col_share";
    ENDPOINTS_COL_GOODPUT = "endpoints.col_goodput";
    ENDPOINTS_COL_FAILED = "endpoints.col_failed";
    ENDPOINTS_COL_WAITS = "endpoints.col_waits";
    ENDPOINTS_OWN_WORK = "endpoints.own_work";
    ENDPOINTS_WAITS = "endpoints.waits";
    BREAKDOWN_NOTE = "breakdown.note";
    BREAKDOWN_MEAN = "breakdown.mean";
    BREAKDOWN_P99 = "breakdown.p99";
    BREAKDOWN_TABLE = "breakdown.table";
    BREAKDOWN_CAPTION = "breakdown.caption";
    BREAKDOWN_STAGE = "breakdown.stage";
    BREAKDOWN_COL_MEAN = "breakdown.col_mean";
    BREAKDOWN_COL_P99 = "breakdown.col_p99";
    BREAKDOWN_WHO_PLATFORM = "breakdown.who.platform";
    BREAKDOWN_WHO_VIRTUAL = "breakdown.who.virtual";
    BREAKDOWN_STAGE_CLIENT = "breakdown.stage.client";
    BREAKDOWN_STAGE_CONNECT = "breakdown.stage.connect";
    BREAKDOWN_STAGE_ACCEPT_QUEUE = "breakdown.stage.accept_queue";
    BREAKDOWN_STAGE_THREAD_WAIT = "breakdown.stage.thread_wait";
    BREAKDOWN_STAGE_CARRIER_WAIT = "breakdown.stage.carrier_wait";
    BREAKDOWN_STAGE_DB_POOL_WAIT = "breakdown.stage.db_pool_wait";
    BREAKDOWN_STAGE_EXECUTOR_WAIT = "breakdown.stage.executor_wait";
    BREAKDOWN_STAGE_LEASE_WAIT = "breakdown.stage.lease_wait";
    BREAKDOWN_STAGE_BULKHEAD_WAIT = "breakdown.stage.bulkhead_wait";
    BREAKDOWN_STAGE_LOCK_WAIT = "breakdown.stage.lock_wait";
    BREAKDOWN_STAGE_PINNED = "breakdown.stage.pinned";
    BREAKDOWN_STAGE_CPU = "breakdown.stage.cpu";
    BREAKDOWN_STAGE_IO = "breakdown.stage.io";
    BREAKDOWN_STAGE_GC = "breakdown.stage.gc";
    BREAKDOWN_SAID_CLIENT = "breakdown.said.client";
    BREAKDOWN_SAID_CONNECT = "breakdown.said.connect";
    BREAKDOWN_SAID_ACCEPT_QUEUE = "breakdown.said.accept_queue";
    BREAKDOWN_SAID_THREAD_WAIT = "breakdown.said.thread_wait";
    BREAKDOWN_SAID_CARRIER_WAIT = "breakdown.said.carrier_wait";
    BREAKDOWN_SAID_DB_POOL_WAIT = "breakdown.said.db_pool_wait";
    BREAKDOWN_SAID_EXECUTOR_WAIT = "breakdown.said.executor_wait";
    BREAKDOWN_SAID_LEASE_WAIT = "breakdown.said.lease_wait";
    BREAKDOWN_SAID_BULKHEAD_WAIT = "breakdown.said.bulkhead_wait";
    BREAKDOWN_SAID_LOCK_WAIT = "breakdown.said.lock_wait";
    BREAKDOWN_SAID_PINNED = "breakdown.said.pinned";
    BREAKDOWN_SAID_CPU = "breakdown.said.cpu";
    BREAKDOWN_SAID_IO = "breakdown.said.io";
    BREAKDOWN_SAID_GC = "breakdown.said.gc";
    // The form (ui::form, ui::field) and what it says of a setting (app::show::form, app::setup::effect, app::basis::modes).
    FORM_COLUMNS = "form.columns";
    FORM_ADVANCED = "form.advanced";
    FORM_ADVANCED_ABOUT = "form.advanced_about";
    FORM_ADVANCED_REVEALED = "form.advanced_revealed";
    FORM_BOTH = "form.both";
    FORM_ONLY = "form.only";
    FORM_SERVER_MODE_HELP = "form.server_mode_help";
    FORM_EXECUTOR = "form.executor";
    FORM_EXECUTOR_HELP = "form.executor_help";
    FORM_EXAMPLE_SLEEP = "form.example.sleep";
    FORM_EXAMPLE_QUERY = "form.example.query";
    FORM_EXAMPLE_SYNC = "form.example.sync";
    FORM_EXAMPLE_LOCK = "form.example.lock";
    FORM_EXAMPLE_MAIL = "form.example.mail";
    FORM_EXAMPLE_CPU = "form.example.cpu";
    SETTING_STATED = "setting.stated";
    SETTING_STATED_WHY = "setting.stated_why";
    SETTING_ASSUMED = "setting.assumed";
    SETTING_ASSUMPTION = "setting.assumption";
    SETTING_CHANGED = "setting.changed";
    SETTING_CHANGED_WHY = "setting.changed_why";
    SETTING_OVERRIDE = "setting.override";
    SETTING_DEFAULT = "setting.default";
    SETTING_DEFAULT_CHOICE = "setting.default_choice";
    SETTING_NOT_SET = "setting.not_set";
    SETTING_AS_SHARED = "setting.as_shared";
    SETTING_WITH_DEFAULT = "setting.with_default";
    SETTING_VIRTUAL_RUN = "setting.virtual_run";
    SETTING_DEFAULT_VIRTUAL_RUN = "setting.default_virtual_run";
    SETTING_CHOSEN = "setting.chosen";
    EFFECT_NO_DB = "effect.no_db";
    EFFECT_NO_SYNC = "effect.no_sync";
    EFFECT_NO_SHARED_LOCK = "effect.no_shared_lock";
    EFFECT_NO_POOL = "effect.no_pool";
    EFFECT_NO_VIRTUAL = "effect.no_virtual";
    EFFECT_NO_CLIENT_CPU = "effect.no_client_cpu";
    EFFECT_LENGTH_ELSEWHERE = "effect.length_elsewhere";
    EFFECT_NO_GC = "effect.no_gc";
    EFFECT_POOL_ONLY = "effect.pool_only";
    EFFECT_VIRTUAL_ONLY = "effect.virtual_only";
    EFFECT_NO_ASYNC = "effect.no_async";
    EFFECT_NO_CPU_LIMIT = "effect.no_cpu_limit";
    EFFECT_CLIENT_OUTSIDE = "effect.client_outside";
    EFFECT_NOT_LOGNORMAL = "effect.not_lognormal";
    EFFECT_NO_RATE_LIMIT = "effect.no_rate_limit";
    EFFECT_NOT_JDK_CLIENT = "effect.not_jdk_client";
    EFFECT_ENDPOINTS_GIVEN = "effect.endpoints_given";
    COLUMN_EXECUTOR_POOL_PROPERTY = "column.executor_pool_property";
    COLUMN_EXECUTOR_VIRTUAL_PROPERTY = "column.executor_virtual_property";
    PANIC_COPY = "panic.copy";
    // What a link held that the page could not use (app::link::permalink, app::link::view, app::lesson).
    LINK_BAD_ESCAPE = "link.bad_escape";
    LINK_NOT_UTF8 = "link.not_utf8";
    LINK_WHOLE_CHARS = "link.whole_chars";
    LINK_MAX_CHARS = "link.max_chars";
    LINK_WHOLE_PARAMS = "link.whole_params";
    LINK_MAX_PARAMS = "link.max_params";
    LINK_TWICE = "link.twice";
    LINK_VERSION = "link.version";
    LINK_NO_VERSION = "link.no_version";
    LINK_AND_MORE = "link.and_more";
    LINK_NO_PRESET = "link.no_preset";
    LINK_UNKNOWN_KEY = "link.unknown_key";
    LINK_BOOL = "link.bool";
    LINK_NUMBER = "link.number";
    LINK_INVALID = "link.invalid";
    LINK_LANGUAGE = "link.language";
    LINK_CHART = "link.chart";
    LINK_CONTROL_KEY = "link.control_key";
    LINK_ONE_OF = "link.one_of";
    LINK_BAD_VALUE = "link.bad_value";
    LINK_SERVER_MODE = "link.server_mode";
    LINK_MORE_IGNORED = "link.more_ignored";
    LINK_MORE_IGNORED_WHY = "link.more_ignored_why";
    LINK_CHAPTER_ALONE = "link.chapter_alone";
    LINK_NO_CHAPTER = "link.no_chapter";
    LINK_UNKNOWN = "link.unknown";
    SETTING_RUN = "setting.run";
    STATE_INVALID = "state.invalid";
    WORKER_REPLAY_INVALID = "worker.replay_invalid";
}
