//! A lesson on the page: the learner's progress inside the playground's
//! state, what each step does to the scenario, and the lesson panel's
//! words (`GuideView`), all in the view's language.
//!
//! What a step does to the scenario:
//! * a chapter that opens loads its scenario on the form; with its
//!   question unanswered nothing runs (`State::awaiting_prediction`) until
//!   the learner has predicted and runs it: the results would give the
//!   answer away;
//! * Run loads the chapter's scenario again (the learner may have edited
//!   the form) and runs it; once that job's full runs are in, the
//!   prediction is graded against them;
//! * a "now try" change loads the chapter's scenario with its changes.
//!
//! The progress lives in the state (not serialised with it: the page keeps
//! it in local storage under `storage_key`); the chapter is also in the
//! view, so that the address names it.

use crate::app::lesson::{
    Actual, Chapter, Grade, Lesson, LessonAction, LessonLink, LessonProgress, Part, Prediction,
    Question, Runs, Step, Verdict,
};
use crate::app::link::permalink::Link;
use crate::app::link::view::{Theme, View};
use crate::app::page::state::{Action, GuideAction, State};
use crate::app::setup::{Arrival, Setup, Source};
use crate::i18n::keys::{self, Key};
use crate::i18n::{Arg, Locale};

/// Where the page keeps a lesson's progress in local storage.
pub(crate) fn storage_key(lesson: &str) -> String {
    format!("threadlab.lesson.{lesson}")
}

impl State {
    /// Applies a lesson panel's action.
    pub(super) fn reduce_guide(&mut self, action: GuideAction) {
        match action {
            GuideAction::Open { link, stored } => self.open_lesson(link, stored),
            GuideAction::Close => {
                self.lesson_hint = false;
                self.lesson = None;
                self.lesson_run = None;
                self.view.lesson = None;
            }
            GuideAction::Step(a) => self.step_lesson(a),
            GuideAction::Run => self.run_chapter(),
            GuideAction::Follow { at, stored, then } => self.follow(at, stored, then),
        }
    }

    /// The speaker view's step, taken here: at its lesson and chapter
    /// first (see [`GuideAction::Follow`]).
    fn follow(&mut self, at: LessonLink, stored: Option<String>, then: Option<Box<Action>>) {
        let here = (self.lesson.as_ref())
            .filter(|p| p.lesson == at.lesson)
            .map(|p| p.chapter);
        match here {
            None => self.open_lesson(at, stored),
            Some(c) if c != at.chapter => self.step_lesson(LessonAction::GoTo(at.chapter)),
            Some(_) => {}
        }
        if let Some(a) = then {
            self.reduce(*a);
        }
    }

    fn open_lesson(&mut self, link: LessonLink, stored: Option<String>) {
        let stored = stored
            .and_then(|s| LessonProgress::from_json(&s).ok())
            .filter(|p| p.lesson == link.lesson);
        let Some(mut p) = stored.or_else(|| LessonProgress::start(link.lesson).ok()) else {
            return;
        };
        if p.chapter != link.chapter {
            p.reduce(LessonAction::GoTo(link.chapter), None);
        }
        self.lesson = Some(p);
        self.lesson_run = None;
        self.lesson_hint = false;
        self.entered_chapter();
    }

    /// Goes to `link`'s chapter of its lesson, as an entry of the browser's
    /// history holds it (`app::page::history`): with the open lesson's progress
    /// when it is that lesson, as opening the link would otherwise.
    pub(super) fn reopen_lesson(&mut self, link: LessonLink, stored: Option<String>) {
        let open = self.lesson.take().filter(|p| p.lesson == link.lesson);
        let Some(mut p) = open else {
            return self.open_lesson(link, stored);
        };
        let moved = p.chapter != link.chapter;
        if moved {
            p.reduce(LessonAction::GoTo(link.chapter), None);
        }
        self.lesson = Some(p);
        if moved {
            self.lesson_run = None;
            self.entered_chapter();
        } else {
            // The entry's link names this chapter: keep it named, whatever
            // else the entry held.
            self.view.lesson = Some(link);
        }
    }

    /// The lesson's current chapter, if a lesson is open.
    pub(crate) fn chapter(&self) -> Option<(&'static Lesson, &'static Chapter)> {
        let p = self.lesson.as_ref()?;
        let l = p.the_lesson()?;
        Some((l, l.chapter(p.chapter)?))
    }

