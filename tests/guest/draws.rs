//! GO's draw moves (protocol 2) on the real ROM against the reference: positions with a
//! history (pieces shuffled back and forth, the fifty-move rule near) searched by GO's long
//! form with the game's draw moves and by `analys` with the same moves must give the same
//! INFO lines and BESTMOVE. Also how the module answers a long GO it must refuse.

use crate::common::histories::shuffled_games;
use c7010::engine::guest::GuestEngine;
use c7010::engine::{Engine, Limit, RefEngine, Said};
use c7010::guest::GuestImage;
use c7010::guest::session::GuestSession;
use c7010::guest::wire::{wire_draws, wire_move};
use c7010::protocol::GoLong;
use c7010::reference::game::Game;
use c7010::reference::{Board, Move, PassInfo, analys, parse_uci};

/// What both engines report for one search: INFO lines, then move, score, positions, passes.
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    lines: Vec<(u8, i16, u32, Vec<String>)>,
    best: String,
    score: i16,
    positions: u32,
    passes: u8,
}

fn reference(board: &Board, draws: &[Move], budget: u32) -> Answer {
    let mut lines = vec![];
    let r = analys(board, &[], None, draws, budget, &mut |p: &PassInfo| {
        let pv = p.pv.iter().map(|m| wire_move(m).to_string()).collect();
        lines.push((p.pass, p.score, p.positions, pv))
    });
    Answer {
        lines,
        best: wire_move(&r.best.expect("a game that goes on")).to_string(),
        score: r.score,
        positions: r.positions,
        passes: r.passes,
    }
}

fn guest(s: &mut GuestSession, board: &Board, draws: &[Move], budget: u32) -> Answer {
    s.setup(board).unwrap();
    let go = GoLong::new(budget, 0, wire_draws(board, draws)).unwrap();
    let mut lines = vec![];
    let b = s
        .go_long(go, |i| {
            let pv = i.pv.iter().map(|m| m.to_string()).collect();
            lines.push((i.pass, i.score, i.positions, pv))
        })
        .unwrap();
    Answer {
        lines,
        best: b.mv.to_string(),
        score: b.score,
        positions: b.positions,
        passes: b.passes,
    }
}

#[test]
fn go_with_draw_moves_equals_the_reference_on_300_positions_with_histories() {
    let games: Vec<Game> = shuffled_games(300, 0x18_2026);
    assert_eq!(games.len(), 300);
    let mut s = GuestSession::boot(&GuestImage::builtin()).unwrap();
    let (mut with_draws, mut draw_played, mut draw_avoided) = (0, 0, 0);
    for (i, g) in games.iter().enumerate() {
        let draws = g.draw_moves();
        let budget = 150 + 50 * (i as u32 % 8);
        let want = reference(g.board(), &draws, budget);
        let got = guest(&mut s, g.board(), &draws, budget);
        assert_eq!(
            got,
            want,
            "game {i}: {} draws {draws:?}",
            g.board().to_fen()
        );
        if !draws.is_empty() {
            with_draws += 1;
            if draws.iter().any(|m| wire_move(m).to_string() == want.best) {
                draw_played += 1;
                assert_eq!(want.score, 0, "a draw move scores 0");
            } else {
                draw_avoided += 1;
            }
        }
    }
    // The histories matter: most positions have draw moves, and both choices occur.
    assert!(with_draws >= 150, "{with_draws} positions with draw moves");
    assert!(draw_played >= 10, "draw moves played {draw_played}");
    assert!(draw_avoided >= 10, "draw moves avoided {draw_avoided}");
}

#[test]
fn bits_past_the_root_list_mark_nothing() {
    let mut s = GuestSession::boot(&GuestImage::builtin()).unwrap();
    s.setup(&Board::startpos()).unwrap();
    // The start has 20 moves (entries 0-19): bits 20-151 stand for none of them, and the
    // search is the one without draws.
    let mut bits = vec![0, 0, 0xF0];
    bits.resize(GoLong::MAX_DRAW_BYTES, 0xFF);
    let go = GoLong::new(200, 0, bits).unwrap();
    let best = s.go_long(go, |_| {}).unwrap();
    let want = analys(&Board::startpos(), &[], None, &[], 200, &mut |_| {});
    assert_eq!(best.mv, wire_move(&want.best.unwrap()));
    assert_eq!((best.score, best.positions), (want.score, want.positions));
}

