//! The message type bytes (`docs/protocol.md` section 2): the one place the encoder, the
//! decoder and the debugger's `go` read them from. Commands (host to module) are `0x01..`,
//! events (module to host) `0x40..`.

/// `NEW`: a new game.
pub const NEW: u8 = 0x01;
/// `SETUP`: a position.
pub const SETUP: u8 = 0x02;
/// `MOVE`: the opponent's move.
pub const MOVE: u8 = 0x03;
/// `GO`: think (an optional 4-byte budget in positions).
pub const GO: u8 = 0x04;
/// `MOVENOW`: stop thinking and play.
pub const MOVE_NOW: u8 = 0x05;
/// `LEVEL`: the playing level.
pub const LEVEL: u8 = 0x06;
/// `TAKEBACK`: undo a move.
pub const TAKE_BACK: u8 = 0x07;
/// `PERFT`: count the move tree.
pub const PERFT: u8 = 0x08;
/// `QUERY`: report the state.
pub const QUERY: u8 = 0x09;
/// `READY`: the module has booted.
pub const READY: u8 = 0x40;
/// `OK`: a command done.
pub const OK: u8 = 0x41;
/// `ERROR`: a command refused.
pub const ERROR: u8 = 0x42;
/// `ACCEPTED`: the opponent's move taken.
pub const ACCEPTED: u8 = 0x43;
/// `BESTMOVE`: the module's move.
pub const BEST_MOVE: u8 = 0x44;
/// `INFO`: a finished pass of the search.
pub const INFO: u8 = 0x45;
/// `GAMEOVER`: mate, stalemate or another end.
pub const GAME_OVER: u8 = 0x46;
/// `PERFT`: a count.
pub const PERFT_COUNT: u8 = 0x47;
/// `STATE`: the position, check and level.
pub const STATE: u8 = 0x48;
/// `ROOT`: one root move and its key after a pass (GO flag bit 0).
pub const ROOT: u8 = 0x49;
