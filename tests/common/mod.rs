//! What the differential tests share: the committed ROM in a harness, the suites of
//! `tests/data/suites` as boards, the per-move comparison with the reference, and the
//! protocol tests' transcripts. Each test file that needs them says `mod common;`.
// Each test binary uses only some of these helpers.
#![allow(dead_code)]

pub mod observed;
pub mod transcript;
use std::path::Path;

use c7010::guest::{GuestImage, Harness};
use c7010::reference::Board;
use c7010::reference::epd::parse_epd;

/// A harness on `roms/c7010.bin`, read at run time so a rebuilt ROM needs no rebuild of the
/// crate (tests/asm_roms.rs proves the file is what `asm/` assembles to). While working on
/// the guest, `GUEST_EVAL_ROM=/tmp/x.bin` (with x.sym beside it) tries another.
pub fn harness() -> Harness {
    let rom = std::env::var_os("GUEST_EVAL_ROM")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/c7010.bin"));
    Harness::new(GuestImage::load(&rom).expect("the ROM loads")).expect("machine")
}

/// The first `limit` positions of a suite in `tests/data/suites`.
pub fn suite(name: &str, limit: usize) -> Vec<Board> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/suites")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(limit)
        .map(|l| parse_epd(l).unwrap().board)
        .collect()
}

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
    c7010::reference::moves::gen_pseudo(b, &mut |m| pseudo.push(m));
    let (mut legal, mut illegal, mut t_legal) = (0, 0, 0);
    for m in pseudo {
        let (regs, t) = h.call_move(routine, m).unwrap();
        let carry = regs.af & 1 != 0;
        match want.iter().find(|e| e.mv == m) {
            Some(e) => {
                assert!(!carry, "{routine} refused {m} on {}", b.to_fen());
                let flags = m.flags | if e.check { 0x80 } else { 0 };
                assert_eq!(
                    (regs.hl as i16, regs.de as i16, (regs.af >> 8) as u8),
                    (e.min, e.max, flags),
                    "{routine} {m} on {}",
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

/// Run the `c7010` binary with `args` (no backtraces): (success, stdout, stderr).
pub fn run_c7010(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_c7010"))
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The value of `name` in the committed ROM's symbol file (`roms/c7010.sym`).
pub fn symbol(name: &str) -> u16 {
    GuestImage::builtin()
        .symbol(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}
