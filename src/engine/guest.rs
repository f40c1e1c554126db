//! The Z80 guest in the emulated module behind the [`Engine`] interface: every request goes
//! through the one host end of the guest ([`GuestSession`]: the latch protocol, typed) as on
//! the real cartridge.
//!
//! The engine keeps no game of its own: the module holds the position (the [`super::Table`]
//! brings it in step), and a thought gets the game at `go` (its position decodes the
//! module's moves; its moves tell which root moves draw). The guest keeps only the last two
//! plies for `TAKEBACK`; a deeper take-back is refused and the caller sets the game up
//! again. How long the module may take to answer is the supervisor's business
//! (`protocol::supervisor`): a module that breaks its rules, faults, garbles a message or
//! plays an illegal move has failed.
//!
//! A failure is never for ever: the module is reset at once and given its level again, and
//! the request that met the failure answers [`EngineError::Recovered`], so the front end can
//! say so in one line and go on; the table sets the game up again at the next thought.

use super::{Engine, EngineError, Info, Limit, RootMove, Said};
use crate::guest::GuestImage;
use crate::guest::session::{GuestSession, SessionError};
use crate::guest::thought_reader::{Roots, Told};
use crate::guest::wire::{legal_line_of_wire, legal_move_of_wire, wire_draws};
use crate::machine::Machine;
use crate::protocol::supervisor::LEVEL_AFTER_RESET;
use crate::protocol::{self, Command, Event, GoLong, Module, Refusal};
use crate::reference::game::Game;
use crate::reference::search::MOVE_CAP;
use crate::reference::{Board, Move, legal_moves, levels};

/// The module playing chess.
#[derive(Clone)]
pub struct GuestEngine {
    session: GuestSession,
    level: u8,
    /// The thought under way, if any.
    thought: Option<Thought>,
    /// A reset after a failure did not bring the module back: try again before the next
    /// request.
    broken: bool,
    /// MultiPV: GO asks for the root list after every pass (flag bit 0, protocol 2).
    multipv: bool,
}

/// What a thought needs to understand the module while it thinks.
#[derive(Clone)]
struct Thought {
    /// The position thought on: the module's moves are read in it.
    root: Board,
    /// The root moves GO listed as draws (their key is exactly 0).
    draws: Vec<Move>,
}

impl std::fmt::Debug for GuestEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GuestEngine")
            .field("rom_version", &self.session.rom_version)
            .field("level", &self.level)
            .field("thinking", &self.thought.is_some())
            .finish_non_exhaustive()
    }
}

fn module_error(e: protocol::ModuleError) -> EngineError {
    EngineError::Module(e.to_string())
}

/// A session's failure as the engine's: a refusal in the engine's words (`refusal` gives
/// the command's own), anything else the module's failure.
fn session_error(e: SessionError) -> EngineError {
    match e {
        SessionError::Refused(Refusal::NothingToUndo) => EngineError::NothingToUndo,
        SessionError::Refused(Refusal::GameOver) => EngineError::GameOver,
        SessionError::Refused(Refusal::BadPosition) => {
            EngineError::BadPosition("the module refused it".into())
        }
        SessionError::Unexpected(event) => unexpected(&event),
        other => EngineError::Module(other.to_string()),
    }
}

impl GuestEngine {
    /// Boots a module with `rom` and waits for its `READY`. The committed ROM is known by its
    /// bytes and gets its symbols (the supervisor then watches its positions counter too).
    pub fn boot(rom: &[u8]) -> Result<GuestEngine, EngineError> {
        let builtin = GuestImage::builtin();
        if rom == builtin.rom.as_slice() {
            return Self::boot_image(&builtin);
        }
        Self::boot_image(
            &GuestImage::from_parts(rom.to_vec(), "")
                .map_err(|e| EngineError::Module(e.to_string()))?,
        )
    }

