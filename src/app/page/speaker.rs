//! The presenter's second window: the speaker view (`speaker=1`) steps the
//! lesson, and the presenter-mode window it was opened from — the one on
//! the projector — follows. The two talk over a `BroadcastChannel` of the
//! browser (same origin, same machine: nothing leaves it); this module is
//! what they say, as plain data:
//!
//! * a `Message`: the lesson, the chapter the speaker view was at, and a
//!   `Cue` — the lesson action it took — as JSON; what arrives is read
//!   by `Message::read`, which refuses anything malformed (the other
//!   window may be of another build, or not ours at all);
//! * what the projector does on a message (`Message::action`): the same
//!   action through its own reducer, after opening the lesson or going to
//!   the chapter when it is not there (it may have been stepped by hand);
//! * what the speaker view shows besides the lesson panel
//!   (`SpeakerView`): the chapter's speaker notes, what the next click
//!   does, and its clocks (`Clocks`).

use serde::{Deserialize, Serialize};

use crate::app::lesson::{
    LessonAction, LessonLink, LessonProgress, Part, Prediction, Step, Tally, lesson,
};
use crate::app::page::state::{Action, GuideAction, State};
use crate::i18n::Arg;
use crate::i18n::keys::{self, Key};

/// The channel's name: the page's own, so that no other page's messages
/// reach it.
pub(crate) const CHANNEL: &str = "threadlab.speaker";

/// The messages' version: a window of another build that speaks another
/// is not followed.
pub(crate) const VERSION: u32 = 1;

/// The longest message read, in bytes: a message is a few hundred; a
/// longer one is not ours.
pub(crate) const MAX_MESSAGE_BYTES: usize = 4096;

/// A lesson action, as the speaker view sends it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum Cue {
    /// Opens the lesson at `chapter` (0-based).
    Open {
        /// The chapter.
        chapter: usize,
    },
    /// Closes the lesson.
    Close,
    /// The next step.
    Next,
    /// The step before.
    Back,
    /// The start of `chapter` (0-based).
    GoTo {
        /// The chapter.
        chapter: usize,
    },
    /// The presenter's answer.
    Predict {
        /// What was predicted.
        prediction: Prediction,
    },
    /// Runs the chapter.
    Run,
    /// A "now try" change, by id.
    Tried {
        /// Its id.
        id: String,
    },
    /// The room's answers, counted.
    Tally {
        /// The counts.
        tally: Tally,
    },
}

/// What the speaker view sends on the channel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Message {
    /// [`VERSION`].
    pub(crate) v: u32,
    /// The lesson's id.
    pub(crate) lesson: String,
    /// The chapter the speaker view was at when it acted (0-based; for
    /// [`Cue::Open`], the chapter it opens).
    pub(crate) chapter: usize,
    /// What it did.
    pub(crate) cue: Cue,
}

impl Cue {
    /// The cue of a lesson action; `None` for what each window does for
    /// itself (the run's grade: each window runs the chapter, and the same
    /// scenario and seed give the same run).
    fn of_step(action: &LessonAction) -> Option<Cue> {
        Some(match action {
            LessonAction::Next => Cue::Next,
            LessonAction::Back => Cue::Back,
            LessonAction::GoTo(n) => Cue::GoTo { chapter: *n },
            LessonAction::Predict(p) => Cue::Predict {
                prediction: p.clone(),
            },
            LessonAction::Ran => return None,
            LessonAction::Tried(id) => Cue::Tried { id: id.clone() },
            LessonAction::Tally(t) => Cue::Tally { tally: t.clone() },
        })
    }

    /// The page's action for it (`None` for [`Cue::Open`], which needs
    /// the stored progress).
    fn action(self) -> Option<Action> {
        let step = |a| Some(Action::Guide(GuideAction::Step(a)));
        match self {
            Cue::Open { .. } => None,
            Cue::Close => Some(Action::Guide(GuideAction::Close)),
            Cue::Next => step(LessonAction::Next),
            Cue::Back => step(LessonAction::Back),
            Cue::GoTo { chapter } => step(LessonAction::GoTo(chapter)),
            Cue::Predict { prediction } => step(LessonAction::Predict(prediction)),
            Cue::Run => Some(Action::Guide(GuideAction::Run)),
            Cue::Tried { id } => step(LessonAction::Tried(id)),
            Cue::Tally { tally } => step(LessonAction::Tally(tally)),
        }
    }
}

