//! The page's state, natively, by subject: a lesson on the page, the
//! browser's history, an embed of a lesson's chapter, a lesson's handout.

mod chapter_embed;
mod guide;
mod handout;
mod history;
