//! Where a ceiling's label goes on a plot so that it covers no data: beside
//! its line (above, else below), at the plot's right edge first, then
//! further left, never over a curve, a point or another label. A label
//! with no such place is left off the plot; the chart names that ceiling
//! in its legend instead (`sweep::draw_sweep`). Pure pixel geometry, so the
//! placement is tested without drawing.

/// A rectangle in device pixels: `x0 ≤ x1`, `y0 ≤ y1` (y grows downwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rect {
    /// Left edge.
    pub(super) x0: i32,
    /// Top edge.
    pub(super) y0: i32,
    /// Right edge.
    pub(super) x1: i32,
    /// Bottom edge.
    pub(super) y1: i32,
}

impl Rect {
    /// The rectangle grown by `m` pixels on every side.
    fn grown(self, m: i32) -> Rect {
        Rect {
            x0: self.x0 - m,
            y0: self.y0 - m,
            x1: self.x1 + m,
            y1: self.y1 + m,
        }
    }

    /// Whether `other` lies wholly inside.
    fn holds(self, other: Rect) -> bool {
        other.x0 >= self.x0 && other.x1 <= self.x1 && other.y0 >= self.y0 && other.y1 <= self.y1
    }

    /// Whether the two share any pixel.
    fn overlaps(self, other: Rect) -> bool {
        self.x0 <= other.x1 && other.x0 <= self.x1 && self.y0 <= other.y1 && other.y0 <= self.y1
    }

    /// Whether the segment from `a` to `b` passes through it (Liang and
    /// Barsky's clipping: the part of the segment inside is not empty).
    fn crossed_by(self, a: (i32, i32), b: (i32, i32)) -> bool {
        let (ax, ay) = (f64::from(a.0), f64::from(a.1));
        let (dx, dy) = (f64::from(b.0) - ax, f64::from(b.1) - ay);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        let edges = [
            (-dx, ax - f64::from(self.x0)),
            (dx, f64::from(self.x1) - ax),
            (-dy, ay - f64::from(self.y0)),
            (dy, f64::from(self.y1) - ay),
        ];
        for (p, q) in edges {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    t0 = t0.max(t);
                } else {
                    t1 = t1.min(t);
                }
                if t0 > t1 {
                    return false;
                }
            }
        }
        true
    }
}

/// What a label must not cover, in device pixels.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Obstacles {
    /// Drawn lines (curves, theory), each a polyline.
    pub(super) lines: Vec<Vec<(i32, i32)>>,
    /// Drawn points (dots, markers): centre and radius.
    pub(super) points: Vec<((i32, i32), i32)>,
}

impl Obstacles {
    /// Whether `r` covers any of them.
    fn hit(&self, r: Rect) -> bool {
        let on_line = self.lines.iter().any(|l| {
            l.windows(2).any(|w| r.crossed_by(w[0], w[1]))
                || l.len() == 1 && r.crossed_by(l[0], l[0])
        });
        on_line
            || self.points.iter().any(|&((x, y), radius)| {
                r.overlaps(
                    Rect {
                        x0: x,
                        y0: y,
                        x1: x,
                        y1: y,
                    }
                    .grown(radius),
                )
            })
    }
}

/// Where the right edges of a label's candidate places lie, as shares of
/// the plot's width from its left: the right edge first, where a curve
/// that has reached its ceiling leaves the most room, then further left.
const RIGHT_EDGES: [f64; 4] = [1.0, 0.75, 0.5, 0.3];

