//! Connections over time for each run: open, idle and waiting in the accept
//! queue (left axis), and reconnects per second (right axis).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::data::{ChartData, Series, Unit};
use super::legend::{Dash, Entry, Swatch, with_legend};
use super::style::{Style, chart_builder, draw_mesh, mode_color};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::RunView;
use crate::app::basis::format::tick_in;
use crate::app::run::over_time::{self, Line};
use crate::app::show::charts::run_label;
use crate::i18n::keys::Key;
use crate::i18n::keys::chart as k;
use crate::i18n::{Arg, Locale};

/// Dash patterns (on, off, width in CSS px): idle connections dotted, the
/// accept queue dashed.
const IDLE_DOTS: (f64, f64, f64) = (2.0, 3.0, 2.0);
const QUEUE_DASH: (f64, f64, f64) = (7.0, 3.0, 2.0);

/// How light the reconnect bars are.
const BAR_ALPHA: f64 = 0.25;

fn peak(v: &[f64]) -> f64 {
    v.iter().fold(0.0, |a, b| a.max(*b))
}

/// One run's lines as drawn: open, idle and in the accept queue, each a
/// time-averaged gauge smoothed as the utilisation chart's are.
struct Lines {
    open: Line,
    idle: Line,
    queue: Line,
}

fn lines(r: &RunView) -> Lines {
    let c = &r.series.connections;
    Lines {
        open: over_time::gauge(r, &c.open),
        idle: over_time::gauge(r, &c.idle),
        queue: over_time::gauge(r, &c.accept_queue),
    }
}

/// A text of `r`'s (`{$name}`, and `{$n}` if given).
fn of_run(l: Locale, key: Key, r: &RunView, n: Option<u64>) -> String {
    let name = ("name", Arg::Text(run_label(r, l)));
    match n {
        Some(n) => key.text(l, &[name, ("n", Arg::Fixed(n as f64, 0))]),
        None => key.text(l, &[name]),
    }
}

fn legend(l: Locale, runs: &[&RunView]) -> Vec<Entry> {
    let mut out = Vec::new();
    for r in runs {
        let colour = mode_color(r.mode).to_rgba();
        let c = &r.connections;
        out.push(Entry::line(
            colour,
            Dash::Solid,
            2.5,
            of_run(l, k::CONN_OPEN, r, None),
        ));
        let idle = of_run(l, k::CONN_IDLE, r, None);
        out.push(Entry::line(colour, Dash::Dotted, IDLE_DOTS.2, idle));
        let queue = of_run(l, k::CONN_QUEUE_PEAK, r, Some(c.peak_accept_queue as u64));
        out.push(Entry::line(colour, Dash::Dashed, QUEUE_DASH.2, queue));
        out.push(Entry {
            swatch: Swatch::Fill(mode_color(r.mode).mix(BAR_ALPHA)),
            label: of_run(l, k::CONN_RECONNECTS_ALL, r, Some(c.reconnects)),
        });
    }
    out
}

