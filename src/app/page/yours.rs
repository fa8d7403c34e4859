//! "Your measurement" in the page's state: the load test's output the
//! visitor pasted, kept as typed, and what reading it found
//! (`measured::read`: bounded and cheap, so on the main thread; only the
//! simulation needs the worker). What the page says of it is
//! `app::show::yours`.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::app::basis::modes::Mode;
use crate::app::capacity::{DEFAULT_ERROR_PCT, PERCENTILES, Target};
use crate::app::setup::Setup;
use crate::app::study::{Finding, Progress, Question};
use crate::fidelity::yours;
use crate::i18n::keys::errors;
use crate::i18n::{Locale, Part, Piece};
use crate::measured::{self, Measurement};
use crate::scenario::{Draft, FieldError, echo};

/// What the visitor pasted, and what reading it found. Kept in the page's
/// state, never in its link: an output may be megabytes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Yours {
    /// The text as pasted or typed, kept when it does not read (shared:
    /// the state is cloned on every action, and the text may be large).
    #[serde(with = "shared_text")]
    pub(crate) text: Rc<str>,
    /// What the last read found; not serialised (reading `text` again
    /// gives it).
    #[serde(skip)]
    pub(crate) read: Option<Result<Rc<Measurement>, FieldError>>,
    /// A second output of the same service (after a change), to compare.
    #[serde(default, with = "shared_text")]
    pub(crate) second: Rc<str>,
    /// The capacity plan's target, as typed.
    #[serde(default)]
    pub(crate) target: TargetTexts,
    /// The questions asked of the worker (the last of each kind), and how
    /// far each has come.
    #[serde(skip)]
    pub(crate) asked: Vec<Asked>,
    /// Whether the visitor asked to keep the text in the page's link.
    #[serde(default)]
    pub(crate) keep: bool,
    /// The tool whose output the link the page opened was made beside but
    /// does not carry (`View::needs`): the panel asks for it again.
    #[serde(default)]
    pub(crate) needs: String,
}

/// What the visitor can ask about their service.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ask {
    /// The pasted output against a second one.
    Versus,
    /// The pasted platform run with virtual threads.
    Migrate,
    /// The smallest configurations for a target.
    Plan,
}

/// A question on its way to the worker, or answered.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    /// The study's id (replies to others are stale).
    pub(crate) id: u64,
    /// What was asked.
    pub(crate) ask: Ask,
    /// How far it has come.
    pub(crate) progress: Progress,
    /// What it found, once it has.
    pub(crate) finding: Option<Rc<Finding>>,
    /// The worker died before it answered.
    pub(crate) lost: bool,
}

/// The plan's target as typed: rate, percentile, its bound, error budget.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TargetTexts {
    /// Requests per second.
    pub(crate) rps: String,
    /// The percentile (50, 90, 95, 99 or 99.9).
    pub(crate) percentile: String,
    /// Its bound, ms.
    pub(crate) latency_ms: String,
    /// Failed requests allowed, %.
    pub(crate) error_pct: String,
}

impl Default for TargetTexts {
    fn default() -> TargetTexts {
        TargetTexts {
            rps: String::new(),
            percentile: "99".into(),
            latency_ms: String::new(),
            error_pct: DEFAULT_ERROR_PCT.to_string(),
        }
    }
}

/// One field of the plan's target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetField {
    /// Requests per second.
    Rps,
    /// The percentile.
    Percentile,
    /// Its bound, ms.
    LatencyMs,
    /// The error budget, %.
    ErrorPct,
}

impl TargetField {
    /// Its name in an error line (the command line's flag, without dashes).
    pub(crate) fn name(self) -> &'static str {
        match self {
            TargetField::Rps => "target-rps",
            TargetField::Percentile => "percentile",
            TargetField::LatencyMs => "latency-ms",
            TargetField::ErrorPct => "error-pct",
        }
    }
}

/// `text` as a number, with a point or (as German writes it) a comma
/// before its decimals.
pub(crate) fn decimal(text: &str) -> Option<f64> {
    let t = text.trim();
    let t = if t.contains('.') {
        t.to_string()
    } else {
        t.replacen(',', ".", 1)
    };
    t.parse().ok()
}

