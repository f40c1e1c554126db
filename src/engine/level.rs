//! The module's six levels as a type: the range, the default and the one error text live
//! here, so every front end parses and refuses a level the same way.

use std::fmt;
use std::str::FromStr;

pub use crate::reference::levels::LevelError;

/// A playing level, 1 (tournament, about 2 minutes a move) to 6 (analysis, until told);
/// the budgets and times of each are in [`crate::reference::levels`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The lowest level number.
    pub const MIN: u8 = 1;
    /// The highest level number (analysis).
    pub const MAX: u8 = 6;
    /// The level a new console or GUI session starts at (the module's beginner level).
    pub const DEFAULT: Level = Level(2);

    /// The level `n`, if it exists.
    pub fn new(n: u8) -> Result<Level, LevelError> {
        match (Self::MIN..=Self::MAX).contains(&n) {
            true => Ok(Level(n)),
            false => Err(LevelError::OutOfRange(n)),
        }
    }

    /// Its number, 1-6.
    pub fn get(self) -> u8 {
        self.0
    }

    /// The level's time ([`LEVEL_SECONDS`](crate::reference::levels::LEVEL_SECONDS)) in
    /// T-states at `clock_hz`: how long the module thinks after a ponder hit; `None` at
    /// level 6 (until told).
    pub fn t_states(self, clock_hz: f64) -> Option<u64> {
        let seconds = crate::reference::levels::LEVEL_SECONDS[usize::from(self.0) - 1]?;
        Some(crate::machine::clock::t_states_for(
            f64::from(seconds),
            clock_hz,
        ))
    }

    /// The positions the reference twin searches for the module's move at this level (its
    /// budget; level 6's endless thought is level 5's).
    pub fn twin_positions(self) -> u32 {
        let levels = crate::reference::levels::budget(self.0).unwrap_or(u32::MAX);
        levels.min(crate::reference::levels::ENDLESS_BUDGET)
    }

    /// Every level, lowest number first.
    pub fn all() -> impl Iterator<Item = Level> {
        (Self::MIN..=Self::MAX).map(Level)
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::DEFAULT
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl TryFrom<u8> for Level {
    type Error = LevelError;
    fn try_from(n: u8) -> Result<Level, LevelError> {
        Level::new(n)
    }
}

/// A level typed as text (`2`, ` 5 `): a number 1-6, or the one error.
impl FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        let n: u8 = s
            .trim()
            .parse()
            .map_err(|_| LevelError::NotANumber(s.trim().to_string()))?;
        Level::new(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_to_six_exist_and_nothing_else() {
        assert_eq!(
            Level::all().map(Level::get).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6]
        );
        for n in [0, 7, 255] {
            assert_eq!(Level::new(n), Err(LevelError::OutOfRange(n)));
        }
        assert_eq!(" 5 ".parse::<Level>().map(Level::get), Ok(5));
        assert_eq!(
            "x".parse::<Level>().unwrap_err().to_string(),
            "level x is not a number; levels are 1 to 6"
        );
        assert_eq!(
            "9".parse::<Level>().unwrap_err().to_string(),
            "level 9 does not exist; levels are 1 to 6"
        );
        assert_eq!(Level::default().get(), 2);
    }
}
