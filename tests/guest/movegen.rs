//! Differential tests of the guest's board and GEN against the native reference: the guest
//! routines run in the emulated module through the harness, the reference runs natively on
//! the same positions, and everything must agree byte for byte.
//!
//! Positions: every position of `tests/data/suites/perft.epd` and 200 positions from random
//! games played by the reference with a fixed seed.

use c7010::guest::session::GuestSession;
use c7010::guest::{GuestImage, Harness};
use c7010::reference::board::Undo;
use c7010::reference::{Board, Move, legal_moves};

use c7010::reference::random::Xorshift as Rng;

/// The perft suite's positions.
fn suite_positions() -> Vec<Board> {
    let text = std::fs::read_to_string("tests/data/suites/perft.epd").expect("perft.epd");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let fen = l.split(';').next().unwrap().trim();
            Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
        })
        .collect()
}

/// `count` positions from random games of the reference (fixed seed): a random legal move
/// each ply, a new game after a mate, a stalemate or 120 plies.
fn random_positions(count: usize, seed: u64) -> Vec<Board> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut board = Board::startpos();
    let mut plies = 0;
    while out.len() < count {
        let moves = legal_moves(&board);
        if moves.is_empty() || plies >= 120 {
            board = Board::startpos();
            plies = 0;
            continue;
        }
        let m = moves.as_slice()[rng.below(moves.len())];
        board.make(m);
        plies += 1;
        // Keep every third position so the sample spreads over whole games.
        if plies % 3 == 0 {
            out.push(board.clone());
        }
    }
    out
}

/// The state bytes as ram.asm lays them out from SIDE: side, castling, ep, half-move,
/// full-move (word), white king, black king, material (word), the bishops (white, black).
fn state_bytes(b: &Board) -> Vec<u8> {
    let mut v = vec![b.side, b.castling, b.ep, b.halfmove];
    v.extend_from_slice(&b.fullmove.to_le_bytes());
    v.extend_from_slice(&[b.king[0], b.king[1]]);
    v.extend_from_slice(&b.material.to_le_bytes());
    v.extend_from_slice(&b.bishops);
    v
}

fn load(h: &mut Harness, b: &Board) {
    h.write_at("BOARD", 0, &b.sq).unwrap();
    h.write_at("SIDE", 0, &state_bytes(b)).unwrap();
}

/// The guest's board and state bytes, in the reference's shape for comparison.
fn guest_view(h: &Harness) -> (Vec<u8>, Vec<u8>) {
    (
        h.read_at("BOARD", 0, 120).unwrap(),
        h.read_at("SIDE", 0, 12).unwrap(),
    )
}

fn reference_view(b: &Board) -> (Vec<u8>, Vec<u8>) {
    (b.sq.to_vec(), state_bytes(b))
}

/// The guest's legal moves (MOVLIST, entries from MOVESTK).
fn guest_moves(h: &mut Harness) -> Vec<Move> {
    let (regs, _) = h.call("MOVLIST", |_| {}).unwrap();
    let n = (regs.bc >> 8) as usize;
    let stack = h.read_at("MOVESTK", 0, n * 7).unwrap();
    stack
        .chunks(7)
        .map(|e| {
            assert_eq!(&e[3..], &[0, 0, 0, 0], "key and max are zero for now");
            Move {
                from: e[0],
                to: e[1],
                flags: e[2],
            }
        })
        .collect()
}

fn all_positions() -> Vec<Board> {
    let mut v = suite_positions();
    v.extend(random_positions(200, 0x5EED_C701_0000_0001));
    v.extend(bishop_pair_positions());
    // The counters at their limits: the half-move clock and the full-move number saturate.
    for text in [
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 255 65535",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 254 65535",
        "4k3/8/8/8/8/8/8/4K3 b - - 0 0",
    ] {
        v.push(Board::from_fen(text).unwrap());
    }
    v
}

/// Positions where a move makes or breaks a bishop pair (a capture, a promotion to a bishop,
/// a bishop taking a bishop) or leaves three bishops, for make and unmake's counts.
fn bishop_pair_positions() -> Vec<Board> {
    [
        // b8=B gives White the pair, b8=Q does not; bxa8 takes a rook with either.
        "r3k3/1P6/8/8/8/8/8/2B1K3 w - - 0 1",
        // Bxd6 breaks Black's pair, Bxf4 (Black to move) White's.
        "4k3/2b5/3b4/8/5B2/8/8/2B1K3 w - - 0 1",
        "4k3/2b5/3b4/8/5B2/8/8/2B1K3 b - - 0 1",
        // A third bishop: the pair stays.
        "4k3/1P6/8/8/8/8/8/2B1KB2 w - - 0 1",
        // A promotion to a bishop that takes a bishop: one pair made, one broken.
        "1b2k3/P1b5/8/8/8/8/8/2B1K3 w - - 0 1",
    ]
    .iter()
    .map(|f| Board::from_fen(f).unwrap())
    .collect()
}

