//! The one rule for positions from outside (`Board::validate`, src/reference/validate.rs):
//! its messages, its limits exactly at the edge, and its material part against shakmaty's
//! `TOO_MUCH_MATERIAL` (outside truth) on crowded random boards. Runs in well under a second.

use c7010::reference::board::square;
use c7010::reference::epd::{EpdError, parse_epd};
use c7010::reference::piece::{BISHOP, BLACK, KING, WHITE};
use c7010::reference::random::{Xorshift, crowded_board, random_positions};
use c7010::reference::{Board, FenError, PositionError};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, PositionErrorKinds};

fn refusal(fen: &str) -> String {
    match Board::from_fen(fen) {
        Ok(_) => panic!("{fen} accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn each_refusal_says_what_is_wrong() {
    let cases = [
        // The positions: more than 16 pieces of one colour.
        (
            "k7/rrrrrrrr/QqQqQqQq/qQqQqQqQ/QqQqQqQq/qQqQqQqQ/RRRRRRRR/K7 w - - 0 1",
            "white has 25 pieces, at most 16",
        ),
        (
            "k7/8/qqqqqqqq/QQQQQQQQ/qqqqqqqq/QQQQQQQQ/8/K7 w - - 0 1",
            "white has 17 pieces, at most 16",
        ),
        (
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            "white has 9 pawns, at most 8",
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
            "white has 1 piece beyond 1 queen, 2 rooks, 2 knights and a bishop on each \
             colour of square, but only 0 missing pawns to have promoted",
        ),
        // Two bishops on dark squares (a1, c1) with all eight pawns at home.
        (
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1",
            "white has 1 piece beyond",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
                .replace("RNBQKBNR", "RNBQQBNR")
                .leak(),
            "white has 0 kings, needs exactly one",
        ),
        ("4k3/8/8/8/8/8/8/4K2K w - - 0 1", "white has 2 kings"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn on a8"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right K needs"),
        (
            "4k3/8/8/8/8/8/4q3/4K3 b - - 0 1",
            "white is in check but it is black's move",
        ),
    ];
    for (fen, want) in cases {
        let got = refusal(fen);
        assert!(got.starts_with(want), "{fen}: {got:?}, wanted {want:?}");
    }
    assert!(matches!(
        Board::from_fen("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"),
        Err(FenError::Position(PositionError::TooManyPawns {
            colour: WHITE,
            pawns: 9
        }))
    ));
}

#[test]
fn the_limits_themselves_are_accepted() {
    for fen in [
        // 16 pieces with 8 promotions: nine queens, two rooks, two knights, two bishops on
        // opposite colours, no pawns.
        "QQQQQQQQ/Q7/8/8/4k3/8/8/RRNNBBK1 b - - 0 1",
        // Seven pawns and a second queen; black two light bishops and seven pawns.
        "b1b1k3/ppppppp1/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1",
        // Eight pawns and the full set, both sides.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        if let Err(e) = Board::from_fen(fen) {
            panic!("{fen}: {e}");
        }
    }
}

#[test]
fn every_board_of_the_test_suites_and_of_random_games_is_accepted() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/suites");
    let (mut n, mut refused) = (0, Vec::new());
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if !matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("epd" | "fen")
        ) {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            // (3fold.epd's operations are not SAN: only the position counts here.)
            if let Err(e @ EpdError::Fen(_)) = parse_epd(line) {
                refused.push(format!("{line}: {e}"));
            }
            n += 1;
        }
    }
    assert!(n > 500, "{n} suite lines");
    // One composed stalemate has seven black rooks beside eight pawns: no game reaches it.
    assert_eq!(refused.len(), 1, "{refused:#?}");
    assert!(refused[0].starts_with("2K5/8/8/8/8/8/pppppppp/rrrkrrrr b - - 0 1: "));
    assert!(refused[0].ends_with("black has 5 pieces beyond 1 queen, 2 rooks, 2 knights and a bishop on each colour of square, but only 0 missing pawns to have promoted"));
    // Legal moves keep the rule: every position of a random game passes.
    for b in random_positions(300, 0xC701_0013) {
        assert_eq!(b.validate(), Ok(()), "{}", b.to_fen());
    }
}

fn shakmaty_errors(b: &Board) -> PositionErrorKinds {
    let fen = Fen::from_ascii(b.to_fen().as_bytes()).unwrap();
    match fen.into_position::<Chess>(CastlingMode::Standard) {
        Ok(_) => PositionErrorKinds::empty(),
        Err(e) => e.kinds(),
    }
}

