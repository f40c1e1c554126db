//! The engine side of both protocols: the game as the GUI describes it and its engine (one
//! [`Table`], the owner the console has too), and the options a GUI sets (level, strength,
//! clock, clock rate, ROM, MultiPV, pondering); the thinking loop that spends an allocation
//! in slices of emulated time while it listens is `player/thought.rs`.
//!
//! Every move from the GUI is checked on the table's game before the engine sees it; the
//! table brings the engine up to date just before it thinks.

use std::io;
use std::path::{Path, PathBuf};

use super::clock::{ClockMode, Request};
use crate::engine::{Decision, Engine, EngineError, Info, Level, RootMove, Table};
use crate::machine::DEFAULT_CLOCK_HZ;
use crate::reference::game::Game;
use crate::reference::{Board, Move, MoveTextError, levels, parse_uci};

mod thought;

pub use crate::engine::ANSWER_GRACE_SLICES;
pub use crate::machine::clock::SLICE_T_STATES;
/// Positions the reference searches for `go infinite` (it cannot be interrupted).
pub const REF_INFINITE_POSITIONS: u32 = levels::ENDLESS_BUDGET;

/// An engine could not be built (a ROM that does not load, an engine that does not exist).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// Builds the engine, from the built-in ROM (`None`) or a ROM file; called again when the
/// `Rom` option changes.
pub type EngineFactory = Box<dyn Fn(Option<&Path>) -> Result<Box<dyn Engine>, SetupError>>;

/// Why a thought failed.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// The engine refused or failed.
    #[error("{0}")]
    Engine(#[from] EngineError),
    /// Writing to the GUI failed (it went away).
    #[error("output failed: {0}")]
    Output(#[from] io::Error),
}

/// What a protocol wants done with a command that arrived while the engine thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Answered; keep thinking.
    Continue,
    /// Keep thinking; the command is read again after the thought. Every later command
    /// then waits behind it, in order, except those for the thought under way
    /// ([`Listener::command`]'s `behind`).
    Defer,
    /// Stop and play the best move found so far.
    MoveNow,
    /// Stop and forget the move (the game changes under the engine); the command is read
    /// again after the thought.
    Abandon,
    /// Stop; the session ends.
    Quit,
    /// The opponent played the move the engine is pondering on: go on thinking, now on our
    /// clock ([`Listener::ponder_request`]). Outside a ponder, nothing.
    PonderHit,
}

/// One analysis line for the GUI: the engine's report of a pass ([`Info`], its `pass` 0 for
/// a line made from a decision taken before the first pass completed, which is shown
/// without a depth (UCI) or not at all (xboard: a thinking line needs its ply)) and what
/// the session adds to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoLine {
    /// The pass as the engine reported it; its root list is not shown as it is (`others`).
    pub info: Info,
    /// Time thought so far, in milliseconds of the session's clock.
    pub time_ms: u64,
    /// MultiPV lines asked for (1: the best line alone, shown as ever).
    pub multipv: u8,
    /// Lines 2 and on (at most `multipv - 1`): root moves and their keys after the pass
    /// ([`super::multipv::other_lines`]).
    pub others: Vec<RootMove>,
}

/// The protocol's side of a thought: it prints analysis and decides about commands.
pub trait Listener<T> {
    /// Print one analysis line.
    fn info(&mut self, line: &InfoLine) -> io::Result<()>;
    /// A command arrived while thinking (its line read once into the protocol's command).
    /// `behind` is true while earlier commands wait for after the thought: then only the
    /// commands for the thought under way (`stop`, `?`) act at once, and every other one
    /// answers [`Control::Defer`], to be served in its turn. (A `quit` behind deferred
    /// commands waits its turn too, so a piped script runs to its end.)
    fn command(&mut self, line: &T, behind: bool) -> io::Result<Control>;
    /// Tell the user something in one protocol line (UCI `info string`, xboard
    /// `tellusererror`): a module that failed and was reset.
    fn notice(&mut self, text: &str) -> io::Result<()>;
    /// What the thought asks for from a `ponderhit` on: the request it began with (UCI: its
    /// clock), or one made from what the GUI said since (xboard: `time`, `otim`).
    fn ponder_request(&self, asked: &Request) -> Request {
        asked.clone()
    }
}

/// How a thought ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The engine chose a move; it has been played on the game.
    Moved(Decision),
    /// The side to move has no legal move.
    NoMove,
    /// The thought was abandoned; the game is unchanged.
    Abandoned,
}

