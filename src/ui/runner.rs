//! The page's link to its simulation workers as a Yew hook: every change of
//! the scenario becomes a job (debounced briefly; an embed waits for its
//! Run button), the workers' outputs go to the state's reducer, exports are
//! collected per request, a replay's recording goes to whoever asked for it,
//! and a worker that had to be replaced is shown on the error panel (and its
//! unfinished job in the state).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::address::{self, DebugFault, debug_fault, take_debug_fault};
use super::bridge::{Bridge, Event, Failure};
use super::panic;
use crate::app::page::yours::YoursAction;
use crate::app::replay::{Replay, ReplayReply, ReplayRequest};
use crate::app::study;
use crate::app::worker::pool::{MAX_EMBED_WORKERS, MAX_WORKERS, pool_size};
use crate::app::worker::supervise::Export;
use crate::app::{Action, Job, Mode, State};
use crate::i18n::Arg;
use crate::i18n::keys::ui as words;

type Done = Box<dyn FnOnce(Result<Vec<Export>, String>)>;

/// Who waits for a replay: its request's id and what to do with the answer.
type ReplayWait = Option<(u64, Box<dyn FnOnce(Result<Box<Replay>, String>)>)>;

/// An export on its way: the modes asked for, what came, what to do then.
struct Pending {
    generation: u64,
    modes: Vec<Mode>,
    got: Vec<Export>,
    done: Done,
}

/// What the page can ask of its worker.
#[derive(Clone)]
pub(crate) struct Runner {
    bridge: Rc<RefCell<Option<Bridge>>>,
    pending: Rc<RefCell<Option<Pending>>>,
    replay: Rc<RefCell<ReplayWait>>,
    /// Why the worker is not available, if it is not.
    pub(crate) unavailable: Option<String>,
}

impl PartialEq for Runner {
    fn eq(&self, other: &Runner) -> bool {
        Rc::ptr_eq(&self.bridge, &other.bridge) && self.unavailable == other.unavailable
    }
}

impl Runner {
    /// Sends `job` again (after its worker was replaced).
    pub(crate) fn retry(&self, job: Job) {
        if let Some(b) = self.bridge.borrow().as_ref() {
            b.run(job);
        }
    }

    /// Asks the worker to record `request`; `done` gets the replay, or why
    /// not (a newer request replaces this one, which then hears nothing).
    pub(crate) fn replay(
        &self,
        request: ReplayRequest,
        done: impl FnOnce(Result<Box<Replay>, String>) + 'static,
    ) {
        let Some(bridge) = self.bridge.borrow().clone() else {
            return done(Err(
                words::WORKER_NOT_STARTED.text(address::page_locale(), &[])
            ));
        };
        *self.replay.borrow_mut() = Some((request.id, Box::new(done)));
        bridge.replay(request);
    }

    /// Asks a worker to study `request` (what it says reaches the state as
    /// `YoursAction::Studying`/`Studied`); a newer request drops the older.
    /// False when no worker runs.
    pub(crate) fn study(&self, request: study::Request) -> bool {
        let Some(bridge) = self.bridge.borrow().clone() else {
            return false;
        };
        bridge.study(request);
        true
    }

    /// Asks for the full reports of `modes`' runs of job `generation`;
    /// `done` gets them in that order, or why not.
    pub(crate) fn export(
        &self,
        generation: u64,
        modes: &[Mode],
        done: impl FnOnce(Result<Vec<Export>, String>) + 'static,
    ) {
        let Some(bridge) = self.bridge.borrow().clone() else {
            return done(Err(
                words::WORKER_NOTHING_RUN.text(address::page_locale(), &[])
            ));
        };
        *self.pending.borrow_mut() = Some(Pending {
            generation,
            modes: modes.to_vec(),
            got: Vec::new(),
            done: Box::new(done),
        });
        for &mode in modes {
            bridge.export(generation, mode);
        }
    }
}

/// Takes in one export reply; calls the request's `done` once all came.
fn collect(pending: &RefCell<Option<Pending>>, reply: Result<Box<Export>, String>) {
    let mut slot = pending.borrow_mut();
    let Some(p) = slot.as_mut() else { return };
    match reply {
        Ok(e) if e.generation == p.generation => p.got.push(*e),
        Ok(_) => return,
        Err(why) => {
            let p = slot.take().expect("checked above");
            drop(slot);
            // The worker names its own refusals by key (it has no page to
            // read the language from); other text stays as it is.
            let why = crate::i18n::text(address::page_locale(), &why, &[]);
            return (p.done)(Err(why));
        }
    }
    if p.got.len() == p.modes.len() {
        let mut p = slot.take().expect("checked above");
        drop(slot);
        let order = p.modes.clone();
        p.got
            .sort_by_key(|e| order.iter().position(|m| *m == e.mode));
        (p.done)(Ok(p.got));
    }
}

