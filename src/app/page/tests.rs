//! The page's state, natively, by subject: a lesson on the page, the
//! browser's history, an embed of a lesson's chapter, the speaker view
//! and the projector that follows it, the room's tally, a lesson's handout.

mod chapter_embed;
mod guide;
mod handout;
mod history;
mod room;
mod speaker;
