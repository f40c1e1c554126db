//! The G7000 side of the module: what the user sees and types.
//!
//! - [`screen`]: the plain [`ScreenState`] the game logic fills in;
//! - [`layout`] + [`display_list`]: how a cartridge would program the VDC to show it, band by
//!   band; [`render::render_screen`] gives the frame;
//! - [`terminal`]: the same state as text for ssh/tmux;
//! - [`keyboard`]: the 46 G7000 keys and the PC key map; [`help`]: the levels, the
//!   analysis, the set-up editor's commands and the terminal's commands in words;
//! - [`sounds`]: the beep and key clicks as the 8244's sound register makes them;
//!   `audio` (feature `sound`) plays them;
//! - `window` (feature `gui`): a minifb window that shows frames and delivers keys, read
//!   as events (`window_input`) so no press is lost;
//!   [`debug_panel`]: its debugger panel (F12), text and pixels, no window needed;
//! - [`game`]: the console's side of the reference's game (its rules in
//!   `reference::game`): refusals in words, console notation, the pieces on the screen;
//!   [`pgn`]: its PGN; [`setup`]: the position editor; [`saved`]: the saved-game file;
//! - [`command`]: what a front end asks of the console ([`ConsoleCommand`]: keys, squares
//!   pointed at, the pad's cursor, the terminal's words), carried out by `Console::apply`;
//! - [`controller`]: the [`Console`] itself: keys (one handler per phase) and the terminal's
//!   lines in, engine driven, time kept (`clocks`), screen out (`view`).

#[cfg(feature = "sound")]
pub mod audio;
pub mod command;
pub mod controller;
pub mod debug_panel;
pub mod display_list;
#[cfg(feature = "gui")]
pub mod full_screen;
pub mod game;
pub mod help;
pub mod icon;
pub mod keyboard;
pub mod layout;
pub mod pgn;
pub mod pgn_database;
pub mod pieces;
pub mod render;
pub mod saved;
pub mod saved_module;
pub mod screen;
pub mod setup;
pub mod sounds;
pub mod state_dir;
pub mod terminal;
pub mod terminal_loop;
#[cfg(feature = "gui")]
pub mod window;
#[cfg(feature = "gui")]
pub mod window_input;
pub mod window_layout;
#[cfg(feature = "gui")]
pub mod window_loop;

pub use command::{ConsoleCommand, Step};
pub use controller::{Console, ConsoleOptions, LineOutcome, Speed};
pub use game::{Game, GameState};
pub use keyboard::G7000Key;
pub use screen::{Analysis, Colour, PieceKind, ScreenState};
