//! Where a learner is in a lesson and what they answered: a small state
//! machine (read → predict → run → compare → now try, chapter after
//! chapter) and its serde form, which the page keeps in local storage
//! (nothing leaves the browser).
//!
//! A prediction is locked once it has been graded: going back shows it,
//! and running again (the same scenario and seed give the same run) keeps
//! the first grade.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::grade::{Grade, Prediction, Runs};
use super::tally::Tally;
use super::{Lesson, lesson, lessons, unknown};

/// A step of a chapter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Reading the chapter's text.
    #[default]
    Read,
    /// Answering its question.
    Predict,
    /// Its scenario is running.
    Run,
    /// The prediction beside the result, and what to notice.
    Compare,
    /// Trying the suggested changes.
    NowTry,
}

impl Step {
    /// Every step, in order.
    pub(crate) const ALL: [Step; 5] = [
        Step::Read,
        Step::Predict,
        Step::Run,
        Step::Compare,
        Step::NowTry,
    ];
}

/// A chapter's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// What the learner predicted.
    pub(crate) prediction: Prediction,
    /// How it fared, once the run is in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<Grade>,
}

/// A learner's progress through one lesson.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// The lesson's id.
    pub(crate) lesson: String,
    /// The current chapter (0-based).
    pub(crate) chapter: usize,
    /// The current step.
    pub step: Step,
    /// Answers by chapter id.
    #[serde(default)]
    pub(crate) answers: BTreeMap<String, Answer>,
    /// "Now try" changes applied, by chapter id.
    #[serde(default)]
    pub(crate) tried: BTreeMap<String, Vec<String>>,
    /// The room's answers counted by the presenter, by chapter id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) tallies: BTreeMap<String, Tally>,
}

/// Everything that moves a learner.
#[derive(Clone, Debug, PartialEq)]
pub enum LessonAction {
    /// On to the next step (→, space): from predict only with an answer,
    /// from run only once the run is in; after the last step, the next
    /// chapter.
    Next,
    /// Back one step (←); from a chapter's first step to the previous
    /// chapter's last.
    Back,
    /// To the start of a chapter (0-based).
    GoTo(usize),
    /// The learner's answer (replaced until it is graded).
    Predict(Prediction),
    /// The chapter's runs are in: grade the answer and compare.
    Ran,
    /// A "now try" change was applied, by id.
    Tried(String),
    /// The room's answers, counted by the presenter (replaced until the
    /// chapter's answer is graded, as a prediction is).
    Tally(Tally),
}

impl LessonAction {
    /// The action of a key (`KeyboardEvent.key`) in a lesson or presenter
    /// mode: → and space go on, ← goes back; so do Page Down and Page Up,
    /// which is what a presentation clicker sends.
    pub(crate) fn of_key(key: &str) -> Option<LessonAction> {
        match key {
            "ArrowRight" | " " | "Spacebar" | "PageDown" => Some(LessonAction::Next),
            "ArrowLeft" | "PageUp" => Some(LessonAction::Back),
            _ => None,
        }
    }
}

impl LessonProgress {
    /// The start of lesson `id`.
    pub fn start(id: &str) -> Result<LessonProgress, String> {
        let l = lesson(id).ok_or_else(|| unknown("lesson", id, &lesson_ids()).to_string())?;
        Ok(LessonProgress {
            lesson: l.id.clone(),
            chapter: 0,
            step: Step::Read,
            answers: BTreeMap::new(),
            tried: BTreeMap::new(),
            tallies: BTreeMap::new(),
        })
    }