    /// Boots a module with an image (ROM and symbols) and waits for its `READY`.
    pub fn boot_image(image: &GuestImage) -> Result<GuestEngine, EngineError> {
        let session = GuestSession::boot(image).map_err(session_error)?;
        Ok(GuestEngine {
            session,
            level: LEVEL_AFTER_RESET,
            thought: None,
            broken: false,
            multipv: false,
        })
    }

    /// Boots a module with the ROM committed in `roms/`.
    pub fn builtin() -> Result<GuestEngine, EngineError> {
        Self::boot_image(&GuestImage::builtin())
    }

    /// The module (its machine for save states, statistics, the debugger).
    pub fn module(&self) -> &Module {
        self.session.module()
    }

    /// The module, mutably.
    pub fn module_mut(&mut self) -> &mut Module {
        self.session.module_mut()
    }

    /// Asks the module for its state (`QUERY`): a ROM that answers with `STATE` speaks the
    /// whole command set; an older ROM (one that only says `OK`) cannot play yet.
    pub fn check_plays(&mut self) -> Result<(), EngineError> {
        self.idle()?;
        match self.session.query() {
            Ok(_) => Ok(()),
            Err(SessionError::Unexpected(other)) => Err(EngineError::Module(format!(
                "this ROM does not play chess yet (QUERY answered with {other:?})"
            ))),
            Err(e) => Err(session_error(e)),
        }
    }

    /// Busy while a thought is under way.
    fn idle(&self) -> Result<(), EngineError> {
        match self.thought {
            Some(_) => Err(EngineError::Busy),
            None => Ok(()),
        }
    }

    /// Runs a request; a module failure on the way resets the module
    /// ([`EngineError::Recovered`]). A module that could not be brought back is tried
    /// again first.
    fn guarded<T>(
        &mut self,
        request: impl FnOnce(&mut Self) -> Result<T, EngineError>,
    ) -> Result<T, EngineError> {
        if self.broken {
            self.revive()?;
        }
        match request(self) {
            Err(EngineError::Module(why)) => Err(self.recover(why)),
            other => other,
        }
    }

    /// After a failure: reset the module.
    fn recover(&mut self, why: String) -> EngineError {
        self.thought = None;
        let report = self.module().machine().fault().map(|f| f.to_string());
        match self.revive() {
            Ok(()) => EngineError::Recovered { why, report },
            Err(e) => EngineError::Module(format!("{why}; the reset did not help: {e}")),
        }
    }

    /// Reset the module, wait for `READY`, and give it the level again (the game is the
    /// caller's to set up again).
    fn revive(&mut self) -> Result<(), EngineError> {
        self.broken = true;
        self.thought = None;
        self.session.module_mut().reboot().map_err(module_error)?;
        if self.level != LEVEL_AFTER_RESET {
            let level = self.level;
            self.session.level(level).map_err(session_error)?;
        }
        self.broken = false;
        Ok(())
    }

    /// `NEW` for the initial position (the opening book follows the moves), `SETUP` for
    /// any other.
    fn set_up(&mut self, board: &Board) -> Result<(), EngineError> {
        self.idle()?;
        match *board == Board::startpos() {
            true => self.session.new_game(),
            false => self.session.setup(board),
        }
        .map_err(session_error)
    }

    /// `MOVE`: the module refuses a move illegal on its board.
    fn play_move(&mut self, mv: Move) -> Result<(), EngineError> {
        self.idle()?;
        match self.session.play(&mv) {
            Ok(_) => Ok(()),
            Err(SessionError::Refused(Refusal::IllegalMove)) => {
                Err(EngineError::IllegalMove(mv.uci()))
            }
            Err(e) => Err(session_error(e)),
        }
    }

    /// `TAKEBACK`; deeper than the module remembers (two plies) it is refused
    /// ([`EngineError::NothingToUndo`]).
    fn undo(&mut self) -> Result<(), EngineError> {
        self.idle()?;
        self.session.take_back().map_err(session_error)
    }

    /// Stop a thought and forget its move (the game changes under the engine).
    fn abandon_thought(&mut self) -> Result<(), EngineError> {
        if self.thought.is_some() {
            // Let the stopped thought's BESTMOVE arrive, then forget it.
            self.session.stop_thought().map_err(session_error)?;
            self.thought = None;
        }
        Ok(())
    }