/// White twelve pawns up, to move (the game below shuffles its queen and the black rook).
const AHEAD: &str = "3r1k1r/3n1pp1/b3pn2/1pp5/pPQPPPPp/B4K1N/2RP2RP/1N3B2 w - - 6 27";

/// A budget at which the search of AHEAD's position without the game plays the repetition
/// (at level 2's 2,950 positions it has found another way by itself since the passes one
/// ply apart, commit be94953: `c7010 search --fen FEN --budget N` gives c4c3 up to 3,500, c4d3 from 4,000).
const AHEAD_LIMIT: Limit = Limit::Positions(5_000);

/// The engine's move in `game` at `limit` and its score.
fn decide(engine: &mut dyn Engine, game: &Game, limit: Limit) -> (String, i16) {
    engine.go(game, limit).unwrap();
    // Level 2 (about 10 s) and AHEAD's budget (about 17 s) decide within a minute of module
    // time: 60 s bound it.
    for _ in 0..27 {
        for said in engine.advance(10_000_000).unwrap() {
            if let Said::Decided(d) = said {
                return (d.best.unwrap().uci(), d.score);
            }
        }
    }
    panic!("no decision in 60 s of module time");
}

/// Both engines, the module and its twin.
fn engines() -> Vec<Box<dyn Engine>> {
    vec![
        Box::new(GuestEngine::builtin().unwrap()),
        Box::new(RefEngine::new()),
    ]
}

/// The move each engine plays in the position `ucis` reach from `fen`, set up without the
/// game (as protocol 1 could) and with it.
fn without_and_with_the_game(
    fen: &str,
    ucis: &str,
    limit: Limit,
) -> Vec<((String, i16), (String, i16))> {
    let mut game = Game::from_fen(fen).unwrap();
    for u in ucis.split_whitespace() {
        game.play(parse_uci(game.board(), u).unwrap()).unwrap();
    }
    engines()
        .into_iter()
        .map(|mut e| {
            e.set_position(game.board()).unwrap();
            let alone = decide(e.as_mut(), &Game::new(game.board().clone()), limit);
            e.set_position(game.board()).unwrap();
            (alone, decide(e.as_mut(), &game, limit))
        })
        .collect()
}

#[test]
fn ahead_the_module_avoids_the_repetition_it_played_before() {
    // White is twelve pawns up; Qc3 would bring back the position after 1. Qc3.
    for (alone, with) in without_and_with_the_game(AHEAD, "c4d3 d8e8 d3c4 e8d8", AHEAD_LIMIT) {
        assert_eq!(
            alone,
            ("c4d3".to_string(), 201),
            "without the game: the repetition"
        );
        assert_eq!(
            with,
            ("c4c3".to_string(), 200),
            "with it: another way, as strong"
        );
    }
}

#[test]
fn behind_the_module_takes_the_repetition() {
    // White is lost (about 8 pawns down); Kd1 repeats the position after 2. Kd1.
    let fen = "rnbq2r1/p4kpp/2p1p3/1p1p4/4PPnP/P1P3P1/P2P4/RNBK1BR1 b - e3 0 16";
    for (alone, with) in
        without_and_with_the_game(fen, "g8f8 d1c2 f8g8 c2d1 g8h8 d1c2 h8g8", Limit::Level)
    {
        assert_eq!(
            alone,
            ("f1d3".to_string(), -120),
            "without the game: on it goes"
        );
        assert_eq!(with, ("c2d1".to_string(), 0), "with it: the draw");
    }
}

#[test]
fn ahead_the_module_does_not_let_the_fifty_move_rule_end_the_game() {
    // Half-move clock 99: Nc6 (the choice of a search that does not know the clock) would
    // let White claim the draw; a pawn move keeps the game and most of the advantage.
    let fen = "r1b1kb1r/ppp1ppp1/5n2/8/QnpP1PpP/B1q5/P2NPK2/R4BNR b kq - 99 13";
    let game = Game::from_fen(fen).unwrap();
    let draws: Vec<String> = game.draw_moves().iter().map(|m| m.uci()).collect();
    assert!(draws.contains(&"b4c6".to_string()), "{draws:?}");
    let blind = analys(game.board(), &[], None, &[], 2300, &mut |_| {});
    assert_eq!(
        (blind.best.unwrap().uci(), blind.score),
        ("b4c6".to_string(), 54)
    );
    for mut e in engines() {
        e.set_position(game.board()).unwrap();
        assert_eq!(
            decide(e.as_mut(), &game, Limit::Level),
            ("b7b5".to_string(), 64)
        );
    }
}

