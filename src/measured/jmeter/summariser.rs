//! The non-GUI `summary =` and `summary +` lines of
//! `reporters/Summariser.java`.

use crate::scenario::FieldError;

use super::super::lines::{bad_line, count, missing};
use super::super::{Counted, Measurement, Source};
use super::csv::{decimal, percent};

/// The Summariser line read, in its own syntax (`Summariser.format`).
const SUMMARY_EQ: &str =
    "`summary = <n> in <hh:mm:ss> = <rate>/s Avg: <ms> Min: <ms> Max: <ms> Err: <n> (<pct>%)`";

/// A Summariser delta line (`summary +`), which JMeter 2.8+ ends with its
/// thread counts.
const SUMMARY_PLUS: &str = "`summary + <n> in <hh:mm:ss> = <rate>/s Avg: <ms> Min: <ms> Max: <ms> Err: <n> (<pct>%) Active: <n> Started: <n> Finished: <n>`";

/// A Summariser line's kind (`=` for the run so far, `+` for the last
/// interval) and what follows it, trimmed. The line may carry jmeter.log's
/// prefix (`… INFO o.a.j.r.Summariser: summary = …`).
pub(super) fn summariser_line(line: &str) -> Option<(char, &str)> {
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
    /// Elapsed time, s (rounded to whole seconds since JMeter 3.0, and
    /// before it whenever it printed no tenths).
    elapsed_s: f64,
    /// Whether `elapsed_s` was printed in whole seconds.
    elapsed_whole: bool,
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
    let (elapsed_s, elapsed_whole) = summary_elapsed(t.next()?)?;
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
        elapsed_whole,
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
/// past two digits), or `<seconds>s` before JMeter 3.0; and whether it is
/// whole seconds. Before 3.0 `Summariser.format` rounds to whole seconds
/// past 100 s and whenever the rounding went up or dropped under 50 ms
/// (JMeter 2.13 prints 1822 ms as `2s`, 1341 ms as `1.3s`).
fn summary_elapsed(s: &str) -> Option<(f64, bool)> {
    if let Some(secs) = s.strip_suffix('s') {
        let v = decimal(secs).filter(|v| *v >= 0.0)?;
        return Some((v, !secs.contains(['.', ','])));
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
    Some((h as f64 * 3600.0 + (m * 60 + sec) as f64, true))
}

/// The run's elapsed time: the Summariser's rate is its samples over the
/// unrounded time, so where the time was printed in whole seconds and
/// samples ÷ rate is within that rounding, samples ÷ rate is the closer
/// figure (a 1.8 s run prints `2s` and `219.5/s` for 400 samples).
fn elapsed_of(s: &Summary) -> f64 {
    match s.rate {
        Some(rate) if s.elapsed_whole && rate > 0.0 && s.samples > 0 => {
            let from_rate = s.samples as f64 / rate;
            if (from_rate - s.elapsed_s).abs() <= 0.5 {
                from_rate
            } else {
                s.elapsed_s
            }
        }
        _ => s.elapsed_s,
    }
}

/// JMeter's non-GUI Summariser: the last `summary =` line is the whole run
/// so far (the `+` lines are intervals); the most threads any `+` line saw
/// active is the load.
pub(in crate::measured) fn summariser(text: &str) -> Result<Measurement, FieldError> {
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
    m.elapsed_s = Some(elapsed_of(&s));
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
