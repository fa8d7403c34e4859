//! Where the page fetches a language's catalogue files, with a version
//! taken from each file's contents while compiling. The files keep their
//! names in `dist/` (Trunk copies them as they are), so without a version a
//! browser that cached a file from an older build would keep showing it —
//! and English for every key added since.

use super::{AREAS, FILE_VERSIONS, Locale};

/// The address of `locale`'s catalogue file for `AREAS[area]`, relative to
/// the page: `i18n/de/ui.json?v=…`. A new file's contents give it a new
/// address; an unchanged file keeps its own, and the browser's copy.
pub(crate) fn file_address(locale: Locale, area: usize) -> String {
    format!(
        "i18n/{}/{}.json?v={:016x}",
        locale.code(),
        AREAS[area],
        FILE_VERSIONS[locale.index()][area]
    )
}

/// The versions of one language's files, in [`AREAS`] order.
pub(super) const fn versions(files: [&str; AREAS.len()]) -> [u64; AREAS.len()] {
    let mut out = [0; AREAS.len()];
    let mut i = 0;
    while i < files.len() {
        out[i] = fnv1a(files[i].as_bytes());
        i += 1;
    }
    out
}

/// FNV-1a, 64 bits: enough to tell one version of a file from the next.
pub(crate) const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::sources;

    #[test]
    fn a_files_address_carries_the_version_of_the_file_built_beside_it() {
        for locale in Locale::ALL {
            for (area, (name, text)) in sources(locale).enumerate() {
                let address = file_address(locale, area);
                let expected = format!("i18n/{}/{name}.json?v=", locale.code());
                assert!(address.starts_with(&expected), "{address}");
                assert_eq!(
                    address,
                    format!("{expected}{:016x}", fnv1a(text.as_bytes()))
                );
            }
        }
    }

    #[test]
    fn a_changed_file_gets_a_new_address() {
        // FNV-1a's published test vectors, then a one-character edit.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        let before = fnv1a(br#"{"page.title": "threadlab"}"#);
        let after = fnv1a(br#"{"page.title": "threadlab!"}"#);
        assert_ne!(before, after);
    }
}
