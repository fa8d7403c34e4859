//! The page's state, natively, by subject: a lesson on the page, the
//! browser's history, an embed of a lesson's chapter, the speaker view
//! and the projector that follows it, the room's tally.

mod chapter_embed;
mod guide;
mod history;
mod room;
mod speaker;
