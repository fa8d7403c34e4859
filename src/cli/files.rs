//! Reading a scenario file (native only), capped in size so that a wrong
//! path such as `/dev/zero` cannot fill the memory.

#[cfg(not(target_arch = "wasm32"))]
use std::io::Read;

#[cfg(not(target_arch = "wasm32"))]
use crate::i18n::keys::Key;
use crate::i18n::keys::errors as words;
use crate::i18n::{Part, Phrase};

/// The most bytes a scenario file may hold: 1 MiB. A scenario is a few
/// hundred bytes; its largest value, a program, is at most 64 KiB.
pub const SCENARIO_FILE_MAX_BYTES: u64 = MIB;

const MIB: u64 = 1024 * 1024;

/// A scenario file's text, or why it cannot be had, in words.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_scenario_file(path: &str) -> Result<String, Phrase> {
    let file = std::fs::File::open(path).map_err(|e| failed(words::FILE_OPEN, e))?;
    read_capped(file, SCENARIO_FILE_MAX_BYTES)
}

/// The most bytes any input file may hold: a pasted load test's output
/// (`threadlab import`) may be that large; a scenario is then held to
/// [`SCENARIO_FILE_MAX_BYTES`] when `run` reads it.
pub const INPUT_FILE_MAX_BYTES: u64 = crate::measured::MAX_BYTES as u64;

/// An input file's text (a scenario or a measurement), or why it cannot be
/// had, in words: what the command line hands its commands.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_input_file(path: &str) -> Result<String, Phrase> {
    let file = std::fs::File::open(path).map_err(|e| failed(words::FILE_OPEN, e))?;
    read_capped(file, INPUT_FILE_MAX_BYTES)
}

/// `text` read as a scenario: refused past [`SCENARIO_FILE_MAX_BYTES`]
/// with the words [`read_scenario_file`] has for it.
pub(super) fn scenario_within_cap(text: String) -> Result<String, Phrase> {
    if text.len() as u64 > SCENARIO_FILE_MAX_BYTES {
        return Err(too_large(SCENARIO_FILE_MAX_BYTES));
    }
    Ok(text)
}

fn too_large(cap: u64) -> Phrase {
    let most = if cap.is_multiple_of(MIB) {
        format!("{} MiB", cap / MIB)
    } else {
        format!("{cap} bytes")
    };
    words::FILE_TOO_LARGE.said().with("most", Part::text(most))
}

/// A failure to open or read, with the system's own words for why.
#[cfg(not(target_arch = "wasm32"))]
fn failed(key: Key, e: std::io::Error) -> Phrase {
    key.said().with("why", Part::text(e.to_string()))
}

/// At most `cap` bytes of UTF-8 text from `source`; more is an error.
#[cfg(not(target_arch = "wasm32"))]
fn read_capped(source: impl Read, cap: u64) -> Result<String, Phrase> {
    let mut bytes = Vec::new();
    source
        .take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| failed(words::FILE_READ, e))?;
    if bytes.len() as u64 > cap {
        return Err(too_large(cap));
    }
    String::from_utf8(bytes).map_err(|e| {
        let offset = Part::Count(e.utf8_error().valid_up_to() as u64);
        words::FILE_NOT_UTF8.said().with("offset", offset)
    })
}

#[cfg(test)]
mod tests {
    use super::read_capped;

    #[test]
    fn a_file_over_the_cap_is_refused_after_reading_one_byte_more() {
        let big = std::io::repeat(b'x');
        let e = read_capped(big, 1024).unwrap_err().english();
        assert!(e.contains("larger than 1024 bytes"), "{e}");
        assert_eq!(read_capped(&b"{}"[..], 2).unwrap(), "{}");
        assert!(
            read_capped(&b"\xff{}"[..], 10)
                .unwrap_err()
                .english()
                .contains("UTF-8")
        );
    }
}
