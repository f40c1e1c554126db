//! The UCI and xboard front ends: sessions, thinking under emulated time, the guest behind
//! them, python-chess as a client.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

/// The helpers this area shares with others (`tests/common`): only those it uses.
#[path = "../common"]
mod common {
    pub mod instant_engine;
    pub mod observed;
    pub mod outside;
    pub mod process;
    pub mod transcript;
}

mod analyze;
mod depth_zero;
mod features;
mod files;
mod guest;
mod guest_player;
mod gui_edges;
mod history;
mod limits;
mod live_gui;
mod long_game;
mod multipv;
mod ponder;
mod positions;
mod python_game;
mod recovery;
mod session;
mod strength;
mod thinking;
mod xboard_session;
