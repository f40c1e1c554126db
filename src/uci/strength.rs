//! `UCI_LimitStrength` and `UCI_Elo`: a playing strength asked in Elo, mapped to the level
//! whose rating is nearest. The ratings are a ladder measured, not guessed (docs/uci.md,
//! "Strength"): neighbouring levels of the module's twin in self-play, 200 games a pair
//! from 100 balanced openings; each level against the same level of the module of commit 5dd5925;
//! and today's levels 1-4 and that module's 1, 2, 4 and 5 against Debian's Stockfish 15.1
//! limited to an Elo, at the time control its README says that Elo is calibrated at (60 s
//! plus 0.6 s a move, anchored to CCRL 40/4). `tools/ladder.py` fits them all together;
//! `UCI_Elo` offers only their range.

/// The ladder, weakest first: (level, rating on Stockfish 15.1's `UCI_Elo` scale), as
/// `tools/ladder.py` fits it (docs/uci.md shows its output). The levels climb with their
/// budgets (2, 3, 4, 1, 5), so asking for more Elo never buys fewer positions a move
/// (`tests/uci/strength.rs`). Level 6 (until stopped) is not a strength.
pub const MEASURED: [(u8, u16); 5] = [(2, 1408), (3, 1540), (4, 1564), (1, 1619), (5, 1625)];

/// The lowest and highest `UCI_Elo` offered: the measured range.
pub const ELO_MIN: u16 = MEASURED[0].1;
pub const ELO_MAX: u16 = MEASURED[MEASURED.len() - 1].1;

/// The level whose measured strength is nearest to `elo` (the weaker one on a tie).
pub fn level_for(elo: u16) -> u8 {
    let mut best = MEASURED[0];
    for m in MEASURED {
        if m.1.abs_diff(elo) < best.1.abs_diff(elo) {
            best = m;
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_measured_level() {
        assert_eq!(level_for(ELO_MIN), MEASURED[0].0);
        assert_eq!(level_for(ELO_MAX), MEASURED[MEASURED.len() - 1].0);
        assert_eq!(level_for(0), MEASURED[0].0);
        assert_eq!(level_for(u16::MAX), MEASURED[MEASURED.len() - 1].0);
        assert!(MEASURED.windows(2).all(|w| w[0].1 < w[1].1));
        // The nearest rung: between two ratings the mapping steps up once, at the middle.
        for w in MEASURED.windows(2) {
            let middle = (w[0].1 + w[1].1) / 2;
            assert_eq!(level_for(middle - 1), w[0].0);
            assert_eq!(level_for(middle + 1), w[1].0);
        }
    }
}
