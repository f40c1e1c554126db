//! An engine that forwards every request to another and counts what it was asked, for tests
//! that must see what a front end did to its engine (the engine itself is owned by the front
//! end).

use std::cell::Cell;
use std::rc::Rc;

use c7010::engine::{Engine, EngineError, Limit, Said};
use c7010::reference::game::Game;
use c7010::reference::{Board, Move};

/// What an [`Observed`] engine was asked, shared with the test.
#[derive(Debug, Default)]
pub struct Seen {
    /// Positions set up.
    pub setups: Cell<usize>,
    /// Moves played on it.
    pub plays: Cell<usize>,
    /// The engine's clock (T-states) when a thought last started and when it last decided.
    pub thought: Cell<(u64, u64)>,
}

/// `inner`, watched.
pub struct Observed {
    pub inner: Box<dyn Engine>,
    pub seen: Rc<Seen>,
}

impl Engine for Observed {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn set_position(&mut self, board: &Board) -> Result<(), EngineError> {
        self.seen.setups.set(self.seen.setups.get() + 1);
        self.inner.set_position(board)
    }
    fn play(&mut self, mv: Move) -> Result<(), EngineError> {
        self.seen.plays.set(self.seen.plays.get() + 1);
        self.inner.play(mv)
    }
    fn take_back(&mut self) -> Result<(), EngineError> {
        self.inner.take_back()
    }
    fn set_level(&mut self, level: u8) -> Result<(), EngineError> {
        self.inner.set_level(level)
    }
    fn leave_book(&mut self, board: &Board) -> Result<(), EngineError> {
        self.inner.leave_book(board)
    }
    fn go(&mut self, game: &Game, limit: Limit) -> Result<(), EngineError> {
        let now = self.inner.t_states();
        self.seen.thought.set((now, now));
        self.inner.go(game, limit)
    }
    fn move_now(&mut self) -> Result<(), EngineError> {
        self.inner.move_now()
    }
    fn advance(&mut self, t_states: u64) -> Result<Vec<Said>, EngineError> {
        let said = self.inner.advance(t_states)?;
        if said.iter().any(|s| matches!(s, Said::Decided(_))) {
            let (start, _) = self.seen.thought.get();
            self.seen.thought.set((start, self.inner.t_states()));
        }
        Ok(said)
    }
    fn thinking(&self) -> bool {
        self.inner.thinking()
    }
    fn t_states(&self) -> u64 {
        self.inner.t_states()
    }
    fn clock_hz(&self) -> Option<f64> {
        self.inner.clock_hz()
    }
}
