//! The room's answers on the page: at a chapter's question the presenter
//! types a count per option (or per range of a number question), and once
//! the run has answered, the page draws them as a histogram beside the
//! run's answer, the bin it falls in marked (`app::lesson::Tally` holds
//! the counts and their bins).
//!
//! The fields are read here, as typed: a count is a whole number from 0
//! to `MAX_COUNT` (an empty field counts nothing yet), a range edge a
//! number above the edge before it. A field that does not read is one
//! line naming the field, the value and what it expects; the tally keeps
//! its last good counts until it reads.

use crate::app::lesson::{Actual, Bin, Chapter, MAX_COUNT, Part, Question, Step, Tally};
use crate::app::page::state::State;
use crate::app::page::yours::decimal;
use crate::i18n::keys::{self, errors};
use crate::i18n::{self, Arg, Locale};
use crate::scenario::FieldError;

/// The tally's fields as typed.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct TallyTexts {
    /// The range edges (none for a choice).
    pub(crate) edges: Vec<String>,
    /// The counts, bin by bin.
    pub(crate) counts: Vec<String>,
}

/// The tally's fields on the page, in the view's language.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TallyForm {
    /// The unit of a number question's ranges.
    pub(crate) unit: Option<String>,
    /// Each range edge's label (none for a choice).
    pub(crate) edges: Vec<String>,
    /// Each bin's label: an option's words, or a range.
    pub(crate) bins: Vec<String>,
    /// What the fields hold: the tally so far, or zeros.
    pub(crate) texts: TallyTexts,
}

/// One bar of the room's histogram.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Bar {
    /// The bin's label.
    pub(crate) label: String,
    /// Its count and share, in words.
    pub(crate) value: String,
    /// Its length, percent of the longest bar's.
    pub(crate) width_pct: f64,
    /// Whether the run's answer falls in it.
    pub(crate) answer: bool,
}

/// The room's answers beside the run's.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Histogram {
    /// How many answered, in words.
    pub(crate) total: String,
    /// The bars, in the bins' order.
    pub(crate) bars: Vec<Bar>,
    /// Whether a bar holds the run's answer (none does when the run
    /// cannot decide a choice).
    pub(crate) marked: bool,
}

impl TallyTexts {
    /// The fields of `tally`.
    pub(crate) fn of(tally: &Tally) -> TallyTexts {
        TallyTexts {
            edges: tally.edges().iter().map(|e| e.to_string()).collect(),
            counts: tally.counts().iter().map(|c| c.to_string()).collect(),
        }
    }

    /// The tally the fields say for `question`, each field labelled as
    /// `form` labels it; else the first that does not read.
    pub(crate) fn read(&self, question: &Question, form: &TallyForm) -> Result<Tally, FieldError> {
        let label = |labels: &[String], i: usize| labels.get(i).cloned().unwrap_or_default();
        let mut edges = Vec::with_capacity(self.edges.len());
        for (i, text) in self.edges.iter().enumerate() {
            edges.push(edge(&label(&form.edges, i), text, edges.last().copied())?);
        }
        let mut counts = Vec::with_capacity(self.counts.len());
        for (i, text) in self.counts.iter().enumerate() {
            counts.push(count(&label(&form.bins, i), text)?);
        }
        let tally = match question {
            Question::Choice(_) => Tally::Choice { counts },
            Question::Number(_) => Tally::Number { edges, counts },
        };
        // The fields are the form's, made for this question: a tally of
        // another shape means the question changed under the typing.
        if tally.fits(question) {
            Ok(tally)
        } else {
            Err(FieldError::new("tally", "", errors::TALLY_SHAPE.said()))
        }
    }
}

/// A count as typed: empty is none yet.
fn count(field: &str, text: &str) -> Result<u32, FieldError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(0);
    }
    let n = (t.bytes().all(|b| b.is_ascii_digit()))
        .then(|| t.parse::<u32>().ok())
        .flatten()
        .filter(|n| *n <= MAX_COUNT);
    n.ok_or_else(|| {
        let said = errors::TALLY_COUNT
            .said()
            .with("max", i18n::Part::Count(u64::from(MAX_COUNT)));
        FieldError::new(field, text, said)
    })
}

