//! The guest's SETUP (CSETUP, SETSCAN, SETMAT in asm/match.asm) refuses exactly the positions
//! the reference's rule refuses (`Board::validate_setup`, src/reference/validate.rs): crowded
//! random boards up to and past the material limits, with random castling bytes, en-passant
//! squares, side bytes and piece codes mixed in, each sent as a SETUP payload; an accepted
//! one must read back unchanged with QUERY, a refused one must leave the old position.
//! About 4,000 SETUPs: a few seconds.

use c7010::guest::wire::{board_from_wire, wire_position};
use c7010::guest::{GuestImage, GuestSession};
use c7010::protocol::{Command, Event, Refusal, WirePosition};
use c7010::reference::Board;
use c7010::reference::random::{Xorshift, crowded_board};

/// The reference's verdict on a payload: the board it stands for, if the rule accepts it.
fn reference_accepts(p: &WirePosition) -> Option<Board> {
    let b = board_from_wire(p).ok()?;
    b.validate_setup().ok().map(|()| b)
}

/// SETUP `p`; true when the module answers OK, false for BAD_POSITION (anything else fails).
fn guest_accepts(s: &mut GuestSession, p: &WirePosition) -> bool {
    let module = s.module_mut();
    module.send(&Command::Setup(Box::new(p.clone())));
    match module.wait_event(10_000_000).unwrap() {
        Event::Ok { command: 0x02 } => true,
        Event::Error {
            command: 0x02,
            reason: Refusal::BadPosition,
        } => false,
        other => panic!("SETUP answered {other:?}"),
    }
}

/// A crowded board's payload, sometimes spoilt in one of the other fields SETUP checks.
fn payload(rng: &mut Xorshift) -> WirePosition {
    let mut p = wire_position(&crowded_board(rng));
    match rng.below(8) {
        0 => p.castling = rng.below(32) as u8,
        1 => p.ep = Some(rng.below(72) as u8),
        2 => p.side = rng.below(3) as u8,
        3 => p.squares[rng.below(64)] = rng.below(16) as u8,
        _ => {}
    }
    p
}

#[test]
fn setup_refuses_exactly_what_the_reference_refuses() {
    let mut s = GuestSession::boot(&GuestImage::builtin()).unwrap();
    let mut rng = Xorshift(0xC701_0013_5E70);
    let mut current = Board::startpos();
    s.setup(&current).unwrap();
    let (mut accepted, mut refused) = (0, 0);
    for i in 0..4_000 {
        let p = payload(&mut rng);
        let want = reference_accepts(&p);
        let got = guest_accepts(&mut s, &p);
        let fen = board_from_wire(&p).map(|b| b.to_fen());
        assert_eq!(got, want.is_some(), "payload {i}: {p:?} ({fen:?})");
        if let Some(b) = want {
            current = b;
            accepted += 1;
        } else {
            refused += 1;
        }
        assert_eq!(s.query().unwrap().board, current, "payload {i}");
    }
    // Both verdicts, many times over, or the comparison proves little.
    assert!(accepted > 300 && refused > 2_000, "{accepted} {refused}");
}

#[test]
fn the_issues_positions_are_refused_and_the_limits_accepted() {
    let mut s = GuestSession::boot(&GuestImage::builtin()).unwrap();
    for fen in [
        "k7/rrrrrrrr/QqQqQqQq/qQqQqQqQ/QqQqQqQq/qQqQqQqQ/RRRRRRRR/K7 w - - 0 1",
        "k7/8/qqqqqqqq/QQQQQQQQ/qqqqqqqq/QQQQQQQQ/8/K7 w - - 0 1",
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1",
    ] {
        // The host refuses these itself; the module must too, whoever sends them.
        let mut p = wire_position(&Board::startpos());
        fill_from_fen(&mut p, fen);
        assert!(reference_accepts(&p).is_none(), "{fen}");
        assert!(!guest_accepts(&mut s, &p), "{fen}");
    }
    for fen in [
        "QQQQQQQQ/Q7/8/8/4k3/8/8/RRNNBBK1 b - - 0 1",
        "b1b1k3/ppppppp1/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1",
    ] {
        let b = Board::from_fen(fen).unwrap();
        assert!(guest_accepts(&mut s, &wire_position(&b)), "{fen}");
    }
}

/// The pieces and side of a FEN the reference refuses, as a payload (no castling, no ep).
fn fill_from_fen(p: &mut WirePosition, fen: &str) {
    let mut fields = fen.split(' ');
    let ranks = fields.next().unwrap();
    p.squares = [0; 64];
    for (i, rank) in ranks.split('/').enumerate() {
        let mut file = 0;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
                continue;
            }
            let kind = "PNBRQK".find(c.to_ascii_uppercase()).unwrap() as u8 + 1;
            let colour = if c.is_ascii_lowercase() { 8 } else { 0 };
            p.squares[(7 - i) * 8 + file] = kind | colour;
            file += 1;
        }
    }
    p.side = u8::from(fields.next() == Some("b"));
    p.castling = 0;
    p.ep = None;
}