    /// GO for a thought on `root`: from protocol 2 on the long form with the root moves
    /// that draw (repetitions of the whole game, the moves before a set-up too, and the
    /// fifty-move rule) and the budget made explicit (the level's); a protocol-1 ROM gets
    /// the short form.
    fn go_command(
        &self,
        budget: Option<u32>,
        root: &Board,
        draws: &[Move],
    ) -> Result<Command, EngineError> {
        if self.session.protocol < 2 {
            return Ok(Command::Go { budget });
        }
        let budget = match budget {
            Some(n) => n,
            None => levels::budget(self.level).map_err(|_| EngineError::BadLevel(self.level))?,
        };
        let flags = if self.multipv {
            GoLong::ROOTS_EVERY_PASS
        } else {
            0
        };
        GoLong::new(budget, flags, wire_draws(root, draws))
            .map(Command::GoLong)
            .map_err(|e| EngineError::Module(e.to_string()))
    }

    /// What the module's reading of the thought means in the reference's moves: every
    /// move legal on the root (an illegal one is the module's failure), the root moves GO
    /// listed as draws marked.
    fn understood(&mut self, told: Told) -> Result<Said, EngineError> {
        let thought = self.thought.as_ref().ok_or_else(|| {
            EngineError::Module("the module spoke of a thought not asked for".into())
        })?;
        match told {
            Told::Pass(pass) => {
                let root = pass
                    .root
                    .iter()
                    .map(|r| {
                        let mv = legal_move_in(&thought.root, r.mv)?;
                        let draw = thought.draws.contains(&mv);
                        Ok(RootMove {
                            mv,
                            key: r.key,
                            draw,
                        })
                    })
                    .collect::<Result<_, EngineError>>()?;
                Ok(Said::Info(Info {
                    pass: pass.pass,
                    score: pass.score,
                    positions: pass.positions,
                    pv: legal_line_of_wire(&thought.root, &pass.pv),
                    root,
                }))
            }
            Told::Decided { decided, .. } => {
                let wire = decided
                    .best
                    .ok_or_else(|| EngineError::Module("a decision without a move".into()))?;
                let best = legal_move_in(&thought.root, wire)?;
                self.thought = None;
                Ok(Said::Decided(decided.with_best(Some(best))))
            }
        }
    }

    /// Run the module for `t_states` and collect what it said.
    fn run_for(&mut self, t_states: u64) -> Result<Vec<Said>, EngineError> {
        let told = self
            .session
            .thought_events(t_states)
            .map_err(session_error)?;
        told.into_iter().map(|t| self.understood(t)).collect()
    }
}

/// The reference move for a wire move in `board`: an illegal one is the module's failure.
fn legal_move_in(board: &Board, mv: protocol::Move) -> Result<Move, EngineError> {
    legal_move_of_wire(board, mv)
        .ok_or_else(|| EngineError::Module(format!("the module played an illegal move {mv}")))
}

fn unexpected(event: &Event) -> EngineError {
    EngineError::Module(format!("unexpected answer {event:?}"))
}

impl Engine for GuestEngine {
    fn boxed_clone(&self) -> Option<Box<dyn Engine>> {
        Some(Box::new(self.clone()))
    }

    fn name(&self) -> String {
        format!("c7010 module (ROM {})", self.session.rom_version)
    }

    fn set_position(&mut self, board: &Board) -> Result<(), EngineError> {
        self.guarded(|e| {
            e.abandon_thought()?;
            e.set_up(board)
        })
    }

    fn play(&mut self, mv: Move) -> Result<(), EngineError> {
        self.guarded(|e| e.play_move(mv))
    }

    fn take_back(&mut self) -> Result<(), EngineError> {
        self.guarded(Self::undo)
    }

