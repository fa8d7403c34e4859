//! A run's report as JSON, as `threadlab run --format json` prints it and
//! the page exports it: the core's facts (serde of [`Report`]) with their
//! English words beside them, the chart data only on request.

use serde_json::Value;

use super::said;
use crate::sim::Report;

/// The report as JSON; without `full`, the bulky chart data is left out.
pub fn json_report(report: &Report, full: bool) -> String {
    let mut v = serde_json::to_value(report).unwrap_or_default();
    with_words(&mut v, report);
    if let (false, Some(m)) = (full, v.as_object_mut()) {
        for k in ["series", "timeline", "histogram"] {
            m.remove(k);
        }
    }
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
    s.push('\n');
    s
}

/// The core reports facts; the JSON report carries their English words
/// beside them, where a reader of the JSON looks for them.
fn with_words(v: &mut Value, r: &Report) {
    let Some(m) = v.as_object_mut() else {
        return;
    };
    let outcome = said::outcome(r).english();
    m.insert("outcome_detail".into(), Value::String(outcome));
    if let Some(b) = m.get_mut("bottleneck").and_then(Value::as_object_mut) {
        let said = said::bottleneck(&r.bottleneck).english();
        b.insert("explanation".into(), Value::String(said));
    }
    let hits = (m.get_mut("memory"))
        .and_then(|memory| memory.get_mut("hits"))
        .and_then(Value::as_array_mut);
    for (hit, h) in hits.into_iter().flatten().zip(&r.memory.hits) {
        if let Some(o) = hit.as_object_mut() {
            let detail = said::limit_hit(h, &r.memory).english();
            o.insert("detail".into(), Value::String(detail));
        }
    }
}
