//! The room's guesses, counted by hand: at a projector without a network
//! the presenter asks for a show of hands and types the counts — one per
//! option of a choice question, one per range of a number question. After
//! the run the page draws them as a histogram beside the run's answer,
//! with the bin the answer falls in marked.
//!
//! The default ranges of a number question come from its unit alone (a
//! 1-2-5 series over the scale that unit takes in the lessons), never from
//! the chapter's scenario or theory: the bins must not give the answer
//! away before the run.

use serde::{Deserialize, Serialize};

use super::grade::Actual;
use super::text::Unit;
use super::{ChoiceQuestion, Question};

/// The most hands one bin may count (a lecture hall, with room to spare).
pub const MAX_COUNT: u32 = 10_000;

/// The most range edges a number question's tally may have (one more bin
/// than edges): a histogram a room can read at a glance.
pub const MAX_EDGES: usize = 8;

/// The room's answers to a chapter's question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Tally {
    /// A count per option, in the order the question shows them.
    Choice {
        /// The counts.
        counts: Vec<u32>,
    },
    /// A count per range of numbers: `edges` ascending split the line into
    /// `edges.len() + 1` bins — below the first edge, between each two,
    /// the last edge and above.
    Number {
        /// Where one bin ends and the next begins (the edge belongs to
        /// the bin above it).
        edges: Vec<f64>,
        /// The counts, lowest bin first.
        counts: Vec<u32>,
    },
}

/// One bin of a tally.
#[derive(Clone, Debug, PartialEq)]
pub enum Bin {
    /// A choice's option, by id.
    Option(String),
    /// Numbers below this one.
    Below(f64),
    /// Numbers from the first (included) to the second.
    Between(f64, f64),
    /// This number and above.
    From(f64),
}

impl Unit {
    /// The range edges a number question in this unit starts with: a 1-2-5
    /// series over the values that unit takes in the lessons.
    pub(crate) fn default_edges(self) -> &'static [f64] {
        match self {
            Unit::ReqPerS | Unit::TasksPerS => &[50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0],
            Unit::Ms => &[10.0, 50.0, 100.0, 500.0, 1000.0, 5000.0],
            Unit::Pct => &[1.0, 5.0, 10.0, 25.0, 50.0],
            Unit::Mb => &[10.0, 50.0, 100.0, 500.0, 1000.0],
            Unit::Times => &[1.5, 2.0, 5.0, 10.0],
            Unit::CallsPerRequest => &[1.25, 1.5, 2.0, 2.5],
        }
    }
}

/// Whether `edges` can split a number line: 1 to [`MAX_EDGES`] finite
/// numbers, none negative (no unit of a lesson is), strictly ascending.
pub(crate) fn edges_ascend(edges: &[f64]) -> bool {
    (1..=MAX_EDGES).contains(&edges.len())
        && edges.iter().all(|e| e.is_finite() && *e >= 0.0)
        && edges.windows(2).all(|w| w[0] < w[1])
}

/// The bin of `x` among `edges` (ascending): how many edges are at or
/// below it.
pub(crate) fn bin_of(edges: &[f64], x: f64) -> usize {
    edges.iter().filter(|e| x >= **e).count()
}

impl Tally {
    /// An empty tally for `question`: a zero per option, or per range of
    /// the unit's default edges.
    pub fn empty(question: &Question) -> Tally {
        match question {
            Question::Choice(q) => Tally::Choice {
                counts: vec![0; q.options.len()],
            },
            Question::Number(q) => {
                let edges = q.unit.default_edges().to_vec();
                let counts = vec![0; edges.len() + 1];
                Tally::Number { edges, counts }
            }
        }
    }

    /// The counts, bin by bin.
    pub fn counts(&self) -> &[u32] {
        match self {
            Tally::Choice { counts } | Tally::Number { counts, .. } => counts,
        }
    }

    /// The range edges (none for a choice).
    pub fn edges(&self) -> &[f64] {
        match self {
            Tally::Choice { .. } => &[],
            Tally::Number { edges, .. } => edges,
        }
    }

    /// Every hand counted.
    pub fn total(&self) -> u64 {
        self.counts().iter().map(|&c| u64::from(c)).sum()
    }

    /// Whether it is a tally of `question`: of its kind, a count per bin,
    /// none above [`MAX_COUNT`], and a number's edges ascending. What a
    /// stored progress or the speaker view's window sends is held to it.
    pub(crate) fn fits(&self, question: &Question) -> bool {
        let counts_ok = self.counts().iter().all(|&c| c <= MAX_COUNT);
        let shape_ok = match (self, question) {
            (Tally::Choice { counts }, Question::Choice(q)) => counts.len() == q.options.len(),
            (Tally::Number { edges, counts }, Question::Number(_)) => {
                edges_ascend(edges) && counts.len() == edges.len() + 1
            }
            _ => false,
        };
        counts_ok && shape_ok
    }

    /// Its bins, in order (a choice's by the question's options).
    pub fn bins(&self, question: &Question) -> Vec<Bin> {
        match (self, question) {
            (Tally::Choice { .. }, Question::Choice(q)) => option_bins(q),
            (Tally::Number { edges, .. }, Question::Number(_)) => number_bins(edges),
            _ => Vec::new(),
        }
    }

    /// The bin the run's answer falls in: a number's range, or the one
    /// option that holds (`None` when none or several hold, or the
    /// answer is of the other kind).
    pub(crate) fn answer_bin(&self, question: &Question, actual: &Actual) -> Option<usize> {
        match (self, question, actual) {
            (Tally::Number { edges, .. }, Question::Number(_), Actual::Number(x)) => {
                x.is_finite().then(|| bin_of(edges, *x))
            }
            (Tally::Choice { .. }, Question::Choice(q), Actual::Choice(ids)) => {
                match ids.as_slice() {
                    [id] => q.options.iter().position(|o| &o.id == id),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

fn option_bins(q: &ChoiceQuestion) -> Vec<Bin> {
    q.options
        .iter()
        .map(|o| Bin::Option(o.id.clone()))
        .collect()
}

fn number_bins(edges: &[f64]) -> Vec<Bin> {
    let (Some(first), Some(last)) = (edges.first(), edges.last()) else {
        return Vec::new();
    };
    let mut out = vec![Bin::Below(*first)];
    out.extend(edges.windows(2).map(|w| Bin::Between(w[0], w[1])));
    out.push(Bin::From(*last));
    out
}
