//! validate → run under a small event budget: no panic, no NaN or infinity
//! in the report, conservation, ordered percentiles, utilisation at most
//! 100 %, resident memory past the container's limit exactly when the OOM
//! killer struck, and "out of memory" exactly when a limit was hit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use threadlab_fuzz::{draft_from_input, validate_and_run};

fuzz_target!(|data: &[u8]| {
    if let Some(draft) = draft_from_input(data) {
        validate_and_run(draft);
    }
});
