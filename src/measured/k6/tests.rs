//! The four shapes on samples built from k6's own print code and on runs
//! of k6 0.57.0 and 1.1.0 captured by `scripts/samples/capture.sh`
//! (`tests/samples/k6/SOURCES.md` says which is which), and on cut, broken
//! and hostile input.

use super::text::{duration_ms, trend_line};
use super::*;
use crate::measured::Source;
use crate::scenario::FieldError;

/// A sample file of `tests/samples/k6/`.
macro_rules! sample {
    ($file:literal) => {
        super::super::samples::sample(concat!("k6/", $file))
    };
}

/// k6 v0.49's text summary.
fn legacy() -> String {
    sample!("v0.49-legacy-vus10-d10s.txt")
}
/// k6 v1.0's compact text summary.
fn compact() -> String {
    sample!("v1.0-compact-vus5-d6s.txt")
}
/// k6 v1.2's full-mode text summary.
fn full() -> String {
    sample!("v1.2-full-two-scenarios.txt")
}
/// k6 v0.49's `--summary-export`.
fn export() -> String {
    sample!("v0.49-summary-export.json")
}
/// k6 v1.0's `handleSummary` data.
fn handle() -> String {
    sample!("v1.0-handle-summary-data.json")
}
/// k6 v1.5's machine-readable summary.
fn machine_json() -> String {
    sample!("v1.5-machine-readable.json")
}

/// `a` is `b` to the last bits a decimal printed and parsed back keeps.
fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() <= 1e-9 * b.abs().max(1.0))
}

/// Every error is one line: no newline in what it says or quotes.
fn one_line(e: &FieldError) {
    let s = e.to_string();
    assert!(!s.contains('\n') && !s.contains('\r'), "{s}");
}

/// `text` with `from` (which must be there) replaced once by `to`.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// The first half of `text`'s lines.
fn first_half(text: &str) -> String {
    let n = text.lines().count() / 2;
    text.lines().take(n).map(|l| format!("{l}\n")).collect()
}

#[test]
fn legacy_text_reads_as_k6_0_49_printed_it() {
    let m = crate::measured::read(&legacy()).unwrap();
    assert_eq!(m.source, Source::K6Text);
    assert_eq!(m.requests, Some(180));
    assert!(close(m.rate_per_s, 17.815764), "{:?}", m.rate_per_s);
    assert!(close(m.elapsed_s, 180.0 / 17.815764));
    let l = &m.latency;
    assert!(close(l.mean_ms, 125.43));
    assert!(close(l.min_ms, 101.2));
    assert!(close(l.max_ms, 412.55));
    assert_eq!(l.count, None);
    assert_eq!(
        l.percentiles,
        vec![(50.0, 119.87), (90.0, 158.3), (95.0, 201.77)]
    );
    assert_eq!(m.failed, Some(9));
    assert_eq!(m.load.concurrency, Some(10));
    assert_eq!(
        m.counts,
        vec![Counted::LatencyWithFailures, Counted::ThresholdFailed]
    );
    assert_eq!(text(&legacy()).unwrap(), m, "read and text agree");
}

#[test]
fn legacy_rate_tick_counts_the_true_values_that_is_failures() {
    // `✓ 9 ✗ 171`: nine requests failed (`passes` = `sink.Trues`).
    let m = text(&legacy()).unwrap();
    assert_eq!(m.failed, Some(9));
    let none = edit(
        &legacy(),
        "5.00%  ✓ 9         ✗ 171",
        "0.00%  ✓ 0         ✗ 180",
    );
    assert_eq!(text(&none).unwrap().failed, Some(0));
    let all = edit(
        &legacy(),
        "5.00%  ✓ 9         ✗ 171",
        "100.00% ✓ 180      ✗ 0",
    );
    assert_eq!(text(&all).unwrap().failed, Some(180));
    // The 0.54+ legacy layout says the same with `out of`.
    let out_of = edit(&legacy(), "5.00%  ✓ 9         ✗ 171", "5.00%  9 out of 180");
    assert_eq!(text(&out_of).unwrap().failed, Some(9));
}

