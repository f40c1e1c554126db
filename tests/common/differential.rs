//! The per-move differential test of the guest's evaluation routines: the parents they
//! run on, and the comparison of every move's evaluation with the reference's.

use c7010::guest::Harness;
use c7010::reference::Board;

use super::suites::suite;

/// Parents for the per-move differential tests: the perft suite (castling, en passant,
/// promotions), the first 60 Win-at-Chess positions, 60 random-game positions from `seed`,
/// and the hand-picked `special` FENs.
pub fn parents(seed: u64, special: &[&str]) -> Vec<Board> {
    let mut v = suite("perft.epd", usize::MAX);
    v.extend(suite("win_at_chess_test.epd", 60));
    v.extend(c7010::reference::random::random_positions(60, seed));
    v.extend(special.iter().map(|f| Board::from_fen(f).unwrap()));
    v
}

/// `routine` (EVALMOVE or EVALKID) on every pseudo-legal move of `b` after the root list
/// (GENEVAL prepares the batch: PARMAP, LEGPIN): illegal moves refused, legal ones give the
/// reference's min, max and flags byte with the gives-check bit, and the board is as it
/// was. Returns (legal, illegal, T-states of the legal ones).
pub fn evaluations_equal_the_reference(
    h: &mut Harness,
    b: &Board,
    routine: &str,
) -> (u64, u64, u64) {
    let want = c7010::reference::Search::new(b).root_evals();
    h.load_board(b).unwrap();
    h.root_list().unwrap();
    let mut pseudo = Vec::new();
    c7010::reference::generate::gen_pseudo(b, &mut |m| pseudo.push(m));
    let (mut legal, mut illegal, mut t_legal) = (0, 0, 0);
    for m in pseudo {
        let (regs, t) = match routine {
            "EVALMOVE" => h.evalmove(m),
            kid => h.call_move(kid, m),
        }
        .unwrap();
        let carry = regs.af & 1 != 0;
        match want.iter().find(|e| e.mv == m) {
            Some(e) => {
                assert!(!carry, "{routine} refused {m} on {}", b.to_fen());
                let flags = m.flags | if e.check { 0x80 } else { 0 };
                assert_eq!(
                    (regs.hl as i16, regs.de as i16, (regs.af >> 8) as u8),
                    (e.min, e.max, flags),
                    "{routine} {m} on {}: guest (left) vs reference (right)",
                    b.to_fen()
                );
                legal += 1;
                t_legal += t;
            }
            None => {
                assert!(
                    carry,
                    "{routine} accepted the illegal {m} on {}",
                    b.to_fen()
                );
                illegal += 1;
            }
        }
        let board = h.read_at("BOARD", 0, b.sq.len()).unwrap();
        assert_eq!(board, b.sq.to_vec(), "{routine} {m} left the board changed");
    }
    (legal, illegal, t_legal)
}
