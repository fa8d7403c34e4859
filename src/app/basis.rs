//! What every other part of the app reads and nothing of the app's own:
//! the two columns, the chart registry, numbers for labels and tables, the
//! form's words, a program in plain words, and words said later in a
//! reader's language.
//!
//! * `modes` — the two columns: which run, a value per column, what they
//!   compare (server modes, or E4's executors) and their labels;
//! * `chart_registry` — every chart the page can show, declared once (id,
//!   title, per column or not, in an embed by default, what it plots); the
//!   id lists, menus, builders and drawings derive from it;
//! * `format` — numbers for labels, tooltips and tables, error severity;
//! * `words` — the form's labels, help and group headings, a setting's name
//!   in the page's language;
//! * `program_words` — a request program in plain words;
//! * `said` — a text kept as data (a catalogue key and its parameters, a
//!   setting's problem) and put into words where it is shown.

pub mod chart_registry;
pub mod format;
pub mod modes;
pub mod program_words;
pub mod said;
pub mod words;
