//! Guided lessons, as data: a lesson is a list of chapters, each a starting
//! scenario (a preset and `--set`-style changes, validated by the same edge
//! as the command line), a question to answer before the run, what to
//! notice, and one or two "now try" changes. The chapters live in JSON
//! files beside this module (`lesson/*.json`), their words in the string
//! catalogues (`crate::i18n`) under keys made from the lesson's and the
//! chapter's ids (see `Part::key`).
//!
//! Nothing here states a result: a number question is graded against what
//! the run produced, and its theory (Little's law, a capacity ceiling,
//! Erlang C) is computed from the scenario; a choice is graded by the
//! option whose condition holds in the run. `tests/integration/lessons.rs`
//! runs every chapter and holds each question, theory and claim to what the
//! model produces.
//!
//! * `grade` — the numbers a run gives (`Metric`), conditions on them,
//!   and grading a [`Prediction`];
//! * `theory` — the closed forms a chapter compares a run with;
//! * `progress` — where a learner is (chapter, step) and what they
//!   answered, serialisable for the page's local storage;
//! * `link` — `lesson=<id>&chapter=<n>` in a permalink;
//! * `tally` — the room's answers counted by hand, their bins, and the bin
//!   the run's answer falls in.

mod grade;
mod link;
mod progress;
mod tally;
mod text;
mod theory;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests_tally;

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::app::basis::modes::{Mode, Modes};
use crate::app::basis::said::Said;
use crate::app::setup::Setup;
use crate::i18n::keys::{errors, ui as words};
use crate::i18n::{self, Arg};
use crate::scenario::{FieldError, echo, no_such_preset};

pub(crate) use grade::{Actual, Condition, Quantity};
pub use grade::{Column, Grade, Prediction, Runs, Verdict};
pub(crate) use link::{LessonLink, format_link, parse_link};
pub use progress::{LessonAction, LessonProgress, Step};
pub use tally::{Bin, MAX_COUNT, MAX_EDGES, Tally};
pub use text::Part;
pub(crate) use text::Unit;
pub use theory::{Formula, Theory};

/// The lessons' data files, in menu order.
const SOURCES: &[(&str, &str)] = &[
    (
        "virtual-threads.json",
        include_str!("lesson/virtual-threads.json"),
    ),
    (
        "your-service.json",
        include_str!("lesson/your-service.json"),
    ),
    (
        "downstream-slows.json",
        include_str!("lesson/downstream-slows.json"),
    ),
];

/// A lesson: chapters that tell one story.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Stable id, used in keys and links (`lesson=<id>`).
    pub id: String,
    /// The chapters, in order.
    pub chapters: Vec<Chapter>,
}

/// One chapter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chapter {
    /// Stable id, used in keys, progress and links.
    pub id: String,
    /// The scenario it starts from.
    pub scenario: Changes,
    /// Values its texts name, by placeholder.
    #[serde(default)]
    pub(crate) params: std::collections::BTreeMap<String, text::Param>,
    /// What the learner answers before the run.
    pub question: Question,
    /// What the "notice" text says of the run, as conditions it must meet.
    #[serde(default)]
    pub claims: Vec<Claim>,
    /// Changes the page applies on a click, after the run.
    pub now_try: Vec<NowTry>,
    /// The timeline replay the chapter offers beside its text, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<ChapterReplay>,
    /// The charts that show the answer (ids of `app::basis::chart_registry`),
    /// drawn beside the verdict: a teacher at a projector need not scroll
    /// to the chart that proves it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) charts: Vec<String>,
}

/// A replay a chapter offers where its text explains what the replay shows:
/// a small run of the chapter's own scenario (`app::replay::small`), one
/// column of it, step by step. The lesson test records it and holds it to
/// what it says it shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChapterReplay {
    /// The column replayed (it must run in the chapter).
    pub column: Column,
    /// What a learner sees in it (at least one actor in that state).
    pub shows: Shows,
}

/// A state a chapter's replay shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shows {
    /// A virtual thread blocked on its carrier.
    Pinned,
    /// A virtual thread blocked off its carrier.
    Unmounted,
}

impl Shows {
    /// Whether `state` is the one shown.
    pub fn in_state(self, state: &crate::app::replay::State) -> bool {
        match self {
            Shows::Pinned => state.pinned(),
            Shows::Unmounted => state.unmounted(),
        }
    }
}

