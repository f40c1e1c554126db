//! The Z80 guest in the emulated module behind the [`Engine`] interface: every request goes
//! through the latch protocol ([`crate::protocol::Module`]) as on the real cartridge.
//!
//! The guest keeps only the last two plies for `TAKEBACK`; this wrapper keeps the whole
//! game (start position and moves), so a deeper take-back is a `SETUP` (or `NEW`) and the
//! moves replayed. Requests other than `GO` are answered at once by the module; we give each
//! answer at most [`ANSWER_T_STATES`] of emulated time.

use super::{Decision, Engine, EngineError, Info, Limit, Said};
use crate::guest::GuestImage;
use crate::guest::session::{legal_move_of_wire, wire_move, wire_position};
use crate::machine::Machine;
use crate::protocol::{self, Command, Event, GameEnd, Module, Refusal};
use crate::reference::{Board, Move, legal_moves};

/// Emulated time the module gets to answer a command that is not `GO`: 0.5 s.
pub const ANSWER_T_STATES: u64 = 2_216_810;

/// The module playing chess.
pub struct GuestEngine {
    module: Module,
    start: Board,
    board: Board,
    history: Vec<Move>,
    level: u8,
    thinking: bool,
    rom_version: u8,
}

impl std::fmt::Debug for GuestEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GuestEngine")
            .field("rom_version", &self.rom_version)
            .field("moves", &self.history.len())
            .field("thinking", &self.thinking)
            .finish_non_exhaustive()
    }
}

fn module_error(e: protocol::ModuleError) -> EngineError {
    EngineError::Module(e.to_string())
}

impl GuestEngine {
    /// Boots a module with `rom` and waits for its `READY`.
    pub fn boot(rom: &[u8]) -> Result<GuestEngine, EngineError> {
        let machine = Machine::new(rom).map_err(|e| EngineError::Module(e.to_string()))?;
        let (module, _protocol, rom_version) = Module::boot(machine).map_err(module_error)?;
        Ok(GuestEngine {
            module,
            start: Board::startpos(),
            board: Board::startpos(),
            history: Vec::new(),
            level: 2,
            thinking: false,
            rom_version,
        })
    }

    /// Boots a module with the ROM committed in `roms/`.
    pub fn builtin() -> Result<GuestEngine, EngineError> {
        Self::boot(&GuestImage::builtin().rom)
    }

    /// The module (its machine for save states, statistics, the debugger).
    pub fn module(&self) -> &Module {
        &self.module
    }

    /// The module, mutably.
    pub fn module_mut(&mut self) -> &mut Module {
        &mut self.module
    }

    /// Asks the module for its state (`QUERY`): a ROM that answers with `STATE` speaks the
    /// whole command set; an older ROM (one that only says `OK`) cannot play yet.
    pub fn check_plays(&mut self) -> Result<(), EngineError> {
        match self.ask(&Command::Query)? {
            Event::State { .. } => Ok(()),
            other => Err(EngineError::Module(format!(
                "this ROM does not play chess yet (QUERY answered with {other:?})"
            ))),
        }
    }

    /// The position as this side of the link knows it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Sends a command and returns the module's first answer.
    fn ask(&mut self, command: &Command) -> Result<Event, EngineError> {
        if self.thinking {
            return Err(EngineError::Busy);
        }
        self.module.send(command);
        loop {
            match self
                .module
                .wait_event(ANSWER_T_STATES)
                .map_err(module_error)?
            {
                // A game-end notice of an earlier move may still be queued.
                Event::GameOver(_) => continue,
                event => return Ok(event),
            }
        }
    }

    /// Sends a command that is answered with `OK`.
    fn ask_ok(&mut self, command: &Command) -> Result<(), EngineError> {
        match self.ask(command)? {
            Event::Ok { .. } => Ok(()),
            Event::Error { reason, .. } => Err(refusal(reason, command)),
            other => Err(unexpected(&other)),
        }
    }

