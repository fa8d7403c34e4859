//! The playground's state and its reducer: `State::reduce(Action)`. What the
//! visitor chose ([`Setup`]) is the state's serialised form; the problems
//! found in it, the generation of the job that simulates it and the results
//! the worker sent are derived or transient, and come back from a `Setup`
//! (validation) or from the worker (the same scenario and seed give the same
//! numbers).

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::app::basis::modes::{Mode, Modes, PerMode};
use crate::app::basis::said::Said;
use crate::app::lesson::{LessonAction, LessonLink, LessonProgress};
use crate::app::link::permalink::{self, Link};
use crate::app::link::view::View;
use crate::app::page::yours::{Yours, YoursAction};
use crate::app::run::bounds::Bounds;
use crate::app::run::digest::{RunView, SweepPoint};
use crate::app::run::plan::SweepAxis;
use crate::app::setup::{Arrival, ResetTo, Setup, Source};
use crate::app::worker::protocol::{Job, Message, Output, Progress};
use crate::fidelity::Row;
use crate::i18n::keys::ui as words;
use crate::i18n::{Arg, Locale, Piece};
use crate::replicas::Sample;
use crate::scenario::{Draft, FieldError, default_preset, mode_word, validate};

/// The setting each column's draft sets for itself.
const SERVER_MODE: &str = "server.mode";

/// What the lesson panel asks of the state.
#[derive(Clone, Debug, PartialEq)]
pub enum GuideAction {
    /// Opens a lesson's chapter (the link's, or chapter 1 from the page's
    /// "Lessons" entry), with the progress the page had stored for that
    /// lesson, if any (JSON; a stored progress that no longer reads starts
    /// the lesson afresh).
    Open {
        /// The lesson and chapter.
        link: LessonLink,
        /// What local storage held.
        stored: Option<String>,
    },
    /// Closes the panel (the scenario stays).
    Close,
    /// A step: next, back, a chapter, a prediction, a "now try" change.
    Step(LessonAction),
    /// Runs the chapter's scenario (once the question is answered).
    Run,
    /// A step of the speaker view, followed by the projector's window
    /// (`app::page::speaker`): the lesson opened at `at` (with the
    /// progress stored for it) when another or none is open, or the page
    /// brought to `at`'s chapter when it is elsewhere; then `then`.
    Follow {
        /// The lesson, and the chapter the speaker view was at.
        at: LessonLink,
        /// What local storage holds for the lesson.
        stored: Option<String>,
        /// The step the speaker view took (`None`: opening was all).
        then: Option<Box<Action>>,
    },
}

/// Results of the current (or last) job.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    /// The job they belong to.
    pub(crate) generation: u64,
    /// Full runs by mode.
    pub(crate) singles: PerMode<Option<Rc<RunView>>>,
    /// The job each of `singles` came from (a new job's runs replace the
    /// old ones one by one).
    pub(crate) singles_of: PerMode<u64>,
    /// Bounds per mode.
    pub(crate) bounds: Rc<Vec<Bounds>>,
    /// What the sweep varies.
    pub(crate) axis: Option<SweepAxis>,
    /// Sweep points by mode, sorted by x.
    pub(crate) sweep: Rc<PerMode<Vec<SweepPoint>>>,
    /// How far the job has come.
    pub(crate) progress: Progress,
    /// Whether the job finished.
    pub(crate) done: bool,
    /// Events simulated in the job.
    pub(crate) events: u64,
    /// Measured figures beside each mode's run.
    pub rows: PerMode<Vec<Row>>,
    /// Each mode's seeds of its full run so far (the replications), and
    /// the job they came from.
    pub(crate) samples: Rc<PerMode<Vec<Sample>>>,
    /// The job each mode's samples came from.
    pub(crate) samples_of: PerMode<u64>,
    /// What went wrong in the worker, in words.
    pub(crate) failure: Option<Said>,
    /// Why the job of generation `.0` stopped before it finished (its
    /// worker crashed or got stuck and was replaced), until the worker
    /// speaks again.
    pub(crate) interrupted: Option<(u64, String)>,
}