/// `text` as a number in `range` (bounds included unless `above_low`).
fn number_in(
    field: TargetField,
    text: &str,
    low: f64,
    high: f64,
    above_low: bool,
) -> Result<f64, FieldError> {
    let x = decimal(text)
        .filter(|x| x.is_finite() && *x <= high && if above_low { *x > low } else { *x >= low });
    x.ok_or_else(|| {
        let key = if above_low {
            errors::PLAN_ABOVE
        } else {
            errors::PLAN_BETWEEN
        };
        let said = key
            .said()
            .with("low", Part::Shortest(low))
            .with("high", Part::Shortest(high));
        FieldError::new(field.name(), echo(text), said)
    })
}

/// The most requests per second a plan may aim at.
pub const MAX_TARGET_RPS: f64 = 1_000_000.0;

/// The longest latency bound a plan may take, ms (an hour).
pub const MAX_TARGET_MS: f64 = 3_600_000.0;

impl TargetTexts {
    /// The target, or the first field that does not read.
    pub(crate) fn target(&self) -> Result<Target, FieldError> {
        let rps = number_in(TargetField::Rps, &self.rps, 0.0, MAX_TARGET_RPS, true)?;
        let percentile = decimal(&self.percentile);
        let percentile = percentile
            .filter(|p| PERCENTILES.contains(p))
            .ok_or_else(|| {
                let said = errors::PLAN_PERCENTILE.said();
                FieldError::new(TargetField::Percentile.name(), echo(&self.percentile), said)
            })?;
        let latency_ms = number_in(
            TargetField::LatencyMs,
            &self.latency_ms,
            0.0,
            MAX_TARGET_MS,
            true,
        )?;
        let error_pct = number_in(TargetField::ErrorPct, &self.error_pct, 0.0, 100.0, false)?;
        Ok(Target {
            rps,
            percentile,
            latency_ms,
            error_pct,
        })
    }

    fn set(&mut self, field: TargetField, text: String) {
        match field {
            TargetField::Rps => self.rps = text,
            TargetField::Percentile => self.percentile = text,
            TargetField::LatencyMs => self.latency_ms = text,
            TargetField::ErrorPct => self.error_pct = text,
        }
    }
}

/// What the panel asks of the state.
#[derive(Clone, Debug, PartialEq)]
pub enum YoursAction {
    /// The text as typed or pasted (not read yet).
    Text(String),
    /// Reads the text.
    Read,
    /// Applies the load settings the read output implies to the scenario.
    UseSettings,
    /// The second output's text, as typed or pasted.
    Second(String),
    /// A field of the plan's target, as typed.
    Target(TargetField, String),
    /// A question was sent to the worker as study `id`.
    Asked {
        /// The study.
        id: u64,
        /// What it asks.
        ask: Ask,
    },
    /// How far study `id` has come.
    Studying {
        /// The study.
        id: u64,
        /// Its progress.
        progress: Progress,
    },
    /// What study `id` found.
    Studied {
        /// The study.
        id: u64,
        /// Its finding.
        finding: Rc<Finding>,
    },
    /// The worker studying died.
    StudyLost,
    /// Puts these settings on the form (a plan's configuration).
    Apply(Vec<(String, String)>),
    /// Keep the pasted text in the page's link, or not.
    Keep(bool),
}

impl Yours {
    /// Takes the text as typed; what was read stays until the next read.
    pub(crate) fn set_text(&mut self, text: String) {
        self.text = text.into();
    }

    /// Reads the text.
    pub(crate) fn read(&mut self) {
        self.read = Some(measured::read(&self.text).map(Rc::new));
        if self.measurement().is_some() {
            self.needs.clear();
        }
    }

    /// What a link opened with: the output it kept (read now), or the tool
    /// whose output it was made beside.
    pub(crate) fn open_with(&mut self, kept: String, needs: String) {
        if kept.is_empty() {
            self.needs = needs;
        } else {
            self.set_text(kept);
            self.keep = true;
            self.read();
        }
    }

