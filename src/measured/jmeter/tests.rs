//! The JMeter parsers on samples built from its own print code and on a
//! run of JMeter 2.13 captured by `scripts/samples/capture.sh`
//! (`tests/samples/jmeter/SOURCES.md`): exact figures, reordered and quoted
//! columns, cut, garbled, hostile and mixed input.

use super::jtl::{jtl_rows, time_stamp};
use super::*;
use crate::measured::{Counted, Measurement};
use crate::scenario::FieldError;

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
                "Number of samples in transaction : 2, number of failing samples : 1".to_string(),
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
    // `00:01:23` is whole seconds: 4600 ÷ 55.4/s is within them.
    assert!(close(m.elapsed_s, 4600.0 / 55.4), "{:?}", m.elapsed_s);
    assert_eq!(m.rate_per_s, Some(55.4));
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

/// JMeter 2.13 (Debian's) on `scripts/samples/jmeter-plan.jmx`, captured
/// by `scripts/samples/capture.sh`: 5 threads × 40 loops of /slow and
/// /flaky, a third of the /flaky answers 503.
#[test]
fn captured_jmeter_2_13_jtl_reads_its_rows() {
    let m = read(&sample("v2.13-t5-l40.jtl")).unwrap();
    assert_eq!(m.source, Source::JmeterJtl);
    assert_eq!((m.requests, m.failed), (Some(400), Some(67)));
    assert_eq!(m.status, vec![(200, 333), (503, 67)]);
    assert_eq!(m.errors, vec![("503/Service Unavailable".to_string(), 67)]);
    // First start 1796656966981, last end 1796656968045.
    assert!(close(m.elapsed_s, 1.064), "{:?}", m.elapsed_s);
    assert!(close(m.rate_per_s, 400.0 / 1.064));
    let l = &m.latency;
    assert_eq!(l.count, Some(400));
    assert!(close(l.mean_ms, 12.61), "{:?}", l.mean_ms);
    assert_eq!((l.min_ms, l.max_ms), (Some(0.0), Some(81.0)));
    assert_eq!(
        l.percentiles,
        vec![(50.0, 20.0), (90.0, 23.0), (95.0, 25.0), (99.0, 79.0)]
    );
    assert_eq!(m.load.concurrency, Some(5), "allThreads");
}

#[test]
fn captured_jmeter_2_13_console_reads_its_summary_lines() {
    let console = sample("console-2.13-t5-l40.txt");
    let m = read(&console).unwrap();
    assert_eq!(m.source, Source::JmeterSummariser);
    assert_eq!((m.requests, m.failed), (Some(400), Some(67)));
    // `in   1.3s`: tenths printed, so taken as they are.
    assert_eq!((m.elapsed_s, m.rate_per_s), (Some(1.3), Some(301.7)));
    assert_eq!(
        (m.latency.mean_ms, m.latency.min_ms, m.latency.max_ms),
        (Some(12.0), Some(0.0), Some(81.0))
    );
    assert_eq!(m.latency.count, Some(400));
    assert_eq!(m.load.concurrency, Some(5), "Active: 5 on the first + line");
    // Its command line names no load JMeter's output lacks.
    let cmd = sample("console-2.13-t5-l40.txt.cmd");
    assert!(cmd.starts_with("jmeter -n -t "), "{cmd}");
    assert_eq!(read(&format!("{cmd}{console}")).unwrap(), m);
}

#[test]
fn whole_seconds_give_way_to_samples_over_rate_within_their_rounding() {
    // JMeter 2.13 rounds 1822 ms to `2s` (an earlier capture of the same
    // plan, with a ramp-up); its rate is over the unrounded time.
    let line = "summary =    400 in     2s =  219.5/s Avg:    12 Min:     0 Max:    73 Err:    67 (16.75%)";
    let m = read(line).unwrap();
    assert!(close(m.elapsed_s, 400.0 / 219.5), "{:?}", m.elapsed_s);
    // 3.0+'s hh:mm:ss is whole seconds too.
    let m = read(&sample("console-5.6.3.txt")).unwrap();
    assert!(close(m.elapsed_s, 4600.0 / 55.4), "{:?}", m.elapsed_s);
    // Out of the rounding (a rate that is not this line's): as printed.
    let odd = "summary =    400 in     2s =  100.0/s Avg:    12 Min:     0 Max:    73 Err:    67 (16.75%)";
    assert_eq!(read(odd).unwrap().elapsed_s, Some(2.0));
    // Tenths printed: as printed.
    let tenths = "summary =    400 in   1.3s =  301.7/s Avg:    12 Min:     0 Max:    81 Err:    67 (16.75%)";
    assert_eq!(read(tenths).unwrap().elapsed_s, Some(1.3));
}
