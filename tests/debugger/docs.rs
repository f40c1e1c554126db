//! `docs/debugger.md` lists every command with its short forms and an example.

use c7010::debugger::COMMANDS;

#[test]
fn every_command_is_documented_with_its_example() {
    let doc = include_str!("../../docs/debugger.md");
    for c in COMMANDS {
        let row = doc
            .lines()
            .find(|l| {
                l.starts_with(&format!("| `{}`", c.name))
                    || l.starts_with(&format!("| `{} ", c.name))
            })
            .unwrap_or_else(|| panic!("no table row for '{}'", c.name));
        for alias in c.aliases {
            assert!(
                row.contains(&format!("`{alias}`")),
                "{}: short form {alias} missing",
                c.name
            );
        }
        assert!(
            row.contains(&format!("`{}`", c.example)),
            "{}: example missing",
            c.name
        );
    }
}

/// The example session in docs/debugger.md ("Example: the search") is the debugger's own
/// output: every line it shows, between the elisions (`...`), is in the transcript of the
/// same script (tests/debugger/analys.rs), in the same order, addresses and all.
#[test]
fn the_search_example_is_the_recorded_transcript() {
    let doc = include_str!("../../docs/debugger.md");
    let section = doc
        .split_once("## Example: the search")
        .expect("the example section")
        .1;
    let example = section
        .split("```")
        .nth(1)
        .expect("the example's code block");
    let transcript = crate::analys::search_transcript();
    let mut recorded = transcript.lines();
    for shown in example
        .lines()
        .filter(|l| !l.trim().is_empty() && l.trim() != "...")
    {
        assert!(
            recorded.any(|l| l.trim_end() == shown.trim_end()),
            "docs/debugger.md shows a line the debugger does not print there: {shown:?}"
        );
    }
}
