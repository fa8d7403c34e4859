//! JMeter's outputs (apache/jmeter): a results file (`.jtl`) saved as CSV
//! by `CSVSaveService`, the Aggregate Report (`StatGraphVisualizer`) and
//! Summary Report (`SummaryReport`) saved with "Save Table Data", and the
//! non-GUI `summary =` lines of `reporters/Summariser.java`.
//!
//! JMeter times every sample in whole milliseconds and its figures include
//! failed samples: the Summariser's and the reports' averages, minimums,
//! maximums and percentiles all count them.

use std::collections::{BTreeMap, HashMap};

use crate::scenario::FieldError;

use super::lines::{self, bad_line, count, missing, number};
use super::{Counted, MARKS, Measurement, Source};

/// The percentiles computed from a `.jtl` (those JMeter's dashboard and
/// Aggregate Report show by default, and the median).
const JTL_PERCENTS: [f64; 4] = [50.0, 90.0, 95.0, 99.0];

/// The Summariser line read, in its own syntax (`Summariser.format`).
const SUMMARY_EQ: &str =
    "`summary = <n> in <hh:mm:ss> = <rate>/s Avg: <ms> Min: <ms> Max: <ms> Err: <n> (<pct>%)`";

/// A Summariser delta line (`summary +`), which JMeter 2.8+ ends with its
/// thread counts.
const SUMMARY_PLUS: &str = "`summary + <n> in <hh:mm:ss> = <rate>/s Avg: <ms> Min: <ms> Max: <ms> Err: <n> (<pct>%) Active: <n> Started: <n> Finished: <n>`";

/// The Aggregate Report's header (`StatGraphVisualizer.COLUMNS` with
/// `messages.properties`' English names); the Summary Report's has
/// `Std. Dev.` and `Avg. Bytes` instead of the median and lines.
const REPORT_HEADER: &str = "`Label,# Samples,Average,Median,90% Line,95% Line,99% Line,Min,Max,Error %,Throughput,Received KB/sec,Sent KB/sec`";

/// A `.jtl` header's two columns every reading needs.
const JTL_HEADER: &str = "a header naming `timeStamp` and `elapsed`";

// ---------------------------------------------------------------- detection

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

// ---------------------------------------------------------------- CSV

/// One CSV record: the number (1-based) of the line it starts on, that
/// line's text (for an error's value) and its fields, unquoted.
struct Record<'a> {
    /// The line it starts on, 1-based.
    line: usize,
    /// That line, without its line break.
    first: &'a str,
    /// Its fields, unquoted.
    fields: Vec<String>,
}

/// A record that could not be split: where it starts and what is wrong.
struct Broken<'a> {
    /// The line it starts on, 1-based.
    line: usize,
    /// That line, without its line break.
    first: &'a str,
    /// What a record needs there, in CSV's terms.
    expected: &'static str,
}

/// CSV records as `CSVSaveService.quoteDelimiters` writes them: a field
/// holding the delimiter, a quote, CR or LF is put in quotes and its quotes
/// doubled, so a quoted field may run over several lines. Blank lines
/// between records are passed over.
struct Records<'a> {
    /// The whole text.
    text: &'a str,
    /// Where the next record starts, in bytes.
    pos: usize,
    /// The line `pos` is on, 1-based.
    line: usize,
    /// The field delimiter (ASCII).
    delim: u8,
}

