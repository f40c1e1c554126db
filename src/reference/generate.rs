//! Move generation (GEN): pseudo-legal moves in a fixed order, legality by
//! make / king-attacked / unmake, and all the legal moves of a position in a [`MoveList`].
//!
//! Order (the guest must produce the same): squares scanned a1, b1 .. h8; for each piece of
//! the side to move its direction table in order (see `square.rs`), sliders ray by ray
//! outwards; pawns: push, double push, capture to the west (file - 1), capture to the east;
//! promotions in the order Q, R, B, N; castling king side then queen side after the king's
//! ordinary steps (generated when the king's square is reached).

use super::board::{BK, BQ, Board, WK, WQ};
use super::moves::*;
use super::piece::*;
use super::square::*;

const PROMO_ORDER: [u8; 4] = [K_QUEEN, K_ROOK, K_BISHOP, K_KNIGHT];

/// Call `emit` for every pseudo-legal move of the side to move, in generation order.
pub fn gen_pseudo(b: &Board, emit: &mut dyn FnMut(Move)) {
    let side = b.side;
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let from = square(file, rank);
            let code = b.sq[from as usize];
            if code == EMPTY || code & BLACK != side {
                continue;
            }
            match kind(code) {
                K_PAWN => gen_pawn(b, from, emit),
                K_KNIGHT => gen_steps(b, from, &KNIGHT_JUMPS, emit),
                K_BISHOP => gen_rays(b, from, &BISHOP_DIRS, emit),
                K_ROOK => gen_rays(b, from, &ROOK_DIRS, emit),
                K_QUEEN => gen_rays(b, from, &ALL_DIRS, emit),
                _ => {
                    gen_steps(b, from, &ALL_DIRS, emit);
                    gen_castles(b, from, emit);
                }
            }
        }
    }
}

/// True when `target` can be entered by a piece of the side to move (empty or enemy).
#[inline]
fn enterable(b: &Board, target: u8) -> bool {
    let c = b.sq[target as usize];
    c == EMPTY || (c != OFF && c & BLACK != b.side)
}

fn gen_steps(b: &Board, from: u8, dirs: &[i8], emit: &mut dyn FnMut(Move)) {
    for &d in dirs {
        let to = step(from, d);
        if enterable(b, to) {
            emit(Move { from, to, flags: 0 });
        }
    }
}

fn gen_rays(b: &Board, from: u8, dirs: &[i8], emit: &mut dyn FnMut(Move)) {
    for &d in dirs {
        let mut to = step(from, d);
        loop {
            let c = b.sq[to as usize];
            if c == EMPTY {
                emit(Move { from, to, flags: 0 });
                to = step(to, d);
                continue;
            }
            if c != OFF && c & BLACK != b.side {
                emit(Move { from, to, flags: 0 });
            }
            break;
        }
    }
}

fn emit_pawn(from: u8, to: u8, flags: u8, emit: &mut dyn FnMut(Move)) {
    let r = rank_of(to);
    if r == 7 || r == 0 {
        for k in PROMO_ORDER {
            emit(Move {
                from,
                to,
                flags: flags | k,
            });
        }
    } else {
        emit(Move { from, to, flags });
    }
}

fn gen_pawn(b: &Board, from: u8, emit: &mut dyn FnMut(Move)) {
    let (fwd, start_rank) = if b.side == WHITE { (10i8, 1) } else { (-10, 6) };
    let one = step(from, fwd);
    if b.sq[one as usize] == EMPTY {
        emit_pawn(from, one, 0, emit);
        let two = step(one, fwd);
        if rank_of(from) == start_rank && b.sq[two as usize] == EMPTY {
            emit(Move {
                from,
                to: two,
                flags: DOUBLE,
            });
        }
    }
    for side_step in [-1i8, 1] {
        let to = step(one, side_step);
        let c = b.sq[to as usize];
        if c != EMPTY && c != OFF && c & BLACK != b.side {
            emit_pawn(from, to, 0, emit);
        } else if c == EMPTY && b.ep != 0 && to == b.ep {
            emit(Move {
                from,
                to,
                flags: EP,
            });
        }
    }
}

fn gen_castles(b: &Board, from: u8, emit: &mut dyn FnMut(Move)) {
    let (home, ks, qs) = if b.side == WHITE {
        (25u8, WK, WQ)
    } else {
        (95u8, BK, BQ)
    };
    if from != home || b.castling & (ks | qs) == 0 {
        return;
    }
    let enemy = b.side ^ BLACK;
    let rook = ROOK | b.side;
    if b.attacked(home, enemy) {
        return;
    }
    if b.castling & ks != 0
        && b.sq[home as usize + 3] == rook
        && b.sq[home as usize + 1] == EMPTY
        && b.sq[home as usize + 2] == EMPTY
        && !b.attacked(home + 1, enemy)
    {
        // The destination square is tested by the ordinary legality check.
        emit(Move {
            from,
            to: home + 2,
            flags: CASTLE,
        });
    }
    if b.castling & qs != 0
        && b.sq[home as usize - 4] == rook
        && b.sq[home as usize - 1] == EMPTY
        && b.sq[home as usize - 2] == EMPTY
        && b.sq[home as usize - 3] == EMPTY
        && !b.attacked(home - 1, enemy)
    {
        emit(Move {
            from,
            to: home - 2,
            flags: CASTLE,
        });
    }
}

/// True when a pseudo-legal move does not leave the mover's king attacked.
pub fn is_legal(b: &mut Board, m: Move) -> bool {
    let u = b.make(m);
    let ok = !b.left_in_check();
    b.unmake(m, u);
    ok
}

/// All legal moves of the side to move, in generation order.
pub fn legal_moves(b: &Board) -> MoveList {
    let mut list = MoveList::default();
    let mut work = b.clone();
    gen_pseudo(b, &mut |m| {
        if is_legal(&mut work, m) {
            list.push(m);
        }
    });
    list
}