#[test]
fn legacy_threshold_marks_and_check_marks_are_told_apart() {
    // The sample's only failed threshold is `✗ http_req_failed…`.
    let passed = edit(&legacy(), "   ✗ http_req_failed", "   ✓ http_req_failed");
    let m = text(&passed).unwrap();
    assert!(
        !m.counts.contains(&Counted::ThresholdFailed),
        "a failed check is no threshold"
    );
    assert!(passed.contains("     ✗ status is 200"));
    // A failed threshold on the latency, its line starting with `✗`.
    let on_duration = edit(
        &passed,
        "     http_req_duration......",
        "   ✗ http_req_duration......",
    );
    let m = text(&on_duration).unwrap();
    assert!(m.counts.contains(&Counted::ThresholdFailed));
    assert!(
        close(m.latency.mean_ms, 125.43),
        "the marked line is still read"
    );
}

#[test]
fn compact_text_reads_as_k6_1_0_printed_it() {
    let m = crate::measured::read(&compact()).unwrap();
    assert_eq!(m.source, Source::K6Text);
    assert_eq!(m.requests, Some(45));
    assert!(close(m.rate_per_s, 6.561227));
    assert!(close(m.elapsed_s, 45.0 / 6.561227));
    assert_eq!(m.failed, Some(0));
    assert_eq!(m.load.concurrency, Some(5));
    let l = &m.latency;
    assert!(close(l.mean_ms, 135.72));
    assert!(close(l.min_ms, 120.04));
    assert!(close(l.max_ms, 210.49));
    assert_eq!(
        l.percentiles,
        vec![(50.0, 131.3), (90.0, 152.1), (95.0, 160.87)]
    );
    // Its failed check (`✗ body mentions QuickPizza`) is under TOTAL
    // RESULTS, not THRESHOLDS.
    assert!(compact().contains("✗ body mentions QuickPizza"));
    assert_eq!(m.counts, vec![Counted::LatencyWithFailures]);
}

#[test]
fn full_mode_takes_the_totals_not_a_group_or_scenario() {
    let m = crate::measured::read(&full()).unwrap();
    assert_eq!(m.requests, Some(1200), "not the last scenario's 400");
    assert!(close(m.rate_per_s, 39.868816));
    assert_eq!(m.failed, Some(18));
    assert_eq!(m.load.concurrency, Some(22));
    let l = &m.latency;
    assert!(close(l.mean_ms, 187.33));
    assert!(close(l.min_ms, 41.22));
    assert!(close(l.max_ms, 1200.0), "`1.2s`");
    assert_eq!(
        l.percentiles,
        vec![(50.0, 163.0), (90.0, 298.77), (95.0, 341.2)]
    );
    assert!(
        m.counts.contains(&Counted::ThresholdFailed),
        "`✗ 'p(95)<300'`"
    );
    let passed = edit(&full(), "✗ 'p(95)<300'", "✓ 'p(95)<300'");
    assert!(
        !text(&passed)
            .unwrap()
            .counts
            .contains(&Counted::ThresholdFailed)
    );
}

#[test]
fn durations_read_as_k6_humanises_them() {
    for (s, ms) in [
        ("0s", 0.0),
        ("123ns", 0.000123),
        ("1.5µs", 0.0015),
        ("1.5us", 0.0015),
        ("12.34ms", 12.34),
        ("1.23s", 1230.0),
        ("1m2.3s", 62_300.0),
        ("1m0s", 60_000.0),
        ("1h2m3s", 3_723_000.0),
        ("5.00µs", 0.005),
    ] {
        assert!(close(duration_ms(s), ms), "{s}: {:?}", duration_ms(s));
    }
    for bad in [
        "", "1x", "-1ms", "NaNms", "infs", "1h", "m1s", "1.5m2s", "ms", "1e999s",
    ] {
        assert_eq!(duration_ms(bad), None, "{bad}");
    }
    let l = trend_line("avg=1m2.3s p(99.9)=2s count=12 med=1.5us").unwrap();
    assert_eq!(l.percentiles, vec![(50.0, 0.0015), (99.9, 2000.0)]);
    assert_eq!((l.count, l.mean_ms), (Some(12), Some(62_300.0)));
    assert!(trend_line("avg=1ms p(101)=2ms").is_none());
    assert!(trend_line("stdev=1ms").is_none());
}

