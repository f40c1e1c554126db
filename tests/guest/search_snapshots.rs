//! The guest's results on fixed positions as an insta snapshot: move, score, positions and
//! passes, at the level-2 budget and at two fixed budgets (300 and 1,200 positions) standing
//! in for the other levels, whose budgets take too long for the test run
//! (`reference::levels::LEVEL_BUDGETS`). Any change to the ROM that changes play shows in
//! review. The emulated time GO takes is not in the snapshot (it changes with every byte of
//! the search): it is checked against a stated range here and measured by
//! `c7010 bench guest`.

use c7010::guest::GuestImage;
use c7010::guest::session::GuestSession;
use c7010::reference::Board;
use c7010::reference::levels::budget;

/// The emulated cost of one evaluated position must lie in this range, in T-states: on the
/// ROM of this test's writing the searches below took 7,500 to 26,300 (the most for the
/// positions full of exchanges); a search several times slower or faster than that is a
/// change to look at, and to restate here if it is meant.
const T_STATES_PER_POSITION: std::ops::RangeInclusive<u64> = 5_000..=40_000;

const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
];

#[test]
fn guest_results_on_fixed_positions() {
    let mut s = GuestSession::boot(&GuestImage::builtin()).unwrap();
    let mut out = String::new();
    for (name, b) in [
        ("300", 300),
        ("level 2", budget(2).unwrap()),
        ("1200", 1200),
    ] {
        out.push_str(&format!("budget {name} ({b} positions)\n"));
        for fen in POSITIONS {
            s.setup(&Board::from_fen(fen).unwrap()).unwrap();
            let r = s.go(Some(b), |_| {}).unwrap();
            out.push_str(&format!(
                "  {fen}: {} score {} positions {} passes {}\n",
                r.mv, r.score, r.positions, r.passes
            ));
            let per_position = r.t_states / u64::from(r.positions.max(1));
            assert!(
                T_STATES_PER_POSITION.contains(&per_position),
                "{fen} at budget {name}: {per_position} T-states a position, outside \
                 {T_STATES_PER_POSITION:?}"
            );
        }
    }
    insta::assert_snapshot!("guest_search_results", out);
}
