//! The plain first layer, natively: which settings the form shows first and
//! which wait in its "Advanced" group, and which advanced settings never
//! hide (changed, wrong, named by the lesson, being edited).

use crate::app::lesson::LessonLink;
use crate::app::link::permalink::{decode, encode};
use crate::app::page::state::GuideAction;
use crate::app::setup::Arrival;
use crate::app::show::form::{self, Reveal, advanced_count, advanced_shown, revealed};
use crate::app::*;
use crate::scenario::Group;

fn of_link(query: &str) -> State {
    let d = decode(query);
    assert!(d.ignored.is_empty(), "{query}: {:?}", d.ignored);
    State::of_link(d.link)
}

fn edit(s: &mut State, key: &str, text: &str) {
    s.reduce(Action::Edit {
        mode: None,
        key: key.into(),
        text: text.into(),
    });
}

fn shown(s: &State, g: Group) -> Vec<String> {
    advanced_shown(s, g, &revealed(s))
}

fn reason(s: &State, key: &str) -> Option<Reveal> {
    revealed(s)
        .into_iter()
        .find(|(k, _)| k == key)
        .map(|(_, r)| r)
}

/// Every key of a group is in exactly one of the two layers, and the first
/// layer is what a Java developer reaches for.
#[test]
fn every_key_is_in_the_first_layer_or_in_advanced() {
    let s = of_link("preset=e4-platform-25&v=1");
    let mut first = Vec::new();
    for &g in form::GROUPS {
        let (f, a) = (
            form::first_keys(&s.setup, g),
            form::advanced_keys(&s.setup, g),
        );
        let mut both: Vec<String> = f.iter().chain(a.iter()).cloned().collect();
        both.sort();
        let mut all = form::keys(&s.setup, g);
        all.sort();
        assert_eq!(both, all, "{g:?}");
        first.extend(f);
    }
    for k in [
        "load.tool",
        "load.concurrency",
        "server.threads_max",
        "server.cores",
        "server.jdk",
        "program",
        "db.pool_size",
        "memory.heap_mb",
        "async.email.max",
    ] {
        assert!(
            first.contains(&k.to_string()),
            "{k} is not first: {first:?}"
        );
    }
    for k in ["load.timeout_ms", "server.min_spare", "gc.alloc_kb", "seed"] {
        assert!(!first.contains(&k.to_string()), "{k} is first");
    }
    let (total, _) = advanced_count(&s, &revealed(&s));
    assert!(total >= 50, "{total} advanced settings");
}

/// A preset as loaded shows no advanced setting with the group closed;
/// opening it shows them all.
#[test]
fn the_advanced_group_opens_on_the_view_flag() {
    let mut s = of_link("preset=e2-platform&v=1");
    assert_eq!(revealed(&s), Vec::new());
    assert!(shown(&s, Group::Jvm).is_empty());
    assert!(shown(&s, Group::Limits).is_empty());
    let mut v = s.view.clone();
    v.advanced = true;
    s.reduce(Action::SetView(v));
    assert!(shown(&s, Group::Jvm).contains(&"gc.alloc_kb".to_string()));
    assert_eq!(
        shown(&s, Group::Limits),
        form::advanced_keys(&s.setup, Group::Limits)
    );
    // The link holds the open group, and opens it again.
    let q = encode(&s.link());
    assert!(q.contains("advanced=1"), "{q}");
    assert!(of_link(&q).view.advanced);
}

/// A teacher's link that sets an advanced setting shows it with the group
/// closed, and only it.
#[test]
fn a_link_that_sets_an_advanced_setting_shows_it() {
    let s = of_link("preset=e2-platform&gc.alloc_kb=64&v=1");
    assert!(!s.view.advanced);
    assert_eq!(reason(&s, "gc.alloc_kb"), Some(Reveal::Changed));
    assert_eq!(shown(&s, Group::Jvm), vec!["gc.alloc_kb".to_string()]);
    assert_eq!(advanced_count(&s, &revealed(&s)).1, 1);
    // A per-mode override counts too.
    let s = of_link("preset=e2-platform&virtual.server.carriers=2&v=1");
    assert_eq!(
        shown(&s, Group::Server),
        vec!["server.carriers".to_string()]
    );
}

