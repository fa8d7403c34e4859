//! The Aggregate Report (`StatGraphVisualizer`) and Summary Report
//! (`SummaryReport`) saved with "Save Table Data".

use crate::scenario::FieldError;

use super::super::lines::{self, bad_line, count, missing, number};
use super::super::{Counted, Measurement, Source};

use super::csv::*;

/// The Aggregate Report's header (`StatGraphVisualizer.COLUMNS` with
/// `messages.properties`' English names); the Summary Report's has
/// `Std. Dev.` and `Avg. Bytes` instead of the median and lines.
const REPORT_HEADER: &str = "`Label,# Samples,Average,Median,90% Line,95% Line,99% Line,Min,Max,Error %,Throughput,Received KB/sec,Sent KB/sec`";

/// One row of an Aggregate or Summary Report.
struct ReportRow {
    /// `Label` (`TOTAL` for the total row).
    label: String,
    /// `# Samples`.
    samples: u64,
    /// `Average`, ms (JMeter rounds it to a whole ms).
    average: f64,
    /// `Min`, ms.
    min: f64,
    /// `Max`, ms.
    max: f64,
    /// `Std. Dev.`, ms (Summary Report only).
    stdev: Option<f64>,
    /// `Error %`, as a fraction.
    error: f64,
    /// `Throughput`, per second.
    rate: f64,
    /// (percent, ms): `Median` and the `<p>% Line`s (Aggregate Report).
    percentiles: Vec<(f64, f64)>,
}

/// The columns of a report that are read.
struct ReportColumns {
    /// `Label`.
    label: usize,
    /// `# Samples`.
    samples: usize,
    /// `Average`.
    average: usize,
    /// `Min`.
    min: usize,
    /// `Max`.
    max: usize,
    /// `Error %`.
    error: usize,
    /// `Throughput`.
    rate: usize,
    /// `Std. Dev.`.
    stdev: Option<usize>,
    /// (percent, column): `Median` as 50 and each `<p>% Line`.
    percentiles: Vec<(f64, usize)>,
}

/// The Aggregate Report or Summary Report saved as CSV ("Save Table Data",
/// `CSVSaveService.saveCSVStats`): its `TOTAL` row, or its only row.
/// Throughput is per second there (`SamplingStatCalculator.getRate`: the
/// table shows /min or /sec, the CSV the raw rate per second).
pub(in crate::measured) fn report(text: &str) -> Result<Measurement, FieldError> {
    /// Whose output this reads.
    const SOURCE: Source = Source::JmeterReport;
    let mut records = Records::new(text, b',');
    let head = header(&mut records, SOURCE, text, REPORT_HEADER)?;
    let col = |name: &str| head.fields.iter().position(|f| f == name);
    let need = |name: &str| {
        col(name).ok_or_else(|| bad_line(SOURCE, head.line, head.first, REPORT_HEADER))
    };
    let mut percentiles: Vec<(f64, usize)> = col("Median").map(|i| (50.0, i)).into_iter().collect();
    for (i, f) in head.fields.iter().enumerate() {
        // `aggregate_report_xx_pct1_line={0}% Line`, {0} the configured
        // `aggregate_rpt_pct1` (90 unless set; 99.9 is a common one).
        if let Some(p) = f.strip_suffix("% Line") {
            let p = number(p)
                .filter(|p| *p > 0.0 && *p <= 100.0)
                .ok_or_else(|| {
                    bad_line(SOURCE, head.line, head.first, "`<percent>% Line` columns")
                })?;
            percentiles.push((p, i));
        }
    }
    let c = ReportColumns {
        label: need("Label")?,
        samples: need("# Samples")?,
        average: need("Average")?,
        min: need("Min")?,
        max: need("Max")?,
        error: need("Error %")?,
        rate: need("Throughput")?,
        stdev: col("Std. Dev."),
        percentiles,
    };
    let width = head.fields.len();
    let mut rows = Vec::new();
    let mut total = None;
    for record in records {
        let r = record.map_err(|b| bad_line(SOURCE, b.line, b.first, b.expected))?;
        if rows.len() >= lines::MAX_ROWS {
            return Err(bad_line(SOURCE, r.line, r.first, "at most 1000000 rows"));
        }
        if r.fields.len() != width {
            return Err(bad_line(
                SOURCE,
                r.line,
                r.first,
                &format!("{width} fields, as the header names"),
            ));
        }
        let row = report_row(&c, &head.fields, &r.fields)
            .map_err(|e| bad_line(SOURCE, r.line, r.first, &e))?;
        // `aggregate_report_total_label=TOTAL`.
        if row.label == "TOTAL" {
            total = Some(row);
        } else {
            rows.push(row);
        }
    }
    let row = match (total, rows.len()) {
        (Some(t), _) => t,
        (None, 1) => rows
            .pop()
            .ok_or_else(|| missing(SOURCE, text, "a row after the header"))?,
        (None, 0) => return Err(missing(SOURCE, text, "a row after the header")),
        (None, _) => return Err(missing(SOURCE, text, "a `TOTAL` row")),
    };
    let mut m = Measurement::new(SOURCE);
    m.requests = Some(row.samples);
    m.failed = Some((row.samples as f64 * row.error).round() as u64);
    if row.rate > 0.0 {
        m.rate_per_s = Some(row.rate);
        m.elapsed_s = Some(row.samples as f64 / row.rate);
    }
    if row.samples > 0 {
        let l = &mut m.latency;
        l.count = Some(row.samples);
        l.mean_ms = Some(row.average);
        l.min_ms = Some(row.min);
        l.max_ms = Some(row.max);
        l.stdev_ms = row.stdev;
        l.percentiles = lines::sorted(row.percentiles);
    }
    if row.label != "TOTAL" {
        m.label = Some(row.label);
    }
    m.counts = vec![Counted::LatencyWithFailures, Counted::WholeMilliseconds];
    Ok(m)
}

/// A report row's figures; `Err` is what was expected of the bad one.
fn report_row(c: &ReportColumns, names: &[String], f: &[String]) -> Result<ReportRow, String> {
    let field = |i: usize| f.get(i).map(String::as_str).unwrap_or("");
    let ms = |i: usize| {
        let name = names.get(i).map(String::as_str).unwrap_or("");
        decimal(field(i))
            .filter(|v| *v >= 0.0)
            .ok_or_else(|| format!("`<ms>` under `{name}`"))
    };
    let mut percentiles = Vec::new();
    for &(p, i) in &c.percentiles {
        percentiles.push((p, ms(i)?));
    }
    Ok(ReportRow {
        label: field(c.label).to_string(),
        samples: count(field(c.samples)).ok_or("`<n>` under `# Samples`")?,
        average: ms(c.average)?,
        min: ms(c.min)?,
        max: ms(c.max)?,
        stdev: match c.stdev {
            Some(i) => Some(ms(i)?),
            None => None,
        },
        error: percent(field(c.error)).ok_or("`<pct>%` under `Error %`")?,
        rate: decimal(field(c.rate))
            .filter(|r| *r >= 0.0)
            .ok_or("`<per second>` under `Throughput`")?,
        percentiles,
    })
}
