//! One chart of the page: its title and caption, the chart, and a button
//! that shows its data as a table instead (`crate::chart::data`), so that
//! nothing on it needs eyes on a picture or a hover to be read.

use std::rc::Rc;

use yew::prelude::*;

use super::chart_canvas::ChartCanvas;
use crate::app::ChartSpec;
use crate::app::show::charts::ChartView;
use crate::chart::{self, DataTable};
use crate::i18n::{Arg, Locale, keys};

/// Properties of [`ChartFigure`].
#[derive(Properties, PartialEq)]
pub(crate) struct FigureProps {
    /// The chart.
    pub(crate) view: ChartView,
    /// The page's language.
    pub(crate) locale: Locale,
    /// Presenter mode (its charts are drawn with larger type).
    pub(crate) presenter: bool,
    /// What the caption offers besides the table (a timeline's replay button).
    #[prop_or_default]
    pub(crate) extra: Html,
}

/// A chart with its caption and its data table behind a toggle.
#[component]
pub(crate) fn ChartFigure(p: &FigureProps) -> Html {
    let table = use_state(|| false);
    let c = &p.view;
    let l = p.locale;
    let (about_id, keys_id) = (format!("{}-about", c.id), format!("{}-keys", c.id));
    let toggle = {
        let table = table.clone();
        Callback::from(move |_| table.set(!*table))
    };
    let (word, pressed) = if *table {
        (keys::CHART_SHOW_CHART, "true")
    } else {
        (keys::CHART_SHOW_TABLE, "false")
    };
    html! {
        <figure class="chart">
            <figcaption>
                <div class="chart-head">
                    <h3>{c.title.clone()}</h3>
                    <button type="button" class="table-toggle" id={format!("{}-table-toggle", c.id)}
                        aria-controls={table.then(|| format!("{}-table", c.id))} data-table={pressed}
                        onclick={toggle}>{word.text(l, &[])}</button>
                </div>
                <p id={about_id.clone()}>{c.about.clone()}</p>
                {p.extra.clone()}
            </figcaption>
            <div class="chart-body" hidden={*table}>
                <ChartCanvas id={c.id.clone()} label={c.title.clone()} spec={c.spec.clone()}
                    described_by={format!("{about_id} {keys_id}")} look={(p.presenter, *table)} />
                <p class="keys-hint" id={keys_id}>{keys::CHART_KEYS.text(l, &[])}</p>
            </div>
            if *table {
                <DataTableView id={format!("{}-table", c.id)} title={c.title.clone()}
                    spec={c.spec.clone()} locale={l} />
            }
        </figure>
    }
}

/// Properties of [`DataTableView`].
#[derive(Properties, PartialEq)]
pub(crate) struct TableProps {
    /// Element id.
    pub(crate) id: AttrValue,
    /// The chart's title.
    pub(crate) title: String,
    /// Its data.
    pub(crate) spec: Rc<ChartSpec>,
    /// The page's language.
    pub(crate) locale: Locale,
}

/// A chart's data as an HTML table, in a box that scrolls (and so takes
/// focus, for the keyboard).
#[component]
pub(crate) fn DataTableView(p: &TableProps) -> Html {
    let t: Rc<DataTable> = use_memo(p.spec.clone(), |spec| chart::data(spec).table());
    let title = || [("title", Arg::Text(p.title.clone()))];
    html! {
        <div class="table-box" id={p.id.clone()} tabindex="0" role="region"
            aria-label={keys::CHART_TABLE_LABEL.text(p.locale, &title())}>
            <table class="data-table">
                <caption>{keys::CHART_TABLE_CAPTION.text(p.locale, &title())}</caption>
                <thead><tr>{ for t.headers.iter().map(|h| html! { <th scope="col">{h.clone()}</th> }) }</tr></thead>
                <tbody>
                    { for t.rows.iter().map(|r| html! {
                        <tr>
                            <th scope="row">{r.label.clone()}</th>
                            { for r.cells.iter().map(|c| html! { <td>{c.clone()}</td> }) }
                        </tr>
                    }) }
                </tbody>
            </table>
            { for t.notes.iter().map(|n| html! { <p class="table-note">{n.clone()}</p> }) }
        </div>
    }
}
