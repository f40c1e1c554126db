//! What the module owes the host, and the rules that decide when its silence is a failure.
//!
//! The machine has no timer of its own: a module waiting at its latch is idle, not faulty,
//! however long a person thinks over a move. The host knows what it asked, so the host keeps
//! the deadlines, one request at a time in the order the requests were sent:
//!
//! | the module owes | it has failed when |
//! |---|---|
//! | nothing | never: it may wait for ever |
//! | an answer (`NEW`, `SETUP`, `MOVE`, `LEVEL`, `TAKEBACK`, `QUERY`) | none came within [`ANSWER_T_STATES`] |
//! | `BESTMOVE` for a `GO` | none came within [`SEARCH_OVERHEAD_T_STATES`] + the budget at [`SLOWEST_T_STATES_PER_POSITION`]; or it stopped making progress |
//! | `BESTMOVE` after `MOVENOW` | none came within [`STOP_T_STATES`] |
//! | a `PERFT` count | its leaf counter stopped moving |
//!
//! Progress, for a search however long (level 6 and `go infinite` think until told): in
//! every window of [`PROGRESS_WINDOW_T_STATES`] the module reads the host's latch (it looks
//! for `MOVENOW`) and its positions counter moves. A loop that never polls, or polls but no
//! longer searches, fails within two windows. The counter is read where the ROM's symbol
//! table puts it (`POSCNT`, 4 bytes); a ROM without symbols is judged by its polling alone.
//!
//! The margins: the slowest rate measured is about 123 positions a second (a 50-position
//! search, start-up included), the budget rule allows 50; the module answers `MOVENOW`
//! within a few milliseconds, the rule allows 2 s; it evaluates a position every 6 ms on
//! average and the progress window is 10 s.

use std::collections::VecDeque;
use std::fmt;

use super::message::{Command, Event};
use crate::machine::{DEFAULT_CLOCK_HZ, Machine, seconds_of, t_states_in_seconds};

/// One emulated second at the module's own clock, in T-states. The rules are counted in
/// T-states, so a module with another crystal gets the same number of instructions.
const SECOND: u64 = t_states_in_seconds(1);

/// Time the module has to answer a command other than `GO`: 1 s (it needs a few ms).
pub const ANSWER_T_STATES: u64 = SECOND;
/// Time the module has to answer `MOVENOW` during a search: 2 s (it polls between positions).
pub const STOP_T_STATES: u64 = 2 * SECOND;
/// A search's fixed allowance on top of its budget (book look-up, the first generation): 5 s.
pub const SEARCH_OVERHEAD_T_STATES: u64 = 5 * SECOND;
/// The budget rule's rate: 50 positions a second, under half the slowest rate measured.
pub const SLOWEST_T_STATES_PER_POSITION: u64 = SECOND / 50;
/// The progress window: 10 s.
pub const PROGRESS_WINDOW_T_STATES: u64 = 10 * SECOND;
/// The module's level after reset (`docs/protocol.md`, section 3).
pub const LEVEL_AFTER_RESET: u8 = 2;

/// A broken rule: the module must be reset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stall {
    /// No answer to a command within [`ANSWER_T_STATES`].
    NoAnswer {
        /// The command's name.
        command: &'static str,
    },
    /// No `BESTMOVE` within the budget's allowance.
    OverBudget {
        /// The budget in positions.
        budget: u32,
        /// T-states waited.
        waited: u64,
    },
    /// No `BESTMOVE` within [`STOP_T_STATES`] of `MOVENOW`.
    NoStop,
    /// A whole progress window without a latch read or without a new position.
    NoProgress {
        /// The module read the host's latch in the window.
        polled: bool,
        /// Its counter moved (`None`: no counter known, or not looked at).
        counted: Option<bool>,
    },
}

impl fmt::Display for Stall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = |t: u64| seconds_of(t, DEFAULT_CLOCK_HZ);
        match self {
            Stall::NoAnswer { command } => write!(
                f,
                "no answer to {command} within {} emulated s",
                seconds(ANSWER_T_STATES)
            ),
            Stall::OverBudget { budget, waited } => write!(
                f,
                "no move after {:.0} emulated s on a budget of {budget} positions",
                seconds(*waited)
            ),
            Stall::NoStop => write!(
                f,
                "no move within {} emulated s of MOVENOW",
                seconds(STOP_T_STATES)
            ),
            Stall::NoProgress { polled, counted } => {
                let what = match (polled, counted) {
                    (false, Some(false)) => "neither read the latch nor evaluated a position",
                    (false, _) => "did not read the latch",
                    (true, _) => "evaluated no position",
                };
                write!(
                    f,
                    "the module {what} for {} emulated s while it owed a move",
                    seconds(PROGRESS_WINDOW_T_STATES)
                )
            }
        }
    }
}

