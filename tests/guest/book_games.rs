//! The opening book in whole games: the module (GuestEngine, through the latch protocol) and
//! the native reference (RefEngine, reading the book from the built-in ROM image) play the
//! same game from the initial position and must decide identically, book moves first (the
//! module's BESTMOVE flag says "book"), then searched moves; a take-back leaves the book in
//! both.

use c7010::engine::guest::GuestEngine;
use c7010::engine::reference::RefEngine;
use c7010::engine::{Decision, Engine, Limit, Said};
use c7010::machine::PAL_FRAME_T_STATES;
use c7010::reference::game::Game;
use c7010::reference::parse_uci;

/// Ask `e` for a move in `game` with a budget of `positions` and run it until it decides.
fn decide(e: &mut dyn Engine, game: &Game, positions: u32) -> Decision {
    e.go(game, Limit::Positions(positions)).unwrap();
    for _ in 0..20_000 {
        for said in e.advance(PAL_FRAME_T_STATES).unwrap() {
            if let Said::Decided(d) = said {
                return d;
            }
        }
    }
    panic!("{} did not decide", e.name());
}

fn same(guest: &Decision, reference: &Decision) -> bool {
    (
        guest.best,
        guest.book,
        guest.score,
        guest.positions,
        guest.passes,
    ) == (
        reference.best,
        reference.book,
        reference.score,
        reference.positions,
        reference.passes,
    )
}

#[test]
fn both_engines_open_from_the_book_then_search_alike() {
    let mut guest = GuestEngine::builtin().unwrap();
    let mut reference = RefEngine::new();
    let mut book_plies = 0;
    let mut searched = 0;
    let mut played = Vec::new();
    let mut game = Game::default();
    for ply in 0..20 {
        let g = decide(&mut guest, &game, 300);
        let r = decide(&mut reference, &game, 300);
        assert!(same(&g, &r), "ply {ply}: module {g:?}, reference {r:?}");
        if g.book {
            assert_eq!(searched, 0, "ply {ply}: no book move after a search");
            assert_eq!((g.positions, g.passes, g.score), (0, 0, 0));
            book_plies += 1;
        } else {
            searched += 1;
        }
        // Each engine's move is on its own board: the game goes on with it.
        game.play(g.best.unwrap()).unwrap();
        played.push(g.best.unwrap().uci());
    }
    // The book's first line (the Ruy Lopez, 8 plies since issue 25 cut the book's longest
    // lines) is the game's opening.
    assert_eq!(book_plies, 8);
    assert_eq!(
        played[..8].join(" "),
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6"
    );
    assert_eq!(searched, 12, "the game went on with searched moves");
}

#[test]
fn a_human_move_out_of_the_book_and_a_take_back_leave_it_in_both_engines() {
    for (moves, book) in [
        ("e2e4 c7c5", true),  // the Sicilian: the book answers g1f3
        ("e2e4 h7h6", false), // not in the book
    ] {
        let mut guest = GuestEngine::builtin().unwrap();
        let mut reference = RefEngine::new();
        let mut game = Game::default();
        for uci in moves.split_whitespace() {
            let m = parse_uci(game.board(), uci).unwrap();
            guest.play(m).unwrap();
            reference.play(m).unwrap();
            game.play(m).unwrap();
        }
        let g = decide(&mut guest, &game, 300);
        let r = decide(&mut reference, &game, 300);
        assert!(same(&g, &r), "after {moves}: module {g:?}, reference {r:?}");
        assert_eq!(g.book, book, "after {moves}");
        // Take the reply back and ask again: the book is left for the rest of the game.
        guest.take_back().unwrap();
        reference.take_back().unwrap();
        let g = decide(&mut guest, &game, 300);
        let r = decide(&mut reference, &game, 300);
        assert!(
            same(&g, &r),
            "again after {moves}: module {g:?}, reference {r:?}"
        );
        assert!(!g.book, "after a take-back");
    }
}
