//! Issue 27 point 1: every write refuses a target that exists and is not a regular file,
//! names it, and leaves it alone. Each target here is a FIFO the test makes in its own
//! temporary directory (a device node would need root; the rule is one check for both).
#![cfg(unix)]

use std::path::Path;

use super::process::{Ended, c7010, is_fifo, mkfifo, play, run};

/// Asserts the run failed or said so, naming `node`, and that `node` is still a FIFO.
fn refused(out: &Ended, node: &Path, said: &str) {
    let text = format!("{}\n{}", out.stdout, out.stderr);
    assert!(is_fifo(node), "{} was replaced: {text}", node.display());
    assert!(text.contains(said), "no '{said}' in:\n{text}");
}

fn source(dir: &Path) {
    std::fs::write(dir.join("t.asm"), " NOP\n").unwrap();
}

#[test]
fn the_assembler_never_replaces_a_fifo() {
    for option in ["-o", "--listing", "--symbols", "--map"] {
        let d = tempfile::tempdir().unwrap();
        source(d.path());
        let node = d.path().join("node");
        mkfifo(&node);
        let out = c7010(d.path(), &["asm", "t.asm", option, "node"]);
        assert!(!out.status.success(), "{option}: {}", out.stderr);
        refused(&out, &node, "node: it is a FIFO, not a regular file");
    }
}

#[test]
fn a_screenshot_never_replaces_a_fifo() {
    let d = tempfile::tempdir().unwrap();
    let node = d.path().join("shot.png");
    mkfifo(&node);
    let out = c7010(d.path(), &["screenshot", "-o", "shot.png"]);
    assert!(!out.status.success());
    refused(&out, &node, "it is a FIFO, not a regular file");
}

#[test]
fn games_never_replace_a_fifo() {
    let d = tempfile::tempdir().unwrap();
    let node = d.path().join("games.pgn");
    mkfifo(&node);
    let out = c7010(d.path(), &["games", "--games", "1", "--pgn", "games.pgn"]);
    assert!(!out.status.success());
    refused(&out, &node, "games.pgn: it is a FIFO, not a regular file");
}

#[test]
fn the_debugger_never_replaces_a_fifo() {
    let d = tempfile::tempdir().unwrap();
    let node = d.path().join("node");
    mkfifo(&node);
    let mut cmd = crate::common::state_home::c7010_command();
    cmd.current_dir(d.path()).args(["debug", "--script", "-"]);
    let out = run(cmd, "save node\ntrace on node\n");
    refused(&out, &node, "node: it is a FIFO, not a regular file");
    assert_eq!(
        out.stdout.matches("it is a FIFO").count() + out.stderr.matches("it is a FIFO").count(),
        2,
        "save and trace both refuse: {}{}",
        out.stdout,
        out.stderr
    );
}

#[test]
fn the_console_never_replaces_a_fifo_with_its_saved_or_kept_game() {
    let d = tempfile::tempdir().unwrap();
    let state = tempfile::tempdir().unwrap();
    std::fs::create_dir(state.path().join("c7010")).unwrap();
    let resume = state.path().join("c7010/last-game.state");
    mkfifo(&resume);
    let saved = d.path().join("c7010.state");
    mkfifo(&saved);
    let out = run(play(state.path(), d.path(), &[]), "e2e4\nsave\nquit\n");
    refused(&out, &resume, "IT IS A FIFO, NOT A REGULAR FILE");
    refused(
        &out,
        &saved,
        "CANNOT WRITE THE GAME TO c7010.state: IT IS A FIFO",
    );
}

#[test]
fn a_link_to_a_fifo_is_refused_too() {
    let d = tempfile::tempdir().unwrap();
    source(d.path());
    let node = d.path().join("node");
    mkfifo(&node);
    std::os::unix::fs::symlink(&node, d.path().join("link")).unwrap();
    let out = c7010(d.path(), &["asm", "t.asm", "-o", "link"]);
    assert!(!out.status.success());
    refused(&out, &node, "link: it is a FIFO, not a regular file");
    assert!(
        std::fs::symlink_metadata(d.path().join("link"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}
