//! The architecture's "Never" list holds by test (`docs/architecture.md`): each line
//! "`src/X/` imports nothing of `a`, `b`" is read and every file of the folder searched
//! for `crate::a` outside comments; and the files of `src/` import one another without a
//! circle. The import graph is read off the source: every `use` tree and every `crate::`
//! or `super::` path, each resolved to the file of the longest module path it names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ARCHITECTURE: &str = include_str!("../../docs/architecture.md");

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, with its text.
fn rust_files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().map(Result::unwrap) {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    out.sort();
    out
}

/// The text without its comments (line comments, doc comments included).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(at) if !l[..at].contains('"') => &l[..at],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn no_layer_imports_what_the_never_list_forbids() {
    let rules: Vec<(&str, Vec<&str>)> = ARCHITECTURE
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("- `src/")?;
            let (folder, rest) = rest.split_once("/` imports nothing of ")?;
            let names = rest.trim_end_matches('.').split(", ");
            Some((folder, names.map(|n| n.trim_matches('`')).collect()))
        })
        .collect();
    assert!(rules.len() >= 7, "the Never list's import lines: {rules:?}");
    let mut broken = Vec::new();
    for (folder, forbidden) in &rules {
        for (path, text) in rust_files(&src().join(folder)) {
            let code = code_of(&text);
            for name in forbidden {
                if code.contains(&format!("crate::{name}::"))
                    || code.contains(&format!("crate::{name};"))
                {
                    broken.push(format!("{} imports {name}", path.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "the Never list is broken: {broken:#?}");
}

/// The module path of a file of `src/` (`console/controller/keys.rs`: console, controller,
/// keys; `mod.rs` and `lib.rs` name their folder).
fn module_of(path: &Path) -> Vec<String> {
    let rel = path.strip_prefix(src()).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The paths a `use` tree names, braces expanded (`a::{b, c::d}`: `a::b`, `a::c::d`).
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.split(" as ").next().unwrap_or(tree).trim().to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p).into_iter().map(move |q| format!("{prefix}{q}")))
        .collect()
}

/// The module paths a file names: its `use` trees and its inline `crate::`/`super::` paths.
fn named_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for statement in code.split(';') {
        if let Some(at) = statement.find("use ") {
            let before = &statement[..at];
            if before.trim().is_empty()
                || before.trim_end().ends_with("pub")
                || before.contains("pub(")
            {
                out.extend(expand(&statement[at + 4..]));
                continue;
            }
        }
        for start in ["crate::", "super::"] {
            for (at, _) in statement.match_indices(start) {
                let tail: String = statement[at..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                out.push(tail);
            }
        }
    }
    out
}

/// The file a path named in module `from` lives in: the longest module path it names.
fn resolve(path: &str, from: &[String], modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let mut parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    let mut base: Vec<String> = match parts.first() {
        Some(&"crate") => Vec::new(),
        Some(&"super") => from.to_vec(),
        _ => return None,
    };
    while parts.first() == Some(&"super") {
        base.pop();
        parts.remove(0);
    }
    if parts.first() == Some(&"crate") {
        parts.remove(0);
    }
    let mut best = None;
    let mut at = base.clone();
    for p in parts {
        at.push(p.to_string());
        if modules.contains(&at) {
            best = Some(at.clone());
        }
    }
    best.or_else(|| modules.contains(&base).then_some(base))
}

#[test]
fn the_files_of_src_import_one_another_without_a_circle() {
    let files = rust_files(&src());
    let modules: BTreeSet<Vec<String>> = files.iter().map(|(p, _)| module_of(p)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (path, text) in &files {
        let from = module_of(path);
        for named in named_paths(&code_of(text)) {
            let Some(to) = resolve(&named, &from, &modules) else {
                continue;
            };
            // A child using its parent's items (or a parent its child's) lives in it.
            if to == from || from.starts_with(&to) || to.starts_with(&from) {
                continue;
            }
            edges.entry(from.clone()).or_default().insert(to);
        }
    }
    assert!(
        edges.len() > 50,
        "the import graph was read: {} files",
        edges.len()
    );
    // Depth-first search for a back edge.
    let mut state: BTreeMap<&Vec<String>, u8> = BTreeMap::new();
    let mut circles = Vec::new();
    fn visit<'a>(
        at: &'a Vec<String>,
        edges: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<&'a Vec<String>, u8>,
        trail: &mut Vec<&'a Vec<String>>,
        circles: &mut Vec<String>,
    ) {
        state.insert(at, 1);
        trail.push(at);
        for next in edges.get(at).into_iter().flatten() {
            match state.get(next) {
                Some(1) => {
                    let from = trail.iter().position(|m| *m == next).unwrap();
                    let names: Vec<String> = trail[from..].iter().map(|m| m.join("/")).collect();
                    circles.push(format!("{} -> {}", names.join(" -> "), next.join("/")));
                }
                Some(_) => {}
                None => visit(next, edges, state, trail, circles),
            }
        }
        trail.pop();
        state.insert(at, 2);
    }
    for module in edges.keys() {
        if !state.contains_key(module) {
            visit(module, &edges, &mut state, &mut Vec::new(), &mut circles);
        }
    }
    assert!(
        circles.is_empty(),
        "circles of imports in src/: {circles:#?}"
    );
}
