//! `perft`, `search` and `solve` drive either engine through the engine interface and print
//! with one printer: the guest and its native twin print the same lines (but the time), every
//! score names the side whose view it is in, and the opening book is left where asked.

use crate::common::cli::run_c7010;
use crate::common::doc_examples::{example_after, shown_in_order};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// `c7010 ARGS` with each engine: its output, which must be a success.
fn both(args: &[&str]) -> [String; 2] {
    ["ref", "guest"].map(|engine| {
        let (ok, out, err) = run_c7010(&[args, &["--engine", engine]].concat());
        assert!(ok, "{engine} {args:?}: {err}");
        out
    })
}

/// Every line but the last (the time, native or emulated).
fn but_time(out: &str) -> Vec<&str> {
    let lines: Vec<&str> = out.lines().collect();
    lines[..lines.len() - 1].to_vec()
}

/// The search both engines are compared on, and docs/engine.md's example.
const SEARCH_AFTER_E4_E5: [&str; 6] = [
    "search",
    "--moves",
    "e2e4 e7e5",
    "--no-book",
    "--budget",
    "3000",
];

#[test]
fn both_engines_print_the_same_search() {
    let [reference, guest] = both(&SEARCH_AFTER_E4_E5);
    assert!(reference.contains("pass 1 depth 3 score "), "{reference}");
    assert_eq!(
        but_time(&reference),
        but_time(&guest),
        "{reference}\n{guest}"
    );
    assert!(
        reference.lines().last().unwrap().contains(" native, "),
        "{reference}"
    );
    assert!(
        guest.lines().last().unwrap().starts_with("emulated time "),
        "{guest}"
    );
}

#[test]
fn every_score_names_the_side_to_move() {
    // Black to move mates in one: the score is Black's view and says so.
    let (ok, out, err) = run_c7010(&[
        "search",
        "--fen",
        "3r2k1/8/8/8/8/8/5PPP/6K1 b - - 0 1",
        "--budget",
        "2000",
    ]);
    assert!(ok, "{err}");
    let scores: Vec<&str> = out.lines().filter(|l| l.contains("score ")).collect();
    assert!(scores.len() >= 2, "{out}");
    for line in scores {
        // A mate has no units to show.
        assert!(line.contains("score mate 1 for Black"), "{line}");
        assert!(!line.contains('('), "{line}");
    }
    // The help says so too.
    let (_, help, _) = run_c7010(&["search", "--help"]);
    assert!(help.contains("side to move's view"), "{help}");
}

/// A decision that mates is followed by the module's `GAMEOVER`: the stepped thought every
/// front end reads (the table's) passes it over, so the module's mate is its own move, not a
/// failure answered by a reset and the twin's move.
#[test]
fn a_mate_in_one_is_the_modules_own_move() {
    for fen in [
        "3r2k1/8/8/8/8/8/5PPP/6K1 b - - 0 1",
        "5rk1/2p2p1p/1p1p1p2/8/2P2nP1/7P/3K4/r5q1 b - - 3 33",
    ] {
        let (ok, out, err) = run_c7010(&[
            "search", "--engine", "guest", "--fen", fen, "--budget", "2000",
        ]);
        assert!(ok && err.is_empty(), "{fen}: {err}");
        assert!(out.contains("\nscore mate 1 for Black\n"), "{fen}: {out}");
        assert!(!out.contains("twin"), "{fen}: {out}");
    }
}

#[test]
fn no_book_searches_the_initial_position_in_both_engines() {
    for out in both(&["search", "--no-book", "--budget", "3000"]) {
        assert!(!out.contains("book move"), "{out}");
        assert!(out.contains("pass 1 depth 3"), "{out}");
    }
    // With the book, the book's move and a line that says why it is alone.
    for out in both(&["search"]) {
        assert!(out.contains("book move\nbestmove "), "{out}");
        assert!(out.contains("(the book's move: nothing searched)"), "{out}");
    }
}

#[test]
fn solve_searches_a_book_position_in_both_engines() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("start.epd");
    std::fs::write(
        &suite,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e2e4; id \"start\";\n",
    )
    .unwrap();
    let path = suite.to_str().unwrap();
    for out in both(&["solve", "--suite", path, "--budget", "300"]) {
        // A book answer evaluates nothing: the suite's position was searched.
        assert!(out.contains("/1 (budget 300 positions, "), "{out}");
        assert!(!out.contains(" 0 evaluated"), "{out}");
    }
}

#[test]
fn both_engines_divide_kiwipete_alike_to_the_published_count() {
    let [reference, guest] = both(&["perft", "--fen", KIWIPETE, "--depth", "2", "--divide"]);
    // 48 root moves, 2,039 leaves (the published count).
    assert!(reference.contains("perft 2 = 2039"), "{reference}");
    assert_eq!(reference.lines().filter(|l| l.contains(": ")).count(), 48);
    assert_eq!(
        but_time(&reference),
        but_time(&guest),
        "{reference}\n{guest}"
    );
}

#[test]
fn the_guests_perft_depth_is_its_stacks_in_help_and_refusal() {
    let sym = std::fs::read_to_string("roms/c7010.sym").unwrap();
    let most: u8 = sym
        .lines()
        .find_map(|l| l.strip_prefix("PFTMAX"))
        .and_then(|rest| rest.split_whitespace().next())
        .map(|hex| u8::from_str_radix(hex, 16).unwrap())
        .expect("PFTMAX in roms/c7010.sym");
    let (_, help, _) = run_c7010(&["perft", "--help"]);
    assert!(
        help.contains(&format!("the guest counts to depth {most}")),
        "{help}"
    );
    let deeper = (most + 1).to_string();
    let (ok, out, err) = run_c7010(&["perft", "--engine", "guest", "--depth", &deeper]);
    assert!(!ok, "{out}");
    assert!(
        err.contains(&format!("refused perft {deeper}: too deep")),
        "{err}"
    );
    assert!(!err.contains("panicked") && !err.contains("reset"), "{err}");
}

#[test]
fn the_search_example_in_the_engine_doc_is_what_both_engines_print() {
    let doc = std::fs::read_to_string("docs/engine.md").unwrap();
    let example = example_after(
        &doc,
        "`c7010 search --moves \"e2e4 e7e5\" --no-book --budget 3000`",
    );
    for out in both(&SEARCH_AFTER_E4_E5) {
        shown_in_order("docs/engine.md's search example", example, &out);
    }
}

/// A score in pawns gives its engine units too, and says what they are (a bare `(-1)` was
/// left unexplained).
#[test]
fn a_scores_units_are_named() {
    let (ok, out, err) = run_c7010(&[
        "search",
        "--moves",
        "e2e4 e7e5",
        "--no-book",
        "--budget",
        "700",
    ]);
    assert!(ok, "{err}");
    let pass = out
        .lines()
        .find(|l| l.starts_with("pass 1 "))
        .expect("a pass line");
    assert!(pass.contains(" units of 16 a pawn) positions "), "{pass}");
}
