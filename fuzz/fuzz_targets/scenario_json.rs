//! A scenario file's text: parsed (duplicate keys, BOM, nesting), validated;
//! every error must be one short printable line. No simulation runs here.
#![no_main]

use libfuzzer_sys::fuzz_target;
use threadlab::scenario::{Draft, validate};
use threadlab_fuzz::check_errors;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Draft::from_json(text) {
        Ok(draft) => {
            if let Err(errors) = validate(&draft) {
                check_errors(&errors);
            }
        }
        Err(e) => check_errors(&[e]),
    }
});
