//! A chart's data as numbers, for people who cannot or would rather not
//! read a picture: the series each chart draws ([`ChartData`], built by
//! each chart family beside its drawing), one table builder for every kind
//! of chart ([`ChartData::table`]: one row per x value, one column per
//! series), and the keyboard's cursor through the same x values
//! ([`step`]), whose tooltip is the one the pointer shows there.

use crate::i18n::Locale;
use crate::i18n::keys::chart as k;

/// What a column's numbers measure: its header's unit and how its numbers
/// are written (the tooltips' way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Requests per second, whole.
    ReqPerS,
    /// Milliseconds, three significant digits.
    Ms,
    /// Seconds of simulated time, two decimals.
    Seconds,
    /// Per cent, one decimal.
    Pct,
    /// Megabytes, one decimal.
    Mb,
    /// Threads, requests, connections: three significant digits (a gauge
    /// is a mean over time, so it need not be whole).
    Count,
    /// Clients in flight or arrivals per second on a sweep's axis: whole.
    Whole,
}

impl Unit {
    /// Its words in a column header, `None` for a plain count.
    pub fn words(self) -> Option<&'static str> {
        match self {
            Unit::ReqPerS => Some("req/s"),
            Unit::Ms => Some("ms"),
            Unit::Seconds => Some("s"),
            Unit::Pct => Some("%"),
            Unit::Mb => Some("MB"),
            Unit::Count | Unit::Whole => None,
        }
    }

    /// `x` written as the tooltips write it in `l`, without the unit.
    pub fn format(self, l: Locale, x: f64) -> String {
        match self {
            Unit::ReqPerS | Unit::Whole => l.number(x, 0),
            Unit::Ms | Unit::Count => l.sig(x),
            Unit::Seconds => l.number(x, 2),
            Unit::Pct | Unit::Mb => l.number(x, 1),
        }
    }

    /// `x` with its unit: `12.5 MB`, `3.2` (de `12,5 MB`).
    pub fn with_unit(self, l: Locale, x: f64) -> String {
        match self.words() {
            Some(u) => format!("{} {u}", self.format(l, x)),
            None => self.format(l, x),
        }
    }

    /// `name (unit)`, or the name alone.
    pub fn header(self, name: &str) -> String {
        match self.words() {
            Some(u) => format!("{name} ({u})"),
            None => name.to_string(),
        }
    }
}

/// One series as a chart draws it: (x, y) points in x order.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Its name, as the legend says it.
    pub name: String,
    /// Its unit.
    pub unit: Unit,
    /// Its points.
    pub points: Vec<(f64, f64)>,
}

impl Series {
    /// A series named `name` in `unit`.
    pub fn new(name: impl Into<String>, unit: Unit, points: Vec<(f64, f64)>) -> Series {
        Series {
            name: name.into(),
            unit,
            points,
        }
    }

    /// Its value at exactly `x`, if it has a point there.
    pub fn at(&self, x: f64) -> Option<f64> {
        self.points.iter().find(|p| p.0 == x).map(|p| p.1)
    }
}

/// What a chart shows, as numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartData {
    /// The language its words and numbers are written in.
    pub locale: Locale,
    /// What x is (the first column's header, unit included).
    pub x_header: String,
    /// How an x is written: in this unit, or by its name in `x_names`.
    pub x_unit: Option<Unit>,
    /// Names of x values that are categories or ranges (a latency bin, an
    /// error's cause), by x.
    pub x_names: Vec<(f64, String)>,
    /// The series, in legend order.
    pub series: Vec<Series>,
    /// What the chart shows that is not a series over x (a measured figure,
    /// a ceiling): lines under the table.
    pub notes: Vec<String>,
}

impl Default for ChartData {
    fn default() -> Self {
        ChartData {
            locale: Locale::En,
            x_header: String::new(),
            x_unit: None,
            x_names: Vec::new(),
            series: Vec::new(),
            notes: Vec::new(),
        }
    }
}

/// A chart's data as a table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DataTable {
    /// Column headers, the x column's first, units included.
    pub headers: Vec<String>,
    /// The rows, in x order.
    pub rows: Vec<Row>,
    /// Lines under the table.
    pub notes: Vec<String>,
}

/// One row of a [`DataTable`].
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Its x.
    pub x: f64,
    /// Its x in words (the row's header cell).
    pub label: String,
    /// Each series' value at x, if it has one.
    pub values: Vec<Option<f64>>,
    /// Those values written out (`–` where a series has none).
    pub cells: Vec<String>,
}

impl ChartData {
    /// The data of a chart over a run's simulated time, in `l`'s words.
    pub fn over_time(l: Locale, series: Vec<Series>, notes: Vec<String>) -> ChartData {
        ChartData {
            locale: l,
            x_header: k::AXIS_TIME_S.text(l, &[]),
            x_unit: Some(Unit::Seconds),
            series,
            notes,
            ..Default::default()
        }
    }

    /// Every x of any series, sorted, once each: the table's rows and the
    /// keyboard cursor's stops.
    pub fn xs(&self) -> Vec<f64> {
        let mut xs: Vec<f64> = (self.series.iter())
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .filter(|x| x.is_finite())
            .collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        xs
    }