/// A wrong value shows, and a setting being typed stays while it is typed
/// back to the preset's value; another preset starts afresh.
#[test]
fn wrong_and_edited_settings_stay_on_the_form() {
    let mut s = of_link("preset=e2-platform&v=1");
    edit(&mut s, "memory.xss_kb", "abc");
    assert_eq!(reason(&s, "memory.xss_kb"), Some(Reveal::Invalid));
    edit(&mut s, "memory.xss_kb", "");
    assert_eq!(reason(&s, "memory.xss_kb"), Some(Reveal::Edited));
    assert!(shown(&s, Group::Memory).contains(&"memory.xss_kb".to_string()));
    s.reduce(Action::LoadPreset("e1-platform".into()));
    assert_eq!(reason(&s, "memory.xss_kb"), None);
    // A first-layer setting is never "revealed": it always shows.
    edit(&mut s, "server.threads_max", "400");
    assert_eq!(reason(&s, "server.threads_max"), None);
}

/// The lesson's chapter shows the advanced settings its text names
/// (ceiling-lifts names hey's own CPU per request).
#[test]
fn the_settings_a_chapter_names_show() {
    let mut s = State::default();
    let chapter = crate::app::lesson::lesson("virtual-threads")
        .and_then(|l| l.chapter_index("ceiling-lifts"))
        .unwrap();
    s.reduce(Action::Guide(GuideAction::Open {
        link: LessonLink {
            lesson: "virtual-threads",
            chapter,
        },
        stored: None,
    }));
    assert_eq!(reason(&s, "load.client_cpu_ms"), Some(Reveal::Named));
    assert!(shown(&s, Group::Load).contains(&"load.client_cpu_ms".to_string()));
    s.reduce(Action::Guide(GuideAction::Close));
    assert_eq!(reason(&s, "load.client_cpu_ms"), None);
}

mod program_words {
    use crate::app::basis::program_words::{Step, program_in_words, steps};
    use crate::i18n::Locale::{self, De, En, Zh};
    use crate::scenario::parse_program;
    use crate::sim::program::{Dist, LockKind};

    fn said(program: &str, l: Locale) -> String {
        program_in_words(program, l).unwrap_or_else(|| panic!("{program} does not parse"))
    }

    /// The compiled steps read back into the program's shape: a query is
    /// one step, a wait does not bring its monitor's re-entry along, blocks
    /// and an @Async body nest, and the caller goes on after the body.
    #[test]
    fn steps_come_back_in_the_programs_shape() {
        let p =
            parse_program("db:5ms,sync(m){wait:1ms},async(mail){lock{io:2ms}},cpu:1ms").unwrap();
        let ms = |n: u64| Dist::Const { ns: n * 1_000_000 };
        assert_eq!(
            steps(&p),
            vec![
                Step::Db(ms(5)),
                Step::Block {
                    kind: LockKind::Sync,
                    shared: Some("m".into()),
                    body: vec![Step::Wait(ms(1))]
                },
                Step::Async {
                    executor: "mail".into(),
                    body: vec![Step::Block {
                        kind: LockKind::Lock,
                        shared: None,
                        body: vec![Step::Io(ms(2))]
                    }]
                },
                Step::Cpu(ms(1)),
            ]
        );
    }

