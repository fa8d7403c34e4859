//! Gatling 3's console statistics (gatling/gatling): the last
//! `---- Global Information` block, its `Response Time Distribution` and
//! its `Errors`, in either of the two layouts Gatling 3 has printed.
//!
//! - Up to 3.13.3 (`charts/template/ConsoleTemplate.scala`, 80 columns):
//!   `> request count        1000 (OK=990    KO=10    )`, then
//!   `> t < 800 ms            990 ( 99%)`; the errors by
//!   `core/stats/writer/ConsoleErrorsWriter.scala`,
//!   `> j.n.ConnectException: …     10 (100.0%)`.
//! - Since 3.13.4 (`ConsoleTemplate.scala` with
//!   `core/stats/writer/ConsoleStatsFormat.scala`, 120 columns): a table,
//!   `---- Global Information ---…|---Total---|-----OK----|----KO----`,
//!   `> request count (…) |     1,000 |       990 |        10`, times
//!   suffixed ` (ms)`, `mean throughput (rps)` for `mean requests/sec`,
//!   `> OK: t < 800 ms … 990 (99%)` and `> KO … 10 (1%)`.
//!
//! Gatling prints `-` for a statistic of nothing (no KO), its numbers with
//! `NumberHelper.toPrintableString` (`DecimalFormat`, English symbols; a
//! grouping comma since 3.13.4). Its times are whole milliseconds
//! (`GeneralStats`: min, max, mean, deviation and t-digest percentiles as
//! `Int`), over every request, KO included. The per-interval blocks
//! `ConsoleSummary.scala` prints while the test runs are not read, but for
//! the most users they saw active.

use crate::scenario::FieldError;

use super::lines::{self, bad_line, count, missing, number};
use super::{Counted, Measurement, Source};

/// Whose output this module reads.
const SOURCE: Source = Source::Gatling;

/// Which of Gatling 3's layouts a block is in.
#[derive(Clone, Copy, PartialEq)]
enum Layout {
    /// `> name  total (OK=ok KO=ko)`, up to 3.13.3.
    Parens,
    /// `> name | total | ok | ko`, since 3.13.4.
    Table,
}

impl Layout {
    /// A statistic's line in this layout, for an error.
    fn stat_syntax(self) -> &'static str {
        match self {
            Layout::Parens => "`> <statistic> <total> (OK=<ok> KO=<ko>)`",
            Layout::Table => "`> <statistic> | <total> | <ok> | <ko>`",
        }
    }

    /// The request count line in this layout.
    fn count_syntax(self) -> &'static str {
        match self {
            Layout::Parens => "`> request count <n> (OK=<n> KO=<n>)`",
            Layout::Table => "`> request count | <n> | <n> | <n>`",
        }
    }

    /// The rate line in this layout.
    fn rate_syntax(self) -> &'static str {
        match self {
            Layout::Parens => "`> mean requests/sec <n> (OK=<n> KO=<n>)`",
            Layout::Table => "`> mean throughput (rps) | <n> | <n> | <n>`",
        }
    }
}

/// The part of the block a line is in.
#[derive(Clone, Copy, PartialEq)]
enum Block {
    /// `---- Global Information`: the statistics.
    Global,
    /// `---- Response Time Distribution`.
    Distribution,
    /// `---- Errors`.
    Errors,
}