/// The result of [`Player::think`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// How it ended.
    pub outcome: Outcome,
    /// The GUI asked to quit (or closed its input during an endless thought).
    pub quit: bool,
}

/// The game, the engine and the options behind a UCI or xboard session.
pub struct Player {
    factory: EngineFactory,
    /// The game and its engine, at the level that plays ([`Player::playing_level`]).
    table: Table,
    /// The `Level` option (the level that plays unless a strength is asked).
    level: Level,
    /// The user set `Level` (or a strength) on purpose: its budget is then the most a move
    /// gets under the GUI's clock too; otherwise the GUI's time or depth governs.
    level_chosen: bool,
    clock: ClockMode,
    clock_mhz: Option<f64>,
    rom: Option<PathBuf>,
    /// Pondering wanted (UCI `Ponder`, xboard `hard`).
    ponder: bool,
    /// UCI `MultiPV`: lines per pass, 1 up to [`super::multipv::MAX_LINES`].
    multipv: u8,
    /// `UCI_LimitStrength`: the level comes from `elo`.
    limit_strength: bool,
    /// `UCI_Elo`.
    elo: u16,
}

impl Player {
    /// A player with an engine from `factory` (built-in ROM), at level 2, emulated clock.
    pub fn new(factory: EngineFactory) -> Result<Player, SetupError> {
        Player::new_with_rom(factory, None)
    }

    /// A player with an engine from `factory` built from `rom` (`None`: built-in).
    pub fn new_with_rom(
        factory: EngineFactory,
        rom: Option<PathBuf>,
    ) -> Result<Player, SetupError> {
        let engine = factory(rom.as_deref())?;
        let table = Table::new(engine, Level::DEFAULT).map_err(|e| SetupError(e.to_string()))?;
        Ok(Player {
            factory,
            table,
            level: Level::DEFAULT,
            level_chosen: false,
            clock: ClockMode::Emulated,
            clock_mhz: None,
            rom,
            ponder: false,
            multipv: 1,
            limit_strength: false,
            elo: super::strength::ELO_MIN,
        })
    }

    /// The engine's name.
    pub fn engine_name(&self) -> String {
        self.table.engine().name()
    }

    /// The current position of the game.
    pub fn board(&self) -> &Board {
        self.table.board()
    }

    /// The moves played since the start position.
    pub fn moves(&self) -> &[Move] {
        self.table.game().moves()
    }

    /// The level 1-6 (the `Level` option).
    pub fn level(&self) -> u8 {
        self.level.get()
    }

    /// The clock thinking time is measured on.
    pub fn clock(&self) -> ClockMode {
        self.clock
    }

    /// The clock rate in MHz used to turn time into T-states (the engine's own by default).
    pub fn clock_mhz(&self) -> f64 {
        self.clock_mhz
            .unwrap_or_else(|| self.table.engine().clock_hz().unwrap_or(DEFAULT_CLOCK_HZ) / 1e6)
    }

    /// The game and its engine.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// A new game from the start position; the engine forgets its game too.
    pub fn new_game(&mut self) {
        self.table.set_game(Game::default());
        self.table.forget_engine_game();
    }

    /// Set up the game: a start position and moves that are legal from it, in order (a
    /// move that is not legal ends the list there).
    pub fn set_game(&mut self, start: Board, moves: Vec<Move>) {
        let mut game = Game::new(start);
        for m in moves {
            if game.play_unjudged(m).is_err() {
                break;
            }
        }
        self.table.set_game(game);
    }

