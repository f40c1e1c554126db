//! Positions the guest cannot hold, through the command line: `search --fen` (the issue's
//! reproduction, guest and reference), `solve` and `verify` on an EPD suite with such a line.
//! Each refuses with the rule's message and a clean exit (no panic). About a second.

use crate::common::cli::run_c7010;

/// The issue's position: seventeen white pieces (sixteen queens and the king).
const CROWDED: &str = "k7/8/qqqqqqqq/QQQQQQQQ/qqqqqqqq/QQQQQQQQ/8/K7 w - - 0 1";
const WHY: &str = "white has 17 pieces, at most 16";

#[test]
fn search_refuses_the_issues_position_for_both_engines() {
    for engine in ["guest", "ref"] {
        let (ok, out, err) = run_c7010(&[
            "search", "--engine", engine, "--level", "2", "--fen", CROWDED,
        ]);
        assert!(!ok, "{engine}: {out}");
        assert!(err.contains(WHY), "{engine}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn solve_skips_and_verify_names_the_epd_line() {
    let dir = std::env::temp_dir().join(format!("c7010-cli-positions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let suite = dir.join("suite.epd");
    std::fs::write(
        &suite,
        format!("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate\";\n{CROWDED} bm Qc4;\n"),
    )
    .unwrap();
    let path = suite.to_str().unwrap();
    let (ok, out, err) = run_c7010(&[
        "solve", "--engine", "guest", "--suite", path, "--budget", "200",
    ]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(&format!("line 2: skipped: bad EPD position: {WHY}")),
        "{out}"
    );
    // One position counted: the refused line is not part of the total.
    assert!(out.contains("/1 (budget"), "{out}");
    let (ok, out, err) = run_c7010(&["verify", "--suite", path, "--budget", "200"]);
    assert!(!ok, "{out}");
    assert!(
        err.contains(&format!("{path}:2")) && err.contains(WHY),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
