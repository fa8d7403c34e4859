//! What a visitor can take away, as files: the sweep and the runs over time
//! as CSV, the full reports as the command line's JSON, the command line's
//! text summary ("copy as hey output"), and each chart as PNG or SVG. Every
//! file names the scenario, its seed and the permalink it came from: CSV
//! in its last column, `source` (so the file starts with its header row, as
//! spreadsheets and `pandas.read_csv` expect), text in `#` lines before the
//! data, JSON in a `source` object beside
//! the reports, PNG in `tEXt` chunks, SVG in `<title>`, `<desc>` and
//! `<metadata>`.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::app::basis::modes::{Mode, label};
use crate::app::page::state::State;
use crate::app::run::digest::RunView;
use crate::app::run::plan::SweepAxis;
use crate::app::worker::supervise::Export;
use crate::i18n::keys::ui as words;
use crate::i18n::{Arg, Locale};
use crate::replicas::{Band, Figure, Figures, Sample, Summary};
use crate::scenario::{mode_word, preset, validate};
use crate::sim::report::Gauge;

/// Where an export came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The scenario in words: the preset's title, and whether it was edited.
    pub(crate) scenario: String,
    /// The seed of each mode that runs, e.g. "1" or "platform 1, virtual 2".
    pub(crate) seed: String,
    /// The page's full address for this state.
    pub(crate) permalink: String,
}

impl Source {
    /// The source of what `state` shows, at the address `permalink`, the
    /// scenario in `l`'s words (the seeds name the modes as code does).
    pub fn of(state: &State, permalink: &str, l: Locale) -> Source {
        let setup = &state.setup;
        let title = setup
            .preset
            .as_deref()
            .and_then(preset)
            .map_or_else(|| words::PICKER_OWN.text(l, &[]), |p| p.title(l));
        let scenario = if setup.preset.is_some() && setup.edited() {
            words::EXPORT_EDITED.text(l, &[("title", Arg::Text(title))])
        } else {
            title
        };
        let seeds: Vec<(Mode, u64)> = setup
            .drafts()
            .iter()
            .filter_map(|(m, d)| Some((*m, validate(d).ok()?.seed)))
            .collect();
        let seed = match seeds.as_slice() {
            // The modes by their code words, as `modes=` writes them: the
            // seed also names the file.
            [(_, a), (_, b)] if a != b => format!(
                "{} {a}, {} {b}",
                mode_word(Mode::Platform),
                mode_word(Mode::Virtual)
            ),
            [(_, a), ..] => a.to_string(),
            [] => "–".to_string(),
        };
        Source {
            scenario,
            seed,
            permalink: permalink.to_string(),
        }
    }

    /// The three lines that open a text export.
    pub(crate) fn comment_lines(&self) -> String {
        format!(
            "# threadlab: {}\n# seed: {}\n# permalink: {}\n",
            one_line(&self.scenario),
            self.seed,
            one_line(&self.permalink)
        )
    }

    /// The source in one CSV cell, the `source` column of every row:
    /// `threadlab <version>; <scenario>; seed <seed>; <permalink>`.
    pub(crate) fn csv_cell(&self) -> String {
        format!(
            "threadlab {}; {}; seed {}; {}",
            env!("CARGO_PKG_VERSION"),
            one_line(&self.scenario),
            self.seed,
            one_line(&self.permalink)
        )
    }

    /// The source as JSON.
    pub(crate) fn to_json(&self) -> Value {
        json!({
            "threadlab": env!("CARGO_PKG_VERSION"),
            "scenario": self.scenario,
            "seed": self.seed,
            "permalink": self.permalink,
        })
    }

    /// A file name: `threadlab-<preset or scenario>-seed-<seed>-<what>.<ext>`.
    pub(crate) fn file_name(&self, state: &State, what: &str, ext: &str) -> String {
        let base = state.setup.preset.as_deref().unwrap_or("scenario");
        let seed: String = self
            .seed
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        let edited = if state.setup.edited() { "-edited" } else { "" };
        format!("threadlab-{base}{edited}-seed-{seed}-{what}.{ext}")
    }
}

/// Text on one line (a newline in a permalink or title would start a fake
/// data row).
fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

/// A CSV cell: numbers as Rust prints them (shortest round trip), text
/// quoted when it holds a comma, quote or newline.
fn cell(v: &str) -> String {
    if v.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", v.replace('"', "\"\""))
    } else {
        v.to_string()
    }
}

fn row(cells: &[String]) -> String {
    let mut line = cells.iter().map(|c| cell(c)).collect::<Vec<_>>().join(",");
    line.push('\n');
    line
}

