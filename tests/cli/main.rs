//! Subcommands of the `c7010` binary run as processes: `play --tui`, `screenshot`, `perft`,
//! `search`, `solve`, `bench`, `uci`, `xboard`.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

/// The helpers this area shares with others (`tests/common`): only those it uses.
#[path = "../common"]
mod common {
    pub mod cli;
    pub mod doc_examples;
    pub mod png;
    pub mod process;
    pub mod state_home;
}

mod counting;
mod errors;
mod guest_perft;
mod play;
mod play_files;
mod play_recovery;
mod positions;
mod reference;
mod screenshot;
mod uci;
