//! Legends drawn above the plot, never on it: a strip of entries that wraps
//! onto as many rows as the width needs, so no legend covers a line or a
//! label, and rows never overlap, whatever the width and font size. Each
//! entry's swatch is drawn as its series is (solid, dashed, dotted, a
//! marker, a filled box).

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::style::{MEASURED, Style, outline};
use super::{ChartError, err};

/// How a line is stroked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Dash {
    /// A solid line.
    Solid,
    /// Long dashes (theory, ceilings, the second of two series).
    Dashed,
    /// Short dots (measured figures).
    Dotted,
}

/// What stands for a series in its legend entry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Swatch {
    /// A line as the series draws it (colour, stroke, width in CSS px).
    Line(RGBAColor, Dash, f64),
    /// A measured marker: a cross in a ring of the column's colour.
    Measured(RGBColor),
    /// A point ringed as failing requests are.
    Ring(RGBColor),
    /// A filled box (bars).
    Fill(RGBAColor),
}

/// One legend entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Its swatch.
    pub swatch: Swatch,
    /// Its words.
    pub label: String,
}

impl Entry {
    /// An entry for a line.
    pub fn line(color: RGBAColor, dash: Dash, width: f64, label: impl Into<String>) -> Entry {
        Entry {
            swatch: Swatch::Line(color, dash, width),
            label: label.into(),
        }
    }
}

/// Legend text size, relative to the base font.
const FONT_REL: f64 = 0.78;

/// Length of a swatch, in units of the base font size.
const SWATCH_EM: f64 = 1.7;

/// Where each entry goes: (row, x) in device pixels, and the rows used.
fn layout(width: i32, style: &Style, entries: &[Entry]) -> (Vec<(i32, i32)>, i32) {
    let pad = style.px(6.0);
    let gap = (style.font_px * 1.1) as i32;
    let (mut row, mut x) = (0, pad);
    let mut at = Vec::with_capacity(entries.len());
    for e in entries {
        let w = entry_width(style, e);
        if x > pad && x + w > width - pad {
            row += 1;
            x = pad;
        }
        at.push((row, x));
        x += w + gap;
    }
    (at, if entries.is_empty() { 0 } else { row + 1 })
}

fn entry_width(style: &Style, e: &Entry) -> i32 {
    let swatch = (style.font_px * SWATCH_EM) as i32;
    swatch + style.px(5.0) + style.text_width(&e.label, FONT_REL)
}

fn row_height(style: &Style) -> i32 {
    (style.font_px * 1.45) as i32
}

/// Draws `entries` in a strip across the top of `area` and returns the
/// area below it, where the plot goes.
pub(super) fn with_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    entries: &[Entry],
) -> Result<DrawingArea<DB, Shift>, ChartError> {
    let (w, _) = area.dim_in_pixel();
    let (at, rows) = layout(w as i32, style, entries);
    if rows == 0 {
        return Ok(area.clone());
    }
    let rh = row_height(style);
    let height = rows * rh + style.px(6.0);
    let (strip, rest) = area.split_vertically(height);
    for (e, &(row, x)) in entries.iter().zip(&at) {
        let y = style.px(4.0) + row * rh + rh / 2;
        draw_entry(&strip, style, e, (x, y))?;
    }
    Ok(rest)
}

/// How many rows `entries` take at `width` pixels (tests use it).
pub fn rows(width: i32, style: &Style, entries: &[Entry]) -> i32 {
    layout(width, style, entries).1
}

fn draw_entry<DB: DrawingBackend>(
    strip: &DrawingArea<DB, Shift>,
    style: &Style,
    e: &Entry,
    (x, y): (i32, i32),
) -> Result<(), ChartError> {
    let len = (style.font_px * SWATCH_EM) as i32;
    let mid = (x + len / 2, y);
    match e.swatch {
        Swatch::Line(c, dash, width) => {
            let stroke = c.stroke_width(style.line(width));
            let (on, off) = match dash {
                Dash::Solid => (len, 0),
                Dash::Dashed => (style.px(6.0), style.px(3.0)),
                Dash::Dotted => (style.px(2.0), style.px(3.0)),
            };
            let mut from = x;
            while from < x + len {
                let to = (from + on).min(x + len);
                strip
                    .draw(&PathElement::new(vec![(from, y), (to, y)], stroke))
                    .map_err(err)?;
                if off == 0 {
                    break;
                }
                from = to + off;
            }
        }
        Swatch::Measured(ring) => {
            let r = style.px(6.0);
            strip
                .draw(&Cross::new(
                    mid,
                    r - 1,
                    MEASURED.stroke_width(style.line(2.0)),
                ))
                .map_err(err)?;
            strip
                .draw(&Circle::new(mid, r + 1, ring.stroke_width(style.line(2.0))))
                .map_err(err)?;
        }
        Swatch::Ring(c) => {
            let r = style.px(5.0);
            strip
                .draw(&Circle::new(mid, r, c.stroke_width(style.line(2.0))))
                .map_err(err)?;
        }
        Swatch::Fill(c) => {
            let h = style.px(5.0);
            let corners = [(x, y - h), (x + len, y + h)];
            strip
                .draw(&Rectangle::new(corners, c.filled()))
                .map_err(err)?;
            // An edge of 3:1 on the background, as the fill's area has.
            let edge = outline(RGBColor(c.0, c.1, c.2));
            strip
                .draw(&Rectangle::new(corners, edge.stroke_width(1)))
                .map_err(err)?;
        }
    }
    strip
        .draw(&Text::new(
            e.label.clone(),
            (x + len + style.px(5.0), y),
            style.font(FONT_REL).pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(err)?;
    Ok(())
}
