//! The one owner of a game and of the engine that plays in it: the console, UCI and xboard
//! each hold one [`Table`] and keep only their own concerns (the console its phases, view
//! and clocks; a GUI session its clock plan and words).
//!
//! The table keeps the game ([`Game`]: start, moves, position, how it stands) and the level,
//! and brings the engine in step with the game only when the engine is asked to think
//! (`Table::sync`): the moves the engine lacks are played, the ones it has beyond the game
//! taken back, or the game set up afresh. Engines keep no game of their own that a front
//! end reads. The thought is the table's too (`table/thought.rs`: started, stepped and
//! stopped there, what it said handed to the front ends as [`Heard`]). Two policies live
//! here and nowhere else:
//!
//! - **A failure** (`docs/machine.md`, "When the host calls a module failed"): the engine
//!   resets a failed module itself and answers [`EngineError::Recovered`]; the table then
//!   sets the game up again and starts the thought again once ([`RESTARTS_PER_MOVE`]); a
//!   move that fails again is the reference twin's ([`Table::recover`]), so every front
//!   end always gets a move.
//! - **Pondering**: the engine plays the reply it expects ([`Table::expected_reply`]) on its
//!   own board beyond the game and thinks on it without a limit ([`Table::ponder`]); the
//!   reply arriving ([`Table::ponder_hit`]) makes that thought the engine's own move; any
//!   other change of the game drops it ([`Table::abandon`]) and the next thought starts
//!   from the game as if nothing had been pondered.

use super::{Decision, Engine, EngineError, Limit, Said};
use crate::engine::level::Level;
use crate::reference::game::{Game, IllegalMove};
use crate::reference::{Board, Move};

/// Times a thought is started again after the module failed and was reset, before the
/// reference twin plays that one move.
pub const RESTARTS_PER_MOVE: u32 = 1;

/// The engine's game as the table last left it: the game's start and moves, of which the
/// first `set_up_at` were not played through the engine (it was set up at the position
/// after them, so it cannot take them back), and the reply it ponders on beyond them.
#[derive(Clone, Debug)]
struct EngineLine {
    start: Board,
    moves: Vec<Move>,
    set_up_at: usize,
}

/// A reply the engine plays on its own board and thinks on while the opponent thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ponder {
    /// The reply expected (on the engine's board, not in the game).
    pub reply: Move,
    /// The engine's T-state when the thought began.
    pub started: u64,
}

/// What to do after a thought met a failure (the table's policy, [`Table::recover`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterFailure {
    /// The module was reset and the game will be set up again: think again.
    ThinkAgain,
    /// It failed again (or could not be brought back): the twin plays this move.
    TwinMoves,
    /// Not a module failure: the request was refused; nothing is restarted.
    Refused,
}

/// One game and its engine.
pub struct Table {
    game: Game,
    engine: Box<dyn Engine>,
    level: Level,
    /// The engine's own game, `None` when it must be set up afresh.
    engine_line: Option<EngineLine>,
    /// The line of the engine's last pass for its own move.
    last_line: Vec<Move>,
    /// The line of the last pass of a thought on the opponent's time (after a hit, the
    /// engine's own line).
    ponder_line: Vec<Move>,
    /// The reply pondered on, while the engine thinks on the opponent's time.
    ponder: Option<Ponder>,
    /// Module failures since the engine last decided a move, and why the last one failed.
    failures: u32,
    last_failure: Option<String>,
    /// A decision the engine took on the opponent's time, when that thought ended by itself
    /// (a mate found, its deepest pass done): held until the reply comes.
    pondered_decision: Option<Decision>,
    /// The thought under way, as the table carries it out (`table/thought.rs`).
    thought: Option<Thought>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("engine", &self.engine.name())
            .field("moves", &self.game.sans())
            .field("level", &self.level)
            .finish_non_exhaustive()
    }
}

impl Table {
    /// A copy of the table that goes on exactly as this one would, if its engine can be
    /// copied ([`Engine::boxed_clone`]).
    pub fn try_clone(&self) -> Option<Table> {
        Some(Table {
            game: self.game.clone(),
            engine: self.engine.boxed_clone()?,
            level: self.level,
            engine_line: self.engine_line.clone(),
            last_line: self.last_line.clone(),
            ponder_line: self.ponder_line.clone(),
            ponder: self.ponder,
            failures: self.failures,
            last_failure: self.last_failure.clone(),
            pondered_decision: self.pondered_decision.clone(),
            thought: self.thought.clone(),
        })
    }