    /// Play a move given in UCI form (e2e4, e7e8q) on the game, if it is legal.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveTextError> {
        let m = parse_uci(self.table.board(), text)?;
        self.table
            .play_unjudged(m)
            .map_err(|_| MoveTextError::Illegal(text.to_string()))?;
        Ok(m)
    }

    /// Take back the last move of the game; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.table.take_back(1) == 1
    }

    /// Set the level 1-6 (it plays unless a strength is asked: [`set_strength`]).
    ///
    /// [`set_strength`]: Self::set_strength
    pub fn set_level(&mut self, level: u8) -> Result<(), EngineError> {
        self.level = Level::new(level).map_err(|_| EngineError::BadLevel(level))?;
        self.level_chosen = true;
        self.table.set_level(self.playing_level_typed())
    }

    /// The strength asked in Elo (UCI `UCI_LimitStrength` with `UCI_Elo`), or `None` to
    /// play at the `Level`.
    pub fn strength(&self) -> Option<u16> {
        self.limit_strength.then_some(self.elo)
    }

    /// The `UCI_Elo` value, whether it plays or not.
    pub fn elo(&self) -> u16 {
        self.elo
    }

    /// Ask for a strength in Elo (`None`: the `Level` plays); the level measured nearest to
    /// it plays (`strength::level_for`).
    pub fn set_strength(&mut self, elo: Option<u16>) -> Result<(), EngineError> {
        self.limit_strength = elo.is_some();
        if let Some(e) = elo {
            self.elo = e;
        }
        self.table.set_level(self.playing_level_typed())
    }

    /// Keep a `UCI_Elo` for when the strength is limited.
    pub fn remember_elo(&mut self, elo: u16) {
        self.elo = elo;
    }

    /// True when the level's budget caps a thought the GUI gave a time or depth: the user
    /// chose the `Level` or a strength on purpose (docs/uci.md, "Time").
    pub fn level_caps_the_clock(&self) -> bool {
        self.level_chosen || self.limit_strength
    }

    /// The level the engine plays at: the strength's when one is asked, else `Level`.
    pub fn playing_level(&self) -> u8 {
        self.playing_level_typed().get()
    }

    fn playing_level_typed(&self) -> Level {
        self.strength()
            .and_then(|elo| Level::new(super::strength::level_for(elo)).ok())
            .unwrap_or(self.level)
    }

    /// True when pondering is wanted (UCI `Ponder`, xboard `hard`).
    pub fn ponder(&self) -> bool {
        self.ponder
    }

    /// Want pondering or not.
    pub fn set_ponder(&mut self, on: bool) {
        self.ponder = on;
    }

    /// Lines per pass (UCI `MultiPV`).
    pub fn multipv(&self) -> u8 {
        self.multipv
    }

    /// Ask for `lines` lines per pass, 1 up to [`super::multipv::MAX_LINES`].
    pub fn set_multipv(&mut self, lines: u8) -> Result<(), SetupError> {
        if !(1..=super::multipv::MAX_LINES).contains(&lines) {
            return Err(SetupError(format!(
                "MultiPV is 1 to {}, not {lines}",
                super::multipv::MAX_LINES
            )));
        }
        self.multipv = lines;
        self.table.engine_mut().set_multipv(lines);
        Ok(())
    }

    /// Set the clock thinking time is measured on.
    pub fn set_clock(&mut self, clock: ClockMode) {
        self.clock = clock;
    }

    /// Set the clock rate in MHz (a module with another crystal); `None` for the engine's own.
    pub fn set_clock_mhz(&mut self, mhz: Option<f64>) -> Result<(), SetupError> {
        if let Some(v) = mhz
            && !(v.is_finite() && (0.01..=1000.0).contains(&v))
        {
            return Err(SetupError(format!(
                "clock {v} MHz is out of range (0.01 to 1000)"
            )));
        }
        self.clock_mhz = mhz;
        Ok(())
    }

    /// Rebuild the engine from a ROM file (`None`: the built-in ROM). On failure the old
    /// engine stays.
    pub fn set_rom(&mut self, rom: Option<PathBuf>) -> Result<(), SetupError> {
        let mut engine = (self.factory)(rom.as_deref())?;
        engine.set_multipv(self.multipv);
        self.table
            .replace_engine(engine)
            .map_err(|e| SetupError(e.to_string()))?;
        self.rom = rom;
        Ok(())
    }

    /// The ROM file the engine was built from (`None`: built-in).
    pub fn rom(&self) -> Option<&Path> {
        self.rom.as_deref()
    }
}

/// The engine factory of the native reference (it always reads the built-in ROM's book).
pub fn reference_factory() -> EngineFactory {
    Box::new(|rom: Option<&Path>| match rom {
        None => Ok(Box::new(crate::engine::RefEngine::new()) as Box<dyn Engine>),
        Some(p) => Err(SetupError(format!(
            "the reference engine reads the built-in ROM only; {} is for --engine guest",
            p.display()
        ))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_references_endless_thought_is_level_5s_budget() {
        // Recalibrating the levels must carry the reference's `go infinite` along.
        assert_eq!(Ok(REF_INFINITE_POSITIONS), levels::budget(5));
    }
}
