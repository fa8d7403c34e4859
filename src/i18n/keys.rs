//! The catalogue keys that code names, as constants: a typo does not
//! compile, and a test holds this list and the catalogue files to each
//! other (every constant has a text in every language; every text is a
//! constant's or belongs to a family that data owns, see `FAMILIES`).

use super::{Arg, Locale, text};

/// A catalogue key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key(pub(crate) &'static str);

impl Key {
    /// Its text in `locale` with `args` filled in.
    pub(crate) fn text(self, locale: Locale, args: &[(&str, Arg)]) -> String {
        text(locale, self.0, args)
    }

    /// Its text in `locale` with `args` filled in, the parameters named in
    /// `code` set apart as code ([`super::pieces`]).
    pub(crate) fn pieces(
        self,
        locale: Locale,
        args: &[(&str, Arg)],
        code: &[&str],
    ) -> Vec<super::Piece> {
        super::pieces(locale, self.0, args, code)
    }
}

/// Key prefixes whose keys are built from data rather than named in code,
/// with the data that owns them: the lessons (`app::lesson`, its texts by
/// lesson, chapter and part) and the scenario schema (each field's label
/// and help, each group's title and line). Each owner's tests check its
/// keys both ways. Each area module has its own list too.
#[cfg(test)]
pub(crate) const FAMILIES: &[&str] = &["lesson.", "field.", "group."];

