//! Levels 1-6: each a budget of positions evaluated, as the module had no clock of its own.
//!
//! Calibrated against the guest (`c7010 bench guest`: about 120 positions per emulated second
//! at 4.433619 MHz in the middle game): level 1 tournament about 2 minutes a move, level 2
//! beginner about 10 seconds, 3 about 30 s, 4 about 1 minute, 5 about 4 minutes, level 6
//! analysis until stopped.
//!
//! One source of truth in two places: the guest's table `LEVELS` in `asm/search.asm` holds
//! the same figures, and `tests/guest_search.rs` reads it from the ROM image and compares.

/// Positions the guest evaluates per emulated second in the middle game (measured).
pub const POSITIONS_PER_SECOND: u32 = 120;

/// Position budgets of levels 1..=6 (index 0 = level 1).
pub const LEVEL_BUDGETS: [u32; 6] = [14_400, 1_200, 3_600, 7_200, 28_800, u32::MAX];

/// Why a level was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// Levels are 1 to 6.
    #[error("level {0} does not exist; levels are 1 to 6")]
    OutOfRange(u8),
}

/// Budget (positions evaluated) of a level 1..=6.
pub fn budget(level: u8) -> Result<u32, LevelError> {
    if (1..=6).contains(&level) {
        Ok(LEVEL_BUDGETS[level as usize - 1])
    } else {
        Err(LevelError::OutOfRange(level))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_one_to_six_have_budgets_and_others_are_refused() {
        assert_eq!(budget(1), Ok(14_400));
        assert_eq!(budget(2), Ok(1_200));
        assert_eq!(budget(6), Ok(u32::MAX));
        assert_eq!(budget(0), Err(LevelError::OutOfRange(0)));
        assert_eq!(budget(7), Err(LevelError::OutOfRange(7)));
        // Level 2 (10 s) and level 1 (2 min) match the module's timing at the assumed rate.
        assert_eq!(budget(2).unwrap() / POSITIONS_PER_SECOND, 10);
        assert_eq!(budget(1).unwrap() / POSITIONS_PER_SECOND, 120);
    }
}