/// One request the module has not answered yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owed {
    /// A command answered at once.
    Answer(&'static str),
    /// `GO`: the budget in positions.
    Search { budget: u32 },
    /// `PERFT`.
    Count,
}

/// A progress window: where it started and what the module had done by then.
#[derive(Clone, Copy, Debug)]
struct Window {
    start: u64,
    counter: Option<u32>,
}

/// The host's record of what the module owes, and its rules.
/// What the supervisor knows of the ROM it watches (its symbols and tables, which the
/// guest's side hands over): where its 4-byte positions counter is, and the positions each
/// level 1-6 searches, so a `GO` without a budget is held to its level's. Unknown (a bare
/// ROM), no counter is read and a level's search is held to progress alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RomFacts {
    /// The RAM address of the positions counter, if the ROM's symbols tell it.
    pub counter: Option<u16>,
    /// The positions a search of level 1-6 evaluates (index 0: level 1; `u32::MAX`: until
    /// told).
    pub level_budgets: [u32; 6],
}

impl Default for RomFacts {
    fn default() -> Self {
        RomFacts {
            counter: None,
            level_budgets: [u32::MAX; 6],
        }
    }
}

#[derive(Clone, Debug)]
pub struct Supervisor {
    owed: VecDeque<Owed>,
    /// When the oldest request became the oldest (its deadline counts from there).
    since: u64,
    /// When `MOVENOW` was sent during the oldest request's search.
    stop_sent: Option<u64>,
    window: Option<Window>,
    level: u8,
    rom: RomFacts,
}

impl Supervisor {
    /// A supervisor for a module just reset, running a ROM of which it knows `rom`.
    pub fn new(rom: RomFacts) -> Supervisor {
        Supervisor {
            owed: VecDeque::new(),
            since: 0,
            stop_sent: None,
            window: None,
            level: LEVEL_AFTER_RESET,
            rom,
        }
    }

    /// Forget every request (the module was reset, or a state was loaded between messages).
    pub fn reset(&mut self) {
        *self = Supervisor::new(self.rom);
    }

    /// True when the module owes nothing.
    pub fn idle(&self) -> bool {
        self.owed.is_empty()
    }

    /// The host sent `command` at cycle `now`.
    pub fn sent(&mut self, command: &Command, now: u64) {
        let owed = match command {
            Command::MoveNow => {
                // Only a search answers it; outside one the module ignores it.
                if self.searching() && self.stop_sent.is_none() {
                    self.stop_sent = Some(now);
                }
                return;
            }
            Command::Go { budget } => Owed::Search {
                budget: budget.unwrap_or_else(|| self.level_budget()),
            },
            Command::GoLong(go) => Owed::Search { budget: go.budget },
            Command::Perft(_) => Owed::Count,
            Command::Level(n) => {
                // The module takes levels 1-6 and ignores the rest.
                if (1..=6).contains(n) {
                    self.level = *n;
                }
                Owed::Answer("LEVEL")
            }
            Command::New => Owed::Answer("NEW"),
            Command::Setup(_) => Owed::Answer("SETUP"),
            Command::Move(_) => Owed::Answer("MOVE"),
            Command::TakeBack => Owed::Answer("TAKEBACK"),
            Command::Query => Owed::Answer("QUERY"),
        };
        if self.owed.is_empty() {
            self.begin(now);
        }
        self.owed.push_back(owed);
    }

    /// The module sent `event` at cycle `now`.
    pub fn received(&mut self, event: &Event, now: u64) {
        match event {
            // A search goes on; a game end follows the answer it belongs to.
            Event::Info { .. } | Event::Root { .. } | Event::GameOver(_) | Event::Ready { .. } => {}
            _ => {
                if self.owed.pop_front().is_some() {
                    self.begin(now);
                }
            }
        }
    }

