//! Thinking on the player's time (`K` in the window, `ponder` in the terminal, `--ponder`).
//!
//! After its move the module expects a reply: the second move of the line its last pass
//! found, when that line began with the move it played. With pondering on, it plays that
//! reply on its own board and thinks on it, without a limit, while the player thinks: at
//! the module's real speed whatever the speed setting (the speed saves the player's
//! waiting, and nobody waits now), on the player's clock.
//!
//! - **A hit** (the player makes that move): the thought goes on, now for the module's own
//!   move, and on the module's clock. The whole thought gets its level's time
//!   (`LEVEL_SECONDS`), counted from its start on the player's time (a chess GUI owns the
//!   clock and starts it at `ponderhit`, so over UCI and xboard it counts from the hit): after a reply that
//!   took the player longer, the module moves at once, from a search deeper than its
//!   level's; after a quick one it goes on for the rest of that time. A module that ended
//!   its thought by itself while the player thought (a mate found, its deepest pass done)
//!   plays at once too.
//! - **A miss** (any other move), and anything else that changes the game or the module
//!   (take-back, a new game or level, set-up, save, load): the thought is dropped and the
//!   module set up on the game again, as a take-back does.
//!
//! Only an engine with a clock ponders (the guest): the native reference answers at once.

use super::Console;
use crate::console::game::{console_notation, side_to_move};
use crate::console::screen::Analysis;
use crate::engine::{Decision, EngineError, Info, Limit, Said, expected_reply};
use crate::reference::Move;
use crate::reference::levels::level_t_states;

/// Pondering: whether the player wants it, the thought under way, the deadline after a hit.
#[derive(Debug, Clone, Default)]
pub(super) struct Pondering {
    /// The player wants the module to think on their time.
    pub(super) wanted: bool,
    /// The thought on the player's time, if one is under way.
    pub(super) thought: Option<PonderThought>,
    /// After a hit: the engine's T-state at which the module is told to move.
    pub(super) move_at: Option<u64>,
    /// The line of the module's last pass for its own move (its second move is the reply
    /// the module expects).
    pub(super) last_line: Vec<Move>,
}

/// A thought on the player's time.
#[derive(Debug, Clone)]
pub(super) struct PonderThought {
    /// The reply the module expects, played on the engine's board (not on the game's).
    pub(super) expected: Move,
    /// The engine's T-state when the thought began.
    pub(super) started: u64,
    /// The line of the thought's last pass (after a hit, the module's own line).
    pub(super) line: Vec<Move>,
    /// The module's decision, when it ended the thought by itself before the reply came.
    pub(super) decided: Option<Decision>,
}

impl Console {
    /// True while the module thinks on the player's time.
    pub fn pondering(&self) -> bool {
        self.pondering.thought.is_some()
    }

    /// True when the module is to think on the player's time.
    pub fn ponder_wanted(&self) -> bool {
        self.pondering.wanted
    }

    /// Pondering on or off (off drops a thought under way; on starts one if the module
    /// expects a reply now).
    pub fn set_ponder(&mut self, on: bool) {
        self.pondering.wanted = on;
        match on {
            true => self.start_ponder_if_wanted(),
            false => self.end_ponder(),
        }
    }

    /// `K` (and `ponder` alone): pondering on if it was off, off if it was on.
    pub(super) fn toggle_ponder(&mut self) {
        self.ponder_as_told(!self.pondering.wanted);
    }

    /// Pondering on or off as the player asked, said on the status line (an engine without
    /// a clock cannot: it answers at once).
    pub(super) fn ponder_as_told(&mut self, on: bool) {
        if on && self.engine.clock_hz().is_none() {
            self.view.message = Some("ONLY THE MODULE PONDERS".into());
            return;
        }
        self.set_ponder(on);
        let word = if on { "ON" } else { "OFF" };
        self.view.message = Some(format!("PONDER {word}"));
    }

    /// The reply the module thinks on, while it ponders.
    pub fn expected_reply(&self) -> Option<Move> {
        self.pondering.thought.as_ref().map(|t| t.expected)
    }

