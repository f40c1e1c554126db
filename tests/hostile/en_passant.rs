//! Issue 27 point 5: an en-passant square no double step can have made is dropped where a
//! position enters (the one FEN parse UCI, xboard, the resume file and the debugger share),
//! so a capture "en passant" can never remove the piece standing in front of it.

use c7010::reference::{Board, parse_uci};

use super::process::run;

/// The knight on e5 stands where the pawn that passed e6 would have to be.
const FORGED: &str = "4k3/8/8/3Pn3/8/8/8/4K3 w - e6 0 1";

#[test]
fn an_impossible_square_is_dropped_and_the_capture_is_refused() {
    let board = Board::from_fen(FORGED).unwrap();
    assert_eq!(board.to_fen(), "4k3/8/8/3Pn3/8/8/8/4K3 w - - 0 1");
    assert!(parse_uci(&board, "d5e6").is_err());
    // Black to move: the square behind must be empty too (here a white rook sits on d2).
    let board = Board::from_fen("4k3/8/8/8/3Pp3/8/3R4/4K3 b - d3 0 1").unwrap();
    assert!(board.to_fen().contains(" b - - "), "{}", board.to_fen());
    // A double step that was possible keeps its square, even with no pawn to capture.
    for fen in [
        "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
    ] {
        assert_eq!(Board::from_fen(fen).unwrap().to_fen(), fen);
    }
    assert!(
        parse_uci(
            &Board::from_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1").unwrap(),
            "d5e6"
        )
        .is_ok()
    );
}

#[test]
fn a_saved_game_cannot_forge_it_either() {
    let game = c7010::reference::game::Game::from_fen(FORGED).unwrap();
    assert_eq!(game.board().ep, 0);
}

#[test]
fn uci_and_xboard_refuse_the_capture() {
    let mut uci = std::process::Command::new(env!("CARGO_BIN_EXE_c7010"));
    uci.args(["uci", "--engine", "ref"]);
    let out = run(
        uci,
        &format!("uci\nposition fen {FORGED} moves d5e6\nisready\nquit\n"),
    );
    assert!(
        out.stdout.contains("d5e6 is not a legal move"),
        "{}",
        out.stdout
    );
    let mut xboard = std::process::Command::new(env!("CARGO_BIN_EXE_c7010"));
    xboard.args(["xboard", "--engine", "ref"]);
    let out = run(
        xboard,
        &format!("xboard\nprotover 2\nforce\nsetboard {FORGED}\nusermove d5e6\nquit\n"),
    );
    assert!(
        out.stdout
            .contains("Illegal move (d5e6 is not a legal move"),
        "{}",
        out.stdout
    );
}