    fn step_lesson(&mut self, action: LessonAction) {
        // → at the question without an answer stays there, and says why.
        self.lesson_hint = self.lesson.as_ref().is_some_and(|p| {
            action == LessonAction::Next && p.step == Step::Predict && p.answer().is_none()
        });
        let Some(p) = self.lesson.as_mut() else {
            return;
        };
        let (chapter, step) = (p.chapter, p.step);
        match &action {
            // Answering while reading is answering.
            LessonAction::Predict(_) if step == Step::Read => {
                p.reduce(LessonAction::Next, None);
            }
            // A change tried from the comparison moves on to "now try".
            LessonAction::Tried(_) if step == Step::Compare => {
                p.reduce(LessonAction::Next, None);
            }
            _ => {}
        }
        let before = self.view.embed.then(|| p.clone());
        p.reduce(action.clone(), None);
        if let Some(before) = before.filter(|b| b.chapter != p.chapter) {
            // An embed shows its one chapter: nothing leaves it.
            *p = before;
            return;
        }
        let (now_chapter, now_step) = (p.chapter, p.step);
        if now_chapter != chapter {
            self.lesson_run = None;
            self.entered_chapter();
        } else if now_step == Step::Run && step != Step::Run {
            self.load_chapter_run();
        } else if let LessonAction::Tried(id) = action {
            self.try_change(&id);
        }
    }

    fn run_chapter(&mut self) {
        let Some(p) = self.lesson.as_mut() else {
            return;
        };
        if p.answer().is_none() {
            return;
        }
        while matches!(p.step, Step::Read | Step::Predict) {
            p.reduce(LessonAction::Next, None);
        }
        self.load_chapter_run();
    }

    /// Loads the chapter's scenario to run and grade.
    fn load_chapter_run(&mut self) {
        if let Some(setup) = self.chapter().and_then(|(_, c)| c.setup().ok()) {
            self.load_setup(setup);
            self.lesson_run = Some(self.generation);
        }
    }

    fn try_change(&mut self, id: &str) {
        if let Some(setup) = self.chapter().and_then(|(_, c)| c.try_setup(id).ok()) {
            self.load_setup(setup);
        }
    }

    /// A chapter was entered: the link names it and its scenario is on the
    /// form: not run while its question is unanswered; run when it was
    /// graded (on this visit or an earlier one), so that the verdict's
    /// proving charts show the chapter's run, not what the form held.
    fn entered_chapter(&mut self) {
        let Some(p) = &self.lesson else { return };
        self.view.lesson = p.the_lesson().map(|l| LessonLink {
            lesson: l.id.as_str(),
            chapter: p.chapter,
        });
        if let Some(setup) = self.chapter().and_then(|(_, c)| c.setup().ok()) {
            self.load_setup(setup);
        }
    }

    /// Loads the chapter's `setup`: its changes are the chapter's.
    fn load_setup(&mut self, setup: Setup) {
        self.arrival = Some(Arrival {
            source: Source::Chapter,
            setup: setup.clone(),
        });
        self.reduce(Action::LoadSetup(Box::new(setup)));
    }

    /// Whether the current chapter's prediction has its grade.
    fn graded(&self) -> bool {
        self.lesson
            .as_ref()
            .and_then(LessonProgress::answer)
            .is_some_and(|a| a.grade.is_some())
    }

    /// Whether the page holds its results back: a lesson's chapter whose
    /// question is not answered and run yet (the results would tell).
    pub(crate) fn awaiting_prediction(&self) -> bool {
        self.lesson
            .as_ref()
            .is_some_and(|p| p.step != Step::Run && !self.graded())
    }

    /// Grades the chapter's run once all its full runs are in.
    pub(super) fn grade_chapter_run(&mut self) {
        let Some(generation) = self.lesson_run else {
            return;
        };
        if generation != self.generation {
            return;
        }
        let Some(views) = self.results.runs_of(generation, self.setup.modes) else {
            return;
        };
        let runs = Runs {
            views: &views,
            setup: &self.setup,
        };
        if let Some(p) = self.lesson.as_mut() {
            p.reduce(LessonAction::Ran, Some(runs));
            if p.step != Step::Run {
                self.lesson_run = None;
            }
        }
    }
}