#[test]
fn material_rule_is_shakmatys_too_much_material() {
    let mut rng = Xorshift(0xC701_0013_0003);
    let (mut material, mut accepted, mut check) = (0, 0, 0);
    for _ in 0..20_000 {
        let b = crowded_board(&mut rng);
        let theirs = shakmaty_errors(&b);
        let ours = b.validate_setup();
        let ours_material = matches!(
            ours,
            Err(PositionError::TooManyPawns { .. }
                | PositionError::TooManyPieces { .. }
                | PositionError::TooManyPromoted { .. })
        );
        let fen = b.to_fen();
        assert_eq!(
            ours_material,
            theirs.contains(PositionErrorKinds::TOO_MUCH_MATERIAL),
            "{fen}: {ours:?} {theirs:?}"
        );
        // Whatever shakmaty accepts, the rule accepts (it also refuses impossible checks).
        if theirs.is_empty() {
            assert_eq!(ours, Ok(()), "{fen}");
        }
        if !ours_material {
            assert_eq!(
                ours.is_err(),
                theirs.contains(PositionErrorKinds::OPPOSITE_CHECK),
                "{fen}: {ours:?} {theirs:?}"
            );
        }
        material += usize::from(ours_material);
        accepted += usize::from(ours.is_ok());
        check += usize::from(matches!(ours, Err(PositionError::OppositeCheck(_))));
    }
    // The generator covers both sides of the rule.
    assert!(
        material > 4_000 && accepted > 2_000 && check > 500,
        "{material} {accepted} {check}"
    );
}

#[test]
fn a_board_built_by_hand_is_checked_byte_by_byte() {
    let mut b = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    b.sq[square(0, 3) as usize] = 0x77;
    assert_eq!(
        b.validate(),
        Err(PositionError::BadCode {
            square: "a4".into(),
            code: 0x77
        })
    );
    b.sq[square(0, 3) as usize] = BISHOP | BLACK;
    assert_eq!(b.validate(), Ok(()));
    b.side = 1;
    assert_eq!(b.validate(), Err(PositionError::BadSide(1)));
    b.side = WHITE;
    b.ep = square(4, 2);
    assert!(matches!(b.validate(), Err(PositionError::BadEnPassant(s)) if s == "e3"));
    b.ep = 5;
    assert!(b.validate().is_err());
    b.ep = 0;
    b.castling = 0x10;
    assert_eq!(b.validate(), Err(PositionError::BadCastling(0x10)));
    b.castling = 0;
    b.sq[square(3, 0) as usize] = KING;
    assert!(matches!(
        b.validate(),
        Err(PositionError::KingCount { kings: 2, .. })
    ));
}

#[test]
fn more_legal_moves_than_the_root_list_holds_are_refused_where_they_enter() {
    use c7010::reference::game::{Game, IllegalMove};
    use c7010::reference::{MoveTextError, legal_moves, parse_san, parse_uci};
    use shakmaty::Position;
    // 158 legal moves (shakmaty counts them too), six of them mates in one: with a root
    // list of 150 both engines once played a2b1.
    let fen = "6k1/2N2RBN/6R1/1B1Q1QQ1/1Q1Q4/Q4Q2/K5Q1/4Q3 w - - 0 1";
    let theirs: Chess = Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    assert_eq!(theirs.legal_moves().len(), 158);
    assert_eq!(
        refusal(fen),
        "158 legal moves for the side to move: the module's root list holds at most 150"
    );
    // The record position, 218 moves.
    let record = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
    assert!(refusal(record).starts_with("218 legal moves"));
    // A move into such a position: refused by the game and by both move notations.
    let before = "7k/2N2RBN/6R1/1B1Q1QQ1/1Q1Q4/Q4Q2/K5Q1/4Q3 b - - 0 1";
    let mut game = Game::from_fen(before).unwrap();
    let kg8 = *legal_moves(game.board())
        .as_slice()
        .iter()
        .find(|m| m.uci() == "h8g8")
        .unwrap();
    assert_eq!(game.play(kg8), Err(IllegalMove::TooManyMoves(158)));
    assert_eq!(game.play_unjudged(kg8), Err(IllegalMove::TooManyMoves(158)));
    assert_eq!(
        game.legal_moves_between(kg8.from, kg8.to),
        Err(IllegalMove::TooManyMoves(158))
    );
    assert!(matches!(
        parse_uci(game.board(), "h8g8"),
        Err(MoveTextError::TooManyMoves(..))
    ));
    assert!(matches!(
        parse_san(game.board(), "Kg8"),
        Err(MoveTextError::TooManyMoves(..))
    ));
    assert_eq!(
        parse_uci(game.board(), "h8g8").unwrap_err().to_string(),
        "h8g8: it would leave 158 legal moves to answer: the module's root list holds at most 150"
    );
    // What the guest's SETUP checks (no move generation) takes the position's shape.
    let mut b = Board::from_fen(before).unwrap();
    b.make(kg8);
    assert_eq!(b.validate_setup(), Ok(()));
    assert_eq!(b.validate(), Err(PositionError::TooManyMoves(158)));
}