    /// `x` in words.
    pub fn x_label(&self, x: f64) -> String {
        match (self.x_names.iter().find(|n| n.0 == x), self.x_unit) {
            (Some((_, name)), _) => name.clone(),
            (None, Some(unit)) => unit.format(self.locale, x),
            (None, None) => self.locale.sig(x),
        }
    }

    /// The table: one row per x value, one column per series.
    pub fn table(&self) -> DataTable {
        let headers = std::iter::once(self.x_header.clone())
            .chain(self.series.iter().map(|s| s.unit.header(&s.name)))
            .collect();
        let rows = (self.xs().into_iter())
            .map(|x| {
                let values: Vec<Option<f64>> = self.series.iter().map(|s| s.at(x)).collect();
                let cells = (values.iter().zip(&self.series))
                    .map(|(v, s)| {
                        v.map_or_else(|| "–".to_string(), |v| s.unit.format(self.locale, v))
                    })
                    .collect();
                Row {
                    x,
                    label: self.x_label(x),
                    values,
                    cells,
                }
            })
            .collect();
        DataTable {
            headers,
            rows,
            notes: self.notes.clone(),
        }
    }

    /// The x drawn nearest to `x`, and each series' value there in words
    /// (`name: value unit`): what a tooltip says of a chart whose lines are
    /// all it has to say.
    pub fn nearest(&self, x: f64) -> Option<(f64, Vec<String>)> {
        let xs = self.xs();
        let at = xs[crate::app::nearest(&xs, x, false)?];
        let lines = (self.series.iter())
            .filter_map(|s| {
                let value = s.unit.with_unit(self.locale, s.at(at)?);
                Some(format!("{}: {value}", s.name))
            })
            .collect();
        Some((at, lines))
    }

    /// The value to place the keyboard's tooltip at for x: the first
    /// series' that has one.
    pub fn y_at(&self, x: f64) -> Option<f64> {
        self.series.iter().find_map(|s| s.at(x))
    }
}

/// What a key does to the keyboard's cursor on a chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CursorMove {
    /// Show the point at this index.
    To(usize),
    /// Hide the tooltip (the cursor stays where it was).
    Hide,
}

/// What `key` (`KeyboardEvent.key`) does to a cursor at `at` among `len`
/// points: → and ← one point on (the first press shows the first or last
/// point), Home and End the ends, Escape hides; `None` for any other key,
/// which the page leaves to the browser (Tab moves on).
pub fn step(key: &str, at: Option<usize>, len: usize) -> Option<CursorMove> {
    let last = len.checked_sub(1);
    let to = match key {
        "Escape" | "Esc" => return Some(CursorMove::Hide),
        "ArrowRight" | "Right" => at.map_or(Some(0), |i| Some((i + 1).min(last?))),
        "ArrowLeft" | "Left" => at.map_or(last, |i| Some(i.saturating_sub(1).min(last?))),
        "Home" => Some(0),
        "End" => last,
        _ => return None,
    };
    to.filter(|_| len > 0).map(CursorMove::To)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> ChartData {
        ChartData {
            x_header: "t (s)".into(),
            x_unit: Some(Unit::Seconds),
            series: vec![
                Series::new("a", Unit::ReqPerS, vec![(0.5, 1234.4), (1.5, 10.0)]),
                Series::new("b", Unit::Ms, vec![(1.0, 0.1234), (1.5, 2500.0)]),
            ],
            ..Default::default()
        }
    }

    #[test]
    fn a_table_has_a_row_per_x_and_a_column_per_series() {
        let t = two().table();
        assert_eq!(t.headers, ["t (s)", "a (req/s)", "b (ms)"]);
        let xs: Vec<f64> = t.rows.iter().map(|r| r.x).collect();
        assert_eq!(xs, [0.5, 1.0, 1.5]);
        assert_eq!(t.rows[0].cells, ["1,234", "–"]);
        assert_eq!(t.rows[1].cells, ["–", "0.123"]);
        assert_eq!(t.rows[2].cells, ["10", "2,500"]);
        assert_eq!(t.rows[2].label, "1.50");
        assert_eq!(t.rows[0].values, [Some(1234.4), None]);
    }

    #[test]
    fn named_xs_are_written_by_name() {
        let mut d = two();
        d.x_names = vec![(1.0, "one".into())];
        assert_eq!(d.x_label(1.0), "one");
        assert_eq!(d.x_label(0.5), "0.50");
    }

    #[test]
    fn keys_move_the_cursor_and_stop_at_the_ends() {
        use CursorMove::*;
        assert_eq!(step("ArrowRight", None, 3), Some(To(0)));
        assert_eq!(step("ArrowLeft", None, 3), Some(To(2)));
        assert_eq!(step("ArrowRight", Some(1), 3), Some(To(2)));
        assert_eq!(step("ArrowRight", Some(2), 3), Some(To(2)));
        assert_eq!(step("ArrowLeft", Some(0), 3), Some(To(0)));
        assert_eq!(step("Home", Some(2), 3), Some(To(0)));
        assert_eq!(step("End", None, 3), Some(To(2)));
        assert_eq!(step("Escape", Some(1), 3), Some(Hide));
        assert_eq!(step("Tab", Some(1), 3), None);
        assert_eq!(step("ArrowRight", None, 0), None);
        assert_eq!(step("End", None, 0), None);
    }
}
