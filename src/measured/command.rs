//! A tool's command line pasted above its output (`hey -n 2000 -c 50 …`,
//! `wrk -t2 -c20 -d30s …`, `k6 run --vus 10 …`): the load it asked for,
//! where the output does not already say. Its flags and defaults are the
//! tools' own (hey's `main.go`, wrk's and wrk2's `parse_args`, k6's `run`
//! options); a flag it does not know is passed over.

use super::lines::{WRK_TIME_MS, count, number, with_unit};
use super::{LoadSeen, Measurement, Source};

/// Fills what `text`'s first command line of `m`'s tool says into `m.load`,
/// keeping what the output itself said.
pub(super) fn read_into(text: &str, m: &mut Measurement) {
    let Some(words) = text.lines().find_map(|l| command_of(l, m.source)) else {
        return;
    };
    let seen = match m.source {
        Source::Hey | Source::HeyCsv => hey(&words),
        Source::Wrk | Source::Wrk2 => wrk(&words),
        Source::K6Text | Source::K6Json | Source::K6Machine => k6(&words),
        _ => return,
    };
    let l = &mut m.load;
    l.concurrency = l.concurrency.or(seen.concurrency);
    l.threads = l.threads.or(seen.threads);
    l.requests = l.requests.or(seen.requests);
    l.duration_s = l.duration_s.or(seen.duration_s);
    l.rate_per_s = l.rate_per_s.or(seen.rate_per_s);
    l.timeout_s = l.timeout_s.or(seen.timeout_s);
    l.keep_alive_off |= seen.keep_alive_off;
}

/// The words of `line` after the tool's name, when it is that tool's
/// command (a shell prompt `$ ` before it is allowed).
fn command_of(line: &str, source: Source) -> Option<Vec<String>> {
    let line = line.trim();
    let line = line.strip_prefix("$ ").unwrap_or(line);
    let mut words = line.split_whitespace();
    let first = words.next()?;
    let program = first.rsplit('/').next()?;
    let ok = match source {
        Source::Hey | Source::HeyCsv => program == "hey",
        Source::Wrk | Source::Wrk2 => program == "wrk" || program == "wrk2",
        Source::K6Text | Source::K6Json | Source::K6Machine => {
            program == "k6" && words.next() == Some("run")
        }
        _ => false,
    };
    ok.then(|| words.map(str::to_string).collect())
}

/// `-n 200`, `-n=200` and `--n 200` alike: (flag, value) pairs; a flag
/// without a value (`-disable-keepalive`) has `None`.
fn flags(
    words: &[String],
    takes_value: impl Fn(&str) -> bool,
    short_attached: bool,
) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        i += 1;
        let Some(name) = w.strip_prefix("--").or_else(|| w.strip_prefix('-')) else {
            continue;
        };
        if let Some((n, v)) = name.split_once('=') {
            out.push((n.to_string(), Some(v.to_string())));
        } else if takes_value(name) && i < words.len() {
            out.push((name.to_string(), Some(words[i].clone())));
            i += 1;
        } else if let Some(split) = attached(name).filter(|_| short_attached) {
            out.push(split);
        } else {
            out.push((name.to_string(), None));
        }
    }
    out
}

/// wrk's short options with the value attached (`-t2`, `-c20`, `-d3s`).
fn attached(name: &str) -> Option<(String, Option<String>)> {
    let mut chars = name.chars();
    let c = chars.next()?;
    let rest = chars.as_str();
    (matches!(c, 't' | 'c' | 'd' | 'R') && !rest.is_empty())
        .then(|| (c.to_string(), Some(rest.to_string())))
}

/// Go's `time.ParseDuration` for the simple forms people type (`30s`,
/// `1m`, `500ms`, `1m30s`), in seconds.
fn go_duration(s: &str) -> Option<f64> {
    let mut total = 0.0;
    let mut rest = s;
    while !rest.is_empty() {
        let end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
        let (n, tail) = rest.split_at(end);
        let unit_end = tail
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(tail.len());
        let (unit, next) = tail.split_at(unit_end);
        let scale = match unit {
            "ns" => 1e-9,
            "us" | "µs" => 1e-6,
            "ms" => 1e-3,
            "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            _ => return None,
        };
        total += number(n)? * scale;
        rest = next;
    }
    Some(total)
}

