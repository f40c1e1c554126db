//! An engine test double that decides at once when asked to go: the first legal move, a
//! fixed move (legal or not), or a module failure; it logs what it is asked, so a test can
//! check what an interface told its engine.

use std::cell::RefCell;
use std::rc::Rc;

use c7010::engine::{Decision, Engine, EngineError, Info, Limit, Said};
use c7010::reference::game::Game;
use c7010::reference::{Board, Move, legal_moves};

/// What the double answers when asked to go.
#[allow(dead_code)] // (each test binary needs only some of the answers)
pub enum Reply {
    /// The first legal move in the reference's generation order (none at mate or stalemate).
    FirstLegal,
    /// This move, legal or not (an engine that cheats).
    Fixed(Move),
    /// A module failure with this reason.
    Fail(&'static str),
    /// A pass's analysis showing `shown` (pass 1, a pawn for the engine), then a decision
    /// for `played` from pass 2 (two pawns against it): a thought whose last, cut-short
    /// pass found another move.
    ShownThenPlayed { shown: Move, played: Move },
}

/// The double: the position of a pending `go`, and a log shared with the test (`setup`,
/// `play e2e4`, `takeback`, `go`).
pub struct InstantEngine {
    reply: Reply,
    pending: Option<Board>,
    log: Rc<RefCell<Vec<String>>>,
}

impl InstantEngine {
    /// A double that answers `reply` and writes what it is asked to `log`.
    pub fn new(reply: Reply, log: Rc<RefCell<Vec<String>>>) -> Self {
        InstantEngine {
            reply,
            pending: None,
            log,
        }
    }

    fn note(&self, what: String) {
        self.log.borrow_mut().push(what);
    }
}

impl Engine for InstantEngine {
    fn name(&self) -> String {
        "instant stand-in".into()
    }
    fn set_position(&mut self, _board: &Board) -> Result<(), EngineError> {
        self.note("setup".into());
        Ok(())
    }
    fn play(&mut self, mv: Move) -> Result<(), EngineError> {
        self.note(format!("play {mv}"));
        Ok(())
    }
    fn take_back(&mut self) -> Result<(), EngineError> {
        self.note("takeback".into());
        Ok(())
    }
    fn set_level(&mut self, _level: u8) -> Result<(), EngineError> {
        Ok(())
    }
    fn go(&mut self, game: &Game, _limit: Limit) -> Result<(), EngineError> {
        self.note("go".into());
        self.pending = Some(game.board().clone());
        Ok(())
    }
    fn move_now(&mut self) -> Result<(), EngineError> {
        Ok(())
    }
    fn advance(&mut self, _t_states: u64) -> Result<Vec<Said>, EngineError> {
        let Some(board) = self.pending.take() else {
            return Ok(Vec::new());
        };
        let legal = legal_moves(&board);
        let mut said = Vec::new();
        // The move, its score (engine units, the engine's view) and pass.
        let (best, score, passes) = match self.reply {
            Reply::FirstLegal => (legal.as_slice().first().copied(), 0, 1),
            Reply::Fixed(mv) => (Some(mv), 0, 1),
            Reply::Fail(why) => return Err(EngineError::Module(why.into())),
            Reply::ShownThenPlayed { shown, played } => {
                said.push(Said::Info(Info {
                    pass: 1,
                    score: 16,
                    positions: 50,
                    pv: vec![shown],
                    root: vec![],
                }));
                (Some(played), -32, 2)
            }
        };
        said.push(Said::Decided(Decision {
            best,
            score,
            positions: if passes == 2 { 120 } else { 1 },
            passes,
            book: false,
        }));
        Ok(said)
    }
    fn thinking(&self) -> bool {
        self.pending.is_some()
    }
    fn t_states(&self) -> u64 {
        0
    }
    fn clock_hz(&self) -> Option<f64> {
        None
    }
}