    /// The article's program reads as the issue asks, in each language.
    #[test]
    fn the_sleep_program_reads_as_java() {
        assert_eq!(
            said("cpu:0.1ms,io:50ms", En),
            "0.1 ms of CPU, then Thread.sleep(50)"
        );
        assert_eq!(
            said("cpu:0.1ms,io:50ms", De),
            "0,1 ms CPU-Zeit, dann Thread.sleep(50)"
        );
        assert_eq!(
            said("cpu:0.1ms,io:50ms", Zh),
            "0.1 毫秒 CPU 计算，然后Thread.sleep(50)"
        );
        // Only a constant whole number of milliseconds is a Thread.sleep.
        assert_eq!(said("io:0.5ms", En), "a blocking wait of 0.5 ms");
        assert_eq!(
            said("io:exp(50ms)", En),
            "a blocking wait of about 50 ms (exponential)"
        );
        assert_eq!(said("io:1000ms", En), "Thread.sleep(1000)");
        assert_eq!(said("cpu:2s", En), "2 s of CPU");
        assert_eq!(
            said("io:uniform(0ms,5ms)", En),
            "a blocking wait of up to 5 ms (uniform)"
        );
        assert_eq!(said("io:exp(0ms)", En), "a blocking wait of 0 ms");
        let floored = "io:lognormal(floor=2ms,p50=3ms,p99=9ms)";
        assert_eq!(
            said(floored, En),
            "a blocking wait of at least 2 ms, median 3 ms (p99 9 ms)"
        );
        assert!(said(floored, De).contains("mindestens 2 ms, Median 3 ms"));
        assert!(said(floored, Zh).contains("至少 2 毫秒，中位数 3 毫秒"));
        assert_eq!(
            said("cpu:5us,cpu:20ns", En),
            "5 µs of CPU, then 20 ns of CPU"
        );
        assert_eq!(program_in_words("cpu:", En), None);
    }

    /// Every kind of step and of duration, in English, German and Chinese.
    #[test]
    fn every_step_kind_has_words_in_every_language() {
        let program = "cpu:0.2ms,db:exp(20ms),file:uniform(1ms,3ms),\
                       sync{wait:lognormal(p50=1ms,p99=10ms)},sync(cache){io:5ms},\
                       lock{cpu:1ms},lock(table){io:2ms,cpu:0.5ms},async(mail){io:100ms}";
        assert_eq!(
            said(program, En),
            "0.2 ms of CPU, a query of about 20 ms (exponential) on one of HikariCP's connections, \
             between 1 ms and 3 ms of blocking file I/O, \
             Object.wait() for median 1 ms (p99 10 ms) inside synchronized on its own object, \
             Thread.sleep(5) inside synchronized on cache, which every request shares, \
             1 ms of CPU holding a ReentrantLock of its own, \
             (Thread.sleep(2), then 0.5 ms of CPU) holding the ReentrantLock table, which every request shares, \
             then hands Thread.sleep(100) to the @Async executor mail and goes on"
        );
        assert_eq!(
            said(program, De),
            "0,2 ms CPU-Zeit, eine Abfrage von im Mittel 20 ms (exponentialverteilt) über eine Verbindung aus HikariCP, \
             zwischen 1 ms und 3 ms blockierende Datei-I/O, \
             Object.wait() für Median 1 ms (p99 10 ms) in einem synchronized-Block auf dem eigenen Objekt, \
             Thread.sleep(5) in einem synchronized-Block auf cache, das alle Requests teilen, \
             1 ms CPU-Zeit unter einem eigenen ReentrantLock, \
             (Thread.sleep(2), dann 0,5 ms CPU-Zeit) unter dem ReentrantLock table, den alle Requests teilen, \
             dann übergibt Thread.sleep(100) an den @Async-Executor mail und macht weiter"
        );
        assert_eq!(
            said(program, Zh),
            "0.2 毫秒 CPU 计算，占用一个 HikariCP 连接执行平均 20 毫秒（指数分布）的查询，\
             介于1 毫秒和3 毫秒之间的阻塞文件 I/O，\
             在以自身对象为锁的 synchronized 块中执行Object.wait() 等待中位数 1 毫秒（p99 为 10 毫秒），\
             在所有请求共享的 cache 上的 synchronized 块中执行Thread.sleep(5)，\
             持有自己的 ReentrantLock 执行1 毫秒 CPU 计算，\
             持有所有请求共享的 ReentrantLock table 执行（Thread.sleep(2)，然后0.5 毫秒 CPU 计算），\
             然后把Thread.sleep(100)交给 @Async 执行器 mail 后继续"
        );
    }
}

