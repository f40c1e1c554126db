//! A game with the guest, typed: the rest of the crate's way to play against the module.
//!
//! [`GuestSession`] wraps [`Module`] (the latch link to the emulated C7010) and turns each
//! protocol exchange of `docs/protocol.md` into one call with a typed answer: positions go in
//! and out as [`reference::Board`], moves as [`reference::Move`] or UCI text. A refusal by the
//! module (illegal move, impossible position, ...) is [`SessionError::Refused`] with the
//! module's reason; a fault, silence or an unexpected answer is an error too, never a panic.

use std::fmt;

use super::image::GuestImage;
use super::thought_reader::{Roots, ThoughtReader, Told};
use super::wire::{WireError, board_from_wire, parse_uci, wire_move, wire_position};
use crate::machine::{ConfigError, Machine};
use crate::protocol::supervisor::{ANSWER_T_STATES, RomFacts};
use crate::protocol::{
    Command, Decided, Event, GameEnd, GoLong, Module, ModuleError, Move as WireMove, MoveFlags,
    Pass, Refusal,
};
use crate::reference::{self, Board};

/// Why a session call failed.
#[derive(Debug, Clone, PartialEq)]
pub enum SessionError {
    /// The ROM could not be put into a machine.
    Config(ConfigError),
    /// The link or the machine failed (fault, silence, garbled message).
    Module(ModuleError),
    /// The module refused the command, with its reason.
    Refused(Refusal),
    /// The module answered with an event this command does not expect.
    Unexpected(Box<Event>),
    /// Move text that is not UCI, or a position from the module (QUERY) that is not one.
    Wire(WireError),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Config(e) => write!(f, "{e}"),
            SessionError::Module(e) => write!(f, "{e}"),
            SessionError::Refused(r) => write!(f, "the module refused: {r}"),
            SessionError::Unexpected(e) => write!(f, "unexpected answer from the module: {e:?}"),
            SessionError::Wire(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SessionError {}

impl From<WireError> for SessionError {
    fn from(e: WireError) -> Self {
        SessionError::Wire(e)
    }
}

impl From<ModuleError> for SessionError {
    fn from(e: ModuleError) -> Self {
        SessionError::Module(e)
    }
}

/// A move the module accepted (`MOVE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Capture, check, mate, promotion, castling, en passant, stalemate.
    pub flags: MoveFlags,
    /// Set when the move ended the game.
    pub game_over: Option<GameEnd>,
}

/// The module's answer to `GO`: its move, already played on its board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMove {
    /// The move on the wire (`a1 = 0`).
    pub mv: WireMove,
    /// Its flags.
    pub flags: MoveFlags,
    /// Score from the module's view (units, pawn = 16).
    pub score: i16,
    /// Positions evaluated.
    pub positions: u32,
    /// Passes completed.
    pub passes: u8,
    /// Set when the move ended the game.
    pub game_over: Option<GameEnd>,
    /// Emulated T-states from the command to the answer.
    pub t_states: u64,
}

impl BestMove {
    /// The decision it reports, in the one form every layer has ([`Decided`]), as the
    /// `BESTMOVE` event carried it.
    pub fn decided(&self) -> Decided<WireMove> {
        Decided {
            best: Some(self.mv),
            score: self.score,
            positions: self.positions,
            passes: self.passes,
            book: self.flags.has(MoveFlags::BOOK),
        }
    }
}

/// One analysis line the module sent while thinking (`INFO`, then its `ROOT`s when GO's
/// flag bit 0 asked for them), in wire moves (the engine-level [`crate::engine::Info`] is
/// the same report in reference moves).
pub type WireInfo = Pass<WireMove>;

/// A perft count with the emulated time it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftCount {
    /// Leaves at the depth asked.
    pub count: u32,
    /// Emulated T-states from the command to the answer.
    pub t_states: u64,
}

/// What `QUERY` tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestState {
    /// The module's position (material and king squares recounted from the pieces).
    pub board: Board,
    /// The side to move is in check.
    pub in_check: bool,
    /// Playing level 1-6.
    pub level: u8,
}

/// A booted module and its typed command set: the one host end of the guest. The playing
/// engine ([`crate::engine::guest::GuestEngine`]) is a thin layer over it that keeps the
/// game for a reset; a thought can be run in one call ([`GuestSession::go`]) or stepped
/// ([`GuestSession::start`], then [`GuestSession::events`]).
#[derive(Clone)]
pub struct GuestSession {
    module: Module,
    /// ROM version the module announced in `READY`.
    pub rom_version: u8,
    /// Protocol version the module announced in `READY` (from 2 on, GO's long form).
    pub protocol: u8,
    /// The thought started with [`start`](Self::start), read by the one reader.
    thought: Option<ThoughtReader>,
}

impl GuestSession {
    /// Put `image` into a fresh machine, release reset and wait for `READY`.
    pub fn boot(image: &GuestImage) -> Result<GuestSession, SessionError> {
        let machine = Machine::new(&image.rom).map_err(SessionError::Config)?;
        let (mut module, protocol, rom_version) = Module::boot(machine)?;
        module.set_rom_facts(RomFacts {
            counter: image.symbol("POSCNT").ok(),
            // The guest's LEVELS table holds the reference's budgets (a test reads it).
            level_budgets: crate::reference::levels::LEVEL_BUDGETS,
        });
        Ok(GuestSession {
            module,
            rom_version,
            protocol,
            thought: None,
        })
    }

