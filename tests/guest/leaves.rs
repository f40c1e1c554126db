//! The guest's lazy leaves (asm/eval.asm EVLEAF and EVALKF, asm/node.asm GENEVAL and NODEHK,
//! asm/exchange.asm EXCHS) against the reference. At the last ply of a pass GENEVAL makes no
//! list: the node's value is the best minimum evaluation of its moves, and the parent only
//! takes it when it beats the parent's best. So a leaf list may skip the exchange analysis
//! of a move whose material + positional cannot beat the best so far, stop the opponent's
//! walk once the gain keeps the move below it, and, once its best reaches minus the
//! parent's best (LEAFCUT), only count the remaining legal moves.
//!
//! For every position GENEVAL runs as a leaf at ply 2, once with no best at ply 1 and once
//! with a parent's best that the list reaches: the count of legal moves is the reference's;
//! without a cutoff the best minimum is exactly the reference's (the largest minimum of
//! `evaluate_moves`); with one it is exact when below the cutoff and at least the cutoff
//! otherwise. The profile shows the cutoff saving EXCHS runs, and POSCNT counts every legal
//! move either way.

use crate::common::harness::harness;
use crate::common::suites::suite;

use c7010::guest::Harness;
use c7010::reference::random::random_positions;
use c7010::reference::{Board, evaluate_moves};

const NONE: i16 = i16::MIN;

/// A leaf list at ply 2 of `b` with the ply-1 record's best `parent_best`: (legal moves,
/// best minimum, positions counted, EXCHS runs).
fn leaf(h: &mut Harness, b: &Board, parent_best: i16) -> (u8, i16, u32, u64) {
    h.load_board(b).unwrap();
    h.call("POSANA", |_| {}).unwrap();
    let (regs, _) = h.call("TOTAL", |_| {}).unwrap();
    let sum = regs.hl.to_le_bytes();
    let ply = h.symbol("PLYSIZE").unwrap();
    let (ppos, pbest) = (h.symbol("PPOS").unwrap(), h.symbol("PBEST").unwrap());
    h.write_at("ROOTPOS", 0, &sum).unwrap();
    h.write_at("PLYTAB", 2 * ply + ppos, &sum).unwrap();
    h.write_at("PLYTAB", ply + pbest, &parent_best.to_le_bytes())
        .unwrap();
    h.write_at("PLYN", 0, &[2]).unwrap();
    h.write_at("POSCNT", 0, &[0; 4]).unwrap();
    h.machine.set_profiling(true);
    let (regs, _) = h.call("GENEVAL", |r| r.af &= 0x00ff).unwrap();
    let exchs = h.symbol("EXCHS").unwrap() as usize;
    // EXCHS starts with EXX, 4 T-states.
    let runs = h.machine.profile().unwrap()[exchs] / 4;
    h.machine.set_profiling(false);
    let positions = h.read_at("POSCNT", 0, 4).unwrap();
    (
        (regs.bc >> 8) as u8,
        regs.de as i16,
        u32::from_le_bytes(positions.try_into().unwrap()),
        runs,
    )
}

#[test]
fn leaf_lists_give_the_reference_count_and_best_minimum_with_and_without_a_cutoff() {
    let mut h = harness();
    let mut boards = suite("win_at_chess_test.epd", 120);
    boards.extend(random_positions(80, 77));
    let (mut runs_free, mut runs_cut, mut cut_taken) = (0u64, 0u64, 0usize);
    for b in &boards {
        let mins: Vec<i16> = evaluate_moves(b).iter().map(|e| e.min).collect();
        let fen = b.to_fen();
        let (count, best, positions, runs) = leaf(&mut h, b, NONE);
        assert_eq!(usize::from(count), mins.len(), "{fen}");
        assert_eq!(positions as usize, mins.len(), "{fen}");
        let want = mins.iter().copied().max().unwrap_or(NONE);
        assert_eq!(best, want, "best minimum without a cutoff on {fen}");
        runs_free += runs;
        // A parent whose best is minus (the best minimum - 32): the list reaches the cutoff.
        let cut = want.saturating_sub(32);
        let (count, best, positions, runs) = leaf(&mut h, b, -cut);
        assert_eq!(usize::from(count), mins.len(), "{fen}");
        assert_eq!(positions as usize, mins.len(), "{fen}");
        assert!(best >= cut, "{best} below the cutoff {cut} on {fen}");
        runs_cut += runs;
        // A parent whose best the list cannot reach: exact again.
        let (_, best, _, _) = leaf(&mut h, b, -(want + 1));
        assert_eq!(best, want, "best minimum below the cutoff on {fen}");
        cut_taken += usize::from(mins.len() > 1);
    }
    println!(
        "{} lists: EXCHS ran {runs_free} times without a cutoff, {runs_cut} with one",
        boards.len()
    );
    assert!(cut_taken > 150);
    assert!(runs_cut * 10 < runs_free * 9, "{runs_cut} vs {runs_free}");
}

/// A leaf list looks at its captures first (GENEVAL runs GEN with CAPHK, then with QUIETHK;
/// reference: `Search::captures_first`): where a pawn can take an undefended queen, that
/// capture sets the list's best before any quiet move, whose bounds (material and a
/// positional change of less than a pawn) then lie below it, so EXCHS runs once. In GEN's
/// order (from a1) the pieces on the first two ranks come before the e-pawn, and the first
/// of their moves ran EXCHS too (twice in all, measured with GENEVAL calling GEN once).
#[test]
fn a_leaf_takes_its_captures_first_so_quiet_moves_skip_the_exchange() {
    let mut h = harness();
    let b = Board::from_fen("4k3/8/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR w KQ - 0 1").unwrap();
    let mins: Vec<i16> = evaluate_moves(&b).iter().map(|e| e.min).collect();
    let (count, best, _, runs) = leaf(&mut h, &b, NONE);
    assert_eq!(usize::from(count), mins.len());
    assert_eq!(Some(best), mins.iter().copied().max(), "exd5's minimum");
    assert!(best >= 9 * 16, "the queen won: {best}");
    assert_eq!(
        runs, 1,
        "EXCHS for exd5 alone, not for the quiet moves before it"
    );
}