/// A bulkhead's three kinds of wait, in every language.
#[test]
fn a_pool_says_its_permits_and_its_wait() {
    use crate::app::basis::program_words::program_in_words;
    use crate::i18n::Locale::{De, En, Zh};
    let program = "pool(api, 25, 0ms){io:5ms},pool(api2, 3, 250ms){cpu:1ms},pool(s, 2){io:1ms}";
    let said: Vec<String> = [En, De, Zh]
        .into_iter()
        .map(|l| program_in_words(program, l).expect("parses"))
        .collect();
    assert_eq!(
        said[0],
        "Thread.sleep(5) holding one of the 25 permits of the bulkhead api \
         (failing at once when none is free), \
         1 ms of CPU holding one of the 3 permits of the bulkhead api2 \
         (failing after 250 ms without one), \
         then Thread.sleep(1) holding one of the 2 permits of the semaphore s \
         (waiting as long as it takes for one)"
    );
    assert_eq!(
        said[1],
        "Thread.sleep(5) mit einem der 25 Permits des Bulkheads api \
         (ist keines frei, schlägt sie sofort fehl), \
         1 ms CPU-Zeit mit einem der 3 Permits des Bulkheads api2 \
         (ist nach 250 ms keines frei, schlägt sie fehl), \
         dann Thread.sleep(1) mit einem der 2 Permits des Semaphors s \
         (ist keines frei, wartet sie beliebig lange)"
    );
    assert_eq!(
        said[2],
        "持有舱壁 api 的 25 个许可之一执行Thread.sleep(5)（没有空闲许可时立即失败），\
         持有舱壁 api2 的 3 个许可之一执行1 毫秒 CPU 计算（等待 250 毫秒 仍无许可则失败），\
         然后持有信号量 s 的 2 个许可之一执行Thread.sleep(1)（没有空闲许可时一直等待）"
    );
}

/// A chapter's intro says its program in plain words in the reader's
/// language, and hands the panel the program's syntax for "show as
/// program".
#[test]
fn a_chapters_intro_says_its_program_in_plain_words() {
    use crate::i18n::Locale;
    let mut s = State::default();
    s.reduce(Action::Guide(GuideAction::Open {
        link: LessonLink {
            lesson: "virtual-threads",
            chapter: 0,
        },
        stored: None,
    }));
    let program = s.setup.draft_for(Mode::Platform).get("program").cloned();
    let program = program
        .and_then(|p| p.as_str().map(str::to_string))
        .unwrap();
    for (l, words) in [
        (
            Locale::En,
            "the request program here is 0.1 ms of CPU, Thread.sleep(50), then a blocking wait of at least 1.76 ms, median 2.67 ms (p99 9.48 ms).",
        ),
        (
            Locale::De,
            "das Request-Programm lautet hier 0,1 ms CPU-Zeit, Thread.sleep(50), dann ein blockierendes Warten von mindestens 1,76 ms, Median 2,67 ms (p99 9,48 ms).",
        ),
        (
            Locale::Zh,
            "这里的请求程序是 0.1 毫秒 CPU 计算，Thread.sleep(50)，然后阻塞等待至少 1.76 毫秒，中位数 2.67 毫秒（p99 为 9.48 毫秒）。",
        ),
    ] {
        s.reduce(Action::SetLanguage(l));
        let v = crate::app::page::guide::GuideView::of(&s).unwrap();
        assert!(v.intro.contains(words), "{l:?}: {}", v.intro);
        assert!(
            !v.intro.contains(&program),
            "{l:?}: the syntax stays behind the button"
        );
        assert_eq!(v.programs, vec![program.clone()]);
    }
}

