//! The measured figures of the source articles, their provenance, and the
//! measured-vs-simulated report.

use crate::cli::Output;

/// `threadlab fidelity`.
pub fn cli(_args: &[String]) -> Output {
    Output {
        code: 2,
        stdout: String::new(),
        stderr: "error: the fidelity report is not built yet\n".into(),
    }
}
