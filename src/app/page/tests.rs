//! The page's state, natively, by subject: a lesson on the page, the
//! browser's history, an embed of a lesson's chapter.

mod chapter_embed;
mod guide;
mod history;
