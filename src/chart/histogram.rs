//! The latency histogram of each run: share of responses per log-spaced bin,
//! drawn as outlined steps so both modes stay visible where they overlap.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::data::{ChartData, Series, Unit};
use super::legend::{Entry, Swatch, with_legend};
use super::style::{Style, chart_builder, house_mesh, mode_color};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::RunView;
use crate::app::basis::format::{ms_in, tick_in};
use crate::app::basis::modes::Mode;
use crate::app::show::charts::run_label;
use crate::i18n::keys::chart as k;
use crate::i18n::{Arg, Locale};

/// (from ms, to ms, share %).
type Bin = (f64, f64, f64);

fn shares(r: &RunView) -> Vec<Bin> {
    let total: u64 = r.histogram.iter().map(|b| b.2).sum();
    if total == 0 {
        return Vec::new();
    }
    r.histogram
        .iter()
        .filter(|b| b.1 > b.0 && b.0 > 0.0)
        .map(|&(a, b, n)| (a, b, n as f64 / total as f64 * 100.0))
        .collect()
}

/// Draws the histograms.
pub fn draw_histogram<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    runs: &[&RunView],
) -> Result<Frame, ChartError> {
    let all: Vec<(Mode, Vec<Bin>)> = runs
        .iter()
        .map(|r| (r.mode, shares(r)))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    // Only the bins that hold something set the range.
    let busy = all.iter().flat_map(|(_, s)| s.iter().filter(|b| b.2 > 0.0));
    let (mut x0, mut x1, mut ymax) = (f64::INFINITY, 0.0f64, 0.0f64);
    for &(a, b, p) in busy {
        x0 = x0.min(a);
        x1 = x1.max(b);
        ymax = ymax.max(p);
    }
    if all.is_empty() || x1 <= x0 || !x0.is_finite() {
        return draw_message(area, style, &k::NO_RESPONSES.text(l, &[]));
    }
    area.fill(&WHITE).map_err(err)?;
    let entries: Vec<Entry> = runs
        .iter()
        .map(|r| Entry {
            swatch: Swatch::Fill(mode_color(r.mode).mix(0.6)),
            label: run_label(r, l),
        })
        .collect();
    let plot = with_legend(area, style, &entries)?;
    let (x0, x1) = (x0 / 1.3, x1 * 1.3);
    let ymax = ymax * 1.15;
    let mut chart = chart_builder(&plot, style)
        .build_cartesian_2d((x0..x1).log_scale(), 0f64..ymax)
        .map_err(err)?;
    house_mesh(&mut chart, style, 0.85)
        .x_desc(k::AXIS_LATENCY_LOG.text(l, &[]))
        .x_labels(5)
        .y_desc(k::AXIS_SHARE.text(l, &[]))
        .x_label_formatter(&|x| tick_in(l, *x))
        .y_label_formatter(&|y| tick_in(l, *y))
        .draw()
        .map_err(err)?;
    for (mode, bins) in &all {
        let c = mode_color(*mode);
        chart
            .draw_series(
                bins.iter()
                    .filter(|b| b.2 > 0.0)
                    .map(|&(a, b, p)| Rectangle::new([(a, 0.0), (b, p)], c.mix(0.35).filled())),
            )
            .map_err(err)?;
        chart
            .draw_series(bins.iter().filter(|b| b.2 > 0.0).map(|&(a, b, p)| {
                Rectangle::new([(a, 0.0), (b, p)], c.stroke_width(style.line(1.5)))
            }))
            .map_err(err)?;
    }
    Ok(plot_frame(&chart, (x0, x1), ymax, true))
}

/// Each run's bin at latency `x` (ms).
pub fn histogram_tooltip(l: Locale, runs: &[&RunView], x: f64) -> Option<Tooltip> {
    let lines: Vec<String> = runs
        .iter()
        .filter_map(|r| {
            let (a, b, p) = shares(r).into_iter().find(|b| b.0 <= x && x < b.1)?;
            let args = [
                ("name", Arg::Text(run_label(r, l))),
                ("share", Arg::Fixed(p, 1)),
                ("bin", Arg::Text(bin_words(l, a, b))),
            ];
            Some(k::TIP_BIN.text(l, &args))
        })
        .collect();
    Some(Tooltip {
        title: k::TIP_LATENCY_NEAR.text(l, &[("ms", Arg::Text(ms_in(l, x)))]),
        lines,
    })
}

/// A bin's range: `1.05 ms – 2.1 ms`.
fn bin_words(l: Locale, from: f64, to: f64) -> String {
    format!("{} – {}", ms_in(l, from), ms_in(l, to))
}

/// The histogram's numbers: each run's share of responses in each bin any
/// run has responses in, a row per bin (named by its range).
pub fn histogram_data(l: Locale, runs: &[&RunView]) -> ChartData {
    let mut names: Vec<(f64, String)> = Vec::new();
    let series = (runs.iter())
        .map(|r| {
            let bins: Vec<Bin> = shares(r).into_iter().filter(|b| b.2 > 0.0).collect();
            for &(a, b, _) in &bins {
                if !names.iter().any(|n| n.0 == a) {
                    names.push((a, bin_words(l, a, b)));
                }
            }
            let pts = bins.iter().map(|&(a, _, p)| (a, p)).collect();
            Series::new(run_label(r, l), Unit::Pct, pts)
        })
        .collect();
    ChartData {
        locale: l,
        x_header: k::AXIS_LATENCY_BIN.text(l, &[]),
        x_names: names,
        series,
        ..Default::default()
    }
}

/// The runs' latency histograms (`Plot::Histogram`), as [`super::draw`], [`super::tooltip`] and
/// [`super::data`] show it.
pub(crate) struct HistogramPlot<'a>(pub Vec<&'a RunView>);

impl super::Drawn for HistogramPlot<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
        l: Locale,
    ) -> Result<Frame, ChartError> {
        draw_histogram(area, style, l, &self.0)
    }

    fn tooltip(&self, l: Locale, x: f64) -> Option<Tooltip> {
        histogram_tooltip(l, &self.0, x)
    }

    fn data(&self, l: Locale) -> ChartData {
        histogram_data(l, &self.0)
    }
}
