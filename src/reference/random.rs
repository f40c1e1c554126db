//! Positions from random games, reproducible from a seed: test material for the
//! differential tests and `c7010 verify` (the guest against the reference).

use super::board::square;
use super::piece::*;
use super::{Board, legal_moves};

/// A tiny deterministic generator (xorshift64), so a failing test reproduces from its seed.
/// The seed must not be 0.
#[derive(Clone, Debug)]
pub struct Xorshift(pub u64);

impl Xorshift {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// `n` positions reached by 10-59 random legal moves from the initial position (xorshift64
/// from `seed`), each with at least one legal move.
pub fn random_positions(n: usize, seed: u64) -> Vec<Board> {
    let mut rng = Xorshift(seed | 1);
    let mut below = |k: usize| rng.below(k);
    let mut out = vec![];
    while out.len() < n {
        let mut b = Board::startpos();
        for _ in 0..10 + below(50) {
            let moves = legal_moves(&b);
            if moves.is_empty() {
                break;
            }
            b.make(moves.as_slice()[below(moves.len())]);
        }
        if !legal_moves(&b).is_empty() {
            out.push(b);
        }
    }
    out
}

/// A board crowded up to and past the limits of `Board::validate`'s material rule: each
/// side a king, 0-9 pawns on ranks 2-7 and up to 17 more pieces of random kinds, fewer the
/// more pawns (queens the likeliest), on random squares; a random side to move, no castling or en passant. Many
/// break the rule, and some leave the side not to move in check: the tests want both.
pub fn crowded_board(rng: &mut Xorshift) -> Board {
    const KINDS: [u8; 6] = [QUEEN, QUEEN, ROOK, BISHOP, KNIGHT, QUEEN];
    let mut b = Board::empty();
    for colour in [WHITE, BLACK] {
        place_on_empty(&mut b, rng, KING | colour, 0..64);
        let pawns = rng.below(10);
        for _ in 0..pawns {
            place_on_empty(&mut b, rng, PAWN | colour, 8..56);
        }
        for _ in 0..rng.below(18 - pawns) {
            let piece = KINDS[rng.below(KINDS.len())];
            place_on_empty(&mut b, rng, piece | colour, 0..64);
        }
    }
    b.side = if rng.below(2) == 0 { WHITE } else { BLACK };
    b
}

/// Puts `code` on a random empty square of `range` (a1 = 0); none left: nothing happens.
fn place_on_empty(b: &mut Board, rng: &mut Xorshift, code: u8, range: std::ops::Range<u8>) {
    let free: Vec<u8> = range
        .map(|i| square(i % 8, i / 8))
        .filter(|&s| b.sq[s as usize] == EMPTY)
        .collect();
    if !free.is_empty() {
        b.put(free[rng.below(free.len())], code);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_positions_and_all_playable() {
        let a = random_positions(20, 7);
        assert_eq!(a, random_positions(20, 7));
        assert_ne!(a, random_positions(20, 8));
        assert!(a.iter().all(|b| !legal_moves(b).is_empty()));
    }
}
