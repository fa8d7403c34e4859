//! The replications' panel: binds `app::run::replicated::ReplicasView`
//! (each mode's median and band per figure, the noise judgement, the
//! warm-up, the method) to a table.

use yew::prelude::*;

use crate::app::State;
use crate::app::run::replicated::ReplicasView;
use crate::i18n::keys::ui as words;
use crate::replicas::Noise;

/// Properties of [`Replicas`].
#[derive(Properties, PartialEq)]
pub(crate) struct ReplicasProps {
    /// The state.
    pub(crate) state: UseReducerHandle<State>,
}

/// The panel, once each mode has a seed in.
#[component]
pub(crate) fn Replicas(p: &ReplicasProps) -> Html {
    let s = &p.state;
    let l = s.view.locale();
    let Some(v) = ReplicasView::of(&s.results.samples, s.setup.modes, s.setup.columns, l) else {
        return html! {};
    };
    let rows = v.rows.iter().map(|r| {
        let noise = r.noise.as_ref().map(|(n, text)| {
            let class = match n {
                Noise::Within => "within",
                Noise::Apart => "apart",
                Noise::Unjudged => "unjudged",
            };
            html! { <td class={classes!("noise", class)} data-noise={class}>{text.clone()}</td> }
        });
        html! {
            <tr data-figure={r.figure.name()}>
                <th scope="row">{r.label.clone()}</th>
                { for r.cells.iter().map(|c| html! {
                    <td>
                        <span class="median">{c.median.clone()}</span>
                        <span class="band muted small">{c.band.clone()}</span>
                        if let Some(i) = &c.interval {
                            <span class="interval muted small">{i.clone()}</span>
                        }
                    </td>
                }) }
                { for noise }
            </tr>
        }
    });
    let two = v.columns.len() == 2;
    html! {
        <section class="replicas" aria-busy={(!v.complete).to_string()}>
            <h3>{v.heading.clone()}</h3>
            <table>
                <thead><tr>
                    <th scope="col">{words::REPLICAS_FIGURE.text(l, &[])}</th>
                    { for v.columns.iter().map(|c| html! { <th scope="col">{c.clone()}</th> }) }
                    if two { <th scope="col">{words::REPLICAS_DIFFERENCE.text(l, &[])}</th> }
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            { for v.warmup.iter().map(|line| html! { <p class="muted small warmup">{line.clone()}</p> }) }
            <p class="muted small replicas-note">{v.note.clone()}</p>
        </section>
    }
}
