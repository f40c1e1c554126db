//! Positions the guest cannot hold, through the debugger: `--fen` (DebugSession::setup_fen and
//! `c7010 debug --fen`) refuses them with the rule's message before anything is sent, and a
//! SETUP injected by hand with `send` gets the module's own BAD_POSITION. About a second.

use crate::common::cli::run_c7010;

use c7010::debugger::{DebugInfo, DebugSession, DebugSessionError};
use c7010::guest::image::BUILTIN_ROM;
use c7010::machine::Machine;

/// The position: seventeen white pieces (sixteen queens and the king).
const CROWDED: &str = "k7/8/qqqqqqqq/QQQQQQQQ/qqqqqqqq/QQQQQQQQ/8/K7 w - - 0 1";

fn session() -> DebugSession {
    DebugSession::new(Machine::new(BUILTIN_ROM).unwrap(), DebugInfo::builtin())
}

#[test]
fn fen_option_refuses_with_the_rules_message() {
    let mut s = session();
    match s.setup_fen(CROWDED) {
        Err(DebugSessionError::Fen(why)) => assert_eq!(why, "white has 17 pieces, at most 16"),
        other => panic!("{other:?}"),
    }
    let (ok, _, err) = run_c7010(&["debug", "--fen", CROWDED]);
    assert!(!ok);
    assert!(
        err.contains("bad FEN: white has 17 pieces, at most 16"),
        "{err}"
    );
}

#[test]
fn a_setup_sent_by_hand_is_refused_by_the_module() {
    let mut s = session();
    let startup = s.setup_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(startup.contains("OK to command 0x02"), "{startup}");
    // The SETUP payload of CROWDED: 64 squares (a1 first), side, castling, ep, clocks.
    let mut squares = [0u8; 64];
    squares[0] = 6; // Ka1
    squares[56] = 14; // ka8
    for (rank, colour) in [(2, 5), (3, 13), (4, 5), (5, 13)] {
        squares[rank * 8..rank * 8 + 8].fill(colour);
    }
    let mut payload: Vec<String> = squares.iter().map(|b| format!("{b:#04x}")).collect();
    payload.extend(["0", "0", "0xff", "0", "1", "0"].map(String::from));
    let sent = s.execute(&format!("send 0x02 {}", payload.join(" ")));
    assert!(!sent.output.contains("error"), "{}", sent.output);
    let ran = s.execute("continue 2");
    assert!(
        ran.output
            .contains("ERROR to command 0x02: impossible position"),
        "{}",
        ran.output
    );
}
