//! A validation problem, worded for people, and the rule that keeps every
//! problem on one line: what a person typed is echoed escaped and shortened.
//!
//! A problem's words are a [`Phrase`] (a catalogue key and its arguments),
//! said where the problem is found: the command line prints its English
//! ([`FieldError::message`]), the page its reader's language
//! ([`FieldError::line`]), both from the one catalogue text and under the
//! same one-line rule.

use std::fmt::{self, Write as _};

use crate::i18n::keys::errors as words;
use crate::i18n::{Arg, Locale, Phrase, Piece};

/// Most characters of a typed key or value echoed in a message; a longer one
/// is cut with an ellipsis and its full length.
pub const ECHO_MAX_CHARS: usize = 60;

/// Most characters of a message (ours, but it may quote a piece of input).
const MESSAGE_MAX_CHARS: usize = 400;

/// One problem with one input value.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FieldError {
    /// The dotted key, e.g. `load.concurrency`.
    pub field: String,
    /// The value as given, escaped and shortened by [`echo`].
    pub value: String,
    /// What is wrong and what is allowed, in words of the catalogue.
    pub said: Phrase,
}

impl FieldError {
    /// A new error for `field` with the offending `value`, saying `said`.
    /// The key and value are made printable on one line (control
    /// characters escaped, shortened: see [`echo`]); so is the message
    /// whenever it is put into words.
    pub fn new(field: impl Into<String>, value: impl Into<String>, said: Phrase) -> Self {
        FieldError {
            field: echo(&field.into()),
            value: echo(&value.into()),
            said,
        }
    }

    /// What is wrong, in English with numbers as Rust writes them: the
    /// command line's words.
    pub fn message(&self) -> String {
        printable(&self.said.english(), MESSAGE_MAX_CHARS)
    }

    /// What is wrong, in `locale` with its numbers, on one printable line
    /// as [`FieldError::message`] is.
    pub fn message_in(&self, locale: Locale) -> String {
        printable(&self.said.text(locale), MESSAGE_MAX_CHARS)
    }

    /// The whole problem on one line in `locale`: the field, the value as
    /// typed and what is wrong, as the page shows it.
    pub fn line(&self, locale: Locale) -> String {
        let text = |s: &str| Arg::Text(s.to_string());
        words::LINE.text(
            locale,
            &[
                ("field", text(&self.field)),
                ("value", text(&self.value)),
                ("message", Arg::Text(self.message_in(locale))),
            ],
        )
    }

    /// [`FieldError::line`] with the field's key and the value as typed set
    /// apart as code: they are the same in every language.
    pub fn line_pieces(&self, locale: Locale) -> Vec<Piece> {
        let text = |s: &str| Arg::Text(s.to_string());
        words::LINE.pieces(
            locale,
            &[
                ("field", text(&self.field)),
                ("value", text(&self.value)),
                ("message", Arg::Text(self.message_in(locale))),
            ],
            &["field", "value"],
        )
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} — {}", self.field, self.value, self.message())
    }
}

impl std::error::Error for FieldError {}

/// `text` as it may appear inside one line of a message: control characters
/// (a newline could forge a second error line, an escape sequence could
/// repaint the terminal) escaped as in Rust source, and beyond
/// [`ECHO_MAX_CHARS`] cut with an ellipsis and the full length.
pub fn echo(text: &str) -> String {
    printable(text, ECHO_MAX_CHARS)
}

/// `text` on one printable line as [`echo`] makes it, cut where what it
/// prints would pass `max_chars` (an escaped control character prints as
/// six or more: counting the input's characters let 60 of them print 420).
pub fn printable(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    let mut printed = 0usize;
    let mut cut = false;
    let mut one = String::new();
    for c in text.chars() {
        one.clear();
        push_printable(&mut one, c);
        let width = one.chars().count();
        if printed + width > max_chars {
            cut = true;
            break;
        }
        printed += width;
        out.push_str(&one);
    }
    if cut {
        let n = text.chars().count();
        let _ = write!(out, "… ({n} characters)");
    }
    out
}

fn push_printable(out: &mut String, c: char) {
    if c.is_control() {
        out.extend(c.escape_debug());
    } else if invisible(c) {
        // `escape_debug` leaves format characters as they are: written as
        // Rust source writes them.
        let _ = write!(out, "\\u{{{:x}}}", c as u32);
    } else {
        out.push(c);
    }
}