/// Hands a replay's recording to whoever asked for it (a reply to an older
/// request is dropped); `reply: None` when the worker died first.
fn deliver(waiting: &RefCell<ReplayWait>, reply: Option<Box<ReplayReply>>) {
    let mut slot = waiting.borrow_mut();
    let answers = match (&*slot, &reply) {
        (Some((id, _)), Some(r)) => *id == r.id,
        (Some(_), None) => true,
        (None, _) => false,
    };
    if !answers {
        return;
    }
    let Some((_, done)) = slot.take() else { return };
    drop(slot);
    done(reply.map_or_else(
        || Err(words::WORKER_NO_ANSWER.text(address::page_locale(), &[])),
        |r| r.replay,
    ));
}

/// What the error panel says when a worker was replaced; returns the line
/// the results show.
fn replaced(why: &Failure) -> String {
    let l = address::page_locale();
    let (what, message) = match why {
        Failure::Panicked(m) => (words::WORKER_PANICKED, m.clone()),
        Failure::Crashed(m) => (words::WORKER_CRASHED, m.clone()),
        Failure::Stalled(limit) => (
            words::WORKER_STALLED,
            words::WORKER_SLICE_LIMIT.text(l, &[("s", Arg::Fixed(limit / 1000.0, 0))]),
        ),
    };
    panic::show(&what.text(l, &[]), &message, true);
    words::WORKER_INTERRUPTED.text(l, &[("why", Arg::Text(message))])
}

/// How many simulation workers to start: one per core the machine has
/// but one, within the page's (or an embed's) cap.
pub(crate) fn workers(embed: bool) -> usize {
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    pool_size(
        cores,
        if embed {
            MAX_EMBED_WORKERS
        } else {
            MAX_WORKERS
        },
    )
}

/// Starts the workers when `armed` (at once on the full page, on Run in an
/// embed) and sends it each new job of `state`.
#[hook]
pub(crate) fn use_runner(state: &UseReducerHandle<State>, armed: bool) -> Runner {
    let bridge = use_mut_ref(|| None::<Bridge>);
    let pending = use_mut_ref(|| None::<Pending>);
    let replay = use_mut_ref(|| -> ReplayWait { None });
    let unavailable = use_state(|| None::<String>);
    {
        let (bridge, pending, unavailable) = (bridge.clone(), pending.clone(), unavailable.clone());
        let waiting = replay.clone();
        let d = state.dispatcher();
        let size = workers(state.view.embed);
        use_effect_with(armed, move |armed| {
            if *armed && bridge.borrow().is_none() {
                let b = Bridge::new(size, move |e| match e {
                    Event::Messages(m) => d.dispatch(Action::Workers(m)),
                    Event::Export(reply) => collect(&pending, reply),
                    Event::Replay(reply) => deliver(&waiting, Some(reply)),
                    Event::Studying(id, progress) => {
                        d.dispatch(Action::Yours(YoursAction::Studying { id, progress }))
                    }
                    Event::Studied(id, finding) => {
                        d.dispatch(Action::Yours(YoursAction::Studied {
                            id,
                            finding: Rc::new(*finding),
                        }))
                    }
                    Event::StudyLost => d.dispatch(Action::Yours(YoursAction::StudyLost)),
                    Event::Replaced(why) => {
                        deliver(&waiting, None);
                        d.dispatch(Action::Interrupted(replaced(&why)));
                    }
                    Event::Unavailable(why) => {
                        deliver(&waiting, None);
                        let what = words::WORKER_UNAVAILABLE.text(address::page_locale(), &[]);
                        panic::show(&what, &why, true);
                        unavailable.set(Some(why));
                    }
                });
                if let Some(DebugFault::Worker(fault)) = debug_fault() {
                    take_debug_fault();
                    b.fault(fault);
                }
                *bridge.borrow_mut() = Some(b);
            }
        });
    }
    {
        let (bridge, st) = (bridge.clone(), state.clone());
        use_effect_with((state.generation, armed), move |(_, armed)| {
            let timer = (*armed && st.runnable() && !st.awaiting_prediction()).then(|| {
                let job = st.job();
                Timeout::new(16, move || {
                    if let Some(b) = bridge.borrow().as_ref() {
                        b.run(job);
                    }
                })
            });
            move || drop(timer)
        });
    }
    Runner {
        bridge,
        pending,
        replay,
        unavailable: (*unavailable).clone(),
    }
}
