//! The thought, owned and stepped by the table: every front end starts one
//! ([`Table::think`], [`Table::ponder`]), steps it ([`Table::step`]) and shows what it hears
//! ([`Heard`]); none carries out a thought's policy of its own. The engine's requests that
//! begin and run a thought are made here too: the engine brought in step with the game and
//! started (`go`, `ponder_on`), then run slice by slice (`advance`).
//!
//! Held here and nowhere else:
//!
//! - **When a thought ends** besides the engine's own budget ([`Stops`]): a T-state
//!   deadline (a GUI's clock, the level's time after a ponder hit), a real-time deadline
//!   (a GUI's wall clock), a pass depth, a count of positions; and a move asked for now
//!   ([`Table::move_now`]), with the grace an engine gets to answer it
//!   ([`ANSWER_GRACE_SLICES`]).
//! - **A failure**: the module reset by its engine is said ([`Notice::Reset`]) and the
//!   thought started again, once ([`super::RESTARTS_PER_MOVE`]); a second failure, a module
//!   that could not be brought back, or a failure after the move was asked for, and the
//!   reference twin decides ([`Notice::TwinPlays`], then its decision).
//! - **The decision's line**: the line of the thought's last pass when it begins with the
//!   move decided, else the move alone, and whether that line was the last one heard (a GUI
//!   then need not be told it again).

use std::time::Instant;

use super::Ponder;
use super::{AfterFailure, Table};
use crate::engine::{ANSWER_GRACE_SLICES, Decision, EngineError, Info, Limit, Said};
use crate::machine::clock::SLICE_T_STATES;
use crate::reference::Move;

/// When a thought is told to move, besides its engine's own budget. `Stops::default()` has
/// none (a thought on the opponent's time, or one the level's budget alone ends).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stops {
    /// The engine's T-state at which it is told to move.
    pub at_t_state: Option<u64>,
    /// The real instant at which it is told to move (a GUI's wall clock; never set on the
    /// web page, whose std has no clock).
    pub at_instant: Option<Instant>,
    /// Told to move once a pass this deep was heard.
    pub depth: Option<u8>,
    /// Told to move once a pass has counted this many positions.
    pub positions: Option<u32>,
}

/// Something a front end shows, from a step of the table's thought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A pass completed (pass 0: a line made before any pass, a book move's).
    Line(Info),
    /// The engine's decision, on its own board: a front end plays it with
    /// [`Table::accept`] (or drops it). `line` is the decision's own line, `line_shown`
    /// whether it was a [`Heard::Line`] of the thought (its last pass's).
    Decided {
        decision: Decision,
        line: Vec<Move>,
        line_shown: bool,
    },
    /// The module failed; what the table did about it.
    Notice(Notice),
}

/// What the table did about a failure (every front end says it in its own words).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The module failed, was reset and has the game again; a thought under way started
    /// again. `report` is the fault report (registers, last instructions) for stderr.
    Reset { why: String, report: Option<String> },
    /// The module failed and could not be brought back.
    Lost { why: String },
    /// The reference twin decides this move: its decision follows.
    TwinPlays,
}

/// How a thought began, to begin it again after a failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Begun {
    /// On the engine's own move.
    Own { limit: Limit, analysis: bool },
    /// On the opponent's time, on the reply expected ([`Table::ponder`]).
    Ponder { reply: Move },
}

/// The thought under way, as the table carries it out.
#[derive(Clone, Debug)]
pub(super) struct Thought {
    begun: Begun,
    stops: Stops,
    /// The front end asked for the move ([`Table::move_now`]): a failure then is not
    /// thought over again.
    asked: bool,
    /// A pass reached the thought's depth or count of positions.
    due: bool,
    /// The engine has been told to move; the T-states it has had since to answer.
    waited: Option<u64>,
    /// The line of the thought's last pass (a pass 0 is none: a book move's line, or one
    /// made before any pass).
    line: Vec<Move>,
    /// The positions its last pass had counted.
    positions: u32,
}

impl Thought {
    fn new(begun: Begun, stops: Stops) -> Thought {
        Thought {
            begun,
            stops,
            asked: false,
            due: false,
            waited: None,
            line: Vec::new(),
            positions: 0,
        }
    }
}

