//! The engine side of both protocols: the game as the GUI describes it, an engine kept in step
//! with it, the options every front end shares (level, clock, clock rate, ROM), and the
//! thinking loop that spends an allocation in slices of emulated time while it listens.
//!
//! The game is mirrored on a reference [`Board`] so that every move from the GUI is checked
//! before the engine sees it; the engine is brought up to date lazily, just before it thinks
//! (playing only the new moves when its game is a prefix of the GUI's).

use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::budget::Budget;
use super::clock::{ClockMode, Request, allocate};
use super::input::{Input, Poll};
use super::multipv::other_lines;
use crate::engine::{Decision, Engine, EngineError, Info, Limit, RootMove, Said};
use crate::machine::DEFAULT_CLOCK_HZ;
use crate::reference::{Board, Move, MoveTextError, book, legal_moves, levels, parse_uci};

/// One slice of thinking: 20 ms of emulated time at the module's clock. Commands from the GUI
/// are looked at between slices.
pub const SLICE_T_STATES: u64 = 88_672;
/// Positions the reference searches for `go infinite`: it cannot be interrupted, so its
/// endless thought is the budget of level 5 (taken from the level table, so that it follows a
/// recalibration).
pub const REF_INFINITE_POSITIONS: u32 = levels::LEVEL_BUDGETS[4];
/// Times a thought is tried again after the module failed and was reset, before the
/// reference twin answers in its place for this one move.
pub const RETRIES_AFTER_FAILURE: u32 = 1;
/// Slices any engine may take to answer after being told to move now, before it is called
/// broken (10 s of emulated time). The module's own supervisor allows it 2 s, so this only
/// ever catches an engine without one.
pub const ANSWER_GRACE_SLICES: u32 = 500;
/// The level a new session starts at (the module's beginner level).
pub const DEFAULT_LEVEL: u8 = 2;

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
    /// then waits behind it, in order, except the urgent ones ([`Listener::urgent`]).
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

/// One analysis line for the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoLine {
    /// Pass (the engine's iteration; UCI `depth`); 0 for a line made from a decision taken
    /// before the first pass completed, which is shown without a depth (UCI) or not at all
    /// (xboard: a thinking line needs its ply).
    pub pass: u8,
    /// Engine units, pawn = 16, side to move's view.
    pub score: i16,
    /// Positions evaluated (UCI `nodes`).
    pub positions: u32,
    /// Time thought so far, in milliseconds of the session's clock.
    pub time_ms: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// MultiPV lines asked for (1: the best line alone, shown as ever).
    pub multipv: u8,
    /// Lines 2 and on (at most `multipv - 1`): root moves and their keys after the pass
    /// ([`super::multipv::other_lines`]).
    pub others: Vec<RootMove>,
}

/// The protocol's side of a thought: it prints analysis and decides about commands.
pub trait Listener {
    /// Print one analysis line.
    fn info(&mut self, line: &InfoLine) -> io::Result<()>;
    /// A command arrived while thinking.
    fn command(&mut self, line: &str) -> io::Result<Control>;
    /// Commands that act on the thought at once even behind deferred ones (`stop`, `?`):
    /// they are for the thought under way. (A `quit` behind deferred commands waits its
    /// turn, so a piped script runs to its end.)
    fn urgent(&self, line: &str) -> bool;
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

/// What the GUI asked of a thought while it ran; kept across a restart after a failure, so
/// that a `stop` given before the module failed is not asked for again.
#[derive(Clone, Copy, Debug, Default)]
struct Asked {
    stop: bool,
    abandon: bool,
    quit: bool,
    /// `ponderhit` came: the thought is for our move now, with the clock running.
    hit: bool,
}

/// The engine's game as the player last left it: the game's start and moves, of which the
/// first `set_up_at` were not played on the engine (it was set up at the position after
/// them, so it cannot take them back).
#[derive(Clone, Debug)]
struct EngineLine {
    start: Board,
    moves: Vec<Move>,
    set_up_at: usize,
}

/// What one `go` turns into.
#[derive(Clone, Copy, Debug)]
struct Plan {
    limit: Limit,
    /// Emulated time to spend (engines with a clock, emulated mode).
    t_states: Option<u64>,
    /// Real time after which the engine is told to move.
    wall_ms: Option<u64>,
    depth: Option<u8>,
}

/// The game, the engine and the options behind a UCI or xboard session.
pub struct Player {
    factory: EngineFactory,
    engine: Box<dyn Engine>,
    level: u8,
    clock: ClockMode,
    clock_mhz: Option<f64>,
    rom: Option<PathBuf>,
    start: Board,
    moves: Vec<Move>,
    board: Board,
    /// The engine's own game, `None` when it must be set up afresh.
    engine_line: Option<EngineLine>,
    /// The principal variation of the last pass of the last thought.
    last_pv: Vec<Move>,
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
        let mut engine = factory(rom.as_deref())?;
        engine
            .set_level(DEFAULT_LEVEL)
            .map_err(|e| SetupError(e.to_string()))?;
        Ok(Player {
            factory,
            engine,
            level: DEFAULT_LEVEL,
            clock: ClockMode::Emulated,
            clock_mhz: None,
            rom,
            start: Board::startpos(),
            moves: Vec::new(),
            board: Board::startpos(),
            engine_line: None,
            last_pv: Vec::new(),
            ponder: false,
            multipv: 1,
            limit_strength: false,
            elo: super::strength::ELO_MIN,
        })
    }

