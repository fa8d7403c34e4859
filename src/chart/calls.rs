//! Calls to downstream services over time, each run beside the other: the
//! tries sent a second (the load the downstream is offered, retries
//! included: solid), those that failed (dashed), a shade where a run's
//! circuit breaker was open, and a grey band where a fault was injected.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::data::{ChartData, Series, Unit};
use super::legend::{Dash, Entry, Swatch, with_legend};
use super::style::{Style, chart_builder, draw_mesh, mode_color};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::RunView;
use crate::app::run::over_time::{self, Line};
use crate::app::show::charts::run_label;
use crate::i18n::keys::chart as k;
use crate::i18n::{Arg, Locale};
use crate::sim::report::DownstreamSeries;

/// Failed tries: dashed (on, off, width in CSS px).
const FAILED_DASH: (f64, f64, f64) = (6.0, 3.0, 2.0);
/// An open breaker's strip along the top, one per downstream of a run:
/// its height as a share of the plot, and how dark a fully open bucket is.
const STRIP: f64 = 0.035;
const OPEN_ALPHA: f64 = 0.8;
const FAULT_GREY: RGBColor = RGBColor(120, 120, 120);
const FAULT_ALPHA: f64 = 0.14;

/// One downstream of one run, as drawn.
struct Drawn<'a> {
    run: &'a RunView,
    calls: &'a DownstreamSeries,
    sent: Line,
    failed: Line,
}

fn drawn<'a>(runs: &[&'a RunView]) -> Vec<Drawn<'a>> {
    (runs.iter())
        .flat_map(|r| {
            r.series.calls.iter().map(move |c| Drawn {
                run: r,
                calls: c,
                sent: over_time::rate(r, &c.sent_per_s),
                failed: over_time::rate(r, &c.failed_per_s),
            })
        })
        .collect()
}

/// `{$name}` (the run) and `{$service}` (the downstream).
fn args(l: Locale, d: &Drawn) -> Vec<(&'static str, Arg)> {
    vec![
        ("name", Arg::Text(run_label(d.run, l))),
        ("service", Arg::Text(d.calls.name.clone())),
    ]
}

fn legend(l: Locale, all: &[Drawn]) -> Vec<Entry> {
    let mut out = Vec::new();
    for d in all {
        let colour = mode_color(d.run.mode).to_rgba();
        let a = args(l, d);
        out.push(Entry::line(
            colour,
            Dash::Solid,
            2.5,
            k::CALLS_SENT.text(l, &a),
        ));
        let failed = k::CALLS_FAILED.text(l, &a);
        out.push(Entry::line(colour, Dash::Dashed, FAILED_DASH.2, failed));
        if d.calls.open_share.iter().any(|s| *s > 0.0) {
            out.push(Entry {
                swatch: Swatch::Fill(mode_color(d.run.mode).mix(OPEN_ALPHA)),
                label: k::CALLS_OPEN.text(l, &a),
            });
        }
    }
    let faulted = |d: &&Drawn| d.calls.fault_s.is_some();
    if let Some(d) = all.iter().find(faulted) {
        out.push(Entry {
            swatch: Swatch::Fill(FAULT_GREY.mix(FAULT_ALPHA * 2.0)),
            label: k::CALLS_FAULT.text(l, &args(l, d)),
        });
    }
    out
}

fn peak(line: &Line) -> f64 {
    line.iter().fold(0.0, |a, p| a.max(p.1))
}

