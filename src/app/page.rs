//! The page's state and its reducer, with the parts of the reducer that
//! belong to one subject.
//!
//! * `state` — the state and `State::reduce(Action)`;
//! * `guide` — a lesson on the page: the progress in the state, what each
//!   step does to the scenario, the lesson panel's words;
//! * `handout` — a lesson's handout: every chapter run again, one printed
//!   page each, in words;
//! * `history` — which changes get an entry of the browser's history (Back
//!   undoes a preset, a lesson opened or closed, a chapter) and which
//!   rewrite the current one (a slider, a number typed), and the state an
//!   entry comes back to;
//! * `speaker` — the speaker view's messages to the projector's window,
//!   what the projector does on one, the speaker notes and clocks;
//! * `room` — the room's answers on the page: the tally's fields as typed,
//!   and its histogram beside the run's answer;
//! * `yours` — a pasted load test's output in the state (its text, what
//!   was read or the one-line problem) and its actions.

pub mod guide;
pub mod handout;
pub mod history;
pub mod room;
pub mod speaker;
pub mod state;
pub mod yours;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
