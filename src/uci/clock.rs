//! From the GUI's clock to a thinking allocation.
//!
//! The rule, the same for UCI and xboard: with a fixed time per move (`movetime`, `st`) think
//! exactly that long; with a clock, think `remaining / moves_to_go + increment` (30 moves to
//! go when the GUI does not say), never more than half the remaining time; with neither,
//! think for the budget of the current level. The allocation is then spent on the engine's
//! clock ([`ClockMode`]).

use std::fmt;

use crate::reference::Move;
use std::str::FromStr;

/// Moves assumed to remain when the GUI gives a clock without `movestogo`.
pub const DEFAULT_MOVES_TO_GO: u32 = 30;

/// Which clock an allocation is measured on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClockMode {
    /// The module's emulated time (T-states at its clock): the module thinks as long as the
    /// real one would, so it plays exactly as strong, only faster when the emulator outruns
    /// the real chip. An engine without a clock (the reference) counts positions at the
    /// guest's nominal rate instead.
    #[default]
    Emulated,
    /// Real (wall-clock) time.
    Wall,
}

impl fmt::Display for ClockMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ClockMode::Emulated => "emulated",
            ClockMode::Wall => "wall",
        })
    }
}

/// A clock mode name that is neither `emulated` nor `wall`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("clock {0:?} does not exist; use emulated or wall")]
pub struct BadClockMode(pub String);

impl FromStr for ClockMode {
    type Err = BadClockMode;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "emulated" => Ok(ClockMode::Emulated),
            "wall" => Ok(ClockMode::Wall),
            _ => Err(BadClockMode(s.trim().to_string())),
        }
    }
}

/// What the GUI asked for when it told the engine to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// Think exactly this long (UCI `movetime`, xboard `st`).
    pub movetime_ms: Option<u64>,
    /// The engine's remaining time on its clock.
    pub remaining_ms: Option<u64>,
    /// Increment per move.
    pub increment_ms: u64,
    /// Moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// Stop after this pass (UCI `depth`, xboard `sd`).
    pub depth: Option<u8>,
    /// Evaluate at most this many positions (UCI `nodes`).
    pub nodes: Option<u32>,
    /// Think until told to stop (UCI `go infinite`).
    pub infinite: bool,
    /// Think on the opponent's time (UCI `go ponder`, xboard `hard`): no clock runs and no
    /// answer is given until `ponderhit` (then this request's allocation from that moment)
    /// or `stop`.
    pub ponder: bool,
    /// The reply to ponder on beyond the game (xboard `hard`: the table plays it on the
    /// engine only, `Table::ponder`, and on the game at the hit); `None` when the game's
    /// position is the one to ponder on (UCI's `go ponder` position holds the reply).
    pub ponder_on: Option<Move>,
}

/// How long to think, in milliseconds of the chosen clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allocation {
    /// The time to think.
    pub think_ms: u64,
    /// Real time that must never be exceeded whatever the clock mode, so that a slow host
    /// never loses on time: the movetime itself, or half the remaining clock.
    pub wall_limit_ms: u64,
}

/// The allocation for a request, or `None` when the request gives no time at all.
pub fn allocate(req: &Request) -> Option<Allocation> {
    if let Some(ms) = req.movetime_ms {
        return Some(Allocation {
            think_ms: ms,
            wall_limit_ms: ms,
        });
    }
    let remaining = req.remaining_ms?;
    let to_go = u64::from(req.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1));
    let half = remaining / 2;
    Some(Allocation {
        think_ms: (remaining / to_go + req.increment_ms).min(half),
        wall_limit_ms: half,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetime_wins() {
        let req = Request {
            movetime_ms: Some(1500),
            remaining_ms: Some(60_000),
            ..Request::default()
        };
        assert_eq!(
            allocate(&req),
            Some(Allocation {
                think_ms: 1500,
                wall_limit_ms: 1500
            })
        );
    }

    #[test]
    fn clock_share_plus_increment_capped_at_half() {
        let mut req = Request {
            remaining_ms: Some(60_000),
            increment_ms: 1000,
            ..Request::default()
        };
        assert_eq!(allocate(&req).unwrap().think_ms, 3000);
        req.moves_to_go = Some(10);
        assert_eq!(allocate(&req).unwrap().think_ms, 7000);
        req.moves_to_go = Some(1);
        assert_eq!(allocate(&req).unwrap().think_ms, 30_000);
        assert_eq!(allocate(&req).unwrap().wall_limit_ms, 30_000);
        req.moves_to_go = Some(0);
        assert_eq!(allocate(&req).unwrap().think_ms, 30_000);
    }

    #[test]
    fn no_time_no_allocation() {
        let req = Request {
            depth: Some(3),
            ..Request::default()
        };
        assert_eq!(allocate(&req), None);
    }

    #[test]
    fn clock_names() {
        assert_eq!("Wall".parse::<ClockMode>(), Ok(ClockMode::Wall));
        assert_eq!(" emulated ".parse::<ClockMode>(), Ok(ClockMode::Emulated));
        assert!("sundial".parse::<ClockMode>().is_err());
        assert_eq!(ClockMode::Emulated.to_string(), "emulated");
    }
}