/// The place of a `size` (width, height) label for the horizontal line at
/// `line_y`, inside `plot`: `gap` pixels above the line, else as far below
/// it, with its right edge `pad` pixels in from each of [`RIGHT_EDGES`] in
/// turn; the first place clear of `data` and of the labels `taken`. `None`
/// when no place is clear (the chart then names the line in its legend).
pub(super) fn place_label(
    line_y: i32,
    (w, h): (i32, i32),
    plot: Rect,
    (gap, pad): (i32, i32),
    data: &Obstacles,
    taken: &[Rect],
) -> Option<Rect> {
    let width = plot.x1 - plot.x0;
    RIGHT_EDGES
        .iter()
        .flat_map(|share| {
            let right = plot.x0 + (f64::from(width) * share) as i32 - pad;
            let above = Rect {
                x0: right - w,
                y0: line_y - gap - h,
                x1: right,
                y1: line_y - gap,
            };
            let below = Rect {
                x0: right - w,
                y0: line_y + gap,
                x1: right,
                y1: line_y + gap + h,
            };
            [above, below]
        })
        .find(|r| plot.holds(*r) && !data.hit(r.grown(1)) && !taken.iter().any(|t| t.overlaps(*r)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLOT: Rect = Rect {
        x0: 0,
        y0: 0,
        x1: 1000,
        y1: 500,
    };
    const SIZE: (i32, i32) = (200, 20);
    const GAPS: (i32, i32) = (5, 10);

    fn line(pts: &[(i32, i32)]) -> Obstacles {
        Obstacles {
            lines: vec![pts.to_vec()],
            points: Vec::new(),
        }
    }

    /// The label never shares a pixel with what it must not cover.
    fn clear(r: Rect, data: &Obstacles) -> bool {
        !data.hit(r)
    }

    #[test]
    fn a_free_plot_puts_the_label_at_the_right_edge_above_its_line() {
        let r = place_label(200, SIZE, PLOT, GAPS, &Obstacles::default(), &[]).unwrap();
        assert_eq!(
            r,
            Rect {
                x0: 790,
                y0: 175,
                x1: 990,
                y1: 195
            }
        );
    }

    #[test]
    fn a_curve_along_the_top_of_its_ceiling_sends_the_label_below() {
        // A throughput curve that rises and runs just above the line at 200.
        let curve = line(&[(0, 480), (300, 260), (500, 196), (1000, 196)]);
        let r = place_label(200, SIZE, PLOT, GAPS, &curve, &[]).unwrap();
        assert!(r.y0 > 200, "below the line: {r:?}");
        assert_eq!(r.x1, 990, "still at the right edge");
        assert!(clear(r, &curve));
    }

    #[test]
    fn a_curve_across_the_right_edge_moves_the_label_left() {
        // The curve crosses the line steeply near the right edge, on both sides.
        let curve = line(&[(0, 480), (700, 480), (900, 0), (1000, 0)]);
        let r = place_label(200, SIZE, PLOT, GAPS, &curve, &[]).unwrap();
        assert!(r.x1 < 990, "{r:?}");
        assert!(clear(r, &curve));
        // A measured marker where the label would go moves it too.
        let marker = Obstacles {
            lines: Vec::new(),
            points: vec![((900, 185), 8)],
        };
        let r = place_label(200, SIZE, PLOT, GAPS, &marker, &[]).unwrap();
        assert!(r.y0 > 200, "below the marker: {r:?}");
        assert!(clear(r, &marker));
    }

    #[test]
    fn labels_do_not_cover_each_other_nor_leave_the_plot() {
        let first = place_label(200, SIZE, PLOT, GAPS, &Obstacles::default(), &[]).unwrap();
        let second = place_label(205, SIZE, PLOT, GAPS, &Obstacles::default(), &[first]).unwrap();
        assert!(!second.overlaps(first), "{first:?} {second:?}");
        // A line at the very top: no room above, so below.
        let top = place_label(10, SIZE, PLOT, GAPS, &Obstacles::default(), &[]).unwrap();
        assert!(top.y0 >= 15 && PLOT.holds(top), "{top:?}");
    }

    #[test]
    fn no_clear_place_leaves_the_label_to_the_legend() {
        // Data zigzags through the band around the line the whole width.
        let zigzag: Vec<(i32, i32)> = (0..=100)
            .map(|i| (i * 10, if i % 2 == 0 { 150 } else { 250 }))
            .collect();
        assert_eq!(
            place_label(200, SIZE, PLOT, GAPS, &line(&zigzag), &[]),
            None
        );
        // A label wider than the plot has no place either.
        assert_eq!(
            place_label(200, (2000, 20), PLOT, GAPS, &Obstacles::default(), &[]),
            None
        );
    }
}
