//! The repository speaks of the project, not of the work sessions that made it: no file
//! that git keeps names one by its number (the word, then a space and digits); a
//! measurement names its commit and date instead (docs/engine-log.md). Commit messages are
//! history and stay.

use std::path::Path;
use std::process::Command;

/// The words that name a work session followed by its number, case aside. Built from
/// parts, so that this file does not name one itself.
fn names_a_work_session(line: &str) -> bool {
    let word = ["ses", "sion"].concat();
    let lower = line.to_lowercase();
    let mut rest = lower.as_str();
    while let Some(at) = rest.find(&word) {
        let after = &rest[at + word.len()..];
        let after = after.strip_prefix('s').unwrap_or(after);
        let before_ok = rest[..at]
            .chars()
            .last()
            .is_none_or(|c| !c.is_alphanumeric());
        if before_ok
            && after.starts_with(' ')
            && after[1..].starts_with(|c: char| c.is_ascii_digit())
        {
            return true;
        }
        rest = &rest[at + word.len()..];
    }
    false
}

#[test]
fn the_rule_sees_a_session_number_and_nothing_else() {
    let s = ["ses", "sion"].concat();
    assert!(names_a_work_session(&format!("measured in {s} 17")));
    assert!(names_a_work_session(&format!("({s}s 12 and 14)")));
    assert!(names_a_work_session(&format!("{} 3", s.to_uppercase())));
    assert!(!names_a_work_session(&format!("a GUI {s} over a player")));
    assert!(!names_a_work_session(&format!("Gui{s} 2")));
    assert!(!names_a_work_session(&format!("the {s}'s 2 options")));
}

#[test]
fn no_file_of_the_repository_names_a_work_session() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output();
    let Some(listed) = listed.ok().filter(|o| o.status.success()) else {
        eprintln!("skipped: not a git checkout (the files git keeps are what is checked)");
        return;
    };
    let mut found = Vec::new();
    for name in listed.stdout.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let name = String::from_utf8_lossy(name).into_owned();
        let Ok(text) = std::fs::read_to_string(root.join(&name)) else {
            continue; // binary (a ROM, a picture) or gone from the work tree
        };
        for (n, line) in text.lines().enumerate() {
            if names_a_work_session(line) {
                found.push(format!("{name}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "files that name a work session:\n{}",
        found.join("\n")
    );
}
