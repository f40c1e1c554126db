//! Issue 27, hostile hands, through the `c7010` binary and the library: no write replaces a
//! node it does not own (a FIFO made here, never a system node), no race between two real
//! processes loses a game, a position with an impossible en-passant square never removes a
//! piece, a damaged resume file is kept beside under a new name; and issue 26 point 12
//! (`tools/match.py` from any directory).
//!
//! One test binary per area; one module per topic.

/// The helpers this area shares with others (`tests/common`): only those it uses.
#[path = "../common"]
mod common {
    pub mod outside;
    pub mod process;
    pub mod state_home;
}

mod en_passant;
mod layers;
mod match_tool;
mod own_words;
mod process;
mod races;
mod setup_text;
mod solve_text;
mod writes;
