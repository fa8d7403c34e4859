//! Each load tool's own timeout and counting: a scenario names its
//! tool, the tool's semantics apply (hey gives a late request up, wrk waits
//! and counts it as a timeout, JMeter counts failed samples in its times, k6
//! drops iterations), and the CLI prints the run in the tool's own format,
//! which these tests read back into the JSON's numbers.

use serde_json::Value;
use threadlab::cli::{Output, main};
use threadlab::scenario::preset;
use threadlab::sim::Report;
use threadlab::sim::report::ErrorCause;
use threadlab::summary::{text, tool_text};

use crate::helpers::{assert_close, run};

fn cli(args: &[&str]) -> Output {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    main(&args, &crate::cli::no_file)
}

/// The run as `threadlab run --format json` prints it.
fn json_of(r: &Report) -> Value {
    serde_json::from_str(&threadlab::cli::json_report(r, false)).expect("valid JSON")
}

/// The number after `key` in `line` (up to the next space or tab).
fn after<'a>(line: &'a str, key: &str) -> &'a str {
    let rest = &line[line
        .find(key)
        .unwrap_or_else(|| panic!("no {key} in {line:?}"))
        + key.len()..];
    rest.trim_start()
        .split([' ', '\t', '('])
        .next()
        .unwrap_or("")
}

fn num(s: &str) -> f64 {
    s.trim_end_matches(['%', '/', 's'])
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {s:?}"))
}

/// The line that starts (after spaces) with `start`.
fn line<'a>(text: &'a str, start: &str) -> &'a str {
    text.lines()
        .find(|l| l.trim_start().starts_with(start))
        .unwrap_or_else(|| panic!("no line {start:?} in:\n{text}"))
}

/// Equal at the printed precision: within half its last digit.
#[track_caller]
fn printed(what: &str, text: &str, value: f64) {
    let text = text.trim_end_matches(['%', '/', 's']);
    let decimals = text.split('.').nth(1).map_or(0, |d| d.len()) as i32;
    let half = 0.5 * 10f64.powi(-decimals) + 1e-9;
    let shown = num(text);
    assert!(
        (shown - value).abs() <= half,
        "{what}: text {text}, JSON {value}"
    );
}

/// A duration as wrk prints it (`1.08s`, `635.91us`, `12.92ms`, `1.50m`),
/// in µs, and half its last digit.
fn wrk_time(s: &str) -> (f64, f64) {
    let (n, unit) = s.split_at(s.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(s.len()));
    let scale = match unit {
        "us" => 1.0,
        "ms" => 1e3,
        "s" => 1e6,
        "m" => 60e6,
        "h" => 3600e6,
        other => panic!("unit {other:?}"),
    };
    (num(n) * scale, 0.005 * scale + 1e-9)
}

/// A duration as k6 prints it (`105.17ms`, `500µs`, `1.5s`, `1m1s`), in ms,
/// and how far below the value it may be (k6 truncates to two decimals).
fn k6_time(s: &str) -> (f64, f64) {
    if let Some((m, rest)) = s
        .split_once('m')
        .filter(|(_, r)| r.ends_with('s') && !r.is_empty() && !s.ends_with("ms"))
    {
        return (
            num(m) * 60_000.0 + num(rest.trim_end_matches('s')) * 1000.0,
            1000.0,
        );
    }
    for (unit, scale) in [("ns", 1e-6), ("µs", 1e-3), ("ms", 1.0), ("s", 1000.0)] {
        if let Some(n) = s.strip_suffix(unit) {
            return (num(n) * scale, 0.01 * scale);
        }
    }
    panic!("duration {s:?}")
}