    /// The link, for its machine's clock and statistics.
    pub fn module(&self) -> &Module {
        &self.module
    }

    /// The link, mutably (poll interval).
    pub fn module_mut(&mut self) -> &mut Module {
        &mut self.module
    }

    /// Send a command and return the module's first answer, in the time the supervisor
    /// allows (`protocol::supervisor`). A game-end notice of an earlier move that is still
    /// queued (a thought's mate) is passed over.
    fn ask(&mut self, command: &Command) -> Result<Event, SessionError> {
        self.module.send(command);
        loop {
            match self.module.wait_owed()? {
                Event::GameOver(_) => continue,
                event => return Ok(event),
            }
        }
    }

    /// The next event, which must follow an earlier one at once (GAMEOVER after a move).
    fn next_event(&mut self) -> Result<Event, SessionError> {
        Ok(self.module.wait_event(ANSWER_T_STATES)?)
    }

    /// Expect `OK` for `command`.
    fn expect_ok(&mut self, command: &Command) -> Result<(), SessionError> {
        match self.ask(command)? {
            Event::Ok { command: c } if c == command.kind() => Ok(()),
            other => Err(refusal_or_unexpected(other)),
        }
    }

    /// `NEW`: the initial position.
    pub fn new_game(&mut self) -> Result<(), SessionError> {
        self.expect_ok(&Command::New)
    }

    /// `SETUP`: any position (the module refuses impossible ones with `BadPosition`).
    pub fn setup(&mut self, board: &Board) -> Result<(), SessionError> {
        self.expect_ok(&Command::Setup(Box::new(wire_position(board))))
    }

    /// `MOVE` with a reference move.
    pub fn play(&mut self, mv: &reference::Move) -> Result<Played, SessionError> {
        self.play_wire(wire_move(mv))
    }

    /// `MOVE` with UCI text (`e2e4`, `e7e8q`, castling as the king's move `e1g1`).
    pub fn play_uci(&mut self, text: &str) -> Result<Played, SessionError> {
        self.play_wire(parse_uci(text)?)
    }

    /// `MOVE` with a wire move.
    pub fn play_wire(&mut self, mv: WireMove) -> Result<Played, SessionError> {
        match self.ask(&Command::Move(mv))? {
            Event::Accepted { mv: got, flags } if got == mv => {
                let game_over = self.game_over_after(flags)?;
                Ok(Played { flags, game_over })
            }
            other => Err(refusal_or_unexpected(other)),
        }
    }

    /// After a move with the mate or stalemate flag the module sends `GAMEOVER`.
    fn game_over_after(&mut self, flags: MoveFlags) -> Result<Option<GameEnd>, SessionError> {
        if !flags.has(MoveFlags::MATE) && !flags.has(MoveFlags::STALEMATE) {
            return Ok(None);
        }
        match self.next_event()? {
            Event::GameOver(end) => Ok(Some(end)),
            other => Err(SessionError::Unexpected(Box::new(other))),
        }
    }

    /// `GO`: the module thinks (with `budget` positions, or its level's) and plays; each
    /// analysis line goes to `on_info`.
    pub fn go(
        &mut self,
        budget: Option<u32>,
        on_info: impl FnMut(&WireInfo),
    ) -> Result<BestMove, SessionError> {
        self.think(&Command::Go { budget }, on_info)
    }

    /// `GO`'s long form (protocol 2): a budget, flags and the root moves that draw.
    pub fn go_long(
        &mut self,
        go: GoLong,
        on_info: impl FnMut(&WireInfo),
    ) -> Result<BestMove, SessionError> {
        self.think(&Command::GoLong(go), on_info)
    }

    /// Sends a `GO` and hears the search to its `BESTMOVE`, read by the one reader: a pass
    /// goes to `on_info` once the `ROOT` events that follow it have come (at the next
    /// `INFO` or `BESTMOVE`).
    fn think(
        &mut self,
        go: &Command,
        mut on_info: impl FnMut(&WireInfo),
    ) -> Result<BestMove, SessionError> {
        let start = self.module.machine().cycles();
        self.module.send(go);
        let mut reader = ThoughtReader::new(roots_of(go));
        let mut told = Vec::new();
        loop {
            let event = self.module.wait_owed()?;
            reader
                .read(event, &mut told)
                .map_err(refusal_or_unexpected)?;
            for t in told.drain(..) {
                match t {
                    Told::Pass(info) => on_info(&info),
                    Told::Decided { decided, flags } => {
                        let t_states = self.module.machine().cycles() - start;
                        let game_over = self.game_over_after(flags)?;
                        return Ok(BestMove {
                            mv: decided.best.ok_or_else(|| no_move(flags))?,
                            flags,
                            score: decided.score,
                            positions: decided.positions,
                            passes: decided.passes,
                            game_over,
                            t_states,
                        });
                    }
                }
            }
        }
    }