/// What the page keeps in local storage for the lesson, as (key, JSON):
/// the progress as it changes. An embed of a chapter keeps nothing until
/// its reader has answered the chapter's question (a blog's reader who only
/// reads leaves no trace in the browser).
pub(crate) fn progress_to_keep(state: &State) -> Option<(String, String)> {
    let p = state.lesson.as_ref()?;
    if state.view.embed && p.answer().is_none() {
        return None;
    }
    Some((storage_key(&p.lesson), p.to_json()))
}

/// The link of an embed of the open lesson's chapter (`None` without a
/// lesson): `embed=1`, the chapter, and the view's theme, language and
/// `charts` (empty: the embed's default); no settings, as the chapter
/// loads its own scenario. Its title, for the snippet, is the chapter's.
pub(crate) fn chapter_embed(
    state: &State,
    theme: Theme,
    charts: Vec<String>,
) -> Option<(Link, String)> {
    let (lesson, chapter) = state.chapter()?;
    let view = View {
        theme,
        lang: state.view.lang.clone(),
        charts,
        embed: true,
        lesson: state.view.lesson,
        ..View::default()
    };
    let title = chapter.text(&lesson.id, Part::Title, state.view.locale());
    Some((
        Link {
            view,
            ..Link::default()
        },
        title,
    ))
}

/// The full page's link of the chapter an embed shows ("Open in the
/// playground"): the lesson at that chapter, in the embed's theme and
/// language.
pub(crate) fn chapter_page(state: &State) -> Option<Link> {
    let lesson = state.view.lesson.filter(|_| state.lesson.is_some())?;
    let view = View {
        theme: state.view.theme,
        lang: state.view.lang.clone(),
        lesson: Some(lesson),
        ..View::default()
    };
    Some(Link {
        view,
        ..Link::default()
    })
}

/// Which keys step through a lesson: → and space go on, ← back (Page Down
/// and Page Up too, a presentation clicker's keys), unless a modifier is
/// held or the key belongs to the element that has focus (a field takes its
/// arrows and spaces, a button its space, a select or a radio group its
/// arrows). `focus_tag` is the element's tag name, or `range` for a slider,
/// which moves by Page Up and Page Down where a text or number field does
/// not (a clicker must go on from the answer just typed). `kept` is a focus inside a widget that keeps
/// these keys for itself: the replay (its panel steps with ← →, and its
/// buttons are the replay's, not the lesson's), or a control that has
/// taken the key already (a chart stepping through its points).
pub(crate) fn key_action(
    key: &str,
    focus_tag: &str,
    modified: bool,
    kept: bool,
) -> Option<LessonAction> {
    if modified || kept {
        return None;
    }
    let tag = focus_tag.to_ascii_lowercase();
    let page_key = matches!(key, "PageDown" | "PageUp");
    let owns = match tag.as_str() {
        "input" => !page_key,
        "textarea" | "select" | "range" => true,
        "button" | "a" | "summary" => key == " " || key == "Spacebar",
        _ => false,
    };
    if owns {
        return None;
    }
    LessonAction::of_key(key)
}

/// How the learner answers.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Input {
    /// A number, in a unit.
    Number {
        /// The unit's words.
        unit: String,
        /// The prediction so far.
        value: Option<f64>,
    },
    /// One of the options: (id, words, chosen).
    Choice(Vec<(String, String, bool)>),
}

/// The prediction beside the run.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CompareView {
    /// What the learner predicted, in words.
    pub(crate) prediction: String,
    /// What the run gave, in words.
    pub(crate) actual: String,
    /// What theory gives, for a number question that has one.
    pub(crate) theory: Option<String>,
    /// Right, wrong, or not decided.
    pub(crate) verdict: Verdict,
    /// The verdict in words (with how far off, for a number).
    pub(crate) verdict_text: String,
}

/// A "now try" change on the panel.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TryView {
    /// Its id.
    pub(crate) id: String,
    /// What it changes, in words (the button's text).
    pub(crate) text: String,
    /// What it shows, once applied.
    pub(crate) notice: Option<String>,
}

