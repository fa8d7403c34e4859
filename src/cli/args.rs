//! Flag parsing shared by the subcommands: `--flag value` or `--flag=value`,
//! the `--format` choice, and arguments that are not text.

use std::ffi::OsString;

use super::output::{Output, bad};
use crate::scenario::echo;

/// The arguments of one subcommand, read flag by flag.
pub(super) struct Flags<'a> {
    args: &'a [String],
    next: usize,
}

impl<'a> Flags<'a> {
    pub(super) fn new(args: &'a [String]) -> Self {
        Flags { args, next: 0 }
    }

    /// The next flag, with its value when written `--flag=value`.
    pub(super) fn next_flag(&mut self) -> Option<(&'a str, Option<&'a str>)> {
        let a = self.args.get(self.next)?.as_str();
        self.next += 1;
        Some(match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (a, None),
        })
    }

    /// The current flag's value: written inline, or the next argument.
    pub(super) fn value(&mut self, inline: Option<&'a str>) -> Option<&'a str> {
        if inline.is_some() {
            return inline;
        }
        let v = self.args.get(self.next)?;
        self.next += 1;
        Some(v)
    }
}

/// `--format text|json`: whether JSON was asked for.
pub(super) fn json_format(value: Option<&str>) -> Result<bool, String> {
    match value {
        Some("json") => Ok(true),
        Some("text") => Ok(false),
        other => Err(format!(
            "--format {}: expected text or json",
            other.map_or("(missing)".into(), echo)
        )),
    }
}

/// An unknown flag of `command`, echoed safely.
pub(super) fn unknown(command: &str, flag: &str) -> String {
    format!(
        "unknown option '{}' for {command}; try `threadlab help`",
        echo(flag)
    )
}

/// `None` when a subcommand that takes no arguments got none, else the error.
pub(super) fn none(command: &str, args: &[String]) -> Option<Output> {
    let first = args.first()?;
    Some(bad(vec![format!(
        "{command} takes no arguments, but got '{}'",
        echo(first)
    )]))
}

/// The process's arguments as text; one that is not valid UTF-8 is bad
/// input, shown with U+FFFD where its bytes are not text.
pub fn from_os(args: Vec<OsString>) -> Result<Vec<String>, Output> {
    let mut out = Vec::with_capacity(args.len());
    let mut errors = Vec::new();
    for (i, a) in args.into_iter().enumerate() {
        match a.into_string() {
            Ok(s) => out.push(s),
            Err(raw) => errors.push(format!(
                "argument {} is not valid UTF-8 text: '{}'",
                i + 1,
                echo(&raw.to_string_lossy())
            )),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(bad(errors))
    }
}