impl<'a> Records<'a> {
    /// The records of `text`, its fields split at `delim`.
    fn new(text: &'a str, delim: u8) -> Records<'a> {
        Records {
            text,
            pos: 0,
            line: 1,
            delim,
        }
    }

    /// The record starting at `self.pos` (not blank).
    fn record(&mut self) -> Result<Record<'a>, Broken<'a>> {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        let line = self.line;
        let first = physical_line(self.text, start);
        let broken = |expected| Broken {
            line,
            first,
            expected,
        };
        let mut fields = Vec::new();
        let mut i = start;
        loop {
            if bytes.get(i) == Some(&b'"') {
                let mut field = String::new();
                i += 1;
                loop {
                    let Some(q) = find(bytes, i, |b| b == b'"') else {
                        self.pos = bytes.len();
                        return Err(broken("a closing `\"` before the end of the text"));
                    };
                    let part = self.text.get(i..q).unwrap_or("");
                    self.line += part.matches('\n').count();
                    field.push_str(part);
                    if bytes.get(q + 1) == Some(&b'"') {
                        field.push('"');
                        i = q + 2;
                    } else {
                        i = q + 1;
                        break;
                    }
                }
                fields.push(field);
                match bytes.get(i) {
                    Some(&d) if d == self.delim => i += 1,
                    None | Some(b'\n') => break,
                    Some(b'\r') if matches!(bytes.get(i + 1), None | Some(b'\n')) => {
                        i += 1;
                        break;
                    }
                    Some(_) => {
                        self.pos = bytes.len();
                        return Err(broken("a delimiter or the line's end after a closing `\"`"));
                    }
                }
            } else {
                let end = find(bytes, i, |b| b == self.delim || b == b'\n').unwrap_or(bytes.len());
                let field = self.text.get(i..end).unwrap_or("");
                let at_delim = bytes.get(end) == Some(&self.delim);
                fields.push(if at_delim {
                    field.to_string()
                } else {
                    field.strip_suffix('\r').unwrap_or(field).to_string()
                });
                i = end;
                if at_delim {
                    i += 1;
                } else {
                    break;
                }
            }
        }
        // `i` is at the record's newline or the text's end.
        if i < bytes.len() {
            i += 1;
            self.line += 1;
        }
        self.pos = i;
        Ok(Record {
            line,
            first,
            fields,
        })
    }
}

impl<'a> Iterator for Records<'a> {
    type Item = Result<Record<'a>, Broken<'a>>;

    /// The next record that is not blank.
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.pos >= self.text.len() {
                return None;
            }
            let line = physical_line(self.text, self.pos);
            if !line.trim().is_empty() {
                return Some(self.record());
            }
            self.pos += line.len();
            if self.pos < self.text.len() {
                // Past the newline (and a CR before it, kept in `line`).
                self.pos += 1;
                self.line += 1;
            }
        }
    }
}

/// The line of `text` that starts at byte `start`, without its newline (a
/// CR before it stays, for `Records` to step over).
fn physical_line(text: &str, start: usize) -> &str {
    let rest = text.get(start..).unwrap_or("");
    rest.split('\n').next().unwrap_or("")
}

/// The first byte at or after `from` for which `hit` holds.
fn find(bytes: &[u8], from: usize, hit: impl Fn(u8) -> bool) -> Option<usize> {
    bytes
        .get(from..)?
        .iter()
        .position(|&b| hit(b))
        .map(|p| from + p)
}

/// The header of a CSV, or what to say when it is missing or broken.
fn header<'a>(
    records: &mut Records<'a>,
    source: Source,
    text: &str,
    expected: &str,
) -> Result<Record<'a>, FieldError> {
    match records.next() {
        Some(Ok(r)) => Ok(r),
        Some(Err(b)) => Err(bad_line(source, b.line, b.first, b.expected)),
        None => Err(missing(source, text, expected)),
    }
}

/// A decimal as `java.text.DecimalFormat` prints it in the JVM's locale:
/// `12.5`, or `12,5` where the decimal separator is a comma (the reports'
/// and the Summariser's patterns have no grouping, so a lone comma can only
/// be the decimal point).
fn decimal(s: &str) -> Option<f64> {
    let s = s.trim();
    if s.contains(',') && !s.contains('.') && s.matches(',').count() == 1 {
        number(&s.replacen(',', ".", 1))
    } else {
        number(s)
    }
}

/// A percentage as `DecimalFormat("#0.00%")` or `("#0.000%")` prints it,
/// as a fraction; within 0–100 %.
fn percent(s: &str) -> Option<f64> {
    decimal(s.trim().strip_suffix('%')?)
        .filter(|p| (0.0..=100.0).contains(p))
        .map(|p| p / 100.0)
}

// ---------------------------------------------------------------- .jtl

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
pub(super) fn jtl(text: &str) -> Result<Measurement, FieldError> {
    jtl_rows(text, lines::MAX_ROWS)
}

