//! A results file (`.jtl`) saved as CSV: one row per sample.

use std::collections::{BTreeMap, HashMap};

use crate::scenario::FieldError;

use super::super::lines::{self, bad_line, count, missing};
use super::super::{Counted, Measurement, Source};

use super::csv::*;
use super::jtl_delimiter;

/// The percentiles computed from a `.jtl` (those JMeter's dashboard and
/// Aggregate Report show by default, and the median).
const JTL_PERCENTS: [f64; 4] = [50.0, 90.0, 95.0, 99.0];

/// A `.jtl` header's two columns every reading needs.
const JTL_HEADER: &str = "a header naming `timeStamp` and `elapsed`";

/// The columns of a `.jtl` that are read, by their `CSVSaveService` names.
struct JtlColumns {
    /// `timeStamp`: when the sample started (see `JtlRun::add`).
    time_stamp: usize,
    /// `elapsed`: the sample's time, ms.
    elapsed: usize,
    /// `label`: the sampler's name.
    label: Option<usize>,
    /// `responseCode`: an HTTP status or a `Non HTTP response code: …`.
    code: Option<usize>,
    /// `responseMessage`.
    message: Option<usize>,
    /// `success`: `true` or `false`.
    success: Option<usize>,
    /// `failureMessage`: the first failed assertion's message.
    failure: Option<usize>,
    /// `allThreads`: threads active in every thread group.
    all_threads: Option<usize>,
    /// `grpThreads`: threads active in the sample's group.
    grp_threads: Option<usize>,
    /// `SampleCount`: samples a row stands for (batch samplers).
    sample_count: Option<usize>,
    /// `ErrorCount`: failed samples a row stands for.
    error_count: Option<usize>,
}

/// A JMeter results file saved as CSV: one row per sample, read by its
/// header (any order, any extra columns such as `sample_variables`).
pub(in crate::measured) fn jtl(text: &str) -> Result<Measurement, FieldError> {
    jtl_rows(text, lines::MAX_ROWS)
}

/// `jtl` with at most `max_rows` rows read (a test gives a small one).
pub(super) fn jtl_rows(text: &str, max_rows: usize) -> Result<Measurement, FieldError> {
    /// Whose output this reads.
    const SOURCE: Source = Source::JmeterJtl;
    let delim =
        jtl_delimiter(lines::first_line(text)).ok_or_else(|| missing(SOURCE, text, JTL_HEADER))?;
    let mut records = Records::new(text, delim);
    let head = header(&mut records, SOURCE, text, JTL_HEADER)?;
    let col = |name: &str| head.fields.iter().position(|f| f == name);
    let need =
        |name: &str| col(name).ok_or_else(|| bad_line(SOURCE, head.line, head.first, JTL_HEADER));
    let c = JtlColumns {
        time_stamp: need("timeStamp")?,
        elapsed: need("elapsed")?,
        label: col("label"),
        code: col("responseCode"),
        message: col("responseMessage"),
        success: col("success"),
        failure: col("failureMessage"),
        all_threads: col("allThreads"),
        grp_threads: col("grpThreads"),
        sample_count: col("SampleCount"),
        error_count: col("ErrorCount"),
    };
    let width = head.fields.len();
    let mut run = JtlRun::default();
    for record in records {
        let r = record.map_err(|b| bad_line(SOURCE, b.line, b.first, b.expected))?;
        if run.lats.len() >= max_rows {
            return Err(bad_line(
                SOURCE,
                r.line,
                r.first,
                &format!("at most {max_rows} rows"),
            ));
        }
        if r.fields.len() != width {
            return Err(bad_line(
                SOURCE,
                r.line,
                r.first,
                &format!("{width} fields, as the header names"),
            ));
        }
        run.add(&c, &r.fields)
            .map_err(|expected| bad_line(SOURCE, r.line, r.first, &expected))?;
    }
    run.into_measurement()
        .ok_or_else(|| missing(SOURCE, text, "a row after the header"))
}