#[test]
fn setup_counts_the_bishops_as_the_reference_does() {
    let image = GuestImage::builtin();
    let at = |name: &str| usize::from(image.symbol(name).unwrap() - 0xE000);
    let (materl, bishops) = (at("MATERL"), at("BISHOPS"));
    let mut s = GuestSession::boot(&image).unwrap();
    for b in bishop_pair_positions() {
        s.setup(&b).unwrap();
        let ram = s.module().machine().ram();
        let got = (
            i16::from_le_bytes([ram[materl], ram[materl + 1]]),
            [ram[bishops], ram[bishops + 1]],
        );
        assert_eq!(got, (b.material, b.bishops), "{}", b.to_fen());
    }
}

#[test]
fn guest_legal_moves_equal_the_reference_in_order() {
    let mut h = Harness::builtin().unwrap();
    let positions = all_positions();
    assert!(positions.len() >= 300);
    let mut total = 0;
    for (i, b) in positions.iter().enumerate() {
        load(&mut h, b);
        let got = guest_moves(&mut h);
        let want = legal_moves(b).as_slice().to_vec();
        assert_eq!(got, want, "position {i}: {}", b.to_fen());
        // GEN and the legality test leave the position as they found it (except the
        // full-move number when black moves at 65535: make saturates, unmake counts down,
        // in the reference too).
        if !(b.fullmove == u16::MAX && b.side == 0x80) {
            assert_eq!(guest_view(&h), reference_view(b), "position {i} changed");
        }
        total += want.len();
    }
    assert!(total > 5_000, "only {total} moves compared");
}

#[test]
fn guest_make_and_unmake_equal_the_reference() {
    let mut h = Harness::builtin().unwrap();
    let record = h.symbol("MSGBUF").unwrap();
    for (i, b) in all_positions().iter().enumerate() {
        load(&mut h, b);
        for &m in legal_moves(b).as_slice() {
            let mut after = b.clone();
            let undo: Undo = after.make(m);
            let regs_in = |r: &mut c7010::machine::Registers| {
                r.bc = (m.from as u16) << 8 | m.to as u16;
                r.de = m.flags as u16;
                r.hl = record;
            };
            let (out, _) = h.call("MAKE", regs_in).unwrap();
            assert_eq!(
                guest_view(&h),
                reference_view(&after),
                "position {i} {}: after MAKE {m}",
                b.to_fen()
            );
            assert_eq!(
                h.read(record, 4),
                vec![undo.captured, undo.castling, undo.ep, undo.halfmove],
                "position {i}: undo record of {m}"
            );
            // MAKE keeps the move in B, C, E for the caller.
            assert_eq!(out.bc, (m.from as u16) << 8 | m.to as u16);
            assert_eq!(out.de & 0xFF, m.flags as u16);
            h.call("UNMAKE", regs_in).unwrap();
            // The reference's unmake (the original position, except where a counter
            // saturated in make).
            let mut back = after.clone();
            back.unmake(m, undo);
            assert_eq!(
                guest_view(&h),
                reference_view(&back),
                "position {i} {}: after UNMAKE {m}",
                b.to_fen()
            );
        }
    }
}

#[test]
fn guest_attack_test_equals_the_reference_on_every_square() {
    let mut h = Harness::builtin().unwrap();
    for (i, b) in all_positions().iter().enumerate().step_by(5) {
        load(&mut h, b);
        for rank in 0..8 {
            for file in 0..8 {
                let sq = c7010::reference::board::square(file, rank);
                for by in [0x00u8, 0x80] {
                    let (regs, _) = h
                        .call("ATTACKED", |r| r.bc = (by as u16) << 8 | sq as u16)
                        .unwrap();
                    let carry = regs.f() & 1 != 0;
                    assert_eq!(
                        carry,
                        b.attacked(sq, by),
                        "position {i} square {sq} by {by:#x}"
                    );
                }
            }
        }
        let (regs, _) = h.call("INCHECK", |_| {}).unwrap();
        assert_eq!(regs.f() & 1 != 0, b.in_check(), "position {i}: INCHECK");
    }
}

#[test]
fn newgame_is_the_reference_start_position() {
    let mut h = Harness::builtin().unwrap();
    h.write_at("BOARD", 0, &[0x55; 132]).unwrap();
    h.call("NEWGAME", |_| {}).unwrap();
    assert_eq!(guest_view(&h), reference_view(&Board::startpos()));
}
