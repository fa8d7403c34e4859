//! The schema's own tests: the first layer, the choices' help, properties read from the catalogue.
use super::*;

/// The first layer names keys the schema has, a dozen or so of them,
/// and leaves most keys to the "Advanced" group.
#[test]
fn the_first_layer_is_a_short_list_of_real_keys() {
    for k in FIRST_LAYER {
        assert!(
            schema().iter().any(|f| f.key == *k),
            "{k} is in FIRST_LAYER but not in the schema"
        );
    }
    let first = schema().iter().filter(|f| f.first_layer()).count();
    let advanced = schema()
        .iter()
        .filter(|f| !f.first_layer() && f.shown != Shown::Never)
        .count();
    assert_eq!(first, FIRST_LAYER.len());
    assert!((10..=16).contains(&first), "{first} first-layer keys");
    assert!(advanced >= 50, "only {advanced} advanced keys");
    assert!(field("async.mail.max").is_some_and(FieldSpec::first_layer));
    assert!(!field("async.mail.queue").is_some_and(FieldSpec::first_layer));
    assert!(!field("gc.alloc_kb").is_some_and(FieldSpec::first_layer));
}

/// A choice's help names every word or none, in every language.
#[test]
fn choice_help_covers_every_word_or_none() {
    let mut with_help = 0;
    for l in Locale::ALL {
        for f in schema() {
            let helped = f.choices_with_help(l).len();
            match f.kind {
                FieldKind::Choice(words) => assert!(
                    helped == 0 || helped == words.len(),
                    "{} ({}): {} words, {helped} helps",
                    f.key,
                    l.code(),
                    words.len(),
                ),
                _ => assert_eq!(helped, 0, "{} is no choice", f.key),
            }
            with_help += usize::from(helped > 0);
        }
    }
    assert_eq!(
        with_help,
        2 * Locale::ALL.len(),
        "only load.tool's and load.waits_for's choices have help"
    );
    let tool = field("load.tool").expect("load.tool");
    assert!((tool.help_for(Locale::En, "wrk")).is_some_and(|h| h.contains("--timeout")));
    assert!((tool.help_for(Locale::En, "k6")).is_some_and(|h| h.contains("VU")));
    assert_eq!(tool.help_for(Locale::En, "ab"), None);
    assert_eq!(tool.choices_with_help(Locale::En).len(), 5);
}

/// A key's property is the catalogue's, a property name the same in
/// every language; a key that stands for no property has none.
#[test]
fn a_property_is_read_from_the_catalogue() {
    let threads = field("server.threads_max").expect("server.threads_max");
    for l in Locale::ALL {
        assert_eq!(threads.property(l), Some("server.tomcat.threads.max"));
    }
    let with = schema().iter().filter(|f| f.property(Locale::En).is_some());
    assert_eq!(with.count(), 127);
}
