//! `--set KEY=VALUE` pairs, one a line: typed by the schema, then validated;
//! every error must be one short printable line. No simulation runs here.
#![no_main]

use libfuzzer_sys::fuzz_target;
use threadlab::scenario::validate;
use threadlab_fuzz::{check_errors, draft_from_input};

fuzz_target!(|data: &[u8]| {
    if let Some(draft) = draft_from_input(data)
        && let Err(errors) = validate(&draft)
    {
        check_errors(&errors);
    }
});
