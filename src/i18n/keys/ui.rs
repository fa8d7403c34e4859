//! Catalogue keys of the `ui` area (`i18n/<lang>/ui.json`).
//! The page's chrome and components (`ui::*`): headings, buttons, notices,
//! the share, export and embed dialogs, the summary cards, the measured
//! panel's frame, the settings' notes.

use super::Key;

/// Key prefixes of this area built from data (see [`super::FAMILIES`]):
/// `choice.<key>.<value>`, the help of a setting's choice, from the
/// scenario schema (`app::words` checks each has its words).
pub const FAMILIES: &[&str] = &["choice."];

keys! {
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
    // The theme menu (app::view).
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
    SUMMARY_P99 = "summary.p99";
    SUMMARY_MEAN = "summary.mean";
    SUMMARY_PEAK_MEMORY = "summary.peak_memory";
    SUMMARY_MB = "summary.mb";
    SUMMARY_EXECUTOR = "summary.executor";
    SUMMARY_BUDGET = "summary.budget";
    SUMMARY_RUN_FACTS = "summary.run_facts";
    SUMMARY_CLIENT = "summary.client";
    SUMMARY_OOM = "summary.oom";
    SUMMARY_STARVED = "summary.starved";
    SUMMARY_CEILING = "summary.ceiling";
    // The form (ui::form, ui::field) and what it says of a setting (app::form, app::effect, app::modes).
    FORM_COLUMNS = "form.columns";
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
    EFFECT_NO_POOL = "effect.no_pool";
    EFFECT_NO_VIRTUAL = "effect.no_virtual";
    EFFECT_NO_CLIENT_CPU = "effect.no_client_cpu";
    EFFECT_LENGTH_ELSEWHERE = "effect.length_elsewhere";
    EFFECT_NO_GC = "effect.no_gc";
    EFFECT_POOL_ONLY = "effect.pool_only";
    EFFECT_VIRTUAL_ONLY = "effect.virtual_only";
    COLUMN_EXECUTOR_POOL_PROPERTY = "column.executor_pool_property";
    COLUMN_EXECUTOR_VIRTUAL_PROPERTY = "column.executor_virtual_property";
    // Languages in words (app::format).
    LANGUAGE_EN = "language.en";
    LANGUAGE_DE = "language.de";
    LANGUAGE_ZH = "language.zh";
    PANIC_COPY = "panic.copy";
    // What a link held that the page could not use (app::permalink, app::view, app::lesson).
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
    LINK_CHAPTER_ALONE = "link.chapter_alone";
    LINK_NO_CHAPTER = "link.no_chapter";
    LINK_UNKNOWN = "link.unknown";
    SETTING_RUN = "setting.run";
    STATE_INVALID = "state.invalid";
    WORKER_REPLAY_INVALID = "worker.replay_invalid";
}