/// A scenario as changes: a preset (or the defaults), `--set`-style
/// `key=value` changes shared by both columns, then each column's own, and
/// which columns run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Changes {
    /// The preset loaded first (a measured pair loads both its runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    /// Changes to both columns, `key=value` as `--set` takes them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set: Vec<String>,
    /// Changes to the platform column only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub platform: Vec<String>,
    /// Changes to the virtual column only.
    #[serde(default, rename = "virtual", skip_serializing_if = "Vec::is_empty")]
    pub virtual_threads: Vec<String>,
    /// Which columns run (a "now try" keeps the chapter's when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modes: Option<Modes>,
}

/// A "now try" change: applied to the chapter's starting scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NowTry {
    /// Stable id within the chapter (keys, progress).
    pub id: String,
    /// What changes (`preset` is not allowed: it starts from the chapter).
    pub changes: Changes,
    /// What its text says of the run, as conditions it must meet.
    #[serde(default)]
    pub claims: Vec<Claim>,
}

/// The question asked before the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// A number, graded against the run's value within a tolerance.
    Number(NumberQuestion),
    /// One of a few options, graded by the option whose condition holds.
    Choice(ChoiceQuestion),
}

/// A question answered with a number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumberQuestion {
    /// The run's value the prediction is compared with.
    pub answer: Quantity,
    /// Its unit.
    pub(crate) unit: Unit,
    /// A prediction this close (percent of the run's value) is right.
    pub tolerance_pct: f64,
    /// What theory predicts, shown beside the run; the lesson test holds
    /// the run to it within `within_pct`.
    pub theory: Option<TheoryCheck>,
}

/// A question answered by choosing an option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceQuestion {
    /// The options, in the order shown.
    pub options: Vec<ChoiceOption>,
}

/// One option; it is the right one when all its conditions hold in the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceOption {
    /// Stable id within the question (keys, progress).
    pub id: String,
    /// When it is the right one.
    pub(crate) when: Vec<Condition>,
}

/// A value of theory and how close a run must come to it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TheoryCheck {
    /// The formula.
    pub theory: Theory,
    /// How close the run's value must be, percent.
    pub within_pct: f64,
}

/// Something a text says of a run: a quantity within a range, or near a
/// value of theory.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Claim {
    /// The quantity is within a range.
    Range(Condition),
    /// The quantity is within `within_pct` of a value of theory.
    Near {
        /// The run's value.
        quantity: Quantity,
        /// The value it must be near.
        theory: TheoryCheck,
    },
}

/// Every lesson, parsed once. A file that does not parse is left out (the
/// lesson test fails on it; the page shows what remains).
pub fn lessons() -> &'static [Lesson] {
    static LESSONS: OnceLock<Vec<Lesson>> = OnceLock::new();
    LESSONS.get_or_init(|| {
        SOURCES
            .iter()
            .filter_map(|(_, text)| parse(text).ok())
            .collect()
    })
}

/// Every lesson file's parse error, by file name (none when all parse).
pub fn parse_errors() -> Vec<(&'static str, String)> {
    SOURCES
        .iter()
        .filter_map(|(name, text)| parse(text).err().map(|e| (*name, e)))
        .collect()
}

fn parse(text: &str) -> Result<Lesson, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// The lesson called `id`.
pub fn lesson(id: &str) -> Option<&'static Lesson> {
    lessons().iter().find(|l| l.id == id)
}

impl Lesson {
    /// The chapter at `index` (0-based).
    pub(crate) fn chapter(&self, index: usize) -> Option<&Chapter> {
        self.chapters.get(index)
    }

    /// The index of the chapter called `id`.
    pub(crate) fn chapter_index(&self, id: &str) -> Option<usize> {
        self.chapters.iter().position(|c| c.id == id)
    }
}

impl Chapter {
    /// The page's setup for the chapter's starting scenario.
    pub fn setup(&self) -> Result<Setup, Vec<FieldError>> {
        self.scenario.apply_to(None)
    }