#[test]
fn coloured_output_reads_the_same() {
    let coloured = edit(
        &compact(),
        "0.00%  0 out of 45",
        "\u{1b}[36m0.00%\u{1b}[0m  \u{1b}[36;2m0 out of 45\u{1b}[0m",
    );
    let coloured = edit(
        &coloured,
        "  █ TOTAL RESULTS",
        "  █ \u{1b}[1mTOTAL RESULTS\u{1b}[0m",
    );
    assert_eq!(text(&coloured).unwrap(), text(&compact()).unwrap());
}

#[test]
fn summary_export_reads_its_flat_metrics() {
    let m = crate::measured::read(&export()).unwrap();
    assert_eq!(m.source, Source::K6Json);
    assert_eq!(m.requests, Some(180));
    assert!(close(m.rate_per_s, 17.81576362519909));
    assert!(close(m.elapsed_s, 10.103412));
    assert_eq!(m.failed, Some(9), "`passes` are the failed requests");
    assert_eq!(m.load.concurrency, Some(10));
    let l = &m.latency;
    assert!(close(l.mean_ms, 125.43181));
    assert!(close(l.min_ms, 101.2047));
    assert!(close(l.max_ms, 412.5533));
    assert_eq!(
        l.percentiles,
        vec![(50.0, 119.8712), (90.0, 158.3021), (95.0, 201.7741)]
    );
    assert_eq!(
        m.counts,
        vec![Counted::LatencyWithFailures, Counted::ThresholdFailed]
    );
}

#[test]
fn in_the_export_a_threshold_true_is_one_that_failed() {
    let failed = json(&export()).unwrap();
    assert!(failed.counts.contains(&Counted::ThresholdFailed));
    let passed = edit(&export(), "\"rate<0.01\": true", "\"rate<0.01\": false");
    assert!(
        !json(&passed)
            .unwrap()
            .counts
            .contains(&Counted::ThresholdFailed)
    );
    let odd = edit(&export(), "\"rate<0.01\": true", "\"rate<0.01\": \"yes\"");
    let e = json(&odd).unwrap_err();
    assert!(e.message().contains("thresholds"), "{e}");
    assert!(e.value.contains("rate<0.01"), "{e}");
}

#[test]
fn handle_summary_data_reads_its_nested_values() {
    let m = crate::measured::read(&handle()).unwrap();
    assert_eq!(m.source, Source::K6Json);
    assert_eq!(m.requests, Some(1200));
    assert!(close(m.rate_per_s, 1200.0 / 30.098712));
    assert!(close(m.elapsed_s, 30.098712), "`state.testRunDurationMs`");
    assert_eq!(m.failed, Some(18));
    assert_eq!(m.load.concurrency, Some(22));
    let l = &m.latency;
    assert!(close(l.mean_ms, 187.3312), "not a sub-metric's");
    assert_eq!(
        l.percentiles,
        vec![(50.0, 163.0045), (90.0, 298.7724), (95.0, 341.2093)]
    );
    assert!(m.counts.contains(&Counted::ThresholdFailed));
}

/// Real k6 1.1.0's handleSummary data, written by
/// scripts/samples/k6-handle-summary.js (5 VUs, 3 s, /slow and /flaky).
#[test]
fn real_handle_summary_data_of_k6_1_1_reads_as_its_text_does() {
    let m = crate::measured::read(&sample!("v1.1.0-handle-summary-vus5-d3s.json")).unwrap();
    assert_eq!(m.source, Source::K6Json);
    assert_eq!(m.requests, Some(1380));
    assert!(close(m.rate_per_s, 457.97237083550107));
    assert!(close(m.elapsed_s, 3.013282215), "`state.testRunDurationMs`");
    assert_eq!(
        m.failed,
        Some(230),
        "a rate metric's passes are its true values"
    );
    assert_eq!(m.load.concurrency, Some(5), "vus_max");
    let l = &m.latency;
    assert!(close(l.mean_ms, 10.800768002898565));
    assert!(close(l.min_ms, 0.176422) && close(l.max_ms, 33.922334));
    assert_eq!(
        l.percentiles,
        vec![
            (50.0, 12.390541500000001),
            (90.0, 21.061534),
            (95.0, 21.3138104)
        ]
    );
    assert!(
        m.counts.contains(&Counted::ThresholdFailed),
        "rate<0.05 failed"
    );
}

