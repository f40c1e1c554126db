//! The guest's results on fixed positions as an insta snapshot: move, score, positions,
//! passes and the emulated T-states GO took, at the level-2 budget (680 positions) and at
//! two other fixed budgets standing in for levels 3 and 1 (300 and 1,200 positions: the
//! real level 3 and level 1 budgets, 2,000 and 8,200, take too long for the test run). Any
//! change to the ROM that changes play or speed shows in review.

use c7010::guest::GuestImage;
use c7010::guest::session::GuestSession;
use c7010::reference::Board;
use c7010::reference::levels::budget;

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
                "  {fen}: {} score {} positions {} passes {} T-states {}\n",
                r.mv, r.score, r.positions, r.passes, r.t_states
            ));
        }
    }
    insta::assert_snapshot!("guest_search_results", out);
}