#[test]
fn hey_text_reads_back_as_the_json() {
    // Timeouts on a slow queue: errors in hey's distribution, 200s and 500s.
    let r = run(&[
        ("load.concurrency", "40"),
        ("load.requests", "2000"),
        ("load.timeout_ms", "300"),
        ("server.threads_max", "40"),
        ("program", "db:exp(20ms)"),
        ("db.pool_size", "2"),
        ("db.timeout_ms", "250"),
    ]);
    let j = json_of(&r)["tool"].clone();
    let t = tool_text(&r);
    let secs = |key: &str| after(line(&t, key), key).to_string();
    printed("Total", &secs("Total:"), j["elapsed_s"].as_f64().unwrap());
    let lat = &j["latency"];
    printed(
        "Slowest",
        &secs("Slowest:"),
        lat["max"].as_f64().unwrap() / 1000.0,
    );
    printed(
        "Fastest",
        &secs("Fastest:"),
        lat["min"].as_f64().unwrap() / 1000.0,
    );
    printed(
        "Average",
        &secs("Average:"),
        lat["mean"].as_f64().unwrap() / 1000.0,
    );
    printed(
        "Requests/sec",
        &secs("Requests/sec:"),
        j["rate"].as_f64().unwrap(),
    );
    for p in lat["percentiles"].as_array().unwrap() {
        let (pct, v) = (p[0].as_f64().unwrap(), p[1].as_f64().unwrap());
        let l = line(&t, &format!("{pct:.0}% in"));
        printed(&format!("{pct}%"), after(l, "in"), v / 1000.0);
    }
    // The histogram's counts add up to the responses.
    let buckets: u64 = (t.lines())
        .filter(|l| l.contains(" [") && l.contains("]\t|"))
        .map(|l| after(l, "[").trim_end_matches(']').parse::<u64>().unwrap())
        .sum();
    assert_eq!(buckets, r.completed);
    for s in j["status"].as_array().unwrap() {
        let code = s[0].as_u64().unwrap();
        let l = line(&t, &format!("[{code}]"));
        assert_eq!(
            after(l, "]").parse::<u64>().unwrap(),
            s[1].as_u64().unwrap(),
            "{l}"
        );
    }
    assert!(
        r.errors.total > 0 && r.completed > r.succeeded,
        "{:?}",
        r.errors
    );
    for e in j["errors"].as_array().unwrap() {
        let l = line(&t, &format!("[{}]", e[1].as_u64().unwrap()));
        assert!(l.ends_with(e[0].as_str().unwrap()), "{l}");
    }
}

#[test]
fn wrk_text_reads_back_as_the_json() {
    let r = run(&[
        ("load.tool", "wrk"),
        ("load.concurrency", "100"),
        ("load.duration_s", "20"),
        ("load.timeout_ms", "150"),
        ("server.threads_max", "20"),
        ("program", "io:exp(25ms)"),
    ]);
    let j = json_of(&r)["tool"].clone();
    let t = tool_text(&r);
    let lat = &j["latency"];
    let row: Vec<&str> = line(&t, "Latency ").split_whitespace().collect();
    for (cell, key) in row[1..4].iter().zip(["mean", "stdev", "max"]) {
        let (us, half) = wrk_time(cell);
        let want = lat[key].as_f64().unwrap() * 1000.0;
        assert!((us - want).abs() <= half, "{key}: {cell} vs {want} µs");
    }
    printed(
        "+/- Stdev",
        row[4],
        lat["within_stdev_pct"].as_f64().unwrap(),
    );
    for p in lat["percentiles"].as_array().unwrap() {
        let l = line(&t, &format!("{:.0}%", p[0].as_f64().unwrap()));
        let (us, half) = wrk_time(l.split_whitespace().nth(1).unwrap());
        assert!((us - p[1].as_f64().unwrap() * 1000.0).abs() <= half, "{l}");
    }
    let requests = line(&t, &format!("{} requests in", j["requests"]));
    assert!(requests.contains("20.00s"), "{requests}");
    let errors = line(&t, "Socket errors:");
    let err = |name: &str| -> u64 {
        (j["errors"].as_array().unwrap().iter())
            .find(|e| e[0] == name)
            .map_or(0, |e| e[1].as_u64().unwrap())
    };
    for name in ["connect", "read", "write", "timeout"] {
        assert_eq!(
            after(errors, name)
                .trim_end_matches(',')
                .parse::<u64>()
                .unwrap(),
            err(name)
        );
    }
    assert!(err("timeout") > 0, "late responses are counted");
    printed(
        "Requests/sec",
        after(line(&t, "Requests/sec:"), ":"),
        j["rate"].as_f64().unwrap(),
    );
}