#[test]
fn in_handle_summary_data_ok_false_is_a_failed_threshold() {
    let passed = edit(
        &handle(),
        "\"p(95)<300\": {\n          \"ok\": false",
        "\"p(95)<300\": {\n          \"ok\": true",
    );
    assert!(
        !json(&passed)
            .unwrap()
            .counts
            .contains(&Counted::ThresholdFailed)
    );
    let other = edit(
        &passed,
        "\"rate<0.05\": {\n          \"ok\": true",
        "\"rate<0.05\": {\n          \"ok\": false",
    );
    assert!(
        json(&other)
            .unwrap()
            .counts
            .contains(&Counted::ThresholdFailed)
    );
}

#[test]
fn machine_readable_summary_reads_schema_1_0_0() {
    let m = crate::measured::read(&machine_json()).unwrap();
    assert_eq!(m.source, Source::K6Machine);
    assert_eq!(m.requests, Some(45));
    assert!(close(m.elapsed_s, 6.858473));
    assert!(close(m.rate_per_s, 45.0 / 6.858473));
    assert_eq!(m.failed, Some(0));
    assert_eq!(m.load.concurrency, Some(5));
    let l = &m.latency;
    assert!(close(l.mean_ms, 135.7241));
    assert!(close(l.min_ms, 120.0418));
    assert!(close(l.max_ms, 210.4911));
    assert_eq!(
        l.percentiles,
        vec![(50.0, 131.3093), (90.0, 152.1034), (95.0, 160.8761)]
    );
    assert_eq!(m.counts, vec![Counted::LatencyWithFailures]);
    // `matches` are the failed requests.
    let failed = edit(
        &machine_json(),
        "\"matches\": 0,\n                    \"rate\": 0,",
        "\"matches\": 3,\n                    \"rate\": 0.0667,",
    );
    assert_eq!(machine(&failed).unwrap().failed, Some(3));
    // The schema's own spellings read the same.
    let camel = edit(&machine_json(), "\"p90\": 152.1034", "\"p(90)\": 152.1034");
    assert_eq!(machine(&camel).unwrap().latency, m.latency);
}

#[test]
fn which_json_tells_the_shapes_apart() {
    assert_eq!(which_json(&export()), Ok(Source::K6Json));
    assert_eq!(which_json(&handle()), Ok(Source::K6Json));
    assert_eq!(which_json(&machine_json()), Ok(Source::K6Machine));
    let e = which_json("{\"name\": \"not k6\"}").unwrap_err();
    assert!(
        e.message().contains("`metrics` with `http_req_duration`"),
        "{e}"
    );
    let future = edit(
        &machine_json(),
        "\"version\": \"1.0.0\"",
        "\"version\": \"2.0.0\"",
    );
    assert!(which_json(&future).is_err());
    let e = which_json("{\n  \"metrics\": {\n    \"http_reqs\": {\"count\": 1,,}\n").unwrap_err();
    assert!(e.message().contains("line 3"), "{e}");
    assert!(e.message().contains("JSON object"), "{e}");
    assert_eq!(e.value, "\"http_reqs\": {\"count\": 1,,}");
    one_line(&e);
}

#[test]
fn a_cut_summary_says_what_is_missing_or_reads_what_it_kept() {
    // The legacy and compact halves end before `http_reqs`.
    for (name, full_text) in [("legacy", legacy()), ("compact", compact())] {
        let e = text(&first_half(&full_text)).unwrap_err();
        assert!(
            e.message().contains("http_reqs…: <count> <rate>/s"),
            "{name}: {e}"
        );
        assert!(e.message().contains("cut off"), "{name}: {e}");
        one_line(&e);
    }
    // Full mode's half keeps THRESHOLDS and TOTAL RESULTS whole.
    let half = first_half(&full());
    assert!(half.contains("█ GROUP: login") && !half.contains("█ SCENARIO"));
    assert_eq!(text(&half).unwrap(), text(&full()).unwrap());
    // A cut JSON is not JSON: the error names the last line.
    for (name, j) in [
        ("export", export()),
        ("handle", handle()),
        ("machine", machine_json()),
    ] {
        let half = first_half(&j);
        let e = crate::measured::read(&half).unwrap_err();
        let last = half.lines().count();
        assert!(
            e.message().contains(&format!("line {last} ")),
            "{name}: {e}"
        );
        one_line(&e);
    }
}