/// Gatling's last global statistics block in `text`, with what follows it
/// up to its closing `====` line.
pub(super) fn read(text: &str) -> Result<Measurement, FieldError> {
    let all: Vec<&str> = text.lines().collect();
    // The last block: a run that reports twice (or a paste of two runs)
    // ends with the one that counts. Without its title, the statistics
    // from `> request count` on are read.
    let (start, indent) = match all
        .iter()
        .rposition(|l| l.trim_start().starts_with("---- Global Information"))
    {
        Some(i) => (i + 1, leading(all.get(i).copied().unwrap_or(""))),
        None => {
            let i = all
                .iter()
                .position(|l| l.trim_start().starts_with("> request count"))
                .ok_or_else(|| missing(SOURCE, text, "`---- Global Information ----`"))?;
            (i, leading(all.get(i).copied().unwrap_or("")))
        }
    };
    let title = start
        .checked_sub(1)
        .and_then(|i| all.get(i))
        .copied()
        .unwrap_or("");
    let mut layout = if title.contains('|') {
        Layout::Table
    } else {
        Layout::Parens
    };
    let mut m = Measurement::new(SOURCE);
    let mut rate = None;
    let mut pcts = Vec::new();
    let mut block = Block::Global;
    for (i, raw) in all.iter().enumerate().skip(start) {
        let line = raw.trim();
        let bad = |expected: &str| bad_line(SOURCE, i + 1, raw, expected);
        if line.is_empty() || line.starts_with("====") {
            break;
        }
        if line.starts_with("---- Response Time Distribution") {
            block = Block::Distribution;
            continue;
        }
        if line.starts_with("---- Errors") {
            block = Block::Errors;
            continue;
        }
        if line.starts_with("----") {
            return Err(bad(
                "`---- Response Time Distribution ----` or `---- Errors ----`",
            ));
        }
        match block {
            Block::Global => {
                let Some(rest) = line.strip_prefix('>') else {
                    return Err(bad(layout.stat_syntax()));
                };
                if rest.contains('|') {
                    layout = Layout::Table;
                }
                let (name, total, ok, ko) =
                    stat_line(rest).ok_or_else(|| bad(layout.stat_syntax()))?;
                global(&name, [total, ok, ko], &mut m, &mut rate, &mut pcts).map_err(|e| {
                    bad(if e.is_empty() {
                        layout.stat_syntax()
                    } else {
                        e
                    })
                })?;
            }
            Block::Distribution => {
                let rest = line
                    .strip_prefix('>')
                    .ok_or_else(|| bad("`> <range> <n> (<pct>%)`"))?;
                counted_line(rest).ok_or_else(|| bad("`> <range> <n> (<pct>%)`"))?;
            }
            Block::Errors => match line.strip_prefix('>') {
                Some(rest) => {
                    let (message, n) =
                        counted_line(rest).ok_or_else(|| bad("`> <error> <n> (<pct>%)`"))?;
                    m.errors.push((message, n));
                }
                // `writeError` prints a message longer than its column on
                // a second line, from the column's end.
                None => match m.errors.last_mut() {
                    Some(e) => e.0.push_str(strip_indent(raw, indent).trim_end()),
                    None => return Err(bad("`> <error> <n> (<pct>%)`")),
                },
            },
        }
    }
    let requests = m
        .requests
        .ok_or_else(|| missing(SOURCE, text, layout.count_syntax()))?;
    let rate: f64 = rate.ok_or_else(|| missing(SOURCE, text, layout.rate_syntax()))?;
    m.latency.percentiles = lines::sorted(pcts);
    if requests > 0 {
        m.latency.count = Some(requests);
    }
    if rate > 0.0 {
        m.rate_per_s = Some(rate);
        // Gatling divides by the run's length in whole seconds
        // (`GeneralStatsBuffer(durationInSec: Long)`): the printed rate,
        // rounded, gives it back to the second.
        let secs = requests as f64 / rate;
        m.elapsed_s = Some(if secs.round() >= 1.0 {
            secs.round()
        } else {
            secs
        });
    } else if requests == 0 {
        m.rate_per_s = Some(0.0);
    }
    m.load.concurrency = most_active(all.get(..start).unwrap_or(&[]));
    m.label = simulation(&all);
    m.counts = vec![Counted::LatencyWithFailures, Counted::WholeMilliseconds];
    Ok(m)
}

/// A global statistic's name and its three figures (`None` for `-`).
type Stat = (String, Option<f64>, Option<f64>, Option<f64>);

