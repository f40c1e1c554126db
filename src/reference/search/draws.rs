//! The root moves that draw the game (repetition, fifty-move rule): GO carries them as a
//! bitmap over the root list, and the search values each exactly 0 without exploring it.

use super::{MOVE_CAP, Search};
use crate::reference::board::Board;
use crate::reference::generate::legal_moves;
use crate::reference::moves::Move;

/// Bytes of GO's draw bitmap: one bit for each root-list entry, so every legal move of a
/// root the module takes can be marked (the guest keeps the bitmap in PVTAB while the root
/// list is built).
pub const DRAW_BYTES: usize = MOVE_CAP.div_ceil(8);

impl Search {
    /// The root moves that end the game in a draw (they repeat a position of the game or
    /// let the fifty-move rule end it: `Game::draw_moves`), all of them: they become GO's
    /// bitmap over the root list ([`draw_bits`]), so a move not legal here marks nothing.
    /// Each scores exactly 0 (no contempt) wherever the root takes a move's value: its key
    /// and maximum in the root list, its value in every pass (it is not explored, its PV is
    /// the move alone), so the move played before any pass and the pruning of the root see
    /// 0 too.
    pub fn with_draws(self, draws: &[Move]) -> Search {
        let bits = draw_bits(&self.board, draws);
        self.with_draw_bits(&bits)
    }

    /// The draw moves as GO carries them: bit `i % 8` of byte `i / 8` marks the root list's
    /// entry `i` (the legal moves in generation order); bytes past [`DRAW_BYTES`] are ignored.
    pub fn with_draw_bits(mut self, bits: &[u8]) -> Search {
        for (slot, b) in self.draws.iter_mut().zip(bits) {
            *slot = *b;
        }
        self
    }

    /// Marks the draw moves in the root list just built (the guest: NODEHK's DRWFIX).
    pub(super) fn mark_draws(&mut self) {
        let count = self.plies[0].count as usize;
        for (i, e) in self.entries[..count].iter_mut().enumerate() {
            if self.draws[i / 8] & (1 << (i % 8)) != 0 {
                e.draw = true;
                e.key = 0;
                e.max = 0;
            }
        }
    }
}

/// GO's draw bitmap for the root moves `draws` of `b` ([`Search::with_draw_bits`]): bit
/// `i % 8` of byte `i / 8` set when the `i`-th legal move of `b` in generation order (the
/// root list's order) is one of them; only as many bytes as the last set bit needs. A move
/// that is not legal in `b` sets nothing.
pub fn draw_bits(b: &Board, draws: &[Move]) -> Vec<u8> {
    let mut bits = Vec::new();
    for (i, m) in legal_moves(b).as_slice().iter().enumerate() {
        if draws.iter().any(|d| d.from == m.from && d.to == m.to) {
            bits.resize(bits.len().max(i / 8 + 1), 0);
            bits[i / 8] |= 1 << (i % 8);
        }
    }
    bits
}
