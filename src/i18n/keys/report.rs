//! Catalogue keys of the `report` area (`i18n/catalogue/<lang>/report.json`).
//! The simulation's own words as the page shows them: the diagnosis
//! (`summary::said`), the fidelity report's notes and the
//! presets' assumptions.

use super::Key;
use crate::i18n::Phrase;

/// Key prefixes of this area built from data (see [`super::FAMILIES`]),
/// each with its owner, whose tests check its keys both ways:
/// `diagnosis.resource.<name>` (`sim::Resource`), `figure.{note,rule,
/// finding}.<id>` (the figures' notes, `fidelity::figures`),
/// `fidelity.{metric,unit,variant,measured}.<slug>` (a figure's words,
/// `fidelity::words`), `assumption.<id>` (each preset assumption's reason,
/// `scenario::presets`).
#[cfg(test)]
pub(crate) const FAMILIES: &[&str] = &[
    "diagnosis.resource.",
    "figure.note.",
    "figure.rule.",
    "figure.finding.",
    "fidelity.metric.",
    "fidelity.unit.",
    "fidelity.variant.",
    "fidelity.measured.",
    "assumption.",
];

impl Key {
    /// The key as a [`Phrase`] without arguments yet.
    pub fn said(self) -> Phrase {
        Phrase::new(self.0)
    }
}

/// The phrase of a resource's name (`sim::Resource::name`).
pub(crate) fn resource(name: &str) -> Phrase {
    Phrase::new(format!("diagnosis.resource.{name}"))
}

