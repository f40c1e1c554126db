//! MultiPV's raw material: with GO's flag bit 0 the module sends its root list (`ROOT`, one
//! per entry: move and key) after each pass's `INFO`. Pass by pass it must equal the root
//! list the reference's pass hook shows (`PassInfo::root`), on suite positions and on
//! positions with draw moves; without the flag the module sends none.

use crate::common::histories::shuffled_games;
use crate::common::suites::suite;
use c7010::guest::GuestImage;
use c7010::guest::session::GuestSession;
use c7010::guest::wire::{wire_draws, wire_move};
use c7010::protocol::GoLong;
use c7010::reference::game::Game;
use c7010::reference::{Board, Move, PassInfo, analys};

/// Each pass: its number and the root list as (move, key).
type Lists = Vec<(u8, Vec<(String, i16)>)>;

fn reference(board: &Board, draws: &[Move], budget: u32) -> Lists {
    let mut lists = vec![];
    analys(board, &[], None, draws, budget, &mut |p: &PassInfo| {
        let root = p.root.iter();
        let root = root.map(|e| (wire_move(&e.mv).to_string(), e.key));
        lists.push((p.pass, root.collect()))
    });
    lists
}

fn guest(s: &mut GuestSession, board: &Board, draws: &[Move], budget: u32, flags: u8) -> Lists {
    s.setup(board).unwrap();
    let go = GoLong::new(budget, flags, wire_draws(board, draws)).unwrap();
    let mut lists = vec![];
    s.go_long(go, |i| {
        let root = i.root.iter().map(|r| (r.mv.to_string(), r.key));
        lists.push((i.pass, root.collect()))
    })
    .unwrap();
    lists
}

#[test]
fn root_events_equal_the_reference_root_lists_pass_by_pass() {
    let mut boards: Vec<(Board, Vec<Move>)> = suite("win_at_chess_test.epd", 30)
        .into_iter()
        .map(|b| (b, vec![]))
        .collect();
    let games: Vec<Game> = shuffled_games(20, 0x17_0002);
    boards.extend(games.iter().map(|g| (g.board().clone(), g.draw_moves())));
    let mut s = GuestSession::boot(&GuestImage::builtin()).unwrap();
    let (mut passes, mut entries, mut with_draws) = (0, 0, 0);
    for (i, (board, draws)) in boards.iter().enumerate() {
        let budget = 1500 + 500 * (i as u32 % 4);
        let want = reference(board, draws, budget);
        let got = guest(&mut s, board, draws, budget, GoLong::ROOTS_EVERY_PASS);
        assert_eq!(
            got,
            want,
            "position {i}: {} draws {draws:?}",
            board.to_fen()
        );
        passes += want.len();
        entries += want.iter().map(|(_, l)| l.len()).sum::<usize>();
        with_draws += usize::from(!draws.is_empty());
    }
    assert!(passes >= 50, "only {passes} passes compared");
    assert!(entries >= 1000, "only {entries} root entries compared");
    assert!(
        with_draws >= 5,
        "only {with_draws} positions with draw moves"
    );
}

#[test]
fn without_the_flag_no_root_events_come() {
    let board = suite("win_at_chess_test.epd", 1).remove(0);
    let mut s = GuestSession::boot(&GuestImage::builtin()).unwrap();
    let lists = guest(&mut s, &board, &[], 3000, 0);
    assert!(!lists.is_empty());
    assert!(lists.iter().all(|(_, l)| l.is_empty()));
}

#[test]
fn the_best_moves_key_is_the_pass_score() {
    // Only the pass's best move has an exact key: the INFO's score, as the reference says.
    // BK.01 at 6,000 positions: its first pass takes 3,929 (checks at its last ply are
    // answered: Search::extends).
    let board = suite("bratko_kopec_test.epd", 1).remove(0);
    let mut s = GuestSession::boot(&GuestImage::builtin()).unwrap();
    s.setup(&board).unwrap();
    let go = GoLong::new(6000, GoLong::ROOTS_EVERY_PASS, vec![]).unwrap();
    let mut seen = 0;
    s.go_long(go, |i| {
        let best = i.root.iter().find(|r| r.mv == i.pv[0]).unwrap();
        assert_eq!(best.key, i.score, "pass {}", i.pass);
        assert!(i.root.iter().all(|r| r.key <= i.score));
        seen += 1;
    })
    .unwrap();
    assert!(seen >= 1);
}
