//! MultiPV (UCI `MultiPV`): the lines after the best one, made from the root list the
//! engine holds after a pass, never invented. Only the pass's best move is searched to an
//! exact value; every other root move's key is an upper bound (the search is fail-soft
//! alpha-beta, and a move forward pruning dropped keeps its static maximum), except a move
//! that ends the game in a draw, which is exactly 0. See docs/uci.md, "MultiPV".

use super::score::{GuiScore, gui_score};
use crate::engine::RootMove;
use crate::reference::Move;

/// The most lines a GUI may ask for: the most legal moves a chess position has.
pub const MAX_LINES: u8 = 218;

/// The root moves for lines 2 to `lines`: all but the best (`best`, the PV's first
/// move), highest key first, the engine's order on a tie; fewer when the root list is
/// shorter.
pub fn other_lines(root: &[RootMove], best: Option<Move>, lines: u8) -> Vec<RootMove> {
    let mut others: Vec<RootMove> = root
        .iter()
        .filter(|r| Some(r.mv) != best)
        .copied()
        .collect();
    others.sort_by_key(|r| std::cmp::Reverse(r.key));
    others.truncate(usize::from(lines.saturating_sub(1)));
    others
}

/// The score a line after the best may show: its key, unless that is an upper bound at a
/// mate for the side to move. Such a bound says only "not better than mating", which GUIs
/// that ignore bounds (many do) would show as a mate the module never found: the line is
/// then not shown at that depth.
pub fn shown_key(r: &RootMove) -> Option<i16> {
    let mating = matches!(gui_score(r.key), GuiScore::MateIn(n) if n > 0);
    (r.draw || !mating).then_some(r.key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{Board, parse_uci};

    fn root(mv: &str, key: i16) -> RootMove {
        let mv = parse_uci(&Board::startpos(), mv).unwrap();
        RootMove {
            mv,
            key,
            draw: false,
        }
    }

    #[test]
    fn the_best_is_left_out_and_the_rest_sorted_by_key() {
        let list = [
            root("e2e4", 5),
            root("d2d4", 12),
            root("g1f3", 9),
            root("a2a3", 12),
        ];
        let best = Some(list[1].mv);
        let got = other_lines(&list, best, 3);
        assert_eq!(got, vec![list[3], list[2]]);
    }

    #[test]
    fn never_more_lines_than_the_root_list_has() {
        let list = [root("e2e4", 5), root("d2d4", 12)];
        assert_eq!(other_lines(&list, Some(list[1].mv), 218), vec![list[0]]);
        assert!(other_lines(&list, Some(list[1].mv), 1).is_empty());
    }

    #[test]
    fn a_bound_at_a_mate_is_no_score() {
        assert_eq!(shown_key(&root("e2e4", 29_995)), None);
        assert_eq!(shown_key(&root("e2e4", 48)), Some(48));
        // Being mated at best is a fact worth showing.
        assert_eq!(shown_key(&root("e2e4", -29_995)), Some(-29_995));
    }
}