/// A global statistic after its `>`, in either layout.
fn stat_line(rest: &str) -> Option<Stat> {
    if rest.contains('|') {
        let mut parts = rest.split('|');
        let name = parts.next()?.trim().to_string();
        let total = figure(parts.next()?)?;
        let ok = figure(parts.next()?)?;
        let ko = figure(parts.next()?)?;
        return parts.next().is_none().then_some((name, total, ok, ko));
    }
    let (head, tail) = rest.rsplit_once(" (OK=")?;
    let (ok, ko) = tail.trim_end().strip_suffix(')')?.split_once(" KO=")?;
    let (name, total) = head.trim().rsplit_once(' ')?;
    Some((
        name.trim().to_string(),
        figure(total)?,
        figure(ok)?,
        figure(ko)?,
    ))
}

/// A figure: `-` (nothing to count), or a number as `toPrintableString`
/// prints it, with grouping commas since 3.13.4. `None` is not a figure.
fn figure(s: &str) -> Option<Option<f64>> {
    let s = s.trim();
    if s == "-" {
        return Some(None);
    }
    number(&ungrouped(s)?).filter(|v| *v >= 0.0).map(Some)
}

/// `s` without its thousands commas, when they group it by threes.
fn ungrouped(s: &str) -> Option<String> {
    if !s.contains(',') {
        return Some(s.to_string());
    }
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    let mut groups = int.split(',');
    let head = groups.next()?;
    let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
    if head.is_empty() || head.len() > 3 || !digits(head) {
        return None;
    }
    let mut out = head.to_string();
    for g in groups {
        if g.len() != 3 || !digits(g) {
            return None;
        }
        out.push_str(g);
    }
    if let Some(f) = frac {
        out.push('.');
        out.push_str(f);
    }
    Some(out)
}

/// Files one statistic into `m`; `Err` is what was expected instead
/// (empty: the layout's line).
fn global(
    name: &str,
    [total, ok, ko]: [Option<f64>; 3],
    m: &mut Measurement,
    rate: &mut Option<f64>,
    pcts: &mut Vec<(f64, f64)>,
) -> Result<(), &'static str> {
    // Since 3.13.4 the times carry their unit (`min response time (ms)`).
    let name = name.strip_suffix(" (ms)").unwrap_or(name).trim();
    let l = &mut m.latency;
    match name {
        "request count" => {
            const WANT: &str = "`request count` with whole counts, OK + KO = total";
            let whole = |v: Option<f64>| match v {
                None => Some(0),
                Some(v) if v.fract() == 0.0 && v < 1e18 => Some(v as u64),
                Some(_) => None,
            };
            let (total, ok, ko) = (
                whole(total).ok_or(WANT)?,
                whole(ok).ok_or(WANT)?,
                whole(ko).ok_or(WANT)?,
            );
            if ok.checked_add(ko) != Some(total) {
                return Err(WANT);
            }
            m.requests = Some(total);
            m.failed = Some(ko);
        }
        "min response time" => l.min_ms = total,
        "max response time" => l.max_ms = total,
        "mean response time" => l.mean_ms = total,
        "std deviation" | "response time std deviation" => l.stdev_ms = total,
        "mean requests/sec" | "mean throughput (rps)" => *rate = Some(total.unwrap_or(0.0)),
        _ => {
            // `s"response time ${rank.toRank} percentile"`: `50th`, `99.9th`.
            const WANT: &str = "`response time <n>th percentile` with <n> from 0 to 100";
            let rank = name
                .strip_prefix("response time ")
                .and_then(|r| r.strip_suffix(" percentile"))
                .ok_or("")?;
            let p = number(rank.trim_end_matches(|c: char| c.is_ascii_alphabetic()))
                .filter(|p| (0.0..=100.0).contains(p))
                .ok_or(WANT)?;
            if let Some(v) = total {
                pcts.push((p, v));
            }
        }
    }
    Ok(())
}

