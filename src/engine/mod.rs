//! What the console, the terminal, UCI and xboard need from a chess engine, whichever it is:
//! the guest in the emulated module (through the latch protocol) or the native reference.
//!
//! The interface is steppable: `go` starts a thought and `advance` runs the engine for a
//! slice of emulated time and returns what it said, so a 50 Hz window, a UCI loop and a test
//! can all drive it at their own pace. The guest's clock is the module's T-states; the
//! reference has no emulated clock and answers within the first `advance`.

pub mod choice;
pub mod guest;
pub mod level;
pub mod reference;
pub mod seat;
pub mod table;

use std::fmt;

use crate::machine::clock::SLICE_T_STATES;
use crate::protocol::{Decided, Pass, Root};
use crate::reference::game::Game;
use crate::reference::{Board, Move};

/// Slices any engine may take to answer after being told to move now, before it is called
/// broken (10 s of emulated time). The module's own supervisor allows it 2 s, so this only
/// ever catches an engine without one.
pub const ANSWER_GRACE_SLICES: u32 = 500;

pub use choice::EngineChoice;
pub use level::{Level, LevelError};
pub use reference::RefEngine;
pub use seat::{SeatError, seat_guest};
pub use table::{Heard, Notice, Stops, Table};

/// The reply an engine expects after its move `played`: the second move of its last
/// line, when that line began with the move played (`bestmove ... ponder`, what xboard's
/// and the console's pondering think on).
pub fn expected_reply(line: &[Move], played: Option<&Move>) -> Option<Move> {
    match line {
        [first, reply, ..] if played == Some(first) => Some(*reply),
        _ => None,
    }
}

/// How long to think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The budget of the current level.
    Level,
    /// Exactly this many positions evaluated.
    Positions(u32),
    /// Until told to move (`move_now`).
    Infinite,
}

/// One line of analysis (after each completed pass), in the reference's moves: the one
/// report of a pass ([`Pass`]) the wire has too.
pub type Info = Pass<Move>;

/// One root move after a pass and what the pass knows of it (MultiPV's lines).
pub type RootMove = Root<Move>;

/// The engine's decision, in the reference's moves: the one report of a decision
/// ([`Decided`]) the wire has too.
pub type Decision = Decided<Move>;

/// What an engine said during `advance`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    Info(Info),
    Decided(Decision),
}

