//! The board: a 10x12 mailbox of piece codes plus the game state bytes, make and unmake.
//!
//! Square index = 21 + file + 10 * rank (a1 = 21, h1 = 28, a8 = 91, h8 = 98); the two
//! border rows top and bottom and one border column each side hold [`OFF`], so a knight
//! jump or a slider step off the board lands on a border byte and stops: no bounds test.
//! Everything is bytes except the material balance (i16) and the full-move number (u16),
//! as the guest keeps them.

use super::moves::{CASTLE, DOUBLE, EP, Move, PROMO_MASK};
use super::piece::*;
pub use super::square::*;

/// Number of bytes of the mailbox.
pub const BOARD_SIZE: usize = 120;

/// Castling right bits: white king side, white queen side, black king side, black queen side.
pub const WK: u8 = 1;
/// White queen-side castling right.
pub const WQ: u8 = 2;
/// Black king-side castling right.
pub const BK: u8 = 4;
/// Black queen-side castling right.
pub const BQ: u8 = 8;

/// Material units of one value point: a pawn is 16 units, so positional points (at most 15)
/// stay below one pawn and the value nibble becomes units with four left shifts.
pub const UNIT_SHIFT: u8 = 4;

/// Units the bishop pair is worth (half a pawn) to a side with two bishops or more, counted
/// in the material balance (`BPAIR` in the guest). Measured in the twin against the engine
/// without it on 2026-12-02 (docs/engine-log.md): +22 ± 17 Elo over 1,200 games at levels 1
/// and 2 from three opening sets, the one knowledge term tried that gained on every set.
pub const BISHOP_PAIR: i16 = 8;

/// What a move changed, so it can be taken back: four bytes per ply in the guest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Undo {
    /// Piece code captured (EMPTY if none; the pawn for en passant).
    pub captured: u8,
    /// Castling rights before the move.
    pub castling: u8,
    /// En-passant square before the move (0 = none).
    pub ep: u8,
    /// Half-move clock before the move.
    pub halfmove: u8,
}

/// A chess position: mailbox plus state bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The 10x12 mailbox of piece codes.
    pub sq: [u8; BOARD_SIZE],
    /// Side to move: [`WHITE`] (0x00) or [`BLACK`] (0x80).
    pub side: u8,
    /// Castling rights, bits [`WK`] [`WQ`] [`BK`] [`BQ`].
    pub castling: u8,
    /// En-passant target square (mailbox index), 0 when none.
    pub ep: u8,
    /// Half-move clock (saturates at 255).
    pub halfmove: u8,
    /// Full-move number.
    pub fullmove: u16,
    /// King squares, index 0 white, 1 black.
    pub king: [u8; 2],
    /// Material balance white minus black in units (pawn = 16), kings excluded, with
    /// [`BISHOP_PAIR`] to each side that has two bishops or more.
    pub material: i16,
    /// Bishops on the board, index 0 white, 1 black (what the bishop pair is counted from).
    pub bishops: [u8; 2],
}

impl Board {
    /// An empty board (borders set), white to move, no rights.
    pub fn empty() -> Board {
        let mut sq = [OFF; BOARD_SIZE];
        for r in 0..8 {
            for f in 0..8 {
                sq[square(f, r) as usize] = EMPTY;
            }
        }
        Board {
            sq,
            side: WHITE,
            castling: 0,
            ep: 0,
            halfmove: 0,
            fullmove: 1,
            king: [0, 0],
            material: 0,
            bishops: [0, 0],
        }
    }

    /// The initial position.
    pub fn startpos() -> Board {
        Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .expect("the start FEN is valid")
    }

    /// Index 0/1 of a colour byte.
    #[inline]
    pub fn colour_index(colour: u8) -> usize {
        (colour >> 7) as usize
    }

    /// Signed material of one piece code from white's view, in units.
    #[inline]
    pub fn signed_units(code: u8) -> i16 {
        if kind(code) == K_KING {
            return 0;
        }
        let u = (value(code) as i16) << UNIT_SHIFT;
        if code & BLACK != 0 { -u } else { u }
    }

    /// The bishop pairs' part of the material balance, white's view.
    fn pair_units(&self) -> i16 {
        let pair = |count: u8| if count >= 2 { BISHOP_PAIR } else { 0 };
        pair(self.bishops[0]) - pair(self.bishops[1])
    }

    /// Count a piece code arriving (`step` 1) or leaving (`step` -1) in the balance: its
    /// units, a king's square, a bishop's count and with it the pair.
    fn count(&mut self, sq: u8, code: u8, step: i8) {
        self.material += Board::signed_units(code) * i16::from(step);
        match kind(code) {
            K_KING if step > 0 => self.king[Board::colour_index(code & BLACK)] = sq,
            K_BISHOP => {
                let pairs = self.pair_units();
                let n = &mut self.bishops[Board::colour_index(code & BLACK)];
                *n = n.wrapping_add_signed(step);
                self.material += self.pair_units() - pairs;
            }
            _ => {}
        }
    }

    /// Put a piece (or EMPTY) on a square, keeping material, the bishops and king squares
    /// right.
    pub fn put(&mut self, sq: u8, code: u8) {
        let old = self.sq[sq as usize];
        if is_piece(old) {
            self.count(sq, old, -1);
        }
        self.sq[sq as usize] = code;
        if is_piece(code) {
            self.count(sq, code, 1);
        }
    }

