//! GO's draw moves (protocol 2) on the real ROM against the reference: positions with a
//! history (pieces shuffled back and forth, the fifty-move rule near) searched by GO's long
//! form with the game's draw moves and by `analys` with the same moves must give the same
//! INFO lines and BESTMOVE. Also how the module answers a long GO it must refuse.

use crate::common::histories::shuffled_games;
use c7010::guest::GuestImage;
use c7010::guest::session::GuestSession;
use c7010::guest::wire::{wire_draws, wire_move};
use c7010::protocol::GoLong;
use c7010::reference::game::Game;
use c7010::reference::{Board, Move, PassInfo, analys};

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
    let go = GoLong::new(budget, 0, wire_draws(draws)).unwrap();
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
fn a_listed_move_that_is_not_legal_marks_nothing() {
    let mut s = GuestSession::boot(&GuestImage::builtin()).unwrap();
    s.setup(&Board::startpos()).unwrap();
    // e2e5 and a1h8 are no moves of the position; the search is the one without draws.
    let go = GoLong::new(200, 0, vec![[12, 36], [0, 63]]).unwrap();
    let best = s.go_long(go, |_| {}).unwrap();
    let want = analys(&Board::startpos(), &[], None, &[], 200, &mut |_| {});
    assert_eq!(best.mv, wire_move(&want.best.unwrap()));
    assert_eq!((best.score, best.positions), (want.score, want.positions));
}