#[test]
fn a_bad_known_line_names_its_line_and_k6s_syntax() {
    let line = legacy()
        .lines()
        .position(|l| l.contains("http_req_duration...."))
        .unwrap()
        + 1;
    let broken = edit(&legacy(), "avg=125.43ms", "avg=125.43xs");
    let e = text(&broken).unwrap_err();
    assert!(
        e.message()
            .contains(&format!("line {line} of the k6 summary output")),
        "{e}"
    );
    assert!(
        e.message().contains("http_req_duration…: avg=<time>"),
        "{e}"
    );
    assert!(e.value.starts_with("http_req_duration...."), "{e}");
    // An unknown metric's odd line is passed over.
    let custom = edit(
        &legacy(),
        "     iterations.....",
        "     my_trend.......: avg=?? \n     iterations.....",
    );
    assert!(text(&custom).is_ok());
}

#[test]
fn hostile_text_numbers_are_refused_with_their_line() {
    let reqs = "http_reqs......................: 180    17.815764/s";
    for (from, to) in [
        (reqs, "http_reqs......................: inf    17.815764/s"),
        (reqs, "http_reqs......................: -180   17.815764/s"),
        (reqs, "http_reqs......................: NaN    17.815764/s"),
        (reqs, "http_reqs......................: 180    inf/s"),
        (reqs, "http_reqs......................: 180    -17.8/s"),
        (
            reqs,
            "http_reqs......................: 99999999999999999999999 1/s",
        ),
        (reqs, "http_reqs: inf"),
        (reqs, "http_reqs......................"),
        ("avg=125.43ms", "avg=NaNms"),
        ("avg=125.43ms", "avg=-125.43ms"),
        ("p(95)=201.77ms", "p(195)=201.77ms"),
        ("5.00%  ✓ 9 ", "5.00%  ✓ -9"),
        ("5.00%  ✓ 9 ", "NaN%  ✓ 9 "),
        (
            "vus_max........................: 10 ",
            "vus_max........................: -1 ",
        ),
    ] {
        let e = text(&edit(&legacy(), from, to)).unwrap_err();
        assert!(
            e.message().contains("of the k6 summary output: expected"),
            "{to}: {e}"
        );
        one_line(&e);
    }
    // `out of` with more failures than requests is no k6 output.
    let e = text(&edit(&compact(), "0 out of 45", "46 out of 45")).unwrap_err();
    assert!(e.message().contains("http_req_failed…"), "{e}");
}

#[test]
fn hostile_json_is_refused_not_trusted() {
    for (from, to) in [
        ("\"count\": 180", "\"count\": -180"),
        ("\"count\": 180", "\"count\": \"180\""),
        ("\"count\": 180", "\"count\": 180.5"),
        ("\"count\": 180", "\"count\": NaN"),
        ("\"count\": 180", "\"count\": 1e999"),
        ("\"count\": 180", "\"count\": Infinity"),
        ("\"avg\": 125.43181", "\"avg\": -1"),
        ("\"p(95)\": 201.7741", "\"p(195)\": 201.7741"),
        ("\"passes\": 9", "\"passes\": -9"),
    ] {
        let e = json(&edit(&export(), from, to)).unwrap_err();
        assert!(
            e.message()
                .contains("of the k6 JSON summary output: expected"),
            "{to}: {e}"
        );
        one_line(&e);
    }
    let e = machine(&edit(&machine_json(), "\"count\": 45", "\"count\": -45")).unwrap_err();
    assert!(e.message().contains("http_reqs"), "{e}");
    let e = machine(&edit(
        &machine_json(),
        "\"duration\": 6.858473",
        "\"duration\": \"6s\"",
    ))
    .unwrap_err();
    assert!(e.message().contains("duration"), "{e}");
}

