//! Engine scores as the protocols want them, read through [`Score`] (engine units and the
//! mate threshold are the reference's).

use crate::reference::score::{self, Score};

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
    match Score::of_units(units) {
        Score::Units(units) => GuiScore::Centipawns(score::centipawns(units)),
        Score::MatePlies(plies) => GuiScore::MateIn(score::mate_moves(plies)),
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
    use crate::reference::score::MATE_THRESHOLD;
    use crate::reference::search::MATE;

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
