//! A lesson's handout: every chapter on a printed page of its own, with
//! its question, what its run gave beside the learner's prediction (if
//! any), the chart that proves it and what to notice, in the page's
//! language.
//!
//! A run does not outlive the page (only the learner's answers are
//! stored), so the handout runs every chapter's scenario again, one job
//! after another, each bounded as any job of the page is (the same
//! scenario and seed give the numbers the learner saw). Each chapter's
//! scenario and results live in a `State` of their own, so that the page's
//! chart builders draw them as the page draws its own; the jobs carry the
//! chapter's number as their generation, which routes the workers'
//! messages back to their chapter.

use crate::app::lesson::{
    Chapter, Grade, Lesson, LessonProgress, Part, Prediction, Question, Runs, Verdict, lesson,
};
use crate::app::link::view::View;
use crate::app::page::guide::{actual_words, compare};
use crate::app::page::state::{Action, State};
use crate::app::worker::protocol::{Job, Message};
use crate::i18n::keys::{self, Key};
use crate::i18n::{Arg, Locale};

/// A lesson's handout on its way: the learner's answers and each
/// chapter's scenario with the runs in so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Handout {
    lesson: &'static Lesson,
    /// The learner's progress through the lesson, if they began it.
    progress: Option<LessonProgress>,
    /// Each chapter's scenario and results (`None`: its scenario does not
    /// load, and it cannot run).
    chapters: Vec<Option<State>>,
    /// Why no chapter can run here (no worker starts), once known.
    unavailable: Option<String>,
}

/// One printed page of the handout, in words.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HandoutPage {
    /// The chapter's index in its lesson (0-based).
    pub(crate) index: usize,
    /// "Chapter n of N".
    pub(crate) chapter_of: String,
    /// The chapter's title.
    pub(crate) title: String,
    /// Its question.
    pub(crate) question: String,
    /// The options of a choice question (empty for a number).
    pub(crate) options: Vec<String>,
    /// What the run gave, with the prediction beside it; `None` until the
    /// chapter has run.
    pub(crate) answer: Option<HandoutAnswer>,
    /// What to notice.
    pub(crate) notice: String,
    /// The charts that prove the answer (ids without `chart-`); empty when
    /// the chapter names none (the page's key chart then stands in).
    pub(crate) proof: Vec<&'static str>,
}

/// A chapter's answer on its page.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HandoutAnswer {
    /// What the run gave.
    pub(crate) actual: String,
    /// What the learner predicted, if they did.
    pub(crate) prediction: Option<String>,
    /// What theory gives, for a number question that has one.
    pub(crate) theory: Option<String>,
    /// The verdict on the prediction, in words, if there is one.
    pub(crate) verdict: Option<(Verdict, String)>,
}

/// The whole handout in words: its heading, how far its runs have come,
/// and its pages.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HandoutView {
    /// "Handout: <lesson>".
    pub(crate) heading: String,
    /// How far the runs have come, or that the handout is ready.
    pub(crate) status: String,
    /// Chapters whose runs are in (or that cannot run).
    pub(crate) done: usize,
    /// Chapters in all.
    pub(crate) total: usize,
    /// Whether every chapter that can run has run (or none can).
    pub(crate) ready: bool,
    /// One page per chapter.
    pub(crate) pages: Vec<HandoutPage>,
}

impl Handout {
    /// The handout of the lesson open in `state`, with the learner's
    /// answers, in `state`'s language and theme; `None` without a lesson.
    pub fn of(state: &State) -> Option<Handout> {
        let progress = state.lesson.clone()?;
        let lesson = lesson(&progress.lesson)?;
        let view = View {
            theme: state.view.theme,
            lang: state.view.lang.clone(),
            ..View::default()
        };
        let chapters = (lesson.chapters.iter().enumerate())
            .map(|(i, c)| {
                let mut s = State::from(c.setup().ok()?);
                s.view = view.clone();
                // The chapter's number routes its messages (`take_in`).
                s.generation = generation_of(i);
                Some(s)
            })
            .collect();
        Some(Handout {
            lesson,
            progress: Some(progress),
            chapters,
            unavailable: None,
        })
    }

    /// The next job to run: the first chapter whose runs are not all in.
    pub fn next_job(&self) -> Option<Job> {
        if self.unavailable.is_some() {
            return None;
        }
        self.chapters
            .iter()
            .flatten()
            .find(|s| !finished(s))
            .map(State::job)
    }

    /// Takes in the workers' messages: each goes to the chapter its job's
    /// generation names.
    pub fn take_in(&mut self, messages: Vec<Message>) {
        for m in messages {
            let at = chapter_of(m.generation);
            if let Some(Some(s)) = self.chapters.get_mut(at) {
                s.reduce(Action::Workers(vec![m]));
            }
        }
    }