/// `> <text> <n> (<pct>%)` after its `>`: a response time range or an
/// error, with its count. The percentage may be padded inside its
/// parentheses (`(    42%)`) and, in the errors of Gatling up to 3.13.3,
/// printed with the JVM locale's decimal comma.
fn counted_line(rest: &str) -> Option<(String, u64)> {
    let (head, pct) = rest.trim_end().strip_suffix("%)")?.rsplit_once('(')?;
    let pct = pct.trim();
    let pct = if pct.contains(',') && !pct.contains('.') {
        pct.replacen(',', ".", 1)
    } else {
        pct.to_string()
    };
    number(&pct).filter(|p| (0.0..=100.0).contains(p))?;
    let (text, n) = head.trim().rsplit_once(' ')?;
    let n = count(&ungrouped(n.trim())?)?;
    let text = text.trim();
    (!text.is_empty()).then(|| (text.to_string(), n))
}

/// The whitespace a line starts with, in bytes.
fn leading(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// `line` less up to `indent` leading whitespace bytes (a block pasted
/// indented keeps its continuation lines' own text).
fn strip_indent(line: &str, indent: usize) -> &str {
    let n = leading(line).min(indent);
    line.get(n..).unwrap_or(line)
}

/// The most users the progress blocks before the statistics saw active
/// (`ConsoleSummary`'s `waiting: … / active: … / done: …` or
/// `active: … / done: …` lines).
fn most_active(progress: &[&str]) -> Option<u64> {
    progress
        .iter()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("waiting:")
                .and_then(|r| r.split_once("/ active:"))
                .map(|(_, r)| r)
                .or_else(|| l.strip_prefix("active:"))?;
            let (active, done) = rest.split_once('/')?;
            done.trim().strip_prefix("done:")?;
            count(&ungrouped(active.trim())?)
        })
        .max()
}

