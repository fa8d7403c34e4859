//! What a command returns, the exit codes, and writing it to the terminal:
//! a closed pipe ends quietly, a failed write is one line, never a panic.

use std::io::{ErrorKind, Write};

use crate::scenario::printable;

/// Exit code for an internal error or output that could not be written.
pub const EXIT_INTERNAL: i32 = 1;
/// Exit code for bad input.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit code for a run stopped at its event or time budget.
pub const EXIT_BUDGET: i32 = 3;
/// Exit code when the reader of the output went away (`| head`): 128 + 13,
/// what a shell reports for a tool that SIGPIPE stopped in the same place.
pub const EXIT_PIPE_CLOSED: i32 = 128 + 13;

/// Most characters of one line of a message (an internal error's included).
const LINE_MAX_CHARS: usize = 1000;

/// What a command printed and how it ended.
#[derive(Debug, Default)]
pub struct Output {
    /// Exit code: 0 done, then [`EXIT_INTERNAL`], [`EXIT_BAD_INPUT`] or [`EXIT_BUDGET`].
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Output {
    /// A finished command that printed `stdout`.
    pub(super) fn ok(stdout: String) -> Self {
        Output {
            code: 0,
            stdout,
            stderr: String::new(),
        }
    }
}

/// Bad input: one `error:` line per problem, each kept to one printable line.
pub(super) fn bad(lines: Vec<String>) -> Output {
    let stderr = lines
        .iter()
        .map(|l| format!("error: {}\n", printable(l, LINE_MAX_CHARS)))
        .collect();
    Output {
        code: EXIT_BAD_INPUT,
        stdout: String::new(),
        stderr,
    }
}

/// The one line that stands for a panic (the binary's panic hook prints it).
pub fn internal_error(what: &str) -> String {
    format!(
        "error: internal error, a bug in threadlab: {} (RUST_BACKTRACE=1 adds a backtrace)\n",
        printable(what, LINE_MAX_CHARS)
    )
}

/// Standard output when the process was started without one (`>&-`):
/// every write fails, where Rust's own `stdout()` reports success for a
/// closed descriptor and the output would vanish with exit code 0.
pub struct ClosedOutput;

impl Write for ClosedOutput {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("standard output is closed"))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Writes `out` (standard output first) and returns the exit code: `out`'s
/// own, [`EXIT_PIPE_CLOSED`] without a word if the reader has gone, or
/// [`EXIT_INTERNAL`] with one line if the output could not be written.
pub fn emit(out: &Output, stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    let written = stdout
        .write_all(out.stdout.as_bytes())
        .and_then(|()| stdout.flush());
    match written {
        Ok(()) => {
            // Nothing more can be said if standard error is gone too.
            let _ = stderr.write_all(out.stderr.as_bytes());
            out.code
        }
        Err(e) if e.kind() == ErrorKind::BrokenPipe => EXIT_PIPE_CLOSED,
        Err(e) => {
            let _ = writeln!(stderr, "error: cannot write the output: {e}");
            EXIT_INTERNAL
        }
    }
}
