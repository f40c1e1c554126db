//! The reference engine's CLI commands end to end: perft, search, solve and bench answers,
//! and clear errors (not panics) for bad input and for the guest engine that is not built.

use std::process::{Command, Output};

fn c7010(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_counts_and_divides() {
    let o = c7010(&["perft", "--engine", "ref", "--depth", "3"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("perft 3 = 8902"), "{}", stdout(&o));
    let o = c7010(&[
        "perft",
        "--fen",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "--depth",
        "2",
        "--divide",
    ]);
    let out = stdout(&o);
    assert!(out.contains("perft 2 = 191"), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains(": ")).count(), 14);
}

#[test]
fn search_prints_move_score_positions_passes_pv() {
    let o = c7010(&[
        "search",
        "--fen",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "--budget",
        "2000",
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    for want in [
        "pass 1 depth 3",
        "bestmove d1d8",
        "score mate 1",
        "positions ",
        "passes 1",
        "pv d1d8",
    ] {
        assert!(out.contains(want), "{want:?} missing in {out}");
    }
}

#[test]
fn search_from_the_initial_position_asks_the_book_in_both_engines() {
    for engine in ["ref", "guest"] {
        let o = c7010(&["search", "--engine", engine, "--moves", "e2e4 e7e5"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(
            out.contains("book move\nbestmove g1f3\n"),
            "{engine}: {out}"
        );
        // Without the book both search, and agree.
        let o = c7010(&[
            "search",
            "--engine",
            engine,
            "--no-book",
            "--moves",
            "e2e4 e7e5",
            "--budget",
            "300",
        ]);
        let out = stdout(&o);
        assert!(!out.contains("book move"), "{engine}: {out}");
        assert!(out.contains("bestmove b1c3\n"), "{engine}: {out}");
    }
}

#[test]
fn solve_reports_solved_over_total() {
    let o = c7010(&[
        "solve",
        "--suite",
        "tests/data/suites/win_at_chess_test.epd",
        "--budget",
        "500",
        "--limit",
        "5",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("/5 (budget 500"), "{}", stdout(&o));
}

#[test]
fn bad_input_gives_clear_errors() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["search", "--engine", "guest", "--level", "0"],
            "levels are 1 to 6",
        ),
        (&["perft", "--fen", "8/8/8 w - -", "--depth", "1"], "ranks"),
        (&["search", "--level", "7"], "levels are 1 to 6"),
        (&["search", "--moves", "e2e5"], "not a legal move"),
        (&["solve", "--suite", "no/such/file.epd"], "cannot read"),
    ];
    for (args, want) in cases {
        let o = c7010(args);
        assert!(!o.status.success(), "{args:?} succeeded");
        let err = stderr(&o);
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
