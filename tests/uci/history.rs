//! The game a GUI sends with `position ... moves` reaches the engine's GO as draw moves
//! (`docs/protocol.md`, "Protocol 2"), also when the game is set up at its position rather
//! than replayed, and the moves xboard sends: ahead, the module leaves the repetition it
//! would play without the game.

use c7010::uci::{EngineChoice, Player, Uci, factory};

use crate::common::transcript::run_script;

/// White twelve pawns up; Qc3 repeats the position after the game's first move.
const AHEAD: &str = "3r1k1r/3n1pp1/b3pn2/1pp5/pPQPPPPp/B4K1N/2RP2RP/1N3B2 w - - 6 27";

/// A budget at which the search without the game plays the repetition, Qd3 (below 4,000
/// positions it finds Qc3 by itself since the passes one ply apart, commit be94953).
const BUDGET: &str = "go nodes 5000";

fn bestmove(choice: EngineChoice, position: &str) -> String {
    let player = Player::new(factory(choice).unwrap()).unwrap();
    let out = run_script::<Uci>(player, &[position, BUDGET]);
    out.lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove: {out}"))
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn uci_position_moves_are_the_game_the_engine_knows() {
    // A shuffle long enough that the player sets the engine up at the position.
    let mut moves = vec!["c4d3", "d8e8", "d3c4", "e8d8"];
    let pad = ["h3g1", "f6g8", "g1h3", "g8f6"];
    for _ in 0..10 {
        moves.extend_from_slice(&pad);
    }
    for choice in [EngineChoice::Ref, EngineChoice::Guest] {
        let alone = bestmove(choice, &format!("position fen {AHEAD}"));
        assert_eq!(alone, "c4d3", "{choice:?} without the game");
        let short = format!("position fen {AHEAD} moves {}", moves[..4].join(" "));
        assert_eq!(bestmove(choice, &short), "c4c3", "{choice:?} replayed");
        let long = format!("position fen {AHEAD} moves {}", moves.join(" "));
        assert_eq!(bestmove(choice, &long), "c4c3", "{choice:?} set up");
    }
}

#[test]
fn xboard_moves_are_the_game_the_engine_knows() {
    let script = |moves: &[&str]| {
        let mut lines = vec![
            "xboard".to_string(),
            "protover 2".to_string(),
            "new".to_string(),
            "force".to_string(),
            format!("setboard {AHEAD}"),
        ];
        lines.extend(moves.iter().map(|m| format!("usermove {m}")));
        // Level 3 (8,100 positions): Qd3 without the game, as BUDGET.
        lines.push("option Level=3".to_string());
        lines.push("go".to_string());
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        crate::common::transcript::transcript::<c7010::uci::Xboard>(&lines)
    };
    let engine_move = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("move "))
            .unwrap_or_else(|| panic!("no move: {text}"))
            .to_string()
    };
    assert_eq!(engine_move(&script(&[])), "c4d3");
    assert_eq!(
        engine_move(&script(&["c4d3", "d8e8", "d3c4", "e8d8"])),
        "c4c3"
    );
}
