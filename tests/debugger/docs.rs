//! `docs/debugger.md` lists every command with its short forms and an example.

use c7010::debugger::COMMANDS;

use crate::common::doc_examples::{example_after, shown_in_order};

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
    let example = example_after(doc, "## Example: the search");
    shown_in_order(
        "docs/debugger.md's search example",
        example,
        &crate::analys::search_transcript(),
    );
}