    /// The lesson it is in (a progress from [`LessonProgress::start`] or
    /// [`LessonProgress::from_json`] always has one).
    pub(crate) fn the_lesson(&self) -> Option<&'static Lesson> {
        lesson(&self.lesson)
    }

    /// The current chapter's id.
    pub(crate) fn chapter_id(&self) -> Option<&'static str> {
        Some(self.the_lesson()?.chapter(self.chapter)?.id.as_str())
    }

    /// The current chapter's answer.
    pub fn answer(&self) -> Option<&Answer> {
        self.answers.get(self.chapter_id()?)
    }

    /// The room's answers to the current chapter, if counted.
    pub fn tally(&self) -> Option<&Tally> {
        self.tallies.get(self.chapter_id()?)
    }

    /// Whether the learner has finished the last chapter.
    pub(crate) fn finished(&self) -> bool {
        self.the_lesson()
            .is_some_and(|l| self.chapter + 1 == l.chapters.len() && self.step == Step::NowTry)
    }

    /// Applies an action. `runs` are the current chapter's runs as the page
    /// holds them (read by [`LessonAction::Ran`] only).
    pub fn reduce(&mut self, action: LessonAction, runs: Option<Runs<'_>>) {
        let Some(l) = self.the_lesson() else { return };
        let Some(chapter) = l.chapter(self.chapter) else {
            return;
        };
        let id = chapter.id.clone();
        match action {
            LessonAction::Next => self.next(l),
            LessonAction::Back => self.back(),
            LessonAction::GoTo(n) if n < l.chapters.len() => {
                self.chapter = n;
                self.step = Step::Read;
            }
            LessonAction::GoTo(_) => {}
            LessonAction::Predict(p) => {
                let locked = self.answers.get(&id).is_some_and(|a| a.grade.is_some());
                if self.step == Step::Predict && !locked && chapter.question.accepts(&p) {
                    self.answers.insert(
                        id,
                        Answer {
                            prediction: p,
                            grade: None,
                        },
                    );
                }
            }
            LessonAction::Ran => {
                let (Some(runs), Some(a)) = (runs, self.answers.get_mut(&id)) else {
                    return;
                };
                if self.step != Step::Run {
                    return;
                }
                if a.grade.is_none() {
                    a.grade = chapter.question.grade(&a.prediction, runs);
                }
                if a.grade.is_some() {
                    self.step = Step::Compare;
                }
            }
            LessonAction::Tally(t) => {
                let locked = self.answers.get(&id).is_some_and(|a| a.grade.is_some());
                let asking = matches!(self.step, Step::Read | Step::Predict);
                if asking && !locked && t.fits(&chapter.question) {
                    self.tallies.insert(id, t);
                }
            }
            LessonAction::Tried(t) => {
                if self.step == Step::NowTry && chapter.now_try(&t).is_some() {
                    let list = self.tried.entry(id).or_default();
                    if !list.contains(&t) {
                        list.push(t);
                    }
                }
            }
        }
    }

    fn next(&mut self, l: &Lesson) {
        self.step = match self.step {
            Step::Read => Step::Predict,
            Step::Predict if self.answer().is_some() => Step::Run,
            Step::Predict => Step::Predict,
            // The page sends `Ran` when the results are in.
            Step::Run => Step::Run,
            Step::Compare => Step::NowTry,
            Step::NowTry if self.chapter + 1 < l.chapters.len() => {
                self.chapter += 1;
                Step::Read
            }
            Step::NowTry => Step::NowTry,
        };
    }

    fn back(&mut self) {
        let at = Step::ALL.iter().position(|s| *s == self.step).unwrap_or(0);
        if at > 0 {
            // Back from compare skips the run: it is in already.
            self.step = match Step::ALL[at - 1] {
                Step::Run => Step::Predict,
                s => s,
            };
        } else if self.chapter > 0 {
            self.chapter -= 1;
            self.step = Step::NowTry;
        }
    }

    /// The progress as JSON for local storage.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A stored progress: its lesson must exist and its chapter be in it;
    /// answers and changes of chapters the lesson no longer has, and
    /// changes it no longer offers, are dropped (a lesson may change
    /// between visits). A problem is one line naming the key, the value
    /// and what is allowed.
    pub fn from_json(text: &str) -> Result<LessonProgress, String> {
        let mut p: LessonProgress =
            serde_json::from_str(text).map_err(|e| format!("stored lesson progress: {e}"))?;
        let l = lesson(&p.lesson)
            .ok_or_else(|| unknown("lesson", &p.lesson, &lesson_ids()).to_string())?;
        if p.chapter >= l.chapters.len() {
            return Err(format!(
                "chapter: {} — no such chapter in {}; 1–{}",
                p.chapter + 1,
                l.id,
                l.chapters.len()
            ));
        }
        p.answers.retain(|c, a| {
            l.chapter_index(c)
                .and_then(|i| l.chapter(i))
                .is_some_and(|ch| ch.question.accepts(&a.prediction))
        });
        p.tallies.retain(|c, t| {
            (l.chapter_index(c).and_then(|i| l.chapter(i))).is_some_and(|ch| t.fits(&ch.question))
        });
        p.tried.retain(|c, tried| {
            let Some(ch) = l.chapter_index(c).and_then(|i| l.chapter(i)) else {
                return false;
            };
            tried.retain(|t| ch.now_try(t).is_some());
            true
        });
        if p.step == Step::Run {
            // A run does not survive a reload: predict again (the answer stays).
            p.step = Step::Predict;
        }
        Ok(p)
    }
}

fn lesson_ids() -> Vec<&'static str> {
    lessons().iter().map(|l| l.id.as_str()).collect()
}
