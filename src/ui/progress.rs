//! Progress of the running job: runs done, the current run, and whether the
//! results on screen are up to date.

use yew::prelude::*;

use crate::i18n::keys::ui as words;
use crate::i18n::{Arg, Locale};

/// Properties of [`Progress`].
#[derive(Properties, PartialEq)]
pub(crate) struct ProgressProps {
    /// How far the job has come.
    pub(crate) progress: crate::app::Progress,
    /// Whether the job finished.
    pub(crate) done: bool,
    /// Events simulated in the job.
    pub(crate) events: u64,
    /// Whether the scenario has errors (nothing runs).
    pub(crate) blocked: bool,
    /// Whether the job stopped unfinished (its worker was replaced).
    #[prop_or_default]
    pub(crate) interrupted: bool,
    /// Wall-clock time the finished job took, ms.
    #[prop_or_default]
    pub(crate) elapsed_ms: Option<f64>,
    /// The scenario's generation (for tests that wait for a job).
    #[prop_or_default]
    pub(crate) generation: u64,
    /// Why nothing runs yet, if the page waits (a lesson's prediction).
    #[prop_or_default]
    pub(crate) waiting: Option<String>,
    /// The page's language.
    #[prop_or(Locale::En)]
    pub(crate) locale: Locale,
}

/// A progress bar with words.
#[component]
pub(crate) fn Progress(p: &ProgressProps) -> Html {
    let (done, total) = (p.progress.runs_done, p.progress.runs);
    let l = p.locale;
    // Waiting, nothing of this scenario has run: an empty bar.
    let value = if p.waiting.is_some() {
        0.0
    } else {
        p.progress.fraction()
    };
    let text = if let Some(why) = &p.waiting {
        why.clone()
    } else if p.blocked {
        words::PROGRESS_BLOCKED.text(l, &[])
    } else if p.interrupted {
        words::PROGRESS_INTERRUPTED.text(l, &[])
    } else if p.done {
        let runs = ("runs", Arg::Fixed(total as f64, 0));
        let events = ("events", Arg::Fixed(p.events as f64, 0));
        match p.elapsed_ms {
            Some(ms) => {
                words::PROGRESS_DONE_IN.text(l, &[runs, events, ("s", Arg::Fixed(ms / 1000.0, 1))])
            }
            None => words::PROGRESS_DONE.text(l, &[runs, events]),
        }
    } else {
        words::PROGRESS_RUNNING.text(
            l,
            &[
                ("done", Arg::Fixed(done as f64, 0)),
                ("total", Arg::Fixed(total as f64, 0)),
            ],
        )
    };
    html! {
        <div class={classes!("progress", p.done.then_some("done"), (p.blocked || p.interrupted).then_some("blocked"))} id="progress" data-generation={p.generation.to_string()} role="status" aria-live="polite">
            <progress max="1" value={format!("{value:.3}")}></progress>
            <span>{text}</span>
        </div>
    }
}
