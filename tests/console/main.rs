//! The console: game flow, screens, keyboard, PGN, saves, the terminal, the window and the
//! debugger panel.
//!
//! One test binary per area (each binary links the whole crate once); one module per topic.

/// The helpers this area shares with others (`tests/common`): only those it uses.
#[path = "../common"]
mod common {
    #[cfg(feature = "gui")]
    pub mod child_test;
    pub mod doc_examples;
    pub mod instant_engine;
    pub mod keys;
    pub mod labels;
    #[cfg(feature = "gui")]
    pub mod outside;
    pub mod png;
    pub mod symbol;
}

mod debug_panel;
mod display_list;
mod feedback;
mod front_loops;
mod game;
mod guest;
mod keyboard;
mod legibility;
mod machine_state;
mod pgn;
mod pointing;
mod ponder;
mod positions;
mod recovery;
mod saves;
mod screen;
mod screenshot;
mod sounds;
mod terminal;
mod time;
mod window;
mod window_keys;
mod window_layout;