/// The changes a shared link brought read "This link changes", the
/// reader's own "You changed"; a value the reader changed again is theirs.
#[test]
fn a_links_changes_are_the_links_and_the_readers_are_theirs() {
    use crate::i18n::Locale;
    let mut s = of_link("preset=e2-platform&server.threads_max=400&v=1");
    let by = |s: &State| {
        s.setup
            .change_lines_by_source(s.arrival.as_ref(), Locale::En)
    };
    assert_eq!(
        by(&s),
        vec![(Source::Link, vec!["Max threads: 100 → 400".to_string()])]
    );
    edit(&mut s, "load.concurrency", "300");
    assert_eq!(
        by(&s),
        vec![
            (Source::Link, vec!["Max threads: 100 → 400".to_string()]),
            (Source::Visitor, vec!["Concurrency: 2000 → 300".to_string()]),
        ]
    );
    edit(&mut s, "server.threads_max", "200");
    let sources: Vec<Source> = by(&s).into_iter().map(|(src, _)| src).collect();
    assert_eq!(sources, vec![Source::Visitor]);
    // A link without changes brings nothing to attribute.
    assert_eq!(of_link("preset=e2-platform&v=1").arrival, None);
    // Another preset: whatever changes now are the reader's.
    s.reduce(Action::LoadPreset("e1-platform".into()));
    assert_eq!(s.arrival, None);
    edit(&mut s, "server.threads_max", "50");
    assert_eq!(by(&s).len(), 1);
    assert_eq!(by(&s)[0].0, Source::Visitor);
}

/// The measured panel's warning names who changed the article's scenario:
/// the link while every change is the link's, the reader once any is theirs.
#[test]
fn the_scenario_is_changed_by_the_link_until_the_reader_changes_it() {
    let mut s = of_link("preset=e2-platform&server.threads_max=400&v=1");
    assert_eq!(s.setup.changed_by(s.arrival.as_ref()), Some(Source::Link));
    edit(&mut s, "load.concurrency", "300");
    assert_eq!(
        s.setup.changed_by(s.arrival.as_ref()),
        Some(Source::Visitor)
    );
    let untouched = of_link("preset=e2-platform&v=1");
    assert_eq!(untouched.setup.changed_by(untouched.arrival.as_ref()), None);
}

/// A chapter's changes read "This chapter sets", in every language, and
/// the arrival survives serde (it is plain data, like the setup).
#[test]
fn a_chapters_changes_are_the_chapters() {
    use crate::i18n::Locale;
    let mut s = State::default();
    s.reduce(Action::Guide(GuideAction::Open {
        link: LessonLink {
            lesson: "virtual-threads",
            chapter: 0,
        },
        stored: None,
    }));
    let by = |s: &State, l| s.setup.change_lines_by_source(s.arrival.as_ref(), l);
    let groups = by(&s, Locale::En);
    assert_eq!(groups.len(), 1, "{groups:?}");
    assert_eq!(groups[0].0, Source::Chapter);
    assert!(
        groups[0].1.iter().any(|l| l.starts_with("Requests:")),
        "{groups:?}"
    );
    edit(&mut s, "server.threads_max", "400");
    let sources: Vec<Source> = by(&s, Locale::En).into_iter().map(|(x, _)| x).collect();
    assert_eq!(sources, vec![Source::Chapter, Source::Visitor]);
    for (l, link, chapter, you) in [
        (
            Locale::En,
            "This link changes: ",
            "This chapter sets: ",
            "You changed: ",
        ),
        (
            Locale::De,
            "Dieser Link ändert: ",
            "Dieses Kapitel setzt: ",
            "Von Ihnen geändert: ",
        ),
        (Locale::Zh, "此链接修改了：", "本章设置了：", "您修改了："),
    ] {
        assert_eq!(Source::Link.lead(l), link);
        assert_eq!(Source::Chapter.lead(l), chapter);
        assert_eq!(Source::Visitor.lead(l), you);
    }
    let a = s.arrival.clone().unwrap();
    let json = serde_json::to_string(&a).unwrap();
    assert!(json.contains("\"source\":\"chapter\""), "{json}");
    assert_eq!(serde_json::from_str::<Arrival>(&json).unwrap(), a);
}