impl Table {
    /// Starts a thought on the game for the side to move (a thought under way dropped),
    /// told to move at `stops`; `analysis` asks for the search's lines where the opening
    /// book would answer (a GUI analysing). What a failure on the way brought is returned;
    /// an error is a refusal (the game over, an impossible position).
    pub fn think(
        &mut self,
        limit: Limit,
        analysis: bool,
        stops: Stops,
    ) -> Result<Vec<Heard>, EngineError> {
        let begun = Begun::Own { limit, analysis };
        let started = self.begin(begun);
        self.after_start(started, begun, stops)
    }

    /// Starts a thought on the opponent's time on `reply` (the reply played on the engine's
    /// board only; see the module's text); what a failure on the way brought is returned.
    pub fn ponder(&mut self, reply: Move) -> Result<Vec<Heard>, EngineError> {
        let begun = Begun::Ponder { reply };
        let started = self.begin(begun);
        self.after_start(started, begun, Stops::default())
    }

    /// The stops of the thought under way, from now (a ponder hit: the thought is the
    /// engine's own now, and its clock runs); one reached already tells the engine to move
    /// at once. What a failure on the way brought is returned.
    pub fn set_stops(&mut self, stops: Stops) -> Result<Vec<Heard>, EngineError> {
        if let Some(t) = &mut self.thought {
            t.stops = stops;
        }
        match self.stops_reached() {
            true => {
                let told = self.tell_to_move();
                self.heard_failure(told)
            }
            false => Ok(Vec::new()),
        }
    }

    /// The engine's T-state at which the level's time has passed since `started` (`None` at
    /// level 6, which thinks until told, and for an engine without a clock).
    pub fn level_deadline(&self, started: u64) -> Option<u64> {
        let hz = self.engine.clock_hz()?;
        Some(started + self.level.t_states(hz)?)
    }

    /// True once the thought under way has been told to move (by the front end or its
    /// stops): its decision is on its way.
    pub fn moving(&self) -> bool {
        self.thought.as_ref().is_some_and(|t| t.waited.is_some())
    }

    /// The positions the last pass of the thought under way had counted (0 before one).
    pub fn thought_positions(&self) -> u32 {
        self.thought.as_ref().map_or(0, |t| t.positions)
    }

    /// Asks the engine thinking to move now: its decision comes from a next
    /// [`step`](Self::step). What a failure on the way brought is returned.
    pub fn move_now(&mut self) -> Result<Vec<Heard>, EngineError> {
        if let Some(t) = &mut self.thought {
            t.asked = true;
        }
        let told = self.tell_to_move();
        self.heard_failure(told)
    }

    /// Runs the engine for at most `t_states` (not past the thought's T-state deadline,
    /// so the move is asked for exactly then) and returns what it said and what the table
    /// did: the lines, the decision with its line, the notices of a failure. An error is
    /// a refusal, never a module's failure.
    pub fn step(&mut self, t_states: u64) -> Result<Vec<Heard>, EngineError> {
        let slice = self.slice(t_states);
        let said = match self.advance(slice) {
            Ok(said) => said,
            Err(e) => return self.recover(e),
        };
        let mut heard: Vec<Heard> = said.into_iter().map(|s| self.heard_said(s)).collect();
        if let Some(thought) = &mut self.thought {
            thought.waited = thought.waited.map(|w| w + slice);
        }
        let timed_out = self
            .thought
            .as_ref()
            .and_then(|t| t.waited)
            .is_some_and(|w| w > u64::from(ANSWER_GRACE_SLICES) * SLICE_T_STATES);
        if timed_out {
            let why = "no move after being told to move".to_string();
            heard.extend(self.recover(EngineError::Module(why))?);
        } else if self.stops_reached() {
            let told = self.tell_to_move();
            heard.extend(self.heard_failure(told)?);
        }
        Ok(heard)
    }

    /// The slice to run: `t_states`, up to the thought's T-state deadline (at least 1).
    fn slice(&self, t_states: u64) -> u64 {
        let Some(thought) = self.thought.as_ref().filter(|t| t.waited.is_none()) else {
            return t_states;
        };
        match thought.stops.at_t_state {
            Some(at) => at
                .saturating_sub(self.engine.t_states())
                .clamp(1, t_states.max(1)),
            None => t_states,
        }
    }