/// What the rows of a `.jtl` add up to.
#[derive(Default)]
struct JtlRun {
    /// Each row's elapsed time, ms.
    lats: Vec<f64>,
    /// Samples counted (a row is one unless `SampleCount` says more).
    samples: u64,
    /// Samples failed.
    failed: u64,
    /// Whether a row said whether it failed (a `success` or `ErrorCount`).
    judged: bool,
    /// The earliest start, ms since 1970.
    first_start: Option<u64>,
    /// The latest end, ms since 1970.
    last_end: u64,
    /// Rows by numeric response code.
    status: BTreeMap<u16, u64>,
    /// Failed rows by their error's name.
    errors: HashMap<String, u64>,
    /// The label every row so far has, `None` once two differ.
    label: Option<Option<String>>,
    /// The most threads a row saw active.
    threads: Option<u64>,
}

impl JtlRun {
    /// Adds one row; `Err` is what was expected of the field that is not.
    fn add(&mut self, c: &JtlColumns, f: &[String]) -> Result<(), String> {
        let get = |i: Option<usize>| i.and_then(|i| f.get(i)).map(String::as_str);
        let field = |i: usize| f.get(i).map(String::as_str).unwrap_or("");
        let stamp = time_stamp(field(c.time_stamp)).ok_or(
            "`<ms since 1970>` or `yyyy/MM/dd HH:mm:ss.SSS` under `timeStamp`".to_string(),
        )?;
        let elapsed = count(field(c.elapsed)).ok_or("`<ms>` under `elapsed`".to_string())?;
        let success = match get(c.success) {
            None => None,
            // `SampleResult.isSuccessful` written by `Boolean.toString`;
            // JMeter reads it back with `Boolean.parseBoolean`.
            Some(s) if s.eq_ignore_ascii_case("true") => Some(true),
            Some(s) if s.eq_ignore_ascii_case("false") => Some(false),
            Some(_) => return Err("`true` or `false` under `success`".to_string()),
        };
        // Batch samplers (`jmeter.save.saveservice.sample_count=true`)
        // write how many samples and errors a row stands for.
        let samples = match get(c.sample_count) {
            Some(s) => count(s).ok_or("`<n>` under `SampleCount`".to_string())?,
            None => 1,
        };
        let errors = match (get(c.error_count), success) {
            (Some(s), _) => Some(count(s).ok_or("`<n>` under `ErrorCount`".to_string())?),
            (None, Some(ok)) => Some(u64::from(!ok)),
            (None, None) => None,
        };
        let threads = match get(c.all_threads).or(get(c.grp_threads)) {
            Some(s) => Some(count(s).ok_or("`<n>` under `allThreads`".to_string())?),
            None => None,
        };
        // JMeter's shipped jmeter.properties sets
        // `sampleresult.timestamp.start=true`: the stamp is the sample's
        // start, its end the stamp plus its elapsed time
        // (`report.core.Sample.getStartTime`/`getEndTime`); the run spans
        // the first start to the last end, as the dashboard's throughput.
        self.first_start = Some(self.first_start.map_or(stamp, |s| s.min(stamp)));
        self.last_end = self.last_end.max(stamp.saturating_add(elapsed));
        self.lats.push(elapsed as f64);
        self.samples = self.samples.saturating_add(samples);
        if let Some(e) = errors {
            self.judged = true;
            self.failed = self.failed.saturating_add(e);
        }
        let code = get(c.code).unwrap_or("");
        if let Some(n) = count(code).and_then(|n| u16::try_from(n).ok()) {
            let slot = self.status.entry(n).or_insert(0);
            *slot = slot.saturating_add(1);
        }
        if success == Some(false) {
            let key = error_key(
                code,
                get(c.message).unwrap_or(""),
                get(c.failure).unwrap_or(""),
            );
            let slot = self.errors.entry(key).or_insert(0);
            *slot = slot.saturating_add(1);
        }
        let label = get(c.label).map(str::to_string);
        self.label = match self.label.take() {
            None => Some(label),
            Some(seen) if seen == label => Some(seen),
            Some(_) => Some(None),
        };
        if let Some(t) = threads {
            self.threads = Some(self.threads.map_or(t, |m| m.max(t)));
        }
        Ok(())
    }

