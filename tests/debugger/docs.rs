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
