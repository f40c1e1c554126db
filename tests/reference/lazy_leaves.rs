//! The search evaluates the moves at the last ply of a pass lazily (`Search::eval_leaf`):
//! only as far as the node's best minimum needs. These tests prove that this changes nothing
//! a user can see: on every position of two suites and of random games, at several budgets,
//! the lazy search and the one that evaluates every leaf in full give the same move, score,
//! positions evaluated, passes, principal variation and per-pass reports. They also check
//! that the lazy path was taken at all: `opponent_gain` with a limit stops early.

use c7010::reference::exchange::{exchange, opponent_gain};
use c7010::reference::random::random_positions;
use c7010::reference::{Board, Search, legal_moves};

/// The result and every pass report of one search, as text.
fn run(b: &Board, budget: u32, eager: bool) -> String {
    let search = Search::new(b);
    let mut search = if eager {
        search.with_eager_leaves()
    } else {
        search
    };
    let mut passes = String::new();
    let r = search.think(budget, &mut |p| {
        let pv: Vec<String> = p.pv.iter().map(|m| m.uci()).collect();
        passes += &format!(
            " [{} {} {} {} {}]",
            p.pass,
            p.depth,
            p.score,
            p.positions,
            pv.join(" ")
        );
    });
    format!("{r:?}{passes}")
}

fn same_searches(boards: &[Board], budgets: &[u32]) {
    for b in boards {
        for &budget in budgets {
            assert_eq!(
                run(b, budget, false),
                run(b, budget, true),
                "{} at budget {budget}",
                b.to_fen()
            );
        }
    }
}

#[test]
fn lazy_leaves_search_exactly_as_full_evaluation_on_win_at_chess() {
    same_searches(
        &crate::common::suites::suite("win_at_chess_test.epd", 300),
        &[300, 1_200],
    );
}

#[test]
fn lazy_leaves_search_exactly_as_full_evaluation_on_bratko_kopec_and_random_games() {
    same_searches(
        &crate::common::suites::suite("bratko_kopec_test.epd", 24),
        &[3_600],
    );
    same_searches(&random_positions(100, 2026), &[200, 1_500]);
}

#[test]
fn opponent_gain_is_the_first_half_of_exchange_below_the_limit_and_stops_at_it() {
    let mut stopped = 0;
    for parent in random_positions(200, 11) {
        for m in legal_moves(&parent).as_slice() {
            let mut b = parent.clone();
            b.make(*m);
            let (opp, _) = exchange(&b);
            assert_eq!(opponent_gain(&b, i16::MAX), opp, "{}", b.to_fen());
            for limit in [1i16, 16, 48, 80] {
                let g = opponent_gain(&b, limit);
                if opp < limit {
                    assert_eq!(g, opp, "{} limit {limit}", b.to_fen());
                } else {
                    assert!(g >= limit && g <= opp, "{} limit {limit}", b.to_fen());
                    stopped += usize::from(g < opp);
                }
            }
        }
    }
    // Some walks stop before the best target: the limit is not dead code.
    assert!(stopped > 0);
}
