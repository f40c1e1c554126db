//! Scripted UCI sessions against the reference engine, as readable transcripts. They are
//! deterministic: the reference has no clock, so time is counted in positions at the guest's
//! nominal rate. Every move the engine answers is checked legal with shakmaty.

use c7010::uci::Uci;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

/// Feed `lines` one at a time to one UCI session: `> command`, then the engine's answer.
fn transcript(lines: &[&str]) -> String {
    crate::common::transcript::transcript::<Uci>(lines)
}

/// The `bestmove` answers of a transcript.
fn best_moves(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect()
}

/// True if `mv` is legal after `moves` from `fen` (shakmaty as the outside judge).
fn legal_after(fen: &str, moves: &[&str], mv: &str) -> bool {
    let fen: Fen = fen.parse().unwrap();
    let mut pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    for m in moves {
        let u: UciMove = m.parse().unwrap();
        let m = u.to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    let u: UciMove = mv.parse().unwrap();
    u.to_move(&pos).is_ok()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn a_game_under_a_clock() {
    let text = transcript(&[
        "uci",
        "isready",
        "ucinewgame",
        // Out of the opening book, so the engine thinks on the clock.
        "position startpos moves a2a3",
        "go wtime 60000 btime 60000 winc 1000 binc 1000",
        "position startpos moves e2e4 b8c6 d2d4",
        "go wtime 59000 btime 58000 movestogo 10",
        // Out of the book too, so that movetime and nodes are what the engine spends.
        "position startpos moves d2d4 d7d5 h2h3",
        "go movetime 1000",
        "go nodes 300",
        "quit",
    ]);
    insta::assert_snapshot!(text);
    let best = best_moves(&text);
    assert_eq!(best.len(), 4);
    assert!(legal_after(START, &["a2a3"], best[0]));
    assert!(legal_after(START, &["e2e4", "b8c6", "d2d4"], best[1]));
    assert!(legal_after(START, &["d2d4", "d7d5", "h2h3"], best[2]));
    // `go nodes` after an answered `go` without a new `position` searches the position
    // last set up (UCI's game is the GUI's), not the one after the engine's own move.
    assert!(legal_after(START, &["d2d4", "d7d5", "h2h3"], best[3]));
    // The clock rule: 60 s / 30 + 1 s = 3 s = 3 x POSITIONS_PER_SECOND positions (the
    // guest's measured rate); the reference counts to its budget, so nodes and time are at
    // least that (and at most a pass more).
    let pps = c7010::reference::levels::POSITIONS_PER_SECOND;
    let infos: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info ") && l.contains(" nodes "))
        .collect();
    let nodes = |i: usize| -> u32 { field(infos[i], "nodes").parse().unwrap() };
    assert!((3 * pps..3 * pps + 250).contains(&nodes(0)), "{}", infos[0]);
    // `movetime 1000` is one second's positions, `nodes 300` 300 of them (each at most a
    // pass more).
    assert!((pps..pps + 250).contains(&nodes(2)), "{}", infos[2]);
    assert!((300..550).contains(&nodes(3)), "{}", infos[3]);
}

/// The word after `key` in a line.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let mut w = line.split_whitespace();
    while let Some(x) = w.next() {
        if x == key {
            return w.next().unwrap();
        }
    }
    panic!("no {key} in {line}")
}

#[test]
fn mates_are_reported_in_moves() {
    let text = transcript(&[
        // White mates in 2 (1.Qd4 Kg8 2.Qd8#); the engine must find it and say "mate 2".
        "position fen 7k/8/6K1/8/8/8/8/6Q1 w - - 0 1",
        "go nodes 2000",
        // Black is mated: no legal move, so bestmove 0000 after an explanation.
        "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "go",
        // Stalemate: the same answer.
        "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "go infinite",
    ]);
    insta::assert_snapshot!(text);
    assert!(text.contains("score mate 2"), "{text}");
    assert_eq!(best_moves(&text)[1..], ["0000", "0000"]);
}

#[test]
fn malformed_input_is_reported_and_ignored() {
    let text = transcript(&[
        "",
        "hello engine",
        "position",
        "position somewhere",
        "position fen 8/8/8/8 w - -",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "setoption",
        "setoption name Level value 9",
        "setoption name Level value two",
        "setoption name Clock value sundial",
        "setoption name ClockMHz value fast",
        "setoption name ClockMHz value -3",
        "setoption name Rom value /no/such.bin",
        "setoption name Hash value 64",
        "go wtime soon nodes 200 searchmoves e2e4 d2d4 frobnicate",
        "ponderhit",
        "isready",
    ]);
    insta::assert_snapshot!(text);
    // Every bad line got an explanation, and the engine still answered the go (from the
    // initial position: a book move, which says so in one more line). A `ponderhit` with no
    // ponder under way is late, not wrong: it gets no answer.
    assert_eq!(text.matches("info string").count(), 17, "{text}");
    assert!(text.contains("info string book move"), "{text}");
    assert_eq!(best_moves(&text).len(), 1);
    assert!(legal_after(START, &[], best_moves(&text)[0]));
    assert!(text.ends_with("> isready\nreadyok\n"));
}

#[test]
fn an_illegal_move_keeps_the_legal_prefix() {
    let text = transcript(&[
        "position startpos moves e2e4 e7e5 e1e3 g1f3",
        "go nodes 300",
        "position startpos moves e2e4 zz99",
        "go nodes 300",
    ]);
    insta::assert_snapshot!(text);
    let best = best_moves(&text);
    // After e2e4 e7e5 it is White's move; after e2e4 it is Black's.
    assert!(legal_after(START, &["e2e4", "e7e5"], best[0]));
    assert!(legal_after(START, &["e2e4"], best[1]));
}

#[test]
fn options_change_the_engine() {
    let text = transcript(&[
        "setoption name Level value 1",
        "setoption name clock value wall",
        "setoption name Clock value emulated",
        // A module at twice the clock thinks twice as many positions in the same time.
        "setoption name ClockMHz value 8.867238",
        "position startpos moves a2a3", // out of the opening book: the engine thinks
        "go movetime 1000",
        "setoption name ClockMHz value default",
        "go movetime 1000",
        "uci",
    ]);
    insta::assert_snapshot!(text);
    let infos: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info ") && l.contains(" nodes "))
        .collect();
    let fast: u32 = field(infos[0], "nodes").parse().unwrap();
    let slow: u32 = field(infos[1], "nodes").parse().unwrap();
    let pps = c7010::reference::levels::POSITIONS_PER_SECOND;
    assert!(
        fast >= 2 * pps && (pps..2 * pps).contains(&slow),
        "{fast} {slow}"
    );
    assert!(text.contains("option name Level type spin default 1 min 1 max 6"));
}
