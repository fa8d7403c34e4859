//! Studies: the questions about a visitor's own service that take many
//! runs, each chosen from the last (a fit, a capacity plan) or repeated
//! over seeds (how far two runs of one service differ by chance). A study
//! goes one step at a time, so the worker can say how far it has come
//! between steps and drop it when a newer question replaces it; natively
//! it runs to the end in a loop (`run_to_end`). Facts only: the page's
//! words for them are `app::show::study`.
//!
//! Every run of a study is bounded like a sweep point (`bounded`): at most
//! [`STUDY_REQUESTS`] requests, `SWEEP_MAX_EVENTS` events and
//! [`STUDY_MAX_WALL_S`] seconds. Assumed: a service's steady state shows
//! within that many requests, so a longer test's figures are compared with
//! its steady state.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::app::capacity::{Answer, DEFAULT_MAX_RUNS, Planner, Stopped, Target, default_knobs};
use crate::app::run::plan::{SWEEP_MAX_EVENTS, cap_sim_memory};
use crate::fidelity::fit::{self, Fit, FitFailure, WhatIf};
use crate::fidelity::yours::{self, Change};
use crate::measured::{self, Measurement};
use crate::replicas::{Count, config_for, seeds};
use crate::scenario::{Draft, FieldError, validate};
use crate::sim::report::ToolSummary;
use crate::sim::{Config, Report};

#[cfg(test)]
mod tests;

/// Most requests one run of a study simulates.
pub const STUDY_REQUESTS: u64 = 20_000;

/// Most seconds of real time one run of a study takes (it then stops with
/// what it has, which a fit counts as out of budget).
pub const STUDY_MAX_WALL_S: f64 = 10.0;

/// Seeds of the model's run that say how far two runs of one unchanged
/// service differ (the page's replications: `plan::PAGE_REPLICATIONS`).
pub const NOISE_SEEDS: u64 = 5;

/// What the visitor asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// Two outputs of one service (before and after a change), figure by
    /// figure, each difference beside the model's seed-to-seed spread.
    Versus {
        /// The service as the page describes it.
        draft: Draft,
        /// The first output, as pasted.
        first: String,
        /// The second output, as pasted.
        second: String,
    },
    /// The service fitted to a pasted run, then `changes` applied to it
    /// ("what if I set spring.threads.virtual.enabled=true").
    Migrate {
        /// The service as the page describes it.
        draft: Draft,
        /// The output it is fitted to, as pasted.
        text: String,
        /// The change, as `--set` pairs.
        changes: Vec<(String, String)>,
    },
    /// The smallest configurations of the service that meet `target`.
    Plan {
        /// The service as the page describes it.
        draft: Draft,
        /// What it must do.
        target: Target,
    },
}

/// A question and the number the page knows its answer by.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Replies to older requests are stale.
    pub id: u64,
    /// What is asked.
    pub question: Question,
}

/// A capacity plan's outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlanAnswer {
    /// The target planned for.
    pub target: Target,
    /// The knobs searched (their settings' keys), in order.
    pub knobs: Vec<String>,
    /// The smallest configurations that meet the target, each with its
    /// judgement.
    pub answers: Vec<Answer>,
    /// Configurations that fail, one per way of failing, smallest first.
    pub failures: Vec<Answer>,
    /// The largest configuration's failure when even it fails: why the
    /// target is out of reach.
    pub out_of_reach: Option<Answer>,
    /// What was not searched when the budget ran out.
    pub stopped: Option<Stopped>,
    /// Simulations run.
    pub runs: usize,
    /// Configurations judged (by ceiling, formula or run).
    pub judged: usize,
}

