//! The guest's command loop (MATCH) through the latch protocol: SETUP / QUERY round trips,
//! moves accepted with the reference's flags and refused with the right reason, mate and
//! stalemate, TAKEBACK, LEVEL, GO, impossible positions, and garbled or unknown messages.

use c7010::guest::wire::{WireError, board_from_wire, wire_move, wire_position};
use c7010::guest::{GuestImage, GuestSession, SessionError};
use c7010::machine::Machine;
use c7010::protocol::endpoint::{Endpoint, IDLE};
use c7010::protocol::{Deframer, Event, GameEnd, MoveFlags, Refusal, frame_units};
use c7010::reference::{Board, Move, legal_moves};

fn session() -> GuestSession {
    GuestSession::boot(&GuestImage::builtin()).expect("the guest boots")
}

fn fen(text: &str) -> Board {
    Board::from_fen(text).unwrap()
}

/// The flags the module must report for `m` in `b`, worked out with the reference.
fn expected_flags(b: &Board, m: Move) -> (u8, Option<GameEnd>) {
    let mut flags = 0;
    if b.sq[m.to as usize] != 0 || m.flags & 0x10 != 0 {
        flags |= MoveFlags::CAPTURE;
    }
    if m.flags & 0x07 != 0 {
        flags |= MoveFlags::PROMOTION;
    }
    if m.flags & 0x08 != 0 {
        flags |= MoveFlags::CASTLING;
    }
    if m.flags & 0x10 != 0 {
        flags |= MoveFlags::EN_PASSANT;
    }
    let mut after = b.clone();
    after.make(m);
    if after.in_check() {
        flags |= MoveFlags::CHECK;
    }
    let mut end = None;
    if legal_moves(&after).is_empty() {
        if after.in_check() {
            flags |= MoveFlags::MATE;
            end = Some(GameEnd::Checkmate);
        } else {
            flags |= MoveFlags::STALEMATE;
            end = Some(GameEnd::Stalemate);
        }
    }
    (flags, end)
}

/// Positions with every kind of move: castling both ways, en passant, promotions with and
/// without capture, checks, mates and stalemates.
const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "k7/8/8/8/8/8/8/1Q5K w - - 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
];

#[test]
fn setup_and_query_round_trip() {
    let mut s = session();
    for text in POSITIONS {
        let b = fen(text);
        s.setup(&b).unwrap();
        let state = s.query().unwrap();
        assert_eq!(state.board, b, "{text}");
        assert_eq!(state.in_check, b.in_check(), "{text}");
        assert_eq!(state.level, 2, "the level after reset");
    }
    s.new_game().unwrap();
    assert_eq!(s.query().unwrap().board, Board::startpos());
}

