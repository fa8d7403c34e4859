//! The image card for feeds, natively: the QR code of a known address
//! (its version, size, finder patterns and timing rows), and the layout of
//! a simulated scenario inside 1200 × 630 in every language, nothing
//! overlapping, the figures the run's.

use crate::app::basis::modes::Mode;
use crate::app::link::tests::small_state;
use crate::app::share::card::{CARD_SIZE, Card, Qr, Rect, fit, shrink_to_fit};
use crate::i18n::Locale;

const URL: &str = "https://example.org/threadlab/?preset=e2-platform";

/// Whether a finder pattern's 7 × 7 modules start at (x, y): a dark ring,
/// a light ring, a dark 3 × 3 centre.
fn finder_at(q: &Qr, x: usize, y: usize) -> bool {
    (0..7).all(|dy| {
        (0..7).all(|dx| {
            let ring = dx.min(dy).min(6 - dx).min(6 - dy);
            q.dark_at(x + dx, y + dy) == (ring != 1)
        })
    })
}

#[test]
fn the_qr_code_of_a_known_address_has_its_version_size_and_finders() {
    let q = Qr::of(URL).expect("a short address fits");
    // 49 bytes at level M need version 4 (62 bytes; version 3 holds 42):
    // 17 + 4 × 4 = 33 modules a side.
    assert_eq!(URL.len(), 49);
    assert_eq!(q.version, 4);
    assert_eq!(q.width, 33);
    assert_eq!(q.dark.len(), 33 * 33);
    let far = q.width - 7;
    assert!(finder_at(&q, 0, 0) && finder_at(&q, far, 0) && finder_at(&q, 0, far));
    // No finder in the fourth corner: that is how a reader finds "up".
    assert!(!finder_at(&q, far, far));
    // The timing patterns: row and column 6 alternate between the finders.
    assert!((8..far).all(|i| q.dark_at(i, 6) == (i % 2 == 0)));
    assert!((8..far).all(|i| q.dark_at(6, i) == (i % 2 == 0)));
    // Outside the matrix, nothing is dark.
    assert!(!q.dark_at(q.width, 0) && !q.dark_at(0, q.width));
}

#[test]
fn a_longer_address_needs_a_larger_code_and_one_too_long_has_none() {
    let longer = format!("{URL}&{}", "load.concurrency=2000&".repeat(8));
    let q = Qr::of(&longer).unwrap();
    assert!(
        q.version > 4 && q.width == 17 + 4 * q.version as usize,
        "{q:?}"
    );
    assert!(Qr::of(&"x".repeat(3000)).is_none(), "past version 40");
}

#[test]
fn the_card_fits_1200_by_630_with_the_runs_figures_in_every_language() {
    let s = small_state(true);
    let runs = s.results.runs(s.setup.modes);
    assert_eq!(runs.len(), 2, "both columns ran");
    let whole = Rect {
        x: 0.0,
        y: 0.0,
        w: f64::from(CARD_SIZE.0),
        h: f64::from(CARD_SIZE.1),
    };
    assert_eq!(CARD_SIZE, (1200, 630));
    for l in Locale::ALL {
        let c = Card::of(&s, URL, l);
        assert_eq!(c.size, CARD_SIZE);
        let (chart, chart_at) = c.chart.as_ref().expect("the key chart");
        assert_eq!(chart.id, "chart-sweep-throughput");
        let (q, place) = c.qr.as_ref().expect("the QR code");
        assert_eq!(q.width, 33);
        assert!(
            place.module >= 2.0 && place.module.fract() == 0.0,
            "{place:?}"
        );
        let mut boxes = vec![("chart", *chart_at), ("qr", place.area)];
        boxes.extend(c.figures.iter().map(|f| ("swatch", f.swatch)));
        boxes.extend(c.lines.iter().map(|t| ("line", t.area())));
        for (what, b) in &boxes {
            assert!(b.inside(&whole), "{l:?}: {what} {b:?} leaves the card");
        }
        for (i, (a, ra)) in boxes.iter().enumerate() {
            for (b, rb) in &boxes[i + 1..] {
                assert!(!ra.overlaps(rb), "{l:?}: {a} {ra:?} overlaps {b} {rb:?}");
            }
        }
        let said: Vec<&str> = c.lines.iter().map(|t| t.text.as_str()).collect();
        assert!(said.contains(&URL), "{said:?}");
        assert_eq!(c.figures.len(), 2);
        assert_eq!(c.figures[0].mode, Mode::Platform);
        for r in &runs {
            let rps = l.number(r.goodput_rps, 0);
            assert!(said.contains(&rps.as_str()), "{l:?}: {rps} in {said:?}");
            let p99 = crate::app::basis::format::ms_in(l, r.latency.p99);
            assert!(said.contains(&p99.as_str()), "{l:?}: {p99} in {said:?}");
        }
    }
}

#[test]
fn the_cards_headline_is_the_summary_cards_successful_requests_not_all_answers() {
    let mut s = small_state(true);
    // A run where a third of the answers failed: throughput and goodput part.
    let run = s.results.singles.get_mut(Mode::Platform).as_mut().unwrap();
    let run = std::rc::Rc::make_mut(run);
    run.goodput_rps = run.throughput_rps * 2.0 / 3.0;
    let (goodput, throughput) = (run.goodput_rps, run.throughput_rps);
    let l = Locale::En;
    let c = Card::of(&s, URL, l);
    let said: Vec<&str> = c.lines.iter().map(|t| t.text.as_str()).collect();
    assert!(said.contains(&l.number(goodput, 0).as_str()), "{said:?}");
    let all = l.number(throughput, 0);
    assert!(!said.iter().any(|t| t.contains(&all)), "{all} in {said:?}");
    let label = crate::i18n::keys::ui::SUMMARY_HEADLINE.text(l, &[]);
    assert_eq!(said.iter().filter(|t| **t == label).count(), 2, "{said:?}");
}

#[test]
fn a_line_too_long_is_cut_with_an_ellipsis_and_ideographs_count_wider() {
    assert_eq!(fit("short", 20.0, 400.0), "short");
    let cut = fit(&"abcdefgh ".repeat(20), 20.0, 400.0);
    assert!(cut.ends_with('…') && cut.chars().count() < 60, "{cut}");
    let zh = fit(&"虚拟线程".repeat(10), 20.0, 400.0);
    // An ideograph is a whole em: 20 of them (with "…") fill 400 px.
    assert!(zh.ends_with('…') && zh.chars().count() <= 20, "{zh}");
}

#[test]
fn a_long_title_is_set_smaller_before_it_is_cut() {
    let short = shrink_to_fit("E2", 36.0, 1120.0);
    assert_eq!(short, ("E2".to_string(), 36.0));
    // 60 characters: 1,296 px at 36 px, 1,080 px at 30 px.
    let title = "E2 · hey -c 2000 -n 100000 /delay/50 · platform threads ABCD";
    assert_eq!(title.chars().count(), 60);
    let (text, px) = shrink_to_fit(title, 36.0, 1120.0);
    assert_eq!((text.as_str(), px), (title, 30.0));
    let (text, px) = shrink_to_fit(&title.repeat(3), 36.0, 1120.0);
    assert!(px == 24.0 && text.ends_with('…'), "{px} {text}");
}
