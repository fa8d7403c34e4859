//! The search, one judgement per step. First the largest configuration (if
//! it fails, the target is out of reach and its failure says why); then the
//! ladder of every knob in order of size, skipping configurations a judged
//! one decides; then each smallest passing one bisected down, knob by knob,
//! to the smallest whole value that still passes.

use crate::scenario::Draft;

use super::Target;
use super::judge::{How, Judgement, judge};
use super::knobs::{Knob, VIRTUAL};

/// A configuration: one value per knob (`u32::MAX` for virtual threads).
type Values = Vec<u32>;

/// What stopped a search before it was complete.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Stopped {
    /// Configurations of the ladder neither judged nor decided.
    pub not_searched: usize,
    /// Whether the smallest passing ones were bisected down.
    pub refined: bool,
}

/// One configuration and its judgement.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Answer {
    /// `--set` pairs, knob by knob.
    pub settings: Vec<(String, String)>,
    /// Its judgement.
    pub judgement: Judgement,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    Top,
    Ladder,
    Refine,
    Done,
}

/// A capacity search over `knobs` for `target`, from the scenario `base`.
pub struct Planner {
    base: Draft,
    target: Target,
    knobs: Vec<Knob>,
    /// Simulations allowed (ceilings and formulas cost next to nothing).
    max_runs: usize,
    runs: usize,
    phase: Phase,
    ladder: Vec<Values>,
    next: usize,
    judged: Vec<(Values, Judgement)>,
    /// Bisection state: which smallest passing one, which knob, (lo, hi).
    refine: Option<(usize, usize, u32, u32)>,
    smallest: Vec<Values>,
}

/// The knob's value as `--set` takes it.
fn value_word(v: u32) -> String {
    if v == u32::MAX {
        VIRTUAL.to_string()
    } else {
        v.to_string()
    }
}

fn knob_value(k: &Knob, i: usize) -> u32 {
    k.number(i).unwrap_or(u32::MAX)
}

/// Whether two failing judgements fail the same way (the same resource's
/// ceiling, or the same figure).
fn same_failure(a: &Judgement, b: &Judgement) -> bool {
    use super::judge::Failure;
    match (&a.failure, &b.failure) {
        (
            Some(Failure::Ceiling { resource: x, .. }),
            Some(Failure::Ceiling { resource: y, .. }),
        ) => x == y,
        (Some(x), Some(y)) => std::mem::discriminant(x) == std::mem::discriminant(y),
        _ => false,
    }
}

/// `a` is at most `b` in every knob.
fn below(a: &[u32], b: &[u32]) -> bool {
    a.iter().zip(b).all(|(x, y)| x <= y)
}