/// What a study found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finding {
    /// Two outputs side by side.
    Versus {
        /// Each figure both print, with its difference and the noise.
        changes: Vec<Change>,
        /// Seeds behind the noise.
        noise_runs: usize,
    },
    /// The fit, and the change on the fitted model.
    Migrate {
        /// The fitted wait, or why none fits.
        fit: Result<Fit, FitFailure>,
        /// Before and after the change (`None` when nothing was fitted).
        what_if: Option<Box<WhatIf>>,
    },
    /// The plan.
    Plan(Box<PlanAnswer>),
    /// The question cannot be studied: a pasted text that does not read,
    /// a service or change that does not validate.
    Refused(FieldError),
}

/// How far a study has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Simulations run.
    pub runs: usize,
    /// Simulations it may run at most.
    pub of: usize,
    /// Whether an answer is already known (a plan's first configuration
    /// that meets the target; it only gets smaller from here).
    #[serde(default)]
    pub answered: bool,
}

/// The state between steps.
enum State {
    Versus {
        first: Box<Measurement>,
        second: Box<Measurement>,
        configs: Vec<Config>,
        runs: Vec<ToolSummary>,
    },
    Migrate {
        draft: Box<Draft>,
        measured: Box<Measurement>,
        changes: Vec<(String, String)>,
    },
    Plan(Box<Planner>),
    Over(Finding),
}

/// A study under way.
pub struct Study {
    state: State,
    runs: usize,
    of: usize,
}

/// A draft with `settings` applied.
fn with_settings(draft: &Draft, settings: &[(&str, String)]) -> Result<Draft, FieldError> {
    let mut d = draft.clone();
    for (k, v) in settings {
        d.set(k, v)?;
    }
    Ok(d)
}

/// `draft` bounded as every run of a study is (see the module's words).
pub fn bounded(draft: &Draft) -> Draft {
    let mut d = draft.clone();
    let requests = d.get("load.requests").and_then(Value::as_u64);
    if requests.is_none_or(|n| n > STUDY_REQUESTS) {
        d.set_value("load.requests", Value::from(STUDY_REQUESTS));
    }
    d.set_value("load.duration_s", Value::Null);
    d.set_value("load.loops", Value::Null);
    d.set_value("limits.max_events", Value::from(SWEEP_MAX_EVENTS));
    d.set_value("limits.max_wall_s", Value::from(STUDY_MAX_WALL_S));
    cap_sim_memory(&mut d);
    d.set_value("record.series_buckets", Value::from(10));
    d.set_value("record.timeline_lanes", Value::from(0));
    d
}

/// The service with `m`'s load settings, bounded.
fn service_for(draft: &Draft, m: &Measurement) -> Result<Draft, FieldError> {
    Ok(bounded(&with_settings(draft, &yours::settings(m))?))
}

/// The first problem of a draft that does not validate.
fn checked(draft: &Draft) -> Result<Config, FieldError> {
    validate(draft).map_err(|mut e| e.remove(0))
}

fn read(text: &str) -> Result<Box<Measurement>, FieldError> {
    measured::read(text).map(Box::new)
}

impl Study {
    /// A study of `question`; one that cannot be studied is over at once
    /// with [`Finding::Refused`].
    pub fn new(question: Question) -> Study {
        match Study::start(question) {
            Ok(s) => s,
            Err(e) => Study::over(Finding::Refused(e)),
        }
    }

    fn over(finding: Finding) -> Study {
        Study {
            state: State::Over(finding),
            runs: 0,
            of: 0,
        }
    }

