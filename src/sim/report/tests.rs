//! The report's own tests: names read back as their variants.
use super::*;

/// Each name reads back as its variant, and an unknown one is an error
/// that lists the known ones.
#[test]
fn named_enums_round_trip_through_their_names() {
    fn check<T>(all: &[T])
    where
        T: serde::Serialize
            + serde::de::DeserializeOwned
            + PartialEq
            + std::fmt::Debug
            + std::fmt::Display,
    {
        for v in all {
            let json = serde_json::to_string(v).expect("serialises");
            assert_eq!(json, format!("\"{v}\""));
            assert_eq!(&serde_json::from_str::<T>(&json).expect("reads back"), v);
        }
        let err = serde_json::from_str::<T>("\"nope\"").expect_err("unknown name");
        assert!(err.to_string().contains(&all[0].to_string()), "{err}");
    }
    check(&Gauge::ALL);
    check(&ErrorCause::ALL);
    check(&ResponseCause::ALL);
    check(&Resource::ALL);
    check(&Binding::ALL);
    check(&MemoryLimit::ALL);
    check(&LimitEffect::ALL);
    check(&MemoryKind::ALL);
    check(&GcKind::ALL);
    check(&Stage::ALL);
    assert_eq!(Gauge::PlatformAlive.name(), "platform_threads");
}
