//! Inline snapshots in the style of rust-analyzer's `expect![…]`: the
//! expected text is a raw string literal right after the call, compared
//! line by line with indentation removed. `UPDATE_EXPECT=1 cargo test`
//! rewrites each literal whose text differs, so a model change shows as a
//! diff of the test source: *what* moved, not only that something did.

use std::collections::HashMap;
use std::panic::Location;
use std::path::PathBuf;
use std::sync::Mutex;

/// Rewrites made in this run, per file.
static PATCHES: Mutex<Option<HashMap<PathBuf, Patched>>> = Mutex::new(None);

/// The file as compiled (the callers' line numbers refer to it) and the
/// literals replaced in it so far.
type Patched = (String, Vec<Patch>);

struct Patch {
    /// Byte range of the literal's content in the file as compiled.
    range: std::ops::Range<usize>,
    text: String,
}

/// Asserts that `actual` is the snapshot written after the caller's line
/// as `r#"…"#` (both without their common indentation), or rewrites that
/// snapshot when `UPDATE_EXPECT` is set.
#[track_caller]
pub(crate) fn expect(actual: &str, expected: &str) {
    // Both sides lose their common indentation: the snapshot's is the
    // source's, and the text's own (right-aligned columns) goes with it.
    let (expected, actual) = (trim_indent(expected), trim_indent(actual));
    if expected == actual {
        return;
    }
    let at = Location::caller();
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        update(at, &actual);
        return;
    }
    panic!(
        "snapshot at {}:{} differs (UPDATE_EXPECT=1 cargo test rewrites it)\n{}",
        at.file(),
        at.line(),
        diff(&expected, &actual)
    );
}

/// The text without its first empty line and its common indentation.
fn trim_indent(text: &str) -> String {
    let text = text.strip_prefix('\n').unwrap_or(text);
    let indent = (text.lines())
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.get(indent..).unwrap_or(""))
        .collect();
    lines.join("\n").trim_end().to_string()
}

/// The lines that differ, marked `-` (expected) and `+` (actual).
fn diff(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let mut out = String::new();
    for i in 0..e.len().max(a.len()) {
        match (e.get(i), a.get(i)) {
            (Some(x), Some(y)) if x == y => out += &format!("  {x}\n"),
            (x, y) => {
                if let Some(x) = x {
                    out += &format!("- {x}\n");
                }
                if let Some(y) = y {
                    out += &format!("+ {y}\n");
                }
            }
        }
    }
    out
}

fn update(at: &Location<'_>, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(at.file());
    let mut guard = PATCHES.lock().unwrap_or_else(|e| e.into_inner());
    let files = guard.get_or_insert_with(HashMap::new);
    let (original, patches) = files.entry(path.clone()).or_insert_with(|| {
        let text = std::fs::read_to_string(&path).expect("the test's source is readable");
        (text, Vec::new())
    });
    let line_start: usize = (original.split_inclusive('\n'))
        .take(at.line() as usize - 1)
        .map(str::len)
        .sum();
    let open = line_start
        + original[line_start..]
            .find("r#\"")
            .expect("a r#\"…\"# snapshot follows")
        + 3;
    let close = open
        + original[open..]
            .find("\"#")
            .expect("the snapshot is closed");
    // The text one level in from the line that opens the literal.
    let opening_line = original[..open].rsplit('\n').next().unwrap_or("");
    let closing_indent = " ".repeat(opening_line.len() - opening_line.trim_start().len());
    let body: String = (actual.lines())
        .map(|l| format!("{closing_indent}    {l}\n"))
        .collect();
    patches.retain(|p| p.range != (open..close));
    patches.push(Patch {
        range: open..close,
        text: format!("\n{body}{closing_indent}"),
    });
    patches.sort_by_key(|p| p.range.start);
    let mut text = String::new();
    let mut from = 0;
    for p in patches.iter() {
        text += &original[from..p.range.start];
        text += &p.text;
        from = p.range.end;
    }
    text += &original[from..];
    std::fs::write(&path, text).expect("the test's source is writable");
}