/// A range edge as typed: a number, 0 or more, above the edge before it.
fn edge(field: &str, text: &str, before: Option<f64>) -> Result<f64, FieldError> {
    let low = before.unwrap_or(0.0);
    let x = decimal(text).filter(|x| {
        x.is_finite()
            && match before {
                Some(b) => *x > b,
                None => *x >= 0.0,
            }
    });
    x.ok_or_else(|| {
        let said = match before {
            Some(_) => errors::TALLY_EDGE_ABOVE.said(),
            None => errors::TALLY_EDGE_FIRST.said(),
        };
        FieldError::new(field, text, said.with("low", i18n::Part::Shortest(low)))
    })
}

/// A bin's label in `locale`.
fn bin_label(bin: &Bin, chapter: &Chapter, lesson: &str, locale: Locale) -> String {
    let n = |x: f64| Arg::Text(locale.short(x));
    match bin {
        Bin::Option(id) => chapter.text(lesson, Part::Option(id), locale),
        Bin::Below(to) => keys::ROOM_BELOW.text(locale, &[("to", n(*to))]),
        Bin::Between(from, to) => {
            keys::ROOM_BETWEEN.text(locale, &[("from", n(*from)), ("to", n(*to))])
        }
        Bin::From(from) => keys::ROOM_FROM.text(locale, &[("from", n(*from))]),
    }
}

/// The tally's fields for the open chapter, while its question is asked
/// and not yet graded, in presenter mode or the speaker view (a learner
/// alone has no room to count).
pub(crate) fn form(state: &State) -> Option<TallyForm> {
    let p = state.lesson.as_ref()?;
    let (l, chapter) = state.chapter()?;
    let presenting = (state.view.presenter || state.view.speaker) && !state.view.embed;
    let asking = matches!(p.step, Step::Read | Step::Predict);
    let graded = p.answer().is_some_and(|a| a.grade.is_some());
    if !presenting || !asking || graded {
        return None;
    }
    let locale = state.view.locale();
    let tally = (p.tally().cloned()).unwrap_or_else(|| Tally::empty(&chapter.question));
    let unit = match &chapter.question {
        Question::Number(q) => Some(q.unit.key().text(locale, &[])),
        Question::Choice(_) => None,
    };
    let edges = (1..=tally.edges().len())
        .map(|n| keys::ROOM_EDGE.text(locale, &[("n", Arg::Number(n as f64))]))
        .collect();
    let bins = (tally.bins(&chapter.question).iter())
        .map(|b| bin_label(b, chapter, &l.id, locale))
        .collect();
    Some(TallyForm {
        unit,
        edges,
        bins,
        texts: TallyTexts::of(&tally),
    })
}

/// The room's histogram for the open chapter, once its answer is graded
/// and the presenter counted at least one hand.
pub(crate) fn histogram(state: &State) -> Option<Histogram> {
    let p = state.lesson.as_ref()?;
    let (l, chapter) = state.chapter()?;
    let actual = &p.answer()?.grade.as_ref()?.actual;
    let tally = p.tally().filter(|t| t.total() > 0)?;
    Some(bars(tally, chapter, &l.id, actual, state.view.locale()))
}

fn bars(
    tally: &Tally,
    chapter: &Chapter,
    lesson: &str,
    actual: &Actual,
    locale: Locale,
) -> Histogram {
    let q = &chapter.question;
    let answer = tally.answer_bin(q, actual);
    let total = tally.total();
    let most = tally.counts().iter().copied().max().unwrap_or(0).max(1);
    let bars = (tally.bins(q).iter().zip(tally.counts()).enumerate())
        .map(|(i, (bin, &count))| {
            let share = count as f64 / total.max(1) as f64 * 100.0;
            let value = keys::ROOM_COUNT.text(
                locale,
                &[
                    ("count", Arg::Number(count as f64)),
                    ("pct", Arg::Text(locale.short(share.round()))),
                ],
            );
            Bar {
                label: bin_label(bin, chapter, lesson, locale),
                value,
                width_pct: count as f64 / most as f64 * 100.0,
                answer: answer == Some(i),
            }
        })
        .collect();
    Histogram {
        total: keys::ROOM_TOTAL.text(locale, &[("n", Arg::Number(total as f64))]),
        bars,
        marked: answer.is_some(),
    }
}
