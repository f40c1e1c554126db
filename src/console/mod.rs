//! The G7000 side of the module: what the user sees and types.
//!
//! - [`screen`]: the plain [`ScreenState`] the game logic fills in;
//! - [`layout`] + [`display_list`]: how a cartridge would program the VDC to show it, band by
//!   band; [`render::render_screen`] gives the frame;
//! - [`terminal`]: the same state as text for ssh/tmux;
//! - [`keyboard`]: the 46 G7000 keys and the PC key map;
//! - `window` (feature `gui`): a minifb window that shows frames and delivers keys.

pub mod display_list;
pub mod keyboard;
pub mod layout;
pub mod pieces;
pub mod render;
pub mod screen;
pub mod terminal;
#[cfg(feature = "gui")]
pub mod window;

pub use keyboard::G7000Key;
pub use screen::{Analysis, Colour, PieceKind, ScreenState};