/// The simulation's name from Gatling's `Simulation <class> started...`.
fn simulation(all: &[&str]) -> Option<String> {
    all.iter().find_map(|l| {
        let name = l
            .trim()
            .strip_prefix("Simulation ")?
            .strip_suffix(" started...")?;
        (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| name.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample file of `tests/samples/gatling/`.
    fn sample(name: &str) -> String {
        super::super::samples::sample(&format!("gatling/{name}"))
    }

    /// The public entry, which detects the format first.
    fn read(text: &str) -> Result<Measurement, FieldError> {
        super::super::read(text)
    }

    /// The one-line error `text` gives.
    fn refused(text: &str) -> FieldError {
        let e = read(text).expect_err("refused");
        assert!(!e.to_string().contains(['\n', '\r']), "{e}");
        e
    }

    /// `text` up to (not including) its last line that starts with `mark`.
    fn cut_before(text: &str, mark: &str) -> String {
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().rposition(|l| l.starts_with(mark)).unwrap();
        lines[..at].join("\n")
    }

    #[test]
    fn gatling_3_10_reads_its_last_block_and_wrapped_errors() {
        let m = read(&sample("basic-3.10.5.txt")).unwrap();
        assert_eq!(m.source, Source::Gatling);
        assert_eq!((m.requests, m.failed), (Some(1200), Some(12)));
        assert_eq!(m.rate_per_s, Some(29.268));
        assert_eq!(m.elapsed_s, Some(41.0), "1200 ÷ 29.268 to the whole second");
        let l = &m.latency;
        assert_eq!(l.count, Some(1200));
        assert_eq!(
            (l.min_ms, l.max_ms, l.mean_ms, l.stdev_ms),
            (Some(1.0), Some(2841.0), Some(185.0), Some(244.0))
        );
        assert_eq!(
            l.percentiles,
            vec![(50.0, 121.0), (75.0, 214.0), (95.0, 612.0), (99.0, 1270.0)]
        );
        assert_eq!(
            m.errors,
            vec![
                (
                    "i.n.c.AbstractChannel$AnnotatedConnectException: Connection refused: localhost/127.0.0.1:8080"
                        .to_string(),
                    9
                ),
                ("status.find.in([200, 209], 304), found 500".to_string(), 3),
            ]
        );
        assert_eq!(m.load.concurrency, Some(28));
        assert_eq!(m.label.as_deref(), Some("computerdatabase.BasicSimulation"));
        assert!(m.counts.contains(&Counted::WholeMilliseconds));
        assert!(m.counts.contains(&Counted::LatencyWithFailures));
    }

    #[test]
    fn gatling_3_14_reads_its_table_with_grouped_numbers() {
        let m = read(&sample("checkout-3.14.9.txt")).unwrap();
        assert_eq!((m.requests, m.failed), (Some(12_480), Some(79)));
        assert_eq!((m.rate_per_s, m.elapsed_s), (Some(204.59), Some(61.0)));
        let l = &m.latency;
        assert_eq!(
            (l.min_ms, l.max_ms, l.mean_ms, l.stdev_ms),
            (Some(0.0), Some(3112.0), Some(48.0), Some(97.0))
        );
        assert_eq!(
            l.percentiles,
            vec![(50.0, 31.0), (75.0, 52.0), (95.0, 143.0), (99.0, 512.0)]
        );
        assert_eq!(
            m.errors,
            vec![
                ("j.n.ConnectException: Connection refused".to_string(), 61),
                ("status.find.in([200, 209], 304), found 503".to_string(), 18),
            ]
        );
        assert_eq!(m.load.concurrency, Some(90));
        assert_eq!(m.label.as_deref(), Some("shop.CheckoutSimulation"));
    }

    #[test]
    fn of_two_runs_pasted_the_last_block_counts() {
        let m = read(&format!(
            "{}{}",
            sample("basic-3.10.5.txt"),
            sample("checkout-3.14.9.txt")
        ))
        .unwrap();
        assert_eq!(m.requests, Some(12_480));
        let m = read(&format!(
            "{}{}",
            sample("checkout-3.14.9.txt"),
            sample("basic-3.10.5.txt")
        ))
        .unwrap();
        assert_eq!(m.requests, Some(1200));
    }

    #[test]
    fn other_layouts_and_bare_statistics() {
        // 3.11–3.13.3: padded percentages; 3.13.4+: `-` for no KO, percents
        // like 99.9; and the statistics alone, without their title.
        let mid = "> request count                                        300 (OK=297    KO=3     )\n\
                   > response time 99.9th percentile                     412 (OK=410    KO=512   )\n\
                   > mean requests/sec                                     10 (OK=9.9    KO=0.1   )\n\
                   ---- Response Time Distribution ------------------------------------------------\n\
                   > t < 42 ms                                             90 (    42%)\n";
        let m = read(mid).unwrap();
        assert_eq!(
            (m.requests, m.failed, m.elapsed_s),
            (Some(300), Some(3), Some(30.0))
        );
        assert_eq!(m.latency.at(99.9), Some(412.0));
        let table = "---- Global Information ----|---Total---|-----OK----|----KO----\n\
                     > request count             |       110 |       110 |         -\n\
                     > min response time (ms)    |        14 |        14 |         -\n\
                     > mean throughput (rps)     |         5 |         5 |         -\n";
        let m = read(table).unwrap();
        assert_eq!(
            (m.requests, m.failed, m.rate_per_s, m.elapsed_s),
            (Some(110), Some(0), Some(5.0), Some(22.0))
        );
        assert_eq!(m.latency.min_ms, Some(14.0));
        // An empty run: no rate to divide by.
        let none = "> request count | 0 | 0 | 0\n> mean throughput (rps) | - | - | -\n";
        let m = read(none).unwrap();
        assert_eq!(
            (m.requests, m.rate_per_s, m.elapsed_s),
            (Some(0), Some(0.0), None)
        );
    }

    #[test]
    fn a_block_cut_short_names_what_is_missing() {
        let old = cut_before(&sample("basic-3.10.5.txt"), "> mean requests/sec");
        let e = refused(&old);
        assert!(
            e.message()
                .contains("`> mean requests/sec <n> (OK=<n> KO=<n>)`"),
            "{e}"
        );
        let new = cut_before(&sample("checkout-3.14.9.txt"), "> mean throughput (rps)");
        let e = refused(&new);
        assert!(
            e.message()
                .contains("`> mean throughput (rps) | <n> | <n> | <n>`"),
            "{e}"
        );
        let e = refused(&cut_before(
            &sample("checkout-3.14.9.txt"),
            "> request count",
        ));
        assert!(
            e.message().contains("`> request count | <n> | <n> | <n>`"),
            "{e}"
        );
        let e = refused(&cut_before(
            &sample("checkout-3.14.9.txt"),
            "> min response time",
        ));
        assert!(e.message().contains("mean throughput (rps)"), "{e}");
    }

    #[test]
    fn hostile_figures_are_refused_by_line() {
        let text = sample("checkout-3.14.9.txt");
        let all: Vec<&str> = text.lines().collect();
        let line_of = |needle: &str| all.iter().rposition(|l| l.contains(needle)).unwrap() + 1;
        for (needle, from, to) in [
            ("> request count", "12,480 |", "12,481 |"),
            ("> request count", "12,480 |", "1,2480 |"),
            ("> max response time", "3,112 |", "  inf |"),
            ("> mean response time", "48 |", "-48 |"),
            ("> mean throughput", "204.59 |", "   NaN |"),
            ("> response time 50th", "50th", "150th"),
            (
                "> response time 75th",
                "response time 75th percentile",
                "response time 75th centile",
            ),
            ("> KO ", "(0.63%)", "(163%)"),
            ("> j.n.ConnectException", "       61", "  9e9999"),
        ] {
            let line = line_of(needle);
            let raw = text.lines().nth(line - 1).unwrap();
            assert!(raw.contains(from), "{from}");
            let broken: Vec<String> = text
                .lines()
                .enumerate()
                .map(|(i, l)| {
                    if i + 1 == line {
                        l.replacen(from, to, 1)
                    } else {
                        l.to_string()
                    }
                })
                .collect();
            let Err(e) = read(&broken.join("\n")) else {
                panic!("{to}: read")
            };
            assert!(
                e.message().contains(&format!("line {line} of the Gatling")),
                "{to}: {e}"
            );
        }
        let at = text.rfind("---- Errors ------").unwrap();
        let stray = format!("{}---- Requests ----{}", &text[..at], &text[at + 18..]);
        assert!(refused(&stray).message().contains("`---- Errors ----`"));
    }

    #[test]
    fn an_error_continuation_needs_an_error_before_it() {
        let text = "> request count    10 (OK=10     KO=0     )\n\
                    > mean requests/sec 1 (OK=1      KO=-     )\n\
                    ---- Errors --------\n\
                    fused: localhost/127.0.0.1:8080\n";
        let e = refused(text);
        assert!(e.message().contains("line 4 of the Gatling"), "{e}");
    }

    #[test]
    fn figures_group_by_threes_only() {
        assert_eq!(figure("1,406,042"), Some(Some(1_406_042.0)));
        assert_eq!(figure("18,056.24"), Some(Some(18_056.24)));
        assert_eq!(figure("-"), Some(None));
        for bad in ["1,40", "14,06,042", ",406", "1,406,", "1.406,042", "", "∞"] {
            assert_eq!(figure(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_jmeter_summary_line_with_a_gatling_block_is_refused() {
        let summary = "summary =   4600 in 00:01:23 =   55.4/s Avg:    52 Min:     2 Max:  2391 Err:    12 (0.26%)\n";
        for text in [
            format!("{summary}{}", sample("basic-3.10.5.txt")),
            format!("{}{summary}", sample("checkout-3.14.9.txt")),
        ] {
            let e = refused(&text);
            assert!(e.message().contains("two tools"), "{e}");
            assert!(e.message().contains("Gatling"), "{e}");
        }
    }
}
