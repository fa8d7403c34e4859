//! The permalink decoder: any address opens a valid state, every ignored
//! part is named on one line, and the state's own link reads back without a
//! word and to the same link.
#![no_main]

use libfuzzer_sys::fuzz_target;
use threadlab::app::State;
use threadlab::app::permalink::{decode, encode};

fuzz_target!(|data: &[u8]| {
    let Ok(query) = std::str::from_utf8(data) else {
        return;
    };
    let d = decode(query);
    for i in &d.ignored {
        assert!(!i.what.contains('\n') && !i.why.contains('\n'), "{i:?}");
        assert!(i.what.chars().count() <= 600, "{i:?}");
    }
    let state = State::of_link(d.link);
    assert!(state.runnable(), "{query:?} opened an invalid state: {:?}", state.errors);
    let link = encode(&state.link());
    let again = decode(&link);
    assert!(again.ignored.is_empty(), "{link:?}: {:?}", again.ignored);
    assert_eq!(encode(&again.link), link);
});
