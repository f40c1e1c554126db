//! Positional points, prepared once per move at the root (ANALYS) into small tables, as
//! Gambiet did: the search then only adds table entries. Points are from the owner's view;
//! the position's sum is white minus black; what a line of moves changed against the root
//! is clamped to +-15 units, less than one pawn (16).
//!
//! Criteria: pawn advance (centre pawns more), passed pawns (against the root's enemy pawns),
//! king shelter (pawns in front of a wing king lose points when they advance), centre for
//! knights and bishops (a stand-in for mobility), development (minor pieces on the home
//! rank), rooks on open and half-open files (root pawns) and on the seventh rank, castling
//! and king safety (a middle-game king table; an endgame king table that centralises), and
//! in an endgame where one side is four pawns or more ahead in material, that side's king
//! closing in on the other king (the mating technique the search is too shallow to find
//! on its own).

use super::board::*;
use super::moves::*;
use super::piece::*;

/// The most positional points a line of moves can change the evaluation by.
pub const MAX_POSITIONAL: i16 = 15;

/// The material lead (units) from which an endgame's stronger king hunts the other king
/// ([`Positional::hunt`]): four pawns, short of which the pawns, not a mate, win the game. A
/// power of two, so the guest tests it with one mask (POSANA).
pub const HUNT_LEAD: i16 = 64;

/// Centre table for knights and bishops, from white's view, a1 first (ROM in the guest).
const CENTRE: [i8; 64] = [
    -2, -1, -1, -1, -1, -1, -1, -2, //
    -1, 0, 0, 1, 1, 0, 0, -1, //
    -1, 0, 2, 2, 2, 2, 0, -1, //
    -1, 1, 2, 3, 3, 2, 1, -1, //
    -1, 1, 2, 3, 3, 2, 1, -1, //
    -1, 0, 2, 2, 2, 2, 0, -1, //
    -1, 0, 0, 1, 1, 0, 0, -1, //
    -2, -1, -1, -1, -1, -1, -1, -2,
];

/// King table for the middle game: stay home, castled squares best (ROM).
const KING_MIDDLE: [i8; 8] = [1, 3, 2, 0, 0, -1, 3, 1];

/// Pawn advance by the pawn's own rank (0..7).
const ADVANCE: [i8; 8] = [0, 0, 0, 1, 2, 3, 5, 0];
/// Extra for a passed pawn by its own rank.
const PASSED: [i8; 8] = [0, 1, 1, 2, 3, 5, 7, 0];

/// The ANALYS tables of one root position: 2 x 64 pawn bytes + 2 x 8 rook-file bytes +
/// one endgame flag in guest RAM; the rest is ROM.
#[derive(Clone, Debug)]
pub struct Positional {
    /// Pawn points per colour (0 white, 1 black) and square 0..63 (a1 = 0).
    pub pawn: [[i8; 64]; 2],
    /// Rook points per colour and file (open / half-open files of the root).
    pub rook_file: [[i8; 8]; 2],
    /// True when the root has little material: the king centralises instead of hiding.
    pub endgame: bool,
    /// In an endgame where one side leads by [`HUNT_LEAD`] or more at the root: the colour
    /// ahead (0 white, 1 black) and the root square of the other king, the one it hunts. The hunter's king scores
    /// minus its distance to that square (king steps), so the search, too shallow to see
    /// the mate of K+Q or K+R against K, still walks the king in to help (without it the
    /// module shuffled won endings into the fifty-move rule or a repetition). The hunted
    /// king keeps the centre table, which drives it to the edge from its side.
    pub hunt: Option<(usize, u8)>,
}

