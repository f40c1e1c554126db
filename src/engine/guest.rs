//! The Z80 guest in the emulated module behind the [`Engine`] interface: every request goes
//! through the one host end of the guest ([`GuestSession`]: the latch protocol, typed) as on
//! the real cartridge.
//!
//! The guest keeps only the last two plies for `TAKEBACK`; this wrapper keeps the whole
//! game (start position and moves), so a deeper take-back is a `SETUP` (or `NEW`) and the
//! moves replayed. How long the module may take to answer is the supervisor's business
//! (`protocol::supervisor`): a module that breaks its rules, faults, garbles a message or
//! plays an illegal move has failed.
//!
//! A failure is never for ever: the module is reset at once and the game set up again from
//! this side's record (level, start position, moves), and the request that met the failure
//! answers [`EngineError::Recovered`], so the front end can say so in one line and go on.

use super::{Engine, EngineError, Info, Limit, RootMove, Said};
use crate::guest::GuestImage;
use crate::guest::session::{GuestSession, SessionError};
use crate::guest::wire::{legal_line_of_wire, legal_move_of_wire, wire_draws};
use crate::machine::Machine;
use crate::protocol::supervisor::LEVEL_AFTER_RESET;
use crate::protocol::{self, Command, Event, GameEnd, GoLong, Module, Refusal};
use crate::reference::game::draw_moves;
use crate::reference::search::MOVE_CAP;
use crate::reference::{Board, Move, legal_moves, levels};

/// The module playing chess.
pub struct GuestEngine {
    session: GuestSession,
    /// Where the game began and the moves to `start` that were not played through the
    /// module (`set_position_after`): they count for repetitions.
    origin: Board,
    before: Vec<Move>,
    start: Board,
    board: Board,
    history: Vec<Move>,
    level: u8,
    thinking: bool,
    /// A reset after a failure did not bring the module back: try again before the next
    /// request.
    broken: bool,
    /// MultiPV: GO asks for the root list after every pass (flag bit 0, protocol 2).
    multipv: bool,
    /// The root moves the thought's GO listed as draws (their key is exactly 0).
    draws: Vec<Move>,
    /// A pass's INFO waiting for its root list: told once all its ROOT events came.
    line: Option<Info>,
    /// How many ROOT events a pass sends: the legal moves, as many as the move stack holds
    /// (set when GO is sent: every pass searches the same root).
    roots_expected: usize,
}