keys! {
    // How a run ended (`summary::said`).
    OUTCOME_AND = "outcome.and";
    OUTCOME_NO_TIME = "outcome.no_time";
    OUTCOME_EVENT_BUDGET = "outcome.event_budget";
    OUTCOME_TIME_BUDGET = "outcome.time_budget";
    OUTCOME_WALL_BUDGET = "outcome.wall_budget";
    OUTCOME_WALL_RATE = "outcome.wall_budget.rate";
    OUTCOME_WALL_INSTANT = "outcome.wall_budget.instant";
    OUTCOME_OWN_MEMORY = "outcome.own_memory";
    OUTCOME_DEADLOCK = "outcome.deadlock";
    OUTCOME_POLLER_DIED = "outcome.poller_died";
    OUTCOME_CUT = "outcome.cut";
    OUTCOME_CUT_DEADLINE = "outcome.cut.deadline";
    OUTCOME_CUT_GRACE = "outcome.cut.grace";
    OUTCOME_DRAINED = "outcome.drained";
    OUTCOME_ANSWERED = "outcome.answered";
    OUTCOME_FINISHED = "outcome.finished";
    OUTCOME_RAN = "outcome.ran";
    OWN_PART_FIBERS = "own_part.requests_and_tasks";
    OWN_PART_EVENTS = "own_part.pending_events";
    OWN_PART_CLIENT = "own_part.client_waiting";
    OWN_PART_CONNECTIONS = "own_part.connections";
    OWN_PART_THREAD_QUEUE = "own_part.thread_queue";
    OWN_PART_CARRIER_QUEUE = "own_part.carrier_queue";
    OWN_PART_WAITERS = "own_part.waiters";
    OWN_PART_GC_HELD = "own_part.gc_held";
    OWN_PART_CORE_QUEUE = "own_part.core_queue";
    // The diagnosis (`summary::said::bottleneck`, from `sim::engine::diagnosis`'s findings).
    DIAGNOSIS_NOTHING_FINISHED = "diagnosis.nothing_finished";
    DIAGNOSIS_NO_TIME = "diagnosis.no_time";
    DIAGNOSIS_BACKLOG = "diagnosis.backlog";
    DIAGNOSIS_BACKLOG_MAX = "diagnosis.backlog.max";
    DIAGNOSIS_BACKLOG_ACCEPTOR = "diagnosis.backlog.acceptor";
    DIAGNOSIS_CLIENT_ERRORS = "diagnosis.client_errors";
    DIAGNOSIS_REFUSED_RATE = "diagnosis.refused.rate";
    DIAGNOSIS_REFUSED_PENDING = "diagnosis.refused.pending";
    DIAGNOSIS_BULKHEAD_FULL = "diagnosis.bulkhead_full";
    DIAGNOSIS_CALLS_FAILED = "diagnosis.calls_failed";
    DIAGNOSIS_BUSY_ASIDE = "diagnosis.busy_aside";
    DIAGNOSIS_PACE_CLOSED = "diagnosis.pace.closed";
    DIAGNOSIS_PACE_CLOSED_TASKS = "diagnosis.pace.closed_tasks";
    DIAGNOSIS_PACE_OPEN = "diagnosis.pace.open";
    DIAGNOSIS_UNSATURATED = "diagnosis.unsaturated";
    DIAGNOSIS_CPU = "diagnosis.cpu";
    DIAGNOSIS_CPU_LIMIT = "diagnosis.cpu_limit";
    DIAGNOSIS_TOMCAT = "diagnosis.tomcat";
    DIAGNOSIS_DB_POOL = "diagnosis.db_pool";
    DIAGNOSIS_HTTP_CLIENT_POOL = "diagnosis.http_client_pool";
    DIAGNOSIS_BULKHEAD = "diagnosis.bulkhead";
    DIAGNOSIS_ACCEPTOR = "diagnosis.acceptor";
    DIAGNOSIS_CARRIERS = "diagnosis.carriers";
    DIAGNOSIS_CARRIERS_COMPENSATED = "diagnosis.carriers.compensated";
    DIAGNOSIS_CARRIERS_PINNED = "diagnosis.carriers.pinned";
    DIAGNOSIS_MONITOR = "diagnosis.monitor";
    DIAGNOSIS_EXECUTOR_POOL = "diagnosis.executor.pool";
    DIAGNOSIS_EXECUTOR_POOL_AWAITED = "diagnosis.executor.pool_awaited";
    DIAGNOSIS_EXECUTOR_VIRTUAL = "diagnosis.executor.virtual";
    DIAGNOSIS_WITH_HELD = "diagnosis.with_held";
    DIAGNOSIS_HELD_TOMCAT = "diagnosis.held.tomcat";
    DIAGNOSIS_HELD_CARRIERS = "diagnosis.held.carriers";
    DIAGNOSIS_HELD_SHARE = "diagnosis.held.share";
    DIAGNOSIS_HELD_FOR = "diagnosis.held.for";
    DIAGNOSIS_WHAT_DB_POOL = "diagnosis.what.db_pool";
    DIAGNOSIS_WHAT_HTTP_POOL = "diagnosis.what.http_pool";
    DIAGNOSIS_WHAT_BULKHEAD = "diagnosis.what.bulkhead";
    DIAGNOSIS_WHAT_MONITOR = "diagnosis.what.monitor";
    DIAGNOSIS_WHAT_EXECUTOR = "diagnosis.what.executor";
    DIAGNOSIS_WHAT_CPU = "diagnosis.what.cpu";
    DIAGNOSIS_FIX_DB_POOL = "diagnosis.fix.db_pool";
    DIAGNOSIS_FIX_HTTP_POOL = "diagnosis.fix.http_pool";
    DIAGNOSIS_FIX_BULKHEAD = "diagnosis.fix.bulkhead";
    DIAGNOSIS_FIX_MONITOR = "diagnosis.fix.monitor";
    DIAGNOSIS_FIX_EXECUTOR = "diagnosis.fix.executor";
    DIAGNOSIS_FIX_CPU = "diagnosis.fix.cpu";
    DIAGNOSIS_NOUN_TOMCAT = "diagnosis.noun.tomcat";
    DIAGNOSIS_NOUN_CARRIERS = "diagnosis.noun.carriers";
    DIAGNOSIS_NOUN_DB_POOL = "diagnosis.noun.db_pool";
    DIAGNOSIS_NOUN_CPU = "diagnosis.noun.cpu";
    DIAGNOSIS_MEMORY_CONTAINER = "diagnosis.memory.container";
    DIAGNOSIS_MEMORY_HEAP = "diagnosis.memory.heap";
    DIAGNOSIS_MEMORY_THREADS = "diagnosis.memory.threads";
    DIAGNOSIS_MEMORY_THREADS_POLLER = "diagnosis.memory.threads_poller";
    DIAGNOSIS_MEMORY_THREADS_KILLED = "diagnosis.memory.threads_killed";
    DIAGNOSIS_MEMORY_HEAP_EXITED = "diagnosis.memory.heap_exited";
    DIAGNOSIS_MEMORY_HEAP_KILLED = "diagnosis.memory.heap_killed";
    DIAGNOSIS_MEMORY_BACKOFF = "diagnosis.memory.backoff";
    DIAGNOSIS_GC = "diagnosis.gc";
    // The fidelity report's notes (`fidelity::rows`).
    FIDELITY_PREDICTED = "fidelity.note.predicted";
    FIDELITY_DERIVED = "fidelity.note.derived";
    FIDELITY_CALIBRATED_TARGET = "fidelity.note.calibrated";
    FIDELITY_CONTRADICTION = "fidelity.note.contradiction";
    FIDELITY_TARGET_WITHIN = "fidelity.target.within";
    FIDELITY_TARGET_RELATIVE = "fidelity.target.relative";
    FIDELITY_TARGET_POINTS = "fidelity.target.points";
    FIDELITY_TARGET_BEYOND = "fidelity.target.beyond";
    FIDELITY_BEYOND = "fidelity.note.beyond";
    FIDELITY_RULE = "fidelity.note.rule";
    FIDELITY_SIMULATED_ERRORS = "fidelity.note.simulated_errors";
    FIDELITY_SIMULATED_MEMORY = "fidelity.note.simulated_memory";
    FIDELITY_RUN_TOO = "fidelity.note.run_too";
    FIDELITY_SIMULATED_VS = "fidelity.note.simulated_vs";
    FIDELITY_FINDING = "fidelity.note.finding";
    FIDELITY_INCOMPLETE = "fidelity.note.incomplete";
    FIDELITY_BASIS_PREDICTED = "fidelity.basis.predicted";
    FIDELITY_BASIS_CALIBRATED = "fidelity.basis.calibrated";
    FIDELITY_BASIS_QUALITATIVE = "fidelity.basis.qualitative";
    FIDELITY_BASIS_DERIVED = "fidelity.basis.derived";
    FIDELITY_BASIS_CONTRADICTION = "fidelity.basis.contradiction";
    FIDELITY_VERDICT_PASS = "fidelity.verdict.pass";
    FIDELITY_VERDICT_FAIL = "fidelity.verdict.fail";
    FIDELITY_VERDICT_SHOWN = "fidelity.verdict.shown";
    // How to read the rows (`fidelity::standing`): the legend and the
    // summary line.
    FIDELITY_MEANING_PREDICTED = "fidelity.meaning.predicted";
    FIDELITY_MEANING_QUALITATIVE = "fidelity.meaning.qualitative";
    FIDELITY_MEANING_CALIBRATED = "fidelity.meaning.calibrated";
    FIDELITY_MEANING_DERIVED = "fidelity.meaning.derived";
    FIDELITY_MEANING_CONTRADICTION = "fidelity.meaning.contradiction";
    FIDELITY_LEGEND_TERM = "fidelity.legend.term";
    FIDELITY_LEGEND_BEYOND = "fidelity.legend.beyond";
    FIDELITY_STANDING_WITHIN = "fidelity.standing.within";
    FIDELITY_STANDING_NONE = "fidelity.standing.none";
    FIDELITY_STANDING_AND = "fidelity.standing.and";
    FIDELITY_STANDING_RULE = "fidelity.standing.rule";
    FIDELITY_STANDING_UNJUDGED = "fidelity.standing.unjudged";
    FIDELITY_STANDING_NOT_COUNTED = "fidelity.standing.not_counted";
    FIDELITY_STANDING_CHANGED = "fidelity.standing.changed";
    // Little's law on the articles' figures and the contradictions'
    // arithmetic (`fidelity::arith`).
    LITTLE_CHECK = "little.check";
    LITTLE_AVERAGE = "little.average";
    LITTLE_P50 = "little.p50";
    LITTLE_CONSISTENT = "little.consistent";
    LITTLE_INCONSISTENT = "little.inconsistent";
    ARITH_LITTLE_VS_MEDIAN = "arith.little_vs_median";
    ARITH_LITTLE_ERRORS = "arith.little_errors";
    ARITH_POOL_TIMEOUTS = "arith.pool_timeouts";
    ARITH_POOL_MEAN = "arith.pool_mean";
    ARITH_CPU_CEILING = "arith.cpu_ceiling";
    ARITH_BOUNDED_POOL_OOM = "arith.bounded_pool_oom";
    ARITH_STACK_GROWTH = "arith.stack_growth";
    // The sources' languages (`fidelity::Source::language_in`).
    LANGUAGE_DE = "source.language.de";
    LANGUAGE_ZH = "source.language.zh";
    LANGUAGE_EN = "source.language.en";
    // The measured-vs-simulated panel (`ui::measured_panel`).
    MEASURED_LABEL = "measured.label";
    MEASURED_HEADING = "measured.heading";
    MEASURED_NOT_GIVEN = "measured.not_given";
    MEASURED_EDITED = "measured.edited";
    MEASURED_EDITED_LINK = "measured.edited_link";
    MEASURED_EDITED_CHAPTER = "measured.edited_chapter";
    MEASURED_NOT_SIMULATED = "measured.not_simulated";
    MEASURED_SIMULATING = "measured.simulating";
    MEASURED_COL_FIGURE = "measured.column.figure";
    MEASURED_COL_RUN = "measured.column.run";
    MEASURED_COL_MEASURED = "measured.column.measured";
    MEASURED_COL_SIMULATED = "measured.column.simulated";
    MEASURED_COL_DIFFERENCE = "measured.column.difference";
    MEASURED_COL_VERDICT = "measured.column.verdict";
    MEASURED_COL_BEYOND = "measured.column.beyond";
    MEASURED_BEYOND_OF = "measured.beyond_of";
    MEASURED_NOTE = "measured.note";
    MEASURED_LEGEND = "measured.legend";
    MEASURED_LITTLE = "measured.little";
    MEASURED_DIFFERS = "measured.differs";
    MEASURED_DIFFERS_WHY = "measured.differs_why";
    MEASURED_PROVENANCE = "measured.provenance";
    MEASURED_ASSUMED = "measured.assumed";
    MEASURED_CHANGED = "measured.changed";
    MEASURED_ARTICLES_VALUE = "measured.articles_value";
}