fn hey(words: &[String]) -> LoadSeen {
    let f = flags(
        words,
        |n| {
            matches!(
                n,
                "n" | "c"
                    | "q"
                    | "z"
                    | "t"
                    | "m"
                    | "cpus"
                    | "o"
                    | "H"
                    | "d"
                    | "D"
                    | "T"
                    | "A"
                    | "a"
                    | "x"
            )
        },
        false,
    );
    let get = |k: &str| {
        f.iter()
            .find(|(n, _)| n == k)
            .and_then(|(_, v)| v.as_deref())
    };
    let concurrency = get("c").and_then(count).or(Some(50));
    let per_worker_qps = get("q").and_then(number).filter(|q| *q > 0.0);
    let duration_s = get("z").and_then(go_duration);
    LoadSeen {
        concurrency,
        // With -z, hey ignores -n.
        requests: if duration_s.is_some() {
            None
        } else {
            get("n").and_then(count).or(Some(200))
        },
        duration_s,
        rate_per_s: per_worker_qps.zip(concurrency).map(|(q, c)| q * c as f64),
        timeout_s: get("t").and_then(number).or(Some(20.0)),
        keep_alive_off: f.iter().any(|(n, _)| n == "disable-keepalive"),
        threads: None,
    }
}

fn wrk(words: &[String]) -> LoadSeen {
    let f = flags(
        words,
        |n| {
            matches!(
                n,
                "t" | "c"
                    | "d"
                    | "R"
                    | "threads"
                    | "connections"
                    | "duration"
                    | "rate"
                    | "timeout"
                    | "s"
                    | "script"
                    | "H"
                    | "header"
            )
        },
        true,
    );
    let get = |a: &str, b: &str| {
        f.iter()
            .find(|(n, _)| n == a || n == b)
            .and_then(|(_, v)| v.as_deref())
    };
    let secs = |v: &str| with_unit(v, WRK_TIME_MS).map(|ms| ms / 1000.0);
    LoadSeen {
        threads: get("t", "threads").and_then(metric_count),
        concurrency: get("c", "connections").and_then(metric_count),
        duration_s: get("d", "duration").and_then(secs),
        rate_per_s: get("R", "rate").and_then(|v| metric_count(v).map(|r| r as f64)),
        timeout_s: get("timeout", "timeout").and_then(secs),
        requests: None,
        keep_alive_off: false,
    }
}

/// wrk's `scan_metric`: `10k` is 10,000.
fn metric_count(v: &str) -> Option<u64> {
    with_unit(v, super::lines::WRK_METRIC)
        .filter(|x| *x >= 0.0 && x.fract() == 0.0)
        .map(|x| x as u64)
}

fn k6(words: &[String]) -> LoadSeen {
    let f = flags(
        words,
        |n| {
            matches!(
                n,
                "u" | "vus"
                    | "d"
                    | "duration"
                    | "i"
                    | "iterations"
                    | "summary-export"
                    | "out"
                    | "o"
                    | "e"
                    | "env"
            )
        },
        false,
    );
    let get = |a: &str, b: &str| {
        f.iter()
            .find(|(n, _)| n == a || n == b)
            .and_then(|(_, v)| v.as_deref())
    };
    LoadSeen {
        concurrency: get("u", "vus").and_then(count),
        duration_s: get("d", "duration").and_then(go_duration),
        requests: get("i", "iterations").and_then(count),
        ..LoadSeen::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn heys_flags_and_defaults() {
        let l = hey(&words(
            "-n 2000 -c 50 -q 20 -t 5 -disable-keepalive http://x/",
        ));
        assert_eq!(l.concurrency, Some(50));
        assert_eq!(l.requests, Some(2000));
        assert_eq!(l.rate_per_s, Some(1000.0));
        assert_eq!(l.timeout_s, Some(5.0));
        assert!(l.keep_alive_off);
        let d = hey(&words("-z 1m30s http://x/"));
        assert_eq!(
            (d.concurrency, d.requests, d.duration_s),
            (Some(50), None, Some(90.0))
        );
        assert_eq!(d.timeout_s, Some(20.0));
    }

    #[test]
    fn wrks_attached_and_long_flags() {
        let l = wrk(&words("-t2 -c20 -d3s --latency http://x/"));
        assert_eq!(
            (l.threads, l.concurrency, l.duration_s),
            (Some(2), Some(20), Some(3.0))
        );
        let r = wrk(&words(
            "--threads 4 --connections=1k -R 2k --timeout 5s http://x/",
        ));
        assert_eq!(r.concurrency, Some(1000));
        assert_eq!(r.rate_per_s, Some(2000.0));
        assert_eq!(r.timeout_s, Some(5.0));
    }

    #[test]
    fn a_command_line_is_found_after_a_prompt() {
        assert!(command_of("$ /usr/bin/hey -n 10 http://x/", Source::Hey).is_some());
        assert!(command_of("hey -n 10", Source::Wrk).is_none());
        assert!(command_of("k6 run --vus 10 s.js", Source::K6Text).is_some());
        assert!(command_of("k6 version", Source::K6Text).is_none());
        assert_eq!(go_duration("500ms"), Some(0.5));
        assert_eq!(go_duration("2x"), None);
    }
}