#[test]
fn wrk2_text_reads_back_as_the_json() {
    let r = run(&[
        ("load.tool", "wrk2"),
        ("load.kind", "open"),
        ("load.rate_rps", "2000"),
        ("load.duration_s", "5"),
        ("load.max_in_flight", "50"),
        ("program", "io:exp(20ms)"),
    ]);
    let j = json_of(&r)["tool"].clone();
    let t = tool_text(&r);
    assert!(
        t.contains("Latency Distribution (HdrHistogram - Recorded Latency)"),
        "{t}"
    );
    for p in j["latency"]["percentiles"].as_array().unwrap() {
        let l = line(&t, &format!("{:.3}%", p[0].as_f64().unwrap()));
        let (us, half) = wrk_time(l.split_whitespace().nth(1).unwrap());
        assert!((us - p[1].as_f64().unwrap() * 1000.0).abs() <= half, "{l}");
    }
    assert!(t.contains(&format!("{} requests in", j["requests"])));
}

#[test]
fn jmeter_text_reads_back_as_the_json() {
    // A response timeout: failed samples, counted in JMeter's times.
    let r = run(&[
        ("load.tool", "jmeter"),
        ("load.concurrency", "50"),
        ("load.loops", "20"),
        ("load.timeout_ms", "400"),
        ("server.threads_max", "10"),
        ("program", "io:exp(60ms)"),
    ]);
    let j = json_of(&r)["tool"].clone();
    let t = tool_text(&r);
    let l = line(&t, "summary =");
    let lat = &j["latency"];
    assert_eq!(
        after(l, "summary =").parse::<u64>().unwrap(),
        j["requests"].as_u64().unwrap()
    );
    let rate = l
        .split("/s Avg")
        .next()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap();
    printed("rate", rate, j["rate"].as_f64().unwrap());
    assert_eq!(num(after(l, "Avg:")), lat["mean"].as_f64().unwrap().floor());
    assert_eq!(num(after(l, "Min:")), lat["min"].as_f64().unwrap().floor());
    assert_eq!(num(after(l, "Max:")), lat["max"].as_f64().unwrap().floor());
    assert_eq!(
        after(l, "Err:").parse::<u64>().unwrap(),
        j["errors"][0][1].as_u64().unwrap()
    );
    printed(
        "Err %",
        after(l, "(").trim_end_matches(")"),
        j["error_pct"].as_f64().unwrap(),
    );
    // A sample that timed out counts with its 400 ms; hey leaves errors out.
    assert!(lat["max"].as_f64().unwrap() >= 400.0, "{lat}");
    assert!(r.errors.total > 0);
}

#[test]
fn k6_text_reads_back_as_the_json() {
    // An arrival rate beyond k6's VUs: dropped iterations.
    let r = run(&[
        ("load.tool", "k6"),
        ("load.kind", "open"),
        ("load.rate_rps", "500"),
        ("load.duration_s", "5"),
        ("load.max_in_flight", "10"),
        ("load.timeout_ms", "80"),
        ("program", "io:exp(25ms)"),
    ]);
    let j = json_of(&r)["tool"].clone();
    let t = tool_text(&r);
    let reqs = line(&t, "http_reqs");
    assert_eq!(
        after(reqs, ":").parse::<u64>().unwrap(),
        j["requests"].as_u64().unwrap()
    );
    let dropped = line(&t, "dropped_iterations");
    assert_eq!(
        after(dropped, ":").parse::<u64>().unwrap(),
        j["dropped"].as_u64().unwrap()
    );
    assert!(r.dropped > 0);
    let failed = line(&t, "http_req_failed");
    let pct = j["error_pct"].as_f64().unwrap();
    assert_eq!(num(after(failed, ":")), (pct * 100.0).trunc() / 100.0);
    assert_eq!(
        after(failed, "✓").parse::<u64>().unwrap(),
        j["errors"][0][1].as_u64().unwrap()
    );
    for (row, key) in [
        ("http_req_duration", "latency"),
        ("{ expected_response:true }", "ok_latency"),
    ] {
        let l = line(&t, row);
        let lat = &j[key];
        let p = |q: f64| -> f64 {
            (lat["percentiles"].as_array().unwrap().iter())
                .find(|x| x[0].as_f64().unwrap() == q)
                .unwrap()[1]
                .as_f64()
                .unwrap()
        };
        let want = [
            ("avg=", lat["mean"].as_f64().unwrap()),
            ("min=", lat["min"].as_f64().unwrap()),
            ("med=", p(50.0)),
            ("max=", lat["max"].as_f64().unwrap()),
            ("p(90)=", p(90.0)),
            ("p(95)=", p(95.0)),
        ];
        for (stat, v) in want {
            let (ms, step) = k6_time(after(l, stat));
            // k6 truncates: the text is at most one step below the value.
            assert!(ms <= v + 1e-9 && v - ms <= step, "{row} {stat} {ms} vs {v}");
        }
    }
    assert!(r.errors.total > 0, "some requests pass k6's 80 ms timeout");
}

