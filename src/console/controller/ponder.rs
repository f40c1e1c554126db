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
use super::view::analysis_on;
use crate::console::game::{console_notation, side_to_move};
use crate::console::screen::Analysis;
use crate::engine::{Heard, Info, Stops};
use crate::reference::Move;

/// Pondering as the console keeps it: whether the player wants it. The thought itself,
/// and its deadline after a hit, are the table's (`engine::table`, one policy for the
/// console, UCI and xboard).
#[derive(Debug, Clone, Default)]
pub(super) struct Pondering {
    /// The player wants the module to think on their time.
    wanted: bool,
}

impl Pondering {
    /// Pondering as the player wants it at the start.
    pub fn new(wanted: bool) -> Pondering {
        Pondering { wanted }
    }

    /// The player wants the module to think on their time.
    pub fn wanted(&self) -> bool {
        self.wanted
    }
}

impl Console {
    /// True while the module thinks on the player's time.
    pub fn pondering(&self) -> bool {
        self.table.pondering().is_some()
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
        if on && !self.table.engine().has_clock() {
            self.view.say("ONLY THE MODULE PONDERS".into());
            return;
        }
        self.set_ponder(on);
        let word = if on { "ON" } else { "OFF" };
        self.view.say(format!("PONDER {word}"));
    }

    /// The reply the module thinks on, while it ponders.
    pub fn expected_reply(&self) -> Option<Move> {
        self.table.pondering().map(|p| p.reply)
    }

    /// After the module's move, with the player to move: think on the expected reply if
    /// pondering is wanted, the engine has a clock, and the reply leaves a game to think on.
    pub(super) fn start_ponder_if_wanted(&mut self) {
        let ready = self.pondering.wanted
            && !self.pondering()
            && self.phase == super::Phase::Play
            && side_to_move(self.table.game()) == self.human
            && !self.table.game().state().is_over()
            && self.table.engine().has_clock()
            && !self.table.thinking();
        let Some(expected) = self.table.expected_reply().filter(|_| ready) else {
            return;
        };
        let heard = self.table.ponder(expected);
        self.hear_all(heard);
    }

    /// The engine's thought is gone (set up again, or reset after a failure): nothing of a
    /// thought on the player's time remains on the screen.
    pub(super) fn forget_thought_on_players_time(&mut self) {
        // Its analysis goes with it (the decision shown before it stays).
        self.view.drop_pondering_analysis();
    }

    /// Drops the thought on the player's time, if any: the module is set on the game again.
    pub(super) fn end_ponder(&mut self) {
        if self.pondering() {
            self.resync_engine();
        }
    }

    /// The player's move `mv` while the module ponders: on a hit the thought goes on for
    /// the module's move (true); on a miss it is dropped (false: play the move as usual).
    pub(super) fn ponder_hit(&mut self, mv: Move) -> bool {
        self.clocks.before_move();
        let Some((ponder, decided)) = self.table.ponder_hit(mv) else {
            self.clocks.take_back(1);
            self.forget_thought_on_players_time();
            return false;
        };
        self.view.ponder_hit();
        let _ = self.keep_for_next_start();
        match decided {
            Some(decided) => self.heard(decided),
            // The whole thought gets its level's time, counted from its start.
            None => {
                let heard = self.table.set_stops(Stops {
                    at_t_state: self.table.level_deadline(ponder.started),
                    ..Stops::default()
                });
                self.hear_all(heard);
            }
        }
        true
    }

    /// What the engine said while it pondered: a pass shows its line, starting with the
    /// expected reply; a decision waits for the player's move. False when not pondering.
    pub(super) fn heard_while_pondering(&mut self, heard: &Heard) -> bool {
        let Some(ponder) = self.table.pondering() else {
            return false;
        };
        if let Heard::Notice(_) = heard {
            return false;
        }
        if let Heard::Line(info) = heard {
            self.view
                .set_analysis(Some(self.ponder_analysis(ponder.reply, info)));
        }
        true
    }

    /// A pass of the thought on the player's time, as the screen shows it: the line begins
    /// with the reply the module expects.
    fn ponder_analysis(&self, expected: Move, info: &Info) -> Analysis {
        let board = self.table.game().board();
        let mut after = board.clone();
        after.make(expected);
        let mut analysis = analysis_on(&after, info.pass, info.score, &info.pv);
        analysis
            .best_line
            .insert(0, console_notation(board, expected));
        analysis.positions = info.positions;
        analysis.pondering = true;
        analysis
    }
}
