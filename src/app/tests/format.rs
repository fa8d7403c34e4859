//! Number and text formatting, natively: numbers that read well, and flags
//! in a sentence told from its words.

use crate::fidelity::Measured;

#[test]
fn numbers_read_well() {
    use crate::app::basis::format::*;
    use crate::fidelity::words::{figure_in, measured_in};
    use crate::i18n::Locale;
    let en = Locale::En;
    assert_eq!(en.number(1877.2105, 2), "1,877.21");
    assert_eq!(en.number(12773.137, 2), "12,773.14");
    assert_eq!(en.sig(0.0532), "0.0532");
    assert_eq!(ms_in(en, 1050.8), "1.05 s");
    assert_eq!(tick_in(en, 20000.0), "20k");
    assert_eq!(tick_in(en, 5000.0), "5k");
    assert_eq!(tick_in(en, 1500.0), "1.5k");
    assert_eq!(tick_in(en, 800.0), "800");
    assert_eq!(figure_in(Locale::En, 1877.2105), "1,877.21");
    assert_eq!(figure_in(Locale::En, 1.0508), "1.0508");
    assert_eq!(figure_in(Locale::En, 2000.0), "2,000");
    assert_eq!(field_text(&serde_json::json!(20000.0)), "20000");
    assert_eq!(field_text(&serde_json::Value::Null), "");
    assert_eq!(measured_in(en, &Measured::Number(12773.137)), "12,773.14");
}

/// Flags in the page's sentences are set apart as code (and kept on one
/// line); hyphenated words, negative numbers and dashes are not flags.
#[test]
fn flags_in_a_sentence_are_told_from_its_words() {
    use crate::app::basis::format::{TextPart, text_parts};
    use TextPart::{Flag, Words};
    assert_eq!(
        text_parts("JDK 21–23 报告这类等待（-Djdk.tracePinnedThreads=short），JFR 记录。"),
        [
            Words("JDK 21–23 报告这类等待（"),
            Flag("-Djdk.tracePinnedThreads=short"),
            Words("），JFR 记录。")
        ]
    );
    assert_eq!(
        text_parts("-Xmx / -XX:MaxRAMPercentage."),
        [
            Flag("-Xmx"),
            Words(" / "),
            Flag("-XX:MaxRAMPercentage"),
            Words(".")
        ]
    );
    assert_eq!(
        text_parts("wrk --timeout 2s, hey -c 50"),
        [
            Words("wrk "),
            Flag("--timeout"),
            Words(" 2s, hey "),
            Flag("-c"),
            Words(" 50")
        ]
    );
    for plain in ["keep-alive and −3 or -3 ms", "a - b", "E2 · hey", ""] {
        let parts = text_parts(plain);
        assert!(
            parts.iter().all(|p| matches!(p, Words(_))),
            "{plain}: {parts:?}"
        );
        let whole: String = parts
            .iter()
            .map(|p| match p {
                Words(w) | Flag(w) => *w,
            })
            .collect();
        assert_eq!(whole, plain);
    }
}