impl Message {
    /// The message of an action the speaker view takes in `state` (the
    /// state it acts on); `None` for an action that is not the lesson's.
    pub(crate) fn of(action: &Action, state: &State) -> Option<Message> {
        let Action::Guide(g) = action else {
            return None;
        };
        if let GuideAction::Open { link, .. } = g {
            let cue = Cue::Open {
                chapter: link.chapter,
            };
            return Some(Message::new(link.lesson, link.chapter, cue));
        }
        let p = state.lesson.as_ref()?;
        let cue = match g {
            // A step followed is the projector's, not the speaker view's.
            GuideAction::Open { .. } | GuideAction::Follow { .. } => return None,
            GuideAction::Close => Cue::Close,
            GuideAction::Step(a) => Cue::of_step(a)?,
            GuideAction::Run => Cue::Run,
        };
        Some(Message::new(&the_lesson_id(p)?, p.chapter, cue))
    }

    fn new(lesson: &str, chapter: usize, cue: Cue) -> Message {
        Message {
            v: VERSION,
            lesson: lesson.to_string(),
            chapter,
            cue,
        }
    }

    /// The message as the channel carries it.
    pub(crate) fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A message that arrived, if it is one: at most
    /// [`MAX_MESSAGE_BYTES`], JSON of this shape and [`VERSION`], naming a
    /// lesson the page has and chapters inside it. Anything else is not
    /// followed (and says nothing: it may not be ours).
    pub(crate) fn read(text: &str) -> Option<Message> {
        if text.len() > MAX_MESSAGE_BYTES {
            return None;
        }
        let m: Message = serde_json::from_str(text).ok()?;
        let chapters = lesson(&m.lesson)?.chapters.len();
        let named = match &m.cue {
            Cue::Open { chapter } | Cue::GoTo { chapter } => Some(*chapter),
            _ => None,
        };
        let inside = m.chapter < chapters && named.is_none_or(|c| c < chapters);
        (m.v == VERSION && inside).then_some(m)
    }

    /// What the projector does on it: one action, which opens the lesson
    /// (with `stored`, the progress its local storage holds for it) or
    /// goes to the chapter the speaker view was at when the page is
    /// elsewhere, then takes the same step (`GuideAction::Follow`).
    pub(crate) fn action(self, stored: Option<String>) -> Option<Action> {
        let l = lesson(&self.lesson)?;
        let chapter = match self.cue {
            Cue::Open { chapter } => chapter,
            _ => self.chapter,
        };
        let at = LessonLink {
            lesson: l.id.as_str(),
            chapter,
        };
        let then = self.cue.action().map(Box::new);
        Some(Action::Guide(GuideAction::Follow { at, stored, then }))
    }
}

fn the_lesson_id(p: &LessonProgress) -> Option<String> {
    Some(p.the_lesson()?.id.clone())
}

/// What the next click (→, Next) does, as the speaker view says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NextClick {
    /// Shows the question.
    Question,
    /// Nothing until an answer is entered.
    NeedsAnswer,
    /// Runs the chapter.
    Runs,
    /// Nothing: the run is on its way, and the comparison follows it.
    Running,
    /// Shows the "now try" changes.
    NowTry,
    /// Opens the next chapter (0-based).
    Chapter(usize),
    /// Nothing: the lesson is over.
    End,
}

impl NextClick {
    /// The next click of a learner at `p`, as `LessonProgress::reduce`
    /// takes it.
    pub(crate) fn of(p: &LessonProgress) -> NextClick {
        let chapters = p.the_lesson().map_or(0, |l| l.chapters.len());
        match p.step {
            Step::Read => NextClick::Question,
            Step::Predict if p.answer().is_none() => NextClick::NeedsAnswer,
            Step::Predict => NextClick::Runs,
            Step::Run => NextClick::Running,
            Step::Compare => NextClick::NowTry,
            Step::NowTry if p.chapter + 1 < chapters => NextClick::Chapter(p.chapter + 1),
            Step::NowTry => NextClick::End,
        }
    }

    fn key(self) -> Key {
        match self {
            NextClick::Question => keys::SPEAKER_NEXT_QUESTION,
            NextClick::NeedsAnswer => keys::SPEAKER_NEXT_NEEDS_ANSWER,
            NextClick::Runs => keys::SPEAKER_NEXT_RUNS,
            NextClick::Running => keys::SPEAKER_NEXT_RUNNING,
            NextClick::NowTry => keys::SPEAKER_NEXT_NOW_TRY,
            NextClick::Chapter(_) => keys::SPEAKER_NEXT_CHAPTER,
            NextClick::End => keys::SPEAKER_NEXT_END,
        }
    }
}

/// A clock that can be paused: the time it has run, in ms.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Stopwatch {
    /// Time run before the current start.
    banked_ms: f64,
    /// When it was started, if it runs.
    since: Option<f64>,
}

impl Stopwatch {
    /// A clock started at `now`.
    pub(crate) fn started(now: f64) -> Stopwatch {
        Stopwatch {
            banked_ms: 0.0,
            since: Some(now),
        }
    }

    /// Whether it runs.
    pub(crate) fn running(&self) -> bool {
        self.since.is_some()
    }