/// The CLI prints the tool's own text, then threadlab's section.
#[test]
fn the_cli_prints_the_tools_own_output() {
    for (tool, first) in [
        ("hey", "Summary:"),
        ("wrk", "Running 2s test @"),
        ("jmeter", "summary ="),
        ("k6", "http_req_duration"),
    ] {
        let out = cli(&[
            "run",
            "--set",
            &format!("load.tool={tool}"),
            "--set",
            "load.duration_s=2",
            "--set",
            "load.concurrency=10",
            "--set",
            "program=io:10ms",
        ]);
        assert_eq!(out.code, 0, "{tool}: {}", out.stderr);
        assert!(out.stdout.contains(first), "{tool}:\n{}", out.stdout);
        assert!(
            out.stdout
                .contains(&format!("threadlab ({tool} as simulated):")),
            "{}",
            out.stdout
        );
    }
}

/// Presets say which tool each article used where it says so, and assume
/// one (with the reason) where it does not.
#[test]
fn presets_name_their_tool() {
    for (name, tool, stated) in [
        ("e2-platform", "hey", true),
        ("e2-virtual", "hey", true),
        ("e3-sleep-platform", "jmeter", true),
        ("e3-cpu-virtual", "jmeter", true),
        ("e1-platform", "wrk", false),
        ("e1-virtual", "wrk", false),
        ("e4-virtual-100", "hey", false),
        ("e2-repost-virtual", "hey", false),
    ] {
        let p = preset(name).unwrap();
        let set = p.settings().into_iter().find(|(k, _)| *k == "load.tool");
        assert_eq!(set, Some(("load.tool", tool)), "{name}");
        assert_eq!(p.stated.contains(&"load.tool"), stated, "{name}");
        if !stated {
            let a = p
                .assumptions
                .iter()
                .find(|a| a.key == "load.tool")
                .expect("an assumption");
            let reason = a.reason(threadlab::i18n::Locale::En);
            assert!(reason.contains("not named"), "{name}: {reason}");
        }
        assert_eq!(crate::helpers::config(&[]).load.tool.name(), "hey");
        let r = threadlab::fidelity::run_preset(name).unwrap();
        assert_eq!(
            r.tool.tool.name(),
            tool,
            "{name} runs with its tool's semantics"
        );
    }
}

/// The example: a timeout just above E2's mean latency. hey gives
/// the late requests up and reconnects while the server still runs them:
/// goodput collapses. wrk waits for them, counts them as timeouts, and the
/// server's throughput stays.
#[test]
fn a_timeout_near_the_mean_collapses_hey_but_not_wrk() {
    let e2 = preset("e2-platform").unwrap().draft();
    let with = |extra: &[(&str, &str)]| {
        let mut d = e2.clone();
        for (k, v) in extra {
            d.set(k, v).unwrap();
        }
        threadlab::sim::run(&threadlab::scenario::validate(&d).unwrap())
    };
    let hey = with(&[("load.timeout_ms", "1060")]);
    let wrk = with(&[
        ("load.tool", "wrk"),
        ("load.timeout_ms", "1060"),
        ("load.requests", "null"),
        ("load.duration_s", "53"),
    ]);
    assert!(
        hey.goodput_rps < 0.5 * 1877.0,
        "hey collapses: {}",
        hey.goodput_rps
    );
    assert!(hey.errors.total > 10_000, "{:?}", hey.errors);
    assert_close(
        "wrk keeps the server's throughput",
        wrk.goodput_rps,
        1877.0,
        0.05,
    );
    let timeouts = (wrk.tool.errors.iter())
        .find(|e| e.0 == "timeout")
        .unwrap()
        .1;
    assert!(timeouts > 1000, "wrk counts the late responses: {timeouts}");
    assert_eq!(wrk.errors.total, 0, "and gives none up");
}