    /// Recompute the material balance, the bishops and the king squares from the mailbox.
    pub fn recount(&mut self) {
        self.material = 0;
        self.bishops = [0, 0];
        for r in 0..8 {
            for f in 0..8 {
                let s = square(f, r);
                let c = self.sq[s as usize];
                if is_piece(c) {
                    self.count(s, c, 1);
                }
            }
        }
    }

    /// True when square `sq` is attacked by a piece of colour `by` (WHITE or BLACK).
    pub fn attacked(&self, sq: u8, by: u8) -> bool {
        let b = &self.sq;
        // Pawns: a white pawn attacks up, so it stands below the square.
        let (p1, p2, pawn) = if by == WHITE {
            (-9i8, -11i8, PAWN)
        } else {
            (9, 11, PAWN | BLACK)
        };
        if b[step(sq, p1) as usize] == pawn || b[step(sq, p2) as usize] == pawn {
            return true;
        }
        for d in KNIGHT_JUMPS {
            if b[step(sq, d) as usize] == KNIGHT | by {
                return true;
            }
        }
        for d in ALL_DIRS {
            if b[step(sq, d) as usize] == KING | by {
                return true;
            }
        }
        for (i, d) in ALL_DIRS.into_iter().enumerate() {
            let slider = if i < 4 { ROOK | by } else { BISHOP | by };
            let mut t = step(sq, d);
            loop {
                let c = b[t as usize];
                if c == EMPTY {
                    t = step(t, d);
                    continue;
                }
                if c == slider || c == QUEEN | by {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// True when the side to move is in check.
    pub fn in_check(&self) -> bool {
        let k = self.king[Board::colour_index(self.side)];
        self.attacked(k, self.side ^ BLACK)
    }

    /// True when the side that just moved left its own king attacked (the move was illegal).
    pub fn left_in_check(&self) -> bool {
        let mover = self.side ^ BLACK;
        let k = self.king[Board::colour_index(mover)];
        self.attacked(k, self.side)
    }

    /// Castling-rights bits that survive a move touching square `sq`.
    #[inline]
    fn rights_kept(sq: u8) -> u8 {
        match sq {
            25 => !(WK | WQ),
            28 => !WK,
            21 => !WQ,
            95 => !(BK | BQ),
            98 => !BK,
            91 => !BQ,
            _ => 0xFF,
        }
    }

    /// Play a pseudo-legal move; returns what is needed to take it back.
    pub fn make(&mut self, m: Move) -> Undo {
        let undo = Undo {
            captured: EMPTY,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
        };
        let mut undo = undo;
        let piece = self.sq[m.from as usize];
        let mut captured = self.sq[m.to as usize];
        self.halfmove = self.halfmove.saturating_add(1);
        if m.flags & EP != 0 {
            // The captured pawn stands beside the mover, behind the target square.
            let victim = if self.side == WHITE {
                m.to - 10
            } else {
                m.to + 10
            };
            captured = self.sq[victim as usize];
            self.put(victim, EMPTY);
        }
        if captured != EMPTY || kind(piece) == K_PAWN {
            self.halfmove = 0;
        }
        undo.captured = captured;
        self.put(m.from, EMPTY);
        let promo = m.flags & PROMO_MASK;
        let placed = if promo != 0 {
            code_of_kind(promo) | self.side
        } else {
            piece
        };
        self.put(m.to, placed);
        if m.flags & CASTLE != 0 {
            // The rook jumps over the king: h-file rook to f, a-file rook to d.
            let (rf, rt) = if m.to > m.from {
                (m.to + 1, m.to - 1)
            } else {
                (m.to - 2, m.to + 1)
            };
            let rook = self.sq[rf as usize];
            self.put(rf, EMPTY);
            self.put(rt, rook);
        }
        self.ep = 0;
        if m.flags & DOUBLE != 0 {
            self.ep = (m.from + m.to) / 2;
        }
        self.castling &= Board::rights_kept(m.from) & Board::rights_kept(m.to);
        if self.side == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side ^= BLACK;
        undo
    }

    /// Take back a move made with [`Board::make`].
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        self.side ^= BLACK;
        if self.side == BLACK {
            self.fullmove = self.fullmove.saturating_sub(1);
        }
        let placed = self.sq[m.to as usize];
        let piece = if m.flags & PROMO_MASK != 0 {
            PAWN | self.side
        } else {
            placed
        };
        self.put(m.to, EMPTY);
        self.put(m.from, piece);
        if m.flags & EP != 0 {
            let victim = if self.side == WHITE {
                m.to - 10
            } else {
                m.to + 10
            };
            self.put(victim, undo.captured);
        } else {
            self.put(m.to, undo.captured);
        }
        if m.flags & CASTLE != 0 {
            let (rf, rt) = if m.to > m.from {
                (m.to + 1, m.to - 1)
            } else {
                (m.to - 2, m.to + 1)
            };
            let rook = self.sq[rt as usize];
            self.put(rt, EMPTY);
            self.put(rf, rook);
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
    }
}
