//! The permalink decoder: any address opens a valid state, every ignored
//! part is named on one line, and the state's own link reads back without a
//! word and to the same link.
#![no_main]

use libfuzzer_sys::fuzz_target;
use threadlab::app::State;
use threadlab::app::link::permalink::{decode, encode};
use threadlab::i18n::Locale;

fuzz_target!(|data: &[u8]| {
    let Ok(query) = std::str::from_utf8(data) else {
        return;
    };
    let d = decode(query);
    for (i, l) in d.ignored.iter().flat_map(|i| Locale::ALL.map(|l| (i, l))) {
        let (what, why) = (i.what.text(l), i.why.text(l));
        assert!(!what.contains('\n') && !why.contains('\n'), "{i:?}");
        assert!(what.chars().count() <= 600, "{i:?}");
    }
    let state = State::of_link(d.link);
    assert!(
        state.runnable(),
        "{query:?} opened an invalid state: {:?}",
        state.errors
    );
    let link = encode(&state.link());
    let again = decode(&link);
    assert!(again.ignored.is_empty(), "{link:?}: {:?}", again.ignored);
    assert_eq!(encode(&again.link), link);
});