impl Results {
    /// Takes in one output of the job `generation`, for a page running `modes`.
    fn apply(&mut self, generation: u64, output: Output, modes: Modes) {
        // The worker is at work again.
        self.interrupted = None;
        if self.generation != generation {
            // A new job: keep showing the old runs until new ones arrive.
            self.generation = generation;
            self.done = false;
            self.failure = None;
            self.progress = Progress {
                runs: 1,
                ..Progress::default()
            };
            self.sweep = Rc::default();
        }
        match output {
            Output::Planned { axis, bounds, .. } => {
                self.axis = Some(axis);
                self.bounds = Rc::new(bounds);
            }
            Output::Progress(p) => self.progress = p,
            Output::Single { run, rows } => {
                let mode = run.mode;
                *self.rows.get_mut(mode) = rows;
                *self.singles.get_mut(mode) = Some(Rc::new(*run));
                *self.singles_of.get_mut(mode) = generation;
                for m in crate::app::basis::modes::MODES {
                    if !modes.list().contains(&m) {
                        *self.singles.get_mut(m) = None;
                    }
                }
            }
            Output::Point { mode, point } => {
                let mut sweep = (*self.sweep).clone();
                let points = sweep.get_mut(mode);
                points.push(point);
                points.sort_by(|a, b| a.x.total_cmp(&b.x));
                self.sweep = Rc::new(sweep);
            }
            Output::Sample { mode, sample } => {
                let mut all = (*self.samples).clone();
                if *self.samples_of.get(mode) != generation {
                    all.get_mut(mode).clear();
                    *self.samples_of.get_mut(mode) = generation;
                }
                all.get_mut(mode).push(*sample);
                self.samples = Rc::new(all);
            }
            Output::Done { events } => {
                self.done = true;
                self.events = events;
                self.progress.runs_done = self.progress.runs;
            }
            Output::Invalid { mode } => {
                let mode = ("mode", Arg::Text(mode_word(mode).to_string()));
                self.failure = Some(Said::Key(words::STATE_INVALID, vec![mode]))
            }
        }
    }

    /// Every full run of `modes` from job `generation`, once all are in.
    pub(crate) fn runs_of(
        &self,
        generation: u64,
        modes: Modes,
    ) -> Option<PerMode<Option<Rc<RunView>>>> {
        let mut out = PerMode::default();
        for &m in modes.list() {
            if *self.singles_of.get(m) != generation {
                return None;
            }
            *out.get_mut(m) = Some(self.singles.get(m).clone()?);
        }
        Some(out)
    }

    /// Each running mode's full run, if it has arrived.
    pub(crate) fn runs(&self, modes: Modes) -> Vec<Rc<RunView>> {
        modes
            .list()
            .iter()
            .filter_map(|&m| self.singles.get(m).clone())
            .collect()
    }
}

/// Results pinned to compare later ones with: what was set up then and
/// each column's full run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Baseline {
    /// The setup the results belong to.
    pub(crate) setup: Setup,
    /// Each column's full run (not serialised: the same setup and seed give
    /// them again).
    #[serde(skip)]
    pub(crate) runs: PerMode<Option<Rc<RunView>>>,
}

/// The whole state of the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "Setup", into = "Setup")]
pub struct State {
    /// What the visitor set up.
    pub(crate) setup: Setup,
    /// Problems to show next to their fields, one per field (nothing runs
    /// while any remain).
    pub errors: Vec<FieldError>,
    /// Increases whenever the scenario to simulate changes.
    pub(crate) generation: u64,
    /// What the worker sent.
    pub results: Results,
    /// How the page shows it (theme, charts, embed): part of a permalink,
    /// not of the scenario.
    pub(crate) view: View,
    /// Results pinned for a before/after comparison.
    pub(crate) baseline: Option<Baseline>,
    /// The learner's progress through the lesson the view names
    /// (`app::page::guide`; the page keeps it in local storage).
    pub(crate) lesson: Option<LessonProgress>,
    /// The job whose runs grade the chapter's prediction, until they do.
    pub(crate) lesson_run: Option<u64>,
    /// → was pressed at the question with no prediction yet: the panel says
    /// what to do (until the next step or answer).
    pub(crate) lesson_hint: bool,
    /// The keys the visitor edited since this scenario was loaded (a preset,
    /// a chapter, a link entry): an advanced setting being typed in stays on
    /// the form while its group is closed, even once its value is the
    /// preset's again (`app::show::form::revealed`).
    pub(crate) edited_keys: Vec<String>,
    /// The setup as the link the page opened or the lesson's chapter
    /// brought it, if one did: whose changes the page says are whose
    /// (`Setup::change_lines_by_source`).
    pub(crate) arrival: Option<Arrival>,
    /// The visitor's own load test's output and what was read from it
    /// (`app::yours`): kept while the scenario changes, never in a link.
    pub(crate) yours: Yours,
}