    /// `MOVENOW`: during a search the module stops and answers `BESTMOVE`; outside one it is
    /// ignored (no answer), so this only sends it.
    pub fn move_now(&mut self) {
        self.module.send(&Command::MoveNow);
    }

    /// Starts a thought (`GO` in either form) without waiting for it, each pass followed
    /// by `roots` `ROOT` events: what it says comes from
    /// [`thought_events`](Self::thought_events).
    pub fn start(&mut self, go: &Command, roots: Roots) {
        self.module.send(go);
        self.thought = Some(ThoughtReader::new(roots));
    }

    /// Runs the module for `t_states` of emulated time and reads what the thought started
    /// with [`start`](Self::start) said: its passes and its decision, which ends it. The
    /// `GAMEOVER` that follows a decision that mates or stalemates is passed over (its
    /// flags say so), in this call or a later one, as the commands' answers pass it over;
    /// any other event no thought sends is the module's failure.
    pub fn thought_events(&mut self, t_states: u64) -> Result<Vec<Told>, SessionError> {
        let mut told = Vec::new();
        for event in self.events(t_states)? {
            let Some(reader) = self.thought.as_mut() else {
                if let Event::GameOver(_) = event {
                    continue;
                }
                return Err(refusal_or_unexpected(event));
            };
            reader
                .read(event, &mut told)
                .map_err(refusal_or_unexpected)?;
            if matches!(told.last(), Some(Told::Decided { .. })) {
                self.thought = None;
            }
        }
        Ok(told)
    }

    /// True while a thought started with [`start`](Self::start) has not decided.
    pub fn thinking(&self) -> bool {
        self.thought.is_some()
    }

    /// Runs the module for `t_states` of emulated time and returns the events it sent, in
    /// order (a thought's `INFO`, `ROOT`, `BESTMOVE`, `GAMEOVER`).
    pub fn events(&mut self, t_states: u64) -> Result<Vec<Event>, SessionError> {
        let end = self.module.machine().cycles().saturating_add(t_states);
        let mut events = Vec::new();
        loop {
            while let Some(event) = self.module.take_event() {
                events.push(event?);
            }
            let now = self.module.machine().cycles();
            if now >= end {
                return Ok(events);
            }
            self.module.run(end - now)?;
        }
    }

    /// Stops a thought started with [`start`](Self::start) and forgets its move: `MOVENOW`,
    /// then the events up to its `BESTMOVE` (the module has played that move on its board).
    pub fn stop_thought(&mut self) -> Result<(), SessionError> {
        self.thought = None;
        self.module.send(&Command::MoveNow);
        loop {
            if let Event::BestMove { .. } = self.module.wait_owed()? {
                return Ok(());
            }
        }
    }

    /// `TAKEBACK`: the last ply (the module keeps two; deeper takebacks are `setup` of an
    /// earlier position and replaying the moves after it).
    pub fn take_back(&mut self) -> Result<(), SessionError> {
        self.expect_ok(&Command::TakeBack)
    }

    /// `LEVEL`: 1-6 (`BadArgument` otherwise).
    pub fn level(&mut self, level: u8) -> Result<(), SessionError> {
        self.expect_ok(&Command::Level(level))
    }

    /// `PERFT`: leaves to `depth` (the module counts up to `PFTMAX`, asm/perft.asm, and refuses
    /// deeper) and the emulated time.
    /// The module cannot be interrupted while it counts; it is watched by its leaf counter.
    pub fn perft(&mut self, depth: u8) -> Result<PerftCount, SessionError> {
        let start = self.module.machine().cycles();
        match self.ask(&Command::Perft(depth))? {
            Event::Perft { depth: d, count } if d == depth => Ok(PerftCount {
                count,
                t_states: self.module.machine().cycles() - start,
            }),
            other => Err(refusal_or_unexpected(other)),
        }
    }

    /// `QUERY`: the module's position, check status and level.
    pub fn query(&mut self) -> Result<GuestState, SessionError> {
        match self.ask(&Command::Query)? {
            Event::State {
                position,
                in_check,
                level,
            } => Ok(GuestState {
                board: board_from_wire(&position)?,
                in_check,
                level,
            }),
            other => Err(refusal_or_unexpected(other)),
        }
    }
}

/// The `ROOT`s a `GO` asks for after each pass: with the long form's flag, as many as the
/// root has legal moves (not known here: each pass is told at the next `INFO` or
/// `BESTMOVE`).
fn roots_of(go: &Command) -> Roots {
    match go {
        Command::GoLong(g) if g.flags & GoLong::ROOTS_EVERY_PASS != 0 => Roots::UntilNext,
        _ => Roots::None,
    }
}

/// A decision without a move (the wire always has one).
fn no_move(flags: MoveFlags) -> SessionError {
    SessionError::Unexpected(Box::new(Event::BestMove {
        decided: Decided::none(),
        flags,
    }))
}

fn refusal_or_unexpected(event: Event) -> SessionError {
    match event {
        Event::Error { reason, .. } => SessionError::Refused(reason),
        other => SessionError::Unexpected(Box::new(other)),
    }
}