    /// A table with `engine` at `level`, the game a new one from the initial position.
    pub fn new(mut engine: Box<dyn Engine>, level: Level) -> Result<Table, EngineError> {
        engine.set_level(level.get())?;
        Ok(Table {
            game: Game::default(),
            engine,
            level,
            engine_line: None,
            last_line: Vec::new(),
            ponder_line: Vec::new(),
            ponder: None,
            failures: 0,
            last_failure: None,
            pondered_decision: None,
            thought: None,
        })
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position now.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The engine, to read its name, clock and machine.
    pub fn engine(&self) -> &dyn Engine {
        self.engine.as_ref()
    }

    /// The engine, for what only it knows (MultiPV, its machine for the debugger).
    pub fn engine_mut(&mut self) -> &mut dyn Engine {
        self.engine.as_mut()
    }

    /// The level the engine plays at.
    pub fn level(&self) -> Level {
        self.level
    }

    /// A new level; a thought under way goes on at the old one.
    pub fn set_level(&mut self, level: Level) -> Result<(), EngineError> {
        if self.engine.thinking() {
            self.abandon()?;
        }
        self.engine.set_level(level.get())?;
        self.level = level;
        Ok(())
    }

    /// Put another engine in the seat (a ROM loaded); it gets the level and the game at its
    /// first thought.
    pub fn replace_engine(&mut self, mut engine: Box<dyn Engine>) -> Result<(), EngineError> {
        engine.set_level(self.level.get())?;
        self.engine = engine;
        self.forget_engine_game();
        Ok(())
    }

    /// A new game (any start, with any moves already in it); a thought under way is dropped.
    pub fn set_game(&mut self, game: Game) {
        self.drop_thought();
        self.game = game;
        self.last_line.clear();
    }

    /// Plays a legal move of the side to move on the game (the engine gets it when it next
    /// thinks). Refused with the reason when the move is illegal or the game over.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.ponder.is_some() {
            // Only the reply pondered on keeps the thought: see `ponder_hit`.
            self.drop_thought();
        }
        self.game.play(mv)
    }

    /// Plays a move a GUI sent, legal in the position whatever the game's state (a GUI
    /// may go on after a draw it does not claim).
    pub fn play_unjudged(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.drop_thought();
        self.game.play_unjudged(mv)
    }

    /// Takes back up to `plies` moves; returns how many. A thought under way is dropped.
    pub fn take_back(&mut self, plies: usize) -> usize {
        self.drop_thought();
        self.game.take_back(plies)
    }

    /// True while the engine thinks (on its move or on the opponent's time).
    pub fn thinking(&self) -> bool {
        self.engine.thinking()
    }

    /// The reply pondered on, while the engine thinks on the opponent's time.
    pub fn pondering(&self) -> Option<Ponder> {
        self.ponder
    }

    /// The line of the engine's last pass for its own move.
    pub fn last_line(&self) -> &[Move] {
        &self.last_line
    }

    /// The reply the engine expects after its last move: the second move of its last line
    /// when that line began with the move played, if legal and not the game's end.
    pub fn expected_reply(&self) -> Option<Move> {
        let reply = super::expected_reply(&self.last_line, self.game.moves().last())?;
        let mut after = self.game.clone();
        after.play(reply).ok()?;
        (!after.state().is_over()).then_some(reply)
    }

    /// Counts the leaves of the legal move tree `depth` plies below the game's position
    /// (perft); the engine is set on the game again at its next thought.
    pub fn perft(&mut self, depth: u8) -> Result<u64, EngineError> {
        self.drop_thought();
        self.forget_engine_game();
        self.engine.perft(self.game.board(), depth)
    }

    /// Why the module last failed, if it has.
    pub fn last_failure(&self) -> Option<&str> {
        self.last_failure.as_deref()
    }

    /// The opponent's move `mv` while the engine ponders: on a hit it is played on the game
    /// and the thought goes on for the engine's move (returns the ponder, with a decision the
    /// engine took meanwhile, if any, as a front end hears it); on a miss the thought is
    /// dropped and `None` returned (play the move as usual).
    pub fn ponder_hit(&mut self, mv: Move) -> Option<(Ponder, Option<Heard>)> {
        let ponder = self.ponder.filter(|p| p.reply == mv)?;
        if self.game.play(mv).is_err() {
            self.drop_thought();
            return None;
        }
        self.ponder = None;
        // The thought is the engine's own now: its line gives the next reply to expect.
        self.last_line = std::mem::take(&mut self.ponder_line);
        self.thought_is_own();
        let held = self.pondered_decision.take();
        Some((
            ponder,
            held.map(|d| thought::decided(d, self.last_line.clone())),
        ))
    }

    /// Plays the engine's decision on the game.
    pub fn accept(&mut self, d: &Decision) -> Result<(), IllegalMove> {
        match d.best {
            Some(m) => self.game.play_unjudged(m),
            None => Ok(()),
        }
    }

    /// A thought met `e`: the policy of the module's text. The engine's game is set up
    /// afresh at the next thought.
    fn failed(&mut self, e: &EngineError) -> AfterFailure {
        self.ponder = None;
        self.pondered_decision = None;
        match e {
            EngineError::Recovered { why, .. } => {
                self.forget_engine_game();
                self.failures += 1;
                self.last_failure = Some(why.clone());
                match self.failures > RESTARTS_PER_MOVE {
                    true => AfterFailure::TwinMoves,
                    false => AfterFailure::ThinkAgain,
                }
            }
            EngineError::Module(why) => {
                self.forget_engine_game();
                self.failures += 1;
                self.last_failure = Some(why.clone());
                AfterFailure::TwinMoves
            }
            _ => AfterFailure::Refused,
        }
    }

    /// The reference twin's decision for the position at the table's level (its budget,
    /// as the module would have searched: [`Level::twin_positions`]), to
    /// [`accept`](Self::accept), when the module failed again and again; the module catches
    /// up at its next thought.
    fn twin_move(&mut self) -> Result<Decision, EngineError> {
        let positions = self.level.twin_positions();
        self.drop_thought();
        let mut twin = super::RefEngine::new();
        twin.set_position(self.game.board())?;
        twin.set_level(self.level.get())?;
        twin.go(&self.game, Limit::Positions(positions))?;
        let decided = twin
            .advance(0)?
            .into_iter()
            .find_map(|s| match s {
                Said::Decided(d) => Some(d),
                Said::Info(_) => None,
            })
            .ok_or_else(|| EngineError::Module("the twin did not decide".into()))?;
        self.failures = 0;
        Ok(decided)
    }

    /// Stops a thought and forgets its move; the engine is set on the game again at the
    /// next thought.
    pub fn abandon(&mut self) -> Result<(), EngineError> {
        self.thought = None;
        self.ponder = None;
        self.pondered_decision = None;
        if self.engine.thinking() {
            self.engine.abandon()?;
        }
        self.forget_engine_game();
        Ok(())
    }

    /// Drops a thought under way; a failure to stop it is one the engine recovers from by
    /// itself at the next request (its game is set up afresh then anyway).
    fn drop_thought(&mut self) {
        self.thought = None;
        if self.engine.thinking() || self.ponder.is_some() {
            let _ = self.abandon();
        }
    }

    /// `result` of a request to the engine; a module failure (the module was reset, or
    /// could not be) leaves the engine's game unknown, to be set up afresh.
    fn lost_on_failure<T>(&mut self, result: Result<T, EngineError>) -> Result<T, EngineError> {
        if let Err(EngineError::Recovered { .. } | EngineError::Module(_)) = &result {
            self.forget_engine_game();
        }
        result
    }

    /// The engine's game is not known any more: it is set up afresh at the next thought.
    pub fn forget_engine_game(&mut self) {
        self.engine_line = None;
    }

    /// The engine holds exactly the game (a machine state of this game was just loaded).
    pub fn engine_holds_game(&mut self) {
        self.engine_line = Some(self.line_now(self.game.moves().len()));
    }

    /// The whole machine the engine runs on as a save state, the engine in step with the
    /// game first; `None` for an engine without a machine.
    pub fn save_machine(&mut self) -> Option<Result<Vec<u8>, EngineError>> {
        self.engine.has_clock().then_some(())?;
        if let Err(e) = self.sync() {
            return Some(Err(e));
        }
        self.engine.save_machine()
    }
}

mod sync;
mod thought;

use thought::Thought;
pub use thought::{Heard, Notice, Stops};
