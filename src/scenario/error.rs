//! A validation problem, worded for people, and the rule that keeps every
//! problem on one line: what a person typed is echoed escaped and shortened.

use std::fmt::{self, Write as _};

/// Most characters of a typed key or value echoed in a message; a longer one
/// is cut with an ellipsis and its full length.
pub const ECHO_MAX_CHARS: usize = 60;

/// Most characters of a message (ours, but it may quote a piece of input).
const MESSAGE_MAX_CHARS: usize = 400;

/// One problem with one input value.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FieldError {
    /// The dotted key, e.g. `load.concurrency`.
    pub field: String,
    /// The value as given, escaped and shortened by [`echo`].
    pub value: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl FieldError {
    /// A new error for `field` with the offending `value`. All three parts are
    /// made printable on one line: control characters are escaped and the
    /// key and value are shortened (see [`echo`]).
    pub fn new(
        field: impl Into<String>,
        value: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        FieldError {
            field: echo(&field.into()),
            value: echo(&value.into()),
            message: printable(&message.into(), MESSAGE_MAX_CHARS),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} — {}", self.field, self.value, self.message)
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

/// `text` on one printable line as [`echo`] makes it, cut beyond `max_chars`.
pub fn printable(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    let mut n = 0usize;
    for c in text.chars() {
        if n < max_chars {
            push_printable(&mut out, c);
        }
        n += 1;
    }
    if n > max_chars {
        let _ = write!(out, "… ({n} characters)");
    }
    out
}

fn push_printable(out: &mut String, c: char) {
    // U+2028/2029 end a line in some terminals and editors though they are not
    // control characters.
    if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
        out.extend(c.escape_debug());
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(echo("io:5ms\nerror: fake"), "io:5ms\\nerror: fake");
        assert_eq!(echo("a\tb\u{1b}[2J"), "a\\tb\\u{1b}[2J");
        assert_eq!(echo("x\u{2028}y"), "x\\u{2028}y");
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

    #[test]
    fn an_error_is_one_line() {
        let e = FieldError::new("program", "io:5ms\nerror: fake", "found '\nx'");
        assert!(!e.to_string().contains('\n'), "{e}");
    }
}