impl std::fmt::Debug for GuestEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GuestEngine")
            .field("rom_version", &self.session.rom_version)
            .field("moves", &self.history.len())
            .field("thinking", &self.thinking)
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
            origin: Board::startpos(),
            before: Vec::new(),
            start: Board::startpos(),
            board: Board::startpos(),
            history: Vec::new(),
            level: LEVEL_AFTER_RESET,
            thinking: false,
            broken: false,
            multipv: false,
            draws: Vec::new(),
            line: None,
            roots_expected: 0,
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
        if self.thinking {
            return Err(EngineError::Busy);
        }
        match self.session.query() {
            Ok(_) => Ok(()),
            Err(SessionError::Unexpected(other)) => Err(EngineError::Module(format!(
                "this ROM does not play chess yet (QUERY answered with {other:?})"
            ))),
            Err(e) => Err(session_error(e)),
        }
    }

    /// The position as this side of the link knows it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Runs a request; a module failure on the way resets the module and sets the game up
    /// again ([`EngineError::Recovered`]). A module that could not be brought back is tried
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

    /// After a failure: reset the module and set the game up again.
    fn recover(&mut self, why: String) -> EngineError {
        self.thinking = false;
        let report = self.module().machine().fault().map(|f| f.to_string());
        match self.revive() {
            Ok(()) => EngineError::Recovered { why, report },
            Err(e) => EngineError::Module(format!("{why}; the reset did not help: {e}")),
        }
    }

    /// Reset the module, wait for `READY`, and give it the level and the game again.
    fn revive(&mut self) -> Result<(), EngineError> {
        self.broken = true;
        self.thinking = false;
        self.session.module_mut().reboot().map_err(module_error)?;
        if self.level != LEVEL_AFTER_RESET {
            let level = self.level;
            self.session.level(level).map_err(session_error)?;
        }
        let moves = std::mem::take(&mut self.history);
        let start = self.start.clone();
        self.set_up(&start)?;
        for m in moves {
            self.play_move(m)?;
        }
        self.broken = false;
        Ok(())
    }

    /// `NEW` for the initial position (the opening book follows the moves), `SETUP` for
    /// any other; the game starts there.
    fn set_up(&mut self, board: &Board) -> Result<(), EngineError> {
        if self.thinking {
            return Err(EngineError::Busy);
        }
        match *board == Board::startpos() {
            true => self.session.new_game(),
            false => self.session.setup(board),
        }
        .map_err(session_error)?;
        self.start = board.clone();
        self.board = board.clone();
        self.history.clear();
        Ok(())
    }

    /// `SETUP` of the start position and every move again (`SETUP` even for the initial
    /// position: a take-back leaves the book, as a one-ply `TAKEBACK` does).
    fn replay(&mut self) -> Result<(), EngineError> {
        let start = self.start.clone();
        let moves = std::mem::take(&mut self.history);
        self.session.setup(&start).map_err(session_error)?;
        self.board = start;
        for m in moves {
            self.play_move(m)?;
        }
        Ok(())
    }

    /// `MOVE`: a legal move on the module's board and on ours.
    fn play_move(&mut self, mv: Move) -> Result<(), EngineError> {
        if !legal_moves(&self.board).as_slice().contains(&mv) {
            return Err(EngineError::IllegalMove(mv.uci()));
        }
        if self.thinking {
            return Err(EngineError::Busy);
        }
        match self.session.play(&mv) {
            Ok(_) => {
                self.board.make(mv);
                self.history.push(mv);
                Ok(())
            }
            Err(SessionError::Refused(Refusal::IllegalMove)) => {
                Err(EngineError::IllegalMove(mv.uci()))
            }
            Err(e) => Err(session_error(e)),
        }
    }

    /// `TAKEBACK`, or set up and replay when the module remembers too little.
    fn undo(&mut self) -> Result<(), EngineError> {
        let Some(last) = self.history.pop() else {
            return Err(EngineError::NothingToUndo);
        };
        if self.thinking {
            self.history.push(last);
            return Err(EngineError::Busy);
        }
        match self.session.take_back() {
            Ok(()) => {
                let mut b = self.start.clone();
                self.history.iter().for_each(|&m| {
                    b.make(m);
                });
                self.board = b;
                Ok(())
            }
            // Deeper than the module remembers: set up and replay.
            Err(SessionError::Refused(Refusal::NothingToUndo)) => self.replay(),
            Err(e) => {
                self.history.push(last);
                Err(session_error(e))
            }
        }
    }

    /// Stop a thought and forget its move (the game changes under the engine).
    fn abandon_thought(&mut self) -> Result<(), EngineError> {
        if self.thinking {
            // Let the stopped thought's BESTMOVE arrive, then forget it.
            self.session.stop_thought().map_err(session_error)?;
            self.thinking = false;
        }
        Ok(())
    }

    /// GO for the game kept here: from protocol 2 on the long form with the root moves
    /// that draw (repetitions of the whole game, the moves before a set-up too, and the
    /// fifty-move rule) and the budget
    /// made explicit (the level's); a protocol-1 ROM gets the short form.
    fn go_command(&self, budget: Option<u32>, draws: &[Move]) -> Result<Command, EngineError> {
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
        GoLong::new(budget, flags, wire_draws(&self.board, draws))
            .map(Command::GoLong)
            .map_err(|e| EngineError::Module(e.to_string()))
    }

    /// The root moves that end the game in a draw (repetitions, the fifty-move rule).
    fn game_draws(&self) -> Vec<Move> {
        let game = [self.before.as_slice(), &self.history].concat();
        draw_moves(&self.origin, &game)
    }

    /// With MultiPV a pass's INFO waits for its root list (one ROOT per legal move, as
    /// many as the move stack holds); without, it is told at once.
    fn hear_info(&mut self, info: Info) -> Option<Said> {
        if !self.multipv || self.session.protocol < 2 {
            return Some(Said::Info(info));
        }
        self.line = Some(info);
        None
    }

    /// One ROOT: a root-list entry of the INFO just heard; the INFO is told with the last.
    fn hear_root(&mut self, mv: protocol::Move, key: i16) -> Result<Option<Said>, EngineError> {
        let mv = self.legal_move_of(mv)?;
        let draw = self.draws.contains(&mv);
        let Some(line) = self.line.as_mut() else {
            return Err(EngineError::Module(format!("ROOT {mv} without its INFO")));
        };
        line.root.push(RootMove { mv, key, draw });
        if line.root.len() < self.roots_expected {
            return Ok(None);
        }
        Ok(self.line.take().map(Said::Info))
    }

    /// The reference move for a wire move in the current position.
    fn legal_move_of(&self, mv: protocol::Move) -> Result<Move, EngineError> {
        legal_move_of_wire(&self.board, mv)
            .ok_or_else(|| EngineError::Module(format!("the module played an illegal move {mv}")))
    }

    /// What one event from a thinking module means, if anything.
    fn hear(&mut self, event: Event) -> Result<Option<Said>, EngineError> {
        match event {
            Event::Info {
                pass,
                score,
                positions,
                pv,
            } => {
                let pv = legal_line_of_wire(&self.board, &pv);
                let root = Vec::new();
                let info = Info {
                    pass,
                    score,
                    positions,
                    pv,
                    root,
                };
                Ok(self.hear_info(info))
            }
            Event::Root { mv, key } => self.hear_root(mv, key),
            Event::BestMove { mv, .. } if self.thinking => {
                let best = self.legal_move_of(mv)?;
                self.board.make(best);
                self.history.push(best);
                self.thinking = false;
                let decided = event.decided().map(|d| d.with_best(Some(best)));
                Ok(decided.map(Said::Decided))
            }
            Event::GameOver(GameEnd::Checkmate | GameEnd::Stalemate | GameEnd::Other(_)) => {
                Ok(None)
            }
            other => Err(unexpected(&other)),
        }
    }

    /// Run the module for `t_states` and collect what it said.
    fn run_for(&mut self, t_states: u64) -> Result<Vec<Said>, EngineError> {
        let mut said = Vec::new();
        for event in self.session.events(t_states).map_err(session_error)? {
            // A line still short of ROOT events is told before the next pass or move.
            if matches!(event, Event::Info { .. } | Event::BestMove { .. })
                && let Some(line) = self.line.take()
            {
                said.push(Said::Info(line));
            }
            if let Some(s) = self.hear(event)? {
                said.push(s);
            }
        }
        Ok(said)
    }
}

