//! Progress of the running job: runs done, the current run, and whether the
//! results on screen are up to date.

use yew::prelude::*;

use crate::app::format::thousands;

/// Properties of [`Progress`].
#[derive(Properties, PartialEq)]
// Yew's function components are `pub`, so their props must be too.
#[allow(unreachable_pub)]
pub struct ProgressProps {
    /// How far the job has come.
    pub progress: crate::app::Progress,
    /// Whether the job finished.
    pub done: bool,
    /// Events simulated in the job.
    pub events: u64,
    /// Whether the scenario has errors (nothing runs).
    pub blocked: bool,
    /// Whether the job stopped unfinished (its worker was replaced).
    #[prop_or_default]
    pub interrupted: bool,
    /// Wall-clock time the finished job took, ms.
    #[prop_or_default]
    pub elapsed_ms: Option<f64>,
    /// The scenario's generation (for tests that wait for a job).
    #[prop_or_default]
    pub generation: u64,
    /// Why nothing runs yet, if the page waits (a lesson's prediction).
    #[prop_or_default]
    pub waiting: Option<String>,
}

/// A progress bar with words.
#[component]
pub fn Progress(p: &ProgressProps) -> Html {
    let (done, total) = (p.progress.runs_done, p.progress.runs);
    // Waiting, nothing of this scenario has run: an empty bar.
    let value = if p.waiting.is_some() {
        0.0
    } else {
        p.progress.fraction()
    };
    let text = if let Some(why) = &p.waiting {
        why.clone()
    } else if p.blocked {
        "fix the highlighted fields to simulate again".to_string()
    } else if p.interrupted {
        "interrupted: the simulation worker was replaced".to_string()
    } else if p.done {
        format!(
            "done: {} runs, {} events{}",
            total,
            thousands(p.events as f64, 0),
            p.elapsed_ms
                .map_or(String::new(), |ms| format!(" in {:.1} s", ms / 1000.0))
        )
    } else {
        format!("simulating: {done} of {total} runs")
    };
    html! {
        <div class={classes!("progress", p.done.then_some("done"), (p.blocked || p.interrupted).then_some("blocked"))} id="progress" data-generation={p.generation.to_string()} role="status" aria-live="polite">
            <progress max="1" value={format!("{value:.3}")}></progress>
            <span>{text}</span>
        </div>
    }
}
