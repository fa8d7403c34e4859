//! Progress of the running job: runs done, the current run, and whether the
//! results on screen are up to date.

use yew::prelude::*;

use crate::chart::format::thousands;

/// Properties of [`Progress`].
#[derive(Properties, PartialEq)]
pub struct ProgressProps {
    /// Runs done, total, fraction of the current one.
    pub progress: (u32, u32, f64),
    /// Whether the job finished.
    pub done: bool,
    /// Events simulated in the job.
    pub events: u64,
    /// Whether the scenario has errors (nothing runs).
    pub blocked: bool,
    /// Wall-clock time the finished job took, ms.
    #[prop_or_default]
    pub elapsed_ms: Option<f64>,
}

/// A progress bar with words.
#[component]
pub fn Progress(p: &ProgressProps) -> Html {
    let (done, total, cur) = p.progress;
    let value = if total == 0 {
        1.0
    } else {
        ((done as f64 + cur) / total as f64).min(1.0)
    };
    let text = if p.blocked {
        "fix the highlighted fields to simulate again".to_string()
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
        <div class={classes!("progress", p.done.then_some("done"), p.blocked.then_some("blocked"))} id="progress" role="status" aria-live="polite">
            <progress max="1" value={format!("{value:.3}")}></progress>
            <span>{text}</span>
        </div>
    }
}
