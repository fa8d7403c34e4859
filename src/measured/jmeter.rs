//! JMeter's outputs (apache/jmeter): a results file (`.jtl`) saved as CSV
//! by `CSVSaveService`, the Aggregate Report (`StatGraphVisualizer`) and
//! Summary Report (`SummaryReport`) saved with "Save Table Data", and the
//! non-GUI `summary =` lines of `reporters/Summariser.java`.
//!
//! JMeter times every sample in whole milliseconds and its figures include
//! failed samples: the Summariser's and the reports' averages, minimums,
//! maximums and percentiles all count them.

use super::{MARKS, Source, lines};
use csv::Records;
use summariser::summariser_line;

mod csv;
mod jtl;
mod report;
mod summariser;
#[cfg(test)]
mod tests;

pub(super) use jtl::jtl;
pub(super) use report::report;
pub(super) use summariser::summariser;

/// Which JMeter output `text` is: a `.jtl` whose first line is a CSV header
/// naming `timeStamp` and `elapsed`, a report whose first line starts
/// `Label,# Samples`, or the Summariser's `summary =` / `summary +` lines
/// when no other tool's mark is in the text (so that `detect`
/// refuses a paste of two tools rather than this reading one of them).
pub(super) fn which_csv(text: &str) -> Option<Source> {
    let first = lines::first_line(text);
    if jtl_delimiter(first).is_some() {
        return Some(Source::JmeterJtl);
    }
    if first.starts_with("Label,# Samples") {
        return Some(Source::JmeterReport);
    }
    let summariser = text.lines().any(|l| summariser_line(l).is_some());
    let other_tool = text.lines().map(str::trim).any(|l| {
        MARKS
            .iter()
            .any(|&(s, mark)| s != Source::JmeterSummariser && l.starts_with(mark))
    });
    (summariser && !other_tool).then_some(Source::JmeterSummariser)
}

/// The delimiter of a `.jtl` header line: `CSVSaveService` writes `,` by
/// default and `jmeter.save.saveservice.default_delimiter` may make it a
/// tab (or another character; `;` and `|` are the ones people pick).
fn jtl_delimiter(header: &str) -> Option<u8> {
    [b',', b'\t', b';', b'|']
        .into_iter()
        .find(|&d| match Records::new(header, d).next() {
            Some(Ok(r)) => {
                let has = |name: &str| r.fields.iter().any(|f| f == name);
                has("timeStamp") && has("elapsed")
            }
            _ => false,
        })
}
