//! The module as an engine for chess GUIs: the UCI and xboard (CECP v2) front ends.
//!
//! Both protocols drive the same [`Player`]: it mirrors the game the GUI
//! describes, keeps an [`Engine`](crate::engine::Engine) (the guest on the emulated module or
//! the native reference) in step with it, turns the GUI's clock into a thinking allocation
//! ([`clock`]) and runs the engine in slices of emulated time so that commands read by a
//! separate thread ([`input`]) reach it while it thinks. A session ([`session_core`]) pairs
//! the player with an output and a line loop; each protocol ([`uci_session`],
//! [`xboard_session`]) adds only its own commands and replies; each reads its lines once into typed commands
//! ([`uci_command`], [`xboard_command`]). See `docs/uci.md`.

pub mod clock;
pub mod engine_choice;
pub mod input;
pub mod moves_text;
pub mod multipv;
pub mod options;
pub mod player;
pub mod score;
pub mod session_core;
pub mod strength;
pub mod uci_command;
pub mod uci_session;
pub mod xboard_command;
pub mod xboard_session;

pub use crate::engine::EngineChoice;
pub use clock::{Allocation, ClockMode, Request};
pub use engine_choice::{choose_player, factory, guest_plays};
pub use input::Input;
pub use player::{EngineFactory, Player, SetupError};
pub use session_core::{GuiSession, Protocol};
pub use uci_session::{Uci, UciSession};
pub use xboard_session::{Xboard, XboardSession};