    /// The measurement read, if the last read found one.
    pub(crate) fn measurement(&self) -> Option<&Measurement> {
        self.read.as_ref()?.as_ref().ok().map(Rc::as_ref)
    }

    /// The last read's problem as one line, key and value as code.
    pub(crate) fn problem(&self, l: Locale) -> Option<Vec<Piece>> {
        let e = self.read.as_ref()?.as_ref().err()?;
        Some(e.line_pieces(l))
    }

    /// The question `ask` about the service `draft` (the page's platform
    /// column for a pasted run, its first column for a plan), or the first
    /// thing that stops it being asked.
    pub(crate) fn question(&self, ask: Ask, draft: Draft) -> Result<Question, FieldError> {
        let pasted = || -> Result<String, FieldError> {
            measured::read(&self.text)?;
            Ok(self.text.to_string())
        };
        Ok(match ask {
            Ask::Versus => {
                let first = pasted()?;
                measured::read(&self.second)?;
                Question::Versus {
                    draft,
                    first,
                    second: self.second.to_string(),
                }
            }
            Ask::Migrate => Question::Migrate {
                draft,
                text: pasted()?,
                changes: vec![("server.mode".into(), "virtual".into())],
            },
            Ask::Plan => Question::Plan {
                draft,
                target: self.target.target()?,
            },
        })
    }

    /// The last question of kind `ask`, if one was asked.
    pub(crate) fn asked(&self, ask: Ask) -> Option<&Asked> {
        self.asked.iter().find(|a| a.ask == ask)
    }

    /// Takes in what the panel or the worker says of a question.
    pub(crate) fn study(&mut self, action: YoursAction) {
        match action {
            YoursAction::Second(text) => self.second = text.into(),
            YoursAction::Keep(keep) => self.keep = keep,
            YoursAction::Target(field, text) => self.target.set(field, text),
            YoursAction::Asked { id, ask } => {
                self.asked.retain(|a| a.ask != ask);
                // The worker studies one question at a time: a new one
                // drops the one under way, which must be asked again.
                for a in self.asked.iter_mut().filter(|a| a.finding.is_none()) {
                    a.lost = true;
                }
                self.asked.push(Asked {
                    id,
                    ask,
                    progress: Progress::default(),
                    finding: None,
                    lost: false,
                });
            }
            YoursAction::Studying { id, progress } => {
                if let Some(a) = self.asked.iter_mut().find(|a| a.id == id) {
                    a.progress = progress;
                }
            }
            YoursAction::Studied { id, finding } => {
                if let Some(a) = self.asked.iter_mut().find(|a| a.id == id) {
                    a.finding = Some(finding);
                }
            }
            YoursAction::StudyLost => {
                for a in self.asked.iter_mut().filter(|a| a.finding.is_none()) {
                    a.lost = true;
                }
            }
            _ => {}
        }
    }

    /// The settings the output implies, as the form's texts: `null` (not
    /// set) is the form's empty text.
    pub(crate) fn settings(&self) -> Vec<(String, String)> {
        let Some(m) = self.measurement() else {
            return Vec::new();
        };
        (yours::settings(m).into_iter())
            .map(|(k, v)| (k.to_string(), if v == "null" { String::new() } else { v }))
            .collect()
    }
}

/// The service a question is about: the page's platform column for a
/// pasted run (it was measured before the switch), its first column for a
/// plan.
pub(crate) fn service(setup: &Setup, ask: Ask) -> Draft {
    let mode = match ask {
        Ask::Versus | Ask::Migrate => Mode::Platform,
        Ask::Plan => setup
            .modes
            .list()
            .first()
            .copied()
            .unwrap_or(Mode::Platform),
    };
    setup.draft_for(mode)
}

/// The pasted text as a plain string in JSON, shared in memory.
mod shared_text {
    use std::rc::Rc;

    /// As a string.
    pub(super) fn serialize<S: serde::Serializer>(t: &Rc<str>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(t)
    }

    /// From a string.
    pub(super) fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Rc<str>, D::Error> {
        let t: String = serde::Deserialize::deserialize(d)?;
        Ok(t.into())
    }
}

#[cfg(test)]
mod tests;
