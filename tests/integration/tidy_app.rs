//! Mechanical checks of the app's inner architecture: its parts (the
//! folders of `src/app`) use only the parts listed before them, and inside
//! a part its files form no import cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use super::helpers::files;
use super::tidy::{group_items, ident_at, module_path};

/// The app's parts, lowest first: each may use only the parts before it.
/// A part is a folder with its own module file (`src/app/run.rs` and
/// `src/app/run/`); `app.rs` itself and the test modules may use any.
const APP_PARTS: &[&str] = &[
    "basis", "run", "capacity", "study", "replay", "worker", "setup", "lesson", "link", "page",
    "show", "share",
];

/// A file's place: its part and the unit inside the part (the file's own
/// module under the part, `""` for the part's own file), or `None` for
/// app.rs and test modules.
fn place(file: &Path) -> Option<(String, String)> {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let rel = file.strip_prefix(&app).ok()?;
    let parts: Vec<String> = (rel.iter())
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts
        .iter()
        .any(|p| p == "tests" || p.starts_with("tests_"))
    {
        return None;
    }
    let unit = parts.get(1).cloned().unwrap_or_default();
    Some((parts[0].clone(), unit))
}

/// Every path written at the start of `text` (`a::b::{c, d::e}` gives
/// `a::b::c` and `a::b::d::e`), as segments after `prefix`.
fn paths(prefix: &[String], text: &str) -> Vec<Vec<String>> {
    let mut seg = prefix.to_vec();
    let mut rest = text;
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            return group_items(group)
                .into_iter()
                .flat_map(|item| paths(&seg, item))
                .collect();
        }
        let name = ident_at(rest);
        if name.is_empty() {
            return vec![seg];
        }
        seg.push(name.to_string());
        rest = &rest[name.len()..];
        match rest.strip_prefix("::") {
            Some(r) => rest = r,
            None => return vec![seg],
        }
    }
}

/// The absolute module paths a line of code names through `crate::` or
/// `super::`, from the file whose module path is `module`.
fn named(line: &str, module: &[String]) -> Vec<Vec<String>> {
    let starts = |i: usize| {
        !(line[..i].chars().next_back())
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
    };
    let mut out = Vec::new();
    for (i, _) in line.match_indices("crate::").filter(|(i, _)| starts(*i)) {
        out.extend(paths(&[], &line[i + "crate::".len()..]));
    }
    for (i, _) in line.match_indices("super::").filter(|(i, _)| starts(*i)) {
        let mut rest = &line[i..];
        let mut up = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            rest = r;
            up += 1;
        }
        if up <= module.len() {
            out.extend(paths(&module[..module.len() - up], rest));
        }
    }
    out
}

/// One use of one part or unit by another: (file, line, from, to), each
/// side a (part, unit).
type Edge = (String, String, (String, String), (String, String));

/// Every edge between the app's files that leaves a file's own unit.
fn app_edges() -> Vec<Edge> {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut out = Vec::new();
    for f in files("src/app") {
        let Some(from) = place(&f) else { continue };
        let module = module_path(&f);
        let text = fs::read_to_string(&f).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for line in code.lines() {
            let code = line.split("//").next().unwrap_or("");
            for p in named(code, &module) {
                if p.first().is_none_or(|s| s != "app") || p.len() < 2 {
                    continue;
                }
                // A name under the part that is not a file of it is an item
                // of the part's own file.
                let is_unit = |u: &String| {
                    let dir = app.join(&p[1]);
                    dir.join(format!("{u}.rs")).exists() || dir.join(u).is_dir()
                };
                let unit = p.get(2).filter(|u| is_unit(u)).cloned().unwrap_or_default();
                let to = (p[1].clone(), unit);
                if to != from {
                    let shown = f.strip_prefix(&app).unwrap().display().to_string();
                    out.push((shown, line.trim().to_string(), from.clone(), to));
                }
            }
        }
    }
    out
}

/// The edges that go to a later part, or to the app's root (whose
/// re-exports would hide which part is used), or to a part not listed.
fn against_the_order(edges: &[Edge]) -> Vec<String> {
    let rank = |p: &str| APP_PARTS.iter().position(|q| *q == p);
    let mut wrong = Vec::new();
    for (file, line, (from, _), (to, _)) in edges {
        if from == to {
            continue;
        }
        let ok = matches!((rank(from), rank(to)), (Some(a), Some(b)) if b < a);
        if !ok {
            wrong.push(format!("src/app/{file} ({from} → {to}): {line}"));
        }
    }
    wrong
}

