//! Bringing the engine in step with the game, just before it thinks: the cheapest way from
//! what the engine holds to the game (moves played or taken back, or the game set up).

use super::{EngineLine, Table};
use crate::engine::EngineError;
use crate::reference::{Board, book};

impl Table {
    /// Bring the engine's game up to the table's: play the missing moves, take back extra
    /// ones (at most two: the module remembers two plies), or set it up afresh.
    pub(super) fn sync(&mut self) -> Result<(), EngineError> {
        let synced = self.step_or_set_up();
        self.lost_on_failure(synced)
    }

    /// [`sync`](Self::sync)'s steps.
    fn step_or_set_up(&mut self) -> Result<(), EngineError> {
        if self.catch_up()? {
            return Ok(());
        }
        self.engine_line = None;
        let moves = self.game.moves();
        // A game as short as a book line is played move by move from its start (the book
        // follows it, and the engine can take its moves back); a longer one is set up at its
        // position: a move through the module is a round trip, and a GUI may send thousands.
        let set_up_at = if moves.len() <= book::MAX_PLIES {
            0
        } else {
            moves.len()
        };
        // The moves before the set-up cannot be taken back on the engine, but they still
        // count for repetitions: the engine gets the whole game when it thinks.
        self.engine
            .set_position(&self.game.board_after(set_up_at))?;
        for &m in &moves[set_up_at..] {
            self.engine.play(m)?;
        }
        self.engine_line = Some(self.line_now(set_up_at));
        Ok(())
    }

    /// Steps the engine's game to the table's when it is near (a common start, a few moves
    /// apart); false when it must be set up afresh.
    fn catch_up(&mut self) -> Result<bool, EngineError> {
        let Some(line) = &self.engine_line else {
            return Ok(false);
        };
        if line.start != *self.game.start() {
            return Ok(false);
        }
        let moves = self.game.moves();
        let common = line
            .moves
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count();
        let extra = line.moves.len() - common;
        // Taking back a move or two is cheaper than a fresh setup; but a take-back leaves
        // the opening book, so a game from the initial position still in the book's reach
        // starts over (NEW and its moves: the book follows them again).
        let in_book = *self.game.start() == Board::startpos() && line.set_up_at == 0;
        if common < line.set_up_at || extra > 2 || (extra > 0 && in_book) {
            return Ok(false);
        }
        let set_up_at = line.set_up_at;
        let caught_up = (0..extra)
            .try_for_each(|_| self.engine.take_back())
            .and_then(|()| {
                moves[common..]
                    .iter()
                    .try_for_each(|&m| self.engine.play(m))
            });
        match caught_up {
            Ok(()) => {
                self.engine_line = Some(self.line_now(set_up_at));
                Ok(true)
            }
            // A module failure is the caller's; a refused step (a take-back the engine
            // cannot do) sets it up afresh.
            Err(e @ (EngineError::Recovered { .. } | EngineError::Module(_))) => Err(e),
            Err(_) => Ok(false),
        }
    }

    /// Like [`sync`](Self::sync), but with the engine out of its opening book: an analysis
    /// (`go infinite`, xboard `analyze`, a GUI asking for several lines) wants the search's
    /// lines, not the book's move. A game the book could still answer is set up at its
    /// position (`SETUP` leaves the book); the initial position itself by a move played and
    /// taken back (a take-back leaves it).
    pub(super) fn sync_out_of_book(&mut self) -> Result<(), EngineError> {
        let moves = self.game.moves();
        let bookish = *self.game.start() == Board::startpos() && moves.len() <= book::MAX_PLIES;
        if !bookish {
            return self.sync();
        }
        self.engine_line = None;
        // Set up (out of the book) with the game before it, for its repetitions.
        self.engine.set_position(self.game.board())?;
        if moves.is_empty() {
            // An engine that cannot leave its book (or has none) just gets the position.
            if self.engine.leave_book(self.game.board()).is_err() {
                self.engine.set_position(self.game.board())?;
            }
        }
        // The engine's game is not the table's any more (it left the book): the next
        // thought sets it up afresh, so that a game played on still follows the book.
        Ok(())
    }

    /// The game as the engine now has it.
    pub(super) fn line_now(&self, set_up_at: usize) -> EngineLine {
        EngineLine {
            start: self.game.start().clone(),
            moves: self.game.moves().to_vec(),
            set_up_at,
        }
    }
}