/// Why an engine could not do what it was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The move is not legal in the engine's position.
    IllegalMove(String),
    /// The position cannot be set up (no king, side not to move in check, ...).
    BadPosition(String),
    /// Nothing to take back.
    NothingToUndo,
    /// The game is over: no move can be played.
    GameOver,
    /// Level outside 1-6.
    BadLevel(u8),
    /// The engine is thinking; the request needs it idle (call `move_now` first).
    Busy,
    /// The module failed (fault, silence, garbled message) and could not be brought back.
    Module(String),
    /// The module failed; it has been reset and given its level again (the [`Table`] sets
    /// the game up on it at the next thought). The request that met the failure was not
    /// carried out (a thought ended without a move): the front end
    /// says so in one line and asks again.
    Recovered {
        /// Why, in one line.
        why: String,
        /// The whole fault report (registers, last instructions) when the machine faulted:
        /// for stderr or a log, never for a protocol's output.
        report: Option<String>,
    },
    /// The engine cannot do what was asked (a perft deeper than it counts); nothing changed.
    Unsupported(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::IllegalMove(m) => write!(f, "illegal move: {m}"),
            EngineError::BadPosition(why) => write!(f, "impossible position: {why}"),
            EngineError::NothingToUndo => write!(f, "nothing to take back"),
            EngineError::GameOver => write!(f, "the game is over"),
            EngineError::BadLevel(n) => write!(f, "{}", LevelError::OutOfRange(*n)),
            EngineError::Busy => write!(f, "the engine is thinking"),
            EngineError::Module(why) => write!(f, "the module failed: {why}"),
            EngineError::Recovered { why, .. } => write!(
                f,
                "the module failed ({why}); it was reset and the game set up again"
            ),
            EngineError::Unsupported(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// A chess engine the console can play against.
pub trait Engine {
    /// A short name for PGN headers and UCI `id name`.
    fn name(&self) -> String;
    /// Set up `board` as a new game (the start position or any legal position): `NEW` on
    /// the module for the initial position (its opening book follows the moves played
    /// after it), `SETUP` for any other.
    fn set_position(&mut self, board: &Board) -> Result<(), EngineError>;
    /// Play a legal move for the side to move on the engine's board (the user's move, or a
    /// move from a GUI).
    fn play(&mut self, mv: Move) -> Result<(), EngineError>;
    /// Take back the last move; an engine that remembers too little to take it back says
    /// [`EngineError::NothingToUndo`] (and the caller sets the game up again).
    fn take_back(&mut self) -> Result<(), EngineError>;
    /// Leave the opening book for the rest of this game, whose position is `board`: every
    /// later thought searches (`c7010 search --no-book`, a suite's positions). Default: an
    /// engine without a book has none to leave.
    fn leave_book(&mut self, _board: &Board) -> Result<(), EngineError> {
        Ok(())
    }
    /// Count the leaves of the legal move tree `depth` plies below `board` (perft, the
    /// standard check of move generation: published counts to compare with). An engine
    /// with a board of its own (the module) is left set up at `board`, out of its book.
    /// Default: an engine that cannot count says so.
    fn perft(&mut self, _board: &Board, depth: u8) -> Result<u64, EngineError> {
        Err(EngineError::Unsupported(format!(
            "{} does not count perft {depth}",
            self.name()
        )))
    }
    /// Set the level 1-6 (also during a game).
    fn set_level(&mut self, level: u8) -> Result<(), EngineError>;
    /// How many lines a GUI asks for (UCI `MultiPV`): above 1 every [`Info`] carries the
    /// root list. An engine without a root list ignores it.
    fn set_multipv(&mut self, _lines: u8) {}
    /// Start thinking for the side to move in `game`, whose position the engine holds (the
    /// [`Table`] brings it in step first). The engine keeps no copy of the game: the game's
    /// moves tell it which root moves draw (repetitions, the fifty-move rule) and, for the
    /// reference, which book line it is on.
    fn go(&mut self, game: &Game, limit: Limit) -> Result<(), EngineError>;
    /// Stop thinking and decide now (the decision comes from the next `advance`).
    fn move_now(&mut self) -> Result<(), EngineError>;
    /// Stop thinking and forget the move: the game changes under the engine, which is set
    /// up again before it next thinks ([`Table`] does). By default the engine is told to
    /// move and run until it has (its move is then on its board, to be set up over).
    fn abandon(&mut self) -> Result<(), EngineError> {
        self.move_now()?;
        for _ in 0..ANSWER_GRACE_SLICES {
            if !self.thinking() {
                return Ok(());
            }
            self.advance(SLICE_T_STATES)?;
        }
        Err(EngineError::Module(
            "no move after being told to move".to_string(),
        ))
    }
    /// Run for up to `t_states` of emulated time and return what the engine said.
    fn advance(&mut self, t_states: u64) -> Result<Vec<Said>, EngineError>;
    /// True while a thought is under way.
    fn thinking(&self) -> bool;
    /// Emulated T-states since the engine started (0 for an engine without a clock).
    fn t_states(&self) -> u64;
    /// The engine's clock in Hz, if it has one (the module's 4.433619 MHz).
    fn clock_hz(&self) -> Option<f64>;
    /// True for an engine that runs on an emulated clock (the module): it thinks for as
    /// long as it is given, can be told to move, ponders and has a machine. The reference
    /// answers at once and can do none of that.
    fn has_clock(&self) -> bool {
        self.clock_hz().is_some_and(f64::is_finite)
    }
    /// The machine the engine runs on, lent to the debugger panel while the console is
    /// paused; `None` for an engine without one (the reference).
    fn machine_mut(&mut self) -> Option<&mut crate::machine::Machine> {
        None
    }
    /// A copy of the engine that goes on exactly as this one would (the machine, the link,
    /// the thought under way), for a front end that keeps checkpoints of a console (the
    /// libretro core's states); `None` for an engine that cannot be copied.
    fn boxed_clone(&self) -> Option<Box<dyn Engine>> {
        None
    }
    /// The whole machine the engine runs on, as a save state; `None` for an engine without
    /// one (the reference).
    fn save_machine(&self) -> Option<Result<Vec<u8>, EngineError>> {
        None
    }
    /// Continue from a machine save state taken by [`save_machine`](Self::save_machine) in
    /// the same game position.
    fn load_machine(&mut self, _state: &[u8]) -> Result<(), EngineError> {
        Err(EngineError::Module(
            "this engine runs on no machine".to_string(),
        ))
    }
}
