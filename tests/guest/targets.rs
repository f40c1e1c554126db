//! The guest's per-batch exchange targets (asm/targets.asm) against the reference: GEN
//! evaluates every child of one parent, so TGPAR maps the parent's attacked pieces once
//! (PARMAP), TGLINES adds what sliders see through a from-square (PARF), and TGKID derives
//! each child's candidate targets (TGTMAP) from that and the move.
//! EXCH's result must not change: the map has to hold every piece an enemy attacks
//! directly in the child (only those can have attackers in `collect`), and EXCHM on it must
//! give exactly the reference's `exchange()` of the child.
//!
//! Parents: the perft suite (castling, en passant, promotions, discovered checks), Win at
//! Chess, random games, and a few hand-picked ones; every legal move of each. The share of
//! candidates no enemy attacks (each costs EXCH one COLLECT unless the bound skips it) is
//! printed with `--nocapture`.

use crate::common::differential::evaluations_equal_the_reference;
use crate::common::harness::harness;
use crate::common::suites::suite;

use c7010::reference::board::{BOARD_SIZE, square};
use c7010::reference::exchange::{collect, exchange};
use c7010::reference::piece::{BLACK, K_KING, is_piece, kind};
use c7010::reference::random::random_positions;
use c7010::reference::{Board, legal_moves};

/// Parents rich in the moves TGKID treats specially (castling, en passant, promotion, king
/// moves, discovered attacks through the from-square) besides the suites.
const SPECIAL: [&str; 8] = [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 1",
    "1r2k3/P7/8/8/8/8/7p/4K1N1 w - - 0 1",
    "1r2k3/P7/8/8/8/8/7p/4K1N1 b - - 0 1",
    "4k3/8/2n1r3/8/1B2N2q/8/3R4/Q3K2R w K - 0 1",
    "3rk3/8/8/3n4/3P4/8/2B5/3RK3 b - - 0 1",
];

fn parents() -> Vec<Board> {
    crate::common::differential::parents(0xC7_0107_A56E, &SPECIAL)
}

/// The guest's 64-bit square map (byte = rank, bit = file) as a set of mailbox squares.
fn map_squares(map: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    for r in 0..8u8 {
        for f in 0..8u8 {
            if map[r as usize] & (1 << f) != 0 {
                v.push(square(f, r));
            }
        }
    }
    v
}

/// Pieces (not kings) that an enemy piece attacks directly: `collect` without a skip map
/// finds an attacker exactly then (an x-ray needs a direct attacker in front).
fn attacked_pieces(b: &Board) -> Vec<u8> {
    let none = [false; BOARD_SIZE];
    let mut v = Vec::new();
    for t in (0..8).flat_map(|r| (0..8).map(move |f| square(f, r))) {
        let code = b.sq[t as usize];
        if is_piece(code)
            && kind(code) != K_KING
            && collect(b, t, (code & BLACK) ^ BLACK, &none).n > 0
        {
            v.push(t);
        }
    }
    v
}

/// Counts of what the per-child maps held.
#[derive(Default)]
struct Tally {
    parents: u64,
    par_t: u64,
    children: u64,
    candidates: u64,
    unattacked: u64,
    unattacked_to: u64,
    attacked: u64,
    special: u64,
    king_moves: u64,
    kid_t: u64,
    lines_t: u64,
    exch_t: u64,
}

