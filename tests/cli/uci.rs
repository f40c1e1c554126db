//! `c7010 uci` and `c7010 xboard` as processes: commands on standard input, answers on
//! standard output, a clean exit on `quit`, and a clear error (no panic) for an engine that
//! cannot be built.

use std::io::Write;
use std::process::{Command, Stdio};

use c7010::uci::guest_plays;

use crate::common::doc_examples::{example_after, shown_in_order};

/// Run the binary with `args`, feed it `script`, and return (success, stdout, stderr).
fn run(args: &[&str], script: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A process that stops at once (its engine cannot be built) may close its input before
    // the script is written: that broken pipe is part of the outcome, not a test failure.
    let _ = child.stdin.take().unwrap().write_all(script.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn uci_over_stdin_and_stdout() {
    let (ok, out, err) = run(
        &["uci", "--engine", "ref"],
        // Out of the book (a book move has no analysis line).
        "uci\nisready\nposition startpos moves h2h4\ngo nodes 200\nquit\ngo nodes 200\n",
    );
    assert!(ok, "{err}");
    assert!(out.starts_with("id name c7010 reference\n"), "{out}");
    assert!(out.contains("uciok\nreadyok\ninfo "), "{out}");
    // One answer: nothing after quit is read.
    assert_eq!(out.matches("bestmove ").count(), 1, "{out}");
}

#[test]
fn xboard_over_stdin_and_stdout() {
    let (ok, out, err) = run(
        &["xboard", "--engine", "ref"],
        "xboard\nprotover 2\nnew\nst 1\nusermove d2d4\nping 5\nquit\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("feature done=1\n"), "{out}");
    assert!(
        out.contains("\nmove ") && out.ends_with("pong 5\n"),
        "{out}"
    );
}

#[test]
fn carriage_returns_and_end_of_input() {
    // A Windows GUI's line ends, and no quit at all: the session ends with its input.
    let (ok, out, _) = run(&["uci", "--engine", "ref"], "isready\r\ngo nodes 100\r\n");
    assert!(ok);
    assert!(
        out.starts_with("readyok\n") && out.contains("bestmove "),
        "{out}"
    );
}

#[test]
fn an_engine_that_cannot_be_built_is_a_clear_error() {
    let (ok, out, err) = run(
        &["uci", "--engine", "ref", "--rom", "/no/such.bin"],
        "quit\n",
    );
    assert!(!ok && out.is_empty());
    assert!(
        err.contains("built-in ROM only") && !err.contains("panicked"),
        "{err}"
    );
    if !guest_plays() {
        let (ok, _, err) = run(&["uci", "--engine", "guest"], "quit\n");
        assert!(
            !ok && err.contains("the guest engine: the module cannot"),
            "{err}"
        );
        // Without --engine the reference stands in, and says so on standard error.
        let (ok, out, err) = run(&["uci"], "uci\nquit\n");
        assert!(ok && out.starts_with("id name c7010 reference"), "{out}");
        assert!(err.contains("the reference engine plays instead"), "{err}");
    }
}

/// docs/uci.md's answer to `uci` is what `c7010 uci --engine ref` prints (the doc adds
/// notes after two or more spaces and a parenthesis, as in `(or the guest's name)`).
#[test]
fn the_uci_handshake_in_the_docs_is_what_the_engine_says() {
    let doc = include_str!("../../docs/uci.md");
    let example: String = example_after(doc, "## UCI")
        .lines()
        .map(|l| match l.find("  (") {
            Some(note) => format!("{}\n", l[..note].trim_end()),
            None => format!("{l}\n"),
        })
        .collect();
    let (ok, out, err) = run(&["uci", "--engine", "ref"], "uci\nquit\n");
    assert!(ok, "{err}");
    shown_in_order("docs/uci.md's uci example", &example, &out);
}