/// Texts of this area written the same in every language: units, a tool's
/// own output word, a figure of numbers and templates of numbers only.
#[cfg(test)]
const SAME_IN_EVERY_LANGUAGE: &[&str] = &[
    "diagnosis.with_held",
    "fidelity.legend.term",
    "fidelity.measured.2_gb_4_gb",
    "fidelity.metric.requests_sec",
    "fidelity.standing.and",
    "fidelity.target.relative",
    "fidelity.target.within",
    "fidelity.unit.mb",
    "fidelity.unit.ms",
    "fidelity.unit.pct",
    "fidelity.unit.req_s",
    "fidelity.unit.s",
    "little.p50",
    "outcome.and",
];

#[cfg(test)]
mod tests {
    use super::SAME_IN_EVERY_LANGUAGE;
    use crate::i18n::{Locale, parse, sources};

    fn area(l: Locale) -> std::collections::BTreeMap<String, String> {
        let (_, text) = sources(l).find(|(a, _)| *a == "report").unwrap();
        parse(text).unwrap()
    }

    /// German and Chinese say this area's words in their own language: a
    /// text copied from English is a translation still to do.
    #[test]
    fn every_text_is_translated() {
        let en = area(Locale::En);
        for l in Locale::TRANSLATED {
            let mine = area(l);
            let copied: Vec<&String> = (en.iter())
                .filter(|(k, v)| mine.get(*k) == Some(v))
                .map(|(k, _)| k)
                .filter(|k| !SAME_IN_EVERY_LANGUAGE.contains(&k.as_str()))
                .collect();
            assert!(copied.is_empty(), "{}: English in {copied:?}", l.code());
        }
        for k in SAME_IN_EVERY_LANGUAGE {
            assert!(en.contains_key(*k), "{k} is no key of this area");
        }
    }
}
