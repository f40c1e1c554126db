//! Levels 1-6: each a budget of positions evaluated, as the module had no clock of its own.
//!
//! Calibrated against the guest with `c7010 bench guest --levels` (the emulated time a move
//! takes at each budget on six middle-game positions at 4.433619 MHz): level 1 tournament
//! about 2 minutes a move, level 2 beginner about 10 seconds, 3 about 30 s, 4 about 1
//! minute, 5 about 2.5 minutes, level 6 analysis until stopped (levels 1 and 5 recalibrated
//! in issue 25 after the passes went on to 11 plies: 26,000 and 52,000 had become 139 and
//! 187 s; all five again after the guest's EVAL got 7% faster: 21,000 / 2,300 / 6,200 /
//! 11,000 / 32,000 had become 112.9 / 9.4 / 28.1 / 56.3 / 141.6 s; the bit-exact
//! speed steps of 2026-11-27 and the line first (commit 46af447) left all five within 5 % short of their times;
//! the filter in passes 1 and 2 (commit 8fef744) left levels 2-4 11-17 % short, 8.4 / 24.8 / 53.1 s,
//! and 2,450 / 6,500 / 11,600 became 2,950 / 7,500 / 12,800, with level 1 from 23,000 to
//! 24,500; after the passes one ply apart (commit be94953) levels 1 and 5 took longer, 3 and 4
//! less, 123.1 / 27.3 / 52.9 / 184.8 s, and 24,500 / 7,500 / 12,800 / 35,000 became 24,000
//! / 8,100 / 14,000 / 28,500; the bit-exact savings of 2026-12-02, 5.6 % fewer T-states a
//! position, made those 115.2 / 9.5 / 28.3 / 56.8 / 142.6 s, and they became 25,000 / 3,100
//! / 8,500 / 14,500 / 29,500; the check extension of 2026-12-02 (`Search::extends`) made
//! them 118.5 / 10.1 / 29.8 / 58.8 / 142.3 s at 25,000 / 3,250 / 8,500 / 14,500 / 29,500,
//! and level 5 became 31,000: 150.1 s; a leaf's captures first, 2026-12-03, made those
//! 115.7 / 9.5 / 27.6 / 56.1 / 147.3 s, and they became 26,000 / 3,450 / 9,100 / 15,200 /
//! 31,500). The guest's rate falls as the search goes deeper (about 345 positions a second
//! at level 2, 215 at level 1), so the budgets are measured, not one rate times the seconds.
//!
//! One source of truth in two places: the guest's table `LEVELS` in `asm/search.asm` holds
//! the same figures, and `tests/guest/search.rs` reads it from the ROM image and compares.

/// Positions the guest evaluates per emulated second in the middle game at level 2's budget,
/// as measured when the levels were last calibrated (`c7010 bench guest --levels`,
/// 2026-12-03 with a leaf's captures first: 345 at level 2's 3,450; deeper searches are
/// slower, level 1's about 215). UCI turns clock time into a position budget with it;
/// level 2's budget is ten seconds of it.
pub const POSITIONS_PER_SECOND: u32 = 345;

/// Position budgets of levels 1..=6 (index 0 = level 1).
pub const LEVEL_BUDGETS: [u32; 6] = [26_000, 3_450, 9_100, 15_200, 31_500, u32::MAX];

/// The emulated seconds a move takes at levels 1-5 at the real module's speed, as the level
/// table in `docs/engine.md` and the help give them (the budgets above are calibrated to
/// these); level 6 thinks until told. The console tells a module that thought on the
/// player's time (and guessed the reply) to move this long after the reply.
pub const LEVEL_SECONDS: [Option<u32>; 6] =
    [Some(120), Some(10), Some(30), Some(60), Some(150), None];

/// Positions the reference searches when no level's budget bounds a thought (an endless
/// `go infinite`, level 6, the twin's move after module failures at level 6): it cannot
/// be interrupted, so such a thought is level 5's budget (taken from the table, so that
/// it follows a recalibration).
pub const ENDLESS_BUDGET: u32 = LEVEL_BUDGETS[4];

/// Why a level was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// Levels are 1 to 6.
    #[error("level {0} does not exist; levels are 1 to 6")]
    OutOfRange(u8),
    /// Text that is no number.
    #[error("level {0} is not a number; levels are 1 to 6")]
    NotANumber(String),
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
        assert_eq!(budget(1), Ok(26_000));
        assert_eq!(budget(2), Ok(3_450));
        assert_eq!(budget(6), Ok(u32::MAX));
        assert_eq!(budget(0), Err(LevelError::OutOfRange(0)));
        assert_eq!(budget(7), Err(LevelError::OutOfRange(7)));
        // Level 2 is 10 s at the rate measured there; the others grow with their times
        // (2: 10 s, 3: 30 s, 4: 1 min, 1: 2 min, 5: 2.5 min), beyond that rate's reach for
        // level 1 (its searches are slower, about 200 a second).
        assert_eq!(budget(2).unwrap() / POSITIONS_PER_SECOND, 10);
        let order = [2, 3, 4, 1, 5, 6].map(|l| budget(l).unwrap());
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
        assert!(budget(1).unwrap() / POSITIONS_PER_SECOND < 120);
        // The times a move takes follow the same order; level 6 has none.
        let seconds = [2, 3, 4, 1, 5].map(|l| LEVEL_SECONDS[l - 1].unwrap());
        assert!(seconds.windows(2).all(|w| w[0] < w[1]), "{seconds:?}");
        assert_eq!(
            LEVEL_SECONDS[1],
            Some(budget(2).unwrap() / POSITIONS_PER_SECOND)
        );
        assert_eq!(LEVEL_SECONDS[5], None);
    }
}