    /// After the module's move, with the player to move: think on the expected reply if
    /// pondering is wanted, the engine has a clock, and the reply leaves a game to think on.
    pub(super) fn start_ponder_if_wanted(&mut self) {
        let record = &self.game.record;
        let ready = self.pondering.wanted
            && self.pondering.thought.is_none()
            && self.phase == super::Phase::Play
            && side_to_move(record) == self.game.human
            && !record.state().is_over()
            && self.engine.clock_hz().is_some()
            && !self.engine.thinking();
        let Some(expected) = self.reply_expected().filter(|_| ready) else {
            return;
        };
        let started = self.engine.t_states();
        let result = self
            .engine
            .play(expected)
            .and_then(|()| self.engine.go(Limit::Infinite));
        match result {
            Ok(()) => {
                self.pondering.thought = Some(PonderThought {
                    expected,
                    started,
                    line: Vec::new(),
                    decided: None,
                });
            }
            // The engine may hold the expected reply now: set it on the game again (a
            // failure that reset the module does so by itself).
            Err(e @ EngineError::Recovered { .. }) => self.engine_failed(e),
            Err(e) => {
                self.resync_engine();
                self.engine_failed(e);
            }
        }
    }

    /// The reply the module's last line expects after its last move, if that line began
    /// with the move played and the reply neither is illegal nor ends the game.
    fn reply_expected(&self) -> Option<Move> {
        let record = &self.game.record;
        let reply = expected_reply(&self.pondering.last_line, record.moves().last())?;
        let mut after = record.clone();
        after.play(reply).ok()?;
        (!after.state().is_over()).then_some(reply)
    }

    /// The engine's thought is gone (set up again, or reset after a failure): nothing of a
    /// thought on the player's time remains.
    pub(super) fn forget_thought_on_players_time(&mut self) {
        self.pondering.thought = None;
        self.pondering.move_at = None;
        // Its analysis goes with it (the decision shown before it stays).
        self.view.analysis.take_if(|a| a.pondering);
    }

    /// Drops the thought on the player's time, if any: the module is set on the game again.
    pub(super) fn end_ponder(&mut self) {
        if self.pondering.thought.is_some() {
            self.resync_engine();
        }
    }

    /// The player's move `mv` while the module ponders: on a hit the thought goes on for
    /// the module's move (true); on a miss it is dropped (false: play the move as usual).
    pub(super) fn ponder_hit(&mut self, mv: Move) -> bool {
        let Some(thought) = self.pondering.thought.take_if(|t| t.expected == mv) else {
            self.end_ponder();
            return false;
        };
        if self.clocks_noted_play(mv).is_err() {
            // The expected reply was legal when the thought began: the game changed under it.
            // The module is set on the game again and the move goes the usual way.
            self.resync_engine();
            return false;
        }
        // A pass of the thought shown began with the reply, which is now played; the
        // module's decision shown before any pass came is the last move's, not this one's.
        match &mut self.view.analysis {
            Some(a) if a.pondering => {
                a.pondering = false;
                a.best_line.remove(0);
            }
            _ => self.view.analysis = None,
        }
        let _ = self.keep_for_next_start();
        // The thought is the module's own now: its line gives the next reply to expect.
        self.pondering.last_line = thought.line;
        match thought.decided {
            Some(d) => self.heard(Said::Decided(d)),
            None => {
                self.pondering.move_at = self.level_deadline(thought.started);
                self.move_when_due();
            }
        }
        true
    }

    /// The engine's T-state at which the module is told to move: its level's time after
    /// `started` (`None` at level 6, which thinks until told).
    fn level_deadline(&self, started: u64) -> Option<u64> {
        Some(started + level_t_states(self.game.level, self.engine.clock_hz()?)?)
    }

    /// After each slice of module time: a module that thinks on since a hit is told to
    /// move once its level's time has passed.
    pub(super) fn move_when_due(&mut self) {
        let due = self
            .pondering
            .move_at
            .is_some_and(|at| self.engine.t_states() >= at);
        if due && self.engine.thinking() {
            self.pondering.move_at = None;
            let result = self.engine.move_now();
            self.report(result);
        }
    }

    /// What the engine said while it pondered: a pass shows its line, starting with the
    /// expected reply; a decision waits for the player's move. False when not pondering.
    pub(super) fn heard_while_pondering(&mut self, said: &Said) -> bool {
        let Some(thought) = &mut self.pondering.thought else {
            return false;
        };
        match said {
            Said::Decided(d) => thought.decided = Some(d.clone()),
            Said::Info(info) => {
                thought.line = info.pv.clone();
                let expected = thought.expected;
                self.view.analysis = Some(self.ponder_analysis(expected, info));
            }
        }
        true
    }

    /// A pass of the thought on the player's time, as the screen shows it: the line begins
    /// with the reply the module expects.
    fn ponder_analysis(&self, expected: Move, info: &Info) -> Analysis {
        let board = self.game.record.board();
        let mut after = board.clone();
        after.make(expected);
        let mut analysis = self.analysis_on(&after, info.pass, info.score, &info.pv);
        analysis
            .best_line
            .insert(0, console_notation(board, expected));
        analysis.positions = info.positions;
        analysis.pondering = true;
        analysis
    }
}