impl Positional {
    /// Build the tables for root position `b` (ANALYS).
    pub fn analyse(b: &Board) -> Positional {
        // Pawns per file and colour, and the most advanced rank of enemy pawns per file.
        let mut pawns = [[0u8; 8]; 2];
        let mut non_pawn_units = 0i16;
        for r in 0..8u8 {
            for f in 0..8u8 {
                let c = b.sq[square(f, r) as usize];
                if kind(c) == K_PAWN {
                    pawns[Board::colour_index(c & BLACK)][f as usize] += 1;
                } else if is_piece(c) && kind(c) != K_KING {
                    non_pawn_units += (value(c) as i16) << UNIT_SHIFT;
                }
            }
        }
        let endgame = non_pawn_units <= 2 * 16 * 13;
        let hunt = match b.material {
            m if !endgame || m.abs() < HUNT_LEAD => None,
            m if m > 0 => Some((0, b.king[1])),
            _ => Some((1, b.king[0])),
        };
        let mut pawn = [[0i8; 64]; 2];
        let mut rook_file = [[0i8; 8]; 2];
        for ci in 0..2usize {
            let colour = if ci == 0 { WHITE } else { BLACK };
            let king = b.king[ci];
            let kfile = file_of(king);
            let k_home = rank_of(king) == if ci == 0 { 0 } else { 7 };
            let wing_king = k_home && (kfile <= 2 || kfile >= 5) && !endgame;
            for f in 0..8u8 {
                let own = pawns[ci][f as usize];
                let enemy = pawns[1 - ci][f as usize];
                rook_file[ci][f as usize] = match (own, enemy) {
                    (0, 0) => 2,
                    (0, _) => 1,
                    _ => 0,
                };
                for r in 1..7u8 {
                    let own_rank = if ci == 0 { r } else { 7 - r };
                    let mut p = ADVANCE[own_rank as usize];
                    if (f == 3 || f == 4) && (own_rank == 2 || own_rank == 3) {
                        p += 2;
                    } else if (f == 2 || f == 5) && (own_rank == 2 || own_rank == 3) {
                        p += 1;
                    }
                    if is_passed(b, colour, f, r) {
                        p += PASSED[own_rank as usize];
                    }
                    if wing_king && f.abs_diff(kfile) <= 1 {
                        p += match own_rank {
                            1 => 2,
                            2 => 1,
                            _ => -1,
                        };
                    }
                    pawn[ci][(r * 8 + f) as usize] = p;
                }
            }
        }
        Positional {
            pawn,
            rook_file,
            endgame,
            hunt,
        }
    }

    /// Points of piece `code` standing on mailbox square `sq`, from its owner's view.
    pub fn points(&self, code: u8, sq: u8) -> i8 {
        let ci = Board::colour_index(code & BLACK);
        let s = sq64(sq);
        // Mirror the square for black so "own rank" tables read the same.
        let own = if ci == 0 { s } else { s ^ 56 };
        let own_rank = own / 8;
        match kind(code) {
            K_PAWN => self.pawn[ci][s],
            K_KNIGHT | K_BISHOP => CENTRE[own] - if own_rank == 0 { 2 } else { 0 },
            K_ROOK => self.rook_file[ci][s % 8] + if own_rank == 6 { 2 } else { 0 },
            // An arithmetic shift (floor), as SRA does on the Z80.
            K_QUEEN => CENTRE[own] >> 1,
            K_KING => {
                if let Some((hunter, prey)) = self.hunt
                    && hunter == ci
                {
                    let files = file_of(sq).abs_diff(file_of(prey));
                    let ranks = rank_of(sq).abs_diff(rank_of(prey));
                    -(files.max(ranks) as i8)
                } else if self.endgame {
                    CENTRE[own]
                } else if own_rank == 0 {
                    KING_MIDDLE[own % 8]
                } else {
                    -2 * own_rank.min(2) as i8
                }
            }
            _ => 0,
        }
    }

    /// Signed (white-view) points of a piece code on a square; 0 for empty.
    fn signed(&self, code: u8, sq: u8) -> i16 {
        if !is_piece(code) {
            return 0;
        }
        let p = self.points(code, sq) as i16;
        if code & BLACK != 0 { -p } else { p }
    }

    /// White-view sum of the whole position (used once at the root).
    pub fn total(&self, b: &Board) -> i16 {
        let mut sum = 0;
        for r in 0..8u8 {
            for f in 0..8u8 {
                let s = square(f, r);
                sum += self.signed(b.sq[s as usize], s);
            }
        }
        sum
    }

    /// White-view change of the sum by move `m`, computed before it is made.
    pub fn delta(&self, b: &Board, m: Move) -> i16 {
        let piece = b.sq[m.from as usize];
        let side = piece & BLACK;
        let placed = match m.flags & PROMO_MASK {
            0 => piece,
            k => code_of_kind(k) | side,
        };
        let mut d = self.signed(placed, m.to) - self.signed(piece, m.from);
        if m.flags & EP != 0 {
            let victim = if side == WHITE { m.to - 10 } else { m.to + 10 };
            d -= self.signed(b.sq[victim as usize], victim);
        } else {
            d -= self.signed(b.sq[m.to as usize], m.to);
        }
        if m.flags & CASTLE != 0 {
            let (rf, rt) = if m.to > m.from {
                (m.to + 1, m.to - 1)
            } else {
                (m.to - 2, m.to + 1)
            };
            let rook = b.sq[rf as usize];
            d += self.signed(rook, rt) - self.signed(rook, rf);
        }
        d
    }
}

/// No enemy pawn ahead of a pawn of `colour` on file `f`, rank `r`, or the files beside.
fn is_passed(b: &Board, colour: u8, f: u8, r: u8) -> bool {
    let enemy = PAWN | (colour ^ BLACK);
    for rr in 0..8u8 {
        let is_ahead = if colour == WHITE { rr > r } else { rr < r };
        if !is_ahead {
            continue;
        }
        for ff in f.saturating_sub(1)..=(f + 1).min(7) {
            if b.sq[square(ff, rr) as usize] == enemy {
                return false;
            }
        }
    }
    true
}