    /// One thing the engine said, as the table hears it: a line noted (and its stops
    /// looked at), a decision given its line; the thought ends with its decision.
    fn heard_said(&mut self, said: Said) -> Heard {
        match said {
            Said::Info(info) => {
                if let Some(t) = self.thought.as_mut().filter(|_| info.pass > 0) {
                    t.line = info.pv.clone();
                    t.positions = info.positions;
                    let deep = t.stops.depth.is_some_and(|d| info.pass >= d);
                    let counted = t.stops.positions.is_some_and(|n| info.positions >= n);
                    t.due |= deep || counted;
                }
                Heard::Line(info)
            }
            Said::Decided(decision) => {
                let line = self.thought.take().map(|t| t.line).unwrap_or_default();
                decided(decision, line)
            }
        }
    }

    /// True when the thought under way is to be told to move now and has not been.
    fn stops_reached(&self) -> bool {
        let Some(t) = self.thought.as_ref().filter(|t| t.waited.is_none()) else {
            return false;
        };
        let at_t = t
            .stops
            .at_t_state
            .is_some_and(|at| self.engine.t_states() >= at);
        let at_instant = t.stops.at_instant.is_some_and(|at| Instant::now() >= at);
        t.asked || t.due || at_t || at_instant
    }

    /// Tells a thinking engine to move, once.
    fn tell_to_move(&mut self) -> Result<(), EngineError> {
        match &mut self.thought {
            Some(t) if t.waited.is_none() => {
                t.waited = Some(0);
                self.engine.move_now()
            }
            Some(_) => Ok(()),
            None => self.engine.move_now(),
        }
    }

    /// After a ponder hit: the thought on the opponent's time is the engine's own, to be
    /// begun again on the game (which holds the reply now) after a failure.
    pub(super) fn thought_is_own(&mut self) {
        if let Some(t) = &mut self.thought {
            t.begun = Begun::Own {
                limit: Limit::Infinite,
                analysis: false,
            };
        }
    }

    /// Begins the thought `begun` on the engine.
    fn begin(&mut self, begun: Begun) -> Result<(), EngineError> {
        self.thought = None;
        match begun {
            Begun::Own { limit, analysis } => self.go(limit, analysis),
            Begun::Ponder { reply } => self.ponder_on(reply),
        }
    }

    /// Sets the engine on the game and starts a thought for the side to move. `analysis`
    /// asks for the search's lines where the opening book would answer (a GUI analysing).
    /// The engine's request alone: front ends start a thought with [`Table::think`].
    fn go(&mut self, limit: Limit, analysis: bool) -> Result<(), EngineError> {
        self.prepare(analysis)?;
        self.start(limit)
    }

    /// The first half of [`go`](Self::go): the engine set on the game (a thought under way
    /// dropped), so that a front end can start the thought's clock after it.
    fn prepare(&mut self, analysis: bool) -> Result<(), EngineError> {
        if self.engine.thinking() {
            self.abandon()?;
        }
        // A ponder that missed ends here, even one whose engine had decided meanwhile: its
        // extra moves are taken back by the sync, and nothing of it is kept.
        self.ponder = None;
        self.pondered_decision = None;
        match analysis {
            true => self.sync_out_of_book(),
            false => self.sync(),
        }
    }

    /// The second half of [`go`](Self::go): the thought starts on the engine as prepared.
    fn start(&mut self, limit: Limit) -> Result<(), EngineError> {
        self.last_line.clear();
        let started = self.engine.go(&self.game, limit);
        self.lost_on_failure(started)
    }

    /// Starts a thought on the opponent's time on `reply` (see the module's text): the
    /// engine's requests alone, for [`Table::ponder`].
    fn ponder_on(&mut self, reply: Move) -> Result<(), EngineError> {
        if self.engine.thinking() {
            self.abandon()?;
        }
        self.sync()?;
        let mut pondered = self.game.clone();
        pondered
            .play_unjudged(reply)
            .map_err(|e| EngineError::IllegalMove(e.to_string()))?;
        let started = self.engine.t_states();
        let played = self.engine.play(reply);
        self.lost_on_failure(played)?;
        if let Some(line) = &mut self.engine_line {
            line.moves.push(reply);
        }
        let thinking = self.engine.go(&pondered, Limit::Infinite);
        self.lost_on_failure(thinking)?;
        self.ponder_line.clear();
        self.ponder = Some(Ponder { reply, started });
        self.pondered_decision = None;
        Ok(())
    }