    /// The setup of "now try" `id`: the chapter's start with its changes.
    pub fn try_setup(&self, id: &str) -> Result<Setup, Vec<FieldError>> {
        let t = self.now_try(id).ok_or_else(|| {
            let said = (errors::LESSON_NO_SUCH_CHANGE.said())
                .with("chapter", i18n::Part::text(self.id.clone()))
                .with("choices", i18n::Part::text(self.try_ids().join(", ")));
            vec![FieldError::new("now_try", id, said)]
        })?;
        t.changes.apply_to(Some(self.setup()?))
    }

    /// The chapter's charts that a run of `modes` draws, as the page names
    /// them (a chart of one column is left out when that column does not
    /// run; an id the page does not know is left out too).
    pub(crate) fn proof_charts(&self, modes: Modes) -> Vec<&'static str> {
        let runs = |m: Mode| modes.list().contains(&m);
        crate::app::basis::chart_registry::ids()
            .filter(|id| self.charts.iter().any(|c| c == id))
            .filter(|id| crate::app::basis::chart_registry::column_of(id).is_none_or(runs))
            .collect()
    }

    /// The "now try" change called `id`.
    pub(crate) fn now_try(&self, id: &str) -> Option<&NowTry> {
        self.now_try.iter().find(|t| t.id == id)
    }

    /// The replay request of the chapter's replay (its scenario's column,
    /// made small), if it offers one and its scenario loads.
    pub fn replay_request(&self, id: u64) -> Option<crate::app::replay::ReplayRequest> {
        let mode = self.replay.as_ref()?.column.mode();
        let setup = self.setup().ok()?;
        Some(crate::app::replay::ReplayRequest::of(
            id,
            mode,
            &setup.draft_for(mode),
        ))
    }

    fn try_ids(&self) -> Vec<&str> {
        self.now_try.iter().map(|t| t.id.as_str()).collect()
    }
}

impl Changes {
    /// `base` (else the preset's setup, else the defaults) with these
    /// changes, each parsed as `--set` parses it; every problem is
    /// collected, one per change. Validation of the whole scenario is the
    /// state's, as for any setup.
    pub(crate) fn apply_to(&self, base: Option<Setup>) -> Result<Setup, Vec<FieldError>> {
        let mut problems = Vec::new();
        let mut setup = match (base, &self.preset) {
            (Some(_), Some(p)) => {
                let said = errors::LESSON_PRESET.said();
                problems.push(FieldError::new("preset", p, said));
                Setup::default()
            }
            (Some(s), None) => s,
            (None, Some(p)) => Setup::of_preset(p).unwrap_or_else(|| {
                problems.push(FieldError::new("preset", p, no_such_preset()));
                Setup::default()
            }),
            (None, None) => Setup::default(),
        };
        let layers = [
            (None, &self.set),
            (Some(Mode::Platform), &self.platform),
            (Some(Mode::Virtual), &self.virtual_threads),
        ];
        for (mode, changes) in layers {
            for change in changes {
                match parse_change(change) {
                    Ok((key, value)) => setup.edit(mode, key, value.to_string()),
                    Err(e) => problems.push(e),
                }
            }
        }
        if let Some(modes) = self.modes {
            setup.modes = modes;
        }
        if problems.is_empty() {
            Ok(setup)
        } else {
            Err(problems)
        }
    }
}

/// Splits `key=value` as the command line's `--set` does, refusing what
/// `--set` refuses: no `=`, a key `server.mode` (the columns set it), and a
/// value that does not parse for its key.
fn parse_change(change: &str) -> Result<(&str, &str), FieldError> {
    let Some((key, value)) = change.split_once('=') else {
        let said = errors::LESSON_CHANGE_FORM.said();
        return Err(FieldError::new("set", change, said));
    };
    let key = key.trim();
    if key == "server.mode" {
        let said = errors::LESSON_CHANGE_MODE.said();
        return Err(FieldError::new(key, value, said));
    }
    crate::scenario::Draft::new().set(key, value)?;
    Ok((key, value))
}

/// A one-line message for an id that names nothing: the key, the value and
/// the allowed values.
pub(crate) fn unknown(key: &str, value: &str, allowed: &[&str]) -> Said {
    let text = |s: String| Arg::Text(s);
    Said::Key(
        words::LINK_UNKNOWN,
        vec![
            ("key", text(key.to_string())),
            ("value", text(echo(value))),
            ("allowed", text(allowed.join(", "))),
        ],
    )
}