/// Everything that changes the state.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A control's text.
    Edit {
        /// The mode of an override, or `None` for the shared setting.
        mode: Option<Mode>,
        /// Dotted key.
        key: String,
        /// The text as typed.
        text: String,
    },
    /// Puts a key back to its default (in every layer).
    Reset(String),
    /// Which modes run.
    SetModes(Modes),
    /// Loads a preset (with its partner in the other mode).
    LoadPreset(String),
    /// Back to the loaded preset, or to the defaults.
    ResetAll(ResetTo),
    /// Pins the current results as the baseline (once they are complete).
    PinBaseline,
    /// Drops the baseline.
    ClearBaseline,
    /// Messages from the workers, in order, delivered together (one redraw).
    Workers(Vec<Message>),
    /// How the page shows the scenario (the scenario stays as it is).
    SetView(View),
    /// The page's language alone: the language menu sends it once the
    /// language's words have arrived, so a view changed meanwhile (a theme
    /// picked during the fetch) is kept, not replaced by the one the menu saw.
    SetLanguage(Locale),
    /// The current job stopped unfinished (its worker was replaced): why.
    Interrupted(String),
    /// Loads a whole setup (a lesson's chapter or "now try" change).
    LoadSetup(Box<Setup>),
    /// The lesson panel.
    Guide(GuideAction),
    /// The "Your measurement" panel.
    Yours(YoursAction),
    /// Back or Forward brought the page to another entry of the browser's
    /// history: the state its link holds (`app::page::history::reopen`).
    Reopen {
        /// The entry's link, read as a link the page opens with is.
        link: Box<Link>,
        /// The progress the page keeps for the link's lesson, if any.
        stored: Option<String>,
    },
}

impl From<Setup> for State {
    fn from(setup: Setup) -> State {
        let mut s = State {
            setup,
            errors: Vec::new(),
            generation: 0,
            results: Results::default(),
            view: View::default(),
            baseline: None,
            lesson: None,
            lesson_run: None,
            lesson_hint: false,
            edited_keys: Vec::new(),
            arrival: None,
            yours: Yours::default(),
        };
        s.revalidate();
        s
    }
}

impl From<State> for Setup {
    fn from(state: State) -> Setup {
        state.setup
    }
}

impl Default for State {
    fn default() -> Self {
        State::with_preset(default_preset().name)
    }
}

impl State {
    /// The state with `name` loaded (the defaults for an unknown name).
    pub(crate) fn with_preset(name: &str) -> Self {
        State::from(Setup::of_preset(name).unwrap_or_default())
    }

    /// Applies an action.
    pub(crate) fn reduce(&mut self, action: Action) {
        let (held, generation) = (self.awaiting_prediction(), self.generation);
        self.reduce_one(action);
        // The page sends a job when the generation changes (`ui::runner`).
        // A scenario whose job a lesson held back (its prediction pending)
        // never went to the worker: once nothing holds it back (the lesson
        // closed, or a graded chapter entered) it needs a generation of its
        // own, or the page keeps showing the previous scenario's numbers.
        if held && !self.awaiting_prediction() && self.generation == generation {
            self.generation += 1;
        }
    }