    fn set_level(&mut self, level: u8) -> Result<(), EngineError> {
        if !(1..=6).contains(&level) {
            return Err(EngineError::BadLevel(level));
        }
        self.guarded(|e| {
            e.idle()?;
            match e.session.level(level) {
                Ok(()) => {
                    e.level = level;
                    Ok(())
                }
                Err(SessionError::Refused(Refusal::BadArgument)) => {
                    Err(EngineError::BadLevel(level))
                }
                Err(other) => Err(session_error(other)),
            }
        })
    }

    fn go(&mut self, game: &Game, limit: Limit) -> Result<(), EngineError> {
        self.idle()?;
        let root = game.board().clone();
        let legal = legal_moves(&root).len();
        if legal == 0 {
            return Err(EngineError::GameOver);
        }
        let budget = match limit {
            Limit::Level => None,
            Limit::Positions(n) => Some(n),
            Limit::Infinite => Some(u32::MAX),
        };
        let draws = game.draw_moves();
        let go = self.go_command(budget, &root, &draws)?;
        // With MultiPV each pass sends one ROOT per legal move, as many as the move stack
        // holds (every pass searches the same root).
        let roots = match self.multipv && self.session.protocol >= 2 {
            true => Roots::Exactly(legal.min(MOVE_CAP)),
            false => Roots::None,
        };
        let thought = Thought { root, draws };
        self.guarded(|e| {
            e.session.start(&go, roots);
            e.thought = Some(thought);
            Ok(())
        })
    }

    fn set_multipv(&mut self, lines: u8) {
        self.multipv = lines > 1;
    }

    fn move_now(&mut self) -> Result<(), EngineError> {
        if self.thought.is_some() {
            self.session.move_now();
        }
        Ok(())
    }

    fn abandon(&mut self) -> Result<(), EngineError> {
        // The module plays the stopped thought's move on its board; the trait's contract is
        // that the engine is set up again before it next thinks (the table does, once), so
        // no set-up here: it would be done twice.
        self.guarded(Self::abandon_thought)
    }

    fn advance(&mut self, t_states: u64) -> Result<Vec<Said>, EngineError> {
        self.guarded(|e| e.run_for(t_states))
    }

    fn thinking(&self) -> bool {
        self.thought.is_some()
    }

    fn t_states(&self) -> u64 {
        self.module().machine().cycles()
    }

    fn clock_hz(&self) -> Option<f64> {
        Some(self.module().machine().clock_hz())
    }

    fn machine_mut(&mut self) -> Option<&mut Machine> {
        Some(self.session.module_mut().machine_mut())
    }

    fn save_machine(&self) -> Option<Result<Vec<u8>, EngineError>> {
        Some(
            self.idle()
                .and_then(|()| self.module().snapshot().map_err(module_error)),
        )
    }

    fn load_machine(&mut self, state: &[u8]) -> Result<(), EngineError> {
        self.idle()?;
        self.session
            .module_mut()
            .restore(state)
            .map_err(module_error)
    }

    fn leave_book(&mut self, board: &Board) -> Result<(), EngineError> {
        // SETUP leaves the module's book (asm/bookplay.asm), even at the initial position.
        self.guarded(|e| {
            e.abandon_thought()?;
            e.session.setup(board).map_err(session_error)
        })
    }

    fn perft(&mut self, board: &Board, depth: u8) -> Result<u64, EngineError> {
        self.guarded(|e| {
            e.idle()?;
            e.session.setup(board).map_err(session_error)?;
            match e.session.perft(depth) {
                Ok(n) => Ok(u64::from(n.count)),
                // PERFT deeper than the module's stack holds (PFTMAX, asm/perft.asm).
                Err(SessionError::Refused(Refusal::BadArgument)) => Err(EngineError::Unsupported(
                    format!("the module refused perft {depth}: too deep for its stack"),
                )),
                Err(other) => Err(session_error(other)),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_rom_boots() {
        // Whatever the guest can do yet, it must boot and announce itself.
        let engine = GuestEngine::builtin().expect("the committed ROM says READY");
        assert!(engine.name().starts_with("c7010 module"));
        assert!(engine.t_states() > 0);
    }
}