#[test]
fn every_legal_move_is_accepted_with_the_reference_flags_and_taken_back() {
    let mut s = session();
    let mut moves_checked = 0;
    for text in POSITIONS {
        let b = fen(text);
        for &m in legal_moves(&b).as_slice() {
            s.setup(&b).unwrap();
            let played = s.play(&m).unwrap();
            let (flags, end) = expected_flags(&b, m);
            assert_eq!(played.flags, MoveFlags(flags), "{text} {m}");
            assert_eq!(played.game_over, end, "{text} {m}");
            let mut after = b.clone();
            after.make(m);
            assert_eq!(s.query().unwrap().board, after, "{text} after {m}");
            s.take_back().unwrap();
            assert_eq!(s.query().unwrap().board, b, "{text} after taking back {m}");
            moves_checked += 1;
        }
    }
    assert!(moves_checked > 150, "{moves_checked}");
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut s = session();
    let refused = |s: &mut GuestSession, uci: &str| {
        assert_eq!(
            s.play_uci(uci),
            Err(SessionError::Refused(Refusal::IllegalMove)),
            "{uci}"
        );
    };
    refused(&mut s, "e2e5"); // too far
    refused(&mut s, "e3e4"); // from an empty square
    refused(&mut s, "e7e5"); // not white's piece
    refused(&mut s, "e2e4q"); // a promotion piece on a push
    refused(&mut s, "e1g1"); // castling through pieces
    assert_eq!(s.query().unwrap().board, Board::startpos());
    // In check from h1: a promotion does not help, nor does a rook move elsewhere.
    s.setup(&fen("4k3/P7/8/8/8/8/3R4/4K2r w - - 0 1")).unwrap();
    refused(&mut s, "a7a8q");
    refused(&mut s, "d2d3");
    // A pinned piece may not leave the line of the pin.
    s.setup(&fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1")).unwrap();
    refused(&mut s, "e2c3");
    // A promotion needs its piece.
    s.setup(&fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")).unwrap();
    refused(&mut s, "a7a8");
    assert!(s.play_uci("a7a8n").is_ok());
    assert!(matches!(
        s.play_uci("e2"),
        Err(SessionError::Wire(WireError::BadMoveText(_)))
    ));
}

#[test]
fn mate_and_stalemate_end_the_game() {
    let mut s = session();
    for uci in ["f2f3", "e7e5", "g2g4"] {
        assert_eq!(s.play_uci(uci).unwrap().game_over, None);
    }
    let mate = s.play_uci("d8h4").unwrap();
    assert!(mate.flags.has(MoveFlags::CHECK | MoveFlags::MATE));
    assert_eq!(mate.game_over, Some(GameEnd::Checkmate));
    assert_eq!(
        s.play_uci("e1f2"),
        Err(SessionError::Refused(Refusal::GameOver))
    );
    assert_eq!(
        s.go(None, |_| {}),
        Err(SessionError::Refused(Refusal::GameOver))
    );
    // Taking the mate back reopens the game.
    s.take_back().unwrap();
    assert!(s.play_uci("d8e7").is_ok());

    s.setup(&fen("k7/8/8/8/8/8/8/1Q5K w - - 0 1")).unwrap();
    let stale = s.play_uci("b1b6").unwrap();
    assert_eq!(stale.flags, MoveFlags(MoveFlags::STALEMATE));
    assert_eq!(stale.game_over, Some(GameEnd::Stalemate));
}

#[test]
fn takeback_keeps_two_plies() {
    let mut s = session();
    assert_eq!(
        s.take_back(),
        Err(SessionError::Refused(Refusal::NothingToUndo))
    );
    let start = Board::startpos();
    for uci in ["e2e4", "e7e5", "g1f3"] {
        s.play_uci(uci).unwrap();
    }
    s.take_back().unwrap();
    s.take_back().unwrap();
    let after_e4 = {
        let mut b = start.clone();
        b.make(c7010::reference::parse_uci(&b, "e2e4").unwrap());
        b
    };
    assert_eq!(s.query().unwrap().board, after_e4);
    assert_eq!(
        s.take_back(),
        Err(SessionError::Refused(Refusal::NothingToUndo))
    );
    // SETUP and NEW clear the history.
    s.play_uci("e7e5").unwrap();
    s.new_game().unwrap();
    assert_eq!(
        s.take_back(),
        Err(SessionError::Refused(Refusal::NothingToUndo))
    );
}

#[test]
fn level_is_checked_and_reported() {
    let mut s = session();
    for level in 1..=6 {
        s.level(level).unwrap();
        assert_eq!(s.query().unwrap().level, level);
    }
    for bad in [0, 7, 255] {
        assert_eq!(
            s.level(bad),
            Err(SessionError::Refused(Refusal::BadArgument))
        );
    }
    assert_eq!(s.query().unwrap().level, 6);
}

#[test]
fn go_plays_the_book_then_the_searched_move_and_it_enters_the_history() {
    // From the initial position GO plays the opening book's first move at once: flag "book",
    // score 0, no positions searched.
    let mut s = session();
    let book = s.go(Some(300), |_| {}).unwrap();
    let e4 = c7010::reference::parse_uci(&Board::startpos(), "e2e4").unwrap();
    assert_eq!(book.mv, wire_move(&e4));
    assert!(book.flags.has(MoveFlags::BOOK));
    assert_eq!((book.score, book.positions, book.passes), (0, 0, 0));
    // A reply the book does not know leaves it: GO searches now (search.asm;
    // tests/guest/search.rs compares it with the reference in full): the move is the
    // reference's, played on the module's board.
    s.play_uci("a7a6").unwrap();
    let mut b = Board::startpos();
    b.make(e4);
    let a6 = c7010::reference::parse_uci(&b, "a7a6").unwrap();
    b.make(a6);
    let best = s.go(Some(300), |_| {}).unwrap();
    let want = c7010::reference::search(&b, 300);
    let first = want.best.unwrap();
    assert_eq!(best.mv, wire_move(&first));
    assert!(!best.flags.has(MoveFlags::BOOK));
    assert_eq!((best.score, best.positions), (want.score, want.positions));
    assert!(best.t_states > 0);
    let mut after = b.clone();
    after.make(first);
    assert_eq!(s.query().unwrap().board, after);
    // With a budget too; the mover's move is in the history.
    s.go(Some(200), |_| {}).unwrap();
    s.take_back().unwrap();
    assert_eq!(s.query().unwrap().board, after);
}

#[test]
fn the_module_follows_the_book_through_moves_and_leaves_it_on_setup_and_takeback() {
    let image = GuestImage::builtin();
    let book = c7010::reference::book::Book::from_image(
        &image.rom,
        image.symbol("BOOK").unwrap() as usize,
    )
    .unwrap();
    // The console plays the Italian, the module answers from the book every time.
    let mut s = session();
    let mut b = Board::startpos();
    let mut history: Vec<Move> = Vec::new();
    for (ply, console) in ["e2e4", "", "g1f3", "", "f1c4", ""].iter().enumerate() {
        let m = if console.is_empty() {
            let best = s.go(Some(300), |_| {}).unwrap();
            assert!(best.flags.has(MoveFlags::BOOK), "ply {ply}");
            let (from, to) = book.next(&history).unwrap();
            let m = *legal_moves(&b)
                .as_slice()
                .iter()
                .find(|m| m.from == from && m.to == to)
                .unwrap();
            assert_eq!(best.mv, wire_move(&m), "ply {ply}");
            m
        } else {
            s.play_uci(console).unwrap();
            c7010::reference::parse_uci(&b, console).unwrap()
        };
        b.make(m);
        history.push(m);
    }
    assert_eq!(s.query().unwrap().board, b);
    // A take-back leaves the book for the rest of the game.
    s.take_back().unwrap();
    let best = s.go(Some(300), |_| {}).unwrap();
    assert!(!best.flags.has(MoveFlags::BOOK));
    // NEW starts in it again; SETUP of the very initial position does not.
    s.new_game().unwrap();
    assert!(s.go(Some(300), |_| {}).unwrap().flags.has(MoveFlags::BOOK));
    s.setup(&Board::startpos()).unwrap();
    assert!(!s.go(Some(300), |_| {}).unwrap().flags.has(MoveFlags::BOOK));
}

#[test]
fn impossible_positions_are_refused_and_the_old_one_kept() {
    let mut s = session();
    s.setup(&fen(POSITIONS[1])).unwrap();
    let good = wire_position(&fen(POSITIONS[1]));
    let mut cases = Vec::new();
    let mut two_white_kings = good.clone();
    two_white_kings.squares[20] = 6;
    cases.push(("two white kings", two_white_kings));
    let mut no_black_king = good.clone();
    no_black_king.squares[60] = 0;
    cases.push(("no black king", no_black_king));
    let mut pawn_on_8 = good.clone();
    pawn_on_8.squares[57] = 1;
    cases.push(("pawn on rank 8", pawn_on_8));
    let mut pawn_on_1 = good.clone();
    pawn_on_1.squares[1] = 9;
    cases.push(("pawn on rank 1", pawn_on_1));
    let mut bad_code = good.clone();
    bad_code.squares[30] = 7;
    cases.push(("piece code 7", bad_code));
    let mut bad_code8 = good.clone();
    bad_code8.squares[30] = 8;
    cases.push(("piece code 8", bad_code8));
    let mut bad_side = good.clone();
    bad_side.side = 2;
    cases.push(("side 2", bad_side));
    let mut no_rook = good.clone();
    no_rook.squares[7] = 0;
    cases.push(("K right without the h1 rook", no_rook));
    let mut bad_rights = good.clone();
    bad_rights.castling = 0x1F;
    cases.push(("castling bit 4", bad_rights));
    let mut bad_ep = good.clone();
    bad_ep.ep = Some(20);
    cases.push(("ep on rank 3 with white to move", bad_ep));
    // Black in check with white to move: a white queen gives check from e7's file.
    let mut opposite_check = wire_position(&fen("4k3/8/8/8/8/8/8/4K2Q w - - 0 1"));
    opposite_check.squares[7] = 0;
    opposite_check.squares[39] = 5;
    cases.push(("the side not to move in check", opposite_check));
    for (why, position) in cases {
        let answer = s.module_mut();
        answer.send(&c7010::protocol::Command::Setup(Box::new(position)));
        assert_eq!(
            answer.wait_event(10_000_000).unwrap(),
            Event::Error {
                command: 0x02,
                reason: Refusal::BadPosition
            },
            "{why}"
        );
        assert_eq!(s.query().unwrap().board, fen(POSITIONS[1]), "{why}");
    }
    // And one that is fine after all of them.
    assert!(board_from_wire(&good).is_ok());
    s.setup(&fen(POSITIONS[2])).unwrap();
}

/// A bare host over the machine, to send frames the typed commands cannot express.
struct RawHost {
    machine: Machine,
    endpoint: Endpoint,
    deframer: Deframer,
}

impl RawHost {
    fn boot() -> RawHost {
        let mut machine = Machine::new(&GuestImage::builtin().rom).unwrap();
        machine.set_reset(true);
        machine.host_write(IDLE);
        machine.reset();
        machine.set_reset(false);
        let mut host = RawHost {
            machine,
            endpoint: Endpoint::new(),
            deframer: Deframer::new(),
        };
        while host.machine.module_latch() != IDLE {
            host.machine.run_for(100).unwrap();
        }
        assert_eq!(host.next(), (0x40, vec![2, 1]), "READY: protocol 2");
        host
    }

    /// Run until a whole message arrives.
    fn next(&mut self) -> (u8, Vec<u8>) {
        for _ in 0..1_000_000 {
            self.machine.run_for(200).unwrap();
            let poll = self.endpoint.poll(self.machine.module_latch());
            if let Some(v) = poll.write {
                self.machine.host_write(v);
            }
            if let Some(unit) = poll.received
                && let Some(message) = self.deframer.push(unit)
            {
                return message.unwrap();
            }
        }
        panic!("the module said nothing");
    }

    fn send_units(&mut self, units: Vec<u8>) {
        self.endpoint.queue(units);
    }
}

#[test]
fn garbled_unknown_and_misshapen_messages_are_answered() {
    let mut host = RawHost::boot();
    // A wrong check byte.
    let mut units = frame_units(0x09, &[]);
    let last = units.len() - 1;
    units[last] ^= 0x01;
    host.send_units(units);
    assert_eq!(host.next(), (0x42, vec![0x09, 4]), "BAD_MESSAGE");
    // A type the module does not know.
    host.send_units(frame_units(0x33, &[1, 2]));
    assert_eq!(host.next(), (0x42, vec![0x33, 5]), "UNKNOWN_COMMAND");
    host.send_units(frame_units(0x00, &[]));
    assert_eq!(host.next(), (0x42, vec![0x00, 5]), "UNKNOWN_COMMAND");
    // A known command with the wrong length.
    host.send_units(frame_units(0x03, &[12, 28]));
    assert_eq!(host.next(), (0x42, vec![0x03, 4]), "BAD_MESSAGE");
    host.send_units(frame_units(0x04, &[1, 2]));
    assert_eq!(host.next(), (0x42, vec![0x04, 4]), "GO with 2 bytes");
    // GO's long form (protocol 2): budget, flags, n, n bitmap bytes; 6 + n bytes or refused.
    let long = |flags: u8, n: u8, bytes: usize| {
        let mut p = vec![100, 0, 0, 0, flags, n];
        p.extend(std::iter::repeat_n(12u8, bytes));
        p
    };
    for (p, what) in [
        (long(0, 1, 0), "one byte announced, none sent"),
        (long(0, 0, 1), "none announced, one sent"),
        (long(0, 250, 0), "n whose 6 + n passes 255"),
        (vec![100, 0, 0, 0, 0], "5 bytes"),
    ] {
        host.send_units(frame_units(0x04, &p));
        assert_eq!(host.next(), (0x42, vec![0x04, 4]), "{what}");
    }
    for (p, what) in [
        (long(0, 20, 20), "a bitmap of 20 bytes"),
        (long(2, 0, 0), "flag bit 1"),
        (long(0x80, 1, 1), "flag bit 7"),
    ] {
        host.send_units(frame_units(0x04, &p));
        assert_eq!(host.next(), (0x42, vec![0x04, 7]), "BAD_ARGUMENT: {what}");
    }
    // Longer than any command.
    host.send_units(frame_units(0x02, &[0; 79]));
    assert_eq!(host.next(), (0x42, vec![0x02, 4]), "too long");
    // The longest message the buffer takes (72 bytes) fills it exactly and spills into
    // nothing: the board behind the buffer is still the start position.
    host.send_units(frame_units(0x3E, &[0x55; 72]));
    assert_eq!(host.next(), (0x42, vec![0x3E, 5]), "72 bytes, unknown type");
    host.send_units(frame_units(0x3E, &[0x55; 73]));
    assert_eq!(host.next(), (0x42, vec![0x3E, 4]), "73 bytes: too long");
    host.send_units(frame_units(0x09, &[]));
    let (kind, state) = host.next();
    assert_eq!(kind, 0x48);
    let (_, start) =
        c7010::protocol::Command::Setup(Box::new(wire_position(&Board::startpos()))).encode();
    assert_eq!(
        &state[..70],
        &start[..],
        "the board after the longest messages"
    );
    // MOVENOW outside a search is ignored: the next answer is LEVEL's.
    host.send_units(frame_units(0x05, &[]));
    host.send_units(frame_units(0x06, &[3]));
    assert_eq!(host.next(), (0x41, vec![0x06]), "LEVEL after MOVENOW");
}