#[test]
fn deep_nesting_is_an_error_not_an_overflow() {
    let deep = format!("{{\"metrics\": {}", "[".repeat(100_000));
    for e in [
        which_json(&deep).unwrap_err(),
        json(&deep).unwrap_err(),
        machine(&deep).unwrap_err(),
        crate::measured::read(&deep).unwrap_err(),
        crate::measured::read(&"[".repeat(100_000)).unwrap_err(),
    ] {
        one_line(&e);
    }
    let objects = "{\"a\":".repeat(100_000);
    assert!(which_json(&objects).is_err());
}

#[test]
fn a_five_megabyte_line_is_passed_over_or_refused_in_one_line() {
    let junk = "x".repeat(5 * 1024 * 1024);
    let padded = format!("{junk}\n{}", legacy());
    assert_eq!(crate::measured::read(&padded).unwrap().requests, Some(180));
    let huge = edit(
        &legacy(),
        "180    17.815764/s",
        &format!("{}    17.8/s", "9".repeat(5 * 1024 * 1024)),
    );
    let e = text(&huge).unwrap_err();
    assert!(e.value.chars().count() < 200, "the echo is shortened");
    one_line(&e);
    let huge_json = format!("{{\"metrics\": {{\"http_reqs\": {{\"count\": \"{junk}\"}}}}}}");
    let e = crate::measured::read(&huge_json).unwrap_err();
    assert!(e.message().contains("http_reqs"), "{e}");
    one_line(&e);
}

#[test]
fn missing_metrics_are_named() {
    let no_reqs: String = legacy()
        .lines()
        .filter(|l| !l.contains("http_reqs"))
        .map(|l| format!("{l}\n"))
        .collect();
    let e = text(&no_reqs).unwrap_err();
    assert!(
        e.message().contains("`http_reqs…: <count> <rate>/s`"),
        "{e}"
    );
    let e = json("{\"metrics\": {\"vus\": {\"value\": 1}}}").unwrap_err();
    assert!(e.message().contains("`metrics.http_reqs`"), "{e}");
    let e = json("{\"metrics\": {\"http_reqs\": {\"count\": 3}}}").unwrap_err();
    assert!(e.message().contains("\"rate\""), "{e}");
    let e = machine("{\"version\": \"1.0.0\", \"results\": {\"metrics\": []}}").unwrap_err();
    assert!(e.message().contains("http_reqs"), "{e}");
    let e = machine("{\"version\": \"1.0.0\", \"results\": {\"metrics\": [{\"name\": \"http_reqs\", \"values\": {\"count\": 3}}]}}").unwrap_err();
    assert!(e.message().contains("config.duration"), "{e}");
    for e in [e, text("").unwrap_err()] {
        one_line(&e);
    }
}

/// What a captured k6 run prints (`tests/samples/k6/v*-vus5-d3s.*`, made by
/// `scripts/samples/capture.sh`): its requests, failures, rate, trend and
/// VUs, copied from the file.
struct Printed {
    requests: u64,
    failed: u64,
    rate: f64,
    avg: f64,
    min: f64,
    med: f64,
    max: f64,
    p90: f64,
    p95: f64,
}

/// `m` says what `p` printed, to the last digit the text kept (`tol` ms
/// for the trend: 0 for the text itself, its rounding for the JSON of the
/// same run).
fn reads_as_printed(m: &Measurement, p: &Printed, tol: f64) {
    let near = |a: Option<f64>, b: f64| a.is_some_and(|a| (a - b).abs() <= tol + 1e-9);
    assert_eq!((m.requests, m.failed), (Some(p.requests), Some(p.failed)));
    assert!(
        (m.rate_per_s.unwrap() - p.rate).abs() <= 5e-7,
        "{:?}",
        m.rate_per_s
    );
    assert!(close(
        m.elapsed_s,
        p.requests as f64 / m.rate_per_s.unwrap()
    ));
    let l = &m.latency;
    assert!(near(l.mean_ms, p.avg), "{:?}", l.mean_ms);
    assert!(near(l.min_ms, p.min), "{:?}", l.min_ms);
    assert!(near(l.max_ms, p.max), "{:?}", l.max_ms);
    let pcts: Vec<f64> = l.percentiles.iter().map(|x| x.0).collect();
    assert_eq!(pcts, vec![50.0, 90.0, 95.0]);
    for (at, want) in [(50.0, p.med), (90.0, p.p90), (95.0, p.p95)] {
        assert!(near(l.at(at), want), "p({at}): {:?}", l.at(at));
    }
    assert_eq!(m.load.concurrency, Some(5), "vus_max");
    // /flaky fails a sixth of the run: `rate<0.05` is crossed.
    assert_eq!(
        m.counts,
        vec![Counted::LatencyWithFailures, Counted::ThresholdFailed]
    );
}