    /// The time it has run by `now` (never negative: a clock set back
    /// counts nothing).
    pub(crate) fn elapsed(&self, now: f64) -> f64 {
        self.banked_ms + self.since.map_or(0.0, |s| (now - s).max(0.0))
    }

    fn pause(&mut self, now: f64) {
        self.banked_ms = self.elapsed(now);
        self.since = None;
    }

    fn start(&mut self, now: f64) {
        self.since.get_or_insert(now);
    }

    fn reset(&mut self, now: f64) {
        self.banked_ms = 0.0;
        self.since = self.since.map(|_| now);
    }
}

/// The speaker view's two clocks: since it opened (or was reset), and
/// since the current chapter began. Start, pause and reset act on both.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Clocks {
    /// The whole talk.
    pub(crate) talk: Stopwatch,
    /// The current chapter.
    pub(crate) chapter: Stopwatch,
    /// Which chapter the chapter clock times (0-based).
    at: Option<usize>,
}

impl Clocks {
    /// Both clocks started at `now`, the chapter clock for `chapter`.
    pub(crate) fn started(now: f64, chapter: Option<usize>) -> Clocks {
        Clocks {
            talk: Stopwatch::started(now),
            chapter: Stopwatch::started(now),
            at: chapter,
        }
    }

    /// Whether they run.
    pub(crate) fn running(&self) -> bool {
        self.talk.running()
    }

    /// Starts both.
    pub(crate) fn start(&mut self, now: f64) {
        self.talk.start(now);
        self.chapter.start(now);
    }

    /// Pauses both.
    pub(crate) fn pause(&mut self, now: f64) {
        self.talk.pause(now);
        self.chapter.pause(now);
    }

    /// Sets both to zero (a running clock goes on from zero).
    pub(crate) fn reset(&mut self, now: f64) {
        self.talk.reset(now);
        self.chapter.reset(now);
    }

    /// The lesson is at `chapter` at `now`: a new chapter's clock starts
    /// from zero, running or not as the talk's is.
    pub(crate) fn at_chapter(&mut self, chapter: Option<usize>, now: f64) {
        if chapter != self.at {
            self.at = chapter;
            self.chapter.reset(now);
        }
    }
}

/// A clock's reading: `m:ss`, or `h:mm:ss` from an hour on.
pub(crate) fn clock(ms: f64) -> String {
    let s = (ms.max(0.0) / 1000.0).floor() as u64;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// What the speaker view shows above the lesson's controls, in the view's
/// language.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SpeakerView {
    /// The lesson's title and "Chapter n of N".
    pub(crate) place: String,
    /// The chapter's title.
    pub(crate) title: String,
    /// The current step's words.
    pub(crate) step: String,
    /// The chapter's speaker notes.
    pub(crate) notes: String,
    /// What the next click does.
    pub(crate) next: String,
}

impl SpeakerView {
    /// The speaker view of `state`'s lesson, if one is open.
    pub(crate) fn of(state: &State) -> Option<SpeakerView> {
        let p = state.lesson.as_ref()?;
        let (l, chapter) = state.chapter()?;
        let locale = state.view.locale();
        let next = NextClick::of(p);
        let mut args = Vec::new();
        if let NextClick::Chapter(n) = next {
            let title = (l.chapter(n)).map(|c| c.text(&l.id, Part::Title, locale));
            args.push(("n", Arg::Number((n + 1) as f64)));
            args.push(("title", Arg::Text(title.unwrap_or_default())));
        }
        let chapter_of = keys::GUIDE_CHAPTER_OF.text(
            locale,
            &[
                ("n", Arg::Number((p.chapter + 1) as f64)),
                ("total", Arg::Number(l.chapters.len() as f64)),
            ],
        );
        Some(SpeakerView {
            place: format!("{} · {chapter_of}", l.title(locale)),
            title: chapter.text(&l.id, Part::Title, locale),
            step: step_key(p.step).text(locale, &[]),
            notes: chapter.text(&l.id, Part::Notes, locale),
            next: next.key().text(locale, &args),
        })
    }
}

/// A step's word (the lesson panel's).
pub(crate) fn step_key(step: Step) -> Key {
    match step {
        Step::Read => keys::GUIDE_STEP_READ,
        Step::Predict => keys::GUIDE_STEP_PREDICT,
        Step::Run => keys::GUIDE_STEP_RUN,
        Step::Compare => keys::GUIDE_STEP_COMPARE,
        Step::NowTry => keys::GUIDE_STEP_NOW_TRY,
    }
}

/// The speaker view's link of a page whose link is `link`: the same, with
/// `speaker=1`.
pub(crate) fn speaker_link(
    mut link: crate::app::link::permalink::Link,
) -> crate::app::link::permalink::Link {
    link.view.speaker = true;
    link
}