/// The sweep as CSV: one row per point and mode, sorted by mode then x.
pub(crate) fn sweep_csv(state: &State, source: &Source) -> String {
    let axis = state.results.axis.unwrap_or_default();
    let x = match axis {
        SweepAxis::Concurrency => "concurrency",
        SweepAxis::Rate => "rate_rps",
    };
    let from = source.csv_cell();
    let mut out = row(&[
        "mode",
        x,
        "throughput_rps",
        "goodput_rps",
        "mean_ms",
        "p50_ms",
        "p99_ms",
        "error_pct",
        "stopped_at_budget",
        "source",
    ]
    .map(String::from));
    for (mode, points) in state.results.sweep.iter() {
        for p in points {
            out.push_str(&row(&[
                mode_word(mode).to_string(),
                p.x.to_string(),
                p.throughput_rps.to_string(),
                p.goodput_rps.to_string(),
                p.mean_ms.to_string(),
                p.p50_ms.to_string(),
                p.p99_ms.to_string(),
                p.error_pct.to_string(),
                p.budget_hit.to_string(),
                from.clone(),
            ]));
        }
    }
    out
}

/// The replications as CSV: per mode, one row per seed (`row` = `run`)
/// with its outcome and figures, then that mode's summary rows (`median`,
/// `min`, `max`, and with enough runs `median_lo` and `median_hi`, the
/// interval for the median, its coverage in `coverage`), as
/// `threadlab run --replications N --format json` gives them.
pub(crate) fn replications_csv(state: &State, source: &Source) -> String {
    let from = source.csv_cell();
    let mut header: Vec<String> = ["mode", "row", "seed", "outcome"]
        .map(String::from)
        .to_vec();
    header.extend(Figure::ALL.iter().map(|f| figure_column(*f)));
    header.extend(["coverage".to_string(), "source".to_string()]);
    let mut out = row(&header);
    for &mode in state.setup.modes.list() {
        let samples = state.results.samples.get(mode);
        if !samples.is_empty() {
            out.push_str(&replication_rows(mode_word(mode), samples, &from));
        }
    }
    out
}

/// One mode's rows of [`replications_csv`].
fn replication_rows(mode: &str, samples: &[Sample], from: &str) -> String {
    let line = |kind: &str, seed: String, outcome: &str, values: Figures<f64>, coverage: String| {
        let mut cells = vec![
            mode.to_string(),
            kind.to_string(),
            seed,
            outcome.to_string(),
        ];
        cells.extend(Figure::ALL.iter().map(|f| values.get(*f).to_string()));
        cells.extend([coverage, from.to_string()]);
        row(&cells)
    };
    let mut out = String::new();
    for s in samples {
        let outcome = serde_json::to_value(s.outcome).unwrap_or_default();
        let outcome = outcome.as_str().unwrap_or_default();
        out.push_str(&line(
            "run",
            s.seed.to_string(),
            outcome,
            s.figures,
            String::new(),
        ));
    }
    let bands = Summary::of(samples).figures;
    let summary = |kind: &str, pick: &dyn Fn(&Band) -> Option<f64>, coverage: String| {
        let values = Figures::from_fn(|f| pick(bands.get(f)).unwrap_or(f64::NAN));
        line(kind, String::new(), "", values, coverage)
    };
    out.push_str(&summary("median", &|b| Some(b.median), String::new()));
    out.push_str(&summary("min", &|b| Some(b.min), String::new()));
    out.push_str(&summary("max", &|b| Some(b.max), String::new()));
    // Every figure has an interval from the same count of runs on, with the
    // same rank and coverage.
    if let Some(i) = bands.throughput.interval {
        let coverage = i.coverage.to_string();
        out.push_str(&summary(
            "median_lo",
            &|b| b.interval.map(|i| i.lo),
            coverage.clone(),
        ));
        out.push_str(&summary(
            "median_hi",
            &|b| b.interval.map(|i| i.hi),
            coverage,
        ));
    }
    out
}

/// A figure's column: its name and unit, as the sweep's CSV names them.
fn figure_column(f: Figure) -> String {
    match f {
        Figure::Throughput => "throughput_rps",
        Figure::Goodput => "goodput_rps",
        Figure::P50 => "p50_ms",
        Figure::P99 => "p99_ms",
        Figure::Max => "max_ms",
        Figure::Mean => "mean_ms",
    }
    .to_string()
}

/// The full runs over time as CSV: one row per time bucket and mode, with
/// every gauge either run recorded (empty where a run did not).
pub(crate) fn over_time_csv(state: &State, source: &Source) -> String {
    let runs = state.results.runs(state.setup.modes);
    // In the report's order (as `threadlab run --format json --full` lists them).
    let mut gauges: Vec<Gauge> = runs
        .iter()
        .flat_map(|r| r.series.gauges.keys().copied())
        .collect();
    gauges.sort();
    gauges.dedup();
    let from = source.csv_cell();
    let mut header: Vec<String> = [
        "mode",
        "t_s",
        "throughput_rps",
        "latency_mean_ms",
        "latency_p50_ms",
        "latency_p99_ms",
        "memory_mb",
    ]
    .map(String::from)
    .to_vec();
    header.extend(gauges.iter().map(|g| g.name().to_string()));
    header.push("source".to_string());
    let mut out = row(&header);
    for run in &runs {
        out.push_str(&series_rows(run, &gauges, &from));
    }
    out
}