/// The load its `.cmd` sidecar says, read with the output under it.
fn with_its_command(file: &str, text: &str) -> Measurement {
    let cmd = super::super::samples::sample(&format!("k6/{file}.cmd"));
    assert!(cmd.starts_with("k6 run --vus 5 --duration 3s "), "{cmd}");
    let m = crate::measured::read(&format!("{cmd}{text}")).unwrap();
    assert_eq!(
        (m.load.concurrency, m.load.duration_s),
        (Some(5), Some(3.0))
    );
    m
}

#[test]
fn captured_k6_0_57_text_and_export_read_their_own_figures() {
    let printed = Printed {
        requests: 1402,
        failed: 234,
        rate: 464.701682,
        avg: 10.63,
        min: 0.18275,
        med: 12.02,
        max: 28.23,
        p90: 20.77,
        p95: 21.09,
    };
    let text = sample!("v0.57.0-legacy-vus5-d3s.txt");
    let m = crate::measured::read(&text).unwrap();
    assert_eq!(m.source, Source::K6Text);
    reads_as_printed(&m, &printed, 0.0);
    // Banner, progress lines and the `█ slow` group's checks above the
    // metrics change nothing.
    let mut with = with_its_command("v0.57.0-legacy-vus5-d3s.txt", &text);
    with.load.duration_s = None;
    assert_eq!(with, m);
    // The same run's `--summary-export`: the unrounded figures.
    let json = crate::measured::read(&sample!("v0.57.0-legacy-vus5-d3s.json")).unwrap();
    assert_eq!(json.source, Source::K6Json);
    reads_as_printed(&json, &printed, 0.01);
    assert!(close(json.rate_per_s, 464.7016815503467));
    assert!(close(json.latency.mean_ms, 10.635011249643364));
    assert!(close(json.latency.at(95.0), 21.09841935));
}

#[test]
fn captured_k6_1_1_compact_text_and_export_read_their_own_figures() {
    let printed = Printed {
        requests: 1412,
        failed: 235,
        rate: 468.253411,
        avg: 10.55,
        min: 0.18528,
        med: 13.64,
        max: 25.76,
        p90: 20.59,
        p95: 20.8,
    };
    let text = sample!("v1.1.0-compact-vus5-d3s.txt");
    let m = crate::measured::read(&text).unwrap();
    assert_eq!(m.source, Source::K6Text);
    reads_as_printed(&m, &printed, 0.0);
    with_its_command("v1.1.0-compact-vus5-d3s.txt", &text);
    let json = crate::measured::read(&sample!("v1.1.0-compact-vus5-d3s.json")).unwrap();
    assert_eq!(json.source, Source::K6Json);
    reads_as_printed(&json, &printed, 0.01);
    assert!(close(json.latency.max_ms, 25.768478));
    assert!(close(json.latency.at(50.0), 13.640852500000001));
}

#[test]
fn captured_k6_1_1_full_text_takes_its_totals_not_a_group() {
    let text = sample!("v1.1.0-full-vus5-d3s.txt");
    let m = crate::measured::read(&text).unwrap();
    assert_eq!(m.source, Source::K6Text);
    // `█ GROUP: slow` and `█ GROUP: flaky` each print 691 requests; the
    // total is 1382.
    reads_as_printed(
        &m,
        &Printed {
            requests: 1382,
            failed: 231,
            rate: 458.771271,
            avg: 10.77,
            min: 0.18599,
            med: 13.04,
            max: 27.07,
            p90: 21.0,
            p95: 21.36,
        },
        0.0,
    );
    with_its_command("v1.1.0-full-vus5-d3s.txt", &text);
}