/// What each tool does with requests in flight when its duration ends.
#[test]
fn each_tool_ends_its_duration_its_own_way() {
    let ended = |tool: &str| {
        run(&[
            ("load.tool", tool),
            ("load.concurrency", "5"),
            ("load.duration_s", "1"),
            ("load.timeout_ms", "100000"),
            ("program", "io:45s"),
        ])
    };
    // hey -z and JMeter wait for them and count them.
    for tool in ["hey", "jmeter"] {
        let r = ended(tool);
        assert_eq!((r.in_flight, r.completed), (0, 5), "{tool}");
        assert!(r.sim_time_s > 45.0, "{tool}: {}", r.sim_time_s);
    }
    // k6 waits for its graceful stop, 30 s, then interrupts.
    let r = ended("k6");
    assert_eq!((r.in_flight, r.completed), (5, 0));
    assert_close("k6's gracefulStop", r.sim_time_s, 31.0, 1e-9);
    // wrk stops at once.
    let r = ended("wrk");
    assert_eq!((r.in_flight, r.completed), (5, 0));
    assert_close("wrk -d", r.sim_time_s, 1.0, 1e-9);
}

/// A tool's defaults follow it: its timeout, wrk's 10 s, its threads.
#[test]
fn defaults_follow_the_tool() {
    use threadlab::sim::time::SEC;
    let cfg = |tool: &str| crate::helpers::config(&[("load.tool", tool)]);
    assert_eq!(cfg("hey").load.timeout, Some(20 * SEC));
    assert_eq!(cfg("wrk").load.timeout, Some(2 * SEC));
    assert_eq!(cfg("jmeter").load.timeout, None);
    assert_eq!(cfg("k6").load.timeout, Some(60 * SEC));
    assert_eq!(cfg("wrk").load.duration, Some(10 * SEC));
    assert_eq!(cfg("wrk").load.client_threads, 2);
    assert_eq!(cfg("jmeter").load.client_threads, 50);
    assert!(text(&run(&[("load.tool", "jmeter"), ("load.requests", "50")])).contains("summary ="));
}

/// The OOM killer's resets, and the connects refused while the service is
/// down, counted as each tool counts them: errors of hey's distribution in
/// Go's words, wrk's `read` and `connect` socket errors (wrk reconnects and
/// goes on), JMeter's `Err` and k6's `http_req_failed`.
#[test]
fn a_connection_reset_counts_as_each_tool_counts_it() {
    for tool in ["hey", "wrk", "jmeter", "k6"] {
        let r = run(&[
            ("load.tool", tool),
            ("load.concurrency", "100"),
            ("load.duration_s", "4"),
            ("memory.container_mb", "1024"),
            ("memory.heap_mb", "1600"),
            // -Xms = -Xmx: the heap's pages fill past the container.
            ("memory.initial_heap_mb", "1600"),
            ("gc.alloc_kb", "256"),
            ("jvm.restart_s", "3"),
            ("program", "cpu:0.1ms,io:10ms"),
        ]);
        let resets = r.errors.by_cause[&ErrorCause::ConnectionReset];
        let refused = r.errors.by_cause[&ErrorCause::ConnectionRefused];
        assert!(resets >= 100, "{tool}: {:?}", r.errors);
        // Every client sends again at once after a refused connect.
        assert!(refused > 100, "{tool}: {:?}", r.errors);
        assert_eq!(r.errors.total, resets + refused, "{tool}");
        let t = tool_text(&r);
        let count_of = |ending: &str| {
            let l = (t.lines())
                .find(|l| l.ends_with(ending))
                .unwrap_or_else(|| panic!("{t}"));
            after(l, "[").trim_end_matches(']').parse::<u64>().unwrap()
        };
        match tool {
            "hey" => {
                assert_eq!(count_of("read: connection reset by peer"), resets);
                assert_eq!(count_of("connect: connection refused"), refused);
            }
            "wrk" => {
                let read = after(line(&t, "Socket errors:"), "read");
                assert_eq!(read.trim_end_matches(',').parse::<u64>().unwrap(), resets);
                let connect = after(line(&t, "Socket errors:"), "connect");
                let connect = connect.split(',').next().unwrap().trim();
                assert_eq!(connect.parse::<u64>().unwrap(), refused);
            }
            "jmeter" => {
                let err = after(line(&t, "summary ="), "Err:");
                assert_eq!(err.parse::<u64>().unwrap(), resets + refused);
            }
            _ => {
                let failed = after(line(&t, "http_req_failed"), "✓");
                assert_eq!(failed.parse::<u64>().unwrap(), resets + refused);
            }
        }
    }
}