/// Everything the lesson panel shows, in the view's language.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GuideView {
    /// The page's locale.
    pub(crate) locale: Locale,
    /// The lesson's title.
    pub(crate) lesson_title: String,
    /// The other lessons, to go to: (id, title).
    pub(crate) other_lessons: Vec<(&'static str, String)>,
    /// "Chapter n of N".
    pub(crate) chapter_of: String,
    /// The chapter's title.
    pub(crate) title: String,
    /// What to read before predicting.
    pub(crate) intro: String,
    /// The request programs the intro names in plain words, as the program
    /// syntax writes them (behind the panel's "show as program").
    pub(crate) programs: Vec<String>,
    /// The steps, each with its words and whether it is the current one.
    pub(crate) steps: Vec<(String, bool)>,
    /// The question.
    pub(crate) question: String,
    /// How it is answered.
    pub(crate) input: Input,
    /// Whether the prediction is locked (graded).
    pub(crate) locked: bool,
    /// Whether Run may be pressed (the question is answered).
    pub(crate) can_run: bool,
    /// Whether the chapter's run is on its way.
    pub(crate) running: bool,
    /// The prediction beside the result, once graded.
    pub(crate) compare: Option<CompareView>,
    /// What to notice, once graded.
    pub(crate) notice: Option<String>,
    /// The "now try" changes, once graded.
    pub(crate) tries: Vec<TryView>,
    /// Whether ← has somewhere to go.
    pub(crate) can_back: bool,
    /// Whether → has somewhere to go.
    pub(crate) can_next: bool,
    /// Whether the last chapter is done.
    pub(crate) finished: bool,
    /// The words of the chapter's replay button, if it offers a replay.
    pub(crate) replay: Option<String>,
    /// Whether the panel is an embed's one chapter (no way to another).
    pub(crate) embedded: bool,
    /// What to do first, after → at the question without a prediction.
    pub(crate) hint: Option<String>,
    /// The charts that show the answer (ids without `chart-`), beside the
    /// verdict once graded.
    pub(crate) proof: Vec<&'static str>,
    /// The room's answers to count, while the question is asked at a
    /// projector (`app::page::room`).
    pub(crate) tally: Option<super::room::TallyForm>,
    /// The room's answers beside the run's, once graded.
    pub(crate) room: Option<super::room::Histogram>,
}

impl GuideView {
    /// The panel of `state`'s lesson, if one is open.
    pub(crate) fn of(state: &State) -> Option<GuideView> {
        let p = state.lesson.as_ref()?;
        let (lesson, chapter) = state.chapter()?;
        let locale = state.view.locale();
        let t = |part: Part<'_>| chapter.text(&lesson.id, part, locale);
        let k = |key: Key, args: &[(&str, Arg)]| key.text(locale, args);
        let answer = p.answer();
        let grade = answer.and_then(|a| a.grade.as_ref());
        let prediction = answer.map(|a| &a.prediction);
        let graded = grade.is_some();
        let steps = (Step::ALL.into_iter())
            .map(|s| (k(super::speaker::step_key(s), &[]), s == p.step))
            .collect();
        let input = match &chapter.question {
            Question::Number(q) => Input::Number {
                unit: k(q.unit.key(), &[]),
                value: match prediction {
                    Some(Prediction::Number(x)) => Some(*x),
                    _ => None,
                },
            },
            Question::Choice(q) => Input::Choice(
                q.options
                    .iter()
                    .map(|o| {
                        let chosen =
                            matches!(prediction, Some(Prediction::Choice(c)) if *c == o.id);
                        (o.id.clone(), t(Part::Option(&o.id)), chosen)
                    })
                    .collect(),
            ),
        };
        let tried = p
            .tried
            .get(&chapter.id)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let tries = if graded {
            chapter
                .now_try
                .iter()
                .map(|n| TryView {
                    id: n.id.clone(),
                    text: t(Part::Try(&n.id)),
                    notice: tried.contains(&n.id).then(|| t(Part::TryNotice(&n.id))),
                })
                .collect()
        } else {
            Vec::new()
        };
        let last = lesson.chapters.len() - 1;
        Some(GuideView {
            locale,
            lesson_title: lesson.title(locale),
            other_lessons: (crate::app::lesson::lessons().iter())
                .filter(|l| l.id != lesson.id)
                .map(|l| (l.id.as_str(), l.title(locale)))
                .collect(),
            chapter_of: k(
                keys::GUIDE_CHAPTER_OF,
                &[
                    ("n", Arg::Number((p.chapter + 1) as f64)),
                    ("total", Arg::Number(lesson.chapters.len() as f64)),
                ],
            ),
            title: t(Part::Title),
            intro: t(Part::Intro),
            programs: chapter.programs(&lesson.id, Part::Intro, locale),
            steps,
            question: t(Part::Question),
            input,
            locked: graded,
            can_run: answer.is_some(),
            running: p.step == Step::Run,
            compare: match (prediction, grade) {
                (Some(pr), Some(g)) => Some(compare(&lesson.id, chapter, pr, g, locale)),
                _ => None,
            },
            notice: graded.then(|| t(Part::Notice)),
            tries,
            can_back: !state.view.embed && (p.chapter > 0 || p.step != Step::Read),
            can_next: match p.step {
                // At the question → says what to do first (`hint`).
                Step::Read | Step::Compare | Step::Predict => true,
                Step::Run => false,
                Step::NowTry => p.chapter < last && !state.view.embed,
            },
            finished: p.finished(),
            replay: chapter.replay.as_ref().map(|_| t(Part::Replay)),
            embedded: state.view.embed,
            hint: (state.lesson_hint && p.step == Step::Predict && answer.is_none())
                .then(|| k(keys::GUIDE_PREDICT_FIRST, &[])),
            proof: if graded {
                chapter.proof_charts(state.setup.modes)
            } else {
                Vec::new()
            },
            tally: super::room::form(state),
            room: super::room::histogram(state),
        })
    }
}

