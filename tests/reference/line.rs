//! The last pass's line first (`Search::line_move`, the guest's LINE): each pass explores
//! the principal variation of the pass before it first, so alpha-beta has a good bound from
//! its first leaf on. These tests measure what that saves against the same search without
//! it (`Search::without_line`): the positions evaluated until each pass finished, summed
//! over the positions of a suite where both searches finished it.

use c7010::reference::{Board, Search};

/// Positions evaluated when each pass finished (index 0 = pass 1), at `budget`.
fn pass_positions(b: &Board, budget: u32, line: bool) -> Vec<u32> {
    let search = Search::new(b);
    let mut search = if line { search } else { search.without_line() };
    let mut at = Vec::new();
    search.think(budget, &mut |p| at.push(p.positions));
    at
}

/// Per pass 1..=3: (suite positions where both finished it, positions with the line,
/// without it, suite positions where the line needed fewer, more).
fn savings(boards: &[Board], budget: u32) -> Vec<(usize, u64, u64, usize, usize)> {
    let runs: Vec<(Vec<u32>, Vec<u32>)> = boards
        .iter()
        .map(|b| {
            (
                pass_positions(b, budget, true),
                pass_positions(b, budget, false),
            )
        })
        .collect();
    (1..=3)
        .map(|pass| {
            let mut row = (0, 0, 0, 0, 0);
            for (with, without) in &runs {
                let (Some(&x), Some(&y)) = (with.get(pass - 1), without.get(pass - 1)) else {
                    continue;
                };
                row.0 += 1;
                row.1 += u64::from(x);
                row.2 += u64::from(y);
                row.3 += usize::from(x < y);
                row.4 += usize::from(x > y);
            }
            row
        })
        .collect()
}

fn table(rows: &[(usize, u64, u64, usize, usize)]) -> String {
    let mut out = String::from("pass  finished  with line  without  ratio  fewer  more\n");
    for (i, (n, with, without, fewer, more)) in rows.iter().enumerate() {
        out += &format!(
            "{:>4}  {n:>8}  {with:>9}  {without:>7}  {:.3}  {fewer:>5}  {more:>4}\n",
            i + 1,
            *with as f64 / *without as f64
        );
    }
    out
}

/// Pass 1 has no line of its own to follow (only the move with the best minimum, which it
/// explores first anyway): it is unchanged. From pass 2 on the line saves positions, more
/// the deeper the pass, and on many more positions than it costs.
fn check(rows: &[(usize, u64, u64, usize, usize)]) {
    assert_eq!(rows[0].1, rows[0].2, "pass 1 must not change");
    assert_eq!((rows[0].3, rows[0].4), (0, 0));
    for (pass, &(n, with, without, fewer, more)) in rows.iter().enumerate().skip(1) {
        assert!(n > 0, "no position finished pass {}", pass + 1);
        assert!(with < without, "pass {}: {with} >= {without}", pass + 1);
        assert!(
            fewer > more,
            "pass {}: fewer {fewer}, more {more}",
            pass + 1
        );
    }
}

/// The table of `suite`'s first `n` positions at `budget`, checked.
fn suite_table(suite: &str, n: usize, budget: u32) -> String {
    let rows = savings(&crate::common::suites::suite(suite, n), budget);
    check(&rows);
    table(&rows)
}

#[test]
fn the_line_first_saves_positions_on_win_at_chess() {
    let table = suite_table("win_at_chess_test.epd", 300, 12_000);
    insta::assert_snapshot!("line_savings_win_at_chess", table);
}

#[test]
fn the_line_first_saves_positions_on_bratko_kopec() {
    let table = suite_table("bratko_kopec_test.epd", 24, 40_000);
    insta::assert_snapshot!("line_savings_bratko_kopec", table);
}