    /// `SETUP` of the start position and every move again (`SETUP` even for the initial
    /// position: a take-back leaves the book, as a one-ply `TAKEBACK` does).
    fn replay(&mut self) -> Result<(), EngineError> {
        let start = self.start.clone();
        let moves = std::mem::take(&mut self.history);
        self.ask_ok(&Command::Setup(Box::new(wire_position(&start))))?;
        self.board = start;
        for m in moves {
            self.play(m)?;
        }
        Ok(())
    }

    /// Finds the reference move for a wire move in the current position.
    fn legal_move_of(&self, mv: protocol::Move) -> Result<Move, EngineError> {
        legal_move_of_wire(&self.board, mv)
            .ok_or_else(|| EngineError::Module(format!("the module played an illegal move {mv}")))
    }
}

fn refusal(reason: Refusal, command: &Command) -> EngineError {
    match (reason, command) {
        (Refusal::IllegalMove, Command::Move(m)) => EngineError::IllegalMove(m.to_string()),
        (Refusal::BadPosition, _) => EngineError::BadPosition("the module refused it".into()),
        (Refusal::NothingToUndo, _) => EngineError::NothingToUndo,
        (Refusal::GameOver, _) => EngineError::GameOver,
        (Refusal::BadArgument, Command::Level(n)) => EngineError::BadLevel(*n),
        (other, _) => EngineError::Module(format!("{command:?} refused: {other}")),
    }
}

fn unexpected(event: &Event) -> EngineError {
    EngineError::Module(format!("unexpected answer {event:?}"))
}

impl Engine for GuestEngine {
    fn name(&self) -> String {
        format!("c7010 module (ROM {})", self.rom_version)
    }

    fn set_position(&mut self, board: &Board) -> Result<(), EngineError> {
        if self.thinking {
            self.move_now()?;
            // Let the stopped thought's BESTMOVE arrive, then forget it.
            self.advance(ANSWER_T_STATES)?;
            self.thinking = false;
        }
        let command = if *board == Board::startpos() {
            Command::New
        } else {
            Command::Setup(Box::new(wire_position(board)))
        };
        self.ask_ok(&command)?;
        self.start = board.clone();
        self.board = board.clone();
        self.history.clear();
        Ok(())
    }

    fn play(&mut self, mv: Move) -> Result<(), EngineError> {
        if !legal_moves(&self.board).as_slice().contains(&mv) {
            return Err(EngineError::IllegalMove(mv.uci()));
        }
        let command = Command::Move(wire_move(&mv));
        match self.ask(&command)? {
            Event::Accepted { mv: wire, .. } if wire == wire_move(&mv) => {
                self.board.make(mv);
                self.history.push(mv);
                Ok(())
            }
            Event::Error { reason, .. } => Err(refusal(reason, &command)),
            other => Err(unexpected(&other)),
        }
    }

    fn take_back(&mut self) -> Result<(), EngineError> {
        let Some(last) = self.history.pop() else {
            return Err(EngineError::NothingToUndo);
        };
        match self.ask(&Command::TakeBack)? {
            Event::Ok { .. } => {
                let mut b = self.start.clone();
                self.history.iter().for_each(|&m| {
                    b.make(m);
                });
                self.board = b;
                Ok(())
            }
            // Deeper than the module remembers: set up and replay.
            Event::Error {
                reason: Refusal::NothingToUndo,
                ..
            } => self.replay(),
            other => {
                self.history.push(last);
                Err(unexpected(&other))
            }
        }
    }

    fn set_level(&mut self, level: u8) -> Result<(), EngineError> {
        if !(1..=6).contains(&level) {
            return Err(EngineError::BadLevel(level));
        }
        self.ask_ok(&Command::Level(level))?;
        self.level = level;
        Ok(())
    }

