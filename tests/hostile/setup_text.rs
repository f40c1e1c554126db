//! Issue 26 points 14 and 15: the README says how to put `c7010` on the PATH and where the
//! engine-change loop is written; CONTRIBUTING.md walks that loop and says how to get
//! `cargo insta` (or do without it); `tools/test.sh` says what it is doing before each
//! long quiet step.

const README: &str = include_str!("../../README.md");
const CONTRIBUTING: &str = include_str!("../../CONTRIBUTING.md");
const TEST_SH: &str = include_str!("../../tools/test.sh");

#[test]
fn the_readme_says_how_to_install_and_links_the_walkthrough() {
    assert!(README.contains("`cargo install --path .`"));
    assert!(README.contains("[CONTRIBUTING.md](CONTRIBUTING.md)"));
    // The first two commands stay the README's first two lines of code.
    let first_block = README.split("```").nth(1).unwrap();
    let commands: Vec<&str> = first_block
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .collect();
    assert!(commands[0].starts_with("cargo run --release"));
    assert!(commands[1].starts_with("tools/test.sh"));
}

#[test]
fn contributing_walks_the_engine_change_loop() {
    // The steps in their order, each with the command it names.
    let steps = [
        "`asm/`",
        "`src/reference/`",
        "tools/build-rom.sh",
        "cargo test --test guest",
        "cargo insta review",
        "INSTA_UPDATE=always",
    ];
    let mut from = 0;
    for step in steps {
        let at = CONTRIBUTING[from..]
            .find(step)
            .unwrap_or_else(|| panic!("{step} missing or out of order"));
        from += at;
    }
    assert!(CONTRIBUTING.contains("cargo install cargo-insta"));
}

#[test]
fn test_sh_says_what_it_does_before_each_cargo_step() {
    let lines: Vec<&str> = TEST_SH
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    // The long quiet steps (other lines may come and go around them; clippy is .ci/run's).
    let quiet = ["cargo doc", "exec cargo test"];
    let cargo_steps: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].starts_with("say ") && quiet.iter().any(|q| lines[i].contains(q)))
        .collect();
    assert_eq!(cargo_steps.len(), 2, "doc, test: {cargo_steps:?}");
    for i in cargo_steps {
        assert!(
            lines[i - 1].starts_with("say "),
            "no word before `{}`",
            lines[i]
        );
    }
}

/// The first run's smaller promises, held where a test can see them: every test binary runs
/// even when one fails; the Windows section says what wine lacks; the release build ships
/// no debug information (27.6 MB with it, 5.6 MB without; the profiling profile keeps it).
#[test]
fn the_first_runs_smaller_promises_hold() {
    let test_sh_runs = TEST_SH
        .lines()
        .any(|l| l.trim_start().starts_with("exec cargo test --no-fail-fast"));
    assert!(
        test_sh_runs,
        "tools/test.sh must not stop at the first failing binary"
    );
    assert!(
        README.contains("bcryptprimitives.dll"),
        "the README's Windows section"
    );
    let cargo_toml = include_str!("../../Cargo.toml");
    let release = cargo_toml
        .split("\n[")
        .find(|section| section.starts_with("profile.release]"));
    assert!(
        release.is_none_or(|r| !r.contains("debug")),
        "no debug information in the release build: {release:?}"
    );
    assert!(cargo_toml.contains("[profile.profiling]\ninherits = \"release\"\ndebug = 1"));
}