    /// Check the rules at cycle `machine.cycles()`. `all_sent`: the module has taken every
    /// unit of the host's commands (progress is judged from then on: taking them is reading
    /// the latch, not searching).
    pub fn check(&mut self, machine: &Machine, all_sent: bool) -> Result<(), Stall> {
        let Some(&owed) = self.owed.front() else {
            return Ok(());
        };
        let now = machine.cycles();
        let waited = now.saturating_sub(self.since);
        match owed {
            Owed::Answer(command) if waited > ANSWER_T_STATES => {
                return Err(Stall::NoAnswer { command });
            }
            Owed::Answer(_) => return Ok(()),
            Owed::Search { budget } => {
                if let Some(sent) = self.stop_sent
                    && now.saturating_sub(sent) > STOP_T_STATES
                {
                    return Err(Stall::NoStop);
                }
                let allowance = SEARCH_OVERHEAD_T_STATES
                    .saturating_add(u64::from(budget) * SLOWEST_T_STATES_PER_POSITION);
                if waited > allowance {
                    return Err(Stall::OverBudget { budget, waited });
                }
            }
            Owed::Count => {}
        }
        if !all_sent {
            return Ok(());
        }
        self.check_progress(machine, matches!(owed, Owed::Search { .. }))
    }

    /// The progress rule: at the end of each window, the module must have polled (when it
    /// searches: a count does not poll) and counted.
    fn check_progress(&mut self, machine: &Machine, polls: bool) -> Result<(), Stall> {
        let now = machine.cycles();
        let window = *self.window.get_or_insert(Window {
            start: now,
            counter: self.read_counter(machine),
        });
        if now.saturating_sub(window.start) < PROGRESS_WINDOW_T_STATES {
            return Ok(());
        }
        let counter = self.read_counter(machine);
        let polled = !polls || machine.last_latch_read() >= window.start;
        let counted = counter.zip(window.counter).map(|(a, b)| a != b);
        if !polled || counted == Some(false) {
            return Err(Stall::NoProgress { polled, counted });
        }
        self.window = Some(Window {
            start: now,
            counter,
        });
        Ok(())
    }

    fn read_counter(&self, machine: &Machine) -> Option<u32> {
        let at = self.rom.counter?;
        let byte = |i: u16| machine.read(at.wrapping_add(i));
        Some(u32::from_le_bytes([byte(0), byte(1), byte(2), byte(3)]))
    }

    fn searching(&self) -> bool {
        matches!(self.owed.front(), Some(Owed::Search { .. }))
    }

    fn level_budget(&self) -> u32 {
        let level = usize::from(self.level).clamp(1, 6);
        self.rom.level_budgets[level - 1]
    }

