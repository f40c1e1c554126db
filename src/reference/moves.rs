//! Moves: a move (from, to, flags) as the search and the guest's move stack keep it, its UCI
//! text, and a fixed-size list of moves. Generating them is `generate.rs`.

use super::piece::*;
use super::square::square_name;

/// Promotion kind mask of the flags byte (0 = no promotion, else the kind 2..5).
pub const PROMO_MASK: u8 = 0x07;
/// Flag: castling (the move is the king's two-square step).
pub const CASTLE: u8 = 0x08;
/// Flag: en-passant capture.
pub const EP: u8 = 0x10;
/// Flag: pawn double push (sets the en-passant square).
pub const DOUBLE: u8 = 0x20;

/// A move: from square, to square (mailbox indices) and a flags byte.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square.
    pub from: u8,
    /// Destination square (for castling: the king's destination).
    pub to: u8,
    /// [`PROMO_MASK`] bits, [`CASTLE`], [`EP`], [`DOUBLE`].
    pub flags: u8,
}

impl Move {
    /// The move in UCI text (e2e4, e7e8q, e1g1).
    pub fn uci(&self) -> String {
        let mut s = square_name(self.from) + &square_name(self.to);
        match self.flags & PROMO_MASK {
            K_QUEEN => s.push('q'),
            K_ROOK => s.push('r'),
            K_BISHOP => s.push('b'),
            K_KNIGHT => s.push('n'),
            _ => {}
        }
        s
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.uci())
    }
}

/// The largest number of legal moves a chess position can have.
pub const MAX_MOVES: usize = 256;

/// A fixed-size list of moves (no allocation).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move::default(); MAX_MOVES],
            len: 0,
        }
    }
}

impl MoveList {
    /// The moves.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }
    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Append a move (ignored when the list is full).
    pub fn push_pseudo(&mut self, m: Move) {
        self.push(m);
    }
    pub(super) fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
}
