//! What a search hands out: the move-stack entry, a root move's two evaluations, the
//! report of a completed pass and the final answer.

use super::PV_MAX;
use crate::reference::moves::Move;

/// One move-stack entry: the move, its state, its order key and its maximum evaluation.
/// Guest layout (7 bytes): from, to, flags (bit 6 = done, bit 7 = gives check; bits 4 and 5
/// both set = a draw move, a pair no real move has), key lo/hi, max lo/hi.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The move.
    pub mv: Move,
    /// Explored or pruned in this pass.
    pub done: bool,
    /// The move gives check: DEPTH never drops it (mates must not be pruned away).
    pub check: bool,
    /// A root move the host listed as drawing the game ([`Search::with_draws`](super::Search::with_draws)): its key and
    /// maximum are 0 and each pass values it 0 without exploring it.
    pub draw: bool,
    /// Order key: the minimum evaluation on a fresh list; the final evaluation once the
    /// move is explored; at the root a pruned move keeps its maximum evaluation here.
    pub key: i16,
    /// Maximum evaluation (for forward pruning).
    pub max: i16,
}

/// Minimum and maximum evaluation of one move, from the mover's view, in units (pawn 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEval {
    /// The move.
    pub mv: Move,
    /// Material + positional - the opponent's best exchange gain.
    pub min: i16,
    /// `min` + the mover's own best exchange gain.
    pub max: i16,
    /// The move gives check.
    pub check: bool,
}

/// What the engine reports after each completed pass (the guest sends it to the console).
#[derive(Debug)]
pub struct PassInfo<'a> {
    /// Pass number, 1 = three plies.
    pub pass: u8,
    /// Depth of the pass in plies.
    pub depth: u8,
    /// Final evaluation of the best move (side to move's view).
    pub score: i16,
    /// Positions evaluated so far.
    pub positions: u32,
    /// Principal variation.
    pub pv: &'a [Move],
    /// The root list as the pass left it, in its order (the guest sends it as `ROOT`
    /// events when GO's flag bit 0 asks): only the best move's key is exact; the others
    /// are upper bounds (fail-soft), a pruned move's is its maximum, a draw move's 0.
    pub root: &'a [Entry],
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// Move to play; `None` when the side to move is mated or stalemated.
    pub best: Option<Move>,
    /// Final evaluation of `best` (side to move's view, units, pawn 16; mate = 30000 - plies).
    pub score: i16,
    /// Positions evaluated (EVAL calls) in the whole search.
    pub positions: u32,
    /// Passes completed.
    pub passes: u8,
    /// True when the move came from the opening book.
    pub book: bool,
    pub(super) pv: [Move; PV_MAX],
    pub(super) pv_len: u8,
}

impl SearchResult {
    /// Principal variation (starts with `best`).
    pub fn pv(&self) -> &[Move] {
        &self.pv[..self.pv_len as usize]
    }

    /// A result for a book move.
    pub fn from_book(mv: Move) -> SearchResult {
        let mut pv = [Move::default(); PV_MAX];
        pv[0] = mv;
        SearchResult {
            best: Some(mv),
            score: 0,
            positions: 0,
            passes: 0,
            book: true,
            pv,
            pv_len: 1,
        }
    }
}
