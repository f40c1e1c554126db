//! Every position the host accepts (`Board::validate`) fits the guest's lists and stack:
//! crowded boards at the rule's limits (16 pieces a side with up to 8 promotions, many pieces
//! bearing on one square), accepted ones only.
//!
//! - EXCH (harness) on each board and on the position after each of its legal moves: the
//!   reference's gains, candidate lists (`MLIST`, `SLIST`) within their 15 entries and
//!   holding exactly the attacked pieces, the board untouched.
//! - The root list (GENEVAL with EVALKID) equals the reference move by move.
//! - The search through the latch protocol (SETUP, GO): the reference's move, score, INFO
//!   lines and positions, no fault, the stack above the data (`RAMUSED`).
//!
//! Runs about half a minute (debug build).

use crate::common::differential::evaluations_equal_the_reference;
use crate::common::harness::harness;

use c7010::guest::answer::{differences, guest_answer, reference_answer};
use c7010::guest::{GuestImage, GuestSession, Harness};
use c7010::reference::exchange::exchange;
use c7010::reference::piece::{BLACK, K_KING, is_piece, kind};
use c7010::reference::random::{Xorshift, crowded_board};
use c7010::reference::{Board, legal_moves};

/// Hand-made boards at the limits, then accepted crowded random boards with a legal move.
fn boards(random: usize) -> Vec<Board> {
    let mut v: Vec<Board> = [
        // Both sides 16 pieces, 8 promotions each, no pawns.
        "qqqqqqqq/qrrnnbbk/8/8/8/8/QRRNNBBK/QQQQQQQQ w - - 0 1",
        "kq6/pp1QQQQQ/8/8/8/8/QQQQ4/RRNNBBK1 w - - 0 1",
        // Eight knights, three queens, two rooks around one black rook.
        "k7/3N1N2/2N1q1N1/2QQrQ2/2N3N1/3N1N2/4R3/K3R1BB w - - 0 1",
        // All fifteen black pieces besides the king attacked (a full candidate list), with
        // either side to move.
        "7N/R1RNQ3/nbbqrrnk/pppppppp/PPPPPPPP/8/8/4K3 w - - 0 1",
        "7N/R1RNQ3/nbbqrrnk/pppppppp/PPPPPPPP/8/8/4K3 b - - 0 1",
    ]
    .iter()
    .map(|f| Board::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")))
    .collect();
    let mut rng = Xorshift(0xC701_0013_C20D);
    while v.len() < 5 + random {
        let b = crowded_board(&mut rng);
        if b.validate().is_ok() && !legal_moves(&b).is_empty() {
            v.push(b);
        }
    }
    v
}

/// Non-king pieces of `colour` that a piece of the other colour attacks directly: what
/// ATTMARK puts in TGTMAP and CANDS in that colour's list.
fn attacked(b: &Board, colour: u8) -> usize {
    (0..64u8)
        .map(|i| 21 + i % 8 + 10 * (i / 8))
        .filter(|&s| {
            let c = b.sq[s as usize];
            is_piece(c) && c & BLACK == colour && kind(c) != K_KING && b.attacked(s, colour ^ BLACK)
        })
        .count()
}

/// EXCH on `b`; returns the entries of MLIST and SLIST.
fn exch_lists(h: &mut Harness, b: &Board) -> (usize, usize) {
    h.load_board(b).unwrap();
    let (regs, _) = h.exch().unwrap();
    let fen = b.to_fen();
    assert_eq!(
        (regs.hl as i16, regs.de as i16),
        exchange(b),
        "EXCH on {fen}"
    );
    assert_eq!(
        h.read_at("BOARD", 0, 120).unwrap(),
        b.sq,
        "board after EXCH on {fen}"
    );
    let low = |name: &str| h.symbol(name).unwrap() as u8;
    let ends = h.read_at("MLEND", 0, 2).unwrap();
    let m = usize::from(ends[0].wrapping_sub(low("MLIST"))) / 2;
    let s = usize::from(ends[1].wrapping_sub(low("SLIST"))) / 2;
    assert!(m <= 15 && s <= 15, "{m} and {s} entries on {fen}");
    let mover = b.side ^ BLACK;
    assert_eq!(
        (m, s),
        (attacked(b, mover), attacked(b, b.side)),
        "lists on {fen}"
    );
    (m, s)
}

#[test]
fn exch_lists_hold_every_accepted_position() {
    let mut h = harness();
    let (mut most, mut positions) = (0, 0);
    for root in boards(60) {
        let mut all = vec![root.clone()];
        for &m in legal_moves(&root).as_slice() {
            let mut child = root.clone();
            child.make(m);
            all.push(child);
        }
        for b in &all {
            let (m, s) = exch_lists(&mut h, b);
            most = most.max(m).max(s);
            positions += 1;
        }
        evaluations_equal_the_reference(&mut h, &root, "EVALKID");
    }
    println!("{positions} positions, up to {most} entries in a candidate list");
    // The boards reach the lists' limit, or the test proves little.
    assert_eq!(most, 15);
}

#[test]
fn the_search_on_crowded_positions_equals_the_reference_within_the_ram_plan() {
    let image = GuestImage::builtin();
    let ram_used = u32::from(image.symbol("RAMUSED").unwrap());
    let mut s = GuestSession::boot(&image).unwrap();
    for b in boards(16) {
        let (guest, _) = guest_answer(&mut s, &b, &[], 600).unwrap();
        let reference = reference_answer(&b, &[], 600);
        let diff = differences(&guest, &reference);
        assert!(diff.is_empty(), "{}:\n{}", b.to_fen(), diff.join("\n"));
    }
    let machine = s.module().machine();
    assert!(machine.fault().is_none());
    let stats = machine.stats();
    assert!(
        stats.sp_low_water >= ram_used,
        "stack low-water {:#x} below the data's end {ram_used:#x}",
        stats.sp_low_water
    );
    // The highest RAM byte written is the stack's top: nothing was written past RAM.
    assert_eq!(stats.ram_high_water, Some(0x7FF));
}
