//! The garbage collector's stop-the-world pauses on the time charts. On a
//! chart of a whole run a pause is a sliver (10 ms of 60 s is a tenth of a
//! pixel) and there may be hundreds: each is drawn as a strip along the top
//! of the plot, one rectangle per pixel column a pause touches, darker the
//! more of that column's time was paused, so dense pauses read as a tint
//! and long ones as a dark block, and the lines below stay clear. On the
//! timeline, a window of milliseconds, pauses are wide: there they are
//! bands across every lane.

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use super::style::Style;
use super::{ChartError, err};
use crate::sim::report::GcKind;

type TimeChart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// A run's pauses: (start s, length ms, kind), as the digest keeps them.
pub(crate) type Pauses = [(f64, f64, GcKind)];

/// Height of one run's strip and the gap above it, CSS px.
const STRIP_PX: f64 = 7.0;
const GAP_PX: f64 = 2.0;

/// Opacity of a column with a pause in it, at the least and when paused throughout.
const FAINTEST: f64 = 0.3;
const DARKEST: f64 = 1.0;

/// The share of each pixel column's time that `pauses` fill, for a chart
/// whose x axis runs from `t0` to `t1` s over `columns` pixels.
fn paused_share(pauses: &Pauses, (t0, t1): (f64, f64), columns: usize) -> Vec<f64> {
    let mut paused = vec![0.0; columns];
    let per_col = (t1 - t0) / columns.max(1) as f64;
    if per_col <= 0.0 {
        return paused;
    }
    for &(at, ms, _) in pauses {
        let (mut a, b) = (at.max(t0), (at + ms / 1000.0).min(t1));
        while a < b {
            let col = (((a - t0) / per_col) as usize).min(columns - 1);
            let col_end = t0 + (col + 1) as f64 * per_col;
            let end = b.min(col_end);
            paused[col] += end - a;
            // A column's end can round onto `a`: step past it.
            a = if end > a {
                end
            } else {
                col_end.max(a + per_col)
            };
        }
    }
    paused.iter().map(|p| (p / per_col).min(1.0)).collect()
}

/// Draws `pauses` as strip `row` (0 at the top) along the top of a time
/// chart whose y axis ends at `ymax`, in `color`.
pub(crate) fn draw_pause_strip<DB: DrawingBackend>(
    chart: &mut TimeChart<'_, DB>,
    style: &Style,
    pauses: &Pauses,
    (t1, ymax): (f64, f64),
    row: usize,
    color: RGBColor,
) -> Result<(), ChartError> {
    if pauses.is_empty() || t1 <= 0.0 {
        return Ok(());
    }
    let (left, top) = chart.backend_coord(&(0.0, ymax));
    let (right, bottom) = chart.backend_coord(&(t1, 0.0));
    let (width, height) = ((right - left).max(1) as usize, (bottom - top).max(1) as f64);
    let per_px = ymax / height;
    let step = style.px(STRIP_PX + GAP_PX) as f64 * per_px;
    let y1 = ymax - row as f64 * step;
    let y0 = y1 - style.px(STRIP_PX) as f64 * per_px;
    let per_col = t1 / width as f64;
    let share = paused_share(pauses, (0.0, t1), width);
    chart
        .draw_series(
            share
                .iter()
                .enumerate()
                .filter(|(_, s)| **s > 0.0)
                .map(|(i, s)| {
                    let x = i as f64 * per_col;
                    let alpha = FAINTEST + (DARKEST - FAINTEST) * s;
                    Rectangle::new([(x, y0), (x + per_col, y1)], color.mix(alpha).filled())
                }),
        )
        .map_err(err)?;
    Ok(())
}

/// Pauses as bands between `y0` and `y1` across a chart whose x unit is a
/// `1 / per_s` of a second, each at least a pixel wide.
pub(crate) fn draw_pause_bands<DB: DrawingBackend>(
    chart: &mut TimeChart<'_, DB>,
    pauses: &Pauses,
    (y0, y1): (f64, f64),
    per_s: f64,
    color: RGBAColor,
) -> Result<(), ChartError> {
    if pauses.is_empty() {
        return Ok(());
    }
    let (x0, _) = chart.backend_coord(&(0.0, 0.0));
    let (x1, _) = chart.backend_coord(&(per_s, 0.0));
    let per_px = if x1 > x0 {
        per_s / (x1 - x0) as f64
    } else {
        0.0
    };
    chart
        .draw_series(pauses.iter().map(|&(at, ms, _)| {
            let (from, len) = (at * per_s, ms / 1000.0 * per_s);
            Rectangle::new(
                [(from, y0), ((from + len).max(from + per_px), y1)],
                color.filled(),
            )
        }))
        .map_err(err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn young(at: f64, ms: f64) -> (f64, f64, GcKind) {
        (at, ms, GcKind::Young)
    }

    /// A 10 s axis over 10 columns: a 100 ms pause fills a tenth of its
    /// column, a 2 s one from 3.5 s a column whole and halves of two more.
    #[test]
    fn each_column_shows_the_share_of_its_time_paused() {
        let share = paused_share(&[young(0.2, 100.0), young(3.5, 2000.0)], (0.0, 10.0), 10);
        let want = [0.1, 0.0, 0.0, 0.5, 1.0, 0.5, 0.0, 0.0, 0.0, 0.0];
        for (i, (s, w)) in share.iter().zip(want).enumerate() {
            assert!((s - w).abs() < 1e-9, "column {i}: {s} vs {w}");
        }
        // Pauses past the axis's end are cut there; none is lost or doubled.
        let share = paused_share(&[young(9.5, 1000.0)], (0.0, 10.0), 10);
        assert!((share[9] - 0.5).abs() < 1e-9, "{share:?}");
        assert_eq!(share.iter().filter(|s| **s > 0.0).count(), 1);
    }
}
