//! The parsers on real output captured here (`tests/samples/`, made by
//! `scripts/samples/capture.sh`), on the text threadlab's own summaries
//! print, and on truncated, mixed and hostile input.

use super::*;

/// A sample file of `tests/samples/`.
fn sample(path: &str) -> String {
    super::samples::sample(path)
}

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() <= 1e-9 * b.abs().max(1.0))
}

#[test]
fn heys_summary_reads_as_hey_printed_it() {
    let m = read(&sample("hey/fast-n2000-c50.txt")).unwrap();
    assert_eq!(m.source, Source::Hey);
    assert_eq!(m.requests, Some(2000));
    assert_eq!(m.failed, Some(0));
    assert!(close(m.elapsed_s, 0.4374), "{:?}", m.elapsed_s);
    assert!(close(m.rate_per_s, 4572.8492));
    assert!(close(m.latency.max_ms, 231.9));
    assert!(close(m.latency.min_ms, 0.3));
    assert!(close(m.latency.mean_ms, 10.3));
    assert_eq!(m.latency.percentiles.len(), 7);
    assert!(close(m.latency.at(10.0), 3.2));
    assert_eq!(m.status, vec![(200, 2000)]);
    assert!(m.counts.contains(&Counted::RateIncludesErrors));
}

#[test]
fn heys_failures_are_its_errors_and_error_statuses() {
    let flaky = read(&sample("hey/flaky-n300-c10.txt")).unwrap();
    assert_eq!(flaky.status, vec![(200, 200), (503, 100)]);
    assert_eq!((flaky.requests, flaky.failed), (Some(300), Some(100)));
    let refused = read(&sample("hey/refused-n50-c5.txt")).unwrap();
    assert_eq!((refused.requests, refused.failed), (Some(50), Some(50)));
    assert_eq!(refused.latency.mean_ms, None, "hey's NaN average");
    assert_eq!(refused.latency.max_ms, None);
    assert!(refused.errors[0].0.contains("connection refused"));
    let timeout = read(&sample("hey/timeout-n20-c10-t1.txt")).unwrap();
    assert_eq!(timeout.errors.len(), 2, "two Go errors, each counted");
    assert_eq!((timeout.requests, timeout.failed), (Some(20), Some(20)));
    assert!(
        timeout
            .errors
            .iter()
            .all(|e| e.0.contains("Client.Timeout exceeded"))
    );
}

#[test]
fn heys_command_line_above_its_output_is_read() {
    let cmd = sample("hey/qps-n200-c4-q20.txt.cmd");
    let m = read(&format!("$ {cmd}{}", sample("hey/qps-n200-c4-q20.txt"))).unwrap();
    assert_eq!(m.load.concurrency, Some(4));
    assert_eq!(m.load.requests, Some(200));
    assert_eq!(m.load.rate_per_s, Some(80.0), "-q is per worker");
    assert!(close(m.rate_per_s, 79.9388));
    let z = read(&format!(
        "{}{}",
        sample("hey/duration-z2s-c10.txt.cmd"),
        sample("hey/duration-z2s-c10.txt")
    ))
    .unwrap();
    assert_eq!((z.load.duration_s, z.load.requests), (Some(2.0), None));
}

#[test]
fn heys_csv_gives_what_its_summary_would() {
    let m = read(&sample("hey/fast-n500-c10.csv")).unwrap();
    assert_eq!(m.source, Source::HeyCsv);
    assert_eq!(m.requests, Some(500));
    assert_eq!(m.latency.count, Some(500));
    let p = &m.latency.percentiles;
    assert_eq!(p.len(), 7);
    assert!(p.windows(2).all(|w| w[0].1 <= w[1].1), "{p:?}");
    assert!(m.latency.min_ms.unwrap() <= p[0].1 && p[6].1 <= m.latency.max_ms.unwrap());
    assert!(m.rate_per_s.unwrap() > 0.0);
}

#[test]
fn hey_percentiles_follow_report_go() {
    // Ten sorted values: index i counts when i × 100 ÷ 10 reaches the percent.
    let v: Vec<f64> = (1..=10).map(f64::from).collect();
    let rows: String = v
        .iter()
        .map(|x| format!("{:.4},0,0,0,0,0,200,{:.4}\n", x / 1000.0, x / 1000.0))
        .collect();
    let m = read(&format!("{}\n{rows}", hey::CSV_HEADER)).unwrap();
    let at = |p| m.latency.at(p);
    assert_eq!(
        [at(10.0), at(25.0), at(50.0), at(75.0), at(90.0)],
        [Some(2.0), Some(4.0), Some(6.0), Some(9.0), Some(10.0)]
    );
    // Ten results never reach 95 or 99 % in hey's loop: it leaves them out.
    assert_eq!((at(95.0), at(99.0)), (None, None));
}

