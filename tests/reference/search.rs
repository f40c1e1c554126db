//! Search of the reference engine: mates found with the right distance, stalemate answered
//! with no move and a draw score, self-play games with only legal moves (shakmaty checks),
//! a check at a pass's last ply answered one ply further, and a snapshot of search results
//! on fixed positions.

use c7010::reference::game::{Game, GameState};
use c7010::reference::random::Xorshift;
use c7010::reference::search::MATE;
use c7010::reference::{Board, Search, analys, legal_moves, levels, search};
use shakmaty::{CastlingMode, Chess, Position, uci::UciMove};

fn fens(file: &str) -> Vec<String> {
    std::fs::read_to_string(format!("tests/data/suites/{file}"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect()
}

/// Count the positions of a mate-in-N file where the search scores a mate in N moves and the
/// move it plays is a legal move of the position.
fn mates_found(file: &str, n_moves: i16, budget: u32) -> (usize, usize) {
    let list = fens(file);
    let mut found = 0;
    for fen in &list {
        let b = Board::from_fen(fen).unwrap();
        let r = search(&b, budget);
        let m = r.best.expect("a mate problem has a move");
        assert!(legal_moves(&b).as_slice().contains(&m));
        if r.score == MATE - (2 * n_moves - 1) {
            found += 1;
        }
    }
    (found, list.len())
}

#[test]
fn mate_in_one_found_everywhere() {
    assert_eq!(mates_found("mate1.fen", 1, 2_000), (8, 8));
}

#[test]
fn mate_in_two_found() {
    let (found, total) = mates_found("mate2.fen", 2, 40_000);
    insta::assert_snapshot!("reference_mate2_found", format!("{found}/{total}"));
}

#[test]
fn stalemate_gives_no_move_and_draw() {
    for fen in fens("stalemate0.fen") {
        // The first has seven black rooks beside eight pawns, which no game reaches: the
        // rule for positions from outside refuses it (tests/reference_validate.rs).
        let Ok(b) = Board::from_fen(&fen) else {
            assert!(fen.starts_with("2K5/8/8/8/8/8/pppppppp/rrrkrrrr"), "{fen}");
            continue;
        };
        let r = search(&b, 1_000);
        assert_eq!(r.best, None, "{fen}");
        assert_eq!(r.score, 0, "{fen}");
    }
    // A mated side also has no move, but a mate score.
    let mated = Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    let r = search(&mated, 1_000);
    assert_eq!((r.best, r.score), (None, -MATE));
}

/// Play `games` games between two budgets from randomised openings; every move the engine
/// chooses is checked legal by shakmaty. Returns the number of moves played.
fn self_play(games: usize, plies: usize, budgets: [u32; 2], seed: u64) -> usize {
    let mut rng = Xorshift(seed);
    let mut played = 0;
    for g in 0..games {
        let mut ours = Board::startpos();
        let mut theirs = Chess::default();
        for ply in 0..plies {
            let m = if ply < 2 {
                // Two random opening plies so the games differ.
                let l = legal_moves(&ours);
                l.as_slice()[(rng.next_u64() % l.len() as u64) as usize]
            } else {
                let r = search(&ours, budgets[(ply + g) % 2]);
                match r.best {
                    Some(m) => m,
                    None => {
                        assert!(theirs.is_game_over(), "engine gave up in {}", ours.to_fen());
                        break;
                    }
                }
            };
            let uci: UciMove = m.uci().parse().unwrap();
            let sm = uci
                .to_move(&theirs)
                .unwrap_or_else(|e| panic!("illegal {m} in {}: {e}", ours.to_fen()));
            assert_eq!(m.uci(), sm.to_uci(CastlingMode::Standard).to_string());
            ours.make(m);
            theirs.play_unchecked(sm);
            played += 1;
            if theirs.is_game_over() {
                break;
            }
        }
    }
    played
}

#[test]
fn self_play_games_are_legal() {
    assert!(self_play(20, 40, [300, 1_500], 7) > 400);
}

#[test]
#[ignore = "200 games, about two minutes in release: cargo test --release -- --ignored"]
fn self_play_200_games_are_legal() {
    assert!(self_play(200, 120, [1_000, 5_000], 99) > 10_000);
}

/// Level 2 plays both sides of `fen` with the game's draw moves, as the front ends send
/// them, until the game ends; returns how it ended and after how many plies.
fn play_out(fen: &str, plies: usize) -> (GameState, usize) {
    let mut game = Game::from_fen(fen).unwrap();
    let budget = levels::budget(2).unwrap();
    for ply in 0..plies {
        let state = game.state();
        if state.is_over() {
            return (state, ply);
        }
        let b = game.board().clone();
        let draws = game.draw_moves();
        let r = analys(&b, &[], None, &draws, budget, &mut |_| {});
        game.play(r.best.unwrap()).unwrap();
    }
    (game.state(), plies)
}

#[test]
fn level_2_mates_with_queen_or_rook_against_the_bare_king() {
    // The hunting king (Positional::hunt): before it, level 2 drew all six by the fifty-move
    // rule or a repetition, its own king keeping to the centre while the other's did too.
    for fen in [
        "8/1k6/2Q5/3K4/8/8/8/8 b - - 0 1",
        "6k1/8/5Q2/4K3/8/8/8/8 w - - 0 1",
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
        "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
        "3k4/8/8/8/8/8/8/4K2R w - - 0 1",
        "8/8/8/8/3K4/8/8/4k2r b - - 0 1",
    ] {
        let (state, plies) = play_out(fen, 200);
        assert_eq!(state, GameState::Checkmate, "{fen} after {plies} plies");
    }
}

/// The principal variations of the passes of a search of `fen` with `budget`, in UCI.
fn pass_lines(fen: &str, budget: u32) -> Vec<Vec<String>> {
    let mut lines = Vec::new();
    Search::new(&Board::from_fen(fen).unwrap()).think(budget, &mut |p| {
        lines.push(p.pv.iter().map(|m| m.uci()).collect());
    });
    lines
}

/// The check extension (`Search::extends`): in WAC.035, 1. Qc1 is met by 1... Re1+, a
/// check at pass 1's last ply (3 plies). Without the extension the pass ends there and
/// reports two moves; with it the replies to the check are searched, and the PV goes on
/// with 2. Qxe1. shakmaty says the second move gives check and the third answers it.
#[test]
fn a_check_at_the_last_ply_is_answered_one_ply_further() {
    let fen = "r3r2k/2R3pp/pp1q1p2/8/3P3R/7P/PP3PP1/3Q2K1 w - - 0 1";
    let lines = pass_lines(fen, 2_000);
    assert_eq!(lines[0], ["d1c1", "e8e1", "c1e1"], "pass 1: {lines:?}");
    let mut pos: Chess = fen
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    for (k, uci) in lines[0].iter().enumerate() {
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
        assert_eq!(pos.is_check(), k == 1, "after {uci}");
    }
    // Once a line: no PV reaches more than one ply beyond its pass (3, 4, ... plies).
    for (k, line) in lines.iter().enumerate() {
        assert!(line.len() <= k + 4, "pass {}: {line:?}", k + 1);
    }
}

#[test]
fn search_results_snapshot() {
    let positions = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    ];
    let mut out = String::new();
    for fen in positions {
        let r = search(&Board::from_fen(fen).unwrap(), 5_000);
        let pv: Vec<String> = r.pv().iter().map(|m| m.uci()).collect();
        out += &format!(
            "{fen}\n  move {} score {} positions {} passes {} pv {}\n",
            r.best.map(|m| m.uci()).unwrap_or_default(),
            r.score,
            r.positions,
            r.passes,
            pv.join(" ")
        );
    }
    insta::assert_snapshot!("reference_search_results", out);
}