    /// The oldest request changed at `now`: its clocks start.
    fn begin(&mut self, now: u64) {
        self.since = now;
        self.stop_sent = None;
        self.window = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::message::Move;

    /// A machine `t` T-states after power-on, polling the latch (IN A,(0) ; JR -4) or not
    /// (JR $).
    fn machine_at(t: u64, polls: bool) -> Machine {
        let rom: &[u8] = if polls {
            &[0xDB, 0x00, 0x18, 0xFC]
        } else {
            &[0x18, 0xFE]
        };
        let mut m = Machine::new(rom).unwrap();
        m.run_for(t).unwrap();
        m
    }

    fn ok_event() -> Event {
        Event::Ok { command: 1 }
    }

    #[test]
    fn a_module_that_owes_nothing_is_never_late() {
        let mut s = Supervisor::new(RomFacts::default());
        assert!(s.idle());
        assert_eq!(s.check(&machine_at(100 * SECOND, false), true), Ok(()));
        // MOVENOW outside a search is ignored by the module: nothing is owed.
        s.sent(&Command::MoveNow, 0);
        assert!(s.idle());
    }

    #[test]
    fn an_answer_is_owed_within_a_second_of_becoming_the_oldest_request() {
        let mut s = Supervisor::new(RomFacts::default());
        s.sent(&Command::New, 0);
        s.sent(&Command::Query, 0);
        // (A run stops at the first instruction boundary at or past its end: margins of 100.)
        assert_eq!(
            s.check(&machine_at(ANSWER_T_STATES - 100, true), true),
            Ok(())
        );
        let late = machine_at(ANSWER_T_STATES + 100, true);
        assert_eq!(
            s.check(&late, true),
            Err(Stall::NoAnswer { command: "NEW" })
        );
        // NEW answered at 0.9 s: QUERY's second starts then.
        let mut s = Supervisor::new(RomFacts::default());
        s.sent(&Command::New, 0);
        s.sent(&Command::Query, 0);
        s.received(&ok_event(), ANSWER_T_STATES * 9 / 10);
        assert_eq!(s.check(&late, true), Ok(()));
        s.received(&ok_event(), ANSWER_T_STATES * 19 / 10);
        assert!(s.idle());
    }

    #[test]
    fn a_search_has_its_budget_at_the_slowest_rate_and_infos_do_not_end_it() {
        let mut s = Supervisor::new(RomFacts::default());
        s.sent(&Command::Go { budget: Some(100) }, 0);
        let allowance = SEARCH_OVERHEAD_T_STATES + 100 * SLOWEST_T_STATES_PER_POSITION;
        let info = Event::Info(crate::protocol::Pass {
            pass: 1,
            score: 0,
            positions: 50,
            pv: vec![],
            root: Vec::new(),
        });
        s.received(&info, 1000);
        assert!(!s.idle());
        assert_eq!(s.check(&machine_at(allowance - 1_000, true), true), Ok(()));
        assert!(matches!(
            s.check(&machine_at(allowance + 1_000, true), true),
            Err(Stall::OverBudget { budget: 100, .. })
        ));
    }

    #[test]
    fn the_level_budget_follows_the_levels_the_host_set() {
        let rom = RomFacts {
            counter: None,
            level_budgets: [1_000, 100, 200, 300, 400, u32::MAX],
        };
        // Level 2 after a reset: its 100 positions at 50 a second, and the allowance.
        let mut s = Supervisor::new(rom);
        s.sent(&Command::Go { budget: None }, 0);
        let late = machine_at(
            SEARCH_OVERHEAD_T_STATES + 100 * SLOWEST_T_STATES_PER_POSITION + 1_000,
            true,
        );
        assert!(matches!(
            s.check(&late, true),
            Err(Stall::OverBudget { budget: 100, .. })
        ));
        let mut s = Supervisor::new(rom);
        s.sent(&Command::Level(6), 0);
        s.received(&ok_event(), 10);
        s.sent(&Command::Go { budget: None }, 10);
        // Level 6 thinks until told: no budget deadline after an hour, only progress.
        let hour = machine_at(3_600 * SECOND, true);
        assert_eq!(s.check(&hour, true), Ok(()));
    }

    #[test]
    fn movenow_during_a_search_must_be_answered_within_two_seconds() {
        let mut s = Supervisor::new(RomFacts::default());
        s.sent(&Command::Go { budget: None }, 0);
        s.sent(&Command::MoveNow, SECOND);
        assert_eq!(
            s.check(&machine_at(SECOND + STOP_T_STATES - 100, true), true),
            Ok(())
        );
        assert_eq!(
            s.check(&machine_at(SECOND + STOP_T_STATES + 100, true), true),
            Err(Stall::NoStop)
        );
        let mv = Move {
            from: 12,
            to: 28,
            promo: 0,
        };
        let best = Event::BestMove {
            decided: crate::protocol::Decided {
                best: Some(mv),
                score: 0,
                positions: 1,
                passes: 1,
                book: false,
            },
            flags: crate::protocol::MoveFlags(0),
        };
        s.received(&best, SECOND * 2);
        assert!(s.idle());
    }

    #[test]
    fn a_search_that_stops_polling_fails_at_the_end_of_its_window() {
        let mut s = Supervisor::new(RomFacts::default());
        s.sent(&Command::Go { budget: None }, 0);
        // The window opens at the first check after the command was taken.
        let quiet = machine_at(1_000, false);
        assert_eq!(s.check(&quiet, true), Ok(()));
        let later = machine_at(1_100 + PROGRESS_WINDOW_T_STATES, false);
        assert_eq!(
            s.check(&later, true),
            Err(Stall::NoProgress {
                polled: false,
                counted: None
            })
        );
        // One that polls passes window after window.
        let mut s = Supervisor::new(RomFacts::default());
        s.sent(&Command::Go { budget: None }, 0);
        for w in 0..5 {
            let m = machine_at(1_000 + w * PROGRESS_WINDOW_T_STATES, true);
            assert_eq!(s.check(&m, true), Ok(()), "window {w}");
        }
    }
}
