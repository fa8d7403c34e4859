//! "Your measurement" in the page's state: the load test's output the
//! visitor pasted, kept as typed, and what reading it found
//! (`measured::read`: bounded and cheap, so on the main thread; only the
//! simulation needs the worker). What the page says of it is
//! `app::show::yours`.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::fidelity::yours;
use crate::i18n::{Locale, Piece};
use crate::measured::{self, Measurement};
use crate::scenario::FieldError;

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
}

impl Yours {
    /// Takes the text as typed; what was read stays until the next read.
    pub(crate) fn set_text(&mut self, text: String) {
        self.text = text.into();
    }

    /// Reads the text.
    pub(crate) fn read(&mut self) {
        self.read = Some(measured::read(&self.text).map(Rc::new));
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
