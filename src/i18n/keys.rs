//! The catalogue keys that code names, as constants: a typo does not
//! compile, and a test holds this list and the catalogue files to each
//! other (every constant has a text in every language; every text is a
//! constant's or belongs to a family that data owns, see [`FAMILIES`]).

use super::{Arg, Locale, text};

/// A catalogue key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key(pub &'static str);

impl Key {
    /// Its text in `locale` with `args` filled in.
    pub fn text(self, locale: Locale, args: &[(&str, Arg)]) -> String {
        text(locale, self.0, args)
    }
}

/// Key prefixes whose keys are built from data rather than named in code,
/// with the data that owns them: the lessons (`app::lesson`, its texts by
/// lesson, chapter and part) and the scenario schema (each field's label
/// and help, each group's title and line). Each owner's tests check its
/// keys both ways.
pub const FAMILIES: &[&str] = &["lesson.", "field.", "group."];

macro_rules! keys {
    ($($name:ident = $key:literal;)*) => {
        $(
            #[doc = concat!("`", $key, "`")]
            pub const $name: Key = Key($key);
        )*
        /// Every key code names, in declaration order.
        pub const ALL: &[Key] = &[$($name),*];
    };
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
    GUIDE_APPLY = "guide.apply";
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
    GUIDE_LESSONS = "guide.lessons";
    GUIDE_CLOSE = "guide.close";
    GUIDE_STEPS = "guide.steps";
    GUIDE_NOTICE = "guide.notice";
    GUIDE_WAITING = "guide.waiting";
    // Units of a question's answer.
    UNIT_REQ_PER_S = "unit.req_per_s";
    UNIT_MS = "unit.ms";
    UNIT_PCT = "unit.pct";
    UNIT_MB = "unit.mb";
    UNIT_TASKS_PER_S = "unit.tasks_per_s";
    UNIT_TIMES = "unit.times";
    // Column names (`app::modes::Columns::label`).
    COLUMN_PLATFORM = "column.platform";
    COLUMN_VIRTUAL = "column.virtual";
    COLUMN_EXECUTOR_POOL = "column.executor_pool";
    COLUMN_EXECUTOR_VIRTUAL = "column.executor_virtual";
    // The language menu.
    LANGUAGE = "language";
    // Presenter mode's switch.
    PRESENTER = "presenter.on";
    PRESENTER_LEAVE = "presenter.leave";
    // A chart's table toggle, keyboard hint and table.
    CHART_SHOW_TABLE = "chart.show_table";
    CHART_SHOW_CHART = "chart.show_chart";
    CHART_KEYS = "chart.keys";
    CHART_TABLE_CAPTION = "chart.table_caption";
    CHART_TABLE_LABEL = "chart.table_label";
}
