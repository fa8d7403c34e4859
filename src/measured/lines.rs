//! What every parser shares: the size cap, numbers as the tools print them
//! (with wrk's units), and errors that name the line.

use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::scenario::FieldError;

use super::{FIELD, Source};

/// The most text read: 8 MiB holds a 100,000-row `.jtl` or hey CSV; a
/// larger file is refused before anything is parsed.
pub const MAX_BYTES: usize = 8 * 1024 * 1024;

/// The most rows a CSV is read for (bounds the memory its latencies take).
pub(super) const MAX_ROWS: usize = 1_000_000;

/// `text` if it is within [`MAX_BYTES`] and not blank, without a byte
/// order mark.
pub(super) fn admit(text: &str) -> Result<&str, FieldError> {
    if text.len() > MAX_BYTES {
        return Err(FieldError::new(
            FIELD,
            format!("{} bytes", text.len()),
            words::IMPORT_TOO_LARGE
                .said()
                .with("max", Part::Count(MAX_BYTES as u64)),
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(FieldError::new(FIELD, "", words::IMPORT_EMPTY.said()));
    }
    Ok(text)
}

/// The first line that is not blank, for an error's value.
pub(super) fn first_line(text: &str) -> &str {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
}

/// Line `line` (1-based) of `source`'s output is not what `expected`
/// describes (the tool's own syntax, the same in every language).
pub(super) fn bad_line(source: Source, line: usize, found: &str, expected: &str) -> FieldError {
    FieldError::new(
        FIELD,
        found.trim(),
        words::IMPORT_EXPECTED
            .said()
            .with("format", Part::text(source.label()))
            .with("line", Part::Count(line as u64))
            .with("expected", Part::text(expected.to_string())),
    )
}

/// `source`'s output lacks what `expected` describes: the text ends (or
/// the block is over) at `lines` lines.
pub(super) fn missing(source: Source, text: &str, expected: &str) -> FieldError {
    FieldError::new(
        FIELD,
        last_line(text),
        words::IMPORT_MISSING
            .said()
            .with("format", Part::text(source.label()))
            .with("expected", Part::text(expected.to_string()))
            .with("lines", Part::Count(text.lines().count() as u64)),
    )
}

fn last_line(text: &str) -> &str {
    text.lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .unwrap_or("")
}

/// A plain decimal number as the tools print it: digits, one point, an
/// optional sign and exponent; never `inf` or `NaN` (which Rust's parser
/// would take), never a thousands separator.
pub(super) fn number(s: &str) -> Option<f64> {
    let s = s.trim();
    let ok = !s.is_empty()
        && s.chars().any(|c| c.is_ascii_digit())
        && s.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'));
    let v: f64 = if ok { s.parse().ok()? } else { return None };
    v.is_finite().then_some(v)
}

/// A count: digits only.
pub(super) fn count(s: &str) -> Option<u64> {
    let s = s.trim();
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A number followed by one of `units` (longest first), scaled by it.
pub(super) fn with_unit(s: &str, units: &[(&str, f64)]) -> Option<f64> {
    let s = s.trim();
    for &(unit, scale) in units {
        if let Some(n) = s.strip_suffix(unit)
            && let Some(v) = number(n)
        {
            return Some(v * scale);
        }
    }
    None
}

/// wrk's times (units.c `time_units_us`), in ms.
pub(super) const WRK_TIME_MS: &[(&str, f64)] = &[
    ("us", 0.001),
    ("ms", 1.0),
    ("s", 1000.0),
    ("m", 60_000.0),
    ("h", 3_600_000.0),
];

/// wrk's counts (`units_metric`).
pub(super) const WRK_METRIC: &[(&str, f64)] = &[
    ("k", 1e3),
    ("M", 1e6),
    ("G", 1e9),
    ("T", 1e12),
    ("P", 1e15),
    ("", 1.0),
];

/// wrk's byte counts (`units_binary`), then a final `B`.
pub(super) const WRK_BINARY: &[(&str, f64)] = &[
    ("KB", 1024.0),
    ("MB", 1048576.0),
    ("GB", 1073741824.0),
    ("TB", 1099511627776.0),
    ("B", 1.0),
];

/// The text after `prefix` on a line that starts with it (trimmed).
pub(super) fn after<'a>(line: &'a str, prefix: &str) -> Option<&'a str> {
    line.trim().strip_prefix(prefix).map(str::trim)
}

/// Percentiles sorted by percent, one value each (the last one printed
/// wins); a percent outside 0–100 or a negative value is the caller's
/// error to report.
pub(super) fn sorted(mut p: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    p.sort_by(|a, b| a.0.total_cmp(&b.0));
    p.dedup_by(|later, earlier| {
        let same = (later.0 - earlier.0).abs() < 1e-9;
        if same {
            earlier.1 = later.1;
        }
        same
    });
    p
}

/// Nearest-rank percentiles of `values` (sorted here), in their unit.
pub(super) fn nearest_rank(values: &mut [f64], pcts: &[f64]) -> Vec<(f64, f64)> {
    values.sort_by(f64::total_cmp);
    if values.is_empty() {
        return Vec::new();
    }
    let n = values.len();
    pcts.iter()
        .map(|&p| {
            let rank = ((p / 100.0) * n as f64).ceil().max(1.0) as usize;
            (p, values[rank.min(n) - 1])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_plain_decimals() {
        assert_eq!(number("12.5"), Some(12.5));
        assert_eq!(number(" -0.25 "), Some(-0.25));
        assert_eq!(number("1e3"), Some(1000.0));
        for bad in ["inf", "NaN", "", "1,000", "0x10", "infinity", "1e999", "."] {
            assert_eq!(number(bad), None, "{bad}");
        }
        assert_eq!(count("1000"), Some(1000));
        assert_eq!(count("-1"), None);
        assert_eq!(count("99999999999999999999999"), None);
    }

    #[test]
    fn units_scale_as_wrks() {
        assert_eq!(with_unit("43.53ms", WRK_TIME_MS), Some(43.53));
        assert_eq!(with_unit("531.50us", WRK_TIME_MS), Some(0.5315));
        assert_eq!(with_unit("1.08s", WRK_TIME_MS), Some(1080.0));
        assert_eq!(with_unit("1.50m", WRK_TIME_MS), Some(90_000.0));
        assert_eq!(with_unit("3.11k", WRK_METRIC), Some(3110.0));
        assert_eq!(with_unit("303.00", WRK_METRIC), Some(303.0));
        assert_eq!(with_unit("178.59KB", WRK_BINARY), Some(178.59 * 1024.0));
        assert_eq!(with_unit("700.00B", WRK_BINARY), Some(700.0));
        assert_eq!(with_unit("12xs", WRK_TIME_MS), None);
    }

    #[test]
    fn nearest_rank_is_the_smallest_value_with_that_share_at_or_below() {
        let mut v: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        assert_eq!(
            nearest_rank(&mut v, &[50.0, 99.0, 100.0, 0.0]),
            vec![(50.0, 50.0), (99.0, 99.0), (100.0, 100.0), (0.0, 1.0)]
        );
        assert!(nearest_rank(&mut [], &[50.0]).is_empty());
    }
}
