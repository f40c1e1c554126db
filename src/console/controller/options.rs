//! How a console starts ([`ConsoleOptions`]) and why it could not ([`ConsoleError`]).

use std::path::PathBuf;

use super::DEFAULT_STATE_FILE;
use crate::console::keyboard::HostKeys;
use crate::console::screen::Colour;
use crate::engine::EngineError;

/// How a console starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleOptions {
    /// The human's colour; `None` asks with YES/NO at each new game.
    pub colour: Option<Colour>,
    /// The level; `None` asks at each new game.
    pub level: Option<u8>,
    /// The starting position of the first game (FEN); `None` for the initial position.
    pub fen: Option<String>,
    /// Where the PGN is written (at game end, on quit and on `P`).
    pub pgn: Option<PathBuf>,
    /// The saved-game file for `W` and `O`.
    pub state_file: PathBuf,
    /// The human's name for the PGN.
    pub player: String,
    /// Where the game in progress is kept for the next start, as dedicated chess computers
    /// keep theirs through a power cut: written after every move and on every way out,
    /// removed when the game is over; `None` keeps nothing (`play` gives its state
    /// directory, `docs/console.md`).
    pub resume_file: Option<PathBuf>,
    /// The module thinks on the player's time, on the reply it expects (`K` turns it on and
    /// off; see `controller/ponder.rs`).
    pub ponder: bool,
    /// The keys the front end keeps for itself, which the help pages name (the window's
    /// F-keys; a web page has none).
    pub host_keys: HostKeys,
}

impl Default for ConsoleOptions {
    fn default() -> Self {
        ConsoleOptions {
            colour: None,
            level: None,
            fen: None,
            pgn: None,
            state_file: PathBuf::from(DEFAULT_STATE_FILE),
            player: "Player".into(),
            resume_file: None,
            ponder: false,
            host_keys: HostKeys::Window,
        }
    }
}

/// Why a console could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConsoleError {
    /// The `--fen` position does not parse.
    #[error("bad FEN: {0}")]
    Fen(String),
    /// The engine refused the position or the level.
    #[error("the engine refused: {0}")]
    Engine(#[from] EngineError),
    /// The level is not 1-6.
    #[error("{0}")]
    Level(#[from] crate::engine::level::LevelError),
}
