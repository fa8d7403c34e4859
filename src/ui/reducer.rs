//! The app's state as a Yew reducer: a thin wrapper over `State::reduce`.

use std::rc::Rc;

use yew::Reducible;

use crate::app::{Action, State};

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = Rc::unwrap_or_clone(self);
        next.reduce(action);
        Rc::new(next)
    }
}
