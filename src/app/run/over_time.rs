//! What the over-time charts plot: each run's buckets turned into rates and
//! means over a window long enough to mean something.
//!
//! A bucket of the engine's series is short (a 1 s run has 4 ms buckets),
//! and a closed loop whose clients wait the same constant time answers in
//! bursts: 200 clients sleeping 50 ms finish 200 requests every 50 ms, so a
//! 4 ms bucket holds 200 responses (50,000 req/s) or none. Any window
//! shorter than a request cycle shows those bursts, not the rate; and a
//! plain rolling mean of per-bucket rates weighs the run's partial last
//! bucket (3 ms, say) like a full one. So every value here is a count over
//! time: Σ weight × count ÷ Σ weight × span, with each bucket's real span,
//! under a triangular window at least two mean response times wide on each
//! side, always whole inside the run. A triangle whose half-width is a
//! whole number of cycles sums periodic bursts to their mean rate exactly;
//! near it, nearly so.

use crate::app::run::digest::RunView;

/// One series over time: (time at a bucket's middle, s; value).
pub(crate) type Line = Vec<(f64, f64)>;

/// A run's buckets: where each starts and how long it really lasted.
struct Buckets {
    mid: Vec<f64>,
    span: Vec<f64>,
}

impl Buckets {
    fn of(run: &RunView) -> Buckets {
        let t = &run.series.t_s;
        let width = match t.as_slice() {
            [a, b, ..] => b - a,
            _ => run.sim_time_s,
        };
        let span: Vec<f64> = t
            .iter()
            .enumerate()
            .map(|(i, &start)| {
                let end = t.get(i + 1).copied().unwrap_or(run.sim_time_s);
                // The last bucket ends with the run: often partial.
                (end - start).clamp(0.0, width.max(0.0))
            })
            .collect();
        let mid = t.iter().zip(&span).map(|(s, w)| s + w / 2.0).collect();
        Buckets { mid, span }
    }

    fn width(&self) -> f64 {
        self.span.first().copied().unwrap_or(0.0)
    }

    /// Σ w·num ÷ Σ w·den at every bucket, w a triangle of half-width `h`
    /// (s). With `whole`, near the run's ends the triangle slides inward to
    /// lie whole inside the run: cut in half, it would weigh a burst of
    /// responses at the edge double. (A mean of a gauge has no bursts to
    /// count and is cut at the edges instead, so a queue's last moments show.)
    fn smooth(&self, num: &[f64], den: &[f64], h: f64, whole: bool) -> Line {
        let n = self.mid.len().min(num.len()).min(den.len());
        let start = self.mid.first().map_or(0.0, |m| m - self.span[0] / 2.0);
        let end = self.mid.last().map_or(0.0, |m| m + self.span[n - 1] / 2.0);
        let (lo, hi) = (start + h, end - h);
        (0..n)
            .map(|i| {
                let centre = match (whole, lo <= hi) {
                    (false, _) => self.mid[i],
                    (true, true) => self.mid[i].clamp(lo, hi),
                    (true, false) => (start + end) / 2.0,
                };
                let (mut a, mut b) = (0.0, 0.0);
                for j in 0..n {
                    let w = 1.0 - (self.mid[j] - centre).abs() / h;
                    if w > 0.0 {
                        a += w * num[j];
                        b += w * den[j];
                    }
                }
                (self.mid[i], if b > 0.0 { a / b } else { 0.0 })
            })
            .collect()
    }
}

/// The window's half-width for a run, s: two mean response times (a
/// request cycle holds at least one), at least a few buckets and 1/60 of
/// the run, at most a quarter of it.
fn half_width(run: &RunView, b: &Buckets) -> f64 {
    let cycle = run.latency.mean / 1000.0;
    let floor = (3.0 * b.width()).max(run.sim_time_s / 60.0);
    (2.0 * cycle)
        .max(floor)
        .min((run.sim_time_s / 4.0).max(floor))
}

/// Counts per bucket from a rate per bucket.
fn counts(rate: &[f64], b: &Buckets) -> Vec<f64> {
    rate.iter().zip(&b.span).map(|(r, s)| r * s).collect()
}

/// A count per bucket (given as a rate a second) as a rate over the
/// window, as successes are.
pub(crate) fn rate(run: &RunView, per_bucket: &[f64]) -> Line {
    let b = Buckets::of(run);
    let h = half_width(run, &b);
    b.smooth(&counts(per_bucket, &b), &b.span, h, true)
}

/// Successful responses per second over time.
pub(crate) fn successes(run: &RunView) -> Line {
    rate(run, &run.series.goodput_rps)
}

/// Every finished request per second over time, failures included (what
/// hey's Requests/sec counts).
pub(crate) fn finished(run: &RunView) -> Line {
    rate(run, &run.series.throughput_rps)
}

/// A latency per bucket averaged over the window, weighted by responses.
pub(crate) fn latency(run: &RunView, per_bucket: &[f64]) -> Line {
    let b = Buckets::of(run);
    let h = half_width(run, &b);
    let n = counts(&run.series.throughput_rps, &b);
    let weighted: Vec<f64> = per_bucket.iter().zip(&n).map(|(v, c)| v * c).collect();
    b.smooth(&weighted, &n, h, false)
}

/// A time-averaged gauge (threads busy, queue length, MB) averaged over a
/// window of a few buckets and 1/60 of the run, weighted by span.
pub(crate) fn gauge(run: &RunView, per_bucket: &[f64]) -> Line {
    let b = Buckets::of(run);
    let h = (3.0 * b.width()).max(run.sim_time_s / 60.0);
    let area: Vec<f64> = per_bucket.iter().zip(&b.span).map(|(v, s)| v * s).collect();
    b.smooth(&area, &b.span, h, false)
}

/// Where a run's time axis ends, s.
pub(crate) fn end_s(run: &RunView) -> f64 {
    run.sim_time_s
        .max(run.series.t_s.last().copied().unwrap_or(0.0))
}
