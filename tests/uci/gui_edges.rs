//! What GUIs and hostile hands send at the edges (issue 26, points 9 and 10; issue 27,
//! points 7 and 9): analysis in the book, MultiPV bounds at a mate, an answer held until
//! `stop` with no move to play, a stray `ponderhit`, control characters in a line, an
//! option with an empty value, clocks that are no time, `hard` during an analysis.

use c7010::uci::player::reference_factory;
use c7010::uci::{GuiSession, Input, Player, Protocol, Uci, Xboard};

use crate::common::transcript::{run_script, transcript};

fn reference() -> Player {
    Player::new(reference_factory()).expect("the reference always builds")
}

/// The index of the first line of `out` that starts with `start`.
fn line_at(out: &str, start: &str) -> usize {
    out.lines()
        .position(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starts with {start:?} in:\n{out}"))
}

#[test]
fn analysing_the_start_position_searches_instead_of_answering_from_the_book() {
    for go in ["go depth 2", "go infinite"] {
        let out = run_script::<Uci>(
            reference(),
            &[
                "setoption name MultiPV value 3",
                "position startpos",
                go,
                "stop",
            ],
        );
        assert!(!out.contains("book move"), "{go}: {out}");
        for k in 1..=3 {
            assert!(
                out.contains(&format!("info multipv {k} depth ")),
                "{go}: {out}"
            );
        }
    }
    // A depth limit is analysis too, with one line (the reference tells its passes when its
    // budget is spent: since the filter of commit 8fef744 its pass 2 fits in level 2's budget here).
    let out = run_script::<Uci>(reference(), &["position startpos", "go depth 1"]);
    assert!(out.contains("info depth 2 score "), "{out}");
}

#[test]
fn no_line_after_the_best_shows_a_mate_that_was_not_found() {
    // Stockfish scores the moves of lines 2 and 3 about +3.55: their keys are upper bounds
    // at a mate, which GUIs that ignore bounds showed as #3.
    let fen = "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1";
    let position = format!("position fen {fen}");
    let out = run_script::<Uci>(
        reference(),
        &[
            "setoption name MultiPV value 3",
            &position,
            "go nodes 80000",
        ],
    );
    let others: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info multipv 2") || l.starts_with("info multipv 3"))
        .collect();
    assert!(!others.is_empty(), "{out}");
    // Each line shown has a real score; lines at a mate bound are left out (depth 4 here).
    for line in &others {
        assert!(line.contains(" score cp "), "{line}");
        assert!(line.contains(" pv "), "{line}");
    }
    assert!(
        out.contains("info multipv 1 depth 4 score mate 3 "),
        "{out}"
    );
}

#[test]
fn with_no_legal_move_an_endless_thought_answers_only_after_stop() {
    let mated = "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    for go in ["go infinite", "go ponder"] {
        let out = run_script::<Uci>(reference(), &[mated, go, "isready", "stop"]);
        assert!(
            line_at(&out, "readyok") < line_at(&out, "bestmove 0000"),
            "{go}: {out}"
        );
    }
}

#[test]
fn a_stray_ponderhit_does_not_end_an_analysis() {
    let out = run_script::<Uci>(
        reference(),
        &[
            "position startpos moves e2e4",
            "go infinite",
            "ponderhit",
            "isready",
            "stop",
        ],
    );
    assert!(
        line_at(&out, "readyok") < line_at(&out, "bestmove "),
        "{out}"
    );
}

#[test]
fn a_control_character_in_a_line_cannot_forge_another() {
    let out = transcript::<Uci>(&[
        "xyzzy\rbestmove a1a1",
        "position startpos moves e2e4\x1b[2J",
    ]);
    assert!(!out.lines().any(|l| l.starts_with("bestmove")), "{out:?}");
    assert!(
        out.contains("unknown command: xyzzy\\rbestmove a1a1"),
        "{out:?}"
    );
    // The transcript's own `> ` lines echo the input raw; the engine's lines are escaped.
    let answers = out.lines().filter(|l| !l.starts_with("> "));
    assert!(answers.clone().all(|l| !l.contains('\x1b')), "{out:?}");
    assert!(
        answers.clone().any(|l| l.contains("e2e4\\u{1b}[2J")),
        "{out:?}"
    );
    let out = transcript::<Xboard>(&["xyzzy\rmove e2e4"]);
    assert!(!out.lines().any(|l| l.starts_with("move")), "{out:?}");
    assert!(
        out.contains("Error (unknown command): xyzzy\\rmove e2e4"),
        "{out:?}"
    );
}