#[test]
fn wrk_reads_its_table_distribution_and_errors() {
    let m = read(&sample("wrk/fast-latency-t2-c20-d3s.txt")).unwrap();
    assert_eq!(m.source, Source::Wrk);
    assert_eq!(m.requests, Some(19194));
    assert!(close(m.elapsed_s, 3.10));
    assert!(close(m.rate_per_s, 6191.65));
    assert!(close(m.latency.mean_ms, 6.05));
    assert!(close(m.latency.stdev_ms, 26.29));
    assert!(close(m.latency.max_ms, 424.58));
    assert!(close(m.latency.at(99.0), 155.60));
    assert_eq!(
        (m.load.threads, m.load.concurrency, m.load.duration_s),
        (Some(2), Some(20), Some(3.0))
    );
    let flaky = read(&sample("wrk/flaky-latency-t1-c8-d2s.txt")).unwrap();
    assert_eq!((flaky.requests, flaky.failed), (Some(13852), Some(4617)));
    let timeout = read(&sample("wrk/timeout-latency-t1-c4-d4s.txt")).unwrap();
    assert_eq!(timeout.errors, vec![("timeout".to_string(), 4)]);
    assert_eq!(timeout.latency.mean_ms, None, "0.00us and -nan% mean none");
    let slow = read(&sample("wrk/slow-t2-c10-d3s.txt")).unwrap();
    assert!(slow.latency.percentiles.is_empty(), "no --latency");
}

#[test]
fn wrk_that_could_not_connect_says_what_is_missing() {
    let e = read(&sample("wrk/refused-t1-c2-d1s.txt")).unwrap_err();
    assert!(e.message().contains("requests in"), "{e}");
    assert!(e.value.contains("unable to connect"), "{e}");
}

/// wrk2's output as its `print_hdr_latency` prints it (the shape of
/// giltene/wrk2's README example, figures ours).
const WRK2: &str = "Running 30s test @ http://127.0.0.1:8080/
  2 threads and 100 connections
  Thread calibration: mean lat.: 1.174ms, rate sampling interval: 10ms
  Thread calibration: mean lat.: 1.158ms, rate sampling interval: 10ms
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.16ms  531.50us   4.13ms   66.18%
    Req/Sec     1.05k   107.36     1.44k    77.05%
  Latency Distribution (HdrHistogram - Recorded Latency)
 50.000%    1.13ms
 75.000%    1.50ms
 90.000%    1.85ms
 99.000%    2.51ms
 99.900%    3.08ms
 99.990%    3.74ms
 99.999%    4.13ms
100.000%    4.13ms

  Detailed Percentile spectrum:
       Value   Percentile   TotalCount 1/(1-Percentile)

       0.097     0.000000            1         1.00
       1.130     0.500000        19940         2.00
       4.131     1.000000        39829          inf
#[Mean    =        1.156, StdDeviation   =        0.531]
#[Max     =        4.128, Total count    =        39829]
#[Buckets =           27, SubBuckets     =         2048]
----------------------------------------------------------
  59884 requests in 30.00s, 14.95MB read
Requests/sec:   1995.85
Transfer/sec:    510.34KB
";

#[test]
fn wrk2_reads_its_hdr_percentiles_and_recorded_count() {
    let m = read(&format!(
        "wrk2 -t2 -c100 -d30s -R2000 --latency http://127.0.0.1:8080/\n{WRK2}"
    ))
    .unwrap();
    assert_eq!(m.source, Source::Wrk2);
    assert_eq!(m.latency.percentiles.len(), 8);
    assert!(close(m.latency.at(99.999), 4.13));
    assert_eq!(
        m.latency.count,
        Some(39829),
        "the calibration window is not recorded"
    );
    assert_eq!(m.requests, Some(59884));
    assert!(close(m.latency.mean_ms, 1.156));
    assert!(close(m.latency.min_ms, 0.097));
    assert_eq!(m.load.rate_per_s, Some(2000.0));
    assert!(m.counts.contains(&Counted::Wrk2Calibration));
}

#[test]
fn bad_lines_name_their_line_and_what_was_expected() {
    let mut broken = sample("hey/fast-n2000-c50.txt");
    let line = broken.lines().position(|l| l.contains("% in ")).unwrap() + 1;
    broken = broken.replacen("% in ", "% at ", 1);
    let e = read(&broken).unwrap_err();
    let msg = e.message();
    assert!(
        msg.contains(&format!("line {line} of the hey output")),
        "{msg}"
    );
    assert!(msg.contains("<percent>% in <seconds> secs"), "{msg}");
    assert_eq!(e.value, "10% at 0.0032 secs");
}

#[test]
fn truncated_output_says_what_is_missing() {
    let full = sample("hey/fast-n2000-c50.txt");
    let cut: String = full.lines().take(4).map(|l| format!("{l}\n")).collect();
    let e = read(&cut).unwrap_err();
    assert!(e.message().contains("Requests/sec"), "{e}");
    let wrk = sample("wrk/fast-latency-t2-c20-d3s.txt");
    let cut: String = wrk.lines().take(8).map(|l| format!("{l}\n")).collect();
    assert!(read(&cut).unwrap_err().message().contains("requests in"));
}