    /// Runs the engine for `t_states` and returns what it said. A decision is the engine's
    /// move, on its own board: the front end plays it on the game with [`Table::accept`]
    /// (or drops it). One taken on the opponent's time is held until the reply comes
    /// ([`Table::ponder_hit`]).
    fn advance(&mut self, t_states: u64) -> Result<Vec<Said>, EngineError> {
        let said = self.engine.advance(t_states);
        let said = self.lost_on_failure(said)?;
        for s in &said {
            match s {
                Said::Info(info) if self.ponder.is_some() => self.ponder_line = info.pv.clone(),
                Said::Info(info) => self.last_line = info.pv.clone(),
                Said::Decided(d) => {
                    self.failures = 0;
                    if let (Some(m), Some(line)) = (d.best, &mut self.engine_line) {
                        line.moves.push(m);
                    }
                    if self.ponder.is_some() {
                        self.pondered_decision = Some(d.clone());
                    }
                }
            }
        }
        Ok(said)
    }

    /// The thought begun (`started`) is the table's now; a failure on the way is handled
    /// as in a step.
    fn after_start(
        &mut self,
        started: Result<(), EngineError>,
        begun: Begun,
        stops: Stops,
    ) -> Result<Vec<Heard>, EngineError> {
        match started {
            Ok(()) => {
                self.thought = Some(Thought::new(begun, stops));
                Ok(Vec::new())
            }
            Err(e) => {
                // The failure policy needs the thought it met, to begin it again.
                self.thought = Some(Thought::new(begun, stops));
                self.recover(e)
            }
        }
    }

    /// `result` of a request to the engine, its failure handled as in a step.
    fn heard_failure(
        &mut self,
        result: Result<(), EngineError>,
    ) -> Result<Vec<Heard>, EngineError> {
        match result {
            Ok(()) => Ok(Vec::new()),
            Err(e) => self.recover(e),
        }
    }

    /// The failure policy carried out on `e`, whichever request met it: the notice, the
    /// thought under way begun again once, or the twin's decision. Not a module failure:
    /// the error itself (a refusal), the thought dropped.
    pub fn recover(&mut self, e: EngineError) -> Result<Vec<Heard>, EngineError> {
        let thought = self.thought.take();
        let after = self.failed(&e);
        let notice = match e {
            EngineError::Recovered { why, report } => Notice::Reset { why, report },
            EngineError::Module(why) => Notice::Lost { why },
            refused => return Err(refused),
        };
        let mut heard = vec![Heard::Notice(notice)];
        let Some(thought) = thought else {
            return Ok(heard);
        };
        let twin = after == AfterFailure::TwinMoves || thought.asked;
        match thought.begun {
            Begun::Own { .. } if twin => {
                heard.push(Heard::Notice(Notice::TwinPlays));
                let decision = self.twin_move()?;
                heard.push(decided(decision, Vec::new()));
            }
            // A thought on the opponent's time that met a failure again is dropped: the
            // engine thinks on its own move when it comes.
            Begun::Ponder { .. } if twin => {}
            begun => {
                let started = self.begin(begun);
                heard.extend(self.after_start(started, begun, thought.stops)?);
            }
        }
        Ok(heard)
    }
}

/// A decision heard with its own line: the thought's last pass's line when it begins with
/// the move (then it was shown), else the move alone (a pass cut short may have found a
/// move no line showed).
pub(super) fn decided(decision: Decision, line: Vec<Move>) -> Heard {
    let (line, line_shown) = match decision.best {
        Some(m) if line.first() == Some(&m) => (line, true),
        Some(m) => (vec![m], false),
        None => (Vec::new(), false),
    };
    Heard::Decided {
        decision,
        line,
        line_shown,
    }
}

impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Notice::Reset { why, .. } => write!(
                f,
                "the module failed ({why}); it was reset and the game set up again"
            ),
            Notice::Lost { why } => write!(f, "the module failed: {why}"),
            Notice::TwinPlays => write!(f, "this move is the reference twin's"),
        }
    }
}
