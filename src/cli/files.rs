//! Reading a scenario file (native only), capped in size so that a wrong
//! path such as `/dev/zero` cannot fill the memory.

use std::io::Read;

use super::SCENARIO_FILE_MAX_BYTES;
use crate::i18n::keys::{Key, errors as words};
use crate::i18n::{Part, Phrase};

const MIB: u64 = 1024 * 1024;

/// A scenario file's text, or why it cannot be had, in words.
pub fn read_scenario_file(path: &str) -> Result<String, Phrase> {
    let file = std::fs::File::open(path).map_err(|e| failed(words::FILE_OPEN, e))?;
    read_capped(file, SCENARIO_FILE_MAX_BYTES)
}

/// A file's text, at most `cap` bytes (each command names its own cap), or
/// why it cannot be had, in words: what the command line hands its
/// commands.
pub fn read_input_file(path: &str, cap: u64) -> Result<String, Phrase> {
    let file = std::fs::File::open(path).map_err(|e| failed(words::FILE_OPEN, e))?;
    read_capped(file, cap)
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
fn failed(key: Key, e: std::io::Error) -> Phrase {
    key.said().with("why", Part::text(e.to_string()))
}

/// At most `cap` bytes of UTF-8 text from `source`; more is an error.
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
