//! Engine scores as the protocols want them. The engine counts in units of a sixteenth of a
//! pawn (pawn = 16) from the side to move's view; a mate is 30000 minus the plies to it.

use crate::reference::search::MATE;

/// Scores at least this far from zero are mates (30000 - plies, plies < 100).
pub const MATE_THRESHOLD: i16 = MATE - 100;

/// A score in the GUI's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuiScore {
    /// Centipawns, side to move's view.
    Centipawns(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    MateIn(i32),
}

/// Convert engine units: pawn 16 -> 100 centipawns; mates to moves (a mate in 1 ply or in
/// 2 plies is mate in 1 move for the side that mates).
pub fn gui_score(units: i16) -> GuiScore {
    if units.abs() >= MATE_THRESHOLD {
        let plies = i32::from(MATE - units.abs());
        let moves = (plies + 1) / 2;
        GuiScore::MateIn(if units > 0 { moves } else { -moves })
    } else {
        GuiScore::Centipawns(i32::from(units) * 100 / 16)
    }
}

/// The UCI form: `cp N` or `mate N`.
pub fn uci_score(units: i16) -> String {
    match gui_score(units) {
        GuiScore::Centipawns(cp) => format!("cp {cp}"),
        GuiScore::MateIn(n) => format!("mate {n}"),
    }
}

/// The xboard form: centipawns, or 100000 + N for mate in N moves (-100000 - N when mated),
/// as CECP v2 asks.
pub fn xboard_score(units: i16) -> i32 {
    match gui_score(units) {
        GuiScore::Centipawns(cp) => cp,
        GuiScore::MateIn(n) if n >= 0 => 100_000 + n,
        GuiScore::MateIn(n) => -100_000 + n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawns_and_mates() {
        assert_eq!(uci_score(16), "cp 100");
        assert_eq!(uci_score(-24), "cp -150");
        assert_eq!(uci_score(0), "cp 0");
        assert_eq!(uci_score(MATE - 1), "mate 1");
        assert_eq!(uci_score(MATE - 3), "mate 2");
        assert_eq!(uci_score(-(MATE - 2)), "mate -1");
        assert_eq!(uci_score(-(MATE - 4)), "mate -2");
        assert_eq!(xboard_score(16), 100);
        assert_eq!(xboard_score(MATE - 3), 100_002);
        assert_eq!(xboard_score(-(MATE - 2)), -100_001);
        // Just below the threshold is still an ordinary (huge) score.
        assert_eq!(uci_score(MATE_THRESHOLD - 1), "cp 186868");
    }
}
