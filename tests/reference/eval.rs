//! EVAL of the reference engine on hand-checked positions: hanging and defended pieces,
//! x-ray order, pins, the busy (overloaded) defender; and min <= max within range everywhere.
//! Scores are in units (pawn = 16); positional points add at most 15 either way.

use c7010::reference::board::square;
use c7010::reference::exchange::{collect, exchange, pins, swap};
use c7010::reference::{Board, MoveEval, evaluate_moves, legal_moves};

fn eval_of(fen: &str, uci: &str) -> MoveEval {
    let b = Board::from_fen(fen).unwrap();
    evaluate_moves(&b)
        .into_iter()
        .find(|e| e.mv.uci() == uci)
        .unwrap_or_else(|| panic!("{uci} not generated in {fen}"))
}

fn near(value: i16, material: i16) -> bool {
    (value - material).abs() <= 15
}

fn sq(name: &str) -> u8 {
    let b = name.as_bytes();
    square(b[0] - b'a', b[1] - b'1')
}

#[test]
fn capturing_a_hanging_queen_wins_it() {
    let fen = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
    // Rxd5: white has a rook (80) against nothing, and nothing can take back.
    let e = eval_of(fen, "d2d5");
    assert!(near(e.min, 80), "{e:?}");
    // Kf1 leaves the rook hanging to the queen: -64 material - 80 lost.
    let e = eval_of(fen, "e1f1");
    assert!(near(e.min, -144), "{e:?}");
    // Kd1 keeps the rook defended: the queen taking it would lose herself.
    let e = eval_of(fen, "e1d1");
    assert!(near(e.min, -64), "{e:?}");
}

#[test]
fn capturing_a_defended_knight_loses_the_exchange() {
    // Rxd5 exd5: rook (80) for knight (48).
    let e = eval_of("4k3/8/4p3/3n4/8/8/3R4/4K3 w - - 0 1", "d2d5");
    assert!(near(e.min, 64 - 80), "{e:?}");
}

#[test]
fn xray_bishop_behind_queen_comes_after_the_queen() {
    // Queen c3 in front of bishop b2 on the long diagonal towards e5.
    let b = Board::from_fen("4k3/8/8/4n3/8/2Q5/1B6/4K3 w - - 0 1").unwrap();
    let none = [false; 120];
    let a = collect(&b, sq("e5"), 0x00, &none);
    assert_eq!(a.n, 2);
    assert_eq!(
        &a.sq[..2],
        &[sq("c3"), sq("b2")],
        "queen first, the x-ray bishop after"
    );
    assert!(a.key[1] > a.key[0]);
    // With the pawn d6 defending, Qxe5 dxe5 would lose the queen for a knight: white
    // declines, since the x-ray bishop cannot go first.
    let b = Board::from_fen("4k3/8/3p4/4n3/8/2Q5/1B6/4K3 b - - 0 1").unwrap();
    let (_, own) = exchange(&b);
    assert_eq!(own, 0, "Qxe5 dxe5 loses the queen: no gain for white");
    let b = Board::from_fen("4k3/8/8/4n3/8/2Q5/1B6/4K3 b - - 0 1").unwrap();
    assert_eq!(exchange(&b).1, 48, "undefended knight: white wins 48");
}

#[test]
fn pinned_piece_takes_no_part() {
    // Knight e2 attacks the bishop on d4 but is pinned to the king e1 by the rook e8.
    let pinned = Board::from_fen("4r1k1/8/8/8/3b4/8/4N3/4K3 b - - 0 1").unwrap();
    assert!(pins(&pinned)[sq("e2") as usize]);
    assert_eq!(exchange(&pinned).1, 0);
    let free = Board::from_fen("6k1/8/8/8/3b4/8/4N3/4K3 b - - 0 1").unwrap();
    assert_eq!(exchange(&free).1, 48);
}

#[test]
fn busy_defender_is_not_counted_twice() {
    // Gambiet's diagram: after Rxe2 the king d3 must take the rook on e2, so it cannot also
    // defend the rook on c4 that the bishop a2 attacks: the maximum adds the whole rook.
    let e = eval_of("8/8/8/8/2r5/3k4/B3b3/4R2K w - - 0 1", "e1e2");
    assert!(near(e.min, 48 - 80), "{e:?}");
    assert_eq!(e.max - e.min, 80, "{e:?}");
}

