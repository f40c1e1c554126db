//! A search score read once: the engines (the reference and the guest alike) count in
//! sixteenths of a pawn from the side to move's view, and a mate found `n` plies deep scores
//! `MATE - n`. Every front end (UCI, xboard, the console, `c7010 search`) converts through
//! [`Score`], so there is one mate threshold.

use super::search::MATE;

/// The deepest mate a score can stand for, in plies (a search is at most
/// [`super::search::MAX_DEPTH`] plies plus its captures, far fewer).
pub const MAX_MATE_PLIES: i16 = 100;

/// Scores at least this far from zero are mates.
pub const MATE_THRESHOLD: i16 = MATE - MAX_MATE_PLIES;

/// What a score in engine units means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// No mate seen: sixteenths of a pawn, side to move's view.
    Units(i16),
    /// A mate this many plies deep: positive when the side to move mates, negative when it
    /// is mated.
    MatePlies(i16),
}

impl Score {
    /// Read a score in engine units.
    pub fn of_units(units: i16) -> Score {
        if units.unsigned_abs() >= MATE_THRESHOLD.unsigned_abs() {
            let plies = MATE - units.abs();
            Score::MatePlies(if units > 0 { plies } else { -plies })
        } else {
            Score::Units(units)
        }
    }
}

/// Engine units in centipawns (pawn = 16 units = 100 centipawns), truncated.
pub fn centipawns(units: i16) -> i32 {
    i32::from(units) * 100 / 16
}

/// The moves to a mate `plies` deep for the side that mates (a mate in 1 or 2 plies is mate
/// in 1 move), with the sign of `plies` (negative: the side to move is mated).
pub fn mate_moves(plies: i16) -> i32 {
    let moves = (i32::from(plies.unsigned_abs()) + 1) / 2;
    if plies > 0 { moves } else { -moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawns_and_mates() {
        assert_eq!(Score::of_units(16), Score::Units(16));
        assert_eq!((centipawns(16), centipawns(-24)), (100, -150));
        assert_eq!(Score::of_units(MATE - 1), Score::MatePlies(1));
        assert_eq!(Score::of_units(-(MATE - 2)), Score::MatePlies(-2));
        assert_eq!((mate_moves(1), mate_moves(2), mate_moves(3)), (1, 1, 2));
        assert_eq!((mate_moves(-2), mate_moves(-4)), (-1, -2));
        // Just below the threshold is still an ordinary (huge) score.
        assert_eq!(
            Score::of_units(MATE_THRESHOLD - 1),
            Score::Units(MATE_THRESHOLD - 1)
        );
        assert_eq!(Score::of_units(-MATE_THRESHOLD), Score::MatePlies(-100));
    }
}