/// Draws the connections of each run.
pub fn draw_connections<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    runs: &[&RunView],
) -> Result<Frame, ChartError> {
    let t1 = runs.iter().map(|r| over_time::end_s(r)).fold(0.0, f64::max);
    if t1 <= 0.0 {
        return draw_message(area, style, &k::RUNNING.text(l, &[]));
    }
    area.fill(&WHITE).map_err(err)?;
    let all: Vec<(&RunView, Lines)> = runs.iter().map(|r| (*r, lines(r))).collect();
    let ys = |l: &Line| peak(&l.iter().map(|p| p.1).collect::<Vec<_>>());
    let ymax = (all.iter())
        .map(|(_, l)| ys(&l.open).max(ys(&l.queue)))
        .fold(0.0, f64::max)
        .max(1.0)
        * 1.12;
    let rmax = (runs.iter())
        .map(|r| peak(&r.series.connections.reconnects_per_s))
        .fold(0.0, f64::max)
        .max(1.0)
        * 1.12;
    let plot = with_legend(area, style, &legend(l, runs))?;
    let mut chart = chart_builder(&plot, style)
        .right_y_label_area_size(style.y_label_area())
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?
        .set_secondary_coord(0f64..t1, 0f64..rmax);
    let (x_desc, y_desc) = (
        k::AXIS_TIME_S.text(l, &[]),
        k::AXIS_CONNECTIONS.text(l, &[]),
    );
    draw_mesh(&mut chart, style, l, &x_desc, &y_desc)?;
    chart
        .configure_secondary_axes()
        .y_desc(k::AXIS_RECONNECTS.text(l, &[]))
        .y_label_formatter(&|y| tick_in(l, *y))
        .label_style(style.font(0.85))
        .axis_desc_style(style.font(0.9))
        .draw()
        .map_err(err)?;
    // The first run is drawn widest: where both give the same value, the
    // one beneath still shows around the other.
    let n = all.len();
    for (k, (r, l)) in all.into_iter().enumerate() {
        let colour = mode_color(r.mode);
        let t = &r.series.t_s;
        let width = match t.as_slice() {
            [a, b, ..] => b - a,
            _ => t1,
        };
        // Reconnects per bucket, as counted: a storm shows as the burst it is.
        let bars = (t.iter().zip(&r.series.connections.reconnects_per_s))
            .filter(|(_, v)| **v > 0.0)
            .map(|(&x, &v)| {
                Rectangle::new(
                    [(x, 0.0), (x + width * 0.8, v)],
                    colour.mix(BAR_ALPHA).filled(),
                )
            });
        chart.draw_secondary_series(bars).map_err(err)?;
        let w = 2.5 + 2.0 * (n - 1 - k) as f64;
        chart
            .draw_series(LineSeries::new(l.open, colour.stroke_width(style.line(w))))
            .map_err(err)?;
        chart
            .draw_series(style.dashed(l.idle, &colour, IDLE_DOTS))
            .map_err(err)?;
        chart
            .draw_series(style.dashed(l.queue, &colour, QUEUE_DASH))
            .map_err(err)?;
    }
    Ok(plot_frame(&chart, (0.0, t1), ymax, false))
}

/// The connections' numbers: each run's open, idle and queued connections
/// as drawn (means over a short window) and its reconnects per second (a
/// bar per bucket, put at the bucket's middle like the lines' points).
pub fn connections_data(l: Locale, runs: &[&RunView]) -> ChartData {
    let mut series = Vec::new();
    for r in runs {
        let ls = lines(r);
        let mids = ls.open.iter().map(|p| p.0);
        let reconnects = mids.zip(&r.series.connections.reconnects_per_s);
        let reconnects = reconnects.map(|(t, v)| (t, *v)).collect();
        for (what, line) in [
            (k::CONN_OPEN, ls.open),
            (k::CONN_IDLE, ls.idle),
            (k::CONN_QUEUE, ls.queue),
            (k::CONN_RECONNECTS, reconnects),
        ] {
            series.push(Series::new(of_run(l, what, r, None), Unit::Count, line));
        }
    }
    ChartData::over_time(l, series, Vec::new())
}

/// Each run's connections as drawn at its point nearest to time `t` (s).
pub fn connections_tooltip(l: Locale, runs: &[&RunView], t: f64) -> Option<Tooltip> {
    let lines: Vec<String> = (runs.iter())
        .filter_map(|r| {
            let data = connections_data(l, &[r]);
            let (at, _) = data.nearest(t)?;
            let v = |i: usize| {
                let value = data.series[i]
                    .at(at)
                    .map_or_else(|| "–".to_string(), |x| l.sig(x));
                Arg::Text(value)
            };
            let args = [
                ("name", Arg::Text(run_label(r, l))),
                ("open", v(0)),
                ("idle", v(1)),
                ("queue", v(2)),
                ("reconnects", v(3)),
            ];
            Some(k::TIP_CONNECTIONS.text(l, &args))
        })
        .collect();
    (!lines.is_empty()).then(|| Tooltip {
        title: format!("t = {} s", l.number(t, 2)),
        lines,
    })
}

/// The runs' connections over time (`Plot::Connections`), as [`super::draw`], [`super::tooltip`] and
/// [`super::data`] show it.
pub(crate) struct ConnectionsPlot<'a>(pub Vec<&'a RunView>);

impl super::Drawn for ConnectionsPlot<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
        l: Locale,
    ) -> Result<Frame, ChartError> {
        draw_connections(area, style, l, &self.0)
    }

    fn tooltip(&self, l: Locale, x: f64) -> Option<Tooltip> {
        connections_tooltip(l, &self.0, x)
    }

    fn data(&self, l: Locale) -> ChartData {
        connections_data(l, &self.0)
    }
}
