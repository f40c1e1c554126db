//! Command-line answers to input that cannot be used: said once, clearly, with a non-zero
//! exit status. Each test runs the binary for well under a second.

use std::process::{Command, Output};

fn c7010(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A scratch directory for this test binary.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("c7010-cli-errors-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The error line used to say its cause twice over ("cannot write X: cannot write X: E: E"):
/// the screenshot's context and the PNG writer's message both name the file, and the
/// writer's message also holds the I/O error it gives as its source.
#[test]
fn an_error_and_its_causes_are_each_said_once() {
    let o = c7010(&["screenshot", "-o", "/nonexistent-c7010-dir/x.png"]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert_eq!(err.matches("cannot write").count(), 1, "{err}");
    assert_eq!(err.matches("os error").count(), 1, "{err}");
    assert!(err.starts_with("c7010: error: cannot write /nonexistent-c7010-dir/x.png: "));
}

/// `search --engine guest --book` used to run the built-in book and ignore the file.
#[test]
fn search_refuses_a_book_for_the_guest() {
    let o = c7010(&["search", "--engine", "guest", "--book", "roms/c7010.bin"]);
    assert!(!o.status.success(), "{}", text(&o.stdout));
    assert_eq!(
        text(&o.stderr),
        "c7010: error: --book is for --engine ref: the module plays the book of the ROM it \
         runs, the built-in one\n"
    );
    assert!(text(&o.stdout).is_empty());
    // The reference engine still takes it.
    let o = c7010(&["search", "--engine", "ref", "--book", "roms/c7010.bin"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("book move"));
}

/// A position without bm or am used to count as solved; now it is not judged.
#[test]
fn solve_does_not_judge_a_position_without_bm_or_am() {
    let dir = scratch("solve");
    let mixed = dir.join("mixed.epd");
    std::fs::write(
        &mixed,
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"mate\";\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n",
    )
    .unwrap();
    let o = c7010(&[
        "solve",
        "--suite",
        mixed.to_str().unwrap(),
        "--budget",
        "300",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("line 2: not judged: no bm or am operation\n"),
        "{out}"
    );
    assert!(
        out.contains("solved 1/1 (budget 300 positions, ") && out.contains("; 1 not judged"),
        "{out}"
    );
    // A suite with nothing to judge is an error, not "solved 1/1".
    let none = dir.join("none.epd");
    std::fs::write(
        &none,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n",
    )
    .unwrap();
    let o = c7010(&[
        "solve",
        "--suite",
        none.to_str().unwrap(),
        "--budget",
        "300",
    ]);
    assert!(!o.status.success(), "{}", text(&o.stdout));
    let err = text(&o.stderr);
    assert!(err.contains("nothing to judge in "), "{err}");
    assert!(err.contains("no position has bm or am"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