    /// Applies one action (see [`State::reduce`]).
    fn reduce_one(&mut self, action: Action) {
        match action {
            Action::Edit { mode, key, text } => {
                if !self.edited_keys.contains(&key) {
                    self.edited_keys.push(key.clone());
                }
                self.setup.edit(mode, &key, text);
                self.revalidate();
            }
            Action::Reset(key) => {
                self.setup.reset(&key);
                self.revalidate();
            }
            Action::SetModes(modes) => {
                self.setup.modes = modes;
                self.revalidate();
            }
            Action::LoadPreset(name) => {
                if let Some(setup) = Setup::of_preset(&name) {
                    self.setup = setup;
                    self.edited_keys.clear();
                    self.arrival = None;
                    self.revalidate();
                }
            }
            Action::ResetAll(to) => {
                self.setup.reset_to(to);
                self.edited_keys.clear();
                self.arrival = None;
                self.revalidate();
            }
            Action::PinBaseline => {
                if self.complete() {
                    self.baseline = Some(Baseline {
                        setup: self.setup.clone(),
                        runs: self.results.singles.clone(),
                    });
                }
            }
            Action::ClearBaseline => self.baseline = None,
            Action::SetView(view) => self.view = view,
            Action::SetLanguage(locale) => self.view.lang = locale.code().to_string(),
            Action::Interrupted(why) => self.results.interrupted = Some((self.generation, why)),
            Action::Workers(messages) => messages.into_iter().for_each(|m| self.take_in(m)),
            Action::LoadSetup(setup) => {
                self.setup = *setup;
                self.edited_keys.clear();
                self.revalidate();
            }
            Action::Guide(a) => self.reduce_guide(a),
            Action::Reopen { link, stored } => self.reopen(*link, stored),
            Action::Yours(a) => self.reduce_yours(a),
        }
    }

    /// Applies an action of the "Your measurement" panel: its text, a
    /// read, or the output's load settings put on the form as if typed
    /// (one new generation: the page runs the new scenario at once).
    fn reduce_yours(&mut self, action: YoursAction) {
        match action {
            YoursAction::Text(text) => self.yours.set_text(text),
            YoursAction::Read => self.yours.read(),
            YoursAction::UseSettings => self.apply_settings(self.yours.settings()),
            // The columns own the server mode (each column's draft sets
            // its own): a plan's `server.mode` is said in its row, the rest
            // goes on the form.
            YoursAction::Apply(settings) => self.apply_settings(
                (settings.into_iter())
                    .filter(|(k, _)| k != SERVER_MODE)
                    .collect(),
            ),
            other => self.yours.study(other),
        }
    }

    /// Puts `settings` on the form as if typed (one new generation).
    fn apply_settings(&mut self, settings: Vec<(String, String)>) {
        if settings.is_empty() {
            return;
        }
        for (key, text) in settings {
            // A mode's own value of the key would hide the shared one.
            self.setup.reset(&key);
            self.setup.edit(None, &key, text);
            if !self.edited_keys.contains(&key) {
                self.edited_keys.push(key);
            }
        }
        self.revalidate();
    }

    /// Takes in one message of the workers; outputs of a job for an older
    /// scenario are stale.
    fn take_in(&mut self, message: Message) {
        let Message { generation, output } = message;
        if generation == self.generation {
            self.results.apply(generation, output, self.setup.modes);
            self.grade_chapter_run();
        }
    }

    /// Finds every problem again, one per field, and starts a new
    /// generation. A text that does not parse speaks for its field: the
    /// draft still holds the last value that did, and what validation says
    /// of that value is no longer what the visitor sees.
    fn revalidate(&mut self) {
        let mut errors = self.setup.parse_errors();
        for (_, draft) in self.setup.drafts() {
            errors.extend(validate(&draft).err().unwrap_or_default());
        }
        let mut seen = Vec::new();
        errors.retain(|e| {
            let first = !seen.contains(&e.field);
            seen.push(e.field.clone());
            first
        });
        self.errors = errors;
        self.generation += 1;
    }

    /// Why the current scenario's job stopped unfinished, if it did (a
    /// change of the scenario starts a new job, and the reason no longer
    /// applies).
    pub(crate) fn interrupted(&self) -> Option<&str> {
        match &self.results.interrupted {
            Some((g, why)) if *g == self.generation && !self.complete() => Some(why),
            _ => None,
        }
    }

    /// Whether the results on the page are all in and belong to the
    /// scenario as it is set.
    pub(crate) fn complete(&self) -> bool {
        self.runnable() && self.results.done && self.results.generation == self.generation
    }

    /// Whether the results on the page belong to an earlier scenario that
    /// will not be simulated again until the form's problems are fixed.
    pub(crate) fn stale(&self) -> bool {
        !self.runnable() && self.results.singles.iter().any(|(_, r)| r.is_some())
    }

