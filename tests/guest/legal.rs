//! The guest's cheap legality test (LEGPAR in asm/board.asm, its use in EVALKID in
//! asm/eval.asm) against the reference. GEN evaluates every child of one parent, so LEGPAR
//! notes once per batch whether the side to move is in check and which of its pieces may be
//! pinned (LEGPIN); EVALKID then skips the full LEFTINCHECK for a move that is no king
//! move, no en passant and not of that piece. The verdicts must not change: every
//! pseudo-legal move of many parents is legal in the guest exactly when the reference's
//! `legal_moves` holds it, and its gives-check bit is the reference's `in_check` after the
//! move.
//!
//! Parents: the perft suite (castling, en passant, promotions, discovered checks), Win at
//! Chess, random games, and hand-picked pins and checks.

use crate::common::harness::harness;

use c7010::reference::board::{BOARD_SIZE, step};
use c7010::reference::generate::gen_pseudo;
use c7010::reference::piece::{BISHOP, BLACK, EMPTY, OFF, QUEEN, ROOK};
use c7010::reference::{Board, legal_moves};

/// Pins along every kind of line, a pinned piece that may move along its pin, two pins,
/// a false pin (a rook behind on a diagonal), checks by sliders and knights, en passant
/// that uncovers the king along the rank, castling, promotions.
const SPECIAL: [&str; 16] = [
    "4k3/8/8/8/8/5n2/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
    "4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1",
    "4k3/8/8/8/4q3/8/4R3/4K3 w - - 0 1",
    "4k3/8/8/8/8/2b5/3B4/4K3 w - - 0 1",
    "4k3/8/8/8/8/2r5/3N4/4K3 w - - 0 1",
    "4k3/8/8/8/q7/8/2P5/r2NK3 w - - 0 1",
    "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 1",
    "8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 1",
    "4k3/8/8/8/8/8/3n4/R3K2R w KQ - 0 1",
    "4k3/8/8/8/1b6/8/8/R3K2R w KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "1r2k3/P7/8/8/8/8/7p/4K1N1 w - - 0 1",
    "1r2k3/P7/8/8/8/8/7p/4K1N1 b - - 0 1",
    "3rk3/8/8/3n4/3P4/8/2B5/3RK3 b - - 0 1",
    "4k3/4r3/8/4B3/8/2q5/3N4/4K3 w - - 0 1",
];

fn parents() -> Vec<Board> {
    crate::common::differential::parents(0x1E6A_1C0D, &SPECIAL)
}

/// What LEGPAR must leave in LEGPIN, from the reference board: 0 when the side to move is
/// in check or two of its pieces may be pinned; else the king's square and the one pinned
/// piece's square (0FFH for none). "May be pinned": an own piece first on one of the
/// king's eight lines and an enemy bishop, rook or queen next behind it, on any line.
fn expected_legpin(b: &Board) -> [u8; 2] {
    if b.in_check() {
        return [0, 0];
    }
    let king = b.king[Board::colour_index(b.side)];
    let enemy = b.side ^ BLACK;
    let mut pinned = Vec::new();
    for d in [10i8, -10, 1, -1, 11, 9, -9, -11] {
        let mut t = step(king, d);
        while b.sq[t as usize] == EMPTY {
            t = step(t, d);
        }
        let c = b.sq[t as usize];
        if c == OFF || c & BLACK == enemy {
            continue;
        }
        let mut u = step(t, d);
        while b.sq[u as usize] == EMPTY {
            u = step(u, d);
        }
        if [BISHOP, ROOK, QUEEN]
            .iter()
            .any(|&s| b.sq[u as usize] == s | enemy)
        {
            pinned.push(t);
        }
    }
    match pinned.as_slice() {
        [] => [king, 0xFF],
        [p] => [king, *p],
        _ => [0, 0],
    }
}

/// LEGPAR's LEGPIN equals the reference's check and pins (the second byte only matters
/// when the first is not 0).
#[test]
fn legpar_notes_check_and_the_pinned_piece() {
    let mut h = harness();
    let (mut checks, mut pins, mut many) = (0, 0, 0);
    for b in parents() {
        h.load_board(&b).unwrap();
        h.call("LEGPAR", |_| {}).unwrap();
        let got = h.read_at("LEGPIN", 0, 2).unwrap();
        let want = expected_legpin(&b);
        if want[0] == 0 {
            assert_eq!(got[0], 0, "LEGPAR on {}", b.to_fen());
            if b.in_check() {
                checks += 1;
            } else {
                many += 1;
            }
        } else {
            assert_eq!(got, want.to_vec(), "LEGPAR on {}", b.to_fen());
            pins += usize::from(want[1] != 0xFF);
        }
    }
    println!("LEGPAR: {checks} parents in check, {pins} with one pin, {many} with more");
    assert!(
        checks >= 10 && pins >= 10 && many >= 1,
        "{checks} {pins} {many}"
    );
}

/// EVALKID after the root list (GENEVAL runs TGPAR and LEGPAR on the parent): on every
/// pseudo-legal move the legality verdict and the gives-check bit equal the reference's.
#[test]
fn evalkid_legality_and_check_equal_the_reference() {
    let mut h = harness();
    let (mut legal, mut illegal, mut checks, mut fast) = (0, 0, 0, 0);
    for b in parents() {
        let legal_list = legal_moves(&b);
        h.load_board(&b).unwrap();
        h.root_list().unwrap();
        let legpin = h.read_at("LEGPIN", 0, 2).unwrap();
        let mut pseudo = Vec::new();
        gen_pseudo(&b, &mut |m| pseudo.push(m));
        for m in pseudo {
            let (regs, _) = h.call_move("EVALKID", m).unwrap();
            let refused = regs.af & 1 != 0;
            let is_legal = legal_list.as_slice().contains(&m);
            assert_eq!(!refused, is_legal, "legality of {m} on {}", b.to_fen());
            if is_legal {
                let mut after = b.clone();
                after.make(m);
                let gives = after.in_check();
                assert_eq!(
                    (regs.af >> 8) & 0x80 != 0,
                    gives,
                    "check bit of {m} on {}",
                    b.to_fen()
                );
                legal += 1;
                checks += usize::from(gives);
                fast += usize::from(
                    legpin[0] != 0
                        && m.from != legpin[0]
                        && m.from != legpin[1]
                        && m.flags & 0x10 == 0,
                );
            } else {
                illegal += 1;
            }
            assert_eq!(h.read_at("BOARD", 0, BOARD_SIZE).unwrap(), b.sq.to_vec());
        }
    }
    println!(
        "EVALKID: {legal} legal ({fast} without LEFTINCHECK, {checks} checks), {illegal} illegal"
    );
    assert!(
        legal > 3000 && illegal > 100 && checks > 100 && fast > 2000,
        "{legal} legal, {illegal} illegal, {checks} checks, {fast} fast"
    );
}
