//! A card's time breakdown: the sentence, two stacked bars (the mean
//! request, the p99 set) in HTML and CSS, a legend, and the same numbers
//! as a table for screen readers and anyone who wants them (`app::run::breakdown`
//! decides all of it). The bars are decoration for sighted readers
//! (`aria-hidden`): the sentence and the table say everything they show.
//! Colours are `--stage-*` custom properties, set for both themes in
//! `www/style.css` and `www/share.css`.

use yew::prelude::*;

use crate::app::RunView;
use crate::app::basis::format::ms_in;
use crate::app::run::breakdown::{BreakdownView, Set, stage_key};
use crate::i18n::keys::ui as words;
use crate::i18n::{Arg, Locale};

/// One bar: its label and its segments.
pub(super) fn bar(b: &BreakdownView, set: Set, l: Locale) -> Html {
    let (label, n) = match set {
        Set::Mean => (words::BREAKDOWN_MEAN, b.requests),
        Set::P99 => (words::BREAKDOWN_P99, b.p99_requests),
    };
    let label = label.text(l, &[("n", Arg::Fixed(n as f64, 0))]);
    let total = ms_in(l, b.total_ms(set));
    let segments = b.segments(set).into_iter().map(|s| {
        let name = stage_key(s.stage).text(l, &[]);
        html! {
            <span class={classes!("seg", format!("stage-{}", s.stage.name()))}
                style={format!("width: {:.3}%", s.pct)}
                title={format!("{name}: {} ({} %)", ms_in(l, s.ms), l.number(s.pct, 0))}
                data-stage={s.stage.name()} data-pct={format!("{:.2}", s.pct)}></span>
        }
    });
    html! {
        <div class="bar-row" data-set={set.id()}>
            <span class="bar-label">{label}<span class="muted">{format!(" · {total}")}</span></span>
            <span class="bar">{ for segments }</span>
        </div>
    }
}

/// The legend and the table's rows: every stage that took any time.
fn table(b: &BreakdownView, l: Locale) -> Html {
    let w = |k: crate::i18n::keys::Key| k.text(l, &[]);
    let ms_of = |set: Set, stage| {
        let ms = (b.stages(set).iter().find(|(s, _)| *s == stage)).map_or(0.0, |(_, ms)| *ms);
        ms_in(l, ms)
    };
    let rows = b.shown().into_iter().map(|stage| {
        html! {
            <tr data-stage={stage.name()}>
                <th scope="row"><span class={classes!("swatch", format!("stage-{}", stage.name()))} aria-hidden="true"></span>{stage_key(stage).text(l, &[])}</th>
                <td>{ms_of(Set::Mean, stage)}</td>
                <td>{ms_of(Set::P99, stage)}</td>
            </tr>
        }
    });
    html! {
        <details class="breakdown-table">
            <summary>{w(words::BREAKDOWN_TABLE)}</summary>
            <table>
                <caption class="sr-only">{w(words::BREAKDOWN_CAPTION)}</caption>
                <thead><tr>
                    <th scope="col">{w(words::BREAKDOWN_STAGE)}</th>
                    <th scope="col">{w(words::BREAKDOWN_COL_MEAN)}</th>
                    <th scope="col">{w(words::BREAKDOWN_COL_P99)}</th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </details>
    }
}

/// The legend: a swatch and a name per stage shown.
fn legend(b: &BreakdownView, l: Locale) -> Html {
    let items = b.shown().into_iter().map(|stage| {
        html! {
            <li><span class={classes!("swatch", format!("stage-{}", stage.name()))}></span>{stage_key(stage).text(l, &[])}</li>
        }
    });
    html! { <ul class="breakdown-legend" aria-hidden="true">{ for items }</ul> }
}

/// The breakdown of run `r` in its card, or nothing when none succeeded.
pub(super) fn breakdown(r: &RunView, l: Locale) -> Html {
    let Some(b) = &r.breakdown else {
        return Html::default();
    };
    let mode = r.columns.server_mode(r.mode);
    let headline = b.headline();
    let said = b.said(mode, l).unwrap_or_default();
    html! {
        <section class="breakdown" data-headline={headline.map(|h| h.stage.name())}>
            <h3>{words::BREAKDOWN_HEADING.text(l, &[])}</h3>
            <p class="breakdown-said">{said}</p>
            <div class="bars" aria-hidden="true">
                {bar(b, Set::Mean, l)}
                {bar(b, Set::P99, l)}
            </div>
            {legend(b, l)}
            {table(b, l)}
            <p class="muted small">{words::BREAKDOWN_NOTE.text(l, &[])}</p>
        </section>
    }
}
