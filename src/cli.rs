//! The `threadlab` command line, as a function from arguments to output so
//! that tests can drive it without spawning a process. `src/bin/threadlab.rs`
//! only hands it the process's arguments, writes what it returns and turns a
//! panic into one line.
//!
//! * `output` — what a command returns, the exit codes, and writing it out;
//! * `args` — flag parsing shared by the subcommands;
//! * one file per subcommand: `run` (the load tool's own text from
//!   `crate::summary`, or its JSON, `summary::json_report`, which the page's
//!   exports share), `presets`, `schema`, `fidelity`, `bench`
//!   (native only);
//! * `files` — reading a scenario or measurement file, capped in size
//!   (native only);
//! * `golden` — the determinism test's scenario and report.

mod args;
#[cfg(not(target_arch = "wasm32"))]
mod bench;
mod fidelity;
#[cfg(not(target_arch = "wasm32"))]
mod files;
mod golden;
mod import;
mod output;
mod plan;
mod presets;
mod properties;
mod replications;
mod run;
mod schema;

pub use crate::summary::json_report;
pub use args::from_os;
#[cfg(not(target_arch = "wasm32"))]
pub use files::{read_input_file, read_scenario_file};

/// The most bytes a scenario file may hold: 1 MiB. A scenario is a few
/// hundred bytes; its largest value, a program, is at most 64 KiB.
pub const SCENARIO_FILE_MAX_BYTES: u64 = 1024 * 1024;

/// The most bytes a load test's output may hold (`threadlab import`).
pub const INPUT_FILE_MAX_BYTES: u64 = crate::measured::MAX_BYTES as u64;
pub use golden::{GOLDEN_SCENARIO, golden_report};
pub use output::{
    ClosedOutput, EXIT_BAD_INPUT, EXIT_BUDGET, EXIT_INTERNAL, EXIT_PIPE_CLOSED, Output, emit,
    internal_error,
};
pub use schema::schema_text;

use crate::i18n::Phrase;
use output::bad;

const USAGE: &str = "\
threadlab — a discrete-event lab for Spring Boot on platform vs virtual threads

usage:
  threadlab run [--preset NAME] [--scenario FILE] [--set KEY=VALUE]... [--format text|json] [--full]
                [--replications N [--versus KEY=VALUE]...]
  threadlab import FILE [MORE...] [--run] [--preset NAME] [--set KEY=VALUE]... [--fit]
                 [--what-if KEY=VALUE]... [--versus FILE2 [--replications N]] [--format text|json]
                               read a load test's output (hey, wrk, wrk2, JMeter, k6, Gatling):
                               what it says, the settings it implies, Little's law; with --run,
                               --preset or --set, each figure measured vs simulated; --fit
                               calibrates the request's unexplained wait to the measured mean
                               (to every file's at once when MORE are given);
                               --what-if (e.g. server.mode=virtual) predicts a change on the fit;
                               --versus compares two outputs figure by figure, beyond the noise
                               of N seeds of the model when one is given
  threadlab plan --target-rps N --p99-ms M [--error-pct E] [--preset NAME] [--set KEY=VALUE]...
                 [--knobs KEY,...] [--max-runs N] [--format text|json] [--timed]
                               the smallest configurations that meet a target (an open loop at
                               N/s): ceilings prune, Erlang C answers M/M/c exactly, the rest is
                               simulated; --timed adds the wall time to the first answer and to the end
  threadlab properties [--preset NAME] [--set KEY=VALUE]...
                               the scenario's service settings as application.properties
  threadlab presets            list the presets
  threadlab schema             every key with its default, unit, range and meaning
  threadlab fidelity [--format text|json]
                               every measured figure of the source articles beside the simulation
  threadlab bench [--rounds N] [--only NAME,...] [--list]
                               time the speed benchmarks (see BENCHMARKS.md)
  threadlab version            the version (also --version)
  threadlab help

Without --preset or --scenario, `run` starts from E2's platform run
(hey -c 2000 -n 100000 against /delay/50, threads.max=100, 4 cores).
--full adds the chart data (series, timeline, histogram) to the JSON.
--replications N (1 to MAX_REPLICATIONS) runs the scenario with N seeds (its own, then
SplitMix64's from it) and adds each figure's median, its min–max band, from
5 runs the order-statistic interval for the median with its coverage, and
the warm-up MSER-5 finds (JSON: under `replications`).
--versus KEY=VALUE (with --replications, repeatable) runs the same scenario
with those settings on top and the same seeds, and says per figure whether
the two medians differ beyond the runs' spread: the intervals for the
median (from 5 runs) or else the min–max bands overlap or not (JSON: under
`versus`). E.g. --preset e2-platform --replications 5 --versus server.mode=virtual
A scenario file holds at most 1 MiB of JSON.
Exit codes: 0 done (a simulated out-of-memory included), 1 internal error or
output not written, 2 bad input, 3 stopped at the event/time budget (partial
results are still printed); a closed output pipe ends quietly with 141, as a
tool stopped by SIGPIPE does.
";

/// The help text, with the limits from where they are held.
fn usage() -> String {
    USAGE.replace(
        "MAX_REPLICATIONS",
        &crate::replicas::MAX_REPLICATIONS.to_string(),
    )
}

/// Reads a scenario file by path: its text, or why not in words.
pub type ReadFile<'a> = dyn Fn(&str, u64) -> Result<String, Phrase> + 'a;

/// Runs the command line. `read_file` reads a scenario file by path.
pub fn main(args: &[String], read_file: &ReadFile<'_>) -> Output {
    let rest = args.get(1..).unwrap_or_default();
    match args.first().map(String::as_str) {
        None | Some("help" | "--help" | "-h") => Output::ok(usage()),
        Some("version" | "--version" | "-V") => args::none("version", rest)
            .unwrap_or_else(|| Output::ok(format!("threadlab {}\n", env!("CARGO_PKG_VERSION")))),
        Some("run") => run::main(rest, read_file),
        Some("presets") => args::none("presets", rest).unwrap_or_else(presets::main),
        Some("schema") => args::none("schema", rest).unwrap_or_else(|| Output::ok(schema_text())),
        Some("fidelity") => fidelity::main(rest),
        Some("import") => import::main(rest, read_file),
        Some("plan") => plan::main(rest),
        Some("properties") => properties::main(rest),
        #[cfg(not(target_arch = "wasm32"))]
        Some("bench") => bench::main(rest),
        Some(other) => bad(vec![format!(
            "unknown command '{}'; try `threadlab help`",
            crate::scenario::echo(other)
        )]),
    }
}