    fn start(question: Question) -> Result<Study, FieldError> {
        let (state, of) = match question {
            Question::Versus {
                draft,
                first,
                second,
            } => {
                let (first, second) = (read(&first)?, read(&second)?);
                let cfg = checked(&service_for(&draft, &first)?)?;
                let n = Count::new(NOISE_SEEDS).expect("a count in range");
                let configs: Vec<Config> = (seeds(cfg.seed, n).into_iter())
                    .map(|seed| config_for(&cfg, seed))
                    .collect();
                let of = configs.len();
                let runs = Vec::new();
                let state = State::Versus {
                    first,
                    second,
                    configs,
                    runs,
                };
                (state, of)
            }
            Question::Migrate {
                draft,
                text,
                changes,
            } => {
                let measured = read(&text)?;
                let service = service_for(&draft, &measured)?;
                checked(&service)?;
                let mut after = service.clone();
                for (k, v) in &changes {
                    after.set(k, v)?;
                }
                checked(&after)?;
                let state = State::Migrate {
                    draft: Box::new(service),
                    measured,
                    changes,
                };
                (state, fit::MOST_RUNS + 2)
            }
            Question::Plan { draft, target } => {
                let base = bounded(&draft);
                let cfg = checked(&base)?;
                let knobs = default_knobs(&cfg);
                let planner = Planner::new(base, target, knobs, DEFAULT_MAX_RUNS);
                (State::Plan(Box::new(planner)), DEFAULT_MAX_RUNS)
            }
        };
        Ok(Study { state, runs: 0, of })
    }

    /// How far it has come.
    pub fn progress(&self) -> Progress {
        let answered = match &self.state {
            State::Plan(p) => p.has_answer(),
            State::Over(Finding::Plan(a)) => !a.answers.is_empty(),
            _ => false,
        };
        Progress {
            runs: self.runs,
            of: self.of.max(self.runs),
            answered,
        }
    }

    /// What it found, once it is over.
    pub fn finding(&self) -> Option<&Finding> {
        match &self.state {
            State::Over(f) => Some(f),
            _ => None,
        }
    }

    /// One step, simulating with `run`: false once the study is over.
    pub fn step(&mut self, run: &mut dyn FnMut(&Config) -> Report) -> bool {
        let mut counted = 0;
        let mut counting = |c: &Config| {
            counted += 1;
            run(c)
        };
        let next = match &mut self.state {
            State::Over(_) => return false,
            State::Versus {
                first,
                second,
                configs,
                runs,
            } => match configs.get(runs.len()) {
                Some(c) => {
                    runs.push(counting(c).tool);
                    None
                }
                None => Some(Finding::Versus {
                    changes: yours::changes(first, second, runs),
                    noise_runs: runs.len(),
                }),
            },
            State::Migrate {
                draft,
                measured,
                changes,
            } => Some(migrate(draft, measured, changes, &mut counting)),
            State::Plan(planner) => {
                let going = planner.step();
                self.runs = planner.runs();
                (!going).then(|| Finding::Plan(Box::new(plan_answer(planner))))
            }
        };
        self.runs += counted;
        if let Some(f) = next {
            self.state = State::Over(f);
        }
        !matches!(self.state, State::Over(_))
    }
}

/// The fit, then the change on the fitted model.
fn migrate(
    draft: &Draft,
    measured: &Measurement,
    changes: &[(String, String)],
    run: &mut dyn FnMut(&Config) -> Report,
) -> Finding {
    match fit::fit(draft, measured, run) {
        Ok((fitted, d)) => match fit::what_if(&d, changes, run) {
            Ok(w) => Finding::Migrate {
                fit: Ok(fitted),
                what_if: Some(Box::new(w)),
            },
            Err(e) => Finding::Refused(e),
        },
        Err(e) => Finding::Migrate {
            fit: Err(e),
            what_if: None,
        },
    }
}

fn plan_answer(p: &Planner) -> PlanAnswer {
    PlanAnswer {
        target: p.target().clone(),
        knobs: p.knobs().iter().map(|k| k.key.clone()).collect(),
        answers: p.answers(),
        failures: p.failures(),
        out_of_reach: p.out_of_reach(),
        stopped: p.stopped(),
        runs: p.runs(),
        judged: p.judged(),
    }
}

/// Runs `question` to its end on this thread (the command line's and the
/// tests' way), with `run` for its simulations.
pub fn run_to_end(question: Question, run: &mut dyn FnMut(&Config) -> Report) -> Finding {
    let mut study = Study::new(question);
    loop {
        study.step(run);
        if let State::Over(f) = study.state {
            return f;
        }
    }
}
