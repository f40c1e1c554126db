//! Rules of the reference engine against outside truth: published perft counts
//! (`tests/data/suites/perft.epd`) and the shakmaty chess library on random positions.

use c7010::reference::random::Xorshift;
use c7010::reference::{Board, FenError, legal_moves, parse_san, parse_uci, perft, to_san};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen, san::SanPlus, uci::UciMove};

/// Leaf-count limit for the debug test profile; bigger counts run via `c7010 perft`.
const FAST_NODES: u64 = 300_000;

#[test]
fn perft_suite_matches_published_counts() {
    assert!(perft_suite(FAST_NODES) > 300);
}

#[test]
#[ignore = "every count up to 200 million nodes, about 5 minutes in release: cargo test --release -- --ignored"]
fn perft_suite_deep() {
    assert!(perft_suite(200_000_000) > 600);
}

/// Check every count of the suite up to `limit` leaves; returns how many were checked.
fn perft_suite(limit: u64) -> usize {
    let text = std::fs::read_to_string("tests/data/suites/perft.epd").unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let mut b = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for p in parts {
            let mut w = p.split_whitespace();
            let depth: u8 = w.next().unwrap()[1..].parse().unwrap();
            let count: u64 = w.next().unwrap().parse().unwrap();
            if count > limit {
                break;
            }
            assert_eq!(perft::perft(&mut b, depth), count, "{fen} depth {depth}");
            checked += 1;
        }
        assert_eq!(
            b.to_fen().split(' ').take(4).collect::<Vec<_>>(),
            fen.split(' ').take(4).collect::<Vec<_>>()
        );
    }
    checked
}

fn sorted_uci(b: &Board) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(b).as_slice().iter().map(|m| m.uci()).collect();
    v.sort();
    v
}

fn shak_sorted_uci(p: &Chess) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn random_positions_agree_with_shakmaty() {
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
    let mut positions = 0;
    while positions < 1000 {
        let mut ours = Board::startpos();
        let mut theirs = Chess::default();
        let plies = 10 + rng.next_u64() % 70;
        for _ in 0..plies {
            let moves = legal_moves(&ours);
            if moves.is_empty() {
                break;
            }
            // Every position on the way is compared: FEN, legal set, SAN, perft(2).
            assert_eq!(
                sorted_uci(&ours),
                shak_sorted_uci(&theirs),
                "{}",
                ours.to_fen()
            );
            let fen_theirs =
                Fen::from_position(&theirs, shakmaty::EnPassantMode::Legal).to_string();
            let ours_fen = ours.to_fen();
            // shakmaty prints the en-passant square only when a capture is legal.
            if ours.ep == 0 || fen_theirs.split(' ').nth(3) != Some("-") {
                assert_eq!(ours_fen, fen_theirs);
            }
            if positions % 10 == 0 {
                assert_eq!(
                    perft::perft(&mut ours.clone(), 2),
                    shakmaty::perft(&theirs, 2),
                    "{ours_fen}"
                );
                for m in moves.as_slice() {
                    let uci: UciMove = m.uci().parse().unwrap();
                    let sm = uci.to_move(&theirs).unwrap();
                    let san = SanPlus::from_move(theirs.clone(), sm).to_string();
                    assert_eq!(to_san(&ours, *m), san, "{ours_fen}");
                    assert_eq!(parse_san(&ours, &san).unwrap(), *m);
                }
            }
            positions += 1;
            let pick = moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize];
            assert_eq!(parse_uci(&ours, &pick.uci()).unwrap(), pick);
            let sm = pick
                .uci()
                .parse::<UciMove>()
                .unwrap()
                .to_move(&theirs)
                .unwrap();
            ours.make(pick);
            theirs.play_unchecked(sm);
        }
    }
}

#[test]
fn garbage_fen_gives_errors_not_panics() {
    let samples = [
        "",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1",
        "4k3/8/8/8/8/8/4q3/4K3 b - - 0 1",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - x 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
    ];
    for s in samples {
        assert!(Board::from_fen(s).is_err(), "{s:?} accepted");
    }
    assert_eq!(Board::from_fen("").unwrap_err(), FenError::TooFewFields(0));
    // Fuzz-ish: random bytes and random cuts of a valid FEN must never panic.
    let good = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let alphabet = b"rnbqkpRNBQKP12345678/ wb-KQkqabcdefgh0x9\xc3";
    let mut rng = Xorshift(12345);
    for i in 0..5000 {
        let s: String = if i % 2 == 0 {
            let n = (rng.next_u64() % 80) as usize;
            (0..n)
                .map(|_| alphabet[(rng.next_u64() % alphabet.len() as u64) as usize] as char)
                .collect()
        } else {
            let mut bytes: Vec<char> = good.chars().collect();
            let k = (rng.next_u64() % bytes.len() as u64) as usize;
            bytes[k] = alphabet[(rng.next_u64() % alphabet.len() as u64) as usize] as char;
            bytes.truncate(bytes.len() - (rng.next_u64() % 4) as usize);
            bytes.into_iter().collect()
        };
        if let Ok(b) = Board::from_fen(&s) {
            let _ = legal_moves(&b);
        }
    }
}

#[test]
fn bad_move_text_gives_errors() {
    let b = Board::startpos();
    assert!(parse_uci(&b, "e2e5").is_err());
    assert!(parse_uci(&b, "e2").is_err());
    assert!(parse_uci(&b, "z9e4").is_err());
    assert!(parse_uci(&b, "e7e8k").is_err());
    assert_eq!(parse_uci(&b, "g1f3").unwrap().uci(), "g1f3");
    assert!(parse_san(&b, "Nf4").is_err());
    assert!(parse_san(&b, "").is_err());
    assert!(parse_san(&b, "Q").is_err());
    assert_eq!(parse_san(&b, "Nf3").unwrap().uci(), "g1f3");
}