/// A cycle among the units of one part, if there is one, as the units in
/// order. The part's own file, which declares its units, is not a node: it
/// may name them and they it.
fn a_cycle(edges: &[Edge]) -> Option<Vec<String>> {
    let mut graph: BTreeMap<(String, String), BTreeSet<(String, String)>> = BTreeMap::new();
    for (_, _, from, to) in edges {
        if from.0 == to.0 && !from.1.is_empty() && !to.1.is_empty() {
            graph.entry(from.clone()).or_default().insert(to.clone());
        }
    }
    fn visit(
        node: &(String, String),
        graph: &BTreeMap<(String, String), BTreeSet<(String, String)>>,
        path: &mut Vec<(String, String)>,
        done: &mut BTreeSet<(String, String)>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle: Vec<String> = path[at..]
                .iter()
                .map(|(p, u)| format!("{p}::{u}"))
                .collect();
            cycle.push(format!("{}::{}", node.0, node.1));
            return Some(cycle);
        }
        if !done.insert(node.clone()) {
            return None;
        }
        path.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    let nodes: Vec<_> = graph.keys().cloned().collect();
    nodes
        .iter()
        .find_map(|n| visit(n, &graph, &mut Vec::new(), &mut done))
}

#[test]
fn every_folder_of_the_app_is_a_part() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    for entry in fs::read_dir(&app).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        let name = name.trim_end_matches(".rs");
        assert!(
            name == "tests" || APP_PARTS.contains(&name),
            "src/app/{name} is in no part of tests/integration/tidy_app.rs: add it to APP_PARTS where it belongs"
        );
    }
}

#[test]
fn the_apps_parts_use_only_the_parts_before_them() {
    let edges = app_edges();
    let across = edges.iter().filter(|e| e.2.0 != e.3.0).count();
    assert!(across > 60, "the scan found too few edges ({across})");
    let wrong = against_the_order(&edges);
    assert!(
        wrong.is_empty(),
        "uses against the app's parts (tests/integration/tidy_app.rs, APP_PARTS):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_files_of_a_part_form_no_import_cycle() {
    let edges = app_edges();
    let inside = edges
        .iter()
        .filter(|e| e.2.0 == e.3.0 && !e.2.1.is_empty())
        .count();
    assert!(
        inside > 10,
        "the scan found too few edges inside parts ({inside})"
    );
    assert_eq!(
        a_cycle(&edges),
        None,
        "an import cycle inside a part of the app"
    );
}

fn edge(from: (&str, &str), to: (&str, &str)) -> Edge {
    let s = |(p, u): (&str, &str)| (p.to_string(), u.to_string());
    ("x.rs".into(), "use …;".into(), s(from), s(to))
}

#[test]
fn a_planted_back_edge_or_cycle_is_found() {
    let fine = [edge(("show", "charts"), ("page", "state"))];
    assert!(against_the_order(&fine).is_empty());
    let back = [edge(("run", "plan"), ("show", "charts"))];
    assert_eq!(against_the_order(&back).len(), 1);
    let to_root = [edge(("run", "plan"), ("State", ""))];
    assert_eq!(against_the_order(&to_root).len(), 1);
    let cycle = [
        edge(("page", "state"), ("page", "guide")),
        edge(("page", "guide"), ("page", "history")),
        edge(("page", "history"), ("page", "state")),
    ];
    assert_eq!(
        a_cycle(&cycle),
        Some(vec![
            "page::guide".into(),
            "page::history".into(),
            "page::state".into(),
            "page::guide".into()
        ])
    );
    assert_eq!(a_cycle(&cycle[..2]), None);
}

#[test]
fn the_path_scan_reads_groups_and_supers() {
    let m = |p: &str| p.split('/').map(String::from).collect::<Vec<_>>();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        named(
            "use crate::app::{run::plan::X, basis::{modes, format::ms}};",
            &m("app/show/charts")
        ),
        [
            s(&["app", "run", "plan", "X"]),
            s(&["app", "basis", "modes"]),
            s(&["app", "basis", "format", "ms"])
        ]
    );
    assert_eq!(
        named("use super::grade::Column;", &m("app/lesson/text")),
        [s(&["app", "lesson", "grade", "Column"])]
    );
    assert_eq!(
        named("super::super::page::State", &m("app/show/form")),
        [s(&["app", "page", "State"])]
    );
}
