//! Perft: count the leaves of the legal move tree, the standard check of GEN and make/unmake.

use super::board::Board;
use super::generate::{gen_pseudo, is_legal};
use super::moves::{Move, MoveList};

/// Number of leaf positions `depth` plies below `b` (1 at depth 0).
pub fn perft(b: &mut Board, depth: u8) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pseudo_list(b);
    let mut n = 0;
    for &m in moves.as_slice() {
        let u = b.make(m);
        if !b.left_in_check() {
            n += if depth == 1 { 1 } else { perft(b, depth - 1) };
        }
        b.unmake(m, u);
    }
    n
}

/// Perft split by root move: (move, leaf count) in generation order.
pub fn divide(b: &mut Board, depth: u8) -> Vec<(Move, u64)> {
    let moves = pseudo_list(b);
    let mut out = Vec::new();
    for &m in moves.as_slice() {
        if !is_legal(b, m) {
            continue;
        }
        let u = b.make(m);
        out.push((m, perft(b, depth.saturating_sub(1))));
        b.unmake(m, u);
    }
    out
}

fn pseudo_list(b: &Board) -> MoveList {
    let mut list = MoveList::default();
    gen_pseudo(b, &mut |m| list.push_pseudo(m));
    list
}