    /// The problem of `key`, if any.
    pub(crate) fn error_for(&self, key: &str) -> Option<&FieldError> {
        self.errors.iter().find(|e| e.field == key)
    }

    /// The problem of `key` on one line in the page's language: the field,
    /// the value as typed and what is wrong and allowed.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn problem(&self, key: &str) -> Option<String> {
        let l = self.view.locale();
        self.error_for(key).map(|e| e.line(l))
    }

    /// [`State::problem`] with the key and the value as typed set apart as
    /// code, as the page shows it.
    pub(crate) fn problem_pieces(&self, key: &str) -> Option<Vec<Piece>> {
        let l = self.view.locale();
        self.error_for(key).map(|e| e.line_pieces(l))
    }

    /// [`State::problems`] with the keys and values set apart as code, as
    /// the page shows them.
    pub(crate) fn problem_lines(&self) -> Vec<(&str, Vec<Piece>)> {
        let l = self.view.locale();
        (self.errors.iter())
            .map(|e| (e.field.as_str(), e.line_pieces(l)))
            .collect()
    }

    /// Every problem as [`State::problem`] words it, with its field, in the
    /// form's order.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn problems(&self) -> Vec<(&str, String)> {
        let l = self.view.locale();
        (self.errors.iter())
            .map(|e| (e.field.as_str(), e.line(l)))
            .collect()
    }

    /// Whether the control of `key` in the shared settings (`None`) or in
    /// `mode`'s override holds what is wrong: its own text does not parse,
    /// or the key's value fails validation and this layer sets it.
    pub(crate) fn control_invalid(&self, mode: Option<Mode>, key: &str) -> bool {
        let Some(e) = self.error_for(key) else {
            return false;
        };
        let layer = self.setup.layer(mode);
        let own_text = layer.texts.get(key);
        if own_text.is_some_and(|t| !t.trim().is_empty() && Draft::new().set(key, t).is_err()) {
            return true;
        }
        let parse_error_elsewhere = self.setup.parse_errors().iter().any(|p| p == e);
        !parse_error_elsewhere && (mode.is_none() || layer.draft.get(key).is_some())
    }

    /// Whether the scenario is valid and can run.
    pub fn runnable(&self) -> bool {
        self.errors.is_empty()
    }

    /// The job for the current scenario.
    pub fn job(&self) -> Job {
        self.setup.job(self.generation)
    }

    /// Errors about `key`.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn errors_for(&self, key: &str) -> Vec<&FieldError> {
        self.errors.iter().filter(|e| e.field == key).collect()
    }
}

impl State {
    /// The state a link opens: its setup (validated) and its view.
    pub fn of_link(link: Link) -> State {
        let mut s = State::from(link.setup);
        s.view = link.view;
        // The pasted output is the panel's, not the view's: `link` puts
        // it back.
        let kept = std::mem::take(&mut s.view.measurement);
        let needs = std::mem::take(&mut s.view.needs);
        s.yours.open_with(kept, needs);
        if s.setup.edited() {
            s.arrival = Some(Arrival {
                source: Source::Link,
                setup: s.setup.clone(),
            });
        }
        s
    }

    /// Everything of this state a link holds: the pasted output too when
    /// the visitor asked to keep it and it fits in a link, else the tool
    /// whose output the page was compared with (a link opened without it
    /// asks for it again).
    pub fn link(&self) -> Link {
        let mut link = Link {
            setup: self.setup.clone(),
            view: self.view.clone(),
        };
        let Some(m) = self.yours.measurement() else {
            link.view.needs = self.yours.needs.clone();
            return link;
        };
        if self.yours.keep {
            let mut kept = link.clone();
            kept.view.measurement = self.yours.text.to_string();
            if permalink::encode(&kept).len() <= permalink::MAX_LINK_CHARS {
                return kept;
            }
        }
        link.view.needs = m.source.tool_name().to_string();
        link
    }

    /// Whether the pasted output fits in the page's link, with all else
    /// the link holds.
    pub(crate) fn measurement_fits_link(&self) -> bool {
        let mut kept = Link {
            setup: self.setup.clone(),
            view: self.view.clone(),
        };
        kept.view.measurement = self.yours.text.to_string();
        permalink::encode(&kept).len() <= permalink::MAX_LINK_CHARS
    }
}