#[test]
fn verify_takes_positions_with_their_games() {
    let verify = |suite: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_c7010"))
            .args(["verify", "--suite", suite, "--budget", "2300"])
            .output()
            .unwrap()
    };
    let out = verify("tests/data/suites/histories.epd");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("4 positions, 4 identical"), "{text}");
    // A move of the game that is not legal: a clear error naming the line, no panic.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.epd");
    std::fs::write(&bad, "8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a3;\n").unwrap();
    let out = verify(bad.to_str().unwrap());
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.epd:1") && err.contains("a1a3"), "{err}");
}

#[test]
fn a_rom_that_says_protocol_1_gets_the_short_go() {
    // The built-in ROM with READY's protocol byte patched to 1: the host must not send the
    // long form, so the game's repetition is not listed and the module repeats.
    let image = GuestImage::builtin();
    let ready = usize::from(image.symbol("READYMSG").unwrap());
    let mut rom = image.rom.clone();
    assert_eq!(
        &rom[ready..ready + 3],
        &[0x40, 2, 2],
        "READY: type, length, protocol"
    );
    rom[ready + 2] = 1;
    let mut old = GuestEngine::boot(&rom).unwrap();
    let mut game = Game::from_fen(AHEAD).unwrap();
    for u in ["c4d3", "d8e8", "d3c4", "e8d8"] {
        game.play(parse_uci(game.board(), u).unwrap()).unwrap();
    }
    old.set_position(game.board()).unwrap();
    assert_eq!(
        decide(&mut old, &game, AHEAD_LIMIT),
        ("c4d3".to_string(), 201)
    );
}

/// White's queen has toured the board while the black king went h8-g8 and back: 12 root
/// moves of White's now repeat a position of the game, more than the 8 GO once listed.
const TOUR: &str = "d1d7 h8g8 d7b7 g8h8 b7c6 h8g8 c6d7 g8h8 d7e7 h8g8 e7c7 g8h8 c7c5 h8g8 \
    c5e3 g8h8 e3c1 h8g8 c1f1 g8h8 f1f5 h8g8 f5f3 g8h8 f3f2 h8g8 f2c2 g8h8 c2e4 h8g8 e4f4 g8h8 \
    f4e3 h8g8 e3e4 g8h8 e4d3 h8g8 d3d6 g8h8 d6a6 h8g8 a6e2 g8h8 e2e1 h8g8 e1d2 g8h8 d2e2 h8g8 \
    e2b2 g8h8 b2a1 h8g8 a1a3 g8h8 a3b2 h8g8 b2c1 g8h8 c1c2 h8g8 c2f2 g8h8 f2f1 h8g8 f1f5 g8h8 \
    f5b1 h8g8 b1a1 g8h8 a1d1 h8g8 d1a4 g8h8 a4a7 h8g8 a7c5 g8h8 c5a5 h8g8 a5a7 g8h8 a7b6 h8g8 \
    b6a6 g8h8 a6b7 h8g8 b7b1 g8h8";

#[test]
fn ahead_the_module_draws_by_none_of_its_many_repeating_moves() {
    let fen = "7k/8/8/8/8/2K5/8/3Q4 w - - 0 1";
    let mut game = Game::from_fen(fen).unwrap();
    for u in TOUR.split_whitespace() {
        game.play(parse_uci(game.board(), u).unwrap()).unwrap();
    }
    let draws: Vec<String> = game.draw_moves().iter().map(|m| m.uci()).collect();
    assert_eq!(draws.len(), 12, "{draws:?}");
    // Told only the first 8, a search plays one of the other four repeating moves (at
    // 1,500 positions Qe4 since the check extension, Qf5 before it).
    let first8 = &game.draw_moves()[..8];
    let blind = analys(game.board(), &[], None, first8, 1500, &mut |_| {});
    let blind = blind.best.unwrap().uci();
    assert!(draws[8..].contains(&blind), "{blind}: {draws:?}");
    // Told all of them, both engines find a move that keeps the game (and the win).
    let decided: Vec<(String, i16)> = engines()
        .into_iter()
        .map(|mut e| {
            e.set_position(game.board()).unwrap();
            decide(e.as_mut(), &game, Limit::Level)
        })
        .collect();
    assert_eq!(decided[0], decided[1], "module and twin");
    let (mv, score) = &decided[0];
    assert!(!draws.contains(mv), "{mv} repeats: {draws:?}");
    assert!(*score > 100, "{mv} scores {score}");
}
