//! Scripted xboard (CECP v2) sessions against the reference engine, as readable transcripts;
//! every engine move is checked legal with shakmaty.

use c7010::uci::Xboard;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

/// Feed `lines` one at a time to one xboard session: `> command`, then the engine's answer.
fn transcript(lines: &[&str]) -> String {
    crate::common::transcript::transcript::<Xboard>(lines)
}

/// Replay a transcript's moves (user and engine) from `fen` with shakmaty: every one must be
/// legal where it was played, honouring undo/remove/new/setboard. Returns the moves played.
fn replay_legally(fen: &str, text: &str) -> usize {
    let start = |f: &str| -> Chess {
        let fen: Fen = f.parse().unwrap();
        fen.into_position(CastlingMode::Standard).unwrap()
    };
    let mut history: Vec<Chess> = vec![start(fen)];
    let mut played = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mv = match words.as_slice() {
            ["move", m] | [">", "usermove", m] => Some(*m),
            [">", "undo"] => {
                history.pop();
                None
            }
            [">", "remove"] => {
                history.truncate(history.len() - 2);
                None
            }
            [">", "new"] => {
                history = vec![start(fen)];
                None
            }
            [">", "setboard", rest @ ..] => {
                if let Ok(f) = rest.join(" ").parse::<Fen>()
                    && let Ok(p) = f.into_position(CastlingMode::Standard)
                {
                    history = vec![p];
                }
                None
            }
            _ => None,
        };
        let Some(mv) = mv else { continue };
        let pos = history.last().unwrap().clone();
        let u: UciMove = mv.parse().unwrap();
        match u.to_move(&pos) {
            Ok(m) => {
                history.push(pos.play(m).unwrap());
                played += 1;
            }
            // A refused user move must have been answered "Illegal move".
            Err(_) => assert!(
                text.contains(&format!("): {mv}")),
                "{mv} accepted in {text}"
            ),
        }
    }
    played
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn a_game_with_a_time_control() {
    let text = transcript(&[
        "xboard",
        "protover 2",
        "accepted setboard",
        "new",
        "post",
        "level 40 5 0",
        "time 30000",
        "otim 30000",
        "usermove e2e4",
        "time 29500",
        "usermove d2d4",
        "ping 1",
        "nopost",
        "st 1",
        "usermove g1f3",
        "force",
        "usermove h2h3",
        "go",
        "quit",
    ]);
    insta::assert_snapshot!(text);
    assert!(text.contains("feature done=1"));
    assert!(text.contains("> ping 1\npong 1\n"));
    assert_eq!(text.matches("\nmove ").count(), 4, "{text}");
    assert_eq!(replay_legally(START, &text), 8);
}

#[test]
fn undo_remove_setboard_and_mates() {
    let text = transcript(&[
        "new",
        "force",
        "usermove e2e4",
        "usermove e7e5",
        "undo",
        "remove",
        "undo",
        "undo",
        // White mates in one: the engine plays it and announces the result.
        "setboard 7k/8/6K1/8/8/8/8/6Q1 w - - 0 1",
        "sd 4",
        "go",
        "usermove h8g8",
        // A mate by the user is announced too.
        "setboard 7k/8/6K1/8/8/8/8/1Q6 b - - 0 1",
        "force",
        "usermove h8g8",
        "usermove b1b8",
        "setboard 7k/8/8/8/8/8/8/7K w - - 100 80",
        "go",
    ]);
    insta::assert_snapshot!(text);
    // remove needs two moves; the second undo finds none left.
    assert!(text.contains("> remove\nError (nothing to undo): remove\n> undo\n> undo\nError"));
    assert!(text.contains("1-0 {White mates}"), "{text}");
    assert!(text.contains("1/2-1/2 {50 move rule}"), "{text}");
    replay_legally(START, &text);
}

#[test]
fn malformed_input_is_answered_with_errors() {
    let text = transcript(&[
        "new",
        "flip the board",
        "level 40",
        "level x 5 0",
        "st soon",
        "sd -1",
        "time lots",
        "setboard 8/8/8/8 w - -",
        "usermove e2e5",
        "usermove banana",
        "e7e5",
        "variant suicide",
        "ping 9",
    ]);
    insta::assert_snapshot!(text);
    assert_eq!(text.matches("Error (").count(), 8, "{text}");
    assert_eq!(text.matches("Illegal move").count(), 3, "{text}");
    assert!(text.ends_with("pong 9\n"));
}
