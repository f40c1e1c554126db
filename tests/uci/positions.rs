//! Positions the guest cannot hold, through the chess-GUI front ends with the guest engine:
//! UCI `position fen` and xboard `setboard` refuse them with the rule's message
//! (`Board::validate`) and keep the last good position, which the module then plays from.
//! Runs in about a second.

use crate::common::transcript::run_script;
use c7010::uci::{EngineChoice, Player, Uci, Xboard, factory};

/// The position: seventeen white pieces (sixteen queens and the king).
const CROWDED: &str = "k7/8/qqqqqqqq/QQQQQQQQ/qqqqqqqq/QQQQQQQQ/8/K7 w - - 0 1";

fn guest() -> Player {
    Player::new(factory(EngineChoice::Guest).unwrap()).expect("the guest boots")
}

#[test]
fn uci_position_fen_refuses_what_the_guest_cannot_hold() {
    let out = run_script::<Uci>(
        guest(),
        &[
            "uci",
            "position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            &format!("position fen {CROWDED}"),
            "position fen 4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            "position fen 4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
            "go nodes 60",
            "isready",
        ],
    );
    for why in [
        "info string position ignored: white has 17 pieces, at most 16",
        "info string position ignored: white has 9 pawns, at most 8",
        "info string position ignored: white has 1 piece beyond 1 queen",
    ] {
        assert!(out.contains(why), "{why}:\n{out}");
    }
    // The last good position stands: the rook's side to move has a rook move or a king
    // move, not a queen's.
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(best.starts_with("a1") || best.starts_with("e1"), "{out}");
    assert!(out.contains("readyok"), "{out}");
}

#[test]
fn xboard_setboard_refuses_what_the_guest_cannot_hold() {
    let out = run_script::<Xboard>(
        guest(),
        &[
            "xboard",
            "protover 2",
            "setboard 4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            &format!("setboard {CROWDED}"),
            "force",
            "usermove a1a7",
            "ping 1",
        ],
    );
    assert!(
        out.contains(
            "tellusererror Illegal position: white has 17 pieces, at most 16\n\
             Error (illegal position): setboard"
        ),
        "{out}"
    );
    // The rook's position still stands: its move is accepted.
    assert!(!out.contains("Illegal move"), "{out}");
    assert!(out.contains("pong 1"), "{out}");
}
