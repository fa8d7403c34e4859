//! The view's chart ids, natively: every chart of the page has an id the
//! view knows, named by its heading, and an embed offers only what it draws.

use super::small_state;
use crate::app::basis::chart_registry::ids as chart_ids;
use crate::app::show::charts;
use crate::app::*;

#[test]
fn every_chart_of_the_page_has_an_id_the_view_knows() {
    let s = small_state(false);
    let ids: Vec<String> = charts::charts(&s)
        .into_iter()
        .map(|c| c.id.trim_start_matches("chart-").to_string())
        .collect();
    assert_eq!(
        ids,
        chart_ids().collect::<Vec<_>>(),
        "app::show::charts builds every chart of the registry, in its order"
    );
    // Menus name each chart by its heading once there is a run to draw.
    for (id, name) in charts::chart_names(&s) {
        assert!(name != id && !name.is_empty(), "{id}: {name}");
    }
    // Before a run too (a lesson holding its results back): each by the
    // title it will have, never by its bare id.
    let before = charts::chart_names(&State::default());
    assert_eq!(before.len(), chart_ids().count());
    for (id, name) in &before {
        assert!(name != id && !name.contains('{'), "{id}: {name}");
    }
    assert!(
        before.contains(&(
            "timeline-virtual",
            "Timeline: threads (virtual threads)".into()
        )),
        "{before:?}"
    );
    // An embed offers only charts its columns draw: a box for a column that
    // does not run would change nothing the reader sees.
    let mut one = State::default();
    one.setup.modes = crate::app::Modes::Virtual;
    let offered: Vec<&str> = charts::embed_chart_names(&one)
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert!(
        offered.contains(&"timeline-virtual") && offered.contains(&"histogram"),
        "{offered:?}"
    );
    assert!(
        !offered.iter().any(|id| id.ends_with("-platform")),
        "{offered:?}"
    );
}