    /// The engine's name.
    pub fn engine_name(&self) -> String {
        self.engine.name()
    }

    /// The current position of the game.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played since the start position.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The level 1-6.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// The clock thinking time is measured on.
    pub fn clock(&self) -> ClockMode {
        self.clock
    }

    /// The clock rate in MHz used to turn time into T-states (the engine's own by default).
    pub fn clock_mhz(&self) -> f64 {
        self.clock_mhz
            .unwrap_or_else(|| self.engine.clock_hz().unwrap_or(DEFAULT_CLOCK_HZ) / 1e6)
    }

    /// A new game from the start position; the engine forgets its game too.
    pub fn new_game(&mut self) {
        self.set_game(Board::startpos(), Vec::new());
        self.engine_line = None;
    }

    /// Set up the game: a start position and moves that are legal from it, in order.
    pub fn set_game(&mut self, start: Board, moves: Vec<Move>) {
        let mut board = start.clone();
        for &m in &moves {
            board.make(m);
        }
        self.start = start;
        self.moves = moves;
        self.board = board;
    }

    /// Play a move given in UCI form (e2e4, e7e8q) on the game, if it is legal.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveTextError> {
        let m = parse_uci(&self.board, text)?;
        self.board.make(m);
        self.moves.push(m);
        Ok(m)
    }

    /// Take back the last move of the game; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        let moves = std::mem::take(&mut self.moves);
        self.set_game(self.start.clone(), moves);
        true
    }

    /// Set the level 1-6 (it plays unless a strength is asked: [`set_strength`]).
    ///
    /// [`set_strength`]: Self::set_strength
    pub fn set_level(&mut self, level: u8) -> Result<(), EngineError> {
        levels::budget(level).map_err(|_| EngineError::BadLevel(level))?;
        self.level = level;
        self.engine.set_level(self.playing_level())
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
        self.engine.set_level(self.playing_level())
    }

    /// Keep a `UCI_Elo` for when the strength is limited.
    pub fn remember_elo(&mut self, elo: u16) {
        self.elo = elo;
    }

    /// The level the engine plays at: the strength's when one is asked, else `Level`.
    pub fn playing_level(&self) -> u8 {
        self.strength()
            .map_or(self.level, super::strength::level_for)
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
        self.engine.set_multipv(lines);
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
        engine
            .set_level(self.playing_level())
            .map_err(|e| SetupError(e.to_string()))?;
        engine.set_multipv(self.multipv);
        self.engine = engine;
        self.rom = rom;
        self.engine_line = None;
        Ok(())
    }

    /// The ROM file the engine was built from (`None`: built-in).
    pub fn rom(&self) -> Option<&Path> {
        self.rom.as_deref()
    }

    /// Bring the engine's game up to the GUI's: play the missing moves, take back extra
    /// ones, or set it up afresh.
    fn sync(&mut self) -> Result<(), EngineError> {
        if let Some(line) = &self.engine_line
            && line.start == self.start
        {
            let common = line
                .moves
                .iter()
                .zip(&self.moves)
                .take_while(|(a, b)| a == b)
                .count();
            let extra = line.moves.len() - common;
            // Taking back a move or two is cheaper than a fresh setup; but a take-back leaves
            // the opening book, so a game from the initial position still in the book's reach
            // starts over (NEW and its moves: the book follows them again).
            let in_book = self.start == Board::startpos() && line.set_up_at == 0;
            if common >= line.set_up_at && extra <= 2 && (extra == 0 || !in_book) {
                let caught_up = (0..extra)
                    .try_for_each(|_| self.engine.take_back())
                    .and_then(|()| {
                        self.moves[common..]
                            .iter()
                            .try_for_each(|&m| self.engine.play(m))
                    });
                // If the engine refuses a step (a take-back it cannot do), set it up afresh.
                if caught_up.is_ok() {
                    let set_up_at = line.set_up_at;
                    self.engine_line = Some(self.line_now(set_up_at));
                    return Ok(());
                }
            }
        }
        self.engine_line = None;
        // A game as short as a book line is played move by move from its start (the book
        // follows it, and the engine can take its moves back); a longer one is set up at its
        // position: a move through the module is a round trip, and a GUI may send thousands.
        let set_up_at = if self.moves.len() <= book::MAX_PLIES {
            0
        } else {
            self.moves.len()
        };
        // The moves before the set-up still count for repetitions.
        self.engine
            .set_position_after(&self.start, &self.moves[..set_up_at])?;
        for &m in &self.moves[set_up_at..] {
            self.engine.play(m)?;
        }
        self.engine_line = Some(self.line_now(set_up_at));
        Ok(())
    }

    /// Like [`sync`](Self::sync), but with the engine out of its opening book: an analysis
    /// (`go infinite`, xboard `analyze`) wants the search's lines, not the book's move. A
    /// game the book could still answer is set up at its position (`SETUP` leaves the book);
    /// the initial position itself by a move played and taken back (a take-back leaves it).
    fn sync_out_of_book(&mut self) -> Result<(), EngineError> {
        let bookish = self.start == Board::startpos() && self.moves.len() <= book::MAX_PLIES;
        if !bookish {
            return self.sync();
        }
        self.engine_line = None;
        self.engine.set_position(&self.board)?;
        if self.moves.is_empty() {
            let any = legal_moves(&self.board).as_slice()[0];
            let left = self.engine.play(any).and_then(|()| self.engine.take_back());
            // An engine that cannot take back (or has no book) just gets the position.
            if left.is_err() {
                self.engine.set_position(&self.board)?;
            }
        }
        // The engine's game is not the GUI's any more (it left the book): the next thought
        // sets it up afresh, so that a game played on still follows the book.
        Ok(())
    }

    /// The game as the engine now has it.
    fn line_now(&self, set_up_at: usize) -> EngineLine {
        EngineLine {
            start: self.start.clone(),
            moves: self.moves.clone(),
            set_up_at,
        }
    }

    /// Positions per second of emulated time at the session's clock rate, for engines that
    /// count positions instead of T-states (the guest's nominal rate, scaled by the clock).
    fn positions_per_second(&self) -> f64 {
        f64::from(levels::POSITIONS_PER_SECOND) * self.clock_mhz() * 1e6 / DEFAULT_CLOCK_HZ
    }

    fn plan(&self, req: &Request) -> Plan {
        let alloc = allocate(req);
        let clocked = self.engine.clock_hz().is_some();
        let emulated = self.clock == ClockMode::Emulated;
        // Positions the reference may spend on the allocated time (in either clock mode: it
        // cannot be interrupted, so time is always counted in positions for it).
        let time_positions = alloc.map(|a| {
            let n = a.think_ms as f64 * self.positions_per_second() / 1000.0;
            n.clamp(1.0, f64::from(u32::MAX)) as u32
        });
        // The level's budget is the most a move gets under a clock too (a strength set in
        // the GUI holds whatever the time control); the clock may end the thought sooner.
        // Nodes and depth lift it.
        let level_budget = levels::budget(self.playing_level()).unwrap_or(u32::MAX);
        let capped = req.depth.is_none();
        let limit = match (clocked, req.nodes, time_positions) {
            (_, Some(n), None) | (true, Some(n), Some(_)) => Limit::Positions(n),
            (false, Some(n), Some(t)) => Limit::Positions(n.min(t)),
            (false, None, Some(t)) if capped => Limit::Positions(t.min(level_budget)),
            (false, None, Some(t)) => Limit::Positions(t),
            (false, None, None) if req.infinite => Limit::Positions(REF_INFINITE_POSITIONS),
            (true, None, Some(_)) if capped => Limit::Level,
            (true, None, Some(_)) => Limit::Infinite,
            (true, None, None) if req.infinite => Limit::Infinite,
            // A depth limit lifts the level's budget: the engine searches until it reports
            // that pass (the module ends by itself after its deepest pass or a mate). The
            // reference cannot be stopped after a pass: it keeps the level's budget.
            (true, None, None) if req.depth.is_some() => Limit::Infinite,
            (_, None, None) => Limit::Level,
        };
        let t_states = alloc
            .filter(|_| clocked && emulated)
            .map(|a| (a.think_ms as f64 * self.clock_mhz() * 1000.0) as u64);
        let wall_ms = alloc.map(|a| {
            if emulated {
                a.wall_limit_ms
            } else {
                a.think_ms
            }
        });
        Plan {
            limit,
            t_states,
            wall_ms,
            depth: req.depth,
        }
    }

    fn time_ms(&self, t0: u64, wall0: Instant, positions: u32) -> u64 {
        match (self.clock, self.engine.clock_hz()) {
            (ClockMode::Wall, _) => wall0.elapsed().as_millis() as u64,
            (ClockMode::Emulated, Some(_)) => {
                let t = self.engine.t_states().saturating_sub(t0) as f64;
                (t / (self.clock_mhz() * 1000.0)) as u64
            }
            (ClockMode::Emulated, None) => {
                (f64::from(positions) * 1000.0 / self.positions_per_second()) as u64
            }
        }
    }

    fn info_line(&self, info: &Info, t0: u64, wall0: Instant) -> InfoLine {
        InfoLine {
            pass: info.pass,
            score: info.score,
            positions: info.positions,
            time_ms: self.time_ms(t0, wall0, info.positions),
            pv: info.pv.clone(),
            multipv: self.multipv,
            others: other_lines(&info.root, info.pv.first().copied(), self.multipv),
        }
    }

    /// Hand a command to the listener unless it must wait behind deferred ones; keep the
    /// ones to read again after the thought in `held`.
    fn route(
        &self,
        line: String,
        listener: &mut dyn Listener,
        held: &mut Vec<String>,
    ) -> io::Result<Control> {
        if !held.is_empty() && !listener.urgent(&line) {
            held.push(line);
            return Ok(Control::Defer);
        }
        let control = listener.command(&line)?;
        if matches!(control, Control::Defer | Control::Abandon) {
            held.push(line);
        }
        Ok(control)
    }

    /// Think about the game's position as `req` asks, printing analysis through `listener`
    /// and handing it every command that arrives meanwhile. A move found is played on the
    /// game. An endless thought (`req.infinite`) waits for a `MoveNow` before it returns.
    ///
    /// A module that fails is reset and the game set up again by the engine; the listener
    /// says so in one line (the fault report goes to stderr) and the thought starts again,
    /// on the same clock. After [`RETRIES_AFTER_FAILURE`] such restarts the reference twin
    /// plays this one move, so the GUI always gets one.
    pub fn think(
        &mut self,
        req: &Request,
        input: &mut Input,
        listener: &mut dyn Listener,
    ) -> Result<Thought, PlayerError> {
        // Commands for after the thought, in order; read again however the thought ends.
        let mut held: Vec<String> = Vec::new();
        // The thought's clock starts once the engine has the game, and runs on through a
        // restart after a failure.
        let mut started = None;
        let mut asked = Asked::default();
        let mut failures = 0;
        let thought = loop {
            match self.think_holding(req, input, listener, &mut held, &mut started, &mut asked) {
                Err(PlayerError::Engine(EngineError::Recovered { why, report })) => {
                    // The engine's game was set up again by the engine; ours is the GUI's.
                    self.engine_line = None;
                    failures += 1;
                    if let Some(report) = report {
                        eprintln!("{report}");
                    }
                    listener.notice(&format!(
                        "the module failed ({why}); it was reset and the game set up again"
                    ))?;
                    if asked.abandon {
                        break Ok(Thought {
                            outcome: Outcome::Abandoned,
                            quit: asked.quit,
                        });
                    }
                    // Told to move already, or failed again: no second wait.
                    if asked.stop || asked.quit || failures > RETRIES_AFTER_FAILURE {
                        break self.reference_move(listener).map(|mut t| {
                            t.quit = asked.quit;
                            t
                        });
                    }
                }
                // The module failed and a reset did not bring it back (the next request
                // tries again): this move is the twin's.
                Err(PlayerError::Engine(EngineError::Module(why))) => {
                    self.engine_line = None;
                    listener.notice(&format!("the module failed: {why}"))?;
                    break self.reference_move(listener).map(|mut t| {
                        t.quit = asked.quit;
                        t
                    });
                }
                other => break other,
            }
        };
        input.unread(held);
        if thought.is_err() {
            // The engine's state is unknown after a failure: set it up afresh next time.
            self.engine_line = None;
        }
        thought
    }

    /// The reference twin's move for the game's position, when the module failed again and
    /// again: the GUI gets a move, and the module catches up at the next thought.
    fn reference_move(&mut self, listener: &mut dyn Listener) -> Result<Thought, PlayerError> {
        listener.notice("this move is the reference twin's")?;
        let budget = levels::budget(self.playing_level()).unwrap_or(REF_INFINITE_POSITIONS);
        let mut twin = crate::engine::RefEngine::new();
        twin.set_position(&self.board)?;
        twin.go(Limit::Positions(budget.min(REF_INFINITE_POSITIONS)))?;
        let decided = loop {
            if let Some(d) = twin
                .advance(SLICE_T_STATES)?
                .into_iter()
                .find_map(|s| match s {
                    Said::Decided(d) => Some(d),
                    Said::Info(_) => None,
                })
            {
                break d;
            }
        };
        let outcome = match decided.best {
            Some(m) => {
                self.board.make(m);
                self.moves.push(m);
                Outcome::Moved(decided)
            }
            None => Outcome::NoMove,
        };
        Ok(Thought {
            outcome,
            quit: false,
        })
    }

    /// One thought, the GUI's commands that must wait for its move held in `held`: starts
    /// the engine, runs it until it decides, and gives the move (after `stop` when the GUI
    /// must have the last word: an endless thought or a ponder).
    fn think_holding(
        &mut self,
        req: &Request,
        input: &mut Input,
        listener: &mut dyn Listener,
        held: &mut Vec<String>,
        started: &mut Option<(u64, Instant)>,
        asked: &mut Asked,
    ) -> Result<Thought, PlayerError> {
        let Some(mut run) = self.start_run(req, started, asked)? else {
            return Ok(Thought {
                outcome: Outcome::NoMove,
                quit: false,
            });
        };
        self.last_pv.clear();
        let decision = self.run_until_decided(req, input, listener, held, asked, &mut run)?;
        if let (Some(m), Some(line)) = (decision.best, self.engine_line.as_mut()) {
            line.moves.push(m);
        }
        // GUIs and adapters (polyglot) take the last line as the move's score and PV: it
        // must be the move's own. XBoard also drops the lines of a ponder, so a hit tells
        // its decision again.
        let shown = run.saw_info && self.last_pv.first() == decision.best.as_ref();
        if !shown || asked.hit {
            self.tell_decision(&decision, &run, listener)?;
        }
        // UCI: the answer to `go infinite` waits for `stop`, and a ponder's for `stop` or
        // `ponderhit`, even when the engine is done.
        if (req.infinite || run.pondering) && !(asked.stop || asked.abandon || asked.quit) {
            self.wait_for_stop(input, listener, held, asked)?;
        }
        let outcome = match decision.best {
            _ if asked.abandon => Outcome::Abandoned,
            None => Outcome::NoMove,
            Some(m) => {
                self.board.make(m);
                self.moves.push(m);
                Outcome::Moved(decision)
            }
        };
        Ok(Thought {
            outcome,
            quit: asked.quit,
        })
    }

    /// Sets the engine on the game and sends it thinking with the request's limit; `None`
    /// when the side to move has no legal move (nothing to think about).
    fn start_run(
        &mut self,
        req: &Request,
        started: &mut Option<(u64, Instant)>,
        asked: &Asked,
    ) -> Result<Option<Run>, PlayerError> {
        if legal_moves(&self.board).is_empty() {
            return Ok(None);
        }
        match req.infinite {
            true => self.sync_out_of_book()?,
            false => self.sync()?,
        }
        let (t0, wall0) = *started.get_or_insert_with(|| (self.engine.t_states(), Instant::now()));
        let plan = self.plan(req);
        // Pondering: the module searches until stopped, and the clock does not run until
        // `ponderhit` (a restart after a failure keeps the clock of the hit).
        let pondering = req.ponder && !asked.hit;
        let limit = match pondering && self.engine.clock_hz().is_some() {
            true => Limit::Infinite,
            false => plan.limit,
        };
        match self.engine.go(limit) {
            Err(EngineError::GameOver) => return Ok(None),
            other => other?,
        }
        Ok(Some(Run {
            t0,
            wall0,
            budget: match pondering {
                true => Budget::stopped(t0),
                false => Budget::start(t0, wall0, plan.t_states, plan.wall_ms),
            },
            depth: plan.depth,
            pondering,
            stopping: false,
            saw_info: false,
        }))
    }

    /// The decision's own line: for a move chosen before any pass completed (without a
    /// depth: see `InfoLine::pass`), for a pass cut short that found another move than the
    /// line shown last, and after a ponder hit; its PV is the last line shown when that
    /// begins with the move, else the move alone. A book move gets none (the protocol says
    /// it).
    fn tell_decision(
        &self,
        decision: &Decision,
        run: &Run,
        listener: &mut dyn Listener,
    ) -> Result<(), PlayerError> {
        let Some(m) = decision.best.filter(|_| !decision.book) else {
            return Ok(());
        };
        let line = InfoLine {
            pass: decision.passes,
            score: decision.score,
            positions: decision.positions,
            time_ms: self.time_ms(run.t0, run.wall0, decision.positions),
            pv: match self.last_pv.first() == Some(&m) {
                true => self.last_pv.clone(),
                false => vec![m],
            },
            multipv: self.multipv,
            others: Vec::new(),
        };
        listener.info(&line)?;
        Ok(())
    }

    /// Advance the engine slice by slice until it decides: print its passes, tell it to move
    /// when the budget or the depth is reached, and hand the GUI's commands to the listener
    /// between slices.
    fn run_until_decided(
        &mut self,
        req: &Request,
        input: &mut Input,
        listener: &mut dyn Listener,
        held: &mut Vec<String>,
        asked: &mut Asked,
        run: &mut Run,
    ) -> Result<Decision, PlayerError> {
        let mut grace = 0;
        loop {
            let slice = match run.stopping {
                true => SLICE_T_STATES,
                false => run.budget.slice(self.engine.t_states()),
            };
            let mut decided = None;
            for said in self.engine.advance(slice)? {
                match said {
                    // A pass 0 line (the reference's book move or its move before a
                    // pass) is no analysis: GUIs drop `depth 0`, so it is never shown.
                    Said::Info(info) if info.pass == 0 => {}
                    Said::Info(info) => {
                        run.saw_info = true;
                        self.last_pv = info.pv.clone();
                        listener.info(&self.info_line(&info, run.t0, run.wall0))?;
                        let deep_enough = run.depth.is_some_and(|d| info.pass >= d);
                        if deep_enough && !run.stopping && !run.pondering {
                            self.engine.move_now()?;
                            run.stopping = true;
                        }
                    }
                    Said::Decided(d) => decided = Some(d),
                }
            }
            if let Some(d) = decided {
                return Ok(d);
            }
            if run.stopping {
                grace += 1;
                if grace > ANSWER_GRACE_SLICES {
                    let why = "no move after being told to move".to_string();
                    return Err(EngineError::Module(why).into());
                }
            } else if run.budget.spent(self.engine.t_states()) {
                self.engine.move_now()?;
                run.stopping = true;
            }
            // Once told to move, commands wait until the move is out.
            while !run.stopping {
                let control = match input.poll() {
                    Poll::Line(line) => self.route(line, listener, held)?,
                    Poll::Empty => break,
                    // The GUI is gone: an endless thought ends now, a bounded one finishes.
                    Poll::Closed if req.infinite || run.pondering => Control::MoveNow,
                    Poll::Closed => break,
                };
                match control {
                    Control::Continue | Control::Defer => continue,
                    Control::PonderHit => {
                        self.ponder_hit(req, listener, asked, run);
                        continue;
                    }
                    Control::MoveNow => asked.stop = true,
                    Control::Abandon => asked.abandon = true,
                    Control::Quit => asked.quit = true,
                }
                self.engine.move_now()?;
                run.stopping = true;
            }
        }
    }

    /// `ponderhit`: the opponent played the predicted move, so the thought under way is now
    /// for our move: its clock starts (the allocation from now on); the search and its
    /// positions counter go on.
    fn ponder_hit(
        &mut self,
        req: &Request,
        listener: &mut dyn Listener,
        asked: &mut Asked,
        run: &mut Run,
    ) {
        if !run.pondering {
            return;
        }
        run.pondering = false;
        asked.hit = true;
        let mut now_req = listener.ponder_request(req);
        now_req.ponder = false;
        let plan = self.plan(&now_req);
        // The thought began without a budget: the level's time caps it from the hit, as
        // its budget caps a thought begun on our own time (`plan`).
        let level_t_states = match now_req.depth {
            None => levels::LEVEL_SECONDS[usize::from(self.playing_level()) - 1]
                .map(|s| (f64::from(s) * self.clock_mhz() * 1e6) as u64),
            Some(_) => None,
        };
        let t_states = match (plan.t_states, level_t_states) {
            (Some(share), Some(level)) => Some(share.min(level)),
            (share, level) => share.or(level),
        };
        run.budget = Budget::start(
            self.engine.t_states(),
            Instant::now(),
            t_states,
            plan.wall_ms,
        );
        run.depth = plan.depth;
    }

    /// After the engine decided on an endless thought or a ponder: wait for `stop` (or
    /// `ponderhit`, which answers at once), handling the other commands meanwhile.
    fn wait_for_stop(
        &mut self,
        input: &mut Input,
        listener: &mut dyn Listener,
        held: &mut Vec<String>,
        asked: &mut Asked,
    ) -> Result<(), PlayerError> {
        while let Some(line) = input.next_line() {
            match self.route(line, listener, held)? {
                Control::Continue | Control::Defer => {}
                Control::MoveNow => break,
                Control::PonderHit => {
                    asked.hit = true;
                    break;
                }
                Control::Abandon => {
                    asked.abandon = true;
                    break;
                }
                Control::Quit => {
                    asked.quit = true;
                    break;
                }
            }
        }
        Ok(())
    }

    /// The reply the engine expects after its move: the second move of its last principal
    /// variation, when that began with the move played (`bestmove ... ponder`, and what
    /// xboard's pondering thinks about).
    pub fn predicted_reply(&self) -> Option<Move> {
        match self.last_pv.as_slice() {
            [first, reply, ..] if self.moves.last() == Some(first) => Some(*reply),
            _ => None,
        }
    }
}

/// The state of one thought's run: its clocks, its budget, whether it is told to move.
struct Run {
    /// Where the thought's reported time counts from.
    t0: u64,
    wall0: Instant,
    budget: Budget,
    /// Stop after this pass (not while pondering).
    depth: Option<u8>,
    /// Thinking on the opponent's time: the clock does not run until `ponderhit`.
    pondering: bool,
    /// Told to move; waiting for the decision.
    stopping: bool,
    saw_info: bool,
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