    /// The run's figures; `None` without a row.
    fn into_measurement(mut self) -> Option<Measurement> {
        let first_start = self.first_start?;
        let n = self.lats.len();
        let mut m = Measurement::new(Source::JmeterJtl);
        m.requests = Some(self.samples);
        m.failed = self.judged.then_some(self.failed);
        let span_ms = self.last_end.saturating_sub(first_start);
        if span_ms > 0 {
            let secs = span_ms as f64 / 1000.0;
            m.elapsed_s = Some(secs);
            m.rate_per_s = Some(self.samples as f64 / secs);
        }
        let l = &mut m.latency;
        l.count = Some(n as u64);
        let mean = self.lats.iter().sum::<f64>() / n as f64;
        l.mean_ms = Some(mean);
        // Population deviation, as JMeter's `StatCalculator` (two passes
        // here, for precision).
        let var = self
            .lats
            .iter()
            .map(|x| (x - mean) * (x - mean))
            .sum::<f64>()
            / n as f64;
        l.stdev_ms = Some(var.sqrt());
        l.percentiles = lines::nearest_rank(&mut self.lats, &JTL_PERCENTS);
        l.min_ms = self.lats.first().copied();
        l.max_ms = self.lats.last().copied();
        m.status = self.status.into_iter().collect();
        let mut errors: Vec<(String, u64)> = self.errors.into_iter().collect();
        errors.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        m.errors = errors;
        m.load.concurrency = self.threads;
        m.label = self.label.flatten();
        m.counts = vec![
            Counted::LatencyWithFailures,
            Counted::WholeMilliseconds,
            Counted::PercentilesComputedHere,
        ];
        Some(m)
    }
}

/// A failed sample's name for its error, as JMeter's dashboard names it
/// (`report.processor.ErrorsSummaryConsumer.getErrorKey`): the response
/// code and message (`Non HTTP response code: java.net.ConnectException/
/// Non HTTP response message: Connection refused`, `500/Internal Server
/// Error`), or, when the code says success (200–399,
/// `MetricUtils.isSuccessCode`) or is empty and an assertion said why, the
/// assertion's failure message (`Assertion failed` without one). Two
/// departures, for a name shown on one line: without a code the message
/// stands alone (a failed Transaction Controller's `Number of samples in
/// transaction : 2, number of failing samples : 1`, where JMeter would
/// start it with `/`), and line breaks (a script assertion's message may
/// hold some) become spaces.
fn error_key(code: &str, message: &str, failure: &str) -> String {
    let success_code = count(code).is_some_and(|c| (200..=399).contains(&c));
    let key = if success_code || (code.is_empty() && !failure.trim().is_empty()) {
        if failure.trim().is_empty() {
            "Assertion failed".to_string()
        } else {
            failure.to_string()
        }
    } else if message.is_empty() {
        code.to_string()
    } else if code.is_empty() {
        message.to_string()
    } else {
        format!("{code}/{message}")
    };
    key.split(['\r', '\n'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A `timeStamp`: milliseconds since 1970 (`timestamp_format=ms`, the
/// default), or a date as `jmeter.properties`' example format
/// `yyyy/MM/dd HH:mm:ss.SSS` (any separators), in ms from the same origin.
pub(super) fn time_stamp(s: &str) -> Option<u64> {
    if let Some(ms) = count(s) {
        return Some(ms);
    }
    let groups: Vec<&str> = s
        .split(|c: char| !c.is_ascii_digit())
        .filter(|g| !g.is_empty())
        .collect();
    let (date, millis) = match groups.as_slice() {
        [y, mo, d, h, mi, se] => ([*y, *mo, *d, *h, *mi, *se], 0),
        [y, mo, d, h, mi, se, ms] if ms.len() == 3 => ([*y, *mo, *d, *h, *mi, *se], count(ms)?),
        _ => return None,
    };
    let [y, mo, d, h, mi, se] = date;
    if y.len() != 4 {
        return None;
    }
    let (y, mo, d) = (count(y)?, count(mo)?, count(d)?);
    let (h, mi, se) = (count(h)?, count(mi)?, count(se)?);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || se > 60 {
        return None;
    }
    let days = days_from_civil(y, mo, d);
    let secs = days
        .checked_mul(86_400)?
        .checked_add(h * 3600 + mi * 60 + se)?;
    secs.checked_mul(1000)?.checked_add(millis)
}

/// Days from 0000-03-01 to a date of the proleptic Gregorian calendar
/// (H. Hinnant's `days_from_civil`, shifted so no value is negative).
fn days_from_civil(y: u64, m: u64, d: u64) -> u64 {
    let y = if m <= 2 { y.saturating_sub(1) } else { y };
    let era = y / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe
}
