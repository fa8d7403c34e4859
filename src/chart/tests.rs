//! Every chart drawn into an SVG string: axis labels, legends and data paths
//! must be there; hover mapping and formatting behave.

use plotters::prelude::*;
use plotters_svg::SVGBackend;

use super::plan::{SweepAxis, fill_order, single, sweep_point, sweep_points};
use super::theory::Theory;
use super::view::{RunView, SweepPoint};
use super::*;
use crate::scenario::{Draft, preset, validate};
use crate::sim::run;

fn small(mode: &str) -> (RunView, Theory) {
    let mut d = Draft::new();
    for (k, v) in [
        ("load.concurrency", "300"),
        ("load.requests", "3000"),
        ("server.threads_max", "100"),
        ("program", "cpu:0.1ms,db:5ms,io:20ms"),
        ("db.pool_size", "40"),
        ("db.timeout_ms", "250"),
    ] {
        d.set(k, v).unwrap();
    }
    let cfg = validate(&single(&d, mode)).unwrap();
    (RunView::from_report(mode, &run(&cfg)), Theory::of(&cfg))
}

fn svg(
    f: impl FnOnce(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> Result<Frame, ChartError>,
) -> (String, Frame) {
    let mut out = String::new();
    let frame;
    {
        let area = SVGBackend::with_string(&mut out, (900, 500)).into_drawing_area();
        frame = f(&area).expect("draws");
        area.present().unwrap();
    }
    (out, frame)
}

fn sweep_chart() -> SweepChart {
    let (p, tp) = small("platform");
    let (v, tv) = small("virtual");
    let pts = |r: &RunView| {
        vec![
            SweepPoint {
                x: 10.0,
                throughput_rps: 400.0,
                p50_ms: 25.0,
                p99_ms: 26.0,
                ..Default::default()
            },
            SweepPoint {
                x: 300.0,
                throughput_rps: r.throughput_rps,
                p50_ms: r.latency.p50,
                p99_ms: r.latency.p99,
                ..Default::default()
            },
        ]
    };
    SweepChart {
        axis_label: SweepAxis::Concurrency.label().into(),
        curves: vec![("platform".into(), pts(&p)), ("virtual".into(), pts(&v))],
        theory: vec![tp, tv],
        markers: vec![Marker {
            mode: "virtual".into(),
            x: 300.0,
            y: 5000.0,
            label: "measured 5,000 req/s".into(),
        }],
        here: Some(300.0),
    }
}

#[test]
fn sweep_charts_have_axes_legend_theory_and_markers() {
    let data = sweep_chart();
    let (s, frame) = svg(|a| draw_sweep(a, &Style::default(), &data, SweepMetric::Throughput));
    for text in [
        "concurrency",
        "throughput (req/s)",
        "platform threads (simulated)",
        "virtual threads (simulated)",
        "measured (source article)",
        "theory, platform",
        "ceiling",
    ] {
        assert!(s.contains(text), "missing {text:?}");
    }
    assert!(s.matches("<polyline").count() >= 2, "data paths");
    assert!(frame.log_x && frame.px_right > frame.px_left);
    let (s, _) = svg(|a| draw_sweep(a, &Style::default(), &data, SweepMetric::Latency));
    assert!(
        s.contains("latency (ms)") && s.contains("Little&apos;s law") || s.contains("Little's law")
    );
    let tip = sweep_tooltip(&data, SweepMetric::Throughput, 290.0).unwrap();
    assert!(tip.title.contains("300"));
    assert!(tip.lines.iter().any(|l| l.contains("measured")));
}

#[test]
fn run_charts_draw_their_data() {
    let (p, tp) = small("platform");
    let (v, tv) = small("virtual");
    let runs = [&p, &v];
    let theory = [tp, tv];
    let st = Style::default();
    let (s, f) = svg(|a| draw_over_time(a, &st, &runs, &theory, &[], TimeMetric::Throughput));
    assert!(
        s.contains("simulated time (s)")
            && s.contains("platform threads")
            && s.contains("<polyline")
    );
    assert!(over_time_tooltip(&runs, TimeMetric::Throughput, f.x_max / 3.0).is_some());
    let (s, _) = svg(|a| draw_over_time(a, &st, &runs, &theory, &[], TimeMetric::Latency));
    assert!(s.contains("latency (ms)"));
    let (s, _) = svg(|a| draw_timeline(a, &st, &p));
    assert!(s.contains("Tomcat threads") && s.contains("blocked") && s.contains("<rect"));
    let (s, _) = svg(|a| draw_timeline(a, &st, &v));
    assert!(s.contains("carrier threads") && s.contains("mounted"));
    let (s, _) = svg(|a| draw_utilisation(a, &st, &p));
    assert!(s.contains("Tomcat threads busy") && s.contains("<polyline"));
    let (s, _) = svg(|a| draw_memory(a, &st, &runs, 2048.0));
    assert!(s.contains("memory in use (MB)") && s.contains("peak"));
    let (s, _) = svg(|a| draw_histogram(a, &st, &runs));
    assert!(s.contains("share of responses (%)") && s.contains("<rect"));
    let (s, _) = svg(|a| draw_errors(a, &st, &runs));
    assert!(s.contains("failed requests") || s.contains("no errors"));
    assert!(timeline_tooltip(&p, p.timeline.start_ms + 1.0).is_some());
}

#[test]
fn errors_chart_names_causes() {
    let (mut p, _) = small("platform");
    p.failures = vec![("client_timeout".into(), 12), ("pool_timeout".into(), 3)];
    let (s, f) = svg(|a| draw_errors(a, &Style::default(), &[&p]));
    assert!(s.contains("client timeout") && s.contains("DB pool timeout"));
    let tip = errors_tooltip(&[&p], f.x_min + 0.5).unwrap();
    assert!(tip.lines[0].contains("12"));
}

#[test]
fn frame_maps_pixels_back_to_data() {
    let f = Frame {
        px_left: 100.0,
        px_right: 500.0,
        x_min: 1.0,
        x_max: 10_000.0,
        log_x: true,
        ..Default::default()
    };
    assert!((f.data_x(300.0).unwrap() - 100.0).abs() < 1e-6);
    assert!(f.data_x(10.0).is_none());
    assert_eq!(nearest(&[1.0, 10.0, 100.0], 40.0, true), Some(2));
    assert_eq!(nearest(&[1.0, 10.0, 100.0], 40.0, false), Some(1));
}

#[test]
fn theory_of_e2_names_the_ceilings() {
    let d = preset("e2-platform").unwrap().draft();
    let t = Theory::of(&validate(&d).unwrap());
    assert_eq!(t.ceilings[0].resource, "threads");
    assert!(t.service_ms > 50.0 && t.service_ms < 60.0);
    assert!((t.max_rps() - 100.0 / t.service_ms * 1000.0).abs() < 1e-6);
    assert!((t.latency_bound_ms(2000.0) - 2000.0 / t.max_rps() * 1000.0).abs() < 1e-6);
    assert!((t.latency_bound_ms(1.0) - t.service_ms).abs() < 1e-9);
    let v = Theory::of(&validate(&single(&d, "virtual")).unwrap());
    assert_eq!(v.ceilings[0].resource, "cpu");
}

#[test]
fn plans_are_bounded_and_include_the_scenario() {
    let d = preset("e2-platform").unwrap().draft();
    let (axis, xs) = sweep_points(&d);
    assert_eq!(axis, SweepAxis::Concurrency);
    assert!(xs.len() >= 20 && xs.contains(&2000.0) && xs[0] == 1.0);
    let p = sweep_point(&d, "virtual", axis, 2000.0);
    let cfg = validate(&p).unwrap();
    assert_eq!(cfg.limits.max_events, super::plan::SWEEP_MAX_EVENTS);
    let s = validate(&single(&d, "platform")).unwrap();
    assert_eq!(s.limits.max_events, super::plan::SINGLE_MAX_EVENTS);
    let mut o = fill_order(25);
    assert_eq!(o[..2], [0, 24]);
    o.sort();
    assert_eq!(o, (0..25).collect::<Vec<_>>());
}

#[test]
fn smoothing_keeps_length_and_mean() {
    let v = [0.0, 10.0, 0.0, 10.0, 0.0, 10.0];
    let s = smooth(&v, 3);
    assert_eq!(s.len(), v.len());
    assert!((s[2] - 20.0 / 3.0).abs() < 1e-9);
    assert_eq!(smooth(&v, 1), v.to_vec());
}

#[test]
fn numbers_read_well() {
    assert_eq!(format::thousands(1877.2105, 2), "1,877.21");
    assert_eq!(format::thousands(12773.137, 2), "12,773.14");
    assert_eq!(format::sig(0.0532), "0.0532");
    assert_eq!(format::ms(1050.8), "1.05 s");
    assert_eq!(format::tick(20000.0), "20k");
    assert_eq!(format::pct_diff(110.0, 100.0), "+10.0 %");
}