    /// No worker can run the chapters: `why`.
    pub fn unavailable(&mut self, why: String) {
        self.unavailable = Some(why);
    }

    /// Chapter `index`'s scenario and results, as the page's chart
    /// builders read a state.
    pub(crate) fn chapter_state(&self, index: usize) -> Option<&State> {
        self.chapters.get(index)?.as_ref()
    }

    /// Whether every chapter that can run has run (or none can run here).
    pub fn ready(&self) -> bool {
        self.unavailable.is_some() || self.next_job().is_none()
    }

    /// The handout in `locale`'s words.
    pub(crate) fn view(&self, locale: Locale) -> HandoutView {
        let total = self.chapters.len();
        let done = (self.chapters.iter())
            .filter(|s| s.as_ref().is_none_or(finished))
            .count();
        let k = |key: Key, args: &[(&str, Arg)]| key.text(locale, args);
        let ready = self.ready();
        let n = |x: usize| Arg::Number(x as f64);
        let status = match &self.unavailable {
            Some(why) => k(
                keys::HANDOUT_UNAVAILABLE,
                &[("why", Arg::Text(why.clone()))],
            ),
            None if ready => k(keys::HANDOUT_READY, &[("total", n(total))]),
            None => k(
                keys::HANDOUT_RUNNING,
                &[("n", n((done + 1).min(total))), ("total", n(total))],
            ),
        };
        HandoutView {
            heading: k(
                keys::HANDOUT_HEADING,
                &[("lesson", Arg::Text(self.lesson.title(locale)))],
            ),
            status,
            done,
            total,
            ready,
            pages: (0..total).map(|i| self.page(i, locale)).collect(),
        }
    }

    /// Chapter `index`'s page.
    fn page(&self, index: usize, locale: Locale) -> HandoutPage {
        let chapter = &self.lesson.chapters[index];
        let id = self.lesson.id.as_str();
        let t = |part: Part<'_>| chapter.text(id, part, locale);
        let options = match &chapter.question {
            Question::Number(_) => Vec::new(),
            Question::Choice(q) => q.options.iter().map(|o| t(Part::Option(&o.id))).collect(),
        };
        let state = self.chapter_state(index).filter(|s| finished(s));
        HandoutPage {
            index,
            chapter_of: keys::GUIDE_CHAPTER_OF.text(
                locale,
                &[
                    ("n", Arg::Number((index + 1) as f64)),
                    ("total", Arg::Number(self.lesson.chapters.len() as f64)),
                ],
            ),
            title: t(Part::Title),
            question: t(Part::Question),
            options,
            answer: state.and_then(|s| self.answer(chapter, s, locale)),
            notice: t(Part::Notice),
            proof: state.map_or_else(Vec::new, |s| chapter.proof_charts(s.setup.modes)),
        }
    }

    /// What chapter's run in `state` gave, beside the learner's
    /// prediction: graded as it was on the page, or now when the learner
    /// predicted but never ran it.
    fn answer(&self, chapter: &Chapter, state: &State, locale: Locale) -> Option<HandoutAnswer> {
        let id = self.lesson.id.as_str();
        let views = state.results.runs_of(state.generation, state.setup.modes)?;
        let runs = Runs {
            views: &views,
            setup: &state.setup,
        };
        let said = (self.progress.as_ref()).and_then(|p| p.answers.get(&chapter.id));
        let graded = |prediction: &Prediction, grade: &Grade| {
            let c = compare(id, chapter, prediction, grade, locale);
            HandoutAnswer {
                actual: c.actual,
                prediction: Some(c.prediction),
                theory: c.theory,
                verdict: Some((c.verdict, c.verdict_text)),
            }
        };
        match said {
            Some(a) => {
                let grade = a
                    .grade
                    .clone()
                    .or_else(|| chapter.question.grade(&a.prediction, runs))?;
                Some(graded(&a.prediction, &grade))
            }
            None => Some(HandoutAnswer {
                actual: actual_words(id, chapter, &chapter.question.actual(runs)?, locale),
                prediction: None,
                theory: None,
                verdict: None,
            }),
        }
    }
}

/// Whether a chapter's job has finished (its runs and sweep are in).
fn finished(s: &State) -> bool {
    !s.runnable() || s.complete()
}

/// The generation of chapter `index`'s job (generations start at 1).
fn generation_of(index: usize) -> u64 {
    index as u64 + 1
}

/// The chapter a job's generation names.
fn chapter_of(generation: u64) -> usize {
    generation.saturating_sub(1) as usize
}
