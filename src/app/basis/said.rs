//! Words the app says later, in the reader's language: a catalogue text
//! with its parameters, a setting's problem, or text as it came. A link's
//! notice, a lesson link's problem and a failed run's message are kept as
//! `Said` and put into words where they are shown.

use crate::i18n::keys::{Key, ui as words};
use crate::i18n::{Arg, Locale, Piece};
use crate::scenario::FieldError;

/// Words of the link notice, written in the page's language when shown: a
/// catalogue text with its parameters (the key, value and range facts), a
/// problem the scenario's checks found, or text as it came (a link's own
/// text).
#[derive(Clone, Debug, PartialEq)]
pub enum Said {
    /// A catalogue text and its parameters.
    Key(Key, Vec<(&'static str, Arg)>),
    /// What is wrong with a setting's value (its message only: the notice
    /// names the setting and its value itself).
    Problem(FieldError),
    /// The scenario's problems, each on its line: the link's settings only
    /// fail together with the preset's.
    Invalid(Vec<FieldError>),
    /// Text as it is.
    Text(String),
}

impl Said {
    /// A catalogue text without parameters.
    pub(crate) fn key(k: Key) -> Said {
        Said::Key(k, Vec::new())
    }

    /// The words in `l`.
    pub fn text(&self, l: Locale) -> String {
        match self {
            Said::Key(k, args) => k.text(l, args),
            Said::Problem(e) => e.message_in(l),
            Said::Invalid(errors) => {
                let lines: Vec<String> = errors.iter().map(|e| e.line(l)).collect();
                words::LINK_INVALID.text(l, &[("problems", Arg::Text(lines.join("; ")))])
            }
            Said::Text(t) => t.clone(),
        }
    }

    /// The words in `l`, with the link's own text in them (each
    /// [`Arg::Text`] of a catalogue text: a parameter's name or value, the
    /// names or values a link may hold) apart from the catalogue's words.
    /// That text is link syntax, the same in every language (`theme`,
    /// `auto, light, dark`, `cpu-bound`): the notice sets it as code, as it
    /// does the parameter itself, and a German or Chinese notice's words
    /// hold no English. Joined, the pieces are [`Said::text`].
    pub(crate) fn pieces(&self, l: Locale) -> Vec<Piece> {
        let (k, args) = match self {
            Said::Key(k, args) => (k, args),
            // Each problem's line as the problems panel shows it.
            Said::Invalid(errors) => {
                let mut lines = Vec::new();
                for (i, e) in errors.iter().enumerate() {
                    if i > 0 {
                        lines.push(Piece::Words("; ".into()));
                    }
                    lines.extend(e.line_pieces(l));
                }
                let around = words::LINK_INVALID.pieces(
                    l,
                    &[("problems", Arg::Text("-".into()))],
                    &["problems"],
                );
                return (around.into_iter())
                    .flat_map(|p| match p {
                        Piece::Code(_) => std::mem::take(&mut lines),
                        w => vec![w],
                    })
                    .collect();
            }
            Said::Problem(_) | Said::Text(_) => return vec![Piece::Words(self.text(l))],
        };
        let code: Vec<&str> = (args.iter())
            .filter(|(_, a)| matches!(a, Arg::Text(_)))
            .map(|(n, _)| *n)
            .collect();
        k.pieces(l, args, &code)
    }
}

/// In English (tests, logs).
impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Locale::En))
    }
}

impl From<String> for Said {
    fn from(t: String) -> Said {
        Said::Text(t)
    }
}

impl From<Key> for Said {
    fn from(k: Key) -> Said {
        Said::key(k)
    }
}