/// A prediction and its grade in words (`lesson`: the chapter's lesson's
/// id, which names its words).
pub(super) fn compare(
    lesson: &str,
    chapter: &Chapter,
    prediction: &Prediction,
    grade: &Grade,
    locale: Locale,
) -> CompareView {
    let said = match prediction {
        Prediction::Number(x) => number_in(chapter, *x, locale),
        Prediction::Choice(id) => chapter.text(lesson, Part::Option(id), locale),
    };
    let theory = match &chapter.question {
        Question::Number(q) => q
            .theory
            .as_ref()
            .and_then(|t| chapter.setup().ok().and_then(|s| t.theory.value(&s)))
            .map(|x| number_in(chapter, x, locale)),
        Question::Choice(_) => None,
    };
    let verdict_key = match grade.verdict {
        Verdict::Right => keys::GUIDE_VERDICT_RIGHT,
        Verdict::Wrong => keys::GUIDE_VERDICT_WRONG,
        Verdict::Ungraded => keys::GUIDE_VERDICT_UNGRADED,
    };
    let mut verdict_text = verdict_key.text(locale, &[]);
    if let Some(off) = grade.off_pct.filter(|_| grade.verdict != Verdict::Ungraded) {
        let pct = keys::GUIDE_OFF_BY.text(locale, &[("pct", Arg::Text(signed(locale, off)))]);
        verdict_text = format!("{verdict_text} ({pct})");
    }
    CompareView {
        prediction: said,
        actual: actual_words(lesson, chapter, &grade.actual, locale),
        theory,
        verdict: grade.verdict,
        verdict_text,
    }
}

/// What a chapter's run gave, in words: the number in the question's
/// unit, or the options that hold.
pub(super) fn actual_words(
    lesson: &str,
    chapter: &Chapter,
    actual: &Actual,
    locale: Locale,
) -> String {
    match actual {
        Actual::Number(x) => number_in(chapter, *x, locale),
        Actual::Choice(ids) => ids
            .iter()
            .map(|id| chapter.text(lesson, Part::Option(id), locale))
            .collect::<Vec<_>>()
            .join(" · "),
    }
}

/// `x` in the unit of `chapter`'s question (none for a choice).
fn number_in(chapter: &Chapter, x: f64, locale: Locale) -> String {
    let unit = match &chapter.question {
        Question::Number(q) => keys::Key::text(q.unit.key(), locale, &[]),
        Question::Choice(_) => String::new(),
    };
    format!("{} {unit}", locale.short(x))
}

/// A percentage with its sign (`+12`, `−3.5`).
fn signed(locale: Locale, pct: f64) -> String {
    let n = locale.short(pct.abs());
    if pct > 0.0 {
        format!("+{n}")
    } else if pct < 0.0 {
        format!("−{n}")
    } else {
        n
    }
}
