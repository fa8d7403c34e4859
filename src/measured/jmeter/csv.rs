//! CSV as JMeter writes it (`CSVSaveService`): records that may span lines,
//! quoted fields, the header, and numbers as `DecimalFormat` prints them.

use crate::scenario::FieldError;

use super::super::Source;
use super::super::lines::{bad_line, missing, number};

/// One CSV record: the number (1-based) of the line it starts on, that
/// line's text (for an error's value) and its fields, unquoted.
pub(super) struct Record<'a> {
    /// The line it starts on, 1-based.
    pub(super) line: usize,
    /// That line, without its line break.
    pub(super) first: &'a str,
    /// Its fields, unquoted.
    pub(super) fields: Vec<String>,
}

/// A record that could not be split: where it starts and what is wrong.
pub(super) struct Broken<'a> {
    /// The line it starts on, 1-based.
    pub(super) line: usize,
    /// That line, without its line break.
    pub(super) first: &'a str,
    /// What a record needs there, in CSV's terms.
    pub(super) expected: &'static str,
}

/// CSV records as `CSVSaveService.quoteDelimiters` writes them: a field
/// holding the delimiter, a quote, CR or LF is put in quotes and its quotes
/// doubled, so a quoted field may run over several lines. Blank lines
/// between records are passed over.
pub(super) struct Records<'a> {
    /// The whole text.
    pub(super) text: &'a str,
    /// Where the next record starts, in bytes.
    pub(super) pos: usize,
    /// The line `pos` is on, 1-based.
    pub(super) line: usize,
    /// The field delimiter (ASCII).
    pub(super) delim: u8,
}

impl<'a> Records<'a> {
    /// The records of `text`, its fields split at `delim`.
    pub(super) fn new(text: &'a str, delim: u8) -> Records<'a> {
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
pub(super) fn physical_line(text: &str, start: usize) -> &str {
    let rest = text.get(start..).unwrap_or("");
    rest.split('\n').next().unwrap_or("")
}

/// The first byte at or after `from` for which `hit` holds.
pub(super) fn find(bytes: &[u8], from: usize, hit: impl Fn(u8) -> bool) -> Option<usize> {
    bytes
        .get(from..)?
        .iter()
        .position(|&b| hit(b))
        .map(|p| from + p)
}

/// The header of a CSV, or what to say when it is missing or broken.
pub(super) fn header<'a>(
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
pub(super) fn decimal(s: &str) -> Option<f64> {
    let s = s.trim();
    if s.contains(',') && !s.contains('.') && s.matches(',').count() == 1 {
        number(&s.replacen(',', ".", 1))
    } else {
        number(s)
    }
}

/// A percentage as `DecimalFormat("#0.00%")` or `("#0.000%")` prints it,
/// as a fraction; within 0–100 %.
pub(super) fn percent(s: &str) -> Option<f64> {
    decimal(s.trim().strip_suffix('%')?)
        .filter(|p| (0.0..=100.0).contains(p))
        .map(|p| p / 100.0)
}