#[test]
fn an_option_given_an_empty_value_is_named_in_the_answer() {
    let out = transcript::<Uci>(&["setoption name MultiPV value"]);
    assert!(
        out.contains("info string setoption ignored: MultiPV needs a number 1-218, not \"\""),
        "{out}"
    );
    assert!(!out.contains("unknown option"), "{out}");
}

#[test]
fn xboard_clocks_that_are_no_time_are_refused() {
    for level in [
        "level 40 nan 0",
        "level 40 inf 0",
        "level 40 -5 0",
        "st nan",
    ] {
        let out = transcript::<Xboard>(&[level]);
        assert!(out.contains("Error (bad "), "{level}: {out}");
    }
    assert_eq!(transcript::<Xboard>(&["level 40 5 0"]), "> level 40 5 0\n");
}

#[test]
fn xboard_hard_during_an_analysis_is_kept_for_the_game() {
    let mut session = GuiSession::<Xboard, Vec<u8>>::new(reference(), Vec::new());
    let lines = ["xboard", "protover 2", "new", "analyze", "hard", "exit"];
    session.run(&mut Input::from_lines(lines)).unwrap();
    assert!(session.player().ponder());
    let lines = ["analyze", "easy", "exit"];
    session.run(&mut Input::from_lines(lines)).unwrap();
    assert!(!session.player().ponder());
}

/// A deterministic stream of GUI lines made of the protocol's own words, numbers that are
/// no time, moves, and control characters (a small linear congruential generator: the
/// same lines on every run).
fn random_lines(words: &[&str], count: usize, seed: u64) -> Vec<String> {
    let mut state = seed;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % n
    };
    (0..count)
        .map(|_| {
            let n = next(6);
            let line: Vec<&str> = (0..n).map(|_| words[next(words.len())]).collect();
            line.join(" ")
        })
        .collect()
}

/// The engine's answer lines: none may hold a control character, and each starts with one
/// of the protocol's own words.
fn check_answers(out: &str, starts: &[&str]) {
    for line in out.lines() {
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert!(
            starts.iter().any(|s| line.starts_with(s)),
            "not a protocol line: {line:?}"
        );
    }
}

const ODD: [&str; 12] = [
    "1",
    "2",
    "30",
    "-5",
    "nan",
    "inf",
    "1e308",
    "x",
    "\r",
    "\u{1b}[2J",
    "\u{0}",
    "e2e4\rbestmove",
];

/// `count` random lines of `words` (and the odd ones) through a session of protocol `P`
/// with the reference: every answer line is checked ([`check_answers`]); gives the output.
fn fuzz<P: Protocol>(words: &str, count: usize, seed: u64, starts: &[&str]) -> String {
    let mut words: Vec<&str> = words.split_whitespace().collect();
    words.extend(ODD);
    let lines = random_lines(&words, count, seed);
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let out = run_script::<P>(reference(), &lines);
    check_answers(&out, starts);
    out
}

#[test]
fn fifteen_hundred_random_uci_lines_get_protocol_answers_only() {
    let words = "uci isready ucinewgame setoption name value MultiPV Level Ponder position \
                 startpos fen moves go infinite ponder depth nodes movetime wtime btime \
                 movestogo stop ponderhit e2e4 e7e5 g1f3 e7e8q searchmoves mate";
    let starts = ["id ", "option ", "uciok", "readyok", "info ", "bestmove "];
    let out = fuzz::<Uci>(words, 1500, 26, &starts);
    assert!(out.contains("bestmove "), "no go was obeyed: {out}");
}

#[test]
fn six_hundred_random_xboard_lines_get_protocol_answers_only() {
    let words = "new force go playother usermove level st sd time otim post nopost undo \
                 remove setboard ping hard easy analyze exit option Level=3 MultiPV=2 ? . \
                 e2e4 e7e5 g1f3 result protover";
    let mut starts = vec![
        "feature ",
        "move ",
        "Error (",
        "Illegal move",
        "tellusererror ",
        "pong ",
        "stat01: ",
        "1-0 ",
        "0-1 ",
        "1/2-1/2 ",
    ];
    // Thinking lines start with their ply.
    starts.extend(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    let out = fuzz::<Xboard>(words, 600, 27, &starts);
    assert!(out.contains("move "), "no move was played: {out}");
}