fn unexpected(event: &Event) -> EngineError {
    EngineError::Module(format!("unexpected answer {event:?}"))
}

impl Engine for GuestEngine {
    fn name(&self) -> String {
        format!("c7010 module (ROM {})", self.session.rom_version)
    }

    fn set_position(&mut self, board: &Board) -> Result<(), EngineError> {
        let board = board.clone();
        self.guarded(|e| {
            e.abandon_thought()?;
            e.set_up(&board)
        })?;
        self.origin = board;
        self.before.clear();
        Ok(())
    }

    fn remember_before(&mut self, start: &Board, moves: &[Move]) {
        self.origin = start.clone();
        self.before = moves.to_vec();
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
            if e.thinking {
                return Err(EngineError::Busy);
            }
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

    fn go(&mut self, limit: Limit) -> Result<(), EngineError> {
        if self.thinking {
            return Err(EngineError::Busy);
        }
        let legal = legal_moves(&self.board).len();
        if legal == 0 {
            return Err(EngineError::GameOver);
        }
        let budget = match limit {
            Limit::Level => None,
            Limit::Positions(n) => Some(n),
            Limit::Infinite => Some(u32::MAX),
        };
        let draws = self.game_draws();
        let go = self.go_command(budget, &draws)?;
        self.draws = draws;
        self.roots_expected = legal.min(MOVE_CAP);
        self.line = None;
        self.guarded(|e| {
            e.session.start(&go);
            e.thinking = true;
            Ok(())
        })
    }

    fn set_multipv(&mut self, lines: u8) {
        self.multipv = lines > 1;
    }

    fn move_now(&mut self) -> Result<(), EngineError> {
        if self.thinking {
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
        self.thinking
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
        if self.thinking {
            return Some(Err(EngineError::Busy));
        }
        Some(self.module().snapshot().map_err(module_error))
    }

    fn load_machine(&mut self, state: &[u8]) -> Result<(), EngineError> {
        if self.thinking {
            return Err(EngineError::Busy);
        }
        self.session
            .module_mut()
            .restore(state)
            .map_err(module_error)
    }

    fn leave_book(&mut self) -> Result<(), EngineError> {
        // The module leaves its book on a take-back (asm/bookplay.asm), as the table's
        // analysis does: one move played and taken back.
        let Some(&any) = legal_moves(&self.board).as_slice().first() else {
            return Ok(());
        };
        self.play(any)?;
        self.take_back()
    }

    fn perft(&mut self, depth: u8) -> Result<u64, EngineError> {
        self.guarded(|e| {
            if e.thinking {
                return Err(EngineError::Busy);
            }
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