/// Every combination of ladder values, smallest first: by the largest step
/// of any knob, then by the sum of steps (so each box of small values is
/// judged whole before any knob goes further).
fn ladder(knobs: &[Knob]) -> Vec<Values> {
    let mut idx: Vec<Vec<usize>> = vec![Vec::new()];
    for k in knobs {
        idx = idx
            .into_iter()
            .flat_map(|p| {
                (0..k.values.len()).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect();
    }
    idx.sort_by_key(|p| {
        let max = p.iter().copied().max().unwrap_or(0);
        (max, p.iter().sum::<usize>(), p.clone())
    });
    idx.iter()
        .map(|p| {
            p.iter()
                .zip(knobs)
                .map(|(&i, k)| knob_value(k, i))
                .collect()
        })
        .collect()
}

impl Planner {
    /// A search of `knobs` (each with at least one value) allowed
    /// `max_runs` simulations.
    pub fn new(base: Draft, target: Target, knobs: Vec<Knob>, max_runs: usize) -> Planner {
        let ladder = ladder(&knobs);
        Planner {
            base,
            target,
            knobs,
            max_runs,
            runs: 0,
            phase: Phase::Top,
            ladder,
            next: 0,
            judged: Vec::new(),
            refine: None,
            smallest: Vec::new(),
        }
    }

    /// The knobs searched.
    pub fn knobs(&self) -> &[Knob] {
        &self.knobs
    }

    /// The target.
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// Simulations run so far.
    pub fn runs(&self) -> usize {
        self.runs
    }

    /// Configurations judged so far (by any means).
    pub fn judged(&self) -> usize {
        self.judged.len()
    }

    /// Whether a configuration that meets the target has been found (the
    /// answers so far; they only get smaller as the search goes on).
    pub fn has_answer(&self) -> bool {
        self.judged.iter().any(|(_, j)| j.meets())
    }

    /// Whether the search is over (complete, out of reach or at its budget).
    pub fn done(&self) -> bool {
        self.phase == Phase::Done
    }

    fn settings(&self, v: &[u32]) -> Vec<(String, String)> {
        self.knobs
            .iter()
            .zip(v)
            .flat_map(|(k, &x)| k.settings_of(&value_word(x)))
            .collect()
    }

    /// Judges `v` (once: a judged one is looked up).
    fn judge(&mut self, v: &[u32]) -> Judgement {
        if let Some((_, j)) = self.judged.iter().find(|(w, _)| w == v) {
            return j.clone();
        }
        let j = judge(&self.base, &self.target, &self.settings(v));
        if j.how == How::Simulated {
            self.runs += 1;
        }
        self.judged.push((v.to_vec(), j.clone()));
        j
    }

    /// A judged one decides `v`: a passing one below it (`v` is not
    /// smallest) or a failing one above it (`v` fails too).
    fn decided(&self, v: &[u32]) -> bool {
        self.judged.iter().any(|(w, j)| {
            (j.meets() && below(w, v)) || (!j.meets() && j.how != How::Invalid && below(v, w))
        })
    }

    /// One step: judges one configuration; false once the search is over.
    pub fn step(&mut self) -> bool {
        if self.runs >= self.max_runs && self.phase != Phase::Done {
            self.phase = Phase::Done;
            return false;
        }
        match self.phase {
            Phase::Top => {
                let top: Values = self.ladder.last().cloned().unwrap_or_default();
                let j = self.judge(&top);
                self.phase = if j.meets() {
                    Phase::Ladder
                } else {
                    Phase::Done
                };
            }
            Phase::Ladder => self.ladder_step(),
            Phase::Refine => self.refine_step(),
            Phase::Done => return false,
        }
        self.phase != Phase::Done
    }

    fn ladder_step(&mut self) {
        while self.next < self.ladder.len() {
            let v = self.ladder[self.next].clone();
            self.next += 1;
            if !self.decided(&v) {
                self.judge(&v);
                return;
            }
        }
        self.smallest = self.minimal_passing();
        self.phase = Phase::Refine;
        self.refine = self.first_bisection(0, 0);
        if self.refine.is_none() {
            self.phase = Phase::Done;
        }
    }

    /// The passing configurations with no passing one below them.
    fn minimal_passing(&self) -> Vec<Values> {
        let pass: Vec<&Values> = (self.judged.iter())
            .filter(|(_, j)| j.meets())
            .map(|(v, _)| v)
            .collect();
        let mut out: Vec<Values> = pass
            .iter()
            .filter(|v| !pass.iter().any(|w| w != *v && below(w, v)))
            .map(|v| (*v).clone())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The next (smallest one, knob) from `(s, k)` on that can go lower:
    /// a whole value above the ladder's value below it (or above 0).
    fn first_bisection(&self, mut s: usize, mut k: usize) -> Option<(usize, usize, u32, u32)> {
        while s < self.smallest.len() {
            while k < self.knobs.len() {
                let hi = self.smallest[s][k];
                if hi != u32::MAX {
                    let knob = &self.knobs[k];
                    let at = (0..knob.values.len()).position(|i| knob_value(knob, i) == hi);
                    let lo = match at {
                        Some(0) | None => 0,
                        Some(i) => knob_value(knob, i - 1),
                    };
                    if hi > lo + 1 {
                        return Some((s, k, lo, hi));
                    }
                }
                k += 1;
            }
            s += 1;
            k = 0;
        }
        None
    }

    fn refine_step(&mut self) {
        let Some((s, k, lo, hi)) = self.refine else {
            self.phase = Phase::Done;
            return;
        };
        let mid = lo + (hi - lo) / 2;
        let mut v = self.smallest[s].clone();
        v[k] = mid;
        let meets = self.judge(&v).meets();
        let (lo, hi) = if meets { (lo, mid) } else { (mid, hi) };
        if hi > lo + 1 {
            self.refine = Some((s, k, lo, hi));
            return;
        }
        self.smallest[s][k] = hi;
        self.refine = self.first_bisection(s, k + 1);
        if self.refine.is_none() {
            self.phase = Phase::Done;
        }
    }

    /// The smallest configurations found that meet the target (bisected
    /// when the search got that far), each with its judgement.
    pub fn answers(&self) -> Vec<Answer> {
        let smallest = if self.smallest.is_empty() {
            self.minimal_passing()
        } else {
            self.smallest.clone()
        };
        let mut out: Vec<Answer> = Vec::new();
        for v in smallest {
            let Some((_, j)) = self.judged.iter().find(|(w, _)| *w == v) else {
                continue;
            };
            let settings = self.settings(&v);
            if !out.iter().any(|a| a.settings == settings) {
                out.push(Answer {
                    settings,
                    judgement: j.clone(),
                });
            }
        }
        out
    }

    /// Why the others fail: for each way of failing (each resource's
    /// ceiling, the latency, the errors, the rate), the largest
    /// configuration judged that fails so.
    pub fn failures(&self) -> Vec<Answer> {
        let mut out: Vec<(&Values, &Judgement)> = Vec::new();
        for (v, j) in self.judged.iter().filter(|(_, j)| !j.meets()) {
            let same = |o: &&mut (&Values, &Judgement)| same_failure(o.1, j);
            let size = |v: &Values| v.iter().map(|x| u64::from(*x).min(1 << 20)).sum::<u64>();
            match out.iter_mut().find(same) {
                Some(o) if size(v) > size(o.0) => *o = (v, j),
                Some(_) => {}
                None => out.push((v, j)),
            }
        }
        out.into_iter()
            .map(|(v, j)| Answer {
                settings: self.settings(v),
                judgement: j.clone(),
            })
            .collect()
    }

    /// The largest configuration's failure, when the target is out of
    /// reach of every configuration searched.
    pub fn out_of_reach(&self) -> Option<Answer> {
        let top = self.ladder.last()?;
        let (_, j) = self.judged.iter().find(|(w, _)| w == top)?;
        (!j.meets()).then(|| Answer {
            settings: self.settings(top),
            judgement: j.clone(),
        })
    }

    /// What the budget left out, when the search stopped before its end.
    pub fn stopped(&self) -> Option<Stopped> {
        let complete = self.phase == Phase::Done
            && (self.out_of_reach().is_some()
                || self.refine.is_none() && self.next >= self.ladder.len());
        if complete {
            return None;
        }
        let not_searched = (self.ladder[self.next.min(self.ladder.len())..].iter())
            .filter(|v| !self.decided(v))
            .count();
        Some(Stopped {
            not_searched,
            refined: self.phase == Phase::Done && self.refine.is_none(),
        })
    }
}