/// Draws each run's calls to each guarded downstream over time.
pub fn draw_calls<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    runs: &[&RunView],
) -> Result<Frame, ChartError> {
    let t1 = runs.iter().map(|r| over_time::end_s(r)).fold(0.0, f64::max);
    if t1 <= 0.0 {
        return draw_message(area, style, &k::RUNNING.text(l, &[]));
    }
    let all = drawn(runs);
    if all.is_empty() {
        return draw_message(area, style, &k::CALLS_NONE.text(l, &[]));
    }
    area.fill(&WHITE).map_err(err)?;
    let top = (all.iter())
        .map(|d| peak(&d.sent).max(peak(&d.failed)))
        .fold(0.0, f64::max)
        .max(1.0);
    // Room above the lines for a strip per downstream of each run.
    let ymax = top * (1.12 + STRIP * all.len() as f64);
    let plot = with_legend(area, style, &legend(l, &all))?;
    let mut chart = chart_builder(&plot, style)
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?;
    let (x_desc, y_desc) = (k::AXIS_TIME_S.text(l, &[]), k::AXIS_TRIES.text(l, &[]));
    draw_mesh(&mut chart, style, l, &x_desc, &y_desc)?;
    // The faults first, beneath the lines, each once; then each breaker's
    // open time as a strip along the top in its run's colour, as dark as
    // the bucket was open.
    let mut faults: Vec<[f64; 2]> = all.iter().filter_map(|d| d.calls.fault_s).collect();
    faults.dedup();
    let bands = faults.into_iter().map(|[a, b]| {
        Rectangle::new(
            [(a, 0.0), (b.min(t1), ymax)],
            FAULT_GREY.mix(FAULT_ALPHA).filled(),
        )
    });
    chart.draw_series(bands).map_err(err)?;
    for (k, d) in all.iter().enumerate() {
        let t = &d.run.series.t_s;
        let width = match t.as_slice() {
            [a, b, ..] => b - a,
            _ => t1,
        };
        let colour = mode_color(d.run.mode);
        let y1 = ymax * (1.0 - STRIP * k as f64);
        let y0 = ymax * (1.0 - STRIP * (k + 1) as f64);
        let open = (t.iter().zip(&d.calls.open_share))
            .filter(|(_, s)| **s > 0.0)
            .map(|(&x, &s)| {
                let fill = colour.mix(OPEN_ALPHA * s).filled();
                Rectangle::new([(x, y0), ((x + width).min(t1), y1)], fill)
            });
        chart.draw_series(open).map_err(err)?;
    }
    let n = all.len();
    for (i, d) in all.into_iter().enumerate() {
        let colour = mode_color(d.run.mode);
        let w = 2.5 + 1.5 * (n - 1 - i) as f64;
        (chart.draw_series(LineSeries::new(d.sent, colour.stroke_width(style.line(w)))))
            .map_err(err)?;
        (chart.draw_series(style.dashed(d.failed, &colour, FAILED_DASH))).map_err(err)?;
    }
    Ok(plot_frame(&chart, (0.0, t1), ymax, false))
}

/// The calls' numbers: each run's tries sent and failed a second per
/// downstream, as drawn, and its breaker's open share per bucket.
pub fn calls_data(l: Locale, runs: &[&RunView]) -> ChartData {
    let mut series = Vec::new();
    for d in drawn(runs) {
        let a = args(l, &d);
        let mids: Vec<f64> = d.sent.iter().map(|p| p.0).collect();
        let open: Line = (mids.iter().zip(&d.calls.open_share))
            .map(|(t, s)| (*t, s * 100.0))
            .collect();
        series.push(Series::new(
            k::CALLS_SENT.text(l, &a),
            Unit::ReqPerS,
            d.sent,
        ));
        series.push(Series::new(
            k::CALLS_FAILED.text(l, &a),
            Unit::ReqPerS,
            d.failed,
        ));
        if d.calls.open_share.iter().any(|s| *s > 0.0) {
            series.push(Series::new(k::CALLS_OPEN.text(l, &a), Unit::Pct, open));
        }
    }
    ChartData::over_time(l, series, Vec::new())
}

/// Each run's calls as drawn at the point nearest to time `t` (s).
pub fn calls_tooltip(l: Locale, runs: &[&RunView], t: f64) -> Option<Tooltip> {
    let lines: Vec<String> = drawn(runs)
        .iter()
        .filter_map(|d| {
            let at = d
                .sent
                .iter()
                .map(|p| p.0)
                .min_by(|a, b| (a - t).abs().total_cmp(&(b - t).abs()))?;
            let i = d.sent.iter().position(|p| p.0 == at)?;
            let mut a = args(l, d);
            a.push(("sent", Arg::Text(l.sig(d.sent[i].1))));
            a.push((
                "failed",
                Arg::Text(l.sig(d.failed.get(i).map_or(0.0, |p| p.1))),
            ));
            let open = d.calls.open_share.get(i).copied().unwrap_or(0.0);
            a.push(("open", Arg::Fixed(open * 100.0, 0)));
            Some(k::TIP_CALLS.text(l, &a))
        })
        .collect();
    (!lines.is_empty()).then(|| Tooltip {
        title: format!("t = {} s", l.number(t, 2)),
        lines,
    })
}

/// The runs' calls over time (`Plot::Calls`), as [`super::draw`],
/// [`super::tooltip`] and [`super::data`] show it.
pub(crate) struct CallsPlot<'a>(pub Vec<&'a RunView>);

impl super::Drawn for CallsPlot<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
        l: Locale,
    ) -> Result<Frame, ChartError> {
        draw_calls(area, style, l, &self.0)
    }

    fn tooltip(&self, l: Locale, x: f64) -> Option<Tooltip> {
        calls_tooltip(l, &self.0, x)
    }

    fn data(&self, l: Locale) -> ChartData {
        calls_data(l, &self.0)
    }
}