/// Characters that are not controls but print nothing or change how the
/// rest of the line shows: Unicode's line and paragraph separators (U+2028,
/// U+2029 end a line in some terminals and editors) and its format
/// characters (category Cf: bidirectional overrides and isolates such as
/// U+202E, which reorder what a terminal shows, zero-width characters,
/// U+FEFF, tag characters).
fn invisible(c: char) -> bool {
    matches!(
        c as u32,
        0x00AD
            | 0x0600..=0x0605
            | 0x061C
            | 0x06DD
            | 0x070F
            | 0x0890..=0x0891
            | 0x08E2
            | 0x180E
            | 0x200B..=0x200F
            | 0x2028..=0x202E
            | 0x2060..=0x2064
            | 0x2066..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Part;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(echo("io:5ms\nerror: fake"), "io:5ms\\nerror: fake");
        assert_eq!(echo("a\tb\u{1b}[2J"), "a\\tb\\u{1b}[2J");
        assert_eq!(echo("x\u{2028}y"), "x\\u{2028}y");
    }

    /// Bidirectional overrides and zero-width characters are not controls,
    /// and `escape_debug` keeps them: an echoed `abc\u{202e}fed` showed as
    /// "abcdef" reversed in a terminal.
    #[test]
    fn format_characters_are_escaped() {
        assert_eq!(echo("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(
            echo("a\u{200b}b\u{feff}c\u{2066}d"),
            "a\\u{200b}b\\u{feff}c\\u{2066}d"
        );
        assert_eq!(echo("x\u{e0041}"), "x\\u{e0041}");
        // Letters of other scripts stay as they are.
        assert_eq!(echo("并发 é ß"), "并发 é ß");
    }

    #[test]
    fn long_text_is_cut_with_its_length() {
        let long = "é".repeat(ECHO_MAX_CHARS + 1);
        let e = echo(&long);
        assert!(e.starts_with(&"é".repeat(ECHO_MAX_CHARS)));
        assert!(e.ends_with(&format!("… ({} characters)", ECHO_MAX_CHARS + 1)));
        assert_eq!(
            echo(&"é".repeat(ECHO_MAX_CHARS)),
            "é".repeat(ECHO_MAX_CHARS)
        );
    }

    /// Escapes count as what they print: 200 group separators (each
    /// `\u{1d}`, seven characters) were cut after 60 of them, 420 printed.
    #[test]
    fn escaped_text_is_cut_by_what_it_prints() {
        let e = echo(&"\u{1d}".repeat(200));
        let (shown, rest) = e.split_once('…').expect("cut");
        assert!(shown.chars().count() <= ECHO_MAX_CHARS, "{e}");
        assert!(
            shown.starts_with("\\u{1d}") && rest == " (200 characters)",
            "{e}"
        );
    }

    /// A message quoting a piece of input that would break the line.
    fn forged(found: &str) -> FieldError {
        let said = (words::PROGRAM_EXPECTED.said())
            .with("expected", Part::text("'}'"))
            .with("at", Part::Count(7))
            .with("found", Part::text(format!("'{found}'")));
        FieldError::new("program", "io:5ms\nerror: fake", said)
    }

    #[test]
    fn an_error_is_one_line() {
        let e = forged("\nx");
        assert!(!e.to_string().contains('\n'), "{e}");
    }

    /// The page's words keep the command line's rule: input quoted in the
    /// message is escaped the same way in every language, and cut at the
    /// same length.
    #[test]
    fn the_page_line_is_escaped_and_cut_as_the_command_line_is() {
        let e = forged("\nerror: x\u{1b}[2J");
        for l in Locale::ALL {
            let line = e.line(l);
            assert!(!line.contains('\n') && !line.contains('\u{1b}'), "{line}");
            assert!(line.contains("'\\nerror: x\\u{1b}[2J'"), "{line}");
            assert!(line.contains("io:5ms\\nerror: fake"), "{line}");
        }
        assert!(e.line(Locale::De).contains("bei Zeichen 7"));
        let long = forged(&"x".repeat(2 * MESSAGE_MAX_CHARS));
        for l in Locale::ALL {
            let m = long.message_in(l);
            assert_eq!(m.chars().count(), long.message().chars().count(), "{m}");
            assert!(m.ends_with(" characters)"), "{m}");
        }
    }
}