/// `jtl` with at most `max_rows` rows read (a test gives a small one).
fn jtl_rows(text: &str, max_rows: usize) -> Result<Measurement, FieldError> {
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
fn time_stamp(s: &str) -> Option<u64> {
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

// ---------------------------------------------------------------- reports

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
pub(super) fn report(text: &str) -> Result<Measurement, FieldError> {
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

// ---------------------------------------------------------------- Summariser

/// A Summariser line's kind (`=` for the run so far, `+` for the last
/// interval) and what follows it, trimmed. The line may carry jmeter.log's
/// prefix (`… INFO o.a.j.r.Summariser: summary = …`).
fn summariser_line(line: &str) -> Option<(char, &str)> {
    let t = line.trim();
    let t = match t.find("Summariser: summary ") {
        Some(i) => t.get(i + "Summariser: ".len()..)?,
        None => t,
    };
    let rest = t.strip_prefix("summary ")?;
    let kind = rest.chars().next().filter(|k| *k == '=' || *k == '+')?;
    let body = rest.get(1..)?;
    (body.is_empty() || body.starts_with(' ')).then(|| (kind, body.trim()))
}

/// One Summariser line's figures.
struct Summary {
    /// Samples counted.
    samples: u64,
    /// Elapsed time, s (rounded to whole seconds since JMeter 3.0).
    elapsed_s: f64,
    /// Samples per second; `None` for `******`.
    rate: Option<f64>,
    /// Average, min and max; `None` for an empty interval (JMeter prints
    /// `Long.MAX_VALUE` and `Long.MIN_VALUE` for its min and max).
    times: Option<(u64, u64, u64)>,
    /// Samples failed.
    errors: u64,
    /// `Active:` threads, on the lines that print them.
    active: Option<u64>,
}

/// `Summariser.format`: `<n> in <elapsed> = <rate>/s Avg: <ms> Min: <ms>
/// Max: <ms> Err: <n> (<pct>%)`, and on `+` lines since JMeter 2.8
/// ` Active: <n> Started: <n> Finished: <n>`. The elapsed time is
/// `hh:mm:ss` since JMeter 3.0 (`JOrphanUtils.formatDuration`), `20.3s` or
/// `171s` before; the rate is `******` when no time elapsed.
fn summary_body(body: &str) -> Option<Summary> {
    let mut t = body.split_whitespace();
    let t = &mut t;
    let samples = count(t.next()?)?;
    word(t, "in")?;
    let elapsed_s = summary_elapsed(t.next()?)?;
    word(t, "=")?;
    let rate = t.next()?.strip_suffix("/s")?;
    let rate = if rate.chars().all(|c| c == '*') && !rate.is_empty() {
        None
    } else {
        Some(decimal(rate).filter(|r| *r >= 0.0)?)
    };
    word(t, "Avg:")?;
    let avg = t.next()?;
    word(t, "Min:")?;
    let min = t.next()?;
    word(t, "Max:")?;
    let max = t.next()?;
    let times = if samples == 0 {
        for v in [avg, min, max] {
            count(v.strip_prefix('-').unwrap_or(v))?;
        }
        None
    } else {
        Some((count(avg)?, count(min)?, count(max)?))
    };
    word(t, "Err:")?;
    let errors = count(t.next()?).filter(|e| *e <= samples)?;
    let pct = t.next()?.strip_prefix('(')?.strip_suffix(')')?;
    percent(pct)?;
    let active = match t.next() {
        None => None,
        Some("Active:") => {
            let active = count(t.next()?)?;
            word(t, "Started:")?;
            count(t.next()?)?;
            word(t, "Finished:")?;
            count(t.next()?)?;
            Some(active)
        }
        Some(_) => return None,
    };
    if t.next().is_some() {
        return None;
    }
    Some(Summary {
        samples,
        elapsed_s,
        rate,
        times,
        errors,
        active,
    })
}

/// `Some` when the next word of `t` is `w`.
fn word<'a>(t: &mut impl Iterator<Item = &'a str>, w: &str) -> Option<()> {
    (t.next()? == w).then_some(())
}

/// The Summariser's elapsed time in seconds: `hh:mm:ss` (hours may run
/// past two digits), or `<seconds>s` before JMeter 3.0.
fn summary_elapsed(s: &str) -> Option<f64> {
    if let Some(secs) = s.strip_suffix('s') {
        return decimal(secs).filter(|v| *v >= 0.0);
    }
    let mut parts = s.split(':');
    let (h, m, sec) = (
        count(parts.next()?)?,
        count(parts.next()?)?,
        count(parts.next()?)?,
    );
    if parts.next().is_some() || m > 59 || sec > 59 {
        return None;
    }
    Some(h as f64 * 3600.0 + (m * 60 + sec) as f64)
}

/// JMeter's non-GUI Summariser: the last `summary =` line is the whole run
/// so far (the `+` lines are intervals); the most threads any `+` line saw
/// active is the load.
pub(super) fn summariser(text: &str) -> Result<Measurement, FieldError> {
    /// Whose output this reads.
    const SOURCE: Source = Source::JmeterSummariser;
    let mut last = None;
    let mut active: Option<u64> = None;
    for (i, raw) in text.lines().enumerate() {
        let Some((kind, body)) = summariser_line(raw) else {
            continue;
        };
        let expected = if kind == '=' {
            SUMMARY_EQ
        } else {
            SUMMARY_PLUS
        };
        let s = summary_body(body).ok_or_else(|| bad_line(SOURCE, i + 1, raw, expected))?;
        if let Some(a) = s.active {
            active = Some(active.map_or(a, |m| m.max(a)));
        }
        if kind == '=' {
            last = Some(s);
        }
    }
    let s = last.ok_or_else(|| missing(SOURCE, text, SUMMARY_EQ))?;
    let mut m = Measurement::new(SOURCE);
    m.requests = Some(s.samples);
    m.failed = Some(s.errors);
    m.elapsed_s = Some(s.elapsed_s);
    m.rate_per_s = s.rate;
    if let Some((avg, min, max)) = s.times {
        let l = &mut m.latency;
        l.count = Some(s.samples);
        l.mean_ms = Some(avg as f64);
        l.min_ms = Some(min as f64);
        l.max_ms = Some(max as f64);
    }
    m.load.concurrency = active;
    m.counts = vec![Counted::LatencyWithFailures, Counted::WholeMilliseconds];
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample file of `tests/samples/jmeter/`.
    fn sample(name: &str) -> String {
        super::super::samples::sample(&format!("jmeter/{name}"))
    }

    /// The public entry, which detects the format first.
    fn read(text: &str) -> Result<Measurement, FieldError> {
        super::super::read(text)
    }

    /// `a` is `b` to a billionth.
    fn close(a: Option<f64>, b: f64) -> bool {
        a.is_some_and(|a| (a - b).abs() <= 1e-9 * b.abs().max(1.0))
    }

    /// The one-line error `text` gives, checked to hold no line break.
    fn refused(text: &str) -> FieldError {
        let e = read(text).expect_err("refused");
        assert!(!e.to_string().contains(['\n', '\r']), "{e}");
        e
    }

    #[test]
    fn the_default_jtl_reads_every_row_failures_included() {
        let m = read(&sample("orders-5.6.3-default.jtl")).unwrap();
        assert_eq!(m.source, Source::JmeterJtl);
        assert_eq!((m.requests, m.failed), (Some(40), Some(3)));
        // First start 1733565600023, last end 1733565610469.
        assert!(close(m.elapsed_s, 10.446), "{:?}", m.elapsed_s);
        assert!(close(m.rate_per_s, 40.0 / 10.446));
        let l = &m.latency;
        assert_eq!(l.count, Some(40));
        assert!(close(l.mean_ms, 131.8));
        assert!(close(l.stdev_ms, 303.55610684023475), "{:?}", l.stdev_ms);
        assert_eq!((l.min_ms, l.max_ms), (Some(23.0), Some(2004.0)));
        assert_eq!(
            l.percentiles,
            vec![(50.0, 80.0), (90.0, 173.0), (95.0, 189.0), (99.0, 2004.0)]
        );
        assert_eq!(m.status, vec![(200, 19), (201, 19), (503, 1)]);
        assert_eq!(
            m.errors,
            vec![
                ("503/Service Unavailable, retry later".to_string(), 1),
                (
                    "Non HTTP response code: java.net.ConnectException/Non HTTP response message: Connection refused"
                        .to_string(),
                    1
                ),
                ("Test failed: text expected to contain /\"status\":\"ok\"/".to_string(), 1),
            ]
        );
        assert_eq!(m.label, None, "two labels");
        assert_eq!(m.load.concurrency, Some(10));
        for c in [
            Counted::LatencyWithFailures,
            Counted::WholeMilliseconds,
            Counted::PercentilesComputedHere,
        ] {
            assert!(m.counts.contains(&c), "{c:?}");
        }
    }

    #[test]
    fn a_jtl_is_read_by_its_header_whatever_the_order() {
        let m = read(&sample("shop-reordered-columns.jtl")).unwrap();
        assert_eq!(m.source, Source::JmeterJtl);
        assert_eq!((m.requests, m.failed), (Some(18), Some(2)));
        assert!(close(m.elapsed_s, 1.776));
        assert!(close(m.latency.mean_ms, 173.888_888_888_888_9));
        assert!(close(m.latency.stdev_ms, 88.946_231_504_012_76));
        assert_eq!(
            (m.latency.min_ms, m.latency.max_ms),
            (Some(32.0), Some(311.0))
        );
        assert_eq!(m.latency.at(50.0), Some(198.0));
        assert_eq!(m.latency.at(90.0), Some(295.0));
        // The failed Transaction Controller has no code: not a status.
        assert_eq!(m.status, vec![(200, 17)]);
        assert_eq!(
            m.errors,
            vec![
                ("Expected order state PAID but was PENDING".to_string(), 1),
                (
                    "Number of samples in transaction : 2, number of failing samples : 1"
                        .to_string(),
                    1
                ),
            ]
        );
        assert_eq!(m.load.concurrency, Some(3));
    }

    #[test]
    fn quoted_fields_keep_their_commas_quotes_and_line_breaks() {
        let text = "a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",\r\nx,y,z,w,\n";
        let rows: Vec<Vec<String>> = Records::new(text, b',')
            .map(|r| r.ok().unwrap().fields)
            .collect();
        assert_eq!(rows[0], ["a", "b,c", "say \"hi\"", "two\nlines", ""]);
        assert_eq!(rows[1], ["x", "y", "z", "w", ""]);
        // A record after a two-line one starts on line 3.
        let lines: Vec<usize> = Records::new(text, b',')
            .map(|r| r.ok().unwrap().line)
            .collect();
        assert_eq!(lines, [1, 3]);
    }

    #[test]
    fn a_row_after_a_two_line_record_is_named_by_its_own_line() {
        let text = sample("shop-reordered-columns.jtl");
        let bad = "POST /api/cart,1733569201582,44,true,200,OK,,Shop 1-3,3,3,41,1,http://localhost:8080/api/cart,";
        assert!(text.contains(bad));
        let line = text.lines().position(|l| l == bad).unwrap() + 1;
        let e = refused(&text.replace(bad, &bad.replace(",44,", ",forty-four,")));
        assert!(
            e.message()
                .contains(&format!("line {line} of the JMeter .jtl")),
            "{e}"
        );
        assert!(e.message().contains("`<ms>` under `elapsed`"), "{e}");
    }

    #[test]
    fn a_tab_delimited_jtl_with_dated_stamps_reads_alike() {
        let text = "timeStamp\telapsed\tlabel\tresponseCode\tsuccess\n\
                    2024/12/07 10:00:00.000\t100\tHome\t200\ttrue\n\
                    2024/12/07 10:00:01.500\t250\tHome\t500\tfalse\n";
        let m = read(text).unwrap();
        assert_eq!(m.source, Source::JmeterJtl);
        assert!(close(m.elapsed_s, 1.75), "{:?}", m.elapsed_s);
        assert_eq!(m.label.as_deref(), Some("Home"));
        assert_eq!(m.errors, vec![("500".to_string(), 1)]);
        assert_eq!(
            time_stamp("1970/01/01 00:00:01.000")
                .zip(time_stamp("1970/01/02 00:00:00"))
                .map(|(a, b)| b - a),
            Some(86_399_000)
        );
        assert_eq!(time_stamp("2024/13/01 10:00:00"), None);
    }

    #[test]
    fn a_jtl_cut_mid_row_names_the_line() {
        let text = sample("orders-5.6.3-default.jtl");
        let keep: Vec<&str> = text.lines().take(30).collect();
        let last = keep.last().unwrap();
        let cut = format!("{}\n{}", keep[..29].join("\n"), &last[..last.len() / 2]);
        let e = refused(&cut);
        assert!(e.message().contains("line 30 of the JMeter .jtl"), "{e}");
        assert!(e.message().contains("17 fields"), "{e}");
        // Cut inside a quoted field: the record that opened it is named.
        let quoted = text.lines().position(|l| l.contains("\"Service")).unwrap();
        let open: String = text
            .lines()
            .take(quoted)
            .map(|l| format!("{l}\n"))
            .collect();
        let line = text.lines().nth(quoted).unwrap();
        let e = refused(&format!("{open}{}", &line[..line.find("retry").unwrap()]));
        assert!(
            e.message().contains(&format!("line {} of", quoted + 1)),
            "{e}"
        );
        assert!(e.message().contains("closing `\"`"), "{e}");
    }

    #[test]
    fn hostile_jtl_values_are_refused_by_line() {
        let head = "timeStamp,elapsed,label,responseCode,success,allThreads\n";
        for row in [
            "1733565600000,-5,a,200,true,1",
            "1733565600000,1e3,a,200,true,1",
            "1733565600000,NaN,a,200,true,1",
            "inf,5,a,200,true,1",
            "99999999999999999999999,5,a,200,true,1",
            "1733565600000,5,a,200,maybe,1",
            "1733565600000,5,a,200,true,-1",
            "1733565600000,5,a,200,true",
        ] {
            let e = refused(&format!("{head}1733565600000,5,a,200,true,1\n{row}\n"));
            assert!(
                e.message().contains("line 3 of the JMeter .jtl"),
                "{row}: {e}"
            );
        }
        // Stamps at the top of u64 do not overflow the run's end.
        let m = read(&format!("{head}18446744073709551615,5,a,200,true,1\n")).unwrap();
        assert_eq!(m.elapsed_s, None);
        let e = refused(head);
        assert!(e.message().contains("a row after the header"), "{e}");
    }

    #[test]
    fn rows_past_the_cap_are_refused() {
        let head = "timeStamp,elapsed\n";
        let rows: String = (0..6)
            .map(|i| format!("{},{}\n", 1_000 + i, 10 + i))
            .collect();
        assert_eq!(
            jtl_rows(&format!("{head}{rows}"), 6).unwrap().requests,
            Some(6)
        );
        let e = jtl_rows(&format!("{head}{rows}"), 5).unwrap_err();
        assert!(e.message().contains("line 7 of the JMeter .jtl"), "{e}");
        assert!(e.message().contains("at most 5 rows"), "{e}");
        assert_eq!(lines::MAX_ROWS, 1_000_000, "jtl() caps at MAX_ROWS");
    }

    #[test]
    fn only_jmeters_headers_and_lines_are_claimed() {
        assert_eq!(
            which_csv(&sample("orders-5.6.3-default.jtl")),
            Some(Source::JmeterJtl)
        );
        assert_eq!(
            which_csv(&sample("shop-reordered-columns.jtl")),
            Some(Source::JmeterJtl)
        );
        assert_eq!(
            which_csv(&sample("aggregate-report-5.6.3-pct99.9.csv")),
            Some(Source::JmeterReport)
        );
        assert_eq!(
            which_csv(&sample("summary-report-5.6.3.csv")),
            Some(Source::JmeterReport)
        );
        assert_eq!(
            which_csv(&sample("console-5.6.3.txt")),
            Some(Source::JmeterSummariser)
        );
        assert_eq!(
            which_csv(&sample("console-2.7.txt")),
            Some(Source::JmeterSummariser)
        );
        assert_eq!(which_csv(super::super::hey::CSV_HEADER), None);
        assert_eq!(which_csv("response-time,DNS+dialup,DNS\n0.1,0,0\n"), None);
        assert_eq!(which_csv("timeStamp,latency\n1,2\n"), None);
        assert_eq!(which_csv("Summary:\n  Total:\t1.0 secs\n"), None);
        assert_eq!(which_csv("hello, world"), None);
        // With another tool's mark, detection is left to the marks (and
        // refuses the mix).
        assert_eq!(
            which_csv("summary = 1 in 00:00:01 = 1.0/s\nRunning 10s test @ x\n  Thread Stats"),
            None
        );
    }

    #[test]
    fn the_aggregate_reports_total_row_with_its_own_percentiles() {
        let m = read(&sample("aggregate-report-5.6.3-pct99.9.csv")).unwrap();
        assert_eq!(m.source, Source::JmeterReport);
        assert_eq!((m.requests, m.failed), (Some(1800), Some(12)));
        assert!(close(m.rate_per_s, 60.01));
        assert!(close(m.elapsed_s, 1800.0 / 60.01));
        assert_eq!(m.latency.mean_ms, Some(64.0));
        assert_eq!(
            (m.latency.min_ms, m.latency.max_ms),
            (Some(3.0), Some(2400.0))
        );
        assert_eq!(
            m.latency.percentiles,
            vec![(50.0, 52.0), (90.0, 120.0), (95.0, 160.0), (99.9, 700.0)]
        );
        assert_eq!(m.latency.stdev_ms, None);
        assert_eq!(m.label, None);
    }

    #[test]
    fn the_summary_reports_total_row_with_its_deviation() {
        let m = read(&sample("summary-report-5.6.3.csv")).unwrap();
        assert_eq!((m.requests, m.failed), (Some(4500), Some(7)));
        assert!(close(m.rate_per_s, 74.93755));
        assert!(close(m.latency.stdev_ms, 58.93));
        assert_eq!(m.latency.mean_ms, Some(35.0));
        assert_eq!(
            (m.latency.min_ms, m.latency.max_ms),
            (Some(1.0), Some(2210.0))
        );
        assert!(m.latency.percentiles.is_empty());
        assert!(m.counts.contains(&Counted::WholeMilliseconds));
    }

    #[test]
    fn a_report_without_total_needs_a_single_row() {
        let text = sample("summary-report-5.6.3.csv");
        let mut lines: Vec<&str> = text.lines().collect();
        lines.retain(|l| !l.starts_with("TOTAL"));
        let e = refused(&lines.join("\n"));
        assert!(e.message().contains("`TOTAL` row"), "{e}");
        // One label, a German JVM's decimal commas (quoted by JMeter).
        let one = format!(
            "{}\n\"GET /a, b\",10,5,1,9,\"2,50\",\"10,000%\",\"2,00000\",1,1,1\n",
            lines[0]
        );
        let m = read(&one).unwrap();
        assert_eq!(m.label.as_deref(), Some("GET /a, b"));
        assert_eq!((m.requests, m.failed), (Some(10), Some(1)));
        assert_eq!((m.rate_per_s, m.elapsed_s), (Some(2.0), Some(5.0)));
        assert_eq!(m.latency.stdev_ms, Some(2.5));
        assert!(
            refused(lines[0])
                .message()
                .contains("a row after the header")
        );
    }

    #[test]
    fn hostile_report_values_are_refused_by_line() {
        let text = sample("aggregate-report-5.6.3-pct99.9.csv");
        for (from, to) in [
            ("0.667%", "0.667"),
            ("0.667%", "101%"),
            ("60.01000", "inf"),
            ("60.01000", "-60"),
            ("1800,64", "-1800,64"),
            ("TOTAL,1800,64,52", "TOTAL,1800,NaN,52"),
            (",700,", ",700,9,"),
        ] {
            assert!(text.contains(from), "{from}");
            let e = refused(&text.replacen(from, to, 1));
            assert!(
                e.message().contains("line 4 of the JMeter report CSV"),
                "{to}: {e}"
            );
        }
        let e = refused(&text.replacen("99.9% Line", "999% Line", 1));
        assert!(e.message().contains("line 1 of"), "{e}");
    }

    #[test]
    fn the_last_summary_line_is_the_run_and_active_threads_the_load() {
        let m = read(&sample("console-5.6.3.txt")).unwrap();
        assert_eq!(m.source, Source::JmeterSummariser);
        assert_eq!((m.requests, m.failed), (Some(4600), Some(12)));
        assert_eq!((m.elapsed_s, m.rate_per_s), (Some(83.0), Some(55.4)));
        assert_eq!(m.latency.mean_ms, Some(52.0));
        assert_eq!(
            (m.latency.min_ms, m.latency.max_ms),
            (Some(2.0), Some(2391.0))
        );
        assert_eq!(m.latency.count, Some(4600));
        assert_eq!(m.load.concurrency, Some(40));
        // JMeter before 3.0 printed seconds, before 2.8 no thread counts.
        let old = read(&sample("console-2.7.txt")).unwrap();
        assert_eq!((old.requests, old.failed), (Some(543), Some(2)));
        assert_eq!((old.elapsed_s, old.rate_per_s), (Some(62.8), Some(8.6)));
        assert_eq!(
            (old.latency.min_ms, old.latency.max_ms),
            (Some(47.0), Some(1250.0))
        );
        assert_eq!(old.latency.mean_ms, Some(1127.0));
        assert_eq!(old.load.concurrency, None);
    }

    #[test]
    fn summariser_edge_lines() {
        // No time elapsed: no rate; no sample: JMeter's sentinels, no times.
        let empty = "summary =      0 in 00:00:00 = ******/s Avg:     0 Min: 9223372036854775807 Max: -9223372036854775808 Err:     0 (0.00%)";
        let m = read(empty).unwrap();
        assert_eq!(
            (m.requests, m.rate_per_s, m.latency.max_ms),
            (Some(0), None, None)
        );
        // jmeter.log's prefix, a French JVM's decimal comma, long runs.
        let log = "2024-12-07 10:01:23,411 INFO o.a.j.r.Summariser: summary =   4600 in 100:01:23 =   55,4/s Avg:    52 Min:     2 Max:  2391 Err:    12 (0,26%)";
        let m = read(log).unwrap();
        assert_eq!((m.rate_per_s, m.elapsed_s), (Some(55.4), Some(360_083.0)));
        // Only deltas: the cumulative line is missing.
        let plus = "summary +    412 in 00:00:14 =   29.5/s Avg:    41 Min:     3 Max:   388 Err:     0 (0.00%) Active: 20 Started: 20 Finished: 0";
        let e = refused(plus);
        assert!(e.message().contains("summary = <n> in"), "{e}");
        for bad in [
            "summary =   4600 in 00:01:23 =   inf/s Avg:    52 Min:     2 Max:  2391 Err:    12 (0.26%)",
            "summary =   4600 in 00:61:23 =   55.4/s Avg:    52 Min:     2 Max:  2391 Err:    12 (0.26%)",
            "summary =   4600 in 00:01:23 =   55.4/s Avg:    52 Min:     2 Max:  2391 Err:  4601 (0.26%)",
            "summary =   4600 in 00:01:23 =   55.4/s Avg:    -1 Min:     2 Max:  2391 Err:    12 (0.26%)",
            "summary =   4600 in 00:01:23 =   55.4/s Avg:    52 Min:     2 Max:  2391 Err:    12 (0.26%) Extra",
            "summary =   4600 in 00:01:23 =   55.4/s Avg:    52",
            "summary =",
        ] {
            let e = refused(&format!("{plus}\n{bad}\n"));
            assert!(
                e.message().contains("line 2 of the JMeter summary ="),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn a_summary_line_with_a_gatling_block_is_refused_as_two_tools() {
        let gatling = super::super::samples::sample("gatling/checkout-3.14.9.txt");
        let jmeter = sample("console-5.6.3.txt");
        for text in [format!("{jmeter}{gatling}"), format!("{gatling}{jmeter}")] {
            let e = refused(&text);
            assert!(e.message().contains("two tools"), "{e}");
            assert!(e.message().contains("JMeter summary ="), "{e}");
            assert!(e.message().contains("Gatling"), "{e}");
        }
    }

    #[test]
    fn every_cut_and_garbling_of_every_sample_reads_or_refuses_in_one_line() {
        for name in [
            "orders-5.6.3-default.jtl",
            "shop-reordered-columns.jtl",
            "aggregate-report-5.6.3-pct99.9.csv",
            "summary-report-5.6.3.csv",
            "console-5.6.3.txt",
            "console-2.7.txt",
        ] {
            let text = sample(name);
            let mut cuts: Vec<usize> = text.match_indices('\n').map(|(i, _)| i).collect();
            cuts.extend(
                cuts.clone()
                    .iter()
                    .filter_map(|&i| text.get(..i)?.rfind(' ')),
            );
            for cut in cuts {
                let head = &text[..cut];
                if let Err(e) = read(head) {
                    assert!(
                        !e.to_string().contains(['\n', '\r']),
                        "{name} cut at {cut}: {e}"
                    );
                }
                // A byte of every line turned into a quote, a delimiter or a digit.
                for (k, with) in ["\"", ",", "9", "|", "%"].iter().enumerate() {
                    let at = cut.saturating_sub(k * 7 + 1);
                    if text.is_char_boundary(at) && text.is_char_boundary(at + 1) {
                        let garbled = format!("{}{with}{}", &text[..at], &text[at + 1..]);
                        if let Err(e) = read(&garbled) {
                            assert!(!e.to_string().contains(['\n', '\r']), "{name} at {at}: {e}");
                        }
                    }
                }
            }
        }
    }
}