#[test]
fn swap_list_lets_either_side_stop() {
    let b = Board::from_fen("4k3/8/3p4/4n3/8/2Q5/1B6/4K3 b - - 0 1").unwrap();
    let none = [false; 120];
    let att = collect(&b, sq("e5"), 0x00, &none);
    let def = collect(&b, sq("e5"), 0x80, &none);
    assert_eq!(swap(48, &att, &def), (0, 2));
    // Pawn takes a defended queen: +144 - 16.
    let b = Board::from_fen("k7/8/3p4/4Q3/8/8/1B6/4K3 w - - 0 1").unwrap();
    let att = collect(&b, sq("e5"), 0x80, &none);
    let def = collect(&b, sq("e5"), 0x00, &none);
    assert_eq!(swap(144, &att, &def).0, 128);
}

#[test]
fn min_never_exceeds_max_and_scores_stay_in_range() {
    let suite = std::fs::read_to_string("tests/data/suites/perft.epd").unwrap();
    let mut checked = 0;
    for line in suite.lines().filter(|l| !l.is_empty()) {
        let b = Board::from_fen(line.split(';').next().unwrap()).unwrap();
        let evals = evaluate_moves(&b);
        assert_eq!(evals.len(), legal_moves(&b).len());
        for e in evals {
            assert!(e.min <= e.max, "{line} {e:?}");
            assert!(e.min.abs() < 2_000 && e.max.abs() < 2_000, "{line} {e:?}");
            checked += 1;
        }
    }
    assert!(checked > 1_000);
}

#[test]
fn eval_is_material_minus_threat_plus_at_most_one_pawn_of_position() {
    let suite = std::fs::read_to_string("tests/data/suites/win_at_chess_test.epd").unwrap();
    for line in suite.lines().take(60) {
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let b = Board::from_fen(&fen.join(" ")).unwrap();
        for e in evaluate_moves(&b) {
            let mut after = b.clone();
            after.make(e.mv);
            let mat = if b.side == 0 {
                after.material
            } else {
                -after.material
            };
            let (opp, own) = exchange(&after);
            let positional = e.min - (mat - opp);
            assert!(
                positional.abs() <= 15,
                "{line} {e:?}: positional {positional}"
            );
            assert_eq!(e.max - e.min, own, "{line} {e:?}");
        }
    }
}

#[test]
fn positional_points_reward_castling_centre_and_passed_pawns() {
    let castle = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1";
    assert!(eval_of(castle, "e1g1").min > eval_of(castle, "e1f1").min);
    assert!(eval_of(castle, "e1c1").min > eval_of(castle, "e1d1").min);
    let centre = "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1";
    assert!(eval_of(centre, "c3d5").min > eval_of(centre, "c3a4").min);
    // A passed pawn's step is worth more than the same step of a blocked-in pawn.
    let pawns = "4k3/p7/8/8/P6P/8/8/4K3 w - - 0 1";
    assert!(eval_of(pawns, "h4h5").min > eval_of(pawns, "a4a5").min);
}

#[test]
fn skewer_through_the_king_counts_in_the_maximum() {
    // Gambiet's h1-h3-h8 formation: the rook h1 checks the king h3; the rook h8 behind falls.
    let skewer = Board::from_fen("7r/8/8/8/8/7k/8/K6R b - - 0 1").unwrap();
    assert_eq!(exchange(&skewer).1, 80);
    // Defended behind the king by a knight: rook for rook, nothing gained.
    let defended = Board::from_fen("7r/8/6n1/8/8/7k/8/K6R b - - 0 1").unwrap();
    assert_eq!(exchange(&defended).1, 0);
    // And the move that sets it up gets the rook in its maximum evaluation.
    let e = eval_of("7r/8/8/8/8/7k/8/K5R1 w - - 0 1", "g1h1");
    assert_eq!(e.max - e.min, 80, "{e:?}");
}

#[test]
fn the_bishop_pair_is_half_a_pawn_in_the_material_balance() {
    // Counted by hand: a bishop is 3 x 16 units, the pair 8 more.
    let material = |fen: &str| {
        let b = Board::from_fen(fen).unwrap();
        (b.material, b.bishops)
    };
    assert_eq!(material("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), (104, [2, 0]));
    assert_eq!(material("2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1"), (0, [2, 2]));
    assert_eq!(
        material("2b1k3/8/8/8/8/8/8/1BB1KB2 w - - 0 1"),
        (104, [3, 1])
    );
    assert_eq!(
        material("2b1kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        (-56, [1, 2])
    );
    // The twin's make and unmake keep it: b8=B makes White's pair.
    let mut b = Board::from_fen("r3k3/1P6/8/8/8/8/8/2B1K3 w - - 0 1").unwrap();
    let before = b.clone();
    let m = *legal_moves(&b)
        .as_slice()
        .iter()
        .find(|m| m.uci() == "b7b8b")
        .unwrap();
    let undo = b.make(m);
    assert_eq!((b.material, b.bishops), (2 * 48 + 8 - 80, [2, 0]));
    b.unmake(m, undo);
    assert_eq!(b, before);
}