/// Declares key constants and `ALL` (for the tests), the list of them. A
/// key is `pub(crate)` (so that the compiler finds one that nothing names),
/// or `pub` when it ends in `, pub`: one that a test outside the crate names.
/// Attributes before a key go on its constant (`#[cfg(test)]` for one that
/// only a test names).
macro_rules! keys {
    ($($(#[$attr:meta])* $name:ident = $key:literal $(, $public:ident)?;)*) => {
        $( key!([$($public)?] $(#[$attr])* $name = $key); )*
        /// Every key code names, in declaration order.
        #[cfg(test)]
        pub(crate) const ALL: &[Key] = &[$($name),*];
    };
}

/// One key constant of [`keys!`]: `[pub]` makes it `pub`, `[]` `pub(crate)`.
macro_rules! key {
    ([pub] $(#[$attr:meta])* $name:ident = $key:literal) => {
        #[doc = concat!("`", $key, "`")]
        $(#[$attr])*
        pub const $name: Key = Key($key);
    };
    ([] $(#[$attr:meta])* $name:ident = $key:literal) => {
        #[doc = concat!("`", $key, "`")]
        $(#[$attr])*
        pub(crate) const $name: Key = Key($key);
    };
}

// One module per catalogue area (`i18n/<lang>/<area>.json`) besides the
// base one here; each declares its `ALL` and `FAMILIES`.
pub mod chart;
pub mod errors;
pub mod presets;
pub mod report;
pub mod ui;

/// Every key code names, in every area.
#[cfg(test)]
pub(crate) fn all() -> impl Iterator<Item = Key> {
    [
        ALL,
        ui::ALL,
        chart::ALL,
        report::ALL,
        errors::ALL,
        presets::ALL,
    ]
    .into_iter()
    .flatten()
    .copied()
}

/// Every family prefix (see [`FAMILIES`]), in every area.
#[cfg(test)]
pub(crate) fn families() -> impl Iterator<Item = &'static str> {
    [
        FAMILIES,
        ui::FAMILIES,
        chart::FAMILIES,
        report::FAMILIES,
        errors::FAMILIES,
        presets::FAMILIES,
    ]
    .into_iter()
    .flatten()
    .copied()
}

keys! {
    // A lesson's steps and controls (the page's lesson panel).
    GUIDE_STEP_READ = "guide.step.read";
    GUIDE_STEP_PREDICT = "guide.step.predict";
    GUIDE_STEP_RUN = "guide.step.run";
    GUIDE_STEP_COMPARE = "guide.step.compare";
    GUIDE_STEP_NOW_TRY = "guide.step.now_try";
    GUIDE_CHAPTER_OF = "guide.chapter_of";
    GUIDE_NEXT = "guide.next";
    GUIDE_BACK = "guide.back";
    GUIDE_RUN = "guide.run";
    GUIDE_RUNNING = "guide.running";
    GUIDE_YOUR_PREDICTION = "guide.your_prediction";
    GUIDE_THE_RUN = "guide.the_run";
    GUIDE_THEORY = "guide.theory";
    GUIDE_OFF_BY = "guide.off_by";
    GUIDE_VERDICT_RIGHT = "guide.verdict.right";
    GUIDE_VERDICT_WRONG = "guide.verdict.wrong";
    GUIDE_VERDICT_UNGRADED = "guide.verdict.ungraded";
    GUIDE_LOCKED = "guide.locked";
    GUIDE_FINISHED = "guide.finished";
    GUIDE_KEYBOARD = "guide.keyboard";
    GUIDE_PREDICT_FIRST = "guide.predict_first";
    GUIDE_PROOF = "guide.proof";
    GUIDE_LESSONS = "guide.lessons";
    GUIDE_CLOSE = "guide.close";
    GUIDE_OTHER_LESSONS = "guide.other_lessons";
    GUIDE_STEPS = "guide.steps";
    GUIDE_NOTICE = "guide.notice";
    GUIDE_WAITING = "guide.waiting";
    GUIDE_SHOW_PROGRAM = "guide.show_program";
    GUIDE_PROGRAM = "guide.program";
    // A lesson's handout (`app::page::handout`, `ui::handout`).
    HANDOUT_PRINT = "handout.print";
    HANDOUT_HEADING = "handout.heading";
    HANDOUT_RUNNING = "handout.running";
    HANDOUT_READY = "handout.ready";
    HANDOUT_UNAVAILABLE = "handout.unavailable";
    HANDOUT_PRINT_AGAIN = "handout.print_again";
    HANDOUT_CLOSE = "handout.close";
    HANDOUT_QUESTION = "handout.question";
    HANDOUT_NOT_RUN = "handout.not_run";
    HANDOUT_PROGRESS = "handout.progress";
    // A request program in plain words (`app::basis::program_words`).
    PLAIN_CPU = "plain.cpu";
    PLAIN_SLEEP = "plain.sleep";
    PLAIN_IO = "plain.io";
    PLAIN_DB = "plain.db";
    PLAIN_CALL = "plain.call";
    PLAIN_FORK_COMMON = "plain.fork.common";
    PLAIN_FORK_VIRTUAL = "plain.fork.virtual";
    PLAIN_FILE = "plain.file";
    PLAIN_WAIT = "plain.wait";
    PLAIN_SYNC_OWN = "plain.sync_own";
    PLAIN_SYNC_SHARED = "plain.sync_shared";
    PLAIN_LOCK_OWN = "plain.lock_own";
    PLAIN_LOCK_SHARED = "plain.lock_shared";
    PLAIN_FAIR_LOCK_SHARED = "plain.fair_lock_shared";
    PLAIN_ASYNC = "plain.async";
    PLAIN_POOL_WAIT = "plain.pool_wait";
    PLAIN_THREAD_POOL = "plain.thread_pool";
    PLAIN_POOL_NO_WAIT = "plain.pool_no_wait";
    PLAIN_POOL_FOREVER = "plain.pool_forever";
    PLAIN_LIST_SEP = "plain.list_sep";
    PLAIN_LIST_LAST = "plain.list_last";
    PLAIN_GROUP = "plain.group";
    PLAIN_EXP = "plain.exp";
    PLAIN_UNIFORM = "plain.uniform";
    PLAIN_UP_TO = "plain.up_to";
    PLAIN_LOGNORMAL = "plain.lognormal";
    PLAIN_LOGNORMAL_FLOOR = "plain.lognormal_floor";
    PLAIN_NS = "plain.ns";
    PLAIN_US = "plain.us";
    PLAIN_MS = "plain.ms";
    PLAIN_S = "plain.s";
    // The Embed dialog's choice of a lesson's chapter (`ui::embed_dialog`).
    GUIDE_EMBED_WHAT = "guide.embed.what";
    GUIDE_EMBED_SCENARIO = "guide.embed.scenario";
    GUIDE_EMBED_CHAPTER = "guide.embed.chapter";
    // Units of a question's answer.
    UNIT_REQ_PER_S = "unit.req_per_s";
    UNIT_MS = "unit.ms";
    UNIT_PCT = "unit.pct";
    UNIT_MB = "unit.mb";
    UNIT_TASKS_PER_S = "unit.tasks_per_s";
    UNIT_TIMES = "unit.times";
    UNIT_CALLS_PER_REQUEST = "unit.calls_per_request";
    // Column names (`app::basis::modes::Columns::label`).
    COLUMN_PLATFORM = "column.platform";
    COLUMN_VIRTUAL = "column.virtual";
    COLUMN_EXECUTOR_POOL = "column.executor_pool";
    COLUMN_EXECUTOR_VIRTUAL = "column.executor_virtual";
    // The timeline replay (`app::replay::stage`, `ui::replay`).
    REPLAY_OPEN = "replay.open";
    REPLAY_OPEN_LABEL = "replay.open_label";
    REPLAY_TITLE = "replay.title";
    REPLAY_LOADING = "replay.loading";
    REPLAY_ERROR = "replay.error";
    REPLAY_CLOSE = "replay.close";
    REPLAY_PLAY = "replay.play";
    REPLAY_PAUSE = "replay.pause";
    REPLAY_BACK = "replay.back";
    REPLAY_FORWARD = "replay.forward";
    REPLAY_SLOWER = "replay.slower";
    REPLAY_FASTER = "replay.faster";
    REPLAY_SPEED = "replay.speed";
    REPLAY_SCRUB = "replay.scrub";
    REPLAY_TIME = "replay.time";
    REPLAY_REDUCED = "replay.reduced";
    REPLAY_WHOLE = "replay.whole";
    REPLAY_SHRUNK = "replay.shrunk";
    REPLAY_CUT = "replay.cut";
    REPLAY_UNSET = "replay.unset";
    REPLAY_FOLLOW = "replay.follow";
    REPLAY_FOLLOW_NONE = "replay.follow_none";
    REPLAY_FOLLOW_HINT = "replay.follow_hint";
    REPLAY_JOURNEY = "replay.journey";
    REPLAY_GO_TO = "replay.go_to";
    REPLAY_NOW = "replay.now";
    REPLAY_STAGE = "replay.stage";
    REPLAY_IDLE = "replay.idle";
    REPLAY_EMPTY = "replay.empty";
    REPLAY_MORE = "replay.more";
    REPLAY_EARLIER = "replay.earlier";
    REPLAY_LANES_TOMCAT = "replay.lanes.tomcat";
    REPLAY_LANES_EXECUTOR = "replay.lanes.executor";
    REPLAY_LANES_CARRIERS = "replay.lanes.carriers";
    REPLAY_QUEUE_CONNECTING = "replay.queue.connecting";
    REPLAY_QUEUE_BACKLOG = "replay.queue.backlog";
    REPLAY_QUEUE_TOMCAT = "replay.queue.tomcat";
    REPLAY_QUEUE_EXECUTOR = "replay.queue.executor";
    REPLAY_QUEUE_CARRIER = "replay.queue.carrier";
    REPLAY_QUEUE_UNMOUNTED = "replay.queue.unmounted";
    REPLAY_QUEUE_DB = "replay.queue.db";
    REPLAY_STATE_CONNECTING = "replay.state.connecting";
    REPLAY_STATE_BACKLOG = "replay.state.backlog";
    REPLAY_STATE_WAITING_THREAD = "replay.state.waiting_thread";
    REPLAY_STATE_WAITING_CARRIER = "replay.state.waiting_carrier";
    REPLAY_STATE_RUNNING = "replay.state.running";
    REPLAY_STATE_MOUNTED = "replay.state.mounted";
    REPLAY_STATE_BLOCKED = "replay.state.blocked";
    REPLAY_STATE_PINNED = "replay.state.pinned";
    REPLAY_STATE_CAPTURED = "replay.state.captured";
    REPLAY_STATE_UNMOUNTED = "replay.state.unmounted";
    REPLAY_WAIT_IO = "replay.wait.io";
    REPLAY_WAIT_FILE = "replay.wait.file";
    REPLAY_WAIT_OBJECT_WAIT = "replay.wait.object_wait";
    REPLAY_WAIT_DB = "replay.wait.db";
    REPLAY_WAIT_MONITOR = "replay.wait.monitor";
    REPLAY_WAIT_LOCK = "replay.wait.lock";
    REPLAY_WAIT_PERMIT = "replay.wait.permit";
    REPLAY_WAIT_HTTP_CONNECTION = "replay.wait.http_connection";
    REPLAY_WAIT_BULKHEAD = "replay.wait.bulkhead";
    REPLAY_WAIT_BACKOFF = "replay.wait.backoff";
    REPLAY_STEP_RATE_LIMITER_WAIT = "replay.step.rate_limiter_wait";
    REPLAY_STEP_RATE_LIMITER_REFUSED = "replay.step.rate_limiter_refused";
    REPLAY_WAIT_RATE_LIMITER = "replay.wait.rate_limiter";
    REPLAY_WAIT_SUBTASKS = "replay.wait.subtasks";
    REPLAY_STEP_SENT = "replay.step.sent";
    REPLAY_STEP_DIAL = "replay.step.dial";
    REPLAY_STEP_SYN_DROPPED = "replay.step.syn_dropped";
    REPLAY_STEP_ACK_DROPPED = "replay.step.ack_dropped";
    REPLAY_STEP_IN_BACKLOG = "replay.step.in_backlog";
    REPLAY_STEP_ACCEPTED = "replay.step.accepted";
    REPLAY_STEP_CONNECT_FAILED = "replay.step.connect_failed";
    REPLAY_STEP_HALF_OPEN_RESET = "replay.step.half_open_reset";
    REPLAY_STEP_REFUSED = "replay.step.refused";
    REPLAY_STEP_UNREAD = "replay.step.unread";
    REPLAY_STEP_CLOSED_UNREAD = "replay.step.closed_unread";
    REPLAY_STEP_CONN_CLOSED = "replay.step.conn_closed";
    REPLAY_STEP_LATE = "replay.step.late";
    REPLAY_STEP_QUEUED_THREAD = "replay.step.queued_thread";
    REPLAY_STEP_ON_THREAD = "replay.step.on_thread";
    REPLAY_STEP_QUEUED_CARRIER = "replay.step.queued_carrier";
    REPLAY_STEP_MOUNTED = "replay.step.mounted";
    REPLAY_STEP_CPU = "replay.step.cpu";
    REPLAY_STEP_BLOCKED_THREAD = "replay.step.blocked_thread";
    REPLAY_STEP_BLOCKED_PINNED = "replay.step.blocked_pinned";
    REPLAY_STEP_BLOCKED_UNMOUNTED = "replay.step.blocked_unmounted";
    REPLAY_STEP_WOKE = "replay.step.woke";
    REPLAY_STEP_DB_CONNECTION = "replay.step.db_connection";
    REPLAY_STEP_DB_TIMEOUT = "replay.step.db_timeout";
    REPLAY_STEP_LEASE_TIMEOUT = "replay.step.lease_timeout";
    REPLAY_STEP_PENDING_LIMIT = "replay.step.pending_limit";
    REPLAY_STEP_RATE_LIMITED = "replay.step.rate_limited";
    REPLAY_STEP_BULKHEAD_FULL = "replay.step.bulkhead_full";
    REPLAY_STEP_RESPONSE_TIMEOUT = "replay.step.response_timeout";
    REPLAY_STEP_DOWNSTREAM_ERROR = "replay.step.downstream_error";
    REPLAY_STEP_CIRCUIT_OPEN = "replay.step.circuit_open";
    REPLAY_STEP_RETRY = "replay.step.retry";
    REPLAY_STEP_FALLBACK = "replay.step.fallback";
    REPLAY_STEP_SUBMITTED = "replay.step.submitted";
    REPLAY_STEP_REJECTED = "replay.step.rejected";
    REPLAY_STEP_ENDED = "replay.step.ended";
    REPLAY_STEP_RESPONSE = "replay.step.response";
    REPLAY_STEP_ABANDONED = "replay.step.abandoned";
    REPLAY_STEP_CLIENT_TIMEOUT = "replay.step.client_timeout";
    // The language menu.
    LANGUAGE = "language";
    // Presenter mode's switch.
    PRESENTER = "presenter.on";
    PRESENTER_LEAVE = "presenter.leave";
    // The speaker view: its button, its sections, what the next click does.
    SPEAKER_OPEN = "speaker.open";
    SPEAKER_UNAVAILABLE = "speaker.unavailable";
    SPEAKER_TITLE = "speaker.title";
    SPEAKER_FOLLOWS = "speaker.follows";
    SPEAKER_NO_LESSON = "speaker.no_lesson";
    SPEAKER_NOTES = "speaker.notes";
    SPEAKER_NEXT = "speaker.next";
    SPEAKER_NEXT_QUESTION = "speaker.next.question";
    SPEAKER_NEXT_NEEDS_ANSWER = "speaker.next.needs_answer";
    SPEAKER_NEXT_RUNS = "speaker.next.runs";
    SPEAKER_NEXT_RUNNING = "speaker.next.running";
    SPEAKER_NEXT_NOW_TRY = "speaker.next.now_try";
    SPEAKER_NEXT_CHAPTER = "speaker.next.chapter";
    SPEAKER_NEXT_END = "speaker.next.end";
    SPEAKER_TIMER = "speaker.timer";
    SPEAKER_TALK = "speaker.talk";
    SPEAKER_CHAPTER = "speaker.chapter";
    SPEAKER_START = "speaker.start";
    SPEAKER_PAUSE = "speaker.pause";
    SPEAKER_RESET = "speaker.reset";
    SPEAKER_KEYS = "speaker.keys";
    // The room's answers: the tally's fields and its histogram.
    ROOM_TITLE = "room.title";
    ROOM_HELP = "room.help";
    ROOM_EDGES = "room.edges";
    ROOM_EDGE = "room.edge";
    ROOM_COUNTS = "room.counts";
    ROOM_BELOW = "room.below";
    ROOM_BETWEEN = "room.between";
    ROOM_FROM = "room.from";
    ROOM_GUESSES = "room.guesses";
    ROOM_COUNT = "room.count";
    ROOM_TOTAL = "room.total";
    ROOM_ANSWER = "room.answer";
    ROOM_UNMARKED = "room.unmarked";
    // A chart's table toggle, keyboard hint and table.
    CHART_SHOW_TABLE = "chart.show_table";
    CHART_SHOW_CHART = "chart.show_chart";
    CHART_KEYS = "chart.keys";
    CHART_TABLE_CAPTION = "chart.table_caption";
    CHART_TABLE_LABEL = "chart.table_label";
}