fn series_rows(run: &RunView, gauges: &[Gauge], from: &str) -> String {
    let s = &run.series;
    let at = |v: &Vec<f64>, i: usize| v.get(i).map_or(String::new(), f64::to_string);
    let mut out = String::new();
    for i in 0..s.t_s.len() {
        let mut cells = vec![
            mode_word(run.mode).to_string(),
            at(&s.t_s, i),
            at(&s.throughput_rps, i),
            at(&s.latency_mean_ms, i),
            at(&s.latency_p50_ms, i),
            at(&s.latency_p99_ms, i),
            at(&s.memory_mb, i),
        ];
        cells.extend(
            gauges
                .iter()
                .map(|g| s.gauges.get(g).map_or(String::new(), |v| at(v, i))),
        );
        cells.push(from.to_string());
        out.push_str(&row(&cells));
    }
    out
}

/// The full reports as JSON: `source`, then one entry per mode with the
/// draft that ran (a scenario file) and the report exactly as
/// `threadlab run --scenario <that file> --format json` prints it.
pub fn reports_json(source: &Source, exports: &[Export]) -> String {
    let runs: Vec<Value> = exports
        .iter()
        .map(|e| {
            json!({
                "mode": mode_word(e.mode),
                "scenario": e.draft.0,
                "command": "threadlab run --scenario scenario.json --format json",
                "report": serde_json::from_str::<Value>(&e.json).unwrap_or(Value::Null),
            })
        })
        .collect();
    let mut s = serde_json::to_string_pretty(&json!({ "source": source.to_json(), "runs": runs }))
        .unwrap_or_default();
    s.push('\n');
    s
}

/// The command line's text summary of each run, after the source lines
/// and a line naming the run.
pub(crate) fn hey_text(source: &Source, exports: &[Export]) -> String {
    let mut out = source.comment_lines();
    for e in exports {
        let _ = writeln!(
            out,
            "# {} (threadlab run --scenario scenario.json):",
            label(e.mode)
        );
        out.push_str(&e.text);
        out.push('\n');
    }
    out
}

/// The characters of a permalink on one caption line.
const CAPTION_WIDTH: usize = 150;

/// The lines drawn under an exported chart: what and where from, then the
/// permalink, broken after a `&` or `,` to fit the chart's width.
pub(crate) fn caption_lines(source: &Source, chart_title: &str, l: Locale) -> Vec<String> {
    let text = |s: &str| Arg::Text(s.to_string());
    let mut lines = vec![words::EXPORT_CAPTION.text(
        l,
        &[
            ("chart", text(chart_title)),
            ("scenario", text(&source.scenario)),
            ("seed", text(&source.seed)),
        ],
    )];
    let mut line = String::new();
    for c in source.permalink.chars() {
        line.push(c);
        let full = line.chars().count() >= CAPTION_WIDTH;
        if (full && matches!(c, '&' | ',')) || line.chars().count() >= CAPTION_WIDTH + 30 {
            lines.push(std::mem::take(&mut line));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `svg` with a title, a description and the source as metadata, for
/// whoever opens the file later.
pub(crate) fn svg_with_source(svg: &str, source: &Source, chart_title: &str) -> String {
    let Some(open_end) = svg
        .find("<svg")
        .and_then(|i| svg[i..].find('>').map(|j| i + j + 1))
    else {
        return svg.to_string();
    };
    let meta = format!(
        "\n<title>{}</title>\n<desc>{}; seed {}; {}</desc>\n<metadata>{}</metadata>",
        xml_text(&format!("threadlab · {chart_title}")),
        xml_text(&source.scenario),
        xml_text(&source.seed),
        xml_text(&source.permalink),
        xml_text(&source.to_json().to_string()),
    );
    format!("{}{meta}{}", &svg[..open_end], &svg[open_end..])
}

/// Text for XML content and attributes.
pub(crate) fn xml_text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// A PNG with `tEXt` chunks (keyword, Latin-1 text) after its header, or
/// `None` when `png` is not a PNG. Text that is not Latin-1 is written as
/// `?`; permalinks are ASCII.
pub(crate) fn png_with_text(png: &[u8], entries: &[(&str, &str)]) -> Option<Vec<u8>> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if !png.starts_with(SIGNATURE) || png.len() < 33 || &png[12..16] != b"IHDR" {
        return None;
    }
    let ihdr_len = u32::from_be_bytes(png[8..12].try_into().ok()?) as usize;
    let after_ihdr = 8 + 12 + ihdr_len;
    if png.len() < after_ihdr {
        return None;
    }
    let mut out = png[..after_ihdr].to_vec();
    for (keyword, text) in entries {
        let mut data: Vec<u8> = keyword.bytes().take(79).collect();
        data.push(0);
        data.extend(
            text.chars()
                .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')),
        );
        out.extend((data.len() as u32).to_be_bytes());
        let mut typed = b"tEXt".to_vec();
        typed.extend(&data);
        out.extend(&typed);
        out.extend(crc32(&typed).to_be_bytes());
    }
    out.extend(&png[after_ihdr..]);
    Some(out)
}

/// CRC-32 (IEEE), as PNG chunks carry it.
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}