#[test]
fn wrk_counts_a_late_failure_once_in_its_error_percentage() {
    // HikariCP gives a waiting request up after 250 ms (a 500),
    // past wrk's 100 ms timeout, so most responses are late *and* 5xx; wrk
    // prints them under both "timeout" and "Non-2xx", and the share of
    // failed requests counted each twice (173 % here). (wrk2 counts no late
    // response: its "timeout" is a sweep, below.)
    {
        let (tool, kind) = ("wrk", "closed");
        let r = run(&[
            ("load.tool", tool),
            ("load.kind", kind),
            ("load.rate_rps", "200"),
            ("load.concurrency", "20"),
            ("load.duration_s", "3"),
            ("load.timeout_ms", "100"),
            ("program", "db:50ms"),
            ("db.pool_size", "1"),
            ("db.timeout_ms", "250"),
        ]);
        let j = json_of(&r)["tool"].clone();
        let requests = j["requests"].as_f64().unwrap();
        let count = |list: &Value, key: Value| {
            (list.as_array().unwrap().iter())
                .find(|e| e[0] == key)
                .map_or(0.0, |e| e[1].as_f64().unwrap())
        };
        let late = count(&j["errors"], "timeout".into());
        let failed_status = count(&j["status"], 500.into());
        assert!(late > 0.0 && failed_status > 0.0, "{tool}: {j}");
        assert!(
            late + failed_status > requests,
            "{tool}: overlap expected, {j}"
        );
        let pct = j["error_pct"].as_f64().unwrap();
        assert!(pct <= 100.0, "{tool}: error_pct {pct}");
        assert!(
            pct >= late.max(failed_status) * 100.0 / requests,
            "{tool}: {pct}"
        );
    }
}

/// wrk2's "timeout" is `check_timeouts`' count: every 2 s (the first 2 s
/// plus 5 ms per connection of the thread after the start), one for each
/// connection whose request was written more than `--timeout` before. One
/// connection, requests of 5 s, a 1 s timeout, 10 s: the first request
/// (written at 0, answered at 5 s) is seen by the sweeps at 2.005 and
/// 4.005 s, the second (written at 5 s, pending when the run is cut) by
/// those at 6.005 and 8.005 s: 4. Late responses keep their latency.
#[test]
fn wrk2_counts_pending_requests_at_each_sweep_and_keeps_late_latencies() {
    let r = run(&[
        ("load.tool", "wrk2"),
        ("load.kind", "open"),
        ("load.rate_rps", "1"),
        ("load.max_in_flight", "1"),
        ("load.duration_s", "10"),
        ("load.timeout_ms", "1000"),
        ("load.rtt_ms", "0"),
        ("program", "io:5000ms"),
    ]);
    let j = json_of(&r)["tool"].clone();
    let timeouts = (j["errors"].as_array().unwrap().iter())
        .find(|e| e[0] == "timeout")
        .map(|e| e[1].as_u64().unwrap());
    assert_eq!(timeouts, Some(4), "{j}");
    assert_eq!(j["requests"], 1, "{j}");
    let max = j["latency"]["max"].as_f64().unwrap();
    // HdrHistogram keeps three significant digits.
    assert_close("the late response's latency, ms", max, 5000.0, 0.002);
    assert_eq!(
        j["error_pct"], 0.0,
        "sightings are not failed requests: {j}"
    );
}