    fn go(&mut self, limit: Limit) -> Result<(), EngineError> {
        if self.thinking {
            return Err(EngineError::Busy);
        }
        if legal_moves(&self.board).is_empty() {
            return Err(EngineError::GameOver);
        }
        let budget = match limit {
            Limit::Level => None,
            Limit::Positions(n) => Some(n),
            Limit::Infinite => Some(u32::MAX),
        };
        self.module.send(&Command::Go { budget });
        self.thinking = true;
        Ok(())
    }

    fn move_now(&mut self) -> Result<(), EngineError> {
        if self.thinking {
            self.module.send(&Command::MoveNow);
        }
        Ok(())
    }

    fn advance(&mut self, t_states: u64) -> Result<Vec<Said>, EngineError> {
        let end = self.module.machine().cycles().saturating_add(t_states);
        let mut said = Vec::new();
        loop {
            while let Some(event) = self.module.take_event() {
                match event.map_err(module_error)? {
                    Event::Info {
                        pass,
                        score,
                        positions,
                        pv,
                    } => {
                        let mut board = self.board.clone();
                        let mut line = Vec::new();
                        for wire in pv {
                            let Some(m) = legal_move_of_wire(&board, wire) else {
                                break;
                            };
                            board.make(m);
                            line.push(m);
                        }
                        said.push(Said::Info(Info {
                            pass,
                            score,
                            positions,
                            pv: line,
                        }));
                    }
                    Event::BestMove {
                        mv,
                        flags,
                        score,
                        positions,
                        passes,
                    } if self.thinking => {
                        let best = self.legal_move_of(mv)?;
                        self.board.make(best);
                        self.history.push(best);
                        self.thinking = false;
                        said.push(Said::Decided(Decision {
                            best: Some(best),
                            score,
                            positions,
                            passes,
                            book: flags.has(protocol::MoveFlags::BOOK),
                        }));
                    }
                    Event::GameOver(
                        GameEnd::Checkmate | GameEnd::Stalemate | GameEnd::Other(_),
                    ) => {}
                    other => return Err(unexpected(&other)),
                }
            }
            let now = self.module.machine().cycles();
            if now >= end {
                return Ok(said);
            }
            self.module.run(end - now).map_err(module_error)?;
        }
    }

    fn thinking(&self) -> bool {
        self.thinking
    }

    fn t_states(&self) -> u64 {
        self.module.machine().cycles()
    }

    fn clock_hz(&self) -> Option<f64> {
        Some(self.module.machine().clock_hz())
    }

    fn save_machine(&self) -> Option<Result<Vec<u8>, EngineError>> {
        if self.thinking {
            return Some(Err(EngineError::Busy));
        }
        Some(self.module.snapshot().map_err(module_error))
    }

    fn load_machine(&mut self, state: &[u8]) -> Result<(), EngineError> {
        if self.thinking {
            return Err(EngineError::Busy);
        }
        self.module.restore(state).map_err(module_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_positions_go_on_the_wire_as_the_protocol_says() {
        let b = Board::from_fen("4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 7").unwrap();
        let w = wire_position(&b);
        assert_eq!(w.squares[4], 6, "white king on e1");
        assert_eq!(w.squares[60], 6 | 8, "black king on e8");
        assert_eq!(w.squares[0], 4, "white rook on a1");
        assert_eq!(w.squares[35], 1 | 8, "black pawn on d5");
        assert_eq!(w.ep, Some(43), "d6");
        assert_eq!((w.side, w.castling, w.fullmove), (0, 0b0011, 7));
        let e1g1 = crate::reference::parse_uci(&b, "e1g1").unwrap();
        assert_eq!(wire_move(&e1g1).to_string(), "e1g1");
    }

    #[test]
    fn the_builtin_rom_boots() {
        // Whatever the guest can do yet, it must boot and announce itself.
        let engine = GuestEngine::builtin().expect("the committed ROM says READY");
        assert!(engine.name().starts_with("c7010 module"));
        assert!(engine.t_states() > 0);
    }
}