#[test]
fn mixed_unknown_empty_and_oversized_input_is_refused_in_one_line() {
    let mixed = format!(
        "{}{}",
        sample("hey/fast-n2000-c50.txt"),
        sample("wrk/slow-t2-c10-d3s.txt")
    );
    let e = read(&mixed).unwrap_err();
    assert!(e.message().contains("hey and wrk"), "{e}");
    assert!(
        read("hello\nworld")
            .unwrap_err()
            .message()
            .contains("not the output")
    );
    assert!(read(" \n\t").unwrap_err().message().contains("empty"));
    let big = "x".repeat(MAX_BYTES + 1);
    assert!(read(&big).unwrap_err().message().contains("larger than"));
    for e in [e, read("\u{1b}[2J\nsummary\n").unwrap_err()] {
        assert!(
            !e.to_string().contains('\n') && !e.to_string().contains('\u{1b}'),
            "{e}"
        );
    }
}

#[test]
fn hostile_numbers_are_refused_not_trusted() {
    let hey = sample("hey/fast-n2000-c50.txt");
    for (from, to) in [
        ("Requests/sec:\t4572.8492", "Requests/sec:\tinf"),
        ("Requests/sec:\t4572.8492", "Requests/sec:\t-5"),
        (
            "[200]\t2000 responses",
            "[200]\t99999999999999999999999 responses",
        ),
        ("[200]\t2000 responses", "[70000]\t2000 responses"),
        ("  10% in", "  101% in"),
    ] {
        assert!(hey.contains(from), "{from}");
        let e = read(&hey.replacen(from, to, 1)).unwrap_err();
        assert!(e.message().contains("line "), "{to}: {e}");
    }
}

#[test]
fn a_k6_command_line_above_its_json_is_read_too() {
    let json = sample("k6/v0.49-summary-export.json");
    let m = read(&format!(
        "$ k6 run --vus 10 --duration 10s --summary-export out.json s.js\n{json}"
    ))
    .unwrap();
    assert_eq!(m.source, Source::K6Json);
    assert_eq!(m.load.duration_s, Some(10.0));
    assert_eq!(m, {
        let mut alone = read(&json).unwrap();
        alone.load.duration_s = Some(10.0);
        alone.load.concurrency = alone.load.concurrency.or(Some(10));
        alone
    });
}

/// Every sample cut at every line's end and at its last space, and with a
/// byte of every line turned into a quote, a delimiter, a digit or a
/// percent sign: each reads or is refused in one line, never a panic.
#[test]
fn every_cut_and_garbling_of_every_sample_reads_or_refuses_in_one_line() {
    for (name, text) in super::samples::all() {
        let mut cuts: Vec<usize> = text.match_indices('\n').map(|(i, _)| i).collect();
        cuts.extend(
            cuts.clone()
                .iter()
                .filter_map(|&i| text.get(..i)?.rfind(' ')),
        );
        for cut in cuts {
            if let Err(e) = read(&text[..cut]) {
                assert!(
                    !e.to_string().contains(['\n', '\r']),
                    "{name} cut at {cut}: {e}"
                );
            }
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

/// wrk2 built from giltene/wrk2's source and run here (tests/samples/wrk2/
/// SOURCES.md): its recorded spectrum leaves out each thread's first ten
/// seconds of calibration, so it counts fewer than the requests sent.
#[test]
fn real_wrk2_reads_its_rate_and_its_recorded_spectrum() {
    let with_cmd = |name: &str| {
        let p = format!("wrk2/{name}");
        format!("{}{}", sample(&format!("{p}.cmd")), sample(&p))
    };
    let m = read(&with_cmd("slow-t2-c10-d15s-R200.txt")).unwrap();
    assert_eq!(m.source, Source::Wrk2);
    assert_eq!(m.requests, Some(3002));
    assert_eq!(m.rate_per_s, Some(199.84));
    assert_eq!(m.elapsed_s, Some(15.02));
    assert_eq!(m.latency.count, Some(998), "recorded after calibration");
    assert_eq!(m.latency.mean_ms, Some(21.094));
    assert_eq!(m.latency.max_ms, Some(27.36));
    assert_eq!(m.load.concurrency, Some(10));
    assert_eq!(m.load.rate_per_s, Some(200.0));
    let u = read(&with_cmd("flaky-t1-c4-d12s-R100-U.txt")).unwrap();
    assert_eq!(u.requests, Some(1201));
    assert_eq!(u.failed, Some(401), "every third answer a 503");
    assert_eq!(u.latency.count, Some(196));
    assert_eq!(
        u.latency.mean_ms,
        Some(1.118),
        "the corrected block, not -U's"
    );
}
