//! A lesson's place in a permalink: `lesson=<id>&chapter=<n>`, the chapter
//! counted from 1 as the page shows it. Reading accepts a chapter's id as
//! well (`chapter=pinning`), which stays right when chapters are added;
//! anything else is one line naming the key, the value and what is
//! allowed. The page's query as a whole is read by `app::link::permalink`, which
//! hands these two parameters here.

use super::{lesson, lessons, unknown};
use crate::app::basis::said::Said;
use crate::i18n::Arg;
use crate::i18n::keys::ui as words;

/// A lesson and one of its chapters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonLink {
    /// The lesson's id.
    pub(crate) lesson: &'static str,
    /// The chapter, 0-based.
    pub(crate) chapter: usize,
}

/// The query parameters of a lesson's chapter (without `?` or `&` around).
pub(crate) fn format_link(link: LessonLink) -> String {
    format!("lesson={}&chapter={}", link.lesson, link.chapter + 1)
}

/// Reads the two parameters as a link gives them (`None` when absent). No
/// `lesson` is no lesson (a `chapter` alone is an error); no `chapter`
/// opens the first.
pub(crate) fn parse_link(
    lesson_param: Option<&str>,
    chapter_param: Option<&str>,
) -> Result<Option<LessonLink>, Said> {
    let Some(id) = lesson_param else {
        return match chapter_param {
            None => Ok(None),
            Some(c) => Err(Said::Key(
                words::LINK_CHAPTER_ALONE,
                vec![
                    ("value", Arg::Text(crate::scenario::echo(c))),
                    ("lessons", Arg::Text(ids().join(", "))),
                ],
            )),
        };
    };
    let l = lesson(id.trim()).ok_or_else(|| unknown("lesson", id, &ids()))?;
    let text = |s: String| Arg::Text(s);
    let chapter = match chapter_param.map(str::trim) {
        None | Some("") => 0,
        Some(c) => match c.parse::<usize>() {
            Ok(n) if (1..=l.chapters.len()).contains(&n) => n - 1,
            _ => l.chapter_index(c).ok_or_else(|| {
                let ids: Vec<&str> = l.chapters.iter().map(|ch| ch.id.as_str()).collect();
                Said::Key(
                    words::LINK_NO_CHAPTER,
                    vec![
                        ("value", text(crate::scenario::echo(c))),
                        ("lesson", text(l.id.clone())),
                        ("n", text(l.chapters.len().to_string())),
                        ("chapters", text(ids.join(", "))),
                    ],
                )
            })?,
        },
    };
    Ok(Some(LessonLink {
        lesson: l.id.as_str(),
        chapter,
    }))
}

fn ids() -> Vec<&'static str> {
    lessons().iter().map(|l| l.id.as_str()).collect()
}