#[test]
fn per_child_targets_hold_every_attacked_piece_and_exch_equals_the_reference() {
    let mut h = harness();
    let record = h.symbol("MOVESTK").unwrap(); // a scratch undo record
    let mut tally = Tally::default();
    for parent in parents() {
        h.load_board(&parent).unwrap();
        let (_, par_t) = h.call("TGPAR", |_| {}).unwrap();
        tally.parents += 1;
        tally.par_t += par_t;
        let parmap = h.read_at("PARMAP", 0, 8).unwrap();
        assert_eq!(
            map_squares(&parmap),
            attacked_pieces(&parent),
            "TGPAR on {}",
            parent.to_fen()
        );
        for &m in legal_moves(&parent).as_slice() {
            let mut child = parent.clone();
            child.make(m);
            let fen = child.to_fen();
            // As EVALKID: the lines through the from-square on the parent's board.
            let (_, lines_t) = h.call_move("TGLINES", m).unwrap();
            let (bc, de) = (
                (u16::from(m.from) << 8) | u16::from(m.to),
                u16::from(m.flags),
            );
            h.call("MAKE", |r| {
                r.bc = bc;
                r.de = de;
                r.hl = record;
            })
            .unwrap();
            assert_eq!(
                h.read_at("BOARD", 0, BOARD_SIZE).unwrap(),
                child.sq.to_vec()
            );
            let (_, kid_t) = h.call_move("TGKID", m).unwrap();
            let map = map_squares(&h.read_at("TGTMAP", 0, 8).unwrap());
            let attacked = attacked_pieces(&child);
            for t in &attacked {
                assert!(
                    map.contains(t),
                    "{m}: attacked piece on {t} missing from TGTMAP in {fen}"
                );
            }
            let occupied = map
                .iter()
                .filter(|&&t| is_piece(child.sq[t as usize]))
                .count();
            let unattacked_to = map.contains(&m.to)
                && is_piece(child.sq[m.to as usize])
                && !attacked.contains(&m.to);
            assert!(
                map.iter().all(|&t| kind(child.sq[t as usize]) != K_KING),
                "{m}: a king among the targets in {fen}"
            );
            let (regs, exch_t) = h.call("EXCHM", |_| {}).unwrap();
            assert_eq!(
                (regs.hl as i16, regs.de as i16),
                exchange(&child),
                "EXCHM after {m} from {}",
                parent.to_fen()
            );
            h.call("UNMAKE", |r| {
                r.bc = bc;
                r.de = de;
                r.hl = record;
            })
            .unwrap();
            tally.children += 1;
            tally.candidates += occupied as u64;
            tally.attacked += attacked.len() as u64;
            tally.unattacked += (occupied - attacked.len()) as u64;
            tally.unattacked_to += u64::from(unattacked_to);
            tally.special += u64::from(m.flags & 0x1F != 0);
            tally.king_moves += u64::from(kind(parent.sq[m.from as usize]) == K_KING);
            tally.kid_t += kid_t;
            tally.lines_t += lines_t;
            tally.exch_t += exch_t;
        }
        assert_eq!(
            h.read_at("BOARD", 0, BOARD_SIZE).unwrap(),
            parent.sq.to_vec()
        );
    }
    let n = tally.children;
    println!(
        "TGPAR: {} parents, {} T-states on average",
        tally.parents,
        tally.par_t / tally.parents
    );
    println!(
        "TGKID: {n} children, {:.2} candidates each, {:.2} attacked, {:.2} not attacked \
         ({:.1}%; {:.2} of them the moved piece); T-states on average: TGLINES {} (EVALKID \
         runs it once per moving piece), TGKID {}, EXCHM {}",
        tally.candidates as f64 / n as f64,
        tally.attacked as f64 / n as f64,
        tally.unattacked as f64 / n as f64,
        100.0 * tally.unattacked as f64 / tally.candidates as f64,
        tally.unattacked_to as f64 / n as f64,
        tally.lines_t / n,
        tally.kid_t / n,
        tally.exch_t / n
    );
    assert!(
        tally.special >= 100,
        "{} castling, en-passant or promotion moves",
        tally.special
    );
    assert!(tally.king_moves >= 200, "{} king moves", tally.king_moves);
    assert!(tally.attacked > n, "too few attacked pieces to prove much");
}

/// EVALKID, the GEN hooks' EVALMOVE, on every pseudo-legal move of a parent after
/// the root list (GENEVAL leaves PARMAP for that parent): illegal moves refused, legal ones the
/// reference's min, max and check bit, the board unchanged.
#[test]
fn evalkid_equals_the_reference_on_every_pseudo_legal_move() {
    let mut h = harness();
    let mut parents = suite("win_at_chess_test.epd", 30);
    parents.extend(random_positions(20, 0x7A_26E7));
    parents.extend(SPECIAL.iter().map(|f| Board::from_fen(f).unwrap()));
    let (mut legal, mut illegal) = (0, 0);
    for b in &parents {
        let (l, i, _) = evaluations_equal_the_reference(&mut h, b, "EVALKID");
        (legal, illegal) = (legal + l, illegal + i);
    }
    assert!(
        legal > 1000 && illegal > 10,
        "{legal} legal, {illegal} illegal"
    );
}
